import Foundation
import ScreenRecognition

/// The detector's `model.json`: the common contract plus its classes, input geometry and decoding.
///
/// The graph takes `[1, 3, height, width]` RGB floats made by letterboxing the screenshot (scaled to
/// fit, aspect kept, placed at the top-left or centre, the rest filled with `padValue`) and then
/// normalising `(pixel / scale − mean) / std`. It returns the top-K candidates already decoded:
/// `scores [1, K]`, `classes [1, K]` (indices into `classes`) and `boxes [1, K, 4]` as x1, y1, x2, y2
/// in input pixels. Training and export: training/README.md.
public struct DetectorContract: Codable, Sendable, Hashable {
    public struct Input: Codable, Sendable, Hashable {
        public var width: Int
        public var height: Int
        /// "top-left" (default) or "center".
        public var align: String?
        /// The letterbox fill as a raw 0–255 grey level (default 0).
        public var padValue: Float?
    }

    public struct Decoding: Codable, Sendable, Hashable {
        /// "topk-xyxy": the graph returns decoded candidates (scores, classes, boxes).
        public var type: String
        public var scores: String
        public var classes: String
        public var boxes: String
    }

    public var classes: [String]
    public var input: Input
    public var decoding: Decoding
    /// The per-class thresholds file beside the model (§4.1), e.g. "thresholds.json".
    public var thresholds: String?
}

/// Per-class confidence thresholds chosen from precision-recall curves (§4.1, Fig. 5), stored beside
/// the detector as `{"thresholds": {"text": 0.31, …}}`.
public struct DetectorThresholds: Codable, Sendable, Hashable {
    public var thresholds: [String: Double]

    /// The thresholds as the core's settings; unknown class names are an error.
    public func confidenceThresholds() throws -> [ElementClass: Double] {
        var result: [ElementClass: Double] = [:]
        for (name, value) in thresholds {
            guard let cls = ElementClass(rawValue: name) else {
                throw ScreenRecognitionError(.model, "thresholds file names unknown class '\(name)'")
            }
            guard value.isFinite, (0...1).contains(value) else {
                throw ScreenRecognitionError(.model, "threshold \(value) for \(name) is outside 0...1")
            }
            result[cls] = value
        }
        return result
    }
}

/// The element detector (§4) over ONNX Runtime: letterbox, normalise, run, map boxes back to the
/// screenshot's pixels. Thresholds and NMS are the core's (``PostProcessing``).
public final class ONNXElementDetector: ElementDetector, @unchecked Sendable {
    public let contract: ModelContract
    public let detector: DetectorContract
    public let session: ONNXSession
    /// Per-class thresholds from the file beside the model (empty when the model ships none).
    public let thresholds: [ElementClass: Double]
    let classes: [ElementClass]
    /// Candidates below this score are not returned at all: 0.05 — *design choice*, below every
    /// per-class threshold a PR curve would pick, so `--min-confidence` can still go low for eval.
    public var candidateFloor: Float = 0.05

    /// Loads `detector.model.json` (or the given contract) from `directory`.
    /// - Throws: `.model` when the files are missing, the contract is malformed or names classes the
    ///   core does not know, or the ONNX file lacks the contract's tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 2, contractName: String = "model.json") throws {
        let contractURL = directory.appendingPathComponent(contractName)
        guard FileManager.default.fileExists(atPath: contractURL.path) else {
            throw ScreenRecognitionError(.model, "no detector installed: \(contractURL.path) not found")
        }
        let (contract, session) = try ModelContract.openSession(contractAt: contractURL, runtime: runtime, threads: threads)
        let detector: DetectorContract
        do {
            detector = try JSONDecoder().decode(DetectorContract.self, from: Data(contentsOf: contractURL))
        } catch {
            throw ScreenRecognitionError(.model, "\(contractURL.path) is not a detector contract: \(error)")
        }
        var classes: [ElementClass] = []
        for name in detector.classes {
            guard let c = ElementClass(rawValue: name) else {
                throw ScreenRecognitionError(.model, "\(contractURL.path) names unknown class '\(name)'")
            }
            classes.append(c)
        }
        guard detector.decoding.type == "topk-xyxy" else {
            throw ScreenRecognitionError(.model, "\(contractURL.path): unsupported decoding '\(detector.decoding.type)' (expected topk-xyxy)")
        }
        guard detector.input.width > 0, detector.input.height > 0, detector.input.width <= 4096, detector.input.height <= 4096 else {
            throw ScreenRecognitionError(.model, "\(contractURL.path): input size \(detector.input.width)×\(detector.input.height) is not usable")
        }
        for name in [detector.decoding.scores, detector.decoding.classes, detector.decoding.boxes] where !session.outputNames.contains(name) {
            throw ScreenRecognitionError(.model, "\(contractURL.path): the model has no output '\(name)'")
        }
        guard session.inputNames.count == 1 else {
            throw ScreenRecognitionError(.model, "\(contractURL.path): the detector must have one input, it has \(session.inputNames.count)")
        }
        if let file = detector.thresholds {
            let url = directory.appendingPathComponent(file)
            do {
                thresholds = try JSONDecoder().decode(DetectorThresholds.self, from: Data(contentsOf: url)).confidenceThresholds()
            } catch let e as ScreenRecognitionError {
                throw ScreenRecognitionError(.model, "\(url.path): \(e.message)")
            } catch {
                throw ScreenRecognitionError(.model, "cannot read the detector's thresholds \(url.path): \(error)")
            }
        } else {
            thresholds = [:]
        }
        self.contract = contract
        self.detector = detector
        self.session = session
        self.classes = classes
    }

    /// How a screenshot maps into the model's input.
    public struct Letterbox: Sendable, Hashable {
        public var scale: Double
        public var offsetX: Double
        public var offsetY: Double
        public var width: Int
        public var height: Int

        /// Maps a box in input pixels back to the screenshot.
        public func unmap(_ r: Rect) -> Rect {
            Rect(x: (r.x - offsetX) / scale, y: (r.y - offsetY) / scale, width: r.width / scale, height: r.height / scale)
        }
    }

    public static func letterbox(imageWidth: Int, imageHeight: Int, inputWidth: Int, inputHeight: Int, centered: Bool) -> Letterbox {
        let scale = min(Double(inputWidth) / Double(imageWidth), Double(inputHeight) / Double(imageHeight))
        let w = max(1, min(inputWidth, Int((Double(imageWidth) * scale).rounded())))
        let h = max(1, min(inputHeight, Int((Double(imageHeight) * scale).rounded())))
        let ox = centered ? Double((inputWidth - w) / 2) : 0
        let oy = centered ? Double((inputHeight - h) / 2) : 0
        return Letterbox(scale: scale, offsetX: ox, offsetY: oy, width: w, height: h)
    }

    /// The model's input tensor for `image` (area-averaged downscale, bilinear-free nearest-area upscale).
    public func inputTensor(for image: RGBAImage) -> (Tensor, Letterbox) {
        let W = detector.input.width, H = detector.input.height
        let lb = Self.letterbox(imageWidth: image.width, imageHeight: image.height, inputWidth: W, inputHeight: H,
                                centered: detector.input.align == "center")
        let norm = contract.normalization ?? ModelContract.Normalization(scale: 255, mean: [0, 0, 0], std: [1, 1, 1])
        var mul = [Float](repeating: 1, count: 3), add = [Float](repeating: 0, count: 3)
        for c in 0..<3 {
            let mean = norm.mean.count == 3 ? norm.mean[c] : 0, std = norm.std.count == 3 && norm.std[c] != 0 ? norm.std[c] : 1
            mul[c] = 1 / (norm.scale * std)
            add[c] = -mean / std
        }
        let pad = detector.input.padValue ?? 0
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let v = pad * mul[c] + add[c]
            for i in (c * W * H)..<((c + 1) * W * H) { values[i] = v }
        }
        let resized = Self.areaResize(image, width: lb.width, height: lb.height)
        let ox = Int(lb.offsetX), oy = Int(lb.offsetY)
        values.withUnsafeMutableBufferPointer { out in
            resized.withUnsafeBufferPointer { src in
                for y in 0..<lb.height {
                    for x in 0..<lb.width {
                        let s = (y * lb.width + x) * 3
                        let d = (y + oy) * W + (x + ox)
                        out[d] = src[s] * mul[0] + add[0]
                        out[W * H + d] = src[s + 1] * mul[1] + add[1]
                        out[2 * W * H + d] = src[s + 2] * mul[2] + add[2]
                    }
                }
            }
        }
        return (Tensor(shape: [1, 3, H, W], values: values), lb)
    }

    /// Resizes to `width × height` RGB floats (0–255) by averaging each output pixel's source area
    /// (downscaling) or taking the covering source pixel (upscaling).
    public static func areaResize(_ image: RGBAImage, width: Int, height: Int) -> [Float] {
        var out = [Float](repeating: 0, count: width * height * 3)
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        let xs0 = (0..<width).map { min(image.width - 1, Int(Double($0) * sx)) }
        let xs1 = (0..<width).map { max(min(image.width, Int(Double($0 + 1) * sx)), min(image.width - 1, Int(Double($0) * sx)) + 1) }
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                var rowSum = [Float](repeating: 0, count: image.width * 3)
                for y in 0..<height {
                    let y0 = min(image.height - 1, Int(Double(y) * sy))
                    let y1 = max(min(image.height, Int(Double(y + 1) * sy)), y0 + 1)
                    for i in rowSum.indices { rowSum[i] = 0 }
                    for yy in y0..<y1 {
                        var p = yy * image.width * 4
                        for x in 0..<image.width {
                            rowSum[x * 3] += Float(px[p]); rowSum[x * 3 + 1] += Float(px[p + 1]); rowSum[x * 3 + 2] += Float(px[p + 2])
                            p += 4
                        }
                    }
                    let rows = Float(y1 - y0)
                    for x in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for xx in xs0[x]..<xs1[x] { r += rowSum[xx * 3]; g += rowSum[xx * 3 + 1]; b += rowSum[xx * 3 + 2] }
                        let n = rows * Float(xs1[x] - xs0[x])
                        let d = (y * width + x) * 3
                        o[d] = r / n; o[d + 1] = g / n; o[d + 2] = b / n
                    }
                }
            }
        }
        return out
    }

    public func detect(in image: RGBAImage) throws -> [Detection] {
        let (input, lb) = inputTensor(for: image)
        let out = try session.run([session.inputNames[0]: input],
                                  outputs: [detector.decoding.scores, detector.decoding.classes, detector.decoding.boxes])
        guard let scores = out[detector.decoding.scores]?.values, let cls = out[detector.decoding.classes]?.values,
              let boxes = out[detector.decoding.boxes]?.values, cls.count == scores.count, boxes.count == scores.count * 4 else {
            throw ScreenRecognitionError(.runtime, "\(session.name) returned outputs of unexpected sizes")
        }
        return Self.decode(scores: scores, classes: cls, boxes: boxes, classList: classes, letterbox: lb,
                           imageWidth: image.width, imageHeight: image.height, floor: candidateFloor)
    }

    /// Turns the graph's top-K outputs into detections in screenshot pixels (pure; tested on its own).
    public static func decode(scores: [Float], classes cls: [Float], boxes: [Float], classList: [ElementClass], letterbox lb: Letterbox,
                              imageWidth: Int, imageHeight: Int, floor: Float) -> [Detection] {
        var result: [Detection] = []
        for k in scores.indices where scores[k].isFinite && scores[k] >= floor {
            let c = Int(cls[k])
            guard c >= 0, c < classList.count else { continue }
            let x1 = Double(boxes[k * 4]), y1 = Double(boxes[k * 4 + 1]), x2 = Double(boxes[k * 4 + 2]), y2 = Double(boxes[k * 4 + 3])
            guard [x1, y1, x2, y2].allSatisfy(\.isFinite), x2 > x1, y2 > y1 else { continue }
            let r = lb.unmap(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
                .clamped(width: Double(imageWidth), height: Double(imageHeight))
            guard r.width >= 1, r.height >= 1 else { continue }
            result.append(Detection(type: classList[c], box: r, confidence: Double(min(1, scores[k]))))
        }
        return result
    }
}
