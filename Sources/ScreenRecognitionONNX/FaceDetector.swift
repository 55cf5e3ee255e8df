import Foundation
import ScreenRecognition

extension ModelKind {
    /// training/screenrec_training/content/faces.py (one contract per stage of the cascade)
    public static let faceDetector = ModelKind(name: "face detector", format: "screenrecognition-face-detector")
}

/// The face detector's own keys in each stage's contract (`Models/faces/STAGE/model.json`,
/// written by `training/screenrec_training/content/faces.py`); the common ones are ``ModelContract``'s.
public struct FaceDetectorExtras: Decodable, Sendable, Hashable {
    /// The pyramid and merging rules, in the proposal stage's contract.
    public struct Cascade: Decodable, Sendable, Hashable {
        /// Each pyramid level is this much smaller than the one before (MTCNN: 0.709).
        public var pyramidFactor: Double
        /// The proposal net's window (12 px) and the stride of its output cells (2 px).
        public var cell: Int
        public var stride: Int
        public var nms: NMS
    }
    /// Overlap above which the weaker of two candidates is dropped, at each step.
    public struct NMS: Decodable, Sendable, Hashable {
        public var perScale: Double
        public var acrossScales: Double
        public var refine: Double
        /// After the output net, overlap measured over the smaller box.
        public var outputMin: Double
    }
    /// "pnet", "rnet" or "onet".
    public var stage: String
    /// The stage's input window in pixels (12, 24, 48).
    public var window: Int
    public var cascade: Cascade?
}

/// Finds faces in pictures (§5.2's picture descriptions: a photo of a person is "Person", not a
/// bare "Image") with MTCNN (Zhang et al. 2016) over ONNX Runtime: a proposal net slides over an
/// image pyramid, a refinement net and an output net re-score the square candidates, each stage
/// calibrating the boxes and merging overlaps (`Models/faces/`, three ONNX files, one contract
/// each). The same cascade as `training/screenrec_training/content/faces.py`'s `detect`, which the
/// parity test compares against.
public final class ONNXFaceDetector: Sendable {
    /// A face: its box in the image's pixels and the output net's probability.
    public struct Face: Sendable, Hashable {
        public var box: Rect
        public var score: Double
        public init(box: Rect, score: Double) {
            self.box = box
            self.score = score
        }
    }

    /// The three stages, in order, and their input windows.
    public static let stages: [(name: String, window: Int)] = [("pnet", 12), ("rnet", 24), ("onet", 48)]
    /// The folder of a stage inside the detector's folder (`Models/faces/pnet/model.json` beside
    /// `mtcnn-pnet.onnx`).
    public static func stageDirectory(_ directory: URL, _ stage: String) -> URL { directory.appendingPathComponent(stage) }

    /// A face counts for a picture when its side is at least this share of the picture's shorter
    /// side (and the pyramid looks no smaller): 0.15 — *measured* on the pictures of 300 ui-real
    /// train screens (2026-11-25): the faces found smaller than that were specks in phone mock-ups
    /// and dark photos (3 of 3 wrong), while the portraits, cards and group photos had faces of
    /// 0.2 of the picture and more.
    public static let minFaceShare = 0.15
    /// The output net's probability a face needs for the picture to be called a person's: 0.8 —
    /// *measured* on the same train pictures: the two faces found at 0.75–0.76 were a wordmark's
    /// letters and a distant swimmer; true faces scored 0.86 and more. (The stages' own thresholds,
    /// 0.6 / 0.7 / 0.7, are MTCNN's and come from the contracts.)
    public static let minPictureScore = 0.8

    /// A short name for reports.
    public let name = "mtcnn"
    public let contracts: [ModelContract]
    let sessions: [ONNXSession]
    /// Each stage's probability threshold (the contracts' `threshold`).
    public let thresholds: [Double]
    public let cascade: FaceDetectorExtras.Cascade
    let normalization: ModelContract.Normalization

    /// Loads the three stages' contracts and ONNX files from `directory` (e.g. `Models/faces`).
    /// - Throws: `.model` naming the file and field when a contract is missing or malformed, names
    ///   another stage or window, lacks its threshold, normalisation or (the proposal stage) its
    ///   cascade settings, or its ONNX file lacks the tensors it names.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 1) throws {
        var contracts: [ModelContract] = []
        var sessions: [ONNXSession] = []
        var thresholds: [Double] = []
        var cascade: FaceDetectorExtras.Cascade?
        var normalization: ModelContract.Normalization?
        for (stage, window) in Self.stages {
            let (session, contract) = try ONNXModel.load(
                directory: Self.stageDirectory(directory, stage), kind: .faceDetector, runtime: runtime, threads: threads)
            let extras = try contract.extras(FaceDetectorExtras.self)
            guard extras.stage == stage else { throw contract.error(field: "stage", "is '\(extras.stage)', expected '\(stage)'") }
            guard extras.window == window else { throw contract.error(field: "window", "is \(extras.window), expected \(window) for \(stage)") }
            guard let threshold = contract.threshold else { throw contract.error(field: "threshold", "is missing") }
            guard let n = contract.normalization else { throw contract.error(field: "normalization", "is missing") }
            guard contract.inputs.count == 1, contract.outputs.map(\.name) == ["probabilities", "regression"] else {
                throw contract.error(field: "outputs", "must be [probabilities, regression] for one input")
            }
            if stage == "pnet" {
                guard let c = extras.cascade else { throw contract.error(field: "cascade", "is missing") }
                let overlaps = [c.nms.perScale, c.nms.acrossScales, c.nms.refine, c.nms.outputMin]
                guard c.pyramidFactor > 0.1, c.pyramidFactor < 0.95 else {
                    throw contract.error(field: "cascade.pyramidFactor", "is \(c.pyramidFactor), outside 0.1...0.95")
                }
                guard c.cell == window, c.stride >= 1, c.stride <= c.cell else {
                    throw contract.error(field: "cascade.cell", "needs cell = the window (\(window)) and 1 ≤ stride ≤ cell")
                }
                guard overlaps.allSatisfy({ $0 > 0 && $0 <= 1 }) else { throw contract.error(field: "cascade.nms", "overlaps must lie in (0, 1]") }
                cascade = c
            } else if let size = contract.inputSize, size.width != window || size.height != window {
                throw contract.error(field: "inputs[0].shape", "is \(size.width)×\(size.height), expected \(window)×\(window)")
            }
            contracts.append(contract)
            sessions.append(session)
            thresholds.append(threshold)
            normalization = normalization ?? n
        }
        self.contracts = contracts
        self.sessions = sessions
        self.thresholds = thresholds
        self.cascade = cascade!
        self.normalization = normalization!
    }

    // MARK: The cascade

    /// A candidate box (in the region's pixels) with its score and regression.
    struct Candidate {
        var box: Rect
        var score: Double
        var reg: (Double, Double, Double, Double) = (0, 0, 0, 0)
        /// Finite corners around a positive area, at most 2^20 px a side (a model that answers NaN
        /// or an absurd regression gets no crop made of it).
        var isUsable: Bool {
            [box.minX, box.minY, box.maxX, box.maxY].allSatisfy { $0.isFinite && abs($0) < 1_048_576 } && !box.isEmpty
                && box.width < 1_048_576 && box.height < 1_048_576
        }
    }

    /// The pyramid's scales for a `width` × `height` picture: the proposal window spans `minFace`
    /// pixels at the first; each next is ``FaceDetectorExtras/Cascade/pyramidFactor`` smaller while
    /// the picture's shorter side stays at least one window.
    public func scales(width: Int, height: Int, minFace: Double) -> [Double] {
        var s = Double(cascade.cell) / minFace
        var out: [Double] = []
        while Double(min(width, height)) * s >= Double(cascade.cell), out.count < 64 {
            out.append(s)
            s *= cascade.pyramidFactor
        }
        return out
    }

    /// Faces in the part of `image` inside `box` (the whole image when nil), at least `minFace`
    /// pixels wide, in the image's pixels, strongest first. Every face the output net keeps is
    /// returned (its own threshold applied); ``faces(inPicture:box:)`` adds the picture's rules.
    /// - Throws: `.invalidInput` when the box holds no pixel of the image; `.runtime` when a stage
    ///   returns tensors of the wrong shape.
    public func detect(in image: RGBAImage, box: Rect?, minFace: Double) throws -> [Face] {
        let region = try crop(image, to: box)
        let ox = box.map { max(0, Int($0.minX.rounded(.down))) } ?? 0
        let oy = box.map { max(0, Int($0.minY.rounded(.down))) } ?? 0
        let cell = Double(cascade.cell)
        let stride = Double(cascade.stride)
        guard minFace.isFinite, minFace > 0, min(region.width, region.height) >= cascade.cell else { return [] }
        var proposals: [Candidate] = []
        for s in scales(width: region.width, height: region.height, minFace: minFace) {
            let ws = Int((Double(region.width) * s).rounded(.up))
            let hs = Int((Double(region.height) * s).rounded(.up))
            let input = tensor(ONNXElementDetector.areaResize(region, width: ws, height: hs), width: ws, height: hs, count: 1)
            let (p, r) = try run(0, input)
            guard p.shape.count == 4, p.shape[1] == 2, r.shape.count == 4, r.shape[1] == 4, r.shape[2] == p.shape[2], r.shape[3] == p.shape[3] else {
                throw ScreenRecognitionError(.runtime, "\(sessions[0].name) returned shapes \(p.shape) and \(r.shape), expected [1, 2, h, w] and [1, 4, h, w]")
            }
            let h = p.shape[2]
            let w = p.shape[3]
            var level: [Candidate] = []
            for y in 0..<h {
                for x in 0..<w {
                    let prob = Double(p.values[(h + y) * w + x])
                    guard prob >= thresholds[0] else { continue }
                    let i = y * w + x
                    level.append(
                        Candidate(
                            box: Rect(
                                minX: (stride * Double(x) + 1) / s, minY: (stride * Double(y) + 1) / s,
                                maxX: (stride * Double(x) + cell) / s, maxY: (stride * Double(y) + cell) / s), score: prob,
                            reg: (Double(r.values[i]), Double(r.values[h * w + i]), Double(r.values[2 * h * w + i]), Double(r.values[3 * h * w + i]))))
                }
            }
            proposals += Self.nms(level, cascade.nms.perScale).map { level[$0] }
        }
        guard !proposals.isEmpty else { return [] }
        var boxes = Self.nms(proposals, cascade.nms.acrossScales).map { Self.square(Self.calibrate(proposals[$0])) }.filter(\.isUsable)
        for stage in 1...2 {
            guard !boxes.isEmpty else { return [] }
            let window = Self.stages[stage].window
            let (p, r) = try run(stage, crops(region, boxes, size: window))
            guard p.shape == [boxes.count, 2], r.shape == [boxes.count, 4] else {
                throw ScreenRecognitionError(
                    .runtime, "\(sessions[stage].name) returned shapes \(p.shape) and \(r.shape), expected [\(boxes.count), 2] and [\(boxes.count), 4]")
            }
            var kept: [Candidate] = []
            for i in boxes.indices where Double(p.values[i * 2 + 1]) >= thresholds[stage] {
                var b = boxes[i]
                b.score = Double(p.values[i * 2 + 1])
                b.reg = (Double(r.values[i * 4]), Double(r.values[i * 4 + 1]), Double(r.values[i * 4 + 2]), Double(r.values[i * 4 + 3]))
                kept.append(b)
            }
            guard !kept.isEmpty else { return [] }
            if stage == 1 {
                boxes = Self.nms(kept, cascade.nms.refine).map { Self.square(Self.calibrate(kept[$0])) }.filter(\.isUsable)
            } else {
                let calibrated = kept.map(Self.calibrate).filter(\.isUsable)
                boxes = Self.nms(calibrated, cascade.nms.outputMin, overSmaller: true).map { calibrated[$0] }
            }
        }
        return boxes.map { b in
            Face(box: Rect(x: b.box.minX + Double(ox), y: b.box.minY + Double(oy), width: b.box.width, height: b.box.height), score: b.score)
        }
    }

    /// The faces that make the picture in `box` a photo of people: the cascade looking for faces of
    /// at least ``minFaceShare`` of the picture's shorter side (and the proposal window), kept at
    /// ``minPictureScore``.
    public func faces(inPicture image: RGBAImage, box: Rect) throws -> [Face] {
        let minFace = max(Double(cascade.cell), Self.minFaceShare * min(box.width, box.height))
        return try detect(in: image, box: box, minFace: minFace).filter { $0.score >= Self.minPictureScore }
    }

    /// What a picture with `faces` is called: "Person", "Two people", "Group of people" (three or
    /// more), with the strongest face's probability; nil without faces.
    public static func description(_ faces: [Face]) -> PictureDescription? {
        guard let best = faces.map(\.score).max() else { return nil }
        return .people(faces.count, confidence: best)
    }

    /// `values` (H × W × 3, 0–255) as a normalised `[count, 3, height, width]` tensor, or several such images laid end to end.
    func tensor(_ values: [Float], width: Int, height: Int, count: Int) -> Tensor {
        var out = [Float](repeating: 0, count: values.count)
        let plane = width * height
        for n in 0..<count {
            let base = n * plane * 3
            for c in 0..<3 {
                let (mul, add) = normalization.affine(channel: c)
                for i in 0..<plane { out[base + c * plane + i] = values[base + i * 3 + c] * mul + add }
            }
        }
        return Tensor(shape: [count, 3, height, width], values: out)
    }

    func run(_ stage: Int, _ input: Tensor) throws -> (Tensor, Tensor) {
        let out = try sessions[stage].run(["image": input], outputs: ["probabilities", "regression"])
        guard let p = out["probabilities"], let r = out["regression"] else {
            throw ScreenRecognitionError(.runtime, "\(sessions[stage].name) returned no probabilities or regression")
        }
        return (p, r)
    }

    /// `[N, 3, size, size]` inputs: each box rounded outwards to whole pixels, the part outside
    /// the region black, resized to `size` × `size`.
    func crops(_ region: RGBAImage, _ boxes: [Candidate], size: Int) -> Tensor {
        var values: [Float] = []
        values.reserveCapacity(boxes.count * size * size * 3)
        for b in boxes {
            let x1 = Int(b.box.minX.rounded(.down))
            let y1 = Int(b.box.minY.rounded(.down))
            let x2 = max(x1 + 1, Int(b.box.maxX.rounded(.up)))
            let y2 = max(y1 + 1, Int(b.box.maxY.rounded(.up)))
            let (w, h) = (x2 - x1, y2 - y1)
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            // The part of the box inside the region (none when the box lies wholly outside it).
            let (sx1, sx2) = (max(0, x1), min(region.width, x2))
            let (sy1, sy2) = (max(0, y1), min(region.height, y2))
            if sx2 > sx1, sy2 > sy1 {
                for y in sy1..<sy2 {
                    let src = (y * region.width + sx1) * 4
                    let dst = ((y - y1) * w + (sx1 - x1)) * 4
                    pixels.replaceSubrange(dst..<(dst + (sx2 - sx1) * 4), with: region.pixels[src..<(src + (sx2 - sx1) * 4)])
                }
            }
            values += ONNXElementDetector.areaResize(RGBAImage(width: w, height: h, pixels: pixels)!, width: size, height: size)
        }
        return tensor(values, width: size, height: size, count: boxes.count)
    }

    /// The box moved by its regression (in units of its width and height).
    static func calibrate(_ b: Candidate) -> Candidate {
        let (w, h) = (b.box.width, b.box.height)
        var out = b
        out.box = Rect(
            minX: b.box.minX + b.reg.0 * w, minY: b.box.minY + b.reg.1 * h, maxX: b.box.maxX + b.reg.2 * w, maxY: b.box.maxY + b.reg.3 * h)
        return out
    }

    /// The square of the box's longer side about its centre.
    static func square(_ b: Candidate) -> Candidate {
        let side = max(b.box.width, b.box.height)
        var out = b
        out.box = Rect(x: b.box.midX - side / 2, y: b.box.midY - side / 2, width: side, height: side)
        return out
    }

    /// Greedy non-maximum suppression, as `PostProcessing`'s for detections (§4.1): indices kept,
    /// strongest first (ties: the earlier, as the Python reference breaks them); a box overlapping
    /// a kept one by more than `threshold` — ``Rect/iou(_:)``, or its intersection over the smaller
    /// box — is dropped.
    static func nms(_ boxes: [Candidate], _ threshold: Double, overSmaller: Bool = false) -> [Int] {
        func overlap(_ a: Rect, _ b: Rect) -> Double {
            guard overSmaller else { return a.iou(b) }
            let smaller = min(a.area, b.area)
            return smaller > 0 ? (a.intersection(b)?.area ?? 0) / smaller : 0
        }
        let order = boxes.indices.sorted { boxes[$0].score != boxes[$1].score ? boxes[$0].score > boxes[$1].score : $0 < $1 }
        var keep: [Int] = []
        for i in order where !keep.contains(where: { overlap(boxes[$0].box, boxes[i].box) > threshold }) {
            keep.append(i)
        }
        return keep
    }
}
