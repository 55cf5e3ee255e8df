import Testing

@testable import ScreenRecognition

@Suite("§4.1 post-processing and §5.1 missing elements")
struct PostProcessingTests {
    struct NMSCase: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [Detection]
        var kept: [ElementClass]
        var testDescription: String { name }
    }

    static let nmsCases: [NMSCase] = [
        NMSCase(
            name: "same class, IoU 0.6: the less confident goes",
            input: [det(.icon, 0, 0, 100, 100, conf: 0.9), det(.icon, 20, 0, 100, 100, conf: 0.8)], kept: [.icon]),
        NMSCase(
            name: "same class, IoU 0.33: both stay",
            input: [det(.icon, 0, 0, 100, 100, conf: 0.9), det(.icon, 50, 0, 100, 100, conf: 0.8)], kept: [.icon, .icon]),
        NMSCase(
            name: "picture/icon, IoU 0.9 > 0.8: cross-class removes the icon",
            input: [det(.picture, 0, 0, 100, 100, conf: 0.9), det(.icon, 0, 0, 100, 90, conf: 0.7)], kept: [.picture]),
        NMSCase(
            name: "picture/icon, IoU 0.64 ≤ 0.8: both stay (a small icon on a picture)",
            input: [det(.picture, 0, 0, 100, 100, conf: 0.9), det(.icon, 0, 0, 80, 80, conf: 0.7)], kept: [.picture, .icon]),
        NMSCase(
            name: "container/textField IoU 0.9: the less confident goes",
            input: [det(.textField, 0, 0, 100, 40, conf: 0.6), det(.container, 0, 0, 100, 36, conf: 0.95)], kept: [.container]),
        NMSCase(
            name: "text/icon are not look-alikes: both stay at IoU 1",
            input: [det(.text, 0, 0, 100, 40, conf: 0.9), det(.icon, 0, 0, 100, 40, conf: 0.8)], kept: [.text, .icon]),
    ]

    @Test(arguments: nmsCases)
    func nms(_ c: NMSCase) {
        let out = PostProcessing.run(c.input, settings: PostProcessingSettings())
        #expect(out.map(\.type) == c.kept)
    }

    @Test("Per-class thresholds", arguments: [(0.49, 0), (0.5, 1), (0.9, 1)])
    func thresholds(confidence: Double, expected: Int) {
        var s = PostProcessingSettings()
        s.confidenceThresholds[.text] = 0.5
        #expect(PostProcessing.applyThresholds([det(.text, 0, 0, 10, 10, conf: confidence)], thresholds: s.confidenceThresholds).count == expected)
    }

    @Test("Thresholds differ per class")
    func perClass() {
        var s = PostProcessingSettings()
        s.confidenceThresholds[.icon] = 0.3
        s.confidenceThresholds[.dialog] = 0.8
        let out = PostProcessing.applyThresholds(
            [det(.icon, 0, 0, 10, 10, conf: 0.4), det(.dialog, 0, 0, 100, 100, conf: 0.7)],
            thresholds: s.confidenceThresholds)
        #expect(out.map(\.type) == [.icon])
    }

    @Test(
        "A detector's toggle thresholds picked on synthetic screens are raised to 0.5; other classes and higher thresholds stay",
        arguments: [
            (ElementClass.toggleUnselected, 0.1823, 0.5),  // the shipped detector's synthetic F1 optimum
            (.toggleSelected, 0.4187, 0.5),
            (.toggleSelected, 0.7, 0.7),
            (.text, 0.3735, 0.3735),
            (.icon, 0.1, 0.1),
        ])
    func thresholdFloors(cls: ElementClass, threshold: Double, used: Double) {
        let floored = PostProcessingSettings.floored([cls: threshold])
        #expect(floored == [cls: used])
        // The switch the iPhone search field's grey pill was taken for (0.24) is dropped.
        let pill = det(cls, 0, 0, 30, 15, conf: 0.24)
        #expect(PostProcessing.applyThresholds([pill], thresholds: floored).isEmpty == (used > 0.24))
    }

    struct RowCase: CustomTestStringConvertible, Sendable {
        var name: String
        var text: Detection
        var becomesSegment: Bool
        var testDescription: String { name }
    }

    static let rowCases: [RowCase] = [
        RowCase(name: "text on the row, outside the segments → segment", text: det(.text, 260, 110, 50, 18, "Month"), becomesSegment: true),
        RowCase(name: "text inside a segment stays text", text: det(.text, 30, 110, 40, 18, "Day"), becomesSegment: false),
        RowCase(name: "text below the row stays text", text: det(.text, 260, 200, 50, 18, "Footer"), becomesSegment: false),
    ]

    @Test("§5.1 segmented-control row completion", arguments: rowCases)
    func rowCompletion(_ c: RowCase) {
        let segments = [det(.segmentedControl, 16, 100, 110, 36), det(.segmentedControl, 130, 100, 110, 36)]
        let out = MissingElements.completeSegmentedControlRows(segments + [c.text])
        let added = out.filter { $0.source == .rowCompletion }
        #expect(added.count == (c.becomesSegment ? 1 : 0))
        if c.becomesSegment {
            let s = added[0]
            #expect(s.text == "Month")
            #expect(s.box.minY == 100 && s.box.height == 36)
            #expect(s.box.minX >= 240)  // does not spill over the neighbouring segment
        }
    }

    @Test("§5.1 OCR recovery adds only text that overlaps no detection")
    func recovery() {
        let dets = [det(.text, 0, 0, 100, 20, "Hello")]
        let lines = [
            RecognizedText(text: "Hello", box: r(2, 2, 90, 16), confidence: 0.99),
            RecognizedText(text: "World", box: r(0, 100, 90, 16), confidence: 0.9),
            RecognizedText(text: "©", box: r(0, 200, 10, 10), confidence: 0.9),
        ]
        let out = MissingElements.recoverText(dets, lines: lines, minConfidence: 0.5)
        #expect(out.map(\.text) == ["Hello", "World"])
        #expect(out.last?.source == .ocr)
    }

    @Test(
        "§5.1 a line on a background picture is recovered when read surely, tall enough, with three letters or digits, and nothing else covers it",
        arguments: [
            // (the picture, the line, its confidence, its height, another detection, recovered)
            (r(7, 60, 375, 540), "Book to take a ride", 0.96, 15.0, nil, true),  // a photo over 0.5 of the 384 × 640 screen
            (r(7, 60, 375, 540), "Book to take a ride", 0.7, 15.0, nil, false),  // read doubtfully: a photo's texture
            (r(7, 60, 375, 540), "7", 0.96, 15.0, nil, false),  // one digit
            (r(7, 300, 375, 200), "Book to take a ride", 0.96, 15.0, nil, false),  // a picture of 0.31: it holds its text
            (r(7, 60, 375, 540), "Book to take a ride", 0.96, 15.0, det(.text, 60, 358, 120, 20) as Detection?, false),  // a text reads it
            (r(7, 60, 375, 540), "07:36", 0.96, 6.0, nil, false),  // a phone mockup's status bar in the photo (0.9 % of the height)
            (r(7, 60, 375, 540), "DUPONT CIRCLE", 0.96, 8.0, nil, false),  // a map's street name (1.25 %)
        ] as [(Rect, String, Double, Double, Detection?, Bool)])
    func recoveryOverBackgrounds(_ c: (Rect, String, Double, Double, Detection?, Bool)) {
        let picture = Detection(type: .picture, box: c.0, confidence: 0.8)
        let line = RecognizedText(text: c.1, box: r(65, 361, 240, c.3), confidence: c.2)
        let detections = [picture] + (c.4.map { [$0] } ?? [])
        let out = MissingElements.recoverTextOverBackgrounds(
            detections, lines: [line], screen: ImageInfo(width: 384, height: 640), maxScreenShare: 0.5, minConfidence: 0.8)
        #expect(out.count == detections.count + (c.5 ? 1 : 0))
        #expect(out.prefix(detections.count).elementsEqual(detections))
        if c.5 { #expect(out.last?.text == c.1 && out.last?.source == .ocr) }
    }

    @Test(
        "A line over a background says something: a status bar's clock, a number, another script, or mostly English words",
        arguments: [
            ("Incoming call", r(84, 230, 86, 14), true), ("0911 123Z4567", r(84, 256, 218, 24), true), ("2:29", r(350, 4, 25, 12), true),
            ("LEBEIGE 24S/S 패션위크", r(20, 300, 200, 14), true), ("Get the latest from your favorite retailers", r(30, 370, 320, 14), true),
            ("QUE XOPA", r(100, 500, 150, 30), false), ("GIJOE", r(40, 420, 60, 20), false), ("12", r(350, 300, 25, 12), false),
            ("fe and", r(60, 230, 40, 12), false), ("p with", r(60, 230, 40, 12), false), ("Garden by Eden #3", r(40, 500, 150, 14), true),
        ] as [(String, Rect, Bool)])
    func backgroundLineSaysWords(text: String, box: Rect, says: Bool) {
        #expect(MissingElements.saysWords(text, box: box, screenHeight: 640) == says)
    }

    @Test("§5.1 a background with more than four lines on it (a map, a phone mockup) keeps its text", arguments: [4, 5])
    func recoveryOverBusyBackgrounds(lines count: Int) {
        let picture = Detection(type: .picture, box: r(0, 60, 384, 560), confidence: 0.8)
        let lines = (0..<count).map { RecognizedText(text: "Choose a sound \($0)", box: r(40, 100 + Double($0) * 60, 120, 12), confidence: 0.95) }
        let out = MissingElements.recoverTextOverBackgrounds(
            [picture], lines: lines, screen: ImageInfo(width: 384, height: 640), maxScreenShare: 0.5, minConfidence: 0.8)
        #expect(out.count == (count <= MissingElements.maxBackgroundTexts ? 1 + count : 1))
    }

    @Test(
        "§5.1 a line is recovered unless a detection touches it — a text box only when it covers a quarter of the smaller of the two, a container never",
        arguments: [
            // (the detection, recovered): the second line's box grazing the first line by 2 px, a
            // box holding half the line, an icon inside the line, a picture grazing it by 2 px, a
            // box elsewhere, a card holding the line (its text is its content), a card whose
            // middle lies between the line's words.
            (det(.text, 116, 147, 162, 38), true), (det(.text, 60, 120, 120, 40), false), (det(.icon, 80, 132, 14, 14), false),
            (det(.picture, 0, 147, 385, 200), false), (det(.text, 72, 200, 241, 20), true), (det(.container, 60, 100, 270, 180), true),
            (det(.container, 0, 120, 390, 40), true),
        ])
    func recoveryCoverage(detection: Detection, recovered: Bool) {
        let lines = [RecognizedText(text: "Learn the life-changing skill", box: r(72, 129, 241, 20), confidence: 0.96)]
        let out = MissingElements.recoverText([detection], lines: lines, minConfidence: 0.5)
        #expect(out.count == (recovered ? 2 : 1))
    }

    @Test(
        "§5.1 the words of a covered line that no detection holds are recovered, run by run",
        arguments: [
            // (detections, recovered texts): a product page's price line where the detector boxed
            // only the struck-through price; the discount on an icon; a text that took the whole line;
            // the product's card around it all, its middle between the prices (a card holds nothing).
            ([det(.text, 335, 1140, 162, 41, "$429.25")], ["$275.99", "22% off"]),
            ([det(.text, 335, 1140, 162, 41, "$429.25"), det(.container, 0, 1000, 630, 300)], ["$275.99", "22% off"]),
            ([det(.text, 335, 1140, 162, 41, "$429.25"), det(.icon, 520, 1140, 170, 45)], ["$275.99"]),
            ([det(.text, 52, 1127, 631, 56, "$275.99 $429.25 22% off")], []),
            ([det(.text, 335, 1140, 162, 41, "$429.25"), det(.text, 40, 1120, 270, 70, "$275.99")], ["22% off"]),
        ])
    func recoveryOfUncoveredWords(detections: [Detection], recovered: [String]) {
        let words = [
            RecognizedText.Word(text: "$275.99", box: r(52, 1127, 244, 56), confidence: 0.96),
            RecognizedText.Word(text: "$429.25", box: r(329, 1144, 166, 36), confidence: 0.78),
            RecognizedText.Word(text: "22%", box: r(527, 1146, 84, 31), confidence: 0.94),
            RecognizedText.Word(text: "off", box: r(627, 1145, 56, 32), confidence: 0.94),
        ]
        let line = RecognizedText(text: "$275.99 $429.25 22% off", box: r(52, 1127, 631, 56), confidence: 0.91, words: words)
        let out = MissingElements.recoverText(detections, lines: [line], minConfidence: 0.5)
        #expect(out.dropFirst(detections.count).map(\.text) == recovered)
        #expect(out.dropFirst(detections.count).allSatisfy { $0.source == .ocr && $0.type == .text })
        if recovered.first == "$275.99" { #expect(out[detections.count].box == words[0].box) }
        // Junk between covered words (a glyph read as letters at 0.3) is not recovered; nor is a
        // line whose text does not split into its words one for one.
        var junk = line
        junk.words[0].confidence = 0.3
        #expect(!MissingElements.recoverText(detections, lines: [junk], minConfidence: 0.5).dropFirst(detections.count).contains { $0.text == "$275.99" })
        var unsplit = line
        unsplit.text = "$275.99 $429.25 22%off"
        #expect(MissingElements.recoverText(detections, lines: [unsplit], minConfidence: 0.5).count == detections.count)
    }

    @Test("§5.1 a detection between two words of a line parts them: at 1x OCR read past the struck-through price")
    func recoveryAroundAWordOCRSkipped() {
        let struck = det(.text, 110, 380, 61, 15, "$429.25")
        let words = [
            RecognizedText.Word(text: "$275.99", box: r(17, 375, 82, 19), confidence: 0.96),
            RecognizedText.Word(text: "22%", box: r(176, 382, 28, 11), confidence: 0.87),
            RecognizedText.Word(text: "off", box: r(209, 381, 19, 11), confidence: 0.87),
        ]
        let line = RecognizedText(text: "$275.99 22% off", box: r(17, 375, 211, 19), confidence: 0.9, words: words)
        let out = MissingElements.recoverText([struck], lines: [line], minConfidence: 0.5)
        #expect(out.dropFirst().map(\.text) == ["$275.99", "22% off"])
        // Without it the line is covered by nothing and recovered whole, as before.
        #expect(MissingElements.recoverText([], lines: [line], minConfidence: 0.5).map(\.text) == ["$275.99 22% off"])
    }

    @Test("§5.2 OCR lines label the text detection holding them")
    func assignText() {
        let dets = [det(.text, 0, 0, 200, 50), det(.icon, 300, 0, 30, 30)]
        let lines = [
            RecognizedText(text: "second line", box: r(0, 26, 150, 20), confidence: 0.9),
            RecognizedText(text: "First", box: r(0, 2, 60, 20), confidence: 0.9),
            RecognizedText(text: "junk", box: r(300, 0, 30, 30), confidence: 0.9),
        ]
        let out = MissingElements.assignText(dets, lines: lines, insideFraction: 0.5)
        #expect(out[0].text == "First second line")
        #expect(out[1].text == nil)
    }

    @Test(
        "A line's end words that lie on an icon beside the text are the icon read as letters, not the text's",
        arguments: [
            // (line's words with their x, the text spoken)
            ([("f|", 6.0), ("Sign", 40.0), ("up", 90.0)], "Sign up"),  // the Facebook logo's "f"
            ([("Sign", 40.0), ("up", 90.0), ("Q", 207.0)], "Sign up"),  // a trailing search glyph
            ([("Sign", 40.0), ("up", 90.0)], "Sign up"),
            ([("Sign", 24.0), ("up", 90.0)], "Sign up"),  // its centre outside the text's box, on no icon: the box is tight
            ([("OK", 100.0)], "OK"),
        ] as [([(String, Double)], String)])
    func wordsOnIcons(words: [(String, Double)], spoken: String) {
        // An icon at x 0–28, the text 30–200, another icon at 205–225.
        let dets = [det(.icon, 0, 0, 28, 28), det(.text, 30, 0, 170, 28), det(.icon, 205, 0, 20, 28)]
        let recognized = words.map { RecognizedText.Word(text: $0.0, box: r($0.1, 4, 16, 20), confidence: 0.9) }
        let line = RecognizedText(
            text: words.map(\.0).joined(separator: " "), box: r(words[0].1, 4, words.last!.1 + 16 - words[0].1, 20),
            confidence: 0.9, words: recognized)
        let out = MissingElements.assignText(dets, lines: [line], insideFraction: 0.5)
        #expect(out[1].text == spoken)
    }

    @Test(
        "A text's line running on into the next text on its row leaves that text its words; a text field keeps its line",
        arguments: [
            (ElementClass.text, "Nature & Adventure Tours"),  // "See All" is the link beside it
            (.textField, "Nature & Adventure Tours See All"),
        ])
    func wordsOnNextText(type: ElementClass, spoken: String) {
        // A heading at x 10–230, a "See All" link at 290–340 on its row.
        let dets = [det(type, 10, 0, 220, 28), det(.text, 290, 0, 50, 28, "See All")]
        let names = [("Nature", 10.0, 50.0), ("&", 64.0, 10.0), ("Adventure", 78.0, 80.0), ("Tours", 162.0, 50.0), ("See", 290.0, 22.0), ("All", 316.0, 24.0)]
        let words = names.map { RecognizedText.Word(text: $0.0, box: r($0.1, 4, $0.2, 20), confidence: 0.9) }
        let line = RecognizedText(text: names.map(\.0).joined(separator: " "), box: r(10, 4, 330, 20), confidence: 0.9, words: words)
        let out = MissingElements.assignText(dets, lines: [line], insideFraction: 0.5)
        #expect(out[0].text == spoken)
        #expect(out[1].text == "See All")
    }
    @Test(
        "A junk word at a line's end lying mostly outside the text neither pushes the line out of it nor is spoken",
        arguments: [
            // (the last word's confidence, its box, the text spoken)
            (0.41, r(100, 438, 68, 21), "$2.99 | 630 Cal" as String?),  // an underlined link read "pen", two lines tall
            (0.9, r(100, 438, 68, 21), nil),  // read surely: the line is not the text's, as before
            (0.41, r(100, 438, 40, 10), "$2.99 | 630 Cal pen"),  // mostly inside the text: kept
        ] as [(Double, Rect, String?)])
    func junkWordAtLineEnd(confidence: Double, box: Rect, spoken: String?) {
        let words = [
            ("$2.99", r(14, 437, 26, 10), 0.96), ("|", r(45, 437, 2, 12), 0.96), ("630", r(52, 438, 21, 9), 0.96), ("Cal", r(78, 438, 16, 9), 0.96),
            ("pen", box, confidence),
        ]
        #expect(Self.assigned(words, lineConfidence: 0.85, to: det(.text, 22, 437, 139, 12)) == spoken)
    }

    /// The text `assignText` gives `detection` from one OCR line made of `words` (text, box,
    /// confidence), the line's box their union.
    static func assigned(_ words: [(String, Rect, Double)], lineConfidence: Double, to detection: Detection) -> String? {
        let read = words.map { RecognizedText.Word(text: $0.0, box: $0.1, confidence: $0.2) }
        let box = read.dropFirst().reduce(read[0].box) { $0.union($1.box) }
        let line = RecognizedText(text: words.map(\.0).joined(separator: " "), box: box, confidence: lineConfidence, words: read)
        return MissingElements.assignText([detection], lines: [line], insideFraction: 0.5)[0].text
    }

    /// A settings row's title and summary, or a wrapped sentence: the lines of a checkbox row, as
    /// OCR reads them, each word about 8 px a letter (a space 5 px at a 16 px line height).
    static func line(_ text: String, x: Double = 20, y: Double, letter: Double = 8) -> RecognizedText {
        var words: [RecognizedText.Word] = []
        var left = x
        for w in text.split(separator: " ") {
            let width = letter * Double(w.count)
            words.append(RecognizedText.Word(text: String(w), box: r(left, y, width, 16), confidence: 0.95))
            left += width + 5
        }
        return RecognizedText(text: text, box: r(x, y, left - 5 - x, 16), confidence: 0.95, words: words)
    }

    @Test(
        "A row's title and summary are read with a pause; a wrapped sentence reads on",
        arguments: [
            // (first line, second line, spoken)
            ("Birthday Reminders", "You will receive birthday reminders", "Birthday Reminders, You will receive birthday reminders"),
            ("Classic", "No holds barred", "Classic, No holds barred"),
            // the next line's first word would not have fitted after the first: the layout's break
            ("Allow Steady to update me via SMS text", "Message notifications.", "Allow Steady to update me via SMS text Message notifications."),
            // the sentence goes on in lower case, or the first line ends on punctuation or "your"
            ("Learn the skill", "of meditation every day", "Learn the skill of meditation every day"),
            ("Block calls.", "Automatically blocks calls", "Block calls. Automatically blocks calls"),
            ("Find your", "Perfect Home today", "Find your Perfect Home today"),
            // a line cut short: a title laid out to two lines
            ("LG EasyClean 1000", "Countertop Microwave (Stainless St...", "LG EasyClean 1000 Countertop Microwave (Stainless St..."),
            // a script without capitals
            ("지도 표시 지역", "So 게스트 1명 7월 4일", "지도 표시 지역 So 게스트 1명 7월 4일"),
        ])
    func titleAndSummary(first: String, second: String, spoken: String) {
        let lines = [Self.line(first, y: 100), Self.line(second, y: 120)]
        let row = det(.checkboxSelected, 10, 95, 380, 45)
        #expect(MissingElements.assignText([row], lines: lines, insideFraction: 0.5)[0].text == spoken)
    }

    @Test("A line is as wide as the words kept of it: junk read off a photo beside it widens nothing")
    func keptWidth() {
        // "…Church" ran on into a photo's edge read as a long word, which the text leaves out.
        let lines = [Self.line("Donald Trump Brings Golden", y: 100), Self.line("Curtains, Winston Church FFFFFFFFFFFFFFF", y: 120)]
        let photo = r(250, 90, 200, 60)
        let kept = lines.map { MissingElements.withoutWordsOnNeighbours($0, of: r(10, 95, 235, 45), among: [photo]) }
        #expect(kept[1].text == "Curtains, Winston Church")
        #expect(kept[1].box.maxX < photo.minX)
        #expect(MissingElements.joinedLines(kept) == "Donald Trump Brings Golden Curtains, Winston Church")
        // Read whole, the run-on line would have made room for "Curtains," after the first.
        #expect(MissingElements.joinedLines(lines).contains("Golden, Curtains"))
    }

    @Test("Lines side by side on one row are joined by a space")
    func sameRowLines() {
        let lines = [Self.line("Wi-Fi", y: 100), Self.line("Home Network", x: 200, y: 100)]
        #expect(MissingElements.joinedLines(lines) == "Wi-Fi Home Network")
    }

    @Test(
        "Doubtful words taller than the line's others (a photo's texture taken in) do not push the line out of its text",
        arguments: [
            // (the tall words' confidence, the text spoken)
            (0.75, "Your car is 11 mi" as String?),  // "11" and "mi" over a taxi's door (ui-real train)
            (0.95, nil),  // read surely: the line's box stands, 0.46 inside the text
        ] as [(Double, String?)])
    func tallDoubtfulWords(confidence: Double, spoken: String?) {
        let words = [
            ("Your", r(64, 312, 43, 16), 0.96), ("car", r(111, 311, 32, 17), 0.96), ("is", r(148, 312, 14, 16), 0.96),
            ("11", r(168, 314, 16, 26), confidence), ("mi", r(189, 299, 25, 29), confidence),
        ]
        #expect(Self.assigned(words, lineConfidence: 0.88, to: det(.text, 53, 312, 270, 19)) == spoken)
    }

    @Test(
        "A doubtful word taller than the line's others at its start is not spoken when it lies beside the text, and is when it lies over it",
        arguments: [
            (55.0, "Select the time duration"),  // a dialog's hourglass read "z" (0.83), 29 px tall beside words of 15 (ui-real valid)
            (86.0, "z Select the time duration"),  // over the text's box: a word that took in the texture above it
        ])
    func tallWordAtLineStart(x: Double, spoken: String) {
        let names = [
            ("z", r(x, 59, 14, 29), 0.83), ("Select", r(101, 67, 38, 15), 0.96), ("the", r(143, 67, 28, 15), 0.97),
            ("time", r(175, 67, 38, 15), 0.97), ("duration", r(219, 66, 70, 15), 0.97),
        ]
        #expect(Self.assigned(names, lineConfidence: 0.94, to: det(.text, 84, 67, 209, 16)) == spoken)
    }

    @Test(
        "A page control over which OCR read words is that text; dots read as junk leave it a page control",
        arguments: [
            // (the line over it, its confidence, becomes a text)
            ("Sign in with:", 0.96, true),  // thin white type over a photo (ui-real train)
            ("Sign in with:", 0.8, false),  // below the bar
            ("e e e", 0.95, false),  // dots read as letters: no word of three
            ("1/4", 0.97, false),  // a page counter has no word
        ])
    func textsOverDots(line: String, confidence: Double, becomesText: Bool) {
        let dets = [det(.pageControl, 159, 503, 66, 11), det(.pageControl, 171, 467, 52, 9)]
        let lines = [RecognizedText(text: line, box: r(155, 502, 74, 13), confidence: confidence)]
        let out = MissingElements.textsOverDots(dets, lines: lines)
        #expect(out.changed == (becomesText ? 1 : 0))
        #expect(out.detections[0].type == (becomesText ? .text : .pageControl))
        #expect(out.detections[0].text == (becomesText ? line : nil))
        #expect(out.detections[1].type == .pageControl)  // no line over it
    }

    @Test(
        "A text over a page control read as dots alone is dropped; words, or a text beside the dots, stay",
        arguments: [
            ("@eee0e", r(174, 367, 34, 9), false),  // the dots read as letters (ui-real train)
            ("0 0 0 0", r(165, 590, 48, 10), false),
            ("Skip", r(174, 367, 34, 9), true),  // a word
            ("000", r(40, 367, 34, 9), true),  // not on the dots
        ] as [(String, Rect, Bool)])
    func dotsReadAsText(text: String, box: Rect, kept: Bool) {
        let dots = [det(.pageControl, 174, 368, 33, 8), det(.pageControl, 165, 591, 48, 9)]
        let out = MissingElements.dotsReadAsText(dots + [Detection(type: .text, box: box, confidence: 0.8, text: text)])
        #expect(out.dropped == (kept ? 0 : 1))
        #expect(out.detections.count == (kept ? 3 : 2))
        #expect(out.detections.filter { $0.type == .pageControl }.count == 2)
    }
}
