import Foundation

/// Mends a tab bar title that OCR misread, against the small vocabulary tab bars use.
///
/// A tab bar names an app's top-level destinations, and apps name them from a short list (HIG,
/// "Tab bars": "Favorites", "Recents", "Contacts"; Material, "Navigation bar": "Home", "Explore",
/// "Library"). Titles are set at 10–12 pt under their icons, so on a 1x screenshot they are 6–8 px
/// tall and both OCR engines misread them: on 659 ui-real screens (valid and 300 random train)
/// and 110 more of its iPhone, Android and "other" screens, "Fuplore" and "Feplore" for Explore,
/// "“avorites" for Favorites, "nopping" for Shopping, "A-erns" and "A-ers" for Alerts,
/// "Cammunities", "Homo", "Shep", "Meal Pian", "Inco me" (2026-11-26). A VoiceOver user hears the
/// title on every screen of the app. A word of the title that is not in ``destinations`` becomes
/// the destination it is a misreading of, when exactly one is near enough:
///
/// - **One or two look-alike letters** (``lookAlikes``: "o" for "e", "i" for "l"), at most one in a
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
/// letters and letters read apart into a destination under 4 letters ("M E") stay. Written in
/// capitals when the read word is, else as ``destinations`` spells it.
public enum TabTitles {
    /// Words of tab bar destinations: those of Apple's and Google's own apps and guidelines
    /// (Clock, Music, Phone, Photos, App Store; HIG and Material examples), and the titles read
    /// right on the tab bars of the 769 ui-real screens above — *measured*. Words with a misread
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

    /// Letters OCR confuses with each other at tab-title sizes (round vowels, thin strokes, arches).
    static let lookAlikes: Set<String> = [
        "ao", "ae", "eo", "ce", "co", "il", "it", "lt", "ft", "hn", "nr", "bh", "uv", "nu", "mn", "gq",
    ]

    /// The shortest word mended: 2 letters ("Mo" under a person is "Me").
    public static let minLetters = 2
    /// The shortest destination two read words are joined into: 4 letters ("M E" stays).
    public static let minJoinedLetters = 4

    static let byLowercase: [String: String] = Dictionary(destinations.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })

    /// `title` with each misread destination word mended (the rules above); unchanged when none is.
    public static func mended(_ title: String) -> String {
        let words = title.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, title.allSatisfy({ !$0.isLetter || $0.isASCII }) else { return title }
        var out: [String] = []
        var k = 0
        while k < words.count {
            if k + 1 < words.count, let joined = joinedDestination(words[k], words[k + 1]) {
                out.append(joined)
                k += 2
                continue
            }
            out.append(mendedWord(words[k]))
            k += 1
        }
        return out.joined(separator: " ")
    }

    /// Two read words that together spell a destination ("Inco me"), not both of them one.
    static func joinedDestination(_ a: String, _ b: String) -> String? {
        guard byLowercase[a.lowercased()] == nil || byLowercase[b.lowercased()] == nil,
            let word = byLowercase[(a + b).lowercased()], word.count >= minJoinedLetters
        else { return nil }
        return spelled(word, like: a + b)
    }

    /// One word mended, or as read.
    static func mendedWord(_ word: String) -> String {
        let chars = Array(word)
        guard let first = chars.firstIndex(where: \.isLetter), let last = chars.lastIndex(where: \.isLetter) else { return word }
        let core = String(chars[first...last])
        if let known = byLowercase[core.lowercased()] { return first == 0 && last == chars.count - 1 ? word : spelled(known, like: core) }
        let letters = core.filter(\.isLetter).count
        guard letters >= minLetters else { return word }
        let damaged = first > 0 || last < chars.count - 1 || core.contains { !$0.isLetter }
        let read = core.lowercased()
        var best: [String] = []
        var bestCost = Int.max
        for candidate in byLowercase.keys {
            guard let cost = cost(read, candidate, length: core.count, damaged: damaged) else { continue }
            if cost < bestCost {
                best = [candidate]
                bestCost = cost
            } else if cost == bestCost {
                best.append(candidate)
            }
        }
        guard best.count == 1, let word = byLowercase[best[0]] else { return word }
        return spelled(word, like: core)
    }

    /// How far `read` (`length` characters, letters and the damaged ones) is from `candidate` under
    /// the rules above, or nil when it may not be mended to it.
    static func cost(_ read: String, _ candidate: String, length: Int, damaged: Bool) -> Int? {
        let maxLookAlikes = length >= 6 ? 2 : 1
        if read.count == candidate.count {
            let changed = zip(read, candidate).filter { $0 != $1 }
            if changed.count <= maxLookAlikes, changed.allSatisfy({ lookAlikes.contains(String([$0, $1].sorted())) }) {
                return changed.count
            }
        }
        guard length >= 7 || (damaged && length >= 5) else { return nil }
        let edits = AnalysisConfiguration.editDistance(read, candidate)
        return edits <= 2 && 3 * edits <= max(length, candidate.count) ? edits : nil
    }

    /// `word` in capitals when `read` is (two letters or more, all capitals), else as listed.
    static func spelled(_ word: String, like read: String) -> String {
        let letters = read.filter(\.isLetter)
        return letters.count >= 2 && letters.allSatisfy(\.isUppercase) ? word.uppercased() : word
    }
}
