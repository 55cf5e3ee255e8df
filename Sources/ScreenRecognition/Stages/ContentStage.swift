import Foundation

/// §5.2 and §5.4: what each detection shows and whether it acts. Icons get a meaning from the icon
/// classifier, pictures a description (their own text first), read texts and icons a clickability
/// decision (the text-button and icon clickability models, or the rule without one); then every
/// detection becomes a leaf ``Element`` (``Metadata/element(for:clickable:pictureDescription:)``)
/// and the parts of one element join it: a control's inner text is its label, an icon and its
/// caption are one button, a decorative icon belongs to the text beside it, a picture's legible
/// text is its label.
struct ContentStage: AnalysisStage {
    var recognizer: (any ContentRecognizer)?
    /// Reads the icons left unknown that show a number (``ContentSettings/readNumbersInIcons``):
    /// the pipeline's first crop reader (Tesseract's single-line English reader), else its OCR.
    var iconTextReader: (any TextRecognizer)?
    var content: ContentSettings
    var interactivity: InteractivitySettings
    var grouping: GroupingSettings
    /// ``AnnouncementSettings/headerHeightRatio``: how much taller than the median text a title is.
    var headerHeightRatio: Double = AnnouncementSettings().headerHeightRatio
    /// ``SelectionSettings/minTintDistance``: colours closer than this are one fill (a button's).
    var colourDistance: Double = SelectionSettings().minTintDistance

    /// The classifier's meanings that a small chevron is taken for, each with the direction the
    /// glyph must point to be that chevron (``ContentSettings/readChevrons``): a ⌄ read as a
    /// checkmark, a › read as a play triangle.
    static let chevronMisreadings: [IconMeaning: IconMeaning] = [.checkmark: .down, .play: .forward]

    func run(_ work: inout ScreenInProgress) throws {
        let kept = Self.withoutUnreadTextsInGlyphs(work.detections)
        if kept.count < work.detections.count {
            work.note("content", "\(work.detections.count - kept.count) unread text(s) inside an icon or picture left out (the glyph seen twice)")
            work.detections = kept
        }
        var meanings = iconMeanings(work.detections, work: &work)
        if let image = work.image {
            // Glyphs too small for the classifier, from their pixels: overflow "more" dots (⋮ 3–4 px
            // wide), and chevrons and carets — also where the classifier read a ⌄ as a checkmark or
            // a small › as a play triangle (an outlined chevron has two arms where a ▶ is filled;
            // ``IconGlyphs/chevronDirection(_:box:minDistance:maxTinySide:inkShares:)`` takes a filled sideways
            // triangle only at a size no play button has).
            let tiny = IconGlyphs.tinySideShare * Double(work.screen.width)
            for (i, d) in work.detections.enumerated() where d.type == .icon && d.iconLabel == nil {
                if content.readThreeDots, meanings[i] == nil, IconGlyphs.isThreeDots(image, box: d.box, minDistance: colourDistance) {
                    meanings[i] = .more
                } else if content.readChevrons, meanings[i].map({ Self.chevronMisreadings[$0] != nil }) ?? true,
                    let direction = IconGlyphs.chevronDirection(
                        image, box: d.box, minDistance: colourDistance, maxTinySide: tiny,
                        inkShares: meanings[i] == .play ? [0.5] : IconGlyphs.inkShares),
                    meanings[i].map({ Self.chevronMisreadings[$0] == direction }) ?? true
                {
                    meanings[i] = direction
                }
            }
        }
        // A wide "icon" that is a row of stars is a rating ("4.5 of 5 stars"), whatever the
        // classifier made of the row (mostly "More": a row of blobs).
        var ratings: [Int: StarRatings.Reading] = [:]
        if content.readStarRatings, let image = work.image {
            for (i, d) in work.detections.enumerated()
            where (d.type == .icon || d.type == .picture) && d.iconLabel == nil
                && StarRatings.isCandidate(d.box, screenWidth: Double(work.screen.width))
            {
                if let reading = StarRatings.read(image, box: d.box) {
                    ratings[i] = reading
                    meanings[i] = nil
                }
            }
            if !ratings.isEmpty {
                work.note("content", "\(ratings.count) row(s) of stars read as a rating: \(ratings.values.map(\.spoken).sorted().joined(separator: ", "))")
            }
        }
        // Icons that are the glyphs of a number a text already says: not spoken twice.
        var sameAsTexts = Set<Int>()
        if content.readNumbersInIcons {
            sameAsTexts = takeNumberLines(meanings: meanings, skipping: Set(ratings.keys), work: &work)
            if let reader = iconTextReader, let image = work.image {
                readNumbersInIcons(meanings: meanings, skipping: Set(ratings.keys).union(sameAsTexts), image: image, reader: reader, work: &work)
            }
        }
        // A small, square picture the icon classifier recognises is an icon the detector took for a
        // picture (an envelope, a play button, a download arrow in a circle): from here on it is one.
        let retyped = meanings.keys.filter { work.detections[$0].type == .picture }
        for i in retyped { work.detections[i].type = .icon }
        if !retyped.isEmpty { work.note("icons", "\(retyped.count) icon-sized picture(s) recognised as icons") }
        let detections = work.detections
        var textButtons = textButtonIndices(detections, work: &work)
        // The two text-button rules without a model share the screen's median text height and
        // the texts that label a checkbox or switch (never buttons).
        let median = Self.medianTextHeight(detections)
        let labels = controlLabelIndices(detections)
        if let median, interactivity.actionPhrasesAreButtons {
            textButtons.formUnion(actionPhraseIndices(detections, medianTextHeight: median, controlLabels: labels))
        }
        // A heading over its description is not a button, whatever the model or its words say
        // ("Get started" over a paragraph); a framed one may still be (the framed-text rule next).
        textButtons = textButtons.filter { !TextButtons.isHeadingOverDescription($0, in: detections) }
        // Framed titles with a glyph beside them: chips, whose glyph is no app bar's button.
        var chips = Set<Int>()
        if let median, interactivity.framedTextsAreButtons, let image = work.image {
            let framed = framedTextIndices(
                detections, image: image, screenHeight: Double(work.screen.height), medianTextHeight: median, controlLabels: labels)
            textButtons.formUnion(framed.keys)
            chips = Set(framed.filter(\.value).keys)
        }
        if interactivity.actionRowsAreButtons {
            textButtons.formUnion(
                textButtons.flatMap { TextButtons.actionRowMates(of: $0, in: detections, screenWidth: Double(work.screen.width)) })
        }
        if interactivity.chipRowsAreButtons {
            textButtons.formUnion(
                textButtons.flatMap { TextButtons.chipRowMates(of: $0, in: detections, screenWidth: Double(work.screen.width)) })
        }
        textButtons.subtract(appBarTitleIndices(detections, screen: work.screen).subtracting(chips))
        textButtons = textButtons.filter { !TextButtons.continuesOnNextLine($0, in: detections) }
        textButtons = textButtons.filter { !TextButtons.namesNoAction(detections[$0].text ?? "") }
        let captions = TextButtons.captionIndices(detections)
        textButtons.subtract(captions)
        if interactivity.captionCompletionsAreButtons { textButtons.formUnion(TextButtons.captionCompletions(detections, captions: captions)) }
        if interactivity.promptLinks { textButtons.subtract(TextButtons.promptQuestionIndices(detections)) }
        // A number pad's keys say their titles without the marks OCR read beside them ("8." → "8").
        var keyTitles: [Int: String] = [:]
        if interactivity.keypadKeysAreButtons {
            let keys = TextButtons.keypadKeys(detections)
            textButtons.formUnion(keys)
            for i in keys { keyTitles[i] = TextButtons.keyTitle(detections[i].text ?? "") }
        }
        work.textButtonBoxes = Set(textButtons.map { detections[$0].box })
        var elements: [Element] = []
        for (index, original) in detections.enumerated() {
            try work.checkpoint()  // one content-model call per element: stop between them too
            if sameAsTexts.contains(index) { continue }
            var d = original
            if let title = keyTitles[index] { d.text = title }
            if let reading = ratings[index] {
                elements.append(Metadata.ratingElement(for: d, reading: reading))
                continue
            }
            var description: String?
            if let meaning = meanings[index] { d.iconLabel = meaning }
            if d.type == .picture {
                let (label, kind) = pictureDescription(d, work: &work)
                description = label
                if let kind { d.pictureKind = kind }  // else a detections file's own kind stays
            }
            var clickable = textButtons.contains(index)
            if d.type == .icon {
                // Features of the detection as it stands among the others (`original`: a recognised
                // meaning changes `d`, and `d` would then count itself as its own neighbour), with
                // the meaning just recognised.
                var features = Interactivity.features(of: original, among: detections, screen: work.screen)
                features.meaning = d.iconLabel
                clickable = iconIsButton(features, precedesText: Interactivity.precedesText(original, among: detections), work: &work)
            }
            elements.append(Metadata.element(for: d, clickable: clickable, pictureDescription: description, fieldLabels: content.fieldLabels))
        }
        if interactivity.glyphRowsAreButtons { elements = Interactivity.glyphRowButtons(elements) }
        if interactivity.pagerArrowsAreButtons { elements = Interactivity.pagerButtons(elements) }
        if grouping.mergeNestedRepeats {
            elements = Metadata.mergeNestedRepeats(elements, containment: grouping.containment)
        }
        elements = Metadata.absorbIntoControls(elements, containment: grouping.containment, fieldLabels: content.fieldLabels)
        let smallPictureWidth = grouping.decorativePictureWidth * Double(work.screen.width)
        if grouping.joinIconCaptions {
            elements = Metadata.joinIconCaptions(
                elements, screen: work.screen, maxGap: grouping.captionGap,
                bottomBand: grouping.groupTabs ? grouping.tabBarBottomFraction : 0,
                maxPictureWidth: smallPictureWidth)
        }
        if grouping.absorbDecorativeIcons {
            elements = Metadata.absorbButtonIcons(
                elements, image: work.image, maxGap: grouping.buttonIconGap, colourDistance: colourDistance)
            elements = Metadata.absorbNamedIcons(elements, screenWidth: Double(work.screen.width))
            elements = Metadata.titleIconButtons(elements, screenWidth: Double(work.screen.width))
            elements = Metadata.absorbDecorativeIcons(
                elements, gap: grouping.decorationGap, maxPictureWidth: smallPictureWidth,
                leadingGap: grouping.leadingDecorationGap, leadingEdge: interactivity.leadingIconBand * Double(work.screen.width),
                maxThumbnailWidth: grouping.rowThumbnailWidth * Double(work.screen.width),
                keyline: grouping.leadingTextKeyline * Double(work.screen.width),
                keepingChevronsFrom: interactivity.disclosureRowsAreButtons ? (1 - interactivity.leadingIconBand) * Double(work.screen.width) : nil)
        }
        if grouping.joinBackButtonTitles {
            elements = Metadata.joinBackButtonTitles(elements, screen: work.screen, maxGap: grouping.backTitleGap)
        }
        if interactivity.disclosureRowsAreButtons {
            elements = Metadata.markDisclosureRows(
                elements, trailingEdge: (1 - interactivity.leadingIconBand) * Double(work.screen.width),
                rowEndEdge: interactivity.disclosureRowEnd * Double(work.screen.width))
        }
        if interactivity.checkmarkRowsAreSelected {
            elements = Metadata.markCheckedRows(elements, trailingEdge: (1 - interactivity.leadingIconBand) * Double(work.screen.width))
        }
        if content.pictureTextAsLabel {
            let cards = Metadata.releaseCardText(elements, lines: work.lines ?? [], containment: grouping.containment)
            elements = cards.elements
            if cards.released > 0 { work.note("pictures", "\(cards.released) card(s) taken for pictures: their lines said as texts") }
            elements = Metadata.absorbTextIntoPictures(
                elements, screen: work.screen, containment: grouping.containment,
                maxScreenShare: grouping.maxContainerScreenFraction)
        }
        work.elements = elements
    }

    /// Icons left unknown over which the whole-screen OCR read a number of two characters or more
    /// (``isNumberReading(_:confidence:)``) filling them — the line at least ``numberLineInside`` inside the icon and at least
    /// ``numberLineShareOfIcon`` of its area — are that number: a calendar strip's "12" and "14"
    /// and a forecast's "0°" and "-2°" the detector took for icons had been "Icon" stops, and one
    /// had been absorbed as the next day's decoration (held-out-fonts check set, 2026-11-26).
    /// Read this way they cost no crop read. Where a text already says that line over the same
    /// place (boxes overlapping by IoU ≥ ``numberLineTextIoU``), the icon is that text's glyphs
    /// seen twice: its index is returned, and it is not announced.
    func takeNumberLines(meanings: [Int: IconMeaning], skipping: Set<Int>, work: inout ScreenInProgress) -> Set<Int> {
        // A temperature's degree sign, mended from the ring's pixels (`TesseractTextRecognizer`),
        // leaves its line's confidence low: the check set's "0°" and "-2°" read 0.57–0.68.
        // One character is too easily a glyph read as a digit: a tab bar's bolt read "4" over its
        // "Activity" caption, another tab's glyph "2" (ui-real train, 2026-11-26).
        let lines = (work.lines ?? []).filter { l in
            let text = l.text.trimmingCharacters(in: .whitespaces)
            let sure = text.hasSuffix("°") && l.confidence >= Self.degreeLineConfidence
            return text.count >= 2 && Self.isNumberReading(text, confidence: sure ? 1 : l.confidence)
        }
        guard !lines.isEmpty else { return [] }
        var duplicates = Set<Int>()
        var read: [String] = []
        for i in work.detections.indices {
            let d = work.detections[i]
            guard Self.isUnread(d, meaning: meanings[i]), !skipping.contains(i),
                let line = lines.first(where: { l in
                    l.box.fractionInside(d.box) >= Self.numberLineInside
                        && l.box.width * l.box.height >= Self.numberLineShareOfIcon * d.box.width * d.box.height
                })
            else { continue }
            let text = line.text.trimmingCharacters(in: .whitespaces)
            let said = work.detections.contains { t in
                t.type == .text && t.box.iou(d.box) >= Self.numberLineTextIoU
                    && (t.text ?? "").filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace }
            }
            if said {
                duplicates.insert(i)
            } else {
                work.detections[i].type = .text
                work.detections[i].text = text
                read.append("'\(text)'")
            }
        }
        if !read.isEmpty { work.note("icons", "\(read.count) icon(s) read as the number OCR read over them: \(read.joined(separator: ", "))") }
        if !duplicates.isEmpty { work.note("icons", "\(duplicates.count) icon(s) over a number a text says left out") }
        return duplicates
    }

    /// Whether `d` is an icon that nothing has named or read yet — no glyph rule's label, no
    /// recognised `meaning`, no text — which the two number passes may read.
    static func isUnread(_ d: Detection, meaning: IconMeaning?) -> Bool {
        d.type == .icon && d.iconLabel == nil && meaning == nil && d.text == nil
    }

    /// ``takeNumberLines(meanings:skipping:work:)``: the share of the line inside the icon, 0.7 —
    /// *measured* on the held-out-fonts check set (2026-11-26): a forecast's "0°" line reaches
    /// past the detector's box by a fifth of its height; a line mostly outside is a neighbour's.
    static let numberLineInside = 0.7
    /// A temperature line ("-2°") read at this confidence or more counts as sure as a number read
    /// at ``numberMinConfidence``: 0.55 — *measured* on the held-out-fonts check set (2026-11-26),
    /// whose right readings of "0°" and "-2°" came back at 0.57–0.68, because Tesseract reads the
    /// ring as "o" or "2" before the degree sign is mended from its pixels; a "-5°" at 0.30 stays out.
    static let degreeLineConfidence = 0.55
    /// The share of the icon's area the line covers, 0.4 — *design choice*: the held-out-fonts
    /// numbers cover 0.6–0.8 of their boxes; a badge's digit on a glyph covers far less.
    static let numberLineShareOfIcon = 0.4
    /// IoU at which a text over the same number is the same glyphs, 0.5 — *design choice*, the
    /// usual matching bar (the check set's pairs overlap by 0.8–0.9).
    static let numberLineTextIoU = 0.5

    /// Icons the classifier and the glyph rules leave unknown that are a number the detector took
    /// for an icon — a rank ("7"), a count ("100", "2"), an age ("2y"), a version ("v4.1") — become
    /// text with that reading: each is read from its own crop (at most
    /// ``ContentSettings/maxIconReads`` a screen, the smallest first: numbers are small), and a
    /// reading is kept when ``isNumberReading(_:confidence:)`` accepts it.
    func readNumbersInIcons(
        meanings: [Int: IconMeaning], skipping: Set<Int> = [], image: RGBAImage, reader: any TextRecognizer, work: inout ScreenInProgress
    ) {
        // An icon that a whole-screen OCR line covers (at least half of it inside — the line runs
        // over the icon's box, so §3.3's 85 % is too strict — *design choice*), where that line is a
        // text's reading (a list's "2." read with its item "2. We notify you"), is already spoken.
        let spoken = work.detections.compactMap { $0.type == .text ? $0.text : nil }
        let lines = work.lines ?? []
        func alreadySpoken(_ box: Rect) -> Bool {
            lines.contains { line in
                box.fractionInside(line.box) >= 0.5 && spoken.contains { $0.contains(line.text.trimmingCharacters(in: .whitespaces)) }
            }
        }
        let unknown = work.detections.indices.filter { i in
            let d = work.detections[i]
            return Self.isUnread(d, meaning: meanings[i]) && !skipping.contains(i) && !alreadySpoken(d.box)
        }
        .sorted { work.detections[$0].box.width * work.detections[$0].box.height < work.detections[$1].box.width * work.detections[$1].box.height }
        var read: [String] = []
        var failures = 0
        for i in unknown.prefix(max(0, content.maxIconReads)) {
            do {
                let box = work.detections[i].box
                guard let r = try ElementOCR.readCropWithConfidence(box, image: image, recognizer: reader, rejectUnreadable: true),
                    Self.isNumberReading(r.text, confidence: r.confidence)
                        || (Self.isShortLabelReading(r.text, confidence: r.confidence)
                            && Self.isInRowOfShortLabels(box, among: work.detections))
                else { continue }
                work.detections[i].type = .text
                work.detections[i].text = r.text
                read.append("'\(r.text)' (\(String(format: "%.2f", r.confidence)))")
            } catch {
                failures += 1
            }
        }
        if !read.isEmpty { work.note("icons", "\(read.count) icon(s) read as a number: \(read.joined(separator: ", "))") }
        if failures > 0 { work.note("icons", "\(failures) icon crop(s) could not be read") }
    }

    /// A reading of an icon's crop that is a number: at most 8 characters, at least one digit, at
    /// most two letters ("2y", "v4.1", "10k"), the rest digits or ". , : / % + - ( ) °" (a
    /// temperature, "-2°"), read at
    /// least ``numberMinConfidence`` confident; a lone 0 or 1 is not (a ring and a bar read as
    /// digits).
    static func isNumberReading(_ text: String, confidence: Double) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard confidence >= numberMinConfidence, (1...8).contains(t.count), t.contains(where: \.isNumber), t != "0", t != "1" else { return false }
        let letters = t.filter(\.isLetter)
        guard letters.count <= 2, letters.allSatisfy({ $0.isASCII }) else { return false }
        return t.allSatisfy { $0.isLetter || ($0.isASCII && $0.isNumber) || ".,:/%+-()° ".contains($0) }
    }

    /// A reading of an icon's crop that is a short label: one to three capital letters or digits,
    /// a letter among them ("XS", "S", "W"), read at least ``numberMinConfidence`` confident. Such a
    /// reading is taken only in a row of short labels (``isInRowOfShortLabels(_:among:)``): alone,
    /// a glyph reads as a letter as often ("O" for a ring, "B" for a bag).
    static func isShortLabelReading(_ text: String, confidence: Double) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        return confidence >= numberMinConfidence && (1...maxShortLabelLength).contains(t.count)
            && t.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) } && t.contains(where: \.isLetter)
    }

    /// The longest short label: 3 characters — *design choice*: a size ("XS", "XXL"), a weekday's
    /// initial or abbreviation ("W", "TUE"), a letter of an index.
    static let maxShortLabelLength = 3

    /// Whether `box` sits in a row with at least ``minShortLabelRowMates`` texts of a short label
    /// each (1–3 letters or digits): a calendar's weekday initials ("S M T W T F S"), a size
    /// picker ("XS S M L XL", "38 40 42"), a keypad's row. The detector takes some of such a row's
    /// letters for icons. A text is on the row when its centre is within half `box`'s height of
    /// `box`'s centre and its height within half to twice `box`'s.
    static func isInRowOfShortLabels(_ box: Rect, among detections: [Detection]) -> Bool {
        detections.filter { d in
            guard d.type == .text, let t = d.text?.trimmingCharacters(in: .whitespaces), (1...maxShortLabelLength).contains(t.count),
                t.allSatisfy({ $0.isLetter || $0.isNumber })
            else { return false }
            return abs(d.box.midY - box.midY) <= box.height / 2 && d.box.height >= box.height / 2 && d.box.height <= box.height * 2
                && d.box.intersection(box) == nil
        }.count >= minShortLabelRowMates
    }

    /// A row of short labels has at least 2 texts besides the icon — *design choice*: with one, a
    /// letter icon beside a count ("B 2") would pass; the check sets' rows have 3–6.
    static let minShortLabelRowMates = 2

    /// ``isNumberReading(_:confidence:)``'s confidence floor: 0.8 — *measured* on ui-real valid's
    /// unknown icons (2026-11-24): the numbers read 0.80–0.97 ("v4.1" 0.80, digits 0.93–0.97), a
    /// stray "(4" 0.54 — one of the 10 kept is wrong ("9" on a tag glyph, 0.94).
    static let numberMinConfidence = 0.8

    /// Read texts whose words are a button title (``TextButtons/isActionPhrase(_:)``), except titles:
    /// a text at least ``AnnouncementSettings/headerHeightRatio`` × the screen's median text height
    /// ("Explore" as a large title) is a heading, not a button (so is one set over a sentence:
    /// ``TextButtons/isHeadingOverDescription(_:in:)``, applied by `run` to these and the model's
    /// picks alike); the text nearest a checkbox or switch on its row is its label
    /// (``controlLabelIndices(_:)``).
    func actionPhraseIndices(_ detections: [Detection], medianTextHeight median: Double, controlLabels labels: Set<Int>) -> Set<Int> {
        let texts = detections.indices.filter { detections[$0].type == .text }
        // A checkbox's or switch's row text ("Send newsletter") is the control's label, not a button.
        return Set(
            texts.filter { i in
                let box = detections[i].box
                return box.height < headerHeightRatio * median && !labels.contains(i)
                    && TextButtons.isActionPhrase(detections[i].text ?? "")
            })
    }

    /// The median height of the screen's text detections (the upper one of an even count); nil without any.
    static func medianTextHeight(_ detections: [Detection]) -> Double? {
        let heights = detections.filter { $0.type == .text }.map(\.box.height).sorted()
        return heights.isEmpty ? nil : heights[heights.count / 2]
    }

    /// The texts that label a checkbox or a switch: on the control's row, the text nearest to it
    /// ("Remember me" beside its box). Other texts on that row ("SKIP" at the row's far end) are
    /// not its label and may be buttons.
    func controlLabelIndices(_ detections: [Detection]) -> Set<Int> {
        let controls = detections.filter { [.checkboxSelected, .checkboxUnselected, .toggleSelected, .toggleUnselected].contains($0.type) }
        var labels = Set<Int>()
        for control in controls {
            let row = detections.indices.filter { detections[$0].type == .text && detections[$0].box.sharesRow(with: control.box) }
            func gap(_ i: Int) -> Double {
                let b = detections[i].box
                return max(0, max(b.minX - control.box.maxX, control.box.minX - b.maxX))
            }
            if let nearest = row.min(by: { gap($0) < gap($1) }) { labels.insert(nearest) }
        }
        return labels
    }

    /// Read one-line texts centred in a container of their own (``FramedText/container(of:in:lineHeight:)``):
    /// at most ``TextButtons/actionPhraseMaxWords`` words (or ``FramedText/Constants/maxTitleWords``
    /// for a title that ``FramedText/isLongTitle(_:)`` allows) and at most
    /// ``FramedText/Constants/maxLineHeightToMedian`` × the screen's median text height or one
    /// line by its shape (``FramedText/isOneLine(_:characters:)``; two lines of a card's paragraph
    /// are not a title), not the status bar's and not a checkbox's or
    /// switch's label (``controlLabelIndices(_:)``), and not inside a detected text field. With
    /// ``InteractivitySettings/framedTitlesWithGlyphs``, a text is also framed when it is centred in
    /// its container together with the glyph beside it (``FramedText/titleWithGlyphs(_:icons:)``).
    /// Each framed text's index maps to whether a glyph flanks it (a chip's: "⚲ Filters").
    func framedTextIndices(
        _ detections: [Detection], image: RGBAImage, screenHeight: Double, medianTextHeight median: Double, controlLabels labels: Set<Int>
    ) -> [Int: Bool] {
        let icons = detections.filter { $0.type == .icon }.map(\.box)
        let fields = detections.filter { $0.type == .textField }.map(\.box)
        var framed: [Int: Bool] = [:]
        // A text in a text field is its placeholder or value, framed by the field: no button.
        for (i, d) in detections.enumerated() where d.type == .text && !fields.contains(where: { d.box.fractionInside($0) >= grouping.containment }) {
            let words = (d.text ?? "").split(whereSeparator: \.isWhitespace).count
            guard (1...FramedText.Constants.maxTitleWords).contains(words),
                words <= TextButtons.actionPhraseMaxWords || FramedText.isLongTitle(d.text ?? ""),
                d.box.height <= FramedText.Constants.maxLineHeightToMedian * median || FramedText.isOneLine(d.box, characters: (d.text ?? "").count),
                !StatusBar.isStatusText(d.text, frame: d.box, screenHeight: screenHeight), !labels.contains(i)
            else { continue }
            let both = interactivity.framedTitlesWithGlyphs ? FramedText.titleWithGlyphs(d.box, icons: icons) : nil
            if FramedText.container(of: d.box, in: image) != nil
                || both.map({ FramedText.container(of: $0, in: image, lineHeight: d.box.height) != nil }) ?? false
                || (interactivity.faintFillsAreButtons
                    && (FramedText.faintFill(of: d.box, in: image) != nil
                        || both.map({ FramedText.faintFill(of: $0, in: image, lineHeight: d.box.height) != nil }) ?? false))
                || (interactivity.barTitlesAreButtons && isBarTitle(i, in: detections, image: image))
            {
                framed[i] = both != nil
            }
        }
        return framed
    }

    /// Whether the text detection `i` is the one text centred in a bar across the screen
    /// (``FramedText/bar(of:in:topBand:)``): no other text lies in the bar (a row of tabs or a
    /// toolbar's titles share one), and it is no sentence (``FramedText/endsSentence(_:)``) — a toast's
    /// message on a dark bar at the screen's foot ("Please enter the Mobile Number.", the one
    /// such bar of the 1,219 listening screens, 2026-11-29); a button's title has none.
    func isBarTitle(_ i: Int, in detections: [Detection], image: RGBAImage) -> Bool {
        guard !FramedText.endsSentence(detections[i].text ?? ""),
            let bar = FramedText.bar(of: detections[i].box, in: image, topBand: interactivity.navigationBarBand)
        else { return false }
        return !detections.indices.contains { j in
            j != i && detections[j].type == .text && detections[j].box.fractionInside(bar) >= grouping.containment
        }
    }

    /// The read texts that are a top app bar's title (``Interactivity/isAppBarTitle(_:others:icons:screen:settings:)``,
    /// ``Interactivity/isCentredBarTitle(_:others:screen:settings:)``).
    func appBarTitleIndices(_ detections: [Detection], screen: ImageInfo) -> Set<Int> {
        let icons = detections.filter { $0.type == .icon }.map(\.box)
        let boxes = detections.map(\.box)
        return Set(
            detections.indices.filter { i in
                detections[i].type == .text
                    && (Interactivity.isAppBarTitle(boxes[i], others: boxes, icons: icons, screen: screen, settings: interactivity)
                        || Interactivity.isCentredBarTitle(boxes[i], others: boxes, screen: screen, settings: interactivity))
            })
    }

    /// The icon classifier's meanings, at or above ``ContentSettings/minIconConfidence``, for the
    /// icons detected without one and, with ``ContentSettings/readIconSizedPictures``, for the
    /// icon-sized pictures without text (``isIconSized(_:screen:)``) — all in one call.
    func iconMeanings(_ detections: [Detection], work: inout ScreenInProgress) -> [Int: IconMeaning] {
        let screen = work.screen
        let icons = detections.indices.filter {
            let d = detections[$0]
            if d.type == .icon { return d.iconLabel == nil }
            return content.readIconSizedPictures && d.type == .picture && (d.text ?? "").isEmpty && isIconSized(d.box, screen: screen)
        }
        guard let recognizer, let image = work.image, !icons.isEmpty else { return [:] }
        do {
            let found = try recognizer.recognizeIcons(in: image, boxes: icons.map { detections[$0].box })
            guard found.count == icons.count else {
                work.note("icons", "icon recognition returned \(found.count) results for \(icons.count) icons; ignored")
                return [:]
            }
            var meanings: [Int: IconMeaning] = [:]
            for (i, r) in zip(icons, found) where (r?.confidence ?? 0) >= content.minIconConfidence { meanings[i] = r?.meaning }
            return meanings
        } catch {
            work.note("icons", "icon recognition failed: \(error)")
            return [:]
        }
    }

    /// A picture no wider than ``GroupingSettings/decorativePictureWidth`` × the screen's width and
    /// at most ``ContentSettings/iconAspectLimit`` times as long as it is wide: the size and shape of
    /// an icon or an app's launcher icon.
    func isIconSized(_ box: Rect, screen: ImageInfo) -> Bool {
        let long = max(box.width, box.height)
        let short = min(box.width, box.height)
        return short > 0 && box.width <= grouping.decorativePictureWidth * Double(screen.width) && long <= content.iconAspectLimit * short
    }

    /// A text the OCR could not read that lies at least ``unreadTextInGlyphShare`` inside an icon
    /// or a picture: the detector saw the glyph twice, as itself and as a text. Kept, it would be
    /// spoken as a bare "Text" beside the icon ("More, Button", "Text"). On ui-real valid, the first
    /// 300 train screens and 60 iPhone train screenshots, 9 of the 46 bare "Text" announcements lay
    /// so inside an icon, picture or button (2026-11-25).
    static func withoutUnreadTextsInGlyphs(_ detections: [Detection]) -> [Detection] {
        let glyphs = detections.filter { $0.type == .icon || $0.type == .picture }.map(\.box)
        return detections.filter { d in
            guard d.type == .text, (d.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty else { return true }
            return !glyphs.contains { d.box.fractionInside($0) >= unreadTextInGlyphShare }
        }
    }

    /// 0.6 — *design choice*: most of the text's box, as `content.ocrLineInsideFraction` asks of a
    /// line that a detection holds, and a little more.
    static let unreadTextInGlyphShare = 0.6

    /// A picture's own text, else the describer's label at ``ContentSettings/minPictureDescriptionConfidence``
    /// unless it is one of ``ContentSettings/unspokenPictureLabels``; with neither, the kind of
    /// picture the describer is ``ContentSettings/minPictureKindConfidence`` sure of
    /// (``ContentSettings/namesPictureKinds``), kept for `PictureKindStage`.
    func pictureDescription(_ d: Detection, work: inout ScreenInProgress) -> (label: String?, kind: String?) {
        if let text = d.text, !text.isEmpty { return (text, nil) }
        guard let recognizer, let image = work.image else { return (nil, nil) }
        do {
            guard let p = try recognizer.describePicture(in: image, box: d.box) else { return (nil, nil) }
            if p.confidence >= content.minPictureDescriptionConfidence, !content.unspokenPictureLabels.contains(p.label) {
                return (p.label, nil)
            }
            if content.namesPictureKinds, let kind = p.kind, let confidence = p.kindConfidence, confidence >= content.minPictureKindConfidence {
                return (nil, kind)
            }
        } catch { work.note("pictures", "picture description failed: \(error)") }
        return (nil, nil)
    }

    /// §5.4 for an icon: the clickability model at ``InteractivitySettings/clickThreshold`` (bar
    /// items and bar navigation glyphs count as buttons when ``InteractivitySettings/barIconsAreButtons``),
    /// else the rule.
    /// `precedesText`: a text follows the icon on its row (``Interactivity/precedesText(_:among:)``),
    /// evaluated only when the command rule needs it.
    func iconIsButton(_ features: IconFeatures, precedesText: @autoclosure () -> Bool, work: inout ScreenInProgress) -> Bool {
        var probability: Double?
        if let recognizer {
            do { probability = try recognizer.clickProbability(of: features) } catch {
                work.note("clickability", "clickability model failed: \(error)")
            }
        }
        if let probability {
            return probability >= interactivity.clickThreshold
                || (interactivity.barIconsAreButtons
                    && (Interactivity.isBarItem(features, settings: interactivity) || Interactivity.isBarNavigation(features, settings: interactivity)))
                || (interactivity.mediaControlsAreButtons && Interactivity.isMediaControl(features))
                || (interactivity.overflowIconsAreButtons && features.meaning == .more)
                || (interactivity.commandIconsAreButtons && Interactivity.isCommand(features, precedesText: precedesText()))
                || (interactivity.favoriteIconsAreButtons && Interactivity.isFavoriteToggle(features, precedesText: precedesText()))
                || (interactivity.brandIconsAreButtons && Interactivity.isBrandButton(features, precedesText: precedesText()))
        }
        return interactivity.useRuleWithoutModel && Interactivity.ruleBasedClickable(features, settings: interactivity)
    }

    /// §5.4 for texts: the indices of the read text detections the text-button model calls buttons
    /// at ``InteractivitySettings/textButtonThreshold``, one model run per screen. Empty without a
    /// model or pixels.
    func textButtonIndices(_ detections: [Detection], work: inout ScreenInProgress) -> Set<Int> {
        guard let image = work.image, let recognizer else { return [] }
        // The status bar's clock is no button, and no text of the screens the model learnt from
        // (ui-real boxes the status bar apart, as `UpperTaskBar`): it is left out of the layout.
        let screenHeight = Double(work.screen.height)
        let onScreen = detections.indices.filter {
            detections[$0].type == .text
                && !StatusBar.isStatusText(detections[$0].text, frame: detections[$0].box, screenHeight: screenHeight, batteryAlone: true)
        }
        let texts = onScreen.filter { !(detections[$0].text?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true) }
        guard !texts.isEmpty else { return [] }
        let textBoxes = onScreen.map { detections[$0].box }
        let iconBoxes = detections.filter { $0.type == .icon }.map(\.box)
        let features = texts.map {
            TextButtonFeatures.make(
                box: detections[$0].box, texts: textBoxes, icons: iconBoxes,
                screenWidth: Double(work.screen.width), screenHeight: Double(work.screen.height))
        }
        do {
            guard let p = try recognizer.textButtonProbabilities(in: image, texts: features), p.count == texts.count else { return [] }
            return Set(zip(texts, p).filter { $0.1 >= interactivity.textButtonThreshold }.map(\.0))
        } catch {
            work.note("clickability", "text-button model failed: \(error)")
            return []
        }
    }
}
