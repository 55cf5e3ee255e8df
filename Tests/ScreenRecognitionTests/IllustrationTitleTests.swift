import Testing

@testable import ScreenRecognition

@Suite("An unnamed illustration over or under the screen's title is folded into it")
struct IllustrationTitleTests {
    static let screen = ImageInfo(width: 390, height: 844)

    /// A 160-pt picture centred on the 390-pt screen, from y 200 to 360.
    static func art(x: Double = 115, kind: String? = nil, label: String? = nil) -> Element {
        var e = el(.picture, r(x, 200, 160, 160), label)
        e.detections = [det(.picture, x, 200, 160, 160)]
        e.detections[0].pictureKind = kind
        return e
    }

    /// A 40-pt glyph centred on the screen, from y 320 to 360.
    static func glyph(_ meaning: IconMeaning? = nil) -> Element {
        Metadata.element(for: det(.icon, 175, 320, 40, 40, icon: meaning))
    }

    /// What is said for `e` alone.
    static func said(_ e: Element) -> String { Announcer.announce([e]).map(\.announcement).joined() }

    /// A centred title starting `gap` under the art.
    static func title(_ label: String = "Welcome to TripAdvisor!", gap: Double = 30, x: Double = 60, heading: Bool = true) -> Element {
        var e = el(.text, r(x, 360 + gap, 270, 28), label)
        e.detections = [det(.text, x, 360 + gap, 270, 28, label)]
        if heading { e.traits.insert(.header) }
        return e
    }

    /// §5.5's text grouping of a title over its description, one line of it a link or not.
    static func block(link: Bool = false) -> Element {
        var lines = [title("Welcome to Pocket", heading: false), title("Save articles for later", gap: 62, heading: false)]
        if link { lines[1].traits.insert(.link) }
        return Grouping.textGroup(lines)
    }

    static func button(_ e: Element) -> Element {
        var e = e
        Metadata.makeButton(&e)
        return e
    }

    @Test(
        "The art joins the title or message under it; off-centre, far, kept kinds, named art, controls and neighbours stay apart",
        arguments: [
            // (case, the elements, what is said)
            ("a heading under centred art", [art(), title()], ["Welcome to TripAdvisor!, Heading"]),
            ("an empty state's message", [art(), title("No messages in your inbox", heading: false)], ["No messages in your inbox"]),
            ("an 'Illustration'", [art(kind: "Illustration"), title()], ["Welcome to TripAdvisor!, Heading"]),
            ("a 'Logo' over its name", [art(kind: "Logo"), title("Pinnatta")], ["Pinnatta, Heading"]),
            (
                "an unnamed glyph over an empty state's message", [glyph(), title("You have no recommendations yet", heading: false)],
                ["You have no recommendations yet"]
            ),
            ("a glyph button keeps its stop", [button(glyph()), title()], [said(button(glyph())), "Welcome to TripAdvisor!, Heading"]),
            ("a recognised glyph keeps its stop", [glyph(.heart), title()], [said(glyph(.heart)), "Welcome to TripAdvisor!, Heading"]),
            ("a 'Photo' keeps its stop", [art(kind: "Photo"), title()], ["Image", "Welcome to TripAdvisor!, Heading"]),
            ("a named picture keeps its stop", [art(label: "Cat"), title()], ["Cat", "Welcome to TripAdvisor!, Heading"]),
            ("art off the screen's middle", [art(x: 30), title()], ["Image", "Welcome to TripAdvisor!, Heading"]),
            ("a title off the art's middle, alone on its rows", [art(), title(x: 110)], ["Welcome to TripAdvisor!, Heading"]),
            ("a list row's title off the art's middle, holding its thumbnail", [art(), rowTitle(under: 110)], ["Image", "Welcome to TripAdvisor!, Heading"]),
            (
                "a title off the art's middle, beside another text", [art(), title(x: 110), el(.text, r(10, 395, 40, 20), "New")],
                ["Image", "Welcome to TripAdvisor!, Heading", "New"]
            ),
            ("a title set low, 0.2 of the screen below", [art(), title(gap: 170)], ["Welcome to TripAdvisor!, Heading"]),
            ("a title over 0.25 of the screen below", [art(), title(gap: 220)], ["Image", "Welcome to TripAdvisor!, Heading"]),
            ("a title over its description, one block", [art(), block()], ["Welcome to Pocket, Save articles for later"]),
            ("a block holding a link", [art(), block(link: true)], ["Image", "Welcome to Pocket, Save articles for later"]),
            (
                "a button under the art is the page's action",
                [art(), button(title("Get started", heading: false))], ["Image", "Get started, Button"]
            ),
            (
                "a page control between them",
                [art(), el(.pageControl, r(170, 370, 50, 8)), title()], ["Page control", "Image", "Welcome to TripAdvisor!, Heading"]
            ),
            (
                "something beside the art",
                [art(), el(.text, r(290, 260, 80, 20), "Skip"), title()], ["Image", "Skip", "Welcome to TripAdvisor!, Heading"]
            ),
            (
                "an icon on the art may be its control",
                [art(), el(.icon, r(180, 260, 30, 30)), title()], ["Image", "Icon", "Welcome to TripAdvisor!, Heading"]
            ),
        ] as [(String, [Element], [String])])
    func joins(name: String, elements: [Element], said: [String]) {
        let out = Grouping.joinIllustrationTitles(elements, screen: Self.screen, settings: .init())
        #expect(Set(Announcer.announce(out.elements).map(\.announcement)) == Set(said), "\(name)")
        #expect(out.joined == (out.elements.count < elements.count ? 1 : 0))
    }

    /// A centred title ending `gap` over the art (which starts at y 200).
    static func over(_ label: String = "Get alerts for things you care about", gap: Double = 40, x: Double = 60) -> Element {
        var e = el(.text, r(x, 200 - gap - 28, 270, 28), label)
        e.detections = [det(.text, x, 200 - gap - 28, 270, 28, label)]
        return e
    }

    /// ``over(_:gap:x:)`` holding the thumbnail before it, folded in as decoration.
    static func rowTitle() -> Element {
        var e = over()
        e.detections.append(det(.picture, 10, 132, 40, 40))
        return e
    }

    /// ``title(_:gap:x:heading:)`` at `x`, holding the thumbnail before it.
    static func rowTitle(under x: Double) -> Element {
        var e = title(x: x)
        e.detections.append(det(.picture, x - 50, 390, 40, 40))
        return e
    }

    /// A centred picture `height` pt tall from y 200.
    static func art(height: Double) -> Element {
        var e = el(.picture, r(115, 200, 160, height))
        e.detections = [det(.picture, 115, 200, 160, height)]
        return e
    }

    @Test(
        "Art with nothing under it joins the title over it; small art, a status bar's clock, a far title, a text under the art keep it apart",
        arguments: [
            // (case, the elements, what is said)
            ("a message over centred art", [over(), art()], ["Get alerts for things you care about"]),
            (
                "a button under the art is no text", [over(), art(), button(title("Next", heading: false))],
                ["Get alerts for things you care about", "Next, Button"]
            ),
            ("a banner 0.06 of the screen tall", [over(), art(height: 50)], ["Get alerts for things you care about", "Image"]),
            ("the status bar's clock", [el(.text, r(170, 10, 50, 16), "9:41"), art()], ["9:41", "Image"]),
            ("a title over 0.25 of the screen above", [over(gap: 220), art()], ["Get alerts for things you care about", "Image"]),
            ("a title off the art's middle", [over(x: 110), art()], ["Get alerts for things you care about", "Image"]),
            (
                "a text under the art, left apart", [over(), art(), title(x: 110), el(.text, r(10, 395, 40, 20), "New")],
                ["Get alerts for things you care about", "Image", "Welcome to TripAdvisor!, Heading", "New"]
            ),
            ("a title under the art takes it first", [over(), art(), title()], ["Get alerts for things you care about", "Welcome to TripAdvisor!, Heading"]),
            ("a button over the art", [button(over()), art()], ["Get alerts for things you care about, Button", "Image"]),
            ("a list row's title holding its thumbnail", [rowTitle(), art()], ["Get alerts for things you care about", "Image"]),
        ] as [(String, [Element], [String])])
    func joinsTheTitleOver(name: String, elements: [Element], said: [String]) {
        let out = Grouping.joinIllustrationTitles(elements, screen: Self.screen, settings: .init())
        #expect(Set(Announcer.announce(out.elements).map(\.announcement)) == Set(said), "\(name)")
        #expect(out.joined == (out.elements.count < elements.count ? 1 : 0))
    }

    @Test("The title keeps its label, traits, frame and activation point, and holds the art's detection")
    func joinedTitle() throws {
        let t = Self.title()
        let out = Grouping.joinIllustrationTitles([Self.art(), t], screen: Self.screen, settings: .init()).elements
        let joined = try #require(out.first)
        #expect(out.count == 1)
        #expect(joined.kind == .text && joined.label == t.label && joined.traits == t.traits)
        #expect(joined.frame == t.frame && joined.activationPoint == t.activationPoint)
        #expect(joined.detections.map(\.type) == [.text, .picture])
    }

    @Test("An unnamed picture drawn on the art is its part and is folded in with it; a named one keeps the art apart")
    func partsOfTheArt() {
        var part = el(.picture, r(150, 240, 40, 40))
        part.detections = [det(.picture, 150, 240, 40, 40)]
        let out = Grouping.joinIllustrationTitles([Self.art(), part, Self.title()], screen: Self.screen, settings: .init())
        #expect(out.joined == 1)
        #expect(Announcer.announce(out.elements).map(\.announcement) == ["Welcome to TripAdvisor!, Heading"])
        #expect(out.elements.first?.detections.count == 3)
        let named = el(.picture, r(150, 240, 40, 40), "Cat")
        #expect(Grouping.joinIllustrationTitles([Self.art(), named, Self.title()], screen: Self.screen, settings: .init()).joined == 0)
    }

    @Test("A title off the art's middle joins it only with grouping.illustrationTitlesAloneOnTheirRows")
    func titlesAloneOnTheirRows() {
        for on in [true, false] {
            var settings = GroupingSettings()
            settings.illustrationTitlesAloneOnTheirRows = on
            #expect(Grouping.joinIllustrationTitles([Self.art(), Self.title(x: 110)], screen: Self.screen, settings: settings).joined == (on ? 1 : 0))
        }
    }

    @Test("The whole analysis joins the art to its title, and not with the setting off")
    func pipeline() throws {
        let detections = [det(.picture, 115, 200, 160, 160), det(.text, 60, 390, 270, 28, "No messages in your inbox")]
        for on in [true, false] {
            var cfg = AnalysisConfiguration.default
            cfg.grouping.joinIllustrationTitles = on
            let result = try ScreenAnalyzer(configuration: cfg).analyze(image: nil, size: Self.screen, detections: detections)
            #expect(result.transcript.contains { $0.hasSuffix("Image") } == !on, "\(result.transcript)")
            #expect(result.diagnostics.contains { $0.message.contains("illustration") } == on)
        }
    }
}
