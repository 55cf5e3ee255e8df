import Foundation

/// Repairs OCR misreadings whose right form is known from the text's own shape, before the text
/// becomes a label. Rules about what mobile screens show:
///
/// - **Clock times.** A 12-hour time is followed by its meridiem, which apps often set smaller and
///   thinner ("9:41" with a small "AM"); OCR then reads it as "am", "pm", "av", "pM" or glues it
///   to the digits ("12:41pm"). A time `h:mm` followed by one or two letters beginning with a or p
///   becomes "h:mm AM" / "h:mm PM", the form VoiceOver speaks as "nine forty-one AM". Taken for
///   the meridiem: "am"/"pm" in any case, with or without dots; or, at the end of the text only,
///   one or two letters beginning with a or p (a misread small "AM"). "9:41 Alarm", "10:30 pages"
///   and "9:41 a friend" stay as they are.
/// - **Zero read as O.** In an offset or number ("+0HRS", "1O:30"), a capital O directly after a
///   sign (+, -, −, ±), a digit or a colon is the digit zero (OCR engines confuse the two glyphs;
///   words do not start a letter O after a sign or a digit).
/// - **Dollar read as §.** A section sign directly before a digit, at the start of a word or
///   after a sign or bracket ("-§885.42", "§12"), is a dollar sign: Tesseract reads Roboto's "$"
///   as "§" (4 of the 8 amounts on the OCR check set's banking screen, at 3x and at 1x), and
///   legal text sets a section number apart ("§ 5"); a "§" inside a word stays.
/// - **The pronoun I read as "|".** A lone vertical bar between a Latin word (or a comma, or the
///   line's start) and a Latin word in lower case is the pronoun: Tesseract reads a sans-serif
///   capital I as "|". On ui-real valid 6 of the 11 lone bars in spoken labels were the pronoun
///   ("How do | report an issue?", "Is there a phone number | can call", "By signing up, | agree");
///   the rule mends 5 of them and none of the others ("Why Do | Need", in title case, stays). A
///   bar between capitalised words ("Music | Podcast"), before a symbol or beside other scripts is
///   a separator and stays.
/// - **A button's verb misread by one letter.** A line's first word that differs in exactly one
///   letter from one of ``TextButtons/actionVerbs`` of at least ``verbMinLength`` letters is that
///   verb: Tesseract misreads the first letters of a button title, where the title starts beside a
///   logo or an edge ("vontinue with Facebook", "~ontinue with Google", ">onnect with Google+",
///   "Centinue with Google", "Cennect": 5 of ui-real valid's and 300 train screens' labels, none of
///   them a word), and the word rule then does not know the title. Written in capitals when the
///   rest of the word is, else capitalised.
/// - **"In" read as "ln".** The word "ln" after log, sign, check or opt ("Log ln", "SIGN ln") is
///   "In" ("IN" after a word in capitals): a sans-serif capital I and a lower-case l are one glyph,
///   and Tesseract reads the button title "Log In" as "Log ln" (2 of 779 ui-real screens' labels,
///   2026-11-25); "ln" is no English word. Run on to its word ("Logln", "SignUp/Logln": ui-real
///   train, 2026-11-25) it is mended the same way; "login", "signin" keep their lower-case "in".
/// - **A sign-in title misread by one letter** at a text's end ("Log Ir", "Sign Uo", "Lagin"):
///   `signInPhrase(_:)`.
/// - **A word misread by one look-alike letter** ("Notificatians", "Possword?"): ``LookAlikeWords``.
public enum TextRepair {
    /// The repaired text (unchanged when no rule applies).
    public static func repair(_ text: String) -> String {
        LookAlikeWords.mended(signInPhrase(signIn(buttonVerb(pronounI(meridiem(zeroes(dollars(text))))))))
    }

    /// The sign-in titles ``signInPhrase(_:)`` mends, as written when mended.
    static let signInPhrases = ["log in", "sign in", "sign up", "login", "signin", "signup"]

    /// `text` with its last word, or last two words, mended to a sign-in title (``signInPhrases``)
    /// when they are one letter off it, the misread word is no English word, and no other title is
    /// as near: "Log Ir" → "Log In", "Lagin" and "Logir" → "Login", "Sign Uo" → "Sign Up" (8 such
    /// titles on 1,219 ui-real screens, 2026-11-27, among them "Already a Member? Log Ir" and
    /// "Don't Have an Account? Sign Uo"; the action-phrase rule then knows them). "Leg in" stays
    /// ("leg" is a word), and so does "Sign ip" (as near "Sign in" as "Sign up"). Each letter keeps
    /// the read letter's case.
    static func signInPhrase(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        for count in [2, 1] where words.count >= count {
            let tail = words.suffix(count).joined(separator: " ")
            let chars = Array(tail)
            guard chars.allSatisfy({ $0 == " " || ($0.isASCII && $0.isLetter) }) else { continue }
            let lower = Array(tail.lowercased())
            let near = signInPhrases.filter { differInOneLetter(Array($0), lower) }
            guard near.count == 1, let phrase = near.first, !signInPhrases.contains(String(lower)) else { continue }
            let misread = tail.split(separator: " ").first { !phrase.split(separator: " ").contains(Substring($0.lowercased())) }
            if let misread, RunTogetherWords.englishWords.contains(misread.lowercased()) { continue }
            let mended = String(zip(chars, Array(phrase)).map { read, right in read.isUppercase ? Character(right.uppercased()) : right })
            return (words.dropLast(count).map(String.init) + [mended]).joined(separator: " ")
        }
        return text
    }

    /// The words after which "ln" is "In" (the rule above).
    static let inPhrases: Set<String> = ["log", "sign", "check", "opt"]

    /// `text` with "ln" after ``inPhrases`` as "In" (the rule above).
    static func signIn(_ text: String) -> String {
        guard text.contains("ln") else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false)
        for i in words.indices.dropFirst() where words[i] == "ln" && inPhrases.contains(words[i - 1].lowercased()) {
            let before = words[i - 1]
            words[i] = before.allSatisfy(\.isUppercase) ? "IN" : "In"
        }
        return runOnSignIn(words.joined(separator: " "))
    }

    /// `text` with each run of letters that is one of ``inPhrases`` followed by "ln" ("Logln")
    /// ending in "In" ("IN" after capitals).
    static func runOnSignIn(_ text: String) -> String {
        RunTogetherWords.mapLetterRuns(text, isLetter: \.isLetter) { run in
            let head = run.dropLast(2)
            guard run.hasSuffix("ln"), inPhrases.contains(head.lowercased()) else { return run }
            return head + (head.allSatisfy(\.isUppercase) ? "IN" : "In")
        }
    }

    /// Shortest verb the one-letter rule mends: 7 letters ("connect", "continue"). Of the 6-letter
    /// verbs, "cancel" is one letter from the word "cancer" (a label on ui-real train) — *design
    /// choice*, from the labels listed above.
    public static let verbMinLength = 7

    /// ``TextButtons/actionVerbs`` of at least ``verbMinLength`` letters, sorted, so that a word one
    /// letter from two of them is always mended to the same one.
    static let longVerbs: [String] = TextButtons.actionVerbs.filter { $0.count >= verbMinLength }.sorted()

    /// `text` with its first word mended to a button verb (the rule above).
    static func buttonVerb(_ text: String) -> String {
        let end = text.firstIndex(where: \.isWhitespace) ?? text.endIndex
        let word = Array(text[..<end])
        guard word.count >= verbMinLength, word.dropFirst().allSatisfy({ $0.isLetter && $0.isASCII }) else { return text }
        let lower = Array(String(word).lowercased())
        guard let verb = longVerbs.first(where: { differInOneLetter(Array($0), lower) }) else { return text }
        let rest = word.dropFirst()
        let capitals = rest.count >= 2 && rest.allSatisfy(\.isUppercase)
        let mended = capitals ? verb.uppercased() : verb.prefix(1).uppercased() + verb.dropFirst()
        return mended + text[end...]
    }

    /// Whether two words of the same length differ in exactly one letter (one letter misread).
    static func differInOneLetter(_ a: [Character], _ b: [Character]) -> Bool {
        a.count == b.count && zip(a, b).filter { $0 != $1 }.count == 1
    }

    /// `text` with each lone "|" that stands for the pronoun I as "I" (the rule above).
    static func pronounI(_ text: String) -> String {
        guard text.contains("|") else { return text }
        func isLatinWord(_ w: Substring) -> Bool {
            let letters = w.filter(\.isLetter)
            return !letters.isEmpty && letters.allSatisfy { $0.isASCII }
        }
        var words = text.split(separator: " ", omittingEmptySubsequences: false)
        for i in words.indices where words[i] == "|" {
            let before = i > words.startIndex ? words[i - 1] : nil
            let after = i + 1 < words.endIndex ? words[i + 1] : nil
            guard let after, let first = after.first, first.isASCII, first.isLowercase, isLatinWord(after) else { continue }
            if let before, !(isLatinWord(before) || before.hasSuffix(",")) { continue }
            words[i] = "I"
        }
        return words.joined(separator: " ")
    }

    /// `text` with each "§" that starts an amount ("-§885.42") as "$" (the rule above).
    public static func dollars(_ text: String) -> String {
        guard text.contains("§") else { return text }
        let chars = Array(text)
        var out = ""
        for (i, c) in chars.enumerated() {
            let startsWord = i == 0 || chars[i - 1].isWhitespace || "+-−±([".contains(chars[i - 1])
            if c == "§", startsWord, i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isNumber {
                out.append("$")
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// `text` with every OCR line's text repaired, and its words' look-alike letters
    /// (``LookAlikeWords``; the other rules read a word with its neighbours).
    public static func repair(_ lines: [RecognizedText]) -> [RecognizedText] {
        lines.map { line in
            var line = line
            line.text = repair(line.text)
            for (i, text) in LookAlikeWords.mended(words: line.words.map(\.text)).enumerated() { line.words[i].text = text }
            return line
        }
    }

    static func zeroes(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            if c == "O", let p = previous, p.isNumber || "+-−±:".contains(p) {
                out.append("0")
            } else {
                out.append(c)
            }
            previous = out.last
        }
        return out
    }

    private static let clock = try! NSRegularExpression(
        pattern: #"(?<![\d:])(\d{1,2}:\d{2})\s*(?:([AaPp])\.?\s?[Mm]\.?(?![A-Za-z])|([AaPp])[A-Za-z]?$)"#)

    static func meridiem(_ text: String) -> String {
        let ns = text as NSString
        var result = text
        for match in clock.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed() {
            let time = ns.substring(with: match.range(at: 1))
            let hour = Int(time.split(separator: ":")[0]) ?? 0
            guard (1...12).contains(hour) else { continue }  // 13:00 and 0:30 are 24-hour times
            let group = match.range(at: 2).location != NSNotFound ? 2 : 3
            let letter = ns.substring(with: match.range(at: group)).uppercased()
            let replacement = "\(time) \(letter)M"
            result = (result as NSString).replacingCharacters(in: match.range, with: replacement)
        }
        return result
    }
}
