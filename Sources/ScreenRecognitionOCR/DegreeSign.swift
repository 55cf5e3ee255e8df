/// A degree sign the engines read as a digit or a letter ("5°" → "50", "1°" → "12"), mended by
/// each engine's own look at the pixels (PP-OCR: the last CTC step's ink; Tesseract: the word's
/// rightmost glyph) — the text rule and the raised-ink share are this one.
enum DegreeSign {
    /// A degree sign's ink ends above this share of the digits' height, measured from their top:
    /// it sits in their upper 35–45 % in every sans-serif of the check sets (Manrope, Inter,
    /// Roboto, Quicksand…); a digit, a letter or "?" reaches the baseline. 0.6 — *design choice*,
    /// between the two.
    static let raisedBottomShare = 0.6

    /// `text` with its last character made "°" when that character is one of `lookalikes` and
    /// follows a digit; nil when it is not such a word.
    static func mended(_ text: String, lookalikes: Set<Character>) -> String? {
        let chars = Array(text)
        guard chars.count >= 2, let last = chars.last, lookalikes.contains(last), chars[chars.count - 2].isNumber else { return nil }
        return String(chars.dropLast()) + "°"
    }
}
