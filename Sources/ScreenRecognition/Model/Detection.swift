import Foundation

/// One detected UI element: a class, a box in image pixels and a confidence.
///
/// In a detections file (`--detections FILE`) a detection may also carry `text` and `iconLabel`,
/// which stand in for OCR (`analyze` still reads the detections left without text) and icon recognition.
public struct Detection: Codable, Sendable, Hashable {
    /// Where a detection came from.
    public enum Source: String, Codable, Sendable, Hashable {
        /// The element detector (or a detections file standing in for it).
        case detector
        /// Text recognised by OCR that no detection covered (§5.1).
        case ocr
        /// A text turned into a segment by segmented-control row completion (§5.1).
        case rowCompletion
        /// A text turned into a segment of a tab strip under a toolbar (``MissingElements/recoverTabStrips(_:image:settings:)``).
        case tabStrip
        /// A checkbox or radio glyph beside a text that the detector missed
        /// (``MissingElements/recoverCheckboxGlyphs(_:image:lines:)``).
        case checkboxGlyph
        /// A text worded as a placeholder in a text field's shape, turned into that field
        /// (``TextFieldShapes/recoverFields(_:image:lines:)``).
        case fieldShape
    }

    public var type: ElementClass
    public var box: Rect
    public var confidence: Double
    public var text: String?
    public var iconLabel: IconMeaning?
    public var source: Source
    /// For a picture nothing names: what kind of picture the describer found it to be ("Photo",
    /// "Illustration"; ``PictureDescription/kind``), spoken by `PictureKindStage` if the picture
    /// is still unnamed when the analysis is otherwise done.
    public var pictureKind: String?

    public init(
        type: ElementClass, box: Rect, confidence: Double = 1, text: String? = nil,
        iconLabel: IconMeaning? = nil, source: Source = .detector
    ) {
        self.type = type
        self.box = box
        self.confidence = confidence
        self.text = text
        self.iconLabel = iconLabel
        self.source = source
    }

    enum CodingKeys: String, CodingKey { case type, box, confidence, text, iconLabel, source, pictureKind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try c.decode(String.self, forKey: .type)
        guard let type = ElementClass(rawValue: typeName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c,
                debugDescription: "unknown type '\(typeName)' (expected one of: \(ElementClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.type = type
        self.box = try c.decode(Rect.self, forKey: .box)
        let confidence = try c.decodeIfPresent(Double.self, forKey: .confidence) ?? 1
        guard confidence.isFinite, (0...1).contains(confidence) else {
            throw DecodingError.dataCorruptedError(forKey: .confidence, in: c, debugDescription: "confidence \(confidence) is outside 0...1")
        }
        self.confidence = confidence
        self.text = try c.decodeIfPresent(String.self, forKey: .text)
        if let name = try c.decodeIfPresent(String.self, forKey: .iconLabel) {
            guard let meaning = IconMeaning(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .iconLabel, in: c,
                    debugDescription: "unknown iconLabel '\(name)' (expected one of: \(IconMeaning.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            self.iconLabel = meaning
        } else {
            self.iconLabel = nil
        }
        self.source = try c.decodeIfPresent(Source.self, forKey: .source) ?? .detector
        self.pictureKind = try c.decodeIfPresent(String.self, forKey: .pictureKind)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(box, forKey: .box)
        try c.encode(confidence.roundedConfidence, forKey: .confidence)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(iconLabel, forKey: .iconLabel)
        if source != .detector { try c.encode(source, forKey: .source) }
        try c.encodeIfPresent(pictureKind, forKey: .pictureKind)
    }
}

extension Double {
    /// A confidence as written in JSON output: four decimals.
    public var roundedConfidence: Double { (self * 10000).rounded() / 10000 }
}

/// A line of text read by a ``TextRecognizer``.
public struct RecognizedText: Codable, Sendable, Hashable {
    /// A word inside a line.
    public struct Word: Codable, Sendable, Hashable {
        public var text: String
        public var box: Rect
        public var confidence: Double
        public init(text: String, box: Rect, confidence: Double) {
            self.text = text
            self.box = box
            self.confidence = confidence
        }
    }

    public var text: String
    public var box: Rect
    public var confidence: Double
    public var words: [Word]

    public init(text: String, box: Rect, confidence: Double, words: [Word] = []) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.words = words
    }
}
