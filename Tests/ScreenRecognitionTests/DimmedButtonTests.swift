import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Text buttons drawn faded are dimmed")
struct DimmedButtonTests {
    static let title = Rect(x: 155, y: 414, width: 80, height: 14)
    static let button = Rect(x: 40, y: 400, width: 310, height: 42)

    @Test(arguments: [
        // (fill, title's ink, dimmed)
        (RGB(r: 250, g: 205, b: 210), RGB.white, true),  // white on pale pink: a faded "Log in"
        (RGB(r: 203, g: 203, b: 203), RGB(r: 240, g: 240, b: 240), true),  // light grey on grey
        (RGB(r: 171, g: 225, b: 201), RGB.white, true),  // white on pale mint: a faded "SIGN UP"
        (RGB(r: 251, g: 200, b: 5), RGB.white, false),  // white on saturated yellow: an enabled brand button
        (RGB(r: 224, g: 224, b: 224), RGB(r: 33, g: 33, b: 33), false),  // dark title on grey: enabled
        (RGB(r: 0, g: 122, b: 255), RGB.white, false),  // white on blue
    ])
    func faded(fill: RGB, ink: RGB, dimmed: Bool) {
        var image = RGBAImage(width: 390, height: 844, fill: .white).filling(Self.button, with: fill)
        image = paintGlyph(image, Self.title, ink)
        #expect(DimmedButtons.isDimmed(title: Self.title, in: image) == dimmed)
    }

    @Test("A pale title with no fill of its own, or on a fill the page shares, is not dimmed")
    func noFill() {
        let page = paintGlyph(RGBAImage(width: 390, height: 844, fill: .white), Self.title, RGB(r: 235, g: 235, b: 235))
        #expect(!DimmedButtons.isDimmed(title: Self.title, in: page))
    }

    @Test("The stage says a faded button's title dimmed, and can be turned off")
    func stage() throws {
        var image = RGBAImage(width: 390, height: 844, fill: .white).filling(Self.button, with: RGB(r: 250, g: 205, b: 210))
        image = paintGlyph(image, Self.title, .white)
        let detections = [Detection(type: .text, box: Self.title, text: "Sign Up")]
        for on in [true, false] {
            var cfg = AnalysisConfiguration.default
            cfg.interactivity.fadedButtonsAreDimmed = on
            let analysis = try ScreenAnalyzer(configuration: cfg).analyze(image: image, detections: detections)
            #expect(analysis.transcript == [on ? "Sign Up, Button, Dimmed" : "Sign Up, Button"])
        }
    }
}
