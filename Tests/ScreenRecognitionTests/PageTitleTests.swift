import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("A screen's title in its largest type is a heading")
struct PageTitleTests {
    static func text(_ label: String, _ frame: Rect) -> Element { el(.text, frame, label) }

    /// `detections` analysed on a white screen of that size, no text read as a button.
    static func analyze(_ detections: [Detection], width: Int, height: Int, configuration: AnalysisConfiguration) throws -> ScreenAnalysis {
        try ScreenAnalyzer(configuration: configuration, contentRecognizer: ReplayContentRecognizer(clickProbability: { _ in 0.01 }))
            .analyze(image: RGBAImage(width: width, height: height, fill: RGB(r: 255, g: 255, b: 255)), detections: detections)
    }

    @Test(
        "The largest type on a screen without a heading is its title, when short, worded and clearly the largest",
        arguments: [
            // (title's label, its height, the other texts' heights, a heading)
            ("JusTalk", 23.0, [17.0, 14, 14], true),  // a welcome page: 1.35 × the body
            ("Welcome to Google Wallet", 23, [17, 17, 15], true),
            ("JusTalk", 19, [17, 14, 14], false),  // 1.12 × the next largest: no clear lead
            ("Jus", 23, [17, 17, 14], true),
            ("72°", 40, [17, 17, 14], false),  // a value, not a name
            ("Your account was created and your profile is ready now", 23, [17, 17, 14], false),  // a sentence: 10 words
            ("Account created.", 23, [17, 17, 14], false),  // a sentence's full stop
            ("Morning Run", 23, [22, 17, 14], false),  // two texts as large: cards, not a page
            ("duolingo", 23, [17, 17, 14], true),  // a lower-case logo
            ("people around you", 23, [17, 17, 14], false),  // a sentence's tail
            ("Stand out from the crowd with", 23, [17, 17, 14], false),  // a line broken off its sentence
            ("Already have an account? Log in", 23, [17, 17, 14], false),  // a prompt and its link
            ("오늘의 추천 음악", 23, [17, 17, 14], false),  // Hangul fills the em box: no type size to compare
        ])
    func title(label: String, height: Double, others: [Double], heading: Bool) {
        var elements = [Self.text(label, r(100, 400, 180, height))]
        // Lines in capitals and ascenders, none hanging below: their boxes span the cap height, as
        // the titles' do.
        for (i, h) in others.enumerated() { elements.append(Self.text("Line \(i + 1) of the text", r(40, 450 + 40 * Double(i), 300, h))) }
        let out = Metadata.markPageTitle(elements, screenHeight: 844)
        #expect(out[0].traits.contains(.header) == heading)
        #expect(out.dropFirst().allSatisfy { !$0.traits.contains(.header) })
    }

    @Test(
        "Type is compared by its em: a box spans the cap height, plus the descender where a letter hangs below",
        arguments: [
            ("And much more", 0.72), ("Plan your trip", 0.93), ("news", 0.54), ("your", 0.75), ("(12)", 0.93), ("72°", 0.72),
            ("오늘의 추천", 0.92), ("—", 0.92),
        ])
    func inkShare(text: String, share: Double) {
        #expect(abs(Metadata.inkShare(of: text) - share) < 1e-9)
    }

    @Test(
        "By its em, a title is worded as a name: not a field's placeholder, not lower case, not a number",
        arguments: [
            ("Welcome back", true), ("Password", false), ("Email Address", false), ("welcome back", false), ("HCH 12,800 21", false),
            ("Pla", false),
        ])
    func emTitleWording(label: String, heading: Bool) {
        // 17-px boxes spanning the cap height over 16-px lines that hang below it: no lead by the
        // boxes (1.06), 1.37 by the em.
        var elements = [Self.text(label, r(100, 300, 180, 17))]
        for i in 0..<3 { elements.append(Self.text("Forgot your password", r(40, 360 + 40 * Double(i), 300, 16))) }
        #expect(Metadata.markPageTitle(elements, screenHeight: 844)[0].traits.contains(.header) == heading)
        var off = AnnouncementSettings()
        off.pageTitleByEm = false
        #expect(!Metadata.markPageTitle(elements, screenHeight: 844, settings: off)[0].traits.contains(.header))
    }

    @Test("A title in capitals and ascenders over a list whose lines hang below it is the larger type (ui-real train)")
    func titleOverDescenders() {
        // "And much more" over an onboarding dialog's feature list: 17 px against 15, 12, 14 and
        // 12 px boxes — 1.13 × the tallest box, but 23.6 against 16.1–16.7 px of em.
        let list = [("Plan your trip", 15.0), ("Watch, what's near", 12), ("Get actual currency information", 14), ("Read news", 12)]
        var elements = [Self.text("And much more", r(125, 203, 136, 17))]
        for (i, (label, h)) in list.enumerated() { elements.append(Self.text(label, r(80, 255 + 42 * Double(i), 200, h))) }
        #expect(Metadata.markPageTitle(elements, screenHeight: 640).map { $0.traits.contains(.header) } == [true, false, false, false, false])
        // The same boxes worded so that every line spans the cap height only: no lead.
        var flat = [Self.text("And much more", r(125, 203, 136, 17))]
        for (i, (_, h)) in list.enumerated() { flat.append(Self.text("Read the news", r(80, 255 + 42 * Double(i), 200, h + 3))) }
        #expect(Metadata.markPageTitle(flat, screenHeight: 640).allSatisfy { !$0.traits.contains(.header) })
    }

    @Test("A screen that has a heading keeps it alone; a button in large type is no title; a lone text has nothing to compare")
    func otherCases() {
        var withHeader = [Self.text("Settings", r(16, 60, 120, 34)), Self.text("Welcome back", r(100, 400, 180, 24)), Self.text("Body", r(40, 450, 300, 17))]
        withHeader[0].traits.insert(.header)
        #expect(Metadata.markPageTitle(withHeader, screenHeight: 844).filter { $0.traits.contains(.header) }.map(\.label) == ["Settings"])
        let button = Element(
            kind: .button, frame: r(100, 400, 180, 24), label: "Get Started", traits: .button, detections: [det(.text, 100, 400, 180, 24, "Get Started")])
        #expect(
            Metadata.markPageTitle([button, Self.text("Body", r(40, 450, 300, 17)), Self.text("More", r(40, 480, 300, 17))], screenHeight: 844)
                .allSatisfy { !$0.traits.contains(.header) })
        #expect(Metadata.markPageTitle([Self.text("Alone", r(100, 400, 180, 40))], screenHeight: 844).allSatisfy { !$0.traits.contains(.header) })
    }

    @Test(
        "A centred title right over its centred description is a heading, whatever its size",
        arguments: [
            // (title, its frame, the description, its frame, a heading)
            ("Customize Weather", r(78, 430, 228, 20), "Track the weather around you by sharing your location.", r(35, 480, 321, 16), true),
            ("ON-DEMAND DELIVERY", r(103, 463, 183, 13), "With DoorDash, order from the best local merchants", r(61, 496, 274, 17), true),
            ("STEP 1", r(160, 440, 66, 8), "Choose the plan that suits you and your family best", r(40, 460, 306, 17), false),  // smaller type: a caption
            ("Customize Weather", r(20, 430, 228, 20), "Track the weather around you by sharing your location.", r(20, 460, 321, 16), false),  // not centred
            ("Customize Weather", r(78, 430, 228, 20), "Track the weather around you", r(35, 520, 321, 16), false),  // too far below
            ("Customize Weather", r(78, 430, 228, 20), "Share your location", r(100, 460, 186, 16), false),  // a short line, not a description
            ("Stand out from the crowd with", r(78, 430, 228, 20), "the app that makes your photos shine.", r(35, 460, 321, 16), false),  // a broken sentence
            ("Account created.", r(120, 430, 146, 20), "Track the weather around you by sharing your location.", r(35, 460, 321, 16), false),  // a sentence
            // A description the whole-screen reading missed, two rows in one box: its type by its words.
            ("SAVE STORIES FOR LATER", r(100, 460, 189, 14), "Tap the bookmark to read what you want, when you want.", r(22, 496, 342, 31), true),
            // Fewer words than the title, under a title in larger type.
            ("All that & more on your finger tips", r(80, 409, 230, 16), "Sign up now to unleash more awesomeness", r(67, 438, 251, 13), true),
            ("All that & more on your finger tips", r(80, 409, 230, 16), "Sign up now to unleash more awesomeness", r(67, 438, 251, 16), false),  // as large
        ])
    func titleOverDescription(title: String, frame: Rect, description: String, below: Rect, heading: Bool) {
        let out = Metadata.markTitlesOverDescriptions(
            [Self.text(title, frame), Self.text(description, below)], screen: ImageInfo(width: 385, height: 640))
        #expect(out[0].traits.contains(.header) == heading)
        #expect(!out[1].traits.contains(.header))
    }

    @Test("A list's item between the text above it and its own below, all on one keyline, is no title")
    func listItemIsNoTitle() {
        let item = Self.text("Regal Gateway Stadium 16 & IMAX", r(100, 398, 157, 29))
        let address = Self.text("1624 Sunnyvale Saratoga Road, Sunnyvale, CA 94087", r(101, 433, 151, 26))
        let above = Self.text("7800 N Capital of Texas Highway, Austin, TX 78727", r(99, 350, 162, 27))
        let screen = ImageInfo(width: 385, height: 640)
        #expect(!Metadata.markTitlesOverDescriptions([above, item, address], screen: screen)[1].traits.contains(.header))
        #expect(Metadata.markTitlesOverDescriptions([item, address], screen: screen)[0].traits.contains(.header))
    }

    @Test(
        "A text no line says the rows of has the rows its words fill",
        arguments: [
            ("Tap the bookmark to read what you want, when you want.", r(22, 496, 342, 31), 2),
            ("Tap the bookmark to read what you want, when you want.", r(22, 496, 342, 15), 1),
            ("Each sleep session is graded with a Snore Score and you can play back audio samples of the night", r(20, 300, 340, 64), 3),
            ("SAVE STORIES FOR LATER", r(100, 460, 189, 14), 1),
            ("Short one", r(0, 0, 40, 60), 1),  // under 12 characters: no estimate
            ("오늘의 추천 음악을 들어보세요", r(0, 0, 200, 60), 1),  // another script
        ])
    func estimatedRows(label: String, frame: Rect, rows: Int) {
        #expect(Metadata.estimatedRows(of: label, frame: frame) == rows)
    }

    @Test("Through the pipeline: a welcome page's title says Heading unless the setting is off", arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.announcements.pageTitleIsHeader = on
        let result = try Self.analyze(
            [det(.text, 120, 300, 150, 24, "Tiny Calendar"), det(.text, 90, 600, 210, 17, "Welcome to Tiny Calendar")],
            width: 390, height: 844, configuration: cfg)
        #expect(result.transcript == [on ? "Tiny Calendar, Heading" : "Tiny Calendar", "Welcome to Tiny Calendar"])
    }

    @Test("Through the pipeline: an onboarding page's title over its description says Heading unless the setting is off", arguments: [true, false])
    func titleOverDescriptionInPipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.announcements.titlesOverDescriptionsAreHeaders = on
        let result = try Self.analyze(
            [
                det(.text, 103, 463, 183, 13, "ON-DEMAND DELIVERY"),
                det(.text, 61, 496, 274, 17, "With DoorDash, order from the best local merchants"),
            ], width: 385, height: 640, configuration: cfg)
        #expect(result.transcript.contains("ON-DEMAND DELIVERY, Heading") == on)
        #expect(result.transcript.contains { $0.hasPrefix("ON-DEMAND DELIVERY") })
    }
}
