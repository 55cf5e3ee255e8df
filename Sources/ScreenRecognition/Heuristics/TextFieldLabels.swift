import Foundation

/// A text field's placeholder as read, made into its label.
///
/// - **The field's own buttons are not its label.** A password field shows a "Show" / "Hide"
///   toggle, or a "Help" or "Forgot?" link, at its trailing end (Material, "Text fields": trailing
///   icon or text for password visibility; the iOS apps' "Forgot?" links), and OCR reads it into the
///   placeholder: "Password Show", "Password HELP", "Password Forgot Password?" (5 of 285 fields on
///   759 ui-real screens, 2026-11-26). The trailing words are dropped from the label and offered
///   as the field's custom action (VoiceOver: "Actions available"; swipe up or down to "Show").
///   A field that reads only "Show" or "Hide" is a password field whose placeholder was not read:
///   only a password field has that toggle, so it is labelled "Password".
/// - **Misread placeholder words are mended** against the words of sign-in, sign-up, address and
///   search forms (``words``) by ``Lexicon``'s rules, without its free edits for long words (a
///   German "Passwort" stays): "Emall address" → "Email address", "Pas sword" → "Password" (7 of
///   those fields).
public enum TextFieldLabels {
    /// Words of form fields' placeholders: those read right in the 285 fields above, and the fields
    /// of Apple's and Google's sign-in, contact and address forms.
    public static let words: [String] = [
        "Email", "E-mail", "Mail", "Address", "Log", "Sign", "Up", "Password", "Passcode", "PIN", "Confirm", "Username", "User", "Name", "First",
        "Last", "Full", "Middle", "Phone", "Number", "Mobile", "Date", "Birth", "Birthday", "Zip", "Code", "Postal",
        "City", "State", "Country", "Region", "Street", "Apt", "Suite", "Unit", "Search", "Enter", "Your", "Create",
        "New", "Current", "Old", "Verification", "Message", "Promo", "Coupon", "Member", "ID", "Login", "Account",
        "Company", "Title", "Description", "Comment", "Subject", "Location", "Where", "Anywhere", "Anytime", "Guest",
        "Guests", "Keyword", "Keywords", "Price", "Min", "Max", "Optional", "Required", "Card", "Expiry", "Amount",
        "Gender", "Age", "Nickname", "Insurance", "Type", "Select", "Choose", "Role", "Data", "Lost", "Note",
        // short words of placeholders ("Email or Username", "Name this search")
        "or", "of", "the", "to", "for", "and", "in", "on", "at", "by", "with", "this", "my", "a", "an", "No",
    ]

    /// The placeholder words as a ``Lexicon``, without free edits.
    public static let lexicon = Lexicon(words, freeEditsFrom: nil)

    /// Whether `word` (lower case) is an English word (``RunTogetherWords/englishWords``) or a
    /// placeholder word.
    static func isKnownWord(_ word: String) -> Bool { RunTogetherWords.englishWords.contains(word) || lexicon.contains(word) }

    /// Trailing words that are the field's own button: a password visibility toggle, a help link or
    /// a "Forgot" link without its question mark (an iPhone sign-in's "Password  Forgot", a
    /// listening review, 2026-11-29), capitalised as a button's title is ("Show", "HELP"; a
    /// placeholder's "…to show" stays).
    public static let accessoryWords: Set<String> = ["show", "hide", "help", "forgot"]

    /// Trailing phrases that are a "forgot password" link inside the field.
    public static let forgotPhrases: [String] = ["forgot?", "forgot password?", "forgot your password?", "forgot password"]

    /// The label for a field that reads only its visibility toggle.
    public static let passwordLabel = "Password"

    /// `reading` split into the field's label and its trailing button's title (nil when there is
    /// none), the label's words mended.
    public static func split(_ reading: String) -> (label: String?, accessory: String?) {
        let words = reading.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let last = words.last else { return (nil, nil) }
        let lower = words.map { $0.lowercased() }
        var accessory: String?
        var rest = words
        if let n = forgotPhrases.lazy.map({ $0.split(separator: " ") }).first(where: { p in
            lower.count > p.count && lower.suffix(p.count).elementsEqual(p.map(String.init))
        })?.count {
            accessory = words.suffix(n).joined(separator: " ")
            rest = Array(words.dropLast(n))
        } else if accessoryWords.contains(last.lowercased()), last.first?.isUppercase ?? false {
            accessory = last
            rest = Array(words.dropLast())
            if rest.isEmpty {
                return (last.lowercased().hasPrefix("help") ? nil : passwordLabel, accessory)
            }
        }
        return (lexicon.mended(rest.joined(separator: " ")), accessory)
    }
}
