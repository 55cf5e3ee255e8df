import Foundation

/// Whether an OCR line is worth speaking: unreadable output — an icon or a texture
/// read as letters ("Sib tb OR Oe") — is dropped instead of spoken. Three checks, each cheap and
/// independent of the OCR engine:
/// 1. **Character set**: there is a letter or digit, and at least
///    ``Thresholds/minAlphanumericShare`` of the non-space characters are letters, digits or the
///    symbols of numbers and units (`numberSymbols`: "-3°", "$5", "50%").
/// 2. **Word shape**: letter-only words of two or more letters normally hold a vowel ("y"
///    included) or are written in capitals (abbreviations: "TV", "GPS"), and do not switch from
///    lower to upper case after their second letter ("tB", "oRe"; "iPhone", "McDonald" pass). A
///    line where more than ``Thresholds/maxMisshapenShare`` of the words fail is gibberish, unless
///    the engine is at least ``Thresholds/trustedConfidence`` sure.
/// 3. **Fragments**: three or more words averaging under ``Thresholds/minMeanWordLength`` letters
///    ("Sib tb OR Oe") need ``Thresholds/fragmentConfidence``.
///
/// Pure and total: never throws, any string is accepted.
public enum ReadableText {
    public enum Thresholds {
        /// Half: a UI line is mostly letters, digits and number symbols ("Qty 2 · $5" is 5 of 6);
        /// icon junk such as "@ ©" or "—|—" is not. Measured on the 16 OCR check-set screens
        /// (Tesseract output, 417 lines): the checks drop 1 line, a false positive ("o Oo Oo OO"),
        /// and no truth word (823/842 words read before and after); letters and digits alone would
        /// have dropped the temperature "-3°". On the first 80 ui-real valid screens they drop 6 of
        /// 626 lines ("Sib tb OR Oe", "Qh oD", "PAGAL Fh", "vw 8420", "sCHOLLY", "FILTERS Ht").
        /// (Both measured by applying these checks, transcribed, to `screenrec ocr` output.)
        public static let minAlphanumericShare = 0.5
        /// A quarter of the words: one odd word in a real line of four ("Mr Smith's pkg arrived")
        /// passes, the "Sib tb OR Oe" (1 of 4 no-vowel, plus fragments) does not pass check 3 —
        /// *design choice*.
        public static let maxMisshapenShare = 0.25
        /// Tesseract word confidences of real UI text on the check set are mostly ≥ 0.9; icons read
        /// as letters come back lower (TesseractSettings.minimumLoneShortWordConfidence's measurement).
        public static let trustedConfidence = 0.9
        /// English words average about 4.7 letters; UI lines of three or more words averaging under 3
        /// letters are rare ("Go to it") and need a confident read.
        public static let minMeanWordLength = 3.0
        /// The confidence fragment lines need (the same cut as ``trustedConfidence`` less a margin
        /// for short words, whose per-word confidences Tesseract reports lower) — *design choice*.
        public static let fragmentConfidence = 0.8
    }

    /// Symbols that belong to numbers, prices, units and times.
    static let numberSymbols: Set<Character> = ["°", "%", "$", "€", "£", "¥", "+", "-", "−", "–", ":", ".", "/", ",", "'", "’"]

    /// Units and words without vowels that UI text uses in lower case.
    static let vowelFree: Set<String> = [
        "km", "kg", "mg", "ml", "cm", "mm", "px", "pt", "hr", "hrs", "mph", "kph",
        "kb", "mb", "gb", "ft", "st", "nd", "rd", "th", "mr", "mrs", "dr",
        "vs", "pm", "bpm", "pkg", "tv", "sms", "nth", "hz", "khz",
    ]

    /// Whether `text`, read with `confidence` (0...1), should be spoken.
    public static func isReadable(_ text: String, confidence: Double) -> Bool {
        let chars = text.filter { !$0.isWhitespace }
        guard !chars.isEmpty else { return false }
        guard chars.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        let plain = chars.filter { $0.isLetter || $0.isNumber || numberSymbols.contains($0) }.count
        guard Double(plain) >= Thresholds.minAlphanumericShare * Double(chars.count) else { return false }
        let conf = confidence.isFinite ? confidence : 0
        let words = text.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: .punctuationCharacters) }
            .filter { !$0.isEmpty }
        let letterWords = words.filter { ($0.count >= 2 || $0.contains(where: isLoneJamo)) && $0.allSatisfy(\.isLetter) }
        let misshapen = letterWords.filter { !isWordShaped($0) }.count
        if misshapen > 0, Double(misshapen) > Thresholds.maxMisshapenShare * Double(max(words.count, 1)),
            conf < Thresholds.trustedConfidence
        {
            return false
        }
        if words.count >= 3 {
            let mean = Double(words.map(latinLength).reduce(0, +)) / Double(words.count)
            if mean < Thresholds.minMeanWordLength, conf < Thresholds.fragmentConfidence { return false }
        }
        return true
    }

    /// A Hangul syllable, CJK ideograph or kana: one character that carries what two or three Latin
    /// letters do.
    package static func isSyllabic(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x3040...0x30FF).contains(v)
    }

    /// A Hangul letter (jamo) outside a syllable block.
    static func isLoneJamo(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3130...0x318F).contains(v) || (0x1100...0x11FF).contains(v)
    }

    /// A word's length in Latin letters for the fragment check: a syllabic character counts two
    /// (Korean words are one to three syllables; "여성 티셔츠 랭킹" is not a run of fragments).
    package static func latinLength(_ word: String) -> Int {
        word.reduce(0) { $0 + (isSyllabic($1) ? 2 : 1) }
    }

    /// Check 2 for one letter-only word.
    static func isWordShaped(_ word: String) -> Bool {
        // Hangul letters standing alone (ㅇ, ㄴ) are what a Korean reader makes of icons and noise;
        // whole syllables and CJK characters have no vowel/case shape to check.
        if word.contains(where: isLoneJamo) { return false }
        if word.contains(where: isSyllabic) { return true }
        let lower = word.lowercased()
        if vowelFree.contains(lower) { return true }
        let isCapitals = word.allSatisfy { $0.isUppercase }
        let hasVowel = lower.contains { "aeiouyàáâäãåèéêëìíîïòóôöõùúûüý".contains($0) }
        if !hasVowel && !isCapitals { return false }
        // Lower then upper after the second letter ("tB" fails at index 1 only when not camel-like).
        let letters = Array(word)
        if letters.count >= 2, !isCapitals {
            for i in 1..<letters.count where letters[i].isUppercase && letters[i - 1].isLowercase {
                // "iPhone", "eBay", "McDonald", "YouTube": an upper case letter starting a lower-case run.
                let next = i + 1 < letters.count ? letters[i + 1] : nil
                if next == nil || !(next!.isLowercase) { return false }
            }
        }
        return true
    }
}
