import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Status bar lines")
struct StatusBarTests {
    /// A line of words laid left to right from `x`, 12 px tall at `y`, each word 8 px a character.
    static func line(_ words: [String], x: Double = 10, y: Double = 4) -> RecognizedText {
        var out: [RecognizedText.Word] = []
        var cx = x
        for w in words {
            out.append(.init(text: w, box: r(cx, y, Double(w.count) * 8, 12), confidence: 0.8))
            cx += Double(w.count) * 8 + 6
        }
        let box = out.dropFirst().reduce(out[0].box) { $0.union($1.box) }
        return RecognizedText(text: words.joined(separator: " "), box: box, confidence: 0.8, words: out)
    }

    @Test(
        "a status bar line keeps its clock, network, battery and carrier words",
        arguments: [
            (["B", "6:35"], "6:35"),
            (["G@", "8:56"], "8:56"),
            (["f", "G", "10:32"], "10:32"),
            (["년", "4:32"], "4:32"),
            (["9:41", "AM"], "9:41 AM"),
            (["Carrier", "9:41"], "Carrier 9:41"),
            (["9:41", "5G", "87%"], "9:41 5G 87%"),
            (["7:418"], "7:41"),  // iOS's location arrow read as a digit
            (["@7:01", "etd", "5G"], "7:01 5G"),
            (["alll", "48%", "9:44", "AM"], "48% 9:44 AM"),  // a signal meter read in lower case
            (["Verizon", "9:44"], "Verizon 9:44"),
            (["T-Mobile", "9:44"], "T-Mobile 9:44"),
            (["HOAARH", "7:22"], "7:22"),  // notification icons read in capitals
            (["HOwwwww", "7:22"], "7:22"),  // …or in mixed case
        ])
    func cleaned(_ c: ([String], String)) {
        let out = StatusBar.clean([Self.line(c.0), Self.line(["Settings"], y: 60)], screenHeight: 640)
        #expect(out.map(\.text) == [c.1, "Settings"])
        // The line's box shrinks to the words kept.
        #expect(out[0].words.count == c.1.split(separator: " ").count)
        #expect(out[0].box.width <= Self.line(c.0).box.width)
    }

    @Test("texts the crop readers read in the status bar keep its words only; junk and unread ones are left out")
    func cropReadingsInTheBar() throws {
        let bar = try #require(StatusBar.bar(of: [Self.line(["4:02"], x: 340)], screenHeight: 640))
        let detections = [
            det(.text, 81, 0, 98, 22, "HOAARH"),  // notification icons read again by a crop reader
            det(.text, 148, 0, 100, 21),  // never read
            det(.text, 330, 4, 60, 12, "B 4:02"),
            det(.icon, 20, 2, 16, 16),  // not a text: stays for the later stages
            det(.text, 16, 60, 120, 16, "HOAARH"),  // below the bar: stays
        ]
        let out = StatusBar.cleaned(detections, bar: bar)
        #expect(out.map(\.text) == ["4:02", nil, "HOAARH"])
        #expect(out.map(\.type) == [.text, .icon, .text])
        // PP-OCR's reading of a line again is one word holding spaces: its words are still the bar's.
        let reread = RecognizedText(
            text: "66% 11:05 PM", box: r(270, 6, 82, 10), confidence: 0.9, words: [.init(text: "66% 11:05 PM", box: r(270, 6, 82, 10), confidence: 0.9)])
        #expect(StatusBar.kept(reread)?.text == "66% 11:05 PM")
        #expect(StatusBar.kept(RecognizedText(text: "Ft 66% PM", box: r(239, 5, 113, 11), confidence: 0.9))?.text == "66%")
    }

    @Test func anIPhoneClockReadAsOneWordStillFindsTheStatusBar() {
        let lines = [Self.line(["4:41PM"], x: 160), Self.line(["54%", "Et"], x: 300), Self.line(["Search"], y: 60)]
        #expect(StatusBar.clean(lines, screenHeight: 640).map(\.text) == ["4:41 PM", "54%", "Search"])
    }

    @Test func iconLinesBesideTheClockAreDroppedAndTheRestKept() {
        let lines = [
            Self.line(["7:01"], x: 17), Self.line(["ef", "5G"], x: 235),
            Self.line(["@", "="], x: 300),  // icons only: dropped
            Self.line(["Welcome", "back"], y: 40),  // below the status bar
        ]
        #expect(StatusBar.clean(lines, screenHeight: 640).map(\.text) == ["7:01", "5G", "Welcome back"])
    }

    @Test func theBarHoldsTheLinesOnItsClocksRowsOnly() throws {
        let bar = try #require(StatusBar.bar(of: [Self.line(["AT&T"]), Self.line(["1:34", "PM"], x: 160)], screenHeight: 640))
        #expect(bar.holds(Self.line(["AT&T"]).box))
        #expect(bar.holds(Self.line(["81%"], x: 300).box))
        #expect(!bar.holds(Self.line(["Venice"], y: 30).box))  // a photo's caption below it
        #expect(!bar.holds(r(10, 2, 300, 60)))  // a tall line reaching below the top 8 %
        #expect(StatusBar.bar(of: [Self.line(["AT&T"]), Self.line(["Venice"], y: 30)], screenHeight: 640) == nil)  // no clock
        #expect(StatusBar.bar(of: [Self.line(["1:34"])], screenHeight: 0) == nil)
    }

    /// A 295 × 640 screen with Android's navigation bar drawn in its bottom rows (recent apps |||
    /// at 0.2 of the width, home ○ in the middle, back ‹ at 0.77), as on ui-real's Samsung
    /// screenshots, less the glyphs `without`; `extra` paints more ink on the bar.
    static func navigationBar(without: Set<Int> = [], extra: [Rect] = []) -> RGBAImage {
        var image = RGBAImage(width: 295, height: 640, fill: RGB(r: 255, g: 255, b: 255)).filling(r(0, 600, 295, 40), with: RGB(r: 246, g: 246, b: 248))
        let ink = RGB(r: 90, g: 90, b: 90)
        let glyphs: [[Rect]] = [
            [r(58, 615, 2, 13), r(63, 615, 2, 13), r(68, 615, 2, 13)],  // |||
            [r(141, 615, 12, 2), r(141, 626, 12, 2), r(141, 615, 2, 13), r(151, 615, 2, 13)],  // ○
            [r(226, 615, 2, 13), r(228, 620, 3, 3)],  // ‹
        ]
        for (k, parts) in glyphs.enumerated() where !without.contains(k) { for p in parts { image = image.filling(p, with: ink) } }
        for p in extra { image = image.filling(p, with: ink) }
        return image
    }

    @Test(
        "Android's navigation bar: its home circle read as a letter is left out; other lines stay",
        arguments: [
            ("O", r(141, 615, 12, 13), Set<Int>(), [Rect](), false),
            ("0", r(141, 615, 12, 13), [], [], false),
            ("OK", r(141, 615, 12, 13), [], [], true),  // a word
            ("O", r(141, 560, 12, 13), [], [], true),  // above the bar
            ("O", r(200, 615, 12, 13), [], [], true),  // off the middle
            ("O", r(141, 615, 12, 13), [2], [], true),  // no back button: no navigation bar
            ("O", r(141, 615, 12, 13), [], [r(100, 618, 20, 6)], true),  // more ink on the row
        ] as [(String, Rect, Set<Int>, [Rect], Bool)])
    func navigationBarHome(text: String, box: Rect, without: Set<Int>, extra: [Rect], kept: Bool) {
        let line = RecognizedText(text: text, box: box, confidence: 0.92)
        let image = Self.navigationBar(without: without, extra: extra)
        #expect(StatusBar.withoutNavigationBarHome([line], image: image).count == (kept ? 1 : 0))
    }

    @Test(
        "no clock in the top 8 %, nothing changes",
        arguments: [
            [line(["B", "635"]), line(["ef", "5G"], x: 200)],  // the time misread
            [line(["ef", "10:32"], y: 80)],  // a time lower on the screen (a list of alarms)
        ])
    func unchanged(_ lines: [RecognizedText]) {
        #expect(StatusBar.clean(lines, screenHeight: 640) == lines)
    }

    @Test(
        "a clock with one glyph glued on",
        arguments: [
            ("7:418", "7:41"), ("2:078", "2:07"), ("@7:01", "7:01"), ("9:41", "9:41"), ("B11:4", nil), ("7:4188", nil), ("ab7:41", nil),
            // a glyph before the time read as a digit that makes no hour (a battery's "8")
            ("87:53", "7:53"), ("61:56", "1:56"), ("27:41", "7:41"), ("18:53", "18:53"), ("99:99", nil), ("127:41", nil),
            // an iPhone's time and meridiem read as one word
            ("4:41PM", "4:41 PM"), ("10:31am", "10:31 AM"), ("PM", nil), ("41PM", nil), ("4:41XM", nil),
        ] as [(String, String?)])
    func glued(_ c: (String, String?)) {
        #expect(StatusBar.clock(in: c.0) == c.1)
    }

    @Test(
        "clock words",
        arguments: [("9:41", true), ("23:59", true), ("09:05", true), ("24:00", false), ("9:4", false), ("941", false), ("7:018", false), ("a:bc", false)])
    func clock(_ c: (String, Bool)) {
        #expect(StatusBar.isClock(c.0) == c.1)
    }

    @Test func linesWithoutWordBoxesAreSplitAtSpaces() {
        let line = RecognizedText(text: "B 6:35", box: r(300, 4, 40, 12), confidence: 0.7)
        #expect(StatusBar.clean([line], screenHeight: 640).map(\.text) == ["6:35"])
    }

    @Test("the status bar's clock is never the heading; the title below it is")
    func clockIsNoHeading() {
        let elements = [
            el(.text, r(330, 4, 40, 20), "5:49"),  // taller than the title's letters with its icons
            el(.text, r(70, 40, 80, 16), "Fuelio"),
            el(.text, r(16, 100, 200, 10), "Fill-ups this month"),
            el(.text, r(16, 120, 200, 10), "Average consumption"),
        ]
        let out = Metadata.markHeader(elements, screenHeight: 640)
        #expect(out.map { $0.traits.contains(.header) } == [false, true, false, false])
        #expect(StatusBar.isStatusText("9:41 5G 87%", frame: r(0, 0, 100, 20), screenHeight: 640))
        #expect(!StatusBar.isStatusText("Meeting at 9:41", frame: r(0, 0, 100, 20), screenHeight: 640))
        #expect(!StatusBar.isStatusText("9:41", frame: r(0, 300, 100, 20), screenHeight: 640))
    }

    @Test("a heading has words: a number or an unread text at the top is none, and the status bar sets no type size")
    func headingNeedsLetters() {
        let counted = [
            el(.text, r(20, 40, 60, 30), "4"),  // a count set large
            el(.text, r(90, 44, 120, 20), "Want To See"),
            el(.text, r(16, 100, 200, 10), "Upcoming"),
            el(.text, r(16, 120, 200, 10), "In theaters"),
        ]
        #expect(Metadata.markHeader(counted, screenHeight: 640).map { $0.traits.contains(.header) } == [false, true, false, false])
        let unread = [el(.text, r(20, 40, 200, 30), nil), el(.text, r(16, 100, 200, 10), "Upcoming")]
        #expect(Metadata.markHeader(unread, screenHeight: 640).allSatisfy { !$0.traits.contains(.header) })
        // alone in the band, the title is compared with the app's texts, not with the status bar's clock
        let alone = [
            el(.text, r(336, 4, 41, 14), "2:12"),
            el(.text, r(63, 44, 90, 19), "My Yums"),
            el(.text, r(16, 300, 200, 14), "Recipes"),
            el(.text, r(16, 320, 200, 8), "Saved"),
            el(.text, r(16, 340, 200, 8), "Shared"),
        ]
        #expect(Metadata.markHeader(alone, screenHeight: 640).map { $0.traits.contains(.header) } == [false, true, false, false, false])
    }

    @Test("a paragraph's type is its line's height: three lines of body text are no large title")
    func paragraphIsNoTitle() {
        let elements = [
            el(.text, r(30, 66, 336, 54), "Each sleep session is graded with a Snore Score and you can playback audio samples"),
            el(.text, r(160, 530, 66, 14), "Continue"),
            el(.text, r(40, 600, 20, 14), "Close"),
        ]
        let lines = [66.0, 84, 102].map { RecognizedText(text: "line", box: r(32, $0 + 1, 330, 16), confidence: 0.9) }
        // Its box alone is 3.9 times as tall as the other texts: a heading, as it was.
        #expect(Metadata.markHeader(elements, screenHeight: 640)[0].traits.contains(.header))
        // With the OCR lines it was read from, its type is 18 px against 14: no heading.
        #expect(!Metadata.markHeader(elements, screenHeight: 640, lines: lines).contains { $0.traits.contains(.header) })
        #expect(Metadata.typeHeight(of: r(30, 66, 336, 54), lines: lines) == 18)
        // A word on the status bar's rows is no title, however large its box.
        let bar = [el(.text, r(81, 0, 98, 22), "Baio"), el(.text, r(352, 7, 25, 9), "4:02"), el(.text, r(16, 132, 48, 10), "Account")]
        let clock = [RecognizedText(text: "4:02", box: r(352, 7, 25, 9), confidence: 0.9)]
        #expect(Metadata.markHeader(bar, screenHeight: 640)[0].traits.contains(.header))
        #expect(!Metadata.markHeader(bar, screenHeight: 640, lines: clock).contains { $0.traits.contains(.header) })
        // Two lines side by side on one row are one row; a line outside the text is not counted.
        let row = [RecognizedText(text: "a", box: r(32, 67, 100, 16), confidence: 0.9), RecognizedText(text: "b", box: r(150, 68, 100, 16), confidence: 0.9)]
        #expect(Metadata.typeHeight(of: r(30, 66, 336, 20), lines: row + [RecognizedText(text: "c", box: r(32, 300, 100, 16), confidence: 0.9)]) == 20)
    }

    @Test("a paragraph's rows are the lines whose middles lie in it, though its box cut the first (ui-real train, Burner)")
    func paragraphRowsByMiddles() {
        let elements = [
            el(.text, r(116, 45, 159, 15), "Welcome to Burner"),
            el(.text, r(29, 85, 354, 56), "Life is complicated! Use Burner to stay in touch in everyday situation, without sharing your personal number."),
        ]
        let lines = [
            RecognizedText(text: "Welcome to Burner", box: r(114, 46, 158, 13), confidence: 0.96),
            RecognizedText(text: "Life is complicated! Use Burner to stay in touch", box: r(16, 82, 353, 17), confidence: 0.96),
            RecognizedText(text: "in everyday situation, without sharing your", box: r(34, 102, 318, 16), confidence: 0.96),
            RecognizedText(text: "personal number.", box: r(128, 122, 129, 16), confidence: 0.96),
        ]
        #expect(abs(Metadata.typeHeight(of: elements[1].frame, lines: lines) - 56.0 / 3) < 1e-9)
        #expect(!Metadata.markHeader(elements, screenHeight: 640, screenWidth: 385, lines: lines).contains { $0.traits.contains(.header) })
    }

    @Test(
        "a large title starts at the leading side or is centred; a link in the top corner is none",
        arguments: [
            // (the text's x and width, a header)
            (16.0, 150.0, true), (150.0, 85.0, true), (116.0, 219.0, true), (199.0, 146.0, false), (325.0, 27.0, false),
        ])
    func titlePlace(x: Double, width: Double, header: Bool) {
        let elements = [
            el(.text, r(x, 33, width, 20), "Already Have An Account"),
            el(.text, r(16, 300, 300, 10), "Over time, Fitbod advances you"),
            el(.text, r(16, 320, 300, 10), "to more effective exercises."),
        ]
        #expect(Metadata.markHeader(elements, screenHeight: 640, screenWidth: 385)[0].traits.contains(.header) == header)
        // Without the screen's width the place is not judged.
        #expect(Metadata.markHeader(elements, screenHeight: 640)[0].traits.contains(.header))
    }
}

/// The status bar's clock read from the bar's own crop where the whole-screen read found none.
@Suite("Status bar clock from its crop")
struct StatusBarClockTests {
    /// Reads the ink of the picture it is given — the pixels off its corner's colour: the white
    /// clock on the bar's own rows, the dark text of an element's crop — as one word, `text`,
    /// boxed around that ink, at `confidence`.
    struct InkReader: TextRecognizer {
        var text: String
        var confidence: Double
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            var box: Rect?
            let corner = image.color(x: 0, y: 0)
            for y in 0..<image.height {
                for x in 0..<image.width where image.color(x: x, y: y).distance(to: corner) > 100 {
                    let p = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                    box = box.map { $0.union(p) } ?? p
                }
            }
            guard let box else { return [] }
            return [RecognizedText(text: text, box: box, confidence: confidence, words: [.init(text: text, box: box, confidence: confidence)])]
        }
    }

    struct Failing: TextRecognizer {
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            throw ScreenRecognitionError(.runtime, "no reader")
        }
    }

    /// An Android screen at 1x: a 24-px dark status bar with a white clock block at its right end,
    /// a blue app bar under it, a white page.
    static let screen: RGBAImage = {
        var img = RGBAImage(width: 385, height: 640, fill: .white)
        img = img.filling(r(0, 0, 385, 24), with: RGB(r: 33, g: 33, b: 33))
        img = img.filling(r(0, 24, 385, 56), with: RGB(r: 33, g: 150, b: 243))
        return img.filling(r(330, 8, 26, 8), with: .white)
    }()

    @Test("the bar's band ends where its colour does; a page of one colour falls back to the top 5.5 %")
    func band() {
        #expect(StatusBar.band(in: Self.screen) == 24)
        #expect(StatusBar.band(in: RGBAImage(width: 385, height: 640, fill: .white)) == 35)
    }

    @Test(
        "a time read surely in the bar's crop is its clock, in the screen's pixels",
        arguments: [
            // (what the reader reads, its confidence, the clock)
            ("6:43", 0.9, "6:43" as String?),
            ("B6:43", 0.9, "6:43"),  // a notification glyph glued on
            ("6:43", 0.4, nil),  // doubtful
            ("Settings", 0.9, nil),  // no time
            ("643", 0.9, nil),  // no colon, and its own box reads no time either (this reader reads "643" again)
        ] as [(String, Double, String?)])
    func clock(read: String, confidence: Double, clock: String?) throws {
        let line = StatusBar.readClock(in: Self.screen, reader: InkReader(text: read, confidence: confidence))
        #expect(line?.text == clock)
        if let line {
            #expect(abs(line.box.minX - 330) <= 1.5 && abs(line.box.maxX - 356) <= 1.5)
            #expect(abs(line.box.minY - 8) <= 1.5 && abs(line.box.maxY - 16) <= 1.5)
            // …and it makes the status bar that the other lines are cleaned by.
            #expect(StatusBar.bar(of: [line], screenHeight: 640) != nil)
        }
    }

    @Test(
        "a 12-hour clock's hour is 1–12: a glyph read as a leading 1 goes",
        arguments: [
            ("18:36 AM", "8:36 AM"), ("12:55 AM", "12:55 AM"), ("18:36", "18:36"), ("9:41 PM", "9:41 PM"),
        ])
    func twelveHour(read: String, clock: String) {
        #expect(StatusBar.twelveHour(read) == clock)
    }

    /// Reads "643" from the whole bar and "6:43" from a crop scaled up further (the clock's own box).
    struct ColonAtScale: TextRecognizer {
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            let ink = try InkReader(text: "x", confidence: 0.9).recognizeText(in: image, region: region)
            guard let box = ink.first?.box else { return [] }
            let text = box.height >= 30 ? "6:43" : "643"
            return [RecognizedText(text: text, box: box, confidence: 0.9, words: [.init(text: text, box: box, confidence: 0.9)])]
        }
    }

    @Test("a time read without its colon counts where the clock's own box reads it with one")
    func colonless() {
        #expect(StatusBar.readClock(in: Self.screen, reader: ColonAtScale())?.text == "6:43")
        #expect(StatusBar.colonless("643") == "6:43")
        #expect(StatusBar.colonless("1043") == "10:43")
        #expect(StatusBar.colonless("679") == nil)
        #expect(StatusBar.colonless("64") == nil)
    }

    @Test("a reader's error is no clock")
    func failingReader() {
        #expect(StatusBar.readClock(in: Self.screen, reader: Failing()) == nil)
    }

    @Test(
        "a status bar's battery level is named as screen readers name it; other words stay",
        arguments: [
            ("80%", "Battery 80%"),
            ("68% 10:54 PM", "Battery 68%, 10:54 PM"),
            ("LTE 100% 9:41", "LTE, Battery 100%, 9:41"),
            ("9:41", "9:41"),
            ("120%", "120%"),  // no battery level
        ])
    func batteryNamed(label: String, spoken: String) {
        #expect(StatusBar.spoken(label) == spoken)
    }

    @Test("through the pipeline: the bar's lone battery level says Battery, an app's percentage below it does not", arguments: [true, false])
    func batteryInPipeline(on: Bool) throws {
        var configuration = AnalysisConfiguration()
        configuration.announcements.namesBatteryLevel = on
        let result = try ScreenAnalyzer(configuration: configuration, contentRecognizer: ReplayContentRecognizer())
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [det(.text, 300, 14, 30, 12, "80%"), det(.text, 40, 300, 80, 17, "Storage"), det(.text, 300, 300, 40, 17, "80%")])
        #expect(result.transcript.first == (on ? "Battery 80%" : "80%"))
        #expect(result.transcript.last == "80%")
    }
}
