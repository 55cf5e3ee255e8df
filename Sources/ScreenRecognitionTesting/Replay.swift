import Foundation
import ScreenRecognition

/// An `ElementDetector` that replays canned detections, whatever the pixels — the core's
/// equivalent of NIOEmbedded for tests and demos.
public struct ReplayDetector: ElementDetector {
    public var detections: [Detection]
    public init(_ detections: [Detection]) { self.detections = detections }
    /// Loads a detections file.
    public init(contentsOf url: URL) throws {
        self.detections = try DetectionsFile.decode(Data(contentsOf: url))
    }
    public func detect(in image: RGBAImage) throws -> [Detection] { detections }
}

/// A `TextRecognizer` returning fixed lines (only those inside `region` when one is given).
public struct ReplayTextRecognizer: TextRecognizer {
    public var lines: [RecognizedText]
    public init(_ lines: [RecognizedText]) { self.lines = lines }
    public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        guard let region else { return lines }
        return lines.filter { $0.box.fractionInside(region) >= 0.5 }
    }
}

/// A `ContentRecognizer` answering from tables keyed by box, with a fixed click probability.
public struct ReplayContentRecognizer: ContentRecognizer {
    public var icons: [Rect: IconRecognition]
    public var pictures: [Rect: PictureDescription]
    public var clickProbability: (@Sendable (IconFeatures) -> Double?)?
    /// The text-button probability of each text (nil: no text-button model).
    public var textButtonProbability: (@Sendable (TextButtonFeatures) -> Double)?

    public init(
        icons: [Rect: IconRecognition] = [:], pictures: [Rect: PictureDescription] = [:],
        clickProbability: (@Sendable (IconFeatures) -> Double?)? = nil,
        textButtonProbability: (@Sendable (TextButtonFeatures) -> Double)? = nil
    ) {
        self.icons = icons
        self.pictures = pictures
        self.clickProbability = clickProbability
        self.textButtonProbability = textButtonProbability
    }
    public func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]? {
        textButtonProbability.map { f in texts.map(f) }
    }
    public func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? { icons[box] }
    public func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription? { pictures[box] }
    public func clickProbability(of icon: IconFeatures) throws -> Double? { clickProbability?(icon) }
}

/// A seam that always fails, to test that the pipeline degrades and reports instead of throwing.
public struct FailingRecognizer: TextRecognizer, ContentRecognizer, ElementDetector {
    public var message: String
    public init(message: String = "simulated failure") { self.message = message }
    public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        throw ScreenRecognitionError(.runtime, message)
    }
    public func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? { throw ScreenRecognitionError(.runtime, message) }
    public func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription? { throw ScreenRecognitionError(.runtime, message) }
    public func clickProbability(of icon: IconFeatures) throws -> Double? { throw ScreenRecognitionError(.runtime, message) }
    public func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]? {
        throw ScreenRecognitionError(.runtime, message)
    }
    public func detect(in image: RGBAImage) throws -> [Detection] { throw ScreenRecognitionError(.runtime, message) }
}
