/// Words that a recogniser ran together ("SIGNUPWITHEMAIL", "CREATEACCOUNT") split again where they
/// are made wholly of common interface words ("SIGN UP WITH EMAIL"). PP-OCR reads small type at 1x
/// better than Tesseract but often drops the spaces of short words; VoiceOver speaks a run of
/// letters as one made-up word.
public enum RunTogetherWords {
    /// Runs of letters shorter than this are left alone: 7 — *design choice*; the shortest joins
    /// PP-OCR made on ui-real (2026-11-25) were "Whereto" and "Signin" (6, which a longer vocabulary
    /// word could not be told from), the commonest "SIGNUPWITHEMAIL", "CREATEACCOUNT".
    public static let minLetters = 7

    /// The words a run may be split into: the verbs and phrases of button titles
    /// (``TextButtons/actionVerbs``, ``TextButtons/actionPhrases``) without their joined spellings
    /// ("signin", "login" — a split says "sign in"), English function words, and nouns of sign-in,
    /// shopping and settings screens — *design choice*, written for this rule. A run that is itself
    /// one of these words is not split.
    public static let vocabulary: Set<String> = {
        let joined: Set<String> = ["signin", "signup", "login", "logout", "checkout", "okay"]
        let phrases = TextButtons.actionPhrases.flatMap { $0.split(separator: " ").map(String.init) }
            .filter { $0.allSatisfy { $0.isLetter && $0.isASCII } }
        let function = [
            "a", "i", "am", "an", "the", "to", "of", "in", "on", "at", "by", "for", "with", "from", "up", "out", "off", "over",
            "into", "and", "or", "not", "no", "yes", "my", "your", "our", "you", "me", "we", "us", "it", "its", "is", "are", "be",
            "this", "that", "these", "all", "now", "more", "here", "there", "where", "what", "how", "why", "who", "when", "new",
            "free", "today", "again", "later", "about", "other", "others", "have", "has", "already", "only", "just", "one",
            "first", "last", "next", "back", "top", "best", "near", "nearby", "less", "most", "some", "any", "every", "each",
        ]
        let nouns = [
            "account", "accounts", "email", "mail", "password", "phone", "number", "name", "user", "username", "profile",
            "settings", "setting", "home", "search", "google", "facebook", "apple", "twitter", "kakao", "naver", "code",
            "app", "apps", "page", "list", "cart", "order", "orders", "item", "items", "store", "deals", "deal", "offers",
            "offer", "price", "help", "support", "contact", "contacts", "terms", "privacy", "policy", "service", "services",
            "notifications", "message", "messages", "photo", "photos", "video", "videos", "music", "news", "location",
            "current", "address", "card", "credit", "payment", "trial", "plan", "premium", "member", "membership", "guest",
            "friends", "friend", "people", "details", "info", "options", "language", "country", "city", "state", "zip",
            "date", "time", "day", "week", "month", "year", "device", "data", "verification", "link", "file", "files",
            "camera", "gallery", "map", "trip", "trips", "hotel", "flight", "tickets", "ticket", "events", "event", "game",
            "games", "feed", "post", "posts", "story", "stories", "comment", "comments", "likes", "followers", "following",
            "inbox", "chat", "calls", "history", "favorites", "favourites", "wishlist", "bag", "total", "shipping",
            "delivery", "pickup", "coupon", "coupons", "reward", "rewards", "points", "gift", "wallet", "balance", "bank",
            "money", "now", "started", "me", "signed", "logged", "keep", "remember", "show", "hide", "see", "read",
            "change", "choose", "select", "use", "set", "need", "welcome", "forgot", "forget", "sign", "log", "see",
        ]
        return Set(TextButtons.actionVerbs).subtracting(joined).union(phrases).union(function).union(nouns)
    }()

    /// `text` with each run of at least ``minLetters`` ASCII letters that is not a vocabulary word,
    /// but is two or more of them end to end, split into the fewest such words; letters keep their
    /// case; a sentence's full stop run into the next sentence gets its space back
    /// (`spacedFullStops(_:)`); everything else is left as it is.
    public static func split(_ text: String) -> String {
        spacedFullStops(splitRuns(text))
    }

    /// `text` with a space after each full stop that ends a lower-case word of two or more letters
    /// and is followed by a capitalised word ("Forums.Chat with" → "Forums. Chat with"): PP-OCR
    /// drops the space after a full stop as it drops short words' spaces (ui-real train,
    /// 2026-11-25), and VoiceOver reads "Forums.Chat" as a web address, "Forums dot Chat". Web
    /// addresses keep theirs: their next letter is lower case ("google.com") or the word before is
    /// in capitals ("TRACEUP.COM").
    static func spacedFullStops(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        for (i, c) in chars.enumerated() {
            out.append(c)
            guard c == ".", i >= 2, i + 2 < chars.count else { continue }
            let before = chars[i - 2...i - 1]
            if before.allSatisfy({ $0.isASCII && $0.isLowercase }), chars[i + 1].isASCII, chars[i + 1].isUppercase,
                chars[i + 2].isASCII, chars[i + 2].isLowercase
            {
                out.append(" ")
            }
        }
        return out
    }

    /// ``split(_:)``'s runs of letters.
    static func splitRuns(_ text: String) -> String {
        mapLetterRuns(text, isLetter: { $0.isASCII && $0.isLetter }) { splitRun($0) ?? $0 }
    }

    /// `text` with each maximal run of characters that `isLetter` accepts replaced by `transform`
    /// of it; everything between runs is kept as it is.
    static func mapLetterRuns(_ text: String, isLetter: (Character) -> Bool, _ transform: (String) -> String) -> String {
        var out = ""
        var run = ""
        for c in text {
            if isLetter(c) {
                run.append(c)
            } else {
                if !run.isEmpty { out += transform(run) }
                run = ""
                out.append(c)
            }
        }
        if !run.isEmpty { out += transform(run) }
        return out
    }

    /// The run split into the fewest vocabulary words (two or more), or nil.
    static func splitRun(_ run: String) -> String? {
        let chars = Array(run)
        let lower = Array(run.lowercased())
        guard chars.count >= minLetters, chars.count == lower.count, !vocabulary.contains(String(lower)) else { return nil }
        let n = chars.count
        // best[i]: fewest words covering the first i letters, with where the last word starts.
        var best = [(words: Int, from: Int)?](repeating: nil, count: n + 1)
        best[0] = (0, 0)
        for end in 1...n {
            for start in 0..<end {
                guard let before = best[start], vocabulary.contains(String(lower[start..<end])) else { continue }
                if best[end].map({ before.words + 1 < $0.words }) ?? true { best[end] = (before.words + 1, start) }
            }
        }
        guard let whole = best[n], whole.words >= 2 else { return nil }
        var words: [String] = []
        var end = n
        while end > 0, let step = best[end] {
            words.append(String(chars[step.from..<end]))
            end = step.from
        }
        return words.reversed().joined(separator: " ")
    }
}
