import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("A title before a down caret is a dropdown")
struct InlineDropdownTests {
    /// A text "Language: English" on a 14-px line from x 20 to 140, and a glyph after it.
    static func text(_ label: String = "Language: English") -> Element {
        var e = el(.text, r(20, 40, 120, 14), label)
        e.detections = [det(.text, 20, 40, 120, 14, label)]
        return e
    }

    static func glyph(x: Double, y: Double = 44, w: Double = 10, h: Double = 6, meaning: IconMeaning? = .down, button: Bool = false) -> Element {
        var e = Metadata.element(for: det(.icon, x, y, w, h, icon: meaning))
        if button { Metadata.makeButton(&e) }
        return e
    }

    @Test(
        "A down caret right after a title joins it and makes it a button",
        arguments: [
            // (the glyph, the title, what is said)
            (glyph(x: 145), "Language: English", ["Language: English, Button"]),  // 5 px after
            (glyph(x: 138), "Language: English", ["Language: English, Button"]),  // across its end by 2 px
            (glyph(x: 154, button: true), "Language: English", ["Language: English, Button"]),  // 14 px: the line's height
            (glyph(x: 160), "Language: English", ["Language: English", "Down, Image"]),  // 20 px: apart
            (glyph(x: 136), "Language: English", ["Language: English", "Down, Image"]),  // 4 px inside: not after it
            (glyph(x: 145, y: 58), "Language: English", ["Language: English", "Down, Image"]),  // the line below
            (glyph(x: 145, y: 34, h: 30), "Language: English", ["Language: English", "Down, Image"]),  // over twice as tall
            (glyph(x: 145, meaning: .forward), "Language: English", ["Language: English", "Forward, Image"]),  // a chevron ›
            (glyph(x: 145), "2,666.84", ["2,666.84", "Down, Image"]),  // a trend, not a menu: no letter last
            (glyph(x: 145), "카테고리", ["카테고리, Button"]),
        ])
    func joins(glyph: Element, title: String, said: [String]) {
        let out = InlineDropdowns.mark([Self.text(title), glyph])
        #expect(Announcer.announce(out.elements).map(\.announcement) == said)
        #expect(out.marked == (said.count == 1 ? 1 : 0))
    }

    @Test("A text that took its caret as decoration is a button; one whose glyph lies elsewhere stays")
    func foldedCaret() {
        for (x, isButton) in [(145.0, true), (0.0, false)] {
            var e = Self.text()
            e.detections.append(det(.icon, x, 44, 10, 6, icon: .down))
            let out = InlineDropdowns.mark([e]).elements
            #expect(out.first?.kind == (isButton ? .button : .text))
        }
    }

    @Test("Of two titles before one caret the nearer takes it; a heading made a dropdown is no heading")
    func nearestAndHeading() {
        // A line read whole and its last word read again, both ending before the caret.
        var line = el(.text, r(20, 40, 118, 14), "Language: English")
        line.detections = [det(.text, 20, 40, 118, 14, "Language: English")]
        var word = el(.text, r(90, 40, 50, 14), "English")
        word.detections = [det(.text, 90, 40, 50, 14, "English")]
        word.traits.insert(.header)
        let out = InlineDropdowns.mark([line, word, Self.glyph(x: 145)]).elements
        #expect(Announcer.announce(out).map(\.announcement) == ["Language: English", "English, Button"])
    }

    @Test("The whole analysis makes the title a button, and not with the setting off")
    func pipeline() throws {
        let page = RGBAImage(width: 390, height: 844, fill: .white)
        let detections = [det(.text, 20, 300, 120, 14, "Language: English"), det(.icon, 145, 304, 10, 6)]
        let content = ReplayContentRecognizer(
            icons: [detections[1].box: IconRecognition(meaning: .down, confidence: 0.9)], clickProbability: { _ in 0.01 },
            textButtonProbability: { _ in 0.01 })
        for on in [true, false] {
            var cfg = AnalysisConfiguration.default
            cfg.interactivity.inlineDropdownsAreButtons = on
            let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content).analyze(image: page, detections: detections)
            let said = result.elements.map(\.announcement)
            #expect(said.contains("Language: English, Button") == on)
        }
    }
}
