/// What VoiceOver speaks when an element gains focus.
///
/// Wording rules (following how VoiceOver reads UIKit elements, seeds 003 and 004):
/// 1. "Selected" first when the element has the `selected` trait ("Selected, World Clock, Tab, 1 of 4").
/// 2. The label; when there is none, a placeholder for the kind: "Button" for a clickable icon,
///    "Icon", "Image" for a picture, "Text" for unread text.
/// 3. The value, except for switches and checkboxes, whose state comes last
///    ("Font size, 14 point, Adjustable"; "Page 2 of 5, Adjustable" — a page control's value is its
///    label-less announcement).
/// 4. Trait words: "Tab" for a tab button (in place of "Button"), "Switch button" for a toggle,
///    "Checkbox" for a checkbox, "Search field" / "Text field", "Button", "Link", "Heading",
///    "Image", "Adjustable", "Dimmed" for `notEnabled`.
/// 5. The position among siblings for tabs and segments ("1 of 4").
/// 6. A switch's "On"/"Off" or a checkbox's "Checked"/"Unchecked".
/// 7. "Actions available" when the element has custom actions (VoiceOver's default verbosity).
/// 8. With hints enabled, the hint last.
/// Parts are joined with ", ", VoiceOver's short pause; empty parts are skipped.
public enum Announcer {
    public static func announcement(for e: Element, settings: AnnouncementSettings = .init()) -> String {
        var parts: [String] = []
        let t = e.traits
        if t.contains(.selected) { parts.append("Selected") }
        if let label = e.label, !label.isEmpty {
            parts.append(label)
        } else if e.kind != .pageControl || e.value == nil {
            parts.append(placeholder(for: e))
        }
        let stateLast = e.kind == .toggle || e.kind == .checkbox
        if !stateLast, let v = e.value, !v.isEmpty { parts.append(v) }
        parts += traitWords(for: e)
        if let p = e.position { parts.append("\(p.index) of \(p.count)") }
        if stateLast, let v = e.value, !v.isEmpty { parts.append(v) }
        if settings.speakActionsAvailable && !e.customActions.isEmpty { parts.append("Actions available") }
        if settings.includeHints, let h = e.hint, !h.isEmpty { parts.append(h) }
        return parts.joined(separator: ", ")
    }

    /// Spoken when an element has no label.
    static func placeholder(for e: Element) -> String {
        switch e.kind {
        case .icon: "Icon"
        case .button: "Button"
        case .picture: "Image"
        case .text: "Text"
        case .pageControl: "Page control"
        case .slider: "Slider"
        case .textField: "Text field"
        case .toggle: "Switch"
        case .checkbox: "Checkbox"
        case .tabButton: "Tab"
        case .segment: "Segment"
        case .dialog: "Alert"
        case .container, .group: "Group"
        }
    }

    static func traitWords(for e: Element) -> [String] {
        let t = e.traits
        var words: [String] = []
        let placeholderIsWord = (e.label ?? "").isEmpty
        switch e.kind {
        case .tabButton: words.append("Tab")
        case .toggle: words.append("Switch button")
        case .checkbox: words.append("Checkbox")
        case .textField: words.append(t.contains(.searchField) ? "Search field" : "Text field")
        default:
            if t.contains(.button) && !(placeholderIsWord && e.kind == .button) { words.append("Button") }
            if t.contains(.link) { words.append("Link") }
        }
        if t.contains(.header) { words.append("Heading") }
        if t.contains(.image) && !(placeholderIsWord && (e.kind == .picture || e.kind == .icon)) { words.append("Image") }
        if t.contains(.adjustable) { words.append("Adjustable") }
        if t.contains(.notEnabled) { words.append("Dimmed") }
        return words
    }

    /// Fills in `announcement` for the elements and all their children.
    public static func announce(_ elements: [Element], settings: AnnouncementSettings = .init()) -> [Element] {
        elements.map { e in
            var e = e
            e.children = announce(e.children, settings: settings)
            e.announcement = announcement(for: e, settings: settings)
            return e
        }
    }
}
