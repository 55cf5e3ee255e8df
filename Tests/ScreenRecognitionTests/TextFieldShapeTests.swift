import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Text fields found from their shape")
struct TextFieldShapeTests {
    static let white = RGB(r: 255, g: 255, b: 255)
    static let panel = RGB(r: 245, g: 245, b: 245)
    static let placeholder = RGB(r: 150, g: 150, b: 150)

    @Test(arguments: [
        ("Email", true), ("Email address", true), ("Enter your email address...", true), ("Enter tne sub t", true),
        ("Password", true), ("Phone number", true), ("Write Something…", true),
        ("Sign in", false), ("Welcome back", false), ("Enter", false), ("Settings", false), ("이메일", false),
        ("Email me when my order ships and also when it arrives", false), ("Email 3x", false),
    ])
    func wording(_ text: String, _ expected: Bool) {
        #expect(TextFieldShapes.isPlaceholderWording(text) == expected)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The background, and the field drawn on it (nil: none).
        var background: RGB
        var box: Rect?
        var boxFill: RGB = white
        /// An underline under the text: its y and x-span (nil: none).
        var line: (y: Double, from: Double, to: Double, colour: RGB)?
        var text = Rect(x: 32, y: 414, width: 60, height: 14)
        var field: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Material's underlined field (a 1-px line 10 px under the placeholder)", background: white,
            line: (438, 32, 358, RGB(r: 148, g: 148, b: 148)), field: true),
        Case(name: "a 2-px focused underline in the accent colour", background: white, line: (436, 30, 360, .blue), field: true),
        Case(
            name: "a list divider running to the screen's edge is no field", background: white, line: (438, 16, 390, RGB(r: 200, g: 200, b: 200)),
            field: false),
        Case(name: "a short rule under a heading is no field", background: white, line: (438, 32, 100, .grey), field: false),
        Case(name: "a filled field (white on a #F5F5F5 dialog)", background: panel, box: Rect(x: 20, y: 400, width: 340, height: 42), field: true),
        Case(
            name: "an outlined field", background: white, box: Rect(x: 16, y: 398, width: 358, height: 46), boxFill: RGB(r: 250, g: 250, b: 250),
            field: true),
        Case(
            name: "a centred title in a button is no field", background: white, box: Rect(x: 40, y: 400, width: 310, height: 42), boxFill: .track,
            text: Rect(x: 165, y: 414, width: 60, height: 14), field: false),
        Case(name: "a text on the background is no field", background: panel, field: false),
        Case(
            name: "a full-width cell is no field", background: panel, box: Rect(x: 0, y: 400, width: 390, height: 42), field: false),
    ]

    static func screen(_ c: Case) -> RGBAImage {
        var image = RGBAImage(width: 390, height: 844, fill: c.background)
        if let box = c.box {
            // On white, the box is outlined (a 1-px grey border); elsewhere only filled.
            if c.background == white {
                image = image.filling(box, with: .grey)
                image = image.filling(Rect(x: box.minX + 1, y: box.minY + 1, width: box.width - 2, height: box.height - 2), with: c.boxFill)
            } else {
                image = image.filling(box, with: c.boxFill)
            }
        }
        if let line = c.line {
            let thick = line.colour == .blue ? 2.0 : 1.0
            image = image.filling(Rect(x: line.from, y: line.y, width: line.to - line.from, height: thick), with: line.colour)
        }
        return paintGlyph(image, c.text, placeholder)
    }

    @Test(arguments: cases)
    func shape(_ c: Case) {
        let image = Self.screen(c)
        let found = TextFieldShapes.underlinedField(of: c.text, in: image) ?? TextFieldShapes.boxedField(of: c.text, in: image)
        #expect((found != nil) == c.field)
        if c.field, let found {
            #expect(found.contains(c.text.center))
            if let box = c.box {
                for (a, b) in [(found.minX, box.minX), (found.maxX, box.maxX), (found.minY, box.minY), (found.maxY, box.maxY)] {
                    #expect(abs(a - b) <= 2)
                }
            }
            if let line = c.line {
                #expect(abs(found.minX - line.from) <= 1 && abs(found.maxX - line.to) <= 1)
                #expect(abs(found.maxY - line.y) <= 3)
            }
        }
    }

    @Test func captionBetweenTwoFieldsIsNoField() {
        // "Email Address" on a grey dialog between two white fields, the dialog's sides dark.
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 90, g: 90, b: 90))
        image = image.filling(Rect(x: 25, y: 300, width: 340, height: 300), with: Self.panel)
        image = image.filling(Rect(x: 42, y: 320, width: 300, height: 34), with: Self.white)
        image = image.filling(Rect(x: 42, y: 390, width: 300, height: 34), with: Self.white)
        let caption = Rect(x: 44, y: 364, width: 80, height: 12)
        image = paintGlyph(image, caption, RGB(r: 60, g: 60, b: 60))
        #expect(TextFieldShapes.boxedField(of: caption, in: image) == nil)
    }

    /// A sign-up form: a detected "Username" field, then "Email" and "Password" texts on the same
    /// white panel, one field's height apart — and a caption over a field, which stays a text.
    @Test func stackedFieldsBecomeFields() {
        var image = RGBAImage(width: 390, height: 844, fill: Self.panel)
        image = image.filling(Rect(x: 10, y: 260, width: 370, height: 160), with: Self.white)
        let username = Detection(type: .textField, box: Rect(x: 10, y: 266, width: 366, height: 50), text: "Username")
        let email = Detection(type: .text, box: Rect(x: 20, y: 335, width: 40, height: 13), text: "Email")
        let password = Detection(type: .text, box: Rect(x: 20, y: 387, width: 62, height: 13), text: "Password")
        let notes = Detection(type: .text, box: Rect(x: 20, y: 470, width: 80, height: 13), text: "Phone number")
        let line = RecognizedText(text: "Username", box: Rect(x: 20, y: 284, width: 70, height: 13), confidence: 0.9)
        for d in [email, password, notes] { image = paintGlyph(image, d.box, Self.placeholder) }
        let (out, found) = TextFieldShapes.recoverFields([username, email, password, notes], image: image, lines: [line])
        #expect(found == 2)
        let fields = out.filter { $0.type == .textField }
        #expect(fields.map(\.text) == ["Username", "Email", "Password"])
        #expect(fields.dropFirst().allSatisfy { $0.source == .fieldShape && $0.box.width == username.box.width })
        #expect(out.last?.type == .text)  // too far below the stack
    }

    /// "Email" over a field showing "you@example.com" is its caption, not another field.
    @Test func captionOverAFieldStaysText() {
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let field = Detection(type: .textField, box: Rect(x: 16, y: 300, width: 358, height: 48), text: "you@example.com")
        let caption = Detection(type: .text, box: Rect(x: 16, y: 270, width: 40, height: 13), text: "Email")
        let below = Detection(type: .text, box: Rect(x: 28, y: 368, width: 40, height: 13), text: "Email")
        let (out, found) = TextFieldShapes.recoverFields([field, caption, below], image: image, lines: [])
        #expect(found == 1)
        #expect(out[1].type == .text)
        #expect(out[2].type == .textField)
    }

    @Test(arguments: [
        ("LOG IN", true), ("Signup with Email", true), ("Continue with Google", true), ("Sign up", true),
        ("Login", false), ("Login ID", false), ("Login Password", false), ("Email", false),
    ])
    func accountActionsAreButtons(_ reading: String, _ button: Bool) {
        let e = Metadata.element(for: Detection(type: .textField, box: Rect(x: 20, y: 300, width: 340, height: 44), text: reading))
        #expect((e.kind == .button) == button)
        #expect(e.kind == (button ? .button : .textField))
    }

    @Test func theStageCanBeTurnedOff() throws {
        var image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let text = Rect(x: 32, y: 414, width: 60, height: 14)
        image = image.filling(Rect(x: 32, y: 438, width: 326, height: 1), with: RGB(r: 148, g: 148, b: 148))
        image = paintGlyph(image, text, Self.placeholder)
        let detections = [Detection(type: .text, box: text, text: "Password")]
        for on in [true, false] {
            var cfg = AnalysisConfiguration.default
            cfg.missingElements.recoverTextFields = on
            let analysis = try ScreenAnalyzer(configuration: cfg).analyze(image: image, detections: detections)
            #expect(analysis.elements.contains { $0.kind == .textField && $0.label == "Password" } == on)
        }
    }
}
