import Foundation
import ScreenRecognition

/// The icon classifier's `model.json` (written by `training/screenrec_training/icons/export.py`,
/// format "screenrecognition-icon-classifier" version 1).
///
/// The graph takes `[N, 3, height, width]` RGB floats made from a square crop around the icon box
/// (side `round(max(w, h) × (1 + context))`, centred on the box, pixels outside the image repeating
/// the nearest edge pixel), area-resized to `width × height`, each channel
/// `(pixel / scale − mean) / std`. It returns softmax probabilities over `classes`: the icon
/// meanings of the core contract plus `otherClass` (icons of any other meaning).
public struct IconClassifierContract: Codable, Sendable, Hashable {
    public struct Crop: Codable, Sendable, Hashable {
        /// Extra context around the box, as a fraction of its longer side (e.g. 0.15).
        public var context: Double
    }

    public struct Input: Codable, Sendable, Hashable {
        public var name: String
        public var width: Int
        public var height: Int
        public var crop: Crop
        public var normalization: ModelContract.Normalization
    }

    public struct Output: Codable, Sendable, Hashable {
        public var name: String
    }

    public var format: String
    public var formatVersion: Int
    public var file: String
    public var bytes: Int?
    public var sha256: String?
    public var name: String?
    /// Class names in output order: `IconMeaning` ids and `otherClass`.
    public var classes: [String]
    /// The class for icons of none of the meanings; never reported as a meaning.
    public var otherClass: String
    public var input: Input
    public var output: Output
    /// Below this top-meaning probability the icon is "unknown" (chosen on held-out families; see
    /// Models/icons/MODEL_CARD.md).
    public var unknownThreshold: Double
}

/// Icon recognition (paper §5.2) over ONNX Runtime: one of the 38 ``IconMeaning``s, or `nil`
/// ("unknown") when the model is not confident or sees an icon of another meaning.
public final class ONNXIconClassifier: @unchecked Sendable {
    public let contract: IconClassifierContract
    public let session: ONNXSession
    /// A short name for reports.
    public let name: String
    /// The probability a meaning needs to be reported (the contract's `unknownThreshold` unless changed).
    public var unknownThreshold: Double
    /// The meaning of each output class (`nil` for the "other" class).
    let meanings: [IconMeaning?]
    /// A crop whose luminance spans less than this (0–1 scale, after resizing) has no glyph and is
    /// "unknown" without asking the model: training icons differ from their background by at least
    /// 0.25 in luminance (render.py `_colours`), and every rendered crop's range is ≥ 0.23 (measured
    /// on the train, validation and generalisation sets, Models/icons/MODEL_CARD.md), while a blank
    /// patch was measured to come out as a confident "more" (IconClassifierTests.blankPatchIsUnknown).
    public var minimumContrast: Float = 0.1

    /// The full result for one icon: the best of the 38 meanings with its probability, and whether
    /// it passes the threshold (else the icon is "unknown").
    public struct Classification: Sendable, Hashable {
        /// The most probable of the 38 meanings.
        public var bestMeaning: IconMeaning
        /// Its probability (0...1).
        public var confidence: Double
        /// The probability of "an icon of another meaning".
        public var otherProbability: Double
        /// `bestMeaning` when it is confident enough, beats "other" and the crop has a glyph
        /// (``ONNXIconClassifier/minimumContrast``); `nil` means unknown.
        public var meaning: IconMeaning?
    }

    /// Loads `model.json` (or `contractName`) and the ONNX file it names from `directory`.
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, names classes the core does not know, has an unusable input size or threshold, or
    ///   the ONNX file lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 1, contractName: String = "model.json") throws {
        let contractURL = directory.appendingPathComponent(contractName)
        guard let data = FileManager.default.contents(atPath: contractURL.path) else {
            throw ScreenRecognitionError(.model, "no icon classifier installed: \(contractURL.path) not found")
        }
        let c: IconClassifierContract
        do {
            c = try JSONDecoder().decode(IconClassifierContract.self, from: data)
        } catch {
            throw ScreenRecognitionError(.model, "\(contractURL.path) is not a valid icon classifier contract: \(error)")
        }
        let where_ = contractURL.path
        guard c.format == "screenrecognition-icon-classifier", c.formatVersion == 1 else {
            throw ScreenRecognitionError(.model, "\(where_): unsupported format \(c.format) version \(c.formatVersion) (expected screenrecognition-icon-classifier 1)")
        }
        var meanings: [IconMeaning?] = []
        for cls in c.classes {
            if cls == c.otherClass {
                meanings.append(nil)
            } else if let m = IconMeaning(rawValue: cls) {
                meanings.append(m)
            } else {
                throw ScreenRecognitionError(.model, "\(where_) names unknown icon class '\(cls)' (expected IconMeaning ids or '\(c.otherClass)')")
            }
        }
        guard meanings.contains(where: { $0 != nil }) else {
            throw ScreenRecognitionError(.model, "\(where_) has no icon meaning among its classes")
        }
        guard (8...512).contains(c.input.width), (8...512).contains(c.input.height) else {
            throw ScreenRecognitionError(.model, "\(where_): input size \(c.input.width)×\(c.input.height) is not usable")
        }
        let n = c.input.normalization
        guard n.scale > 0, n.mean.count == 3, n.std.count == 3, n.std.allSatisfy({ $0 > 0 }) else {
            throw ScreenRecognitionError(.model, "\(where_): normalization needs scale > 0 and 3 means and 3 positive stds")
        }
        guard c.unknownThreshold.isFinite, (0...1).contains(c.unknownThreshold) else {
            throw ScreenRecognitionError(.model, "\(where_): unknownThreshold \(c.unknownThreshold) is outside 0...1")
        }
        guard c.input.crop.context.isFinite, (0...2).contains(c.input.crop.context) else {
            throw ScreenRecognitionError(.model, "\(where_): crop context \(c.input.crop.context) is outside 0...2")
        }
        let modelURL = directory.appendingPathComponent(c.file)
        let mc = ModelContract(name: c.name ?? directory.lastPathComponent, file: c.file, bytes: c.bytes,
                               inputs: [.init(name: c.input.name)], outputs: [.init(name: c.output.name)])
        try mc.checkFile(at: modelURL)
        let session = try runtime.makeSession(modelPath: modelURL.path, threads: threads)
        try mc.check(session)
        self.contract = c
        self.session = session
        self.name = mc.name
        self.meanings = meanings
        self.unknownThreshold = c.unknownThreshold
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
                        let s = (sy * image.width + sx) * 4, d = (y * width + x) * 4
                        let a = Int(px[s + 3])
                        if a == 255 {
                            out[d] = px[s]; out[d + 1] = px[s + 1]; out[d + 2] = px[s + 2]
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

    /// The model's input for the icon in `box` (image pixels): the square crop with context, edge
    /// pixels repeated outside the image, transparent pixels composited over white, area-resized and
    /// normalised. Pure; exposed for tests.
    public func inputTensor(for image: RGBAImage, box: Rect) -> Tensor {
        let W = contract.input.width, H = contract.input.height
        let side = max(1, Self.rnd(max(box.width, box.height) * (1 + contract.input.crop.context)))
        let x0 = Self.rnd(box.x + box.width / 2 - Double(side) / 2)
        let y0 = Self.rnd(box.y + box.height / 2 - Double(side) / 2)
        let cropImage = Self.edgeRepeatingCrop(image, x0: x0, y0: y0, width: side, height: side)
        let resized = ONNXElementDetector.areaResize(cropImage, width: W, height: H)
        let n = contract.input.normalization
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let mul = 1 / (n.scale * n.std[c]), add = -n.mean[c] / n.std[c]
            for i in 0..<(W * H) { values[c * W * H + i] = resized[i * 3 + c] * mul + add }
        }
        return Tensor(shape: [1, 3, H, W], values: values)
    }

    /// The class probabilities (in `contract.classes` order) for the icon in `box`.
    /// - Throws: `.invalidInput` for a box that is not finite, is empty or lies outside the image;
    ///   `.runtime` when inference fails or returns an unexpected shape.
    public func probabilities(in image: RGBAImage, box: Rect) throws -> [Float] {
        try run(in: image, box: box).probabilities
    }

    /// The luminance range (0–1) of the model input: max − min of 0.299 R + 0.587 G + 0.114 B.
    func contrast(of input: Tensor) -> Float {
        let n = contract.input.normalization
        let plane = contract.input.width * contract.input.height
        var lo = Float.infinity, hi = -Float.infinity
        input.values.withUnsafeBufferPointer { v in
            for i in 0..<plane {
                // back to 0–1 pixel values: value × std + mean = pixel / scale
                let r = v[i] * n.std[0] + n.mean[0], g = v[plane + i] * n.std[1] + n.mean[1], b = v[2 * plane + i] * n.std[2] + n.mean[2]
                let l = (0.299 * r + 0.587 * g + 0.114 * b) * n.scale / 255
                lo = min(lo, l); hi = max(hi, l)
            }
        }
        return hi - lo
    }

    func run(in image: RGBAImage, box: Rect) throws -> (probabilities: [Float], contrast: Float) {
        guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width >= 1, box.height >= 1 else {
            throw ScreenRecognitionError(.invalidInput, "icon box \(box) is empty or not finite")
        }
        guard box.x < Double(image.width), box.y < Double(image.height), box.x + box.width > 0, box.y + box.height > 0 else {
            throw ScreenRecognitionError(.invalidInput, "icon box \(box) lies outside the \(image.width)×\(image.height) image")
        }
        let input = inputTensor(for: image, box: box)
        let out = try session.run([contract.input.name: input], outputs: [contract.output.name])
        guard let probs = out[contract.output.name], probs.values.count == meanings.count else {
            throw ScreenRecognitionError(.runtime, "\(session.name) returned '\(contract.output.name)' of shape \(out[contract.output.name]?.shape ?? []), expected [1, \(meanings.count)]")
        }
        return (probs.values, contrast(of: input))
    }

    /// Classifies the icon in `box`: the best meaning, its probability, and whether it is confident.
    public func classify(in image: RGBAImage, box: Rect) throws -> Classification {
        let (p, contrast) = try run(in: image, box: box)
        var best = -1, other: Float = 0
        for (i, m) in meanings.enumerated() {
            if m == nil { other += p[i]; continue }
            if best < 0 || p[i] > p[best] { best = i }
        }
        let confidence = Double(p[best])
        let accepted = confidence >= unknownThreshold && p[best] >= other && contrast >= minimumContrast
        return Classification(bestMeaning: meanings[best]!, confidence: confidence, otherProbability: Double(other),
                              meaning: accepted ? meanings[best] : nil)
    }

    /// The icon's meaning (§5.2), or `nil` when unknown — below the threshold or more likely an icon
    /// of another meaning. This is the entry point the content recogniser calls.
    public func classifyIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? {
        let c = try classify(in: image, box: box)
        return c.meaning.map { IconRecognition(meaning: $0, confidence: c.confidence) }
    }
}
