/// A sign-in or share button's brand logo says the brand where the button's title does not.
///
/// Apps put a brand's logo in front of a short title and let the logo say whose account or page
/// the button uses: a Facebook "f" and a Google "G" before two buttons both titled "CONTINUE", an
/// "f" before "SIGN UP" beside a "G+" before another "SIGN UP", a Twitter bird before "FOLLOW".
/// The pipeline makes the logo part of the button (``Metadata/absorbButtonIcons(_:image:maxGap:colourDistance:)``),
/// and VoiceOver then said both "CONTINUE, Button" with nothing to tell them apart. A button whose
/// detections hold the logo of exactly one recognised brand (``IconMeaning/brands``) and whose title
/// names no brand takes it: a sign-in title (``signInTitles``) as "CONTINUE WITH GOOGLE", any
/// other short title (at most ``maxTitleWords`` words) as "Facebook, LIKE".
///
/// Where the title does name the brand but OCR misread the name ("ACEBOOK", "Connect
/// withFacebock", "inkedin"), the logo settles the spelling: a word no English word that is within
/// ``maxNameEdits`` of the brand's name (of 6 letters or more) is that name, in the word's case.
///
/// *Measured* on the 1,219 listening screens of ui-real (2026-11-29, `analyze` at 521c0f9, then
/// with this rule): 17 labels on 15 screens changed, all right by eye — 14 buttons took their
/// brand (sign-in buttons "CONTINUE" twice on one screen, "SIGN UP", "Sign in"; share and follow
/// rows "Invite friends", "Follow us", "FOLLOW", "post it") and 3 misread names were mended
/// ("ACEBOOK", "Connect withFacebock", "inkedin"). Left as they were: titles saying the brand
/// their own way ("Tweet", "tweet it"), a Google consent screen's permission rows beside its "G"
/// (5–6 words), texts beside a logo, and a title cut off with an ellipsis.
public enum BrandTitles {
    /// Titles that take the brand after "with" ("Continue with Facebook"), as sign-in buttons word
    /// it (Apple's "Sign in with Apple", Google's and Facebook's own "Continue with" buttons).
    public static let signInTitles: Set<String> = [
        "continue", "sign in", "sign up", "log in", "login", "signin", "signup", "register", "connect", "join",
    ]
    /// Words a title may use for the brand instead of its name (a "Tweet" button names Twitter).
    static let brandWords: [IconMeaning: Set<String>] = [.twitter: ["tweet", "retweet"], .facebook: ["fb"]]
    /// The longest title that takes a brand it does not name: 3 words — *measured* (see above):
    /// the sign-in, share and follow titles are 1–2 words ("Continue", "Invite friends", "post
    /// it"), the consent screen's permission rows beside a "G" 5–6.
    public static let maxTitleWords = 3
    /// How many letters a misread brand name may differ by: 2 — *design choice*: the misreadings
    /// found on the listening screens differ by 1 ("ACEBOOK", "Facebock", "inkedin"), and a second
    /// letter lost against the logo's edge is allowed; only names of 6 letters or more are mended,
    /// and never into a word that is an English word as read ("goggle" stays).
    public static let maxNameEdits = 2
    /// The shortest brand name mended (``maxNameEdits``): 6 letters ("Google"; not "Apple", one
    /// letter from "Apply").
    static let minMendedName = 6

    /// `elements` (and their children) with each brand button's label completed as above; how many
    /// labels changed.
    public static func named(_ elements: [Element]) -> (elements: [Element], changed: Int) {
        var changed = 0
        func visit(_ e: Element) -> Element {
            var e = e
            e.children = e.children.map(visit)
            guard e.children.isEmpty, let label = e.label, !label.isEmpty, e.detections.contains(where: { $0.type != .icon }) else { return e }
            let brands = Set(e.detections.compactMap { $0.type == .icon ? $0.iconLabel : nil }.filter(\.isBrand))
            guard brands.count == 1, let brand = brands.first,
                let titled = title(label, brand: brand, isButton: e.kind == .button), titled != label
            else { return e }
            e.label = titled
            changed += 1
            return e
        }
        return (elements.map(visit), changed)
    }

    /// The label a control showing `brand`'s logo says for its title `label`: the misread name
    /// mended, or (for a button) the brand added; nil when it stays as it is.
    public static func title(_ label: String, brand: IconMeaning, isButton: Bool) -> String? {
        let words = Metadata.titleWords(label)
        let squeezed = words.joined()
        let named = IconMeaning.brands.contains { b in
            squeezed.contains(b.spokenLabel.lowercased()) || words.contains { (brandWords[b] ?? []).contains($0) }
        }
        if named { return nil }
        if let mended = mendedName(label, brand: brand) { return mended }
        guard isButton, !words.isEmpty, words.count <= maxTitleWords else { return nil }
        let name = brand.spokenLabel
        let shouting = label.contains(where: \.isLetter) && label == label.uppercased()
        if signInTitles.contains(words.joined(separator: " ")) {
            return label + (shouting ? " WITH \(name.uppercased())" : " with \(name)")
        }
        return "\(name), \(label)"
    }

    /// `label` with a word that is a misreading of `brand`'s name — or such a word run together
    /// after "with" ("withFacebock") — spelt as the name; nil when there is none.
    static func mendedName(_ label: String, brand: IconMeaning) -> String? {
        let name = brand.spokenLabel
        let key = name.lowercased()
        guard key.count >= minMendedName else { return nil }
        func isMisreading(_ word: Substring) -> Bool {
            let lower = word.lowercased()
            return word.count >= key.count - maxNameEdits && !RunTogetherWords.englishWords.contains(lower)
                && AnalysisConfiguration.editDistance(lower, key) <= maxNameEdits
        }
        func spelt(_ word: Substring) -> String { word == word.uppercased() ? name.uppercased() : name }
        var out = ""
        var mended = false
        var rest = Substring(label)
        while let start = rest.firstIndex(where: \.isLetter) {
            out += rest[..<start]
            let end = rest[start...].firstIndex { !$0.isLetter } ?? rest.endIndex
            let word = rest[start..<end]
            // A word cut off with an ellipsis is what the screen shows ("Facebo..."): left as read.
            let cut = rest[end...].hasPrefix("...") || rest[end...].hasPrefix("…")
            if !cut, isMisreading(word) {
                out += spelt(word)
                mended = true
            } else if !cut, word.lowercased().hasPrefix("with"), word.count > 4, isMisreading(word.dropFirst(4)) {
                out += word.prefix(4) + " " + spelt(word.dropFirst(4))
                mended = true
            } else {
                out += word
            }
            rest = rest[end...]
        }
        out += rest
        return mended ? out : nil
    }
}
