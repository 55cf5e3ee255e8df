import Foundation
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition
@testable import ScreenRecognitionMetrics

@Suite("Readable OCR text")
struct ReadableTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var confidence: Double
        var readable: Bool
        var testDescription: String { "\(text) @ \(confidence)" }
    }

    static let cases: [Case] = [
        Case(text: "Sib tb OR Oe", confidence: 0.6, readable: false),
        Case(text: "Sib tb OR Oe", confidence: 0.75, readable: false),
        Case(text: "@ ©", confidence: 0.9, readable: false),
        Case(text: "—|—", confidence: 0.9, readable: false),
        Case(text: "xkcd tgh", confidence: 0.7, readable: false),
        Case(text: "oRe fNt", confidence: 0.7, readable: false),
        Case(text: "", confidence: 1, readable: false),
        Case(text: "Log In", confidence: 0.95, readable: true),
        Case(text: "Log In", confidence: 0.5, readable: true),
        Case(text: "Qty 2 · $5", confidence: 0.8, readable: true),
        Case(text: "Airplane Mode", confidence: 0.6, readable: true),
        Case(text: "iPhone and eBay on YouTube", confidence: 0.7, readable: true),
        Case(text: "5 km", confidence: 0.6, readable: true),
        Case(text: "GPS TV", confidence: 0.6, readable: true),
        Case(text: "9:41", confidence: 0.9, readable: true),
        Case(text: "Go to it", confidence: 0.9, readable: true),
        Case(text: "Mr Smith's pkg arrived", confidence: 0.7, readable: true),
        Case(text: "Week", confidence: 0.4, readable: true),
        Case(text: "Bluetooth", confidence: .nan, readable: true),
        // Korean (Tesseract's kor reader): syllables have no vowel or case shape; lone jamo are noise.
        Case(text: "여성 티셔츠", confidence: 0.9, readable: true),
        Case(text: "편성표", confidence: 0.5, readable: true),
        Case(text: "티 블라우스 랭킹", confidence: 0.7, readable: true),
        Case(text: "ㅇ ㅁ 00000", confidence: 0.6, readable: false),
        Case(text: "튼 ㄴ", confidence: 0.5, readable: false),
    ]

    @Test(arguments: cases)
    func readable(_ c: Case) {
        #expect(ReadableText.isReadable(c.text, confidence: c.confidence) == c.readable)
    }
}

@Suite("Element OCR: crops, contrast, scale")
struct ElementOCRTests {
    /// A fill colour tied between two bins is the same every time (the smaller bin), so a crop and
    /// its reading do not change from one run to the next (until 2026-11-24 it followed the
    /// dictionary's order, and "최선 앨범" on ui-real valid was read two ways).
    @Test func aTiedFillColourIsAlwaysTheSame() {
        // 16 columns of 16 different greys (one 16-level bin each), 10 pixels each: all tied.
        var image = RGBAImage(width: 16, height: 10, fill: .white)
        for k in 0..<16 { image = image.filling(r(Double(k), 0, 1, 10), with: RGB(r: UInt8(k * 16), g: UInt8(k * 16), b: UInt8(k * 16))) }
        let fills = (0..<200).compactMap { _ in image.dominantColour(x0: 0, y0: 0, x1: 16, y1: 10) }.map { "\($0.r) \($0.g) \($0.b)" }
        #expect(Set(fills) == ["0.0 0.0 0.0"])
    }

    @Test(arguments: [(10.0, 4), (16.0, 3), (24.0, 2), (48.0, 1), (200.0, 1), (0.0, 1), (Double.nan, 1)])
    func scale(_ c: (Double, Int)) {
        #expect(ElementOCR.scale(forHeight: c.0) == c.1)
    }

    @Test(arguments: [
        (det(.text, 0, 0, 50, 20), true), (det(.text, 0, 0, 50, 20, "Done"), false),
        (det(.segmentedControl, 0, 0, 80, 30), true), (det(.textField, 0, 0, 200, 40), true),
        (det(.checkboxUnselected, 0, 0, 200, 40), true), (det(.checkboxUnselected, 0, 0, 40, 40), false),
        (det(.toggleSelected, 0, 0, 51, 31), false), (det(.icon, 0, 0, 40, 40), false), (det(.text, 0, 0, 4, 4), false),
    ])
    func wantsText(_ c: (Detection, Bool)) {
        #expect(ElementOCR.wantsText(c.0) == c.1)
    }

    /// White "text" on a blue fill (the selected segment) comes out dark on white.
    @Test func lightTextOnTintIsInverted() throws {
        var image = RGBAImage(width: 200, height: 100, fill: .white)
        image = image.filling(r(50, 30, 100, 30), with: .blue)
        image = image.filling(r(80, 40, 40, 8), with: .white)
        let crop = try #require(ElementOCR.normalizedCrop(image, box: r(50, 30, 100, 30)))
        #expect(crop.scale == 2)
        #expect(crop.picture.width >= 200 * 2)
        let m = ElementOCR.margin(crop)
        // Fill → white, white ink → black.
        #expect(crop.picture.color(x: m + 4, y: m + 4) == .white)
        #expect(crop.picture.color(x: m + 2 * 40, y: m + 2 * 14) == .black)
    }

    /// Bold white "text" covering most of a tight box on green ("SIGN UP!"): the box's most common
    /// colour is the text's, so the crop prepared against it is light text on dark; against the
    /// colour on the box's edge it is dark text on white.
    static var boldOnGreen: RGBAImage {
        var image = RGBAImage(width: 200, height: 100, fill: .white)
        image = image.filling(r(40, 30, 120, 30), with: RGB(r: 130, g: 180, b: 40))
        for i in 0..<5 { image = image.filling(r(52 + Double(i) * 20, 33, 16, 24), with: .white) }
        return image
    }

    @Test func boldTextCoveringATightBoxIsDarkAgainstTheEdgeColour() throws {
        let box = r(50, 31, 100, 28)
        let common = try #require(ElementOCR.normalizedCrop(Self.boldOnGreen, box: box))
        let edge = try #require(ElementOCR.normalizedCrop(Self.boldOnGreen, box: box, fill: .edge))
        let m = ElementOCR.margin(common)
        let s = common.scale
        let ink = (x: m + s * 10, y: m + s * 14)  // inside the first white bar
        let gap = (x: m + s * 19, y: m + s * 14)  // green between bars
        #expect(common.picture.color(x: ink.x, y: ink.y) == .white)
        #expect(common.picture.color(x: gap.x, y: gap.y) == .black)
        #expect(edge.picture.color(x: ink.x, y: ink.y) == .black)
        #expect(edge.picture.color(x: gap.x, y: gap.y) == .white)
        #expect(ElementOCR.edgeFillDiffers(Self.boldOnGreen, box: box))
        #expect(!ElementOCR.edgeFillDiffers(Self.segmentScreen, box: r(100, 20, 100, 30)))
    }

    /// Reads "SIGN UP" only where the crop's first ink bar is dark (the text the right way round).
    struct DarkTextOnly: TextRecognizer {
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            let m = (image.height - 28 * ElementOCR.scale(forHeight: 28)) / 2
            let dark = image.color(x: m + ElementOCR.scale(forHeight: 28) * 10, y: m + ElementOCR.scale(forHeight: 28) * 14).r < 128
            return dark ? [RecognizedText(text: "SIGN UP", box: r(0, 0, 10, 10), confidence: 0.95)] : []
        }
    }

    @Test(arguments: [("bold text on green", true, "SIGN UP"), ("a segment: edge and fill agree", false, nil)] as [(String, Bool, String?)])
    func aCropReadAsNothingIsReadAgainAgainstItsEdgeColour(_ c: (String, Bool, String?)) {
        var diagnostics: [Diagnostic] = []
        let d = c.1 ? det(.text, 50, 31, 100, 28) : det(.segmentedControl, 100, 20, 100, 30)
        let out = ElementOCR.readUnread(
            [d], image: c.1 ? Self.boldOnGreen : Self.segmentScreen, recognizer: DarkTextOnly(), maxCalls: 24,
            rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out[0].text == c.2, "\(c.0)")
    }

    /// A detector box inside the ink it should hold (a tight box cutting a glyph's edges): the box
    /// alone has no contrast and reads as nothing; grown by 15 % of its height it holds the glyph's
    /// edges and page, and a confident reading of it is kept — a doubtful one is not.
    @Test(arguments: [(0.95, "4:46"), (0.6, nil)] as [(Double, String?)])
    func aCropEveryReaderLeavesUnreadIsReadOnceMoreGrown(_ c: (Double, String?)) {
        let image = RGBAImage(width: 200, height: 100, fill: .white).filling(r(40, 38, 120, 24), with: .black)
        var diagnostics: [Diagnostic] = []
        let out = ElementOCR.readUnread(
            [det(.text, 50, 40, 100, 20)], image: image, recognizer: Fixed(text: "4:46", confidence: c.0),
            fallbacks: [Fixed(text: "4:46", confidence: c.0)], maxCalls: 24, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out[0].text == c.1)
        #expect(ElementOCR.normalizedCrop(image, box: r(50, 40, 100, 20)) == nil)
        #expect(ElementOCR.grown(r(50, 40, 100, 20), in: image) == r(47, 37, 106, 26))
    }

    @Test func noContrastNoCrop() {
        let image = RGBAImage(width: 100, height: 100, fill: .white)
        #expect(ElementOCR.normalizedCrop(image, box: r(10, 10, 50, 20)) == nil)
        #expect(ElementOCR.normalizedCrop(image, box: r(.nan, 10, 50, 20)) == nil)
        #expect(ElementOCR.normalizedCrop(image, box: r(99, 99, 50, 20)) == nil)
    }

    struct Failing: TextRecognizer {
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            throw ScreenRecognitionError(.runtime, "simulated")
        }
    }

    struct Fixed: TextRecognizer {
        var text: String
        var confidence: Double
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            [RecognizedText(text: text, box: r(0, 0, 10, 10), confidence: confidence)]
        }
    }

    static var segmentScreen: RGBAImage {
        RGBAImage(width: 300, height: 100, fill: .white).filling(r(100, 20, 100, 30), with: .blue).filling(r(130, 30, 40, 8), with: .white)
    }

    @Test func readsUnreadSegment() {
        var diagnostics: [Diagnostic] = []
        let out = ElementOCR.readUnread(
            [det(.segmentedControl, 100, 20, 100, 30), det(.text, 0, 0, 50, 20, "Day")],
            image: Self.segmentScreen, recognizer: Fixed(text: "Week", confidence: 0.9),
            maxCalls: 24, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out.map(\.text) == ["Week", "Day"])
        #expect(diagnostics.isEmpty)
    }

    @Test func gibberishAndFailuresAreNotSpoken() {
        var diagnostics: [Diagnostic] = []
        let dets = [det(.segmentedControl, 100, 20, 100, 30)]
        let junk = ElementOCR.readUnread(
            dets, image: Self.segmentScreen, recognizer: Fixed(text: "Sib tb OR Oe", confidence: 0.5),
            maxCalls: 24, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(junk[0].text == nil)
        let failed = ElementOCR.readUnread(
            dets, image: Self.segmentScreen, recognizer: Failing(),
            maxCalls: 24, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(failed[0].text == nil)
        #expect(diagnostics.contains { $0.message.contains("could not be read") })
        let capped = ElementOCR.readUnread(
            dets, image: Self.segmentScreen, recognizer: Fixed(text: "Week", confidence: 0.9),
            maxCalls: 0, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(capped[0].text == nil)
        #expect(diagnostics.contains { $0.message.contains("limit") })
    }

    @Test(
        "A partly read text is read again from its crop: kept when the crop extends it, or when it spans under half the box and the crop is confident",
        arguments: [
            // (whole-screen reading, its line's width of the 300-px box, crop reading, confidence, kept)
            ("larm", 220.0, "Alarm", 0.80, "Alarm"),  // extends the reading
            ("r con ms?", 96.0, "Questions or concerns? Contact us!", 0.95, "Questions or concerns? Contact us!"),
            ("r con ms?", 96.0, "Questions or concerns? Contact us!", 0.85, "r con ms?"),  // not confident enough to replace
            ("Login", 200.0, "Log in with Google", 0.95, "Login"),  // spans 2/3 of the box: only an extension may replace it
            ("r con ms?", 96.0, "ms?", 0.95, "r con ms?"),  // shorter
            // its words in order, another word between them: a two-line text's first line and "with" lost (ui-real train)
            ("Chat Enthusiasts", 200.0, "Follow & Explore Forums. Chat with Enthusiasts", 0.85, "Follow & Explore Forums. Chat with Enthusiasts"),
            ("Chat Enthusiasts", 200.0, "Enthusiasts chat with us", 0.85, "Chat Enthusiasts"),  // not in order
        ])
    func partlyReadTexts(old: String, lineWidth: Double, crop: String, confidence: Double, kept: String) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 320, height: 100, fill: .white).filling(r(20, 45, 280, 10), with: .black)
        let line = RecognizedText(text: old, box: r(60, 42, lineWidth, 16), confidence: 0.8)
        let out = ElementOCR.rereadPartlyRead(
            [det(.text, 10, 40, 300, 20, old)], lines: [line], image: image, recognizer: Fixed(text: crop, confidence: confidence),
            minCoverage: 0.8, maxCalls: 24, rejectUnreadable: false, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [kept])
    }

    @Test(
        "A stacked text whose line starts and is centred right of the others lost that line's start: read again, kept when the crop puts letters back",
        arguments: [
            // (second line's x and width under a 160-px first line at x 100, crop reading, spoken)
            (177.0, 38.0, "Your recipes are waiting", "Your recipes are waiting"),  // centred heading, "wai" lost (ui-real valid)
            (177.0, 38.0, "Your recipes are ting", "Your recipes are ting"),  // the crop reads the same
            (177.0, 38.0, "Your recipes are here", "Your recipes are ting"),  // another word: not a start put back
            (161.0, 38.0, "Your recipes are waiting", "Your recipes are ting"),  // centred under the first line: nothing lost, no read
            (100.0, 38.0, "Your recipes are waiting", "Your recipes are ting"),  // flush left: nothing lost, no read
        ])
    func stackedLineLostStart(lineX: Double, lineWidth: Double, crop: String, spoken: String) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 320, height: 240, fill: .white).filling(r(100, 160, 160, 40), with: .black)
        let lines = [
            RecognizedText(text: "Your recipes are", box: r(100, 153, 160, 30), confidence: 0.96),
            RecognizedText(text: "ting", box: r(lineX, 179, lineWidth, 21), confidence: 0.94),
        ]
        let out = ElementOCR.rereadPartlyRead(
            [det(.text, 99, 153, 164, 44, "Your recipes are ting")], lines: lines, image: image,
            recognizer: Fixed(text: crop, confidence: 0.9), minCoverage: 0.8, maxCalls: 24, rejectUnreadable: false,
            diagnostics: &diagnostics)
        #expect(out.map(\.text) == [spoken])
        #expect(diagnostics.contains { $0.message.contains("lost its start") } == (lineX == 177))
    }

    @Test(
        "A text whose reading starts right of its box and lost its first letter is read again; only a letter put back is kept",
        arguments: [
            // (whole-screen reading, its line's start in the 300-px box from x 10, crop reading, spoken)
            ("og in now", 16.0, "Log in now", "Log in now"),  // "Log": an English word ending with "og" (ui-real train)
            ("ATERING", 16.0, "CATERING", "CATERING"),
            ("og in now", 12.0, "Log in now", "og in now"),  // starts 2 px in: under a quarter of the line's 16 px
            ("Log in now", 16.0, "a Log in now", "Log in now"),  // "Log" is a word: nothing was lost, no read
            ("og in now", 16.0, "@ og in now", "og in now"),  // a glyph read in front: not a letter put back
            ("og in now", 16.0, "Blog in now", "og in now"),  // two letters: one is put back, not a new word
            ("og in now", 16.0, "Log in nowhere", "og in now"),  // the rest changed
            ("밤양갱", 16.0, "밤양갱", "밤양갱"),  // not Latin
        ])
    func lostFirstLetters(old: String, lineStart: Double, crop: String, spoken: String) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 320, height: 100, fill: .white).filling(r(12, 45, 280, 10), with: .black)
        let line = RecognizedText(text: old, box: r(lineStart, 42, 290 - lineStart, 16), confidence: 0.95)
        let out = ElementOCR.rereadLostFirstLetters(
            [det(.text, 10, 40, 300, 20, old)], lines: [line], image: image, recognizer: Fixed(text: crop, confidence: 0.9),
            maxCalls: 24, rejectUnreadable: false, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [spoken])
        #expect(diagnostics.contains { $0.message.contains("lost first letter") } == (spoken != old))
    }

    @Test(
        "A field whose reading starts with no word is read again past a text cursor at its leading edge; only words are kept",
        arguments: [
            // (field's reading, a cursor drawn, the crop past it reads, spoken)
            ("fra!", true, "Email", "Email"),  // the cursor read into "E" (a listening review's login screen)
            ("Pesired username", true, "Desired username", "Desired username"),
            ("fra!", false, "Email", "fra!"),  // no cursor: no read
            ("fra!", true, "Emai1 8", "fra!"),  // not words
            ("Email", true, "Emails", "Email"),  // a word already: no read
        ])
    func readPastCursor(old: String, cursor: Bool, crop: String, spoken: String) {
        var diagnostics: [Diagnostic] = []
        // A field 10…310 × 30…70 on white; its placeholder's line 24…120 × 42…56 in light grey
        // (two bars), the cursor a 2-px blue bar from 39 to 59 (1.4 × the line) at its start.
        var image = RGBAImage(width: 320, height: 100, fill: .white)
        image = paintGlyph(image, r(27, 42, 90, 14), RGB(r: 170, g: 170, b: 170))
        if cursor { image = image.filling(r(24, 39, 2, 20), with: RGB(r: 40, g: 60, b: 200)) }
        let line = RecognizedText(text: old, box: r(24, 42, 96, 14), confidence: 0.6)
        let out = ElementOCR.rereadPastCursors(
            [det(.textField, 10, 30, 300, 40, old)], lines: [line], image: image, recognizer: Fixed(text: crop, confidence: 0.9),
            maxCalls: 24, rejectUnreadable: false, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [spoken])
    }

    @Test("A cursor is a thin bar taller than the letters after it; a field's border or a thick block is none")
    func cursorBars() {
        let line = r(24, 42, 96, 14)
        func image(_ bar: Rect?) -> RGBAImage {
            var image = paintGlyph(RGBAImage(width: 320, height: 100, fill: .white), r(30, 42, 90, 14), .black)
            if let bar { image = image.filling(bar, with: .black) }
            return image
        }
        #expect(ElementOCR.cursorBar(image(r(24, 39, 2, 20)), line: line) == 24...25)
        #expect(ElementOCR.cursorBar(image(nil), line: line) == nil)
        #expect(ElementOCR.cursorBar(image(r(24, 20, 2, 60)), line: line) == nil)  // a border through the whole window
        #expect(ElementOCR.cursorBar(image(r(24, 39, 8, 20)), line: line) == nil)  // a block, not a bar
    }

    /// Reads `text` over the whole region it is given (the last reader keeps lines centred in the box).
    struct OverRegion: TextRecognizer {
        var text: String
        var confidence: Double
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            [RecognizedText(text: text, box: region ?? r(0, 0, 10, 10), confidence: confidence)]
        }
    }

    @Test(
        "Where Tesseract's crop adds nothing to a partly read text, the last reader's crop reading is judged the same way",
        arguments: [
            // (last reader's reading, its confidence, spoken) — Tesseract read "ite" on the screen and again from the crop
            ("Favorites" as String?, 0.999, "Favorites"),  // extends "ite": an iPhone tab caption at 1x (ui-real train)
            ("Favorites", 0.85, "ite"),  // under the last reader's own bar (0.9)
            ("Fa", 0.999, "ite"),  // shorter: neither extends nor replaces it
            ("Site.Favorites", 0.999, "Site. Favorites"),  // judged, and spoken, with its full stop's space back
            (nil, 0, "ite"),  // no last reader (3x screenshots)
        ])
    func partlyReadByTheLastReader(reading: String?, confidence: Double, spoken: String) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 320, height: 100, fill: .white).filling(r(20, 45, 280, 10), with: .black)
        let line = RecognizedText(text: "ite", box: r(200, 42, 75, 16), confidence: 0.94)
        let last = reading.map {
            ElementOCR.LastCropReader(reader: OverRegion(text: $0, confidence: confidence), below: 0.85, minConfidence: 0.9)
        }
        let out = ElementOCR.rereadPartlyRead(
            [det(.text, 10, 40, 300, 20, "ite")], lines: [line], image: image, recognizer: Fixed(text: "ite", confidence: 0.9),
            minCoverage: 0.8, maxCalls: 24, rejectUnreadable: false, lastReader: last, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [spoken])
    }

    @Test(
        "A text whose read line leaves a line's height of its box free lost a line: its crop's reading is kept when all it adds is English words",
        arguments: [
            // (old reading, its line's box, crop reading, spoken)
            ("Discover", r(60, 72, 120, 20), "Chat & Discover", "Chat & Discover"),  // the first line of a heading lost
            ("to work with them", r(60, 42, 200, 20), "to work with them simultaneously", "to work with them simultaneously"),  // the last
            ("Discover", r(60, 72, 120, 20), "LIIdl Discover", "Discover"),  // a glyph read as junk
            ("Discover", r(60, 72, 120, 20), "Discovery", "Discover"),  // no word added: another reading
            ("1002-664", r(60, 72, 120, 20), "gale 1002-664", "1002-664"),  // no Latin word read: a number's line
            ("Discover", r(60, 52, 120, 20), "Chat & Discover", "Discover"),  // the line fills the box: nothing lost
        ])
    func lostLine(old: String, line: Rect, reading: String, spoken: String) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 320, height: 140, fill: .white).filling(r(60, 45, 200, 45), with: .black)
        let out = ElementOCR.rereadPartlyRead(
            [det(.text, 55, 40, 210, 45, old)], lines: [RecognizedText(text: old, box: line, confidence: 0.95)], image: image,
            recognizer: Fixed(text: reading, confidence: 0.9), minCoverage: 0.5, maxCalls: 24, rejectUnreadable: false,
            diagnostics: &diagnostics)
        #expect(out.map(\.text) == [spoken])
    }

    @Test("A crop the first reader leaves unread goes to the second readers in turn")
    func secondReaders() {
        var diagnostics: [Diagnostic] = []
        let dets = [det(.segmentedControl, 100, 20, 100, 30), det(.text, 0, 0, 50, 20, "Day")]
        let out = ElementOCR.readUnread(
            dets, image: Self.segmentScreen, recognizer: Fixed(text: "Sib tb OR Oe", confidence: 0.5),
            fallbacks: [Failing(), Fixed(text: "", confidence: 0.9), Fixed(text: "주간", confidence: 0.96), Fixed(text: "Week", confidence: 0.9)],
            maxCalls: 24, rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out.map(\.text) == ["주간", "Day"])
        #expect(diagnostics.contains { $0.message == "1 element(s) read by a second crop reader" })
        #expect(diagnostics.contains { $0.message.contains("could not be read") })
        var quiet: [Diagnostic] = []
        let first = ElementOCR.readUnread(
            dets, image: Self.segmentScreen, recognizer: Fixed(text: "Week", confidence: 0.9),
            fallbacks: [Fixed(text: "주간", confidence: 0.96)], maxCalls: 24, rejectUnreadable: true, diagnostics: &quiet)
        #expect(first.map(\.text) == ["Week", "Day"])
        #expect(quiet.isEmpty)
    }

    @Test(
        "A doubtful crop reading is replaced only by a more confident reading in another script",
        arguments: [
            ("English junk on Korean", 0.7, [("Hear it", 0.9), ("라룸 신상", 0.9)], "라룸 신상", 1),
            ("not confident enough", 0.7, [("라룸", 0.6)], "Hea at", 0),
            ("the rule off", 0.0, [("라룸 신상", 0.9)], "Hea at", 0),
            ("a confident first reading", 0.5, [("라룸 신상", 0.99)], "Hea at", 0),
        ] as [(String, Double, [(String, Double)], String, Int)])
    func doubtfulCropReadings(_ c: (String, Double, [(String, Double)], String, Int)) {
        var diagnostics: [Diagnostic] = []
        let out = ElementOCR.readUnread(
            [det(.segmentedControl, 100, 20, 100, 30)], image: Self.segmentScreen, recognizer: Fixed(text: "Hea at", confidence: 0.55),
            fallbacks: c.2.map { Fixed(text: $0.0, confidence: $0.1) }, maxCalls: 24, rejectUnreadable: true,
            doubtfulBelow: c.1, margin: 0.1, diagnostics: &diagnostics)
        #expect(out[0].text == c.3, "\(c.0)")
        #expect(diagnostics.contains { $0.message == "1 element(s) read by a second crop reader" } == (c.4 == 1))
    }

    /// A Latin screen where a second reader read one line and one element as Hangul: with fewer
    /// readings in another script than `minReadings`, the line goes back to its first reading and
    /// the element's crop reading is dropped; with enough of them (a Korean screen) all stay.
    @Test(
        arguments: [
            ("one line and one element on a Latin screen", 3, ["Settings", "8g 432"], [nil, "Settings", "8g 432"], 2),
            ("enough readings: a Korean screen", 2, ["Settings", "년 4:32"], ["두두", "Settings", "년 4:32"], 0),
            ("the rule off", 0, ["Settings", "년 4:32"], ["두두", "Settings", "년 4:32"], 0),
        ] as [(String, Int, [String], [String?], Int)])
    func loneReadingsInAnotherScriptAreTakenBack(_ c: (String, Int, [String], [String?], Int)) {
        func line(_ t: String, _ y: Double) -> RecognizedText { RecognizedText(text: t, box: r(10, y, 80, 10), confidence: 0.8) }
        let original = [line("Settings", 10), line("8g 432", 30)]
        let reread = [line("Settings", 10), line("년 4:32", 30)]
        let detections = [det(.text, 10, 50, 20, 10, "두두"), det(.text, 10, 10, 80, 10, "Settings"), det(.text, 10, 30, 80, 10, "년 4:32")]
        let out = ElementOCR.withoutLoneOtherScript(detections, lines: reread, originalLines: original, minReadings: c.1)
        #expect(out.lines.map(\.text) == c.2, "\(c.0)")
        #expect(out.detections.map(\.text) == c.3, "\(c.0)")
        #expect(out.dropped == c.4, "\(c.0)")
    }

    @Test("A doubtful line is replaced only by a more confident reading in another script")
    func doubtfulLines() {
        let image = RGBAImage(width: 300, height: 100, fill: .white).filling(r(30, 26, 50, 8), with: .black)
        let lines = [
            RecognizedText(text: "BE NE", box: r(20, 20, 80, 20), confidence: 0.44),
            RecognizedText(text: "Settings", box: r(20, 20, 80, 20), confidence: 0.95),
            RecognizedText(text: "-§20.26", box: r(20, 20, 80, 20), confidence: 0.55),
        ]
        var diagnostics: [Diagnostic] = []
        let korean = ElementOCR.rereadDoubtful(
            lines, image: image, readers: [Fixed(text: "무료 배송", confidence: 0.9)], below: 0.7, margin: 0.1, maxCalls: 24,
            diagnostics: &diagnostics)
        #expect(korean.map(\.text) == ["무료 배송", "Settings", "무료 배송"])
        #expect(diagnostics.contains { $0.message == "2 doubtful OCR line(s) replaced by a second reading" })
        let latin = ElementOCR.rereadDoubtful(
            lines, image: image, readers: [Fixed(text: "8885.42", confidence: 0.9)], below: 0.7, margin: 0.1, maxCalls: 24,
            diagnostics: &diagnostics)
        #expect(latin.map(\.text) == lines.map(\.text))
        let unsure = ElementOCR.rereadDoubtful(
            lines, image: image, readers: [Fixed(text: "무료", confidence: 0.5)], below: 0.7, margin: 0.1, maxCalls: 24,
            diagnostics: &diagnostics)
        #expect(unsure.map(\.text) == ["BE NE", "Settings", "-§20.26"])
        let capped = ElementOCR.rereadDoubtful(
            lines, image: image, readers: [Fixed(text: "무료 배송", confidence: 0.9)], below: 0.7, margin: 0.1, maxCalls: 1,
            diagnostics: &diagnostics)
        #expect(capped.map(\.text) == ["무료 배송", "Settings", "-§20.26"])
    }

    @Test(
        "On a screen shown to be Korean, confident Latin junk is read again",
        arguments: [
            ("two doubtful lines read as Hangul: a Korean screen", [0.44, 0.5], ["베스트", "베스트", "베스트", "Settings"]),
            // (the lone reading is taken back, and its 0.44 line is below what a recovered text needs)
            ("one is not enough: a Latin screen, read once", [0.44], ["WIAE", "Settings"]),
        ] as [(String, [Double], [String])])
    func koreanScreenSecondPass(_ c: (String, [Double], [String])) throws {
        // Lines at 0.7–0.9 are past the first re-read; once two lines read as Hangul, they are read
        // again too. "Settings" (0.95) could only be replaced by a reading 0.1 more confident.
        var image = RGBAImage(width: 390, height: 844, fill: .white)
        var lines: [RecognizedText] = []
        for (i, confidence) in c.1.enumerated() {
            lines.append(RecognizedText(text: "Sale", box: r(20, 100 + Double(i) * 60, 80, 20), confidence: confidence))
        }
        lines.append(RecognizedText(text: "WIAE", box: r(20, 400, 80, 20), confidence: 0.8))
        lines.append(RecognizedText(text: "Settings", box: r(20, 600, 80, 20), confidence: 0.95))
        for line in lines { image = image.filling(Rect(x: line.box.x + 10, y: line.box.y + 6, width: 50, height: 8), with: .black) }
        let analyzer = ScreenAnalyzer(textRecognizer: ReplayTextRecognizer(lines), cropReaders: [Fixed(text: "베스트", confidence: 0.97)])
        let result = try analyzer.analyze(image: image, detections: [])
        #expect(result.transcript == c.2, "\(c.0)")
        var off = AnalysisConfiguration()
        off.content.rereadOnOtherScriptScreensBelow = 0
        let without = try ScreenAnalyzer(
            configuration: off, textRecognizer: ReplayTextRecognizer(lines), cropReaders: [Fixed(text: "베스트", confidence: 0.97)]
        ).analyze(image: image, detections: [])
        #expect(without.transcript.contains("WIAE"), "\(c.0)")
    }

    @Test("The analyzer's crop readers reach the element crops")
    func analyzerCropReaders() throws {
        let analyzer = ScreenAnalyzer(
            textRecognizer: ReplayTextRecognizer([]), cropReaders: [Fixed(text: "Week", confidence: 0.9)])
        let result = try analyzer.analyze(image: Self.segmentScreen, detections: [det(.text, 100, 20, 100, 30)])
        #expect(result.transcript == ["Week"])
        let without = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer([])).analyze(
            image: Self.segmentScreen, detections: [det(.text, 100, 20, 100, 30)])
        #expect(without.transcript == ["Text"])
    }

    /// Reads `dark` where the crop's first ink bar is dark (prepared against the edge's green) and
    /// `light` where it is not (prepared against the text's own white).
    struct ByFill: TextRecognizer {
        var dark: (String, Double)
        var light: (String, Double)
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            let s = ElementOCR.scale(forHeight: 28)
            let m = (image.height - 28 * s) / 2
            let (text, confidence) = image.color(x: m + s * 10, y: m + s * 14).r < 128 ? dark : light
            return [RecognizedText(text: text, box: r(0, 0, 10, 10), confidence: confidence)]
        }
    }

    @Test(
        "Where a box's edge has another colour than most of it, both ways are read and the more confident kept",
        arguments: [
            ("the edge's reading is surer", ("SIGN UP", 0.96), ("SIG UF", 0.77), "SIGN UP"),
            ("the common colour's reading is surer", ("SIGN UP", 0.8), ("SIGN UP NOW", 0.95), "SIGN UP NOW"),
        ] as [(String, (String, Double), (String, Double), String)])
    func bothFillsAreRead(_ c: (String, (String, Double), (String, Double), String)) {
        var diagnostics: [Diagnostic] = []
        let out = ElementOCR.readUnread(
            [det(.text, 50, 31, 100, 28)], image: Self.boldOnGreen, recognizer: ByFill(dark: c.1, light: c.2), maxCalls: 24,
            rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out[0].text == c.3, "\(c.0)")
    }

    /// Records the regions it is asked to read, and reads its text over the whole region.
    final class Recording: TextRecognizer, @unchecked Sendable {
        var text: String
        var confidence: Double
        var regions: [Rect?] = []
        init(_ text: String, _ confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            regions.append(region)
            return text.isEmpty ? [] : [RecognizedText(text: text, box: region ?? r(0, 0, 10, 10), confidence: confidence)]
        }
    }

    @Test(
        "The last crop reader reads what Tesseract read doubtfully or not at all, and its reading takes Tesseract's spaces",
        arguments: [
            // (Tesseract's crop reading, the last reader's, the text kept)
            ("a doubtful reading", ("sity, State or 71P Cade", 0.74), ("City,State or ZIP Code", 0.91), "City, State or ZIP Code"),
            ("run-together words, spaced from Tesseract's", ("lam @ new user", 0.83), ("Iamanewuser", 0.96), "Iam a new user"),
            ("nothing read", ("", 0), ("Password", 0.98), "Password"),
            ("words split where the vocabulary covers them", ("", 0), ("SIGNUPWITHEMAIL", 0.99), "SIGN UP WITH EMAIL"),
            ("a sure enough first reading", ("Settings", 0.88), ("Setting", 0.99), "Settings"),
            ("the last reader unsure", ("sity, State", 0.74), ("City, State", 0.85), "sity, State"),
            ("not the margin surer", ("Continue", 0.82), ("Continua", 0.9), "Continue"),
            ("one character is junk", ("", 0), ("3", 0.95), nil),
        ] as [(String, (String, Double), (String, Double), String?)])
    func lastCropReader(_ c: (String, (String, Double), (String, Double), String?)) throws {
        var diagnostics: [Diagnostic] = []
        let last = Recording(c.2.0, c.2.1)
        let out = ElementOCR.readUnread(
            [det(.segmentedControl, 100, 20, 100, 30)], image: Self.segmentScreen,
            recognizer: c.1.0.isEmpty ? Fixed(text: "", confidence: 0) : Fixed(text: c.1.0, confidence: c.1.1),
            maxCalls: 24, rejectUnreadable: true, doubtfulBelow: 0.7, margin: 0.1,
            lastReader: ElementOCR.LastCropReader(reader: last, below: 0.85, minConfidence: 0.9), diagnostics: &diagnostics)
        #expect(out[0].text == c.3, "\(c.0)")
        // It reads the element's own pixels, the box grown by half its height on every side.
        if c.1.1 < 0.85 { #expect(last.regions == [r(85, 5, 130, 60)], "\(c.0)") } else { #expect(last.regions.isEmpty, "\(c.0)") }
        let replaced = out[0].text != nil && out[0].text != c.1.0
        #expect(diagnostics.contains { $0.message == "1 element(s) read by the last crop reader" } == replaced, "\(c.0)")
    }

    @Test(
        "Spaces of one reading go between the characters of another that they pair with",
        arguments: [
            ("lam @ new user", "Iamanewuser", "Iam a new user"),
            ("Continue with Facebook", "Continue withFacebook", "Continue with Facebook"),
            ("Best rates [or International calls.", "Bestrates for international calls.", "Best rates for international calls."),
            ("Sign ifi", "Signin", "Sign in"),
            // a letter the first reading lost before its space puts no space inside a word
            ("OTE \"our avorites", "Organize Your Favorites", "Organize Your Favorites"),
            ("12:00 02:00", "12:00-02:00", "12:00-02:00"),
            // too different: left as read
            ("GUUG FE", "LOGINWITHGOOGLE", "LOGINWITHGOOGLE"),
            ("", "Password", "Password"),
            // letters whose lower case is longer (İ) or the same (ß) pair as well
            ("İstanbul straße", "İstanbulstraße", "İstanbul straße"),
        ])
    func spacesFromAnotherReading(spaced: String, reading: String, expected: String) {
        #expect(ElementOCR.withSpaces(of: spaced, in: reading) == expected)
    }

    @Test(
        "The last reader may not lose a word the whole-screen reading read surely",
        arguments: [
            // (the last reader's line, the text kept): the line's words "Because" 0.85, "you" 0.95, "gel" 0.79, "benefits" 0.56
            (r(20, 20, 64, 20), "Because you get these benefits"),  // over every word
            (r(20, 20, 20, 20), "Because you gel benefits"),  // lost "you", read at 0.95 (ui-real valid: "Because y xclusive benefits:")
            (r(20, 20, 34, 20), "Because you get these benefits"),  // over half of "you"
        ] as [(Rect, String)])
    func lastReaderKeepsSureWords(lastLine: Rect, kept: String) {
        var diagnostics: [Diagnostic] = []
        let words = [
            RecognizedText.Word(text: "Because", box: r(20, 20, 16, 20), confidence: 0.85),
            RecognizedText.Word(text: "you", box: r(38, 20, 8, 20), confidence: 0.95),
            RecognizedText.Word(text: "gel", box: r(48, 20, 8, 20), confidence: 0.79),
            RecognizedText.Word(text: "benefits", box: r(60, 20, 24, 20), confidence: 0.56),
            RecognizedText.Word(text: "a", box: r(84, 20, 2, 20), confidence: 0.99),  // one letter: never counts
        ]
        let line = RecognizedText(text: "Because you gel benefits", box: r(20, 20, 64, 20), confidence: 0.56, words: words)
        let out = ElementOCR.rereadDoubtfulLines(
            [line], image: RGBAImage(width: 200, height: 100, fill: .white),
            reader: ElementOCR.LastCropReader(
                reader: LineAt(text: "Because you get these benefits", confidence: 0.95, box: lastLine), below: 0.85, minConfidence: 0.9),
            margin: 0.1, maxCalls: 24, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [kept])
    }

    /// Answers one line at `box` (in the screen's pixels) whatever region it is asked to read.
    struct LineAt: TextRecognizer {
        var text: String
        var confidence: Double
        var box: Rect
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            [RecognizedText(text: text, box: box, confidence: confidence)]
        }
    }

    @Test(
        "Doubtful whole-screen lines are read again by the last crop reader",
        arguments: [
            // (line, its confidence, the last reader's reading, its confidence, where it lies, the text kept)
            ("Pag", 0.5, "Paris", 0.95, r(22, 22, 60, 16), "Paris"),
            ("lam @ new user", 0.6, "Iamanewuser", 0.96, r(22, 22, 60, 16), "Iam a new user"),
            ("Log ln", 0.6, "Logln", 0.96, r(22, 22, 60, 16), "Log In"),  // repaired once its space is in
            ("Settings", 0.9, "Setting", 0.99, r(22, 22, 60, 16), "Settings"),  // sure enough already
            ("ie Shears", 0.58, "Ms", 0.92, r(22, 22, 60, 16), "ie Shears"),  // lost most of the line
            ("Pag", 0.5, "Victoria", 0.97, r(22, 44, 60, 16), "Pag"),  // the next line, reached by the growth
            ("베스트", 0.5, "Best", 0.97, r(22, 22, 60, 16), "베스트"),  // another script: the crop readers' work
        ] as [(String, Double, String, Double, Rect, String)])
    func doubtfulLinesReadByTheLastReader(_ c: (String, Double, String, Double, Rect, String)) {
        var diagnostics: [Diagnostic] = []
        let image = RGBAImage(width: 200, height: 100, fill: .white)
        let line = RecognizedText(text: c.0, box: r(20, 20, 64, 20), confidence: c.1)
        let out = ElementOCR.rereadDoubtfulLines(
            [line], image: image,
            reader: ElementOCR.LastCropReader(reader: LineAt(text: c.2, confidence: c.3, box: c.4), below: 0.85, minConfidence: 0.9),
            margin: 0.1, maxCalls: 24, diagnostics: &diagnostics)
        #expect(out.map(\.text) == [c.5])
        #expect(out[0].box == line.box)
        #expect(diagnostics.contains { $0.message.contains("read again by the last crop reader") } == (c.5 != c.0))
    }

    @Test("Doubtful whole-screen lines are read again on 1x screenshots only", arguments: [(390, "Paris"), (1170, "Pag")])
    func doubtfulLinesOn1xScreens(width: Int, expected: String) throws {
        var image = RGBAImage(width: width, height: 844, fill: .white)
        image = image.filling(r(30, 104, 50, 12), with: .black)
        let box = r(20, 100, 80, 20)
        let lines = [RecognizedText(text: "Pag", box: box, confidence: 0.8)]
        let result = try ScreenAnalyzer(
            textRecognizer: ReplayTextRecognizer(lines), pictureReader: LineAt(text: "Paris", confidence: 0.97, box: box)
        ).analyze(image: image, detections: [])
        #expect(result.transcript == [expected])
    }

    @Test(
        "Elements whose whole-screen reading is doubtful are read again by the last crop reader from their own box",
        arguments: [
            // (the line in the element, its confidence, where it lies, the last reader's reading, its confidence, the text kept)
            ("DAL AA", 0.65, r(102, 28, 40, 3), "3:16 AM", 0.95, "3:16 AM"),  // a sliver of thin grey type
            ("4", 0.81, r(130, 25, 2, 6), "9:11 AM", 0.96, "9:11 AM"),
            ("Settings", 0.9, r(102, 25, 60, 14), "Setting", 0.99, "Settings"),  // sure enough already
            ("Continue", 0.8, r(102, 25, 60, 14), "Continua", 0.85, "Continue"),  // the last reader unsure
            ("베스트", 0.5, r(102, 25, 60, 14), "Best", 0.97, "베스트"),  // another script: the crop readers' work
        ] as [(String, Double, Rect, String, Double, String)])
    func doubtfulElements(_ c: (String, Double, Rect, String, Double, String)) {
        var diagnostics: [Diagnostic] = []
        let line = RecognizedText(text: c.0, box: c.2, confidence: c.1)
        let element = det(.text, 100, 20, 100, 30, c.0)
        let last = Recording(c.3, c.4)
        let out = ElementOCR.rereadDoubtfulElements(
            [element, det(.icon, 10, 20, 30, 30)], lines: [line], image: Self.segmentScreen,
            reader: ElementOCR.LastCropReader(reader: last, below: 0.85, minConfidence: 0.9), margin: 0.1, maxCalls: 24,
            rejectUnreadable: true, diagnostics: &diagnostics)
        #expect(out[0].text == c.5)
        #expect(out[1].text == nil)
        // It reads the element's box (grown by half its height), not the line's sliver.
        if c.1 < 0.85, c.0 != "베스트" { #expect(last.regions == [r(85, 5, 130, 60)]) } else { #expect(last.regions.isEmpty) }
        #expect(diagnostics.contains { $0.message == "1 doubtfully read element(s) read again by the last crop reader" } == (c.5 != c.0))
    }

    /// Reads `whole` where the region is wider than `widerThan`, else `piece`.
    struct ByWidth: TextRecognizer {
        var whole: (String, Double)
        var piece: (String, Double)
        var widerThan: Double
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            let box = region ?? r(0, 0, 10, 10)
            let (text, confidence) = box.width > widerThan ? whole : piece
            return [RecognizedText(text: text, box: box, confidence: confidence)]
        }
    }

    @Test(
        "An element is doubtful by its lines' first readings: a line Tesseract broke and the last reader mended piece by piece is read whole",
        arguments: [
            // (the middle piece's confidence, the text spoken)
            (0.4, "Welcome to Tapatalk"),  // "Omerto" (0.4) read "cometo" alone; the element's box reads right
            (0.95, "Welc Omerto pa"),  // every piece sure: nothing is read again
        ])
    func doubtfulByFirstReadings(middle: Double, spoken: String) throws {
        let image = RGBAImage(width: 385, height: 640, fill: .white).filling(r(84, 190, 210, 12), with: .black)
        let lines = [
            RecognizedText(text: "Welc", box: r(82, 186, 51, 16), confidence: 0.92),
            RecognizedText(text: "Omerto", box: r(135, 188, 70, 20), confidence: middle),
            RecognizedText(text: "pa", box: r(239, 190, 23, 16), confidence: 0.94),
        ]
        let reader = ByWidth(whole: ("Welcome to Tapatalk", 0.98), piece: ("cometo", 0.95), widerThan: 150)
        let result = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer(lines), pictureReader: reader)
            .analyze(image: image, detections: [det(.text, 85, 187, 215, 20)])
        #expect(result.transcript == [spoken])
    }

    @Test("The status bar is cleaned before unreadable lines are dropped: its clock survives the icons read around it")
    func statusBarBeforeReadability() throws {
        let lines = [
            RecognizedText(
                text: "B+ b6 OZ We 11:37", box: r(171, 2, 206, 18), confidence: 0.62,
                words: [
                    RecognizedText.Word(text: "B+", box: r(171, 2, 20, 18), confidence: 0.4),
                    RecognizedText.Word(text: "b6", box: r(200, 2, 20, 18), confidence: 0.5),
                    RecognizedText.Word(text: "OZ", box: r(230, 2, 20, 18), confidence: 0.5),
                    RecognizedText.Word(text: "We", box: r(260, 2, 20, 18), confidence: 0.5),
                    RecognizedText.Word(text: "11:37", box: r(345, 5, 32, 12), confidence: 0.96),
                ])
        ]
        let result = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer(lines)).analyze(
            image: RGBAImage(width: 385, height: 640, fill: .white), detections: [])
        #expect(result.transcript == ["11:37"])
    }

    @Test("The analyzer's picture reader is the last crop reader, and the setting turns it off")
    func analyzerLastCropReader() throws {
        let dets = [det(.text, 100, 20, 100, 30)]
        let reader = Recording("Week", 0.95)
        let on = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer([]), pictureReader: reader).analyze(
            image: Self.segmentScreen, detections: dets)
        #expect(on.transcript == ["Week"])
        #expect(on.diagnostics.contains { $0.message == "1 element(s) read by the last crop reader" })
        var cfg = AnalysisConfiguration()
        cfg.content.readDoubtfulCropsAgain = false
        let off = try ScreenAnalyzer(configuration: cfg, textRecognizer: ReplayTextRecognizer([]), pictureReader: reader).analyze(
            image: Self.segmentScreen, detections: dets)
        #expect(off.transcript == ["Text"])
    }

    @Test("The pipeline drops gibberish OCR lines instead of speaking them")
    func pipelineRejectsGibberish() throws {
        let lines = [
            RecognizedText(text: "Sib tb OR Oe", box: r(16, 100, 120, 22), confidence: 0.6),
            RecognizedText(text: "Reminders", box: r(16, 600, 120, 22), confidence: 0.95),
        ]
        let analyzer = ScreenAnalyzer(textRecognizer: ReplayTextRecognizer(lines))
        let result = try analyzer.analyze(image: RGBAImage(width: 390, height: 844, fill: .white), detections: [])
        #expect(result.transcript == ["Reminders"])
        #expect(result.diagnostics.contains { $0.message.contains("unreadable") })
    }
}

@Suite("Pictures: their own text, or part of a row")
struct PictureLabelTests {
    static let screen = ImageInfo(width: 390, height: 844)

    /// The label `assignTextToPictures` gives the first of `dets` from `lines` (lines inside half,
    /// read at 0.8 or more, pictures up to half the screen).
    static func label(_ dets: [Detection], _ lines: [RecognizedText], screen: ImageInfo = screen) -> String? {
        MissingElements.assignTextToPictures(dets, lines: lines, insideFraction: 0.5, minConfidence: 0.8, screen: screen, maxScreenShare: 0.5)
            .first?.text
    }

    @Test("A logo's OCR line labels the picture; noise, held lines and backgrounds do not")
    func ownText() {
        let picture = det(.picture, 20, 100, 200, 80)
        let lines = [
            RecognizedText(text: "DOORDASH", box: r(40, 110, 120, 20), confidence: 0.92),
            RecognizedText(text: "delightful delivery", box: r(40, 140, 150, 14), confidence: 0.96),
            RecognizedText(text: "re Tore Chace", box: r(40, 160, 100, 12), confidence: 0.5),
            RecognizedText(text: "f", box: r(200, 100, 10, 12), confidence: 0.95),
        ]
        let label = { (dets: [Detection], lines: [RecognizedText]) in Self.label(dets, lines) }
        #expect(label([picture], lines) == "DOORDASH, delightful delivery")
        // A line a text detection holds is that text's, not the picture's.
        #expect(label([picture, det(.text, 38, 108, 130, 24)], Array(lines.prefix(1))) == nil)
        // A background picture over most of the screen takes none.
        #expect(label([det(.picture, 0, 0, 390, 800)], lines) == nil)
        #expect(label([det(.picture, 20, 100, 200, 80, "Given")], lines) == "Given")
        // A line read twice inside it is spoken once ("Home, Home, Quick Credit" on ui-real valid).
        let twice = [
            RecognizedText(text: "Home", box: r(30, 105, 40, 14), confidence: 0.9),
            RecognizedText(text: "HOME", box: r(30, 125, 40, 14), confidence: 0.9),
            RecognizedText(text: "Quick Credit", box: r(30, 145, 90, 14), confidence: 0.9),
        ]
        #expect(label([picture], twice) == "Home, Quick Credit")
    }

    @Test("A header photo under the status bar takes its own text, not the status bar's clock and carrier")
    func statusBarOverAPicture() {
        let photo = det(.picture, 3, 0, 353, 281)
        let lines = [
            RecognizedText(text: "AT&T", box: r(10, 4, 30, 10), confidence: 0.95),
            RecognizedText(text: "1:34 PM", box: r(160, 4, 40, 10), confidence: 0.95),
            RecognizedText(text: "Venice", box: r(140, 200, 80, 20), confidence: 0.95),
        ]
        let label = { (lines: [RecognizedText]) in Self.label([photo], lines, screen: ImageInfo(width: 360, height: 640)) }
        #expect(label(lines) == "Venice")
        #expect(label(Array(lines.prefix(2))) == nil)
        // Without a clock there is no status bar: a line at the top is the picture's.
        #expect(label([lines[0], lines[2]]) == "AT&T, Venice")
        // The picture reader leaves the status bar out too.
        var diagnostics: [Diagnostic] = []
        let read = ElementOCR.readPictures(
            [photo], image: RGBAImage(width: 360, height: 640, fill: .white), reader: ReplayTextRecognizer(lines), minConfidence: 0.9,
            maxCalls: 4, maxScreenShare: 0.5, insideFraction: 0.5, diagnostics: &diagnostics)
        #expect(read.first?.text == "Venice")
    }

    @Test(
        "Two Latin letters read on a picture are texture, not its label; two digits or two Hangul syllables are",
        arguments: [
            ("go", nil), ("M E", nil), ("OK", nil), ("TES", "TES"), ("24", "24"), ("향수", "향수"), ("+11", "+11"),
        ] as [(String, String?)])
    func twoLatinLetters(_ text: String, _ label: String?) {
        let picture = det(.picture, 20, 100, 200, 80)
        #expect(Self.label([picture], [RecognizedText(text: text, box: r(60, 120, 30, 20), confidence: 0.95)]) == label)
    }

    @Test(
        "A one-digit number filling a picture is its label; a small one on a photo is not",
        arguments: [
            ("1°", r(183, 141, 25, 26), "1°"),  // a weather screen's temperature taken for a picture
            ("5%", r(183, 141, 25, 26), "5%"),
            ("7", r(190, 150, 6, 8), nil),  // a jersey number on a photo
            ("°", r(183, 141, 25, 26), nil),  // no digit
        ] as [(String, Rect, String?)])
    func numberFillingAPicture(_ c: (String, Rect, String?)) {
        let picture = det(.picture, 181, 136, 33, 30)
        let out = MissingElements.assignTextToPictures(
            [picture], lines: [RecognizedText(text: c.0, box: c.1, confidence: 0.85)], insideFraction: 0.5, minConfidence: 0.8,
            screen: Self.screen, maxScreenShare: 0.5)
        #expect(out[0].text == c.2)
    }

    @Test("The picture reader labels a picture the whole-screen read left without text; junk, held lines and backgrounds do not")
    func pictureReader() {
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let logo = det(.picture, 90, 70, 200, 60)
        let reader = ReplayTextRecognizer([
            RecognizedText(text: "Spotify", box: r(160, 80, 130, 38), confidence: 0.99),
            RecognizedText(text: "ouplete", box: r(100, 110, 60, 12), confidence: 0.6),  // unsure: not spoken
            RecognizedText(text: "go", box: r(250, 110, 20, 12), confidence: 0.998),  // two characters: texture
        ])
        func read(_ dets: [Detection], reader: any TextRecognizer = reader, maxCalls: Int = 4) -> ([Detection], [Diagnostic]) {
            var diagnostics: [Diagnostic] = []
            let out = ElementOCR.readPictures(
                dets, image: image, reader: reader, minConfidence: 0.9, maxCalls: maxCalls, maxScreenShare: 0.5, insideFraction: 0.5,
                diagnostics: &diagnostics)
            return (out, diagnostics)
        }
        let (out, notes) = read([logo])
        #expect(out.first?.text == "Spotify")
        #expect(notes.contains { $0.message.contains("1 picture(s) labelled") })
        // A picture that has text keeps it; a background is not read; a line a detected text holds is that text's.
        #expect(read([det(.picture, 90, 70, 200, 60, "Given")]).0.first?.text == "Given")
        #expect(read([det(.picture, 0, 0, 390, 800)]).0.first?.text == nil)
        #expect(read([logo, det(.text, 158, 78, 134, 42)]).0.first?.text == nil)
        // The per-screen limit, and a reader that fails: reported, never thrown.
        #expect(read([logo], maxCalls: 0).0.first?.text == nil)
        let (failed, failNotes) = read([logo], reader: FailingRecognizer())
        #expect(failed.first?.text == nil)
        #expect(failNotes.contains { $0.message.contains("could not be read") })
    }

    @Test(
        "An unread text inside an icon or picture is the glyph seen twice and is left out; a read one, or one elsewhere, stays",
        arguments: [
            // (the text's box, its reading, the other detection's kind, kept)
            (r(102, 102, 6, 9), nil as String?, ElementClass.icon, false),  // a "0" count seen as icon and text
            (r(102, 102, 6, 9), "0", .icon, true),  // read: it speaks for itself
            (r(102, 102, 6, 9), " ", .picture, false),  // blank reading inside a picture
            (r(102, 102, 6, 9), nil, .textField, true),  // not a glyph
            (r(108, 102, 8, 9), nil, .icon, true),  // half outside
        ])
    func unreadTextsInGlyphs(box: Rect, reading: String?, kind: ElementClass, kept: Bool) {
        let text = Detection(type: .text, box: box, confidence: 0.42, text: reading)
        let other = det(kind, 100, 100, 12, 12)
        let out = ContentStage.withoutUnreadTextsInGlyphs([other, text])
        #expect(out.contains(text) == kept)
        #expect(out.contains(other))
    }

    /// Records the regions it reads; answers with fixed lines.
    final class RegionRecorder: TextRecognizer, @unchecked Sendable {
        let lines: [RecognizedText]
        var regions: [Rect?] = []
        init(_ lines: [RecognizedText]) { self.lines = lines }
        func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
            regions.append(region)
            return lines
        }
    }

    @Test(
        "The picture reader reads a picture with a margin and keeps the lines whose middle is in the picture",
        arguments: [
            // (picture, the region read): half the shorter side around a small wordmark, at most 16 px
            (r(100, 100, 48, 18), r(91, 91, 66, 36)),
            (r(100, 100, 200, 100), r(84, 84, 232, 132)),
            (r(2, 100, 48, 18), r(0, 91, 59, 36)),  // clamped at the screen's edge
        ])
    func pictureReaderMargin(picture: Rect, region: Rect) {
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let reader = RegionRecorder([
            RecognizedText(text: "DBS", box: r(picture.midX - 15, picture.midY - 6, 30, 12), confidence: 0.99),
            // In the margin, above the picture: a neighbour's text, not the picture's.
            RecognizedText(text: "Suite", box: r(picture.minX, picture.minY - 8, 40, 7), confidence: 0.99),
        ])
        var diagnostics: [Diagnostic] = []
        let out = ElementOCR.readPictures(
            [Detection(type: .picture, box: picture, confidence: 0.9)], image: image, reader: reader, minConfidence: 0.9, maxCalls: 4,
            maxScreenShare: 0.5, insideFraction: 0.5, diagnostics: &diagnostics)
        #expect(reader.regions == [region])
        #expect(out.first?.text == "DBS")
    }

    @Test("The analyzer's picture reader reaches the pipeline, and the setting turns it off")
    func analyzerPictureReader() throws {
        let reader = ReplayTextRecognizer([RecognizedText(text: "FoodPlanner", box: r(60, 130, 260, 40), confidence: 0.995)])
        let dets = [det(.picture, 40, 120, 290, 65)]
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let on = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer([]), pictureReader: reader).analyze(image: image, detections: dets)
        #expect(on.transcript == ["FoodPlanner, Image"])
        var cfg = AnalysisConfiguration.default
        cfg.content.readPictureText = false
        let off = try ScreenAnalyzer(configuration: cfg, textRecognizer: ReplayTextRecognizer([]), pictureReader: reader)
            .analyze(image: image, detections: dets)
        #expect(off.transcript == ["Image"])
    }

    @Test(
        "An unknown icon that reads as a number is that text",
        arguments: [
            ("7", 0.97, true, "7"), ("v4.1", 0.8, true, "v4.1"), ("2y", 0.93, true, "2y"),
            ("9", 0.5, true, "Icon"),  // not confident enough
            ("Home", 0.97, true, "Icon"), ("1", 0.97, true, "Icon"), ("12345678901", 0.97, true, "Icon"),
            ("7", 0.97, false, "Icon"),  // the setting off
        ])
    func numbersInIcons(reading: String, confidence: Double, on: Bool, spoken: String) throws {
        // A dark glyph in the icon's box (a crop without contrast is not read at all).
        let image = RGBAImage(width: 390, height: 844, fill: .white).filling(r(104, 404, 8, 8), with: RGB(r: 30, g: 30, b: 30))
        let reader = ReplayTextRecognizer([RecognizedText(text: reading, box: r(10, 10, 30, 30), confidence: confidence)])
        var cfg = AnalysisConfiguration.default
        cfg.content.readNumbersInIcons = on
        let result = try ScreenAnalyzer(configuration: cfg, textRecognizer: ReplayTextRecognizer([]), cropReaders: [reader])
            .analyze(image: image, detections: [det(.icon, 100, 400, 16, 16)])
        #expect(result.transcript == [spoken])
    }

    @Test(
        "An unknown icon that reads as a letter or two is that text in a row of short labels only",
        arguments: [
            // (reading, confidence, the row's texts, spoken for the icon)
            ("XS", 0.91, ["S", "M", "L"], "XS"),  // a size picker
            ("F", 0.93, ["T", "W"], "F"),  // weekday initials
            ("W", 0.93, ["T"], "Icon"),  // one short label beside it: no row
            ("B", 0.93, [], "Icon"),  // a glyph read as a letter, alone
            ("XS", 0.6, ["S", "M", "L"], "Icon"),  // not confident enough
            ("xs", 0.93, ["S", "M", "L"], "Icon"),  // lower case: no label of such a row
            ("XXXL", 0.93, ["S", "M", "L"], "Icon"),  // too long
            ("XS", 0.93, ["Small", "Medium", "Large"], "Icon"),  // the row's texts are words
        ])
    func lettersInIcons(reading: String, confidence: Double, row: [String], spoken: String) throws {
        // A dark glyph in the icon's box (a crop without contrast is not read at all).
        let image = RGBAImage(width: 390, height: 844, fill: .white).filling(r(104, 404, 8, 8), with: RGB(r: 30, g: 30, b: 30))
        let reader = ReplayTextRecognizer([RecognizedText(text: reading, box: r(10, 10, 30, 30), confidence: confidence)])
        let texts = row.enumerated().map { det(.text, 150 + 50 * Double($0.offset), 401, 14, 14, $0.element) }
        let result = try ScreenAnalyzer(textRecognizer: ReplayTextRecognizer([]), cropReaders: [reader])
            .analyze(image: image, detections: [det(.icon, 100, 400, 16, 16)] + texts)
        #expect(result.transcript.first == spoken)
    }

    @Test(
        "An unknown icon the whole-screen OCR read as a number over is that number; one a text already says is not spoken twice",
        arguments: [
            // (the line, its confidence, its box, a text over the same number, spoken)
            ("14", 0.97, r(102, 403, 13, 10), false, ["14"]),  // a calendar day the detector took for an icon
            ("-2°", 0.64, r(101, 403, 14, 10), false, ["-2°"]),  // a temperature: its mended degree sign reads low
            ("-5°", 0.30, r(101, 403, 14, 10), false, ["Icon"]),  // too doubtful
            ("19", 0.6, r(102, 403, 13, 10), false, ["Icon"]),  // a number without a degree sign needs 0.8
            ("4", 0.97, r(102, 403, 13, 10), false, ["Icon"]),  // one character: as likely a glyph read as a digit
            ("14", 0.97, r(106, 406, 4, 4), false, ["Icon"]),  // a small digit on a glyph (a badge)
            ("14", 0.97, r(110, 403, 30, 10), false, ["Icon"]),  // a line mostly beside the icon is not its reading
            ("Home", 0.97, r(102, 403, 13, 10), false, ["Icon"]),  // not a number
            ("0°", 0.6, r(101, 403, 14, 10), true, ["0°"]),  // a text says it: the icon goes
        ])
    func numberLinesOverIcons(line: String, confidence: Double, box: Rect, text: Bool, spoken: [String]) throws {
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let reader = ReplayTextRecognizer([RecognizedText(text: line, box: box, confidence: confidence)])
        var dets = [det(.icon, 100, 400, 16, 16)]
        if text { dets.append(det(.text, 101, 402, 15, 13)) }
        let result = try ScreenAnalyzer(textRecognizer: reader).analyze(image: image, detections: dets)
        #expect(result.transcript == spoken)
        var cfg = AnalysisConfiguration.default
        cfg.content.readNumbersInIcons = false
        let off = try ScreenAnalyzer(configuration: cfg, textRecognizer: reader).analyze(image: image, detections: dets)
        if !text, spoken.first != "Icon" { #expect(off.transcript == ["Icon"]) }
    }

    @Test(
        "A sign-in logo at a button's trailing end is the button's image; another brand's stays a button of its own",
        arguments: [
            // (the logo's meaning, spoken)
            (IconMeaning.facebook, ["Continue with Facebook, Button"]),  // the title names the logo
            (.google, ["Continue with Facebook, Button", "Google, Button"]),  // it names another brand
            (.menu, ["Continue with Facebook, Button", "Menu, Image"]),  // no logo
        ])
    func trailingLogo(meaning: IconMeaning, spoken: [String]) throws {
        let logo = det(.icon, 300, 398, 24, 24)
        let content = ReplayContentRecognizer(
            icons: [logo.box: IconRecognition(meaning: meaning, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: image, detections: [det(.text, 60, 400, 200, 20, "Continue with Facebook"), logo])
        #expect(result.transcript == spoken)
    }

    @Test(
        "A list row's leading thumbnail is spoken with its title; a tile of a grid is not",
        arguments: [
            // (thumbnail x, title x, title inside another picture, absorbed)
            (28.0, 136.0, false, true),  // a movie poster (95 px of 360) and its title 13 px right
            (28.0, 200.0, false, false),  // 77 px away: more than half the thumbnail's width
            (28.0, 136.0, true, false),  // the title is printed on the next tile
            (100.0, 208.0, false, false),  // starts outside the leading band: a picture in the page
        ])
    func rowThumbnail(x: Double, titleX: Double, onTile: Bool, absorbed: Bool) {
        let poster = Element(kind: .picture, frame: r(x, 200, 95, 54), traits: .image)
        let title = el(.text, r(titleX, 215, 140, 20), "Once Upon a Time in Hollywood")
        var elements = [poster, title]
        if onTile { elements.append(Element(kind: .picture, frame: r(titleX - 5, 190, 150, 80), label: "Sale", traits: .image)) }
        let out = Metadata.absorbDecorativeIcons(
            elements, gap: 1.5, maxPictureWidth: 0.2 * 360, leadingGap: 2.75, leadingEdge: 0.2 * 360, maxThumbnailWidth: 0.35 * 360)
        #expect(out.contains { $0.frame == poster.frame } == !absorbed)
        #expect(out.contains { $0.label == title.label })
        // Wider than 0.35 of the screen: a banner, not a thumbnail.
        var banner = poster
        banner.frame = r(x, 200, 130, 54)
        let title2 = el(.text, r(x + 143, 215, 140, 20), "Once Upon a Time in Hollywood")
        #expect(Metadata.absorbDecorativeIcons([banner, title2], gap: 1.5, maxPictureWidth: 72, leadingEdge: 72, maxThumbnailWidth: 126).count == 2)
    }

    @Test(
        "A leading flag or glyph before a checkbox or switch row is that row's image; before an unlabelled control it stays",
        arguments: [
            // (the row's kind, its label, absorbed)
            (ElementKind.checkbox, "Deutschland - Deutsch" as String?, true), (.toggle, "Notifications", true),
            (.checkbox, nil, false), (.pageControl, "Page 1 of 3", false),
        ])
    func controlRowImage(kind: ElementKind, label: String?, absorbed: Bool) {
        let flag = Element(kind: .picture, frame: r(14, 134, 30, 20), traits: .image)
        let row = Element(kind: kind, frame: r(62, 136, 282, 16), label: label, traits: [])
        let out = Metadata.absorbDecorativeIcons([flag, row], gap: 1.5, maxPictureWidth: 0.2 * 360, leadingGap: 2.75, leadingEdge: 0.2 * 360)
        #expect(out.count == (absorbed ? 1 : 2))
        #expect(out.contains { $0.kind == kind && $0.label == label })
    }

    @Test("A small unlabelled picture beside a labelled text is that row's image")
    func rowImage() {
        let avatar = Element(kind: .picture, frame: r(16, 100, 48, 48), traits: .image)
        let name = el(.text, r(80, 112, 200, 24), "Angelina")
        let out = Metadata.absorbDecorativeIcons([avatar, name], gap: 1.5, maxPictureWidth: 0.2 * 390)
        #expect(out.map(\.label) == ["Angelina"])
        #expect(out.first?.detections.count == avatar.detections.count + name.detections.count)
        // Described, too wide, or with pictures left out: it stays.
        var cat = avatar
        cat.label = "Cat"
        #expect(Metadata.absorbDecorativeIcons([cat, name], gap: 1.5, maxPictureWidth: 78).count == 2)
        // An avatar the face detector called a person says nothing the name does not: it is the row's image too.
        var person = avatar
        person.label = PictureDescription.people(1, confidence: 0.99).label
        #expect(Metadata.absorbDecorativeIcons([person, name], gap: 1.5, maxPictureWidth: 78).map(\.label) == ["Angelina"])
        let banner = Element(kind: .picture, frame: r(0, 100, 120, 48), traits: .image)
        #expect(Metadata.absorbDecorativeIcons([banner, el(.text, r(130, 112, 200, 24), "Sale")], gap: 1.5, maxPictureWidth: 78).count == 2)
        #expect(Metadata.absorbDecorativeIcons([avatar, name], gap: 1.5).count == 2)
    }

    @Test(
        "A drawer row's leading icon joins its text at the list's keyline; elsewhere the gap stays short",
        arguments: [
            // (icon x, text x, joined): an 18-px glyph at x 17, text at the 72-dp keyline (1.9 widths away)
            (17.0, 72.0, true), (17.0, 50.0, true),
            (17.0, 90.0, false),  // 3 widths: past the keyline
            (200.0, 255.0, false),  // not in the leading band: the short gap (1.5 widths) applies
        ])
    func leadingIcon(iconX: Double, textX: Double, joined: Bool) {
        let icon = Element(kind: .icon, frame: r(iconX, 250, 18, 18), traits: .image)
        let text = el(.text, r(textX, 248, 120, 22), "Weekly Ad")
        let out = Metadata.absorbDecorativeIcons([icon, text], gap: 1.5, leadingGap: 2.75, leadingEdge: 0.2 * 390)
        #expect(out.count == (joined ? 1 : 2))
        #expect(out.map(\.label).contains("Weekly Ad"))
        // Without the leading gap only the short one counts.
        #expect(Metadata.absorbDecorativeIcons([icon, text], gap: 1.5).count == (textX - iconX - 18 <= 27 ? 1 : 2))
    }

    @Test(
        "A narrow leading glyph joins a text at the list's keyline, however many of its widths away",
        arguments: [
            // (text x, joined): a 9-px "?" at x 20 on a 385-px screen, keyline 0.21 × 385 = 80.9 px
            (67.0, true),  // the 72-dp keyline (63 dp): 4.2 widths away
            (80.0, true),
            (95.0, false),  // past the keyline (89 dp), 7.4 widths
        ])
    func keylineIcon(textX: Double, joined: Bool) {
        let icon = Element(kind: .icon, frame: r(20, 486, 9, 15), traits: .image)
        let text = el(.text, r(textX, 487, 80, 14), "SUPPORT")
        let out = Metadata.absorbDecorativeIcons([icon, text], gap: 1.5, leadingGap: 2.75, leadingEdge: 0.2 * 385, keyline: 0.21 * 385)
        #expect(out.count == (joined ? 1 : 2))
        // Without the keyline (0): only the widths count, and 4.2 are too many.
        #expect(Metadata.absorbDecorativeIcons([icon, text], gap: 1.5, leadingGap: 2.75, leadingEdge: 0.2 * 385).count == 2)
    }

    /// "Sign in with Google": a logo at the left of a blue button, the title centred far from it.
    @Test("A logo on a text button's fill is the button's image; a control between, or another fill, keeps it apart")
    func buttonLogo() {
        let page = RGBAImage(width: 390, height: 300, fill: .white).filling(r(20, 100, 350, 48), with: .blue)
        let logo = Element(kind: .icon, frame: r(32, 112, 24, 24), traits: .image)
        var title = Element(kind: .button, frame: r(120, 114, 150, 20), label: "Sign in with Google", traits: .button)
        title.detections = [det(.text, 120, 114, 150, 20, "Sign in with Google")]
        // 64 px away: 2.7 logo widths, on one fill.
        let out = Metadata.absorbButtonIcons([logo, title], image: page, maxGap: 10, colourDistance: 40)
        #expect(out.map(\.label) == ["Sign in with Google"])
        #expect(out.first?.frame == r(32, 112, 238, 24))
        // A recognised logo is the button's image as well: "Log in with Facebook", not "Facebook, Image" beside it.
        let facebook = Element(kind: .icon, frame: r(32, 112, 24, 24), label: "Facebook", traits: .image)
        #expect(Metadata.absorbButtonIcons([facebook, title], image: page, maxGap: 10, colourDistance: 40).map(\.label) == ["Sign in with Google"])
        // Another control's border between them (a pill), or no pixels: it stays apart.
        let pill = page.filling(r(80, 110, 4, 28), with: .orange)
        #expect(Metadata.absorbButtonIcons([logo, title], image: pill, maxGap: 10, colourDistance: 40).count == 2)
        #expect(Metadata.absorbButtonIcons([logo, title], image: nil, maxGap: 10, colourDistance: 40).count == 2)
        // Too far (more than 2 widths when the limit is 2), or right of the title: apart.
        #expect(Metadata.absorbButtonIcons([logo, title], image: page, maxGap: 2, colourDistance: 40).count == 2)
        let trailing = Element(kind: .icon, frame: r(300, 112, 24, 24), traits: .image)
        #expect(Metadata.absorbButtonIcons([trailing, title], image: page, maxGap: 10, colourDistance: 40).count == 2)
        // Boxes that overlap by a pixel, and a picture behind both (a background photo), still join.
        let touching = Element(kind: .icon, frame: r(100, 112, 21, 24), traits: .image)
        #expect(Metadata.absorbButtonIcons([touching, title], image: page, maxGap: 10, colourDistance: 40).count == 1)
        let backdrop = Element(kind: .picture, frame: r(0, 0, 390, 300), traits: .image)
        #expect(Metadata.absorbButtonIcons([backdrop, logo, title], image: page, maxGap: 10, colourDistance: 40).count == 2)
        // A glyph 5.5 px before its title (a chip's "📅 Dates"): the 1.5 px left between the two
        // pixels each side keeps clear holds no whole pixel — nothing is between them.
        let close = Element(kind: .icon, frame: r(100.5, 112, 14, 24), traits: .image)
        #expect(Metadata.absorbButtonIcons([close, title], image: page, maxGap: 10, colourDistance: 40).count == 1)
        #expect(Metadata.isOneColour(page, r(116.5, 118, 1.5, 10), distance: 40))
        #expect(!Metadata.isOneColour(page, r(10, 90, 20, 30), distance: 40))  // white and blue
    }

    /// "Log in with Facebook" centred in a wide button across a gradient, its logo at the leading edge.
    @Test(
        "A logo the button's title names is the button's image however the pixels between look, within a third of the screen",
        arguments: [
            // (icon label, icon x, joined)
            ("Facebook", 32.0, true),  // 88 px away (0.23 of the screen), a gradient between
            ("Mail", 32.0, true),  // "E-Mail": the title's word ends with the icon's
            ("Google", 32.0, false),  // the title does not name it
            ("Facebook", 0.0, false),  // 120 px away: past 0.35 × 300 px
        ])
    func namedLogo(label: String, iconX: Double, joined: Bool) {
        let logo = Element(kind: .icon, frame: r(iconX, 112, 20, 24), label: label, traits: .image)
        var title = Element(kind: .button, frame: r(140, 114, 120, 20), label: "Log in with Facebook or E-Mail", traits: .button)
        title.detections = [det(.text, 140, 114, 120, 20, "Log in with Facebook or E-Mail")]
        let out = Metadata.absorbNamedIcons([logo, title], screenWidth: 300)
        #expect(out.map(\.label) == (joined ? ["Log in with Facebook or E-Mail"] : [label, "Log in with Facebook or E-Mail"]))
        if joined { #expect(out.first?.frame.minX == iconX) }
        // Something between them keeps them apart.
        let badge = el(.text, r(90, 116, 20, 16), "New")
        #expect(Metadata.absorbNamedIcons([logo, badge, title], screenWidth: 300).count == 3)
        // A title cut off with an ellipsis names the logo by its last word's start.
        var cut = title
        cut.label = "Sign up with Faceb..."
        #expect(Metadata.absorbNamedIcons([logo, cut], screenWidth: 300).count == (joined && label == "Facebook" ? 1 : 2))
    }

    /// A player's queue glyph beside ⏮ ▶ ⏭ buttons is a button too; one beside a single button,
    /// much larger or smaller than them, or unrecognised stays as it was.
    @Test(
        "A recognised glyph on a row of glyph buttons is a button",
        arguments: [
            // (buttons on the row, glyph height, recognised, button)
            (3, 24.0, true, true), (1, 24.0, true, false), (3, 48.0, true, false), (3, 24.0, false, false),
        ])
    func glyphRow(peers: Int, height: Double, recognised: Bool, button: Bool) {
        var glyph = Element(kind: .icon, frame: r(20, 700, height, height), label: recognised ? "Playlist" : nil, traits: .image)
        glyph.detections = [det(.icon, 20, 700, height, height, icon: recognised ? .playlist : nil)]
        let buttons = (0..<peers).map { i -> Element in
            var b = Element(kind: .button, frame: r(100 + 70 * Double(i), 700, 24, 24), label: "Play", traits: .button)
            b.detections = [det(.icon, 100 + 70 * Double(i), 700, 24, 24, icon: .play)]
            return b
        }
        let out = Interactivity.glyphRowButtons([glyph] + buttons)
        #expect(out[0].kind == (button ? .button : .icon))
        #expect(Announcer.announce([out[0]])[0].announcement == (button ? "Playlist, Button" : (recognised ? "Playlist, Image" : "Icon")))
        // A glyph over its caption (a tab bar's item) or leading a text is left to the other rules.
        let caption = el(.text, r(14, 700 + height + 4, 36, 10), "Queue")
        #expect(Interactivity.glyphRowButtons([glyph, caption] + buttons)[0].kind == .icon)
        var title = el(.text, r(20 + height + 8, 700, 60, height), "Up next")
        title.detections = [det(.text, 20 + height + 8, 700, 60, height, "Up next")]
        #expect(Interactivity.glyphRowButtons([glyph, title] + buttons)[0].kind == .icon)
    }

    /// An onboarding's → beside its page dots is the pager's button; one above or below the dots,
    /// a picture on their row, or a glyph on a screen without dots stays as it was.
    @Test(
        "A glyph on a page control's row is the pager's button",
        arguments: [
            // (glyph frame, kind, page control present, spoken)
            (r(350, 597, 14, 20), ElementKind.icon, true, "Forward, Button"),  // → at the dots' right
            (r(20, 597, 14, 20), .icon, true, "Forward, Button"),  // ← at their left
            (r(350, 540, 14, 20), .icon, true, "Forward, Image"),  // above the dots' row
            (r(350, 597, 14, 20), .icon, false, "Forward, Image"),  // no dots on the screen
            (r(350, 597, 14, 20), .picture, true, "Forward, Image"),  // a picture is not a glyph
            (r(190, 595, 14, 20), .icon, true, "Forward, Image"),  // on the dots themselves
        ])
    func pagerArrow(frame: Rect, kind: ElementKind, pager: Bool, spoken: String) {
        var glyph = Element(kind: kind, frame: frame, label: "Forward", traits: .image)
        glyph.detections = [det(kind == .icon ? .icon : .picture, frame.minX, frame.minY, frame.width, frame.height, icon: .forward)]
        var dots = Element(kind: .pageControl, frame: r(176, 603, 29, 7), traits: .adjustable)
        dots.detections = [det(.pageControl, 176, 603, 29, 7)]
        let out = Interactivity.pagerButtons(pager ? [glyph, dots] : [glyph])
        #expect(Announcer.announce([out[0]])[0].announcement == spoken)
        // "NEXT ›": an arrow right after a word is that word's, left to the decoration rules.
        var next = el(.text, r(frame.minX - 40, frame.minY + 4, 36, 12), "NEXT")
        next.detections = [det(.text, frame.minX - 40, frame.minY + 4, 36, 12, "NEXT")]
        #expect(Interactivity.pagerButtons([glyph, dots, next])[0].kind == kind)
        // The word itself, on the dots' row, is the pager's button; a sentence there is not.
        let words = Interactivity.pagerButtons([next, dots])[0]
        #expect(Announcer.announce([words])[0].announcement == (frame.minY >= 590 && frame.minX != 190 ? "NEXT, Button" : "NEXT"))
        var sentence = el(.text, r(230, 601, 140, 12), "Swipe left to see more")
        sentence.detections = [det(.text, 230, 601, 140, 12, "Swipe left to see more")]
        #expect(Interactivity.pagerButtons([sentence, dots])[0].kind == .text)
    }

    /// "Facebook, Button" then "CONTINUE WITH FACEBOOK": the glyph the clickability model made a
    /// button, or a brand's logo, and the text that starts or ends with its name are one button.
    @Test(
        "An icon button or a brand logo makes the text that names it a button",
        arguments: [
            // (icon kind, meaning, text, joined)
            (ElementKind.button, IconMeaning.facebook, "CONTINUE WITH FACEBOOK", true),
            (.icon, .facebook, "Log in with Facebook", true),  // a brand's logo, not itself a button
            (.button, .home, "Home", true),  // a drawer's glyph and its row
            (.icon, .home, "Home", false),  // a plain glyph that is no brand: the decorative rules' business
            (.button, .play, "Music play list", false),  // a word in the middle names nothing
            (.button, .google, "Continue with Facebook", false),  // the text does not name it
        ])
    func titledIconButton(kind: ElementKind, meaning: IconMeaning, text: String, joined: Bool) {
        var icon = Element(kind: kind, frame: r(30, 112, 20, 20), label: meaning.spokenLabel, traits: kind == .button ? .button : .image)
        icon.detections = [det(.icon, 30, 112, 20, 20, icon: meaning)]
        var title = el(.text, r(110, 114, 160, 16), text)
        title.detections = [det(.text, 110, 114, 160, 16, text)]
        let out = Announcer.announce(Metadata.titleIconButtons([icon, title], screenWidth: 390))
        #expect(out.map(\.announcement) == (joined ? ["\(text), Button"] : [icon.label.map { "\($0), \(kind == .button ? "Button" : "Image")" } ?? "", text]))
        if joined { #expect(out.first?.frame.minX == 30) }
        // Something between them keeps them apart.
        let badge = el(.text, r(70, 116, 20, 14), "New")
        #expect(Metadata.titleIconButtons([icon, badge, title], screenWidth: 390).count == 3)
    }

    @Test(
        "A glyph the clickability model made a button joins a text-only title only when close (▶ PLAY)",
        arguments: [
            // (glyph x, title x, title has a picture, joined): a 14-px ▶, the title 8 px (0.6 widths) away
            (50.0, 72.0, false, true),
            (50.0, 100.0, false, false),  // 36 px: 2.6 widths, past the leading-glyph gap
            (50.0, 72.0, true, false),  // an app's logo-and-caption button is not a title for a back arrow
        ])
    func leadingGlyphButton(glyphX: Double, titleX: Double, withPicture: Bool, joined: Bool) {
        let page = RGBAImage(width: 390, height: 300, fill: .white)
        var play = Element(kind: .button, frame: r(glyphX, 100, 14, 14), label: "Play", traits: .button)
        play.detections = [det(.icon, glyphX, 100, 14, 14)]
        var title = Element(kind: .button, frame: r(titleX, 102, 40, 10), label: "PLAY", traits: .button)
        title.detections = [det(.text, titleX, 102, 40, 10, "PLAY")] + (withPicture ? [det(.picture, titleX, 80, 30, 20)] : [])
        let out = Metadata.absorbButtonIcons([play, title], image: page, maxGap: 10, colourDistance: 40)
        #expect(out.map(\.label) == (joined ? ["PLAY"] : ["Play", "PLAY"]))
    }

    @Test("A caption that repeats a picture's own title is spoken once")
    func titleOnce() {
        let picture = Element(kind: .picture, frame: r(0, 0, 200, 100), label: "Hello Neighbor Map", traits: .image)
        let caption = el(.text, r(0, 110, 200, 40), "Hello Neighbor Map, This map is based on a game")
        #expect(Grouping.joinLabels([picture, caption]) == "Hello Neighbor Map, This map is based on a game")
        let other = el(.text, r(0, 110, 200, 40), "Hello Neighbor Maps")
        #expect(Grouping.joinLabels([picture, other]) == "Hello Neighbor Map, Hello Neighbor Maps")
    }
}

@Suite("Button titles by their words")
struct ActionPhraseTests {
    @Test(arguments: [
        ("Log In", true), ("SIGN UP WITH EMAIL", true), ("Forgot Password?", true), ("Get started", true), ("NOT NOW", true),
        ("No, thanks", true), ("Already have an account?", true), ("Continue with Google", true), ("로그인", true), ("팔로우", true),
        ("Next", true), ("Done!", true), ("OK, Got It", true), ("Okay, got it!", true), ("OK, thanks for the update", false),
        // Prompts, sentences, nouns, titles that only start like an action.
        ("Choose language:", false), ("Select one that applies", false), ("No messages yet", false), ("Book club", false),
        ("save money, feel good", false), ("Log in to see more. It is free", false), ("Sign up to get the newsletter every week now", false),
        ("Inbox", false), ("", false), ("Share your referral code:", false), ("Watch your leagues live.", false),
        ("Start making money!", false), ("Start now!", true), ("Delete message?", false), ("Forgot your email?", true),
        // A title the app truncated is judged by what it shows.
        ("Sign up with Facebo...", true), ("Continue with Goo…", true), ("Read the latest news about…", false), ("...", false),
    ])
    func phrase(_ c: (String, Bool)) {
        #expect(TextButtons.isActionPhrase(c.0) == c.1)
    }

    /// A question and the link that answers it: the text gains the link trait, spoken "Link", and
    /// stays a text (not counted as a button).
    @Test(
        "A question followed by its action holds a link",
        arguments: [
            ("Already have an account? Log in", true), ("Have account?Login here", true), ("ALREADY A MEMBER? LOGIN", true),
            ("New to Twitter? Sign up here", true), ("No account yet? Create one", true), ("Don't have an account? Sign Up", true),
            ("Already have an account?", false), ("Forgot your password?", false), ("Email account? by signing up, you agree", false),
            ("Why? Log", false), ("Questions? Contact us at help@example.com", false), ("Log in", false),
        ])
    func promptLink(_ c: (String, Bool)) {
        #expect(TextButtons.isPromptWithLink(c.0) == c.1)
        expectMarkedAsLink(c.0, c.1)
    }

    /// `line` alone on a screen, through ``TextButtons/markPromptLinks(_:)``: a link ("…, Link") or
    /// the plain text it was.
    private func expectMarkedAsLink(_ line: String, _ isLink: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let marked = TextButtons.markPromptLinks([Element(kind: .text, frame: r(0, 0, 200, 14), label: line, traits: .staticText)])
        #expect(marked[0].traits.contains(.link) == isLink, sourceLocation: sourceLocation)
        #expect(Announcer.announce(marked)[0].announcement == (isLink ? "\(line), Link" : line), sourceLocation: sourceLocation)
    }

    /// "Or log in" under the sign-up button offers the other way on: a link; a caption naming what
    /// follows ("OR SIGN UP WITH EMAIL" over a form) is not.
    @Test(
        "'Or' and a link verb is a link; a caption ending on what it is done with is not",
        arguments: [
            ("Or log in", true), ("or join for free", true), ("OR JOIN LATER", true), ("Or login", true), ("or Sign Up", true),
            ("OR SIGN UP WITH EMAIL", false), ("or login with", false), ("Or register using", false), ("or", false),
            ("Or browse the catalogue and more", false), ("Or maybe later", false), ("Log in", false),
        ])
    func alternativeLink(_ c: (String, Bool)) {
        #expect(TextButtons.isAlternativeLink(c.0) == c.1)
        expectMarkedAsLink(c.0, c.1)
    }

    /// "Click here" and "tap here" say where the link is: a short line holding them is a link.
    @Test(
        "A short line saying 'click here' or 'tap here' is a link",
        arguments: [
            ("Not yet registered? Click here.", true), ("Click here to enter a voucher code", true), ("Tap here to login", true),
            ("Click here to Login", true), ("No movies here.", false), ("I'm new here", false), ("Click", false),
            ("Your fitness journey starts here", false),
            ("Once you have read the terms and the policy in full you can click here to accept them", false),  // a paragraph
        ])
    func hereLink(_ c: (String, Bool)) {
        #expect(TextButtons.isHereLink(c.0) == c.1)
        expectMarkedAsLink(c.0, c.1)
    }

    /// "Already have an account? Log In, Link" then "Log In, Button": the link's words read again as
    /// a button of their own are that link, activated where the button lay.
    @Test(
        "A prompt's link read again as a button inside its line is the link",
        arguments: [
            // (line, button x, joined)
            ("Already have an account? Log In", 250.0, true),
            ("Already have an account? Log In", 320.0, false),  // the button lies past the line's end
            ("Terms and conditions apply", 250.0, false),  // no prompt, no link
        ])
    func promptLinkButton(line: String, buttonX: Double, joined: Bool) {
        let text = Element(kind: .text, frame: r(70, 600, 220, 14), label: line, traits: .staticText)
        var button = Element(kind: .button, frame: r(buttonX, 600, 38, 14), label: "Log In", traits: .button)
        button.detections = [det(.text, buttonX, 600, 38, 14, "Log In")]
        let out = TextButtons.markPromptLinks([text, button])
        #expect(out.count == (joined ? 1 : 2))
        if joined {
            #expect(Announcer.announce(out).map(\.announcement) == ["\(line), Link"])
            #expect(out[0].activationPoint == Point(x: buttonX + 19, y: 607))
        }
    }

    @Test(
        "A short text alone on its row with a text button, centred as a pair and in one type size, is a button too",
        arguments: [
            // (text, its frame, the button's frame, a third element on the row, a button)
            ("Not Yet", r(239, 599, 60, 15), r(87, 600, 58, 16), false, true),  // a welcome page's pair (ui-real train)
            ("Maybe later", r(239, 599, 80, 15), r(67, 600, 58, 16), false, true),
            ("Bananas", r(16, 600, 74, 15), r(330, 600, 40, 16), false, false),  // a list row's name and its "Add": not centred
            ("Not Yet", r(239, 599, 60, 15), r(87, 600, 58, 16), true, false),  // a third element on the row
            ("Not a member?", r(239, 599, 90, 15), r(57, 600, 58, 16), false, false),  // a question
            ("Not Yet", r(239, 599, 60, 15), r(87, 594, 58, 26), false, false),  // type of another size
            ("Terms and conditions apply here", r(200, 599, 170, 15), r(15, 600, 58, 16), false, false),  // a sentence
            ("Songs", r(18, 599, 50, 15), r(317, 600, 50, 16), false, false),  // a section's title at the margin, its "more" at the other
        ])
    func twinButtons(text: String, frame: Rect, button: Rect, third: Bool, isButton: Bool) {
        var elements = [
            Element(
                kind: .text, frame: frame, label: text, traits: .staticText, detections: [det(.text, frame.minX, frame.minY, frame.width, frame.height, text)]),
            Element(
                kind: .button, frame: button, label: "Sign In", traits: .button,
                detections: [det(.text, button.minX, button.minY, button.width, button.height, "Sign In")]),
            // the page's backdrop, behind the row
            Element(kind: .picture, frame: r(0, 0, 385, 640), traits: .image, detections: [det(.picture, 0, 0, 385, 640)]),
        ]
        if third { elements.append(Element(kind: .icon, frame: r(350, 600, 16, 16), traits: .image, detections: [det(.icon, 350, 600, 16, 16)])) }
        let out = TextButtons.markTwinButtons(elements, screenWidth: 385)
        #expect(out[0].kind == (isButton ? .button : .text))
        #expect(out[1].kind == .button)
    }

    @Test(
        "A verb-led text over a sentence in its column is a heading, not a button",
        arguments: [
            // (title, text below, its gap, a text beside the title, heading)
            ("Get inspired", "Read reviews of millions of hotels, activities, and restaurants", 26.0, false, true),
            ("Get inspired", "Read reviews of millions of hotels", 60.0, false, false),  // 2.7 × its height below: apart
            ("Get inspired", "Hotels and restaurants", 26.0, false, false),  // a label, not a sentence
            ("Sign up", "For a smarter flight search with friends", 20.0, true, false),  // "Sign up | Log in" side by side
            ("Forgot Your Password?", "Need an Account? Sign Up now", 20.0, false, false),  // an account link
            ("Create account", "Sign up with your email", 20.0, false, false),  // a button under a button
            ("log in", "by signing up, you agree to the Terms of Use & Privacy Policy.", 20.0, false, false),  // an account action over its disclaimer
        ])
    func headingOverDescription(title: String, below: String, gap: Double, beside: Bool, heading: Bool) {
        var detections = [det(.text, 130, 340, 130, 22, title), det(.text, 30, 362 + gap, 330, 33, below)]
        if beside { detections.append(det(.text, 290, 342, 50, 20, "Log in")) }
        #expect(TextButtons.isHeadingOverDescription(0, in: detections) == heading)
    }
}

@Suite("Control labels")
struct RowLabelTests {
    @Test(
        "A text inside another that says the same words is spoken once, by the outer one, a button if either was",
        arguments: [
            // (inner label, inner is a button, spoken)
            ("LOGIN", true, ["LOGIN, Button"]),
            ("Log in.", false, ["LOGIN"]),  // same words, case and punctuation aside
            ("LOG", true, ["LOGIN", "LOG, Button"]),  // other words: both stay
        ])
    func nestedRepeats(inner: String, innerIsButton: Bool, spoken: [String]) {
        func textElement(_ frame: Rect, _ label: String, button: Bool) -> Element {
            var e = button ? Element(kind: .button, frame: frame, label: label, traits: .button) : el(.text, frame, label)
            e.detections = [Detection(type: .text, box: frame, confidence: 0.9, text: label)]
            return e
        }
        let outer = textElement(r(9, 586, 348, 40), "LOGIN", button: false)
        let title = textElement(r(161, 602, 39, 10), inner, button: innerIsButton)
        let out = Metadata.mergeNestedRepeats([outer, title], containment: 0.8)
        #expect(out.map { Announcer.announcement(for: $0) } == spoken)
        #expect(Metadata.mergeNestedRepeats([title, outer], containment: 0.8).count == spoken.count)  // either order
    }

    @Test(
        "A text inside a longer one that repeats a run of its words is spoken once, by the longer one; a text button stays",
        arguments: [
            // (inner label, inner is a button, share of the inner inside the outer, spoken)
            ("app.", false, 0.7, ["Book your whole trip — all from one app."]),
            ("whole trip", false, 1.0, ["Book your whole trip — all from one app."]),
            ("trip whole", false, 1.0, ["Book your whole trip — all from one app.", "trip whole"]),  // out of order
            ("app.", false, 0.5, ["Book your whole trip — all from one app.", "app."]),  // mostly outside
            ("one app", true, 1.0, ["Book your whole trip — all from one app.", "one app, Button"]),  // a button
        ])
    func nestedParts(inner: String, innerIsButton: Bool, inside: Double, spoken: [String]) {
        let outerFrame = r(20, 154, 340, 100)
        let frame = r(23, 254 - 20 * inside, 52, 20)
        var outer = el(.text, outerFrame, "Book your whole trip — all from one app.")
        outer.detections = [Detection(type: .text, box: outerFrame, confidence: 0.9, text: outer.label)]
        var part = innerIsButton ? Element(kind: .button, frame: frame, label: inner, traits: .button) : el(.text, frame, inner)
        part.detections = [Detection(type: .text, box: frame, confidence: 0.9, text: inner)]
        let out = Metadata.mergeNestedRepeats([outer, part], containment: 0.85)
        #expect(out.map { Announcer.announcement(for: $0) } == spoken)
        #expect(Metadata.mergeNestedRepeats([part, outer], containment: 0.85).count == spoken.count)  // either order
    }

    @Test("A checkbox or switch row takes the text inside it as its label")
    func rowText() {
        for kind in [ElementKind.checkbox, .toggle] {
            let row = Element(kind: kind, frame: r(0, 100, 390, 44), value: "Off", traits: .button)
            let text = el(.text, r(60, 110, 150, 20), "Remember me")
            let out = Metadata.absorbIntoControls([row, text], containment: 0.8)
            #expect(out.count == 1)
            #expect(out.first?.label == "Remember me")
        }
    }

    @Test(
        "A text field whose own reading is a piece of the text inside it takes that text",
        arguments: [
            // (the field's own reading, the text inside it, spoken)
            ("ord", "Password", "Password, Secure text field"),  // a light placeholder at 1x (ui-real train)
            ("a", "Confirm Email Address", "Confirm Email Address, Text field"),
            ("Email or phone", "Email", "Email or phone, Text field"),  // the text inside is the piece: the field's stays
            ("Email", "Password", "Email, Text field"),  // another reading, not a piece of it
            ("Email address", "lEmail address", "Email address, Text field"),  // the cursor read into the word
            ("Password", "Password 8", "Password, Secure text field"),  // a glyph read as a word
            ("mail", "E-mail", "E-mail, Text field"),
            ("리원세일을", "온리 원세일을", "온리 원세일을, Text field"),  // Hangul is not judged
        ])
    func fieldFragments(own: String, inner: String, spoken: String) {
        let field = Element(kind: .textField, frame: r(20, 300, 350, 38), label: own)
        let text = el(.text, r(38, 312, 180, 13), inner)
        let out = Metadata.absorbIntoControls([field, text], containment: 0.8)
        #expect(out.map { Announcer.announcement(for: $0) } == [spoken])
        // …also where a verb made the text inside a button ("Confirm Email Address").
        var button = Element(kind: .button, frame: text.frame, label: inner, traits: .button)
        button.detections = [det(.text, 38, 312, 180, 13, inner)]
        #expect(Metadata.absorbIntoControls([field, button], containment: 0.8).map { Announcer.announcement(for: $0) } == [spoken])
    }

    @Test("OCR lines inside a checkbox row become its text")
    func ocrIntoRow() {
        let lines = [RecognizedText(text: "Send newsletter", box: r(60, 110, 150, 20), confidence: 0.9)]
        let out = MissingElements.assignText([det(.checkboxUnselected, 0, 100, 390, 44)], lines: lines, insideFraction: 0.5)
        #expect(out.first?.text == "Send newsletter")
    }

    /// The mark of a radio button, checkbox or switch read with its row text is not spoken.
    @Test(arguments: [
        ("O English", "English"), ("© Remember me", "Remember me"), ("[ ] Accept terms", "Accept terms"),
        ("Wi-Fi |", "Wi-Fi"), ("Notifications ®", "Notifications"), ("» Dark mode", "Dark mode"),
        ("O", "O"), ("English", "English"), ("Option A", "Option A"), ("Vitamin D", "Vitamin D"), ("0 items", "0 items"),
    ])
    func controlGlyph(_ c: (String, String)) {
        #expect(Metadata.withoutControlGlyph(c.0) == c.1)
        #expect(Metadata.element(for: det(.checkboxSelected, 0, 0, 300, 40, c.0)).label == c.1)
        #expect(Metadata.element(for: det(.toggleUnselected, 0, 0, 300, 40, c.0)).label == c.1)
    }

    @Test(arguments: [
        ("Q Search", "Search"), ("q search apps", "search apps"), ("Q Queen", "Q Queen"), ("Quick Search", "Quick Search"),
        ("QSearch stores, brands & categories", "Search stores, brands & categories"), ("OSearch", "Search"), ("Qsearching", "Qsearching"),
        ("Search", "Search"), ("Q. Search streams", "Search streams"), ("Q, Search", "Search"), ("Q. Queen", "Q. Queen"),
    ])
    func searchGlyph(_ c: (String, String)) {
        #expect(Metadata.withoutSearchGlyph(c.0) == c.1)
        let field = Metadata.element(for: det(.textField, 0, 0, 300, 40, c.0))
        #expect(field.label == c.1)
    }

    @Test(
        "With a magnifier found in the field, the glyph read in front of any placeholder is left out",
        arguments: [
            // (the field's reading, a magnifier icon inside, spoken)
            ("Q TV app", true, "TV app, Search field"), ("Q TV app", false, "Q TV app, Text field"),
            ("Queen songs", true, "Queen songs, Search field"), ("Q", true, "Search field"),
            // the magnifier at the trailing end, read as a last letter
            ("Keyword or Stock Number Q", true, "Keyword or Stock Number, Search field"),
            ("Keyword or Stock Number Q", false, "Keyword or Stock Number Q, Text field"), ("(Q", false, "Search field"),
            // a sign-in field is no search field, whatever glyph the classifier took for a magnifier
            ("Password", true, "Password, Secure text field"), ("Email address", true, "Email address, Text field"),
        ])
    func magnifierGlyph(reading: String, magnifier: Bool, spoken: String) {
        let field = Metadata.element(for: det(.textField, 0, 0, 300, 40))
        var parts = [field, el(.text, r(40, 10, 200, 20), reading)]
        if magnifier { parts.append(Metadata.element(for: det(.icon, 8, 12, 16, 16, icon: .search))) }
        let absorbed = Metadata.absorbIntoControls(parts, containment: 0.85)
        #expect(absorbed.count == 1)
        #expect(Announcer.announce(absorbed).first?.announcement == spoken)
    }

    @Test(
        "A magnifier poking out of the field's box, or leading it within half its width, joins it",
        arguments: [(-3.0, 9.0, true), (-6, 9, true), (-14, 9, true), (-20, 9, false), (-6, 40, false)])
    func magnifierPokingOut(_ c: (x: Double, y: Double, joins: Bool)) {
        // The field's box starts at x 0; a 10-px magnifier from x −3 (its middle at 2: inside, 0.7
        // of it inside), −6 (across the field's edge), −14 (4 px before it), −20 (10 px: beside
        // it), or across its edge a row below (its middle under the field).
        let parts = [
            Metadata.element(for: det(.textField, 0, 0, 300, 28)), el(.text, r(20, 8, 120, 12), "Search for anything"),
            Metadata.element(for: det(.icon, c.x, c.y, 10, 10, icon: .search)),
        ]
        let absorbed = Metadata.absorbIntoControls(parts, containment: 0.85)
        #expect(absorbed.count == (c.joins ? 1 : 2))
        #expect(absorbed.contains { $0.kind == .icon } == !c.joins)  // else "Search, Image" is said apart
        // A glyph that says what goes in the field (a person, a lock) joins it across its edge,
        // not from before it…
        let person = Metadata.absorbIntoControls(
            [parts[0], parts[1], Metadata.element(for: det(.icon, c.x, c.y, 10, 10, icon: .person))], containment: 0.85)
        #expect(person.count == (c.joins && c.x > -10 ? 1 : 2))
        // …and another glyph there (an "Edit" pencil, a back arrow) is a control of its own.
        for control in [IconMeaning.edit, .back] {
            let kept = Metadata.absorbIntoControls(
                [parts[0], parts[1], Metadata.element(for: det(.icon, c.x, c.y, 10, 10, icon: control))], containment: 0.85)
            #expect(kept.count == 2)
        }
    }

    @Test(
        "A glyph that says what goes in a field joins it across its leading edge; a control there stays",
        arguments: [
            // (the glyph's meaning, its x; the field is 300 × 40 from x 0)
            (IconMeaning?.some(.lock), -4.0, true), (.some(.lock), 14, true),  // across the edge, well inside (fully: containment)
            (.some(.lock), 150, true),  // wholly inside the field: folded in by containment, as before
            (.some(.lock), 292, false),  // across the trailing end: not a leading glyph
            (.some(.mail), -8, true), (nil, -6, true),  // an envelope; an unrecognised "@"
            (.some(.edit), -6, false), (.some(.close), 292, false),
        ])
    func leadingFieldGlyphs(meaning: IconMeaning?, x: Double, joins: Bool) {
        let field = Metadata.element(for: det(.textField, 0, 0, 300, 40))
        let text = el(.text, r(40, 14, 120, 12), "Password")
        let glyph = Metadata.element(for: det(.icon, x, 11, 18, 18, icon: meaning))
        let out = Metadata.absorbIntoControls([field, text, glyph], containment: 0.85)
        #expect(out.count == (joins ? 1 : 2))
        #expect(Announcer.announce(out).first?.announcement == "Password, Secure text field")
    }

    @Test(
        "A password field's eye is its custom action \"Show password\", said with the field",
        arguments: [
            // (the eye's x and y, its kind, the field's reading, the field's actions)
            (285.0, 3.0, ElementKind.icon, "Password", ["Show password"]),  // 5 px across the trailing end, 3 px above
            (262, 11, .icon, "Password", ["Show password"]),  // wholly inside
            (303, 11, .button, "Password", ["Show password"]),  // just after the field; a button
            (330, 11, .icon, "Password", []),  // 30 px after it: beside the field
            (120, 11, .icon, "Password", []),  // in the field's middle: no toggle (folded in, unsaid)
            (285, 45, .icon, "Password", []),  // the row below
            (285, 3, .icon, "Nickname", ["Show"]),  // a field that is no password's: the eye says only "Show"
            (285, 3, .icon, "Password Show", ["Show"]),  // a toggle read as text keeps its title
        ])
    func passwordEye(x: Double, y: Double, kind: ElementKind, reading: String, actions: [String]) {
        let field = Metadata.element(for: det(.textField, 0, 0, 300, 40))
        let text = el(.text, r(16, 14, 140, 12), reading)
        var eye = Metadata.element(for: det(.icon, x, y, 20, 16, icon: .show))
        eye.kind = kind
        let out = Metadata.absorbIntoControls([field, text, eye], containment: 0.85)
        let fieldOut = out.first { $0.kind == .textField }
        #expect(fieldOut?.customActions.map(\.name) == actions)
        // the eye is folded into the field when it is its toggle, and when it lies wholly inside
        #expect(out.count == (actions.isEmpty && x > 300 || y > 40 ? 2 : 1))
    }

    @Test(
        "A text field whose only reading is the magnifier is a search field without a label",
        arguments: [("Q", true), ("Q:", true), ("@", true), ("Qi", false), ("Go", false)])
    func searchGlyphAlone(_ c: (String, Bool)) {
        let field = Metadata.element(for: det(.textField, 0, 0, 300, 40, c.0))
        #expect((field.label == nil) == c.1)
        #expect(field.traits.contains(.searchField) == c.1)
        // read apart and absorbed into the field, the same
        let absorbed = Metadata.absorbIntoControls(
            [Metadata.element(for: det(.textField, 0, 0, 300, 40)), el(.text, r(10, 10, 20, 20), c.0)], containment: 0.85)
        #expect(absorbed.count == 1)
        #expect((absorbed.first?.label == nil) == c.1)
        #expect(absorbed.first?.traits.contains(.searchField) == c.1)
        #expect(Announcer.announce(absorbed).first?.announcement == (c.1 ? "Search field" : "\(c.0), Text field"))
    }

    @Test("A group does not say the same label twice")
    func groupLabelsOnce() {
        let a = el(.text, r(0, 0, 100, 20), "Music Locks")
        let b = el(.text, r(0, 22, 100, 20), "music locks")
        #expect(Grouping.joinLabels([a, b]) == "Music Locks")
        #expect(Grouping.textGroup([a, b]).label == "Music Locks")
        let paragraph = el(.text, r(0, 0, 300, 44), "Would you like to try our Music Locks")
        let line = el(.text, r(0, 22, 120, 20), "Music Locks")
        let below = el(.text, r(0, 50, 120, 20), "Music Locks")
        #expect(Grouping.textGroup([paragraph, line]).label == "Would you like to try our Music Locks")
        #expect(Grouping.textGroup([paragraph, below]).label == "Would you like to try our Music Locks, Music Locks")
        // The paragraph's first line detected on its own and put first (an alert's message): the line goes.
        let first = el(.text, r(0, 0, 300, 20), "Northwind would like to send you alerts")
        let message = el(.text, r(2, 4, 300, 44), "Northwind would like to send you alerts You can change this in Settings.")
        #expect(Grouping.textGroup([first, message]).label == message.label)
        // …but a line that only starts like the next one is its own ("Subtotal:" over "Subtotal: $62.58" stays
        // when the two do not overlap).
        let heading = el(.text, r(0, 0, 100, 20), "Subtotal:")
        let apart = el(.text, r(0, 40, 200, 20), "Subtotal: $62.58")
        #expect(Grouping.textGroup([heading, apart]).label == "Subtotal:, Subtotal: $62.58")
    }
}

@Suite("Announcement metrics")
struct AnnouncementMetricsTests {
    static func analysis(_ elements: [Element]) -> ScreenAnalysis {
        ScreenAnalysis(image: ImageInfo(width: 390, height: 844), elements: Announcer.announce(elements))
    }

    @Test func coverageByKind() {
        let a = Self.analysis([
            el(.text, r(0, 0, 10, 10), "Hello"), el(.text, r(0, 20, 10, 10)),
            Element(kind: .pageControl, frame: r(0, 40, 10, 10), value: "Page 2 of 4", traits: .adjustable),
            Element(kind: .checkbox, frame: r(0, 60, 10, 10), value: "Unchecked", traits: .button),
            Element(kind: .icon, frame: r(0, 80, 10, 10), traits: .image),
        ])
        let c = LabelCoverage(analyses: [a, a])
        #expect(c.screens == 2)
        #expect(c.kinds.map(\.kind) == [.text, .icon, .checkbox, .pageControl])
        #expect(c.kinds.first { $0.kind == .text }?.unlabeled == 2)
        #expect(c.kinds.first { $0.kind == .icon }?.unlabeledShare == 1)
        #expect(c.total.announced == 10 && c.total.unlabeled == 4)
        #expect(c.repeatedParts == 0)
        #expect(c.text().contains("40.0%"))
        #expect(LabelCoverage.hasRepeatedPart("Checkbox, Checkbox, Unchecked"))
        #expect(!LabelCoverage.hasRepeatedPart("Search, Search field"))
    }

    @Test func textButtons() {
        var login = Element(kind: .button, frame: r(100, 100, 60, 20), label: "Log In", traits: .button)
        login.detections = [det(.text, 100, 100, 60, 20, "Log In")]
        var about = Element(kind: .button, frame: r(100, 300, 60, 20), label: "About", traits: .button)
        about.detections = [det(.text, 100, 300, 60, 20, "About")]
        var icon = Element(kind: .button, frame: r(10, 10, 20, 20), label: "Back", traits: .button)
        icon.detections = [det(.icon, 10, 10, 20, 20)]
        var m = TextButtonMetrics()
        m.add(Self.analysis([login, about, icon]), buttons: [r(90, 95, 80, 30), r(100, 500, 80, 30)], staticTexts: [r(95, 295, 80, 30)])
        #expect(m.truth == 2 && m.predicted == 2 && m.matched == 1 && m.onStaticText == 1)
        #expect(m.precision == 0.5 && m.recall == 0.5)
        #expect(TextButtonMetrics().precision == nil)
    }

    @Test func iconAndTextButtonsAreJudgedApart() {
        var login = Element(kind: .button, frame: r(100, 100, 60, 20), label: "Log In", traits: .button)
        login.detections = [det(.text, 100, 100, 60, 20, "Log In")]
        var cart = Element(kind: .button, frame: r(50, 300, 48, 68), label: "Cart", traits: .button)
        cart.detections = [det(.icon, 50, 300, 48, 48), det(.text, 52, 352, 44, 16, "Cart")]
        let screen = Self.analysis([login, cart])
        var text = TextButtonMetrics()
        text.add(screen, buttons: [r(90, 95, 80, 30)], staticTexts: [])
        var iconText = TextButtonMetrics(kind: .iconAndText)
        iconText.add(screen, buttons: [r(45, 295, 60, 80)], staticTexts: [])
        #expect(text.predicted == 1 && text.matched == 1)
        #expect(iconText.predicted == 1 && iconText.matched == 1)
        #expect(iconText.text().hasPrefix("Icon-and-text buttons: 1 in the ground truth"))
    }

    /// A tab made of an icon and its title, and a small picture over its caption, are icon-and-text
    /// buttons; a tab of an icon alone, or a text tab, is not.
    @Test func tabsAndCaptionedPicturesAreIconAndTextButtons() {
        var tab = Element(kind: .tabButton, frame: r(20, 580, 24, 30), label: "Home", traits: [.button, .tabBar])
        tab.detections = [det(.icon, 20, 580, 24, 20), det(.text, 20, 602, 24, 8, "Home")]
        tab.children = [el(.icon, r(20, 580, 24, 20)), el(.text, r(20, 602, 24, 8), "Home")]
        var iconTab = Element(kind: .tabButton, frame: r(80, 580, 24, 20), label: "Search", traits: [.button, .tabBar])
        iconTab.detections = [det(.icon, 80, 580, 24, 20)]
        var textTab = Element(kind: .tabButton, frame: r(140, 590, 40, 10), label: "Chats", traits: [.button, .tabBar])
        textTab.detections = [det(.text, 140, 590, 40, 10, "Chats")]
        var app = Element(kind: .button, frame: r(100, 100, 60, 80), label: "Bluetooth Share", traits: .button)
        app.detections = [det(.picture, 110, 100, 40, 40), det(.text, 100, 150, 60, 12, "Bluetooth Share")]
        var m = TextButtonMetrics(kind: .iconAndText)
        m.add(Self.analysis([tab, iconTab, textTab, app]), buttons: [r(18, 578, 28, 34), r(95, 95, 70, 90)], staticTexts: [])
        #expect(m.predicted == 2 && m.matched == 2)
        var t = TextButtonMetrics()
        t.add(Self.analysis([tab, iconTab, textTab, app]), buttons: [], staticTexts: [])
        #expect(t.predicted == 0)
    }
}

@Suite("Run-together words")
struct RunTogetherWordsTests {
    @Test(arguments: [
        ("SIGNUPWITHEMAIL", "SIGN UP WITH EMAIL"),
        ("CREATEACCOUNT", "CREATE ACCOUNT"),
        ("LOGINWITHGOOGLE", "LOG IN WITH GOOGLE"),
        ("Whereto?", "Where to?"),
        ("Continue withFacebook", "Continue with Facebook"),
        // a vocabulary word, a run too short, a run the vocabulary does not cover, other characters
        ("Notifications", "Notifications"),
        ("Signin", "Signin"),
        ("TravelingAgain19", "TravelingAgain19"),
        ("myfitnesspal", "my fitness pal"),  // English words: as it is said
        // English words where the interface words do not cover the run (ui-real, 2026-11-27)
        ("Seewhereyourmusictakesyou", "See where your music takes you"),
        ("Connect togetpersonalizedrecommendations", "Connect to get personalized recommendations"),
        ("of shopping at yourfingertips", "of shopping at your fingertips"),
        ("REMINDMETOADDPRODUCTSLATER", "REMIND ME TO ADD PRODUCTS LATER"),
        ("onyour", "onyour"),  // too short for the English words
        ("Carolina", "Carolina"),  // a name: "Carol in a" would be English words
        ("Make a selection.", "Make a selection."),  // an English word: the interface words would split it
        ("portmanteaus", "portmanteaus"),  // short English words ("port man tea us"): a word the list lacks
        // a word, a capitalised run of six letters, inner capitals (a name)
        ("Marshmallow", "Marshmallow"),
        ("Goodbye", "Goodbye"),
        ("MoneyStream", "MoneyStream"),
        ("appcrawler1@gmail.com", "appcrawler1@gmail.com"),
        ("androidplayor@gmail.com", "androidplayor@gmail.com"),
        ("", ""),
        // a full stop run into the next sentence; web addresses and initials keep theirs
        ("Follow&ExploreForums.Chat with Enthusiasts", "Follow&ExploreForums. Chat with Enthusiasts"),
        ("visit google.com today", "visit google.com today"),
        ("TRACEUP.COM", "TRACEUP.COM"),
        ("U.S.Army", "U.S.Army"),
    ])
    func split(_ text: String, _ expected: String) {
        #expect(RunTogetherWords.split(text) == expected)
    }

    @Test(
        "Every text read: runs of ten letters or more split into English words; words, shorter runs, names and addresses stay",
        arguments: [
            ("Thisisyourplace-to stayclosewith thepeopleyoulove", "This is your place-to stay close with the people you love"),
            ("SIGNUPWITHEMAIL", "SIGN UP WITH EMAIL"),
            ("Downloaded only", "Downloaded only"),  // a word: the interface words would say "Down loaded"
            ("Get paperless confirmation", "Get paperless confirmation"),  // nine letters
            ("Flashcards", "Flashcards"),  // two words need twelve letters: a compound the list lacks
            ("where you are,andwellfind the", "where you are,and well find the"),  // not "an dwell find"
            ("Instagram", "Instagram"),
            ("Afghanistan", "Afghanistan"),  // a name of the list ("Afghan is tan")
            ("Marriott Gaithersburg", "Marriott Gaithersburg"),  // capitalised, no interface word: a name
            ("Theonlyfashion app that you willeverneed.", "The only fashion app that you will ever need."),
            ("buyincoins", "buyincoins"),  // "buy in coins": 3.3 letters a word
            ("appcrawler1@gmail.com", "appcrawler1@gmail.com"),
            ("ponyo_thecutestgirl", "ponyo_thecutestgirl"),
        ])
    func splitEnglish(_ text: String, _ expected: String) {
        #expect(RunTogetherWords.splitEnglish(text) == expected)
    }
}

@Suite("Broken words")
struct BrokenWordsTests {
    @Test(
        "A word cut in two is joined; a lost first letter is put back, where a mark stood for it or in a text of two words or more",
        arguments: [
            // cut in two (the listening screens, 2026-11-29)
            ("The language learning c ommunity", "The language learning community"),
            ("Sho pping List", "Shopping List"),
            ("Let's quickly show you ar ound.", "Let's quickly show you around."),
            ("Browse all articles in a section throu gh a floating button", "Browse all articles in a section through a floating button"),
            ("GRI ZZLY", "GRIZZLY"),
            // letter-spaced
            ("Usern a m e", "Username"),
            ("Com m ent", "Comment"),
            ("Forgot your pass w ord?", "Forgot your password?"),
            ("FAR M ERS M", "FARMERS M"),
            ("BEDBATH& BEYO N D", "BEDBATH& BEYOND"),
            ("I am a m e", "I am a m e"),  // no word
            ("Wh IS tle", "Wh IS tle"),  // two cases
            ("a b c", "a b c"),  // too short
            // a first letter read as a mark
            ("-orgot your password?", "Forgot your password?"),
            (">hoto: Phillippe", "Photo: Phillippe"),
            ("\\lready have an account", "Already have an account"),
            ("*EATURED LESSONS", "FEATURED LESSONS"),
            // a first letter lost, in a text of two words or more
            ("onnect with Facebook", "Connect with Facebook"),
            ("RANSACTION HISTORY", "TRANSACTION HISTORY"),
            ("assword (Min 6 characters", "Password (Min 6 characters"),
            ("Store & share product mages", "Store & share product images"),
            ("anguage: English", "Language: English"),
            // left alone: a word alone, a name, words, too short, two ways, hashtags, other marks, spacing
            ("viator", "viator"),
            ("AVANT", "AVANT"),
            ("Major Lazer", "Major Lazer"),
            ("Ashley Logan", "Ashley Logan"),
            ("Learn more pics", "Learn more pics"),
            ("ther ent", "ther ent"),
            ("#gree to the terms", "#gree to the terms"),
            ("Dutch (Netherlands)", "Dutch (Netherlands)"),
            ("-athome and around", "-athome and around"),
            ("Sign  ommunity", "Sign  ommunity"),
            ("ID ea", "ID ea"),
            ("GRI zzly", "GRI zzly"),
            ("", ""),
            ("로그인 하기", "로그인 하기"),
        ])
    func mended(_ text: String, _ expected: String) {
        #expect(BrokenWords.mended(text) == expected)
    }

    @Test(
        "A word hyphenated at a line's end is one word: without the hyphen where the parts make a word, with it where each part is one",
        arguments: [
            // the listening screens (2026-11-29)
            ("a secure link between your ac- count and your device", "a secure link between your account and your device"),
            ("To get personalized recommenda- tions", "To get personalized recommendations"),
            ("sync score- cards with friends", "sync scorecards with friends"),
            ("messages that self- destruct after they are read.", "messages that self-destruct after they are read."),
            ("access 7- day archive", "access 7-day archive"),
            ("a safer, hassle- free trip", "a safer, hassle-free trip"),
            ("Ac- count", "Account"),
            ("between 6 and 30 char- actors, at least", "between 6 and 30 characters, at least"),  // a look-alike letter
            // left alone: a conjunction after the hyphen, no word, a capital after the hyphen, a hyphen alone
            ("pre- and post-war", "pre- and post-war"),
            ("e- baer fe pie", "e- baer fe pie"),
            ("Feb 24- Apple Pay", "Feb 24- Apple Pay"),
            ("wan- de", "wan- de"),
            ("Wi-Fi", "Wi-Fi"),
            ("- item", "- item"),
        ])
    func hyphenated(_ text: String, _ expected: String) {
        #expect(BrokenWords.mended(text) == expected)
    }
}

@Suite("iOS back buttons")
struct BackButtonTests {
    /// A 360 × 640 screen's bar: a back chevron at x 8 (12 × 20 px), a text after it, and a title.
    @Test(
        "A back chevron and the previous screen's title beside it are one button when the bar's title is centred",
        arguments: [
            // (text after the chevron: x, label; the other text's x, or nil; chevron's y; spoken)
            (24.0, "Settings", 150.0 as Double?, 40.0, ["Settings, Back, Button", "Bluetooth"]),  // "‹ Settings   Bluetooth"
            (24.0, "Back", 150.0, 40.0, ["Back, Button", "Bluetooth"]),  // the title says "Back"
            (48.0, "Settings", 150.0, 40.0, ["Back, Button", "Settings", "Bluetooth"]),  // 1.4 heights off: an Android title
            (24.0, "SIGN UP", nil, 40.0, ["Back, Button", "SIGN UP"]),  // no centred title: the text is the bar's title
            (24.0, "Back", nil, 40.0, ["Back, Button"]),  // no centred title, but the text says "Back": the button's own
            (24.0, "Settings", 250.0, 40.0, ["Back, Button", "Settings", "Bluetooth"]),  // the other text is not centred
            (24.0, "Settings", 150.0, 300.0, ["Back, Button", "Settings", "Bluetooth"]),  // not in the top bar
        ] as [(Double, String, Double?, Double, [String])])
    func joined(textX: Double, text: String, titleX: Double?, y: Double, spoken: [String]) {
        let back = Element(
            kind: .button, frame: r(8, y, 12, 20), label: "Back", traits: .button, detections: [det(.icon, 8, y, 12, 20, icon: .back)])
        func textElement(_ x: Double, _ label: String) -> Element {
            Element(kind: .text, frame: r(x, y + 2, 60, 16), label: label, traits: .staticText, detections: [det(.text, x, y + 2, 60, 16, label)])
        }
        var elements = [back, textElement(textX, text)]
        if let titleX { elements.append(textElement(titleX, "Bluetooth")) }
        let out = Metadata.joinBackButtonTitles(elements, screen: ImageInfo(width: 360, height: 640), maxGap: 0.45)
        #expect(Announcer.announce(out).map(\.announcement) == spoken.filter { titleX != nil || $0 != "Bluetooth" })
        if out.count < elements.count { #expect(out[0].frame == r(8, y, textX + 60 - 8, 20)) }
    }
}
