import Foundation

/// Glyphs recognised from their pixels alone, for icons too small for the icon classifier.
public enum IconGlyphs {
    /// Whether `box` holds three dots in a row along its long side — the overflow "more" glyph
    /// (⋮ on Android, ⋯ on iOS). ui-real's screenshots draw it 3–4 px wide (385 px screens), where
    /// the classifier's 40 × 40 input sees a smear. The box must be at least ``minElongation`` times
    /// as long as wide; the background is the median colour of the ring just outside it; a row
    /// (column) is ink when a pixel in it is at least half the glyph's largest distance from that
    /// colour, and at least `minDistance`; there must be
    /// exactly three runs of ink, each at most twice as long as the shortest and no more than
    /// ``maxDotAspect`` times as wide as long (dots, not the bars of "≡").
    public static func isThreeDots(_ image: RGBAImage, box: Rect, minDistance: Double) -> Bool {
        guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return false }
        let vertical = box.height >= minElongation * box.width
        guard vertical || box.width >= minElongation * box.height else { return false }
        let (x0, x1, y0, y1) = SelectionState.pixelBounds(image, box)
        // At most 200 × 200 px: an icon, not a strip of the screen — *design choice*, bounding the work.
        guard x1 - x0 >= 1, y1 - y0 >= 1, (x1 - x0) * (y1 - y0) <= 40_000 else { return false }
        guard let bg = ringMedian(image, x0, x1, y0, y1) else { return false }
        // Each step along the box: its pixels' distances from the background. A step is ink when
        // its largest distance reaches half the glyph's largest (JPEG blurs the 1–2 px gaps
        // between the dots to about a quarter of it) and at least `minDistance`.
        let along = vertical ? (y0..<y1) : (x0..<x1)
        let across = vertical ? (x0..<x1) : (y0..<y1)
        let distances: [[Double]] = along.map { a in
            across.map { c in (vertical ? image.color(x: c, y: a) : image.color(x: a, y: c)).distance(to: bg) }
        }
        let peak = distances.map { $0.max() ?? 0 }.max() ?? 0
        let threshold = max(minDistance, peak / 2)
        let extent: [Int] = distances.map { row in
            guard let lo = row.firstIndex(where: { $0 >= threshold }), let hi = row.lastIndex(where: { $0 >= threshold }) else { return 0 }
            return hi - lo + 1
        }
        var runs: [(length: Int, width: Int)] = []
        var inRun = false
        for e in extent {
            if e > 0 {
                if inRun {
                    runs[runs.count - 1].length += 1
                    runs[runs.count - 1].width = max(runs[runs.count - 1].width, e)
                } else {
                    runs.append((1, e))
                    inRun = true
                }
            } else {
                inRun = false
            }
        }
        guard runs.count == 3, let shortest = runs.map(\.length).min(), let longest = runs.map(\.length).max(), longest <= 2 * shortest else {
            return false
        }
        return runs.allSatisfy { Double($0.width) <= maxDotAspect * Double($0.length) }
    }

    /// The background around a pixel box: the median colour of the ring one pixel outside it;
    /// nil when fewer than 4 of its pixels are inside the image.
    static func ringMedian(_ image: RGBAImage, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> RGB? {
        var ring: [RGB] = []
        for x in (x0 - 1)...x1 {
            for y in [y0 - 1, y1] where x >= 0 && y >= 0 && x < image.width && y < image.height { ring.append(image.color(x: x, y: y)) }
        }
        for y in y0..<y1 {
            for x in [x0 - 1, x1] where x >= 0 && x < image.width { ring.append(image.color(x: x, y: y)) }
        }
        return ring.count >= 4 ? RGB.channelMedian(ring) : nil
    }

    /// The direction a small chevron (› ‹ ⌃ ⌄) or caret triangle (▼ ▲) in `box` points:
    /// ``IconMeaning/forward``, ``IconMeaning/back``, ``IconMeaning/up`` or ``IconMeaning/down``;
    /// nil for anything else. ui-real's disclosure chevrons and dropdown carets are 4–12 px on its
    /// 385 px screens, where the classifier's input sees a smear (17 of ui-real valid's unknown
    /// icons) or a checkmark (15 chevrons ⌄ called "checkmark").
    ///
    /// The glyph is the ink (pixels at least half the largest distance from the ring just outside
    /// the box, and at least `minDistance`), cropped to its extent. Along the axis it points on,
    /// the ink's extent across that axis must fall from the open end to the tip — monotonically
    /// (within a pixel), in a straight line (within 1.5 px or a quarter of the open end), from at
    /// least 80 % of the glyph's breadth to at most half of the open end —, stay centred on the
    /// axis (every line's middle within a pixel), and the glyph must be its own mirror image
    /// across the axis, or one half a pixel beside it (IoU ≥ ``minMirrorOverlap``; a checkmark ✓
    /// is not). The lines across the
    /// open end's quarter must cross two strokes (a chevron's arms) or, for a filled glyph (ink
    /// ≥ ``minSolidFill`` of its box), one (a triangle's base). Exactly one of the two axes may
    /// qualify. A filled triangle pointing sideways is a play or rewind glyph, so it is a chevron
    /// only when no side of its ink exceeds `maxTinySide` pixels (a chevron 3 × 5 px fills its box).
    ///
    /// A box that reads no direction is tried once more grown by a pixel on every side: a box
    /// hugging a 7 × 9 px anti-aliased › reads it lopsided, and a pixel more of the page around it
    /// reads it right (a 1x iPhone list's ›, ui-real train; on ui-real valid and 300 random train
    /// screens the grown box read 5 more chevrons and carets, all right by eye, 2026-11-26).
    ///
    /// Then both boxes are read again with fainter ink, down each of `inkShares` in turn (ink is
    /// then at least that share of the largest distance, and at least twice that share of
    /// `minDistance`): a 1 px › at 1x whose one arm JPEG left a pixel thick and the other two, or a
    /// light grey › on white (a distance of 66), reads as one arm at half the largest distance.
    public static func chevronDirection(
        _ image: RGBAImage, box: Rect, minDistance: Double, maxTinySide: Double, inkShares: [Double] = IconGlyphs.inkShares
    ) -> IconMeaning? {
        guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return nil }
        for share in inkShares {
            for b in [box, box.insetBy(dx: -1, dy: -1)] {
                if let d = direction(image, box: b, minDistance: minDistance, maxTinySide: maxTinySide, inkShare: share) { return d }
            }
        }
        return nil
    }

    static func direction(_ image: RGBAImage, box: Rect, minDistance: Double, maxTinySide: Double, inkShare: Double = 0.5) -> IconMeaning? {
        let (x0, x1, y0, y1) = SelectionState.pixelBounds(image, box)
        guard x1 - x0 >= 3, y1 - y0 >= 3, (x1 - x0) * (y1 - y0) <= 40_000, let bg = ringMedian(image, x0, x1, y0, y1) else { return nil }
        let distance: [[Double]] = (y0..<y1).map { y in (x0..<x1).map { x in image.color(x: x, y: y).distance(to: bg) } }
        let peak = distance.map { $0.max() ?? 0 }.max() ?? 0
        guard peak >= minDistance else { return nil }
        let threshold = max(2 * inkShare * minDistance, inkShare * peak)
        let ink = distance.map { row in row.map { $0 >= threshold } }
        let rows = ink.indices.filter { ink[$0].contains(true) }
        let cols = ink[0].indices.filter { c in ink.contains { $0[c] } }
        guard let top = rows.first, let bottom = rows.last, let left = cols.first, let right = cols.last else { return nil }
        let h = bottom - top + 1
        let w = right - left + 1
        guard h >= 3, w >= 3 else { return nil }
        // The glyph's mask, rows top to bottom.
        let mask: [[Bool]] = (top...bottom).map { y in Array(ink[y][left...right]) }
        let fill = Double(mask.reduce(0) { $0 + $1.filter { $0 }.count }) / Double(w * h)

        struct Reading {
            var meaning: IconMeaning
            var solid: Bool
        }
        // `lines[k]` is the k-th line across the axis (a column for the horizontal axis).
        func reading(horizontal: Bool) -> Reading? {
            let lines: [[Bool]] = horizontal ? (0..<w).map { x in (0..<h).map { mask[$0][x] } } : mask
            let n = lines.count
            let breadth = lines[0].count
            var extents: [Double] = []
            for line in lines {
                guard let lo = line.firstIndex(of: true), let hi = line.lastIndex(of: true) else { return nil }
                extents.append(Double(hi - lo + 1))
                // Centred on the axis.
                guard abs(Double(lo + hi) / 2 - Double(breadth - 1) / 2) <= 1 else { return nil }
            }
            let q = max(1, n / 4)
            let head = extents.prefix(q).reduce(0, +) / Double(q)
            let tail = extents.suffix(q).reduce(0, +) / Double(q)
            // Oriented from the open end to the tip.
            let towardEnd = head >= tail
            let e = towardEnd ? extents : extents.reversed()
            let open = max(head, tail)
            let tip = min(head, tail)
            guard zip(e, e.dropFirst()).allSatisfy({ $1 <= $0 + 1 }), tip <= 0.5 * open, open >= 0.8 * Double(breadth) else { return nil }
            let tolerance = max(1.5, 0.25 * open)
            guard e.indices.allSatisfy({ abs(e[$0] - (open + (tip - open) * Double($0) / Double(max(1, n - 1)))) <= tolerance }) else { return nil }
            // Mirror image across the axis, or across one half a pixel to either side: at 1x one
            // anti-aliased pixel on one arm's end moves the box's middle by half a pixel (a 10 × 5
            // ⌄ on a dark iPhone bar, ui-real's iPhone screens, 2026-11-25: 0.55 about the box's
            // middle, 0.74 half a pixel to the right).
            let overlap =
                (-1...1).map { shift -> Double in
                    var both = 0
                    var either = 0
                    for line in lines {
                        let count = line.count
                        for j in 0..<count {
                            let m = count - 1 - j + shift
                            let b = (0..<count).contains(m) && line[m]
                            if line[j] && b { both += 1 }
                            if line[j] || b { either += 1 }
                        }
                    }
                    return either > 0 ? Double(both) / Double(either) : 0
                }.max() ?? 0
            guard overlap >= minMirrorOverlap else { return nil }
            // Strokes crossed by the lines of the open end's quarter.
            let openLines = towardEnd ? Array(lines.prefix(q)) : Array(lines.suffix(q))
            let strokes = openLines.map { line in line.indices.filter { line[$0] && ($0 == 0 || !line[$0 - 1]) }.count }
            let arms = strokes.allSatisfy { $0 == 2 }
            guard arms || (strokes.allSatisfy { $0 == 1 } && fill >= minSolidFill) else { return nil }
            let meaning: IconMeaning = horizontal ? (towardEnd ? .forward : .back) : (towardEnd ? .down : .up)
            return Reading(meaning: meaning, solid: !arms)
        }
        let found = [reading(horizontal: true), reading(horizontal: false)].compactMap { $0 }
        guard found.count == 1, let r = found.first else { return nil }
        if r.solid, r.meaning == .forward || r.meaning == .back, Double(max(w, h)) > maxTinySide { return nil }
        return r.meaning
    }

    /// ``chevronDirection(_:box:minDistance:maxTinySide:inkShares:)``: how much of its mirror image a chevron
    /// covers at least (intersection over union): 0.6 — on ui-real valid's analyses the chevrons
    /// and carets it found covered 0.6–1; an up chevron on black at 0.5 was let go — *design choice*.
    public static let minMirrorOverlap = 0.6
    /// ``chevronDirection(_:box:minDistance:maxTinySide:inkShares:)``: the shares of a glyph's
    /// largest distance from its background at which its ink is read, in turn: ½, then ⅓ and ¼ —
    /// on ui-real valid, 300 random train screens and 314 more (2026-11-26), the fainter two read
    /// 30 more chevrons and carets that the classifier and the first reading had left unknown or
    /// called a checkmark, 29 right by eye and one too faint to tell; the one wrong reading, an
    /// outlined ▷ the classifier had rightly called "play", is why a glyph read as "play" is read
    /// at ½ only (`ContentStage`) — *measurement*.
    public static let inkShares = [0.5, 1.0 / 3, 0.25]
    /// A glyph whose ink fills at least this share of its box is filled (a triangle ▼), else
    /// outlined: 0.45 — a filled triangle fills half its box, a chevron's arms about a third at
    /// 10 px and more when smaller — *design choice*.
    public static let minSolidFill = 0.45
    /// `maxTinySide` as a share of the screen's width: 0.016 — 6 px on ui-real's 385 px screens,
    /// where the filled-looking disclosure chevrons are 3–5 px and the smallest play triangles of
    /// its valid split 7 px or more (18 px on a 1170 px, 3x screenshot) — *design choice*.
    public static let tinySideShare = 0.016

    /// How many times longer than wide a box of three dots is at least: 2 — three round dots with
    /// gaps are about 3–4 times as long as wide, a square icon is 1 — *design choice*.
    public static let minElongation = 2.0
    /// A dot is at most this many times as wide (across the row) as it is long (along it): 2 —
    /// anti-aliasing widens a 2 px dot to 3 px; the bars of a menu glyph are 4–8 times as wide as
    /// thick — *design choice*.
    public static let maxDotAspect = 2.0
}
