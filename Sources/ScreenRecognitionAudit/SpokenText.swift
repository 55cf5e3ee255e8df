import Foundation

/// Text that screen readers mispronounce, from VoiceOver write-ups: numeric dates (Just Eat's audit: "unreadable
/// dates"), a missing space after a full stop ("New setlist 1.6 tracks" read as "one point six
/// tracks", Soundproof) and quotes after a number ("Track 01" in quotes read as "zero-one inches",
/// Soundproof).
public enum SpokenText {
    public enum Kind: String, Sendable, Codable {
        case numericDate, missingSpaceAfterFullStop, quoteAfterNumber
    }

    public struct Problem: Sendable, Hashable {
        public var kind: Kind
        /// The part of the text at fault.
        public var excerpt: String
        /// Why it is a problem, as the end of a sentence.
        public var explanation: String
        /// The whole text, fixed.
        public var replacement: String
    }

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    /// Nouns counted in whole numbers: "1.6 tracks" after one of them is two sentences run together
    /// (a decimal "1.5 hours" is not). The list is the seed's case plus common list counters.
    static let countNouns: Set<String> = [
        "tracks", "songs", "items", "messages", "files", "photos", "videos",
        "albums", "results", "comments", "people", "emails", "notifications",
        "episodes", "chapters", "tasks", "contacts", "followers", "likes",
    ]

    /// The text with every problem fixed (dates spelled out, spaces added, quotes removed).
    public static func fixed(_ text: String) -> String {
        var t = text
        for _ in 0..<8 {  // each pass fixes the first problem left; a label has few
            guard let p = problems(in: t).first, p.replacement != t else { break }
            t = p.replacement
        }
        return t
    }

    public static func problems(in text: String) -> [Problem] {
        var out: [Problem] = []
        let ns = text as NSString
        func matches(_ pattern: String) -> [NSTextCheckingResult] {
            (try? NSRegularExpression(pattern: pattern)).map { $0.matches(in: text, range: NSRange(location: 0, length: ns.length)) } ?? []
        }
        // Numeric dates: d/m/y, m/d/y, with /, . or - (the year has 2 or 4 digits). ASCII digits only
        // ([0-9], not \d, which also matches other scripts' digits that Int() does not parse).
        for m in matches(#"(?<![0-9/.-])([0-9]{1,2})([/.-])([0-9]{1,2})\2([0-9]{4}|[0-9]{2})(?![0-9/.-])"#) {
            let a = Int(ns.substring(with: m.range(at: 1)))!
            let b = Int(ns.substring(with: m.range(at: 3)))!
            let y = ns.substring(with: m.range(at: 4))
            let year = y.count == 2 ? "20" + y : y
            let whole = ns.substring(with: m.range)
            var spelled: String?
            if (1...12).contains(b), (13...31).contains(a) {
                spelled = "\(a) \(months[b - 1]) \(year)"
            } else if (1...12).contains(a), (13...31).contains(b) {
                spelled = "\(months[a - 1]) \(b), \(year)"
            } else if (1...12).contains(a), (1...12).contains(b) {
                spelled = nil
            } else {
                continue
            }  // not a date (e.g. a version number)
            let fixed = spelled ?? "\(a) \(months[b - 1]) \(year)"
            out.append(
                Problem(
                    kind: .numericDate, excerpt: whole,
                    explanation:
                        "“\(whole)” is a numeric date, read out as numbers and slashes\(spelled == nil ? " and ambiguous (day or month first)" : ""); spell it out as “\(fixed)”.",
                    replacement: ns.replacingCharacters(in: m.range, with: fixed)))
        }
        // A missing space after a full stop: "Saved.Tap", or "1.6 tracks" before a counted noun.
        for m in matches(#"([a-z])\.([A-Z][a-z])"#) {
            let at = NSRange(location: m.range.location + 2, length: 0)
            let excerpt = ns.substring(with: m.range)
            out.append(
                Problem(
                    kind: .missingSpaceAfterFullStop, excerpt: excerpt,
                    explanation: "“\(excerpt)” has no space after the full stop, so the sentences run together.",
                    replacement: ns.replacingCharacters(in: at, with: " ")))
        }
        for m in matches(#"([0-9]+)\.([0-9]+) ([A-Za-z]+)"#) where countNouns.contains(ns.substring(with: m.range(at: 3)).lowercased()) {
            let excerpt = ns.substring(with: m.range)
            let at = NSRange(location: m.range(at: 2).location, length: 0)
            out.append(
                Problem(
                    kind: .missingSpaceAfterFullStop, excerpt: excerpt,
                    explanation:
                        "“\(excerpt)” is read as the decimal “\(ns.substring(with: m.range(at: 1))) point \(ns.substring(with: m.range(at: 2)))”: a space is missing after the full stop.",
                    replacement: ns.replacingCharacters(in: at, with: " ")))
        }
        // Quotes right after a digit are read as inches (") or feet (').
        for m in matches(#"[0-9](["”″]|['’′](?![a-z]))"#) {
            let q = ns.substring(with: m.range(at: 1))
            let unit = "\"”″".contains(q) ? "inches" : "feet"
            let excerpt = ns.substring(with: m.range)
            let stripped = text.filter { !"\"“”″′".contains($0) }
            out.append(
                Problem(
                    kind: .quoteAfterNumber, excerpt: excerpt,
                    explanation: "the quote after “\(excerpt.dropLast())” is read as “\(unit)”; leave quotes out of spoken text.",
                    replacement: stripped))
        }
        return out
    }
}
