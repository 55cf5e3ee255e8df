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
        Case(element: Element(kind: .tabButton, frame: frame, label: "Alarm", traits: [.button, .tabBar], position: Position(index: 2, count: 4)),
             spoken: "Alarm, Tab, 2 of 4"),
        Case(element: Element(kind: .tabButton, frame: frame, label: "World Clock", traits: [.button, .tabBar, .selected], position: Position(index: 1, count: 4)),
             spoken: "Selected, World Clock, Tab, 1 of 4"),
        Case(element: Element(kind: .toggle, frame: frame, label: "Airplane Mode", value: "Off", traits: [.button, .toggleButton]),
             spoken: "Airplane Mode, Switch button, Off"),
        Case(element: Element(kind: .pageControl, frame: frame, value: "Page 2 of 5", traits: .adjustable),
             spoken: "Page 2 of 5, Adjustable"),
        Case(element: Element(kind: .slider, frame: frame, label: "Font size", value: "14 point", traits: .adjustable),
             spoken: "Font size, 14 point, Adjustable"),
        Case(element: Element(kind: .segment, frame: frame, label: "Week", traits: [.button, .selected], position: Position(index: 2, count: 3)),
             spoken: "Selected, Week, Button, 2 of 3"),
        Case(element: Element(kind: .button, frame: frame, label: "Back", traits: .button), spoken: "Back, Button"),
        Case(element: Element(kind: .button, frame: frame, traits: .button), spoken: "Button"),
        Case(element: Element(kind: .icon, frame: frame, traits: .image), spoken: "Icon"),
        Case(element: Element(kind: .icon, frame: frame, label: "Location", traits: .image), spoken: "Location, Image"),
        Case(element: Element(kind: .picture, frame: frame, traits: .image), spoken: "Image"),
        Case(element: Element(kind: .picture, frame: frame, label: "Cat", traits: .image), spoken: "Cat, Image"),
        Case(element: Element(kind: .text, frame: frame, label: "World Clock", traits: [.staticText, .header]), spoken: "World Clock, Heading"),
        Case(element: Element(kind: .textField, frame: frame, label: "Search", traits: .searchField), spoken: "Search, Search field"),
        Case(element: Element(kind: .textField, frame: frame, label: "Email"), spoken: "Email, Text field"),
        Case(element: Element(kind: .checkbox, frame: frame, label: "Remember me", value: "Checked", traits: .button),
             spoken: "Remember me, Checkbox, Checked"),
        Case(element: Element(kind: .checkbox, frame: frame, label: "Send newsletter", value: "Unchecked", traits: .button),
             spoken: "Send newsletter, Checkbox, Unchecked"),
        Case(element: Element(kind: .button, frame: frame, label: "Continue", traits: [.button, .notEnabled]), spoken: "Continue, Button, Dimmed"),
    ]

    @Test(arguments: cases)
    func spoken(_ c: Case) {
        #expect(Announcer.announcement(for: c.element) == c.spoken)
    }

    @Test("Hints are spoken last when enabled (seed 003's slider)")
    func hints() {
        var settings = AnnouncementSettings()
        settings.includeHints = true
        let slider = Element(kind: .slider, frame: Self.frame, label: "Font size", value: "14 point", traits: .adjustable,
                             hint: Metadata.Hints.adjustable)
        #expect(Announcer.announcement(for: slider, settings: settings)
                == "Font size, 14 point, Adjustable, Swipe up or down with one finger to adjust the value.")
        #expect(Announcer.announcement(for: slider) == "Font size, 14 point, Adjustable")
    }
}
