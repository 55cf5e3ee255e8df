import Foundation

/// §5.1: checkboxes and radio buttons the detector missed, found from their pixels beside a text.
///
/// The detector learnt checkboxes from synthetic screens; on ui-real valid it left 27 of the 103
/// `CheckedTextView` rows without a checkbox (2026-11-26), and every one of the 27 shows a
/// checkbox or radio glyph by eye: "Keep Me Logged In" was spoken as a plain text, a list of
/// radio rings as four texts. A user cannot tell such a row can be ticked.
///
/// A glyph is looked for on the row of each text: left of it (within three line heights), or at
/// the screen's right end (Android's settings rows put the box there). It is the ink blob nearest
/// the text, square-ish, about a line tall, and one of five shapes, each a drawing convention
/// of iOS, Material or the web:
/// - an empty square outline (unchecked box), or one with a tick drawn inside it (checked);
/// - a filled square with a tick cut out of it (Material's checked box);
/// - an empty ring (unchecked radio), or a ring around a round dot (checked radio).
///
/// Glyphs with anything else inside — a clock's hands, a gear's hub, an "i", an envelope's flap,
/// a calendar's date — are icons and are left alone, and so are hearts (their outline is no
/// circle).
public enum CheckboxGlyphs {
    /// The shape a glyph was read as.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case emptyBox, tickedBox, filledTickBox, emptyRing, dottedRing

        /// A tick or a dot: checked (selected).
        public var isChecked: Bool {
            switch self {
            case .emptyBox, .emptyRing: false
            case .tickedBox, .filledTickBox, .dottedRing: true
            }
        }
    }

    /// A glyph found: its box in image pixels and its shape.
    public struct Glyph: Sendable, Hashable {
        public var box: Rect
        public var kind: Kind
    }

    /// *Measured* on the checkbox rows of ui-real: the 27 valid rows the detector missed (shapes
    /// written while looking at them and at every glyph found on the 820 check screens), then
    /// checked once on 102 train screens with `CheckedTextView` rows none of the check lists
    /// holds (2026-11-26; the closing note has the figures).
    public enum Constants {
        /// Ink levels tried in turn (largest channel difference from the band's colour): the
        /// checkbox state's own, ``CheckboxState/Constants/inkThresholds`` — 40 finds dark and
        /// coloured glyphs, 24 and 14 the light grey rings and boxes of pale rows.
        public static let inkThresholds = CheckboxState.Constants.inkThresholds
        /// The glyph is looked for up to this many line heights left of the text (plus 4 px):
        /// a checkbox's text starts about one glyph width after it (the furthest of the 27: 1.6).
        public static let leftReach = 3.0
        /// …and its right side is at most this many of its own widths from the text.
        public static let maxLeftGap = 2.5
        /// A glyph at the row's right end ends in the rightmost 15 % of the screen (Android's
        /// settings rows: 0.90–0.95 of the width on the 27 rows).
        public static let rightEndShare = 0.85
        /// The band searched reaches this far above and below the text's middle, in line heights
        /// (at least half the text's height plus 0.3 line heights): the glyphs measured 0.9–2.1
        /// line heights.
        public static let bandHalfHeight = 1.15
        /// A glyph is 0.6–2.3 line heights tall and at least as many pixels (samples) as
        /// ``CheckboxState/Constants/minGlyphSide`` (6), and square-ish: width / height 0.8–1.25.
        public static let sideToLine: ClosedRange<Double> = 0.6...2.3
        public static let minSide = Int(CheckboxState.Constants.minGlyphSide)
        public static let aspect: ClosedRange<Double> = 0.8...1.25
        /// A box's four sides each hold ink along 85 % of their length, in a band a fifth of the
        /// glyph wide; its corners (beyond 1.1 of the inscribed circle's radius) are at least 35 %
        /// ink (rounded corners), a ring's at most 15 %.
        public static let minSideCover = 0.85
        public static let minBoxCornerInk = 0.35
        public static let maxRingCornerInk = 0.15
        /// Empty: at most 6 % of the inside (a quarter of the glyph in from each side) is ink —
        /// the empty boxes and rings found were 0 %, a clock's hands 20 % and more.
        public static let maxEmptyInk = 0.06
        /// A filled box is at least 60 % ink (Material's checked box at 18 px with its tick: 0.68;
        /// the three found on ui-real: 0.74–0.94); its one hole (at least 4 % of it) is the tick.
        public static let minFilledInk = 0.6
        public static let minHoleShare = 0.04
        /// A ring: 32 rays from the middle meet ink within 0.55–1.05 of the radius on at least 80 %
        /// of them (a faint JPEG ring loses a few), all within 0.25 of the radius of each other
        /// (a heart's cleft is deeper), half of them at 0.83 of it or further out — the ring is
        /// the glyph's outline (the rings found: medians 0.9–1.0; a location crosshair's ring lies
        /// inside the ticks that stick out of it, median 0.8, and on one of the 922 screens the
        /// rule was checked on it had been read as a checked radio) —, and the ring itself keeps
        /// outside 0.6 of the radius.
        public static let minRingRays = 0.8
        public static let maxRingSpread = 0.25
        public static let minRingMedianHit = 0.83
        public static let minRingRadius = 0.6
        /// A radio's dot sits within 15 % of the ring's middle, is 0.25–0.7 of its width, round
        /// and solid (65 % of its box).
        public static let dotOffset = 0.15
        public static let dotToRing: ClosedRange<Double> = 0.25...0.7
        public static let minDotFill = 0.65
        /// …and its ink's centre lies within 10 % of its width of its box's middle: a play triangle's
        /// lies a sixth of its width towards its base (a "▶ 음악듣기" button on ui-real valid).
        public static let maxDotImbalance = 0.1
        /// The rows are read every `step` pixels, the step making a line about 16 samples tall
        /// (at least 1): the size the rule was measured at on ui-real's 1x-sized screenshots, and a
        /// ninth of the work on a 3x one.
        public static let samplesPerLine = 16.0
    }

    /// The checkbox or radio glyph on the row of a text with this box, or nil. `lineHeight` is the
    /// height of one of the text's lines (its box, for one line).
    public static func find(_ image: RGBAImage, beside box: Rect, lineHeight: Double) -> Glyph? {
        // Only the part of the box on the image counts (a detections file may say anything).
        guard [box.minX, box.minY, box.maxX, box.maxY, lineHeight].allSatisfy(\.isFinite) else { return nil }
        let text = box.clamped(width: Double(image.width), height: Double(image.height))
        guard text.width > 0, text.height > 0 else { return nil }
        let line = max(1, min(lineHeight, text.height))
        let half = max(text.height / 2 + 0.3 * line, Constants.bandHalfHeight * line)
        let y0 = max(0, Int((text.midY - half).rounded(.down)))
        let y1 = min(image.height, Int((text.midY + half).rounded(.up)) + 1)
        let left = (max(0, Int((text.minX - Constants.leftReach * line - 4).rounded(.down))), min(image.width, Int(text.minX.rounded(.down))))
        // Right of the text only the screen's end can hold the glyph (it ends in the rightmost
        // 15 % and is at most 2.3 lines wide); the stretch before it must be blank, so that the
        // glyph is still the ink nearest the text. Checking that stretch at every second pixel
        // instead of finding its blobs keeps the rule's cost to a few milliseconds a screen.
        let textEnd = min(image.width, Int(text.maxX.rounded(.up)))
        let glyphStart = max(textEnd, Int((Constants.rightEndShare * Double(image.width) - Constants.sideToLine.upperBound * line).rounded(.down)) - 2)
        let step = max(1, Int(line / Constants.samplesPerLine))
        let rightOpen = glyphStart - textEnd < Constants.minSide || isBlank(image, x0: textEnd, x1: glyphStart, y0: y0, y1: y1, step: 2 * step)
        for (isLeft, (x0, x1)) in [(true, left), (false, (glyphStart, image.width))] where isLeft || rightOpen {
            guard x1 - x0 >= Constants.minSide * step, y1 - y0 >= Constants.minSide * step,
                let glyph = search(image, x0: x0, x1: x1, y0: y0, y1: y1, step: step, isLeft: isLeft, text: text, line: line)
            else { continue }
            return glyph
        }
        return nil
    }

    /// Whether a stretch of the row holds no ink: at most two of its pixels sampled every `step`
    /// rows and columns lie ``Constants/inkThresholds``' first level or more from its border's
    /// median colour (JPEG specks).
    static func isBlank(_ image: RGBAImage, x0: Int, x1: Int, y0: Int, y1: Int, step: Int) -> Bool {
        guard x1 - x0 >= 3, y1 - y0 >= 3 else { return true }
        let inner = Rect(x: Double(x0 + 1), y: Double(y0 + 1), width: Double(x1 - x0 - 2), height: Double(y1 - y0 - 2))
        guard let background = image.ringMedian(around: inner, width: 1), let level = Constants.inkThresholds.first else { return false }
        var specks = 0
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) where image.color(x: x, y: y).channelDistance(to: background) >= level {
                specks += 1
                if specks > 2 { return false }
            }
        }
        return true
    }

    /// The glyph nearest the text in one band, read every `step` pixels, or nil.
    static func search(_ image: RGBAImage, x0: Int, x1: Int, y0: Int, y1: Int, step: Int, isLeft: Bool, text: Rect, line fullLine: Double) -> Glyph? {
        // Sample coordinates from here on; `line` in samples.
        guard let (distance, w, h) = image.distanceMap(x0: x0, y0: y0, x1: x1, y1: y1, step: step) else { return nil }
        let line = fullLine / Double(step)
        for threshold in Constants.inkThresholds {
            let blobs = MaskBlob.blobs(of: distance.map { $0 >= threshold }, width: w, height: h)
                .filter { min($0.width, $0.height) >= Constants.minSide }
            guard let b = isLeft ? blobs.max(by: { $0.maxX < $1.maxX }) : blobs.min(by: { $0.minX < $1.minX }) else { continue }
            // The nearest blob is the glyph or nothing is: a failed test ends the search.
            let side = Double(max(b.width, b.height))
            let box = Rect(
                x: Double(x0 + b.minX * step), y: Double(y0 + b.minY * step), width: Double(b.width * step), height: Double(b.height * step))
            guard Constants.aspect.contains(Double(b.width) / Double(b.height)),
                side >= Constants.sideToLine.lowerBound * line, side <= Constants.sideToLine.upperBound * line,
                b.minY > 0, b.maxY < h - 1,  // a blob the band cuts is taller than a checkbox
                isLeft ? text.minX - box.maxX <= Constants.maxLeftGap * box.width : box.maxX >= Constants.rightEndShare * Double(image.width)
            else { return nil }
            return classify(distance: distance, mapWidth: w, x0: b.minX, y0: b.minY, width: b.width, height: b.height, threshold: threshold)
                .map { Glyph(box: box, kind: $0) }
        }
        return nil
    }

    /// The shape of the glyph whose bounding box is `width × height` at (`x0`, `y0`) of a distance
    /// map (`distance`, rows `mapWidth` wide: each pixel's distance from the row's colour), inked
    /// at `threshold` — the band's level first; then half the glyph's own contrast, which parts a
    /// radio's dot from its ring and a tick from its fill where JPEG blurs them together.
    static func classify(distance: [Int], mapWidth: Int, x0: Int, y0: Int, width: Int, height: Int, threshold: Int) -> Kind? {
        guard width > 0, height > 0, x0 >= 0, y0 >= 0, x0 + width <= mapWidth, (y0 + height) * mapWidth <= distance.count else { return nil }
        var sub = [Int]()
        sub.reserveCapacity(width * height)
        for y in y0..<(y0 + height) { for x in x0..<(x0 + width) { sub.append(distance[y * mapWidth + x]) } }
        let own = max(threshold, Int(0.5 * Double(percentile95(sub))))
        for level in own > threshold ? [threshold, own] : [threshold] {
            if let kind = classify(sub.map { $0 >= level }, width: width, height: height) { return kind }
        }
        return nil
    }

    static func percentile95(_ values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((0.95 * Double(sorted.count - 1)).rounded()))]
    }

    /// The shape of a glyph's ink (`mask`, `width × height`, its bounding box), or nil when it is
    /// none of the five.
    public static func classify(_ mask: [Bool], width w: Int, height h: Int) -> Kind? {
        guard w >= Constants.minSide, h >= Constants.minSide, mask.count == w * h else { return nil }
        func ink(_ x: Int, _ y: Int) -> Bool { mask[y * w + x] }
        func share(_ xs: Range<Int>, _ ys: Range<Int>) -> Double {
            guard !xs.isEmpty, !ys.isEmpty else { return 1 }
            var n = 0
            for y in ys { for x in xs where ink(x, y) { n += 1 } }
            return Double(n) / Double(xs.count * ys.count)
        }
        let side = min(w, h)
        let band = max(1, Int((0.2 * Double(side)).rounded()))
        let covers = [
            Double((0..<w).filter { x in (0..<band).contains { ink(x, $0) } }.count) / Double(w),
            Double((0..<w).filter { x in (h - band..<h).contains { ink(x, $0) } }.count) / Double(w),
            Double((0..<h).filter { y in (0..<band).contains { ink($0, y) } }.count) / Double(h),
            Double((0..<h).filter { y in (w - band..<w).contains { ink($0, y) } }.count) / Double(h),
        ]
        let inset = max(band + 1, Int((0.25 * Double(side)).rounded()))
        let insideInk = share(inset..<max(inset, w - inset), inset..<max(inset, h - inset))
        let cx = Double(w - 1) / 2
        let cy = Double(h - 1) / 2
        func radius(_ x: Int, _ y: Int) -> Double { hypot((Double(y) - cy) / (Double(h) / 2), (Double(x) - cx) / (Double(w) / 2)) }
        var corner = (ink: 0, all: 0)
        for y in 0..<h {
            for x in 0..<w where radius(x, y) > 1.1 {
                corner.all += 1
                corner.ink += ink(x, y) ? 1 : 0
            }
        }
        let cornerInk = corner.all > 0 ? Double(corner.ink) / Double(corner.all) : 0
        let total = share(0..<w, 0..<h)

        if covers.min()! >= Constants.minSideCover, cornerInk >= Constants.minBoxCornerInk {
            if insideInk <= Constants.maxEmptyInk { return .emptyBox }
            if total >= Constants.minFilledInk {
                let holes = MaskBlob.blobs(of: mask.map { !$0 }, width: w, height: h).filter {
                    $0.minX > 0 && $0.minY > 0 && $0.maxX < w - 1 && $0.maxY < h - 1 && Double($0.cells.count) >= Constants.minHoleShare * Double(w * h)
                }
                guard holes.count == 1 else { return nil }
                var hole = [Bool](repeating: false, count: w * h)
                for c in holes[0].cells { hole[c] = true }
                return isTick(hole, width: w, height: h) ? .filledTickBox : nil
            }
            // The inside of the outline: a tick drawn in it.
            var inside = [Bool]()
            for y in band..<max(band, h - band) { for x in band..<max(band, w - band) { inside.append(ink(x, y)) } }
            return isTick(inside, width: max(0, w - 2 * band), height: max(0, h - 2 * band)) ? .tickedBox : nil
        }

        // Rays from the middle: where each first meets ink, coming in from just outside the ring.
        var hits: [Double] = []
        let rays = 32
        for k in 0..<rays {
            let angle = 2 * Double.pi * Double(k) / Double(rays)
            for step in 0...10 {
                let s = 1.05 - 0.05 * Double(step)
                let x = Int((cx + cos(angle) * s * Double(w) / 2).rounded())
                let y = Int((cy + sin(angle) * s * Double(h) / 2).rounded())
                if x >= 0, y >= 0, x < w, y < h, ink(x, y) {
                    hits.append(s)
                    break
                }
            }
        }
        guard Double(hits.count) / Double(rays) >= Constants.minRingRays, let far = hits.max(), let near = hits.min(),
            far - near <= Constants.maxRingSpread, hits.sorted()[hits.count / 2] >= Constants.minRingMedianHit,
            cornerInk <= Constants.maxRingCornerInk
        else { return nil }
        let parts = MaskBlob.blobs(of: mask, width: w, height: h).filter { $0.cells.count >= 2 }
        guard let ring = parts.max(by: { $0.cells.count < $1.cells.count }),
            ring.cells.allSatisfy({ radius($0 % w, $0 / w) >= Constants.minRingRadius })
        else { return nil }
        let rest = parts.filter { $0 != ring }
        if rest.isEmpty, insideInk <= Constants.maxEmptyInk { return .emptyRing }
        guard rest.count == 1 else { return nil }
        let dot = rest[0]
        let dotX = Double(dot.minX + dot.maxX) / 2
        let dotY = Double(dot.minY + dot.maxY) / 2
        guard abs(dotX - cx) <= Constants.dotOffset * Double(w), abs(dotY - cy) <= Constants.dotOffset * Double(h),
            Constants.dotToRing.contains(Double(dot.width) / Double(w)), Constants.aspect.contains(Double(dot.width) / Double(dot.height)),
            Double(dot.cells.count) >= Constants.minDotFill * Double(dot.width * dot.height)
        else { return nil }
        // Round, not a play triangle (▶ in a ring): its ink balances about its box's middle.
        let massX = Double(dot.cells.map { $0 % w }.reduce(0, +)) / Double(dot.cells.count)
        guard abs(massX - dotX) <= Constants.maxDotImbalance * Double(dot.width) else { return nil }
        return .dottedRing
    }

    /// Whether the ink of a `width × height` mask is a tick (✓): a V whose lowest point lies in
    /// the left two thirds, with the short arm's end a quarter of its height up, and the long arm
    /// rising to the top on the right; thin (at most 55 % of its box is ink). An envelope's
    /// flap, a V of equal arms, is not one.
    static func isTick(_ mask: [Bool], width w: Int, height h: Int) -> Bool {
        guard w > 0, h > 0, mask.count == w * h else { return false }
        var low = [Int](repeating: -1, count: w)
        var top = [Int](repeating: Int.max, count: w)
        var count = 0
        for y in 0..<h {
            for x in 0..<w where mask[y * w + x] {
                low[x] = max(low[x], y)
                top[x] = min(top[x], y)
                count += 1
            }
        }
        let columns = (0..<w).filter { low[$0] >= 0 }
        guard count >= 5, let first = columns.first, let last = columns.last,
            let minY = columns.map({ top[$0] }).min(), let maxY = columns.map({ low[$0] }).max()
        else { return false }
        let bw = last - first + 1
        let bh = Double(maxY - minY + 1)
        guard bw >= 4, bh >= 3, Double(count) / (Double(bw) * bh) <= 0.55 else { return false }
        guard let vertex = columns.first(where: { low[$0] == maxY }) else { return false }
        let v = Double(vertex - first)
        guard v >= 0.15 * Double(bw), v <= 0.65 * Double(bw) else { return false }
        let k = max(1, Int(0.2 * Double(bw)))
        let leftColumns = columns.filter { $0 < first + k }
        let rightColumns = columns.filter { $0 > last - k }
        func mean(_ cs: [Int], _ f: (Int) -> Int) -> Double { Double(cs.map(f).reduce(0, +)) / Double(max(1, cs.count)) }
        let lowest = Double(maxY)
        return mean(leftColumns, { low[$0] }) <= lowest - 0.25 * bh && mean(rightColumns, { low[$0] }) <= lowest - 0.5 * bh
            && mean(rightColumns, { top[$0] }) <= mean(leftColumns, { top[$0] }) - 0.15 * bh
    }
}

extension MissingElements {
    /// Checkboxes and radio buttons the detector missed, beside the texts of `detections`
    /// (``CheckboxGlyphs``), added as checkbox detections whose class says the glyph's state. An
    /// icon or small picture detection on the glyph (the detector's guess at it) is replaced; a
    /// glyph under any other element (a text, a control, a field) or a large picture is left alone,
    /// and so is a text that a checkbox or switch detection already holds (the detector's box is
    /// often the whole row, starting where the glyph ends). Texts in the status bar (the top ``StatusBar/Constants/maxBottom`` of the screen) have none.
    public static func recoverCheckboxGlyphs(_ detections: [Detection], image: RGBAImage, lines: [RecognizedText]) -> (
        detections: [Detection], added: Int
    ) {
        let top = StatusBar.Constants.maxBottom * Double(image.height)
        var removed = Set<Int>()
        var added: [Detection] = []
        for (i, d) in detections.enumerated() where d.type == .text && d.box.maxY > top {
            guard let text = d.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
                !detections.contains(where: { o in
                    [.checkboxSelected, .checkboxUnselected, .toggleSelected, .toggleUnselected].contains(o.type)
                        && (o.box.intersection(d.box)?.area ?? 0) >= 0.5 * d.box.area
                })
            else { continue }
            let own = lines.filter { d.box.contains(Point(x: $0.box.midX, y: $0.box.midY)) }
            let lineHeight = own.min(by: { $0.box.minY < $1.box.minY })?.box.height ?? d.box.height
            guard let glyph = CheckboxGlyphs.find(image, beside: d.box, lineHeight: lineHeight),
                !added.contains(where: { $0.box.intersection(glyph.box) != nil })
            else { continue }
            var replaced: [Int] = []
            var blocked = false
            for (j, o) in detections.enumerated() where j != i {
                guard let overlap = o.box.intersection(glyph.box), overlap.area >= 0.5 * glyph.box.area else { continue }
                switch o.type {
                case .container, .dialog: continue
                case .icon, .picture:
                    if o.box.area <= 4 * glyph.box.area { replaced.append(j) } else { blocked = true }
                default: blocked = true
                }
            }
            guard !blocked else { continue }
            removed.formUnion(replaced)
            added.append(
                Detection(
                    type: glyph.kind.isChecked ? .checkboxSelected : .checkboxUnselected, box: glyph.box, confidence: d.confidence,
                    source: .checkboxGlyph))
        }
        guard !added.isEmpty else { return (detections, 0) }
        return (detections.enumerated().filter { !removed.contains($0.offset) }.map(\.element) + added, added.count)
    }
}
