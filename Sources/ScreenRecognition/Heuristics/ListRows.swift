import Foundation

/// §5.4 for the rows of one list: a navigation drawer's or a menu's rows — each a leading icon
/// and a title, the titles on one keyline — are all the same kind of control, so they say the
/// same role.
public enum ListRows {
    /// Titles of one list start within this share of the screen's width of each other, and so do
    /// their leading icons: 0.015 (6 px on ui-real's 385-px screens) — Material's list keyline is
    /// one x for every row (72 dp for a title after an icon) and iOS cells share one inset; the
    /// rest is OCR's and the detector's jitter, 1–4 px on the lists measured below — *design choice*.
    public static let keylineTolerance = 0.015
    /// A list needs at least this many such rows, and so does the role that wins: 3 — Material's
    /// navigation drawer and bottom navigation both start at three destinations; two rows are a
    /// pair, not a list, and two rows outvoting one are too few to speak for a list (an upgrade
    /// dialog's three feature bullets, two of which the model called buttons) — *design choice*.
    public static let minRows = 3

    /// The elements with each list's rows given the role most of its rows have: a title among
    /// plain rows that the text-button model or a rule called a button ("Share app", "Rate us",
    /// "Send feedback" among "Home", "Settings", "Help" in a drawer) is plain too, and a plain row
    /// among buttons is a button. A list is ``minRows`` or more read texts or text buttons, each
    /// with a leading icon left of its title on its row, titles and icons each on one keyline
    /// (``keylineTolerance``); the role needs ``minRows`` rows and more than the other, so a tie
    /// changes nothing. Lists of titles without icons count too (``plainTextLists(_:screenWidth:)``).
    /// A row ending in a chevron (a disclosure row's
    /// button) is left as it is. Lists are looked for among the top-level elements and among the
    /// children of each container or group. Returns how many rows changed.
    ///
    /// *Measured* (2026-11-26) on the 779 check and 700 held-out screens: 73 lists mixed plain
    /// rows and buttons, nearly all navigation drawers and menus. Against ui-real's labels every
    /// button in them was `Text` (26 in lists mostly of buttons, 63 of the 69 in lists mostly of
    /// plain rows; the rest `TextImageButton` or unlabelled), and iOS speaks a table's selectable
    /// cells by their titles alone; the model's "button" there came from the title's words.
    public static func shareRoles(_ elements: [Element], screenWidth: Double) -> (elements: [Element], changed: Int) {
        var changed = 0
        var result = elements
        for i in result.indices where [.container, .group].contains(result[i].kind) && !result[i].children.isEmpty {
            let inner = shareRoles(result[i].children, screenWidth: screenWidth)
            result[i].children = inner.elements
            changed += inner.changed
        }
        let tolerance = keylineTolerance * screenWidth
        let rows: [(index: Int, title: Rect, icon: Rect)] = result.indices.compactMap { i in
            let e = result[i]
            guard mayBeRow(e), let (title, icon) = leadingIcon(of: e), !e.detections.contains(where: { $0.type == .icon && $0.box.minX >= title.maxX })
            else { return nil }
            return (i, title, icon)
        }
        var used = Set<Int>()
        var lists: [[Int]] = []
        for row in rows.sorted(by: { $0.title.minY < $1.title.minY }) where !used.contains(row.index) {
            let list = rows.filter {
                !used.contains($0.index) && abs($0.title.minX - row.title.minX) <= tolerance && abs($0.icon.minX - row.icon.minX) <= tolerance
            }
            guard list.count >= minRows else { continue }
            used.formUnion(list.map(\.index))
            lists.append(list.map(\.index))
        }
        lists += plainTextLists(result, screenWidth: screenWidth)
        for list in lists { changed += vote(list, in: &result) }
        return (result, changed)
    }

    /// A row's title (its first text detection's box) and the icon it leads with: an icon
    /// detection on the title's row that ends before the title starts (2 px of overlap allowed:
    /// detector boxes touch). Nil when the element has no such pair.
    static func leadingIcon(of e: Element) -> (title: Rect, icon: Rect)? {
        guard let title = e.detections.first(where: { $0.type == .text })?.box,
            let icon = e.detections.first(where: { $0.type == .icon && $0.box.maxX <= title.minX + 2 && $0.box.sharesRow(with: title) })?.box
        else { return nil }
        return (title, icon)
    }

    /// Lists of titles without leading icons: ``minPlainRows`` or more read texts or text buttons
    /// made of text alone and named by words (two letters or more: a number pad's keys, a column
    /// of prices or times are no menu), their titles on one keyline (``keylineTolerance``), one text height
    /// (within ``plainRowHeightRatio``) and one pitch — each title starts within
    /// ``pitchTolerance`` of the first pitch below the one before (a drawer's or a settings
    /// page's rows, a menu in capitals). Without icons to mark the rows a column of texts could
    /// be a paragraph's lines or a form's captions, so the list needs a fourth row and an even
    /// pitch. *Measured* (2026-11-26) on the 779 check screens: 5 such lists mixed
    /// plain rows and buttons ("Rate App", "Update Profile", "Delete Account" and "Logout" among 11
    /// plain settings rows; "JOIN STRAVA", "INVITE FRIENDS" beside "CHECK IN", "MY PROFILE" in a
    /// menu), 12 rows changed; on the 700 held-out screens one ("Remove Ads" among a drawer's rows).
    public static func plainTextLists(_ elements: [Element], screenWidth: Double) -> [[Int]] {
        let tolerance = keylineTolerance * screenWidth
        let titles: [(index: Int, box: Rect)] = elements.indices.compactMap { i in
            let e = elements[i]
            guard mayBeRow(e), !e.detections.isEmpty, e.detections.allSatisfy({ $0.type == .text }),
                (e.label ?? "").filter(\.isLetter).count >= 2,
                let box = e.detections.first?.box, box.height > 0
            else { return nil }
            return (i, box)
        }
        var used = Set<Int>()
        var lists: [[Int]] = []
        for first in titles.sorted(by: { $0.box.minY < $1.box.minY }) where !used.contains(first.index) {
            let column = titles.filter { !used.contains($0.index) && abs($0.box.minX - first.box.minX) <= tolerance }
                .sorted { $0.box.minY < $1.box.minY }
            var run: [(index: Int, box: Rect)] = []
            func close() {
                if run.count >= minPlainRows {
                    lists.append(run.map(\.index))
                    used.formUnion(run.map(\.index))
                }
            }
            for t in column {
                var fits = true
                if let top = run.first, let last = run.last {
                    let ratio = t.box.height / top.box.height
                    let pitch = t.box.minY - last.box.minY
                    fits = ratio >= 1 / plainRowHeightRatio && ratio <= plainRowHeightRatio && pitch > 0
                    if run.count >= 2 {
                        let firstPitch = run[1].box.minY - top.box.minY
                        fits = fits && abs(pitch - firstPitch) <= pitchTolerance * firstPitch
                    }
                }
                if fits {
                    run.append(t)
                } else {
                    close()
                    run = [t]
                }
            }
            close()
        }
        return lists
    }

    /// A list without leading icons needs at least four rows — *design choice*, one more than a
    /// list with icons (``minRows``), since nothing else marks its texts as rows.
    public static let minPlainRows = 4
    /// Titles of one list are one text style: heights within 1.33 × of each other — *design
    /// choice*, the detector's boxes of one font size vary by up to a quarter on ui-real's
    /// downscaled screens.
    public static let plainRowHeightRatio = 1.33
    /// Rows of one list are evenly spaced: each pitch within a quarter of the first — *design
    /// choice*; the settings and drawer lists measured above kept theirs within a tenth, a
    /// section header's extra space breaks a run.
    public static let pitchTolerance = 0.25

    /// Whether `e` may be a list's row: a read text or text button, not a heading or a link.
    static func mayBeRow(_ e: Element) -> Bool {
        [.text, .button].contains(e.kind) && e.children.isEmpty && e.label != nil && !e.traits.contains(.header) && !e.traits.contains(.link)
    }

    /// Gives the rows of one list (indices into `result`) the role most of them have, when that
    /// role has ``minRows`` rows and more than the other. Returns how many rows changed.
    static func vote(_ list: [Int], in result: inout [Element]) -> Int {
        let buttons = list.filter { result[$0].kind == .button }.count
        let plain = list.count - buttons
        guard buttons != plain, max(buttons, plain) >= minRows else { return 0 }
        var changed = 0
        for i in list where (result[i].kind == .button) != (buttons > plain) {
            if buttons > plain {
                Metadata.makeButton(&result[i])
            } else {
                Metadata.makeText(&result[i])
            }
            changed += 1
        }
        return changed
    }
}
