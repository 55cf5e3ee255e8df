import Foundation

/// §5.3: a checkbox's state from its pixels. The detector's checked and unchecked classes learnt
/// the state from synthetic screens only (ui-real's CheckedTextView boxes carry none), and on real
/// screens they were right for 39 of 180 checkboxes (ui-real valid, the first 300 train screens and
/// 180 iPhone screenshots, judged by eye, 2026-11-25): a list of empty radio buttons was spoken
/// "Checked" row after row.
///
/// The box the detector draws is usually the whole row — the glyph and its text. The glyph is the
/// square-ish blob of ink (pixels that differ from the row's colour) at the row's left or right
/// end that lies outside the row's text. It is checked when its middle holds ink — a radio's dot,
/// a tick, a filled box — unless the glyph is one plain colour inside (an empty white box on a dark
/// row is unchecked).
public enum CheckboxState {
    /// What was read: the glyph's box in image pixels and whether it is checked.
    public struct Reading: Sendable, Hashable {
        public var glyph: Rect
        public var isChecked: Bool
        /// The glyph's shape (``CheckboxGlyphs/classify(_:width:height:)``), nil when it is none
        /// of the five: a ring tells a radio button from a checkbox (`RadioButtonStage`).
        public var shape: CheckboxGlyphs.Kind? = nil
    }

    /// The state of the checkbox in `box`, or nil when no glyph is found there (then the detector's
    /// class stands). `texts` are the boxes of the text on the screen (OCR lines, text detections):
    /// a blob whose centre lies in one is a letter ("O" of "Only from my country"), not the glyph.
    /// With `withShape`, the glyph's shape is read too (``Reading/shape``).
    public static func read(_ image: RGBAImage, box: Rect, texts: [Rect], withShape: Bool = false) -> Reading? {
        let side = max(2, Int((Constants.sideMarginToHeight * box.height).rounded()))
        let x0 = max(0, Int(box.minX.rounded(.down)) - side)
        let x1 = min(image.width, Int(box.maxX.rounded(.up)) + side)
        let y0 = max(0, Int(box.minY.rounded(.down)) - 1)
        let y1 = min(image.height, Int(box.maxY.rounded(.up)) + 1)
        let w = x1 - x0
        let h = y1 - y0
        guard Double(min(w, h)) >= Constants.minGlyphSide, w * h <= Constants.maxPixels else { return nil }
        // Each pixel's distance from the row's colour (the median of the crop's outermost pixels).
        guard let distance = image.distanceMap(x0: x0, y0: y0, x1: x1, y1: y1)?.distance else { return nil }
        let nearText = texts.filter { $0.intersection(box) != nil }
        for threshold in Constants.inkThresholds {
            let ink = distance.map { $0 >= threshold }
            let blobs = MaskBlob.blobs(of: ink, width: w, height: h).map {
                Rect(x: Double($0.minX), y: Double($0.minY), width: Double($0.width), height: Double($0.height))
            }
            let candidates = blobs.filter { b in
                let side = min(b.width, b.height)
                guard side >= Constants.minGlyphSide, Constants.glyphAspect.contains(b.width / b.height) else { return false }
                let centre = Point(x: Double(x0) + b.midX, y: Double(y0) + b.midY)
                return !nearText.contains { $0.contains(centre) }
            }
            guard let left = candidates.min(by: { $0.minX < $1.minX }), let right = candidates.max(by: { $0.maxX < $1.maxX }) else { continue }
            let glyph = left.area >= right.area ? left : right
            let checked = isChecked(glyph, ink: ink, width: w, crop: (x0, y0), image: image)
            let shape =
                withShape
                ? CheckboxGlyphs.classify(
                    distance: distance, mapWidth: w, x0: Int(glyph.minX), y0: Int(glyph.minY), width: Int(glyph.width), height: Int(glyph.height),
                    threshold: threshold) : nil
            return Reading(
                glyph: Rect(x: Double(x0) + glyph.minX, y: Double(y0) + glyph.minY, width: glyph.width, height: glyph.height), isChecked: checked,
                shape: shape)
        }
        return nil
    }

    /// Checked: at least ``Constants/middleInkShare`` of the glyph's middle (its central 40 % each
    /// way) is ink, and its inside (central 60 %) is not one plain colour
    /// (``Constants/plainShare`` of it within ``Constants/plainDistance`` of its median).
    static func isChecked(_ glyph: Rect, ink: [Bool], width w: Int, crop: (x: Int, y: Int), image: RGBAImage) -> Bool {
        func region(_ margin: Double) -> [(Int, Int)] {
            let mx = Int((margin * glyph.width).rounded())
            let my = Int((margin * glyph.height).rounded())
            let xs = (Int(glyph.minX) + mx)..<max(Int(glyph.minX) + mx + 1, Int(glyph.maxX) - mx)
            let ys = (Int(glyph.minY) + my)..<max(Int(glyph.minY) + my + 1, Int(glyph.maxY) - my)
            return ys.flatMap { y in xs.map { x in (x, y) } }
        }
        let middle = region(0.3)
        let inkShare = Double(middle.filter { ink[$0.1 * w + $0.0] }.count) / Double(middle.count)
        guard inkShare >= Constants.middleInkShare else { return false }
        let inside = region(0.2).map { image.color(x: crop.x + $0.0, y: crop.y + $0.1) }
        guard let median = RGB.channelMedian(inside) else { return true }
        let plain = Double(inside.filter { $0.channelDistance(to: median) < Constants.plainDistance }.count) / Double(inside.count)
        return plain < Constants.plainShare
    }

    /// *Measured* on the 186 checkboxes the analysis finds on ui-real valid, the first 300 train
    /// screens and 180 iPhone screenshots, each judged checked or unchecked by eye (2026-11-25).
    public enum Constants {
        /// Ink is a pixel whose largest channel difference from the row's colour (the median of the
        /// box's border) is at least this; tried in this order until a glyph is found: 40 found
        /// the glyphs of 158 of the 180 judged checkboxes, 24 the faint rings on dark rows, 14 the
        /// light grey boxes of a shop's filter list.
        public static let inkThresholds = [40, 24, 14]
        /// A glyph is at least 6 px each way — *design choice*: the smallest boxes judged were
        /// 11–13 px; the strokes of letters and JPEG specks are smaller.
        public static let minGlyphSide: Double = 6
        /// …and square-ish: width / height in 0.75...1.33 (the judged glyphs: 0.85–1.15).
        public static let glyphAspect: ClosedRange<Double> = 0.75...1.33
        /// A checked glyph's middle is 50–100 % ink, an unchecked one's 0 % (of 180, one outlier:
        /// a ring cut by the box edge, 0.67): 0.3.
        public static let middleInkShare = 0.3
        /// An unchecked glyph's inside is plain: 96–100 % of it within 40 of its median colour;
        /// a checked one's at most 75 % (a tick or a dot on another colour): 0.9.
        public static let plainShare = 0.9
        public static let plainDistance = 40
        /// The glyph may stand outside the detector's box, which often ends at the row's text: the
        /// row is searched this many times its height further each side (at least 2 px). Of
        /// 0, 0.5 and 1, 1 found a glyph for every judged checkbox of the 180 and read them all
        /// right (0: 177); on 88 judged from 700 other train screens 0.5 and 1 both read 86 (0: 83).
        public static let sideMarginToHeight = 1.0
        /// Boxes larger than this many pixels are not a checkbox row (a detector's mistake over a
        /// card): 400,000 — *design choice*, a full-width row of a 3x screenshot is ~3,500 × 60.
        static let maxPixels = 400_000
    }
}

extension RGB {
    /// The largest of the three channel differences (0...255): a pixel's ink against a fill, as
    /// a designer's "10 % darker" moves every channel.
    func channelDistance(to o: RGB) -> Int {
        max(abs(Int(r) - Int(o.r)), abs(Int(g) - Int(o.g)), abs(Int(b) - Int(o.b)))
    }
}

extension RGBAImage {
    /// Each pixel's ``RGB/channelDistance(to:)`` from the colour the area `x0..<x1 × y0..<y1`
    /// stands on (the median of its outermost pixels), sampled every `step` pixels each way:
    /// `width × height` samples in row-major order; nil when the area has no border pixels.
    /// Shared by the checkbox state (``CheckboxState``) and the missed-checkbox finder
    /// (``CheckboxGlyphs``).
    func distanceMap(x0: Int, y0: Int, x1: Int, y1: Int, step: Int = 1) -> (distance: [Int], width: Int, height: Int)? {
        let inner = Rect(x: Double(x0 + 1), y: Double(y0 + 1), width: Double(x1 - x0 - 2), height: Double(y1 - y0 - 2))
        guard step >= 1, let background = ringMedian(around: inner, width: 1) else { return nil }
        let w = (x1 - x0) / step
        let h = (y1 - y0) / step
        var distance = [Int](repeating: 0, count: max(0, w * h))
        for y in 0..<max(0, h) {
            for x in 0..<max(0, w) { distance[y * w + x] = color(x: x0 + x * step, y: y0 + y * step).channelDistance(to: background) }
        }
        return (distance, w, h)
    }
}

extension Element {
    /// A checkbox's state read from pixels: its value (``Metadata/checkboxValue(checked:)``) and
    /// its detections' class follow.
    mutating func setChecked(_ checked: Bool) {
        value = Metadata.checkboxValue(checked: checked)
        for i in detections.indices where detections[i].type == .checkboxSelected || detections[i].type == .checkboxUnselected {
            detections[i].type = checked ? .checkboxSelected : .checkboxUnselected
        }
    }
}
