import Foundation
import ScreenRecognition

/// The text-button model's own keys in its `model.json` (written by `training/screenrec_training/textbuttons/
/// export.py`, format "screenrecognition-text-button-classifier" version 1); the common ones are ``ModelContract``'s.
///
/// Inputs: `image` `[N, 3, height, width]`, the text box grown by `context` × its height on every
/// side (pixels outside the image repeat the nearest edge pixel), area-resized to `width × height`,
/// each channel `(pixel / scale − mean) / std`; `features` `[N, F]`, `TextButtonFeatures` in the
/// contract's `features` order. Output `probabilities` `[N]`: that each text is a button; the
/// contract's `threshold` is the operating point (chosen for precision; Models/textbuttons/MODEL_CARD.md).
public struct TextButtonClassifierExtras: Decodable, Sendable, Hashable {
    public struct Crop: Decodable, Sendable, Hashable {
        public var width: Int
        public var height: Int
        /// Context on every side, as a fraction of the box height.
        public var context: Double
    }

    public var crop: Crop
    public var features: [String]
}

/// Text-button clickability over ONNX Runtime: one model run per screen for all its
/// texts.
public final class ONNXTextButtonClassifier: Sendable {
    public let contract: ModelContract
    public let extras: TextButtonClassifierExtras
    public let session: ONNXSession
    public let name: String
    /// The operating threshold from the contract.
    public let threshold: Double
    let normalization: ModelContract.Normalization
    let outputName: String

    /// Loads `model.json` and the ONNX file it names from `directory`
    /// (``ONNXModel/load(directory:kind:runtime:threads:contractName:)``).
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, lists features other than `TextButtonFeatures/names`, or the ONNX file lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 1, contractName: String = "model.json") throws {
        let (session, contract) = try ONNXModel.load(
            directory: directory, kind: .textButtonClassifier, runtime: runtime,
            threads: threads, contractName: contractName)
        let extras = try contract.extras(TextButtonClassifierExtras.self)
        guard extras.features == TextButtonFeatures.names else {
            throw contract.error(field: "features", "lists features \(extras.features); screenrec computes \(TextButtonFeatures.names)")
        }
        // 8...512 and 0...4: *design choice*, around the shipped 120×40 crop and 0.8 context.
        let crop = extras.crop
        guard (8...512).contains(crop.width), (8...512).contains(crop.height), crop.context.isFinite, (0...4).contains(crop.context) else {
            throw contract.error(field: "crop", "crop \(crop.width)×\(crop.height), context \(crop.context) is not usable")
        }
        guard let normalization = contract.normalization else { throw contract.error(field: "normalization", "is missing") }
        guard let threshold = contract.threshold else { throw contract.error(field: "threshold", "is missing") }
        guard contract.inputs.map(\.name).sorted() == ["features", "image"], contract.outputs.count == 1 else {
            throw contract.error(field: "inputs", "must name inputs 'image' and 'features' and one output")
        }
        self.contract = contract
        self.extras = extras
        self.session = session
        self.name = contract.name
        self.threshold = threshold
        self.normalization = normalization
        self.outputName = contract.outputs[0].name
    }

    /// The crop rectangle (x0, y0, x1, y1; ends exclusive) for a text box: grown by the context.
    static func cropRect(_ box: Rect, context: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        let m = context * box.height
        let x0 = ONNXIconClassifier.rnd(box.x - m)
        let y0 = ONNXIconClassifier.rnd(box.y - m)
        let x1 = max(x0 + 1, ONNXIconClassifier.rnd(box.maxX + m))
        let y1 = max(y0 + 1, ONNXIconClassifier.rnd(box.maxY + m))
        return (x0, y0, x1, y1)
    }

    /// The crop of one text as RGB floats 0–255, `height × width × 3` (before normalisation). Pure.
    public func cropPixels(_ image: RGBAImage, box: Rect) -> [Float] {
        let (x0, y0, x1, y1) = Self.cropRect(box, context: extras.crop.context)
        let crop = ONNXIconClassifier.edgeRepeatingCrop(image, x0: x0, y0: y0, width: x1 - x0, height: y1 - y0)
        return ONNXElementDetector.areaResize(crop, width: extras.crop.width, height: extras.crop.height)
    }

    /// The probabilities that each text is a button, one model run for all of them.
    /// - Throws: `.invalidInput` for a box that is not finite or empty; `.runtime` when inference fails.
    public func probabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double] {
        guard !texts.isEmpty else { return [] }
        let W = extras.crop.width
        let H = extras.crop.height
        let plane = W * H
        let featureCount = extras.features.count
        var values = [Float](repeating: 0, count: texts.count * 3 * plane)
        var features: [Float] = []
        features.reserveCapacity(texts.count * featureCount)
        for (k, t) in texts.enumerated() {
            guard [t.box.x, t.box.y, t.box.width, t.box.height].allSatisfy(\.isFinite), t.box.width >= 1, t.box.height >= 1,
                t.values.count == featureCount
            else {
                throw ScreenRecognitionError(.invalidInput, "text box \(t.box) is empty or not finite, or has \(t.values.count) features")
            }
            let rgb = cropPixels(image, box: t.box)
            for c in 0..<3 {
                let (mul, add) = normalization.affine(channel: c)
                let base = (k * 3 + c) * plane
                for i in 0..<plane { values[base + i] = rgb[i * 3 + c] * mul + add }
            }
            features.append(contentsOf: t.values.map { Float($0) })
        }
        let output = outputName
        let out = try session.run(
            [
                "image": Tensor(shape: [texts.count, 3, H, W], values: values),
                "features": Tensor(shape: [texts.count, featureCount], values: features),
            ],
            outputs: [output])
        guard let p = out[output], p.values.count == texts.count else {
            throw ScreenRecognitionError(.runtime, "\(session.name) returned '\(output)' of shape \(out[output]?.shape ?? []), expected [\(texts.count)]")
        }
        return p.values.map(Double.init)
    }
}
