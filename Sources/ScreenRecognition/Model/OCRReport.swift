import Foundation

/// The JSON of `screenrec ocr --format json` and of the server's `POST /v1/ocr`:
/// `{"lines": [{"text", "box": [x, y, w, h], "confidence", "words": [{"text", "box", "confidence"}]}]}`,
/// boxes on the pixel grid and confidences rounded (`Double.roundedConfidence`).
public struct OCRReport: Codable, Sendable, Hashable {
    public struct Word: Codable, Sendable, Hashable {
        public var text: String
        public var box: Rect
        public var confidence: Double
    }
    public struct Line: Codable, Sendable, Hashable {
        public var text: String
        public var box: Rect
        public var confidence: Double
        public var words: [Word]
    }
    public var lines: [Line]

    public init(lines: [RecognizedText]) {
        self.lines = lines.map { l in
            Line(
                text: l.text, box: l.box.roundedToPixels(), confidence: l.confidence.roundedConfidence,
                words: l.words.map { Word(text: $0.text, box: $0.box.roundedToPixels(), confidence: $0.confidence.roundedConfidence) })
        }
    }
}

extension Rect {
    /// The rectangle with whole-pixel origin and size (OCR boxes are reported on the pixel grid).
    public func roundedToPixels() -> Rect {
        Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height.rounded())
    }
}
