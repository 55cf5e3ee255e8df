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
    /// changes nothing. A row ending in a chevron (a disclosure row's
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
            guard [.text, .button].contains(e.kind), e.children.isEmpty, e.label != nil,
                !e.traits.contains(.header), !e.traits.contains(.link),
                let title = e.detections.first(where: { $0.type == .text })?.box,
                let icon = e.detections.first(where: { $0.type == .icon && $0.box.maxX <= title.minX + 2 && $0.box.sharesRow(with: title) })?.box,
                !e.detections.contains(where: { $0.type == .icon && $0.box.minX >= title.maxX })
            else { return nil }
            return (i, title, icon)
        }
        var used = Set<Int>()
        for row in rows.sorted(by: { $0.title.minY < $1.title.minY }) where !used.contains(row.index) {
            let list = rows.filter {
                !used.contains($0.index) && abs($0.title.minX - row.title.minX) <= tolerance && abs($0.icon.minX - row.icon.minX) <= tolerance
            }
            guard list.count >= minRows else { continue }
            used.formUnion(list.map(\.index))
            let buttons = list.filter { result[$0.index].kind == .button }.count
            let plain = list.count - buttons
            guard buttons != plain, max(buttons, plain) >= minRows else { continue }
            for r in list where (result[r.index].kind == .button) != (buttons > plain) {
                if buttons > plain {
                    Metadata.makeButton(&result[r.index])
                } else {
                    result[r.index].kind = .text
                    result[r.index].traits.remove(.button)
                    result[r.index].traits.insert(.staticText)
                    result[r.index].hint = nil
                }
                changed += 1
            }
        }
        return (result, changed)
    }
}
