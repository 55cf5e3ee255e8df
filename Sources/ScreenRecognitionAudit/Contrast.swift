import Foundation
import ScreenRecognition

/// WCAG 2.2 colour arithmetic: relative luminance, contrast ratio, and the nearest passing colour.
/// Plain functions on plain values; none of them throws.
public enum Contrast {
    /// The relative luminance of an sRGB colour (WCAG 2.2 "relative luminance": linearised channels
    /// weighted 0.2126 R + 0.7152 G + 0.0722 B; the sRGB threshold 0.04045 of IEC 61966-2-1, which
    /// WCAG 2.2's definition notes its older 0.03928 differs from only in theory).
    public static func luminance(_ c: RGB) -> Double { c.relativeLuminance }

    /// An 8-bit sRGB channel, linearised (0...1).
    public static func linear(_ v: UInt8) -> Double { RGB.linear(v) }

    /// The WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter: 1 (same) to 21 (black on white).
    public static func ratio(_ a: RGB, _ b: RGB) -> Double {
        ratio(luminance: luminance(a), luminance(b))
    }

    public static func ratio(luminance a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The ratio as reports write it: `2.9:1` — truncated, not rounded, to one decimal, so that a
    /// failing 4.49 never reads as a passing `4.5:1`.
    public static func format(_ ratio: Double) -> String {
        String(format: "%.1f:1", (ratio * 10).rounded(.down) / 10)
    }

    /// A colour close to `color` with at least `required` contrast against `background`: `color`
    /// mixed towards black (on light backgrounds) or white (on dark ones) by the least amount that
    /// passes after 8-bit rounding, keeping its hue. `nil` when neither black nor white reaches the
    /// ratio against `background` (then the background must change).
    public static func passingColor(for color: RGB, against background: RGB, required: Double) -> RGB? {
        if ratio(color, background) >= required { return color }
        let lb = luminance(background)
        // Darken first when black contrasts more with the background than white does.
        let darkFirst = ratio(luminance: 0, lb) >= ratio(luminance: 1, lb)
        for target in darkFirst ? [RGB.black, RGB.white] : [RGB.white, RGB.black] {
            guard ratio(target, background) >= required else { continue }
            var lo = 0.0
            var hi = 1.0
            for _ in 0..<24 {
                let mid = (lo + hi) / 2
                if ratio(mix(color, target, mid), background) >= required { hi = mid } else { lo = mid }
            }
            // Step on until the rounded colour passes (at most a few 8-bit steps).
            var t = hi
            while t < 1, ratio(mix(color, target, t), background) < required { t = min(1, t + 0.002) }
            return mix(color, target, t)
        }
        return nil
    }

    /// `a` moved by `t` (0...1) of the way to `b`, per sRGB channel, rounded to the nearest 8-bit value.
    public static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(x) + (Double(y) - Double(x)) * t).rounded()))) }
        return RGB(r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b))
    }
}

/// What the pixels of one element show: its foreground (text ink, an icon's glyph) and background
/// colours, and the ink's geometry.
public struct ColorSample: Sendable, Hashable {
    /// The ink's colour: the median of its most saturated pixels (not of its anti-aliased edges).
    public var foreground: RGB
    /// The colour around the glyphs: the most common colour of the box and a ring around it.
    public var background: RGB
    /// The fraction of the ring around the box within noise of ``background`` (1: a flat fill;
    /// low: a photo or gradient, where one background colour means little).
    public var backgroundUniformity: Double
    /// Pixels at least half-way from the background to the foreground colour.
    public var inkPixels: Int
    /// The ink's rows: the first row with ink and the baseline (the last row dense with ink, so
    /// descenders are left out), in image pixels; the glyphs' cap height is `baseline - top + 1`.
    public var inkTop: Int
    public var baseline: Int
    /// The ink's columns, first and last, in image pixels.
    public var inkLeft: Int
    public var inkRight: Int
    /// The median width of horizontal ink runs in the lower x-height band (vertical stems), in pixels.
    public var strokeWidth: Double
    /// Lines of text: bands of ink rows, counted top to bottom (sizes are measured on the first).
    public var lines: Int

    /// WCAG contrast of ``foreground`` against ``background``.
    public var ratio: Double { Contrast.ratio(foreground, background) }
    /// Glyph height from the top of the ink to the baseline, in pixels.
    public var capHeight: Int { baseline - inkTop + 1 }
}

/// Robust foreground/background colour estimation in a box of a screenshot. Never throws; returns
/// `nil` where there is nothing to measure.
public enum ColorEstimation {
    /// Pixels within this RGB distance of the background are background (JPEG noise and
    /// gradients within a flat fill stay under it; measured on ui-real JPEG screenshots, where a flat
    /// fill's pixels lie within 10–15 of their mean).
    public static let noise = 18.0
    /// The ink colour is the median of the pixels in this top fraction of distances from the
    /// background: anti-aliased edge pixels lie between ink and background and so rank lower.
    public static let coreFraction = 0.2

    /// Estimates the foreground and background colours of the element in `box`.
    ///
    /// The background is the most common colour (5 bits per channel) of the box and a ring of
    /// `ring` pixels around it, refined to the mean of the pixels near it — text covers well under
    /// half of its box, so the surround wins, on a tinted button as on a page, light or dark. The
    /// foreground is the per-channel median of the `coreFraction` of non-background pixels farthest
    /// from the background, so edge pixels blended with the background do not pull it towards it.
    ///
    /// - Parameters:
    ///   - image: the screenshot.
    ///   - box: the element's box, in image pixels.
    ///   - ring: how many pixels around the box count towards the background.
    ///   - edgeBand: when set, only pixels within this many pixels of the box's edge count
    ///     as foreground (a text field's border, not its placeholder).
    public static func sample(_ image: RGBAImage, box: Rect, ring: Int, edgeBand: Int? = nil) -> ColorSample? {
        let x0 = max(0, Int(box.minX.rounded()))
        let x1 = min(image.width, Int(box.maxX.rounded()))
        let y0 = max(0, Int(box.minY.rounded()))
        let y1 = min(image.height, Int(box.maxY.rounded()))
        guard x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        let rx0 = max(0, x0 - ring)
        let rx1 = min(image.width, x1 + ring)
        let ry0 = max(0, y0 - ring)
        let ry1 = min(image.height, y1 + ring)
        let width = image.width
        return image.pixels.withUnsafeBufferPointer { p -> ColorSample? in
            @inline(__always) func at(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = (y * width + x) * 4
                return (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]))
            }
            // 1. The most common colour of box + ring.
            var histogram = [Int32](repeating: 0, count: 32768)
            var best = 0
            var bestCount: Int32 = 0
            for y in ry0..<ry1 {
                for x in rx0..<rx1 {
                    let (r, g, b) = at(x, y)
                    let k = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                    histogram[k] += 1
                    if histogram[k] > bestCount {
                        bestCount = histogram[k]
                        best = k
                    }
                }
            }
            let mode = (Double((best >> 10) << 3 + 4), Double(((best >> 5) & 31) << 3 + 4), Double((best & 31) << 3 + 4))
            // Refine: the mean of the pixels near the mode bin's centre.
            var sr = 0.0
            var sg = 0.0
            var sb = 0.0
            var n = 0.0
            let near = noise * noise
            for y in ry0..<ry1 {
                for x in rx0..<rx1 {
                    let (r, g, b) = at(x, y)
                    let dr = Double(r) - mode.0
                    let dg = Double(g) - mode.1
                    let db = Double(b) - mode.2
                    if dr * dr + dg * dg + db * db <= near {
                        sr += Double(r)
                        sg += Double(g)
                        sb += Double(b)
                        n += 1
                    }
                }
            }
            guard n > 0 else { return nil }
            let bg = (sr / n, sg / n, sb / n)
            let background = RGB(r: UInt8(bg.0.rounded()), g: UInt8(bg.1.rounded()), b: UInt8(bg.2.rounded()))
            @inline(__always) func distance2(_ c: (Int, Int, Int)) -> Double {
                let dr = Double(c.0) - bg.0
                let dg = Double(c.1) - bg.1
                let db = Double(c.2) - bg.2
                return dr * dr + dg * dg + db * db
            }
            // Uniformity of the ring (outside the box).
            var ringTotal = 0
            var ringNear = 0
            for y in ry0..<ry1 {
                for x in rx0..<rx1 where x < x0 || x >= x1 || y < y0 || y >= y1 {
                    ringTotal += 1
                    if distance2(at(x, y)) <= near { ringNear += 1 }
                }
            }
            // 2. Foreground candidates: box pixels away from the background.
            var candidates: [(d: Double, x: Int, y: Int)] = []
            candidates.reserveCapacity((x1 - x0) * (y1 - y0) / 3)
            for y in y0..<y1 {
                for x in x0..<x1 {
                    if let band = edgeBand, x - x0 >= band, x1 - 1 - x >= band, y - y0 >= band, y1 - 1 - y >= band { continue }
                    let d = distance2(at(x, y))
                    if d > near { candidates.append((d, x, y)) }
                }
            }
            let area = (x1 - x0) * (y1 - y0)
            guard candidates.count >= max(4, area / 400) else { return nil }
            candidates.sort { $0.d > $1.d }
            let core = candidates.prefix(max(3, Int(Double(candidates.count) * coreFraction)))
            func median(_ v: [Int]) -> UInt8 { UInt8(v.sorted()[v.count / 2]) }
            let cs = core.map { at($0.x, $0.y) }
            let foreground = RGB(r: median(cs.map(\.0)), g: median(cs.map(\.1)), b: median(cs.map(\.2)))
            // 3. Ink geometry: pixels at least half-way from background to foreground.
            let fg = (Double(foreground.r), Double(foreground.g), Double(foreground.b))
            let axis = (fg.0 - bg.0, fg.1 - bg.1, fg.2 - bg.2)
            let axisLength2 = axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2
            guard axisLength2 > 0 else { return nil }
            let h = y1 - y0
            let w = x1 - x0
            var mask = [Bool](repeating: false, count: w * h)
            var rows = [Int](repeating: 0, count: h)
            var left = Int.max
            var right = Int.min
            var inkPixels = 0
            for c in candidates {
                let (r, g, b) = at(c.x, c.y)
                let alpha = ((Double(r) - bg.0) * axis.0 + (Double(g) - bg.1) * axis.1 + (Double(b) - bg.2) * axis.2) / axisLength2
                if alpha >= 0.5 {
                    mask[(c.y - y0) * w + (c.x - x0)] = true
                    rows[c.y - y0] += 1
                    left = min(left, c.x)
                    right = max(right, c.x)
                    inkPixels += 1
                }
            }
            guard inkPixels > 0, let densest = rows.max() else { return nil }
            // Lines: bands of rows holding ink, a thin band just above a taller one (the dots of
            // i and j, accents) merged into it.
            let minimum = max(1, densest / 50)
            var bands: [(start: Int, end: Int)] = []
            var y = 0
            while y < h {
                if rows[y] >= minimum {
                    let start = y
                    while y < h, rows[y] >= minimum { y += 1 }
                    bands.append((start, y - 1))
                } else {
                    y += 1
                }
            }
            var i = 0
            while i + 1 < bands.count {
                let a = bands[i]
                let b = bands[i + 1]
                let ha = a.end - a.start + 1
                let hb = b.end - b.start + 1
                if ha * 100 < hb * 35, b.start - a.end - 1 < hb / 2 {
                    bands[i] = (a.start, b.end)
                    bands.remove(at: i + 1)
                } else {
                    i += 1
                }
            }
            guard let line = bands.first else { return nil }
            // The first line's top, and its baseline: the last row at least a quarter as dense as
            // the line's densest (descender rows hold only a few stems).
            let lineDensest = rows[line.start...line.end].max() ?? densest
            let top = line.start
            let base = (line.start...line.end).last { rows[$0] * 4 >= lineDensest } ?? line.end
            // Stems: horizontal runs in the band 55–75 % of the way from the top to the baseline.
            let cap = base - top + 1
            var runs: [Int] = []
            for y in (top + cap * 55 / 100)...max(top + cap * 55 / 100, top + cap * 75 / 100) where y < h {
                var run = 0
                for x in 0..<w {
                    if mask[y * w + x] {
                        run += 1
                    } else if run > 0 {
                        runs.append(run)
                        run = 0
                    }
                }
                if run > 0 { runs.append(run) }
            }
            let stroke = runs.isEmpty ? 0 : Double(runs.sorted()[runs.count / 2])
            return ColorSample(
                foreground: foreground, background: background,
                backgroundUniformity: ringTotal > 0 ? Double(ringNear) / Double(ringTotal) : 1,
                inkPixels: inkPixels, inkTop: y0 + top, baseline: y0 + base,
                inkLeft: left, inkRight: right, strokeWidth: stroke, lines: bands.count)
        }
    }
}
