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
        // Background: the median of the ring one pixel outside the box.
        var ring: [RGB] = []
        for x in (x0 - 1)...x1 {
            for y in [y0 - 1, y1] where x >= 0 && y >= 0 && x < image.width && y < image.height { ring.append(image.color(x: x, y: y)) }
        }
        for y in y0..<y1 {
            for x in [x0 - 1, x1] where x >= 0 && x < image.width { ring.append(image.color(x: x, y: y)) }
        }
        guard ring.count >= 4, let bg = RGB.channelMedian(ring) else { return false }
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

    /// How many times longer than wide a box of three dots is at least: 2 — three round dots with
    /// gaps are about 3–4 times as long as wide, a square icon is 1 — *design choice*.
    public static let minElongation = 2.0
    /// A dot is at most this many times as wide (across the row) as it is long (along it): 2 —
    /// anti-aliasing widens a 2 px dot to 3 px; the bars of a menu glyph are 4–8 times as wide as
    /// thick — *design choice*.
    public static let maxDotAspect = 2.0
}
