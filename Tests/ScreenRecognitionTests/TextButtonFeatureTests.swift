import Foundation
import Testing

@testable import ScreenRecognition

/// `TextButtonFeatures.make` gives what `training/screenrec_training/textbuttons/features.py`
/// computes for the same layout (values printed by `layout_features`; see that file).
@Suite("Text-button features")
struct TextButtonFeatureTests {
    static let texts = [
        Rect(x: 100, y: 100, width: 60, height: 20), Rect(x: 200, y: 102, width: 60, height: 20),
        Rect(x: 100, y: 300, width: 62, height: 21), Rect(x: 10, y: 500, width: 200, height: 40),
        Rect(x: 110, y: 60, width: 40, height: 18),
    ]
    static let icons = [
        Rect(x: 60, y: 100, width: 20, height: 20), Rect(x: 300, y: 600, width: 20, height: 20),
        Rect(x: 340, y: 98, width: 20, height: 20),
    ]

    @Test(arguments: [
        (0, [0.325, 0.1375, 0.15, 0.05, 0.366204096, 0.25, 1.0, 0.333333333, 0.333333333, 0.22, 1.0, 1.0]),
        (3, [0.275, 0.65, 0.5, 0.1, 0.536479304, 0.0, 0.0, 0.0, 0.666666667, 0.895, 1.0, 0.0]),
    ])
    func matchesPython(index: Int, expected: [Double]) {
        let f = TextButtonFeatures.make(box: Self.texts[index], texts: Self.texts, icons: Self.icons, screenWidth: 400, screenHeight: 800)
        #expect(f.values.count == TextButtonFeatures.names.count)
        for (k, (a, b)) in zip(f.values, expected).enumerated() {
            #expect(abs(a - b) < 1e-6, "\(TextButtonFeatures.names[k]): \(a) vs Python \(b)")
        }
    }
}
