import Foundation

/// A text centred in a button's container: §5.4 for texts, from pixels alone.
///
/// Apple's HIG (filled, tinted and bordered buttons) and Material 3 (filled, tonal, outlined
/// buttons and chips) draw a text button as its title centred in a rectangle or capsule of one
/// colour, set apart from what is around it by a fill or a border: Material's common button is
/// 40 dp tall around a 14 sp label (about 4 × the label's ink height), its chips 32 dp. A static
/// label is drawn on the screen's or a cell's background, which runs on to the screen's edges or
/// far past the text. ``container(of:in:lineHeight:)`` finds that rectangle: it samples the colour just
/// around the text (the fill), walks out from the text over pixels of that colour, and accepts the
/// region when its edges are straight, it pads the text on every side and the text is centred in it.
///
/// Measured on ui-real valid with `screenrec analyze` (2026-11-24): of the one-line texts it finds
/// framed, 139 lie in a ui-real TextButton box and 22 in a Text box (most of which are dialog
/// actions and sign-in buttons by eye); 30 of the TextButtons were not buttons before (the
/// model and the title words had missed "Continue with Google", "Let's get started", "CHOOSE").
/// On 400 train screens, which did not shape it: 155 in TextButton boxes, 42 in Text boxes (by
/// eye mostly "Facebook", "Google", "Continue with Facebook" sign-in buttons that ui-real labels Text).
public enum FramedText {
    public enum Constants {
        /// Two colours further apart than this (Euclidean RGB) are a fill and its edge. Measured on
        /// ui-real valid (JPEG, light outlines): at 30 the rule finds 29 more text buttons than the
        /// model and title words, at 40 (``SelectionSettings/minTintDistance``) 24.
        public static let edgeDistance = 30.0
        /// The fill is sampled on a ring this far outside the text box (× its height, at least
        /// `minRingOffset` pixels): past the ink's anti-aliasing, inside any padded button.
        public static let ringOffset = 0.25
        public static let minRingOffset = 2
        /// At least this share of the ring must be the fill's colour: a text on a photo or a
        /// gradient has no single fill — *design choice*.
        public static let minUniformRing = 0.8
        /// The container's padding above and below the text, each at least this × the text's
        /// height, and its height between `minHeightRatio` and `maxHeightRatio` × the text's:
        /// a badge ("New!") hugs its text (≈ 1.4 ×), Material's button is ≈ 4 ×, a card or a
        /// dialog much more. The range was measured to hold ui-real valid's framed TextButtons
        /// (1.6–5); the top was raised to 6 on 2026-11-25 for small titles in tall buttons (9-px
        /// "DISTANCE", "AVG SPEED" in 48-px buttons, 5.1–5.4 ×; a 12 sp title in Material's 48 dp
        /// button is about 5.6 ×), which found 5 more ui-real TextButtons on the 700 held-out
        /// train screens and the iPhone check screens and changed nothing else there or on valid.
        public static let minPadding = 0.25
        public static let minHeightRatio = 1.6
        public static let maxHeightRatio = 6.0
        /// Above and below the text the padding may differ by this share of their sum (plus
        /// `slack` pixels): the title sits in the middle of its button — *design choice*.
        public static let maxPaddingAsymmetry = 0.4
        /// The text's centre is at most this share of the container's width (plus `slack` pixels)
        /// from the container's centre: HIG and Material centre button titles — *design choice*.
        public static let maxCentreOffset = 0.12
        public static let slack = 2
        /// Edges found by parallel walks may differ by this many pixels (a rectangle's edge is
        /// straight; a capsule's ends are symmetric about its middle) — 2 vertically, 3
        /// horizontally for JPEG edges, measured on ui-real valid.
        public static let verticalEdgeTolerance = 2
        public static let horizontalEdgeTolerance = 3
        /// … or, for a taller container, this share of its height: a capsule's ends curve, so the
        /// left and right walks along two rows a few pixels off its middle differ by a few pixels
        /// when the title sits a pixel or two off centre ("Tickets" 4 px in a 28-px capsule,
        /// "FACEBOOK" 4 px in a 48-px one, on ui-real train screens no earlier rule was tuned on).
        public static let capsuleSideTolerance = 0.15
        /// A walk also stops at a single off-fill pixel whose neighbours across the walk, this many
        /// on each side, are off the fill too: the one-pixel border of an outlined button or chip
        /// at 1x ("Tomorrow", "New? Create an Account", a segmented control's outline), which the
        /// two-in-a-row test walks through; `isLine` still asks the top and
        /// bottom edges to run the text's width. The walks up and down meet a straight edge: a
        /// run of five pixels (2 each side; with 1, JPEG ringing over white capitals on a red fill
        /// stopped a walk short and "GOOGLE+" lost its frame, ui-real train). The walks left and
        /// right may meet a capsule's curved end, where only three pixels line up (light-grey
        /// capsules "Guests", "Womenswear" need 1).
        public static let thinBorderReachVertical = 2
        public static let thinBorderReachHorizontal = 1
        /// A container at least this share of the screen's width is a bar or a full-width cell,
        /// not a button.
        public static let maxWidthShare = 0.97
        /// A title is one line: a text more than twice the screen's median text height is a
        /// paragraph (two lines of a card's copy were taken for framed on ui-real valid).
        public static let maxLineHeightToMedian = 2.0
        /// … unless its shape says it is one line (``isOneLine(_:characters:)``): a line's box is
        /// 0.45–0.7 × its height wide per character (lower case to capitals, Roboto, SF, Inter),
        /// two lines of the same words 0.11–0.18 × — *measured* on ui-real train (2026-11-25), where
        /// "Continue Shopping" (15.7 px tall, 0.50) was refused on a screen whose median text was a
        /// tab bar's 7.5-px captions. 0.3 lies between.
        public static let minOneLineWidthPerCharacter = 0.3
        /// The edges above and below the text must differ from the fill along this share of the
        /// text's width (`isLine`): a button's border or fill edge
        /// is unbroken, the letters of a text the walks ran into are not. Measured on ui-real valid
        /// (2026-11-25): 841 of the 968 edges checked ran the whole width, the rest 0.3–0.9; an iOS
        /// alert's title, whose "bottom edge" was its message's first line, 0.57 (the OCR check
        /// set's screen-09). At 0.9 the rule stopped calling 4 texts buttons on valid and 300 train
        /// screens: that alert title, "SMS" in a drawn speech bubble, "NEW TO MYNTRA?" over "SIGN
        /// UP", and "1 month" under "$2.99" in one green button (which loses its trait); at 0.75
        /// only "NEW TO MYNTRA?" of the train ones. Left and right are not checked: a capsule's
        /// ends curve along the text's rows ("TOP100", "전상품 모아보기" were lost when they were).
        public static let minEdgeRun = 0.9
        /// A walk that stopped on a pixel nearer the fill than this (Euclidean RGB) stopped on
        /// noise or a gradient's step, not on ink or a border, and may be outvoted by the other two
        /// (`FramedText.agreeing`): twice ``edgeDistance`` — *measured* on
        /// ui-real (2026-11-27): the gradient's step that stopped a walk over the yellow
        /// "Registration" button lay 33 from its fill; a card's grey category line ("Blog") above
        /// its title, which must stop the title from being framed by the card, 200 and more.
        public static let faintEdgeDistance = 60.0
        /// … over the pixel the walk stopped at and this many more along it — *design choice*: a
        /// 1x glyph's anti-aliased rim is one or two pixels.
        public static let faintEdgeDepth = 2
        /// A glyph beside a title is part of its button when it ends (or starts) within this × the
        /// title's line height of it: Material 3 puts 8 dp between a chip's or button's 18 dp icon
        /// and its 14 sp label (ink about 10 dp tall: 0.8 ×), HIG's bordered buttons about as
        /// much; 1.0 leaves room for JPEG-blurred boxes — *design choice* from the specs.
        public static let maxGlyphGap = 1.0
        /// … and is at most this × the line's height tall: the 18 dp icon beside a 10 dp line is
        /// 1.8 ×; a thumbnail or an avatar is taller — *design choice* from the specs.
        public static let maxGlyphHeight = 2.2
        /// A border fainter than ``edgeDistance`` still bounds a container when it is a straight
        /// line at least this far from the fill (Euclidean RGB) along ``minEdgeRun`` of the text's
        /// width (for a side: of the text's height): iOS apps outline chips and fields in #EEEEEE
        /// on white, 29 from it (an "Experiences in London" screen's "Tomorrow" chip, ui-real
        /// train, 2026-11-27), under the 30 that JPEG blur around strong edges needs. 24 is above a
        /// flat fill's JPEG noise (under 10 on ui-real's JPEGs) and above the ringing beside a
        /// word's letters, which can run as a line: 16–23 below "Tomorrow", a column of 243 (21
        /// from white) beside the last letter of "Filters" that stopped a walk at 20 — *measured*
        /// on that screen, then judged on ui-real (README).
        public static let faintBorderDistance = 24.0
        /// … and is at most this many pixels thick: a hairline is one pixel at any scale, a 1-pt
        /// border three at 3x — *design choice* from HIG's point sizes.
        public static let faintBorderThickness = 3
        /// A faint fill (``faintFill(of:in:lineHeight:)``) has its edges, and differs from what is
        /// around it, at least this far from its colour (Euclidean RGB): the edge a boxed text
        /// field's walks look for (``TextFieldShapes/Constants/boxEdgeDistance``, 12: above a flat
        /// fill's JPEG noise, under 10). The chips it is for lie 19–29 from their pages —
        /// *measured* on ui-real (2026-11-29): "Mustard-Free" #ECECEC on #FEFFFA, "Sort" #1E1E1E
        /// on #131313, "김치" #F4F4F4 on white, all ui-real TextButtons that no rule had framed.
        public static let faintFillDistance = TextFieldShapes.Constants.boxEdgeDistance
        /// A faint fill is at least this × its title's line tall: Material 3's 32-dp chip around
        /// a 14-sp label (its text box 10–13 dp tall) is 2.5–3.2 ×; a badge or a product's tag
        /// hugs its text (Material's large badge, 16 dp around 11 sp: 1.5–2 ×). *Measured* on the
        /// 1,219 listening screens (2026-11-29): the chips it found were 2.4–3.7 × their line;
        /// the tags and badges ("광고", "쿠폰", "뉴시즌", a "한도제한" status pill, an info
        /// callout) 1.9–2.4 ×.
        public static let minFaintFillHeightRatio = 2.4
        /// A framed title has at most this many words: the word rule's five
        /// (``TextButtons/actionPhraseMaxWords``), or up to eight for a title that
        /// ``isLongTitle(_:)`` allows. *Design choice*: eight words fill a 360-dp button at 14 sp.
        public static let maxTitleWords = 8
    }

    /// The container of the one-line text at `box`, or nil when the text is not framed.
    ///
    /// `box` may also hold the text's glyphs (``titleWithGlyphs(_:icons:)``), with `lineHeight` the
    /// text's own height: the padding and the container's height are judged against the line.
    public static func container(of box: Rect, in image: RGBAImage, lineHeight: Double? = nil) -> Rect? {
        framed(box, in: image, lineHeight: lineHeight, edgeDistance: Constants.edgeDistance)?.container
    }

    /// Whether a framed text of more than ``TextButtons/actionPhraseMaxWords`` words (up to
    /// ``Constants/maxTitleWords``) is a button's title: in capitals or starting with one of
    /// ``TextButtons/actionVerbs``, and ending in neither a full stop nor a question mark. A
    /// contained button's title may run long — "SIGN IN WITH YOUR CAPITAL ONE ACCOUNT", "GET IT
    /// FROM YOUR FAMILY NOW", "GET STARTED AND LOG IN LATER", ui-real TextButtons that were plain
    /// texts on the 1,219 listening screens (2026-11-29) —, while a long framed sentence or
    /// question is a toast's, a callout's or an age gate's ("ARE YOU OVER 21 YEARS OF AGE?"), and
    /// a long framed phrase in lower case may hold links ("Terms of service and privacy policy").
    public static func isLongTitle(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !endsSentence(t), !t.hasSuffix("?"), let first = t.split(whereSeparator: \.isWhitespace).first else { return false }
        let capitals = t.contains(where: \.isUppercase) && !t.contains(where: \.isLowercase)
        return capitals || TextButtons.actionVerbs.contains(first.lowercased())
    }

    /// Whether `text` ends as a sentence does, with a full stop (not an ellipsis, a truncated
    /// title's): a message, not a button's title.
    public static func endsSentence(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.hasSuffix(".") && !t.hasSuffix("..")
    }

    /// The container of the one-line text at `box` when it is a faint fill set on one background:
    /// a chip of #EEEEEE on an off-white page, of #1E1E1E on #121212, a pale grey capsule — 19 to
    /// 29 from the page (Euclidean RGB), under the ``Constants/edgeDistance`` that
    /// ``container(of:in:lineHeight:)`` needs. Found by the same walks with their edges at
    /// ``Constants/faintFillDistance`` from the fill, and accepted only when each of its four
    /// sides, just outside it, is that far from the fill — but nearer than ``Constants/edgeDistance``:
    /// a fill that far from its page would have been found by the strong walks, so these walks
    /// stopped on something else (the title line of a card above its price) — and the four are
    /// one colour (`TextFieldShapes.isOnOneBackground`): a filled shape on its page, not
    /// a title between two faint rules or on a band that runs on past it. It must be at least
    /// ``Constants/minFaintFillHeightRatio`` × the line tall: a chip, not a tag hugging its text.
    /// Nil when the text is not so framed.
    public static func faintFill(of box: Rect, in image: RGBAImage, lineHeight: Double? = nil) -> Rect? {
        guard let (found, fill) = framed(box, in: image, lineHeight: lineHeight, edgeDistance: Constants.faintFillDistance),
            found.height >= Constants.minFaintFillHeightRatio * min(box.height, lineHeight ?? box.height),
            let sides = sideColours(around: found, in: image, offset: TextFieldShapes.Constants.outsideOffset),
            sides.allSatisfy({ (Constants.faintFillDistance..<Constants.edgeDistance).contains($0.distance(to: fill)) }),
            TextFieldShapes.isOnOneBackground(found, in: image)
        else { return nil }
        return found
    }

    /// The bar across the screen that the one-line text at `box` is centred in, below the top
    /// `topBand` of the screen (the app bar's, whose centred title is no button): a full-width
    /// button at a screen's foot ("LET'S GET STARTED", "MORE LANGUAGES (88)") — Material's
    /// full-width buttons, which ``container(of:in:lineHeight:)`` leaves out as bars. Its sides
    /// are the screen's edges (or within ``Constants/maxWidthShare`` of them; a drawer's foot
    /// button, one side on the scrim, is not found); above and below, its edges are found as a
    /// container's, padding the text alike, 1.6–6 × its height (the bottom may be the screen's
    /// foot); they run across the screen, and past them lies another colour (at least
    /// ``Constants/edgeDistance`` from the fill: a filled bar, not a list row between dividers).
    /// The text is centred on it within ``Constants/maxCentreOffset`` of its own width (a list
    /// row's title at its leading edge is not). Nil when there is none.
    public static func bar(of box: Rect, in image: RGBAImage, topBand: Double) -> Rect? {
        guard let (found, fill) = enclosureAndFill(of: box, in: image, openSides: true),
            found.width >= Constants.maxWidthShare * Double(image.width),
            found.minY >= topBand * Double(image.height),
            abs(found.midX - box.midX) <= Constants.maxCentreOffset * box.width + Double(Constants.slack)
        else { return nil }
        let bar = Rect(minX: max(0, found.minX), minY: found.minY, maxX: min(Double(image.width), found.maxX), maxY: found.maxY)
        // Its top and bottom edges (the bottom may be the screen's foot) run across the screen, as
        // a bar's do — not the letters of a line below or a picture's outline above — and past
        // them lies another colour: a fill of its own, not a list row's white between dividers.
        let off = Double(TextFieldShapes.Constants.outsideOffset)
        let across = 0..<image.width
        for (edgeRow, outward) in [(Int(bar.minY), -1), (Int(bar.maxY), 1)] where edgeRow < image.height {
            let beyond = Int(Double(edgeRow) + Double(outward) * off)
            guard isLine(image, along: across, at: [edgeRow], outward: outward, fill: fill), beyond >= 0, beyond < image.height,
                let colour = RGB.channelMedian((1...7).map { image.color(x: image.width * $0 / 8, y: beyond) }),
                colour.distance(to: fill) >= Constants.edgeDistance
            else { return nil }
        }
        return bar
    }

    /// ``container(of:in:lineHeight:)`` with the walks' `edgeDistance`, and the fill the walks went over.
    static func framed(_ box: Rect, in image: RGBAImage, lineHeight: Double?, edgeDistance: Double) -> (container: Rect, fill: RGB)? {
        guard let (found, fill) = enclosureAndFill(of: box, in: image, lineHeight: lineHeight, edgeDistance: edgeDistance) else { return nil }
        let x0 = Double(Int(box.minX))
        let x1 = Double(Int(box.maxX.rounded(.up)))
        guard found.width <= Constants.maxWidthShare * Double(image.width),
            abs(found.midX - (x0 + x1) / 2) <= Constants.maxCentreOffset * found.width + Double(Constants.slack)
        else { return nil }
        return (found, fill)
    }

    /// The rectangle of one fill around the one-line text at `box` — its edges straight, padding
    /// the text above and below alike (``Constants/minPadding``, ``Constants/maxPaddingAsymmetry``,
    /// ``Constants/minHeightRatio``–``Constants/maxHeightRatio`` × the line) and past its ends —
    /// wherever in it the text sits; nil when there is none. Pixels at least `edgeDistance` from
    /// the fill are its edges (a text field's fill may lie nearer its surroundings than a
    /// button's: ``TextFieldShapes``).
    static func enclosure(of box: Rect, in image: RGBAImage, lineHeight: Double? = nil, edgeDistance: Double = Constants.edgeDistance)
        -> Rect?
    {
        enclosureAndFill(of: box, in: image, lineHeight: lineHeight, edgeDistance: edgeDistance)?.rect
    }

    /// ``enclosure(of:in:lineHeight:edgeDistance:)`` and the fill it walked over (the ring
    /// ``Constants/ringOffset`` × the line's height outside the text). With `openSides`, a walk that
    /// leaves the image meets the fill's edge there (``bar(of:in:topBand:)``).
    static func enclosureAndFill(
        of box: Rect, in image: RGBAImage, lineHeight: Double? = nil, edgeDistance: Double = Constants.edgeDistance, openSides: Bool = false
    ) -> (rect: Rect, fill: RGB)? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite, box.width >= 4, box.height >= 4
        else { return nil }
        let x0 = Int(box.minX)
        let y0 = Int(box.minY)
        let x1 = Int(box.maxX.rounded(.up))
        let y1 = Int(box.maxY.rounded(.up))
        let h = min(box.height, lineHeight ?? box.height)
        let d = max(Constants.minRingOffset, Int((Constants.ringOffset * h).rounded()))
        guard let fill = ringFill(image, x0: x0, y0: y0, x1: x1, y1: y1, offset: d, boxWidth: Int(box.width), boxHeight: Int(h))
        else { return nil }
        let centreX = (x0 + x1) / 2
        let verticalLimit = Int(Constants.maxHeightRatio * h)
        var tops: [Int] = []
        var bottoms: [Int] = []
        var faintTops: [Int] = []
        var faintBottoms: [Int] = []
        // With `openSides`, a walk down that leaves the image within reach met the bar's foot there:
        // a bar at the screen's foot.
        let footInReach = openSides && image.height - y1 <= verticalLimit + d
        for x in [x0 + Int(box.width) / 4, centreX, x1 - Int(box.width) / 4] {
            guard
                let top = edge(
                    image, fromX: x, y: y0 - d + 1, dx: 0, dy: -1, fill: fill, limit: verticalLimit, faintLineSpan: x0..<x1,
                    distance: edgeDistance),
                let bottom = edge(
                    image, fromX: x, y: y1 + d - 1, dx: 0, dy: 1, fill: fill, limit: verticalLimit, faintLineSpan: x0..<x1,
                    distance: edgeDistance) ?? (footInReach ? image.height : nil)
            else { return nil }
            tops.append(top)
            bottoms.append(bottom)
            if isFaint(image, x: x, from: top, step: -1, fill: fill) { faintTops.append(top) }
            if isFaint(image, x: x, from: bottom, step: 1, fill: fill) { faintBottoms.append(bottom) }
        }
        guard let topHits = agreeing(tops, fartherIsLower: true, droppable: faintTops),
            let bottomHits = agreeing(bottoms, fartherIsLower: false, droppable: faintBottoms),
            let top = topHits.min(), let bottom = bottomHits.max(),
            isLine(image, along: x0..<x1, at: topHits, outward: -1, fill: fill, distance: edgeDistance),
            bottom == image.height || isLine(image, along: x0..<x1, at: bottomHits, outward: 1, fill: fill, distance: edgeDistance)
        else { return nil }
        let padTop = Double(y0 - top)
        let padBottom = Double(bottom - y1)
        let height = Double(bottom - top)
        guard min(padTop, padBottom) >= Constants.minPadding * h,
            abs(padTop - padBottom) <= Constants.maxPaddingAsymmetry * (padTop + padBottom) + Double(Constants.slack),
            height >= Constants.minHeightRatio * h, height <= Constants.maxHeightRatio * h
        else { return nil }
        // Left and right along the rows in the middle of the padding, clear of the title's ink
        // (and of an icon no taller than the title), from the text's ends: an edge above the
        // text's span could not be the container's side anyway, and JPEG ringing over capitals
        // there stopped the walks short.
        var lefts: [Int] = []
        var rights: [Int] = []
        for y in [(top + y0) / 2, (y1 + bottom) / 2] {
            // A faint side runs from the walk's row past the text's rows (a glyph's edge beside
            // the title, JPEG-blurred at the walk's row, runs only along the title).
            let rows = min(y, y0)..<max(y + 1, y1)
            // With `openSides`, a walk that leaves the image met the fill's side there: a bar across the screen.
            guard
                let left = edge(
                    image, fromX: x0 - d + 1, y: y, dx: -1, dy: 0, fill: fill, limit: image.width, faintLineSpan: rows, distance: edgeDistance)
                    ?? (openSides ? -1 : nil),
                let right = edge(
                    image, fromX: x1 + d - 1, y: y, dx: 1, dy: 0, fill: fill, limit: image.width, faintLineSpan: rows, distance: edgeDistance)
                    ?? (openSides ? image.width : nil)
            else { return nil }
            lefts.append(left)
            rights.append(right)
        }
        guard let left = lefts.min(), let right = rights.max(),
            left >= (lefts.max() ?? left) - sideTolerance(height: height),
            right <= (rights.min() ?? right) + sideTolerance(height: height),
            left <= x0 - d, right >= x1 + d
        else { return nil }
        return (Rect(minX: Double(left), minY: Double(top), maxX: Double(right), maxY: Double(bottom)), fill)
    }

    /// A title and the glyphs beside it, as one box: the nearest icon on the title's row that ends
    /// within ``Constants/maxGlyphGap`` × the line's height before it (a chip's or a bordered
    /// button's leading glyph, "⚲ Filters", "📅 Dates") and the nearest that starts as close after
    /// it (a dropdown chip's ⌄), each at most ``Constants/maxGlyphHeight`` × the line's height
    /// tall. Material 3's chips and buttons with an icon (and HIG's bordered buttons with an
    /// image) centre the glyph and the title together in the container, so it is the pair that
    /// ``container(of:in:lineHeight:)`` must find centred. Nil when no icon flanks the title.
    public static func titleWithGlyphs(_ box: Rect, icons: [Rect]) -> Rect? {
        let h = box.height
        let row = icons.filter { $0.sharesRow(with: box) && $0.height <= Constants.maxGlyphHeight * h && $0.xOverlap(box) <= 0 }
        let before = row.filter { $0.maxX <= box.minX + 1 && box.minX - $0.maxX <= Constants.maxGlyphGap * h }.max { $0.maxX < $1.maxX }
        let after = row.filter { $0.minX >= box.maxX - 1 && $0.minX - box.maxX <= Constants.maxGlyphGap * h }.min { $0.minX < $1.minX }
        guard before != nil || after != nil else { return nil }
        return [before, after].compactMap { $0 }.reduce(box) { $0.union($1) }
    }

    /// Whether the edge a vertical walk met at (x, y) is faint: it and the next ``Constants/faintEdgeDepth``
    /// pixels on along the walk (`step`) all nearer the fill than ``Constants/faintEdgeDistance`` —
    /// a walk meets ink's anti-aliased rim first and its core a pixel or two on.
    static func isFaint(_ image: RGBAImage, x: Int, from y: Int, step: Int, fill: RGB) -> Bool {
        (0...Constants.faintEdgeDepth).allSatisfy { k in
            let yk = y + k * step
            return yk < 0 || yk >= image.height || image.color(x: x, y: yk).distance(to: fill) < Constants.faintEdgeDistance
        }
    }

    /// The edges the three vertical walks found that agree within ``Constants/verticalEdgeTolerance``:
    /// all three, or the two that do when the third stopped elsewhere on a faint edge (one of
    /// `droppable`) — JPEG noise over a gradient fill stops one walk a few pixels early (the
    /// yellow "Registration" button of an iPhone sign-up screen, ui-real train: 253, 259, 253). A
    /// walk stopped by ink (a card's category line above its title) keeps the edge from being
    /// found. Of two agreeing pairs, the one farther from the text (lower coordinates for tops
    /// when `fartherIsLower`); nil when no two agree. `isLine` still asks the edge to run the
    /// text's width.
    static func agreeing(_ hits: [Int], fartherIsLower: Bool, droppable: [Int]) -> [Int]? {
        let h = hits.sorted()
        let tolerance = Constants.verticalEdgeTolerance
        guard h.count == 3 else { return h.isEmpty || h.last! - h.first! > tolerance ? nil : h }
        if h[2] - h[0] <= tolerance { return h }
        let low = h[1] - h[0] <= tolerance
        let high = h[2] - h[1] <= tolerance
        let pair: [Int]
        switch (low, high) {
        case (true, true): pair = fartherIsLower ? [h[0], h[1]] : [h[1], h[2]]
        case (true, false): pair = [h[0], h[1]]
        case (false, true): pair = [h[1], h[2]]
        case (false, false): return nil
        }
        let dropped = pair == [h[0], h[1]] ? h[2] : h[0]
        return droppable.contains(dropped) ? pair : nil
    }

    /// Whether a text of `characters` characters in `box` is one line by its shape: its box at
    /// least ``Constants/minOneLineWidthPerCharacter`` × its height wide per character. A second
    /// line halves the width and doubles the height, so the ratio falls fourfold.
    public static func isOneLine(_ box: Rect, characters: Int) -> Bool {
        characters > 0 && box.height > 0 && box.width >= Constants.minOneLineWidthPerCharacter * box.height * Double(characters)
    }

    /// How far the left (or right) edges found on two rows may differ: ``Constants/horizontalEdgeTolerance``
    /// pixels, or ``Constants/capsuleSideTolerance`` × the container's height.
    static func sideTolerance(height: Double) -> Int {
        max(Constants.horizontalEdgeTolerance, Int((Constants.capsuleSideTolerance * height).rounded(.down)))
    }

    /// Whether the edge the vertical walks found at rows `hits` runs unbroken along the columns
    /// `span`: at least ``Constants/minEdgeRun`` of them have a pixel within a row of the hits that
    /// differs from the fill. A border or another fill does; the letters of a text below (an
    /// alert's message under its title) leave gaps between them.
    static func isLine(
        _ image: RGBAImage, along span: Range<Int>, at hits: [Int], outward: Int, fill: RGB, distance: Double = Constants.edgeDistance
    ) -> Bool {
        guard let lo = hits.min(), let hi = hits.max() else { return false }
        let rows = max(0, lo - 1)...min(image.height - 1, hi + 1)
        let columns = max(0, span.lowerBound)..<min(image.width, span.upperBound)
        guard !columns.isEmpty, !rows.isEmpty else { return false }
        let on = columns.filter { x in rows.contains { y in differs(image, x, y, from: fill, distance: distance) } }.count
        return Double(on) >= Constants.minEdgeRun * Double(columns.count)
            || hits.allSatisfy { isFaintLine(image, at: $0, across: span, horizontal: true, outward: outward, fill: fill) }
    }

    /// Whether row `c` (`horizontal`) or column `c` is a faint border across `span`: at least
    /// ``Constants/minEdgeRun`` of its pixels there lie ``Constants/faintBorderDistance`` or more
    /// from the fill, and within ``Constants/faintBorderThickness`` pixels further out (`outward`:
    /// +1 or −1) a row (column) is back near the fill along as much of the span — a line, not the
    /// next step of a gradient or a photo.
    static func isFaintLine(_ image: RGBAImage, at c: Int, across span: Range<Int>, horizontal: Bool, outward: Int, fill: RGB) -> Bool {
        let size = horizontal ? image.height : image.width
        let along = max(0, span.lowerBound)..<min(horizontal ? image.width : image.height, span.upperBound)
        guard c >= 0, c < size, !along.isEmpty else { return false }
        func share(at c: Int, off: Bool) -> Double {
            let n = along.filter { k in
                ((horizontal ? image.color(x: k, y: c) : image.color(x: c, y: k)).distance(to: fill) >= Constants.faintBorderDistance) == off
            }.count
            return Double(n) / Double(along.count)
        }
        guard share(at: c, off: true) >= Constants.minEdgeRun else { return false }
        return (1...Constants.faintBorderThickness).contains { k in
            let next = c + k * outward
            return next >= 0 && next < size && share(at: next, off: false) >= Constants.minEdgeRun
        }
    }

    /// The colours just outside `rect`, `offset` pixels off each side: the per-channel median of
    /// seven points along the top, bottom, left and right sides, in that order; nil when a side
    /// lies outside the image.
    static func sideColours(around rect: Rect, in image: RGBAImage, offset: Int) -> [RGB]? {
        let off = Double(offset)
        let along = (1...7).map { Double($0) / 8 }
        func median(_ points: [(Double, Double)]) -> RGB? {
            RGB.channelMedian(
                points.compactMap { p in
                    let x = Int(p.0)
                    let y = Int(p.1)
                    return x >= 0 && y >= 0 && x < image.width && y < image.height ? image.color(x: x, y: y) : nil
                })
        }
        let sides = [
            median(along.map { (rect.minX + $0 * rect.width, rect.minY - off) }),
            median(along.map { (rect.minX + $0 * rect.width, rect.maxY + off) }),
            median(along.map { (rect.minX - off, rect.minY + $0 * rect.height) }),
            median(along.map { (rect.maxX + off, rect.minY + $0 * rect.height) }),
        ].compactMap { $0 }
        return sides.count == 4 ? sides : nil
    }

    /// Whether the pixel at (x, y) is at least `distance` (``Constants/edgeDistance``) from the fill: an edge's.
    static func differs(_ image: RGBAImage, _ x: Int, _ y: Int, from fill: RGB, distance: Double = Constants.edgeDistance) -> Bool {
        image.color(x: x, y: y).distance(to: fill) >= distance
    }

    /// ``ringFill(_:x0:y0:x1:y1:offset:boxWidth:boxHeight:)`` around `box` (its pixel bounds, at
    /// least 2 × 2), ``Constants/ringOffset`` × its height outside it (at least
    /// ``Constants/minRingOffset`` pixels): the fill a text at `box` is drawn on.
    static func ringFill(around box: Rect, in image: RGBAImage) -> RGB? {
        guard let (x0, y0, x1, y1) = ElementOCR.pixelBounds(box, in: image), x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        let d = max(Constants.minRingOffset, Int((Constants.ringOffset * box.height).rounded()))
        return ringFill(image, x0: x0, y0: y0, x1: x1, y1: y1, offset: d, boxWidth: x1 - x0, boxHeight: y1 - y0)
    }

    /// The per-channel median of a ring `offset` pixels outside the box, when at least
    /// ``Constants/minUniformRing`` of it is within ``Constants/edgeDistance`` of that median.
    static func ringFill(_ image: RGBAImage, x0: Int, y0: Int, x1: Int, y1: Int, offset d: Int, boxWidth: Int, boxHeight: Int) -> RGB? {
        var ring: [RGB] = []
        func sample(_ x: Int, _ y: Int) {
            if x >= 0, y >= 0, x < image.width, y < image.height { ring.append(image.color(x: x, y: y)) }
        }
        for x in stride(from: x0 - d, through: x1 + d, by: max(1, boxWidth / 20)) {
            sample(x, y0 - d)
            sample(x, y1 + d)
        }
        for y in stride(from: y0, through: y1, by: max(1, boxHeight / 6)) {
            sample(x0 - d, y)
            sample(x1 + d, y)
        }
        guard ring.count >= 10, let fill = RGB.channelMedian(ring) else { return nil }
        let uniform = ring.filter { $0.distance(to: fill) < Constants.edgeDistance }.count
        return Double(uniform) >= Constants.minUniformRing * Double(ring.count) ? fill : nil
    }

    /// Walks from (x, y) one pixel at a time in direction (dx, dy) over the fill; the coordinate
    /// (x for horizontal walks, y for vertical ones) of the first of two pixels in a row that are
    /// not the fill's colour. Nil when the walk leaves the image or goes `limit` pixels without one.
    ///
    /// With `faintLineSpan` (columns for a vertical walk, rows for a horizontal one) it also stops
    /// at a faint border: a pixel ``Constants/faintBorderDistance`` from the fill on a line that
    /// runs across that span (`isFaintLine`).
    static func edge(
        _ image: RGBAImage, fromX x: Int, y: Int, dx: Int, dy: Int, fill: RGB, limit: Int, faintLineSpan: Range<Int>? = nil,
        distance: Double = Constants.edgeDistance
    ) -> Int? {
        func inside(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < image.width && y < image.height }
        func differs(_ x: Int, _ y: Int) -> Bool { Self.differs(image, x, y, from: fill, distance: distance) }
        // Off the fill for `reach` pixels each side of (x, y) along (dx, dy).
        let reach = dx != 0 ? Constants.thinBorderReachHorizontal : Constants.thinBorderReachVertical
        func isThinLine(x: Int, y: Int, dx: Int, dy: Int) -> Bool {
            for k in 1...max(1, reach) {
                let (ax, ay) = (x - k * dx, y - k * dy)
                let (bx, by) = (x + k * dx, y + k * dy)
                guard inside(ax, ay), inside(bx, by), differs(ax, ay), differs(bx, by) else { return false }
            }
            return true
        }
        var cx = x
        var cy = y
        for _ in 0...max(0, limit) {
            cx += dx
            cy += dy
            guard inside(cx, cy) else { return nil }
            guard differs(cx, cy) else {
                if let span = faintLineSpan, image.color(x: cx, y: cy).distance(to: fill) >= Constants.faintBorderDistance,
                    isFaintLine(image, at: dx != 0 ? cx : cy, across: span, horizontal: dy != 0, outward: dx + dy, fill: fill)
                {
                    return dx != 0 ? cx : cy
                }
                continue
            }
            // Two off-fill pixels in a row along the walk (a fill's edge, a border two pixels or
            // more thick), or one with both neighbours across the walk off the fill too: a border
            // one pixel thick, which a 1x screenshot draws (``Constants/thinBorderReachVertical``).
            if inside(cx + dx, cy + dy), differs(cx + dx, cy + dy) { return dx != 0 ? cx : cy }
            if isThinLine(x: cx, y: cy, dx: dy, dy: dx) { return dx != 0 ? cx : cy }
        }
        return nil
    }
}
