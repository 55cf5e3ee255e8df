import Testing

@testable import ScreenRecognition

@Suite("§5.3 checkbox state from the glyph's pixels")
struct CheckboxStateTests {
    /// A 300 × 40 row on `page`: a glyph 18 px across at the left end (x 10) or the right end
    /// (x 272), and a "text" of bars in x 50...200, which `texts` holds.
    static let row = r(4, 6, 300, 28)
    static let text = r(50, 12, 150, 16)

    enum Glyph: String, CaseIterable, Sendable {
        case ring  // radio, unchecked
        case ringAndDot  // radio, checked
        case box  // square outline, unchecked
        case filledBoxWithTick  // a tinted box with a white tick, checked
        case plainWhiteBox  // a white box on a dark row, unchecked
        case tick  // a bare tick (an iOS list's selected row), checked

        var isChecked: Bool { [.ringAndDot, .filledBoxWithTick, .tick].contains(self) }
        var page: RGB { self == .plainWhiteBox ? .barDark : .white }
    }

    /// Paints pixels of a `size`-px square at (`x`, `y`) where `inside(u, v)` (u, v in -1...1 from
    /// the square's centre) holds.
    static func paint(_ image: RGBAImage, x: Int, y: Int, size: Int, _ colour: RGB, where inside: (Double, Double) -> Bool) -> RGBAImage {
        var p = image.pixels
        for j in 0..<size {
            for i in 0..<size {
                let u = (Double(i) + 0.5) / Double(size) * 2 - 1
                let v = (Double(j) + 0.5) / Double(size) * 2 - 1
                guard inside(u, v) else { continue }
                let k = ((y + j) * image.width + x + i) * 4
                (p[k], p[k + 1], p[k + 2]) = (colour.r, colour.g, colour.b)
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: p)!
    }

    static func screen(_ glyph: Glyph, atRight: Bool, glyphX: Int? = nil) -> RGBAImage {
        var img = RGBAImage(width: 320, height: 40, fill: glyph.page)
        img = paintGlyph(img, text, glyph == .plainWhiteBox ? .white : .black)
        let x = glyphX ?? (atRight ? 272 : 10)
        let y = 11
        let s = 18
        let ink: RGB = glyph == .plainWhiteBox ? .white : .grey
        func radius(_ u: Double, _ v: Double) -> Double { (u * u + v * v).squareRoot() }
        switch glyph {
        case .ring:
            img = paint(img, x: x, y: y, size: s, ink) { radius($0, $1) <= 1 && radius($0, $1) >= 0.75 }
        case .ringAndDot:
            img = paint(img, x: x, y: y, size: s, .blue) { radius($0, $1) <= 1 && (radius($0, $1) >= 0.75 || radius($0, $1) <= 0.45) }
        case .box:
            img = paint(img, x: x, y: y, size: s, ink) { max(abs($0), abs($1)) >= 0.8 }
        case .filledBoxWithTick:
            img = paint(img, x: x, y: y, size: s, .blue) { _, _ in true }
            img = paint(img, x: x, y: y, size: s, .white) { u, v in abs(v - (u < -0.1 ? u + 0.3 : -u + 0.1)) < 0.18 && abs(u) < 0.7 }
        case .plainWhiteBox:
            img = paint(img, x: x, y: y, size: s, .white) { _, _ in true }
        case .tick:
            img = paint(img, x: x, y: y, size: s, .black) { u, v in abs(v - (u < -0.2 ? u + 0.6 : -1.2 * u + 0.16)) < 0.2 && u > -0.8 && u < 0.8 }
        }
        return img
    }

    @Test("Each glyph, at either end of the row, reads its state", arguments: Glyph.allCases, [false, true])
    func glyphs(glyph: Glyph, atRight: Bool) throws {
        let image = Self.screen(glyph, atRight: atRight)
        let reading = try #require(CheckboxState.read(image, box: Self.row, texts: [Self.text]))
        #expect(reading.isChecked == glyph.isChecked)
        #expect(abs(reading.glyph.midX - (atRight ? 281 : 19)) <= 1)
    }

    /// The detector's box often ends where the row's text ends; the glyph just beyond it is still
    /// found (within the row's height).
    @Test("A glyph just outside the box is found", arguments: [Glyph.ringAndDot, .ring])
    func outside(glyph: Glyph) throws {
        let img = Self.screen(glyph, atRight: true, glyphX: 214)
        let reading = try #require(CheckboxState.read(img, box: r(46, 8, 160, 24), texts: [Self.text]))
        #expect(reading.isChecked == glyph.isChecked)
    }

    /// A ring-shaped letter of the text ("O" of "Only") is not the glyph: a blob inside a text box
    /// is passed over.
    @Test("A letter inside the text is not the glyph")
    func letterIsNotTheGlyph() throws {
        var img = Self.screen(.ringAndDot, atRight: true)
        img = Self.paint(img, x: 30, y: 11, size: 18, .black) { u, v in
            let d = (u * u + v * v).squareRoot()
            return d <= 1 && d >= 0.7
        }
        let reading = try #require(CheckboxState.read(img, box: Self.row, texts: [r(28, 10, 172, 20)]))
        #expect(reading.isChecked)
        #expect(reading.glyph.minX > 260)
        // Without the text's box the letter, the larger blob at the left end, wins.
        let misread = try #require(CheckboxState.read(img, box: Self.row, texts: []))
        #expect(misread.glyph.minX < 40)
    }

    @Test("No glyph: no reading (the detector's class stands)")
    func noGlyph() {
        let img = paintGlyph(RGBAImage(width: 320, height: 40, fill: .white), Self.text, .black)
        #expect(CheckboxState.read(img, box: Self.row, texts: [Self.text]) == nil)
    }

    /// In the pipeline: the detector's class is replaced by the reading; a detections file's class stands.
    @Test("Pipeline: pixels decide for the detector, a detections file's class stands", arguments: [false, true])
    func pipeline(given: Bool) throws {
        struct Fixed: ElementDetector {
            let detections: [Detection]
            func detect(in image: RGBAImage) throws -> [Detection] { detections }
        }
        let img = Self.screen(.ringAndDot, atRight: false)
        let dets = [det(.checkboxUnselected, 4, 6, 300, 28), det(.text, 50, 12, 150, 16, "Relevance")]
        let analyzer = ScreenAnalyzer(detector: given ? nil : Fixed(detections: dets))
        let analysis = try analyzer.analyze(image: img, detections: given ? dets : nil)
        let box = try #require(analysis.elements.first { $0.kind == .checkbox })
        #expect(box.value == (given ? "Unchecked" : "Checked"))
        #expect(box.detections.contains { $0.type == (given ? .checkboxUnselected : .checkboxSelected) })
    }
}
