import Foundation

/// §5.3: selection state from pixels, and the values of page controls and sliders.
///
/// Toggles and checkboxes get their state from the detector's class. Tab buttons and segments get it
/// here, from colour: within each element's box the most frequent colour is the background and the
/// second most frequent (far enough from the background) the tint; the element whose tint is the
/// outlier among its siblings is the selected one.
public enum SelectionState {
    /// Background and tint of a region.
    public struct Palette: Sendable, Hashable {
        public var background: RGB
        public var tint: RGB?
        /// Share of the region's pixels that are the tint colour.
        public var tintShare: Double
    }

    /// Colour histogram of `rect`, quantised to `bits` per channel, most frequent first; each bin is
    /// reported as the mean colour of its pixels. Large regions are sampled on a grid of at most
    /// ~40,000 points.
    public static func histogram(_ image: RGBAImage, _ rect: Rect, bits: Int) -> [(color: RGB, count: Int)] {
        let r = rect.clamped(width: Double(image.width), height: Double(image.height))
        let x0 = Int(r.minX)
        let x1 = Int(r.maxX.rounded(.up))
        let y0 = Int(r.minY)
        let y1 = Int(r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return [] }
        let total = (x1 - x0) * (y1 - y0)
        let step = max(1, Int((Double(total) / 40_000).squareRoot()))
        let shift = UInt8(8 - min(max(bits, 1), 8))
        var bins: [Int: (n: Int, r: Int, g: Int, b: Int)] = [:]
        var y = y0
        while y < y1 {
            var x = x0
            while x < x1 {
                let c = image.color(x: x, y: y)
                let key = Int(c.r >> shift) << 16 | Int(c.g >> shift) << 8 | Int(c.b >> shift)
                var e = bins[key] ?? (0, 0, 0, 0)
                e.n += 1
                e.r += Int(c.r)
                e.g += Int(c.g)
                e.b += Int(c.b)
                bins[key] = e
                x += step
            }
            y += step
        }
        return bins.sorted { $0.value.n != $1.value.n ? $0.value.n > $1.value.n : $0.key < $1.key }.map { _, e in
            (RGB(r: UInt8(e.r / e.n), g: UInt8(e.g / e.n), b: UInt8(e.b / e.n)), e.n)
        }
    }

    /// The most frequent colour (background) and the most frequent colour at least
    /// `settings.minTintDistance` away from it (tint), §5.3.
    public static func palette(_ image: RGBAImage, _ rect: Rect, settings: SelectionSettings) -> Palette? {
        let h = histogram(image, rect, bits: settings.quantizationBits)
        guard let bg = h.first else { return nil }
        let total = h.reduce(0) { $0 + $1.count }
        let tint = h.dropFirst().first { $0.color.distance(to: bg.color) >= settings.minTintDistance }
        return Palette(background: bg.color, tint: tint?.color, tintShare: Double(tint?.count ?? 0) / Double(total))
    }

    /// The index of the element whose colour is the outlier among `colors`, or `nil` when none
    /// stands out. With three or more, the outlier is the colour farthest (median distance) from
    /// the others, provided it is at least `minDistance` from them and the others are closer to
    /// each other than to it. With two, the more saturated one wins if the two differ by at least
    /// `minDistance` and their chroma differs by at least 40 (a coloured tint against grey).
    public static func outlier(_ colors: [RGB?], minDistance: Double) -> Int? {
        let present = colors.enumerated().compactMap { i, c in c.map { (i, $0) } }
        guard present.count >= 2 else {
            // A single tinted element among untinted ones (e.g. "the only tab with a colour").
            return present.count == 1 && colors.count >= 2 ? present[0].0 : nil
        }
        if present.count == 2 {
            let (a, b) = (present[0], present[1])
            guard a.1.distance(to: b.1) >= minDistance, abs(a.1.chroma - b.1.chroma) >= 40 else { return nil }
            return a.1.chroma > b.1.chroma ? a.0 : b.0
        }
        // Lower median: with two others, one of which shares the colour, the score is 0.
        let scores = present.map { i, c in (i, lowerMedian(present.filter { $0.0 != i }.map { $0.1.distance(to: c) })) }
        let best = scores.max { $0.1 < $1.1 }!
        guard best.1 >= minDistance else { return nil }
        let others = present.filter { $0.0 != best.0 }
        var spread: [Double] = []
        for x in others { for y in others where y.0 > x.0 { spread.append(x.1.distance(to: y.1)) } }
        guard spread.isEmpty || lowerMedian(spread) < best.1 / 2 else { return nil }
        return best.0
    }

    /// The lower median of `xs` (the lower of the middle two of an even count); 0 when empty.
    static func lowerMedian(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s[(s.count - 1) / 2]
    }

    /// §5.3 tab buttons: the tab whose tint is the outlier is selected. A tab bar's items are grey
    /// and the selected one takes the app's tint colour (HIG, "Tab bars"; Material, "Navigation
    /// bar": active items in the primary colour): when exactly one tab's tint is a colour (chroma
    /// at least ``chromaticTint``) and every other tab's is grey (under ``greyTint``), that one is
    /// selected, before the farthest colour is looked for — a dimmed "‹" (light grey) lay farther
    /// from the dark grey items than the blue "Home" (ui-real valid, 2026-11-25).
    public static func selectedTab(_ image: RGBAImage, frames: [Rect], settings: SelectionSettings) -> Int? {
        let tints = frames.map { palette(image, $0, settings: settings)?.tint }
        if tints.compactMap({ $0 }).count >= 3, let only = onlyColour(tints) { return only }
        return outlier(tints, minDistance: settings.minOutlierDistance)
    }

    /// The one tint that is a colour (chroma at least ``chromaticTint``) where every other tint
    /// found is grey (under ``greyTint``), or nil; a missing tint counts for neither.
    static func onlyColour(_ tints: [RGB?]) -> Int? {
        let present = tints.indices.filter { tints[$0] != nil }
        let chromatic = present.filter { tints[$0]!.chroma >= chromaticTint }
        guard chromatic.count == 1, present.allSatisfy({ $0 == chromatic[0] || tints[$0]!.chroma < greyTint }) else { return nil }
        return chromatic[0]
    }

    /// A tint whose channels spread by at least this much is a colour: 40, the chroma difference
    /// ``outlier(_:minDistance:)`` asks of two tints (a coloured tint against grey).
    public static let chromaticTint = 40
    /// …and one whose channels spread by less than this is grey: 20 — *design choice*, above JPEG's
    /// colour noise on grey glyphs (the greys of the tab bar above spread by 0–3).
    public static let greyTint = 20

    /// §5.3 segmented controls: tint colour plus the extra cues the paper names, tried in this
    /// order: (1) a bar under the selected segment (Fig. 8.d) — the only segment whose bottom strip
    /// is a solid line of a non-background colour; (2) the only segment with a different fill;
    /// (3) the tint outlier; (4) the only segment with text (Fig. 8.g, from `labels`).
    ///
    /// A bar covers 0.7 of its segment's width; where no segment has such a bar and no fill differs,
    /// `barCoverage` (less, for the segments of a tab strip whose underline
    /// ``MissingElements/recoverTabStrips(_:image:settings:)`` found under one label: Material 3's
    /// content-wide indicator) is tried before the tint.
    public static func selectedSegment(
        _ image: RGBAImage?, frames: [Rect], labels: [String?], settings: SelectionSettings, barCoverage: Double = 0.7
    ) -> Int? {
        guard frames.count >= 2 else { return nil }
        if let image {
            let palettes = frames.map { palette(image, $0, settings: settings) }
            func bars(_ coverage: Double) -> [Bool] {
                frames.indices.map { hasBottomBar(image, frames[$0], background: palettes[$0]?.background, settings: settings, coverage: coverage) }
            }
            let wide = bars(0.7)
            if wide.filter({ $0 }).count == 1 { return wide.firstIndex(of: true) }
            if let i = differentFill(palettes, settings: settings) { return i }
            // A narrower bar only where no segment has a wide one and no fill tells them apart (a
            // red "LOGIN" half beside a black "SIGN UP" is selected by its fill, not by an edge).
            if barCoverage < 0.7, !wide.contains(true), case let narrow = bars(barCoverage), narrow.filter({ $0 }).count == 1 {
                return narrow.firstIndex(of: true)
            }
            if let i = outlier(palettes.map { $0?.tint }, minDistance: settings.minOutlierDistance) { return i }
        }
        let labelled = labels.indices.filter { !(labels[$0] ?? "").isEmpty }
        return labelled.count == 1 ? labelled[0] : nil
    }

    /// The only segment whose background differs from all the others' (which agree with each
    /// other). With two segments: the one whose background is more saturated, or — for the iOS 13
    /// style of a light pill inset in a grey track — the one that shows the other's background as a
    /// secondary colour (its border of track around the pill).
    static func differentFill(_ palettes: [Palette?], settings: SelectionSettings) -> Int? {
        let bgs = palettes.map { $0?.background }
        guard bgs.allSatisfy({ $0 != nil }) else { return nil }
        let colors = bgs.map { $0! }
        let t = settings.minTintDistance
        if colors.count == 2 {
            guard colors[0].distance(to: colors[1]) >= t else { return nil }
            if abs(colors[0].chroma - colors[1].chroma) >= 40 { return colors[0].chroma > colors[1].chroma ? 0 : 1 }
            for i in 0..<2 {
                if let tint = palettes[i]?.tint, tint.distance(to: colors[1 - i]) < t, (palettes[i]?.tintShare ?? 0) >= 0.05 { return i }
            }
            return nil
        }
        let differing = colors.indices.filter { i in
            colors.indices.filter { $0 != i }.allSatisfy { colors[$0].distance(to: colors[i]) >= t }
        }
        guard differing.count == 1 else { return nil }
        let i = differing[0]
        let others = colors.indices.filter { $0 != i }
        let agree = others.allSatisfy { a in others.allSatisfy { colors[a].distance(to: colors[$0]) < t } }
        return agree ? i : nil
    }

    /// Whether the bottom 20% of `rect` holds a row in which ≥ `coverage` (70%) of the pixels are one
    /// non-background colour (an underline bar) — *design choice* thresholds.
    static func hasBottomBar(_ image: RGBAImage, _ rect: Rect, background: RGB?, settings: SelectionSettings, coverage: Double = 0.7) -> Bool {
        guard let background else { return false }
        let r = rect.clamped(width: Double(image.width), height: Double(image.height))
        let x0 = Int(r.minX)
        let x1 = Int(r.maxX)
        let y1 = Int(r.maxY) - 1
        let y0 = max(Int(r.minY), Int(r.maxY - r.height * 0.2))
        guard x1 - x0 >= 4, y1 >= y0 else { return false }
        for y in stride(from: y1, through: y0, by: -1) {
            if let line = rowLine(image, y: y, x0: x0, x1: x1, background: background, settings: settings),
                Double(line.count) >= coverage * Double(x1 - x0)
            {
                return true
            }
        }
        return false
    }

    /// How ``rowLine(_:y:x0:x1:background:settings:colour:)`` picks a row's line colour.
    enum LineColour {
        /// The per-channel median of the off-background pixels (the default since 2026-11-27: the
        /// first such pixel is often a JPEG blend of the line's end with the background — Airbnb's
        /// white tab indicator started in a pale-cyan pixel near 25 of its 41 pixels, and a
        /// grey-teal one near 2 of 75, so the selected tab went unfound).
        case median
        /// The first off-background pixel's, as before 2026-11-27. The tab-strip search
        /// (``MissingElements/recoverTabStrips(_:image:settings:)``) keeps it: with the median, the
        /// 1,219 ui-real screens the sessions listen to lost a strip of two filled halves ("LOGIN"
        /// red, "SIGN UP" black, whose lower edges the first pixel told apart and the median does
        /// not), and its JPEG-blended indicators are found by `MissingElements.isIndicator`'s own count.
        case firstPixel
    }

    /// The line colour of pixel row `y` over columns `x0..<x1` (`colour`: of the pixels that are
    /// not `background`, at least `minTintDistance` from it), and how many of those are that colour
    /// (within `minTintDistance`); nil when the whole row is background.
    static func rowLine(
        _ image: RGBAImage, y: Int, x0: Int, x1: Int, background: RGB, settings: SelectionSettings, colour rule: LineColour = .median
    ) -> (colour: RGB, count: Int)? {
        let off = (x0..<x1).map { image.color(x: $0, y: y) }.filter { $0.distance(to: background) >= settings.minTintDistance }
        guard let colour = rule == .median ? RGB.channelMedian(off) : off.first else { return nil }
        return (colour, off.filter { $0.distance(to: colour) < settings.minTintDistance }.count)
    }

    /// `rect` clipped to the image, on whole pixels.
    static func pixelBounds(_ image: RGBAImage, _ rect: Rect) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        let r = rect.clamped(width: Double(image.width), height: Double(image.height))
        return (Int(r.minX), Int(r.maxX), Int(r.minY), Int(r.maxY))
    }

    /// Page control value. Each column's *strength* is its pixels' largest distance from the
    /// background; the dots are its peaks, split where the strength between two peaks dips to
    /// ``PageControlConstants/dipRatio`` of the lower one (a ring keeps its strength over its
    /// middle columns, where its top and bottom are; the blurred gap between two tiny JPEG dots
    /// dips; a faint dot beside a bright one is its own peak). Columns weaker than half
    /// ``SelectionSettings/minTintDistance`` are background. The current page is, with two dots,
    /// the one of clearly more contrast; else the dot whose colour (the mean of its pixels at
    /// least half its peak from the background) is the outlier — a white dot among dim ones, a
    /// coloured one among grey; else the one holding far more such pixels than each other dot —
    /// a filled dot among rings; else the one much wider (iOS 14+ "pill"). Returns (current
    /// 1-based, count).
    ///
    /// When nothing is read so, the dots are read a second time from a quieter profile: the
    /// background is the median colour of the box's top and bottom rows (the bar behind the dots,
    /// which a large current dot can outnumber inside a tight box) and a column's strength is the
    /// *mean* distance from it over the middle half of the rows, where the dots are, not the
    /// largest — JPEG noise and the box's edges raise the largest distance of every column as high
    /// as the faint dots. The pages other than the current one are often drawn in the bar's colour
    /// at low opacity (dark dots on a dark bar, deep green on green); columns at least
    /// ``SelectionSettings/faintDotDistance`` from the bar count.
    ///
    /// When that reads nothing either, the first reading is made again with the background taken
    /// just outside the box (`outsideColour`): a tight box around bright dots holds more dot than
    /// bar.
    public static func pageControlValue(_ image: RGBAImage, _ rect: Rect, settings: SelectionSettings) -> (current: Int, count: Int)? {
        guard let bg = histogram(image, rect, bits: settings.quantizationBits).first?.color else { return nil }
        let (x0, x1, y0, y1) = pixelBounds(image, rect)
        guard x1 > x0, y1 > y0 else { return nil }
        // Each column's largest distance from a background colour.
        func strongest(from bg: RGB) -> [Double] { (x0..<x1).map { x in (y0..<y1).map { image.color(x: x, y: $0).distance(to: bg) }.max() ?? 0 } }
        if let v = pageControlValue(
            image, bg: bg, bounds: (x0, x1, y0, y1), strength: strongest(from: bg), floor: settings.minTintDistance / 2, settings: settings)
        {
            return v
        }
        guard settings.faintDotDistance > 0, y1 - y0 >= 4 else { return nil }
        guard let bar = RGB.channelMedian((x0..<x1).flatMap { [image.color(x: $0, y: y0), image.color(x: $0, y: y1 - 1)] }) else { return nil }
        let m0 = y0 + (y1 - y0) / 4
        let m1 = y1 - (y1 - y0) / 4
        let mean = (x0..<x1).map { x in (m0..<m1).reduce(0.0) { $0 + image.color(x: x, y: $1).distance(to: bar) } / Double(m1 - m0) }
        if let v = pageControlValue(image, bg: bar, bounds: (x0, x1, y0, y1), strength: mean, floor: settings.faintDotDistance, faint: true, settings: settings)
        {
            return v
        }
        // Third: the bar is what lies just outside the box, which the dots cannot outnumber.
        guard let outside = outsideColour(image, bounds: (x0, x1, y0, y1)) else { return nil }
        return pageControlValue(
            image, bg: outside, bounds: (x0, x1, y0, y1), strength: strongest(from: outside), floor: settings.minTintDistance / 2, settings: settings)
    }

    /// How far outside a page control's box its bar is sampled: 2 px — *design choice*: a pixel
    /// of JPEG blur beside the detector's tight box, then the bar.
    static let outsideRingGap = 2

    /// The per-channel median colour of the pixels ``outsideRingGap`` px outside `bounds` — the
    /// rows above and below it and the columns left and right of it, where inside the image; nil
    /// when none is. A detector's box around 1x dots is tight, and bright dots then outnumber the
    /// bar inside it (a white and a blue dot on a navy bar: 20 % of the box navy) and its top and
    /// bottom rows cut through the dots, so neither reading above finds the bar behind them.
    /// *Measured* on the 1,219 listening screens of ui-real (2026-11-29): of the 14 page controls
    /// left without a value, 7 are dots whose current page a colour tells apart by eye (a blue or
    /// yellow dot among white ones, a teal one among black), their bar lying around the box. With
    /// this reading 10 of the 14 say a page: those 7 and 2 more right by eye (a white dot among
    /// grey or teal ones), and 1 wrong — a drawn phone's four navigation glyphs the detector took
    /// for a page control ("Page 1 of 3" where "Page control" said no more). `Benchmarks/page-controls`
    /// reads as before (71 of 74 valid, 32 of 38 held out).
    static func outsideColour(_ image: RGBAImage, bounds: (x0: Int, x1: Int, y0: Int, y1: Int)) -> RGB? {
        let (x0, x1, y0, y1) = bounds
        let g = outsideRingGap
        let xs = max(0, x0 - g)..<min(image.width, x1 + g)
        let ys = max(0, y0 - g)..<min(image.height, y1 + g)
        var ring: [RGB] = []
        for y in [y0 - g, y1 + g - 1] where y >= 0 && y < image.height { ring += xs.map { image.color(x: $0, y: y) } }
        for x in [x0 - g, x1 + g - 1] where x >= 0 && x < image.width { ring += ys.map { image.color(x: x, y: $0) } }
        return RGB.channelMedian(ring)
    }

    private static func pageControlValue(
        _ image: RGBAImage, bg: RGB, bounds: (Int, Int, Int, Int), strength: [Double], floor: Double, faint: Bool = false,
        settings: SelectionSettings
    ) -> (current: Int, count: Int)? {
        let (x0, _, y0, y1) = bounds
        // Segments of columns above the floor, split at dips between peaks.
        var segments: [Range<Int>] = []
        var x = 0
        while x < strength.count {
            guard strength[x] >= floor else {
                x += 1
                continue
            }
            var end = x
            while end < strength.count, strength[end] >= floor { end += 1 }
            // Within [x, end): walk peak to peak, cutting at a valley deep enough for both sides.
            var start = x
            var peak = strength[x]
            var valley = (at: x, value: strength[x])
            for i in x..<end {
                let v = strength[i]
                if v < valley.value { valley = (i, v) }
                if v > valley.value / PageControlConstants.dipRatio, valley.value <= PageControlConstants.dipRatio * peak, valley.at > start {
                    // A rise from a dip below both this peak and the previous: a new dot.
                    segments.append(start..<valley.at)
                    start = valley.at
                    peak = v
                    valley = (i, v)
                } else if v > peak {
                    peak = v
                    valley = (i, v)
                }
            }
            segments.append(start..<end)
            x = end
        }
        segments = halosMerged(ringsMended(segments, strength: strength), strength: strength)
        struct Dot {
            var columns: Range<Int>
            var n = 0, r = 0, g = 0, b = 0, contrast = 0.0
        }
        var dots: [Dot] = segments.map { seg in
            let peak = SelectionState.peak(of: seg, strength)
            var d = Dot(columns: seg)
            for cx in seg {
                for y in y0..<y1 {
                    let c = image.color(x: x0 + cx, y: y)
                    let dist = c.distance(to: bg)
                    guard dist >= peak / 2 else { continue }
                    d.n += 1
                    d.r += Int(c.r)
                    d.g += Int(c.g)
                    d.b += Int(c.b)
                    d.contrast += dist
                }
            }
            return d
        }
        // Slivers (a column or two of noise beside a dot) are not dots — but for a dot the box cuts
        // at its first or last column, as strong as the median whole dot: a detector's box can end
        // inside the last dot (a red current dot after four rings, 3 of its 8 columns inside the
        // box, read "4 of 4" for "5 of 5" once the rings were whole; ui-real valid).
        if let widest = dots.map(\.columns.count).max() {
            // (Every dot holds its peak pixel, so `n` is never 0.)
            let whole = { (d: Dot) in Double(d.columns.count) >= PageControlConstants.minDotWidthShare * Double(widest) }
            let peak = { (d: Dot) in SelectionState.peak(of: d.columns, strength) }
            let peaks = dots.filter(whole).map(peak).sorted()
            let medianPeak = peaks.isEmpty ? .infinity : peaks[peaks.count / 2]
            dots = dots.filter { d in
                whole(d) || ((d.columns.lowerBound == 0 || d.columns.upperBound == strength.count) && peak(d) >= medianPeak)
            }
        }
        guard dots.count >= 2, dots.count <= 30 else { return nil }
        if faint {
            // Faint pages beside one clear current page: the dots are evenly spaced (rings split
            // at their hollow middles are not always) and one dot's peak stands far above every
            // other's (a row of rings or equal dots was not left unread for faintness).
            let centres = dots.map { Double($0.columns.lowerBound + $0.columns.upperBound) / 2 }
            let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
            if let lo = gaps.min(), let hi = gaps.max(), hi > PageControlConstants.maxSpacingRatio * lo { return nil }
            let peaks = dots.map { d in d.columns.map { strength[$0] }.max() ?? 0 }
            guard let i = peaks.indices.max(by: { peaks[$0] < peaks[$1] }),
                peaks.indices.allSatisfy({ $0 == i || peaks[i] >= PageControlConstants.faintDominance * peaks[$0] })
            else { return nil }
            return (i + 1, dots.count)
        }
        if dots.count == 2 {
            let (a, b) = (dots[0].contrast / Double(dots[0].n), dots[1].contrast / Double(dots[1].n))
            if max(a, b) >= PageControlConstants.contrastRatio * min(a, b) { return (a > b ? 1 : 2, 2) }
        }
        let colors: [RGB?] = dots.map { RGB(r: UInt8($0.r / $0.n), g: UInt8($0.g / $0.n), b: UInt8($0.b / $0.n)) }
        if let i = outlier(colors, minDistance: settings.minTintDistance / 2) { return (i + 1, dots.count) }
        // One dot with far more pixels than each of the others: filled among rings, or larger.
        let masses = dots.map(\.n)
        if let i = masses.indices.max(by: { masses[$0] < masses[$1] }),
            masses.indices.allSatisfy({ $0 == i || Double(masses[i]) >= PageControlConstants.massRatio * Double(masses[$0]) })
        {
            return (i + 1, dots.count)
        }
        let widths = dots.map(\.columns.count)
        let sorted = widths.sorted()
        if let wMax = widths.max(), Double(wMax) >= 1.5 * Double(sorted[sorted.count / 2]), widths.filter({ $0 == wMax }).count == 1 {
            return (widths.firstIndex(of: wMax)! + 1, dots.count)
        }
        return nil
    }

    /// `segments` (of the columns' `strength`) with each two touching ones made one where together
    /// they are no wider than ``PageControlConstants/maxRingWidthRatio`` × the median dot and the
    /// dip between them keeps ``PageControlConstants/minRingDipShare`` of the weaker one's peak: a
    /// ring's hollow middle at 1x JPEG dips like the gap between two dots, but its columns still
    /// hold its top and bottom strokes ("Page 1 of 5" for a filled dot and three 9-px rings, one
    /// of them split 6 + 3 at a dip to 0.54 of its peaks; ui-real train, 2026-11-28), while two
    /// dots blurred together are twice a dot's width and the gap beside a dot the box cuts falls
    /// to the background (0.11 of the peaks: a red current dot after four rings, ui-real valid).
    static func ringsMended(_ segments: [Range<Int>], strength: [Double]) -> [Range<Int>] {
        guard segments.count >= 3, let widest = segments.map(\.count).max() else { return segments }
        let widths = segments.map(\.count).filter { Double($0) >= PageControlConstants.minDotWidthShare * Double(widest) }.sorted()
        guard !widths.isEmpty else { return segments }
        let limit = PageControlConstants.maxRingWidthRatio * Double(widths[widths.count / 2])
        func peak(_ r: Range<Int>) -> Double { SelectionState.peak(of: r, strength) }
        var out: [Range<Int>] = []
        for seg in segments {
            if let last = out.last, last.upperBound == seg.lowerBound, Double(seg.upperBound - last.lowerBound) <= limit,
                strength[seg.lowerBound] >= PageControlConstants.minRingDipShare * min(peak(last), peak(seg))
            {
                out[out.count - 1] = last.lowerBound..<seg.upperBound
            } else {
                out.append(seg)
            }
        }
        return out
    }

    /// The strongest column of `columns`.
    static func peak(of columns: Range<Int>, _ strength: [Double]) -> Double { columns.map { strength[$0] }.max() ?? 0 }

    /// `segments` with each JPEG halo merged into the dot it rings: a part touching a neighbour, its
    /// peak at most ``PageControlConstants/maxHaloPeakShare`` of that neighbour's, and its centre
    /// under half the dots' median pitch from the neighbour's. A white current dot at 1x JPEG
    /// rings at its edge (a column of 49 beside a dot of 277, over a blue bar whose faint dots
    /// peak at 56–67), and the ring had been read as a dot of its own: "Page 1 of 6" for five
    /// dots (MyFitnessPal, ui-real train; 2026-11-28). The faint dots themselves stand apart, a
    /// whole pitch from each other.
    static func halosMerged(_ segments: [Range<Int>], strength: [Double]) -> [Range<Int>] {
        guard segments.count >= 3 else { return segments }
        func centre(_ r: Range<Int>) -> Double { Double(r.lowerBound + r.upperBound) / 2 }
        func peak(_ r: Range<Int>) -> Double { SelectionState.peak(of: r, strength) }
        let pitches = zip(segments.dropFirst(), segments).map { centre($0) - centre($1) }.sorted()
        let pitch = pitches[pitches.count / 2]
        var out = segments
        var i = 0
        while i < out.count {
            let seg = out[i]
            // The neighbour it touches that it could be a halo of: before it, else after it.
            let neighbour = [i - 1, i + 1].first { j in
                out.indices.contains(j) && (out[j].upperBound == seg.lowerBound || out[j].lowerBound == seg.upperBound)
                    && peak(seg) <= PageControlConstants.maxHaloPeakShare * peak(out[j]) && abs(centre(out[j]) - centre(seg)) < pitch / 2
            }
            if let j = neighbour {
                out[j] = min(out[j].lowerBound, seg.lowerBound)..<max(out[j].upperBound, seg.upperBound)
                out.remove(at: i)
            } else {
                i += 1
            }
        }
        return out
    }

    /// Constants of ``pageControlValue(_:_:settings:)``; *design choices* made looking at the 74
    /// readable page controls the analysis finds on ui-real valid and checked on 38 held-out ones
    /// from train (`Benchmarks/page-controls`: 89 % and 82 % read exactly, 2026-11-23).
    public enum PageControlConstants {
        /// Two dots are separate when the column strength between them falls to this share of the
        /// weaker one's peak.
        public static let dipRatio = 0.6
        /// Two touching parts are one ring when together they are at most this many times the
        /// median dot's width — *design choice*: a dot's width with a pixel of JPEG blur either side
        /// of a 9-px ring (1.25 × 8 = 10); two dots side by side are twice one.
        public static let maxRingWidthRatio = 1.25
        /// … and when the dip between them keeps at least this share of the weaker part's peak:
        /// a ring's hollow columns keep its strokes (0.54 measured above), a gap to the page falls
        /// near the floor (0.11) — *design choice*, between the two.
        public static let minRingDipShare = 0.4
        /// A part is a dot's JPEG halo when its peak is at most this share of the dot's it touches —
        /// *design choice*: the halo measured above is 0.18 of its dot; the two halves of a split
        /// ring peak alike (``minRingDipShare``'s rings), and a faint dot beside a white one stands
        /// a pitch away.
        public static let maxHaloPeakShare = 0.5
        /// A dot is at least this share of the widest dot's width (noise slivers are 1–2 px).
        public static let minDotWidthShare = 0.35
        /// The current dot holds at least this many times the pixels of every other dot: a filled
        /// dot against rings of the same diameter holds about twice theirs.
        public static let massRatio = 1.5
        /// Of two dots, the current one's mean contrast is at least this many times the other's.
        public static let contrastRatio = 1.4
        /// The second, faint-dot reading keeps its dots only when the widest gap between
        /// neighbouring dot centres is at most this many times the narrowest — *design choice*
        /// (the dots of a page control are evenly spaced; 1.5 allows a pixel of JPEG drift).
        public static let maxSpacingRatio = 1.5
        /// … and when one dot's peak strength is at least this many times every other dot's: that
        /// dot is the current page — *design choice*, looking at ui-real valid's unread page
        /// controls (current dots 2.5–8 times the faint ones' mean strength; a row of rings split at
        /// their hollow middles, read "9 of 9" without this, has no dominant dot).
        public static let faintDominance = 2.0
    }

    /// Slider value in 0...1: from the thumb — the run of columns whose non-background pixels fill
    /// ≥ 60% of the box height — or, when the thumb blends into the background (iOS's white thumb),
    /// from where the tinted (chroma ≥ 60) minimum track ends — *design choice* thresholds.
    public static func sliderValue(_ image: RGBAImage, _ rect: Rect, settings: SelectionSettings) -> Double? {
        guard let bg = histogram(image, rect, bits: settings.quantizationBits).first?.color else { return nil }
        let (x0, x1, y0, y1) = pixelBounds(image, rect)
        guard x1 - x0 > 4, y1 > y0 else { return nil }
        var tinted: [Int] = []
        var thumb: [Int] = []
        for x in x0..<x1 {
            var n = 0
            var colored = false
            for y in y0..<y1 {
                let c = image.color(x: x, y: y)
                if c.distance(to: bg) >= settings.minTintDistance / 2 { n += 1 }
                if c.chroma >= 60 && bg.chroma < 60 { colored = true }
            }
            if colored { tinted.append(x) }
            if Double(n) >= 0.6 * Double(y1 - y0) { thumb.append(x) }
        }
        if let first = thumb.first, let last = thumb.last, last - first < (x1 - x0) / 2 {
            let travel = Double(x1 - x0) - Double(last - first + 1)
            if travel > 0 { return min(1, max(0, (Double(first) - Double(x0)) / travel)) }
        }
        if let first = tinted.first, let last = tinted.last, first - x0 <= (x1 - x0) / 10 {
            return min(1, max(0, Double(last + 1 - x0) / Double(x1 - x0)))
        }
        return nil
    }
}
