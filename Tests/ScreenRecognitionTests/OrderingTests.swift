import Testing

@testable import ScreenRecognition

@Suite("§5.6 XY-cut navigation order")
struct OrderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var frames: [Rect]
        var order: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a column reads top to bottom",
            frames: [r(0, 200, 100, 20), r(0, 0, 100, 20), r(0, 100, 100, 20)], order: [1, 2, 0]),
        Case(
            name: "a row reads left to right",
            frames: [r(200, 0, 50, 20), r(0, 0, 50, 20), r(100, 5, 50, 20)], order: [1, 2, 0]),
        Case(
            name: "rows first, then columns inside each row",
            frames: [r(200, 0, 50, 20), r(0, 0, 50, 20), r(0, 100, 50, 20), r(200, 100, 50, 20)], order: [1, 0, 2, 3]),
        // Two columns of cards of different heights: no horizontal line crosses both columns
        // without cutting a card, so the screen is cut vertically and read column by column.
        Case(
            name: "staggered two-column cards read column by column",
            frames: [
                r(0, 0, 180, 150), r(0, 160, 180, 220), r(0, 390, 180, 130),
                r(200, 0, 180, 100), r(200, 110, 180, 200), r(200, 320, 180, 200),
            ],
            order: [0, 1, 2, 3, 4, 5]),
        Case(
            name: "a full-width header above two staggered columns",
            frames: [r(200, 60, 180, 100), r(0, 60, 180, 150), r(0, 0, 380, 40), r(0, 220, 180, 120), r(200, 170, 180, 100)],
            order: [2, 1, 3, 0, 4]),
        Case(
            name: "indivisible overlap: top to bottom, ties left to right",
            frames: [r(50, 40, 200, 200), r(0, 0, 100, 100), r(150, 1, 100, 100)], order: [1, 2, 0]),
        Case(
            name: "nested recursion: a row holding a column",
            frames: [r(0, 0, 100, 300), r(150, 0, 100, 100), r(150, 200, 100, 100)], order: [0, 1, 2]),
    ]

    @Test(arguments: cases)
    func xyCut(_ c: Case) {
        #expect(Ordering.xyCut(c.frames) == c.order)
    }

    @Test("Staggered columns really have no horizontal cut")
    func noHorizontalCut() {
        let frames = Self.cases[3].frames
        #expect(Ordering.split(Array(frames.indices), frames, vertical: false, tolerance: 0).count == 1)
        #expect(Ordering.split(Array(frames.indices), frames, vertical: true, tolerance: 0).count == 2)
    }

    @Test("Children of groups are ordered too, 1-based")
    func children() {
        let group = Element(
            kind: .group, frame: r(0, 0, 300, 100),
            children: [el(.text, r(150, 0, 50, 20), "B"), el(.text, r(0, 0, 50, 20), "A")])
        let out = Ordering.order([el(.text, r(0, 200, 50, 20), "C"), group])
        #expect(out.map(\.order) == [1, 2])
        #expect(out[0].children.map { $0.label ?? "" } == ["A", "B"])
        #expect(out[0].children.map(\.order) == [1, 2])
    }
}
