import Foundation
import ScreenRecognition

/// The detector's own keys in its `model.json` (written by `training/screenrec_training/export.py`,
/// format "screenrecognition-detector" version 1); the common ones are ``ModelContract``'s.
///
/// The graph takes one `[1, 3, height, width]` RGB float input made by letterboxing the screenshot
/// (scaled by `s = min(width / w, height / h)`, aspect kept, placed at the top-left — or centred —
/// the rest filled with `padValue`), each channel `pixel / 255` when `valueRange` is [0, 1] (any
/// mean/std is inside the graph). It returns the top-K candidates already decoded, one row each, in
/// an output whose `columns` name x1, y1, x2, y2 (input pixels), score and classIndex (into
/// `classes`). Per-class thresholds (`thresholdsFile`, §4.1) and NMS are the consumer's (here: `PostProcessing`).
public struct DetectorExtras: Decodable, Sendable, Hashable {
    public struct Letterbox: Decodable, Sendable, Hashable {
        /// "top-left (offset 0, 0)" (the default) or "center".
        public var placement: String?
        /// The fill, per channel, in input value units.
        public var padValue: [Float]?
    }

    public struct Input: Decodable, Sendable, Hashable {
        public var letterbox: Letterbox?
    }

    public struct Output: Decodable, Sendable, Hashable {
        public var name: String
        public var columns: [String]?
    }

    public var input: Input?
    public var outputs: [Output]?

    static let requiredColumns = ["x1", "y1", "x2", "y2", "score", "classIndex"]
}

/// The element detector (§4) over ONNX Runtime: letterbox, normalise, run, map boxes back to the
/// screenshot's pixels. Thresholds and NMS are the core's (`PostProcessing`).
public final class ONNXElementDetector: ElementDetector, Sendable {
    public let contract: ModelContract
    public let extras: DetectorExtras
    public let session: ONNXSession
    /// A short name for reports.
    public let name: String
    /// Per-class thresholds from the file beside the model (empty when the model ships none).
    public let thresholds: [ElementClass: Double]
    /// Candidates below this score are not returned at all.
    public let candidateFloor: Float
    let classes: [ElementClass]
    let inputSize: ModelContract.ImageSize
    let normalization: ModelContract.Normalization
    let inputName: String
    let output: String
    /// Column indices of x1, y1, x2, y2, score, classIndex in each output row.
    let columns: [Int]

    /// 0.05 — *design choice*: below every per-class threshold a PR curve would pick, so
    /// `--min-confidence` can still go low for eval.
    public static let defaultCandidateFloor: Float = 0.05

    /// Loads `model.json` (or `contractName`) and the files it names from `directory`
    /// (``ONNXModel/load(directory:kind:runtime:threads:contractName:)``).
    /// - Parameters:
    ///   - directory: the model's folder, holding the contract and the files it names.
    ///   - runtime: the loaded ONNX Runtime the session is opened with.
    ///   - threads: intra-op threads for the session.
    ///   - contractName: the contract's file name in `directory`.
    ///   - candidateFloor: the lowest score returned (``defaultCandidateFloor``; 0.001 for AP).
    /// - Throws: `.model` when the files are missing, the contract is malformed or of another
    ///   format, names classes the core does not know, or the ONNX file lacks its tensors.
    public init(
        directory: URL, runtime: ONNXRuntime, threads: Int = 2, contractName: String = "model.json",
        candidateFloor: Float = ONNXElementDetector.defaultCandidateFloor
    ) throws {
        let (session, contract) = try ONNXModel.load(
            directory: directory, kind: .detector, runtime: runtime,
            threads: threads, contractName: contractName)
        let extras = try contract.extras(DetectorExtras.self)
        guard let labels = contract.labels else { throw contract.error(field: "classes", "is missing") }
        var classes: [ElementClass] = []
        for name in labels {
            guard let c = ElementClass(rawValue: name) else { throw contract.error(field: "classes", "names unknown class '\(name)'") }
            classes.append(c)
        }
        // 4096: *design choice*, far above the shipped 320×640; larger inputs are a broken contract.
        guard let size = contract.inputSize, size.width <= 4096, size.height <= 4096 else {
            throw contract.error(field: "input.width", "input size \(contract.inputSize.map { "\($0.width)×\($0.height)" } ?? "(none)") is not usable")
        }
        let columnsOK = { (o: DetectorExtras.Output) in DetectorExtras.requiredColumns.allSatisfy { (o.columns ?? []).contains($0) } }
        guard let out = extras.outputs?.first(where: columnsOK) else {
            throw contract.error(field: "outputs", "has no output with columns \(DetectorExtras.requiredColumns.joined(separator: ", "))")
        }
        var thresholds: [ElementClass: Double] = [:]
        for (name, value) in contract.classThresholds ?? [:] {
            guard let cls = ElementClass(rawValue: name) else {
                throw contract.error(field: "thresholdsFile", "names a file with a threshold for unknown class '\(name)'")
            }
            thresholds[cls] = value
        }
        guard candidateFloor.isFinite, (0...1).contains(candidateFloor) else {
            throw ScreenRecognitionError(.invalidInput, "candidate floor \(candidateFloor) is outside 0...1")
        }
        self.contract = contract
        self.extras = extras
        self.session = session
        self.name = contract.name
        self.thresholds = thresholds
        self.candidateFloor = candidateFloor
        self.classes = classes
        self.inputSize = size
        // The format's default when neither normalization nor valueRange is given: [0, 1] inputs.
        self.normalization = contract.normalization ?? .unit
        self.inputName = contract.inputs[0].name
        self.output = out.name
        self.columns = DetectorExtras.requiredColumns.map { (out.columns ?? []).firstIndex(of: $0)! }
    }

    private init(_ other: ONNXElementDetector, candidateFloor: Float) {
        contract = other.contract
        extras = other.extras
        session = other.session
        name = other.name
        thresholds = other.thresholds
        self.candidateFloor = candidateFloor
        classes = other.classes
        inputSize = other.inputSize
        normalization = other.normalization
        inputName = other.inputName
        output = other.output
        columns = other.columns
    }

    /// This detector (the same session) returning candidates down to `floor`, e.g. 0.001 for AP
    /// (COCO's practice) or a `--min-confidence` below ``defaultCandidateFloor``.
    public func withCandidateFloor(_ floor: Float) -> ONNXElementDetector {
        ONNXElementDetector(self, candidateFloor: max(0, min(1, floor.isFinite ? floor : candidateFloor)))
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
        let W = inputSize.width
        let H = inputSize.height
        let lb = Self.letterbox(
            imageWidth: image.width, imageHeight: image.height, inputWidth: W, inputHeight: H,
            centered: extras.input?.letterbox?.placement?.hasPrefix("center") == true)
        let affine = (0..<3).map { normalization.affine(channel: $0) }
        let mul = affine.map(\.mul)
        let add = affine.map(\.add)
        let pad = extras.input?.letterbox?.padValue ?? [0, 0, 0]
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let v = pad.count == 3 ? pad[c] : (pad.first ?? 0)
            for i in (c * W * H)..<((c + 1) * W * H) { values[i] = v }
        }
        let resized = Self.areaResize(image, width: lb.width, height: lb.height)
        let ox = Int(lb.offsetX)
        let oy = Int(lb.offsetY)
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
        let sx = Double(image.width) / Double(width)
        let sy = Double(image.height) / Double(height)
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
                            rowSum[x * 3] += Float(px[p])
                            rowSum[x * 3 + 1] += Float(px[p + 1])
                            rowSum[x * 3 + 2] += Float(px[p + 2])
                            p += 4
                        }
                    }
                    let rows = Float(y1 - y0)
                    for x in 0..<width {
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        for xx in xs0[x]..<xs1[x] {
                            r += rowSum[xx * 3]
                            g += rowSum[xx * 3 + 1]
                            b += rowSum[xx * 3 + 2]
                        }
                        let n = rows * Float(xs1[x] - xs0[x])
                        let d = (y * width + x) * 3
                        o[d] = r / n
                        o[d + 1] = g / n
                        o[d + 2] = b / n
                    }
                }
            }
        }
        return out
    }

    public func detect(in image: RGBAImage) throws -> [Detection] {
        let (input, lb) = inputTensor(for: image)
        let out = try session.run([inputName: input], outputs: [output])
        guard let rows = out[output], rows.shape.count >= 2, let width = rows.shape.last, width > columns.max()!,
            rows.values.count % width == 0
        else {
            throw ScreenRecognitionError(
                .runtime, "\(session.name) returned '\(output)' of shape \(out[output]?.shape ?? []), expected [1, K, \(columns.count)]")
        }
        return Self.decode(
            rows: rows.values, rowWidth: width, columns: columns, classList: classes, letterbox: lb,
            imageWidth: image.width, imageHeight: image.height, floor: candidateFloor)
    }

    /// Turns the graph's rows of top-K candidates into detections in screenshot pixels (pure).
    /// `columns` gives the positions of x1, y1, x2, y2, score and classIndex within each row.
    public static func decode(
        rows: [Float], rowWidth: Int, columns: [Int], classList: [ElementClass], letterbox lb: Letterbox,
        imageWidth: Int, imageHeight: Int, floor: Float
    ) -> [Detection] {
        var result: [Detection] = []
        for start in stride(from: 0, to: rows.count - rowWidth + 1, by: rowWidth) {
            func at(_ column: Int) -> Float { rows[start + columns[column]] }
            let score = at(4)
            let c = Int(at(5))
            guard score.isFinite, score >= floor, c >= 0, c < classList.count else { continue }
            let x1 = Double(at(0))
            let y1 = Double(at(1))
            let x2 = Double(at(2))
            let y2 = Double(at(3))
            guard [x1, y1, x2, y2].allSatisfy(\.isFinite), x2 > x1, y2 > y1 else { continue }
            let r = lb.unmap(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
                .clamped(width: Double(imageWidth), height: Double(imageHeight))
            guard r.width >= 1, r.height >= 1 else { continue }
            result.append(Detection(type: classList[c], box: r, confidence: Double(min(1, score))))
        }
        return result
    }
}
