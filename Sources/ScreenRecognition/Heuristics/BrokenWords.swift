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

    /// Closing punctuation a mended part may carry ("ar ound.", "anguage:").
    static let closing: Set<Character> = [".", ",", ":", ";", "!", "?", ")"]

    /// The text with its broken words mended (unchanged when no rule applies).
    public static func mended(_ text: String) -> String {
        // Only texts of single spaces are taken apart, so nothing else of the text changes.
        guard text.contains(where: { $0.isLetter && $0.isASCII }) else { return text }
        var parts = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return text }
        var changed = false
        var i = 0
        while i + 1 < parts.count {
            if let joined = joined(parts[i], parts[i + 1]) {
                parts[i] = joined
                parts.remove(at: i + 1)
                changed = true
            }
            i += 1
        }
        for i in parts.indices {
            if let restored = withFirstLetter(parts[i], startsText: i == 0, wordCount: parts.count) {
                parts[i] = restored
                changed = true
            }
        }
        return changed ? parts.joined(separator: " ") : text
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
