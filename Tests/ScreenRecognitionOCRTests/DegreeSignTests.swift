import ScreenRecognition
import Testing

@testable import ScreenRecognitionOCR

@Suite("Tesseract: degree signs")
struct DegreeSignTests {
    /// A white 40 × 30 picture with black rectangles (x, y, width, height).
    static func picture(_ rects: [(Int, Int, Int, Int)]) -> GreyImage { .white(40, 30, black: rects) }

    static let digit = (5, 5, 4, 20)  // a "1" from the top of the box to its baseline
    static let ring = (14, 5, 7, 7)  // a raised, round glyph
    static let fullHeight = (14, 5, 7, 20)  // a glyph reaching the baseline
    static let fragment = (14, 5, 3, 10)  // a tall, narrow piece of a faint glyph
    static let touching = (9, 5, 7, 7)  // a ring joined to its digit

    @Test(
        "A raised ring after a digit read as a look-alike is a degree sign",
        arguments: [
            ("12", [digit, ring], "1°"),
            ("10", [digit, ring], "1°"),
            ("-7?", [digit, ring], "-7°"),
            ("12", [digit, fullHeight], "12"),  // a real digit reaches the baseline
            ("12", [digit, fragment], "12"),  // not round: a fragment of a "2"
            ("12", [digit, touching], "12"),  // one run of ink: left as read
            ("1°", [digit, ring], "1°"),  // already a degree sign
            ("A0", [digit, ring], "A0"),  // not after a digit
            ("1", [digit], "1"),
        ] as [(String, [(Int, Int, Int, Int)], String)])
    func degreeSign(_ c: (String, [(Int, Int, Int, Int)], String)) {
        let word = TesseractTextRecognizer.RawWord(text: c.0, box: Rect(x: 4, y: 5, width: 18, height: 20), confidence: 0.9)
        #expect(TesseractTextRecognizer.withDegreeSign(word, in: Self.picture(c.1)).text == c.2)
    }
}
