import Foundation

/// Words a recogniser broke, mended from the English word list (``RunTogetherWords/englishWords``)
/// once all texts are found (``MissingElementSettings/mendBrokenWords``). VoiceOver spells out a
/// part of a word it does not know ("ommunity"), so a broken word is worse than a misread letter.
///
/// - **A word cut in two** ("c ommunity", "Sho pping", "throu gh", "ar ound."): two neighbouring
///   parts, neither an English word, whose letters together are one of at least
///   ``minJoinedLetters`` letters are that word. Tesseract sets a space where a letter's stroke
///   breaks or the spacing is wide: 6 such pairs on the 1,219 listening screens (2026-11-29), all
///   mended right by this rule.
/// - **A lost first letter.** A part of letters that is no English word, all in lower case or
///   all in capitals, for which exactly one letter put before it makes an English word ("assword"
///   → "password", "RANSACTION" → "TRANSACTION", "onnect" → "connect"), is that word. Where a
///   first letter was read as a mark (``lookAlikeMarks``: "-orgot", ">hoto:", "\lready",
///   "*EATURED") the mark is the letter; such a part needs ``minMarkedLetters`` letters. A part
///   with no mark before it needs ``minBareLetters`` letters and a text of two words or more: a
///   word alone is a logo or a name as often as a broken word ("viator", "AVANT" on the listening
///   screens). Capitalised parts ("Logan", "Tate") are names and stay. The letter is a capital
///   when the part is in capitals or starts the text.
/// - **A letter-spaced word** ("Usern a m e", "Com m ent", "pass w ord?", "BEYO N D"): three to
///   ``maxSpacedParts`` neighbouring parts, one of them a single letter and not all of them
///   English words, whose letters together are one English word of at least
///   ``minJoinedLetters``, are that word. Tesseract cuts a word whose letters are spaced out
///   (tracking, or a thin letter's wide side bearings) into letters and pieces.
/// - **A word hyphenated at a line's end** ("your ac- count", "recommenda- tions", "self-
///   destruct"): a part ending in a hyphen after a letter or digit, followed by a part in lower
///   case, is one word with the next — without the hyphen where the two together are an English
///   word ("account", also one look-alike letter away: "char- actors" → "characters",
///   ``TextRepair/LookAlikeWords``), with it where each is a word or number of its own ("self-destruct",
///   "7-day", "hassle-free"). A line's break is the only place a hyphen ends a part: within a line
///   a hyphen joins ("Wi-Fi"). VoiceOver reads "ac- count" as two made-up words. Not where the
///   second part is a conjunction ("pre- and post-war") or either is no word ("e- baer").
public enum BrokenWords {
    /// A word mended from two parts has at least this many letters: 5 — *measured* on the 1,219
    /// listening screens (2026-11-29): the 6 broken words there had 5–12 letters; shorter joins
    /// of two non-words are abbreviations as often ("ID" "ea").
    public static let minJoinedLetters = 5

    /// A part with no mark before it gets a first letter back only when it has this many letters:
    /// 5 — *measured* on the same screens: at 5 the 14 parts mended were broken words but for the
    /// word-alone logos the two-word rule keeps; at 4 eleven more came in, among them words the
    /// list lacks ("pics" → "epics", "leam" → "gleam", "Mega").
    public static let minBareLetters = 5

    /// A part whose first letter was read as a mark gets it back with this many letters: 4 —
    /// *measured* there: ">hoto:" (Photo) has 4; the mark is the evidence a letter was there.
    public static let minMarkedLetters = 4

    /// Marks Tesseract reads for a first letter it lost at a glyph's edge — *measured* on the
    /// listening screens (2026-11-29): "-orgot", ">hoto:", ">reate", "\lready", "*EATURED"; "~"
    /// and "|" as the other stroke-like marks. Brackets, quotes, "#" and "@" open words in their own
    /// right and are not among them.
    public static let lookAlikeMarks: Set<Character> = [">", "\\", "*", "-", "~", "|"]

    /// Words after a hyphen that leave it where it is: a hyphen before a conjunction is one of a
    /// pair of compounds ("pre- and post-war", "full- or part-time") — *design choice*.
    static let suspendingWords: Set<String> = ["and", "or", "to", "nor"]

    /// Closing punctuation a mended part may carry ("ar ound.", "anguage:").
    static let closing: Set<Character> = [".", ",", ":", ";", "!", "?", ")"]

    /// The text with its broken words mended (unchanged when no rule applies).
    public static func mended(_ text: String) -> String {
        // Only texts of single spaces are taken apart, so nothing else of the text changes.
        guard text.contains(where: { $0.isLetter && $0.isASCII }) else { return text }
        var parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return text }
        var changed = joinRuns(&parts, pairwise(hyphenJoined))
        changed = joinRuns(&parts, spacedJoined) || changed
        changed = joinRuns(&parts, pairwise(joined)) || changed
        for i in parts.indices {
            if let restored = withFirstLetter(parts[i], startsText: i == 0, wordCount: parts.count) {
                parts[i] = restored
                changed = true
            }
        }
        return changed ? parts.joined(separator: " ") : text
    }

    /// Replaces, left to right, each run at the start of `parts`' rest that `join` makes one part
    /// (the part, and how many it replaces); whether any was replaced.
    static func joinRuns(_ parts: inout [String], _ join: (ArraySlice<String>) -> (String, Int)?) -> Bool {
        var changed = false
        var i = 0
        while i < parts.count {
            if let (joined, count) = join(parts[i...]) {
                parts.replaceSubrange(i..<(i + count), with: [joined])
                changed = true
            }
            i += 1
        }
        return changed
    }

    /// `join` of two parts as a run joiner for ``joinRuns(_:_:)``.
    static func pairwise(_ join: @escaping (String, String) -> String?) -> (ArraySlice<String>) -> (String, Int)? {
        { run in
            guard run.count >= 2, let joined = join(run[run.startIndex], run[run.startIndex + 1]) else { return nil }
            return (joined, 2)
        }
    }

    /// The word `a` and `b` were cut from, or nil.
    static func joined(_ a: String, _ b: String) -> String? {
        let (bLetters, bTail) = split(b)
        guard !a.isEmpty, a.allSatisfy(isLatinLetter), !bLetters.isEmpty, bLetters.allSatisfy(isLatinLetter) else { return nil }
        let words = RunTogetherWords.englishWords
        let whole = a + bLetters
        guard whole.count >= minJoinedLetters, !words.contains(a.lowercased()), !words.contains(bLetters.lowercased()),
            words.contains(whole.lowercased()), sameCase(whole)
        else { return nil }
        return whole + bTail
    }

    /// The word the first 3 to ``maxSpacedParts`` of `parts` make, and how many parts that is, or
    /// nil: the longest such run of Latin letters (the last may end in closing punctuation) that
    /// has a part of one letter, not every part an English word, and spells one English word of
    /// at least ``minJoinedLetters`` letters in one case.
    static func spacedJoined(_ parts: ArraySlice<String>) -> (String, Int)? {
        let words = RunTogetherWords.englishWords
        guard parts.count >= 3 else { return nil }
        for count in stride(from: min(maxSpacedParts, parts.count), through: 3, by: -1) {
            let run = Array(parts.prefix(count))
            let (lastLetters, tail) = split(run[count - 1])
            let letters = run.dropLast() + [lastLetters]
            guard letters.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isLatinLetter) }), letters.contains(where: { $0.count == 1 }),
                !letters.allSatisfy({ words.contains($0.lowercased()) })
            else { continue }
            let whole = letters.joined()
            if whole.count >= minJoinedLetters, sameCase(whole), words.contains(whole.lowercased()) { return (whole + tail, count) }
        }
        return nil
    }

    /// A letter-spaced word is joined from at most 6 parts — *measured* on the 1,219 listening
    /// screens (2026-11-29): the 5 such words there ("Usern a m e", "Com m ent", "pass w ord?",
    /// "FAR M ERS", "BEYO N D") had 3 or 4.
    public static let maxSpacedParts = 6

    /// The word `a`, ending in a line's hyphen, and `b` make, or nil.
    static func hyphenJoined(_ a: String, _ b: String) -> String? {
        guard a.count >= 2, a.hasSuffix("-") else { return nil }
        let first = String(a.dropLast())
        let (second, tail) = split(b)
        guard first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !second.isEmpty,
            second.allSatisfy({ isLatinLetter($0) && $0.isLowercase }), !suspendingWords.contains(second)
        else { return nil }
        let words = RunTogetherWords.englishWords
        let isNumber = first.allSatisfy(\.isNumber)
        if !isNumber, first.allSatisfy(isLatinLetter), sameCase(first + second) {
            if words.contains((first + second).lowercased()) { return first + second + tail }
            // The two parts misread by one look-alike letter ("char- actors" → "characters").
            let mended = TextRepair.LookAlikeWords.mendedWord(first + second)
            if mended != first + second { return mended + tail }
        }
        guard isNumber || words.contains(first.lowercased()), words.contains(second) else { return nil }
        return first + "-" + second + tail
    }

    /// `part` with its lost first letter put back, or nil.
    static func withFirstLetter(_ part: String, startsText: Bool, wordCount: Int) -> String? {
        var body = Substring(part)
        let mark = body.first.map { lookAlikeMarks.contains($0) } ?? false
        if mark { body = body.dropFirst() }
        let (letters, tail) = split(String(body))
        guard letters.allSatisfy(isLatinLetter), letters.count >= (mark ? minMarkedLetters : minBareLetters),
            mark || wordCount >= 2
        else { return nil }
        let upper = letters == letters.uppercased()
        guard upper || letters == letters.lowercased() else { return nil }
        let words = RunTogetherWords.englishWords
        let lower = letters.lowercased()
        guard !words.contains(lower) else { return nil }
        let fits = "abcdefghijklmnopqrstuvwxyz".filter { words.contains(String($0) + lower) }
        guard fits.count == 1, let letter = fits.first else { return nil }
        let first = upper || startsText ? String(letter).uppercased() : String(letter)
        return first + letters + tail
    }

    /// A part's letters and the closing punctuation after them ("ound." → "ound", ".").
    static func split(_ part: String) -> (letters: String, tail: String) {
        let letters = part.reversed().drop(while: { closing.contains($0) }).reversed()
        return (String(letters), String(part.dropFirst(letters.count)))
    }

    static func isLatinLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }

    /// The word is in one case, or capitalised: a join across a case change ("GRI" "zzly") is no word.
    static func sameCase(_ word: String) -> Bool {
        word == word.lowercased() || word == word.uppercased()
            || (word.first?.isUppercase == true && word.dropFirst() == word.dropFirst().lowercased())
    }
}
