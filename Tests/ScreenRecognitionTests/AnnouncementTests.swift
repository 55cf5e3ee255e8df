import Testing

@testable import ScreenRecognition

@Suite("Announcements (seeds 003, 004)")
struct AnnouncementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var element: Element
        var spoken: String
        var testDescription: String { spoken }
    }

    static let frame = r(0, 0, 100, 40)
    static let cases: [Case] = [
        Case(
            element: Element(kind: .tabButton, frame: frame, label: "Alarm", traits: [.button, .tabBar], position: Position(index: 2, count: 4)),
            spoken: "Alarm, Tab, 2 of 4"),
        Case(
            element: Element(
                kind: .tabButton, frame: frame, label: "World Clock", traits: [.button, .tabBar, .selected], position: Position(index: 1, count: 4)),
            spoken: "Selected, World Clock, Tab, 1 of 4"),
        Case(
            element: Element(kind: .toggle, frame: frame, label: "Airplane Mode", value: "Off", traits: [.button, .toggleButton]),
            spoken: "Airplane Mode, Switch button, Off"),
        Case(
            element: Element(kind: .pageControl, frame: frame, value: "Page 2 of 5", traits: .adjustable),
            spoken: "Page 2 of 5, Adjustable"),
        Case(
            element: Element(kind: .slider, frame: frame, label: "Font size", value: "14 point", traits: .adjustable),
            spoken: "Font size, 14 point, Adjustable"),
        Case(
            element: Element(kind: .segment, frame: frame, label: "Week", traits: [.button, .selected], position: Position(index: 2, count: 3)),
            spoken: "Selected, Week, Button, 2 of 3"),
        Case(element: Element(kind: .button, frame: frame, label: "Back", traits: .button), spoken: "Back, Button"),
        Case(element: Element(kind: .button, frame: frame, traits: .button), spoken: "Button"),
        // An OCR reading's trailing comma: the join puts one after every part anyway.
        Case(element: Element(kind: .button, frame: frame, label: "Log In,", traits: .button), spoken: "Log In, Button"),
        Case(element: Element(kind: .text, frame: frame, label: "…gives you access to both,", traits: .staticText), spoken: "…gives you access to both"),
        Case(element: Element(kind: .icon, frame: frame, traits: .image), spoken: "Icon"),
        Case(element: Element(kind: .icon, frame: frame, label: "Location", traits: .image), spoken: "Location, Image"),
        Case(element: Element(kind: .picture, frame: frame, traits: .image), spoken: "Image"),
        Case(element: Element(kind: .picture, frame: frame, label: "Cat", traits: .image), spoken: "Cat, Image"),
        Case(element: Element(kind: .text, frame: frame, label: "World Clock", traits: [.staticText, .header]), spoken: "World Clock, Heading"),
        Case(element: Element(kind: .textField, frame: frame, label: "Search", traits: .searchField), spoken: "Search, Search field"),
        Case(element: Element(kind: .textField, frame: frame, label: "Email"), spoken: "Email, Text field"),
        // A password field is a secure text field, as VoiceOver calls UIKit's `isSecureTextEntry`.
        Case(element: Element(kind: .textField, frame: frame, label: "Password"), spoken: "Password, Secure text field"),
        Case(element: Element(kind: .textField, frame: frame, label: "Confirm password"), spoken: "Confirm password, Secure text field"),
        Case(element: Element(kind: .textField, frame: frame, label: "비밀번호"), spoken: "비밀번호, Secure text field"),
        Case(element: Element(kind: .textField, frame: frame, label: "Passwords manager"), spoken: "Passwords manager, Text field"),
        Case(
            element: Element(kind: .checkbox, frame: frame, label: "Remember me", value: "Checked", traits: .button),
            spoken: "Remember me, Checkbox, Checked"),
        Case(
            element: Element(kind: .checkbox, frame: frame, label: "Send newsletter", value: "Unchecked", traits: .button),
            spoken: "Send newsletter, Checkbox, Unchecked"),
        Case(element: Element(kind: .button, frame: frame, label: "Continue", traits: [.button, .notEnabled]), spoken: "Continue, Button, Dimmed"),
        // Issue 16 §5: without a label the role is said once, with what is known.
        Case(element: Element(kind: .checkbox, frame: frame, value: "Unchecked", traits: .button), spoken: "Checkbox, Unchecked"),
        Case(element: Element(kind: .checkbox, frame: frame, value: "Checked", traits: [.button, .selected]), spoken: "Selected, Checkbox, Checked"),
        Case(
            element: Element(kind: .tabButton, frame: frame, traits: [.button, .tabBar], position: Position(index: 2, count: 4)),
            spoken: "Tab, 2 of 4"),
        Case(element: Element(kind: .textField, frame: frame), spoken: "Text field"),
        Case(element: Element(kind: .textField, frame: frame, traits: .searchField), spoken: "Search field"),
        Case(element: Element(kind: .toggle, frame: frame, value: "On", traits: [.button, .toggleButton]), spoken: "Switch button, On"),
        Case(
            element: Element(kind: .segment, frame: frame, traits: [.button, .selected], position: Position(index: 2, count: 3)),
            spoken: "Selected, Button, 2 of 3"),
        Case(element: Element(kind: .slider, frame: frame, value: "50%", traits: .adjustable), spoken: "Slider, 50%, Adjustable"),
        Case(element: Element(kind: .pageControl, frame: frame, traits: .adjustable), spoken: "Page control, Adjustable"),
        Case(element: Element(kind: .text, frame: frame, traits: .staticText), spoken: "Text"),
        Case(element: Element(kind: .dialog, frame: frame), spoken: "Alert"),
        Case(element: Element(kind: .textField, frame: frame, label: "  "), spoken: "Text field"),
        // A label that is itself a trait word is not followed by the same word.
        Case(element: Element(kind: .button, frame: frame, label: "Button", traits: .button), spoken: "Button"),
        Case(
            element: Element(kind: .tabButton, frame: frame, label: "tab", traits: [.button, .tabBar], position: Position(index: 1, count: 2)),
            spoken: "tab, 1 of 2"),
    ]

    /// No announcement repeats a part, for every kind with and without a label, value and common traits.
    @Test(arguments: ElementKind.allCases)
    func noRepeatedRoleWord(_ kind: ElementKind) {
        let traitSets: [Traits] = [
            [], .button, .image, .staticText, .adjustable, [.button, .toggleButton], [.button, .tabBar],
            .searchField, [.button, .selected], [.image, .header],
        ]
        for traits in traitSets {
            for label in [nil, "Name"] as [String?] {
                for value in [nil, "On"] as [String?] {
                    let e = Element(
                        kind: kind, frame: Self.frame, label: label, value: value, traits: traits,
                        position: Position(index: 1, count: 3))
                    let parts = Announcer.announcement(for: e).components(separatedBy: ", ")
                    #expect(Set(parts.map { $0.lowercased() }).count == parts.count, "\(kind) \(traits): \(parts)")
                    #expect(!parts.contains(""), "\(kind) \(traits): \(parts)")
                }
            }
        }
    }

    @Test(arguments: cases)
    func spoken(_ c: Case) {
        #expect(Announcer.announcement(for: c.element) == c.spoken)
    }

    @Test("Hints are spoken last when enabled (Just Eat's slider)")
    func hints() {
        var settings = AnnouncementSettings()
        settings.includeHints = true
        let slider = Element(
            kind: .slider, frame: Self.frame, label: "Font size", value: "14 point", traits: .adjustable,
            hint: Metadata.Hints.adjustable)
        #expect(
            Announcer.announcement(for: slider, settings: settings)
                == "Font size, 14 point, Adjustable, Swipe up or down with one finger to adjust the value.")
        #expect(Announcer.announcement(for: slider) == "Font size, 14 point, Adjustable")
    }
}
