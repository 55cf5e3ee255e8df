import Foundation

/// A rating drawn as a row of stars ("★★★★½"), read from its pixels: how many stars are filled,
/// out of how many.
///
/// The detector takes a rating's row of stars for one wide icon, and the icon classifier, which
/// sees one glyph in a square crop, calls the row "More" (a row of blobs, like "•••") or nothing.
/// On the 820 ui-real screens the pipeline is checked on (valid, 300 random train screens and 220
/// fresh train screens; 2026-11-26), 32 rows of stars on 20 screens were announced "More, Button",
/// "Icon", "Scan, Image", or silently joined the text beside them ("1132 reviews"). A user heard
/// neither that they were a rating nor its value. ``read(_:box:)`` finds the stars and says "4.5 of
/// 5 stars", as a rating is spoken in Apple's App Store ("4.5 out of 5") and by Android's
/// `RatingBar`. It found all 32 and nothing else there; by eye 26 of the values are right, one is
/// half a star short (a half star after a clipped first one), and 5 cannot be told from the
/// picture (pale teal stars that may be empty, a star that may be half filled).
///
/// How: the box's background is the median colour of a ring just outside it, and "ink" is what
/// differs from it. The ink's columns split into glyphs. Each glyph must be shaped like a
/// five-pointed star: a narrow top point, arms spanning its width in its upper half, and at most
/// about two thirds of its box inked (a filled circle, "•", inks about 0.8). The stars must be
/// evenly spaced and of one size. A filled star is the colour of the row's most prominent glyph; an
/// empty one is grey or only an outline. A half star is filled on its left only.
public enum StarRatings {
    /// A rating read from a row of stars: `stars` filled (in halves) out of `scale`.
    public struct Reading: Equatable, Sendable {
        public var stars: Double
        public var scale: Int
        public init(stars: Double, scale: Int) {
            self.stars = stars
            self.scale = scale
        }

        /// As VoiceOver should say it: "4.5 of 5 stars", "1 of 5 stars" ("of", as a page control's
        /// "Page 2 of 4"); a row all filled is "5 stars" (a hotel's class, "3 stars", has no scale).
        public var spoken: String {
            let value = stars == stars.rounded() ? String(Int(stars)) : String(format: "%.1f", stars)
            return stars == Double(scale) ? "\(value) stars" : "\(value) of \(scale) stars"
        }
    }

    public enum Constants {
        /// A box at least this many times as wide as it is tall may be a row of stars: three
        /// stars side by side are about 3 × as wide as tall (a star is about as wide as it is tall).
        /// 2.5 leaves room for a detector box that clips the row's ends — *design choice*.
        public static let minAspect = 2.5
        /// … and at most this share of the screen's width tall: a rating's stars are small (8–16 px
        /// on ui-real's 360-px-wide screenshots, 0.02–0.045 of the width) — *design choice*, with
        /// room for large ones.
        public static let maxHeightShare = 0.08
        /// A pixel at least this far (Euclidean RGB) from the background is ink: as
        /// ``FramedText/Constants/edgeDistance``, so that a light grey empty star on white counts.
        public static let inkDistance = 30.0
        /// A column whose ink count exceeds this share of the tallest column's is in a glyph's
        /// core: the arms of neighbouring stars touch at 1x, but only with a pixel or two.
        public static let coreShare = 0.3
        /// A core at least this many times as wide as the median core is that many stars run
        /// together (anti-aliased neighbours at 1x), and is split evenly.
        public static let splitWidth = 1.6
        /// The cores that say how wide one star's core is are at least this share of the tallest
        /// column wide: a star's core is about 0.6–0.8 of its height wide, the strokes of the text
        /// after a row ("(37.75)", "1,9") 0.2–0.35 — measured on the 32 rows.
        public static let minCoreWidth = 0.4
        /// A star is at least this many pixels tall: smaller glyphs have too few pixels for their
        /// shape ("•••" 4–5 px dots read as stars at 5 px on ui-real screens).
        public static let minGlyphHeight = 7
        /// Stars in a rating: at least 3 evenly spaced; at most 5, the scale of almost every app's
        /// rating (Apple's App Store, Google Play, Yelp, Tripadvisor) — a longer run of glyphs is
        /// the stars and the digits after them ("★★★★½ 86").
        public static let minStars = 3
        public static let maxStars = 5
        /// Ink columns split into at most this many cores (a row's box may take in a count after
        /// the stars: "(37.75)").
        public static let maxCores = 16
        /// A star's width over its height: a regular five-pointed star is 1.05 × as wide as tall;
        /// measured 0.7–1.45 on the 32 rows (JPEG edges, clipped arms).
        public static let aspectRange = 0.7...1.45
        /// Its top fifth is a point: at most this share of its width (measured ≤ 0.44 on the rows;
        /// a dot's or a letter's top is 0.5–1).
        public static let maxTipWidth = 0.45
        /// Its arms span at least this share of its width in its upper part (20–60 % of its height).
        public static let minArmsWidth = 0.8
        /// At most this share of its box is inked: a regular star fills 0.33 of its box, a rounded
        /// one at 1x up to 0.7 (measured 0.37–0.7); a dot fills 0.74–0.8.
        public static let maxFill = 0.72
        /// The stars of a row are evenly spaced: the spacing's standard deviation at most this
        /// share of its mean; no star more than `maxHeightRatio` × as tall as another; and each
        /// step at least `minPitchToWidth` × a star's width (glyphs of one star are not two).
        public static let maxPitchSpread = 0.15
        public static let maxHeightRatio = 1.3
        public static let minPitchToWidth = 0.9
        /// At least this share of a run's glyphs must pass the star test (a half star, a clipped
        /// one at the box's edge fail it), the first one always — *design choice*.
        public static let minStarShare = 0.6
        /// A position one step beyond the run, inside the box (or half a star past it: detector
        /// boxes clip a row's last star), that has ink at least this far from the background is an
        /// empty star the shape test missed (very light grey on white).
        public static let faintDistance = 15.0
        /// A half star is filled when at least `filledShare` of its core is within `filledDistance`
        /// × the filled colour's distance from the background of that colour.
        public static let filledShare = 0.5
        public static let filledDistance = 0.5
        /// A row whose stars all look the same is all filled when their colour is saturated
        /// (at least this) or far from the background (``darkDistance``); all empty when it is a
        /// light grey.
        public static let minSaturation = 0.25
        public static let darkDistance = 100.0
    }

    /// Whether `box` on a screen `screenWidth` pixels wide has the shape of a rating's row.
    public static func isCandidate(_ box: Rect, screenWidth: Double) -> Bool {
        box.height > 0 && box.width >= Constants.minAspect * box.height && box.height <= Constants.maxHeightShare * screenWidth
    }

    struct Glyph {
        var left: Int
        var right: Int
        var top: Int
        var bottom: Int
        var centre: Double
        var isStar: Bool
        var colour: (r: Double, g: Double, b: Double)?
    }

    /// The rating the stars in `box` show, or nil when the box holds no row of stars.
    public static func read(_ image: RGBAImage, box: Rect) -> Reading? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let x0 = max(0, Int(box.minX) - 2)
        let y0 = max(0, Int(box.minY) - 2)
        let x1 = min(image.width, Int(box.maxX.rounded(.up)) + 2)
        let y1 = min(image.height, Int(box.maxY.rounded(.up)) + 2)
        let w = x1 - x0
        let h = y1 - y0
        guard w >= Constants.minStars * Constants.minGlyphHeight, h >= Constants.minGlyphHeight else { return nil }
        // The background: the median colour of a 2-px ring just outside the box.
        guard let bg = image.ringMedian(around: box, width: 2) else { return nil }
        let background = (r: Double(bg.r), g: Double(bg.g), b: Double(bg.b))
        var distance = [Double](repeating: 0, count: w * h)
        var counts = [Int](repeating: 0, count: w)
        for y in 0..<h {
            for x in 0..<w {
                let v = image.color(x: x0 + x, y: y0 + y).distance(to: background)
                distance[y * w + x] = v
                if v >= Constants.inkDistance { counts[x] += 1 }
            }
        }
        guard let peak = counts.max(), peak >= Constants.minGlyphHeight else { return nil }
        var cores = runs(counts.map { Double($0) > Constants.coreShare * Double(peak) }).filter { $0.count >= 2 }
        // A star's core: the median of the cores at least ``Constants/minCoreWidth`` × the row's
        // height wide (a digit's or bracket's stroke after the stars is narrower).
        if cores.count >= 2, let typical = median(cores.map { Double($0.count) }.filter { $0 >= Constants.minCoreWidth * Double(peak) }) {
            cores = cores.flatMap { core -> [Range<Int>] in
                let n = Double(core.count) >= Constants.splitWidth * typical ? max(1, Int((Double(core.count) / typical).rounded())) : 1
                return (0..<n).map { i in (core.lowerBound + core.count * i / n)..<(core.lowerBound + core.count * (i + 1) / n) }
            }
        }
        guard (Constants.minStars...Constants.maxCores).contains(cores.count) else { return nil }
        let glyphs = cores.indices.map { k in
            glyph(
                core: cores[k], previous: k > 0 ? cores[k - 1] : nil, next: k + 1 < cores.count ? cores[k + 1] : nil,
                distance: distance, counts: counts, width: w, height: h, image: image, origin: (x0, y0))
        }
        guard let run = longestRun(glyphs) else { return nil }
        let stars = Array(glyphs[run])
        guard let pitch = median(zip(stars.dropFirst(), stars).map { $0.centre - $1.centre }),
            let width = median(stars.map { Double($0.right - $0.left) }),
            let top = median(stars.map { Double($0.top) }).map({ Int($0) }),
            let bottom = median(stars.map { Double($0.bottom) }).map({ Int($0) }),
            let first = median(stars.indices.map { stars[$0].centre - Double($0) * pitch })
        else { return nil }
        let rowHeight = Double(bottom - top)
        func maxDistance(columns: Range<Int>, rows: Range<Int>) -> Double {
            var m = 0.0
            for y in rows where y >= 0 && y < h {
                for x in columns where x >= 0 && x < w { m = max(m, distance[y * w + x]) }
            }
            return m
        }
        // Empty stars the shape test missed, up to a rating's scale: one step before or after the
        // run, inside the box (or half a star past it), with some ink.
        let boxLeft = Double(Int(box.minX) - x0)
        let boxRight = Double(Int(box.maxX.rounded(.up)) - x0)
        func faint(_ k: Int) -> Bool {
            let c = first + Double(k) * pitch
            guard c - 0.5 * width >= boxLeft - 0.6 * width, c + 0.5 * width <= boxRight + 0.6 * width,
                c - 0.5 * width >= 0, c + 0.5 * width <= Double(w)
            else { return false }
            let columns = max(0, Int(c - 0.3 * width))..<Int((c + 0.3 * width).rounded(.up))
            let rows = (top + Int(0.3 * rowHeight))..<(top + Int((0.8 * rowHeight).rounded(.up)))
            return !columns.isEmpty && maxDistance(columns: columns, rows: rows) >= Constants.faintDistance
        }
        var positions = Array(0..<stars.count)
        while positions.count < Constants.maxStars, let lo = positions.first, let hi = positions.last {
            if faint(lo - 1) {
                positions.insert(lo - 1, at: 0)
            } else if faint(hi + 1) {
                positions.append(hi + 1)
            } else {
                break
            }
        }
        // The filled colour: the most prominent star's.
        guard
            let filled = stars.compactMap(\.colour).max(by: { a, b in
                RGB.distance(a, background) < RGB.distance(b, background)
            })
        else { return nil }
        let filledDistance = RGB.distance(filled, background)
        guard filledDistance > 0 else { return nil }
        var halves = 0
        let rows = (top + Int(0.35 * rowHeight))..<(top + Int((0.75 * rowHeight).rounded(.up)))
        for k in positions {
            let c = first + Double(k) * pitch
            for (a, b) in [(-0.3, -0.05), (0.05, 0.3)] {
                let columns = Int((c + a * width).rounded())..<(Int((c + b * width).rounded()) + 1)
                var inside = 0
                var near = 0
                for y in rows where y >= 0 && y < h {
                    for x in columns where x >= 0 && x < w {
                        inside += 1
                        if image.color(x: x0 + x, y: y0 + y).distance(to: filled) < Constants.filledDistance * filledDistance { near += 1 }
                    }
                }
                if inside > 0, Double(near) >= Constants.filledShare * Double(inside) { halves += 1 }
            }
        }
        if halves == 2 * positions.count {
            let top = max(filled.r, filled.g, filled.b)
            let saturation = top > 0 ? (top - min(filled.r, filled.g, filled.b)) / top : 0
            if saturation < Constants.minSaturation, filledDistance < Constants.darkDistance { halves = 0 }
        }
        return Reading(stars: Double(halves) / 2, scale: positions.count)
    }

    /// The glyph around `core` (columns of the box's grown crop): its columns reach out while they
    /// hold ink, up to half way to the neighbouring cores; its shape is measured on its own strong
    /// ink (at least half its 95th-percentile distance), which JPEG haloes do not widen.
    static func glyph(
        core: Range<Int>, previous: Range<Int>?, next: Range<Int>?, distance: [Double], counts: [Int], width w: Int, height h: Int,
        image: RGBAImage, origin: (x: Int, y: Int)
    ) -> Glyph {
        let low = previous.map { ($0.upperBound + core.lowerBound) / 2 } ?? 0
        let high = next.map { (core.upperBound + $0.lowerBound + 1) / 2 } ?? w
        var a = core.lowerBound
        while a - 1 >= low, counts[a - 1] > 0 { a -= 1 }
        var b = core.upperBound
        while b < high, counts[b] > 0 { b += 1 }
        let centre = Double(core.lowerBound + core.upperBound) / 2
        var inked: [Double] = []
        for y in 0..<h {
            for x in a..<b where distance[y * w + x] >= Constants.inkDistance { inked.append(distance[y * w + x]) }
        }
        inked.sort()
        guard !inked.isEmpty else { return Glyph(left: a, right: b, top: 0, bottom: h, centre: centre, isStar: false, colour: nil) }
        let p95 = inked[min(inked.count - 1, Int(0.95 * Double(inked.count - 1)))]
        let strong = max(Constants.inkDistance, 0.5 * p95)
        var top = h
        var bottom = 0
        var left = b
        var right = a
        for y in 0..<h {
            for x in a..<b where distance[y * w + x] >= strong {
                top = min(top, y)
                bottom = max(bottom, y + 1)
                left = min(left, x)
                right = max(right, x + 1)
            }
        }
        let gh = bottom - top
        let gw = right - left
        guard gh > 0, gw > 0 else { return Glyph(left: a, right: b, top: 0, bottom: h, centre: centre, isStar: false, colour: nil) }
        var widths: [Int] = []
        var filled = 0
        for y in top..<bottom {
            var first: Int?
            var last = 0
            for x in left..<right where distance[y * w + x] >= strong {
                if first == nil { first = x }
                last = x
                filled += 1
            }
            widths.append(first.map { last - $0 + 1 } ?? 0)
        }
        let tipRows = max(1, Int((0.2 * Double(gh)).rounded()))
        let armsStart = Int(0.2 * Double(gh))
        let armsEnd = max(armsStart + 1, Int((0.6 * Double(gh)).rounded(.up)))
        let tip = Double(widths.prefix(tipRows).max() ?? 0) / Double(gw)
        let arms = Double(widths[armsStart..<min(armsEnd, widths.count)].max() ?? 0) / Double(gw)
        let fill = Double(filled) / Double(gw * gh)
        let isStar =
            gh >= Constants.minGlyphHeight && Constants.aspectRange.contains(Double(gw) / Double(gh)) && tip <= Constants.maxTipWidth
            && arms >= Constants.minArmsWidth && fill <= Constants.maxFill
        // The glyph's colour: the mean of its most distinct pixels (at least 3/4 of its farthest).
        var sum = (r: 0.0, g: 0.0, b: 0.0)
        var n = 0.0
        let far = 0.75 * (inked.last ?? 0)
        for y in top..<bottom {
            for x in left..<right where distance[y * w + x] >= max(Constants.inkDistance, far) {
                let c = image.color(x: origin.x + x, y: origin.y + y)
                sum = (sum.r + Double(c.r), sum.g + Double(c.g), sum.b + Double(c.b))
                n += 1
            }
        }
        let colour = n > 0 ? (r: sum.r / n, g: sum.g / n, b: sum.b / n) : nil
        return Glyph(left: left, right: right, top: top, bottom: bottom, centre: centre, isStar: isStar, colour: colour)
    }

    /// The longest run of consecutive glyphs (``Constants/minStars``–``Constants/maxStars``, the
    /// leftmost first among equals) that starts with a star, is mostly stars, and is evenly spaced
    /// glyphs of one height.
    static func longestRun(_ glyphs: [Glyph]) -> Range<Int>? {
        var best: Range<Int>?
        for i in glyphs.indices where glyphs[i].isStar {
            var j = min(glyphs.count, i + Constants.maxStars)
            while j - i >= Constants.minStars {
                let run = glyphs[i..<j]
                let steps = zip(run.dropFirst(), run).map { $0.centre - $1.centre }
                let mean = steps.reduce(0, +) / Double(steps.count)
                let spread = (steps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(steps.count)).squareRoot()
                let heights = run.map { Double($0.bottom - $0.top) }
                let starCount = run.filter(\.isStar).count
                if let typicalWidth = median(run.map { Double($0.right - $0.left) }), mean > 0, spread <= Constants.maxPitchSpread * mean,
                    let tallest = heights.max(), let shortest = heights.min(), tallest <= Constants.maxHeightRatio * shortest,
                    (steps.min() ?? 0) >= Constants.minPitchToWidth * typicalWidth,
                    Double(starCount) >= Constants.minStarShare * Double(run.count)
                {
                    if best == nil || j - i > best!.count { best = i..<j }
                    break
                }
                j -= 1
            }
        }
        return best
    }

    /// The runs of `true` in `flags`.
    static func runs(_ flags: [Bool]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (i, f) in flags.enumerated() {
            if f, start == nil { start = i }
            if !f, let s = start {
                result.append(s..<i)
                start = nil
            }
        }
        if let s = start { result.append(s..<flags.count) }
        return result
    }

    /// The median of `values` (the mean of the middle two of an even count), nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }
}

extension RGB {
    /// Euclidean distance between two mean colours.
    static func distance(_ a: (r: Double, g: Double, b: Double), _ b: (r: Double, g: Double, b: Double)) -> Double {
        let dr = a.r - b.r
        let dg = a.g - b.g
        let db = a.b - b.b
        return (dr * dr + dg * dg + db * db).squareRoot()
    }
}
