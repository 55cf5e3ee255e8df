/// What VoiceOver speaks when an element gains focus.
///
/// Wording rules (following how VoiceOver reads UIKit elements, seeds 003 and 004):
/// 1. "Selected" first when the element has the `selected` trait ("Selected, World Clock, Tab, 1 of 4").
/// 2. The label; when there is none, the role is said once: by the trait word of step 4 when the
///    element has one ("Checkbox, Unchecked", "Tab, 2 of 4", "Text field"), else by a placeholder
///    for the kind ("Icon", "Image" for a picture, "Text" for unread text).
/// 3. The value, except for switches and checkboxes, whose state comes last
///    ("Font size, 14 point, Adjustable"; "Page 2 of 5, Adjustable" — a page control's value is its
///    label-less announcement).
/// 4. Trait words: "Tab" for a tab button (in place of "Button"), "Switch button" for a toggle,
///    "Checkbox" for a checkbox, "Radio button" for a radio button, "Search field" / "Text field",
///    "Button", "Link", "Heading",
///    "Image", "Adjustable", "Dimmed" for `notEnabled`.
/// 5. The position among siblings for tabs, segments and radio buttons ("1 of 4").
/// 6. A switch's "On"/"Off" or a checkbox's or radio button's "Checked"/"Unchecked".
/// 7. "Actions available" when the element has custom actions (VoiceOver's default verbosity).
/// 8. With hints enabled, the hint last.
/// Parts are joined with ", ", VoiceOver's short pause; empty parts and parts repeating an earlier
/// one are skipped (a role word is never spoken twice), and a part's own trailing comma is dropped.
public enum Announcer {
    public static func announcement(for e: Element, settings: AnnouncementSettings = .init()) -> String {
        var parts: [String] = []
        let t = e.traits
        if t.contains(.selected) { parts.append("Selected") }
        let words = traitWords(for: e)
        if let label = e.label?.trimmingCharacters(in: .whitespacesAndNewlines), !label.isEmpty {
            parts.append(label)
        } else if e.kind == .pageControl, let v = e.value, !v.isEmpty {
            // A page control's value is its label-less announcement ("Page 2 of 5, Adjustable").
        } else if !words.contains(where: roleWords.contains) {
            // Without a label the role is said once: by the trait word when there is one
            // ("Checkbox, Unchecked", "Tab, 2 of 4"), else by the kind's placeholder ("Icon").
            parts.append(placeholder(for: e))
        }
        let stateLast = e.kind == .toggle || e.kind == .checkbox || e.kind == .radioButton
        if !stateLast, let v = e.value, !v.isEmpty { parts.append(v) }
        parts += words
        if let p = e.position { parts.append("\(p.index) of \(p.count)") }
        if stateLast, let v = e.value, !v.isEmpty { parts.append(v) }
        if settings.speakActionsAvailable && !e.customActions.isEmpty { parts.append("Actions available") }
        if settings.includeHints, let h = e.hint, !h.isEmpty { parts.append(h) }
        return withoutRepeats(parts).joined(separator: ", ")
    }

    /// Trait words that name what the element is; one of them makes the placeholder redundant.
    static let roleWords: Set<String> = ["Tab", "Switch button", "Checkbox", "Radio button", "Text field", "Search field", "Button", "Link"]

    /// The parts with any part dropped that repeats an earlier one (ignoring case): a label read as
    /// "Button" on a button, or "Search" … "Search field" never says the same word twice in a row of
    /// parts. Only exact repeats are dropped; "Search, Search field" stays.
    /// A part's own trailing commas go too (an OCR reading that ends on one, "Log In,"): the join
    /// puts a comma after every part, and "Log In,, Button" is no announcement (15 on the 1,219
    /// listening screens, 2026-11-29).
    static func withoutRepeats(_ parts: [String]) -> [String] {
        var seen = Set<String>()
        return parts.compactMap { p in
            var part = p.trimmingCharacters(in: .whitespacesAndNewlines)
            while part.hasSuffix(",") { part = String(part.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
            let key = part.lowercased()
            guard !key.isEmpty, seen.insert(key).inserted else { return nil }
            return part
        }
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
        case .radioButton: "Radio button"
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
        case .radioButton: words.append("Radio button")
        case .textField:
            words.append(t.contains(.searchField) ? "Search field" : Metadata.isSecureField(e.label) ? "Secure text field" : "Text field")
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
