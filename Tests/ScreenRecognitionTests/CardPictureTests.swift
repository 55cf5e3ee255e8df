import Testing

@testable import ScreenRecognition

@Suite("A card taken for a picture says its lines as texts")
struct CardPictureTests {
    static func line(_ text: String, _ box: Rect) -> RecognizedText { RecognizedText(text: text, box: box, confidence: 0.9) }

    static let lines = [line("Smarter Shopping", r(120, 230, 140, 14)), line("Already have an account?", r(120, 340, 140, 12))]

    static func picture() -> Element {
        let label = "Smarter Shopping, Already have an account?"
        return Metadata.element(for: Detection(type: .picture, box: r(100, 200, 180, 240), text: label), pictureDescription: label)
    }

    @Test(
        "A picture holding a text button, a field or a checkbox is a card; an icon button or a plain text does not make one",
        arguments: [
            (Detection(type: .text, box: r(130, 300, 120, 20), text: "CREATE ACCOUNT"), true, true),
            (Detection(type: .textField, box: r(110, 380, 160, 30), text: "Email"), false, true),
            (Detection(type: .checkboxUnselected, box: r(110, 380, 160, 20), text: "Remember me"), false, true),
            (Detection(type: .icon, box: r(250, 210, 20, 20), iconLabel: .heart), true, false),  // a photo's favourite toggle
            (Detection(type: .text, box: r(130, 300, 120, 20), text: "Powered by wish"), false, false),
        ])
    func released(control: Detection, clickable: Bool, card: Bool) {
        let out = Metadata.releaseCardText([Self.picture(), Metadata.element(for: control, clickable: clickable)], lines: Self.lines, containment: 0.9)
        #expect(out.released == (card ? 1 : 0))
        #expect((out.elements[0].label == nil) == card)
        let texts = out.elements.filter { $0.kind == .text && $0.detections.first?.source == .ocr }.compactMap(\.label)
        #expect(texts == (card ? ["Smarter Shopping", "Already have an account?"] : []))
    }

    @Test("A label not wholly among the lines read on the card (the picture reader's) stays")
    func partlyFound() {
        let out = Metadata.releaseCardText(
            [Self.picture(), Metadata.element(for: Detection(type: .text, box: r(130, 300, 120, 20), text: "SIGN IN"), clickable: true)],
            lines: [Self.lines[0]], containment: 0.9)
        #expect(out.released == 0)
        #expect(out.elements[0].label == "Smarter Shopping, Already have an account?")
    }

    @Test("Through the pipeline: the card's lines are texts, the card is hidden behind them")
    func pipeline() throws {
        let dets = [
            Detection(type: .picture, box: r(100, 200, 180, 240)),
            Detection(type: .text, box: r(130, 300, 120, 20), text: "SIGN IN"),
            Detection(type: .text, box: r(130, 400, 120, 20), text: "Log in with email"),
        ]
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(!result.transcript.contains { $0.hasSuffix("Image") }, "\(result.transcript)")
        var shown = AnalysisConfiguration()
        shown.content.hideBackgroundPictures = false
        let all = try ScreenAnalyzer(configuration: shown).analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(all.transcript.contains { $0.hasSuffix("Image") }, "\(all.transcript)")
    }
}

@Suite("Background pictures")
struct BackgroundPictureTests {
    @Test(
        "A photo behind a form is hidden when nothing or only the picture describer names it, not when text read on it does",
        arguments: [
            // (the picture's detection text, the describer's label, hidden)
            (String?.none, String?.none, true), (nil, "Person", true), ("WELCOME BACK", "WELCOME BACK", false),
        ])
    func describedBackdrop(text: String?, description: String?, hidden: Bool) {
        let photo = Metadata.element(for: Detection(type: .picture, box: r(0, 0, 390, 844), text: text), pictureDescription: description)
        let elements = [photo, el(.text, r(40, 500, 200, 30), "Discover more"), el(.text, r(40, 600, 200, 30), "Sign in with email")]
        let found = Metadata.backgroundPictures(elements, screen: ClockScreen.size, minScreenShare: 0.5, containment: 0.9)
        #expect(found.contains(0) == hidden)
    }
}
