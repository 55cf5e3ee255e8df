import Foundation

/// §5.3 for navigation drawers: the row of the screen the app shows now.
///
/// An open drawer's destinations are a list of rows, each a text at one keyline (an icon before
/// it), and the current one is marked: Material's navigation drawer draws the active item on a
/// tinted fill one row tall (an "active indicator", its text and icon in the primary colour), and
/// older drawers colour the active item's text only. TalkBack says that row is checked, VoiceOver
/// a selected row is "Selected" — without it a user opening the menu hears eight plain titles and
/// not where they are.
///
/// The rows: the texts (and text buttons) inside the drawer whose leading edges line up within
/// ``DrawerSelectionConstants/keylineTolerance`` — the largest such column of at least
/// ``ListRows/minRows``. The selected one, tried in this order:
/// 1. The only row whose band (the drawer's width, its text's middle ± ``DrawerSelectionConstants/bandShare``
///    of the row pitch) is mostly a fill at least ``DrawerSelectionConstants/minFillDistance`` from
///    the fill most rows share, where that fill runs one row tall (``DrawerSelectionConstants/minFillPitches``
///    to ``DrawerSelectionConstants/maxFillPitches`` pitches, down the column between the text's end
///    and the drawer's edge) with the shared fill above and below it, and, where the fill is a
///    colour, whose text keeps the list's polarity (dark on light, or light on dark): a drawer's
///    header (an account's name on a photo, a logo on the brand colour) is taller, or borders
///    something else, and a call to action's coloured fill turns its text over (white on teal
///    below dark rows on white).
/// 2. Else, among the rows on the shared fill (at least ``ListRows/minRows``), the
///    only one whose text is a colour (chroma ≥ ``SelectionState/chromaticTint``) where every
///    other's is grey (under ``SelectionState/greyTint``) — the rule
///    ``SelectionState/selectedTab(_:frames:settings:)`` uses for tab bars.
///
/// Either way the row has a text on the row above or below it within
/// ``DrawerSelectionConstants/maxNeighbourPitches`` pitches: a footer far below the list is none.
///
/// *Measured* (2026-11-28) on the 57 drawers found among the 1,219 ui-real screens the sessions
/// listen to, where the constants were set: 24 rows said "Selected", every one right by eye (the
/// headers the fill rule met — "Fuelio", "Upgrade to FreeCharge account", a taxi app's yellow
/// "LOG IN" — turned down by the height or the border test, a teal "Add Vacation Details" call to
/// action by its white title). Held out, the 144 ui-real train screens with a drawer box not among
/// them (138 drawers found): 41 rows said "Selected", all right by eye, after the subheader and
/// footer bounds; before them two more were wrong (a dark drawer's "More" subheader band, a
/// footer's red "Made with ♥"), which set those bounds.
public enum DrawerSelection {
    /// The index in `frames` of the drawer's selected row, or nil when none is told apart. `frames`
    /// are the candidate rows' frames (texts inside `drawer`).
    public static func selectedRow(_ image: RGBAImage, drawer: Rect, frames: [Rect], settings: SelectionSettings) -> Int? {
        guard let (rows, pitch) = keylineRows(frames, width: Double(image.width)) else { return nil }
        let mids = rows.map { frames[$0].midY }
        let fills: [RGB?] = rows.map { i in
            let half = max(1, min(DrawerSelectionConstants.bandShare * pitch, frames[i].height))
            let band = Rect(minX: drawer.minX + 1, minY: frames[i].midY - half, maxX: drawer.maxX - 2, maxY: frames[i].midY + half)
            return SelectionState.histogram(image, band, bits: settings.quantizationBits).first?.color
        }
        guard fills.allSatisfy({ $0 != nil }) else { return nil }
        let colours = fills.map { $0! }
        let near = DrawerSelectionConstants.sameColour
        // The fill most rows share.
        let shared = colours.max { a, b in
            colours.filter { $0.distance(to: a) <= near }.count < colours.filter { $0.distance(to: b) <= near }.count
        }!
        // A row of the list has a text on the row above or below within
        // ``DrawerSelectionConstants/maxNeighbourPitches`` — in the column or not: rows read with
        // their icons start left of it — and a footer's red "Made with ♥" far below the rows has
        // none (its "in Porto Alegre" beside it is on its own row).
        func inList(_ k: Int) -> Bool {
            frames.contains { f in
                let gap = abs(f.midY - mids[k])
                return gap > pitch / 2 && gap <= DrawerSelectionConstants.maxNeighbourPitches * pitch
            }
        }
        // Each row's text against what it stands on (its frame's background and tint).
        let palettes = rows.map { SelectionState.palette(image, frames[$0], settings: settings) }
        let plain = rows.indices.filter { colours[$0].distance(to: shared) <= near }
        let lightText = rows.indices.map { k in
            palettes[k].flatMap { isLightInk(image, frames[rows[k]], background: $0.background, settings: settings) }
        }
        let votes = plain.compactMap { lightText[$0] }
        let listIsLight = votes.filter { $0 }.count * 2 > votes.count
        let filled = rows.indices.filter { k in
            colours[k].distance(to: shared) >= DrawerSelectionConstants.minFillDistance
                && isOneRowFill(image, row: frames[rows[k]], fill: colours[k], shared: shared, drawer: drawer, pitch: pitch)
                // A button's coloured fill turns its text over (white on teal under dark rows on
                // white); an active indicator keeps the list's, or is grey (a dark theme's lighter
                // grey row under dark text).
                && (colours[k].chroma < SelectionState.chromaticTint || (lightText[k] ?? listIsLight) == listIsLight)
        }
        if filled.count == 1 { return inList(filled[0]) ? rows[filled[0]] : nil }
        guard filled.isEmpty else { return nil }
        // By its text's colour alone, among the rows on the shared fill (a header's text on the
        // brand colour is no row of the list).
        guard plain.count >= ListRows.minRows else { return nil }
        let tints = plain.map { palettes[$0]?.tint }
        let coloured = tints.indices.filter { (tints[$0]?.chroma ?? 0) >= SelectionState.chromaticTint }
        let grey = tints.indices.filter { tints[$0].map { $0.chroma < SelectionState.greyTint } ?? false }
        guard coloured.count == 1, grey.count == plain.count - 1, inList(plain[coloured[0]]) else { return nil }
        return rows[plain[coloured[0]]]
    }

    /// The drawer's list among `frames`: the indices of its keyline column (``keylineColumn(_:width:)``)
    /// from top to bottom and its row pitch (the lower median of the gaps between their middles);
    /// nil for fewer than ``ListRows/minRows`` rows or no pitch.
    static func keylineRows(_ frames: [Rect], width: Double) -> (rows: [Int], pitch: Double)? {
        let column = keylineColumn(frames, width: width)
        guard column.count >= ListRows.minRows else { return nil }
        let rows = column.sorted { frames[$0].midY < frames[$1].midY }
        let mids = rows.map { frames[$0].midY }
        let pitch = SelectionState.lowerMedian(zip(mids, mids.dropFirst()).map { $1 - $0 })
        return pitch > 0 ? (rows, pitch) : nil
    }

    /// The indices of the largest group of `frames` whose leading edges lie within the keyline
    /// tolerance of one of them.
    static func keylineColumn(_ frames: [Rect], width: Double) -> [Int] {
        let tolerance = max(DrawerSelectionConstants.minKeylineTolerance, DrawerSelectionConstants.keylineTolerance * width)
        var best: [Int] = []
        for f in frames {
            let column = frames.indices.filter { abs(frames[$0].minX - f.minX) <= tolerance }
            if column.count > best.count { best = column }
        }
        return best
    }

    /// Whether `fill` runs one row tall at `row`'s middle — at least its text's height and
    /// ``DrawerSelectionConstants/minFillPitches`` × `pitch`, at most
    /// ``DrawerSelectionConstants/maxFillPitches`` × `pitch` — down a column between the text's end
    /// and the drawer's edge — with the `shared` fill just above and below it.
    static func isOneRowFill(_ image: RGBAImage, row: Rect, fill: RGB, shared: RGB, drawer: Rect, pitch: Double) -> Bool {
        let x = Int(min(drawer.maxX - 3, (row.maxX + drawer.maxX) / 2))
        let y = Int(row.midY)
        guard x >= 0, x < image.width, y >= 0, y < image.height else { return false }
        let near = DrawerSelectionConstants.sameColour
        var top = y
        while top > 0, image.color(x: x, y: top - 1).distance(to: fill) <= near { top -= 1 }
        var bottom = y
        while bottom < image.height - 1, image.color(x: x, y: bottom + 1).distance(to: fill) <= near { bottom += 1 }
        let height = Double(bottom - top + 1)
        guard height >= max(row.height, DrawerSelectionConstants.minFillPitches * pitch), height <= DrawerSelectionConstants.maxFillPitches * pitch
        else { return false }
        // Past the fill's anti-aliased edge: a few pixels beyond it.
        let edge = DrawerSelectionConstants.edgeRows
        let above = image.color(x: x, y: max(0, top - edge))
        let below = image.color(x: x, y: min(image.height - 1, bottom + edge))
        return above.distance(to: shared) <= 2 * near && below.distance(to: shared) <= 2 * near
    }

    /// Whether the ink in `frame` — the mean of its pixels at least
    /// ``SelectionSettings/minTintDistance`` from `background` — is lighter than `background`;
    /// nil when there is none. (The mean, not the most frequent such colour: at 1x a thin stroke's
    /// most frequent colour can be a pale blend of the ink with the fill.)
    static func isLightInk(_ image: RGBAImage, _ frame: Rect, background: RGB, settings: SelectionSettings) -> Bool? {
        let (x0, x1, y0, y1) = SelectionState.pixelBounds(image, frame)
        var sum = 0
        var n = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let c = image.color(x: x, y: y)
                if c.distance(to: background) >= settings.minTintDistance {
                    sum += brightness(c)
                    n += 1
                }
            }
        }
        return n == 0 ? nil : sum > n * brightness(background)
    }

    /// A colour's brightness for telling light text from dark: the sum of its channels.
    static func brightness(_ c: RGB) -> Int { Int(c.r) + Int(c.g) + Int(c.b) }

}

/// The constants of ``DrawerSelection``.
public enum DrawerSelectionConstants {
    /// Rows' texts start on one keyline (Material lists: 16 or 72 dp from the edge); OCR and the
    /// detector place a text's leading edge within a few pixels: this share of the screen's width
    /// (0.02, 8 px at 390 pt) or ``minKeylineTolerance`` px, whichever is more — *design choice*.
    public static let keylineTolerance = 0.02
    /// See ``keylineTolerance``: 4 px.
    public static let minKeylineTolerance = 4.0
    /// A row's band reaches this share of the row pitch above and below its text's middle (or
    /// the text's height, if less): inside the row whatever its padding — *design choice*.
    public static let bandShare = 0.3
    /// A selected row's fill lies at least this far (RGB distance) from the rows' shared fill:
    /// 12 — *measured* (2026-11-28): the faintest active fill among the 57 drawers, a light grey
    /// on white, lies 28 from it; JPEG noise on a flat fill moves it 1–3.
    public static let minFillDistance = 12.0
    /// Pixels within this RGB distance are one colour (walking a fill, grouping rows' fills): 12,
    /// as ``minFillDistance``.
    public static let sameColour = 12.0
    /// An active fill is one row tall: at most this many row pitches — *measured* (2026-11-28):
    /// the selected rows' fills ran 0.91–1.08 pitches, the headers the rule met 1.43–2.87.
    public static let maxFillPitches = 1.25
    /// … and at least this many: 0.6 — *measured* (2026-11-28): a section's subheader band ("More"
    /// on a lighter grey between a dark drawer's rows, ui-real train) ran 0.43 pitches.
    public static let minFillPitches = 0.6
    /// A selected row lies within this many pitches of another row of the list: 1.5 — *design
    /// choice*, room for a divider between sections; a footer lies farther.
    public static let maxNeighbourPitches = 1.5
    /// The shared fill is looked for this many pixels past the fill's last row (its anti-aliased
    /// edge): 3 — *design choice*.
    public static let edgeRows = 3
}
