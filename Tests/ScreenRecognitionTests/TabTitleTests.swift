import Testing

@testable import ScreenRecognition

@Suite("Tab bar titles")
struct TabTitleTests {
    /// Misreadings of 6–8-px tab titles on ui-real screens (2026-11-26) and what they are.
    @Test(
        "a misread destination is mended",
        arguments: [
            ("Fuplore", "Explore"), ("Feplore", "Explore"), ("“avorites", "Favorites"), ("nopping", "Shopping"),
            ("A-erns", "Alerts"), ("A-ers", "Alerts"), ("Cammunities", "Communities"), ("Homo", "Home"),
            ("Shep", "Shop"), ("Meal Pian", "Meal Plan"), ("Inco me", "Income"), ("EXPL0RE", "EXPLORE"),
            ("Prof1le", "Profile"), ("Mo", "Me"),
        ])
    func mended(read: String, expected: String) {
        #expect(TabTitles.mended(read) == expected)
    }

    /// Tab titles read right on those screens that are one letter from a destination, words too
    /// short or too damaged to tell, titles in other scripts, destinations themselves.
    @Test(
        "a title that is no misread destination stays",
        arguments: [
            "Host", "Poll", "Rack", "Link", "Local", "Now", "New", "My Items", "2a", ">rohle", "ther", "Stories", "MyCarMax", "Cost Guide",
            "Favorite Pros", "보관함", "Explore", "PROFILE", "Favorite", "Past orders", "Fovontos", "M E",
        ])
    func kept(read: String) {
        #expect(TabTitles.mended(read) == read)
    }

    /// Titles too damaged for the lexicon, under an icon whose meaning names them (the listening
    /// screens, 2026-11-29), and readings that stay: junk far from every title of the icon, words,
    /// other scripts, an icon with no titles, two titles as near.
    @Test(
        "a damaged title near one its icon names is that title",
        arguments: [
            ("Fovontos", "Favorite", "Favorites" as String?), (">rohle", "Profile", "Profile"), ("Hore", "Home", "Home"),
            ("FOVONTOS", "Favorite", "FAVORITES"), ("Seorch", "Search", "Search"),
            ("Visrac:", "Home", nil), ("atts", "Favorite", nil), ("SAAT", "Favorite", nil), ("thep", "Search", nil),
            ("F; it", "Favorite", nil), ("Me", "Profile", nil), ("People", "Profile", nil), ("보관함", "Bookmark", nil),
            ("Fovontos", "Play", nil), ("Fovontos", "Star", "Favorites"),
        ])
    func mendedUnderIcon(read: String, icon: String, expected: String?) {
        #expect(TabTitles.mended(read, underIcon: icon) == expected)
    }

    @Test("the tab bar speaks the title its icon names, the setting off the reading", arguments: [true, false])
    func iconTitleInTheBar(mend: Bool) {
        let tab = secondTab([("Home", "Home"), ("Favorite", "Fovontos"), ("Profile", "Profile")], mend: mend)
        #expect(tab?.label == (mend ? "Favorites" : "Fovontos"))
    }

    @Test("the tab bar speaks the mended title; the setting turns it off", arguments: [true, false])
    func inTheBar(mend: Bool) {
        let tab = secondTab([("Home", "Home"), (nil, "Fuplore"), ("Profile", "Profile")], mend: mend)
        #expect(tab?.label == (mend ? "Explore" : "Fuplore"))
        #expect(tab?.children.first { $0.kind == .text }?.label == (mend ? "Explore" : "Fuplore"))
    }

    /// The second tab of a bar of three items on a 390 × 844 screen, each an icon (its label) over
    /// its read title, grouped with title mending on or off.
    func secondTab(_ items: [(icon: String?, read: String)], mend: Bool) -> Element? {
        let screen = ImageInfo(width: 390, height: 844)
        var elements: [Element] = []
        for (i, item) in items.enumerated() {
            let x = 30 + Double(i) * 130
            elements.append(el(.icon, r(x, 770, 28, 28), item.icon))
            elements.append(el(.text, r(x - 6, 800, 40, 12), item.read))
        }
        var settings = GroupingSettings()
        settings.mendTabTitles = mend
        let out = Grouping.groupTabs(elements, screen: screen, image: nil, settings: settings, selection: .init())
        return out.first { $0.kind == .tabButton && $0.position?.index == 2 }
    }
}
