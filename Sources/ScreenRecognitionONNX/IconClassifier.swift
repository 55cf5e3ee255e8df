import Foundation
import ScreenRecognition

/// The icon classifier's own keys in its `model.json` (written by `training/screenrec_training/icons/export.py`,
/// format "screenrecognition-icon-classifier" version 1); the common ones are ``ModelContract``'s.
///
/// The graph takes `[N, 3, height, width]` RGB floats made from a square crop around the icon box
/// (side `round(max(w, h) × (1 + context))`, centred on the box, pixels outside the image repeating
/// the nearest edge pixel), area-resized to `width × height`, each channel
/// `(pixel / scale − mean) / std`. It returns softmax probabilities over `classes`: the icon
/// meanings of the core contract plus `otherClass` (icons of any other meaning). With
/// `input.crop.scales`, an icon is read from one such crop per scale of its box (scaled about its
/// centre) and the crops' probabilities are combined (their geometric mean, renormalised). Below
/// `unknownThreshold` (the contract's threshold, chosen for those crops) the icon is "unknown"
/// (chosen on held-out families; see Models/icons/MODEL_CARD.md).
public struct IconClassifierExtras: Decodable, Sendable, Hashable {
    public struct Crop: Decodable, Sendable, Hashable {
        /// Extra context around the box, as a fraction of its longer side (e.g. 0.15).
        public var context: Double
        /// The box scales the icon is read at, one crop each (absent: `[1]`, the box alone).
        public var scales: [Double]?
    }

    public struct Input: Decodable, Sendable, Hashable {
        public var crop: Crop
    }

    public var input: Input
    /// The class for icons of none of the meanings; never reported as a meaning.
    public var otherClass: String
}

/// Icon recognition (paper §5.2) over ONNX Runtime: one of the `IconMeaning`s its model has classes for, or `nil`
/// ("unknown") when the model is not confident or sees an icon of another meaning. Many icons go
/// through the model in one run (``classifyIcons(in:boxes:)``): its batch dimension is dynamic.
public final class ONNXIconClassifier: Sendable {
    public let contract: ModelContract
    public let extras: IconClassifierExtras
    public let session: ONNXSession
    /// A short name for reports.
    public let name: String
    /// The scales of an icon's box it is read at, one crop each, their probabilities combined
    /// (the contract's `input.crop.scales`; `[1]` when it has none).
    public let boxScales: [Double]
    /// The probability a meaning needs to be reported (the contract's `unknownThreshold` unless given).
    public let unknownThreshold: Double
    /// A crop whose luminance spans less than this (0–1 scale, after resizing) has no glyph and is
    /// "unknown" without asking the model (unless given: ``defaultMinimumContrast``).
    public let minimumContrast: Float
    /// Whether an unknown icon is tried again mirrored and turned a quarter each way: read as a
    /// confident "back" so, it is a forward, up or down arrow or chevron
    /// (`IconMeaning.derivedDirections`; see ``classify(in:boxes:)``).
    public let derivesDirections: Bool
    /// The meaning of each output class (`nil` for the "other" class).
    let meanings: [IconMeaning?]
    let inputSize: ModelContract.ImageSize
    let normalization: ModelContract.Normalization
    let inputName: String
    let outputName: String

    /// 0.1: training icons differ from their background by at least 0.25 in luminance (render.py
    /// `_colours`), and every rendered crop's range is ≥ 0.23 (measured on the train, validation and
    /// generalisation sets, Models/icons/MODEL_CARD.md), while a blank patch was measured to come out
    /// as a confident "more" (IconClassifierTests.blankPatchIsUnknown).
    public static let defaultMinimumContrast: Float = 0.1

    /// "Back" on a glyph turned a quarter must be at least this probable to call it up or down:
    /// 0.9. Measured for the shipped model (the sixth, 2026-11-25) on the icons its analyses of 779
    /// ui-real and iPhone screens (valid, the first 300 of train, 180 iPhone screenshots) leave
    /// unknown or call a direction: the 30 turned readings of "back" at ≥ 0.9 (0.915–0.989) are all
    /// chevrons and arrows; below come the upload glyph, an arrow out of a tray (0.86, 0.82, 0.78,
    /// 0.70), among two more chevrons (0.84, 0.89). The fourth and fifth models had 0.95 (the
    /// fourth's 464 unknown icons of valid: a plane at 0.86, a chart line at 0.85–0.90), under
    /// which the sixth leaves 12 of those 30 chevrons and the tests' drawn "⌃". The cost, on the
    /// hand-labelled real icons (Benchmarks/icons-ui-real): a plane in a disc reads "up" at 0.945.
    public static let turnedThreshold = 0.9

    /// "Back" on the mirrored glyph must be at least this probable to call it forward: 0.8. Measured
    /// for the shipped model on the same 464 icons: 33 read as forward at the model's threshold, 31
    /// right arrows or chevrons and 2 "sign in" glyphs (an arrow into a bracket, 0.93 and 0.96); the
    /// two below 0.8 are faint chevrons (0.52, 0.68) — and the settings example's airplane (Airplane
    /// Mode) mirrored reads 0.65. The previous model needed only its own threshold.
    public static let mirroredThreshold = 0.8

    /// The most icons one model run takes: 128 — *design choice*, bounding one run's input at
    /// 128 × 3 × 40 × 40 floats (2.4 MiB) while a screen has tens of icons.
    public static let maxBatch = 128

    /// The full result for one icon: the best of the model's meanings with its probability, and whether
    /// it passes the threshold (else the icon is "unknown").
    public struct Classification: Sendable, Hashable {
        /// The most probable of the model's meanings.
        public var bestMeaning: IconMeaning
        /// Its probability (0...1).
        public var confidence: Double
        /// The probability of "an icon of another meaning".
        public var otherProbability: Double
        /// `bestMeaning` when it is confident enough, beats "other" and the crop has a glyph
        /// (``ONNXIconClassifier/minimumContrast``); `nil` means unknown.
        public var meaning: IconMeaning?
    }

    /// Loads `model.json` (or `contractName`) and the ONNX file it names from `directory`
    /// (``ONNXModel/load(directory:kind:runtime:threads:contractName:)``).
    /// - Parameters:
    ///   - directory: the model's folder, holding the contract and the files it names.
    ///   - runtime: the loaded ONNX Runtime the session is opened with.
    ///   - threads: intra-op threads for the session.
    ///   - contractName: the contract's file name in `directory`.
    ///   - unknownThreshold: the bar a meaning needs (default: the contract's `unknownThreshold`).
    ///   - minimumContrast: the glyph test (default ``defaultMinimumContrast``).
    ///   - derivesDirections: read unknown icons again mirrored and turned (``derivesDirections``;
    ///     on by default, off when the model has no "back" class).
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, names classes the core does not know, has an unusable input size or threshold, or
    ///   the ONNX file lacks its tensors.
    public init(
        directory: URL, runtime: ONNXRuntime, threads: Int = 1, contractName: String = "model.json",
        unknownThreshold: Double? = nil, minimumContrast: Float = ONNXIconClassifier.defaultMinimumContrast,
        derivesDirections: Bool = true
    ) throws {
        let (session, contract) = try ONNXModel.load(
            directory: directory, kind: .iconClassifier, runtime: runtime,
            threads: threads, contractName: contractName)
        let extras = try contract.extras(IconClassifierExtras.self)
        guard let labels = contract.labels else { throw contract.error(field: "classes", "is missing") }
        var meanings: [IconMeaning?] = []
        for cls in labels {
            if cls == extras.otherClass {
                meanings.append(nil)
            } else if let m = IconMeaning(rawValue: cls) {
                meanings.append(m)
            } else {
                throw contract.error(field: "classes", "names unknown icon class '\(cls)' (expected IconMeaning ids or '\(extras.otherClass)')")
            }
        }
        guard meanings.contains(where: { $0 != nil }) else { throw contract.error(field: "classes", "has no icon meaning") }
        // 8...512: *design choice*, around the shipped 40×40; outside it the contract is broken.
        guard let size = contract.inputSize, (8...512).contains(size.width), (8...512).contains(size.height) else {
            throw contract.error(field: "input.width", "input size \(contract.inputSize.map { "\($0.width)×\($0.height)" } ?? "(none)") is not usable")
        }
        guard let normalization = contract.normalization else { throw contract.error(field: "input.normalization", "is missing") }
        guard let threshold = unknownThreshold ?? contract.threshold else { throw contract.error(field: "unknownThreshold", "is missing") }
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ScreenRecognitionError(.invalidInput, "unknownThreshold \(threshold) is outside 0...1")
        }
        guard extras.input.crop.context.isFinite, (0...2).contains(extras.input.crop.context) else {
            throw contract.error(field: "input.crop.context", "is \(extras.input.crop.context), outside 0...2")
        }
        let scales = extras.input.crop.scales ?? [1]
        // 1–8 scales of 0.5–3: *design choice*, around the shipped [1, 1.3]; a box read at under half
        // its size loses the glyph, at over three times it is mostly neighbours.
        guard (1...8).contains(scales.count), scales.allSatisfy({ $0.isFinite && (0.5...3).contains($0) }) else {
            throw contract.error(field: "input.crop.scales", "is \(scales); it needs 1 to 8 scales, each within 0.5...3")
        }
        self.contract = contract
        self.extras = extras
        self.session = session
        self.name = contract.name
        self.boxScales = scales
        self.meanings = meanings
        self.unknownThreshold = threshold
        self.minimumContrast = minimumContrast
        self.derivesDirections = derivesDirections && meanings.contains(.back)
        self.inputSize = size
        self.normalization = normalization
        self.inputName = contract.inputs[0].name
        self.outputName = contract.outputs[0].name
    }

    /// Rounds half away from zero, like Python's `floor(v + 0.5)` for the values used here.
    @inline(__always) static func rnd(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }

    /// The `width × height` region at (`x0`, `y0`) of `image`, pixels outside it repeating the nearest
    /// edge pixel, transparent pixels composited over white. Shared by the icon and text-button crops.
    static func edgeRepeatingCrop(_ image: RGBAImage, x0: Int, y0: Int, width: Int, height: Int) -> RGBAImage {
        var crop = [UInt8](repeating: 255, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { px in
            crop.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let sy = min(max(y0 + y, 0), image.height - 1)
                    for x in 0..<width {
                        let sx = min(max(x0 + x, 0), image.width - 1)
                        let s = (sy * image.width + sx) * 4
                        let d = (y * width + x) * 4
                        let a = Int(px[s + 3])
                        if a == 255 {
                            out[d] = px[s]
                            out[d + 1] = px[s + 1]
                            out[d + 2] = px[s + 2]
                        } else {  // over white: c·a + 255·(1 − a), in 0–255 integers
                            for k in 0..<3 { out[d + k] = UInt8((Int(px[s + k]) * a + 255 * (255 - a) + 127) / 255) }
                        }
                        out[d + 3] = 255
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: crop)!
    }

    /// The model's input values (`3 × height × width`) for the icon in `box` (image pixels): the
    /// square crop with context, edge pixels repeated outside the image, transparent pixels
    /// composited over white, area-resized and normalised.
    func inputValues(for image: RGBAImage, box: Rect) -> [Float] {
        let W = inputSize.width
        let H = inputSize.height
        let side = max(1, Self.rnd(max(box.width, box.height) * (1 + extras.input.crop.context)))
        let x0 = Self.rnd(box.x + box.width / 2 - Double(side) / 2)
        let y0 = Self.rnd(box.y + box.height / 2 - Double(side) / 2)
        let cropImage = Self.edgeRepeatingCrop(image, x0: x0, y0: y0, width: side, height: side)
        let resized = ONNXElementDetector.areaResize(cropImage, width: W, height: H)
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let (mul, add) = normalization.affine(channel: c)
            for i in 0..<(W * H) { values[c * W * H + i] = resized[i * 3 + c] * mul + add }
        }
        return values
    }

    /// The model's input for the icon in `box` (image pixels) as a `[1, 3, H, W]` tensor: the square
    /// crop with context, edge pixels repeated outside the image, transparent pixels composited over
    /// white, area-resized and normalised. Pure; for tests.
    public func inputTensor(for image: RGBAImage, box: Rect) -> Tensor {
        Tensor(shape: [1, 3, inputSize.height, inputSize.width], values: inputValues(for: image, box: box))
    }

    /// The model's class probabilities (in `contract.labels` order) for the one crop of `box` (scale 1:
    /// what the training code's `preprocess` gives); ``classify(in:boxes:)`` combines the crops of
    /// ``boxScales`` instead (``combinedProbabilities(in:box:)``).
    /// - Throws: `.invalidInput` for a box that is not finite, is empty or lies outside the image;
    ///   `.runtime` when inference fails or returns an unexpected shape.
    public func probabilities(in image: RGBAImage, box: Rect) throws -> [Float] {
        try run(in: image, boxes: [box], scales: [1])[0].probabilities
    }

    /// The class probabilities the classification uses for the icon in `box`: those of its crops at
    /// ``boxScales``, combined by their geometric mean, renormalised.
    /// - Throws: as ``probabilities(in:box:)``.
    public func combinedProbabilities(in image: RGBAImage, box: Rect) throws -> [Float] {
        try run(in: image, boxes: [box])[0].probabilities
    }

    /// `box` scaled by `factor` about its centre.
    static func scaledBox(_ box: Rect, by factor: Double) -> Rect {
        box.insetBy(dx: box.width * (1 - factor) / 2, dy: box.height * (1 - factor) / 2)
    }

    /// One icon's probabilities from those of its crops: their geometric mean, renormalised to sum
    /// to 1 (each probability floored at 1e-6 first, so one crop's zero does not veto a class
    /// outright; `training/screenrec_training/icons/preprocess.py` `combine` is the same). A meaning
    /// must then be likely in every crop: on ui-real's hand-labelled real icons
    /// (Benchmarks/icons-ui-real, 240 boxes) reading the box and the box × 1.3 so, at the threshold
    /// chosen for it, gave 132 right and 9 wrong labels where the one crop gave 128 and 16
    /// (Models/icons/MODEL_CARD.md, "Two crops"). One crop is returned as it is.
    static func combined(_ crops: [[Float]]) -> [Float] {
        guard crops.count > 1, let n = crops.first?.count else { return crops.first ?? [] }
        var logs = [Double](repeating: 0, count: n)
        for p in crops {
            for i in 0..<n { logs[i] += log(max(Double(p[i]), 1e-6)) }
        }
        let g = logs.map { exp($0 / Double(crops.count)) }
        let sum = g.reduce(0, +)
        return g.map { Float($0 / sum) }
    }

    /// The luminance range (0–1) of one icon's input values: max − min of 0.299 R + 0.587 G + 0.114 B.
    func contrast(of values: ArraySlice<Float>) -> Float {
        let n = normalization
        let plane = inputSize.width * inputSize.height
        var lo = Float.infinity
        var hi = -Float.infinity
        values.withUnsafeBufferPointer { v in
            for i in 0..<plane {
                // back to 0–1 pixel values: value × std + mean = pixel / scale
                let r = v[i] * n.std[0] + n.mean[0]
                let g = v[plane + i] * n.std[1] + n.mean[1]
                let b = v[2 * plane + i] * n.std[2] + n.mean[2]
                let l = (0.299 * r + 0.587 * g + 0.114 * b) * n.scale / 255
                lo = min(lo, l)
                hi = max(hi, l)
            }
        }
        return hi - lo
    }

    /// For each box: the model inputs of its crops (one per scale, ``boxScales`` unless given), their
    /// combined probabilities and the first crop's contrast, in runs of at most ``maxBatch`` crops.
    func run(in image: RGBAImage, boxes: [Rect], scales: [Double]? = nil) throws -> [(values: [[Float]], probabilities: [Float], contrast: Float)] {
        for box in boxes {
            guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width >= 1, box.height >= 1 else {
                throw ScreenRecognitionError(.invalidInput, "icon box \(box) is empty or not finite")
            }
            guard box.x < Double(image.width), box.y < Double(image.height), box.x + box.width > 0, box.y + box.height > 0 else {
                throw ScreenRecognitionError(.invalidInput, "icon box \(box) lies outside the \(image.width)×\(image.height) image")
            }
        }
        let scales = scales ?? boxScales
        let inputs = boxes.map { box in scales.map { inputValues(for: image, box: Self.scaledBox(box, by: $0)) } }
        let probabilities = try runValues(inputs.flatMap { $0 })
        return inputs.enumerated().map { i, crops in
            (crops, Self.combined(Array(probabilities[(i * scales.count)..<((i + 1) * scales.count)])), contrast(of: crops[0][...]))
        }
    }

    func classification(_ p: [Float], contrast: Float) -> Classification {
        var best = -1
        var other: Float = 0
        for (i, m) in meanings.enumerated() {
            if m == nil {
                other += p[i]
                continue
            }
            if best < 0 || p[i] > p[best] { best = i }
        }
        let confidence = Double(p[best])
        let accepted = confidence >= unknownThreshold && p[best] >= other && contrast >= minimumContrast
        return Classification(
            bestMeaning: meanings[best]!, confidence: confidence, otherProbability: Double(other),
            meaning: accepted ? meanings[best] : nil)
    }

    /// Classifies the icon in `box`: the best meaning, its probability, and whether it is confident.
    public func classify(in image: RGBAImage, box: Rect) throws -> Classification {
        try classify(in: image, boxes: [box])[0]
    }

    /// Classifies the icons in `boxes` in one model run (or one per ``maxBatch`` icons), in order.
    ///
    /// With ``derivesDirections``, each icon left unknown is read again mirrored and turned a
    /// quarter either way (one more run for all of them): the models know "back" (‹, ←) and were
    /// trained to call forward, up and down arrows and chevrons "other", so a glyph that reads as a
    /// confident "back" (the same threshold and "other" test) only once mirrored points forward,
    /// once turned clockwise points down, anticlockwise up (at ≥ ``mirroredThreshold`` mirrored,
    /// ≥ ``turnedThreshold`` turned).
    /// The most probable of those wins.
    ///
    /// Then each icon still unknown that sits on a fill of its own — a glyph in a coloured disc or
    /// rounded square, as floating action buttons draw "+" (``sitsOnFill(_:box:)``) — is read
    /// again from the middle of its box (``innerShare`` of each side) and from the glyph's own box
    /// on the fill (``glyph(_:box:fill:)``), and takes the surer of the two readings at
    /// ≥ ``innerThreshold``: on ui-real valid a white "+" in a blue or green disc read as nothing
    /// (0.04–0.09) until the disc's rim was cut away (0.54–0.89); a small "+" in a 52-px disc
    /// read 0.43 from the middle and 0.99 from its own box, a menu glyph in a teal disc 0.69 and
    /// 0.88 (2026-11-25, `classify-icon` on crops of the analyses' unlabelled buttons).
    ///
    /// A "pause" stands only where the icon draws two bars (``drawsTwoBars(_:box:)``) and a
    /// "more" only where its ink is in three parts or fewer (``couldDrawThreeDots(_:box:)``);
    /// elsewhere the icon is unknown. The direct readings are checked before the fill's, so a
    /// refused one is still read from its fill; a reading from the fill whose glyph on the fill
    /// has the parts its meaning draws (`drawnParts`) is not checked again on the whole box,
    /// where the disc's rim and the inside it encloses count as parts (a "⋮" in a dark-grey disc
    /// on a black page read "more" at 0.56 and was refused, and read 0.94 from its middle, three
    /// dots on the fill; ui-real train, 2026-11-25).
    /// - Throws: `.invalidInput` when any box is not finite, empty or outside the image.
    public func classify(in image: RGBAImage, boxes: [Rect]) throws -> [Classification] {
        let direct = try classifyDirect(in: image, boxes: boxes).enumerated().map { i, c in
            Self.drawsItsGlyph(c, in: image, box: boxes[i]) ? c : Self.unknown(c)
        }
        let (results, unchecked) = try withFillReadings(direct, in: image, boxes: boxes)
        return results.enumerated().map { i, c in
            !unchecked.contains(i) || Self.drawsItsGlyph(c, in: image, box: boxes[i]) ? c : Self.unknown(c)
        }
    }

    /// Whether the pixels in `box` allow the reading's meaning: a "pause" two bars
    /// (``drawsTwoBars(_:box:)``), a "more" three parts at most (``couldDrawThreeDots(_:box:)``).
    static func drawsItsGlyph(_ c: Classification, in image: RGBAImage, box: Rect) -> Bool {
        switch c.meaning {
        case .pause: drawsTwoBars(image, box: box)
        case .more: couldDrawThreeDots(image, box: box)
        default: true
        }
    }

    /// `c` as unknown.
    static func unknown(_ c: Classification) -> Classification {
        var u = c
        u.meaning = nil
        return u
    }

    /// `direct` with each icon still unknown on a fill of its own read from the fill, and the
    /// indices of the fill readings still to be checked on the whole box: those whose glyph on the
    /// fill was not found with the parts their meaning draws (``drawnParts``).
    func withFillReadings(
        _ direct: [Classification], in image: RGBAImage, boxes: [Rect]
    ) throws -> (results: [Classification], unchecked: Set<Int>) {
        var results = direct
        var unchecked = Set<Int>()
        let onFill: [(index: Int, fill: RGB)] = results.indices.compactMap { i in
            guard results[i].meaning == nil, let fill = Self.fill(under: image, box: boxes[i]) else { return nil }
            return (i, fill)
        }
        guard !onFill.isEmpty else { return (results, unchecked) }
        // One crop of the middle, as ``innerThreshold`` was measured: the middle × 1.3 takes the
        // disc's rim back in (a floating action button's "+" on ui-real valid: 0.87 from the middle, 0.01 from the middle × 1.3, 0.29 combined).
        let middles = try classifyDirect(in: image, boxes: onFill.map { Self.innerBox(boxes[$0.index]) }, scales: [1])
        // The glyph's own box is read as a detected icon's is (``boxScales``): it is what the
        // detector would have boxed had it seen the glyph rather than the button.
        let glyphs = onFill.map { entry -> Glyph? in
            let box = boxes[entry.index]
            return min(box.width, box.height) >= Self.minGlyphReadSide ? Self.glyph(image, box: box, fill: entry.fill) : nil
        }
        let withGlyph = glyphs.indices.filter { glyphs[$0] != nil }
        let glyphReadings = try classifyDirect(in: image, boxes: withGlyph.compactMap { glyphs[$0]?.box })
        var glyphReading: [Int: Classification] = [:]
        for (n, k) in withGlyph.enumerated() { glyphReading[k] = glyphReadings[n] }
        for (k, entry) in onFill.enumerated() {
            if let best = Self.fillReading([middles[k], glyphReading[k]].compactMap { $0 }, parts: glyphs[k]?.parts) {
                results[entry.index] = best
                let confirmed = best.meaning.map { glyphs[k] != nil && Self.drawnParts[$0] != nil } ?? false
                if !confirmed { unchecked.insert(entry.index) }
            }
        }
        return (results, unchecked)
    }

    /// The surest of an icon's readings from its fill (its middle, its glyph's box) at
    /// ≥ ``innerThreshold`` whose meaning, where ``drawnParts`` names its parts, has the glyph's
    /// `parts` (nil: the glyph was not found, and any number is taken).
    static func fillReading(_ readings: [Classification], parts: Int?) -> Classification? {
        readings.filter { r in
            guard let meaning = r.meaning, r.confidence >= innerThreshold else { return false }
            guard let parts, let drawn = drawnParts[meaning] else { return true }
            return drawn.contains(parts)
        }
        .max { $0.confidence < $1.confidence }
    }

    /// The glyph drawn on an icon's fill: its box and the number of its parts (pieces of ink
    /// apart from each other, eight-connected).
    public struct Glyph: Sendable, Hashable {
        public var box: Rect
        public var parts: Int
    }

    /// The parts the glyphs of some meanings are drawn in: pause two bars, menu three lines, more
    /// three dots. A glyph on a fill read as one of these with another number of parts is not
    /// it: on 300 ui-real train screens a "0" in a disc (one ring) read "pause" at 0.91–0.97,
    /// seven times (2026-11-25).
    static let drawnParts: [IconMeaning: ClosedRange<Int>] = [.pause: 2...2, .menu: 3...3, .more: 3...3]

    /// The glyph drawn on an icon's fill: the pixels of `box` at least 40 from `fill`
    /// (`SelectionSettings.minTintDistance`) that no path of such pixels joins to the box's edge
    /// — the page around a disc and the disc's anti-aliased rim touch the edge; a glyph inside the
    /// disc does not. nil when fewer than ``minGlyphPixels`` such pixels are enclosed, or their box
    /// spans under ``minGlyphShare`` of the box's shorter side (a speck of texture, not a glyph).
    public static func glyph(_ image: RGBAImage, box: Rect, fill: RGB) -> Glyph? {
        let x0 = max(0, Int(box.minX.rounded(.down)))
        let y0 = max(0, Int(box.minY.rounded(.down)))
        let x1 = min(image.width, Int(box.maxX.rounded(.up)))
        let y1 = min(image.height, Int(box.maxY.rounded(.up)))
        let w = x1 - x0
        let h = y1 - y0
        guard w >= 3, h >= 3 else { return nil }
        // Ink joined to the edge (four-connected) is outside the fill — the page, the disc's rim;
        // the parts left are the glyph's.
        var ink = inkMask(image, x0: x0, y0: y0, width: w, height: h, awayFrom: fill)
        var stack: [Int] = []
        for x in 0..<w { stack += [x, (h - 1) * w + x] }
        for y in 0..<h { stack += [y * w, y * w + w - 1] }
        while let i = stack.popLast() {
            guard ink[i] else { continue }
            ink[i] = false
            let x = i % w
            let y = i / w
            if x > 0 { stack.append(i - 1) }
            if x < w - 1 { stack.append(i + 1) }
            if y > 0 { stack.append(i - w) }
            if y < h - 1 { stack.append(i + w) }
        }
        let parts = strongParts(components(of: ink, width: w, height: h, image: image, x0: x0, y0: y0, minPixels: 1), against: fill)
        guard parts.reduce(0, { $0 + $1.pixels }) >= minGlyphPixels, let minX = parts.map(\.minX).min(), let minY = parts.map(\.minY).min(),
            let maxX = parts.map(\.maxX).max(), let maxY = parts.map(\.maxY).max()
        else { return nil }
        let glyph = Rect(minX: Double(x0 + minX), minY: Double(y0 + minY), maxX: Double(x0 + maxX + 1), maxY: Double(y0 + maxY + 1))
        guard max(glyph.width, glyph.height) >= minGlyphShare * min(box.width, box.height),
            max(glyph.width, glyph.height) <= maxGlyphAspect * min(glyph.width, glyph.height) || Self.areThreeDots(parts)
        else { return nil }
        return Glyph(box: glyph, parts: parts.count)
    }

    /// A glyph on a fill is at most this many times as wide as tall (or tall as wide): 2 — icon
    /// sets draw their glyphs in a square frame (Material's 24 × 24 dp); the one wrong reading on
    /// ui-real valid without this bound was a round avatar's 27 × 7-px name read "more" (0.94).
    /// Three dots (`areThreeDots(_:)`), ⋮ or ⋯, are as long as they need.
    public static let maxGlyphAspect = 2.0

    /// Whether `parts` are three dots: three parts, each at most 1.5 times as long as wide, the
    /// largest at most twice the smallest in pixels — the "more" glyph, 3–5 times as long as wide
    /// (a "⋮" in a YouTube Music disc, ui-real train, 2026-11-25), which an avatar's name, in
    /// letters of many shapes, is not.
    static func areThreeDots(_ parts: [InkPart]) -> Bool {
        guard parts.count == 3 else { return false }
        let sizes = parts.map(\.pixels)
        guard let small = sizes.min(), let large = sizes.max(), large <= 2 * small else { return false }
        return parts.allSatisfy { Double(max($0.width, $0.height)) <= 1.5 * Double(min($0.width, $0.height)) }
    }

    /// Icons whose box is at least this many pixels on its shorter side have their glyph on a fill
    /// read from its own box: 16 — *measured* on ui-real valid (2026-11-25): a 12 × 9-px badge's
    /// checkmark read "add"; the glyphs read right were in 18–52-px buttons.
    public static let minGlyphReadSide = 16.0

    /// A glyph on a fill has at least this many pixels — *design choice*: fewer is a speck.
    public static let minGlyphPixels = 6

    /// A glyph on a fill spans at least this share of the icon box's shorter side: 0.2 —
    /// *design choice*; Material's 24-dp glyph in a 56-dp floating action button spans 0.43.
    public static let minGlyphShare = 0.2

    /// The middle share of an icon's box read again when the icon sits on a fill: 0.6 (a fifth cut
    /// from each side) — the glyph of a floating action button spans about 40 % of its disc
    /// (Material: a 24 dp icon in a 56 dp button).
    public static let innerShare = 0.6

    /// The probability the middle of a filled icon needs: 0.8 — *design choice*, from the unlabelled
    /// icon buttons of ui-real valid's analyses (2026-11-23): read from their middles, a "+", a
    /// menu, a checkmark and a forward arrow in discs came out at 0.83–0.95, while a bell in a
    /// grey square read "more" at 0.69 (wrong) and a fainter "+" and "×" at 0.54–0.56.
    public static let innerThreshold = 0.8

    /// How far a button's fill lies from the page around it, at least: 20 — half
    /// `SelectionSettings.minTintDistance`, as page-control dots are first looked for. A music
    /// player's pause button, a dark-red disc 38 from its darker red page, went unread at 40
    /// (ui-real train, 2026-11-25); the glyph must still stand 40 from the fill.
    public static let minFillFromPage = 20.0

    /// The middle ``innerShare`` of `box`.
    static func innerBox(_ box: Rect) -> Rect { scaledBox(box, by: innerShare) }

    /// Whether the icon in `box` sits on a fill of its own: sixteen points on a circle of 0.3 × the
    /// box's shorter side around its centre — inside a disc or rounded square that fills the box,
    /// mostly off a glyph spanning its middle — share a colour (at least 12 within 40 of their
    /// median; 40 is `SelectionSettings.minTintDistance`) that is at least ``minFillFromPage`` from
    /// the colour just outside the box (the median of eight points 2 px beyond its edges and
    /// corners), and the
    /// middle of the box holds something else (a glyph; a 9 × 9 grid of points over its middle 40 %
    /// finds one). The two wrong readings the first form of
    /// this rule gave on ui-real valid — a plain cyan disc read "download", a solid grey briefcase
    /// read "more" — have no such glyph.
    public static func sitsOnFill(_ image: RGBAImage, box: Rect) -> Bool {
        fill(under: image, box: box) != nil
    }

    /// The fill the icon in `box` sits on (``sitsOnFill(_:box:)``), or nil.
    public static func fill(under image: RGBAImage, box: Rect) -> RGB? {
        let limit = 40.0
        func colour(_ x: Double, _ y: Double) -> RGB? {
            let xi = Int(x.rounded(.down))
            let yi = Int(y.rounded(.down))
            guard xi >= 0, yi >= 0, xi < image.width, yi < image.height else { return nil }
            return image.color(x: xi, y: yi)
        }
        let cx = box.midX
        let cy = box.midY
        let radius = 0.3 * min(box.width, box.height)
        guard radius >= 2 else { return nil }
        let ring = (0..<16).compactMap { k -> RGB? in
            let a = Double(k) * .pi / 8
            return colour(cx + radius * cos(a), cy + radius * sin(a))
        }
        guard ring.count == 16, let fill = RGB.channelMedian(ring) else { return nil }
        guard ring.filter({ $0.distance(to: fill) < limit }).count >= 12 else { return nil }
        let m = 2.0
        let outsidePoints = [
            (box.minX - m, cy), (box.maxX + m, cy), (cx, box.minY - m), (cx, box.maxY + m),
            (box.minX - m, box.minY - m), (box.maxX + m, box.minY - m), (box.minX - m, box.maxY + m), (box.maxX + m, box.maxY + m),
        ]
        let outside = outsidePoints.compactMap { colour($0.0, $0.1) }
        guard outside.count >= 4, let page = RGB.channelMedian(outside), page.distance(to: fill) >= minFillFromPage else { return nil }
        // A glyph on the fill: of a 9 × 9 grid over the middle 40 % of the box, at least two
        // points differ from the fill (a plain dot, or the body of a solid glyph taken for a fill,
        // has none). A 5 × 5 grid missed a thin "⋮" between its columns (ui-real train,
        // 2026-11-25); the finer one changed one icon on the 779 screens, a menu in a teal disc,
        // now "Menu".
        var grid: [RGB] = []
        for row in -4...4 {
            for column in -4...4 {
                let x = cx + box.width * 0.05 * Double(column)
                let y = cy + box.height * 0.05 * Double(row)
                if let c = colour(x, y) { grid.append(c) }
            }
        }
        return grid.filter { $0.distance(to: fill) >= limit }.count >= 2 ? fill : nil
    }

    /// ``classify(in:boxes:)`` without the reading from a fill's middle, each box read at `scales`
    /// (default ``boxScales``).
    func classifyDirect(in image: RGBAImage, boxes: [Rect], scales: [Double]? = nil) throws -> [Classification] {
        let scales = scales ?? boxScales
        let runs = try run(in: image, boxes: boxes, scales: scales)
        var results = runs.map { classification($0.probabilities, contrast: $0.contrast) }
        guard derivesDirections else { return results }
        let unknown = results.indices.filter { results[$0].meaning == nil && runs[$0].contrast >= minimumContrast }
        guard !unknown.isEmpty else { return results }
        let turns = Turn.allCases.filter { $0 == .mirrored || inputSize.width == inputSize.height }
        let crops = scales.count
        // Per unknown icon, per turn, each of its crops turned (their probabilities combined as the crops' are).
        let inputs = unknown.flatMap { i in turns.flatMap { turn in runs[i].values.map { turned($0, turn) } } }
        let probabilities = try runValues(inputs)
        for (k, i) in unknown.enumerated() {
            var best: (meaning: IconMeaning, c: Classification)?
            for (t, turn) in turns.enumerated() {
                let start = (k * turns.count + t) * crops
                let c = classification(Self.combined(Array(probabilities[start..<(start + crops)])), contrast: runs[i].contrast)
                guard c.meaning == .back, c.confidence > (best?.c.confidence ?? 0) else { continue }
                guard c.confidence >= turn.threshold else { continue }
                best = (turn.meaning, c)
            }
            if let (meaning, c) = best {
                results[i] = Classification(bestMeaning: meaning, confidence: c.confidence, otherProbability: c.otherProbability, meaning: meaning)
            }
        }
        return results
    }

    /// How a glyph is turned to read it as "back".
    enum Turn: CaseIterable {
        case mirrored, anticlockwise, clockwise
        /// What a glyph that reads "back" so means.
        var meaning: IconMeaning {
            switch self {
            case .mirrored: .forward
            case .anticlockwise: .up
            case .clockwise: .down
            }
        }
        /// The probability "back" needs on the glyph so turned (``mirroredThreshold``, ``turnedThreshold``).
        var threshold: Double { self == .mirrored ? ONNXIconClassifier.mirroredThreshold : ONNXIconClassifier.turnedThreshold }
    }

    /// Input values (`3 × H × W` planes) mirrored left–right, or turned a quarter (square inputs only).
    func turned(_ values: [Float], _ turn: Turn) -> [Float] {
        let W = inputSize.width
        let H = inputSize.height
        var out = values
        for c in 0..<3 {
            let base = c * W * H
            for y in 0..<H {
                for x in 0..<W {
                    let source: Int
                    switch turn {
                    case .mirrored: source = y * W + (W - 1 - x)
                    case .anticlockwise: source = x * W + (W - 1 - y)  // out(x, y) = in(S−1−y, x)
                    case .clockwise: source = (H - 1 - x) * W + y  // out(x, y) = in(y, S−1−x)
                    }
                    out[base + y * W + x] = values[base + source]
                }
            }
        }
        return out
    }

    /// Class probabilities for model inputs (`3 × H × W` values each), in runs of at most ``maxBatch``.
    func runValues(_ inputs: [[Float]]) throws -> [[Float]] {
        let W = inputSize.width
        let H = inputSize.height
        let classes = meanings.count
        var results: [[Float]] = []
        for start in stride(from: 0, to: inputs.count, by: Self.maxBatch) {
            let chunk = inputs[start..<min(inputs.count, start + Self.maxBatch)]
            let out = try session.run([inputName: Tensor(shape: [chunk.count, 3, H, W], values: chunk.flatMap { $0 })], outputs: [outputName])
            guard let probs = out[outputName], probs.values.count == chunk.count * classes else {
                throw ScreenRecognitionError(
                    .runtime, "\(session.name) returned '\(outputName)' of shape \(out[outputName]?.shape ?? []), expected [\(chunk.count), \(classes)]")
            }
            for k in 0..<chunk.count { results.append(Array(probs.values[(k * classes)..<((k + 1) * classes)])) }
        }
        return results
    }

    /// The icon's meaning (§5.2), or `nil` when unknown — below the threshold or more likely an icon
    /// of another meaning.
    public func classifyIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? {
        try classifyIcons(in: image, boxes: [box])[0]
    }

    /// ``classifyIcon(in:box:)`` for every box, in one model run: what the content recogniser calls
    /// for a screen's icons.
    public func classifyIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?] {
        try classify(in: image, boxes: boxes).map { c in c.meaning.map { IconRecognition(meaning: $0, confidence: c.confidence) } }
    }
}
