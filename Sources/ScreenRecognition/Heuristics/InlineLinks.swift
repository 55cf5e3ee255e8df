import Foundation

/// Links inside a sentence (§5.4 for texts): a sign-up page's consent line, "By signing up, you
/// agree to the Terms of Service and Privacy Policy", holds two links the app draws in a tint colour
/// or underlined, and a screen reader user who hears only the sentence cannot open either. Each
/// link named by ``phrases`` becomes a stop of its own right after its sentence, "Terms of Service,
/// Link", activated on its words — as VoiceOver moves from a text view to each link in it. A text
/// that is nothing but such links ("Terms of Use | Privacy Policy") is replaced by them, a text
/// that is one link is that link, and a checkbox's label keeps its links inside it and has them
/// said after the checkbox ("I accept the Terms of Service", then "Terms of Service, Link").
///
/// The phrases are matched word by word, a word of ``minMendedLetters`` letters or more also when
/// one letter is misread ("Terms & Concitions", "Privacy Poicy", "Temms of Service"); the matched
/// words are then spoken as the phrase spells them, in the sentence and in the link.
///
/// *Measured* (2026-11-28) on the 1,219 listening screens (`Benchmarks/listening`): about 130
/// texts and checkbox labels named one of these documents, most of them a sign-up page's consent
/// line; the listening review of 30 screens (2026-11-28) heard four such lines with their links
/// said as plain text.
public enum InlineLinks {
    /// The documents a consent or footer line links to, each as its words (lower case) — the
    /// phrases apps use for their legal pages (App Store Review Guidelines 5.1.1 require a privacy
    /// policy link; the rest are the common names of terms, licences and policies).
    public static let phrases: [[String]] = [
        "terms of service", "terms of services", "terms of use", "terms & conditions", "terms and conditions",
        "terms of sale", "conditions of use", "privacy policy", "privacy notice", "privacy statement", "privacy practices",
        "cookie policy", "cookies policy", "data policy", "user agreement", "license agreement", "end user license agreement",
        "community guidelines", "service terms",
    ].map { $0.split(separator: " ").map(String.init) }

    /// A word of 5 letters or more matches a phrase's word one letter off — *design choice*, as
    /// ``TextRepair/LookAlikeWords/minLetters``: a shorter word one letter off is often another
    /// word ("use" and "us", "of" and "or").
    public static let minMendedLetters = 5

    /// A link found in a text: the range of the text's words it spans and its words as spoken.
    public struct Match: Sendable, Hashable {
        public var words: Range<Int>
        public var label: String
    }

    /// The links named in `label`, longest first where two start at one word, in reading order.
    public static func links(in label: String) -> [Match] {
        let words = tokens(label)
        var result: [Match] = []
        var i = 0
        while i < words.count {
            // The longest phrase, of those as long the one read with the fewest letters off
            // ("Terms of Services" is that phrase, not "Terms of Service" one letter off).
            var best: (length: Int, misread: Int, label: String)?
            for phrase in phrases where i + phrase.count <= words.count && phrase.count >= (best?.length ?? 0) {
                let candidate = Array(words[i..<(i + phrase.count)])
                guard zip(candidate, phrase).allSatisfy({ matches($0.core, $1) }) else { continue }
                let misread = zip(candidate, phrase).filter { $0.core.lowercased() != $1 }.count
                if let b = best, b.length == phrase.count, b.misread <= misread { continue }
                let spoken = zip(candidate, phrase).map { spelled($0.core, as: $1) }.joined(separator: " ")
                best = (phrase.count, misread, spoken)
            }
            // A phrase in lower case is a link after "our", "the", "to", "and" or a name's "'s"
            // ("you agree to our terms of use"), not after "their respective" (Google's consent line
            // names its partners' terms, it does not link them).
            if let b = best, !(words[i].core.first?.isUppercase ?? false), i > 0, !linkingWords.contains(words[i - 1].core.lowercased()),
                !words[i - 1].core.lowercased().hasSuffix("'s"), !words[i - 1].core.lowercased().hasSuffix("’s")
            {
                i += b.length
                continue
            }
            if let best {
                result.append(Match(words: i..<(i + best.length), label: best.label))
                i += best.length
            } else {
                i += 1
            }
        }
        let footer = footerLinks(in: label, found: result)
        return footer.isEmpty ? result : footer
    }

    /// The links of a footer of bar-separated items ("Terms | Privacy Policy | Contact us",
    /// "Forgot Username? | Forgot Password? | FAQ"): where at least half of the items — 1 to
    /// ``footerItemMaxWords`` words between "|" — are known, each known item is a link: a document
    /// of ``phrases`` (its match), an action title (``TextButtons/isActionPhrase(_:)``) or a
    /// footer page of ``footerWords``. An item not known stays the line's text ("MEMBER FDIC |
    /// Disclosures": the notice is no link). Empty when `label` is no such footer.
    ///
    /// *Measured* on the 1,219 listening screens (2026-11-28): 17 texts are lists of 2 or more
    /// items of up to 3 words split by "|" or "·"; the 5 with a known item are footers or account
    /// links ("Terms | Privacy Policy | Contact us" had been said as a text and one link, "Sign In |
    /// Sign Up" as a text between its two buttons); the other 12 are counts ("5upvotes · 4
    /// comments"), a bank's "Member FDIC | Equal Housing Lender", a bar title and Korean.
    static func footerLinks(in label: String, found: [Match]) -> [Match] {
        let words = tokens(label)
        var items: [Range<Int>] = []
        var start = 0
        for k in words.indices where words[k].core == "|" {
            items.append(start..<k)
            start = k + 1
        }
        items.append(start..<words.count)
        guard items.count >= 2, items.allSatisfy({ (1...footerItemMaxWords).contains($0.count) }) else { return [] }
        var known = 0
        var result: [Match] = []
        for item in items {
            let inside = found.filter { item.contains($0.words.lowerBound) }
            // Spoken by its words, without the punctuation around them ("Forgot Password").
            let core = words[item].map(\.core).joined(separator: " ")
            guard core.contains(where: \.isLetter) else { return [] }
            let read = words[item].map { $0.lead + $0.core + $0.trail }.joined(separator: " ")
            if !inside.isEmpty {
                known += 1
                result += inside
            } else if TextButtons.isActionPhrase(read) || footerWords.contains(core.lowercased()) {
                known += 1
                result.append(Match(words: item, label: core))
            }
        }
        return 2 * known >= items.count ? result : []
    }

    /// The share of an element's area inside a line of links that makes it a part of that line:
    /// 0.6 — *design choice*: a part read again on its own lies wholly in the line's box but for
    /// the detector's jitter of a pixel or two around 8–17 px type.
    public static let footerPartShare = 0.6

    /// Whether `e` may hold links: a text (a paragraph grouped from its lines is a text whose
    /// children are texts) or a checkbox's label; a header, a button and a link keep their text.
    static func isLinkHolder(_ e: Element) -> Bool {
        let paragraph = e.kind == .checkbox || e.children.allSatisfy { $0.kind == .text && !$0.traits.contains(.link) }
        return [.text, .checkbox].contains(e.kind) && paragraph && !e.traits.contains(.header)
            && (!e.traits.contains(.button) || e.kind == .checkbox) && !e.traits.contains(.link) && e.label != nil
    }

    /// The indices of `elements` to keep — all but the plain texts that repeat part of a line of
    /// links (a detection of one item under the whole line: "argot Usemame?" under "Forgot
    /// Usemame? | Forgot Password? | FAQ", "Terms of Use" under "Terms of Use | Privacy Policy") —
    /// and the frames of the controls that do ("Sign In, Button" under "Sign In | Sign Up"): each
    /// item is said once, by the control where there is one, else as a link of the line. `found`:
    /// each element's links.
    static func footerPartsMerged(_ elements: [Element], found: [[Match]]) -> (kept: [Int], standing: [Rect]) {
        let lines = elements.indices.filter { i in
            elements[i].kind == .text && elements[i].children.isEmpty && found[i].count >= 2
                && isOnlyLinks(elements[i].label ?? "", links: found[i])
        }.map { elements[$0].frame }
        guard !lines.isEmpty else { return (Array(elements.indices), []) }
        var kept: [Int] = []
        var standing: [Rect] = []
        for (i, e) in elements.enumerated() {
            guard !lines.contains(e.frame), lines.contains(where: { e.frame.fractionInside($0) >= footerPartShare }) else {
                kept.append(i)
                continue
            }
            let plain = e.kind == .text && e.children.isEmpty && !e.traits.contains(.button) && !e.traits.contains(.link)
            if !plain {
                standing.append(e.frame)
                kept.append(i)
            }
        }
        return (kept, standing)
    }

    /// A footer's item is at most this many words — *design choice*: "Terms of Service", "Forgot
    /// Password?", "Contact us"; a longer item is a sentence or a title.
    public static let footerItemMaxWords = 3

    /// Footer pages an app links to by one or two words (lower case).
    static let footerWords: Set<String> = [
        "terms", "privacy", "contact", "contact us", "faq", "faqs", "help", "support", "about", "about us", "legal", "imprint",
        "cookies", "disclosures", "sitemap", "careers", "accessibility",
    ]

    /// `label` with the words of each of its links spelled as the phrase spells them ("Terms &
    /// Concitions" → "Terms & Conditions"), the punctuation around them kept.
    public static func mended(_ label: String) -> String { mended(label, links: links(in: label)) }

    /// ``mended(_:)`` with `label`'s links already found.
    static func mended(_ label: String, links found: [Match]) -> String {
        guard !found.isEmpty else { return label }
        var words = tokens(label)
        for m in found {
            let spoken = m.label.split(separator: " ").map(String.init)
            for (k, w) in zip(m.words, spoken) { words[k].core = w }
        }
        return words.map { $0.lead + $0.core + $0.trail }.joined(separator: " ")
    }

    /// Whether `label` is nothing but links and the separators between them ("Terms of Use &
    /// Privacy Policy", "Terms & Conditions | Privacy Policy").
    public static func isOnlyLinks(_ label: String) -> Bool { isOnlyLinks(label, links: links(in: label)) }

    /// ``isOnlyLinks(_:)`` with `label`'s links already found.
    static func isOnlyLinks(_ label: String, links found: [Match]) -> Bool {
        let words = tokens(label)
        guard !found.isEmpty else { return false }
        let covered = Set(found.flatMap { Array($0.words) })
        return words.indices.allSatisfy { covered.contains($0) || separators.contains(words[$0].core.lowercased()) }
    }

    /// The words a link in lower case follows.
    static let linkingWords: Set<String> = ["our", "the", "to", "and", "&", "with", "accept", "of"]

    /// Words that join links in a footer: "&", "and", "|", "·", "•", "-".
    static let separators: Set<String> = ["&", "and", "|", "·", "•", "-", "/", ""]

    /// A word of a text: its letters (and "&"), and the punctuation before and after them.
    struct Token {
        var lead: String
        var core: String
        var trail: String
    }

    /// The words of `label`, split at white space; a trailing "&" glued to a word ("Services&")
    /// is a word of its own.
    static func tokens(_ label: String) -> [Token] {
        let edge = CharacterSet(charactersIn: ".,;:!?\"'“”‘’()[]*")
        var out: [Token] = []
        for piece in label.split(whereSeparator: \.isWhitespace).map(String.init) {
            var core = Substring(piece)
            var lead = ""
            var trail = ""
            while let c = core.first, c.unicodeScalars.allSatisfy(edge.contains) {
                lead.append(c)
                core = core.dropFirst()
            }
            while let c = core.last, c.unicodeScalars.allSatisfy(edge.contains) {
                trail = String(c) + trail
                core = core.dropLast()
            }
            if core.count > 1, core.hasSuffix("&") {
                out.append(Token(lead: lead, core: String(core.dropLast()), trail: ""))
                out.append(Token(lead: "", core: "&", trail: trail))
            } else {
                out.append(Token(lead: lead, core: String(core), trail: trail))
            }
        }
        return out
    }

    /// Whether the word `read` is the phrase's `word`: the same ignoring case, or — for a word of
    /// ``minMendedLetters`` letters or more — one letter off.
    static func matches(_ read: String, _ word: String) -> Bool {
        let r = read.lowercased()
        if r == word { return true }
        guard word.count >= minMendedLetters, r.count >= minMendedLetters - 1, r.allSatisfy(\.isLetter) else { return false }
        return AnalysisConfiguration.editDistance(r, word) <= 1
    }

    /// The phrase's `word` in the case the text set it: capitalised, in capitals or lower case.
    static func spelled(_ read: String, as word: String) -> String {
        let letters = read.filter(\.isLetter)
        if letters.count > 1, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
        if read.first?.isUppercase ?? false { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }

    /// The frame of `match`'s words in `element`: the words of the whole-screen `lines` inside the
    /// element's frame matched in reading order, else a share of the frame by the words' place in
    /// its label — its rows by the lines over it or by the label's length
    /// (``Metadata/estimatedRows(of:frame:)``), each row holding an equal share of the characters.
    static func frame(of match: Match, in element: Element, lines: [RecognizedText]) -> Rect {
        let f = element.frame
        let label = element.label ?? ""
        let wanted = tokens(label)[match.words].map(\.core)
        let inside = lines.filter { f.contains($0.box.center) }.sorted { $0.box.midY == $1.box.midY ? $0.box.minX < $1.box.minX : $0.box.midY < $1.box.midY }
        // A word box holding several words (a line read again whole is one "word") is shared
        // among them by their characters.
        let screenWords = inside.flatMap { line in
            line.words.flatMap { w -> [(String, Rect)] in
                let parts = tokens(w.text)
                let total = Double(max(1, w.text.count))
                var offset = 0
                return parts.map { t in
                    let length = t.lead.count + t.core.count + t.trail.count
                    let box = Rect(
                        x: w.box.minX + w.box.width * Double(offset) / total, y: w.box.minY,
                        width: max(1, w.box.width * Double(length) / total), height: w.box.height)
                    offset += length + 1
                    return (t.core, parts.count == 1 ? w.box : box)
                }
            }
        }.filter { !$0.0.isEmpty }
        if screenWords.count >= wanted.count, !wanted.isEmpty {
            for s in 0...(screenWords.count - wanted.count) {
                let run = screenWords[s..<(s + wanted.count)]
                if zip(run, wanted).allSatisfy({ matches($0.0, $1.lowercased()) }) {
                    return run.map(\.1).dropFirst().reduce(run.first!.1) { $0.union($1) }
                }
            }
        }
        // By the words' place among the label's characters.
        let rowsByLines = Metadata.typeRows(of: f, lines: lines)
        let rows = max(1, rowsByLines > 0 ? rowsByLines : Metadata.estimatedRows(of: label, frame: f))
        let all = tokens(label)
        let before = all[..<match.words.lowerBound].map { $0.lead.count + $0.core.count + $0.trail.count + 1 }.reduce(0, +)
        let length = all[match.words].map { $0.lead.count + $0.core.count + $0.trail.count + 1 }.reduce(0, +) - 1
        let perRow = max(1.0, Double(label.count) / Double(rows))
        let row = min(rows - 1, Int(Double(before) / perRow))
        let rowHeight = f.height / Double(rows)
        let start = (Double(before) - Double(row) * perRow) / perRow
        let end = min(1, start + Double(length) / perRow)
        return Rect(x: f.minX + start * f.width, y: f.minY + Double(row) * rowHeight, width: max(1, (end - start) * f.width), height: rowHeight)
    }

    /// `elements` (in reading order) with each text's and checkbox's links as stops after it
    /// (see the type's summary); a header, a button and a text field keep their text as it is.
    /// Returns the elements, renumbered, and how many links were found.
    public static func mark(_ elements: [Element], lines: [RecognizedText]) -> (elements: [Element], links: Int) {
        // Each text's links, found once: the footer pass and the marking below both read them.
        let found: [[Match]] = elements.map { e in isLinkHolder(e) ? links(in: e.label ?? "") : [] }
        let (kept, standing) = footerPartsMerged(elements, found: found)
        var result: [Element] = []
        var count = 0
        for i in kept {
            let e = elements[i]
            let found = found[i]
            guard let label = e.label, !found.isEmpty else {
                result.append(e)
                continue
            }
            let onlyLinks = isOnlyLinks(label, links: found)
            // A checkbox named by a document alone ("License Agreement") is that choice, its label
            // no link of its own.
            guard e.kind == .text || !onlyLinks else {
                result.append(e)
                continue
            }
            count += found.count
            if e.kind == .text, e.children.isEmpty, found.count == 1, onlyLinks {
                // One link: the text is it.
                var link = e
                link.label = found[0].label
                link.traits.insert(.link)
                result.append(link)
                continue
            }
            var text = e
            text.label = mended(label, links: found)
            for k in text.children.indices { text.children[k].label = text.children[k].label.map { mended($0) } }
            if !(e.kind == .text && onlyLinks) { result.append(text) }
            for m in found {
                let frame = frame(of: m, in: e, lines: lines)
                // An item a control inside the line already stands for is said once, by it.
                if onlyLinks, standing.contains(where: { $0.fractionInside(frame) >= footerPartShare || frame.fractionInside($0) >= footerPartShare }) {
                    count -= 1
                    continue
                }
                result.append(Element(kind: .text, frame: frame, label: m.label, traits: [.staticText, .link]))
            }
        }
        for i in result.indices { result[i].order = i + 1 }
        return (result, count)
    }
}
