import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

@testable import ScreenRecognitionOCR

/// Fixtures are crops of the OCR check set (Benchmarks/ocr-checkset, 3x, fonts other than Inter):
/// dialog-light.png = screen-09 (Noto Sans, light) x 120..1050, y 900..1620 — an alert with white
/// text on a blue and a red button; notifications-dark.png = screen-12 (Liberation Sans, dark)
/// y 560..1240 — names, grey timestamps and white-on-colour pill buttons.
private func fixture(_ name: String) throws -> RGBAImage {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures"))
    return try SystemImageDecoder().decode(Data(contentsOf: url), maxPixels: 10_000_000)
}

@Suite("Tesseract words joined into a line")
struct TesseractWordJoinTests {
    static func words(_ items: [(String, Double, Double)]) -> [RecognizedText.Word] {
        items.map { RecognizedText.Word(text: $0.0, box: Rect(x: $0.1, y: 0, width: $0.2 - $0.1, height: 30), confidence: 0.9) }
    }

    @Test(arguments: [
        // Korean syllables Tesseract returns apart (ui-real crops: gaps 0.13–0.23 of the height) are one word.
        ([("많", 11.0, 45.0), ("이", 49.0, 80.0), ("들", 85.0, 112.0), ("은", 116.0, 136.0)], "많이들은"),
        ([("슈", 9.0, 30.0), ("퍼", 37.0, 55.0)], "슈퍼"),
        // A real space (0.3 of the height and more) stays.
        ([("주전", 6.0, 51.0), ("검색어", 61.0, 139.0)], "주전 검색어"),
        // Latin words keep their spaces however close.
        ([("Log", 0.0, 40.0), ("In", 42.0, 60.0)], "Log In"),
        ([("Qty", 0.0, 40.0), ("2", 42.0, 50.0), ("주간", 52.0, 80.0)], "Qty 2 주간"),
        ([], ""),
    ])
    func joined(_ c: ([(String, Double, Double)], String)) {
        #expect(TesseractTextRecognizer.joined(Self.words(c.0)) == c.1)
    }
}

private let tesseractInstalled = (try? TesseractTextRecognizer()) != nil

@Suite("Tesseract strips are cut in blank bands")
struct StripCutTests {
    /// A 100-row picture with ink (0) on the given rows, white elsewhere.
    static func picture(ink rows: [ClosedRange<Int>]) -> GreyImage {
        var p = [UInt8](repeating: 255, count: 10 * 100)
        for r in rows { for y in r { for x in 2..<8 { p[y * 10 + x] = 0 } } }
        return GreyImage(width: 10, height: 100, pixels: p)
    }

    @Test(arguments: [
        // Blank band 45...54 around the middle: cut at its centre.
        ([0...44, 55...99], 2, [50]),
        // The nearest band to the middle wins (40...43 is 4 rows, 60...69 is farther).
        ([0...39, 44...59, 70...99], 2, [42]),
        // A blank band of 3 rows is too thin to cut; no band in the middle half: read whole.
        ([0...48, 52...99], 2, []),
        ([0...80], 2, []),
        // Three strips: one cut near each third.
        ([0...30, 36...64, 70...99], 3, [33, 67]),
        // Cuts share the height (not the ink): the blank band nearest the middle.
        ([0...29, 36...39, 80...83], 2, [60]),
        // One strip, or no ink: no cut.
        ([], 2, []),
        ([0...44, 55...99], 1, []),
    ])
    func cuts(_ c: ([ClosedRange<Int>], Int, [Int])) {
        #expect(TesseractTextRecognizer.stripCuts(Self.picture(ink: c.0), strips: c.1, blankLevel: 200, minBlankRows: 4) == c.2)
    }
}

@Suite(.enabled(if: tesseractInstalled, "needs tesseract-ocr-eng"))
struct TesseractTests {
    let ocr: TesseractTextRecognizer

    init() throws {
        ocr = try TesseractTextRecognizer()
    }

    @Test func readsLightDialogIncludingWhiteTextOnColouredButtons() throws {
        let lines = try ocr.recognizeText(in: fixture("dialog-light"), region: nil)
        let texts = lines.map(\.text)
        #expect(texts.contains("Turn on Location?"))
        #expect(texts.contains("You can change this in Settings."))
        #expect(texts.contains("Yes, Continue"))  // white on system blue
        #expect(texts.contains("Delete"))  // white on system red
        #expect(texts.contains("Later"))
        for line in lines {
            #expect(line.confidence > 0.5 && line.confidence <= 1)
            #expect(!line.words.isEmpty)
            #expect(line.words.map(\.text).joined(separator: " ") == line.text)
        }
    }

    /// Without OMP_THREAD_LIMIT (the test process has none unless the caller set it), a read leaves
    /// OpenMP with no active level on the reading thread: Tesseract's parallel regions run on it alone.
    @Test(.enabled(if: OpenMPThreads.limitsThreads && OpenMPThreads.maxActiveLevels != nil, "OMP_THREAD_LIMIT set, or no OpenMP"))
    func readsKeepOpenMPToOneThread() throws {
        _ = try ocr.recognizeText(in: fixture("dialog-light"), region: nil)
        // Same thread as the read: the lock in the recogniser is taken on the caller's thread.
        #expect(OpenMPThreads.maxActiveLevels == 0)
    }

    @Test func boxesAreTight() throws {
        let lines = try ocr.recognizeText(in: fixture("dialog-light"), region: nil)
        let delete = try #require(lines.first { $0.text == "Delete" })
        // The DOM's line box of "Delete" (truth.json, screen-09, minus the crop offset): its glyphs
        // fill the width and sit inside the line box's height (which includes the leading).
        let dom = Rect(x: 502 - 120, y: 1396 - 900, width: 166, height: 69)
        let b = delete.box
        #expect(b.minX >= dom.minX - 4 && b.maxX <= dom.maxX + 4)
        #expect(b.minY >= dom.minY - 4 && b.maxY <= dom.maxY + 4)
        #expect(b.width >= 0.9 * dom.width)
        #expect(b.height >= 0.4 * dom.height)
        // Words of a line lie inside the line's box, left to right.
        let yes = try #require(lines.first { $0.text == "Yes, Continue" })
        #expect(yes.words.count == 2)
        #expect(yes.words[0].box.maxX <= yes.words[1].box.minX)
        for w in yes.words { #expect(w.box.fractionInside(yes.box) > 0.99) }
    }

    @Test func readsDarkMode() throws {
        let lines = try ocr.recognizeText(in: fixture("notifications-dark"), region: nil)
        let all = lines.map(\.text).joined(separator: "\n")
        for expected in ["Mateo Larsen", "Hugo Quinn", "Gabriel O'Brien", "Sofia Nguyen", "Details", "Play", "32m", "57m"] {
            #expect(all.contains(expected), "missing \(expected) in \(all)")
        }
    }

    @Test func regionIsReadAndBoxesComeBackInImageCoordinates() throws {
        let image = try fixture("dialog-light")
        // The red button only.
        let region = Rect(x: 300, y: 480, width: 330, height: 110)
        let lines = try ocr.recognizeText(in: image, region: region)
        #expect(lines.map(\.text) == ["Delete"])
        let box = try #require(lines.first?.box)
        #expect(box.fractionInside(region) > 0.99)
        #expect(box.minX > 370 && box.minY > 490)
        // A region outside the image, or empty after clipping, reads nothing.
        #expect(try ocr.recognizeText(in: image, region: Rect(x: 5000, y: 5000, width: 10, height: 10)).isEmpty)
        #expect(throws: ScreenRecognitionError.self) {
            try ocr.recognizeText(in: image, region: Rect(x: .nan, y: 0, width: 10, height: 10))
        }
    }

    @Test func tinyAndBlankImagesReadNothing() throws {
        #expect(try ocr.recognizeText(in: RGBAImage(width: 1, height: 1, fill: .white), region: nil).isEmpty)
        #expect(try ocr.recognizeText(in: RGBAImage(width: 3, height: 3, fill: .black), region: nil).isEmpty)
        #expect(try ocr.recognizeText(in: RGBAImage(width: 300, height: 200, fill: RGB(r: 0, g: 122, b: 255)), region: nil).isEmpty)
    }

    @Test func concurrentCallsAgree() async throws {
        let image = try fixture("dialog-light")
        let ocr = self.ocr
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<3 {
                group.addTask { try ocr.recognizeText(in: image, region: nil).map(\.text) }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(results.count == 3)
        #expect(Set(results.map { $0.joined(separator: "|") }).count == 1)
    }

    /// A tall picture read as two strips at once gives the same lines, in the same places, as one
    /// read: the cut lies in a blank band, so no line is split.
    @Test func stripsReadTheSameLinesAsOneRead() throws {
        let image = try fixture("notifications-dark")
        var whole = TesseractSettings()
        whole.parallelStrips = 1
        var strips = TesseractSettings()
        strips.minStripHeight = 100
        let a = try TesseractTextRecognizer(settings: whole).recognizeText(in: image, region: nil)
        let b = try TesseractTextRecognizer(settings: strips).recognizeText(in: image, region: nil)
        #expect(a.map(\.text) == b.map(\.text))
        for (x, y) in zip(a, b) {
            #expect(abs(x.box.minY - y.box.minY) <= 2 && abs(x.box.maxY - y.box.maxY) <= 2, "\(x.text): \(x.box) vs \(y.box)")
        }
    }

    /// The page-level passes run on bands of rows at once; the picture must not depend on how
    /// many (fills, their edges and the nested recursion included).
    @Test(arguments: ["notifications-dark", "dialog-light"])
    func preprocessingIsTheSameOnAnyNumberOfThreads(_ name: String) throws {
        let image = try fixture(name)
        let one = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: image.width, height: image.height, threads: 1)
        for threads in [2, 3, 4, 64] {
            let many = TesseractPreprocessing.backgroundDistance(
                image, x0: 0, y0: 0, width: image.width, height: image.height, threads: threads)
            #expect(many == one, "\(threads) threads")
        }
        // A region inside the picture too.
        let w = image.width / 2
        let h = image.height / 2
        let part1 = TesseractPreprocessing.backgroundDistance(image, x0: 10, y0: 20, width: w, height: h, threads: 1)
        let part4 = TesseractPreprocessing.backgroundDistance(image, x0: 10, y0: 20, width: w, height: h, threads: 4)
        #expect(part1 == part4)
        #expect(part1.pixels.contains { $0 < 128 })  // it holds text
    }

    @Test func shrinkingAveragesTheAreaEachPixelCovers() {
        // A 6×3 picture: columns 0,255,0,255,0,255 in every row.
        let g = GreyImage(width: 6, height: 3, pixels: (0..<18).map { UInt8($0 % 2 == 0 ? 0 : 255) })
        let half = TesseractTextRecognizer.shrunk(g, by: 2)
        #expect(half.width == 3 && half.height == 1)
        #expect(half.pixels == [128, 128, 128])  // (0 + 255) / 2, rounded
        // By 1.5, output column k covers input [1.5k, 1.5k + 1.5): column 0 is (0·1 + 255·0.5) / 1.5
        // = 85, column 1 (255·0.5 + 0·1) / 1.5 = 85, columns 2 and 3 (255·1 + 0·0.5) / 1.5 = 170.
        let f = TesseractTextRecognizer.shrunk(g, by: 1.5)
        #expect(f.width == 4 && f.height == 2)
        #expect(f.pixels == [85, 85, 170, 170, 85, 85, 170, 170])
    }

    @Test func luminancePreprocessingStillReadsDarkMode() throws {
        let ocr = try TesseractTextRecognizer(settings: TesseractSettings(preprocessing: .luminance))
        let all = try ocr.recognizeText(in: fixture("notifications-dark"), region: nil).map(\.text).joined(separator: "\n")
        #expect(all.contains("Hugo Quinn"))
    }

    @Test func preprocessingPutsWhiteButtonTextDarkOnWhite() throws {
        // A light page with a blue button holding white strokes ("text", 6 px wide like 17 pt text at
        // 3x): after preprocessing the page and the button are white and the strokes black. (A thick
        // white block would count as a panel nested in the button, and stay white.)
        var image = RGBAImage(width: 600, height: 400, fill: .white)
        image = image.filling(Rect(x: 100, y: 100, width: 400, height: 150), with: RGB(r: 0, g: 122, b: 255))
        for i in 0..<8 {
            image = image.filling(Rect(x: 200 + Double(i) * 25, y: 160, width: 6, height: 30), with: .white)
        }
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 600, height: 400)
        let at = { (x: Int, y: Int) in grey.pixels[y * 600 + x] }
        #expect(at(20, 20) == 255)  // page
        #expect(at(120, 120) == 255)  // button fill
        #expect(at(303, 175) == 0)  // white "text" on the button
        // Luminance alone leaves the button darker than its text (the polarity problem).
        let lum = TesseractPreprocessing.luminance(image, x0: 0, y0: 0, width: 600, height: 400)
        #expect(lum.pixels[175 * 600 + 303] > lum.pixels[120 * 600 + 120])
    }

    @Test(arguments: [
        // (what, page, pixel, ink: black ≤ 40, paper: white ≥ 200)
        ("dark-mode blue text", RGB(r: 0, g: 0, b: 0), RGB(r: 10, g: 132, b: 255), true),
        ("its hue bled into a gap by JPEG", RGB(r: 0, g: 0, b: 0), RGB(r: 20, g: 20, b: 100), false),
        ("light-mode blue text", RGB(r: 255, g: 255, b: 255), RGB(r: 0, g: 122, b: 255), true),
        ("orange text on white", RGB(r: 255, g: 255, b: 255), RGB(r: 255, g: 149, b: 0), true),
        ("grey secondary text", RGB(r: 255, g: 255, b: 255), RGB(r: 138, g: 138, b: 142), true),
        ("red text on black", RGB(r: 0, g: 0, b: 0), RGB(r: 255, g: 69, b: 58), true),
    ])
    func colourFarInHueButNotInLuminanceIsPaper(_ c: (String, RGB, RGB, Bool)) {
        // JPEG halves colour resolution: between the letters of coloured text the hue bleeds while the
        // luminance stays the page's. A pixel's distance is capped at twice its luminance difference,
        // so strokes stay ink and such gaps become paper.
        var image = RGBAImage(width: 600, height: 400, fill: c.1)
        image = image.filling(Rect(x: 300, y: 150, width: 6, height: 30), with: c.2)
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 600, height: 400)
        let value = grey.pixels[165 * 600 + 302]
        if c.3 { #expect(value <= 40, "\(c.0)") } else { #expect(value >= 200, "\(c.0)") }
    }

    @Test(arguments: [
        ("a button alone", false, false),
        ("joined by a 4 px line to a drawn frame", true, false),
        ("and with text on the page beside it", true, true),
    ])
    func buttonJoinedToADrawingByAThinLineIsStillAFill(_ c: (String, Bool, Bool)) {
        // A blue button with white strokes on a white page; in ui-real's illustrated login screens a
        // thin line of the drawing touches it, and the button with the drawing is no solid shape.
        // The opening cuts the line: the button is a fill of its own and its text comes out black.
        var image = RGBAImage(width: 600, height: 400, fill: .white)
        let blue = RGB(r: 0, g: 122, b: 255)
        image = image.filling(Rect(x: 100, y: 100, width: 300, height: 150), with: blue)
        for i in 0..<6 {
            image = image.filling(Rect(x: 150 + Double(i) * 25, y: 160, width: 6, height: 30), with: .white)
        }
        if c.1 {
            image = image.filling(Rect(x: 400, y: 170, width: 160, height: 4), with: blue)
            image = image.filling(Rect(x: 560, y: 20, width: 4, height: 360), with: blue)
            image = image.filling(Rect(x: 20, y: 20, width: 544, height: 4), with: blue)
        }
        if c.2 { image = image.filling(Rect(x: 450, y: 300, width: 6, height: 30), with: RGB(r: 30, g: 30, b: 30)) }
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 600, height: 400)
        let at = { (x: Int, y: Int) in grey.pixels[y * 600 + x] }
        #expect(at(120, 120) == 255, "button fill")
        #expect(at(228, 175) == 0, "white text on the button")
        #expect(at(10, 300) == 255, "page")
        if c.2 { #expect(at(452, 315) == 0, "dark text on the page") }
    }
}

@Suite("Tesseract preprocessing: dimmed pages and bold letters")
struct TesseractPreprocessingRuleTests {
    @Test(arguments: [
        ("white page", RGB(r: 255, g: 255, b: 255), 256),
        ("black page", RGB(r: 0, g: 0, b: 0), 256),
        ("white dimmed by iOS's 40 % black", RGB(r: 153, g: 153, b: 153), 426),
        ("white under Material's 32 % scrim", RGB(r: 173, g: 173, b: 173), 377),
        ("dark grey page (photo, #303030)", RGB(r: 48, g: 48, b: 48), 256),
        ("system blue (not grey)", RGB(r: 0, g: 122, b: 255), 256),
        ("mid green (not grey)", RGB(r: 120, g: 160, b: 120), 256),
    ])
    func distancesAreScaledOnMidGreyPagesOnly(_ c: (String, RGB, Int)) {
        #expect(TesseractPreprocessing.reachScaleQ8((Int(c.1.r), Int(c.1.g), Int(c.1.b))) == c.2, "\(c.0)")
    }

    /// A page with grey strokes 53 levels darker than it: on a flat mid-grey page (a screen dimmed
    /// behind an alert) they come out dark; the same strokes on white, or on a page of many colours
    /// (a photo), keep the fixed thresholds and come out light.
    @Test(arguments: [
        ("flat dimmed page", UInt8(153), false, true),
        ("white page", UInt8(255), false, false),
        ("mid-grey photo", UInt8(153), true, false),
    ])
    func greyTextOnADimmedPageComesOutDark(_ c: (String, UInt8, Bool, Bool)) {
        let page = RGB(r: c.1, g: c.1, b: c.1)
        var image = RGBAImage(width: 1170, height: 600, fill: page)
        if c.2 {
            // Bands of five greys 16 levels apart: no colour covers 30 % of the page.
            for i in 0..<30 {
                let v = UInt8(Int(c.1) - 32 + (i % 5) * 16)
                image = image.filling(Rect(x: 0, y: Double(i * 20), width: 1170, height: 20), with: RGB(r: v, g: v, b: v))
            }
        }
        let ink = UInt8(Int(c.1) - 53)
        for i in 0..<8 {
            image = image.filling(Rect(x: 200 + Double(i) * 40, y: 205, width: 6, height: 30), with: RGB(r: ink, g: ink, b: ink))
        }
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 1170, height: 600)
        let stroke = grey.pixels[220 * 1170 + 203]
        if c.3 {
            #expect(stroke < 64, "\(c.0): \(stroke)")
        } else {
            #expect(stroke > 160, "\(c.0): \(stroke)")
        }
    }

    /// A white block on a blue button: 8 cells (32 px of a 1170-px screen) tall it is a bold word
    /// blurred into one blob (a 1x "SIGN" scaled up 3×) and stays ink; 12 cells tall it is a white
    /// pill on the button, a fill of its own whose inside comes out white.
    @Test(arguments: [("a blurred bold word", 32.0, true), ("a white pill", 48.0, false)])
    func aShortBlockOnAButtonIsInkNotAFill(_ c: (String, Double, Bool)) {
        var image = RGBAImage(width: 1170, height: 400, fill: .white)
        image = image.filling(Rect(x: 100, y: 100, width: 900, height: 160), with: RGB(r: 0, g: 122, b: 255))
        image = image.filling(Rect(x: 400, y: 180 - c.1 / 2, width: 200, height: c.1), with: .white)
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 1170, height: 400)
        #expect(grey.pixels[180 * 1170 + 500] == (c.2 ? 0 : 255), "\(c.0)")
        #expect(grey.pixels[120 * 1170 + 150] == 255, "the button's fill")
    }

    /// A solid black block (a bold capital, 9×18 cells of 4 px) on a white page is a fill — its
    /// inside is measured against its own colour and comes out white — unless letters of its colour
    /// stand beside it on its line (rings, which hold no solid square): then it is the first letter
    /// of a word and stays black. A frame around it (a battery's outline) or a ring of another
    /// colour does not make it a letter.
    @Test(arguments: [
        ("alone", 0, false),
        ("letters beside it", 1, true),
        ("a thin frame around it", 2, false),
        ("blue letters beside it", 3, false),
    ])
    func aBoldCapitalBesideItsWordIsNotAFill(_ c: (String, Int, Bool)) {
        let black = RGB(r: 0, g: 0, b: 0)
        var image = RGBAImage(width: 1170, height: 400, fill: .white)
        image = image.filling(Rect(x: 200, y: 100, width: 36, height: 72), with: black)
        func ring(_ x: Double, _ colour: RGB) {
            image = image.filling(Rect(x: x, y: 124, width: 32, height: 48), with: colour)
            image = image.filling(Rect(x: x + 8, y: 132, width: 16, height: 32), with: .white)
        }
        switch c.1 {
        case 1: for k in 0..<3 { ring(244 + Double(k) * 44, black) }
        case 2:
            image = image.filling(Rect(x: 188, y: 88, width: 60, height: 96), with: black)
            image = image.filling(Rect(x: 192, y: 92, width: 52, height: 88), with: .white)
            image = image.filling(Rect(x: 200, y: 100, width: 36, height: 72), with: black)
        case 3: for k in 0..<3 { ring(244 + Double(k) * 44, RGB(r: 0, g: 122, b: 255)) }
        default: break
        }
        let grey = TesseractPreprocessing.backgroundDistance(image, x0: 0, y0: 0, width: 1170, height: 400)
        #expect(grey.pixels[136 * 1170 + 218] == (c.2 ? 0 : 255), "\(c.0)")
    }

    /// Tesseract reads Roboto's "$" as "§": the filtered words carry the amount mended by the
    /// analysis's own rule (``TextRepair/dollars(_:)``), so the `ocr` command's words and the
    /// analysis's lines agree; a "§" inside a word stays.
    @Test func theWordsOfAnAmountReadWithASectionSignSayDollar() {
        func w(_ t: String, _ x: Double) -> TesseractTextRecognizer.RawWord {
            .init(text: t, box: Rect(x: x, y: 10, width: 40, height: 20), confidence: 0.95)
        }
        let out = TesseractTextRecognizer.filter([[w("Coffee", 0), w("-§885.42", 50), w("a§b", 100)]], settings: TesseractSettings(), dx: 0, dy: 0)
        #expect(out.first?.words.map(\.text) == ["Coffee", "-$885.42", "a§b"])
        #expect(out.first?.text == "Coffee -$885.42 a§b")
    }

    @Test(.enabled(if: tesseractInstalled, "needs tesseract-ocr-eng"))
    func thePreprocessedPictureOfANarrowScreenshotIsScaledUpLikeTheRead() throws {
        let ocr = try TesseractTextRecognizer()
        let small = RGBAImage(width: 390, height: 200, fill: .white)
        #expect(ocr.preprocessed(small).width == 1170)
        let big = RGBAImage(width: 1170, height: 200, fill: .white)
        #expect(ocr.preprocessed(big).width == 1170)
    }
}

@Suite struct TesseractConfigurationTests {
    @Test func missingLanguageDataIsAModelErrorThatSaysWhatToInstall() {
        do {
            _ = try TesseractTextRecognizer(dataPath: "/nonexistent/tessdata")
            Issue.record("expected an error")
        } catch let e as ScreenRecognitionError {
            #expect(e.kind == .model)
            #expect(e.message.contains("tesseract-ocr-eng"))
            #expect(e.message.contains("/nonexistent/tessdata"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: ScreenRecognitionError.self) { try TesseractTextRecognizer(language: "../eng") }
    }

    @Test(.enabled(if: tesseractInstalled)) func badPageSegmentationModeIsRejected() {
        #expect(throws: ScreenRecognitionError.self) {
            try TesseractTextRecognizer(settings: TesseractSettings(pageSegmentationMode: 42))
        }
    }

    @Test func junkFilterDropsIconsAndKeepsInnerSeparators() {
        func w(_ t: String, _ c: Double, _ x: Double) -> TesseractTextRecognizer.RawWord {
            .init(text: t, box: Rect(x: x, y: 10, width: 20, height: 20), confidence: c)
        }
        let settings = TesseractSettings()
        let lines: [[TesseractTextRecognizer.RawWord]] = [
            [w("©", 0.9, 0), w("Qty", 0.9, 30), w("2", 0.9, 60), w("·", 0.8, 90), w("$5", 0.9, 120), w("@", 0.9, 150)],
            [w("@", 0.95, 0)],  // an icon alone
            [w("e", 0.5, 0)],  // a single low-confidence character
            [w("Wi-Fi", 0.2, 0)],  // below the word threshold
        ]
        let out = TesseractTextRecognizer.filter(lines, settings: settings, dx: 100, dy: 1000)
        #expect(out.map(\.text) == ["Qty 2 · $5"])
        #expect(out[0].box == Rect(x: 130, y: 1010, width: 110, height: 20))
        // A short word alone on its line (an icon read as "fw") needs 0.90, unless it has a digit.
        let lone: [[TesseractTextRecognizer.RawWord]] = [[w("fw", 0.5, 0)], [w("Pay", 0.95, 0)], [w("6w", 0.5, 0)], [w("fw", 0.5, 0), w("Done", 0.9, 30)]]
        #expect(TesseractTextRecognizer.filter(lone, settings: settings, dx: 0, dy: 0).map(\.text) == ["Pay", "6w", "fw Done"])
        // A syllable counts as two letters: a lone two- or three-syllable Korean word is not short,
        // a lone syllable is.
        let korean: [[TesseractTextRecognizer.RawWord]] = [[w("동영상", 0.86, 0)], [w("받기", 0.85, 0)], [w("가", 0.85, 0)], [w("가", 0.95, 0)]]
        #expect(TesseractTextRecognizer.filter(korean, settings: settings, dx: 0, dy: 0).map(\.text) == ["동영상", "받기", "가"])
        // Thresholds off: the low-confidence words stay; a symbol alone is still no text.
        #expect(TesseractTextRecognizer.filter(lines, settings: .unfiltered, dx: 0, dy: 0).count == 3)
    }

    @Test(arguments: [
        // (what, the lone line's text and height beside three 20-px lines, kept)
        ("a logo's \"f\" twice the text's height", "f", 40.0, false),
        ("a rounded corner read \"J\" at 1.5 ×", "J", 30.0, false),
        ("a calendar's day letter, smaller than the text", "M", 15.0, true),
        ("an icon read as a letter at 1.4 × stays", "a", 28.0, true),
        ("a large digit is text", "7", 60.0, true),
        ("a large two-letter word is text", "Hi", 60.0, true),
    ])
    func aLoneLetterFarTallerThanThePagesTextIsAGlyph(_ c: (String, String, Double, Bool)) {
        func line(_ t: String, _ y: Double, _ h: Double) -> [TesseractTextRecognizer.RawWord] {
            [.init(text: t, box: Rect(x: 10, y: y, width: 10 * Double(t.count), height: h), confidence: 0.95)]
        }
        let page = [line("Settings", 0, 20), line("Wi-Fi", 40, 20), line("Bluetooth", 80, 20), line(c.1, 120, c.2)]
        let kept = TesseractTextRecognizer.filter(page, settings: TesseractSettings(), dx: 0, dy: 0).map(\.text)
        #expect(kept.contains(c.1) == c.3, "\(c.0)")
        // Without three lines of text to compare with (a crop), and with the filters off, it stays.
        #expect(TesseractTextRecognizer.filter([line(c.1, 0, c.2)], settings: TesseractSettings(), dx: 0, dy: 0).count == 1)
        #expect(TesseractTextRecognizer.filter(page, settings: .unfiltered, dx: 0, dy: 0).count == 4)
    }
}
