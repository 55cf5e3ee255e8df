import Foundation
import ScreenRecognition

/// Tunables of ``PPOCRTextRecognizer``. Every default says where it comes from: a published
/// PP-OCR default ("PP-OCR default"), or a measurement made for this project on the synthetic
/// 1170×2532 screens described in `Models/ocr/MODEL_CARD.md` ("measured").
///
/// Decodes from JSON with any subset of keys; missing keys keep their defaults.
public struct PPOCRSettings: Codable, Sendable, Hashable {
    // MARK: Text detection (DB)

    /// The detector runs on the image scaled so that its longer side is at most this many pixels.
    /// Measured on 1170×2532 screens (words exact, check set / seed-2 twin; detector time): 960 →
    /// 96.3 / 97.1 % and a button line lost, ~150 ms CPU; 1280 → 97.4 / 97.8 %, ~250 ms; 1600 →
    /// 97.3 / 98.5 % and a button line lost, ~400 ms; full size ~4× 1280's time. 0 means full size.
    public var detectionMaxSide: Int = 1280
    /// Small images (a button crop, a thin strip) are enlarged at most this much towards a shorter
    /// side of `detectionMinSide`, never past `detectionMaxSide`. A choice, not a measurement:
    /// the detector was trained on text at least ~10 px high.
    public var detectionMaxUpscale: Double = 2
    /// See `detectionMaxUpscale`.
    public var detectionMinSide: Int = 256
    /// Probability-map binarisation threshold. PP-OCR default (`det_db_thresh` 0.3); 0.2 measured
    /// no better (same on the check set, +2 words of 847 on its twin).
    public var binarizationThreshold: Float = 0.3
    /// A region is kept when the mean probability inside its box reaches this. rapidocr's default
    /// (`box_thresh` 0.5; PaddleOCR uses 0.6).
    public var boxScoreThreshold: Float = 0.5
    /// How far the shrunk DB region is grown back: by `area × ratio / perimeter` on every side.
    /// rapidocr's default 1.6 (PaddleOCR 1.5, measured worse here: 97.15 % and 25/26 button lines
    /// on the check set).
    public var unclipRatio: Double = 1.6
    /// Regions whose shorter side in the probability map is below this are noise. PP-OCR default (`min_size` 3).
    public var minimumRegionSide: Int = 3

    // MARK: Recognition (CTC)

    /// Each crop is grown by this fraction of its height on every side before recognition (the
    /// recogniser was trained on crops with a margin). Measured, words exact on the check set /
    /// its seed-2 twin / the Pillow held-out set: 0 (early Pillow dev set) dropped spaces
    /// ("EmergencySOS"); 0.08 → 97.62 / 98.11 / 98.97 %; 0.15 → 97.39 / 97.76 / 98.88 %;
    /// 0.25 → 97.39 / 97.05 % and a button line lost.
    public var recognitionPadding: Double = 0.08
    /// Crops per recogniser run, after sorting by aspect ratio. PP-OCR default (`rec_batch_num` 6).
    public var recognitionBatchSize: Int = 6
    /// Crops share a batch only when the widest is at most this fraction wider than the narrowest
    /// (the batch is padded to its widest crop, and the padding costs more than batching saves).
    /// Measured (1 thread, Pillow screens): plain batches of 6 took 644 ms of recogniser CPU a
    /// screen, one crop at a time 436 ms, ±10 % batches 412 ms, ±25 % 441 ms.
    public var recognitionBatchWidthTolerance: Double = 0.1
    /// Crops wider than this (after scaling to the model's 48 px height) are squeezed. A choice:
    /// a whole 3x screen line of 13 pt text is about 1100 px at that height.
    public var recognitionMaxWidth: Int = 1920
    /// Decode only Latin letters, digits, punctuation and common symbols (the model's dictionary
    /// also has ~6000 CJK characters). For English UIs: a CJK look-alike never beats the Latin letter.
    public var latinOnly: Bool = true
    /// CTC decoding emits a step's best character when the characters together outweigh the
    /// blank, though the blank is the single most probable class (look-alike glyphs split their
    /// probability: "Log In" read as "Log n"). Plain greedy decoding when false.
    public var emitSplitCharacters: Bool = true

    // MARK: Lines, words and junk

    /// Lines below this mean character confidence are dropped. PP-OCR default (`drop_score` 0.5).
    public var minimumLineConfidence: Double = 0.5
    /// A line of a single letter needs at least this confidence. Measured: icons read as letters
    /// ("O" for a ring, "V" for a triangle, "X") at 0.69–0.86.
    public var minimumSingleCharacterConfidence: Double = 0.9
    /// A line of a single digit needs at least this confidence. Measured: a "2" value beside a
    /// chevron is read at 0.88–0.99; icons are rarely read as digits other than "0", which the
    /// round-glyph rule handles.
    public var minimumSingleDigitConfidence: Double = 0.8
    /// Two consecutive characters further apart than this many line heights belong to different
    /// words even without a space between them (a chevron next to a value, "Off >"). Measured: letters
    /// within a word are ≤ 0.6 line heights apart centre to centre.
    public var wordGapFactor: Double = 1.0
    /// Boxes are shrunk to the pixels that differ from the box's background colour (tight boxes).
    public var tightenBoxes: Bool = true

    public init() {}

    enum CodingKeys: String, CodingKey {
        case detectionMaxSide, detectionMaxUpscale, detectionMinSide, binarizationThreshold, boxScoreThreshold
        case unclipRatio, minimumRegionSide, recognitionPadding, recognitionBatchSize, recognitionBatchWidthTolerance, recognitionMaxWidth, latinOnly,
            emitSplitCharacters
        case minimumLineConfidence, minimumSingleCharacterConfidence, minimumSingleDigitConfidence, wordGapFactor, tightenBoxes
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
        recognitionBatchWidthTolerance = try c.decodeIfPresent(Double.self, forKey: .recognitionBatchWidthTolerance) ?? d.recognitionBatchWidthTolerance
        recognitionMaxWidth = try c.decodeIfPresent(Int.self, forKey: .recognitionMaxWidth) ?? d.recognitionMaxWidth
        latinOnly = try c.decodeIfPresent(Bool.self, forKey: .latinOnly) ?? d.latinOnly
        emitSplitCharacters = try c.decodeIfPresent(Bool.self, forKey: .emitSplitCharacters) ?? d.emitSplitCharacters
        minimumLineConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumLineConfidence) ?? d.minimumLineConfidence
        minimumSingleCharacterConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumSingleCharacterConfidence) ?? d.minimumSingleCharacterConfidence
        minimumSingleDigitConfidence = try c.decodeIfPresent(Double.self, forKey: .minimumSingleDigitConfidence) ?? d.minimumSingleDigitConfidence
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
        try check((0...10).contains(recognitionBatchWidthTolerance), "recognitionBatchWidthTolerance must be in 0...10")
        try check(recognitionMaxWidth >= 48, "recognitionMaxWidth must be at least 48")
        try check((0...1).contains(minimumLineConfidence), "minimumLineConfidence must be in 0...1")
        try check((0...1).contains(minimumSingleCharacterConfidence), "minimumSingleCharacterConfidence must be in 0...1")
        try check((0...1).contains(minimumSingleDigitConfidence), "minimumSingleDigitConfidence must be in 0...1")
        try check(wordGapFactor > 0, "wordGapFactor must be positive")
    }
}
