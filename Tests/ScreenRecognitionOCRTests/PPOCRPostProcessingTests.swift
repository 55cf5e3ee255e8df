import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionOCR

/// The model-free parts of the PP-OCR pipeline: DB post-processing, CTC decoding, word splitting,
/// the junk filter and settings.
@Suite("PP-OCR post-processing")
struct PPOCRPostProcessingTests {
    /// A `width × height` map of `background` with rectangles (x, y, w, h) set to `value`.
    static func map(
        width: Int, height: Int, background: Float = 0.02,
        _ rects: [(Int, Int, Int, Int, Float)]
    ) -> [Float] {
        var m = [Float](repeating: background, count: width * height)
        for (x, y, w, h, v) in rects {
            for yy in y..<(y + h) { for xx in x..<(x + w) { m[yy * width + xx] = v } }
        }
        return m
    }

    static func regions(_ m: [Float], _ w: Int, _ h: Int, unclip: Double = 1.5) -> [PPOCRTextRegion] {
        PPOCRDetectionPostProcessing.regions(
            probabilities: m, width: w, height: h, threshold: 0.3,
            boxScoreThreshold: 0.5, unclipRatio: unclip, minimumSide: 3)
    }

    @Test func findsEachRegionAndGrowsItByAreaTimesRatioOverPerimeter() {
        let m = Self.map(width: 100, height: 60, [(10, 40, 40, 10, 0.9), (60, 10, 20, 6, 0.8)])
        let r = Self.regions(m, 100, 60)
        #expect(r.count == 2)
        // Sorted top to bottom: the 20×6 region first. d = 20·6·1.5 / (2·26) ≈ 3.46.
        let d1 = 20.0 * 6 * 1.5 / 52
        let d2 = 40.0 * 10 * 1.5 / 100
        #expect(abs(r[0].box.minX - (60 - d1)) < 1e-9 && abs(r[0].box.maxX - (80 + d1)) < 1e-9)
        #expect(abs(r[0].box.minY - (10 - d1)) < 1e-9 && abs(r[0].box.maxY - (16 + d1)) < 1e-9)
        #expect(abs(r[1].box.minX - (10 - d2)) < 1e-9 && abs(r[1].box.maxY - (50 + d2)) < 1e-9)
        #expect(abs(r[0].score - 0.8) < 1e-4 && abs(r[1].score - 0.9) < 1e-4)
    }

    @Test func diagonalNeighboursAreOneRegion() {
        // Two squares touching only at a corner: 8-connectivity joins them.
        let m = Self.map(width: 30, height: 30, [(5, 5, 5, 5, 1), (10, 10, 5, 5, 1)])
        let r = Self.regions(m, 30, 30, unclip: 0)
        #expect(r.count == 1)
        #expect(r.first?.box == Rect(minX: 5, minY: 5, maxX: 15, maxY: 15))
    }

    @Test(arguments: [
        // (description, rectangle, regions expected)
        ("thinner than 3 px", (10, 10, 30, 2, Float(0.95)), 0),
        ("scores below the box threshold", (10, 10, 30, 8, Float(0.45)), 0),
        ("below the binarisation threshold", (10, 10, 30, 8, Float(0.25)), 0),
        ("a clear line", (10, 10, 30, 8, Float(0.7)), 1),
    ])
    func keepsOnlyConfidentRegionsOfUsableSize(_ description: String, _ rect: (Int, Int, Int, Int, Float), _ expected: Int) {
        let m = Self.map(width: 60, height: 30, [rect])
        #expect(Self.regions(m, 60, 30).count == expected, "\(description)")
    }

    @Test func theScoreIsTheMeanOverTheBoundingRectangle() {
        // An L shape filling three quarters of its 20×20 bounding rectangle.
        let m = Self.map(
            width: 40, height: 40, background: 0,
            [(0, 0, 20, 10, 1), (0, 10, 10, 10, 1)])
        let scores = PPOCRDetectionPostProcessing.regions(
            probabilities: m, width: 40, height: 40, threshold: 0.3,
            boxScoreThreshold: 0, unclipRatio: 0, minimumSide: 1
        ).map(\.score)
        #expect(scores.count == 1 && abs(scores[0] - 0.75) < 1e-6)
    }

    @Test func emptyOrMismatchedMapsGiveNothing() {
        #expect(Self.regions([], 0, 0).isEmpty)
        #expect(Self.regions([0.9, 0.9], 3, 3).isEmpty)
        #expect(Self.regions([Float](repeating: 0.1, count: 64), 8, 8).isEmpty)
    }

    // MARK: CTC

    /// Classes: blank, a, b, c, 中, space.
    static let alphabet = PPOCRAlphabet(dictionary: "a\nb\nc\n中", latinOnly: false)

    /// A `steps × 6` matrix putting `p` on each step's class (by symbol, "-" for blank).
    static func matrix(_ steps: [String], p: Float = 0.9) -> [Float] {
        let symbols = ["-", "a", "b", "c", "中", " "]
        var m = [Float](repeating: (1 - p) / 5, count: steps.count * symbols.count)
        for (t, s) in steps.enumerated() { m[t * symbols.count + symbols.firstIndex(of: s)!] = p }
        return m
    }

    @Test func theAlphabetIsBlankDictionarySpace() {
        #expect(Self.alphabet.symbols == ["", "a", "b", "c", "中", " "])
        let fullWidth = PPOCRAlphabet(dictionary: "）\nＡ", latinOnly: true)
        #expect(fullWidth.symbols == ["", ")", "A", " "], "full-width forms read as ASCII")
        #expect(fullWidth.allowed == [true, true, true, true])
        let latin = PPOCRAlphabet(dictionary: "a\n中\n©\n€\n•", latinOnly: true)
        #expect(latin.allowed == [true, true, false, true, true, true, true])
    }

    @Test(arguments: [
        (["a", "a", "-", "a", "b", "b", " ", "c"], "aab c"),
        (["-", "-", "-"], ""),
        (["a", "a", "a", "a"], "a"),
        (["a", "-", "a", "-", "a"], "aaa"),
        (["b", " ", " ", "c", "-"], "b c"),
    ])
    func greedyDecodingMergesRepeatsAndDropsBlanks(_ steps: [String], _ expected: String) {
        let m = Self.matrix(steps)
        let chars = PPOCRTextDecoding.decode(m, timeSteps: steps.count, classes: 6, alphabet: Self.alphabet)
        #expect(chars.map(\.text).joined() == expected)
        #expect(chars.allSatisfy { abs($0.confidence - 0.9) < 1e-6 })
    }

    @Test func splitCharactersOutweighingTheBlankAreEmitted() {
        // Step 1: blank 0.4, a 0.35, b 0.25 → greedy reads nothing there, split-mass reads "a".
        var m = [Float](repeating: 0, count: 3 * 6)
        m[0 * 6 + 2] = 1  // step 0: b
        m[1 * 6 + 0] = 0.4
        m[1 * 6 + 1] = 0.35
        m[1 * 6 + 2] = 0.25
        m[2 * 6 + 3] = 1  // step 2: c
        #expect(PPOCRTextDecoding.decode(m, timeSteps: 3, classes: 6, alphabet: Self.alphabet).map(\.text) == ["b", "c"])
        #expect(PPOCRTextDecoding.decode(m, timeSteps: 3, classes: 6, alphabet: Self.alphabet, splitMass: true).map(\.text) == ["b", "a", "c"])
        // A confident blank still separates repeats.
        var r = [Float](repeating: 0, count: 3 * 6)
        r[0 * 6 + 1] = 1
        r[1 * 6 + 0] = 0.9
        r[1 * 6 + 1] = 0.1
        r[2 * 6 + 1] = 1
        #expect(PPOCRTextDecoding.decode(r, timeSteps: 3, classes: 6, alphabet: Self.alphabet, splitMass: true).map(\.text) == ["a", "a"])
    }

    @Test(arguments: [
        ("0ct", "Oct"), ("10am", "10am"), ("2024", "2024"), ("AlI", "All"), ("ln", "In"), ("l", "I"),
        ("iOS", "iOS"), ("Il", "Il"), ("B0B", "BOB"), ("log", "log"),
    ])
    func lookalikesAreFixedInsideWords(_ read: String, _ fixed: String) {
        #expect(PPOCRTextDecoding.fixLookalikes(read) == fixed)
    }

    @Test func separatorDotsStandAlone() {
        let w = PPOCRTextDecoding.words(
            Self.chars([("8", 0), ("·", 2), ("C", 4), ("a", 5), ("r", 6), ("d", 7), (" ", 8), ("•", 9), ("•", 10), ("1", 11), ("5", 12)]), maxGapSteps: 100)
        #expect(w.map(\.text) == ["8", "·", "Card", "••", "15"])
    }

    @Test func decodingKeepsTimeSteps() {
        let chars = PPOCRTextDecoding.decode(Self.matrix(["-", "a", "a", "-", "b", "-", "-", "c"]), timeSteps: 8, classes: 6, alphabet: Self.alphabet)
        #expect(chars.map(\.timeStep) == [1, 4, 7])
    }

    @Test func latinOnlyPicksTheBestAllowedClass() {
        // Step 0: 中 0.6, b 0.3 → "b" when CJK is not allowed.
        var m = [Float](repeating: 0.02, count: 6)
        m[4] = 0.6
        m[2] = 0.3
        let all = PPOCRTextDecoding.decode(m, timeSteps: 1, classes: 6, alphabet: Self.alphabet)
        let latin = PPOCRTextDecoding.decode(m, timeSteps: 1, classes: 6, alphabet: PPOCRAlphabet(dictionary: "a\nb\nc\n中", latinOnly: true))
        #expect(all.map(\.text) == ["中"])
        #expect(latin.map(\.text) == ["b"] && abs(latin[0].confidence - 0.3) < 1e-6)
    }

    @Test func decodingAShortOrEmptyBufferGivesNothing() {
        #expect(PPOCRTextDecoding.decode([0.5, 0.5], timeSteps: 3, classes: 6, alphabet: Self.alphabet).isEmpty)
        #expect(PPOCRTextDecoding.decode([], timeSteps: 0, classes: 6, alphabet: Self.alphabet).isEmpty)
    }

    // MARK: Words

    static func chars(_ spec: [(String, Int)]) -> [PPOCRCharacter] {
        spec.map { PPOCRCharacter(text: $0.0, confidence: 0.9, timeStep: $0.1) }
    }

    @Test func wordsSplitAtSpacesAndWideGaps() {
        let w = PPOCRTextDecoding.words(
            Self.chars([("S", 2), ("i", 4), ("r", 5), ("i", 6), (" ", 8), ("&", 10), (" ", 12), ("A", 14), ("B", 22)]),
            maxGapSteps: 6)
        #expect(w.map(\.text) == ["Siri", "&", "A", "B"])
        #expect(w.map(\.firstStep) == [2, 10, 14, 22])
        #expect(w.map(\.lastStep) == [6, 10, 14, 22])
    }

    @Test(arguments: [
        ("On>", ["On", ">"]),
        ("14›", ["14", "›"]),
        ("<Back", ["<", "Back"]),
        ("a>b", ["a>b"]),
        ("14)", ["14", ")"]),
        ("(iOS)", ["(iOS)"]),
        (">", [">"]),
    ])
    func chevronsGluedToTheLineAreSplitOff(_ text: String, _ expected: [String]) {
        var chars = Self.chars(text.enumerated().map { (String($1), 2 * $0) })
        chars[chars.count - 1].confidence = 0.5
        let w = PPOCRTextDecoding.words(chars, maxGapSteps: 100)
        #expect(w.map(\.text) == expected)
        // Each part keeps its own characters' confidence.
        #expect(
            w.map(\.confidence)
                == expected.enumerated().map { i, part in
                    let n = part.count
                    return i == expected.count - 1 ? (0.9 * Double(n - 1) + 0.5) / Double(n) : 0.9
                })
    }

    // MARK: Junk filter

    static let square = Rect(x: 0, y: 0, width: 40, height: 40)
    static let narrow = Rect(x: 0, y: 0, width: 22, height: 40)

    @Test(arguments: [
        (["Off", ">"], [narrow, narrow], ["Off"]),
        ([">", "Search"], [narrow, narrow], ["Search"]),
        (["•", "Wi-Fi", "@"], [narrow, narrow, narrow], ["Wi-Fi"]),
        (["Sounds", "&", "Haptics"], [narrow, narrow, narrow], ["Sounds", "&", "Haptics"]),
        (["O", "Search"], [square, narrow], ["Search"]),
        (["O", "Search"], [narrow, narrow], ["O", "Search"]),
        (["Take", "a"], [narrow, square], ["Take", "a"]),
        (["Version", "0"], [narrow, square], ["Version"]),
        (["Version", "0"], [narrow, narrow], ["Version", "0"]),
        (["©"], [narrow], []),
        (["O"], [square], []),
        (["•", "•", "•"], [narrow, narrow, narrow], []),
    ])
    func dropsIconJunkAtTheEndsOfALine(_ words: [String], _ boxes: [Rect], _ kept: [String]) {
        let range = PPOCRJunkFilter.keptRange(words, boxes: boxes)
        #expect(Array(words[range]) == kept)
    }

    @Test(arguments: [
        ("Wi-Fi", 0.9, true),
        ("Wi-Fi", 0.45, false),  // below PP-OCR's drop score
        ("—", 0.99, false),  // no letter or digit
        ("2", 0.95, true),
        ("O", 0.8, false),  // a single letter needs 0.9
        ("V", 0.86, false),
        ("2", 0.85, true),  // a single digit 0.8
        ("7", 0.7, false),
        ("12", 0.8, true),
    ])
    func keepsLinesWithLettersAndEnoughConfidence(_ text: String, _ confidence: Double, _ keep: Bool) {
        #expect(PPOCRJunkFilter.keepLine(text: text, confidence: confidence, settings: PPOCRSettings()) == keep)
    }

    // MARK: Settings

    @Test func settingsDecodeFromAnySubsetOfKeys() throws {
        let s = try JSONDecoder().decode(PPOCRSettings.self, from: Data(#"{"detectionMaxSide": 960, "latinOnly": false}"#.utf8))
        var expected = PPOCRSettings()
        expected.detectionMaxSide = 960
        expected.latinOnly = false
        #expect(s == expected)
        let roundTrip = try JSONDecoder().decode(PPOCRSettings.self, from: JSONEncoder().encode(expected))
        #expect(roundTrip == expected)
    }

    @Test(arguments: [
        #"{"detectionMaxSide": 16}"#,
        #"{"binarizationThreshold": 1.5}"#,
        #"{"recognitionBatchSize": 0}"#,
        #"{"wordGapFactor": 0}"#,
        #"{"minimumLineConfidence": -1}"#,
    ])
    func invalidSettingsAreRejected(_ json: String) throws {
        let s = try JSONDecoder().decode(PPOCRSettings.self, from: Data(json.utf8))
        #expect(throws: ScreenRecognitionError.self) { try s.validate() }
    }
}
