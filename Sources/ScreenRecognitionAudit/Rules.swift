import Foundation
import ScreenRecognition

/// The rules' findings, each with a message naming the element and a concrete fix.
enum Rules {
    // MARK: Wording helpers

    static func kindName(_ k: ElementKind) -> String {
        switch k {
        case .text: "text"
        case .button: "button"
        case .icon: "icon"
        case .picture: "picture"
        case .toggle: "switch"
        case .checkbox: "checkbox"
        case .radioButton: "radio button"
        case .tabButton: "tab"
        case .segment: "segment"
        case .slider: "slider"
        case .pageControl: "page control"
        case .textField: "text field"
        case .dialog: "dialog"
        case .container, .group: "cell"
        }
    }

    static func describe(_ e: Element) -> String {
        let k = e.kind == .icon && e.isInteractive ? "icon button" : kindName(e.kind)
        if let l = e.label, !l.isEmpty { return "\(k) “\(l)”" }
        return k
    }

    /// A Swift/Kotlin string literal.
    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A variable name for code in suggestions: the identifier when the tree has one, else the label
    /// in camel case plus the kind ("backButton", "searchTab").
    static func codeName(label: String?, identifier: String? = nil, kind: ElementKind?) -> String {
        if let id = identifier, !id.isEmpty {
            let short = id.split(separator: "/").last.map(String.init) ?? id
            let cleaned = short.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            if let first = cleaned.first {
                return first.prefix(1).lowercased() + first.dropFirst() + cleaned.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            }
        }
        let suffix: String
        switch kind {
        case .tabButton: suffix = "Tab"
        case .toggle: suffix = "Switch"
        case .text: suffix = "Label"
        case .picture: suffix = "ImageView"
        case .group, .container: suffix = "Cell"
        case .textField: suffix = "TextField"
        default: suffix = "Button"
        }
        if let label, SpokenText.problems(in: label).contains(where: { $0.kind == .numericDate }),
            label.split(separator: " ").count == 1
        {
            return "date" + suffix
        }
        let words = (label ?? "").split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(3)
        guard let first = words.first, first.first?.isLetter == true else { return suffix.prefix(1).lowercased() + suffix.dropFirst() }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined() + suffix
    }

    static func androidId(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    /// "1st", "2nd", "3rd", "4th" …
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    // MARK: Rules

    static func unexposed(_ e: Element, platform: Platform) -> Finding {
        let name = codeName(label: e.label, kind: e.kind)
        let label = e.label.map(SpokenText.fixed) ?? "…"
        let suggestion: String
        switch platform {
        case .ios:
            suggestion =
                "\(name).isAccessibilityElement = true; \(name).accessibilityLabel = \(literal(label))"
                + (e.isInteractive ? "; \(name).accessibilityTraits = .button" : "")
                + " (SwiftUI: remove .accessibilityHidden(true); add .accessibilityLabel(\(literal(label))))"
        case .android:
            suggestion =
                "\(name).importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_YES; \(name).contentDescription = \(literal(label))"
                + " (XML: android:importantForAccessibility=\"yes\" android:contentDescription=\(literal(label)))"
        }
        let severity: Severity =
            e.isInteractive || [.button, .toggle, .checkbox, .radioButton, .tabButton, .textField, .slider, .segment].contains(e.kind) ? .error : .warning
        return Finding(
            rule: .unexposedElement, severity: severity, frame: e.frame,
            message: "Visible \(describe(e)) is not exposed to \(platform == .ios ? "VoiceOver" : "TalkBack"); users cannot find or activate it.",
            suggestion: suggestion)
    }

    /// `e` is what the pixels show there, when something was matched (it suggests the label).
    static func missingLabel(_ e: Element?, _ x: ExposedElement, platform: Platform) -> Finding? {
        guard x.spokenLabel == nil, (x.value ?? "").isEmpty else { return nil }
        let name = codeName(label: e?.label, identifier: x.identifier, kind: x.kind ?? e?.kind)
        let read = e?.label.flatMap { $0.isEmpty ? nil : $0 }
        let from =
            e.map { e in e.kind == .icon || (e.detections.contains { $0.iconLabel != nil } && e.detections.allSatisfy { $0.text == nil }) } == true
            ? "the icon's meaning" : "the text on screen"
        let label = read.map(SpokenText.fixed) ?? "…"
        let fix: String
        switch platform {
        case .ios: fix = "\(name).accessibilityLabel = \(literal(label)) (SwiftUI: .accessibilityLabel(\(literal(label))))"
        case .android: fix = "\(name).contentDescription = \(literal(label)) (XML: android:contentDescription=\(literal(label)))"
        }
        let speaks =
            platform == .ios ? "VoiceOver says only “\(x.kind == .tabButton ? "Tab" : x.kind == .button ? "Button" : x.type)”" : "TalkBack says “Unlabeled”"
        return Finding(
            rule: .missingLabel, frame: x.frame,
            message: "\(x.reference) has no accessibility label; \(speaks)."
                + (read.map { " Pixels suggest “\($0)” (read from \(from))." } ?? ""),
            suggestion: fix, line: x.line)
    }

    static func words(_ s: String) -> [String] {
        s.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    static func labelMismatch(_ e: Element, _ x: ExposedElement, overlap: Double, platform: Platform) -> Finding? {
        guard let label = x.spokenLabel else { return nil }
        // The visible text: OCR'd text leaves only (an icon's meaning may be worded many ways).
        // Text buttons ("Send, Button") show their title as text too.
        let texts = e.flattened.filter { leaf in
            leaf.children.isEmpty
                && (leaf.kind == .text
                    || (leaf.kind == .button && leaf.detections.contains { $0.type == .text } && !leaf.detections.contains { $0.type == .icon }))
        }.compactMap(\.label).filter { !$0.isEmpty }
        let visible = texts.flatMap(words)
        guard !visible.isEmpty else { return nil }
        let labelWords = Set(words(label))
        let shared = visible.filter(labelWords.contains).count
        guard Double(shared) < overlap * Double(visible.count) else { return nil }
        let shown = texts.joined(separator: ", ")
        let name = codeName(label: shown, identifier: x.identifier, kind: x.kind ?? e.kind)
        let fix: String
        switch platform {
        case .ios:
            fix =
                "\(name).accessibilityLabel = \(literal(shown)) (SwiftUI: .accessibilityLabel(\(literal(shown)))); a label that starts with the visible text keeps Voice Control working"
        case .android: fix = "\(name).contentDescription = \(literal(shown)) (or remove contentDescription so TalkBack reads the text)"
        }
        return Finding(
            rule: .labelMismatch, frame: x.frame,
            message:
                "\(x.type)\(x.identifier.map { " #\($0)" } ?? "") is labelled “\(label)” but shows “\(shown)” on screen; voice-control and screen-reader users hear a name they cannot see.",
            suggestion: fix, line: x.line)
    }

    static func missingTraits(_ e: Element, _ x: ExposedElement, platform: Platform) -> [Finding] {
        var out: [Finding] = []
        let name = codeName(label: e.label ?? x.spokenLabel, identifier: x.identifier, kind: e.kind)
        func add(_ what: String, _ ios: String, _ android: String) {
            out.append(
                Finding(
                    rule: .missingTrait, frame: x.frame,
                    message: "\(x.reference) looks like \(what) on screen, but the tree does not say so.",
                    suggestion: platform == .ios ? ios : android, line: x.line))
        }
        let leaves = e.flattened
        if let t = leaves.first(where: { $0.kind == .toggle }), x.kind != .toggle, !x.traits.contains(.toggleButton) {
            let on = t.value == "On" ? "true" : t.value == "Off" ? "false" : "isOn"
            add(
                "a switch (\(t.value ?? "state unknown"))",
                "use a UISwitch, or set \(name).accessibilityTraits.insert(.toggleButton) (iOS 17) and accessibilityValue = \(on == "true" ? "\"1\"" : on == "false" ? "\"0\"" : "isOn ? \"1\" : \"0\"") (SwiftUI: Toggle, or .accessibilityAddTraits(.isToggle))",
                "use a SwitchCompat/MaterialSwitch, or ViewCompat.setAccessibilityDelegate(\(name), …) with info.isCheckable = true; info.isChecked = \(on)")
        }
        if let t = leaves.first(where: { $0.kind == .checkbox }), ![.checkbox, .radioButton, .toggle].contains(x.kind) {
            add(
                "a checkbox (\(t.value ?? "state unknown"))",
                "\(name).accessibilityValue = \(literal(t.value ?? "Checked")) and .button trait (SwiftUI: .accessibilityValue(\(literal(t.value ?? "Checked")))); use a toggle style with .isToggle",
                "use a CheckBox, or set info.isCheckable = true; info.isChecked = … in an AccessibilityDelegate")
        }
        if let t = leaves.first(where: { $0.kind == .radioButton }), ![.checkbox, .radioButton, .toggle].contains(x.kind) {
            add(
                "a radio button (\(t.value ?? "state unknown"))",
                "give \(name) the .button trait, and .selected on the chosen one (SwiftUI: .accessibilityAddTraits(.isSelected)), so that VoiceOver says which choice is made",
                "use a RadioButton in a RadioGroup, or set info.isCheckable = true; info.isChecked = … in an AccessibilityDelegate")
        }
        if e.kind == .tabButton, x.kind != .tabButton, !x.traits.contains(.tabBar) {
            add(
                "a tab (\(e.position.map { "\($0.index) of \($0.count)" } ?? "in a tab bar"))",
                "put the tabs in a UITabBar, or give their container accessibilityTraits = .tabBar (SwiftUI: TabView)",
                "use a BottomNavigationView/TabLayout, or set the item's role with ViewCompat.setAccessibilityDelegate and CollectionItemInfo")
        }
        if e.traits.contains(.selected) || leaves.contains(where: { $0.traits.contains(.selected) }), !x.traits.contains(.selected) {
            add(
                "the selected \(kindName(e.kind))",
                "\(name).accessibilityTraits.insert(.selected) when it is selected (SwiftUI: .accessibilityAddTraits(.isSelected))",
                "\(name).isSelected = true for the current item (TalkBack then says “Selected”)")
        }
        return out
    }

    static func shouldGroup(_ e: Element, parts: [ExposedElement], platform: Platform) -> Finding {
        let spoken = parts.map { $0.spokenLabel.map { "“\($0)”" } ?? $0.type }
        let shown = e.label ?? parts.compactMap(\.spokenLabel).joined(separator: ", ")
        let name = codeName(label: shown, kind: .group)
        let label = SpokenText.fixed(shown)
        let fix: String
        switch platform {
        case .ios:
            fix =
                "\(name).isAccessibilityElement = true; \(name).accessibilityLabel = \(literal(label)) (SwiftUI: .accessibilityElement(children: .combine) on the row)"
        case .android:
            fix =
                "make the row one stop: android:focusable=\"true\" (or android:screenReaderFocusable=\"true\") on the row layout, and android:importantForAccessibility=\"no\" on its children if they repeat it"
        }
        return Finding(
            rule: .shouldGroup, frame: e.frame,
            message:
                "One \(kindName(e.kind)) on screen is exposed as \(parts.count) elements (\(spoken.joined(separator: ", "))); users swipe \(parts.count) times to hear it.",
            suggestion: fix, line: parts.first?.line)
    }

    /// Elements the tree visits out of visual order: those outside a longest non-decreasing run of
    /// visual positions (moving each of them is one §5.6 insertion step).
    static func order(_ exposed: [ExposedElement], visual: [Int], inferred: [Element], platform: Platform) -> [Finding] {
        let keep = longestNonDecreasing(visual)
        let moved = visual.indices.filter { !keep.contains($0) }
        guard !moved.isEmpty else { return [] }
        var out: [Finding] = []
        for i in moved {
            let x = exposed[i]
            // Where it belongs: after the last kept element that is visually before it.
            let before = keep.filter { visual[$0] < visual[i] }.max()
            let after = before.map { exposed[$0] }
            let fix: String
            let anchor = after.map { codeName(label: $0.spokenLabel, identifier: $0.identifier, kind: $0.kind) }
            let name = codeName(label: x.spokenLabel, identifier: x.identifier, kind: x.kind)
            switch platform {
            case .ios:
                fix =
                    "list the elements in visual order: container.accessibilityElements = [… \(anchor ?? "<first>"), \(name), …] (SwiftUI: .accessibilitySortPriority, or reorder the views)"
            case .android:
                fix =
                    anchor.map { "android:accessibilityTraversalAfter=\"@id/\(androidId($0))\" on \(name), or reorder the views" }
                    ?? "android:accessibilityTraversalBefore on \(name), or reorder the views"
            }
            out.append(
                Finding(
                    rule: .orderMismatch, frame: x.frame,
                    message:
                        "\(x.reference) is read \(ordinal(i + 1)) of \(visual.count) but appears \(ordinal(visual[i] + 1)) on screen; move it \(after.map { "after \($0.reference)" } ?? "to the start") (\(moved.count) insertion step\(moved.count == 1 ? " fixes" : "s fix") the whole order).",
                    suggestion: fix, line: x.line))
        }
        return out
    }

    /// Indices of one longest non-decreasing subsequence (patience sorting, O(n log n)).
    static func longestNonDecreasing(_ a: [Int]) -> Set<Int> {
        var tails: [Int] = []  // indices into a
        var parent = [Int](repeating: -1, count: a.count)
        for i in a.indices {
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if a[tails[mid]] <= a[i] { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { parent[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out = Set<Int>()
        var k = tails.last ?? -1
        while k >= 0 {
            out.insert(k)
            k = parent[k]
        }
        return out
    }

    static func smallTarget(_ x: ExposedElement, pixelsPerPoint: Double, minimum: Double, platform: Platform) -> Finding? {
        guard x.isInteractive, pixelsPerPoint > 0 else { return nil }
        let w = x.frame.width / pixelsPerPoint
        let h = x.frame.height / pixelsPerPoint
        guard w < minimum || h < minimum else { return nil }
        let unit = platform == .ios ? "pt" : "dp"
        let name = codeName(label: x.spokenLabel, identifier: x.identifier, kind: x.kind)
        let size = "\(Int(w.rounded()))×\(Int(h.rounded())) \(unit)"
        let fix: String
        switch platform {
        case .ios:
            fix =
                "make it at least \(Int(minimum))×\(Int(minimum)) pt: \(name).frame.size = CGSize(width: max(\(name).frame.width, \(Int(minimum))), height: max(\(name).frame.height, \(Int(minimum)))), or enlarge the hit area with contentEdgeInsets (SwiftUI: .frame(minWidth: \(Int(minimum)), minHeight: \(Int(minimum))).contentShape(Rectangle()))"
        case .android:
            fix = "android:minWidth=\"\(Int(minimum))dp\" android:minHeight=\"\(Int(minimum))dp\" on \(name), or a TouchDelegate"
        }
        return Finding(
            rule: .smallTouchTarget, frame: x.frame,
            message: "\(x.reference) is \(size), smaller than \(Int(minimum))×\(Int(minimum)) \(unit).",
            suggestion: fix, line: x.line)
    }

    static func poorlySpoken(_ x: ExposedElement, platform: Platform) -> [Finding] {
        var out: [Finding] = []
        for (field, text) in [("label", x.label), ("value", x.value)] {
            guard let text, !text.isEmpty else { continue }
            for problem in SpokenText.problems(in: text) {
                let name = codeName(label: x.spokenLabel, identifier: x.identifier, kind: x.kind)
                let fix: String
                switch (platform, problem.kind) {
                case (.ios, .numericDate):
                    fix =
                        "\(name).accessibility\(field.capitalized) = \(literal(problem.replacement)): format the date with DateFormatter (dateStyle = .long) for the label (SwiftUI: Text(date, style: .date))"
                case (.android, .numericDate):
                    fix = "\(name).contentDescription = \(literal(problem.replacement)): DateFormat.getLongDateFormat(context).format(date)"
                case (.ios, _):
                    fix = "\(name).accessibility\(field.capitalized) = \(literal(problem.replacement))"
                case (.android, _):
                    fix = "\(name).contentDescription = \(literal(problem.replacement))"
                }
                out.append(
                    Finding(
                        rule: .poorlySpokenText, frame: x.frame,
                        message: "\(x.reference): its \(field) \(problem.explanation)",
                        suggestion: fix, line: x.line))
            }
        }
        return out
    }

    static func modal(_ dialog: Rect, behind: [ExposedElement], platform: Platform) -> Finding {
        let names = behind.prefix(3).map(\.reference).joined(separator: ", ") + (behind.count > 3 ? ", …" : "")
        let fix: String
        switch platform {
        case .ios: fix = "dialogView.accessibilityViewIsModal = true, or present it with UIAlertController / present(_:animated:) (SwiftUI: .alert or .sheet)"
        case .android:
            fix =
                "show it in a Dialog/DialogFragment, or set android:importantForAccessibility=\"noHideDescendants\" on the content behind it while it is shown"
        }
        return Finding(
            rule: .modalNotBlocking, frame: dialog,
            message:
                "A dialog covers the screen but \(behind.count) element\(behind.count == 1 ? "" : "s") behind it stay\(behind.count == 1 ? "s" : "") exposed (\(names)); users can swipe out of the dialog.",
            suggestion: fix, line: behind.first?.line)
    }
}
