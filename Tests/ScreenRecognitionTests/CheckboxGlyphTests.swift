import Testing

@testable import ScreenRecognition

@Suite("§5.1 checkboxes and radio buttons the detector missed, found beside their text")
struct CheckboxGlyphTests {
    /// A 390 × 120 white screen with a "text" of bars at (60, 50), 150 × 16 px (one line), and a
    /// glyph 18 px across drawn by `draw` at (`x`, 49).
    static let text = r(60, 50, 150, 16)

    enum Shape: String, CaseIterable, Sendable {
        case box, boxWithTick, filledBoxWithTick, ring, ringAndDot
        // Icons that must stay icons:
        case clock, infoRing, ringAroundRing, playInRing, crosshair, envelope, heart, filledBox

        var kind: CheckboxGlyphs.Kind? {
            switch self {
            case .box: .emptyBox
            case .boxWithTick: .tickedBox
            case .filledBoxWithTick: .filledTickBox
            case .ring: .emptyRing
            case .ringAndDot: .dottedRing
            default: nil
            }
        }
    }

    /// A tick 0.13 half-strokes wide: a short arm down from (-0.55, -0.05) to the vertex at
    /// (-0.15, 0.42), a long one up to (0.55, -0.5) (u, v in -1...1 across the glyph).
    static func tick(_ u: Double, _ v: Double) -> Bool {
        func segment(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            let t = max(0, min(1, ((u - a.0) * dx + (v - a.1) * dy) / (dx * dx + dy * dy)))
            let (px, py) = (u - a.0 - t * dx, v - a.1 - t * dy)
            return (px * px + py * py).squareRoot()
        }
        return min(segment((-0.55, -0.05), (-0.15, 0.42)), segment((-0.15, 0.42), (0.55, -0.5))) < 0.13
    }

    static func draw(_ shape: Shape, on image: RGBAImage, x: Int, y: Int = 49, size s: Int = 18) -> RGBAImage {
        func radius(_ u: Double, _ v: Double) -> Double { (u * u + v * v).squareRoot() }
        let paint = CheckboxStateTests.paint
        var img = image
        switch shape {
        case .box:
            img = paint(img, x, y, s, .grey) { max(abs($0), abs($1)) >= 0.8 }
        case .boxWithTick:
            img = paint(img, x, y, s, .grey) { max(abs($0), abs($1)) >= 0.8 }
            img = paint(img, x, y, s, .blue) { tick($0, $1) }
        case .filledBoxWithTick:
            img = paint(img, x, y, s, .blue) { max(abs($0), abs($1)) <= 0.9 || radius(abs($0) - 0.75, abs($1) - 0.75) < 0.2 }
            img = paint(img, x, y, s, .white) { tick($0, $1) }
        case .ring:
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 1 && radius($0, $1) >= 0.78 }
        case .ringAndDot:
            img = paint(img, x, y, s, .blue) { radius($0, $1) <= 1 && (radius($0, $1) >= 0.78 || radius($0, $1) <= 0.45) }
        case .clock:
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 1 && radius($0, $1) >= 0.78 }
            img = paint(img, x, y, s, .grey) { u, v in (abs(u) < 0.1 && v < 0.05 && v > -0.6) || (abs(v) < 0.1 && u > -0.05 && u < 0.45) }
        case .infoRing:
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 1 && radius($0, $1) >= 0.78 }
            img = paint(img, x, y, s, .grey) { u, v in abs(u) < 0.12 && (v > -0.15 && v < 0.5 || v > -0.5 && v < -0.3) }
        case .ringAroundRing:  // a gear's hub: a ring inside the ring
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 1 && radius($0, $1) >= 0.78 }
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 0.45 && radius($0, $1) >= 0.22 }
        case .playInRing:
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 1 && radius($0, $1) >= 0.78 }
            // A blunt triangle: nearly as solid as a dot, but taller than wide and heavier at its base.
            img = paint(img, x, y, s, .grey) { u, v in u > -0.35 && u < 0.4 && abs(v) < 0.45 * (0.4 - u) / 0.75 + 0.12 }
        case .crosshair:  // "my location": a ring and dot inside four ticks
            img = paint(img, x, y, s, .grey) { radius($0, $1) <= 0.8 && (radius($0, $1) >= 0.6 || radius($0, $1) <= 0.3) }
            img = paint(img, x, y, s, .grey) { u, v in (abs(u) < 0.12 && abs(v) > 0.6) || (abs(v) < 0.12 && abs(u) > 0.6) }
        case .envelope:
            img = paint(img, x, y, s, .grey) { max(abs($0), abs($1)) >= 0.8 }
            img = paint(img, x, y, s, .grey) { u, v in abs(v - (abs(u) - 0.7)) < 0.15 && abs(u) < 0.8 }
        case .heart:
            img = paint(img, x, y, s, .grey) { u, v in
                let lobes = min(radius(u + 0.45, v + 0.35), radius(u - 0.45, v + 0.35))
                let inHeart = lobes <= 0.5 || (v >= -0.35 && v <= 0.95 && abs(u) <= 0.9 * (0.95 - v) / 1.3 + 0.05)
                let inside = lobes <= 0.32 || (v >= -0.3 && v <= 0.7 && abs(u) <= 0.9 * (0.7 - v) / 1.3)
                return inHeart && !inside
            }
        case .filledBox:
            img = paint(img, x, y, s, .blue) { _, _ in true }
        }
        return img
    }

    static func screen(_ shape: Shape, x: Int = 30, size: Int = 18) -> RGBAImage {
        let page = paintGlyph(RGBAImage(width: 390, height: 120, fill: .white), text, .black)
        return draw(shape, on: page, x: x, size: size)
    }

    @Test(
        "Boxes and rings, empty, ticked or dotted, left of the text or at the row's right end, are checkboxes; icons are not",
        arguments: Shape.allCases, [30, 360])
    func shapes(shape: Shape, x: Int) {
        let found = CheckboxGlyphs.find(Self.screen(shape, x: x), beside: Self.text, lineHeight: 16)
        #expect(found?.kind == shape.kind)
        if let found { #expect(abs(found.box.midX - Double(x + 9)) <= 1 && abs(found.box.midY - 58) <= 1) }
    }

    @Test("On a 3x screenshot the same glyphs are found, and the same icons left alone", arguments: Shape.allCases)
    func threeX(shape: Shape) {
        let text = r(180, 150, 450, 48)
        let page = paintGlyph(RGBAImage(width: 1170, height: 360, fill: .white), text, .black)
        let found = CheckboxGlyphs.find(Self.draw(shape, on: page, x: 90, y: 147, size: 54), beside: text, lineHeight: 48)
        #expect(found?.kind == shape.kind)
        if let found { #expect(abs(found.box.midX - 117) <= 3 && abs(found.box.midY - 174) <= 3) }
    }

    @Test(
        "A glyph must stand near the text, at the right end, and be about a line tall",
        arguments: [
            (4, 18),  // 38 px left of the text: more than 2.5 glyph widths away
            (200, 18),  // right of the text but in the middle of the screen
            (24, 34),  // 34 px: over 2 line heights
            (40, 8),  // 8 px: under 0.6 line heights
        ])
    func placement(x: Int, size: Int) {
        let image = Self.screen(.box, x: x, size: size)
        #expect(CheckboxGlyphs.find(image, beside: Self.text, lineHeight: 16) == nil)
        // The same glyph next to the text is found.
        #expect(CheckboxGlyphs.find(Self.screen(.box, x: 36, size: 18), beside: Self.text, lineHeight: 16)?.kind == .emptyBox)
    }

    @Test(
        "Boxes off the image, empty or not finite find nothing and do not trap",
        arguments: [
            r(-200, 50, 100, 16), r(500, 50, 100, 16), r(60, -40, 150, 16), r(60, 200, 150, 16), r(60, 50, 0, 0),
            r(-10, 40, 420, 90), r(.nan, 50, 150, 16), r(60, 50, .infinity, 16), r(1e300, 1e300, 1e300, 1e300),
        ])
    func offImage(box: Rect) {
        #expect(CheckboxGlyphs.find(Self.screen(.box), beside: box, lineHeight: 16) == nil)
        #expect(CheckboxGlyphs.find(Self.screen(.box), beside: box, lineHeight: .nan) == nil)
    }

    @Test("A tick is a V with a short left arm and a long right one; equal arms or a bar are not")
    func ticks() {
        func mask(_ w: Int, _ h: Int, _ f: (Double, Double) -> Bool) -> [Bool] {
            (0..<h).flatMap { y in (0..<w).map { x in f((Double(x) + 0.5) / Double(w) * 2 - 1, (Double(y) + 0.5) / Double(h) * 2 - 1) } }
        }
        #expect(CheckboxGlyphs.isTick(mask(16, 16, Self.tick), width: 16, height: 16))
        #expect(!CheckboxGlyphs.isTick(mask(16, 16) { u, v in abs(v - (abs(u) - 0.7)) < 0.15 && abs(u) < 0.8 }, width: 16, height: 16))
        #expect(!CheckboxGlyphs.isTick(mask(16, 16) { _, v in abs(v) < 0.2 }, width: 16, height: 16))
    }

    @Test("Recovery adds a checkbox with the glyph's state, and replaces the icon the detector saw there", arguments: [Shape.box, .ringAndDot])
    func recovery(shape: Shape) throws {
        let image = Self.screen(shape)
        let text = Detection(type: .text, box: Self.text, confidence: 0.8, text: "Keep me logged in", source: .ocr)
        let icon = det(.icon, 29, 48, 20, 20)
        let (out, added) = MissingElements.recoverCheckboxGlyphs([text, icon], image: image, lines: [])
        #expect(added == 1)
        #expect(out.count == 2)
        let box = try #require(out.first { $0.source == .checkboxGlyph })
        #expect(box.type == (shape == .box ? .checkboxUnselected : .checkboxSelected))
        #expect(!out.contains { $0.type == .icon })
    }

    @Test(
        "No checkbox is added where the row already has one, the glyph lies under another element, or the text is the status bar's",
        arguments: [
            [det(.checkboxUnselected, 70, 46, 160, 24)],  // the detector's checkbox holds the text
            [det(.text, 26, 46, 30, 24, "O")],  // OCR read the glyph as a letter
            [det(.picture, 0, 0, 390, 120)],  // a photo under the row
        ])
    func blocked(others: [Detection]) {
        let text = Detection(type: .text, box: Self.text, confidence: 0.8, text: "Keep me logged in")
        let result = MissingElements.recoverCheckboxGlyphs([text] + others, image: Self.screen(.box), lines: [])
        #expect(result.added == 0)
        // A status bar's text has no checkbox: the same row at the top of a tall screen.
        var page = paintGlyph(RGBAImage(width: 390, height: 1200, fill: .white), text.box, .black)
        page = Self.draw(.box, on: page, x: 30)
        #expect(MissingElements.recoverCheckboxGlyphs([text], image: page, lines: []).added == 0)
    }

    @Test("In the pipeline the row is spoken as a checkbox with its state; with the setting off it is a text", arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.missingElements.recoverCheckboxGlyphs = on
        let text = Detection(type: .text, box: Self.text, confidence: 0.8, text: "Keep me logged in")
        let result = try ScreenAnalyzer(configuration: cfg).analyze(image: Self.screen(.box), detections: [text])
        #expect(result.elements.map(\.announcement) == [on ? "Keep me logged in, Checkbox, Unchecked" : "Keep me logged in"])
        #expect(result.diagnostics.contains { $0.message.contains("checkbox or radio glyph") } == on)
    }
}

@Suite("The colour a box stands on")
struct RingMedianTests {
    /// The ring's pixels are those of the grown box whose centres the box does not hold; the median
    /// visits only them. Checked against every pixel of the grown box tested one by one.
    @Test(
        "The ring median equals the median of the pixels outside the box, for whole, fractional and clipped boxes",
        arguments: [
            r(10, 10, 20, 8), r(10.4, 9.6, 19.3, 8.2), r(0, 0, 15, 15), r(50, 30, 30, 20), r(-5, 35, 12, 12), r(20.5, 20.5, 0, 0),
            r(3.2, 4.7, 0.4, 0.3),
        ], [1.0, 2.5])
    func matchesEveryPixel(box: Rect, width: Double) {
        var pixels = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let n = i / 4
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8((n * 37) % 251), UInt8((n * 11) % 253), UInt8((n * 5) % 241))
        }
        let image = RGBAImage(width: 64, height: 48, pixels: pixels)!
        let outer = Rect(x: box.minX - width, y: box.minY - width, width: box.width + 2 * width, height: box.height + 2 * width)
            .clamped(width: 64, height: 48)
        var ring: [RGB] = []
        for y in Int(outer.minY)..<Int(outer.maxY) {
            for x in Int(outer.minX)..<Int(outer.maxX) where !box.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                ring.append(image.color(x: x, y: y))
            }
        }
        #expect(image.ringMedian(around: box, width: width) == RGB.channelMedian(ring))
    }
}
