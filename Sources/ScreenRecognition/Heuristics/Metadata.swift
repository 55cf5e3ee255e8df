import Foundation

/// Turns detections into leaf accessibility elements: kind, label, value, traits, hint.
public enum Metadata {
    /// VoiceOver's default hints (spoken after a pause when Hints are on).
    public enum Hints {
        public static let button = "Double tap to activate."
        public static let textField = "Double tap to edit."
        public static let adjustable = "Swipe up or down with one finger to adjust the value."
        public static let toggle = "Double tap to toggle setting."
        public static let actions = "Swipe up or down to select a custom action, then double tap to activate."
    }

    /// A checkbox's value as VoiceOver speaks it: "Checked" or "Unchecked".
    static func checkboxValue(checked: Bool) -> String { checked ? "Checked" : "Unchecked" }

    /// The leaf element for one detection. `clickable` says whether an icon or a read text is a button (§5.4).
    /// With `fieldLabels`, a text field's reading is made its label by ``TextFieldLabels``.
    public static func element(
        for d: Detection, clickable: Bool = false, pictureDescription: String? = nil, fieldLabels: Bool = true
    ) -> Element {
        let label = d.text?.trimmingCharacters(in: .whitespacesAndNewlines)
        let nonEmpty = (label?.isEmpty ?? true) ? nil : label
        switch d.type {
        case .text:
            if clickable, nonEmpty != nil {  // a text button: "Log In, Button"
                return Element(kind: .button, frame: d.box, label: nonEmpty, traits: .button, hint: Hints.button, detections: [d])
            }
            return Element(kind: .text, frame: d.box, label: nonEmpty, traits: .staticText, detections: [d])
        case .icon:
            let spoken = d.iconLabel?.spokenLabel
            if clickable {
                return Element(kind: .button, frame: d.box, label: spoken, traits: .button, hint: nil, detections: [d])
            }
            return Element(kind: .icon, frame: d.box, label: spoken, traits: .image, detections: [d])
        case .picture:
            return Element(kind: .picture, frame: d.box, label: pictureDescription, traits: .image, detections: [d])
        case .toggleSelected, .toggleUnselected:
            return Element(
                kind: .toggle, frame: d.box, label: withoutControlGlyph(nonEmpty), value: d.type == .toggleSelected ? "On" : "Off",
                traits: [.button, .toggleButton], hint: Hints.toggle, detections: [d])
        case .checkboxSelected, .checkboxUnselected:
            return Element(
                kind: .checkbox, frame: d.box, label: withoutControlGlyph(nonEmpty),
                value: checkboxValue(checked: d.type == .checkboxSelected),
                traits: .button,
                hint: Hints.button, detections: [d])
        case .slider:
            return Element(kind: .slider, frame: d.box, label: nonEmpty, traits: .adjustable, hint: Hints.adjustable, detections: [d])
        case .pageControl:
            return Element(kind: .pageControl, frame: d.box, traits: .adjustable, hint: Hints.adjustable, detections: [d])
        case .textField:
            if isAccountAction(nonEmpty) {  // a sign-in button the detector took for a field
                return Element(kind: .button, frame: d.box, label: nonEmpty, traits: .button, hint: Hints.button, detections: [d])
            }
            let field = fieldPlaceholder(nonEmpty, fieldLabels: fieldLabels)
            let search = field.isSearch || (d.iconLabel == .search && !isCredentialPlaceholder(field.text))
            return Element(
                kind: .textField, frame: d.box, label: field.text, traits: search ? .searchField : [],
                hint: Hints.textField, customActions: fieldActions(field.accessory, frame: d.box), detections: [d])
        case .segmentedControl:
            return Element(kind: .segment, frame: d.box, label: nonEmpty, traits: .button, detections: [d])
        case .dialog:
            return Element(kind: .dialog, frame: d.box, label: nonEmpty, detections: [d])
        case .container:
            return Element(kind: .container, frame: d.box, label: nonEmpty, detections: [d])
        }
    }

    /// The element for a row of stars read as a rating (``StarRatings``): static text that says
    /// the rating ("4.5 of 5 stars"), never a button. Its detection keeps its type (an icon or a
    /// picture), so that pixel audits judge it as a graphic, not as text.
    public static func ratingElement(for d: Detection, reading: StarRatings.Reading) -> Element {
        Element(kind: .text, frame: d.box, label: reading.spoken, traits: .staticText, detections: [d])
    }

    /// Whether `e` is a rating read from a row of stars (``ratingElement(for:reading:)``): a text
    /// whose one detection is a graphic.
    public static func isRating(_ e: Element) -> Bool {
        e.kind == .text && e.label != nil && e.children.isEmpty && e.detections.count == 1
            && (e.detections[0].type == .icon || e.detections[0].type == .picture)
    }

    /// A text field whose placeholder starts with "Search" is a search field.
    static func isSearchPlaceholder(_ label: String?) -> Bool { label?.lowercased().hasPrefix("search") ?? false }

    /// The magnifier's look-alikes that ``withoutSearchGlyph(_:)`` drops (with a stray ".", "," or ":").
    static let searchGlyphs: Set<String> = ["Q", "q", "O", "o", "©", "@"]

    /// Whether a text field's whole reading is the magnifier read as a letter ("Q", "Q:"): the
    /// field is a search field, and its placeholder is what else was read inside it, if anything
    /// ("Search field" otherwise). On ui-real valid and 300 train screens 6 search fields were
    /// announced "Q, Search field"; 5 now say their placeholder ("검색, Search field"), one
    /// "Search field" (2026-11-25).
    static func isSearchGlyph(_ label: String?) -> Bool {
        guard let label else { return false }
        return searchGlyphs.contains(label.trimmingCharacters(in: CharacterSet(charactersIn: ".,:() ")))
    }

    /// A text field's reading as its placeholder — without the magnifier read as a letter in front
    /// (``withoutSearchGlyph(_:)``), nil when that glyph is all there is (``isSearchGlyph(_:)``) —
    /// and whether the reading makes the field a search field (the glyph alone, or a placeholder
    /// starting "Search").
    /// With `hasMagnifier` (the icon classifier found a magnifier in the field), the glyph in front
    /// goes before any placeholder: an iPhone search field's "Q TV app" is "TV app" (ui-real train).
    /// With `fieldLabels`, the placeholder is then split from the field's own button and mended
    /// (``TextFieldLabels/split(_:)``), the button's title returned as `accessory`.
    static func fieldPlaceholder(
        _ reading: String?, hasMagnifier: Bool = false, fieldLabels: Bool = true
    ) -> (text: String?, isSearch: Bool, accessory: String?) {
        if isSearchGlyph(reading) { return (nil, true, nil) }
        var text = withoutSearchGlyph(reading, beforeAnyText: hasMagnifier)
        var accessory: String?
        if fieldLabels, let read = text {
            (text, accessory) = TextFieldLabels.split(read)
        }
        return (text, isSearchPlaceholder(text), accessory)
    }

    /// The custom action of a text field's own button (``TextFieldLabels``), at the field's
    /// trailing end: a square as tall as the field, where Material and the iOS apps put a password
    /// toggle or a "Forgot?" link.
    static func fieldActions(_ accessory: String?, frame: Rect) -> [CustomAction] {
        guard let accessory else { return [] }
        let x = max(frame.minX, frame.maxX - frame.height / 2)
        return [CustomAction(name: accessory, activationPoint: Point(x: x, y: frame.midY))]
    }

    /// The magnifier glyph read as a letter in front of a search placeholder ("Q Search" → "Search",
    /// as Tesseract reads the settings example's search field) is not spoken. Only a lone "Q", "q",
    /// "O", "o", "©" or "@" (with a stray full stop or comma: "Q. Search streams" on ui-real valid)
    /// followed by a word starting "Search" is dropped — *design choice*; followed by any text when
    /// `beforeAnyText` (a magnifier was found in the field). Run on to a capitalised "Search"
    /// ("QSearch stores, brands & categories": PP-OCR reads the field whole and drops the space;
    /// ui-real train, 2026-11-25) the glyph goes too. With `beforeAnyText`, so does a lone glyph
    /// ending the reading (the magnifier at the field's trailing end).
    static func withoutSearchGlyph(_ reading: String?, beforeAnyText: Bool = false) -> String? {
        guard var label = reading else { return nil }
        if let first = label.first, searchGlyphs.contains(String(first)), case let rest = String(label.dropFirst()),
            rest.hasPrefix("Search") || rest.hasPrefix("SEARCH")
        {
            return rest
        }
        // A magnifier at the field's trailing end read as a last lone letter ("Keyword or Stock
        // Number Q", "검색어를 Q"; ui-real train, 2026-11-26), where the field has a magnifier.
        if beforeAnyText, let cut = label.range(of: " ", options: String.CompareOptions.backwards),
            searchGlyphs.contains(label[cut.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: ".,:()"))),
            label[..<cut.lowerBound].contains(where: { $0.isLetter || $0.isNumber })
        {
            label = String(label[..<cut.lowerBound])
        }
        let tokens = label.split(separator: " ", maxSplits: 1).map(String.init)
        guard tokens.count == 2, searchGlyphs.contains(tokens[0].trimmingCharacters(in: CharacterSet(charactersIn: ".,"))),
            beforeAnyText || isSearchPlaceholder(tokens[1])
        else { return label }
        return tokens[1]
    }

    /// Whether a placeholder names a sign-in or contact field ("Password", "Email address",
    /// "Phone number"): such a field is no search field, whatever glyph sits in it — a key drawn
    /// as a ring and a stem was taken for a magnifier, and "Password" was announced "Password,
    /// Search field" (ui-real valid, 2026-11-26).
    static func isCredentialPlaceholder(_ text: String?) -> Bool {
        guard let first = text?.split(separator: " ").first?.lowercased().filter({ $0.isLetter }) else { return false }
        return credentialWords.contains(first)
    }

    /// Whether a text field labelled `label` is a password field, which VoiceOver calls a "Secure
    /// text field" (UIKit's `isSecureTextEntry`; Android's `textPassword` input type): a word of
    /// its label names a password ("Password", "Confirm password", "PIN", "비밀번호"). A
    /// listening review of 30 ui-real screens (2026-11-28) heard five password fields said as
    /// plain "Text field".
    public static func isSecureField(_ label: String?) -> Bool {
        guard let label else { return false }
        return label.lowercased().split(whereSeparator: { !$0.isLetter }).contains { secureWords.contains(String($0)) }
    }

    /// Words that name a password: English, the German and Spanish of ui-real's apps, and Korean.
    static let secureWords: Set<String> = ["password", "passcode", "pin", "passwort", "contraseña", "비밀번호"]

    /// Whether a text field's reading is an account action's title — a sign-in or sign-up verb and
    /// its particle or "with" ("LOG IN", "Signup with Email", "Continue with Google") — which names
    /// a button the detector took for a field; "Login", "Login ID" and "Login Password" are a
    /// field's placeholders (ui-real's listening screens, 2026-11-28: 2 such buttons, 3 such
    /// fields).
    static func isAccountAction(_ reading: String?) -> Bool {
        let words = (reading ?? "").lowercased().split(whereSeparator: \.isWhitespace).map { $0.filter(\.isLetter) }
        guard words.count >= 2 else { return false }
        return accountVerbs.contains(words[0]) && accountParticles.contains(words[1])
    }

    static let accountVerbs: Set<String> = ["sign", "signin", "signup", "log", "login", "continue", "connect", "register", "join"]
    static let accountParticles: Set<String> = ["in", "up", "on", "with", "via", "using", "now"]

    /// First words of sign-in and contact placeholders (``TextFieldLabels/words``' field names).
    static let credentialWords: Set<String> = [
        "password", "passcode", "pin", "email", "mail", "username", "user", "login", "phone", "mobile", "name", "confirm",
    ]

    /// A checkbox, radio button or switch read together with its row text comes back with the mark
    /// as a character: "O English", "O Balfour" (radio rings; 2 of the 90 labelled checkbox and
    /// switch rows of ui-real valid's analyses, the only ones this rule changes there), "© Remember
    /// me", "Wi-Fi |". A first token that is one of these look-alikes
    /// (Tesseract's readings of rings and boxes) or has no letter or digit (twice at most: "[ ]"),
    /// and a last token with no letter or digit or that is "©", "@", "®", are dropped when a word
    /// remains — *design choice*.
    static func withoutControlGlyph(_ label: String?) -> String? {
        guard let label else { return nil }
        var tokens = label.split(separator: " ").map(String.init)
        let hasAlnum = { (t: String) in t.contains { $0.isLetter || $0.isNumber } }
        let leading: Set<String> = ["O", "o", "©", "@", "®", "Q", "q", "|", "[", "]", "(", ")", "•", "¢"]
        let trailing: Set<String> = ["©", "@", "®"]
        for _ in 0..<2 where tokens.count >= 2 && (leading.contains(tokens[0]) || !hasAlnum(tokens[0])) { tokens.removeFirst() }
        if tokens.count >= 2, let last = tokens.last, trailing.contains(last) || !hasAlnum(last) { tokens.removeLast() }
        return tokens.joined(separator: " ")
    }

    /// Whether the element was made from read text only: at least one detection, every one a text
    /// (a text button's title, not an icon button or a captioned icon).
    static func isMadeOfText(_ e: Element) -> Bool { !e.detections.isEmpty && e.detections.allSatisfy { $0.type == .text } }

    /// A text lying inside another text (≥ `containment` of its area) that says the same words is
    /// the same text detected twice — a button's whole box read "LOGIN" and its title inside it
    /// again — and is spoken once: the outer one stays (its frame is the one a finger finds), a
    /// button if either was. Same words: equal ignoring case, spaces and punctuation. A static text
    /// that repeats a run of a longer text's words is merged into it too (``partContainment``).
    public static func mergeNestedRepeats(_ elements: [Element], containment: Double) -> [Element] {
        func isText(_ e: Element) -> Bool { (e.kind == .text || e.kind == .button) && e.children.isEmpty && isMadeOfText(e) }
        func words(_ e: Element) -> String? {
            let w = (e.label ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
            return w.isEmpty ? nil : w
        }
        // Each element's words, nil for what is not a plain text or text button.
        let keys = elements.map { isText($0) ? words($0) : nil }
        var result = elements
        var absorbed = Set<Int>()
        let runs = elements.map { isText($0) ? titleWords($0.label ?? "") : [] }
        for (i, inner) in elements.enumerated() {
            guard let w = keys[i],
                let o = elements.indices.first(where: { j in
                    j != i && !absorbed.contains(j)
                        && inner.frame.width * inner.frame.height < elements[j].frame.width * elements[j].frame.height
                        && ((keys[j] == w && inner.frame.fractionInside(elements[j].frame) >= containment)
                            || (inner.kind == .text && runs[j].count > runs[i].count && !runs[i].isEmpty
                                && inner.frame.fractionInside(elements[j].frame) >= partContainment && contains(runs[j], run: runs[i])))
                })
            else { continue }
            if inner.kind == .button, result[o].kind != .button {
                result[o].kind = .button
                result[o].traits = inner.traits
                result[o].hint = inner.hint
            }
            result[o].detections += inner.detections
            absorbed.insert(i)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// Whether `words` holds `run` as consecutive words.
    static func contains(_ words: [String], run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }

    /// A static text mostly inside a longer text (≥ 0.6 of its area) whose words it repeats, in
    /// order, is part of that text detected again — a paragraph's box and its last line's ("app."
    /// under "…Book your whole trip — all from one app."), a price inside "Subtotal: $62.58" — and
    /// is not spoken twice. *Measured* on the 779 check, 700 held-out and 40 fresh ui-real screens
    /// (2026-11-26): 14 texts were spoken again inside a group with the text covering 0.64–1.0 of
    /// them; a text button inside a text ("Log In" in "Already have an account? Log In") stays.
    public static let partContainment = 0.6

    /// A text field's magnifier (an icon read as `search`) also joins it when its middle lies in the field's box and at least this
    /// share of it: the detector's box of an iOS search field can start inside its magnifier (a
    /// 10-px glyph 3 px out of the box: "Search, Image" spoken before "Search for anything, Search
    /// field" on an iPhone shop screen, ui-real train, 2026-11-27) — *design choice*: half.
    public static let fieldGlyphMinInside = 0.5

    /// A text field's magnifier also joins it when it leads the field's box — starting left of it,
    /// ending at most this many of its own widths before it or across its edge — with its middle
    /// in the field's height: Android search bars' boxes start across their magnifier ("Search,
    /// Image" then "Search Women, Search field"): 10 of the 16 magnifiers spoken alone on 1,219
    /// ui-real screens (2026-11-27) ended 6 px into to 0 px short of a field's box — *design
    /// choice*: half a width.
    public static let fieldGlyphLeadGap = 0.5

    /// Glyphs that say what goes in a text field — a person before a name, an envelope before an
    /// email address, a lock before a password — and join it when they lie across the leading
    /// edge of its box or in its leading square (middle inside: ``fieldGlyphMinInside``), as does
    /// an unrecognised glyph there (an "@" before a username), which said nothing. UIKit does not
    /// make a field's `leftView` image an accessibility element; Material calls a field's leading
    /// icon decorative unless it is given a content description. On the 1,219 listening screens
    /// (2026-11-29) 6 such glyphs poked out of their field's box (1.5–20 px across its edge) and
    /// were spoken as "Lock, Image" or "Profile, Image" between the fields — *design choice*: the
    /// meanings of form fields' glyphs (Material's text-field examples, Apple's sign-in forms),
    /// not controls (edit, back, close, dropdown chevrons).
    public static let fieldIconMeanings: Set<IconMeaning> = [
        .search, .person, .mail, .lock, .phone, .location, .calendar, .clock, .link, .tag, .home, .chat,
    ]

    /// Whether `e` is a glyph that may lead a text field: an icon read as one of
    /// ``fieldIconMeanings``, or as nothing.
    static func isFieldGlyph(_ e: Element) -> Bool {
        guard let icon = e.detections.first(where: { $0.type == .icon }) else { return false }
        return icon.iconLabel.map(fieldIconMeanings.contains) ?? true
    }

    /// The custom action a text field's eye becomes: Material's password toggle says "Show
    /// password" (its default content description), and an eye alone ("Show") does not say what
    /// it shows.
    public static let passwordToggleName = "Show password"

    /// Whether `e` is a text field's visibility toggle: an eye (an icon read as `show`, plain or a
    /// button) at the trailing end of the field's box `field` — its middle within the field's
    /// height and within the field's last square (as tall as the field), or starting at most half
    /// its own width after the field (``fieldGlyphLeadGap``). On the 1,219 listening screens
    /// (2026-11-29) two eyes were said "Show, Image" after their password field (their boxes 4–5
    /// px across the field's edge) and 14 were folded into their field unsaid.
    static func fieldToggle(_ e: Element, of field: Rect) -> Bool {
        guard e.kind == .icon || e.kind == .button, e.detections.contains(where: { $0.iconLabel == .show }),
            e.detections.allSatisfy({ $0.type == .icon })
        else { return false }
        let f = e.frame
        return f.midY >= field.minY && f.midY <= field.maxY && f.height <= field.height * 1.5
            && f.midX >= field.maxX - field.height && f.minX <= field.maxX + fieldGlyphLeadGap * f.width
    }

    /// Text and icons lying inside a text field, a segment, or a checkbox or switch row (≥
    /// `containment` of their area; a field's magnifier by ``fieldGlyphMinInside`` or leading it by
    /// ``fieldGlyphLeadGap``, its other leading glyphs (``fieldIconMeanings``) across its leading
    /// edge, a password field's eye at its trailing end, `fieldToggle(_:of:)`) become part of it:
    /// the text is its label (a text field's placeholder, a segment's title, the row's text), a
    /// magnifier icon makes a text field a search field, and an eye is the field's custom action
    /// (``passwordToggleName``).
    /// With `fieldLabels`, a text field's placeholder is made its label by ``TextFieldLabels``.
    public static func absorbIntoControls(_ elements: [Element], containment: Double, fieldLabels: Bool = true) -> [Element] {
        var result = elements
        var absorbed = Set<Int>()
        let kinds: Set<ElementKind> = [.textField, .segment, .checkbox, .toggle]
        for (ci, control) in elements.enumerated() where kinds.contains(control.kind) {
            var c = result[ci]
            let inside = elements.indices.filter { i in
                guard i != ci, !absorbed.contains(i), [.text, .icon, .button].contains(elements[i].kind) else { return false }
                let f = elements[i].frame
                if f.fractionInside(control.frame) >= containment { return true }
                guard control.kind == .textField else { return false }
                // A password field's eye across its trailing end or just after it (``fieldToggle(_:of:)``).
                if fieldToggle(elements[i], of: control.frame) { return true }
                // A field's magnifier, or a glyph that says what goes in the field (``fieldIconMeanings``),
                // whose box pokes out of the field's: its middle inside — anywhere for a magnifier,
                // in the field's leading square for the others. (Other glyphs at a field's edge are
                // controls of their own: "Edit", a back button.)
                guard elements[i].kind == .icon, isFieldGlyph(elements[i]) else { return false }
                let magnifier = elements[i].detections.contains { $0.iconLabel == .search }
                if control.frame.contains(f.center) && f.fractionInside(control.frame) >= fieldGlyphMinInside
                    && (magnifier || f.midX <= control.frame.minX + control.frame.height)
                {
                    return true
                }
                // Or just before the field's box, on its row: a search bar's box can start after
                // (or across) its leading magnifier, a sign-in field's across its person or lock (a
                // glyph wholly before a field may be a control of the bar: a mailbox beside a shop's
                // search field, 4 px before its box, on a listening screen, 2026-11-29).
                return f.minX < control.frame.minX && f.maxX >= control.frame.minX - (magnifier ? fieldGlyphLeadGap * f.width : 0)
                    && f.midY >= control.frame.minY && f.midY <= control.frame.maxY && f.height <= control.frame.height
            }
            guard !inside.isEmpty else { continue }
            // Its texts in reading order, as OCR lines: a row's title and summary read with a pause.
            func joined(_ parts: [Int]) -> String {
                MissingElements.joinedLines(
                    parts.compactMap { i in elements[i].label.map { RecognizedText(text: $0, box: elements[i].frame, confidence: 1) } }
                        .sorted(by: MissingElements.readingOrder))
            }
            if c.label == nil {
                let texts = joined(inside.filter { elements[$0].kind == .text })
                c.label = texts.isEmpty ? nil : texts
            } else if c.kind == .textField, let own = c.label,
                case let texts = joined(inside.filter { elements[$0].kind == .text || (elements[$0].kind == .button && isMadeOfText(elements[$0])) }),
                isFragment(own, of: texts)
            {
                // The field's own crop read a piece of its light placeholder ("ord", "a") where the
                // text inside it was read whole ("Password", "Confirm Email Address", which its
                // verb had made a button).
                c.label = texts
            }
            if c.kind == .textField {
                // (a placeholder the field's own detection read is already one: the mending is idempotent)
                let searchIcon = inside.contains { elements[$0].detections.contains { $0.iconLabel == .search } }
                let field = fieldPlaceholder(c.label, hasMagnifier: searchIcon, fieldLabels: fieldLabels)
                c.label = field.text
                if field.isSearch || (searchIcon && !isCredentialPlaceholder(field.text)) { c.traits.insert(.searchField) }
                if c.customActions.isEmpty { c.customActions = fieldActions(field.accessory, frame: c.frame) }
                if c.customActions.isEmpty, let eye = inside.first(where: { fieldToggle(elements[$0], of: c.frame) }) {
                    let name = isSecureField(c.label) || c.label == nil ? passwordToggleName : IconMeaning.show.spokenLabel
                    c.customActions = [CustomAction(name: name, activationPoint: elements[eye].activationPoint)]
                }
            }
            if c.kind == .segment, c.label == nil, let icon = inside.first(where: { elements[$0].kind != .text }) {
                c.label = elements[icon].label
            }
            c.detections += inside.flatMap { elements[$0].detections }
            result[ci] = c
            absorbed.formUnion(inside)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// Whether `reading` is a piece of `whole`: its letters and digits (case ignored) found inside
    /// `whole`'s, which has more of them — a light-grey placeholder at 1x that the field's own
    /// crop read as "ord" and the text inside it as "Password" (a listening review, 2026-11-28) —
    /// and `whole` reads as words: each of its words in Latin letters an English word or a
    /// placeholder word (``TextFieldLabels/words``), none without letters. On the 1,219 listening
    /// screens (2026-11-28) the text inside a field read a cursor or a glyph into its words where
    /// the field's own reading had none ("lEmail address", "Password 8", "03.17 1ELMIO!").
    static func isFragment(_ reading: String, of whole: String) -> Bool {
        func key(_ s: String) -> String { s.filter { $0.isLetter || $0.isNumber }.lowercased() }
        let part = key(reading)
        let all = key(whole)
        guard !part.isEmpty, all.count > part.count, all.contains(part) else { return false }
        return whole.split(whereSeparator: \.isWhitespace).allSatisfy { raw in
            let word = raw.trimmingCharacters(in: .punctuationCharacters).lowercased()
            guard word.contains(where: \.isLetter) else { return false }
            guard word.contains(where: { $0.isASCII && $0.isLetter }) else { return true }  // another script: not judged
            return TextFieldLabels.isKnownWord(word)
        }
    }

    /// Plain icons (not buttons) beside a labelled text, text field, button, or checkbox or switch
    /// row on their row become part of it: VoiceOver reads a table cell's image and label as one
    /// element, and a text field's left-view image is not an element of its own. (A language
    /// list's 11 flags, one before each radio row, were 11 "Image" stops on one of 40 fresh ui-real
    /// screens, 2026-11-26.) The icon must overlap the other's row
    /// by half the smaller height and lie within `gap` × its own width of it
    /// (``GroupingSettings/decorationGap``), left or right; the nearest such element takes it.
    /// Pictures no describer could label, or that it only called people (``PictureDescription/saysOnlyPeople(_:)``),
    /// take part the same way when they are at most
    /// `maxPictureWidth` wide (a list row's avatar or thumbnail; 0 leaves pictures out). A
    /// *leading* icon — ending left of `leadingEdge` (the screen's leading band, x in pixels) with
    /// its element to its right — may lie up to `leadingGap` × its width away
    /// (``GroupingSettings/leadingDecorationGap``: a list's or drawer's text keyline). Such a
    /// picture up to `maxThumbnailWidth` wide takes part too when it starts left of `leadingEdge`
    /// and its text lies to its right: a list row's leading thumbnail (a movie's poster before its
    /// title; ``GroupingSettings/rowThumbnailWidth``) whose text starts within ``thumbnailGap`` of its
    /// widths. A leading icon also reaches a text that starts at or before `keyline` (x in pixels;
    /// ``GroupingSettings/leadingTextKeyline``: a list's text keyline), however narrow its glyph.
    /// A chevron (› ⌄ ⌃) starting right of `chevronEdge` is left to mark its row instead.
    public static func absorbDecorativeIcons(
        _ elements: [Element], gap maxGap: Double = GroupingSettings().decorationGap, maxPictureWidth: Double = 0,
        leadingGap: Double = 0, leadingEdge: Double = 0, maxThumbnailWidth: Double = 0, keyline: Double = 0,
        keepingChevronsFrom chevronEdge: Double? = nil
    ) -> [Element] {
        var result = elements
        var absorbed = Set<Int>()
        // A checkbox's or switch's row, labelled by its text, hosts its leading icon too (a
        // language list's flags, a settings row's glyph): the row is one cell.
        let hosts = elements.indices.filter {
            let e = elements[$0]
            let control = (e.kind == .checkbox || e.kind == .toggle) && e.label != nil
            return control
                || [.text, .textField, .button].contains(e.kind) && e.children.isEmpty && (e.kind == .textField || e.label != nil)
                    && e.detections.allSatisfy { $0.type != .icon } && !isRating(e)
        }
        let pictures = elements.filter { $0.kind == .picture }.map(\.frame)
        for (i, icon) in elements.enumerated() where icon.children.isEmpty {
            let undescribed = icon.kind == .picture && (icon.label == nil || PictureDescription.saysOnlyPeople(icon.label))
            let decorativePicture = undescribed && icon.frame.width <= maxPictureWidth
            let thumbnail = undescribed && !decorativePicture && icon.frame.width <= maxThumbnailWidth && icon.frame.minX <= leadingEdge
            // A rating's stars join the text beside them as a decorative icon would, and say their
            // value in its label ("Terry Schmidt, 5 of 5 stars"), in the row's order.
            let rating = isRating(icon)
            guard icon.kind == .icon || decorativePicture || thumbnail || rating else { continue }
            // A chevron in the trailing band marks its row (``markDisclosureRows(_:trailingEdge:rowEndEdge:)``),
            // not the text beside it: Settings' "Wi-Fi  Home ›" is one button, not a text "Home".
            if let edge = chevronEdge, icon.frame.minX >= edge, isChevron(icon) { continue }
            let f = icon.frame
            let candidates = hosts.compactMap { j -> (Int, Double)? in
                let g = elements[j].frame
                guard f.sharesRow(with: g), f.xOverlap(g) <= 0 else { return nil }
                // A thumbnail's title is to its right and on the page, not printed on the next
                // tile of a grid (a category tile's "DEALS & OFFERS").
                if thumbnail, g.minX < f.maxX || pictures.contains(where: { $0 != f && g.fractionInside($0) >= 0.5 }) { return nil }
                let gap = max(g.minX - f.maxX, f.minX - g.maxX)
                let leading = f.maxX <= leadingEdge && g.minX >= f.maxX
                let allowed = thumbnail ? Self.thumbnailGap : leading ? max(maxGap, leadingGap) : maxGap
                let atKeyline = leading && icon.kind == .icon && g.minX <= keyline
                // A rating's row is wide: its reach is in its height (a word space), not its width.
                if rating { return gap <= Self.ratingGap * f.height ? (j, gap) : nil }
                return gap <= allowed * f.width || atKeyline ? (j, gap) : nil
            }
            guard let (host, _) = candidates.min(by: { $0.1 < $1.1 }) else { continue }
            result[host].detections += icon.detections
            if rating, let value = icon.label {
                let parts = f.midX < elements[host].frame.midX ? [value, result[host].label] : [result[host].label, value]
                result[host].label = parts.compactMap { $0 }.joined(separator: ", ")
            }
            absorbed.insert(i)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// A row with a trailing disclosure chevron is a button: iOS's disclosure indicator and
    /// Material's trailing "›" mark a list row that opens another screen, and VoiceOver reads such
    /// a cell as one button ("Fashion, Button"), not its chevron apart ("Forward, Image"). A plain
    /// icon recognised as `forward`, starting right of `trailingEdge` (x in pixels: the screen's
    /// trailing band), makes the row's first labelled text left of it a button and joins it — the
    /// first of its own cell: where another chevron lies between a text and this one, the text is
    /// another cell's title (a grid of "Coats ›  Jackets ›"; on ui-real 2 screens of 913, 12 rows,
    /// and a "65 ▾ kg ▾" pair of dropdowns, 2026-11-26). The one text between that title and the
    /// chevron, ending within `maxValueGap` line heights of it, is the cell's value and joins the
    /// label after the title, as VoiceOver reads a table cell and its detail text ("Storage,
    /// 222.1 GB, Button"; on ui-real 2 rows of 913 screens and iOS Settings' 2 of the 16 check-set
    /// screens, all right by eye, 2026-11-26). A cell of two lines, whose chevron is centred between
    /// its title and the subtitle under it (`twoLineStack(_:beside:)`), is read the same way, the
    /// subtitle after the title ("Recipes, View recipes and shop for ingredients, Button"). So
    /// does a trailing `down` chevron ⌄: Material's expansion panels and exposed dropdown menus
    /// put it at the end of a row that opens when tapped ("Categories ⌄"), and an `up` chevron ⌃,
    /// the same panel open.
    ///
    /// A row can also end short of the screen's edge — in a navigation drawer or a dialog — so a
    /// chevron starting right of `rowEndEdge` (x in pixels) counts too when nothing on its row lies
    /// right of it. Where one column of chevrons ending their rows holds both ⌃ and ⌄ (an accordion
    /// with a section open), each of those rows says its state as its value, as iOS apps set it before
    /// UIKit's `accessibilityExpandedStatus` (iOS 18) and as that status is spoken: "Clothing,
    /// Expanded, Button", "Shoes, Collapsed, Button". A lone ⌄ (a dropdown, a collapsed list) or
    /// ⌃ (a sort order) says nothing more.
    public static func markDisclosureRows(_ elements: [Element], trailingEdge: Double, rowEndEdge: Double? = nil) -> [Element] {
        // The rows marked, by their title's frame (which joining leaves as it is), with their chevron.
        var states: [(title: Rect, glyph: Rect, meaning: IconMeaning)] = []
        var joined: [Rect] = []
        // The row's first labelled text of the glyph's own cell: an icon button left of the chevron
        // (a pager's ‹ … ›) is none, and a text with another chevron between it and this one is
        // another cell's title (a grid of "Coats ›  Jackets ›" cells).
        let chevrons: Set<IconMeaning> = [.forward, .down, .up]
        var result = joinTrailingGlyphs(
            elements, trailingEdge: trailingEdge, rowEndEdge: rowEndEdge, meanings: chevrons, anywhere: cellColumns(elements)
        ) {
            row, result, glyph, elements in
            let end = elements[glyph].frame
            let others = elements.indices.filter { k in
                k != glyph && isChevron(elements[k], chevrons) && elements[k].frame.sharesRow(with: end) && elements[k].frame.maxX <= end.minX
            }
            let cell = row.filter { j in !others.contains { elements[$0].frame.minX >= result[j].frame.maxX } }
            return cell.min { result[$0].frame.minX < result[$1].frame.minX }
        } values: { row, result, title, glyph, elements in
            // The one text between the title and the chevron, ending near the chevron, is the cell's
            // value ("Language  English ›"), spoken after the title as VoiceOver reads a table cell's
            // detail text — not when anything else lies between (a button, another glyph) or more
            // texts do (a row of filter chips ending in a ⌄).
            let end = elements[glyph].frame
            let start = result[title].frame.maxX
            let between = elements.indices.filter { k in
                k != glyph && k != title && elements[k].frame.sharesRow(with: end) && elements[k].frame.minX >= start
                    && elements[k].frame.maxX <= end.minX
            }
            guard between.count == 1, let value = between.first, row.contains(value), result[value].kind == .text,
                end.minX - result[value].frame.maxX <= maxValueGap * result[value].frame.height
            else { return [] }
            return [value]
        } mark: { title, glyph in
            makeButton(&title)
            joined.append(glyph.frame)
            if let m = glyph.detections.lazy.compactMap(\.iconLabel).first(where: { $0 == .up || $0 == .down }) {
                states.append((title.frame, glyph.frame, m))
            }
        }
        // Columns of ⌃ and ⌄, each ending its row: glyphs whose middles lie within the wider one's
        // width of each other. A ▲ or ▼ with a number after it, or in a column with other glyphs
        // between (a "–" for no change), is a ranking's change ("▲ 5"), not a panel's state.
        let ending = states.filter { endsItsRow($0.glyph, among: elements) }
        func inColumn(_ a: Rect, _ b: Rect) -> Bool { abs(a.midX - b.midX) <= max(a.width, b.width) }
        for s in ending {
            let column = ending.filter { inColumn($0.glyph, s.glyph) }
            let top = column.map(\.glyph.minY).min() ?? s.glyph.minY
            let bottom = column.map(\.glyph.maxY).max() ?? s.glyph.maxY
            let strays = elements.contains { e in
                e.kind == .icon && !joined.contains(e.frame) && inColumn(e.frame, s.glyph)
                    && e.frame.midY > top && e.frame.midY < bottom
            }
            guard !strays, column.contains(where: { $0.meaning == .up }), column.contains(where: { $0.meaning == .down }),
                let k = result.firstIndex(where: { $0.frame == s.title && $0.kind == .button }), result[k].value == nil
            else { continue }
            result[k].value = s.meaning == .up ? "Expanded" : "Collapsed"
        }
        return result
    }

    /// A list row with a trailing checkmark is the selected row of a single-choice list (iOS's
    /// checkmark accessory, Material's trailing check): a plain icon recognised as `checkmark`,
    /// starting right of `trailingEdge` (x in pixels: the screen's trailing band), gives the
    /// nearest labelled text left of it on its row the selected trait and joins it. On the 779
    /// check, 700 held-out and 80 fresh screens 4 such rows ("Blue sky", "Private car", iOS's
    /// "While iPhone is locked") were spoken with a separate "Done, Image" (2026-11-25); ticks
    /// that are buttons of their own (a bar's ✓ "Done") are not plain icons and stay.
    public static func markCheckedRows(_ elements: [Element], trailingEdge: Double) -> [Element] {
        joinTrailingGlyphs(elements, trailingEdge: trailingEdge, meanings: [.checkmark]) { row, result, glyph, elements in
            guard let title = row.max(by: { result[$0].frame.maxX < result[$1].frame.maxX }) else { return nil }
            // Nothing else between the title and the tick (a value, a control).
            let tick = elements[glyph].frame
            let between = elements.indices.contains { k in
                k != glyph && k != title && elements[k].frame.sharesRow(with: tick)
                    && elements[k].frame.minX >= result[title].frame.maxX && elements[k].frame.maxX <= tick.minX
            }
            return between ? nil : title
        } mark: { title, _ in
            title.traits.insert(.selected)
        }
    }

    /// The mechanism of ``markDisclosureRows(_:trailingEdge:rowEndEdge:)`` and ``markCheckedRows(_:trailingEdge:)``:
    /// each plain icon recognised as one of `meanings`, starting right of `trailingEdge` — or right
    /// of `rowEndEdge` with nothing right of it on its row — joins the labelled text (a read text
    /// or text button) on its row left of it that `title` picks from `row` (indices into the
    /// elements so far; `title` also gets the glyph's index into `elements`), which `mark` changes
    /// (it also gets the glyph).
    static func joinTrailingGlyphs(
        _ elements: [Element], trailingEdge: Double, rowEndEdge: Double? = nil, meanings: Set<IconMeaning>,
        anywhere: Set<Int> = [],
        title: (_ row: [Int], _ result: [Element], _ glyph: Int, _ elements: [Element]) -> Int?,
        values: (_ row: [Int], _ result: [Element], _ title: Int, _ glyph: Int, _ elements: [Element]) -> [Int] = { _, _, _, _, _ in [] },
        mark: (inout Element, Element) -> Void
    ) -> [Element] {
        var result = elements
        var absorbed = Set<Int>()
        for (i, glyph) in elements.enumerated()
        where glyph.kind == .icon && glyph.children.isEmpty
            && (glyph.frame.minX >= trailingEdge || anywhere.contains(i)
                || ((rowEndEdge.map { glyph.frame.minX >= $0 } ?? false) && endsItsRow(glyph.frame, among: elements)))
            && glyph.detections.contains(where: { $0.iconLabel.map(meanings.contains) ?? false })
        {
            // Labelled texts left of the glyph: ending before its middle (a detector's boxes of a
            // title and the chevron set right after it overlap by a pixel: "Sign up ›").
            let candidates = elements.indices.filter { j in
                let e = result[j]
                return [.text, .button].contains(e.kind) && e.children.isEmpty && e.label != nil && !absorbed.contains(j)
                    && e.detections.contains { $0.type == .text } && e.frame.maxX <= glyph.frame.midX
            }
            var row = candidates.filter { result[$0].frame.sharesRow(with: glyph.frame) }
            // A cell of two lines — a title over its subtitle — centres the glyph between them, on
            // neither line's row: the title is the row's, and the subtitle is read after it.
            var subtitle: Int?
            if row.isEmpty, let stack = twoLineStack(candidates.map { result[$0].frame }, beside: glyph.frame) {
                row = [candidates[stack.title]]
                subtitle = candidates[stack.subtitle]
            }
            guard let t = title(row, result, i, elements) else { continue }
            let joining = (subtitle.map { [$0] } ?? []) + values(row, result, t, i, elements).sorted { result[$0].frame.minX < result[$1].frame.minX }
            for v in joining {
                result[t].label = [result[t].label, result[v].label].compactMap { $0 }.joined(separator: ", ")
                result[t].detections += result[v].detections
                absorbed.insert(v)
            }
            mark(&result[t], glyph)
            result[t].detections += glyph.detections
            absorbed.insert(i)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// The title and subtitle (indices into `frames`) of a cell of two lines that `glyph` ends: the
    /// only pair of frames, one over the other, each one line (at most ``maxStackLineHeight`` times
    /// the glyph's height), starting within the taller line's height of each other, the lower no
    /// more than ``maxSubtitleGap`` line heights under the upper (and not overlapping it by more
    /// than a quarter of a line), whose middles lie on either side of the
    /// glyph's middle, which lies within ``maxStackCentreOffset`` of the pair's height from the
    /// pair's middle. iOS's subtitle cells and Material's two-line list items centre their
    /// trailing chevron on the cell ("Shopping List / Create, manage and edit lists ›"), so the
    /// chevron shares no row with either line. nil when no pair, or more than one, fits.
    static func twoLineStack(_ frames: [Rect], beside glyph: Rect) -> (title: Int, subtitle: Int)? {
        var found: [(Int, Int)] = []
        for (a, upper) in frames.enumerated() {
            for (b, lower) in frames.enumerated() where a != b {
                let line = max(upper.height, lower.height)
                let gap = lower.minY - upper.maxY
                let pair = upper.union(lower)
                guard line <= maxStackLineHeight * glyph.height, abs(upper.minX - lower.minX) <= line, gap >= -0.25 * min(upper.height, lower.height),
                    gap <= maxSubtitleGap * line, upper.midY < glyph.midY, lower.midY > glyph.midY,
                    abs(glyph.midY - pair.midY) <= maxStackCentreOffset * pair.height
                else { continue }
                found.append((a, b))
            }
        }
        guard found.count == 1, let only = found.first else { return nil }
        return (only.0, only.1)
    }

    /// ``twoLineStack(_:beside:)``: a subtitle starts at most this many line heights under its
    /// title: 1 — iOS's subtitle cell sets the two lines about a quarter of a line apart, Material's
    /// two-line item under half a line (ui-real, 2026-11-27: Kroger's "Shopping List / Create,
    /// manage and edit lists" 0.6, a travel app's "Travelers / Easily manage travelers details"
    /// 0.65) — *design choice*, above those.
    static let maxSubtitleGap = 1.0
    /// ``twoLineStack(_:beside:)``: each line is at most this many times as tall as the glyph: 2 —
    /// a chevron is drawn about a line's height (the rows above: 0.9–1.2); a paragraph, or a title
    /// whose button took in an avatar above it (a drawer's header, ui-real valid), is no line —
    /// *design choice*.
    static let maxStackLineHeight = 2.0
    /// ``twoLineStack(_:beside:)``: the glyph's middle lies at most this share of the two lines'
    /// height from their middle: 0.25 — a cell centres its accessory (the rows measured above: 0.01–0.1
    /// of the pair's height) — *design choice*.
    static let maxStackCentreOffset = 0.25

    /// The chevrons (› ⌄) that end the cells of a column of a grid, wherever the column stands: at
    /// least ``minCellColumn`` plain icons recognised as `forward` or `down`, their middles within the
    /// wider one's width of each other, each right after a labelled text on its row with nothing
    /// between and not before a number (a ranking's "▼ 2"). A two-column grid of category cells
    /// ("Coats ›  Jackets ›") ends its first column's cells mid-row, where the trailing band and
    /// the row-end rule see a chevron with a text right of it (on ui-real, 10 chevrons on 2 of
    /// 913 screens, 2026-11-26).
    static func cellColumns(_ elements: [Element]) -> Set<Int> {
        let labelled: [Int] = elements.indices.filter { [.text, .button].contains(elements[$0].kind) && elements[$0].label != nil }
        let ending = elements.indices.filter { i in
            let g = elements[i]
            guard isChevron(g, [.forward, .down]), g.children.isEmpty else { return false }
            let onRow = elements.indices.filter { $0 != i && elements[$0].frame.sharesRow(with: g.frame) }
            guard let before = onRow.filter({ elements[$0].frame.maxX <= g.frame.minX }).max(by: { elements[$0].frame.maxX < elements[$1].frame.maxX }),
                labelled.contains(before)
            else { return false }
            if let after = onRow.filter({ elements[$0].frame.minX >= g.frame.maxX }).min(by: { elements[$0].frame.minX < elements[$1].frame.minX }),
                let text = elements[after].label, !text.isEmpty, text.allSatisfy(\.isNumber)
            {
                return false
            }
            return true
        }
        return Set(
            ending.filter { i in
                let f = elements[i].frame
                return ending.filter { abs(elements[$0].frame.midX - f.midX) <= max(elements[$0].frame.width, f.width) }.count >= minCellColumn
            })
    }

    /// ``markDisclosureRows(_:trailingEdge:rowEndEdge:)``: a cell's value ends at most this many of
    /// its line heights before the chevron: 2 — iOS sets a cell's detail text beside its
    /// disclosure indicator (Settings' "iOS 17.1.1 ›" ends about one line height before it); a
    /// text ending farther left is a column of its own (a two-pane layout's list beside its
    /// sidebar, a dropdown's "None … ▼") — *design choice*.
    static let maxValueGap = 2.0

    /// Whether `e` is a plain icon recognised as one of `meanings` (by default the chevrons › ⌄ ⌃
    /// that mark a row): the glyph ``markDisclosureRows(_:trailingEdge:rowEndEdge:)``,
    /// ``cellColumns(_:)`` and ``absorbDecorativeIcons(_:gap:maxPictureWidth:leadingGap:leadingEdge:maxThumbnailWidth:keyline:keepingChevronsFrom:)`` look for.
    static func isChevron(_ e: Element, _ meanings: Set<IconMeaning> = [.forward, .down, .up]) -> Bool {
        e.kind == .icon && e.detections.contains { $0.iconLabel.map(meanings.contains) ?? false }
    }

    /// ``cellColumns(_:)``: the fewest chevrons that make a column of cells: 3 — two could be a
    /// pager's or a pair of dropdowns' — *design choice*.
    static let minCellColumn = 3

    /// Whether nothing among `elements` lies right of `frame` on its row: a chevron that ends its
    /// row rather than pointing at the text after it ("▲ 5").
    static func endsItsRow(_ frame: Rect, among elements: [Element]) -> Bool {
        !elements.contains { $0.frame != frame && $0.frame.sharesRow(with: frame) && $0.frame.minX >= frame.maxX }
    }

    /// A plain icon left of a text button's title, on the same fill, is the button's leading image
    /// (a brand logo in "Sign in with Google", ui-real's TextImageButton): the title is centred in a
    /// wide button, so the icon can sit many of its widths away — up to `maxGap` (10) widths,
    /// measured on ui-real valid, where the 16 such logos and row icons found sit 1.5–8.8 widths from
    /// their title. Only when the pixels between them, across the title's middle half, are one
    /// colour (≥ 95 % within ``SelectionSettings/minTintDistance`` of their fill colour): a separate
    /// control between (a "Share" pill's border) or content keeps the icon apart — *design choice*.
    /// A recognised logo ("Facebook") is absorbed too: the title already says what the button does,
    /// and VoiceOver reads a button's image and title as one element. An icon the clickability
    /// model made a button of its own joins only a title without a picture, from within
    /// ``leadingGlyphGap`` of its widths.
    public static func absorbButtonIcons(
        _ elements: [Element], image: RGBAImage?, maxGap: Double, colourDistance: Double
    ) -> [Element] {
        guard let image else { return elements }
        var result = elements
        var absorbed = Set<Int>()
        let buttons = elements.indices.filter {
            elements[$0].kind == .button && elements[$0].children.isEmpty && elements[$0].label != nil
                && elements[$0].detections.contains { $0.type == .text } && elements[$0].detections.allSatisfy { $0.type != .icon }
        }
        for (i, icon) in elements.enumerated() where icon.children.isEmpty && icon.detections.allSatisfy({ $0.type == .icon }) {
            // An icon the clickability model called a button is the title's leading glyph only
            // when it sits close (▶ PLAY, ⤮ SHUFFLE: one control, not two stops saying the same).
            let reach: Double
            switch icon.kind {
            case .icon: reach = maxGap
            case .button where !icon.detections.isEmpty: reach = min(maxGap, leadingGlyphGap)
            default: continue
            }
            let f = icon.frame
            let candidates = buttons.compactMap { j -> (Int, Double)? in
                let g = elements[j].frame
                // Detector boxes of a logo and its title may touch or overlap by a pixel or two:
                // the icon's centre left of the title's start is enough.
                guard !absorbed.contains(j), f.sharesRow(with: g), f.midX <= g.minX,
                    icon.kind == .icon || elements[j].detections.allSatisfy({ $0.type == .text })
                else { return nil }
                let gap = max(0, g.minX - f.maxX)
                guard gap <= reach * f.width else { return nil }
                let between = Rect(x: f.maxX + 2, y: g.minY + g.height / 4, width: gap - 4, height: g.height / 2)
                // An element between them keeps them apart; one behind both (a background picture,
                // a card) does not.
                let blocked = elements.indices.contains { k in
                    let h = elements[k].frame
                    return k != i && k != j && h.xOverlap(between) > 0 && h.yOverlap(between) > 0
                        && !(f.fractionInside(h) >= 0.85 && g.fractionInside(h) >= 0.85)
                }
                guard !blocked, isOneColour(image, between, distance: colourDistance) else { return nil }
                return (j, gap)
            }
            guard let (host, _) = candidates.min(by: { $0.1 < $1.1 }) else { continue }
            result[host].detections += icon.detections
            result[host].frame = result[host].frame.union(f)
            absorbed.insert(i)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// How far left of a text button's title a logo or icon that the title *names* may sit and
    /// still be the button's image, as a share of the screen's width: 0.35. A sign-in button centres
    /// its title and puts its logo at its leading edge; on the 779 check, 700 held-out and 40 fresh
    /// screens 20 such logos ("Facebook" before "Log in with Facebook", "Mail" before "Sign up using
    /// E-Mail") sat 20–111 px (up to 0.29 of the screen) from their titles, beyond the one-colour
    /// rule's reach or across a gradient (measured 2026-11-25).
    public static let namedIconReach = 0.35
    /// A picture counts as a logo that a button title names (``namedIconReach``) when at most this share of the
    /// screen's width: 0.2, as ``GroupingSettings/decorativePictureWidth`` (a logo, not a banner).
    public static let namedPictureMaxWidth = 0.2

    /// A labelled icon or small picture left of a text button's title whose words name it — every
    /// word of the icon's label is a word of the title, or ends one ("Mail" in "E-Mail", "Email"),
    /// or starts with the last word of a title cut off with an ellipsis ("Facebo...") —
    /// is that button's image: the title already says it, and VoiceOver reads a button's image and
    /// title as one element. Within ``namedIconReach`` of the screen's width, on the title's row,
    /// with nothing between them. A recognised brand's logo right of such a title joins it too.
    public static func absorbNamedIcons(_ elements: [Element], screenWidth: Double) -> [Element] {
        // Leading logos first, then a logo at the button's trailing end ("Continue with Facebook"
        // then its "f": 3 on ui-real's 811 screens looked at, 2026-11-26).
        [false, true].reduce(elements) { elements, trailing in
            joinNamedIcons(elements, screenWidth: screenWidth, trailing: trailing) { icon in
                // (an icon the clickability model made a button of its own keeps ``leadingGlyphGap``;
                // a brand's logo, a button by `InteractivitySettings.brandIconsAreButtons`, joins the title naming it)
                // (at the trailing end, recognised brands only: a › or ⌄ there marks its row)
                let isBrandLogo = icon.detections.contains { $0.iconLabel?.isBrand ?? false }
                return trailing
                    ? (icon.kind == .icon || icon.kind == .button) && isBrandLogo
                    : icon.kind == .icon || (icon.kind == .picture && icon.frame.width <= namedPictureMaxWidth * screenWidth)
                        || (icon.kind == .button && isBrandLogo)
            } isTitle: { title in
                title.kind == .button && title.detections.allSatisfy { $0.type == .text }
            } names: { named, label in
                let title = titleWords(label)
                // A title cut off with an ellipsis ("Sign up with Facebo...") names its logo by
                // the start of its last word (at least 3 letters).
                let cut = label.hasSuffix("...") || label.hasSuffix("…") ? title.last.flatMap { $0.count >= 3 ? $0 : nil } : nil
                return named.allSatisfy { w in
                    title.contains { $0 == w || (w.count >= 4 && $0.hasSuffix(w)) } || (cut.map { w.hasPrefix($0) } ?? false)
                }
            } mark: { _ in
            }
        }
    }

    /// An icon button — or a brand's logo, button or not — whose label a plain text right of it
    /// starts or ends with is one button with that text as its title: a sign-in logo and its title
    /// ("Facebook" before "CONTINUE WITH FACEBOOK", "Google" before "Google"), a drawer's glyph
    /// and its row ("Home" before "Home"). The clickability model found the glyph tappable, or the
    /// glyph is a brand a text names (a sign-in or share control whatever its fill), and the text
    /// names what the glyph shows, so both are one control, spoken as VoiceOver speaks a button's
    /// image and title together. Before, such a pair was spoken "Facebook, Button" (or "Facebook,
    /// Image") then "CONTINUE WITH FACEBOOK": 29 of the 779 check and 700 held-out screens
    /// changed, each such a pair by eye (2026-11-25). A word in the middle of a text does not name
    /// its icon (a play button beside "Music play list"). Same reach and blocking as
    /// ``absorbNamedIcons(_:screenWidth:)``.
    public static func titleIconButtons(_ elements: [Element], screenWidth: Double) -> [Element] {
        joinNamedIcons(elements, screenWidth: screenWidth) { icon in
            !icon.detections.isEmpty && icon.detections.allSatisfy { $0.type == .icon }
                && (icon.kind == .button || (icon.kind == .icon && icon.detections.contains { $0.iconLabel?.isBrand ?? false }))
        } isTitle: { title in
            title.kind == .text && !title.traits.contains(.header) && title.detections.allSatisfy { $0.type == .text }
        } names: { named, label in
            let title = titleWords(label)
            return title.count >= named.count && (Array(title.prefix(named.count)) == named || Array(title.suffix(named.count)) == named)
        } mark: { title in
            makeButton(&title)
        }
    }

    /// Makes a text a button: the button trait in place of static text, and the button's hint.
    static func makeButton(_ e: inout Element) {
        e.kind = .button
        e.traits.remove(.staticText)
        e.traits.insert(.button)
        e.hint = Hints.button
    }

    /// The other way: a button a rule finds is no button (a dialog's title, a row among a list's
    /// plain rows) becomes a static text, without the button's hint.
    static func makeText(_ e: inout Element) {
        e.kind = .text
        e.traits.remove(.button)
        e.traits.insert(.staticText)
        e.hint = nil
    }

    /// A label's words, lower-cased, split at everything that is not a letter or a digit.
    static func titleWords(_ s: String) -> [String] {
        s.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The mechanism of ``absorbNamedIcons(_:screenWidth:)`` and ``titleIconButtons(_:screenWidth:)``:
    /// each labelled leaf `isIcon` accepts (its label's words all at least 2 letters long) joins the
    /// nearest leaf right of it on its row that `isTitle` accepts and whose label `names` it,
    /// starting within ``namedIconReach`` of the screen's width, with nothing between them; `mark`
    /// then changes the title (the joined element keeps the title's label, takes the icon's
    /// detections and spans both).
    /// With `trailing`, the icon lies right of its title instead (a logo at a sign-in button's
    /// trailing end: "Sign in with Facebook" then its "f").
    static func joinNamedIcons(
        _ elements: [Element], screenWidth: Double, trailing: Bool = false, isIcon: (Element) -> Bool, isTitle: (Element) -> Bool,
        names: (_ named: [String], _ titleLabel: String) -> Bool, mark: (inout Element) -> Void
    ) -> [Element] {
        var result = elements
        var absorbed = Set<Int>()
        for (i, icon) in elements.enumerated() where icon.children.isEmpty && isIcon(icon) {
            let named = titleWords(icon.label ?? "")
            guard !named.isEmpty, named.allSatisfy({ $0.count >= 2 }) else { continue }
            let f = icon.frame
            let hosts = elements.indices.filter { j in
                let t = elements[j]
                let side =
                    trailing
                    ? f.midX >= t.frame.maxX && f.minX - t.frame.maxX <= namedIconReach * screenWidth
                    : f.midX <= t.frame.minX && t.frame.minX - f.maxX <= namedIconReach * screenWidth
                guard j != i, !absorbed.contains(j), t.children.isEmpty, !t.detections.isEmpty, isTitle(t),
                    f.sharesRow(with: t.frame), side
                else { return false }
                return names(named, t.label ?? "")
            }
            let nearest = hosts.min { a, b in
                trailing ? elements[a].frame.maxX > elements[b].frame.maxX : elements[a].frame.minX < elements[b].frame.minX
            }
            guard let host = nearest else { continue }
            let g = elements[host].frame
            let (from, to) = trailing ? (g.maxX, f.minX) : (f.maxX, g.minX)
            let blocked = elements.indices.contains { k in
                guard k != i, k != host, !absorbed.contains(k) else { return false }
                let h = elements[k].frame
                return h.midX > from && h.midX < to && h.yOverlap(g) > 0.5 * min(h.height, g.height)
            }
            guard !blocked else { continue }
            mark(&result[host])
            result[host].detections += icon.detections
            result[host].frame = result[host].frame.union(f)
            absorbed.insert(i)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// How close (in its widths) an icon that is a button of its own must sit left of a text
    /// button's title to be that button's leading glyph: 1.5 — *measured* on ui-real valid
    /// (2026-11-25): ▶ PLAY and ⤮ SHUFFLE glyphs sit 0.7 widths from their titles; Apple's HIG and
    /// Material space a button's image and title by about half the glyph's width.
    public static let leadingGlyphGap = 1.5

    /// Whether ≥ 95 % of the pixels in `rect` lie within `distance` of its fill colour
    /// (`RGBAImage.dominantColour`); an empty rectangle — touching boxes — counts as one colour, and
    /// so does one too narrow to hold a whole pixel (a glyph 5 px from its chip's title leaves a
    /// 1.5-px gap between the two pixels each side keeps clear; it had counted as not one colour).
    static func isOneColour(_ image: RGBAImage, _ rect: Rect, distance: Double) -> Bool {
        let r = rect.clamped(width: Double(image.width), height: Double(image.height))
        let x0 = Int(r.minX.rounded(.up))
        let x1 = Int(r.maxX.rounded(.down))
        let y0 = Int(r.minY.rounded(.up))
        let y1 = Int(r.maxY.rounded(.down))
        guard x1 > x0, y1 > y0 else { return rect.width <= 0 || (x1 <= x0 && r.height > 0) }
        guard let fill = image.dominantColour(x0: x0, y0: y0, x1: x1, y1: y1) else { return false }
        var near = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                if image.color(x: x, y: y).distance(to: fill) < distance { near += 1 }
            }
        }
        return Double(near) >= 0.95 * Double((x1 - x0) * (y1 - y0))
    }

    /// The indices of background pictures: unlabelled or named only by the picture describer (no
    /// text read on them), covering more than `minScreenShare` of the
    /// screen — or a card of any size (``isCard(_:in:containment:)``) — with at least `minInside`
    /// other elements lying ≥ `containment` inside them (``ContentSettings/hideBackgroundPictures``).
    public static func backgroundPictures(
        _ elements: [Element], screen: ImageInfo, minScreenShare: Double, containment: Double, minInside: Int = 2
    ) -> Set<Int> {
        Set(
            elements.indices.filter { i in
                // Named by the picture describer at most: no text read on it labels it.
                let unread = elements[i].label == nil || !elements[i].detections.contains { !($0.text ?? "").isEmpty }
                return unread && elements[i].value == nil
                    && (isBackdrop(i, in: elements, screen: screen, minScreenShare: minScreenShare, containment: containment, minInside: minInside)
                        || (elements[i].kind == .picture && isCard(i, in: elements, containment: containment)
                            && isBackdrop(i, in: elements, screen: screen, minScreenShare: 0, containment: containment, minInside: minInside)))
            })
    }

    /// Whether element `i` is a picture behind the screen's content: covering more than
    /// `minScreenShare` of the screen, with at least `minInside` other elements lying ≥ `containment`
    /// inside it (a sign-in screen's photo under its title and buttons).
    public static func isBackdrop(
        _ i: Int, in elements: [Element], screen: ImageInfo, minScreenShare: Double, containment: Double, minInside: Int = 2
    ) -> Bool {
        let p = elements[i]
        guard p.kind == .picture, p.frame.width * p.frame.height > minScreenShare * Double(screen.width * screen.height) else { return false }
        return elements.indices.filter { $0 != i && elements[$0].frame.fractionInside(p.frame) >= containment }.count >= minInside
    }

    /// How far a row's leading thumbnail may sit from its text, in thumbnail widths: 0.5 — Material's
    /// list rows put the text 16 dp after a 56–114-dp thumbnail (0.14–0.29), iOS cells 15 pt after
    /// a 60-pt image (0.25); on ui-real valid a product photo 1.5 widths from an open menu's
    /// "My Lists" was taken as that item's thumbnail at 1.5 (2026-11-25).
    public static let thumbnailGap = 0.5
    /// How far a rating's stars may sit from the text on their row that they join, in the row's
    /// heights: 2 — *measured* on the 820 check screens (2026-11-26), where the stars sat 0.4–0.8
    /// heights from their count or name ("(15)", "Terry Schmidt", "1132 reviews").
    public static let ratingGap = 2.0

    /// The widest icon (width over height) whose caption gap ``joinIconCaptions(_:screen:maxGap:bottomBand:maxPictureWidth:)``
    /// counts in its width: 1.5 — *measured* on ui-real (2026-11-24, tenth session): the glyphs
    /// left apart from their captions were 1.2–1.35 (a browser window, two people); a five-star
    /// rating bar (≈ 5) then took the price below it as its caption.
    static let maxGlyphAspect = 1.5

    /// An icon with a short caption (a text, or a text the text-button model already called a button)
    /// centred right under it is one button labelled by the caption
    /// (ui-real's TextImageButton: a launcher's "Instagram", a toolbar's "Cart", an action row's
    /// "Call"): the caption — at most ``TextButtons/Constants/maxWords`` words, at most 4 icon widths
    /// wide, its centre within a quarter of the wider one's width of the icon's — starts within
    /// `maxGap` × the icon's larger side (its slot; its height for one wider than `maxGlyphAspect`) below the icon. Icons in the bottom `bottomBand` of the screen are left
    /// to tab-bar grouping (§5.5), which reads an icon and its caption as one tab. Pictures at most
    /// `maxPictureWidth` wide take part like icons (a launcher's app icon over "Bluetooth Share", a
    /// shop's category tile over "뷰티": ui-real labels them TextImageButton); the caption, the
    /// thing's name, is the label — the describer's guess is dropped. A caption without letters
    /// under a glyph the icon classifier named is a count: the meaning is the label and the count
    /// the value ("Favorite, 13, Button").
    public static func joinIconCaptions(
        _ elements: [Element], screen: ImageInfo, maxGap: Double, bottomBand: Double, maxPictureWidth: Double = 0
    ) -> [Element] {
        var result = elements
        var absorbed = Set<Int>()
        let captions = elements.indices.filter { i in
            let e = elements[i]
            let isText = e.kind == .text || (e.kind == .button && e.detections.allSatisfy { $0.type == .text })
            guard isText, e.children.isEmpty, let label = e.label else { return false }
            return label.split(separator: " ").count <= TextButtons.Constants.maxWords
        }
        let bottom = (1 - bottomBand) * Double(screen.height)
        // The texts a caption's description may be (static texts and text buttons).
        let textLike = elements.indices.filter { k in
            elements[k].kind == .text || (elements[k].kind == .button && isMadeOfText(elements[k]))
        }
        for (i, icon) in elements.enumerated() where [.icon, .button, .picture].contains(icon.kind) && icon.children.isEmpty {
            let isIcon = icon.kind != .picture && icon.detections.allSatisfy({ $0.type == .icon })
            let isSmallPicture = icon.kind == .picture && icon.frame.width <= maxPictureWidth
            guard isIcon || isSmallPicture, icon.frame.midY < bottom else { continue }
            let f = icon.frame
            // Glyphs are drawn in a square slot (Material's 24 dp, HIG's SF Symbol point size) and
            // the detector's box hugs the ink: a wide, short glyph (two people, a car) is as far
            // above its caption as a square one, so its gap is counted in the slot's size. Only
            // icons up to `maxGlyphAspect` wide: a wider "icon" is a rating bar or a logo.
            let slot = isIcon && f.width <= Self.maxGlyphAspect * f.height ? max(f.width, f.height) : f.height
            let below = captions.filter { j in
                let t = elements[j].frame
                let gap = t.minY - f.maxY
                return !absorbed.contains(j) && gap >= -0.1 * f.height && gap <= maxGap * slot && t.height <= 1.2 * f.height
                    && t.width <= 4 * f.width && abs(t.midX - f.midX) <= 0.25 * max(t.width, f.width)
            }
            guard let j = below.min(by: { elements[$0].frame.minY < elements[$1].frame.minY }) else { continue }
            // A caption without letters under a recognised glyph is its count ("♡" over "13", a
            // comment bubble over "4"): the glyph names the button and the count is its value.
            let caption = elements[j].label
            // A page's title over its description, under its illustration ("Get Inspired" over
            // "Get Inspired and bring new life to your kitchen.", a person-plus glyph over "Follow
            // Athletes" and "Whose poster is on your wall?…"): an onboarding page, not a tile. The
            // glyph illustrates the title and is spoken with it, as a static text the heading rules
            // judge, not as a button.
            let others = textLike.filter { $0 != j && $0 != i }.map { (box: elements[$0].frame, text: elements[$0].label) }
            if TextButtons.isHeadingOverDescription(box: elements[j].frame, text: caption, among: others) {
                result[i] = Element(
                    kind: .text, frame: f.union(elements[j].frame), label: caption, traits: .staticText,
                    detections: icon.detections + elements[j].detections)
                absorbed.insert(j)
                continue
            }
            let meaning = icon.detections.contains { $0.iconLabel != nil } ? icon.label : nil
            let isCount = !(caption ?? "").contains { $0.isLetter }
            result[i] = Element(
                kind: .button, frame: f.union(elements[j].frame), label: isCount ? meaning ?? caption : caption,
                value: isCount && meaning != nil ? caption : nil, traits: .button, hint: Hints.button,
                detections: icon.detections + elements[j].detections)
            absorbed.insert(j)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// An iOS navigation bar's back button is a chevron and the previous screen's title side by
    /// side ("‹ Settings"), with the bar's own title centred ("Bluetooth"): VoiceOver reads it as
    /// one button ("Settings, Back button"). A back icon in the top bar (``TextButtons/Constants/barFraction``
    /// of the screen) with a text starting within `maxGap` × the taller one's height to its right,
    /// left of the bar's middle third (``TextButtons/Constants/titleBand``), while another text on the
    /// row sits in that middle third, becomes one button labelled "TITLE, Back" ("Back" alone
    /// when the text says "Back"; such a text joins with or without a centred title — one screen
    /// of about 1,500 on ui-real had "Back, Button" then "Back"). Android's up arrow is followed by the screen's own title, set
    /// farther off and with no centred title beside it, and is left alone.
    public static func joinBackButtonTitles(_ elements: [Element], screen: ImageInfo, maxGap: Double) -> [Element] {
        let width = Double(screen.width)
        let barBottom = TextButtons.Constants.barFraction * Double(screen.height)
        let band = (width * (1 - TextButtons.Constants.titleBand) / 2)...(width * (1 + TextButtons.Constants.titleBand) / 2)
        func isText(_ e: Element) -> Bool {
            e.children.isEmpty && !(e.label ?? "").isEmpty && !e.detections.isEmpty
                && (e.kind == .text || e.kind == .button) && e.detections.allSatisfy { $0.type == .text }
        }
        var result = elements
        var absorbed = Set<Int>()
        for (i, back) in elements.enumerated()
        where back.kind == .button && back.children.isEmpty && back.frame.midY <= barBottom && !back.detections.isEmpty
            && back.detections.allSatisfy({ $0.type == .icon && $0.iconLabel == .back })
        {
            let b = back.frame
            let titles = elements.indices.filter { j in
                let t = elements[j].frame
                let gap = t.minX - b.maxX
                return !absorbed.contains(j) && isText(elements[j]) && b.sharesRow(with: t) && gap >= -0.1 * b.height
                    && gap <= maxGap * max(b.height, t.height) && t.midX < band.lowerBound
            }
            guard let j = titles.min(by: { elements[$0].frame.minX < elements[$1].frame.minX }) else { continue }
            let t = elements[j].frame
            let centred = elements.indices.contains { k in
                k != j && isText(elements[k]) && t.sharesRow(with: elements[k].frame) && elements[k].frame.minX >= t.maxX
                    && band.contains(elements[k].frame.midX)
            }
            // A title that says "Back" is the button's own, centred title or not (Android apps
            // drawing iOS's back button over a title on the row below).
            guard let title = elements[j].label else { continue }
            let saysBack = title.trimmingCharacters(in: .whitespaces).lowercased() == "back"
            guard centred || saysBack else { continue }
            let label = saysBack ? "Back" : "\(title), Back"
            result[i] = Element(
                kind: .button, frame: b.union(t), label: label, traits: .button, hint: Hints.button,
                detections: back.detections + elements[j].detections)
            absorbed.insert(j)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// Whether picture `i` is a card — a dialog's or a form's panel the detector took for a
    /// picture — rather than a picture: a control with a read title lies ≥ `containment` inside it
    /// (a text button titled in words, a text field, a checkbox or a switch). A logo or a poster
    /// holds no "CREATE ACCOUNT" or "Male"; a photo's heart or "+" badge is an icon button and its
    /// rank "3" no title, which do not count.
    public static func isCard(_ i: Int, in elements: [Element], containment: Double) -> Bool {
        let p = elements[i].frame
        return elements.indices.contains { j in
            let e = elements[j]
            guard j != i, e.children.isEmpty, e.frame.fractionInside(p) >= containment else { return false }
            switch e.kind {
            case .textField, .checkbox, .toggle: return true
            case .button:
                // A title in words: a product photo's rank badge read as a button ("3", "4") is no card's.
                return (e.label ?? "").filter(\.isLetter).count >= 2 && e.detections.contains { $0.type == .text }
                    && !e.detections.contains { $0.type == .icon }
            default: return false
            }
        }
    }

    /// Cards' texts (``isCard(_:in:containment:)``) as texts of their own: a card the detector took
    /// for a picture had been named by the lines read on it — "Smarter Shopping, Already have an
    /// account?, Image" over a "CREATE ACCOUNT" and a "SIGN IN" button, "Your bag is empty!,
    /// Image" over "ADD FROM WISHLIST". Each of the picture's lines (whole-screen `lines` inside
    /// it, read as its label says) becomes a text where no element lies on it and no element on the
    /// card says it already (a "SIGN IN" button under the line read on it), and the card
    /// loses its label (a card behind its content is then a background:
    /// ``backgroundPictures(_:screen:minScreenShare:containment:minInside:)``). A label not wholly
    /// found among the lines (the picture reader's) is left as it is. *Measured* on the 1,219
    /// listening screens (2026-11-28). Returns the elements and how many cards were released.
    public static func releaseCardText(
        _ elements: [Element], lines: [RecognizedText], containment: Double
    ) -> (elements: [Element], released: Int) {
        var result = elements
        var added: [Element] = []
        var released = 0
        for i in elements.indices where elements[i].kind == .picture && elements[i].children.isEmpty {
            guard let label = elements[i].label, isCard(i, in: elements, containment: containment) else { continue }
            let frame = elements[i].frame
            let parts = label.components(separatedBy: ", ")
            let on = lines.filter { $0.box.fractionInside(frame) >= containment }
            var texts: [Element] = []
            var found = Set<String>()
            for line in on {
                let text = line.text.trimmingCharacters(in: .whitespaces)
                guard parts.contains(text) else { continue }
                found.insert(text)
                // Not on an element, and not the title of one on the card read again ("SIGN IN" over its button).
                let free = !elements.indices.contains { j in
                    j != i
                        && (line.box.fractionInside(elements[j].frame) >= 0.5
                            || (elements[j].frame.fractionInside(frame) >= containment && elements[j].label?.lowercased() == text.lowercased()))
                }
                if free {
                    texts.append(element(for: Detection(type: .text, box: line.box, confidence: line.confidence, text: text, source: .ocr)))
                }
            }
            guard found == Set(parts) else { continue }
            result[i].label = nil
            for k in result[i].detections.indices where result[i].detections[k].type == .picture { result[i].detections[k].text = nil }
            added += texts
            released += 1
        }
        return (result + added, released)
    }

    /// A picture with legible text inside (a logo, banner or poster) takes that text as its label
    /// : the texts lying ≥ `containment` inside a picture are read as its label, top to
    /// bottom, and are no longer separate elements. Only pictures covering at most `maxScreenShare`
    /// of the screen take part: a larger one is a background whose texts and buttons stay apart.
    public static func absorbTextIntoPictures(
        _ elements: [Element], screen: ImageInfo, containment: Double,
        maxScreenShare: Double
    ) -> [Element] {
        let screenArea = Double(screen.width * screen.height)
        var result = elements
        var absorbed = Set<Int>()
        for (pi, picture) in elements.enumerated() where picture.kind == .picture && picture.children.isEmpty {
            guard picture.frame.width * picture.frame.height <= maxScreenShare * screenArea,
                !isCard(pi, in: elements, containment: containment)
            else { continue }
            let inside = elements.indices.filter { i in
                i != pi && !absorbed.contains(i) && elements[i].kind == .text && elements[i].children.isEmpty
                    && elements[i].label != nil && elements[i].frame.fractionInside(picture.frame) >= containment
            }.sorted { elements[$0].frame.minY < elements[$1].frame.minY }
            guard !inside.isEmpty else { continue }
            result[pi].label = inside.compactMap { elements[$0].label }.joined(separator: ", ")
            result[pi].detections += inside.flatMap { elements[$0].detections }
            absorbed.formUnion(inside)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// Letters a header's label needs: a heading names its screen or section in words. The tallest
    /// text at the top that is a number or a fragment ("4", "1000", "0.8", "<2", "01(", "G20") or
    /// was not read ("Text") is a count, a value or a glyph — 10 of the 102 headings on ui-real
    /// valid and 300 train screens before this rule (2026-11-25), none of them a title.
    public static let minHeaderLetters = 2

    /// Marks the top app bar's title as a header: VoiceOver speaks a UIKit navigation bar's title
    /// as a heading ("Bluetooth, Heading" after "Settings, Back, Button"), and a VoiceOver user
    /// reaches the screen's name with the headings rotor (WCAG 2.4.6: headings describe the
    /// screen). The title is a static text that ``Interactivity/isAppBarTitle(_:others:icons:screen:settings:)``
    /// finds — after a leading navigation icon (back, menu or close, or one left unknown: an avatar
    /// or a logo leads an account card, not a bar) or centred with an item at the bar's leading
    /// edge — with ``minHeaderLetters`` letters, no status-bar text, not inside a text field,
    /// and alone on its row but for the bar's leading item and its trailing
    /// actions (past ``appBarActionsStart`` of the width): a tab strip's or segmented control's
    /// texts share their row. Of several (a title and its subtitle), the upper one.
    ///
    /// *Measured* (2026-11-26) on the 779 check screens: 115 texts became headings, 108 of them
    /// the bar's title by eye; the other 7 were a Korean "뒤로" (Back) beside its chevron, a
    /// player's "AAC 128k" pill, a search bar's placeholder not detected as a field, a drawer's
    /// "Try Pro for free", an event's date beside its picture and, twice, the dates under a bar's
    /// title "Current location". Without the leading-icon meaning and the
    /// row conditions 126 did, with a news tab strip's "Social Buzz", a "Music | Podcast" switch,
    /// Korean category strips and drawer account cards ("App Crawler" after its avatar) among them.
    public static func markAppBarTitle(
        _ elements: [Element], screen: ImageInfo, settings: InteractivitySettings = .init()
    ) -> [Element] {
        let width = Double(screen.width)
        let frames = elements.map(\.frame)
        let navigation: Set<IconMeaning> = [.back, .menu, .close]
        let icons = elements.filter { e in
            let glyphs = e.detections.filter { $0.type == .icon }
            return !glyphs.isEmpty && !e.detections.contains { $0.type == .text }
                && glyphs.allSatisfy { $0.iconLabel.map(navigation.contains) ?? true }
        }.map(\.frame)
        let fields = elements.filter { $0.kind == .textField }.map(\.frame)
        let texts = elements.filter { $0.kind == .text || ($0.kind == .button && isMadeOfText($0)) }.map(\.frame)
        let titles = elements.indices.filter { i in
            let e = elements[i]
            guard e.kind == .text, e.children.isEmpty, (e.label ?? "").filter(\.isLetter).count >= minHeaderLetters,
                !StatusBar.isStatusText(e.label, frame: e.frame, screenHeight: Double(screen.height)),
                !fields.contains(where: { e.frame.fractionInside($0) >= 0.85 }),
                Interactivity.isAppBarTitle(e.frame, others: frames, icons: icons, screen: screen, settings: settings)
            else { return false }
            // Alone on its row: other texts only at the bar's leading edge or among its trailing actions.
            return !texts.contains { t in
                t != e.frame && t.sharesRow(with: e.frame) && t.minX >= settings.leadingIconBand * width && t.minX < appBarActionsStart * width
            }
        }
        // A title over its subtitle ("Current location" over "Dec 12 – Dec 19"): the upper one.
        guard let title = titles.min(by: { elements[$0].frame.minY < elements[$1].frame.minY }) else { return elements }
        var result = elements
        result[title].traits.insert(.header)
        return result
    }

    /// Marks a top app bar's title that no navigation icon leads as a header: Material's top app
    /// bar without a navigation icon starts its title at the 16-dp margin ("What's New" over an
    /// onboarding pager), and VoiceOver speaks a bar's title as a heading. The title is the
    /// screen's topmost element off the status bar, a static text worded as a title
    /// (``isWordedAsTitle(_:)``) that is no action phrase, no question and not ending on ":", in
    /// the navigation bar's band, starting within ``barTitleMaxStart`` of the width from the
    /// leading edge, alone on its row but for trailing actions (from ``appBarActionsStart`` of the
    /// width), and its em at least ``barTitleMinType`` × the median of the screen's other texts'
    /// (a caption in small type over a list is no title; a screen with no other text has none).
    /// *Measured* (2026-11-28) on the 1,219 listening screens: 4 headings, each its screen's
    /// title by eye ("What's New", "Tap on the artists you like", "Care.com", and a Korean
    /// section title misread "ASCH FZ BEST SB").
    public static func markLeadingBarTitle(
        _ elements: [Element], screen: ImageInfo, lines: [RecognizedText] = [], settings: InteractivitySettings = .init()
    ) -> [Element] {
        let width = Double(screen.width)
        let height = Double(screen.height)
        let bar = StatusBar.bar(of: lines, screenHeight: height)
        func isStatus(_ e: Element) -> Bool {
            StatusBar.isStatusText(e.label, frame: e.frame, screenHeight: height) || (bar?.holds(e.frame, tight: true) ?? false)
        }
        let content = elements.indices.filter { !isStatus(elements[$0]) }
        guard let top = content.min(by: { elements[$0].frame.minY < elements[$1].frame.minY }) else { return elements }
        let e = elements[top]
        let f = e.frame
        let label = e.label ?? ""
        guard e.kind == .text, e.children.isEmpty, !e.traits.contains(.header), isWordedAsTitle(label), !TextButtons.isActionPhrase(label),
            !label.contains("?"), !label.hasSuffix(":"), f.midY <= settings.navigationBarBand * height, f.minX < barTitleMaxStart * width,
            !content.contains(where: { $0 != top && elements[$0].frame.sharesRow(with: f) && elements[$0].frame.minX < appBarActionsStart * width })
        else { return elements }
        // By em (``typeSize(of:lines:)``): a title in capitals and ascenders has a box as tall as
        // its cap height, a "Skip" beside it one down to its descender.
        let others = typeSizedTexts(elements, screenHeight: height).filter { $0 != top }.map { typeSize(of: elements[$0], lines: lines) }.sorted()
        // A lone text names nothing: a title stands over other texts.
        guard !others.isEmpty, typeSize(of: e, lines: lines) >= barTitleMinType * others[others.count / 2] else { return elements }
        var result = elements
        result[top].traits.insert(.header)
        return result
    }

    /// A bar's title with no navigation icon starts within 0.1 of the screen's width — *design
    /// choice*: Material's 16-dp margin is 0.044 of a 360-dp screen, iOS's 16 pt 0.041 of 390.
    public static let barTitleMaxStart = 0.1
    /// …and its type is at least 0.9 × the median of the other texts' — *design choice*: a bar's
    /// title is set in the title style (Material title large 22 sp, iOS headline 17 pt), at least
    /// the body's size, with a detector box's pixel of slack.
    public static let barTitleMinType = 0.9

    /// Where a top app bar's trailing actions start, as a share of the screen's width: 0.65 —
    /// *design choice*: Material's top app bar puts up to three 48-dp action icons or a text
    /// action at its trailing end (the last 144 dp of a 360-dp bar, 0.6), iOS its trailing bar
    /// button ("Next", "Manage"); a tab strip's next tab starts nearer.
    public static let appBarActionsStart = 0.65

    /// A large title starts left of 0.45 of the screen's width — *measured* (2026-11-26): titles
    /// start at the leading margin (iOS 16 pt, 0.04) or Material's 72-dp keyline (0.2), list and
    /// card titles after a thumbnail at 0.31–0.32. On the 779 check and 700 held-out screens the
    /// rule took 7 headings starting at 0.55–0.84 back: three "Already Have An Account" links, a
    /// "Skip", a selected tab, a status bar's junk and a drawer header's right-aligned app name
    /// ("Klara", the one that was a title of sorts).
    public static let largeTitleMaxStart = 0.45
    /// …or is centred: its middle within 0.05 of the screen's width of the screen's middle —
    /// *design choice* (a centred title is centred to the pixel; 0.05 leaves room for a
    /// detector's box around its glyphs).
    public static let largeTitleCentreTolerance = 0.05

    /// The height of a text's type: its frame's height shared among the rows of `lines` whose
    /// middle lies in the frame (two lines are one row when their middles are less than half a
    /// line's height apart), or the frame's height when fewer than two rows lie there (a one-line
    /// text, or one OCR did not read across the whole screen). By middles, not by the share of a
    /// line inside the frame: a detector box that cut a paragraph's first line short ("Life is
    /// complicated! Use Burner…" read from x 16, its box starting at 29) had left two rows of three,
    /// and the paragraph's "type" half its height, a heading (ui-real train, 2026-11-27).
    public static func typeHeight(of frame: Rect, lines: [RecognizedText]) -> Double {
        typeHeight(of: frame, rows: typeRows(of: frame, lines: lines))
    }

    /// ``typeHeight(of:lines:)`` for a frame holding `rows` rows of lines.
    static func typeHeight(of frame: Rect, rows: Int) -> Double {
        rows >= 2 ? frame.height / Double(rows) : frame.height
    }

    /// How many rows a text reading `label` fills in `frame`, from its words alone — for a text the
    /// whole-screen reading missed (only its own crop was read, so no line says how many rows it
    /// has): the count whose em by the frame's height (rows ``lineSpacing`` em apart, the last one's
    /// ink ``inkShare(of:)``) best agrees with its em by the frame's width (the label's characters
    /// shared among the rows at ``averageAdvance`` em each, ``capitalsAdvance`` in capitals). At
    /// most ``maxEstimatedRows``; 1 for a label in another script or with fewer than
    /// ``minEstimatedRowCharacters`` characters.
    public static func estimatedRows(of label: String, frame: Rect) -> Int {
        let letters = label.filter(\.isLetter)
        guard label.count >= minEstimatedRowCharacters, frame.height > 0, frame.width > 0, !letters.isEmpty, letters.allSatisfy(\.isASCII)
        else { return 1 }
        let capitals = Double(letters.filter(\.isUppercase).count) >= 0.5 * Double(letters.count)
        let advance = capitals ? capitalsAdvance : averageAdvance
        let ink = inkShare(of: label)
        func disagreement(_ n: Int) -> Double {
            let byHeight = frame.height / (Double(n - 1) * lineSpacing + ink)
            let byWidth = frame.width * Double(n) / (Double(label.count) * advance)
            return abs(log(byHeight / byWidth))
        }
        return (1...maxEstimatedRows).min { disagreement($0) < disagreement($1) } ?? 1
    }

    /// A sentence's characters (spaces and punctuation included) advance 0.48 em each on average,
    /// in capitals 0.59 — *measured* (2026-11-28) with PIL at 1,000 px on English sentences:
    /// Roboto 0.454 / 0.56, Noto Sans 0.484, DejaVu Sans 0.52 / 0.616.
    public static let averageAdvance = 0.48
    public static let capitalsAdvance = 0.59
    /// ``estimatedRows(of:frame:)`` tries at most 6 rows — *design choice*: a description or a
    /// paragraph the rules weigh; a longer text is no title's description.
    public static let maxEstimatedRows = 6
    /// …and judges labels of at least 12 characters — *design choice*: a short label's width
    /// says little of its em (one wide "W", a figure).
    public static let minEstimatedRowCharacters = 12

    /// How many rows of `lines` have their middle in `frame` (two lines are one row when their
    /// middles are less than half a line's height apart).
    public static func typeRows(of frame: Rect, lines: [RecognizedText]) -> Int {
        let inside = lines.filter { $0.box.height > 0 && frame.contains($0.box.center) }.sorted { $0.box.midY < $1.box.midY }
        var rows = 0
        var last: Rect?
        for line in inside {
            if let l = last, line.box.midY - l.midY < 0.5 * min(l.height, line.box.height) { continue }
            rows += 1
            last = line.box
        }
        return rows
    }

    /// The size of a text's type, its em, in pixels: its frame's height over the share of the em
    /// its letters span (``inkShare(of:)``) — a line in capitals or without descenders ("And much
    /// more") has a box as tall as its cap height, a line with descenders ("Plan your trip") one
    /// from cap height to descender, so by boxes a title in larger type measured no taller than
    /// the list under it (17 against 15 px, ui-real train, 2026-11-28). A text of several rows
    /// (``typeRows(of:lines:)``) spans ``lineSpacing`` em from one row to the next and its last
    /// row's ink.
    public static func typeSize(of element: Element, lines: [RecognizedText]) -> Double {
        typeSize(of: element, rows: typeRows(of: element.frame, lines: lines))
    }

    /// ``typeSize(of:lines:)`` for an element whose frame holds `rows` rows of lines.
    static func typeSize(of element: Element, rows: Int) -> Double {
        element.frame.height / (Double(max(0, rows - 1)) * lineSpacing + inkShare(of: element.label ?? ""))
    }

    /// The share of the em that a line of `text` spans from its highest ink to its lowest: from
    /// cap height (capitals, digits, ascenders "bdfhklt", brackets and most signs: 0.72 em) or
    /// x-height (0.54 em) down to the baseline, plus the descender (0.21 em) where a letter or
    /// bracket hangs below it ("gjpqy", "()[]{}"). A line with letters of another script, or with
    /// no letters or digits at all, counts ``otherScriptInkShare``.
    ///
    /// *Measured* (2026-11-28) from glyphs rendered at 1,000 px with PIL: cap height 0.711 / 0.714
    /// / 0.729 em (Roboto, Noto Sans, DejaVu Sans), "b" 0.75–0.76, x-height 0.528–0.547, "p"'s
    /// descender 0.20–0.24.
    public static func inkShare(of text: String) -> Double {
        let letters = text.filter { $0.isLetter || $0.isNumber }
        guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII }) else { return otherScriptInkShare }
        let tall = text.contains { $0.isUppercase || $0.isNumber || "bdfhklt()[]{}!?/|#$%&@'\"".contains($0) }
        let hangs = text.contains { "gjpqy()[]{}".contains($0) }
        return (tall ? capHeight : xHeight) + (hangs ? descender : 0)
    }

    /// Cap height, x-height and descender as shares of the em (``inkShare(of:)``).
    public static let capHeight = 0.72
    public static let xHeight = 0.54
    public static let descender = 0.21
    /// A line of Hangul or CJK, or of signs only, spans 0.92 of the em — *measured* (2026-11-28)
    /// from Nanum Gothic's "가" and "한국어" rendered with PIL (0.825 em above the baseline, 0.10
    /// below).
    public static let otherScriptInkShare = 0.92
    /// Rows of a paragraph follow each other at 1.3 em — *design choice* between the platforms'
    /// body text: Roboto's default line spacing 1.17, iOS body 17 on 22 pt (1.29), Material body
    /// 16 on 24 sp (1.5).
    public static let lineSpacing = 1.3

    /// Marks a screen's title wherever it stands as a header, where neither the large-title rule
    /// (``markHeader(_:screenHeight:screenWidth:lines:settings:)``) nor the app-bar rule found one: an
    /// onboarding or welcome page names itself in its largest type ("Tiny Calendar" over its
    /// pictures, "Welcome to Google Wallet" below its logo, "JusTalk" over "The best video call").
    /// The title is the static text of the largest type (``typeHeight(of:lines:)``) with
    /// ``minPageTitleLetters`` letters, at most ``maxPageTitleWords`` words, no sentence's closing
    /// full stop, mostly in a cased script (Latin, Greek, Cyrillic), not ending on a word that needs
    /// the next (`MissingElements.continuingWords`), with no question before its end and no "@",
    /// starting with a capital or a digit unless it is one word,
    /// off the status bar, at least ``AnnouncementSettings/pageTitleHeightRatio``
    /// × the median type of the other texts (text buttons count) and taller than each of them by
    /// ``pageTitleLead``: of two texts as large, neither is the screen's title (a grid of product
    /// names, a list of cards).
    public static func markPageTitle(
        _ elements: [Element], screenHeight: Double, lines: [RecognizedText] = [], settings: AnnouncementSettings = .init()
    ) -> [Element] {
        guard !elements.contains(where: { $0.traits.contains(.header) }) else { return elements }
        let texts = typeSizedTexts(elements, screenHeight: screenHeight)
        guard texts.count >= 2 else { return elements }
        let bar = StatusBar.bar(of: lines, screenHeight: screenHeight)
        // The title by its box's height, else by its em: a box spans a line's ink, and a title
        // without descenders over lines with them ("And much more" over "Plan your trip") leads
        // only by its em. By its em, a title is also worded as a name (``isWordedAsEmTitle(_:)``).
        func title(_ size: (Int) -> Double, strict: Bool = false) -> Int? {
            let height = Dictionary(uniqueKeysWithValues: texts.map { ($0, size($0)) })
            guard let tallest = texts.max(by: { height[$0, default: 0] < height[$1, default: 0] }) else { return nil }
            let e = elements[tallest]
            guard e.kind == .text, e.children.isEmpty, isWordedAsTitle(e.label ?? ""), !(bar?.holds(e.frame, tight: true) ?? false),
                !strict || isWordedAsEmTitle(e.label ?? "")
            else { return nil }
            let others = texts.filter { $0 != tallest }.map { height[$0, default: 0] }.sorted()
            let title = height[tallest, default: 0]
            guard title >= settings.pageTitleHeightRatio * others[others.count / 2], title >= pageTitleLead * others.last! else { return nil }
            return tallest
        }
        let rows = Dictionary(uniqueKeysWithValues: texts.map { ($0, typeRows(of: elements[$0].frame, lines: lines)) })
        guard
            let found = title({ typeHeight(of: elements[$0].frame, rows: rows[$0, default: 0]) })
                ?? (settings.pageTitleByEm ? title({ typeSize(of: elements[$0], rows: rows[$0, default: 0]) }, strict: true) : nil)
        else { return elements }
        var result = elements
        result[found].traits.insert(.header)
        return result
    }

    /// A title found by its em (``markPageTitle(_:screenHeight:lines:settings:)``'s second look)
    /// is also worded as a name: at least 4 letters, fewer than ``titleOverDescriptionMaxDigits``
    /// digits, starting with a capital or a digit — *measured* (2026-11-28) on the 1,219
    /// listening screens: the em found 47 titles, 37 of them the screen's title by eye. These
    /// conditions leave out 4 of the other 10 (a Korean price tile's "HCH 12,800 21", a
    /// lower-case "used" read from Hangul, "Pla" cut at the screen's edge, a field's "username")
    /// and one of the 37 (the logo type "imSold!").
    ///
    /// Nor is it a form field's placeholder, all its words placeholder words
    /// (``TextFieldLabels/words``): a field the detector missed left its "Password" a text in
    /// the field's large type, spoken "Password, Heading" (a listening review of 30 more screens,
    /// 2026-11-28); on the 1,219 screens this left out that "Password" and one share sheet's
    /// title, "Select".
    static func isWordedAsEmTitle(_ label: String) -> Bool {
        let placeholder = label.split(separator: " ").allSatisfy { TextFieldLabels.lexicon.contains(String($0)) }
        return label.filter(\.isLetter).count >= 4 && label.filter(\.isNumber).count < titleOverDescriptionMaxDigits
            && (label.first.map { $0.isUppercase || $0.isNumber } ?? false) && !placeholder
    }

    /// Whether `label` is worded as a title: ``minPageTitleLetters`` letters, at most
    /// ``maxPageTitleWords`` words, no sentence's closing full stop or "…", mostly in a cased script,
    /// not ending on a word that needs the next, no question before its end and no "@", and
    /// starting with a capital or a digit unless it is one word.
    public static func isWordedAsTitle(_ label: String) -> Bool {
        let words = label.split(separator: " ")
        return label.filter(\.isLetter).count >= minPageTitleLetters
            && words.count <= maxPageTitleWords && !label.hasSuffix(".") && !label.hasSuffix("…")
            // Hangul and CJK fill the em box where Latin lower case does not: a Korean line among
            // Latin digits and small print looks large by its box (product names, misreads).
            && MissingElements.isMostlyCased(label)
            // A line broken off its sentence ("Forgot your", "Stand out from the crowd with"), a
            // prompt and its link ("Already have an account? Log in"), an address.
            && !MissingElements.continuingWords.contains(words.last.map { $0.lowercased() } ?? "")
            && !label.dropLast().contains("?") && !label.contains("@")
            // Words in lower case after the first are a sentence's tail ("people around you");
            // one word may be a brand's lower-case logo ("duolingo").
            && (words.count == 1 || !(label.first?.isLowercase ?? false))
    }

    /// Marks a centred title over its centred description as a header: the page of an onboarding
    /// pager or an empty state names itself in a short line set in bold or larger type right above
    /// the sentence that explains it ("Customize Weather" over "Track the weather around you by
    /// sharing your location.", "MEET NEW PEOPLE" over "Thousands of gay men are waiting for
    /// you"), often in the same size as the sentence, so no size rule finds it. HIG ("Onboarding")
    /// and Material ("Onboarding", "Empty states") both lay such a page out as a title over a
    /// short description, centred.
    ///
    /// The title is a static text worded as a title (``isWordedAsTitle(_:)``), not ending on ":",
    /// with fewer than ``titleOverDescriptionMaxDigits`` digits, not an account action's title
    /// ("Log in with Facebook"), off the status bar, alone on its row and not right under another
    /// text in type as large (within ``TextButtons/continuationGap`` × its line's height and at
    /// least ``titleOverDescriptionMinType`` × its type: a paragraph's line, a name's subtitle).
    /// Its description is a static text starting below it within ``TextButtons/headingGapRatio`` ×
    /// its line's height (``typeHeight(of:lines:)``) with at least
    /// ``TextButtons/descriptionMinWords`` words, more than the title (or fewer under a title whose
    /// type leads it by ``pageTitleLead``), not truncated and no action phrase. Both are centred on the screen and on each other
    /// (middles within ``largeTitleCentreTolerance`` of the width), and the title's type is at
    /// least ``titleOverDescriptionMinType`` × the description's — the description's type by the
    /// whole-screen lines over it, or, where that reading missed it, by the rows its words fill
    /// (``estimatedRows(of:frame:)``): a news app's "SAVE STORIES FOR LATER" over a two-row
    /// sentence only its own crop read had measured a third of that sentence's box, no title.
    /// *Measured* (2026-11-28) on the 1,219 listening screens: the last two changes made 4 more
    /// headings, all onboarding pages' titles by eye ("All that & more on your finger tips",
    /// "Welcome") and a theatre's name in a list drawn on an onboarding page, which the list bound
    /// (a text right above, on the title's and the description's keyline) keeps from being one.
    public static func markTitlesOverDescriptions(
        _ elements: [Element], screen: ImageInfo, lines: [RecognizedText] = []
    ) -> [Element] {
        let width = Double(screen.width)
        let bar = StatusBar.bar(of: lines, screenHeight: Double(screen.height))
        let texts = elements.indices.filter { elements[$0].kind == .text && elements[$0].children.isEmpty }
        func centred(_ frame: Rect) -> Bool { abs(frame.midX - width / 2) <= largeTitleCentreTolerance * width }
        var result = elements
        for i in texts where !elements[i].traits.contains(.header) {
            let t = elements[i].frame
            let label = elements[i].label ?? ""
            let titleWords = label.split(separator: " ")
            guard centred(t), isWordedAsTitle(label), !label.hasSuffix(":"), label.filter(\.isNumber).count < titleOverDescriptionMaxDigits,
                !accountActions.contains(titleWords.first.map { $0.lowercased() } ?? ""), !(bar?.holds(t, tight: true) ?? false),
                !texts.contains(where: { $0 != i && elements[$0].frame.sharesRow(with: t) })
            else { continue }
            let line = typeHeight(of: t, lines: lines)
            // A line right under another text in type as large is that text's next line or its
            // subtitle ("Marriage Maverick, they usually" in a paragraph, "Author of the award
            // winning book" under a mentor's name), not a title; an overline in small capitals
            // over a title ("STRATEGY") is not.
            let continues = texts.contains { k in
                let a = elements[k].frame
                return k != i && a.maxY <= t.minY + TextButtons.overlapTolerance * line && t.minY - a.maxY <= TextButtons.continuationGap * line
                    && a.xOverlap(t) >= 0.5 * min(a.width, t.width) && typeHeight(of: a, lines: lines) >= titleOverDescriptionMinType * line
            }
            guard !continues else { continue }
            // The description's type: by the whole-screen lines over it, else — where the
            // whole-screen reading missed it and only its own crop was read — by its words.
            func descriptionType(_ j: Int) -> Double {
                let d = elements[j].frame
                let rows = typeRows(of: d, lines: lines)
                return typeHeight(of: d, rows: rows > 0 ? rows : estimatedRows(of: elements[j].label ?? "", frame: d))
            }
            let description = texts.first { j in
                let d = elements[j].frame
                let text = elements[j].label ?? ""
                let words = text.split(whereSeparator: \.isWhitespace).count
                return j != i && d.minY >= t.maxY - TextButtons.overlapTolerance * line && d.minY - t.maxY <= TextButtons.headingGapRatio * line
                    && centred(d) && abs(d.midX - t.midX) <= largeTitleCentreTolerance * width
                    // More words than the title, or fewer under a title in larger type ("All that &
                    // more on your finger tips" over "Sign up now to unleash more awesomeness").
                    && words >= TextButtons.descriptionMinWords
                    && (words > titleWords.count || line >= pageTitleLead * descriptionType(j))
                    // Shown whole: a list row's or a product card's truncated line is no description.
                    && !text.hasSuffix("…") && !text.hasSuffix("...") && !TextButtons.isActionPhrase(text)
            }
            guard let j = description, line >= titleOverDescriptionMinType * descriptionType(j) else { continue }
            // A list's item, not a page's title: a text ends right above it (within
            // ``TextButtons/headingGapRatio`` × its line's height) and the three start on one keyline
            // (within half its line's height) — a theatre's name between the address above it and
            // its own below, in a list drawn centred on an onboarding page.
            let d = elements[j].frame
            let listAbove = texts.contains { k in
                let a = elements[k].frame
                return k != i && k != j && a.maxY <= t.minY + TextButtons.overlapTolerance * line && t.minY - a.maxY <= TextButtons.headingGapRatio * line
                    && abs(a.minX - t.minX) <= 0.5 * line && abs(d.minX - t.minX) <= 0.5 * line
            }
            guard !listAbove else { continue }
            result[i].traits.insert(.header)
        }
        return result
    }

    /// A title has fewer than 4 digits: 4 — *design choice*: a year, a street number and a postcode
    /// ("2015 Massachusetts Ave NW, 20036", "© 2017 Woodforest National Bank") are an address or a
    /// footer's line, not a page's name.
    public static let titleOverDescriptionMaxDigits = 4

    /// The verbs that start an account action's title ("Log in with Facebook", "Sign up",
    /// "Continue with Google"): HIG ("Sign in with Apple") and the sign-in buttons' own guidelines
    /// word them so; over a disclaimer ("We will not post anything") such a title is a button.
    static let accountActions: Set<String> = ["sign", "signin", "signup", "log", "login", "logout", "register", "continue"]

    /// A title over its description is set at least this share of the description's type, as
    /// boxes measure it: 0.7 — *measured* from the fonts' metrics: a line in capitals or without
    /// descenders has a box as tall as its cap height or ascender (SF Pro and Roboto: 0.70–0.75 em),
    /// a sentence's line a box from ascender to descender (0.93–0.96 em), so a title in the same
    /// size as its sentence measures 0.73–0.8 of it ("ON-DEMAND DELIVERY" 13 px over a sentence of
    /// 17-px lines, ui-real train, 2026-11-28); a caption in smaller type over a paragraph ("STEP 1")
    /// measures less.
    public static let titleOverDescriptionMinType = 0.7

    /// The indices of the texts whose type the heading rules compare: static texts and text
    /// buttons (set in the same type as the texts beside them), not the status bar's (the system's
    /// type, set apart from the app's).
    static func typeSizedTexts(_ elements: [Element], screenHeight: Double) -> [Int] {
        elements.indices.filter {
            (elements[$0].kind == .text || (elements[$0].kind == .button && isMadeOfText(elements[$0])))
                && !StatusBar.isStatusText(elements[$0].label, frame: elements[$0].frame, screenHeight: screenHeight)
        }
    }

    /// A page title has this many letters: 3 — *design choice*, a word (a count, "72°" or "OK" is
    /// no title).
    public static let minPageTitleLetters = 3
    /// …and at most this many words: 8 — *design choice*: a title is short (Apple HIG, "Writing":
    /// titles are brief; the titles the rule is for run 1–5 words), a sentence set large is a
    /// message, not a name.
    public static let maxPageTitleWords = 8
    /// …and its type is this many times the next largest text's at least: 1.15 — *design choice*,
    /// one step of a type ramp (iOS title 2 → title 1 is 22 → 28 pt, Material title large →
    /// headline small 22 → 24 sp: 1.09–1.27) with a box's pixel of slack.
    public static let pageTitleLead = 1.15

    /// Marks the large title as a header: among texts whose centre is in the top
    /// ``AnnouncementSettings/headerBand`` of the screen (the status bar's clock aside) and whose label has
    /// ``minHeaderLetters`` letters, the tallest, if it is at least
    /// ``AnnouncementSettings/headerHeightRatio`` × the median height of the other texts there (of
    /// all texts when it is alone there). Given the screen's width, the title must start at the
    /// leading side (left of ``largeTitleMaxStart`` of the width) or be centred (its middle within
    /// ``largeTitleCentreTolerance`` of the screen's): a link in the top corner ("Already Have An
    /// Account", "Skip") is no title.
    ///
    /// Heights are type sizes: a text over which the whole-screen OCR read several rows of `lines`
    /// counts as its height shared among them (``typeHeight(of:lines:)``). Compared by its box, a
    /// paragraph of three lines of body text was "taller" than any title — an onboarding page's
    /// "Each sleep session is graded with a Snore Score (our measure of snoring intensity) and you
    /// can playback audio samples, Heading" (ui-real train).
    public static func markHeader(
        _ elements: [Element], screenHeight: Double, screenWidth: Double? = nil, lines: [RecognizedText] = [],
        settings: AnnouncementSettings = .init()
    ) -> [Element] {
        // Text buttons ("Edit", "Cancel") are set in the same type as the texts beside them: they
        // count for the size comparison, but only a static text can be the header.
        // The status bar is the system's, set apart from the app's type: it counts for neither.
        let texts = typeSizedTexts(elements, screenHeight: screenHeight)
        // A text whose middle lies on the status bar's clock's rows (``StatusBar/bar(of:screenHeight:)``,
        // found from `lines`) is no title — notification icons read as a word ("Baio" beside an
        // Android clock) — but still counts for the size comparison, as the bar's other words do
        // ("79%", "AT&T"): left out of it too, 8 titles on the 1,219 ui-real screens lost their
        // heading ("Login", "Welcome Back", "At a Glance"; 2026-11-27). The clock's own rows, not
        // the bar's wider ones: a tall box read around a clock reached the title below it
        // ("Getting Started").
        let bar = StatusBar.bar(of: lines, screenHeight: screenHeight)
        let top = texts.filter { elements[$0].frame.midY <= settings.headerBand * screenHeight }
        let named = top.filter { i in
            let f = elements[i].frame
            let placed = screenWidth.map { w in f.minX < largeTitleMaxStart * w || abs(f.midX - w / 2) <= largeTitleCentreTolerance * w } ?? true
            return elements[i].kind == .text && placed && (elements[i].label ?? "").filter(\.isLetter).count >= minHeaderLetters
                && !(bar?.holds(f, tight: true) ?? false)
        }
        let height = Dictionary(uniqueKeysWithValues: texts.map { ($0, typeHeight(of: elements[$0].frame, lines: lines)) })
        guard let tallest = named.max(by: { height[$0, default: 0] < height[$1, default: 0] }) else {
            return elements
        }
        let others = (top.count > 1 ? top : texts).filter { $0 != tallest }
        guard !others.isEmpty else { return elements }
        let heights = others.map { height[$0, default: 0] }.sorted()
        let median = heights[heights.count / 2]
        guard height[tallest, default: 0] >= settings.headerHeightRatio * median else { return elements }
        var result = elements
        result[tallest].traits.insert(.header)
        return result
    }
}
