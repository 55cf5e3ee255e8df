/// §5.4: whether an icon is a button.
public enum Interactivity {
    /// Meanings whose icons act when tapped in nearly every app (navigation, editing, sharing,
    /// media) — *design choice* for the rule used until the clickability model exists.
    public static let actionMeanings: Set<IconMeaning> = [
        .back, .close, .add, .search, .menu, .settings, .share, .more, .edit, .trash, .refresh,
        .download, .upload, .send, .filter, .play, .pause, .microphone, .camera, .bookmark, .heart,
        .info, .help, .cart, .bell, .link,
        // the extended meanings (media, actions, sign-in and share brands)
        .next, .previous, .shuffle, .like, .show, .copy, .cast, .logout, .volume, .video,
        .facebook, .google, .twitter, .instagram, .apple, .youtube, .whatsapp, .linkedin,
        // the sixth model's (a trophy or compass may be a badge or a tab's picture: left to the model)
        .repeat, .playlist, .fullscreen, .dislike, .backspace, .grid, .scan,
    ]

    /// Media transport meanings: their icons are buttons whatever the clickability model says
    /// (``InteractivitySettings/mediaControlsAreButtons``).
    public static let mediaControlMeanings: Set<IconMeaning> = [.play, .pause, .next, .previous, .shuffle, .repeat]

    /// Command meanings: their icons are buttons whatever the clickability model says, unless a
    /// text follows them on their row (``InteractivitySettings/commandIconsAreButtons``).
    public static let commandMeanings: Set<IconMeaning> = [
        .back, .close, .add, .share, .upload, .edit, .trash, .send, .refresh, .backspace,
    ]

    /// How far right of an icon a text on its row may start, in icon sides, for the icon to lead it:
    /// 4 — a drawer's icons sit 2.3 sides from their titles at Material's 72 dp keyline, a text
    /// button's leading glyph about one side (ui-real valid: "+ Add" in a drawer, "🗑 Remove ads");
    /// *design choice* from those.
    public static let leadingTextGap = 4.0

    /// Whether a text detection on `icon`'s row starts right of it within ``leadingTextGap`` of its
    /// sides: the icon is that row's or that button's leading image, which the later stages join to it.
    public static func precedesText(_ icon: Detection, among detections: [Detection]) -> Bool {
        let side = max(icon.box.width, icon.box.height)
        return detections.contains { d in
            d.type == .text && d.box.sharesRow(with: icon.box) && d.box.minX >= icon.box.midX
                && d.box.minX - icon.box.maxX <= leadingTextGap * side
        }
    }

    /// Smallest command glyph taken for a button, as a fraction of the screen's width: 3 % (12 pt
    /// on a 390 pt iPhone, 11 px on ui-real's 385 px screens). The HIG's bar and toolbar symbols are
    /// about 17–22 pt; smaller marks are a tile's or a picture's badges (a 7 px "+" on a ui-real
    /// shop tile) — *design choice*.
    public static let minCommandSide = 0.03

    /// Whether the icon's recognised meaning is a command (``commandMeanings``), it is at least
    /// ``minCommandSide`` on its shorter side, and no text follows it on its row (`precedesText`,
    /// from ``precedesText(_:among:)``; asked only for a command glyph of that size, as it scans the
    /// screen's detections).
    public static func isCommand(_ f: IconFeatures, precedesText: @autoclosure () -> Bool) -> Bool {
        isStandalone(f, meanings: commandMeanings, precedesText: precedesText())
    }

    /// Favourite meanings: a heart, star or bookmark glyph standing alone is the toggle that saves
    /// or likes what it sits on (``InteractivitySettings/favoriteIconsAreButtons``).
    public static let favoriteMeanings: Set<IconMeaning> = [.heart, .star, .bookmark]

    /// Whether the icon's recognised meaning is a favourite (``favoriteMeanings``), at least
    /// ``minCommandSide`` on its shorter side, with no text following it on its row: a glyph leading
    /// a count or a score ("♥ 123", "★ 4.8") decorates that text and stays an image.
    public static func isFavoriteToggle(_ f: IconFeatures, precedesText: @autoclosure () -> Bool) -> Bool {
        isStandalone(f, meanings: favoriteMeanings, precedesText: precedesText())
    }

    /// Whether the icon is a brand's logo (``IconMeaning/brands``), at least ``minCommandSide`` on
    /// its shorter side, with no text following it on its row: a sign-in, share or follow button
    /// (``InteractivitySettings/brandIconsAreButtons``). A logo leading its title ("f  Continue with
    /// Facebook") is left to the rules that join the two.
    public static func isBrandButton(_ f: IconFeatures, precedesText: @autoclosure () -> Bool) -> Bool {
        isStandalone(f, meanings: IconMeaning.brands, precedesText: precedesText())
    }

    /// Whether the icon's meaning is one of `meanings`, it is at least ``minCommandSide`` of the
    /// screen's width on its shorter side, and no text follows it on its row.
    static func isStandalone(_ f: IconFeatures, meanings: Set<IconMeaning>, precedesText: @autoclosure () -> Bool) -> Bool {
        guard let m = f.meaning, meanings.contains(m) else { return false }
        let side = min(f.normalizedFrame.width * f.screenWidth, f.normalizedFrame.height * f.screenHeight)
        let trailing = f.normalizedFrame.maxX >= 1 - trailingAccessoryBand
        return side >= (trailing ? minTrailingCommandSide : minCommandSide) * f.screenWidth && !precedesText()
    }

    /// A list row's trailing accessory lies in this share of the screen's width at its trailing
    /// edge: 15 % — *design choice*: HIG and Material put a row's accessory (an expand "+", an edit
    /// pencil) at the trailing margin, 16 dp from the edge, beyond every title.
    public static let trailingAccessoryBand = 0.15

    /// Smallest command glyph taken for a button in ``trailingAccessoryBand``: 2 % of the screen's
    /// width — *measured* on the 1,219 listening screens (2026-11-28): the expand "+" of a filter
    /// list's eleven rows is 2.1–2.6 % wide and was said "Add, Image", an edit pencil after
    /// "Profile" and "Payment Cards" 2.9 %; the shop tiles' "+" badges ``minCommandSide`` keeps out
    /// are 1.8 %.
    public static let minTrailingCommandSide = 0.02

    /// A recognised glyph on a row with at least two glyph buttons of about its size (heights within
    /// 1.5 ×) is a button too: a player's queue glyph beside ⏮ ▶ ⏭, a bar's search glyph between
    /// help and cart, a post's ♡ beside its comment and share buttons — a toolbar's items are all
    /// buttons (HIG, "Toolbars"; Material, "Top app bar" action items), where the clickability
    /// model, judging each glyph alone, called one of them an image. On the 779 check and 700
    /// held-out screens 13 glyphs changed, each a music player's queue glyph spoken "Playlist,
    /// Image" beside its ⏮ ▶ ⏭ buttons (2026-11-25). A
    /// glyph leading a text (``precedesText(_:among:)``) is left to that text, one over
    /// a caption (starting within 0.75 of its height below it: a tab's or a tile's) to the caption
    /// and tab rules.
    public static func glyphRowButtons(_ elements: [Element]) -> [Element] {
        let detections = elements.flatMap(\.detections)
        return elements.map { e in
            guard e.kind == .icon, isGlyph(e), e.label != nil else { return e }
            let peers = elements.filter { p in
                p.kind == .button && isGlyph(p) && p.frame.sharesRow(with: e.frame)
                    && p.frame.height <= 1.5 * e.frame.height && e.frame.height <= 1.5 * p.frame.height
            }
            // a glyph leading a text (a drawer header's avatar before the user's name) is that text's
            let leads = e.detections.contains { precedesText($0, among: detections) }
            // and one over a caption (a tab bar's item, a grid's tile) is left to the caption and tab rules
            let captioned = elements.contains { t in
                t.kind == .text && t.frame.xOverlap(e.frame) > 0 && t.frame.minY >= e.frame.maxY - 1
                    && t.frame.minY - e.frame.maxY <= 0.75 * e.frame.height
            }
            guard peers.count >= 2, !leads, !captioned else { return e }
            return glyphButton(e)
        }
    }

    /// Whether `e` is a glyph alone: a leaf made of icon detections only.
    static func isGlyph(_ e: Element) -> Bool { e.children.isEmpty && !e.detections.isEmpty && e.detections.allSatisfy { $0.type == .icon } }

    /// A glyph a layout rule found to be a button: spoken "Label, Button" (as an icon the
    /// clickability model calls a button, ``Metadata/element(for:clickable:pictureDescription:)``).
    static func glyphButton(_ e: Element) -> Element {
        var b = e
        b.kind = .button
        b.traits = .button
        return b
    }

    /// A glyph on a page control's row is one of the pager's buttons: an onboarding's → (next),
    /// ← (back), ✓ (done) or ✕ beside its dots (Material, "Steppers": a mobile stepper's Back and
    /// Next flank its dots), which the clickability model, judging the glyph alone, had called an
    /// image. An arrow right beside a word on its row ("NEXT ›", within ``pagerTitleGap`` of its
    /// width) belongs to that word's button. A short word on the row is the pager's button too.
    /// *Measured* on the 779 check and 700 held-out screens (2026-11-26): 39 glyphs became buttons
    /// — 16 "Forward, Image", 4 "Back, Image", 2 bare "Icon", a carousel's "Full Screen, Image",
    /// and 16 arrows the decoration rules had left unspoken — all the pager's controls by eye but
    /// one unclear mark under a card; of 142 texts on such rows the text-button model had made
    /// 140 buttons ("SKIP", "NEXT", "DONE"), the two left were "GOT IT" (read "COT IT") and
    /// "FORWARD".
    public static func pagerButtons(_ elements: [Element]) -> [Element] {
        let pagers = elements.filter { $0.kind == .pageControl }.map(\.frame)
        guard !pagers.isEmpty else { return elements }
        let words = elements.filter { $0.detections.contains { $0.type == .text } }.map(\.frame)
        let onPagerRow = { (e: Element) in pagers.contains { $0.sharesRow(with: e.frame) && $0.xOverlap(e.frame) <= 0 } }
        return elements.map { e in
            // A word of the pager's own ("NEXT", "GOT IT") the text-button model left as text.
            if e.kind == .text, e.children.isEmpty, Metadata.isMadeOfText(e), onPagerRow(e),
                (e.label ?? "").filter(\.isLetter).count >= 2, Metadata.titleWords(e.label ?? "").count <= maxPagerWords
            {
                var b = e
                Metadata.makeButton(&b)
                return b
            }
            guard e.kind == .icon, isGlyph(e), onPagerRow(e),
                !words.contains(where: { w in
                    w.sharesRow(with: e.frame) && max(w.minX - e.frame.maxX, e.frame.minX - w.maxX) <= pagerTitleGap * e.frame.width
                })
            else { return e }
            return glyphButton(e)
        }
    }

    /// 1.5 widths: ``GroupingSettings/decorationGap``'s reach of a decoration from its text.
    public static let pagerTitleGap = 1.5
    /// A pager's word is one to three words ("SKIP", "GOT IT", "LET'S GO") — *design choice*.
    public static let maxPagerWords = 3

    /// Whether the icon's recognised meaning is a media transport control (``mediaControlMeanings``).
    public static func isMediaControl(_ f: IconFeatures) -> Bool {
        f.meaning.map { mediaControlMeanings.contains($0) } ?? false
    }

    /// The §5.4 features of an icon among the screen's detections.
    public static func features(of icon: Detection, among detections: [Detection], screen: ImageInfo) -> IconFeatures {
        let w = Double(screen.width)
        let h = Double(screen.height)
        let b = icon.box
        let sameRow = detections.filter { $0 != icon && abs($0.box.midY - b.midY) <= b.height / 2 + 1 }
        let neighbours = sameRow.filter { abs($0.box.midX - b.midX) <= b.width + b.height + ($0.box.width / 2) }
        let similar = sameRow.filter {
            $0.type == .icon && abs($0.box.width - b.width) <= 0.2 * b.width && abs($0.box.height - b.height) <= 0.2 * b.height
        }
        let textRight = sameRow.contains {
            $0.type == .text && $0.box.minX >= b.midX && $0.box.minX - b.maxX <= 2 * max(b.width, b.height)
        }
        return IconFeatures(
            normalizedFrame: Rect(x: b.minX / w, y: b.minY / h, width: b.width / w, height: b.height / h),
            screenWidth: w, screenHeight: h, meaning: icon.iconLabel,
            neighboursOnRow: neighbours.count, similarIconsOnRow: similar.count, hasTextOnRow: textRight)
    }

    /// The rule used while no clickability model is configured (documented in the README):
    /// 1. a *leading* icon — in the left ``InteractivitySettings/leadingIconBand`` (20 %) of the
    ///    screen with text right beside it on its row, like the coloured icons of a Settings cell —
    ///    is decoration: not a button;
    /// 2. an icon in the top ``InteractivitySettings/navigationBarBand`` (15 %) of the screen (the
    ///    navigation bar's bar-button items) is a button;
    /// 3. an icon whose recognised meaning is an action (``actionMeanings``) is a button;
    /// 4. anything else is not.
    /// The paper's model (§5.4) replaces this rule when a clickability model is configured.
    public static func ruleBasedClickable(_ f: IconFeatures, settings: InteractivitySettings = .init()) -> Bool {
        if isBarNavigation(f, settings: settings) { return true }
        if isLeading(f, settings: settings) { return false }
        if isBarItem(f, settings: settings) { return true }
        if let m = f.meaning, actionMeanings.contains(m) { return true }
        return false
    }

    /// Rule 1 above: a leading icon of a cell (left 20%, text beside it).
    public static func isLeading(_ f: IconFeatures, settings: InteractivitySettings = .init()) -> Bool {
        f.normalizedFrame.maxX <= settings.leadingIconBand && f.hasTextOnRow
    }

    /// Back, close and menu glyphs in the navigation bar band are its navigation buttons even when
    /// they lead the title ("‹ SIGN UP"): iOS's back button and Android's up/drawer buttons.
    public static func isBarNavigation(_ f: IconFeatures, settings: InteractivitySettings = .init()) -> Bool {
        guard let m = f.meaning else { return false }
        return [.back, .close, .menu].contains(m) && f.normalizedFrame.midY <= settings.navigationBarBand
    }

    /// Rule 2 above: an icon in the top 15% of the screen that is not a leading icon — a
    /// navigation bar's bar-button item.
    public static func isBarItem(_ f: IconFeatures, settings: InteractivitySettings = .init()) -> Bool {
        !isLeading(f, settings: settings) && f.normalizedFrame.midY <= settings.navigationBarBand
    }

    /// How far from the screen's middle a centred bar title's middle may lie: 5 % of the width —
    /// *design choice* (a centred title's box is off by a few pixels of detector jitter; text
    /// actions sit at the bar's ends, 30 % or more from the middle).
    public static let centredTitleTolerance = 0.05

    /// A bar's title starts below the status bar: at 0.035 of the screen's height or lower —
    /// *design choice* from the platforms' status bars, Android's 24 dp of a 640-dp screen (0.0375)
    /// and the iPhone's 20 of 667 pt (0.030); a centred text above it is the bar's clock or its
    /// glyphs read as a word.
    public static let minCentredTitleTop = 0.035

    /// Whether the text at `box` is centred on the screen (within ``centredTitleTolerance``) in the
    /// navigation-bar band with nothing else on its row but the bar's items at its ends — in the
    /// leading band before it ("‹", "Cancel") or the trailing band after it (a modal's "×") — or
    /// nothing at all: a screen's or a sheet's title, never a button however its words read ("LOG
    /// IN" over a sign-in form with its "×", an onboarding page's "Download"). *Measured* on the
    /// 1,219 listening screens (2026-11-29): the 9 texts announced as buttons that this matches
    /// were all titles by eye ("CREATE ACCOUNT", "Forgot your password?", "Remove Ads", "Add a
    /// room"). Alone on its row such a text is not made the bar's heading by this: centred lines
    /// at a screen's top are as often an onboarding page's sentence (the same screens, with this
    /// alone as ``isAppBarTitle(_:others:icons:screen:settings:)``'s rule, gained 47 headings, many
    /// of them sentences, and lost 10); with a bar item at its end on its row it is the bar's
    /// title there.
    public static func isCentredBarTitle(_ box: Rect, others: [Rect], screen: ImageInfo, settings: InteractivitySettings = .init()) -> Bool {
        let width = Double(screen.width)
        guard box.midY <= settings.navigationBarBand * Double(screen.height), abs(box.midX - width / 2) <= centredTitleTolerance * width
        else { return false }
        return others.allSatisfy { o in
            o == box || !o.sharesRow(with: box) || (o.minX < settings.leadingIconBand * width && o.maxX <= box.minX)
                || (o.maxX > (1 - settings.leadingIconBand) * width && o.minX >= box.maxX)
        }
    }

    /// Whether the text at `box` is a top app bar's title, never a button whatever the
    /// text-button model, the title words or the tint rule say: Material's top app bar puts the
    /// navigation icon (back, menu) at its leading edge and the title right after it ("← Sign In",
    /// "≡ Leaderboard"), so a text in the navigation-bar band
    /// (``InteractivitySettings/navigationBarBand``) that starts in the screen's left half with an
    /// icon before it in the leading band (``InteractivitySettings/leadingIconBand``) and nothing
    /// between them (2 px of overlap allowed for detector boxes) is the screen's title — Material's
    /// title starts 72 dp into a 360 dp bar, iOS centres it, both start left of the middle, while
    /// text actions ("SAVE", "Log in") sit at the trailing end. A text centred on the screen
    /// (within ``centredTitleTolerance``) with an item at the bar's leading edge on its row (iOS's
    /// "Cancel" before "Create Account") is the title too. `others` are the screen's other
    /// boxes (the text's own may be among them). On ui-real valid 11 texts announced as buttons
    /// matched this and 10 were such titles (the eleventh a segment's "Music"); on 400 train
    /// screens 20 did, all titles or trailing actions, which the left-half bound leaves alone
    /// (`screenrec analyze`, 2026-11-24).
    public static func isAppBarTitle(_ box: Rect, others: [Rect], icons: [Rect], screen: ImageInfo, settings: InteractivitySettings = .init()) -> Bool {
        let width = Double(screen.width)
        guard box.midY <= settings.navigationBarBand * Double(screen.height), box.minX < 0.5 * width else { return false }
        // iOS centres the title between the bar's leading item (a back chevron, "Cancel") and its
        // trailing one: a centred text with an item at the leading edge on its row is the title.
        if abs(box.midX - width / 2) <= centredTitleTolerance * width,
            others.contains(where: { o in o != box && o.sharesRow(with: box) && o.minX < settings.leadingIconBand * width && o.maxX <= box.minX })
        {
            return true
        }
        // …and so is one with only the bar's items at its ends on its row, a trailing one among
        // them (a sign-in sheet's "LOG IN" beside its "×", a shop's "카테고리" before its bell and
        // cart; ``isCentredBarTitle(_:others:screen:settings:)``). *Measured* on the 1,219
        // listening screens (2026-11-29): 6 texts became headings, each its screen's or sheet's
        // title by eye ("App Tour" twice, "Idea Boards", "CREATE ACCOUNT", "LOG IN", "카테고리");
        // a row of notification glyphs read "Hewes" beside the status bar's clock, which would
        // have taken the heading from its screen's "Details", starts above ``minCentredTitleTop``.
        if box.minY >= minCentredTitleTop * Double(screen.height), isCentredBarTitle(box, others: others, screen: screen, settings: settings),
            others.contains(where: { o in o != box && o.sharesRow(with: box) })
        {
            return true
        }
        return icons.contains { icon in
            icon.minX < settings.leadingIconBand * width && icon.maxX <= box.minX + 2 && icon.sharesRow(with: box)
                && !others.contains { o in o != box && o.sharesRow(with: box) && o.midX > icon.maxX && o.midX < box.minX }
        }
    }
}
