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
}
