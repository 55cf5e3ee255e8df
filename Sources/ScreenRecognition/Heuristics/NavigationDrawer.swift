import Foundation

/// An open navigation drawer, found from the pixels: a panel from the screen's leading edge whose
/// trailing edge runs down the screen, with the app's content cut off behind it. Like a modal
/// dialog it hides that content: Android's `DrawerLayout` makes the content unimportant for
/// accessibility while a drawer is open, and an iOS side menu is `accessibilityViewIsModal`.
/// The detector has no drawer class, so without this the content's cut-off texts ("iby at this
/// point", the app bar's "by?") are read among the drawer's rows.
///
/// The edge: a column where the pixels two to its left and two to its right differ by at least
/// ``minStep`` grey levels on ``minEdgeRows`` of the rows between ``bandTop`` and ``bandBottom``
/// of the screen's height, ``minBottomRows`` of them in the band's bottom sixth (a drawer reaches
/// the bottom; a dialog stops short), between ``minEdge`` and ``maxEdge`` of the width — and no
/// such column left of it (``maxLeadingEdgeRows``): a dialog or card has a left edge too, a
/// drawer starts at the screen's.
///
/// *Measured* (2026-11-26) against ui-real's own `Drawer` boxes, which the detector does not learn
/// (2,701 screens, train and valid: 205 drawers open from the leading side): 196 found, 195 of
/// them within 0.02 of the width of the box's trailing edge (one 9 px right of it, on its shadow);
/// no screen without a drawer box answered (the tall dialogs, split screens and photo grids with
/// long vertical edges all have a left edge or end before the bottom).
public enum NavigationDrawer {
    /// The indices of `elements` that may be rows of an open `drawer`: its texts and text buttons
    /// (with their icons) inside it, not the app bar it may open below.
    public static func rowCandidates(_ elements: [Element], drawer: Rect) -> [Int] {
        elements.indices.filter { i in
            let e = elements[i]
            return (e.kind == .text || e.kind == .button) && !(e.label ?? "").isEmpty && e.detections.contains { $0.type == .text }
                && e.frame.maxX <= drawer.maxX + 2 && e.frame.minY >= drawer.minY
        }
    }

    /// The drawer's destinations among `frames` (its row candidates' frames, with their `labels`):
    /// Material's navigation drawer is a list of destinations, each a one-line title at one keyline
    /// (the largest column of leading edges within ``DrawerSelectionConstants/keylineTolerance``,
    /// at least ``ListRows/minRows`` of them), and VoiceOver and TalkBack say each one's role. Of
    /// that column, the rows are those of at most ``TextButtons/actionPhraseMaxWords`` words whose
    /// nearest neighbour in the column lies between ``minRowPitchShare`` and
    /// ``DrawerSelectionConstants/maxNeighbourPitches`` row pitches away (the lower median of the
    /// gaps): an account's name right above its e-mail in the header is closer, a footer far below
    /// the list is farther.
    ///
    /// *Measured* (2026-11-28) on the 1,219 listened ui-real screens (`Benchmarks/listening`):
    /// 652 rows on 98 screens with an open drawer became buttons ("Profile", "Feedback", "Help"
    /// beside "Rate app", which the title-word rule alone had made buttons); 8 of those screens
    /// checked by eye, every row a destination. Made buttons before grouping, a switch's row text
    /// ("Night mode") had lost its switch and a drawer's title its heading; after it, neither.
    public static func destinations(_ frames: [Rect], labels: [String], width: Double) -> [Int] {
        guard let (column, pitch) = DrawerSelection.keylineRows(frames, width: width) else { return [] }
        return column.filter { i in
            let nearest = column.filter { $0 != i }.map { abs(frames[$0].midY - frames[i].midY) }.min() ?? .infinity
            return labels[i].split(whereSeparator: \.isWhitespace).count <= TextButtons.actionPhraseMaxWords
                && nearest >= minRowPitchShare * pitch && nearest <= DrawerSelectionConstants.maxNeighbourPitches * pitch
        }.sorted()
    }

    /// The drawer's destinations among its rows that lead with an icon (`rows`: indices of
    /// `elements`, its row candidates), found as ``destinations(_:labels:width:)`` finds them but
    /// with each row starting at its icon: a drawer that sets its icons on the keyline of its plain
    /// rows' titles puts the titles after an icon on a keyline of their own, a column smaller than
    /// the plain rows' that ``destinations(_:labels:width:)`` left out. An icon counts as
    /// ``ListRows`` counts a list row's: one of the row's detections, on its title's row, ending
    /// before the title starts.
    ///
    /// *Measured* (2026-11-29) on the 1,219 listened ui-real screens: 66 rows on 18 screens with an
    /// open drawer became buttons, each a destination by eye: rows leading with an icon that had
    /// stayed plain texts, most of them above or below plain rows made buttons ("Search",
    /// "Shortlist", "Home Price Guide" above "News", "Feedback", "Settings").
    public static func iconRowDestinations(_ elements: [Element], rows: [Int], width: Double) -> [Int] {
        let led: [(index: Int, frame: Rect)] = rows.compactMap { i in
            let e = elements[i]
            guard let (_, icon) = ListRows.leadingIcon(of: e) else { return nil }
            let start = min(icon.minX, e.frame.minX)
            return (i, Rect(x: start, y: e.frame.minY, width: e.frame.maxX - start, height: e.frame.height))
        }
        return destinations(led.map(\.frame), labels: led.map { elements[$0.index].label ?? "" }, width: width).map { led[$0].index }
    }

    /// A destination's nearest neighbour in the column is at least this share of the row pitch
    /// away: 0.6 — *design choice*, as ``DrawerSelectionConstants/minFillPitches`` bounds a row's
    /// height: Material's drawer rows are 48–56 dp apart, a header's two lines (name over e-mail,
    /// 20 dp apart) less than half that.
    public static let minRowPitchShare = 0.6

    /// The frame of an open drawer, or `nil` when the screen shows none: from the screen's leading
    /// edge to the drawer's trailing edge, from the top of that edge (``top(ofEdgeAt:in:below:)``) to
    /// the bottom.
    public static func frame(in image: RGBAImage) -> Rect? {
        guard let edge = edgeColumn(in: image),
            let top = top(ofEdgeAt: edge.column, in: image, below: Int(bandBottom * Double(image.height)))
        else { return nil }
        return Rect(x: 0, y: Double(top), width: edge.x, height: Double(image.height - top))
    }

    /// Where the edge starts: the first row, from the top, of a run of ``minTopRun`` of the screen's
    /// height where its column steps on every row but for gaps of at most ``maxRunGap`` rows. A
    /// drawer may open below an app bar and its tabs, which stay in view and are not behind it; a
    /// tab's title crossing the column steps on a few rows only. (A drawer's header as dark as
    /// the dimmed app bar beside it starts the run lower, which only leaves more of the screen in
    /// view.) `nil` when no run is that long: the edge is too ragged to tell what it covers.
    public static func top(ofEdgeAt x: Int, in image: RGBAImage, below bottom: Int) -> Int? {
        let w = image.width
        guard x >= 2, x + 2 < w, bottom > 0 else { return nil }
        let minRun = max(1, Int(minTopRun * Double(image.height)))
        var start = -1
        var last = -1
        return image.pixels.withUnsafeBufferPointer { p -> Int? in
            for y in 0..<bottom where abs(grey(p, (y * w + x - 2) * 4) - grey(p, (y * w + x + 2) * 4)) >= minStep {
                if start < 0 || y - last > maxRunGap + 1 { start = y }
                last = y
                if last - start + 1 >= minRun { return start }
            }
            return nil
        }
    }

    /// The grey level (ITU-R BT.601 luma, 0–255) of the RGBA pixel at byte offset `i`.
    @inline(__always) static func grey(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        (299 * Int(p[i]) + 587 * Int(p[i + 1]) + 114 * Int(p[i + 2])) / 1000
    }

    /// The x (in pixels) of an open drawer's trailing edge, or `nil` when the screen shows none.
    public static func edge(in image: RGBAImage) -> Double? { edgeColumn(in: image)?.x }

    /// The edge: the column stepping on most rows, and the middle of the columns around it that
    /// step on at least nine tenths as many (a sharp edge steps in the four columns around it).
    static func edgeColumn(in image: RGBAImage) -> (column: Int, x: Double)? {
        let w = image.width
        let h = image.height
        let top = Int(bandTop * Double(h))
        let bottom = Int(bandBottom * Double(h))
        let lo = Int(minEdge * Double(w))
        let hi = Int(maxEdge * Double(w))
        let leadingLo = max(2, Int(leadingEdgeStart * Double(w)))
        guard w >= 40, bottom - top >= 12, hi > lo, lo - 2 >= leadingLo else { return nil }
        // Grey levels of the columns looked at, one row at a time; tall
        // screenshots are read on every `step`-th row, which keeps the pass near 400 rows at any
        // scale (every row of ui-real's 640-px screens, on which the constants were measured).
        let step = max(1, (bottom - top) / 400)
        let rows = Array(stride(from: top, to: bottom, by: step))
        let bottomStart = rows.count - rows.count / 6
        var counts = [Int](repeating: 0, count: w)
        var bottomCounts = [Int](repeating: 0, count: w)
        var grey = [Int](repeating: 0, count: w)
        image.pixels.withUnsafeBufferPointer { p in
            for (r, y) in rows.enumerated() {
                var i = (y * w + leadingLo - 2) * 4
                for x in (leadingLo - 2)...(hi + 2) {
                    grey[x] = Self.grey(p, i)
                    i += 4
                }
                for x in leadingLo...hi where abs(grey[x - 2] - grey[x + 2]) >= minStep {
                    counts[x] += 1
                    if r >= bottomStart { bottomCounts[x] += 1 }
                }
            }
        }
        var best = lo
        for x in lo...hi where counts[x] > counts[best] { best = x }
        var start = best
        while start > lo, 10 * counts[start - 1] >= 9 * counts[best] { start -= 1 }
        var end = best
        while end < hi, 10 * counts[end + 1] >= 9 * counts[best] { end += 1 }
        let n = Double(rows.count)
        guard Double(counts[best]) >= minEdgeRows * n,
            Double(bottomCounts[best]) >= minBottomRows * Double(rows.count - bottomStart)
        else { return nil }
        let leadingHi = best - Int(minWidth * Double(w))
        if leadingHi >= leadingLo, (leadingLo...leadingHi).contains(where: { Double(counts[$0]) >= maxLeadingEdgeRows * n }) {
            return nil
        }
        return (best, Double(start + end + 1) / 2)
    }

    /// The band the edge is looked for in: below the status bar (0.06 of the height; Android's is
    /// 24 of 640 dp, iOS's 20–47 of 568–926 pt)…
    public static let bandTop = 0.06
    /// …to the bottom, short of a gesture bar or the screenshot's last rows (0.97).
    public static let bandBottom = 0.97
    /// A step of 12 grey levels across four pixels — *measured* with the rest on ui-real: a white
    /// drawer beside content under Material's 32 % black scrim steps by about 80, and the rows where a
    /// dark drawer meets dark dimmed content are what ``minEdgeRows`` leaves room for.
    public static let minStep = 12
    /// The edge runs down 0.75 of the band — *measured*: 196 of the 205 drawers reach it; the dialogs
    /// and photo grids that also do are told apart by the two rules below.
    public static let minEdgeRows = 0.75
    /// …and down 0.6 of the band's bottom sixth: a drawer is as tall as the screen.
    public static let minBottomRows = 0.6
    /// No other column left of the edge, from 0.02 of the width to ``minWidth`` short of it, steps on
    /// half the rows: a dialog's or a card's leading edge would.
    public static let maxLeadingEdgeRows = 0.5
    /// Where a leading edge is looked for from: 0.02 of the width (a drawer starts at 0).
    public static let leadingEdgeStart = 0.02
    /// A drawer is at least 0.3 of the width wider than any leading edge inside it — *design choice*.
    public static let minWidth = 0.3
    /// The edge starts with a run of 0.07 of the screen's height (45 px of 640) — *measured* on
    /// ui-real's 196 drawers found: longer than an app bar's button or a tab's title crossing the
    /// column (a "Feedback" button's border at a drawer's edge stepped for 34 px; with 0.05 the top
    /// of that drawer, which opens below the app bar, was put 43 px too high), no longer than a
    /// drawer's header and first row. 174 tops lie at most 25 px above the box's top (most at the
    /// status bar, which the boxes leave out), 11 within 7 px below it; 11 start 29–172 px low,
    /// which leaves more of the screen in view.
    public static let minTopRun = 0.07
    /// Rows of a run may miss the step two at a time (an anti-aliased glyph's edge, a divider).
    public static let maxRunGap = 2
    /// The edge lies between 0.55 and 0.92 of the width: Material's drawer is the screen less 56 dp
    /// at most 320 dp (0.84 of a 360-dp phone), iOS side menus 0.6–0.85; ui-real's leading drawer
    /// boxes end at 0.55–0.90 (two at 0.49, not found).
    public static let minEdge = 0.55
    public static let maxEdge = 0.92
}
