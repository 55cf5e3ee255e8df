import Foundation
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("The top app bar's title is a heading")
struct AppBarTitleTests {
    static let screen = ImageInfo(width: 390, height: 844)

    /// A text `title` at `frame` in a bar beside `leading` (an icon or a text at the bar's leading edge).
    static func bar(_ title: String, _ frame: Rect, leading: Element?) -> [Element] {
        var elements = [
            Element(
                kind: .text, frame: frame, label: title, traits: .staticText, detections: [det(.text, frame.minX, frame.minY, frame.width, frame.height, title)]
            )
        ]
        if let leading { elements.insert(leading, at: 0) }
        elements.append(Element(kind: .text, frame: r(20, 300, 300, 17), label: "Body text", traits: .staticText))
        return elements
    }

    @Test(
        "With no navigation icon, the bar's title at the leading margin — the screen's topmost element — is a heading; an action, a question, a prompt, a small caption or a text below another is not",
        arguments: [
            ("What's New", r(12, 41, 89, 13), true),
            ("Skip", r(12, 41, 40, 13), false),  // an action
            ("New Member?", r(12, 41, 100, 13), false),  // a question
            ("Ship To:", r(12, 41, 60, 13), false),  // a prompt
            ("What's New", r(200, 41, 89, 13), false),  // not at the leading margin
            ("What's New", r(12, 41, 89, 8), false),  // small type
            ("What's New", r(12, 300, 89, 13), false),  // below the bar's band
        ])
    func leadingTitles(title: String, frame: Rect, heading: Bool) {
        let screen = ImageInfo(width: 385, height: 640)
        let elements = [
            Element(kind: .text, frame: frame, label: title, traits: .staticText),
            Element(kind: .text, frame: r(111, 393, 167, 18), label: "Upcoming Mixtapes", traits: .staticText),
            Element(kind: .text, frame: r(91, 427, 201, 12), label: "Keep up with all the best releases", traits: .staticText),
        ]
        let out = Metadata.markLeadingBarTitle(elements, screen: screen)
        #expect(out[0].traits.contains(.header) == heading)
        #expect(out.dropFirst().allSatisfy { !$0.traits.contains(.header) })
        // A text above it: it is not the screen's topmost element.
        let above = [Element(kind: .text, frame: r(12, 20, 89, 13), label: "Sale", traits: .staticText)] + elements
        #expect(!Metadata.markLeadingBarTitle(above, screen: screen)[1].traits.contains(.header))
    }

    static let backIcon = Element(
        kind: .button, frame: r(16, 60, 20, 20), label: "Back", traits: .button, detections: [det(.icon, 16, 60, 20, 20, icon: .back)])
    static let cancel = Element(kind: .button, frame: r(16, 62, 56, 17), label: "Cancel", traits: .button, detections: [det(.text, 16, 62, 56, 17, "Cancel")])

    @Test(
        "Material's title after the navigation icon and iOS's centred title beside a leading item are headings; a trailing action, a lone text or a number is not",
        arguments: [
            ("Create Account", r(64, 60, 140, 20), backIcon as Element?, true),  // ← Create Account
            ("Bluetooth", r(155, 62, 80, 17), cancel, true),  // centred, "Cancel" at the leading edge
            ("SAVE", r(320, 62, 50, 17), backIcon, false),  // a trailing action
            ("Bluetooth", r(155, 62, 80, 17), nil, false),  // nothing at the bar's leading edge
            ("12", r(64, 60, 40, 20), backIcon, false),  // a count, not a name
            ("Create Account", r(64, 400, 140, 20), backIcon, false),  // below the bar's band
        ])
    func titles(title: String, frame: Rect, leading: Element?, heading: Bool) {
        let out = Metadata.markAppBarTitle(Self.bar(title, frame, leading: leading), screen: Self.screen)
        #expect(out.first { $0.label == title }?.traits.contains(.header) == heading)
        #expect(out.first { $0.label == "Body text" }?.traits.contains(.header) == false)
    }

    static func text(_ label: String, _ frame: Rect) -> Element {
        Element(
            kind: .text, frame: frame, label: label, traits: .staticText, detections: [det(.text, frame.minX, frame.minY, frame.width, frame.height, label)])
    }

    @Test("A tab strip's tab, an account card's name after its avatar and a search field's placeholder are no titles")
    func notTitles() {
        // A news tab strip: "Social Buzz" is centred with "For you" at the leading edge, but "Top News" and "Friends" share its row.
        let strip = [
            Self.text("For you", r(16, 62, 56, 17)), Self.text("Top News", r(90, 62, 60, 17)), Self.text("Social Buzz", r(160, 62, 70, 17)),
            Self.text("Friends", r(250, 62, 50, 17)),
        ]
        #expect(Metadata.markAppBarTitle(strip, screen: Self.screen).allSatisfy { !$0.traits.contains(.header) })
        // An action at the bar's trailing end leaves the title a title.
        let bar = [Self.backIcon, Self.text("Sticker Store", r(140, 62, 100, 17)), Self.text("Manage", r(320, 62, 56, 17))]
        #expect(Metadata.markAppBarTitle(bar, screen: Self.screen).first { $0.label == "Sticker Store" }?.traits.contains(.header) == true)
        // A drawer's account card: the name after the avatar.
        let avatar = Element(kind: .icon, frame: r(16, 60, 36, 36), label: "Profile", traits: .image, detections: [det(.icon, 16, 60, 36, 36, icon: .person)])
        let card = [avatar, Self.text("App Crawler", r(64, 62, 100, 17))]
        #expect(Metadata.markAppBarTitle(card, screen: Self.screen).allSatisfy { !$0.traits.contains(.header) })
        // A search field's placeholder after a back arrow.
        let field = Element(kind: .textField, frame: r(56, 52, 300, 36), label: "Search", traits: .searchField)
        let search = [Self.backIcon, field, Self.text("Search", r(64, 62, 60, 17))]
        #expect(Metadata.markAppBarTitle(search, screen: Self.screen).allSatisfy { !$0.traits.contains(.header) })
    }

    @Test("Through the pipeline: '← Create Account' says Heading unless the setting is off", arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.announcements.appBarTitleIsHeader = on
        let icon = det(.icon, 16, 60, 20, 20)
        let content = ReplayContentRecognizer(icons: [icon.box: IconRecognition(meaning: .back, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                // (a line without descenders: one of type as large, so no page title by its em either)
                detections: [icon, det(.text, 64, 61, 140, 18, "Create Account"), det(.text, 20, 300, 300, 17, "Enter the details")])
        #expect(result.transcript == ["Back, Button", on ? "Create Account, Heading" : "Create Account", "Enter the details"])
    }
}
