import Testing

@testable import ScreenRecognition

@Suite("Text buttons from tint")
struct TextButtonTests {
    static let white = RGB(r: 255, g: 255, b: 255)

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fill: RGB
        var ink: RGB
        var label: String
        var tappable: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "system-blue text on white: a button", fill: white, ink: RGB(r: 0, g: 122, b: 255), label: "Edit", tappable: true),
        Case(name: "orange accent text: a button", fill: RGB(r: 0, g: 0, b: 0), ink: RGB(r: 255, g: 159, b: 10), label: "Edit", tappable: true),
        Case(name: "white title on a coloured app bar: text (Android toolbars)", fill: RGB(r: 0, g: 122, b: 255), ink: white, label: "Inbox", tappable: false),
        Case(name: "black text on white: text", fill: white, ink: RGB(r: 0, g: 0, b: 0), label: "Cupertino", tappable: false),
        Case(name: "grey secondary text: text", fill: white, ink: RGB(r: 142, g: 142, b: 147), label: "Today", tappable: false),
        Case(name: "white text on black (dark mode): text", fill: RGB(r: 0, g: 0, b: 0), ink: white, label: "London", tappable: false),
        Case(
            name: "a tinted sentence is a link, not a button title", fill: white, ink: RGB(r: 0, g: 122, b: 255),
            label: "Read more about our privacy policy", tappable: false),
        Case(name: "tinted digits without letters: text", fill: white, ink: RGB(r: 0, g: 122, b: 255), label: "42", tappable: false),
    ]

    @Test(arguments: cases)
    func tint(_ c: Case) {
        let frame = Rect(x: 10, y: 10, width: 80, height: 24)
        let image = paintGlyph(RGBAImage(width: 100, height: 44, fill: c.fill), Rect(x: 14, y: 14, width: 60, height: 16), c.ink)
        #expect(TextButtons.looksTappable(image, frame: frame, label: c.label) == c.tappable)
    }

    @Test("only single-line texts become buttons; headers and grouped texts keep their roles")
    func mark() {
        // A 300 × 400 screen: the text sits at the leading end of the navigation bar band (top 15 %).
        let image = paintGlyph(
            RGBAImage(width: 300, height: 400, fill: Self.white), Rect(x: 14, y: 14, width: 60, height: 16),
            RGB(r: 0, g: 122, b: 255))
        let frame = Rect(x: 10, y: 10, width: 80, height: 24)
        var header = el(.text, frame, "Edit")
        header.traits.insert(.header)
        let group = Element(kind: .text, frame: frame, label: "Edit", traits: .staticText, children: [el(.text, frame, "Edit")])
        let out = TextButtons.mark([el(.text, frame, "Edit"), header, group], image: image)
        #expect(out.map(\.kind) == [ElementKind.button, ElementKind.text, ElementKind.text])
        #expect(out[0].traits.contains(.button))
        #expect(TextButtons.mark([el(.text, frame, "Edit")], image: nil)[0].kind == .text)
        // Below the navigation bar band (top 15 %), tinted text stays text.
        let tall = paintGlyph(
            RGBAImage(width: 300, height: 400, fill: Self.white), Rect(x: 14, y: 204, width: 60, height: 16),
            RGB(r: 0, g: 122, b: 255))
        #expect(TextButtons.mark([el(.text, Rect(x: 10, y: 200, width: 80, height: 24), "Edit")], image: tall)[0].kind == .text)
        // In the middle third of the bar, a tinted text is its title (a logo title "WebMoney").
        let centred = paintGlyph(
            RGBAImage(width: 300, height: 400, fill: Self.white), Rect(x: 124, y: 14, width: 60, height: 16),
            RGB(r: 0, g: 122, b: 255))
        #expect(TextButtons.mark([el(.text, Rect(x: 110, y: 10, width: 80, height: 24), "WebMoney")], image: centred)[0].kind == .text)
    }
}
