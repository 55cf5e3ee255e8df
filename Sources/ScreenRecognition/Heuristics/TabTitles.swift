import Foundation

/// Mends a tab bar title that OCR misread, against the small vocabulary tab bars use.
///
/// A tab bar names an app's top-level destinations, and apps name them from a short list (HIG,
/// "Tab bars": "Favorites", "Recents", "Contacts"; Material, "Navigation bar": "Home", "Explore",
/// "Library"). Titles are set at 10–12 pt under their icons, so on a 1x screenshot they are 6–8 px
/// tall and both OCR engines misread them: on 599 ui-real screens (valid and 300 random train)
/// and 160 more of its iPhone, Android and "other" screens, "Fuplore" and "Feplore" for Explore,
/// "“avorites" for Favorites, "nopping" for Shopping, "A-erns" and "A-ers" for Alerts,
/// "Cammunities", "Homo", "Shep", "Meal Pian", "Inco me" (2026-11-26). A VoiceOver user hears the
/// title on every screen of the app. A word of the title that is not in ``destinations`` becomes
/// the destination it is a misreading of, when exactly one is near enough:
///
/// - **One or two look-alike letters** (``Lexicon``: "o" for "e", "i" for "l"), at most one in a
///   word of 2 to 5 letters and two in a longer one ("Homo" → "Home", "Shep" → "Shop", "Pian" →
///   "Plan", "Mo" → "Me": three Etsy-style tab bars read their "Me" under a person so). Another letter there is another word: "Host", "Poll", "Rack" and "Link" are tab
///   titles on those screens, one letter from "Post", "Pool", "Back" and "Line".
/// - **Any two edits** (a letter inserted, dropped or changed) in a word of 7 characters or more,
///   or of 5 or more that OCR damaged — a character that is not a letter inside or around it
///   ("A-erns", "A-ers", "“avorites"): "Fuplore" → "Explore", "nopping" → "Shopping". At most a
///   third of the longer word, so that a short damaged word is not rebuilt (">rohle", 3 edits from
///   "Profile", stays).
/// - **Two words read apart** whose letters together are one destination ("Inco me" → "Income").
///
/// A title with a word that stays unknown keeps that word as read; titles in other scripts, single
/// letters and letters read apart into a destination under 4 letters ("M E") stay. A mended word
/// is written as ``Lexicon`` writes it: in capitals when the read word is ("EXPLORE").
public enum TabTitles {
    /// Words of tab bar destinations: those of Apple's and Google's own apps and guidelines
    /// (Clock, Music, Phone, Photos, App Store; HIG and Material examples), and the titles read
    /// right on the tab bars of the 759 ui-real screens above — *measured*. Words with a misread
    /// look-alike in the list are in it too ("Stories" beside "Stores", "Scores").
    public static let destinations: [String] = [
        // Apple's and Google's apps and the guidelines' examples
        "Alarm", "Alarms", "Albums", "Apps", "Arcade", "Artists", "Bedtime", "Browse", "Calls", "Camera", "Chats",
        "Clock", "Communities", "Contacts", "Discover", "Explore", "Favorites", "Favourites", "Featured", "For", "Games",
        "Genres", "Home", "Keypad", "Library", "Listen", "Memories", "Music", "Now", "People", "Photos", "Playlists",
        "Podcasts", "Radio", "Recents", "Search", "Settings", "Shared", "Songs", "Status", "Stopwatch", "Timer",
        "Today", "Top", "Updates", "Voicemail", "World", "You",
        // read right on ui-real tab bars
        "Account", "Bookings", "Cart", "Chat", "Community", "Coupons", "Create", "Following", "Groceries", "Inbox",
        "Income", "Local", "Meal", "Messages", "More", "Near", "Me", "Notifications", "Offers", "Online", "Orders",
        "Plan", "Profile", "Projects", "Saved", "Sell", "Shop", "Shopping", "Stores", "Trips", "Video", "Wallet",
        "Alerts", "Items", "Guide", "Weekly", "Ads", "Host", "Link", "Poll", "Play", "My",
        // short titles one look-alike letter from another ("New" beside "Now", "Hot" beside "Hat")
        "All", "Go", "Hot", "New", "TV",
        // common destinations of shopping, travel, finance, social and health apps
        "Accounts", "Activity", "Bag", "Budget", "Calendar", "Cards", "Categories", "Category", "Courses",
        "Dashboard", "Deals", "Downloads", "Events", "Expenses", "Feed", "Friends", "Goals", "Groups", "Health",
        "Help", "History", "Jobs", "Journal", "Learn", "Map", "Maps", "Markets", "Menu", "Network", "News",
        "Nearby", "Pay", "Payments", "Portfolio", "Progress", "Recipes", "Reports", "Rewards",
        "Savings", "Schedule", "Scores", "Sleep", "Sports", "Stats", "Stories", "Store", "Support", "Tasks",
        "Tickets", "Trade", "Transactions", "Transfer", "Upload", "Videos", "Watch", "Watchlist", "Wishlist",
        "Workouts",
        // singulars of the plurals above (a 7-letter word is mended across two edits)
        "Download", "Favorite", "Favourite", "Message", "Notification", "Project",
    ]

    /// The destinations as a ``Lexicon``: look-alike letters, joined words, and up to two edits in a
    /// damaged word of 5 characters or more or any word of 7 or more.
    public static let lexicon = Lexicon(destinations, freeEditsFrom: 7)

    /// `title` with each misread destination word mended (the rules above); unchanged when none is.
    public static func mended(_ title: String) -> String { lexicon.mended(title) }

    /// The titles tab bars set under an icon of each meaning (by the icon's spoken label,
    /// ``IconMeaning/spokenLabel``): the icon's own word and the destinations apps name with
    /// that glyph — *measured* on the tab bars of the 1,219 listening screens (2026-11-29: a heart
    /// over "Favorites", "Saved" or "Wishlist", a person over "Profile", "Account" or "Me", a
    /// magnifier over "Search", "Discover" or "Explore") and from HIG's and Material's examples.
    public static let titlesByIcon: [String: [String]] = [
        "Favorite": ["Favorites", "Favourites", "Favorite", "Saved", "Likes", "Wishlist"],
        "Star": ["Favorites", "Favourites", "Featured", "Saved", "Wishlist"],
        "Profile": ["Profile", "Account", "My Account", "Sign In"],
        "Home": ["Home", "Today", "Feed"],
        "Search": ["Search", "Discover", "Explore", "Browse"],
        "Cart": ["Cart", "Basket", "Shopping"],
        "Notifications": ["Notifications", "Alerts", "Activity", "Inbox"],
        "Message": ["Messages", "Chats", "Inbox"],
        "Settings": ["Settings"],
        "Location": ["Location", "Nearby", "Local"],
        "Calendar": ["Calendar", "Schedule", "Events", "Bookings"],
        "Bookmark": ["Saved", "Bookmarks", "Library"],
    ]

    /// A tab title too damaged for ``mended(_:)`` may still be near one of the titles set under
    /// its icon: at most ``maxIconTitleDistance`` of the longer word's letters apart ("Fovontos"
    /// under a heart is "Favorites", 4 edits of 9; ">rohle" under a person "Profile", 3 of 7).
    /// The icon is the evidence the lexicon alone lacks. The read title must be Latin letters (at
    /// least 3, marks aside) making no English word nor destination, and exactly one title must be
    /// nearest. Written in capitals when the read title is.
    public static func mended(_ title: String, underIcon iconLabel: String) -> String? {
        guard let titles = titlesByIcon[iconLabel] else { return nil }
        let read = title.filter { $0.isLetter }
        guard read.count >= 3, read.allSatisfy({ $0.isASCII }) else { return nil }
        let words = title.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
        guard !words.contains(where: { RunTogetherWords.englishWords.contains($0) || lexicon.contains($0) }) else { return nil }
        let scored = titles.map { t -> (title: String, edits: Int) in
            (t, AnalysisConfiguration.editDistance(read.lowercased(), t.filter(\.isLetter).lowercased()))
        }
        .filter { Double($0.edits) <= maxIconTitleDistance * Double(max(read.count, $0.title.filter(\.isLetter).count)) }
        .sorted { $0.edits < $1.edits }
        guard let best = scored.first, scored.dropFirst().first?.edits != best.edits else { return nil }
        return read == read.uppercased() ? best.title.uppercased() : best.title
    }

    /// How far a read title may be from one set under its icon: 0.45 of the longer word's letters —
    /// *measured* on the listening screens (2026-11-29): the misread titles under recognised icons
    /// were 0.2–0.44 from their titles ("Loca" under a map pin, "rohle", "Fovontos": 6 tabs and
    /// captions on 6 screens changed, all right by eye); the junk read there from
    /// faint captions ("Visrac:" under a house, "atts" and "SAAT" under hearts, "thep" under a
    /// magnifier) is 0.6 or more from every title of its icon, and stays.
    public static let maxIconTitleDistance = 0.45
}
