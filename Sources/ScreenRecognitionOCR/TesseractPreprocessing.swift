import Dispatch
import ScreenRecognition

/// An 8-bit greyscale image, one byte a pixel, rows top to bottom without padding.
struct GreyImage: Sendable, Hashable {
    var width: Int
    var height: Int
    var pixels: [UInt8]
}

/// Turns a screenshot (or a crop of one) into dark text on a light background for Tesseract.
///
/// Tesseract binarises with one global (Otsu) threshold and expects dark ink on paper. UI screens
/// break both assumptions: dark mode is light-on-dark, and white text on a blue button sits inside
/// a light page. Measured on the check set (Benchmarks/ocr-checkset/RESULTS.md): plain luminance
/// loses most white-on-colour button text.
enum TesseractPreprocessing {
    /// A value handed to the threads of `DispatchQueue.concurrentPerform`, which only read it.
    private struct UnsafeSendable<T>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }

    /// Luminance (Rec. 709 weights), inverted when the most common grey level is dark (< 128):
    /// fixes dark mode but not light text on coloured fills.
    static func luminance(_ image: RGBAImage, x0: Int, y0: Int, width: Int, height: Int) -> GreyImage {
        var out = [UInt8](repeating: 0, count: width * height)
        var histogram = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<height {
                var i = ((y0 + y) * image.width + x0) * 4
                var o = y * width
                for _ in 0..<width {
                    let l = (2126 * Int(px[i]) + 7152 * Int(px[i + 1]) + 722 * Int(px[i + 2])) / 10000
                    out[o] = UInt8(l)
                    histogram[l] += 1
                    i += 4
                    o += 1
                }
            }
        }
        let mode = histogram.indices.max { histogram[$0] < histogram[$1] } ?? 255
        if mode < 128 {
            for i in out.indices { out[i] = 255 - out[i] }
        }
        return GreyImage(width: width, height: height, pixels: out)
    }

    /// Distance from the local background: each pixel becomes `255 − d·gain`, where `d` is its
    /// largest per-channel difference from the background colour of the region it lies in. Regions
    /// are the page and, recursively, solid filled shapes found inside it (buttons, cards, alerts),
    /// each with its own background colour. Whatever the polarity, text comes out dark on white.
    ///
    /// The page-level passes (colour histogram with per-cell means, then the distances) run on
    /// `threads` bands of rows at once; the picture is the same for any `threads`.
    static func backgroundDistance(
        _ image: RGBAImage, x0: Int, y0: Int, width: Int, height: Int, threads: Int = 1
    ) -> GreyImage {
        var state = State(image: image, x0: x0, y0: y0, width: width, height: height, threads: threads)
        state.run()
        return GreyImage(width: width, height: height, pixels: state.out)
    }

    /// 256 × 255 / the largest distance any colour can have from `bg` (per channel, the farther
    /// of 0 and 255): distances are measured as a share of what the background allows. On white,
    /// black or a saturated fill it is 256 (no change); on a mid-grey page — a screen dimmed
    /// behind an alert or sheet, #999999 — black text is only 153 away and grey text about 70
    /// (measured: 40–70 at 1x JPEG), which the fixed thresholds turned light grey.
    static func reachScaleQ8(_ bg: (Int, Int, Int)) -> Int {
        guard max(bg.0, bg.1, bg.2) - min(bg.0, bg.1, bg.2) <= Constants.greyPageSpread else { return 256 }
        let reach = max(max(bg.0, 255 - bg.0), max(bg.1, 255 - bg.1), max(bg.2, 255 - bg.2))
        guard reach <= Constants.dimmedPageReach else { return 256 }
        return (255 << 8) / max(128, reach)
    }

    /// Constants of ``backgroundDistance(_:x0:y0:width:height:threads:)``; each says where it comes from.
    enum Constants {
        /// Cells across the full image's width: region finding works on a grid of square cells of
        /// `width / 292` pixels — 4 px on a 1170-px-wide 3x phone screenshot (1.3 pt), finer than
        /// the thinnest fill margin we need to see round button text. The width, not the shorter
        /// side: a 1170×680 strip cut from a screen must get the same cells as the screen (measured:
        /// with 2-px cells the bold "M" of a 15 pt name passed as a filled shape and was erased).
        static let cellsAcrossWidth = 292.0
        /// A cell belongs to a fill when its mean colour differs from the surrounding background by
        /// more than this (largest channel difference). iOS's background/cell/fill greys differ by at
        /// most 46 (#000000 vs #2C2C2E, dark mode; #F2F2F7 vs #FFFFFF is 13), coloured fills from
        /// white or black by ≥ 150 (system blue, green, red, purple): 56 sits between.
        static let fillDifference = 56
        /// A fill must contain a solid square of this many cells (≈ 8 pt at any scale): button
        /// padding passes, the strokes of bold 34 pt titles (≈ 5 pt) do not, so the counters of
        /// large letters ("o", "e") are never taken for a button with text in it.
        static let minimumSolidCells = 6
        /// …and be at least this many cells tall (≈ 12 pt): a fill holds text with padding, so the
        /// smallest — a badge's digit in an 18-pt circle, a 24-pt chip — are taller, while a bold
        /// word of a 1x screenshot scaled up 3×, its letters blurred into one blob ("SIGN" of a
        /// white "SIGN UP" on a blue button, 8 cells tall), is not a fill to erase.
        static let minimumFillHeightCells = 10
        /// Fill + enclosed holes over bounding box: rounded rectangles and pills ≥ 0.9, circles
        /// 0.785; text rows and lines of icons are far lower.
        static let minimumFillRatio = 0.75
        /// A group of fill cells that is not solid as a whole is cut where it is at most twice this
        /// many cells thick (8 px, 2.7 pt at 3x): the lines of illustrations and the 1–2 px strokes
        /// of a 1x screenshot scaled up 3× that joined fields and buttons to a drawn background in
        /// ui-real (a 1x login screen lost its "LOG IN" button and fields). Bold title strokes are
        /// thinner than a solid square of `minimumSolidCells`, so their parts stay out.
        static let openingCells = 2
        /// A part cut off by that opening must hold a solid square twice `minimumSolidCells` (12
        /// cells, 16 pt at 3x): the fields and buttons it is for are 24 pt tall or more (Material
        /// chips 32 dp, HIG buttons 44 pt), while the parts left of bold 34 pt title letters (the
        /// joints where strokes meet) are smaller. Measured: with `minimumSolidCells` here, the "M" of
        /// a large title became a fill and was read "vessages".
        static let minimumOpenedSolidCells = 12
        /// A page (depth 0) whose colour's channels lie within this of each other is grey, and its
        /// distances are scaled by ``reachScaleQ8(_:)``: a screen dimmed behind an alert or
        /// sheet is grey (#999999 over white, #000000-ish over dark). Measured on 160 ui-real Android
        /// screens: scaling every region's distances, coloured toolbars and cards included, read 17
        /// more non-words and 5 fewer dictionary words (`wordfreq`); coloured fills keep the fixed
        /// thresholds. 24 = the largest channel spread of iOS's and Material's greys (#8E8E93: 5).
        static let greyPageSpread = 24
        /// …and only a mid-grey page, one no colour is more than this far from (grey 55–200): white
        /// under the 40 % black of an iOS alert's dimming is 153, under Material's 32 % scrim 173.
        /// Dark grey pages (Android screens over dark photos or #303030) keep the fixed thresholds.
        static let dimmedPageReach = 200
        /// …and only a flat page: its colour (4 bits a channel) covers at least this share of it. A
        /// dimmed settings list is ≥ 0.6 its dimmed background; the photos behind Android sign-in
        /// screens spread over many colours (measured: scaling them turned a photo's texture into
        /// clutter that cost "Find events in your city with" on a ui-real screen).
        static let flatPageShare = 0.3
        /// Nesting depth: page → alert → button is 2.
        static let maximumDepth = 3
        /// Distances up to `paperDistance` become white, `inkDistance` or more black, linear between.
        /// Tesseract splits with one Otsu threshold, so (a) surfaces must not form a second grey
        /// population — iOS's cell and fill greys differ from the page by 13–30, system fill #2C2C2E
        /// from black by 46 (measured: with no floor, dark-mode cards came out grey and Otsu blackened
        /// them, losing their text); (b) grey text must land well below the middle — iOS
        /// secondary-label grey differs from its background by 105–117 (light) and ≥ 113 (dark),
        /// about 70 on a page dimmed behind an alert (→ grey 118). Measured: a linear stretch to the
        /// darkest text lost most light-mode grey text (RESULTS.md).
        static let paperDistance = 40
        static let inkDistance = 96
        /// A page pixel's distance is its largest channel difference from the background, but at most
        /// this many times its luminance difference (Rec. 709 weights; 8 fraction bits: 512 = 2×).
        /// JPEG keeps colour at half resolution, so coloured text bleeds its hue into the gaps between
        /// letters, whose luminance stays the background's: on a 1x JPEG (quality 80) scaled up 3×,
        /// the blue caption of a selected tab measured luminance/largest-channel differences of
        /// 0.5–0.7 on its strokes and 0.1–0.3 between them, and came out one black blob that
        /// Tesseract did not read ("Podcasts", "Workouts" in Benchmarks/ocr-checkset at 1x). With
        /// the cap, strokes keep their full distance and the gaps fall under `paperDistance`. Grey
        /// text is unchanged (its two differences are equal); pure system colours on white or black
        /// keep ≥ 0.8 of theirs (ratios 0.41–0.59), so they stay above `inkDistance`; yellow on white
        /// (0.22) keeps 0.44. Measured (RESULTS.md, "Coloured text at 1x JPEG"): words read exactly at
        /// 1x 816 → 818 of 842 (check set), 882 → 884 of 916 (seed 1), 806 → 811 of 847 (seed 2,
        /// rendered afterwards), at 3x the same on all three; 1.5× read one word more on the check
        /// set and seed 1 at 1x, 3× one fewer on the check set — 2 is the middle, farthest from
        /// losing isoluminant colours.
        static let lumaGainQ8 = 512
    }

    /// A pointer shared by threads that write disjoint parts of one buffer.
    private struct SharedBuffer<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }

    /// The picture, the part of it being prepared and its cell grid: what the page-level passes
    /// read (kept apart from the output so that threads can share it).
    private struct Layout: Sendable {
        let image: RGBAImage
        let x0: Int, y0: Int, width: Int, height: Int
        let cell: Int
        let cols: Int, rows: Int
        let threads: Int

        /// Cell-row bands for the page-level passes: one per thread.
        func bands(_ cy0: Int, _ cy1: Int, parallel: Bool) -> [Range<Int>] {
            let n = parallel ? min(threads, cy1 - cy0) : 1
            guard n > 1 else { return [cy0..<cy1] }
            return (0..<n).map { k in (cy0 + (cy1 - cy0) * k / n)..<(cy0 + (cy1 - cy0) * (k + 1) / n) }
        }

        /// Runs `body` on each band, at once when there are several.
        func forEachBand(_ bands: [Range<Int>], _ body: (Int, Range<Int>) -> Void) {
            if bands.count == 1 {
                body(0, bands[0])
            } else {
                withoutActuallyEscaping(body) { body in
                    let b = UnsafeSendable(body)
                    DispatchQueue.concurrentPerform(iterations: bands.count) { k in b.value(k, bands[k]) }
                }
            }
        }

        /// Colour histogram (4 bits a channel: counts and channel sums) of the masked cells in cell
        /// rows `band`; when `means` is given, also each cell's mean colour.
        func histogram(
            mask: [Bool], band: Range<Int>, cx0: Int, cx1: Int, means: SharedBuffer<Int32>?
        ) -> (counts: [Int], sums: [Int]) {
            var counts = [Int](repeating: 0, count: 4096)
            var sums = [Int](repeating: 0, count: 4096 * 3)
            let (w, h, iw, ox, oy, cs, nc) = (width, height, image.width, x0, y0, cell, cols)
            image.pixels.withUnsafeBufferPointer { px in
                counts.withUnsafeMutableBufferPointer { counts in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for cy in band {
                            for cx in cx0..<cx1 where mask[cy * nc + cx] {
                                var sr = 0
                                var sg = 0
                                var sb = 0
                                var n = 0
                                for y in (cy * cs)..<min(h, (cy + 1) * cs) {
                                    var i = ((oy + y) * iw + ox + cx * cs) * 4
                                    for _ in (cx * cs)..<min(w, (cx + 1) * cs) {
                                        let r = Int(px[i])
                                        let g = Int(px[i + 1])
                                        let b = Int(px[i + 2])
                                        let bin = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
                                        counts[bin] += 1
                                        sums[bin * 3] += r
                                        sums[bin * 3 + 1] += g
                                        sums[bin * 3 + 2] += b
                                        sr += r
                                        sg += g
                                        sb += b
                                        n += 1
                                        i += 4
                                    }
                                }
                                if let means, n > 0 {
                                    let c = (cy * nc + cx) * 3
                                    means.base[c] = Int32(sr / n)
                                    means.base[c + 1] = Int32(sg / n)
                                    means.base[c + 2] = Int32(sb / n)
                                }
                            }
                        }
                    }
                }
            }
            return (counts, sums)
        }

        /// Writes the masked cells of cell rows `band` as their distance from `bg` — on a flat page
        /// (`flatPage`) scaled by ``TesseractPreprocessing/reachScaleQ8(_:)``.
        func normalise(
            mask: [Bool], band: Range<Int>, cx0: Int, cx1: Int, bg: (Int, Int, Int), flatPage: Bool, into out: SharedBuffer<UInt8>
        ) {
            let (br, bgg, bb) = bg
            let (w, h, iw, ox, oy, cs, nc) = (width, height, image.width, x0, y0, cell, cols)
            let floor = Constants.paperDistance
            let gainQ8 = (255 << 8) / (Constants.inkDistance - floor)  // fixed point, 8 fraction bits
            let reachQ8 = flatPage ? TesseractPreprocessing.reachScaleQ8(bg) : 256
            let lumaQ8 = Constants.lumaGainQ8
            image.pixels.withUnsafeBufferPointer { px in
                for cy in band {
                    for cx in cx0..<cx1 where mask[cy * nc + cx] {
                        for y in (cy * cs)..<min(h, (cy + 1) * cs) {
                            var i = ((oy + y) * iw + ox + cx * cs) * 4
                            var o = y * w + cx * cs
                            for _ in (cx * cs)..<min(w, (cx + 1) * cs) {
                                let dr = Int(px[i]) - br
                                let dg = Int(px[i + 1]) - bgg
                                let db = Int(px[i + 2]) - bb
                                let mc = max(abs(dr), abs(dg), abs(db))
                                let dy = abs(54 * dr + 183 * dg + 19 * db) >> 8
                                let d = (min(mc, (dy * lumaQ8) >> 8) * reachQ8) >> 8
                                out.base[o] = UInt8(255 - min(255, (max(0, d - floor) * gainQ8) >> 8))
                                i += 4
                                o += 1
                            }
                        }
                    }
                }
            }
        }

    }

    private struct State {
        /// The picture and its cell grid (shared with the threads of the page-level passes).
        let layout: Layout
        var image: RGBAImage { layout.image }
        var x0: Int { layout.x0 }
        var y0: Int { layout.y0 }
        var width: Int { layout.width }
        var height: Int { layout.height }
        var cell: Int { layout.cell }
        var cols: Int { layout.cols }
        var rows: Int { layout.rows }
        var out: [UInt8]
        /// Mean colour of each cell (r, g, b; integer means), filled on the page-level pass: a
        /// cell's mean does not depend on the region it is judged in.
        var cellMeans: [Int32]

        init(image: RGBAImage, x0: Int, y0: Int, width: Int, height: Int, threads: Int) {
            let cell = max(1, Int((Double(image.width) / Constants.cellsAcrossWidth).rounded()))
            let cols = (width + cell - 1) / cell
            let rows = (height + cell - 1) / cell
            layout = Layout(
                image: image, x0: x0, y0: y0, width: width, height: height, cell: cell, cols: cols, rows: rows,
                threads: max(1, min(threads, rows)))
            out = [UInt8](repeating: 255, count: width * height)
            cellMeans = [Int32](repeating: 0, count: cols * rows * 3)
        }

        mutating func run() {
            let all = [Bool](repeating: true, count: cols * rows)
            process(mask: all, cx0: 0, cy0: 0, cx1: cols, cy1: rows, depth: 0)
        }

        /// Normalises the masked cells against their background colour (the most common colour, 4
        /// bits a channel, of their pixels, averaged over its pixels), then recurses into solid
        /// fills found inside. Returns the background colour used.
        @discardableResult
        mutating func process(mask: [Bool], cx0: Int, cy0: Int, cx1: Int, cy1: Int, depth: Int) -> (Int, Int, Int) {
            // The page level (depth 0) covers every cell: it fills `cellMeans` and runs on bands.
            let page = depth == 0
            let layout = self.layout  // a copy the threads read while `out` and `cellMeans` are written
            let bands = layout.bands(cy0, cy1, parallel: page)
            var parts = [(counts: [Int], sums: [Int])](repeating: ([], []), count: bands.count)
            var means: [Int32] = []
            swap(&means, &cellMeans)  // written below by the page level without copying
            means.withUnsafeMutableBufferPointer { meansBuffer in
                let shared = page ? SharedBuffer(base: meansBuffer.baseAddress!) : nil
                parts.withUnsafeMutableBufferPointer { partsBuffer in
                    let results = SharedBuffer(base: partsBuffer.baseAddress!)
                    layout.forEachBand(bands) { k, band in
                        results.base[k] = layout.histogram(mask: mask, band: band, cx0: cx0, cx1: cx1, means: shared)
                    }
                }
            }
            swap(&means, &cellMeans)
            var counts = parts[0].counts
            var sums = parts[0].sums
            for part in parts.dropFirst() {
                for i in 0..<4096 { counts[i] += part.counts[i] }
                for i in 0..<(4096 * 3) { sums[i] += part.sums[i] }
            }
            let best = counts.indices.max { counts[$0] < counts[$1] } ?? 0
            let n = max(1, counts[best])
            let (br, bg, bb) = (sums[best * 3] / n, sums[best * 3 + 1] / n, sums[best * 3 + 2] / n)
            // Cells whose mean colour is far from the background (for finding fills).
            var cellFill = [Bool](repeating: false, count: cols * rows)
            for cy in cy0..<cy1 {
                for cx in cx0..<cx1 where mask[cy * cols + cx] {
                    let c = (cy * cols + cx) * 3
                    let d = max(abs(Int(cellMeans[c]) - br), abs(Int(cellMeans[c + 1]) - bg), abs(Int(cellMeans[c + 2]) - bb))
                    cellFill[cy * cols + cx] = d > Constants.fillDifference
                }
            }
            let background = (br, bg, bb)
            // A flat page (a dimmed screen), not a photo behind the text: see `greyPageSpread`.
            let flatPage = page && Double(counts[best]) >= Constants.flatPageShare * Double(max(1, counts.reduce(0, +)))
            out.withUnsafeMutableBufferPointer { o in
                let shared = SharedBuffer(base: o.baseAddress!)
                layout.forEachBand(bands) { _, band in
                    layout.normalise(mask: mask, band: band, cx0: cx0, cx1: cx1, bg: background, flatPage: flatPage, into: shared)
                }
            }
            guard depth < Constants.maximumDepth else { return (br, bg, bb) }
            for region in fills(cellFill, background: (br, bg, bb), cx0: cx0, cy0: cy0, cx1: cx1, cy1: cy1) {
                let inner = process(
                    mask: region.mask, cx0: region.cx0, cy0: region.cy0, cx1: region.cx1, cy1: region.cy1,
                    depth: depth + 1)
                softenEdge(of: region, inside: mask, outer: (br, bg, bb), inner: inner)
            }
            return (br, bg, bb)
        }

        /// The cells along a fill's edge (one inside, one outside) hold both colours and their
        /// anti-aliased mixes; measured against either background alone they came out as a dark
        /// outline that Tesseract read as "(" and ")" around pill buttons and badges. There, the
        /// distance is taken from the colour segment between the two backgrounds instead.
        mutating func softenEdge(of region: Region, inside parent: [Bool], outer a: (Int, Int, Int), inner b: (Int, Int, Int)) {
            let ex0 = max(0, region.cx0 - 1)
            let ey0 = max(0, region.cy0 - 1)
            let ex1 = min(cols, region.cx1 + 1)
            let ey1 = min(rows, region.cy1 + 1)
            let (ar, ag, ab) = (Double(a.0), Double(a.1), Double(a.2))
            let (vr, vg, vb) = (Double(b.0 - a.0), Double(b.1 - a.1), Double(b.2 - a.2))
            let len2 = vr * vr + vg * vg + vb * vb
            let floor = Constants.paperDistance
            let gain = 255.0 / Double(Constants.inkDistance - floor)
            let w = width
            let h = height
            let iw = image.width
            let ox = x0
            let oy = y0
            let cs = cell
            let nc = cols
            let nr = rows
            image.pixels.withUnsafeBufferPointer { px in
                for cy in ey0..<ey1 {
                    for cx in ex0..<ex1 {
                        let c = cy * nc + cx
                        let isIn = region.mask[c]
                        guard isIn || parent[c] else { continue }
                        // On the edge: a neighbour (8-connected) on the other side.
                        var edge = false
                        for ny in max(0, cy - 1)...min(nr - 1, cy + 1) where !edge {
                            for nx in max(0, cx - 1)...min(nc - 1, cx + 1) where region.mask[ny * nc + nx] != isIn {
                                edge = true
                            }
                        }
                        guard edge else { continue }
                        for y in (cy * cs)..<min(h, (cy + 1) * cs) {
                            var i = ((oy + y) * iw + ox + cx * cs) * 4
                            var o = y * w + cx * cs
                            for _ in (cx * cs)..<min(w, (cx + 1) * cs) {
                                let pr = Double(px[i]) - ar
                                let pg = Double(px[i + 1]) - ag
                                let pb = Double(px[i + 2]) - ab
                                let t = len2 > 0 ? min(1, max(0, (pr * vr + pg * vg + pb * vb) / len2)) : 0
                                let d = max(abs(pr - t * vr), abs(pg - t * vg), abs(pb - t * vb))
                                out[o] = UInt8(255 - min(255, max(0, (d - Double(floor)) * gain)))
                                i += 4
                                o += 1
                            }
                        }
                    }
                }
            }
        }

        struct Region {
            var mask: [Bool]
            var cx0: Int, cy0: Int, cx1: Int, cy1: Int
        }

        /// Connected groups of fill cells that are solid shapes; each returned with its holes filled.
        /// A group that is not one solid shape as a whole (a button joined to an illustration by a
        /// thin line, fields touching a drawn landscape) is opened: cut where it is at most
        /// `2 × openingCells` cells thick, and each part that is solid is a fill of its own.
        ///
        /// A solid shape with a letter beside it — a smaller group of fill cells in its own colour
        /// (nearer it than the background) within a third of its height to its left or right, on
        /// its middle rows — is the first letter of a word, not a fill (`isLetterOfAWord`).
        func fills(_ fill: [Bool], background: (Int, Int, Int), cx0: Int, cy0: Int, cx1: Int, cy1: Int) -> [Region] {
            var label = [Int32](repeating: -1, count: cols * rows)
            var regions: [(region: Region, label: Int32)] = []
            var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []  // each group's cell box, by label
            var stack: [Int] = []
            var next: Int32 = 0
            for start in 0..<(cols * rows) where fill[start] && label[start] < 0 {
                // Flood the component (4-connected).
                label[start] = next
                stack.append(start)
                var bx0 = Int.max
                var by0 = Int.max
                var bx1 = Int.min
                var by1 = Int.min
                while let c = stack.popLast() {
                    let x = c % cols
                    let y = c / cols
                    bx0 = min(bx0, x)
                    bx1 = max(bx1, x)
                    by0 = min(by0, y)
                    by1 = max(by1, y)
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    where nx >= cx0 && nx < cx1 && ny >= cy0 && ny < cy1 {
                        let n = ny * cols + nx
                        if fill[n] && label[n] < 0 {
                            label[n] = next
                            stack.append(n)
                        }
                    }
                }
                let me = next
                next += 1
                boxes.append((bx0, by0, bx1 + 1, by1 + 1))
                let bw = bx1 - bx0 + 1
                let bh = by1 - by0 + 1
                guard bw >= Constants.minimumSolidCells, bh >= Constants.minimumFillHeightCells else { continue }
                var member = [Bool](repeating: false, count: bw * bh)
                for y in 0..<bh {
                    for x in 0..<bw where label[(by0 + y) * cols + bx0 + x] == me { member[y * bw + x] = true }
                }
                switch solidShape(member, bx0: bx0, by0: by0, bw: bw, bh: bh) {
                case .solid(let region): regions.append((region, me))
                case .noSolidSquare: continue
                case .notFilled:
                    for part in Self.opened(member, bw: bw, bh: bh, radius: Constants.openingCells) {
                        let shape = solidShape(
                            part.member, bx0: bx0 + part.x0, by0: by0 + part.y0, bw: part.w, bh: part.h,
                            minimumSquare: Constants.minimumOpenedSolidCells)
                        if case .solid(let region) = shape {
                            regions.append((region, me))
                        }
                    }
                }
            }
            let solidLabels = Set(regions.map(\.label))
            return regions.filter {
                !isLetterOfAWord(
                    $0.region, label: $0.label, labels: label, solid: solidLabels, boxes: boxes, fill: fill,
                    background: background, cx0: cx0, cx1: cx1)
            }.map(\.region)
        }

        /// Whether fill cells of another, not solid, group lie within a third of `region`'s height
        /// (at least 2 cells) left or right of it, on its middle half of rows, in a colour nearer
        /// `region`'s own (the mean of its fill cells) than `background` — at least 2 of them, a
        /// stroke, in a group 0.4 to 1.5 times `region`'s height, at least a quarter of it wide and not
        /// enclosing it (bold letters on its line; a frame around it encloses it, or its pieces are thin). Letters of a bold title (≈ 5 pt strokes at 34 pt) can hold a solid square of
        /// `minimumSolidCells` where a 1x screenshot scaled up 3× blurs their edges; measured: the
        /// first letter of large titles and of a bold button label was erased as a fill
        /// ("otifications", "lock this Caller"). Badges, chips and buttons stand apart from text of
        /// their own colour, or beside other fills (solid groups do not count).
        func isLetterOfAWord(
            _ region: Region, label me: Int32, labels: [Int32], solid: Set<Int32>,
            boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)], fill: [Bool], background bg: (Int, Int, Int), cx0: Int, cx1: Int
        ) -> Bool {
            var sum = (0, 0, 0)
            var n = 0
            for cy in region.cy0..<region.cy1 {
                for cx in region.cx0..<region.cx1 where region.mask[cy * cols + cx] && fill[cy * cols + cx] {
                    let c = (cy * cols + cx) * 3
                    sum = (sum.0 + Int(cellMeans[c]), sum.1 + Int(cellMeans[c + 1]), sum.2 + Int(cellMeans[c + 2]))
                    n += 1
                }
            }
            guard n > 0 else { return false }
            let own = (sum.0 / n, sum.1 / n, sum.2 / n)
            let h = region.cy1 - region.cy0
            let gap = max(2, h / 3)
            let ys = (region.cy0 + h / 4)..<(region.cy1 - h / 4)
            var found = 0
            for range in [max(cx0, region.cx0 - gap)..<region.cx0, region.cx1..<min(cx1, region.cx1 + gap)] where !range.isEmpty {
                for cy in ys {
                    for cx in range {
                        let i = cy * cols + cx
                        guard fill[i], labels[i] != me, labels[i] >= 0, !solid.contains(labels[i]) else { continue }
                        // Bold letters on the same line: 0.4 (x-height) to 1.5 (letters joined to a
                        // descender, "ay") times its height, at least a quarter as wide, not around it; a
                        // frame around it (a battery's outline) encloses it, or its pieces are thin.
                        let other = boxes[Int(labels[i])]
                        let otherHeight = other.y1 - other.y0
                        guard 5 * otherHeight >= 2 * h, 2 * otherHeight <= 3 * h, 4 * (other.x1 - other.x0) >= max(8, h) else { continue }
                        let encloses = other.x0 <= region.cx0 && other.y0 <= region.cy0 && other.x1 >= region.cx1 && other.y1 >= region.cy1
                        guard !encloses else { continue }
                        let c = i * 3
                        let (r, g, b) = (Int(cellMeans[c]), Int(cellMeans[c + 1]), Int(cellMeans[c + 2]))
                        let toOwn = max(abs(r - own.0), abs(g - own.1), abs(b - own.2))
                        let toBackground = max(abs(r - bg.0), abs(g - bg.1), abs(b - bg.2))
                        if toOwn < toBackground { found += 1 }
                    }
                }
            }
            return found >= 2
        }

        enum Shape {
            case solid(Region)
            case noSolidSquare
            case notFilled
        }

        /// Whether the cells `member` (a `bw`×`bh` box at cell `bx0`, `by0`) are a solid fill: a
        /// solid square of `minimumSquare` cells inside, and with its holes filled it covers
        /// `minimumFillRatio` of its box.
        func solidShape(
            _ member: [Bool], bx0: Int, by0: Int, bw: Int, bh: Int, minimumSquare: Int = Constants.minimumSolidCells
        ) -> Shape {
            guard bw >= minimumSquare, bh >= minimumSquare else { return .noSolidSquare }
            // Largest solid square inside the component.
            var dp = [Int](repeating: 0, count: bw * bh)
            var best = 0
            for y in 0..<bh {
                for x in 0..<bw where member[y * bw + x] {
                    let v = (x > 0 && y > 0) ? min(dp[(y - 1) * bw + x], dp[y * bw + x - 1], dp[(y - 1) * bw + x - 1]) + 1 : 1
                    dp[y * bw + x] = v
                    best = max(best, v)
                }
            }
            guard best >= minimumSquare else { return .noSolidSquare }
            // Holes: cells of the bounding box not reachable from its border without crossing the component.
            var outside = [Bool](repeating: false, count: bw * bh)
            var queue: [Int] = []
            for y in 0..<bh {
                for x in 0..<bw where (x == 0 || y == 0 || x == bw - 1 || y == bh - 1) && !member[y * bw + x] {
                    outside[y * bw + x] = true
                    queue.append(y * bw + x)
                }
            }
            while let c = queue.popLast() {
                let x = c % bw
                let y = c / bw
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < bw && ny >= 0 && ny < bh {
                    let n = ny * bw + nx
                    if !outside[n] && !member[n] {
                        outside[n] = true
                        queue.append(n)
                    }
                }
            }
            let filled = outside.reduce(0) { $0 + ($1 ? 0 : 1) }
            guard Double(filled) >= Constants.minimumFillRatio * Double(bw * bh) else { return .notFilled }
            var mask = [Bool](repeating: false, count: cols * rows)
            for y in 0..<bh {
                for x in 0..<bw where !outside[y * bw + x] { mask[(by0 + y) * cols + bx0 + x] = true }
            }
            return .solid(Region(mask: mask, cx0: bx0, cy0: by0, cx1: bx0 + bw, cy1: by0 + bh))
        }

        /// The parts of `member` (a `bw`×`bh` cell box) left by a morphological opening with a
        /// square of side `2 × radius + 1`: erosion cuts it where it is at most `2 × radius` cells
        /// thick, and each eroded part (4-connected) grows back by `radius`, inside `member`. Each
        /// part comes as its own tight box (origin `x0`, `y0` in the given box).
        static func opened(_ member: [Bool], bw: Int, bh: Int, radius r: Int) -> [(member: [Bool], x0: Int, y0: Int, w: Int, h: Int)] {
            guard bw > 2 * r, bh > 2 * r else { return [] }
            // Erosion, separably: a cell survives when a (2r+1)-run around it is inside, across then down.
            func erodeRows(_ m: [Bool], _ w: Int, _ h: Int) -> [Bool] {
                var out = [Bool](repeating: false, count: w * h)
                for y in 0..<h {
                    var run = 0
                    for x in 0..<w {
                        run = m[y * w + x] ? run + 1 : 0
                        if run >= 2 * r + 1 { out[y * w + x - r] = true }
                    }
                }
                return out
            }
            var eroded = erodeRows(member, bw, bh)
            var down = [Bool](repeating: false, count: bw * bh)
            for x in 0..<bw {
                var run = 0
                for y in 0..<bh {
                    run = eroded[y * bw + x] ? run + 1 : 0
                    if run >= 2 * r + 1 { down[(y - r) * bw + x] = true }
                }
            }
            eroded = down
            // Parts of the eroded cells, each grown back by r inside `member`.
            var part = [Int32](repeating: -1, count: bw * bh)
            var grown = [Int32](repeating: -1, count: bw * bh)
            var parts: [(member: [Bool], x0: Int, y0: Int, w: Int, h: Int)] = []
            var stack: [Int] = []
            var id: Int32 = 0
            for start in 0..<(bw * bh) where eroded[start] && part[start] < 0 {
                part[start] = id
                stack.append(start)
                var cells: [Int] = []
                while let c = stack.popLast() {
                    cells.append(c)
                    let x = c % bw
                    let y = c / bw
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < bw && ny >= 0 && ny < bh {
                        let n = ny * bw + nx
                        if eroded[n] && part[n] < 0 {
                            part[n] = id
                            stack.append(n)
                        }
                    }
                }
                // Grown back by r: stamped with this part's id in `grown`, its box tracked.
                var (x0, y0, x1, y1) = (bw, bh, -1, -1)
                for c in cells {
                    let x = c % bw
                    let y = c / bw
                    for ny in max(0, y - r)...min(bh - 1, y + r) {
                        for nx in max(0, x - r)...min(bw - 1, x + r) where member[ny * bw + nx] && grown[ny * bw + nx] != id {
                            grown[ny * bw + nx] = id
                            x0 = min(x0, nx)
                            x1 = max(x1, nx)
                            y0 = min(y0, ny)
                            y1 = max(y1, ny)
                        }
                    }
                }
                let w = x1 - x0 + 1
                let h = y1 - y0 + 1
                var m = [Bool](repeating: false, count: w * h)
                for y in y0...y1 {
                    for x in x0...x1 where grown[y * bw + x] == id { m[(y - y0) * w + x - x0] = true }
                }
                parts.append((m, x0, y0, w, h))
                id += 1
            }
            return parts
        }
    }
}
