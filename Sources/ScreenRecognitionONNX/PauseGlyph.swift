import ScreenRecognition

/// "Pause" and "more" checked against the glyph's pixels. The model calls many two-part or striped marks
/// pause. Across ui-real valid, the first 300 train screens and 60 iPhone train screenshots,
/// 11 of its 14 "Pause" labels were something else (2026-11-25, checked by eye): tricolour flags
/// in discs, equalizer bars, a "0" count, piano keys, a U-Bahn sign, a club's crest. A pause glyph
/// is two bars, so the label stands only where the icon's ink is two upright bars side by side
/// (``drawsTwoBars(_:box:)``). The three real pause buttons among those 14 pass.
extension ONNXIconClassifier {
    /// A piece of ink (or of background enclosed by ink): its box, in pixels of the region read,
    /// its size in pixels and its mean colour.
    struct InkPart {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int
        var pixels: Int
        var colour: (r: Double, g: Double, b: Double)
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        func encloses(_ o: InkPart) -> Bool { minX <= o.minX && minY <= o.minY && maxX >= o.maxX && maxY >= o.maxY }
    }

    /// The box is read with this many pixels around it, so that a glyph its box fits tightly does
    /// not touch the region's edge: 3 — *design choice*, the detector's boxes sit within 1–2 px of
    /// the ink.
    static let barsMargin = 3

    /// Whether the icon in `box` draws two upright bars side by side: a pause glyph. Ink is what
    /// lies at least 40 (`SelectionSettings.minTintDistance`) from the median colour of the region's
    /// edge, in eight-connected parts that do not touch that edge. A part enclosing all the others
    /// (a ring around the glyph) is left out. A single part with exactly two holes (a filled disc
    /// with the bars cut out of it) is judged by its holes. The two parts must share a colour
    /// (within 40: a tricolour flag's stripes do not), each be at least
    /// ``minBarAspect`` times as tall as wide, be within ``minBarHeightRatio`` of each other's
    /// height, and overlap vertically by that share of the shorter one, left and right of each
    /// other.
    public static func drawsTwoBars(_ image: RGBAImage, box: Rect) -> Bool {
        guard let parts = glyphParts(image, box: box), parts.count == 2 else { return false }
        let pair = parts.sorted { $0.minX < $1.minX }
        let (a, b) = (pair[0], pair[1])
        let colourGap = max(abs(a.colour.r - b.colour.r), abs(a.colour.g - b.colour.g), abs(a.colour.b - b.colour.b))
        guard colourGap < 40, a.maxX < b.minX else { return false }
        for p in pair where Double(p.height) < minBarAspect * Double(p.width) { return false }
        let shorter = Double(min(a.height, b.height))
        guard shorter >= minBarHeightRatio * Double(max(a.height, b.height)) else { return false }
        let overlap = Double(min(a.maxY, b.maxY) - max(a.minY, b.minY) + 1)
        return overlap >= minBarHeightRatio * shorter
    }

    /// Whether the icon in `box` could be a "more" glyph (three dots, ⋯ or ⋮): its ink is not in
    /// four or more parts (`glyphParts(_:box:)`). A row of rating stars, five parts, read "more"
    /// three times on ui-real valid and train (2026-11-25); dots blurred together at 1x make fewer
    /// parts, never more, so only the excess is refused.
    public static func couldDrawThreeDots(_ image: RGBAImage, box: Rect) -> Bool {
        guard let parts = glyphParts(image, box: box) else { return true }
        return parts.count <= 3
    }

    /// The parts of the icon's glyph in `box` (nil when the box cannot be read): ink is what lies
    /// at least 40 from the median colour of the region's edge (the box and ``barsMargin`` around
    /// it), in eight-connected parts that do not touch that edge; a part enclosing all the others
    /// (a ring) is left out, and a single part is replaced by its holes when it has any (a filled
    /// disc with the glyph cut out of it).
    static func glyphParts(_ image: RGBAImage, box: Rect) -> [InkPart]? {
        guard [box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite) else { return nil }
        let x0 = max(0, Int(box.minX.rounded(.down)) - barsMargin)
        let y0 = max(0, Int(box.minY.rounded(.down)) - barsMargin)
        let x1 = min(image.width, Int(box.maxX.rounded(.up)) + barsMargin)
        let y1 = min(image.height, Int(box.maxY.rounded(.up)) + barsMargin)
        let w = x1 - x0
        let h = y1 - y0
        guard w >= 5, h >= 5 else { return nil }
        var edge: [RGB] = []
        for x in 0..<w { edge += [image.color(x: x0 + x, y: y0), image.color(x: x0 + x, y: y1 - 1)] }
        for y in 0..<h { edge += [image.color(x: x0, y: y0 + y), image.color(x: x1 - 1, y: y0 + y)] }
        guard let background = RGB.channelMedian(edge) else { return nil }
        let ink = inkMask(image, x0: x0, y0: y0, width: w, height: h, awayFrom: background)
        var parts = strongParts(components(of: ink, width: w, height: h, image: image, x0: x0, y0: y0), against: background)
        if parts.count > 1, let ring = parts.firstIndex(where: { p in parts.allSatisfy { p.encloses($0) } }) {
            parts.remove(at: ring)
        }
        if parts.count == 1 {
            // The background enclosed by the one part: its holes.
            let holes = components(of: ink.map { !$0 }, width: w, height: h, image: image, x0: x0, y0: y0)
            if !holes.isEmpty { parts = holes }
        }
        return parts
    }

    /// `parts` without those whose mean colour lies less than ``strongInkDistance`` from `colour`
    /// (the page or fill they were told from), where some part lies that far: specks of a button's
    /// disc and its anti-aliased rim that only just pass as ink. A music player's dark-red pause
    /// disc, 38–42 from its page, broke into 13 such specks around the two bars (ui-real train,
    /// 2026-11-25). A glyph all of faint parts is judged as it is.
    static func strongParts(_ parts: [InkPart], against colour: RGB) -> [InkPart] {
        let strong = parts.filter { colour.distance(to: $0.colour) >= strongInkDistance }
        return strong.isEmpty ? parts : strong
    }

    /// A glyph's parts lie at least this far from the page or fill, in their mean colour, where any
    /// does: 80 — twice the ink bar (`SelectionSettings.minTintDistance`), *design choice*; glyphs
    /// are drawn to be seen (grey #999 on white lies 177 from it).
    static let strongInkDistance = 80.0

    /// A pause bar is at least this many times as tall as wide: 1.5 — *design choice*; Material's
    /// bars are 4 × 14 dp (3.5), the boldest iOS ones about 2.5.
    public static let minBarAspect = 1.5

    /// The two bars are within this share of each other's height and overlap by it: 0.7 — *design
    /// choice* (a pause glyph's bars are equal).
    public static let minBarHeightRatio = 0.7

    /// Which pixels of the `width × height` region at `x0, y0` lie at least 40
    /// (`SelectionSettings.minTintDistance`) from `colour`: the ink against a page or a fill.
    static func inkMask(_ image: RGBAImage, x0: Int, y0: Int, width w: Int, height h: Int, awayFrom colour: RGB) -> [Bool] {
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w { ink[y * w + x] = image.color(x: x0 + x, y: y0 + y).distance(to: colour) >= 40 }
        }
        return ink
    }

    /// The eight-connected parts of `mask` (a `width × height` region at `x0, y0` of `image`) that
    /// do not touch the region's edge, of at least `minPixels` pixels, with their mean colours.
    static func components(
        of mask: [Bool], width w: Int, height h: Int, image: RGBAImage, x0: Int, y0: Int, minPixels: Int = 3
    ) -> [InkPart] {
        MaskBlob.blobs(of: mask, width: w, height: h).compactMap { blob in
            let touchesEdge = blob.minX == 0 || blob.minY == 0 || blob.maxX == w - 1 || blob.maxY == h - 1
            guard !touchesEdge, blob.cells.count >= minPixels else { return nil }
            var (r, g, b) = (0.0, 0.0, 0.0)
            for i in blob.cells {
                let c = image.color(x: x0 + i % w, y: y0 + i / w)
                (r, g, b) = (r + Double(c.r), g + Double(c.g), b + Double(c.b))
            }
            let m = Double(blob.cells.count)
            return InkPart(minX: blob.minX, minY: blob.minY, maxX: blob.maxX, maxY: blob.maxY, pixels: blob.cells.count, colour: (r / m, g / m, b / m))
        }
    }
}
