import Foundation

/// A small closed vocabulary — tab bar destinations (``TabTitles``), form fields' placeholders
/// (``TextFieldLabels``) — and the mending of words OCR misread from it. A read word that is not in
/// the vocabulary becomes the word it is a misreading of, when exactly one is near enough:
///
/// - **One or two look-alike letters** (``lookAlikes``: "o" for "e", "i" for "l"): at most one in a
///   word of 2 to 5 characters, two in a longer one.
/// - **Any two edits** (a letter inserted, dropped or changed) in a word of 5 characters or more
///   that OCR damaged — a character that is not a letter inside or around it — and, where the
///   vocabulary allows it (`freeEditsFrom`), in any word that long. At most a third of the longer
///   word.
/// - **Two words read apart** whose letters together are one word of 4 letters or more, not both
///   of them words of the vocabulary ("Inco me", "Pas sword").
///
/// Words in other scripts, single letters and words of the vocabulary stay (with what is around
/// them: "Password?"). A mended word keeps the punctuation it ends in ("Emall," → "Email,") and
/// loses other characters around it ("“avorites" → "Favorites"); it is written in capitals when the
/// read word is; else with the read word's first letter's case when it is the word's first letter
/// ("emall" → "email"), else as the vocabulary spells it ("nopping" → "Shopping").
public struct Lexicon: Sendable {
    /// Letters OCR confuses with each other at small sizes (round vowels, thin strokes, arches).
    public static let lookAlikes: Set<String> = [
        "ao", "ae", "eo", "ce", "co", "il", "it", "lt", "ft", "hn", "nr", "bh", "uv", "nu", "mn", "gq",
    ]

    /// The shortest word mended: 2 letters ("Mo" under a person is "Me").
    public static let minLetters = 2
    /// The shortest word two read words are joined into: 4 letters ("M E" stays).
    public static let minJoinedLetters = 4
    /// The shortest damaged word mended across edits: 5 characters.
    public static let minDamagedLength = 5

    let byLowercase: [String: String]
    /// Undamaged words of this many characters or more may be mended across two edits (nil: never).
    let freeEditsFrom: Int?

    public init(_ words: [String], freeEditsFrom: Int?) {
        byLowercase = Dictionary(words.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        self.freeEditsFrom = freeEditsFrom
    }

    /// Whether `word` is one of the vocabulary's words (case ignored).
    public func contains(_ word: String) -> Bool { byLowercase[word.lowercased()] != nil }

    /// `text` with each misread word mended (the rules above); unchanged when none is.
    public func mended(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, text.allSatisfy({ !$0.isLetter || $0.isASCII }) else { return text }
        var out: [String] = []
        var k = 0
        while k < words.count {
            if k + 1 < words.count, let joined = joined(words[k], words[k + 1]) {
                out.append(joined)
                k += 2
                continue
            }
            out.append(mendedWord(words[k]))
            k += 1
        }
        let result = out.joined(separator: " ")
        return result == words.joined(separator: " ") ? text : result
    }

    /// Two read words that together spell a word ("Inco me"), not both of them words.
    func joined(_ a: String, _ b: String) -> String? {
        guard byLowercase[a.lowercased()] == nil || byLowercase[b.lowercased()] == nil,
            let word = byLowercase[(a + b).lowercased()], word.count >= Self.minJoinedLetters
        else { return nil }
        return Self.spelled(word, like: a + b)
    }

    /// One word mended, or as read.
    func mendedWord(_ word: String) -> String {
        let chars = Array(word)
        guard let first = chars.firstIndex(where: \.isLetter), let last = chars.lastIndex(where: \.isLetter) else { return word }
        let core = String(chars[first...last])
        if byLowercase[core.lowercased()] != nil { return word }
        guard core.filter(\.isLetter).count >= Self.minLetters else { return word }
        // Punctuation after a word ("Password?", "Email,") is kept; other characters around it are damage.
        let tail = String(chars[(last + 1)...])
        let punctuation = tail.allSatisfy { Self.trailingPunctuation.contains($0) }
        let damaged = first > 0 || !punctuation || core.contains { !$0.isLetter && !Self.apostrophes.contains($0) }
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
        guard best.count == 1, let mended = byLowercase[best[0]] else { return word }
        return Self.spelled(mended, like: core) + (punctuation ? tail : "")
    }

    /// Apostrophes inside a word are no damage ("Member's").
    static let apostrophes: Set<Character> = ["'", "’"]

    /// Punctuation a word may end in.
    static let trailingPunctuation: Set<Character> = [".", ",", ":", ";", "?"]

    /// How far `read` (`length` characters, letters and the damaged ones) is from `candidate` under
    /// the rules above, or nil when it may not be mended to it.
    func cost(_ read: String, _ candidate: String, length: Int, damaged: Bool) -> Int? {
        let maxLookAlikes = length >= 6 ? 2 : 1
        if read.count == candidate.count {
            let changed = zip(read, candidate).filter { $0 != $1 }
            if changed.count <= maxLookAlikes, changed.allSatisfy({ Self.lookAlikes.contains(String([$0, $1].sorted())) }) {
                return changed.count
            }
        }
        let free = freeEditsFrom.map { length >= $0 } ?? false
        guard free || (damaged && length >= Self.minDamagedLength) else { return nil }
        let edits = AnalysisConfiguration.editDistance(read, candidate)
        return edits <= 2 && 3 * edits <= max(length, candidate.count) ? edits : nil
    }

    /// `word` as the rules above write it for the reading `read`.
    static func spelled(_ word: String, like read: String) -> String {
        let letters = read.filter(\.isLetter)
        if letters.count >= 2 && letters.allSatisfy(\.isUppercase) { return word.uppercased() }
        guard let r = read.first, let w = word.first, r.lowercased() == w.lowercased() else { return word }
        return String(r) + word.dropFirst()
    }
}
