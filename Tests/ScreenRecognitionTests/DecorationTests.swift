import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Strokes and marks inside other elements are not announced")
struct DecorationTests {
    static func icon(_ frame: Rect, _ label: String? = nil, clickable: Bool = false) -> Element {
        Element(kind: clickable ? .button : .icon, frame: frame, label: label, traits: clickable ? .button : .image)
    }

    @Test(
        "An unlabelled, not interactive icon thinner than the bar is a stroke; a recognised or clickable one is not",
        arguments: [
            (icon(r(200, 300, 9, 3)), true),  // a table's "—"
            (icon(r(200, 300, 4, 8)), true),  // a bar
            (icon(r(200, 300, 10, 6)), false),  // as thick as the bar
            (icon(r(200, 300, 10, 5), "Down"), false),  // a thin chevron, recognised
            (icon(r(200, 300, 9, 3), clickable: true), false),  // a button is always a stop
            (el(.text, r(200, 300, 40, 4), "—"), false),  // a text
        ])
    func strokes(element: Element, stroke: Bool) {
        #expect(Decoration.strokes([element], maxStrokeSide: 6).contains(0) == stroke)
    }

    @Test(
        "An unlabelled mark mostly inside a text, a field, a card or a picture joins it; dialogs and containers host none",
        arguments: [
            // (the mark, the other element, hidden)
            (icon(r(100, 200, 12, 12)), el(.text, r(104, 200, 40, 12), "0"), true),  // a count's heart, 67 % inside
            (icon(r(100, 200, 12, 12)), el(.text, r(110, 200, 40, 12), "0"), false),  // 17 % inside: beside it
            (icon(r(30, 100, 16, 16)), el(.textField, r(20, 90, 300, 36), "Search"), true),  // a search field's magnifier
            (icon(r(104, 200, 12, 12)), el(.checkbox, r(100, 196, 120, 20), "I agree"), true),  // its own box, read as an icon
            (el(.picture, r(140, 220, 30, 30)), el(.group, r(100, 200, 180, 120), "Rice, 4 of 5 stars"), true),  // a card's art
            (el(.picture, r(140, 220, 30, 30)), el(.picture, r(100, 200, 180, 120)), true),  // a logo's part
            (icon(r(250, 210, 20, 20)), el(.picture, r(100, 200, 180, 120)), false),  // a glyph on a photo: perhaps its control
            (icon(r(250, 210, 20, 20)), el(.group, r(100, 200, 180, 120), "Rice"), false),  // on a card: the same
            (icon(r(104, 200, 12, 12), "Heart"), el(.text, r(104, 200, 40, 12), "0"), false),  // recognised
            (icon(r(104, 200, 12, 12), clickable: true), el(.text, r(104, 200, 40, 12), "0"), false),  // a button
            (icon(r(250, 210, 20, 20)), el(.dialog, r(100, 200, 180, 120)), false),
            (icon(r(250, 210, 20, 20)), el(.container, r(100, 200, 180, 120)), false),
            (icon(r(250, 210, 20, 20)), icon(r(240, 200, 40, 40)), false),  // an icon hosts nothing
        ])
    func enclosed(mark: Element, other: Element, hidden: Bool) {
        let out = Decoration.hidden([other, mark], maxStrokeSide: 6, minInside: 0.5)
        #expect(out.enclosed == (hidden ? 1 : 0))
        #expect(out.elements.count == (hidden ? 1 : 2))
        if hidden { #expect(out.elements[0].detections.count == other.detections.count + mark.detections.count) }
    }

    @Test("A mark joins the smallest element holding it; a mark inside a mark joins where that one goes")
    func smallestHost() {
        let part = el(.picture, r(120, 220, 10, 10))
        let logo = el(.picture, r(110, 210, 60, 60))
        let card = el(.group, r(100, 200, 200, 200), "Rice")
        let caption = el(.text, r(110, 280, 100, 20), "Rice")
        #expect(Decoration.enclosed([card, logo, part, caption], minInside: 0.5) == [1: 0, 2: 0])
        #expect(Decoration.enclosed([logo, part], minInside: 0.5) == [1: 0])
    }

    @Test("Through the pipeline: the stroke and the glyph on a text are gone, counted in the diagnostics; off, they are spoken")
    func pipeline() throws {
        let stroke = det(.icon, 300, 408, 12, 3)  // a table's "—" for no value
        let glyph = det(.icon, 40, 500, 14, 14)  // drawn over the start of "12 likes"
        let dets = [det(.text, 40, 400, 120, 14, "Balance"), stroke, det(.text, 44, 500, 100, 14, "12 likes"), glyph]
        let content = ReplayContentRecognizer(icons: [:], clickProbability: { _ in 0.01 })
        let white = RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255))
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: white, detections: dets)
        #expect(result.transcript == ["Balance", "12 likes"], "\(result.transcript)")
        #expect(result.diagnostics.contains { $0.message == "1 stroke(s) not announced" })
        #expect(result.diagnostics.contains { $0.message == "1 mark(s) inside another element not announced" })
        var off = AnalysisConfiguration()
        off.grouping.hideDecoration = false
        let all = try ScreenAnalyzer(configuration: off, contentRecognizer: content).analyze(image: white, detections: dets)
        #expect(all.transcript.filter { $0 == "Icon" }.count == 2, "\(all.transcript)")
    }
}
