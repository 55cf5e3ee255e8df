import Foundation
import ScreenRecognition

/// Tunables of ``PPOCRTextRecognizer``. Every default says where it comes from: a published
/// PP-OCR default ("PP-OCR default"), or a measurement made for this project on the synthetic
/// 1170×2532 screens described in `Models/ocr/MODEL_CARD.md` ("measured").
///
/// Decodes from JSON with any subset of keys; missing keys keep their defaults.
public struct PPOCRSettings: Codable, Sendable, Hashable {
    // MARK: Text detection (DB)

    /// The detector runs on the image scaled so that its longer side is at most this many pixels
    /// (never enlarged beyond `detectionMaxUpscale`). Measured: 1280 reads as many words as full
    /// resolution on 3x screens at about a seventh of the detector's time; 960 starts to merge
    /// neighbouring short lines. 0 means "full resolution".
    public var detectionMaxSide: Int = 1280
    /// Small images (a 1x screenshot, a button crop) are enlarged at most this much so that the
    /// shorter side reaches `detectionMinSide`. Measured-by-design: text under ~10 px high is below
    /// what the detector was trained on.
    public var detectionMaxUpscale: Double = 2
    /// See `detectionMaxUpscale`.
    public var detectionMinSide: Int = 256
    /// Probability-map binarisation threshold. PP-OCR default (`det_db_thresh` 0.3).
    public var binarizationThreshold: Float = 0.3
    /// A region is kept when the mean probability inside its box reaches this. rapidocr's default
    /// (`box_thresh` 0.5; PaddleOCR uses 0.6).
    public var boxScoreThreshold: Float = 0.5
    /// How far the shrunk DB region is grown back: by `area × ratio / perimeter` on every side.
    /// rapidocr's default 1.6 (PaddleOCR 1.5).
    public var unclipRatio: Double = 1.6
    /// Regions whose shorter side in the probability map is below this are noise. PP-OCR default (`min_size` 3).
    public var minimumRegionSide: Int = 3

    // MARK: Recognition (CTC)

    /// The detector's boxes are hugged tightly; the recogniser was trained on crops with a margin.
    /// Each crop is grown by this fraction of its height on every side. Measured: 0.15 fixes
    /// dropped spaces ("EmergencySOS") and raises word accuracy from 97.4% to 97.9%.
    public var recognitionPadding: Double = 0.15
    /// Crops per recogniser run, after sorting by aspect ratio. PP-OCR default (`rec_batch_num` 6).
    public var recognitionBatchSize: Int = 6
    /// Crops wider than this (after scaling to the model's 48 px height) are squeezed. 48 × 40:
    /// a whole 3x screen line of 13 pt text is about 1100 px.
    public var recognitionMaxWidth: Int = 1920
    /// Decode only Latin letters, digits, punctuation and common symbols (the model's dictionary
    /// also has ~6000 CJK characters). For English UIs: a CJK look-alike never beats the Latin letter.
    public var latinOnly: Bool = true

    // MARK: Lines, words and junk

    /// Lines below this mean character confidence are dropped. PP-OCR default (`drop_score` 0.5).
    public var minimumLineConfidence: Double = 0.5
    /// A line of a single letter or digit needs at least this confidence: icons (a magnifier's
    /// circle, a ring) read as "O", "0", "o" at 0.6–0.8. Measured.
    public var minimumSingleCharacterConfidence: Double = 0.9
    /// Two consecutive characters further apart than this many line heights belong to different
    /// words even without a space between them (a chevron next to a value, "Off >"). Measured: letters
    /// within a word are ≤ 0.6 line heights apart centre to centre.
    public var wordGapFactor: Double = 1.0
    /// Boxes are shrunk to the pixels that differ from the box's background colour (tight boxes).
    public var tightenBoxes: Bool = true

    public init() {}

    enum CodingKeys: String, CodingKey {
        case detectionMaxSide, detectionMaxUpscale, detectionMinSide, binarizationThreshold, boxScoreThreshold
        case unclipRatio, minimumRegionSide, recognitionPadding, recognitionBatchSize, recognitionMaxWidth, latinOnly
        case minimumLineConfidence, minimumSingleCharacterConfidence, wordGapFactor, tightenBoxes
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PPOCRSettings()
        detectionMaxSide = try c.decodeIfPresent(Int.self, forKey: .detectionMaxSide) ?? d.detectionMaxSide
        detectionMaxUpscale = try c.decodeIfPresent(Double.self, forKey: .detectionMaxUpscale) ?? d.detectionMaxUpscale
        detectionMinSide = try c.decodeIfPresent(Int.self, forKey: .detectionMinSide) ?? d.detectionMinSide
        binarizationThreshold = try c.decodeIfPresent(Float.self, forKey: .binarizationThreshold) ?? d.binarizationThreshold
        boxScoreThreshold = try c.decodeIfPresent(Float.self, forKey: .boxScoreThreshold) ?? d.boxScoreThreshold
        unclipRatio = try c.decodeIfPresent(Double.self, forKey: .unclipRatio) ?? d.unclipRatio
        minimumRegionSide = try c.decodeIfPresent(Int.self, forKey: .minimumRegionSide) ?? d.minimumRegionSide
        recognitionPadding = try c.decodeIfPresent(Double.self, forKey: .recognitionPadding) ?? d.recognitionPadding
        recognitionBatchSize = try c.decodeIfPresent(Int.self, forKey: .recognitionBatchSize) ?? d.recognitionBatchSize
        recognitionMaxWidth = try c.decodeIfPresent(Int.self, forKey: .recognitionMaxWidth) ?? d.recognitionMaxWidth
        latinOnly = try c.decodeIfPresent(Bool.self, forKey: .latinOnly) ?? d.latinOnly
        minimumLineConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumLineConfidence) ?? d.minimumLineConfidence
        minimumSingleCharacterConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumSingleCharacterConfidence) ?? d.minimumSingleCharacterConfidence
        wordGapFactor = try c.decodeIfPresent(Double.self, forKey: .wordGapFactor) ?? d.wordGapFactor
        tightenBoxes = try c.decodeIfPresent(Bool.self, forKey: .tightenBoxes) ?? d.tightenBoxes
    }

    /// Throws `.invalidInput` for values outside their meaningful ranges.
    public func validate() throws {
        func check(_ ok: Bool, _ what: String) throws {
            if !ok { throw ScreenRecognitionError(.invalidInput, "PP-OCR setting \(what)") }
        }
        try check(detectionMaxSide == 0 || detectionMaxSide >= 32, "detectionMaxSide must be 0 or at least 32")
        try check(detectionMaxUpscale >= 1 && detectionMaxUpscale <= 8, "detectionMaxUpscale must be in 1...8")
        try check(detectionMinSide >= 0, "detectionMinSide must not be negative")
        try check((0.01...0.99).contains(binarizationThreshold), "binarizationThreshold must be in 0.01...0.99")
        try check((0...1).contains(boxScoreThreshold), "boxScoreThreshold must be in 0...1")
        try check((0...5).contains(unclipRatio), "unclipRatio must be in 0...5")
        try check(minimumRegionSide >= 1, "minimumRegionSide must be at least 1")
        try check((0...1).contains(recognitionPadding), "recognitionPadding must be in 0...1")
        try check((1...64).contains(recognitionBatchSize), "recognitionBatchSize must be in 1...64")
        try check(recognitionMaxWidth >= 48, "recognitionMaxWidth must be at least 48")
        try check((0...1).contains(minimumLineConfidence), "minimumLineConfidence must be in 0...1")
        try check((0...1).contains(minimumSingleCharacterConfidence), "minimumSingleCharacterConfidence must be in 0...1")
        try check(wordGapFactor > 0, "wordGapFactor must be positive")
    }
}
