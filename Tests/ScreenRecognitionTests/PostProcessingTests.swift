import Testing

@testable import ScreenRecognition

@Suite("§4.1 post-processing and §5.1 missing elements")
struct PostProcessingTests {
    struct NMSCase: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [Detection]
        var kept: [ElementClass]
        var testDescription: String { name }
    }

    static let nmsCases: [NMSCase] = [
        NMSCase(
            name: "same class, IoU 0.6: the less confident goes",
            input: [det(.icon, 0, 0, 100, 100, conf: 0.9), det(.icon, 20, 0, 100, 100, conf: 0.8)], kept: [.icon]),
        NMSCase(
            name: "same class, IoU 0.33: both stay",
            input: [det(.icon, 0, 0, 100, 100, conf: 0.9), det(.icon, 50, 0, 100, 100, conf: 0.8)], kept: [.icon, .icon]),
        NMSCase(
            name: "picture/icon, IoU 0.9 > 0.8: cross-class removes the icon",
            input: [det(.picture, 0, 0, 100, 100, conf: 0.9), det(.icon, 0, 0, 100, 90, conf: 0.7)], kept: [.picture]),
        NMSCase(
            name: "picture/icon, IoU 0.64 ≤ 0.8: both stay (a small icon on a picture)",
            input: [det(.picture, 0, 0, 100, 100, conf: 0.9), det(.icon, 0, 0, 80, 80, conf: 0.7)], kept: [.picture, .icon]),
        NMSCase(
            name: "container/textField IoU 0.9: the less confident goes",
            input: [det(.textField, 0, 0, 100, 40, conf: 0.6), det(.container, 0, 0, 100, 36, conf: 0.95)], kept: [.container]),
        NMSCase(
            name: "text/icon are not look-alikes: both stay at IoU 1",
            input: [det(.text, 0, 0, 100, 40, conf: 0.9), det(.icon, 0, 0, 100, 40, conf: 0.8)], kept: [.text, .icon]),
    ]

    @Test(arguments: nmsCases)
    func nms(_ c: NMSCase) {
        let out = PostProcessing.run(c.input, settings: PostProcessingSettings())
        #expect(out.map(\.type) == c.kept)
    }

    @Test("Per-class thresholds", arguments: [(0.49, 0), (0.5, 1), (0.9, 1)])
    func thresholds(confidence: Double, expected: Int) {
        var s = PostProcessingSettings()
        s.confidenceThresholds[.text] = 0.5
        #expect(PostProcessing.applyThresholds([det(.text, 0, 0, 10, 10, conf: confidence)], thresholds: s.confidenceThresholds).count == expected)
    }

    @Test("Thresholds differ per class")
    func perClass() {
        var s = PostProcessingSettings()
        s.confidenceThresholds[.icon] = 0.3
        s.confidenceThresholds[.dialog] = 0.8
        let out = PostProcessing.applyThresholds(
            [det(.icon, 0, 0, 10, 10, conf: 0.4), det(.dialog, 0, 0, 100, 100, conf: 0.7)],
            thresholds: s.confidenceThresholds)
        #expect(out.map(\.type) == [.icon])
    }

    struct RowCase: CustomTestStringConvertible, Sendable {
        var name: String
        var text: Detection
        var becomesSegment: Bool
        var testDescription: String { name }
    }

    static let rowCases: [RowCase] = [
        RowCase(name: "text on the row, outside the segments → segment", text: det(.text, 260, 110, 50, 18, "Month"), becomesSegment: true),
        RowCase(name: "text inside a segment stays text", text: det(.text, 30, 110, 40, 18, "Day"), becomesSegment: false),
        RowCase(name: "text below the row stays text", text: det(.text, 260, 200, 50, 18, "Footer"), becomesSegment: false),
    ]

    @Test("§5.1 segmented-control row completion", arguments: rowCases)
    func rowCompletion(_ c: RowCase) {
        let segments = [det(.segmentedControl, 16, 100, 110, 36), det(.segmentedControl, 130, 100, 110, 36)]
        let out = MissingElements.completeSegmentedControlRows(segments + [c.text])
        let added = out.filter { $0.source == .rowCompletion }
        #expect(added.count == (c.becomesSegment ? 1 : 0))
        if c.becomesSegment {
            let s = added[0]
            #expect(s.text == "Month")
            #expect(s.box.minY == 100 && s.box.height == 36)
            #expect(s.box.minX >= 240)  // does not spill over the neighbouring segment
        }
    }

    @Test("§5.1 OCR recovery adds only text that overlaps no detection")
    func recovery() {
        let dets = [det(.text, 0, 0, 100, 20, "Hello")]
        let lines = [
            RecognizedText(text: "Hello", box: r(2, 2, 90, 16), confidence: 0.99),
            RecognizedText(text: "World", box: r(0, 100, 90, 16), confidence: 0.9),
            RecognizedText(text: "©", box: r(0, 200, 10, 10), confidence: 0.9),
        ]
        let out = MissingElements.recoverText(dets, lines: lines, minConfidence: 0.5)
        #expect(out.map(\.text) == ["Hello", "World"])
        #expect(out.last?.source == .ocr)
    }

    @Test("§5.2 OCR lines label the text detection holding them")
    func assignText() {
        let dets = [det(.text, 0, 0, 200, 50), det(.icon, 300, 0, 30, 30)]
        let lines = [
            RecognizedText(text: "second line", box: r(0, 26, 150, 20), confidence: 0.9),
            RecognizedText(text: "First", box: r(0, 2, 60, 20), confidence: 0.9),
            RecognizedText(text: "junk", box: r(300, 0, 30, 30), confidence: 0.9),
        ]
        let out = MissingElements.assignText(dets, lines: lines, insideFraction: 0.5)
        #expect(out[0].text == "First second line")
        #expect(out[1].text == nil)
    }
}
