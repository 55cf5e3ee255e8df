import Foundation
import ScreenRecognition

/// Reads `screenrec analyze` JSON as a hierarchy: its top-level elements are the accessibility
/// elements (groups speak for their children), under a screen-sized root that is not one.
enum AnalysisHierarchyParser {
    static func parse(_ data: Data) throws -> [ExposedElement] {
        let analysis: ScreenAnalysis
        do {
            analysis = try JSONDecoder().decode(ScreenAnalysis.self, from: data)
        } catch let e as DecodingError {
            throw ScreenRecognitionError(.invalidInput, "invalid analysis JSON hierarchy: " + JSONErrors.describe(e))
        }
        guard analysis.image.width > 0, analysis.image.height > 0 else {
            throw ScreenRecognitionError(.invalidInput, "invalid analysis JSON hierarchy: image size \(analysis.image.width)×\(analysis.image.height)")
        }
        func node(_ e: Element) -> ExposedElement {
            ExposedElement(type: e.kind.rawValue, kind: e.kind, frame: e.frame, label: e.label, value: e.value,
                           traits: e.traits, isInteractive: e.isInteractive, isAccessibilityElement: true,
                           children: e.children.map(node))
        }
        let screen = Rect(x: 0, y: 0, width: Double(analysis.image.width), height: Double(analysis.image.height))
        return [ExposedElement(type: "Screen", kind: nil, frame: screen, isAccessibilityElement: false,
                               children: analysis.elements.map(node))]
    }
}
