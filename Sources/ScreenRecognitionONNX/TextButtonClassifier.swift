import Foundation
import ScreenRecognition

/// The text-button model's `model.json` (written by `training/screenrec_training/textbuttons/
/// export.py`, format "screenrecognition-text-button-classifier" version 1).
///
/// Inputs: `image` `[N, 3, height, width]`, the text box grown by `context` × its height on every
/// side (pixels outside the image repeat the nearest edge pixel), area-resized to `width × height`,
/// each channel `(pixel / scale − mean) / std`; `features` `[N, F]`, ``TextButtonFeatures`` in the
/// contract's `features` order. Output `probabilities` `[N]`: that each text is a button.
public struct TextButtonClassifierContract: Codable, Sendable, Hashable {
    public struct Crop: Codable, Sendable, Hashable {
        public var width: Int
        public var height: Int
        /// Context on every side, as a fraction of the box height.
        public var context: Double
    }

    public var format: String
    public var formatVersion: Int
    public var name: String?
    public var file: String
    public var bytes: Int?
    public var inputs: [ModelContract.TensorSpec]
    public var outputs: [ModelContract.TensorSpec]
    public var crop: Crop
    public var normalization: ModelContract.Normalization
    public var features: [String]
    /// The operating threshold (chosen for precision; Models/textbuttons/MODEL_CARD.md).
    public var threshold: Double
}

/// Text-button clickability (issue 16 §2) over ONNX Runtime: one model run per screen for all its
/// texts.
public final class ONNXTextButtonClassifier: @unchecked Sendable {
    public let contract: TextButtonClassifierContract
    public let session: ONNXSession
    public let name: String
    public var threshold: Double { contract.threshold }

    /// Loads `model.json` and the ONNX file it names from `directory`.
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, lists features other than ``TextButtonFeatures/names``, or the ONNX file lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 1, contractName: String = "model.json") throws {
        let url = directory.appendingPathComponent(contractName)
        let c: TextButtonClassifierContract = try decodeContract(at: url, what: "text-button model")
        guard c.format == "screenrecognition-text-button-classifier", c.formatVersion == 1 else {
            throw ScreenRecognitionError(.model, "\(url.path): unsupported format \(c.format) version \(c.formatVersion) (expected screenrecognition-text-button-classifier 1)")
        }
        guard c.features == TextButtonFeatures.names else {
            throw ScreenRecognitionError(.model, "\(url.path) lists features \(c.features); screenrec computes \(TextButtonFeatures.names)")
        }
        guard (8...512).contains(c.crop.width), (8...512).contains(c.crop.height), c.crop.context.isFinite, (0...4).contains(c.crop.context) else {
            throw ScreenRecognitionError(.model, "\(url.path): crop \(c.crop.width)×\(c.crop.height), context \(c.crop.context) is not usable")
        }
        let n = c.normalization
        guard n.scale > 0, n.mean.count == 3, n.std.count == 3, n.std.allSatisfy({ $0 > 0 }) else {
            throw ScreenRecognitionError(.model, "\(url.path): normalization needs scale > 0 and 3 means and 3 positive stds")
        }
        guard c.threshold.isFinite, (0...1).contains(c.threshold) else {
            throw ScreenRecognitionError(.model, "\(url.path): threshold \(c.threshold) is outside 0...1")
        }
        guard c.inputs.map(\.name).sorted() == ["features", "image"], c.outputs.count == 1 else {
            throw ScreenRecognitionError(.model, "\(url.path): expected inputs 'image' and 'features' and one output")
        }
        let common = ModelContract(name: c.name ?? directory.lastPathComponent, file: c.file, bytes: c.bytes,
                                   inputs: c.inputs, outputs: c.outputs, normalization: c.normalization)
        let modelURL = common.modelURL(besides: url)
        try common.checkFile(at: modelURL)
        session = try runtime.makeSession(modelPath: modelURL.path, threads: threads)
        try common.check(session)
        contract = c
        name = common.name
    }

    /// The crop rectangle (x0, y0, x1, y1; ends exclusive) for a text box: grown by the context.
    static func cropRect(_ box: Rect, context: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        let m = context * box.height
        let x0 = ONNXIconClassifier.rnd(box.x - m), y0 = ONNXIconClassifier.rnd(box.y - m)
        let x1 = max(x0 + 1, ONNXIconClassifier.rnd(box.maxX + m)), y1 = max(y0 + 1, ONNXIconClassifier.rnd(box.maxY + m))
        return (x0, y0, x1, y1)
    }

    /// The crop of one text as RGB floats 0–255, `height × width × 3` (before normalisation). Pure.
    public func cropPixels(_ image: RGBAImage, box: Rect) -> [Float] {
        let (x0, y0, x1, y1) = Self.cropRect(box, context: contract.crop.context)
        let crop = ONNXIconClassifier.edgeRepeatingCrop(image, x0: x0, y0: y0, width: x1 - x0, height: y1 - y0)
        return ONNXElementDetector.areaResize(crop, width: contract.crop.width, height: contract.crop.height)
    }

    /// The probabilities that each text is a button, one model run for all of them.
    /// - Throws: `.invalidInput` for a box that is not finite or empty; `.runtime` when inference fails.
    public func probabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double] {
        guard !texts.isEmpty else { return [] }
        let W = contract.crop.width, H = contract.crop.height, plane = W * H
        let n = contract.normalization
        var values = [Float](repeating: 0, count: texts.count * 3 * plane)
        var features: [Float] = []
        features.reserveCapacity(texts.count * contract.features.count)
        for (k, t) in texts.enumerated() {
            guard [t.box.x, t.box.y, t.box.width, t.box.height].allSatisfy(\.isFinite), t.box.width >= 1, t.box.height >= 1,
                  t.values.count == contract.features.count else {
                throw ScreenRecognitionError(.invalidInput, "text box \(t.box) is empty or not finite, or has \(t.values.count) features")
            }
            let rgb = cropPixels(image, box: t.box)
            for c in 0..<3 {
                let mul = 1 / (n.scale * n.std[c]), add = -n.mean[c] / n.std[c]
                let base = (k * 3 + c) * plane
                for i in 0..<plane { values[base + i] = rgb[i * 3 + c] * mul + add }
            }
            features.append(contentsOf: t.values.map { Float($0) })
        }
        let output = contract.outputs[0].name
        let out = try session.run(["image": Tensor(shape: [texts.count, 3, H, W], values: values),
                                   "features": Tensor(shape: [texts.count, contract.features.count], values: features)],
                                  outputs: [output])
        guard let p = out[output], p.values.count == texts.count else {
            throw ScreenRecognitionError(.runtime, "\(session.name) returned '\(output)' of shape \(out[output]?.shape ?? []), expected [\(texts.count)]")
        }
        return p.values.map(Double.init)
    }
}
