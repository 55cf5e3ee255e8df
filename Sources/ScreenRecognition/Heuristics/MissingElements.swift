import Foundation

/// §5.1: finding UI elements the detector missed, and §5.2's text content from OCR.
public enum MissingElements {
    /// Segmented-control row completion (§5.1). In 99.1% of the paper's screens every text on the
    /// row of segmented-control segments lies inside a segment, so a text on that row that no
    /// segment contains is a missed segment: it becomes a `segmentedControl` detection spanning the
    /// row's height, with the text as its label.
    ///
    /// A row is a maximal set of segments whose vertical extents overlap by more than half the
    /// smaller height; a text is on the row when its vertical centre lies within the row's extent.
    public static func completeSegmentedControlRows(_ detections: [Detection]) -> [Detection] {
        let segments = detections.filter { $0.type == .segmentedControl }
        guard !segments.isEmpty else { return detections }
        let rows = clusters(segments) { a, b in a.box.yOverlap(b.box) > 0.5 * min(a.box.height, b.box.height) }
            .map { row in (segments: row, extent: row.dropFirst().reduce(row[0].box) { $0.union($1.box) }) }
        var result: [Detection] = []
        for d in detections {
            guard d.type == .text else {
                result.append(d)
                continue
            }
            let inside = segments.contains { d.box.fractionInside($0.box) >= 0.5 }
            let match = rows.first { r in
                d.box.midY >= r.extent.minY && d.box.midY <= r.extent.maxY && d.box.height <= r.extent.height * 1.5
            }
            if !inside, let (row, extent) = match {
                let widths = row.map(\.box.width).sorted()
                let typical = widths[widths.count / 2]
                let width = max(d.box.width, typical)
                var box = Rect(x: d.box.midX - width / 2, y: extent.minY, width: width, height: extent.height)
                // Do not spill over a neighbouring segment.
                for s in row {
                    if s.box.midX < d.box.midX, s.box.maxX > box.minX { box = Rect(minX: s.box.maxX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) }
                    if s.box.midX > d.box.midX, s.box.minX < box.maxX { box = Rect(minX: box.minX, minY: box.minY, maxX: s.box.minX, maxY: box.maxY) }
                }
                if box.width < d.box.width { box = Rect(minX: d.box.minX, minY: extent.minY, maxX: d.box.maxX, maxY: extent.maxY) }
                result.append(
                    Detection(
                        type: .segmentedControl, box: box, confidence: d.confidence, text: d.text,
                        source: .rowCompletion))
            } else {
                result.append(d)
            }
        }
        return result
    }

    /// OCR text recovery (§5.1): recognised lines that no detection covers become text detections
    /// (source `ocr`). Lines below `minConfidence` or without letters or digits are dropped (icon
    /// junk such as "@"). Any overlap with a detection covers a line, but for a text box that only
    /// grazes it — under ``coveredFraction`` of the smaller of the two: the second line's box of a
    /// two-line title ("Learn the life-changing skill" over "of meditation") reached 2 px into the
    /// first line, which was then lost. A picture, icon or control touching a line still covers it
    /// (a phone mockup's status bar, a glyph row read as letters). A container never covers one:
    /// a card's or cell's text is its content, and a line on a card that no text box holds is a
    /// text the detector missed — a game card's title "Walking Dead: Road to" and another's
    /// developer "PIXOWL INC", a grocery card's "Banquet Pot Pie or Breakfast", an album's
    /// "eternal sunshine" had been lost (7 of the 1,219 listening screens changed, 2026-11-29;
    /// 5 better by eye, one Korean line misread as "‘wet · ey", one floating bar's occluded
    /// hotel names "pitol" and "HG Hotel" taken for tabs). Of a covered line, the runs of
    /// words that no detection holds still become texts (`uncoveredRuns(of:among:minConfidence:)`).
    public static func recoverText(_ detections: [Detection], lines: [RecognizedText], minConfidence: Double) -> [Detection] {
        var added: [Detection] = []
        // Containers hold no text of their own (OCR reads none into them) and cover nothing.
        let covering = detections.filter { $0.type != .container }
        for line in lines where line.confidence >= minConfidence && line.text.contains(where: { $0.isLetter || $0.isNumber }) {
            let present = covering + added
            let overlaps = present.contains { d in
                guard let shared = d.box.intersection(line.box) else { return false }
                return d.type != .text || shared.area >= coveredFraction * min(d.box.area, line.box.area)
            }
            if !overlaps {
                added.append(
                    Detection(
                        type: .text, box: line.box, confidence: line.confidence,
                        text: line.text.trimmingCharacters(in: .whitespaces), source: .ocr))
            } else {
                added += uncoveredRuns(of: line, among: present, minConfidence: minConfidence)
            }
        }
        return detections + added
    }

    /// OCR text recovery over a background (§5.1): lines on a picture covering more than
    /// `maxScreenShare` of the screen — an onboarding's photo behind its title, a sign-in form's
    /// backdrop — are recovered as ``recoverText(_:lines:minConfidence:)`` recovers lines on
    /// nothing, as if the background were not there: it is no element holding the text (it is
    /// hidden when other elements lie on it, ``ContentSettings/hideBackgroundPictures``), while any
    /// picture touching a line covers it for `recoverText`. Only lines read at `minConfidence` or
    /// more with ``ElementOCR/minPictureReadCharacters`` letters or digits count: a photo's texture
    /// reads as short junk ("7", "Ss, he" on a taxi's door, ui-real train, 2026-11-27), and only
    /// lines at least ``minBackgroundTextHeight`` of the screen's height tall; nothing where more
    /// than ``maxBackgroundTexts`` such lines lie free on the photo (a map's street names and prices,
    /// a phone mockup's settings screen: the picture's own text); and of those, only the lines that
    /// say something (`saysWords(_:box:screenHeight:)`).
    public static func recoverTextOverBackgrounds(
        _ detections: [Detection], lines: [RecognizedText], screen: ImageInfo, maxScreenShare: Double, minConfidence: Double
    ) -> [Detection] {
        let screenArea = Double(screen.width * screen.height)
        let isBackground = { (d: Detection) in d.type == .picture && d.box.area > maxScreenShare * screenArea }
        let backgrounds = detections.filter(isBackground).map(\.box)
        guard !backgrounds.isEmpty else { return detections }
        let over = lines.filter { l in
            l.confidence >= minConfidence && l.text.filter { $0.isLetter || $0.isNumber }.count >= ElementOCR.minPictureReadCharacters
                && l.box.height >= minBackgroundTextHeight * Double(screen.height)
                && backgrounds.contains { $0.intersection(l.box) != nil }
        }
        let others = detections.filter { !isBackground($0) }
        // Whole lines only: the runs of a line a detection partly covers are the leftovers of a
        // text the detector found ("rivacy", "hoto" beside "Photo privacy with selfie verification").
        let whole = Set(over.map { $0.text.trimmingCharacters(in: .whitespaces) })
        let found = recoverText(others, lines: over, minConfidence: minConfidence).dropFirst(others.count)
            .filter { whole.contains($0.text ?? "") }
        // Counted before the words are judged: a map's many labels are read surely, words or not.
        guard found.count <= maxBackgroundTexts else { return detections }
        return detections + found.filter { saysWords($0.text ?? "", box: $0.box, screenHeight: Double(screen.height)) }
    }

    /// Whether a line read over a background says something: a status bar's text (its clock), a
    /// number of three digits or more (a caller's number, a price), a line in another script, or
    /// words of which more than half are English — in ``RunTogetherWords/englishWords`` or
    /// ``shortEnglishWords`` — a drawing's or a poster's own lettering ("QUE XOPA" on a T-shirt,
    /// "GIJOE" on a comic's cover) and the ends of a text read apart ("fe and", "p with") are no
    /// text of the screen (ui-real train, 2026-11-27).
    static func saysWords(_ text: String, box: Rect, screenHeight: Double) -> Bool {
        if StatusBar.isStatusText(text, frame: box, screenHeight: screenHeight) { return true }
        if text.contains(where: { $0.isLetter && !$0.isASCII }) { return true }
        let words = text.split { !$0.isLetter }.map { $0.lowercased() }
        // A number: three digits or more, more digits than letters ("0911 123Z4567").
        let digits = text.filter(\.isNumber).count
        if digits >= 3, digits > text.filter(\.isLetter).count { return true }
        guard !words.isEmpty else { return false }
        let english = words.filter { RunTogetherWords.englishWords.contains($0) || shortEnglishWords.contains($0) }
        return 2 * english.count > words.count
    }

    /// The English words of one and two letters (the word list starts at three): the function
    /// words of a sentence ("Garden by Eden", "Log in or Sign Up with").
    static let shortEnglishWords: Set<String> = [
        "a", "i", "am", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of", "ok", "on", "or",
        "so", "to", "up", "us", "we",
    ]

    /// A line over a background is the screen's own text when at least this share of the screen's
    /// height tall: an onboarding's copy is set in Footnote (13 pt) or larger (Apple HIG
    /// "Typography": Body 17, Callout 16, Subheadline 15), and a line's box is about 0.9 of the size:
    /// 13 × 0.9 / 844 pt ≈ 1.4 % of an iPhone's height. Smaller type is the picture's own: a map's
    /// street names (8 px on a 640-px screenshot, 1.25 %: "KALORAMA", "DUPONT CIRCLE"), a phone
    /// mockup's status bar ("07:36", 6 px; ui-real valid and train, 2026-11-27).
    public static let minBackgroundTextHeight = 0.014
    /// An onboarding page over a photo says a title and a sentence or two, and has a button or two
    /// on it: 4 texts at most — *design choice*; on the 1,219 ui-real screens the sessions listen to,
    /// the screens with more were maps (street names, price pins) and phone mockups (2026-11-27).
    public static let maxBackgroundTexts = 4

    /// The runs of a covered line's words that no detection holds, each a text detection (source
    /// `ocr`): a product page's "$275.99 $429.25 22% off" is one OCR line, and where the detector
    /// boxed only the struck-through "$429.25" as a text, the price and the discount beside it were
    /// lost with the rest of the line (held-out-fonts check set, 2026-11-26). A word is held when a
    /// detection contains its centre, a picture, icon or control touches it, or a text box covers a
    /// quarter of it (``coveredFraction``); a run is kept when its words' mean confidence reaches
    /// `minConfidence` and ``minRunConfidence``, it is readable (``ReadableText``), has two letters or digits or is a number,
    /// and no detection's text already says it (a text that took the whole line, a crop read again).
    /// A detection on the line's row (half of the lower of the two overlapping) whose middle lies
    /// between two words parts them, as one holding a word does.
    /// Nothing is split where the text's space-separated tokens are not the line's words one for one.
    static func uncoveredRuns(of line: RecognizedText, among detections: [Detection], minConfidence: Double) -> [Detection] {
        let tokens = line.text.split(separator: " ", omittingEmptySubsequences: true)
        guard line.words.count > 1, tokens.count == line.words.count else { return [] }
        func held(_ w: RecognizedText.Word) -> Bool {
            detections.contains { d in
                if d.box.contains(Point(x: w.box.midX, y: w.box.midY)) { return true }
                guard let shared = d.box.intersection(w.box) else { return false }
                return d.type != .text || shared.area >= coveredFraction * w.box.area
            }
        }
        let said = detections.compactMap { $0.text?.lowercased() }
        // A detection lying in the gap between two words (the struck-through "$429.25", which OCR
        // read past at 1x) parts the words on either side.
        let count = line.words.count
        let free = line.words.map { !held($0) }
        func parted(before i: Int) -> Bool {
            let left = line.words[i - 1].box.maxX
            let right = line.words[i].box.minX
            return right > left
                && detections.contains { d in
                    d.box.midX > left && d.box.midX < right && d.box.yOverlap(line.box) >= 0.5 * min(d.box.height, line.box.height)
                }
        }
        var pieces: [Range<Int>] = []
        var start: Int? = nil
        for i in 0...count {
            if let first = start, i == count || !free[i] || parted(before: i) {
                pieces.append(first..<i)
                start = nil
            }
            if i < count, free[i], start == nil { start = i }
        }
        var runs: [Detection] = []
        for piece in pieces where piece.count < count {
            let words = line.words[piece]
            let text = tokens[piece].joined(separator: " ")
            let confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
            let alphanumerics = text.filter { $0.isLetter || $0.isNumber }
            guard confidence >= max(minConfidence, minRunConfidence), ReadableText.isReadable(text, confidence: confidence),
                alphanumerics.count >= 2 || (!alphanumerics.isEmpty && alphanumerics.allSatisfy(\.isNumber)),
                !said.contains(where: { $0.contains(text.lowercased()) })
            else { continue }
            let box = words.dropFirst().reduce(words[words.startIndex].box) { $0.union($1.box) }
            runs.append(Detection(type: .text, box: box, confidence: confidence, text: text, source: .ocr))
        }
        return runs
    }

    /// The least mean word confidence of a run of words recovered from a covered line
    /// (`uncoveredRuns(of:among:minConfidence:)`): 0.7 — *measured* (2026-11-26): on ui-real
    /// valid and 300 train screens the runs recovered right ("and" between "Terms" and "Privacy",
    /// a "nature" logo, "10") read 0.87–0.96, the check set's "$275.99" and "22% off" 0.94–0.96,
    /// and the one junk run, "ae" on a Korean banner, 0.55.
    public static let minRunConfidence = 0.7

    /// How much of the smaller of a line and a text box their overlap must be for the box to cover
    /// the line (``recoverText(_:lines:minConfidence:)``): a quarter — *measured* (2026-11-26): a
    /// neighbouring line's box grazed a missed title line by 7 % of it.
    public static let coveredFraction = 0.25

    /// A page control over which OCR read a line of words is that text, which the detector took
    /// for a row of dots: a thin white "Sign in with:" over a photo was a page control, spoken
    /// "Page 4 of 5, Adjustable", and its words were lost (ui-real train, 2026-11-25). The line
    /// must hold at least half the page control's box, be read at ``textOverDotsConfidence`` or
    /// more, be readable (``ReadableText``) and have a word of ``textOverDotsMinLetters`` letters
    /// or more — dots read as letters come out as one- and two-letter junk ("e e", "oo") or below
    /// the bar. The page control becomes a text with that line's box and reading.
    public static func textsOverDots(_ detections: [Detection], lines: [RecognizedText]) -> (detections: [Detection], changed: Int) {
        var result = detections
        var changed = 0
        for i in detections.indices where detections[i].type == .pageControl {
            let box = detections[i].box
            guard
                let line = lines.filter({ line in
                    box.fractionInside(line.box) >= 0.5 && line.confidence >= textOverDotsConfidence
                        && ReadableText.isReadable(line.text, confidence: line.confidence)
                        && line.text.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= textOverDotsMinLetters }
                }).max(by: { $0.confidence < $1.confidence })
            else { continue }
            result[i] = Detection(
                type: .text, box: line.box, confidence: detections[i].confidence,
                text: line.text.trimmingCharacters(in: .whitespaces), source: .ocr)
            changed += 1
        }
        return (result, changed)
    }

    /// Texts the detector boxed over a page control's dots, whose reading is only dot-like marks
    /// ("000000", "@eee0e", "0000": 4 on the 1,219 ui-real screens of 2026-11-27, each spoken with
    /// or after "Page 1 of 4, Adjustable") — the dots read as letters: each text detection
    /// whose reading is made of ``dotLikeCharacters`` (and spaces) alone and that lies at least half
    /// inside a page control's box, or holds at least half of it, is dropped.
    public static func dotsReadAsText(_ detections: [Detection]) -> (detections: [Detection], dropped: Int) {
        let dots = detections.filter { $0.type == .pageControl }.map(\.box)
        guard !dots.isEmpty else { return (detections, 0) }
        let kept = detections.filter { d in
            guard d.type == .text, let text = d.text?.filter({ !$0.isWhitespace }), !text.isEmpty,
                text.allSatisfy(dotLikeCharacters.contains)
            else { return true }
            return !dots.contains { d.box.fractionInside($0) >= 0.5 || $0.fractionInside(d.box) >= 0.5 }
        }
        return (kept, detections.count - kept.count)
    }

    /// ``dotsReadAsText(_:)``: what OCR makes of a page control's dots — round letters and digits,
    /// rings and bullets (the readings listed there) — *design choice*.
    public static let dotLikeCharacters: Set<Character> = ["0", "o", "O", "e", "c", "@", "°", "•", "·", ".", "©", "®", "*"]

    /// ``textsOverDots(_:lines:)``'s confidence bar: 0.9 — *design choice*, the bar of a sure
    /// word (``ElementOCR/Constants/sureWordConfidence``); the line of that page control read 0.96.
    public static let textOverDotsConfidence = 0.9

    /// ``textsOverDots(_:lines:)``'s shortest word: 3 letters — *design choice*, longer than the
    /// one- and two-letter junk dots are read as.
    public static let textOverDotsMinLetters = 3

    /// A picture with legible text inside (a logo, a banner, a poster; §5.2) takes the OCR lines
    /// lying ≥ `insideFraction` inside it that no text-bearing detection holds — the detector saw a
    /// picture, not texts — at most ``maxPictureLines`` of them in reading order; the status bar's
    /// lines (``StatusBar/bar(of:screenHeight:)``) over a header photo are the status bar's, not
    /// the photo's ("1:34 PM, Image", then "AT&T, Image", on a 1x iPhone screen). Pictures larger
    /// than `maxScreenShare` of the screen are backgrounds and take none.
    /// Lines on a picture's pixels are read less reliably than on a flat fill: only lines at or above
    /// `minConfidence` with at least two letters or digits take part, and a line of Latin letters
    /// alone needs ``minPictureLatinLetters`` — or a number of one digit
    /// (with its unit: "1°", "5%") covering at least ``minNumberShareOfPicture`` of the picture,
    /// which is then that number's glyphs taken for a picture.
    public static func assignTextToPictures(
        _ detections: [Detection], lines: [RecognizedText], insideFraction: Double, minConfidence: Double,
        screen: ImageInfo, maxScreenShare: Double
    ) -> [Detection] {
        let holders: [Rect] = detections.filter { ElementOCR.readTypes.contains($0.type) }.map(\.box)
        let bar = StatusBar.bar(of: lines, screenHeight: Double(screen.height))
        let free = lines.filter { (l: RecognizedText) -> Bool in
            l.confidence >= minConfidence && !holders.contains { l.box.fractionInside($0) >= insideFraction }
                && !(bar?.holds(l.box) ?? false)
        }
        func takes(_ l: RecognizedText, _ picture: Rect) -> Bool {
            guard l.box.fractionInside(picture) >= insideFraction else { return false }
            let alphanumerics = l.text.filter { $0.isLetter || $0.isNumber }
            if alphanumerics.allSatisfy({ $0.isASCII && $0.isLetter }) { return alphanumerics.count >= minPictureLatinLetters }
            if alphanumerics.count >= 2 { return true }
            return alphanumerics.count == 1 && alphanumerics.allSatisfy(\.isNumber)
                && l.box.width * l.box.height >= minNumberShareOfPicture * picture.width * picture.height
        }
        let screenArea = Double(screen.width * screen.height)
        return detections.map { d in
            guard d.type == .picture, d.text == nil, d.box.width * d.box.height <= maxScreenShare * screenArea else { return d }
            guard let label = pictureLabel(free.filter { takes($0, d.box) }) else { return d }
            var copy = d
            copy.text = label
            return copy
        }
    }

    /// A picture's label from the lines read on it: in reading order, a line repeated (a banner's
    /// "Home" over a "Home" tab drawn into it) spoken once, at most ``maxPictureLines`` of them,
    /// joined by ", "; nil when no line has text.
    static func pictureLabel(_ lines: [RecognizedText]) -> String? {
        var texts: [String] = []
        for line in lines.sorted(by: readingOrder).map({ $0.text.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty && !texts.contains(where: { $0.lowercased() == line.lowercased() }) {
            texts.append(line)
        }
        return texts.isEmpty ? nil : texts.prefix(maxPictureLines).joined(separator: ", ")
    }

    /// Top to bottom, then left to right for lines on one row.
    static func readingOrder(_ a: RecognizedText, _ b: RecognizedText) -> Bool {
        abs(a.box.midY - b.box.midY) > min(a.box.height, b.box.height) / 2 ? a.box.midY < b.box.midY : a.box.minX < b.box.minX
    }

    /// A one-digit number's line covering at least this share of a picture's area is the picture:
    /// a weather screen's large "1°" (a 25 × 26-pt line in a 33 × 30-pt "picture", 0.66, held-out-fonts
    /// set at 1x, Benchmarks/ocr-checkset/README.md) had been dropped, being one digit. 0.5 —
    /// *design choice*: a digit drawn small inside a photo (a badge, a jersey number) covers far less.
    public static let minNumberShareOfPicture = 0.5

    /// A picture's line of Latin letters alone (no digit, no other script) needs at least this many
    /// to label it: 3, the picture reader's ``ElementOCR/minPictureReadCharacters``. *Measured* on
    /// the 1,219 screens of `Benchmarks/listening` (2026-11-28): 21 two-letter lines labelled
    /// pictures on 20 screens; 19 were texture or a cut word read as letters ("go", "rd", "he", "mu",
    /// "eo", "M E", "G A") and 2 real ("OK" of "OK, BOOMER", a "DJ" badge). Without them the picture
    /// reader read four of those pictures whole ("houzz", "musical.ly", "Wardrobes", "LinkedIn").
    /// Two Hangul syllables ("향수") or two digits ("24") still label a picture.
    public static let minPictureLatinLetters = 3

    /// At most this many lines of a picture's own text make its label: a logo or a banner's title
    /// and tagline; a poster's small print is not read out — *design choice*.
    public static let maxPictureLines = 3

    /// §5.2: gives text-bearing detections (text, segments, text fields, and checkbox and switch
    /// rows whose box holds their text) without `text` the OCR lines that lie mostly inside them,
    /// read top-to-bottom then left-to-right and joined by spaces — or by a comma where one line
    /// ends a title and the next starts another (`joinedLines(_:)`).
    ///
    /// A line's words at its start or end that lie outside the detection, on an icon or picture
    /// beside it, are that icon read as letters — the "f" of a Facebook logo before "Sign up with
    /// Facebook" came back "f|" — and are left out (`withoutWordsOnNeighbours(_:of:among:)`). So are its
    /// junk words at either end that lie mostly outside the detection (`withoutJunkEnds(_:outside:)`),
    /// and the line is judged inside without them.
    public static func assignText(_ detections: [Detection], lines: [RecognizedText], insideFraction: Double) -> [Detection] {
        let glyphs = detections.filter { $0.type == .icon || $0.type == .picture }.map(\.box)
        // A text's line running on into the next text on its row ("Nature & Adventure Tours See
        // All" beside a "See All" link) leaves that text its own words. The text's own box is
        // among them, and never a neighbour: `withoutWordsOnNeighbours` skips boxes holding it.
        let glyphsAndTexts = glyphs + detections.filter { $0.type == .text }.map(\.box)
        return detections.map { d in
            guard d.text == nil, ElementOCR.readTypes.contains(d.type) else { return d }
            let inside = lines.map { withoutJunkEnds($0, outside: d.box) }.filter { letterBox($0, over: d.box).fractionInside(d.box) >= insideFraction }
                .sorted(by: readingOrder)
            guard !inside.isEmpty else { return d }
            let neighbours = d.type == .text ? glyphsAndTexts : glyphs
            var copy = d
            copy.text = joinedLines(inside.map { withoutWordsOnNeighbours($0, of: d.box, among: neighbours) })
            return copy
        }
    }

    /// `lines` (in reading order, each as wide as the words kept of it) joined by spaces, but by ", "
    /// where the break between two lines was the writer's, not the layout's: a settings row's title
    /// and its summary ("Birthday Reminders" over "You will receive birthday reminders") are two
    /// things VoiceOver reads with a pause — as an app that labels such a cell itself joins its
    /// title and detail (UIKit's subtitle cell is read "Title, Detail") — while a wrapped sentence
    /// reads on ("Allow Steady to update me via SMS text" over "Message notifications.").
    ///
    /// A break is the writer's when the next line starts below the previous one in the same column,
    /// starts with a capital or a digit, the previous one ends on a letter or digit (no punctuation
    /// of its own) and not on a word that needs the next ("to", "your", …), and the next line's
    /// first word would have fitted after it within the widest of the lines: text laid out to a
    /// width moves a word to the next line only when it does not fit (line breaking, Unicode UAX
    /// #14; UIKit and Android wrap by words). Not where the next line is cut short ("…"): a
    /// product's title laid out to two lines need not break where it fits ("LG EasyClean 0.9-cu
    /// ft 1000" over "Countertop Microwave (Stainless St...", ui-real train), nor where it is mostly
    /// in a script without capitals (a Korean review's line starting on a misread "So").
    static func joinedLines(_ lines: [RecognizedText]) -> String {
        let width = lines.map(\.box.width).max() ?? 0
        var out = ""
        var previous: RecognizedText?
        for line in lines where !line.text.isEmpty {
            if let p = previous {
                out += isWritersBreak(after: p, before: line, width: width) ? ", " : " "
            }
            out += line.text
            previous = line
        }
        return out
    }

    /// Whether most of `text`'s letters are of a script with capitals (Latin, Greek, Cyrillic).
    static func isMostlyCased(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter)
        return letters.filter { $0.isCased }.count * 2 > letters.count
    }

    /// Words a line cannot end on when the sentence goes on below it: articles, possessives,
    /// prepositions and conjunctions (English function words) — *design choice*, the words whose
    /// line would read as a title of its own only by mistake ("Find your" over "Perfect Home").
    static let continuingWords: Set<String> = [
        "a", "an", "the", "to", "of", "in", "on", "at", "by", "for", "with", "from", "and", "or", "but", "your", "my",
        "our", "their", "his", "her", "its", "this", "that", "these", "is", "are", "be", "&",
    ]

    /// Whether the break between `a` and the line below it, `b`, is the writer's
    /// (``joinedLines(_:)``); `width` is the widest line of the block.
    static func isWritersBreak(after a: RecognizedText, before b: RecognizedText, width: Double) -> Bool {
        let aText = a.text
        let bText = b.text
        guard b.box.midY - a.box.midY > min(a.box.height, b.box.height) / 2,
            b.box.minX < a.box.maxX, a.box.minX < b.box.maxX,
            let last = aText.last, last.isLetter || last.isNumber,
            let first = bText.first, first.isUppercase || first.isNumber,
            let lastWord = aText.split(separator: " ").last, !continuingWords.contains(lastWord.lowercased()),
            let firstWord = bText.split(separator: " ").first,
            !bText.hasSuffix("…"), !bText.hasSuffix("..."), isMostlyCased(bText)
        else { return false }
        // The next line's first word, from its own box where the line's words are its tokens, else
        // by its share of the line's letters.
        let tokens = bText.split(separator: " ")
        let wordWidth =
            b.words.count == tokens.count && !b.words.isEmpty
            ? b.words[0].box.width : b.box.width * Double(firstWord.count) / Double(max(bText.count, 1))
        // A space is about a quarter of the type's size (a third of an em at most; the line's
        // height stands for the em).
        let space = 0.3 * min(a.box.height, b.box.height)
        return a.box.width + space + wordWidth <= width
    }

    /// `line` without its words at either end read below ``junkWordConfidence`` that lie less than
    /// half inside `box`, its box the union of the words kept: an underlined link beside a price
    /// ("$2.99 | 630 Cal NUTRITION INFO" over a photo) came back as one word "pen" (0.41) as tall
    /// as two lines, which doubled the line's box, so that the line lay 0.49 inside its text and
    /// the text went unread (ui-real train, 2026-11-25). Cut only where the text's space-separated
    /// tokens are the words one for one, and never to nothing.
    /// So is a word at either end taller than ``maxWordHeightRatio`` × the line's median word and
    /// read below ``sureWordConfidence`` whose middle lies left or right of the box: a dialog's
    /// hourglass glyph read "z" (0.83), 29 px tall beside words of 15, before "Select the time
    /// duration" (ui-real valid, 2026-11-27) — while a word of the text that took in a photo's
    /// texture above it ("Explore", "Policy.") lies over the box and stays.
    static func withoutJunkEnds(_ line: RecognizedText, outside box: Rect) -> RecognizedText {
        let median = medianWordHeight(line)
        let cut = { (w: RecognizedText.Word) in
            (w.confidence < junkWordConfidence && w.box.fractionInside(box) < 0.5)
                || (median.map { isTallDoubtful(w, median: $0) } ?? false && isBeside(w, box))
        }
        guard let kept = keptWords(of: line, cutting: cut) else {
            return line
        }
        let words = Array(line.words[kept.range])
        let keptBox = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return RecognizedText(text: kept.text, box: keptBox, confidence: line.confidence, words: words)
    }

    /// The box of `line`'s letters: as wide as the line, as tall as its words but those over `box`
    /// (their middle within its columns) taller than ``maxWordHeightRatio`` × the median word's
    /// height and read below ``sureWordConfidence`` (of three words or more; else the line's box).
    /// A tall doubtful word beside the box is no letter of its text but a glyph or a picture's edge
    /// read as one ("1" left of "Thu, Dec 12° 10:00 PM", the album art's edge; ui-real train): the
    /// line stays as tall, and the text is read from its own crop. Over a photo a doubtful word can take in
    /// the texture above or below it: "Your car is 11 mi" on a taxi's door came back 41 px tall,
    /// "11" (0.72) and "mi" (0.79) 26 and 29 px beside words of 16–17, so the line lay 0.46 inside
    /// its 19-px text and the title was spoken "way", the line's last word (ui-real train,
    /// 2026-11-27).
    static func letterBox(_ line: RecognizedText, over box: Rect) -> Rect {
        guard let median = medianWordHeight(line) else { return line.box }
        let letters = line.words.filter { !isTallDoubtful($0, median: median) || isBeside($0, box) }.map(\.box)
        guard let first = letters.first else { return line.box }
        let rows = letters.dropFirst().reduce(first) { $0.union($1) }
        return Rect(minX: line.box.minX, minY: rows.minY, maxX: line.box.maxX, maxY: rows.maxY)
    }

    /// Whether `w` is taller than ``maxWordHeightRatio`` × its line's `median` word height and read
    /// below ``sureWordConfidence``.
    static func isTallDoubtful(_ w: RecognizedText.Word, median: Double) -> Bool {
        w.box.height > maxWordHeightRatio * median && w.confidence < sureWordConfidence
    }

    /// Whether `w`'s middle lies left or right of `box`'s columns.
    static func isBeside(_ w: RecognizedText.Word, _ box: Rect) -> Bool { w.box.midX < box.minX || w.box.midX > box.maxX }

    /// The median height of `line`'s words, when it has three or more; else nil.
    static func medianWordHeight(_ line: RecognizedText) -> Double? {
        guard line.words.count >= 3 else { return nil }
        let heights = line.words.map(\.box.height).sorted()
        return heights[heights.count / 2]
    }

    /// A word taller than this many median word heights of its line took in more than letters:
    /// a line's capitals, ascenders and descenders span about 1.3 × a lower-case word's height
    /// (Latin type: x-height about half the body, descenders a quarter) — 1.5 leaves room for
    /// that — *design choice*.
    public static let maxWordHeightRatio = 1.5
    /// A word read at least this sure keeps its box, however tall: 0.9, the confidence at which a
    /// crop's reading may replace a text's (``ElementOCR/Constants/replaceMinConfidence``).
    public static let sureWordConfidence = 0.9

    /// A word read below this is junk where it lies mostly outside the element: 0.5 — the bar
    /// under which whole-screen lines are not recovered as texts (``MissingElementSettings/minOCRConfidence``:
    /// OCR engines return icon junk at low confidence).
    public static let junkWordConfidence = 0.5

    /// `line` without its leading and trailing words whose centre lies outside `box` and inside one
    /// of `glyphs` (icons and pictures beside the text), its text trimmed, its columns those of the
    /// words kept (its rows unchanged): a line run on past its text onto a picture beside it ("…Bust
    /// to FF", a news photo's edge read as letters, ui-real train) is no wider for it, which had made
    /// a wrapped headline's break look like the writer's (``joinedLines(_:)``). The line is cut only
    /// where its space-separated tokens are its words one for one, and never to nothing.
    static func withoutWordsOnNeighbours(_ line: RecognizedText, of box: Rect, among glyphs: [Rect]) -> RecognizedText {
        func onGlyph(_ w: RecognizedText.Word) -> Bool {
            let c = Point(x: w.box.midX, y: w.box.midY)
            return !box.contains(c) && glyphs.contains { $0.contains(c) && box.fractionInside($0) < 0.5 }
        }
        var out = line
        if let kept = keptWords(of: line, cutting: onGlyph) {
            let words = line.words[kept.range]
            out.text = kept.text
            out.words = Array(words)
            out.box = Rect(minX: words.first!.box.minX, minY: line.box.minY, maxX: words.last!.box.maxX, maxY: line.box.maxY)
        }
        out.text = out.text.trimmingCharacters(in: .whitespaces)
        return out
    }

    /// The words of `line` left once the words `cut` accepts are taken off either end, and their
    /// text; nil when no end word is cut, or when the text's space-separated tokens are not the
    /// line's words one for one (then no word can be told from the text). Never cut to nothing.
    static func keptWords(of line: RecognizedText, cutting cut: (RecognizedText.Word) -> Bool) -> (range: Range<Int>, text: String)? {
        let count = line.words.count
        guard count > 1, cut(line.words[0]) || cut(line.words[count - 1]) else { return nil }
        let tokens = line.text.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.count == count else { return nil }
        var first = 0
        var last = count
        while first < last - 1, cut(line.words[first]) { first += 1 }
        while last - 1 > first, cut(line.words[last - 1]) { last -= 1 }
        return (first..<last, tokens[first..<last].joined(separator: " "))
    }

    /// Connected components of `items` under the symmetric relation `related`.
    static func clusters<T>(_ items: [T], _ related: (T, T) -> Bool) -> [[T]] {
        var uf = UnionFind(items.count)
        for i in items.indices {
            for j in items.indices where j > i && related(items[i], items[j]) { uf.union(i, j) }
        }
        return uf.groups().map { $0.map { items[$0] } }
    }
}

/// Disjoint sets over `0..<n`.
struct UnionFind {
    private var parent: [Int]
    init(_ n: Int) { parent = Array(0..<n) }
    mutating func find(_ x: Int) -> Int {
        var r = x
        while parent[r] != r { r = parent[r] }
        var y = x
        while parent[y] != r {
            let next = parent[y]
            parent[y] = r
            y = next
        }
        return r
    }
    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a)
        let rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
    /// Groups of indices, each sorted, ordered by their smallest member.
    mutating func groups() -> [[Int]] {
        var map: [Int: [Int]] = [:]
        for i in parent.indices { map[find(i), default: []].append(i) }
        return map.values.sorted { $0[0] < $1[0] }
    }
}
