import Foundation

/// Text buttons from pixels (a rule, beside the trained text-button model): a
/// navigation bar's bar-button items. Apple's HIG gives a navigation bar's text buttons ("Edit",
/// "Cancel", "Done") the app's tint colour, so a short, single-line, tinted text (ink or fill) in
/// the top 15 % of the screen — the band of ``Interactivity/isBarItem(_:settings:)``'s bar icons —
/// and outside the bar's middle third (where the title sits; bar buttons are at its ends) is a
/// button when its ink is tinted and its fill is not. On ui-real valid (2026-11-24, tenth
/// session) the rule made 6 buttons, 3 of them centred titles ("WebMoney", "Rewards Center") —
/// the middle-third limit leaves those as text and keeps "PURCHASES" and "편집" (Edit). Measured on ui-real valid (`screenrec eval …
/// --announcements`): the tint rule applied anywhere on the screen (ink or fill) announced 263
/// texts as buttons, of which only 26 were text buttons (precision 0.10) — Android apps colour
/// much static text; kept to the bar it announced 51, none a ui-real TextButton, most of them
/// white titles on Android's coloured app bars — hence ink only. ui-real labels navigation-bar
/// items as static (as it does 220 of its 236 bar icons), so it cannot confirm this rule.
public enum TextButtons {
    public enum Constants {
        /// At most this many words: button titles are verbs or short phrases (Apple HIG: "use a
        /// verb or a short phrase") — *design choice*.
        public static let maxWords = 3
        /// A colour is a tint when its HSV saturation is at least this and its value at least
        /// `minTintValue`: iOS's system blue #007AFF has saturation 1.0, its grey labels
        /// (#8E8E93, #3C3C43 at 60 %) under 0.1 — *design choice* between the two.
        public static let minTintSaturation = 0.45
        public static let minTintValue = 0.35
        /// Ink pixels: at least this share of the largest colour distance from the fill.
        public static let inkFraction = 0.6
        /// The navigation bar band: the top 15 % of the screen, as for bar icons (``Interactivity``).
        public static let barFraction = 0.15
        /// The bar's middle, where its title sits, as a share of the screen's width: a third — HIG
        /// navigation bars and Material top app bars put their buttons at the ends — *design choice*.
        public static let titleBand = 1.0 / 3
    }

    /// Whether the text element at `frame` (one line, `label` read from it) looks tappable.
    public static func looksTappable(_ image: RGBAImage, frame: Rect, label: String) -> Bool {
        let words = label.split(whereSeparator: { $0.isWhitespace }).count
        guard words >= 1, words <= Constants.maxWords, label.rangeOfCharacter(from: .letters) != nil,
            let (fill, ink) = fillAndInk(image, frame)
        else { return false }
        return isTint(ink) && !isTint(fill)
    }

    static func isTint(_ c: (r: Double, g: Double, b: Double)) -> Bool {
        let mx = max(c.r, c.g, c.b)
        let mn = min(c.r, c.g, c.b)
        guard mx > 0 else { return false }
        return (mx - mn) / mx >= Constants.minTintSaturation && mx / 255 >= Constants.minTintValue
    }

    /// The box's fill (mean of its most common 16-level colour bin) and ink (mean of the pixels far
    /// from the fill), in 0…255 per channel; nil for empty or flat boxes.
    static func fillAndInk(_ image: RGBAImage, _ frame: Rect) -> (fill: (r: Double, g: Double, b: Double), ink: (r: Double, g: Double, b: Double))? {
        guard frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite else { return nil }
        let x0 = max(0, Int(frame.minX))
        let y0 = max(0, Int(frame.minY))
        let x1 = min(image.width, Int(frame.maxX.rounded(.up)))
        let y1 = min(image.height, Int(frame.maxY.rounded(.up)))
        guard x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        // Sample at most ~40k pixels.
        let step = max(1, Int((Double((x1 - x0) * (y1 - y0)) / 40_000).squareRoot()))
        guard let fill = image.dominantColour(x0: x0, y0: y0, x1: x1, y1: y1, step: step) else { return nil }
        var samples: [RGB] = []
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) { samples.append(image.color(x: x, y: y)) }
        }
        func distance(_ c: RGB) -> Double { c.distance(to: fill) }
        let maxD = samples.map(distance).max() ?? 0
        guard maxD >= 24 else { return nil }  // no ink: ElementOCR.Constants.minContrast
        let inkPixels = samples.filter { distance($0) >= Constants.inkFraction * maxD }
        guard !inkPixels.isEmpty else { return nil }
        let n = Double(inkPixels.count)
        let ink = (
            r: inkPixels.reduce(0) { $0 + Double($1.r) } / n, g: inkPixels.reduce(0) { $0 + Double($1.g) } / n,
            b: inkPixels.reduce(0) { $0 + Double($1.b) } / n
        )
        return (fill, ink)
    }

    /// Turns single-line texts that look tappable into buttons (after grouping: text blocks and
    /// texts grouped into tabs, cells or captions keep their roles).
    /// Words that begin a button's title: Apple's HIG ("use a verb or verb phrase that describes the
    /// action") and Material ("button text … describes the action the button performs") title buttons
    /// with an imperative verb; these are the verbs of the standard system and app actions (account,
    /// navigation, editing, sharing, commerce, media). Nouns and verbs that as often start a label
    /// or a prompt ("Select one…", "Choose language:", "See how…", "No messages") are left out, and
    /// so are verbs that are as often nouns in a title ("Book club", "Order history", "Post", "Report").
    public static let actionVerbs: Set<String> = [
        "sign", "signin", "signup", "log", "login", "logout", "register", "create", "next", "skip", "ok", "okay", "cancel", "done",
        "get", "start", "continue", "join", "learn", "shop", "explore", "view", "go", "add", "apply", "find", "connect", "rate",
        "upgrade", "checkout", "discover", "forgot", "retry", "try", "subscribe", "unsubscribe", "follow", "unfollow", "submit", "send",
        "save", "edit", "delete", "remove", "share", "invite", "accept", "decline", "allow", "confirm", "close",
        "download", "install", "play", "watch", "reset", "verify", "resend", "agree", "dismiss", "enable", "disable", "call",
        "reply", "upload", "browse", "block", "unblock", "mute", "unmute", "undo", "redo", "refresh", "reload",
        "back", "finish", "proceed", "pay", "buy", "donate", "claim", "redeem", "activate", "update", "open",
    ]

    /// Whole titles of buttons that do not start with an action verb (English and, for the Korean
    /// apps of ui-real, their Korean counterparts: log in, sign up, OK, cancel, next, more, follow,
    /// skip, start, save, delete, share, close, confirm).
    public static let actionPhrases: Set<String> = [
        "not now", "maybe later", "later", "no thanks", "no, thanks", "not you?", "got it", "ok, got it", "okay, got it", "more", "see all", "see more",
        "show more", "show all", "read more", "yes", "no", "already have an account?", "new user?", "i agree",
        // The listening review of 2026-11-28 (30 more screens) heard these said as plain text.
        "remind me later", "need help?", "show password", "hide password",
        "로그인", "회원가입", "확인", "취소", "다음", "더보기", "팔로우", "건너뛰기", "시작하기", "저장", "삭제", "공유", "닫기", "완료",
    ]

    /// A read text that is a button's title by its words (§5.4 for texts, without pixels): at most
    /// ``actionPhraseMaxWords`` words, not a prompt or a sentence (no ":" at the end, no comma, no
    /// full stop inside, no "." or "!" closing three words or more, no question but "Forgot…?"), and either one of ``actionPhrases`` or beginning with one of
    /// ``actionVerbs`` ("Log In", "SIGN UP WITH EMAIL", "Forgot Password?", "Get started"); a
    /// closing ellipsis (a truncated title) is left out first.
    public static func isActionPhrase(_ text: String) -> Bool {
        var t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().replacingOccurrences(of: "’", with: "'")
        // A title the app truncated ("Sign up with Facebo...") is judged by what is shown.
        for ellipsis in ["...", "…"] where t.hasSuffix(ellipsis) && t.count > ellipsis.count {
            t = String(t.dropLast(ellipsis.count)).trimmingCharacters(in: .whitespaces)
        }
        if actionPhrases.contains(t) || actionPhrases.contains(t.trimmingCharacters(in: CharacterSet(charactersIn: "!.?"))) { return true }
        guard !t.isEmpty, !t.hasSuffix(":"), !t.contains(","), !t.dropLast().contains(".") else { return false }
        let words = t.split(whereSeparator: \.isWhitespace)
        guard (1...actionPhraseMaxWords).contains(words.count), let first = words.first else { return false }
        // Three words or more closed by "." or "!" are a sentence or a slogan ("Watch your leagues
        // live.", "Start making money!"), not a title ("Start now!").
        if words.count >= 3, t.hasSuffix(".") || t.hasSuffix("!") { return false }
        // A question is a dialog's title ("Delete message?"), except the account links ("Forgot
        // Password?"; the others are in ``actionPhrases``).
        if t.hasSuffix("?"), !first.hasPrefix("forgot") { return false }
        return actionVerbs.contains(String(first).trimmingCharacters(in: CharacterSet(charactersIn: "!?.'\"")))
    }

    /// Whether `text` names no action, whatever the model, the words or a frame say: a caption
    /// (``isCaption(_:)``), a lone "or" or a position counter (``isSeparatorOrCounter(_:)``).
    public static func namesNoAction(_ text: String) -> Bool { isCaption(text) || isSeparatorOrCounter(text) }

    /// The indices of a number pad's keys among `detections`: texts reading the digits 1 to 9 (a
    /// digit alone, or with a phone keypad's letters: "2 ABC"), each once, laid out as a 3 × 3 grid
    /// in reading order — 1 2 3 on the top row (a phone's, a PIN pad's) or on the bottom one (a
    /// calculator's) — plus the keys of the row after it ("0", "00", "*", "#", "."). A number pad's
    /// keys are buttons — each does something when tapped (HIG, "Buttons") — which the text-button
    /// model, trained on words, never calls them: two Korean banking apps' amount pads (one of the
    /// 700 held-out, one of 60 fresh screens) were spoken as 10–11 plain texts (2026-11-25).
    /// Aligned means each row's and each column's middles lie within a quarter of the keys'
    /// spacing, and the two row gaps differ by at most a quarter of one.
    public static func keypadKeys(_ detections: [Detection]) -> Set<Int> {
        var key: [Int: Int] = [:]  // digit → detection index
        for (i, d) in detections.enumerated() where d.type == .text {
            guard let digit = keyTitle(d.text ?? "")?.first?.wholeNumberValue, (1...9).contains(digit) else { continue }
            if key[digit] != nil { return [] }  // a digit twice: a list of numbers, not one pad
            key[digit] = i
        }
        guard key.count == 9 else { return [] }
        let c = (1...9).map { detections[key[$0]!].box.center }
        let dx = c[1].x - c[0].x
        let dy = c[3].y - c[0].y
        guard dx > 0, abs(dy) > 0 else { return [] }
        let tx = 0.25 * dx
        let ty = 0.25 * abs(dy)
        for row in 0..<3 {
            let r = Array(c[(3 * row)..<(3 * row + 3)])
            guard abs(r[1].y - r[0].y) <= ty, abs(r[2].y - r[0].y) <= ty, abs(r[2].x - r[1].x - dx) <= tx else { return [] }
        }
        for col in 0..<3 {
            guard abs(c[3 + col].x - c[col].x) <= tx, abs(c[6 + col].x - c[col].x) <= tx,
                abs((c[6 + col].y - c[3 + col].y) - dy) <= ty
            else { return [] }
        }
        var keys = Set(key.values)
        // The row after the grid's last: a PIN pad's 0, a calculator's 0 and "."
        let nextRowY = (dy > 0 ? c[6].y : c[0].y) + abs(dy)
        for (i, d) in detections.enumerated() where d.type == .text && !keys.contains(i) {
            guard let t = keyTitle(d.text ?? ""), keysAfterDigits.contains(t), abs(d.box.center.y - nextRowY) <= ty,
                (0..<3).contains(where: { abs(d.box.center.x - c[$0].x) <= tx })
            else { continue }
            keys.insert(i)
        }
        return keys
    }

    /// The texts on the row of the text button at `index` that are buttons like it: Material's text
    /// buttons set their titles in capitals (Material 2, "Buttons": the button type style), and a
    /// dialog's or a bottom bar's actions stand side by side — "DENY" beside "ALLOW", "USE A CODE"
    /// between "SIGN UP" and "LOG IN", "SET FILTER" beside "CANCEL". The button and its row mates
    /// are each a title of at most three words written in capitals (a Latin, Greek or Cyrillic
    /// letter among them), of one height (within ``actionRowHeightRatio``), with nothing else on
    /// their row (but what they lie on: a dialog's panel, a bar), 2 to 4 in all, each within
    /// ``actionRowMaxGap`` of the screen's width of the next.
    /// A section's header and its "SHOW ALL", or a centred "WELCOME" and its "SKIP" in the corner,
    /// stand farther apart. On the 779 check and 700 held-out screens (2026-11-26) 12 texts became
    /// buttons: 10 actions by eye ("DENY" twice, "USE A CODE", "SET FILTER", "COOL!", "FILTERS"
    /// twice, "HISTORY", "SETTING", "MULTI-CITY"), a choice chip and a "FREE" price beside
    /// "INSTALL". ui-real labels such words Text, the buttons beside them too.
    public static func actionRowMates(of index: Int, in detections: [Detection], screenWidth: Double) -> [Int] {
        guard let row = titleRow(of: index, in: detections, screenWidth: screenWidth, count: 2...4, isTitle: isCapitalisedTitle) else { return [] }
        return row.filter { $0 != index }
    }

    /// The row of titles the text at `index` stands in, left to right: the detections sharing its
    /// row — but what the row lies on (a dialog's panel, a bar, a card: it holds the text) and those
    /// `skipping` sets aside —, when they are `count` in all, each a text whose words `isTitle`
    /// accepts, of the text's height within ``actionRowHeightRatio``, each within
    /// ``actionRowMaxGap`` of the screen's width of the next; nil otherwise. The row of
    /// ``actionRowMates(of:in:screenWidth:)`` and ``chipRowMates(of:in:screenWidth:)``.
    static func titleRow(
        of index: Int, in detections: [Detection], screenWidth: Double, count: ClosedRange<Int>, isTitle: (String) -> Bool,
        skipping: (Detection) -> Bool = { _ in false }
    ) -> [Int]? {
        let a = detections[index]
        guard a.type == .text, isTitle(a.text ?? ""), a.box.height > 0 else { return nil }
        let row = detections.indices.filter { j in
            j == index || detections[j].box.sharesRow(with: a.box) && a.box.fractionInside(detections[j].box) < 0.5 && !skipping(detections[j])
        }.sorted { detections[$0].box.minX < detections[$1].box.minX }
        guard count.contains(row.count) else { return nil }
        for j in row {
            let d = detections[j]
            guard d.type == .text, isTitle(d.text ?? ""),
                d.box.height >= a.box.height / actionRowHeightRatio, d.box.height <= a.box.height * actionRowHeightRatio
            else { return nil }
        }
        for (l, r) in zip(row, row.dropFirst()) where detections[r].box.minX - detections[l].box.maxX > actionRowMaxGap * screenWidth {
            return nil
        }
        return row
    }

    /// What a number pad's key says, read as `text`: a digit alone or with a phone keypad's letters
    /// ("2 ABC"), or a key of the row after the digits ("0", "00", "*", "#", ".", "+"), without one
    /// mark OCR read beside the digits (a Korean banking pad's "8." and "0}" on ui-real train,
    /// 2026-11-27: with them the pad was nine plain texts); nil for any other text.
    public static func keyTitle(_ text: String) -> String? {
        var t = text.trimmingCharacters(in: .whitespaces)
        if t.count >= 2, let last = t.last, strayKeyMarks.contains(last), t.dropLast().allSatisfy(\.isNumber) { t.removeLast() }
        if keysAfterDigits.contains(t) { return t }
        guard let first = t.first, let digit = first.wholeNumberValue, (1...9).contains(digit) else { return nil }
        let rest = t.dropFirst().trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || (rest.count <= 4 && rest.allSatisfy { $0.isLetter && $0.isUppercase }) else { return nil }
        return rest.isEmpty ? String(first) : "\(first) \(rest)"
    }

    /// The keys of a number pad's row after its digits: a PIN pad's 0, a calculator's 0 and ".", a
    /// phone's * and #.
    static let keysAfterDigits: Set<String> = ["0", "00", "000", "*", "#", ".", "+"]

    /// Marks OCR reads beside a key's digit: the edge of the key's shading or a speck read as a
    /// full stop, a comma, a brace or a bar — *design choice*, none of them is a key's title.
    static let strayKeyMarks: Set<Character> = [".", ",", "'", "`", "}", "{", ")", "(", "]", "[", "|", ":", ";"]

    /// The texts on the row of the text button at `index` that are chips like it: a row of 3 to
    /// ``maxChipRow`` short titles (``isChipTitle(_:)``, any case or script), of one height
    /// (within ``actionRowHeightRatio``), each within ``actionRowMaxGap`` of the screen's width of
    /// the next, with no other text on the row (icons and lone Latin letters or digits, glyphs
    /// read as letters, may stand among them, and stay what they are; what the row lies on is no
    /// row mate), none of them captioning an icon above it (a tab bar's "SAVED | TRIPS | INBOX",
    /// which the grouping makes tabs). A shop's or a news app's category strip — "전체 | 김치 | 쌀 / 잡곡 | 과일",
    /// "추천 | 정치 | 경제 | 사회" — is one control whose items are all tapped alike, where the
    /// text-button model had called one of them a button and left the others plain texts
    /// (``actionRowMates(of:in:screenWidth:)`` asks for capitals, which Korean has not). A section
    /// header and its "See all" are two texts, not three.
    public static func chipRowMates(of index: Int, in detections: [Detection], screenWidth: Double) -> [Int] {
        // Icons and lone letters or digits (a glyph read as "A") stand among chips without being any.
        guard
            let row = titleRow(
                of: index, in: detections, screenWidth: screenWidth, count: 3...maxChipRow, isTitle: isChipTitle,
                skipping: { $0.type == .icon || ($0.type == .text && titleWeight($0.text ?? "") < 2) })
        else { return [] }
        // Captions under icons are a tab bar's items, which the grouping makes tabs ("SAVED" under its heart).
        let icons = detections.filter { $0.type == .icon || $0.type == .picture }.map(\.box)
        if row.contains(where: { j in icons.contains { Self.isCaptioned($0, by: detections[j].box) } }) { return [] }
        return row.filter { $0 != index }
    }

    /// Whether `text` is the caption under `icon`: the icon's middle lies over the text, and its
    /// bottom within the icon's height (or the text's, if taller) above the text's top — an iPhone
    /// tab bar's 7-px captions stand 8–10 px under their 16-px glyphs (ui-real, Airbnb).
    static func isCaptioned(_ icon: Rect, by text: Rect) -> Bool {
        icon.midX >= text.minX && icon.midX <= text.maxX && icon.maxY <= text.minY + 0.5 * text.height
            && text.minY - icon.maxY <= max(icon.height, text.height)
    }

    /// At most 8 chips a row — *design choice*: a 360-dp row holds about eight two-syllable
    /// Korean chips; more texts on one row are a table's or a calendar's.
    public static let maxChipRow = 8

    /// Whether `text` can be a chip's title: one or two words, at most 10 characters, no
    /// sentence's full stop, and two letters or digits or more, a letter of another script than
    /// Latin counting as two ("전체", "쌀 / 잡곡", "+5 만", "Women"; not a calendar's "M", "T").
    public static func isChipTitle(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        let words = t.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }
        return (1...2).contains(words.count) && t.count <= 10 && !t.hasSuffix(".") && titleWeight(t) >= 2
    }

    /// Letters and digits in `text`, a letter of another script than Latin counting as two.
    static func titleWeight(_ text: String) -> Int {
        text.reduce(0) { n, c in n + (c.isNumber || (c.isLetter && c.isASCII) ? 1 : c.isLetter ? 2 : 0) }
    }

    /// Whether `text` is a short title in capitals: one to three words, every cased letter upper
    /// case and at least one of them ("DENY", "USE A CODE", "MULTI-CITY"; not "구매하기", which has
    /// no case, nor "1/4").
    static func isCapitalisedTitle(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        let words = t.split(whereSeparator: \.isWhitespace)
        guard (1...3).contains(words.count) else { return false }
        let cased = t.filter { $0.isUppercase || $0.isLowercase }
        return !cased.isEmpty && cased.allSatisfy(\.isUppercase)
    }

    /// Row mates are one text style: heights within 1.25 × of each other — *design choice*, the
    /// detector's boxes of one font size vary by about a tenth (ui-real: "DENY" 10–11 px, "ALLOW"
    /// 10–12 px).
    public static let actionRowHeightRatio = 1.25
    /// Actions of one row lie at most 0.2 of the screen's width apart — *measured* on the 779
    /// check, 700 held-out and 140 fresh screens (2026-11-26): dialog and bottom-bar actions
    /// 0.06–0.19 apart; a header and its "SHOW ALL" 0.40–0.42, "WELCOME" and "SKIP" 0.23.
    public static let actionRowMaxGap = 0.2

    /// Whether `text` is a lone "or" between two ways to go on ("Sign In", "OR", "Continue with
    /// Facebook") or a position counter ("1/9" in a capsule over a photo gallery): neither names an
    /// action (Apple HIG, "Buttons"; Material, "Buttons": a button's title is a verb). Between two
    /// stacked buttons "OR" sits in a rectangle made of their edges, which the framed-text rule
    /// took for its container (ui-real train, 2026-11-25: 3 "OR, Button"; counters "1/4", "1/9",
    /// "1/17" in capsules over photos).
    public static func isSeparatorOrCounter(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["or", "- or -", "—or—", "또는"].contains(t) { return true }
        let parts = t.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 && parts.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Whether `text` ends in a colon: a caption for what follows it ("Sign in with:" over the
    /// sign-in buttons, "Email:" before its field), never a button's title, whatever the model, the
    /// words or a frame say — a button's title names its action (Apple HIG, "Buttons"; Material,
    /// "Buttons": a verb, short, no end punctuation). "Sign in with:" over a photo was announced
    /// "Sign in with:, Button" (ui-real train, 2026-11-25).
    public static func isCaption(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.hasSuffix(":") || t.hasSuffix("：")
    }

    /// Whether `text` ends on a preposition waiting for its object ("continue with", "LOGIN
    /// USING", "Update info about you from"): alone on its row, it is a caption for
    /// the buttons below that finish its sentence, not a button (``captionIndices(_:)``). A title
    /// ending in an ellipsis ("Share via…") asks for more and is a button all the same (HIG,
    /// "Buttons"). English only; "in", "on", "up" end "Log in", "Turn on", "Sign up" and are not
    /// among ``danglingPrepositions``.
    public static func endsOnPreposition(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.hasSuffix("..."), !t.hasSuffix("…") else { return false }
        // The last word, its punctuation aside: "from $89.99" ends on a price, not on "from".
        guard let last = t.lowercased().split(whereSeparator: \.isWhitespace).last, !last.contains(where: \.isNumber) else { return false }
        return last.split { !$0.isLetter }.last.map { danglingPrepositions.contains(String($0)) } ?? false
    }

    /// Prepositions that cannot end a button's title.
    public static let danglingPrepositions: Set<String> = ["with", "using", "via", "from"]

    /// The texts among `detections` that end on a preposition (``endsOnPreposition(_:)``) alone on
    /// their row (no other text or icon shares it): captions over the buttons that finish them. 7
    /// were announced as buttons on the 779 check and 700 held-out screens (2026-11-25), 3 of them
    /// on valid, which the by-eye audit calls no buttons. One with a value on its row ("Allow Calls
    /// From … Favorites") or the logo of a button whose last word OCR missed ("f" before "SIGN UP
    /// WITH") is left to the other rules.
    public static func captionIndices(_ detections: [Detection]) -> Set<Int> {
        Set(
            detections.indices.filter { i in
                let d = detections[i]
                guard d.type == .text, endsOnPreposition(d.text ?? "") else { return false }
                return !detections.indices.contains { j in
                    j != i && (detections[j].type == .text || detections[j].type == .icon) && detections[j].box.sharesRow(with: d.box)
                }
            })
    }

    /// The texts that finish a caption's sentence (``captionIndices(_:)``): the first row of texts
    /// under a caption, starting ``completionMinGapRatio`` to ``completionGapRatio`` of the caption's height below it,
    /// when that row holds 1 to 4 texts, each a short title (1 to 3 words, at least two letters,
    /// no sentence's full stop, not itself a caption) — "Or register with" over a "Facebook" and a
    /// "Google" button, "continue with" over "Google" and "Apple". The caption asks the user to
    /// pick one of them: they are buttons (HIG, "Buttons": a button's title may be the service it
    /// signs in with). A row farther down, or one of longer texts (a paragraph under "Share
    /// from"), is not taken. A first row of one title starts a list — a chooser's options under
    /// "Open with" — that goes on while the next title below starts at the same place, alone on
    /// its row, as far below as the second was below the first (within a quarter). `captions`: the
    /// captions when the caller has found them already (else they are found here).
    public static func captionCompletions(_ detections: [Detection], captions: Set<Int>? = nil) -> Set<Int> {
        let texts = detections.indices.filter { detections[$0].type == .text && detections[$0].box.height > 0 }
        var result = Set<Int>()
        for c in captions ?? captionIndices(detections) {
            let caption = detections[c].box
            let below = texts.filter { j in
                let b = detections[j].box
                let gap = b.minY - caption.maxY
                return j != c && b.minY >= caption.midY && gap <= completionGapRatio * caption.height
            }
            guard let first = below.min(by: { detections[$0].box.minY < detections[$1].box.minY }) else { continue }
            let row = below.filter { detections[$0].box.sharesRow(with: detections[first].box) }
            // A line right under the caption is the rest of its sentence, wrapped ("Update info about you from" / "Facebook and Twitter").
            guard detections[first].box.minY - caption.maxY >= completionMinGapRatio * caption.height, (1...4).contains(row.count),
                row.allSatisfy({ isCompletionTitle(detections[$0].text ?? "") })
            else { continue }
            result.formUnion(row)
            // A chooser's options ("Open with" over "Browser", "My Mixtapez"): one title a row, each
            // starting where the first does, as far under the one before as the second is under the first.
            guard row.count == 1 else { continue }
            var list = [first]
            var step: Double?
            while list.count < maxCompletionRows, let last = list.last {
                let l = detections[last].box
                let next = texts.filter { j in
                    let b = detections[j].box
                    return !list.contains(j) && b.minY > l.maxY && abs(b.minX - l.minX) <= 0.5 * l.height
                }.min { detections[$0].box.minY < detections[$1].box.minY }
                guard let next, isCompletionTitle(detections[next].text ?? ""),
                    !texts.contains(where: { $0 != next && detections[$0].box.sharesRow(with: detections[next].box) })
                else { break }
                let gap = detections[next].box.minY - l.maxY
                if let step, abs(gap - step) > 0.25 * step { break }
                if step == nil, gap > completionGapRatio * caption.height { break }
                step = step ?? gap
                list.append(next)
            }
            result.formUnion(list)
        }
        return result
    }

    /// At most this many options under a chooser's caption — *design choice*: Android's
    /// "Open with" chooser lists its apps a row each, a screen's height holds about eight.
    public static let maxCompletionRows = 8

    /// A caption's buttons start at most 4 × its height below it — *design choice*: on the
    /// ui-real train screen that asked for the rule (2026-11-27) "Facebook" and "Google" stood 1.7
    /// heights under "Or register with"; social sign-in buttons are 36–48 dp tall (Material,
    /// Google's and Apple's sign-in button guidelines), about 3 to 4 caption heights of 12–14 sp.
    public static let completionGapRatio = 4.0
    /// …and at least half its height below it: a wrapped sentence's next line starts closer —
    /// *design choice*, body text's leading is 1.2–1.5 × its size (Material type scale, HIG
    /// Typography), a gap of 0.2–0.5 of the caption's box.
    public static let completionMinGapRatio = 0.5

    /// A short text beside a text button as its twin is a button too: a welcome page's "Sign In"
    /// and "Not Yet", a dialog's pair of choices, drawn alike, one of them found by its words or
    /// its tint and the other in plain words ("Not Yet", "Maybe later"). The two are alone on
    /// their row (no other element shares it but one they lie on: a backdrop, a card), both read
    /// as 1 to 3 words that can title a button (`isCompletionTitle(_:)`), neither a question nor
    /// a caption (no "?" or ":"), neither a heading nor a link, their boxes' heights within
    /// ``twinHeightRatio`` of each other, and they are centred as a pair: the middle
    /// between their middles within ``Metadata/largeTitleCentreTolerance`` of the screen's width
    /// of the screen's middle — a list row's name and its "Add" button are not — and the text
    /// starts ``twinMinStart`` of the width or more from the leading edge.
    public static func markTwinButtons(_ elements: [Element], screenWidth: Double) -> [Element] {
        func isTitle(_ e: Element) -> Bool {
            guard e.children.isEmpty, Metadata.isMadeOfText(e), !e.traits.contains(.header), !e.traits.contains(.link),
                let label = e.label, isCompletionTitle(label)
            else { return false }
            return !label.contains("?") && !label.contains(":")
        }
        var result = elements
        for i in elements.indices where elements[i].kind == .text && isTitle(elements[i]) {
            let t = elements[i].frame
            // (a picture or a card the text lies on is behind the row, not on it)
            let row = elements.indices.filter { $0 != i && elements[$0].frame.sharesRow(with: t) && t.fractionInside(elements[$0].frame) < 0.5 }
            guard row.count == 1, let j = row.first, elements[j].kind == .button, isTitle(elements[j]) else { continue }
            let b = elements[j].frame
            guard max(t.height, b.height) <= twinHeightRatio * min(t.height, b.height),
                abs((t.midX + b.midX) / 2 - screenWidth / 2) <= Metadata.largeTitleCentreTolerance * screenWidth,
                t.minX >= twinMinStart * screenWidth
            else { continue }
            Metadata.makeButton(&result[i])
        }
        return result
    }

    /// A twin starts at least 0.08 of the screen's width from its leading edge: a text at the
    /// screen's margin (iOS's and Material's 16 pt/dp: 0.041–0.044, with a box's slack) with an
    /// action at the other margin is a section's or a bar's title and its "more" or "cancel"
    /// ("노래 … 더보기", "이체 … 취소" — *measured* on the 1,219 listening screens, 2026-11-28: the
    /// two of 17 texts this rule made buttons that were not, both starting at 0.05; the 15 right
    /// ones started at 0.12 or more).
    public static let twinMinStart = 0.08

    /// Twin buttons' boxes differ in height by at most 1.3× — *design choice*: one type size, with
    /// room for a line with descenders beside one without (0.93 against 0.72 em, ``Metadata/inkShare(of:)``).
    public static let twinHeightRatio = 1.3

    /// Whether `text` can be a button that finishes a caption: 1 to 3 words with at least two
    /// letters, not ending on a full stop nor on a dangling preposition.
    static func isCompletionTitle(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        let words = t.split(whereSeparator: \.isWhitespace)
        return (1...3).contains(words.count) && t.filter(\.isLetter).count >= 2 && !t.hasSuffix(".") && !endsOnPreposition(t)
    }

    /// Whether the text at `index` is a heading over its description: alone on its row (a text
    /// beside it within its own height is the rest of its line), with a sentence of at least
    /// ``descriptionMinWords`` words that is not itself a button title starting below it within
    /// ``headingGapRatio`` × its height and overlapping at least half the narrower of the two
    /// horizontally — "Get inspired" over "Read reviews of millions of hotels, activities, and
    /// restaurants…", "Upgrade to Premium" over "Because you get these exclusive benefits:". Button
    /// titles stand side by side ("Sign up | Log in") or in a container of their own, which the
    /// framed-text rule judges; "Forgot password?" is a link over whatever follows it.
    public static func isHeadingOverDescription(_ index: Int, in detections: [Detection]) -> Bool {
        let texts = detections.indices.filter { $0 != index && detections[$0].type == .text }.map { (box: detections[$0].box, text: detections[$0].text) }
        return isHeadingOverDescription(box: detections[index].box, text: detections[index].text, among: texts)
    }

    /// ``isHeadingOverDescription(_:in:)`` for a text at `box` reading `text`, among the other
    /// texts of the screen (`others`, the text itself left out).
    static func isHeadingOverDescription(box a: Rect, text: String?, among others: [(box: Rect, text: String?)]) -> Bool {
        // "Forgot password?" is an account link over whatever follows it, never a heading; so is an
        // account action over its disclaimer ("log in" over "by signing up, you agree to the Terms
        // of Use & Privacy Policy.", ui-real train).
        let first = (text ?? "").split(separator: " ").first.map { $0.lowercased() } ?? ""
        guard a.height > 0, !first.hasPrefix("forgot"), !Metadata.accountActions.contains(first) else { return false }
        let rowmates = others.contains { o in
            o.box.sharesRow(with: a) && max(o.box.minX - a.maxX, a.minX - o.box.maxX) > a.height
        }
        guard !rowmates else { return false }
        return others.contains { o in
            let b = o.box
            let text = o.text ?? ""
            let words = text.split(whereSeparator: \.isWhitespace).count
            return b.minY >= a.maxY - overlapTolerance * a.height && b.minY - a.maxY <= headingGapRatio * a.height
                && b.xOverlap(a) >= 0.5 * min(a.width, b.width) && words >= descriptionMinWords && !isActionPhrase(text)
        }
    }

    /// Whether the text at `index` is the first line of a sentence that goes on below it: a text of
    /// two or more words, not in capitals, with a text right under it (its top within
    /// ``continuationGap`` × the line's height of the line's bottom, overlapping half the narrower
    /// horizontally) that starts with a lower-case word and is no address ("of meditation" under
    /// "Learn the life-changing skill"; an account's e-mail under its name is not a continuation).
    /// A button's title is one line (Apple HIG, "Buttons": short titles), so the line is not a
    /// button, whatever its words say.
    public static func continuesOnNextLine(_ index: Int, in detections: [Detection]) -> Bool {
        let a = detections[index].box
        let text = detections[index].text ?? ""
        guard a.height > 0, text.split(whereSeparator: \.isWhitespace).count >= 2, text != text.uppercased() else { return false }
        return detections.indices.contains { j in
            guard j != index, detections[j].type == .text, let next = detections[j].text?.trimmingCharacters(in: .whitespaces),
                let first = next.first, first.isLowercase, !next.contains("@"), !next.contains("://")
            else { return false }
            let b = detections[j].box
            return b.minY >= a.maxY - 0.3 * a.height && b.minY - a.maxY <= continuationGap * a.height && b.xOverlap(a) >= 0.5 * min(a.width, b.width)
        }
    }

    /// The next line of a sentence starts within half a line's height of the line above — *design
    /// choice*, typographic leading (1.2–1.5 × the font size) leaves a gap of 0.2–0.5 × a line's
    /// box; a box may reach 0.3 × into the line above (detector jitter, as measured on the
    /// "of meditation" box, ui-real 2026-11-26).
    public static let continuationGap = 0.5

    /// How far below a heading its description starts, at most: twice its height — *measured* on
    /// ui-real valid (2026-11-25): "Get inspired", "Get started", "Download Sounds" sit 1.1–1.7 ×
    /// their height above their descriptions.
    public static let headingGapRatio = 2.0
    /// A description is a sentence, not a label or a field's caption: at least five words —
    /// *design choice* ("Name this search" under a dialog's title is a field's caption).
    public static let descriptionMinWords = 5
    /// Boxes of two lines may overlap by a tenth of the upper one's height (detector jitter).
    static let overlapTolerance = 0.1

    /// Longest button title the word rule takes: 5 words ("Sign up with your email" is 5; Apple's
    /// HIG asks for short titles, Material for one to three words) — *design choice*.
    public static let actionPhraseMaxWords = 5

    /// A question followed by the action that answers it — "Already have an account? Log in",
    /// "New here? Sign up", "Have account?Login here" — is a line of text holding a link: sign-up
    /// and log-in screens set the action apart as a tinted or bold link inside the line. The
    /// question is 2–8 words ending in "?"; after it come 1–4 words, the first one of
    /// ``linkVerbs``. The analysis said such lines as plain text: 23 on the 779 ui-real and iPhone
    /// screens and 27 on 700 other train screens, every one a sign-up or log-in prompt by eye
    /// (2026-11-25). ui-real labels them Text, and VoiceOver says "Link" for a link in a text, so
    /// the line keeps its text and gains the link trait (it is not counted a button).
    public static func isPromptWithLink(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let q = t.lastIndex(of: "?") else { return false }
        let question = t[..<q].split(whereSeparator: \.isWhitespace)
        let answer = t[t.index(after: q)...].split(whereSeparator: \.isWhitespace)
        guard (2...8).contains(question.count), (1...4).contains(answer.count), let first = answer.first else { return false }
        return isLinkVerb(first)
    }

    /// Whether `text` offers the other way on as a link: "or" and then 1–3 words starting with one
    /// of ``linkVerbs`` — "Or log in" under "Sign up for free", "or join for free" beside "Sign
    /// In", "OR JOIN LATER" under the sign-in buttons. A line naming what the link is done with
    /// ("OR SIGN UP WITH EMAIL" over a form, "or login with" over the buttons) is a caption
    /// for what follows, not a link. 9 such lines were plain text on the 779 check, 700 held-out
    /// and 180 fresh screens (2026-11-26), every one a link by eye; like a prompt's link the line
    /// gains the link trait (``markPromptLinks(_:)``).
    public static func isAlternativeLink(_ text: String) -> Bool {
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().split(whereSeparator: \.isWhitespace)
        guard words.first == "or", (2...4).contains(words.count) else { return false }
        let rest = words.dropFirst().map { String($0.filter(\.isLetter)) }
        guard let verb = rest.first, isLinkVerb(Substring(verb)) else { return false }
        return !rest.contains { danglingPrepositions.contains($0) }
    }

    /// Whether `text` says where to tap: "click here" or "tap here" in a line of at most
    /// ``maxHereLinkWords`` words ("Not yet registered? Click here.", "Click here to enter a voucher
    /// code", "Click here to Login"). Web-style wording, but the words are the link (WCAG 2.4.4,
    /// link purpose in context). 3 such lines were plain text on the 779 check, 700 held-out and
    /// 120 fresh screens (2026-11-26), each a link by eye; "Forgot your password? Click here" was a
    /// button already.
    public static func isHereLink(_ text: String) -> Bool {
        let words = Metadata.titleWords(text)
        guard words.count <= maxHereLinkWords else { return false }
        return zip(words, words.dropFirst()).contains { ($0 == "click" || $0 == "tap") && $1 == "here" }
    }

    /// A line saying "click here" is short: 10 words — *design choice* (a paragraph mentioning it is
    /// no link).
    public static let maxHereLinkWords = 10

    /// Whether `word` is one of ``linkVerbs``, case and punctuation aside ("Log", "SIGN", "Login!").
    static func isLinkVerb(_ word: Substring) -> Bool { linkVerbs.contains(word.lowercased().filter(\.isLetter)) }

    /// The words that start the link after a question (``isPromptWithLink(_:)``): log in, sign in
    /// or up, register, join, create an account, get started, start.
    public static let linkVerbs: Set<String> = ["log", "login", "sign", "signin", "signup", "register", "join", "create", "get", "start"]

    /// Whether `text` is the question of a sign-up or log-in prompt ("Already have an account?",
    /// "New to Myntra?", "Not a member?"): 2–8 words ending in its only "?" — and not itself an
    /// account link ("Forgot password?", "Trouble signing in?", "Need help?"), which is a button
    /// whatever follows it. English only, like ``linkVerbs``.
    public static func isPromptQuestion(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.hasSuffix("?"), t.filter({ $0 == "?" }).count == 1 else { return false }
        let words = t.dropLast().lowercased().split(whereSeparator: \.isWhitespace)
        guard (2...8).contains(words.count) else { return false }
        return !words.contains { w in accountLinkWords.contains { w.hasPrefix($0) } }
    }

    /// Words that make a question an account link of its own ("Forgot password?", "Trouble logging
    /// in?", "Need help signing in?", "Can't sign in?"), not a prompt for the link beside it.
    public static let accountLinkWords = ["forgot", "trouble", "help", "problem", "can't", "cannot", "reset"]

    /// The texts among `detections` that are a prompt's question (``isPromptQuestion(_:)``) whose
    /// answer — a text of 1–4 words starting with one of ``linkVerbs`` ("Log In", "SIGN UP") — is
    /// a text of its own: next on the question's row (no text or icon between), or right below it
    /// (within ``promptAnswerGap`` × its height, overlapping half the narrower horizontally). The
    /// question is a caption for the link, not a button: VoiceOver says "Already have an
    /// account?", then "Log In, Button". The rule turned 8 "Already have an account?" buttons
    /// into plain text on the 779 check, 700 held-out and 60 fresh screens (2026-11-26); ui-real
    /// labels such questions Text.
    public static func promptQuestionIndices(_ detections: [Detection]) -> Set<Int> {
        let texts = detections.indices.filter { detections[$0].type == .text }
        func isAnswer(_ j: Int) -> Bool {
            let words = (detections[j].text ?? "").split(whereSeparator: \.isWhitespace)
            guard let first = words.first, (1...4).contains(words.count) else { return false }
            return isLinkVerb(first)
        }
        return Set(
            texts.filter { i in
                let q = detections[i].box
                guard q.height > 0, isPromptQuestion(detections[i].text ?? "") else { return false }
                return texts.contains { j in
                    guard j != i, isAnswer(j) else { return false }
                    let a = detections[j].box
                    if a.sharesRow(with: q), a.minX >= q.maxX - overlapTolerance * q.height {
                        return !detections.indices.contains { k in
                            let b = detections[k].box
                            return k != i && k != j && (detections[k].type == .text || detections[k].type == .icon)
                                && b.sharesRow(with: q) && b.minX >= q.maxX - overlapTolerance * q.height && b.maxX <= a.minX
                        }
                    }
                    return a.minY >= q.maxY - overlapTolerance * q.height && a.minY - q.maxY <= promptAnswerGap * q.height
                        && a.xOverlap(q) >= 0.5 * min(a.width, q.width)
                }
            })
    }

    /// How far below a prompt's question its answer starts, at most: twice the question's height —
    /// *measured* on the 779 check and 700 held-out screens (2026-11-26): answers lay 0.35–1.88 ×
    /// the question's height below it ("Already a Member?" over "Sign In" 1.8); "Forgot
    /// password?" links lay 3.3–3.9 × their height above a log-in or sign-up button.
    public static let promptAnswerGap = 2.0

    /// Read texts that are a question and the link that answers it (``isPromptWithLink(_:)``) gain
    /// the link trait. The link's words found again as a text button of their own inside the line
    /// ("Already have an account? Log In, Link" then "Log In, Button": 3 lines on the 779 check,
    /// 700 held-out and 100 fresh screens, 2026-11-25) are that link: the button joins the line,
    /// which is then activated where the button lay, on the link's words.
    public static func markPromptLinks(_ elements: [Element]) -> [Element] {
        var result = elements.map { e in
            var e = e
            e.children = markPromptLinks(e.children)
            if e.kind == .text, e.children.isEmpty, !e.traits.contains(.button),
                isPromptWithLink(e.label ?? "") || isAlternativeLink(e.label ?? "") || isHereLink(e.label ?? "")
            {
                e.traits.insert(.link)
            }
            return e
        }
        var absorbed = Set<Int>()
        for i in result.indices where result[i].traits.contains(.link) && result[i].kind == .text {
            let line = result[i].frame
            guard
                let b = result.indices.first(where: { j in
                    j != i && !absorbed.contains(j) && result[j].kind == .button && result[j].children.isEmpty
                        && !result[j].detections.isEmpty && result[j].detections.allSatisfy { $0.type == .text }
                        && result[j].frame.fractionInside(line) >= linkButtonInside
                })
            else { continue }
            result[i].activationPoint = result[b].activationPoint
            result[i].detections += result[b].detections
            absorbed.insert(b)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// A modal dialog offers at least one action (HIG, "Alerts": an alert has at least one
    /// button; Material, "Dialogs": actions sit at the dialog's foot): in a dialog where nothing
    /// can be activated, its last text — the lowest inside it, in its bottom
    /// ``dialogActionBand``, one line (no taller than ``dialogActionMaxHeight`` × the lowest of
    /// the dialog's other texts), at most ``actionPhraseMaxWords`` words, no sentence
    /// (no closing full stop, no question, not ending on ":"), no figures ("1 of 3", a price) and no
    /// caption — is that action, "LIST FOR FREE, Button" (a listening review of 30 screens,
    /// 2026-11-28, heard a marketplace's "Start making money!" dialog with no button in it: a user
    /// cannot leave it). *Measured* (2026-11-28) on the 1,219 listening screens: that dialog's
    /// action is the one text the rule changes.
    public static func markDialogAction(_ elements: [Element], dialog: Rect) -> [Element] {
        let inside = elements.indices.filter { elements[$0].frame.fractionInside(dialog) >= 0.5 }
        guard !inside.contains(where: { elements[$0].flattened.contains(where: \.isInteractive) }) else { return elements }
        let texts = inside.filter { elements[$0].kind == .text && elements[$0].children.isEmpty }
        guard let last = inside.max(by: { elements[$0].frame.maxY < elements[$1].frame.maxY }), texts.contains(last) else { return elements }
        let e = elements[last]
        let label = (e.label ?? "").trimmingCharacters(in: .whitespaces)
        let words = label.split(whereSeparator: \.isWhitespace)
        let lowest = texts.filter { $0 != last }.map { elements[$0].frame.height }.min()
        let oneLine = lowest.map { e.frame.height <= dialogActionMaxHeight * $0 } ?? true
        guard e.frame.midY >= dialog.maxY - dialogActionBand * dialog.height, oneLine, (1...actionPhraseMaxWords).contains(words.count),
            label.filter(\.isLetter).count >= 2, !label.contains(where: \.isNumber), !label.hasSuffix("."), !label.hasSuffix(":"), !label.contains("?"),
            !namesNoAction(label),
            !e.traits.contains(.header)
        else { return elements }
        var result = elements
        Metadata.makeButton(&result[last])
        return result
    }

    /// A dialog's action lies in its bottom 0.3 — *design choice*: Material's action row is 52 dp
    /// of a dialog at least 180 dp tall, iOS's button row 44 pt of an alert of 120 pt or more.
    public static let dialogActionBand = 0.3
    /// …and is one line: at most 1.5 × the height of the dialog's lowest other text — *design
    /// choice* (a button's title is one line, as tall as a title's or a message's line; a
    /// paragraph's box is two lines or more).
    public static let dialogActionMaxHeight = 1.5

    /// How much of a text button must lie inside a prompt's line to be its link read twice: 0.6 —
    /// *measured*: the 3 such buttons lay 0.90–0.95 inside their lines (OCR boxes differ by a few
    /// pixels; 2026-11-25). Only buttons inside a prompt's line are considered, never a text's.
    public static let linkButtonInside = 0.6

    public static func mark(_ elements: [Element], image: RGBAImage?, settings: InteractivitySettings = .init()) -> [Element] {
        guard let image else { return elements }
        let barBottom = Constants.barFraction * Double(image.height)
        let leaves = elements.flatMap(\.flattened).filter(\.children.isEmpty)
        let icons = leaves.filter { $0.detections.contains { $0.type == .icon } && !$0.detections.contains { $0.type == .text } }.map(\.frame)
        let frames = leaves.map(\.frame)
        let screen = ImageInfo(width: image.width, height: image.height)
        return elements.map { e in
            // The bar's middle holds its title (a tinted logo title "WebMoney"), not its buttons.
            guard e.kind == .text, e.children.isEmpty, !e.traits.contains(.header), e.frame.midY <= barBottom,
                abs(e.frame.midX - Double(image.width) / 2) > Constants.titleBand / 2 * Double(image.width),
                !Interactivity.isAppBarTitle(e.frame, others: frames, icons: icons, screen: screen, settings: settings),
                let label = e.label,
                looksTappable(image, frame: e.frame, label: label)
            else { return e }
            var b = e
            b.kind = .button
            // (a drawer's selected row near the top stays selected)
            b.traits = e.traits.subtracting(.staticText).union(.button)
            return b
        }
    }
}
