import Testing

@testable import ScreenRecognition

@Suite("§5.5 grouping")
struct GroupingTests {
    static let screen = ImageInfo(width: 390, height: 844)

    struct TextCase: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [Element]
        var labels: [String]
        var testDescription: String { name }
    }

    static let textCases: [TextCase] = [
        TextCase(
            name: "gap below the smaller height: grouped, title + subtitle joined by a comma",
            lines: [el(.text, r(16, 100, 120, 30), "Cupertino"), el(.text, r(16, 134, 90, 16), "Today, +0HRS")],
            labels: ["Cupertino, Today, +0HRS"]),
        TextCase(
            name: "gap of 20 ≥ smaller height 16: not grouped",
            lines: [el(.text, r(16, 100, 120, 30), "Cupertino"), el(.text, r(16, 150, 90, 16), "Today")],
            labels: ["Cupertino", "Today"]),
        TextCase(
            name: "no x-overlap: not grouped",
            lines: [el(.text, r(16, 100, 120, 20), "Left"), el(.text, r(200, 124, 90, 20), "Right")],
            labels: ["Left", "Right"]),
        TextCase(
            name: "three wrapped lines of one paragraph join with spaces",
            lines: [
                el(.text, r(16, 100, 350, 20), "VoiceOver reads every element of"),
                el(.text, r(16, 124, 340, 20), "the screen in order, one swipe"),
                el(.text, r(16, 148, 120, 20), "at a time."),
            ],
            labels: ["VoiceOver reads every element of the screen in order, one swipe at a time."]),
        TextCase(
            name: "a large time and its small AM on one baseline join into one text",
            lines: [el(.text, r(250, 100, 90, 56), "9:41"), el(.text, r(338, 126, 36, 30), "AM")],
            labels: ["9:41 AM"]),
        TextCase(
            name: "a part the joined label already ends with is not repeated",
            lines: [el(.text, r(250, 100, 90, 56), "9:41 AM"), el(.text, r(338, 126, 36, 30), "AM")],
            labels: ["9:41 AM"]),
        TextCase(
            name: "stacked times of different table rows (each beside its own city) stay apart",
            lines: [
                el(.text, r(16, 100, 120, 30), "Cupertino"), el(.text, r(250, 95, 90, 56), "9:41"),
                el(.text, r(16, 190, 120, 30), "Tokyo"), el(.text, r(250, 185, 90, 56), "1:41"),
            ],
            labels: ["Cupertino", "9:41", "Tokyo", "1:41"]),
        TextCase(
            name: "two lines beside the same element still group",
            lines: [
                el(.text, r(16, 100, 120, 16), "Today, +0HRS"), el(.text, r(16, 118, 120, 26), "Cupertino"),
                el(.text, r(250, 100, 90, 46), "9:41"),
            ],
            labels: ["Today, +0HRS, Cupertino", "9:41"]),
        TextCase(
            name: "a checkbox's label is not a line of the caption above it",
            lines: [
                el(.text, r(20, 100, 160, 20), "San Francisco"), el(.checkbox, r(20, 124, 20, 20)),
                el(.text, r(48, 124, 120, 20), "Remember me"),
            ],
            labels: ["San Francisco", "", "Remember me"]),
        TextCase(
            name: "a label and its value far apart on one row are not joined",
            lines: [el(.text, r(16, 100, 80, 20), "Wi-Fi"), el(.text, r(300, 100, 60, 20), "Home")],
            labels: ["Wi-Fi", "Home"]),
    ]

    @Test(arguments: textCases)
    func text(_ c: TextCase) {
        let out = Ordering.order(Grouping.groupText(c.lines))
        #expect(out.map { $0.label ?? "" } == c.labels)
    }

    @Test("Tabs: icon + text pairs in the bottom 20% become numbered tab buttons")
    func tabs() {
        var elements: [Element] = [el(.text, r(16, 400, 100, 20), "Content")]
        for (i, name) in ["Home", "Search", "Profile"].enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 770, 28, 28)))
            elements.append(el(.text, r(x - 6, 800, 40, 12), name))
        }
        let out = Ordering.order(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init()))
        #expect(out.map(\.kind) == [.text, .tabButton, .tabButton, .tabButton])
        #expect(out.compactMap(\.position) == [Position(index: 1, count: 3), Position(index: 2, count: 3), Position(index: 3, count: 3)])
        #expect(out[2].label == "Search")
    }

    @Test("A tab's title and glyph that rules called buttons are parts of the tab, not buttons of their own")
    func tabPartsAreNoButtons() throws {
        // As the content stage leaves them: the text-button model called "Saved" a button, the
        // clickability model the heart glyph.
        var elements: [Element] = []
        for (i, name) in ["Explore", "Saved", "Trips"].enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(Metadata.element(for: det(.icon, x, 770, 28, 28, icon: .heart), clickable: i == 1))
            elements.append(Metadata.element(for: det(.text, x - 6, 800, 40, 12, name), clickable: i == 1))
        }
        #expect(elements.filter { $0.kind == .button }.count == 2)
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        let saved = try #require(out.first { $0.label == "Saved" })
        #expect(saved.kind == .tabButton && saved.traits.contains(.button))
        #expect(saved.children.map(\.kind) == [.icon, .text])
        #expect(saved.children.map(\.traits) == [.image, .staticText])
        #expect(saved.children.allSatisfy { $0.hint == nil })
        // `eval` counts no text button on the bar.
        #expect(out.flatMap(\.flattened).filter(\.children.isEmpty).allSatisfy { !$0.traits.contains(.button) })
    }

    @Test("A text above a tab's icon is content behind the bar, not the tab's title")
    func textAboveATabIcon() {
        var elements: [Element] = []
        for (i, name) in ["Home", "Search", "Profile"].enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 790, 28, 28), name))
        }
        elements.append(el(.text, r(140, 770, 150, 12), "clcoding.gumroad.com"))
        let out = Ordering.order(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init()))
        #expect(out.filter { $0.kind == .tabButton }.map(\.label) == ["Home", "Search", "Profile"])
        #expect(out.contains { $0.kind == .text && $0.label == "clcoding.gumroad.com" })
    }

    @Test(
        "A tab bar's items share one row: an item on a row of its own stays apart",
        arguments: [
            (["Facebook", "Google"], 0),  // "Or register with" over two sign-in buttons: no bar of three
            (["Home", "Search", "Profile"], 3),  // a bar of three with a caption above it
        ])
    func tabsOnOneRow(names: [String], expected: Int) {
        // The caption lies in §5.5's band (the bottom-most element's bottom 832 − its top 770 < 0.08
        // × 844) between the items' columns, on a row above theirs.
        var elements: [Element] = [el(.text, r(80, 770, 60, 12), "Or register with")]
        for (i, name) in names.enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 790, 28, 28)))
            elements.append(el(.text, r(x - 6, 820, 40, 12), name))
        }
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        #expect(out.filter { $0.kind == .tabButton }.count == expected)
        #expect(out.contains { $0.kind == .text && $0.label == "Or register with" })
    }

    @Test(
        "A tab bar's items are spread evenly: a mini player's ▶ at one end and two glyphs at the other are no tab bar",
        arguments: [
            ([20.0, 320, 360], 0),  // gaps 300 : 40 — a mini player
            ([20.0, 150, 350], 3),  // gaps 130 : 200 — a bar with an item the detector missed
            ([20.0, 150, 280], 3),  // evenly
        ])
    func tabsSpreadEvenly(xs: [Double], expected: Int) {
        let elements = xs.map { el(.icon, r($0, 800, 24, 24), "Home") }
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        #expect(out.filter { $0.kind == .tabButton }.count == expected)
    }

    @Test(
        "Tabs need at least three buttons, close to the bottom-most element",
        arguments: [
            ([r(150, 780, 90, 30)], 0),  // one lone button
            ([r(20, 790, 28, 28), r(120, 790, 28, 28)], 0),  // a pair ("Cancel" / "OK") is not a tab bar
            ([r(20, 600, 28, 28), r(120, 600, 28, 28), r(220, 600, 28, 28)], 0),  // above the bottom 20%
            ([r(20, 790, 28, 28), r(120, 790, 28, 28), r(220, 790, 28, 28)], 3),
        ])
    func tabLimits(frames: [Rect], expected: Int) {
        let elements = frames.map { el(.icon, $0) }
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        #expect(out.filter { $0.kind == .tabButton }.count == expected)
    }

    /// A picture beside the bar: a photo tile whose box runs from above into the bar is content
    /// under it; a picture on the bar's rows, or one that runs on below them, is not.
    @Test(
        "A picture reaching into the bar from above leaves it a tab bar",
        arguments: [
            (r(200, 560, 190, 250), 3),  // from far above to the middle of the icons: content under the bar
            (r(200, 770, 60, 40), 0),  // a thumbnail on the bar's rows
            (r(0, 300, 390, 544), 0),  // a photo behind the whole lower screen, past the bar's bottom
            (r(200, 760, 190, 40), 0),  // starting just above the bar
        ])
    func pictureOverTheBar(picture: Rect, expected: Int) {
        var elements: [Element] = [el(.picture, picture)]
        for (i, name) in ["Home", "Search", "Profile"].enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 780, 28, 28), name))
            elements.append(el(.text, r(x - 6, 810, 40, 12), name))
        }
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        #expect(out.filter { $0.kind == .tabButton }.count == expected)
    }

    /// A tab bar item is an icon with its title: a row of texts alone at the foot of the screen
    /// ("SIGN UP", "USE A CODE", "LOG IN"), or with only a speck the detector took for an icon,
    /// is not a tab bar (GroupingSettings.tabsNeedAnIcon).
    @Test("A row of texts without an icon is not a tab bar", arguments: [nil, 6.0, 24.0])
    func tabsNeedAnIcon(iconSide: Double?) {
        var elements = ["SIGN UP", "USE A CODE", "LOG IN"].enumerated().map { i, name in
            el(.text, r(20 + Double(i) * 130, 800, 90, 14), name)
        }
        if let iconSide { elements.append(el(.icon, r(150, 790, iconSide, iconSide))) }
        let out = Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())
        let expected = (iconSide ?? 0) >= 24 ? 3 : 0
        #expect(out.filter { $0.kind == .tabButton }.count == expected)
        var off = GroupingSettings()
        off.tabsNeedAnIcon = false
        #expect(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: off, selection: .init()).filter { $0.kind == .tabButton }.count == 3)
    }

    /// A web view's ‹ ↻ ⌂ bar, a banking app's 이전 / 다음 bar, a keypad's ⌫ 0 row: a bar with a
    /// back arrow is a toolbar of buttons (GroupingSettings.backArrowBarsAreToolbars) when the arrow
    /// leads it; a "back" read on the last item (a misread tab icon) leaves a tab bar.
    @Test(
        "A bar led by a back arrow is a toolbar of buttons, not tabs",
        arguments: [[IconMeaning.back, .refresh, .share], [.home, .refresh, .share], [.close, .back, .share], [.home, .refresh, .back]])
    func backArrowToolbar(meanings: [IconMeaning]) {
        let elements = meanings.enumerated().map { i, m in
            var e = el(.icon, r(30 + Double(i) * 130, 790, 28, 28), m.spokenLabel)
            e.detections = [det(.icon, 30 + Double(i) * 130, 790, 28, 28, icon: m)]
            return e
        }
        let out = Announcer.announce(
            Ordering.order(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init())))
        let spoken = out.map(\.announcement)
        let leads = meanings.prefix(2).contains(.back)
        #expect(spoken == meanings.enumerated().map { i, m in leads ? "\(m.spokenLabel), Button" : "\(m.spokenLabel), Tab, \(i + 1) of 3" })
        var off = GroupingSettings()
        off.backArrowBarsAreToolbars = false
        #expect(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: off, selection: .init()).filter { $0.kind == .tabButton }.count == 3)
    }

    /// A tab's title read as junk ("34", "M E") or as its icon's meaning with one letter misread
    /// ("Cort") gives way to that meaning; a word, a Korean syllable, a plural or a title without
    /// an icon meaning stays.
    @Test(
        "A tab's junk title gives way to its icon's meaning",
        arguments: [
            ("34", "Search", "Search"), ("M E", "Profile", "Profile"), ("r=", "Home", "Home"), ("Mo", "Profile", "Me"),
            ("홈", "Home", "홈"), ("Saved", "Favorite", "Saved"), ("34", nil, "34"), ("Cort", "Cart", "Cart"),
            ("Favorites", "Favorite", "Favorites"), ("Chat", "Chart", "Chat"), ("Ham", "Hat", "Ham"),
            ("Horne", "Home", "Home"), ("Hornes", "Home", "Hornes"), ("Horne", nil, "Horne"),
        ] as [(String, String?, String)])
    func tabJunkTitle(text: String, icon: String?, expected: String) {
        var elements: [Element] = []
        for (i, name) in ["Home", "Search", "Profile"].enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 770, 28, 28), i == 1 ? icon : name))
            elements.append(el(.text, r(x - 6, 800, 40, 12), i == 1 ? text : name))
        }
        let out = Ordering.order(Grouping.groupTabs(elements, screen: Self.screen, image: nil, settings: .init(), selection: .init()))
        #expect(out.filter { $0.kind == .tabButton }.map(\.label) == ["Home", expected, "Profile"])
    }

    struct TileCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// Fills painted on the white screen, in order.
        var fills: [(Rect, RGB)]
        var elements: [Element]
        /// What the row says: the tab buttons' labels, or the buttons' when it is no tab bar.
        var tabs: [String]
        var buttons: [String]
        var testDescription: String { name }
    }

    static let tileCases: [TileCase] = [
        TileCase(
            name: "a tab bar: three items on one grey bar",
            fills: [(r(0, 770, 390, 74), .grey)],
            elements: [el(.icon, r(40, 780, 28, 28), "Home"), el(.icon, r(180, 780, 28, 28), "Search"), el(.icon, r(320, 780, 28, 28), "Profile")],
            tabs: ["Home", "Search", "Profile"], buttons: []),
        TileCase(
            name: "a tab bar whose selected item sits on an indicator pill",
            fills: [(r(30, 776, 48, 36), .blue)],
            elements: [el(.icon, r(40, 780, 28, 28), "Home"), el(.icon, r(180, 780, 28, 28), "Search"), el(.icon, r(320, 780, 28, 28), "Profile")],
            tabs: ["Home", "Search", "Profile"], buttons: []),
        TileCase(
            name: "sign-in tiles: a logo and its name on one tile are one button",
            fills: [(r(10, 770, 110, 44), .orange), (r(140, 770, 110, 44), .blue), (r(270, 770, 110, 44), RGB(r: 219, g: 68, b: 55))],
            elements: [
                el(.text, r(40, 786, 60, 12), "Amazon"), el(.icon, r(150, 782, 20, 20), "Facebook"), el(.text, r(180, 786, 60, 12), "Facebook"),
                el(.text, r(300, 786, 60, 12), "Google"),
            ],
            tabs: [], buttons: ["Amazon", "Facebook", "Google"]),
        TileCase(
            name: "two texts on one band are two buttons, not one tile",
            fills: [(r(100, 760, 290, 84), .grey)],
            elements: [el(.text, r(20, 790, 60, 12), "Enroll"), el(.text, r(110, 790, 130, 12), "Become a Member"), el(.text, r(290, 790, 60, 12), "Legal")],
            tabs: [], buttons: ["Become a Member", "Legal"]),
    ]

    /// A row at the foot of the screen whose items stand on fills of their own (sign-in or share
    /// tiles) is a row of buttons, not a tab bar (Grouping.tilesOnOwnFills); a bar's one
    /// background, with or without a selected item's pill, is a tab bar.
    @Test(arguments: tileCases)
    func tilesAreButtonsNotTabs(_ c: TileCase) {
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255))
        for (rect, colour) in c.fills { image = image.filling(rect, with: colour) }
        let out = Ordering.order(Grouping.groupTabs(c.elements, screen: Self.screen, image: image, settings: .init(), selection: .init()))
        #expect(out.filter { $0.kind == .tabButton }.compactMap(\.label) == c.tabs)
        #expect(out.filter { $0.kind == .button }.compactMap(\.label) == c.buttons)
        #expect(out.filter { $0.kind == .button }.allSatisfy { $0.traits.contains(.button) })
    }

    @Test("A cell with a label and a switch speaks as the switch")
    func singleControl() {
        let cell = el(.container, r(16, 200, 358, 44))
        let label = el(.text, r(60, 212, 120, 20), "Airplane Mode")
        let icon = el(.icon, r(24, 208, 28, 28))
        let toggle = Metadata.element(for: det(.toggleUnselected, 310, 207, 51, 31))
        var diags: [Diagnostic] = []
        let out = Grouping.groupContainers([cell, label, icon, toggle], screen: Self.screen, settings: .init(), diagnostics: &diags)
        #expect(out.count == 1)
        let g = Announcer.announce(out)[0]
        #expect(g.kind == .toggle)
        #expect(g.announcement == "Airplane Mode, Switch button, Off")
        #expect(g.activationPoint == toggle.activationPoint)
        #expect(g.children.count == 3)
    }

    @Test("Clickable children of a group become custom actions")
    func customActions() {
        let cell = el(.container, r(0, 300, 390, 80))
        let title = el(.text, r(16, 310, 200, 22), "Review your order")
        let subtitle = el(.text, r(16, 336, 260, 18), "Help others find great restaurants")
        let trash = Metadata.element(for: det(.icon, 340, 325, 30, 30, icon: .trash), clickable: true)
        var diags: [Diagnostic] = []
        let out = Announcer.announce(Grouping.groupContainers([cell, title, subtitle, trash], screen: Self.screen, settings: .init(), diagnostics: &diags))
        #expect(out.count == 1)
        #expect(out[0].kind == .group)
        #expect(out[0].label == "Review your order, Help others find great restaurants")
        #expect(out[0].customActions.map(\.name) == ["Delete"])
        #expect(out[0].customActions[0].activationPoint == Point(x: 355, y: 340))
        #expect(out[0].announcement == "Review your order, Help others find great restaurants, Actions available")
    }

    @Test("A container whose group would have no label of its own leaves its parts apart")
    func silentContainer() {
        let card = el(.container, r(10, 240, 340, 120))
        let first = Metadata.element(for: det(.text, 30, 260, 100, 16, "Wedding party"), clickable: true)
        let second = Metadata.element(for: det(.text, 30, 310, 100, 16, "Bride's family"), clickable: true)
        let photo = el(.picture, r(200, 250, 120, 100))
        var diags: [Diagnostic] = []
        let out = Announcer.announce(
            Grouping.groupContainers([card, first, second, photo], screen: Self.screen, settings: .init(), diagnostics: &diags))
        #expect(out.map(\.announcement).sorted() == ["Bride's family, Button", "Image", "Wedding party, Button"])
        #expect(diags.contains { $0.message.contains("nothing to say of its own") })
        // The same card with a title is one group, its buttons its actions.
        let title = el(.text, r(30, 244, 120, 12), "Guests")
        let titled = Grouping.groupContainers([card, title, first, second], screen: Self.screen, settings: .init(), diagnostics: &diags)
        #expect(titled.count == 1)
        #expect(titled.first?.customActions.map(\.name) == ["Wedding party", "Bride's family"])
    }

    @Test("Containers: nested ones nest, screen-sized ones are not grouped, empty ones vanish")
    func containers() {
        let outer = el(.container, r(0, 100, 390, 200))
        let inner = el(.container, r(10, 110, 370, 80))
        let a = el(.text, r(20, 120, 100, 20), "Inner")
        let b = el(.text, r(20, 220, 100, 20), "Outer")
        let huge = el(.container, r(0, 0, 390, 700))
        let empty = el(.container, r(0, 750, 100, 50))
        var diags: [Diagnostic] = []
        let out = Grouping.groupContainers([outer, inner, a, b, huge, empty], screen: Self.screen, settings: .init(), diagnostics: &diags)
        #expect(out.count == 1)
        #expect(out[0].children.count == 2)
        #expect(out[0].children.contains { $0.kind == .group && $0.label == "Inner" })
        #expect(diags.contains { $0.message.contains("covers more than 50%") })
    }

    struct SubtitleCase: CustomTestStringConvertible, Sendable {
        var name: String
        var others: [Element]
        var groupedCount: Int
        var picture: Element = GroupingTests.picture
        var testDescription: String { name }
    }

    static let picture = el(.picture, r(20, 100, 350, 200))
    static let subtitleCases: [SubtitleCase] = [
        // Lines closer than their height are merged by text grouping first; these two are not.
        SubtitleCase(
            name: "two lines under the picture join it",
            others: [el(.text, r(20, 306, 200, 24), "Golden Gate Bridge"), el(.text, r(20, 348, 150, 16), "San Francisco")],
            groupedCount: 3),
        SubtitleCase(
            name: "a gap ≥ 0.03 × 844 = 25.3 is too far",
            others: [el(.text, r(20, 327, 200, 24), "Far")], groupedCount: 0),
        SubtitleCase(
            name: "less than 50% x-overlap: not a subtitle",
            others: [el(.text, r(330, 306, 200, 24), "Aside")], groupedCount: 0),
        SubtitleCase(
            name: "a text closer to what lies below it is not a subtitle",
            others: [el(.text, r(20, 320, 200, 20), "Heading"), el(.text, r(20, 342, 200, 20), "Body")],
            groupedCount: 0),
        SubtitleCase(
            name: "a heading under the picture is the page's title, no subtitle",
            others: [heading(el(.text, r(20, 306, 200, 24), "Welcome to ChargeHub"))], groupedCount: 0),
        SubtitleCase(
            name: "a sentence 2.5 × the picture's width under a small illustration is the page's text",
            others: [el(.text, r(20, 306, 350, 24), "Get discount coupons and more")], groupedCount: 0, picture: el(.picture, r(150, 200, 140, 100))),
        SubtitleCase(
            name: "a tile's two-word caption as wide still joins",
            others: [el(.text, r(20, 306, 350, 24), "Handyman Services")], groupedCount: 2, picture: el(.picture, r(150, 200, 140, 100))),
        SubtitleCase(
            name: "a sentence no wider than twice the picture still joins",
            others: [el(.text, r(20, 306, 270, 24), "Get discount coupons and more")], groupedCount: 2, picture: el(.picture, r(150, 200, 140, 100))),
    ]

    static func heading(_ e: Element) -> Element {
        var e = e
        e.traits.insert(.header)
        return e
    }

    @Test(arguments: subtitleCases)
    func pictureSubtitle(_ c: SubtitleCase) {
        let out = Grouping.groupPictureSubtitles([c.picture] + c.others, screen: Self.screen, settings: .init())
        let group = out.first { $0.kind == .group }
        #expect((group?.children.count ?? 0) == c.groupedCount)
        if let group { #expect(group.traits.contains(.image)) }
    }

    @Test(
        "A card's picture takes the caption lines stacked flush under it; centred, far, long or interrupted stacks it does not",
        arguments: [
            // (case, the elements under a 150 × 100 picture at x 16, y 200; its group's size, 0 for none)
            (
                "a travel card: category, title, price",
                [line(16, 306, "GUIDED HIKE"), line(16, 322, "Escape to rugged waterfalls"), line(16, 342, "$44 per person")], 4
            ),
            ("a shop tile: title and price", [line(17, 308, "Whimsical Bear Pair"), line(16, 322, "$2.70")], 3),
            ("a rating line set after its stars", [line(16, 306, "BOAT RIDE"), line(16, 322, "Sebi Boat Tours"), line(40, 340, "5.0 (76)")], 4),
            ("lines centred under an illustration", [line(40, 306, "Free"), line(30, 324, "No subscription fees")], 0),
            ("the first line too far below (≥ 0.03 × 844)", [line(16, 327, "GUIDED HIKE"), line(16, 343, "Escape")], 0),
            ("one line, closer to the next element than to the picture", [line(16, 306, "Sale"), el(.button, r(16, 322, 120, 14), "Add to Bag")], 0),
            (
                "five lines: a page's text going on",
                [line(16, 306, "One"), line(16, 322, "Two"), line(16, 338, "Three"), line(16, 354, "Four"), line(16, 370, "Five")], 0
            ),
        ] as [(String, [Element], Int)])
    func cardCaption(name: String, under: [Element], grouped: Int) {
        let photo = el(.picture, r(16, 200, 150, 100))
        let next = el(.picture, r(16, 430, 150, 100))  // the next card, far below
        let out = Grouping.groupPictureSubtitles([photo] + under + [next], screen: Self.screen, settings: .init())
        #expect((out.first { $0.kind == .group }?.children.count ?? 0) == grouped)
        var off = GroupingSettings()
        off.groupCardCaptions = false
        #expect(!Grouping.groupPictureSubtitles([photo] + under + [next], screen: Self.screen, settings: off).contains { $0.kind == .group })
        // A full-width photo over the same lines is a page's header.
        let header = el(.picture, r(16, 200, 358, 100))
        #expect(!Grouping.groupPictureSubtitles([header] + under, screen: Self.screen, settings: .init()).contains { $0.kind == .group })
    }

    @Test(
        "A photo behind the screen's content takes no subtitle: the link under a sign-in screen's photo is the screen's own",
        arguments: [
            // (texts on the photo, grouped)
            (2, false),  // a backdrop: the title and a button lie on it
            (1, true),  // one text on a large photo: its caption below still joins
        ])
    func backdropTakesNoSubtitle(inside: Int, grouped: Bool) {
        let photo = el(.picture, r(0, 40, 390, 700))  // 0.85 of the screen
        let onIt = [el(.text, r(40, 100, 300, 40), "Branding Design"), el(.button, r(60, 640, 270, 40), "CREATE AN ACCOUNT")]
        let link = el(.text, r(80, 744, 230, 16), "Already have an account? Log in here")
        let out = Grouping.groupPictureSubtitles([photo] + onIt.prefix(inside) + [link], screen: Self.screen, settings: .init())
        #expect(out.contains { $0.kind == .group } == grouped)
        #expect(out.contains { $0.kind == .text && $0.label == link.label } == !grouped)
    }
}

@Suite("Joined labels")
struct JoinedLabelTests {
    @Test(
        "A title broken over two detected lines reads on; a new item after it takes a pause",
        arguments: [
            // (second text, its frame, spoken)
            ("where you are", r(62, 238, 258, 29), "Weather for where you are"),
            ("Where you are", r(62, 238, 258, 29), "Weather for, Where you are"),  // a capital: a new item
            ("where you are", r(62, 300, 258, 29), "Weather for, where you are"),  // far below: another block
            ("where you are", r(62, 238, 258, 80), "Weather for, where you are"),  // another type size
        ])
    func continuation(text: String, frame: Rect, spoken: String) {
        let label = Grouping.joinLabels([el(.text, r(81, 194, 221, 27), "Weather for"), el(.text, frame, text)])
        #expect(label == spoken)
    }

    @Test("A line ending on punctuation is followed by a pause")
    func punctuation() {
        let label = Grouping.joinLabels([el(.text, r(81, 194, 221, 27), "Thanks!"), el(.text, r(62, 238, 258, 29), "see you soon")])
        #expect(label == "Thanks!, see you soon")
    }
}

@Suite("Control labels (beyond §5.5)")
struct ControlLabelTests {
    @Test(
        "A checkbox takes the text to its right, a switch the text to its left, a slider the text above",
        arguments: [
            (ElementClass.checkboxSelected, r(20, 100, 22, 22), r(50, 101, 120, 20), "Remember me, Checkbox, Checked"),
            (ElementClass.toggleUnselected, r(320, 100, 51, 31), r(20, 105, 150, 20), "Remember me, Switch button, Off"),
            // a short label at the leading margin, the switch at the trailing one (gap 8 × its height)
            (ElementClass.toggleSelected, r(320, 100, 51, 31), r(20, 105, 50, 20), "Remember me, Switch button, On"),
            (ElementClass.slider, r(20, 130, 350, 28), r(24, 100, 150, 22), "Remember me, Adjustable"),
        ])
    func labels(type: ElementClass, control: Rect, text: Rect, spoken: String) {
        let elements = [Metadata.element(for: Detection(type: type, box: control)), el(.text, text, "Remember me")]
        let out = Announcer.announce(Grouping.groupControlLabels(elements))
        #expect(out.map(\.announcement) == [spoken])
    }

    @Test(
        "A row's title over the description its checkbox or switch took as its label joins the control",
        arguments: [
            // (title's frame, title, joined)
            (r(94, 194, 112, 12), "Alcoholic Drinks", true),  // 2 px over the row
            (r(94, 199, 112, 12), "Alcoholic Drinks", true),  // boxes overlapping by 3 px
            (r(94, 180, 112, 12), "Alcoholic Drinks", false),  // 16 px above: apart
            (r(200, 194, 112, 12), "Alcoholic Drinks", false),  // not at the row's leading edge
            (r(94, 194, 112, 12), "Pick the interests you like best below", false),  // a sentence of 7 words
            (r(94, 194, 112, 12), "Pick one.", false),  // a full stop
        ])
    func controlTitles(frame: Rect, title: String, joined: Bool) {
        var checkbox = Metadata.element(for: Detection(type: .checkboxUnselected, box: r(98, 208, 275, 24)))
        checkbox.label = "195K Followers"
        let out = Announcer.announce(Grouping.joinControlTitles([el(.text, frame, title), checkbox]))
        #expect(out.map(\.announcement) == (joined ? ["\(title), 195K Followers, Checkbox, Unchecked"] : [title, "195K Followers, Checkbox, Unchecked"]))
        if joined { #expect(out[0].activationPoint == checkbox.activationPoint) }
    }

    @Test("A control takes one title: a section's header over the joined row stays a stop of its own")
    func oneTitlePerControl() {
        var checkbox = Metadata.element(for: Detection(type: .checkboxUnselected, box: r(98, 208, 275, 24)))
        checkbox.label = "195K Followers"
        let out = Announcer.announce(
            Grouping.joinControlTitles([el(.text, r(94, 178, 80, 12), "INTERESTS"), el(.text, r(94, 194, 112, 12), "Alcoholic Drinks"), checkbox]))
        #expect(out.map(\.announcement) == ["INTERESTS", "Alcoholic Drinks, 195K Followers, Checkbox, Unchecked"])
    }

    /// A labelled field whose label a text repeats — the label above an iOS form field that
    /// shows the same placeholder, or the placeholder read again as a text across the field's
    /// edge — speaks its words once.
    @Test(
        "A text that repeats a field's own label joins the field",
        arguments: [
            // (text frame, text, joined)
            (r(20, 100, 70, 12), "Username", true),  // the label right above the field
            (r(12, 126, 80, 14), "USERNAME", true),  // the placeholder again, half inside the field
            (r(20, 100, 70, 12), "Sign in to continue.", false),  // other words, a sentence: a text of its own
            (r(20, 40, 70, 12), "Username", false),  // too far above
        ])
    func fieldEcho(frame: Rect, text: String, joined: Bool) {
        var field = Metadata.element(for: Detection(type: .textField, box: r(24, 116, 330, 28)))
        field.label = "Username"
        let out = Announcer.announce(Grouping.groupControlLabels([el(.text, frame, text), field]))
        // (joined, the words are said once, as the text has them)
        #expect(out.map(\.announcement) == (joined ? ["\(text), Text field"] : [text, "Username, Text field"]))
    }

    /// A field showing a placeholder of its own ("you@example.com") takes the form label over its
    /// leading edge, or before it on its row, as its label: "Email, you@example.com, Text field".
    @Test(
        "A labelled field takes the caption above its leading edge or before it",
        arguments: [
            // (text frame, text, joined)
            (r(24, 100, 40, 12), "Email", true),  // over the field's leading edge
            (r(2, 122, 20, 12), "+44", true),  // a dialling code before it on its row
            (r(140, 100, 40, 12), "Email", false),  // over its middle: no form label
            (r(24, 100, 200, 12), "Sign in to your account to go on", false),  // more than four words
            (r(24, 100, 40, 12), "Welcome!", false),  // a sentence
            (r(24, 86, 60, 30), "Logo", false),  // taller than the field
            (r(24, 100, 40, 12), "8:00", false),  // no letters: a status bar's clock
            (r(24, 100, 60, 12), "KT 12:17", false),  // a carrier and a clock
        ])
    func fieldCaption(frame: Rect, text: String, joined: Bool) {
        var field = Metadata.element(for: Detection(type: .textField, box: r(24, 116, 330, 28)))
        field.label = "you@example.com"
        let out = Announcer.announce(Grouping.groupControlLabels([el(.text, frame, text), field]))
        #expect(out.map(\.announcement) == (joined ? ["\(text), you@example.com, Text field"] : [text, "you@example.com, Text field"]))
    }

    @Test(
        "A caption may lie up to half a tall field's height above it",
        arguments: [(436.0, true), (400.0, false)])
    func fieldCaptionGap(captionY: Double, joined: Bool) {
        // "My name" (10 px) over a 45-px field: a 15-px gap is within half the field's height.
        var field = Metadata.element(for: Detection(type: .textField, box: r(31, 461, 326, 45)))
        field.label = "Name"
        let out = Announcer.announce(Grouping.groupControlLabels([el(.text, r(41, captionY, 54, 10), "My name"), field]))
        #expect(out.map(\.announcement) == (joined ? ["My name, Name, Text field"] : ["My name", "Name, Text field"]))
    }

    @Test("A caption that repeats the field's misread placeholder is said once, as the caption reads it")
    func fieldCaptionRepeat() {
        var field = Metadata.element(for: Detection(type: .textField, box: r(24, 116, 330, 28)))
        field.label = "Usemame oremall"
        let out = Announcer.announce(Grouping.groupControlLabels([el(.text, r(24, 100, 120, 12), "Username or email"), field]))
        #expect(out.map(\.announcement) == ["Username or email, Text field"])
        #expect(Grouping.isNearRepeat("Username or email", of: "Usemame oremall"))
        #expect(!Grouping.isNearRepeat("Email", of: "Name"))
        #expect(!Grouping.isNearRepeat("Passenger(s)", of: "1 Passenger"))  // a value
    }

    @Test("A search field takes no caption: the text over a search bar is the screen's title")
    func searchFieldCaption() {
        var field = Metadata.element(for: Detection(type: .textField, box: r(24, 116, 330, 28)))
        field.label = "Search"
        field.traits.insert(.searchField)
        let out = Grouping.groupControlLabels([el(.text, r(24, 100, 40, 12), "Explore"), field])
        #expect(out.count == 2)
    }

    @Test("Another element in between blocks the pairing")
    func blocked() {
        let elements = [
            Metadata.element(for: Detection(type: .toggleSelected, box: r(320, 100, 51, 31))),
            el(.text, r(20, 105, 100, 20), "Label"), el(.icon, r(200, 100, 30, 30)),
        ]
        let out = Grouping.groupControlLabels(elements)
        #expect(out.count == 3)
    }

    @Test("a container holding several controls is a list section: grouped row by row, each row speaks as its control")
    func listSection() {
        var diagnostics: [Diagnostic] = []
        let elements: [Element] = [
            el(.container, r(10, 100, 370, 132)),
            el(.icon, r(20, 110, 24, 24)), el(.text, r(54, 112, 120, 20), "Airplane Mode"), el(.toggle, r(310, 108, 51, 31)),
            el(.text, r(54, 156, 120, 20), "Wi-Fi"), el(.text, r(290, 156, 60, 20), "Home"),
            el(.text, r(54, 200, 140, 20), "Personal Hotspot"), el(.toggle, r(310, 196, 51, 31)),
        ]
        let out = Ordering.order(
            Grouping.groupContainers(elements, screen: ImageInfo(width: 390, height: 844), settings: GroupingSettings(), diagnostics: &diagnostics))
        #expect(out.map(\.kind) == [ElementKind.toggle, ElementKind.group, ElementKind.toggle])
        #expect(out.map { $0.label ?? "" } == ["Airplane Mode", "Wi-Fi, Home", "Personal Hotspot"])
        #expect(diagnostics.contains { $0.message.contains("list section") })

        // One control: still one card.
        let card = Grouping.groupContainers(
            Array(elements.prefix(4)), screen: ImageInfo(width: 390, height: 844), settings: GroupingSettings(), diagnostics: &diagnostics)
        #expect(card.count == 1 && card[0].kind == .toggle && card[0].label == "Airplane Mode")
    }
}

/// A one-line caption text, 12 pt tall, 120 wide.
private func line(_ x: Double, _ y: Double, _ label: String) -> Element { el(.text, r(x, y, 120, 12), label) }
