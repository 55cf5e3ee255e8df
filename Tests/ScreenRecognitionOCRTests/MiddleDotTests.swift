import ScreenRecognition
import Testing

@testable import ScreenRecognitionOCR

@Suite("Tesseract: middle dots")
struct MiddleDotTests {
    /// A white 120 × 40 picture with black rectangles (x, y, width, height).
    static func picture(_ rects: [(Int, Int, Int, Int)]) -> GreyImage { .white(120, 40, black: rects) }

    // Letters 30 px tall from y = 5 to the baseline at 35; glyphs are placed in a word box x 0…60.
    static let digit = (2, 5, 14, 30)
    static let digit2 = (20, 5, 14, 30)
    static let dot = (26, 22, 4, 4)  // round, floating in the middle, 10 px from the digit
    static let dotAfter2 = (44, 22, 4, 4)
    static let fullStop = (20, 31, 4, 4)  // on the baseline, close to its letter
    static let hyphen = (19, 19, 10, 4)  // wide
    static let upperDot = (26, 13, 4, 4)  // a colon's upper dot, its lower one faded
    static let nearDot = (19, 22, 4, 4)  // round and floating but 3 px from the digit

    @Test(
        "A round dot floating apart between letters, read as a look-alike, is a middle dot of its own",
        arguments: [
            ("8:", [digit, dot], ["8", "·"]),
            ("8-", [digit, dot], ["8", "·"]),
            ("8.", [digit, dot], ["8", "·"]),
            ("8-$5", [digit, dot, (40, 3, 14, 34)], ["8", "·", "$5"]),  // a "$" a little taller
            ("8.", [digit, fullStop], ["8."]),  // a full stop on the baseline
            ("8.", [digit, (26, 20, 8, 10)], ["8."]),  // round, apart, centred low enough, but reaching the baseline
            ("8-", [digit, hyphen], ["8-"]),  // a hyphen is wide
            ("8:", [digit, upperDot], ["8:"]),  // too high: a colon's dot
            ("8-", [digit, nearDot], ["8-"]),  // not apart from its letter
            ("-8", [dot, (36, 5, 14, 30)], ["-8"]),  // a minus sign starts the word
            ("88:", [digit, digit2, dotAfter2], ["88", "·"]),
            ("8:8", [digit, dot, (36, 5, 14, 30)], ["8:8"]),  // between digits: a time
            ("8", [digit], ["8"]),
        ] as [(String, [(Int, Int, Int, Int)], [String])])
    func middleDot(_ c: (String, [(Int, Int, Int, Int)], [String])) {
        let rects = c.1
        let right = rects.map { $0.0 + $0.2 }.max() ?? 0
        let word = TesseractTextRecognizer.RawWord(text: c.0, box: Rect(x: 0, y: 3, width: Double(right + 2), height: 34), confidence: 0.6)
        let result = TesseractTextRecognizer.withMiddleDots([word], in: Self.picture(rects), minimumSingleCharacterConfidence: 0.8)
        #expect(result.map(\.text) == c.2)
        // The parts keep the word's confidence; one character at least the single-character floor.
        if result.count > 1 { #expect(result.allSatisfy { $0.confidence == ($0.text.count == 1 ? 0.8 : 0.6) }) }
    }

    @Test("A word that is only a look-alike takes the letters' top and baseline from the line's other words")
    func loneMark() {
        // "Sep 15 - Card": words 30 px tall from y = 5; the "-" word is a round dot in the middle.
        func word(_ text: String, _ x: Double, _ w: Double, _ y: Double = 5, _ h: Double = 30) -> TesseractTextRecognizer.RawWord {
            .init(text: text, box: Rect(x: x, y: y, width: w, height: h), confidence: 0.9)
        }
        let dot = Self.picture([(60, 22, 4, 4)])
        let line = [word("15", 20, 30), word("-", 60, 4, 22, 4), word("Card", 74, 40)]
        #expect(TesseractTextRecognizer.withMiddleDots(line, in: dot, minimumSingleCharacterConfidence: 0.8).map(\.text) == ["15", "·", "Card"])
        let dash = Self.picture([(56, 22, 14, 4)])
        let dashed = [word("15", 20, 30), word("-", 56, 14, 22, 4), word("Card", 74, 40)]
        #expect(TesseractTextRecognizer.withMiddleDots(dashed, in: dash, minimumSingleCharacterConfidence: 0.8).map(\.text) == ["15", "-", "Card"])
    }
}
