import Foundation

/// Decodes encoded image bytes (PNG, JPEG …) into RGBA pixels.
///
/// Implementations must refuse images whose header claims more pixels than `maxPixels` *before*
/// allocating, and throw ``ScreenRecognitionError`` (never crash) on corrupt or truncated input.
public protocol ImageDecoder: Sendable {
    /// Reads only the header: the image's pixel size.
    func dimensions(of data: Data) throws -> ImageInfo
    /// Decodes the whole image.
    func decode(_ data: Data, maxPixels: Int) throws -> RGBAImage
}

/// Finds UI elements in a screenshot (paper §4). Returns raw candidates in image pixels; the core
/// applies per-class thresholds, NMS and cross-class NMS afterwards (``PostProcessing``).
public protocol ElementDetector: Sendable {
    func detect(in image: RGBAImage) throws -> [Detection]
}

/// Reads text (OCR, paper §5.1–5.2). Returns lines with tight boxes in image pixels.
public protocol TextRecognizer: Sendable {
    /// Reads the text in `region` of `image` (the whole image when `region` is `nil`).
    func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText]
}

/// The result of icon recognition (§5.2): one of the ``IconMeaning``s and a confidence.
public struct IconRecognition: Sendable, Hashable, Codable {
    public var meaning: IconMeaning
    public var confidence: Double
    public init(meaning: IconMeaning, confidence: Double) {
        self.meaning = meaning
        self.confidence = confidence
    }
}

/// A short description of a picture (§5.2), e.g. "Cat".
public struct PictureDescription: Sendable, Hashable, Codable {
    public var label: String
    public var confidence: Double
    /// What kind of picture it is, as spoken ("Photo", "Illustration", "Map"), when the describer
    /// tells kinds apart (Models/pictures: `kinds` in its model.json); said for a picture that
    /// neither its own text nor `label` names, at ``ContentSettings/minPictureKindConfidence``.
    public var kind: String?
    /// The describer's probability for ``kind``.
    public var kindConfidence: Double?
    public init(label: String, confidence: Double, kind: String? = nil, kindConfidence: Double? = nil) {
        self.label = label
        self.confidence = confidence
        self.kind = kind
        self.kindConfidence = kindConfidence
    }

    /// A picture of `faces` people (at least one): "Person", "Two people", "Group of people".
    public static func people(_ faces: Int, confidence: Double) -> PictureDescription {
        PictureDescription(label: peopleLabels[min(max(faces, 1), peopleLabels.count) - 1], confidence: confidence)
    }

    /// What pictures of one, two and more people are called.
    public static let peopleLabels = ["Person", "Two people", "Group of people"]

    /// Whether `label` only says that people are in the picture: beside a name, as a list row's
    /// avatar, such a picture adds nothing to the name and is decorative
    /// (``Metadata/absorbDecorativeIcons(_:gap:maxPictureWidth:leadingGap:leadingEdge:maxThumbnailWidth:keyline:keepingChevronsFrom:)``).
    public static func saysOnlyPeople(_ label: String?) -> Bool { label.map(peopleLabels.contains) ?? false }
}

/// The features icon clickability is predicted from (§5.4: location, size, icon meaning, plus
/// neighbours and repetition).
public struct IconFeatures: Sendable, Hashable, Codable {
    /// The icon's frame divided by the screen size (all four values in 0...1).
    public var normalizedFrame: Rect
    public var screenWidth: Double
    public var screenHeight: Double
    public var meaning: IconMeaning?
    /// Detections whose centre is within one icon-height to the left or right on the same row.
    public var neighboursOnRow: Int
    /// Other icons of about the same size (±20%) whose centres share the row (±half a height).
    public var similarIconsOnRow: Int
    /// Whether a text detection lies on the icon's row right next to it (a cell's leading icon).
    public var hasTextOnRow: Bool

    public init(
        normalizedFrame: Rect, screenWidth: Double, screenHeight: Double, meaning: IconMeaning?,
        neighboursOnRow: Int, similarIconsOnRow: Int, hasTextOnRow: Bool
    ) {
        self.normalizedFrame = normalizedFrame
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.meaning = meaning
        self.neighboursOnRow = neighboursOnRow
        self.similarIconsOnRow = similarIconsOnRow
        self.hasTextOnRow = hasTextOnRow
    }
}

/// Recognises content and interactivity (§5.2, §5.4): icon meanings, picture descriptions and
/// whether an icon is a button. Each method may return `nil` for "don't know".
public protocol ContentRecognizer: Sendable {
    func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition?
    /// ``recognizeIcon(in:box:)`` for each of a screen's icons, one entry per box in order, so that a
    /// model can take them all in one run. The default asks ``recognizeIcon(in:box:)`` for each box.
    func recognizeIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?]
    func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription?
    /// Probability (0...1) that the icon is clickable.
    func clickProbability(of icon: IconFeatures) throws -> Double?
    /// Probabilities (0...1) that each text is a button ("Log In"), one per entry of `texts`, or
    /// `nil` without a text-button model.
    func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]?
}

extension ContentRecognizer {
    public func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? { nil }
    public func recognizeIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?] {
        try boxes.map { try recognizeIcon(in: image, box: $0) }
    }
    public func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription? { nil }
    public func clickProbability(of icon: IconFeatures) throws -> Double? { nil }
    public func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]? { nil }
}
