import Foundation
import ScreenRecognition

/// The detector's `model.json` (written by `training/screenrec_training/export.py`, format
/// "screenrecognition-detector" version 1).
///
/// The graph takes one `[1, 3, height, width]` RGB float input made by letterboxing the screenshot
/// (scaled by `s = min(width / w, height / h)`, aspect kept, placed at the top-left — or centred —
/// the rest filled with `padValue`), each channel `pixel / 255` when `valueRange` is [0, 1] (any
/// mean/std is inside the graph). It returns the top-K candidates already decoded, one row each, in
/// an output whose `columns` name x1, y1, x2, y2 (input pixels), score and classIndex (into
/// `classes`). Per-class thresholds and NMS are the consumer's (here: ``PostProcessing``).
public struct DetectorContract: Codable, Sendable, Hashable {
    public struct Letterbox: Codable, Sendable, Hashable {
        /// "top-left (offset 0, 0)" (the default) or "center".
        public var placement: String?
        /// The fill, per channel, in input value units.
        public var padValue: [Float]?
    }

    public struct Input: Codable, Sendable, Hashable {
        public var name: String
        public var width: Int
        public var height: Int
        /// [0, 1]: values are pixel / 255; [0, 255]: raw pixels.
        public var valueRange: [Float]?
        public var letterbox: Letterbox?
    }

    public struct Output: Codable, Sendable, Hashable {
        public var name: String
        public var shape: [Int]?
        public var columns: [String]?
    }

    public var format: String
    public var formatVersion: Int
    public var file: String
    public var bytes: Int?
    public var sha256: String?
    public var classes: [String]
    public var input: Input
    public var outputs: [Output]
    /// The per-class thresholds file beside the model (§4.1), e.g. "thresholds.json".
    public var thresholdsFile: String?
    /// A short name for reports (default: the folder's name).
    public var name: String?

    static let requiredColumns = ["x1", "y1", "x2", "y2", "score", "classIndex"]
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
    public let detector: DetectorContract
    public let session: ONNXSession
    /// A short name for reports.
    public let name: String
    /// Per-class thresholds from the file beside the model (empty when the model ships none).
    public let thresholds: [ElementClass: Double]
    let classes: [ElementClass]
    let output: String
    /// Column indices of x1, y1, x2, y2, score, classIndex in each output row.
    let columns: [Int]
    /// Candidates below this score are not returned at all: 0.05 — *design choice*, below every
    /// per-class threshold a PR curve would pick, so `--min-confidence` can still go low for eval.
    public var candidateFloor: Float = 0.05

    /// Loads `model.json` (or `contractName`) and the files it names from `directory`.
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, names classes the core does not know, or the ONNX file lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 2, contractName: String = "model.json") throws {
        let contractURL = directory.appendingPathComponent(contractName)
        guard let data = FileManager.default.contents(atPath: contractURL.path) else {
            throw ScreenRecognitionError(.model, "no detector installed: \(contractURL.path) not found")
        }
        let detector: DetectorContract
        do {
            detector = try JSONDecoder().decode(DetectorContract.self, from: data)
        } catch {
            throw ScreenRecognitionError(.model, "\(contractURL.path) is not a valid detector contract: \(error)")
        }
        let where_ = contractURL.path
        guard detector.format == "screenrecognition-detector", detector.formatVersion == 1 else {
            throw ScreenRecognitionError(.model, "\(where_): unsupported format \(detector.format) version \(detector.formatVersion) (expected screenrecognition-detector 1)")
        }
        var classes: [ElementClass] = []
        for name in detector.classes {
            guard let c = ElementClass(rawValue: name) else {
                throw ScreenRecognitionError(.model, "\(where_) names unknown class '\(name)'")
            }
            classes.append(c)
        }
        guard detector.input.width > 0, detector.input.height > 0, detector.input.width <= 4096, detector.input.height <= 4096 else {
            throw ScreenRecognitionError(.model, "\(where_): input size \(detector.input.width)×\(detector.input.height) is not usable")
        }
        guard let out = detector.outputs.first(where: { o in DetectorContract.requiredColumns.allSatisfy { (o.columns ?? []).contains($0) } }) else {
            throw ScreenRecognitionError(.model, "\(where_): no output with columns \(DetectorContract.requiredColumns.joined(separator: ", "))")
        }
        let modelURL = directory.appendingPathComponent(detector.file)
        let contract = ModelContract(name: detector.name ?? directory.lastPathComponent, file: detector.file, bytes: detector.bytes,
                                     inputs: [.init(name: detector.input.name)], outputs: [.init(name: out.name)])
        try contract.checkFile(at: modelURL)
        let session = try runtime.makeSession(modelPath: modelURL.path, threads: threads)
        try contract.check(session)
        if let file = detector.thresholdsFile {
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
        self.detector = detector
        self.session = session
        self.name = contract.name
        self.classes = classes
        self.output = out.name
        self.columns = DetectorContract.requiredColumns.map { (out.columns ?? []).firstIndex(of: $0)! }
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
                                centered: detector.input.letterbox?.placement?.hasPrefix("center") == true)
        // value = pixel / 255 for a [0, 1] input, the raw pixel for [0, 255].
        let top = detector.input.valueRange?.last ?? 1
        let mul = [Float](repeating: top > 1 ? 1 : 1 / 255, count: 3), add = [Float](repeating: 0, count: 3)
        let pad = detector.input.letterbox?.padValue ?? [0, 0, 0]
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let v = pad.count == 3 ? pad[c] : (pad.first ?? 0)
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
        let out = try session.run([detector.input.name: input], outputs: [output])
        guard let rows = out[output], rows.shape.count >= 2, let width = rows.shape.last, width > columns.max()!,
              rows.values.count % width == 0 else {
            throw ScreenRecognitionError(.runtime, "\(session.name) returned '\(output)' of shape \(out[output]?.shape ?? []), expected [1, K, \(columns.count)]")
        }
        return Self.decode(rows: rows.values, rowWidth: width, columns: columns, classList: classes, letterbox: lb,
                           imageWidth: image.width, imageHeight: image.height, floor: candidateFloor)
    }

    /// Turns the graph's rows of top-K candidates into detections in screenshot pixels (pure).
    /// `columns` gives the positions of x1, y1, x2, y2, score and classIndex within each row.
    public static func decode(rows: [Float], rowWidth: Int, columns: [Int], classList: [ElementClass], letterbox lb: Letterbox,
                              imageWidth: Int, imageHeight: Int, floor: Float) -> [Detection] {
        var result: [Detection] = []
        for start in stride(from: 0, to: rows.count - rowWidth + 1, by: rowWidth) {
            func at(_ column: Int) -> Float { rows[start + columns[column]] }
            let score = at(4), c = Int(at(5))
            guard score.isFinite, score >= floor, c >= 0, c < classList.count else { continue }
            let x1 = Double(at(0)), y1 = Double(at(1)), x2 = Double(at(2)), y2 = Double(at(3))
            guard [x1, y1, x2, y2].allSatisfy(\.isFinite), x2 > x1, y2 > y1 else { continue }
            let r = lb.unmap(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
                .clamped(width: Double(imageWidth), height: Double(imageHeight))
            guard r.width >= 1, r.height >= 1 else { continue }
            result.append(Detection(type: classList[c], box: r, confidence: Double(min(1, score))))
        }
        return result
    }
}
