import Foundation
import ScreenRecognition

// MARK: Picture descriptions (§5.2)

/// The picture describer's own keys in its `model.json` (written by `training/screenrec_training/content/pictures.py`,
/// format "screenrecognition-picture-describer" version 1); the common ones are ``ModelContract``'s.
///
/// The graph takes one `[1, 3, height, width]` RGB float input — the picture's whole box resized to
/// the input size (aspect not kept), each channel `(pixel / scale − mean) / std` — and returns softmax
/// probabilities over ImageNet's classes. `labelsFile` gives each class its short alt-text label;
/// classes sharing a label have their probabilities summed before `minConfidence` (the contract's
/// threshold) is applied.
public struct PictureDescriberExtras: Decodable, Sendable, Hashable {
    /// What a picture is called when no label is confident ("Image").
    public var fallbackLabel: String?
    /// The graph's second output, when it has one: softmax probabilities over kinds of picture
    /// (photo, illustration, logo…) from the same features (`training/screenrec_training/content/picture_kinds.py`).
    public var kinds: Kinds?

    public struct Kinds: Decodable, Sendable, Hashable {
        /// The output's name (one of the contract's outputs).
        public var output: String
        /// The kinds, in output order.
        public var kinds: [String]
        /// What each kind is called when spoken ("Photo"); null for kinds never spoken ("none").
        public var spoken: [String?]
        /// The probability at which a kind is spoken, chosen for precision on real pictures.
        public var minConfidence: Double
    }
}

/// Describes pictures (§5.2) with an ImageNet classifier over ONNX Runtime (the shipped model:
/// EfficientNet-Lite0, `Models/pictures/`), turning its 1000 classes into short labels ("Cat",
/// "Dog", "Coffee") and summing the probabilities of classes that share a label.
public final class ONNXPictureDescriber: Sendable {
    public let contract: ModelContract
    public let session: ONNXSession
    public let name: String
    /// The label of each output class, in output order.
    public let labels: [String]
    /// The bar below which the describer's label is not offered (the contract's `minConfidence`: 0.7, Buffer's alt-text bar).
    public var minConfidence: Double? { contract.threshold }
    /// What a picture is called when no label is confident (the contract's `fallbackLabel`, e.g. "Image").
    public let fallbackLabel: String?
    /// Distinct labels, and for each output class the index of its label there.
    let distinctLabels: [String]
    let labelIndex: [Int]
    let inputSize: ModelContract.ImageSize
    let normalization: ModelContract.Normalization
    let inputName: String
    let outputName: String
    /// The kinds head (``PictureDescriberExtras/Kinds``), when the graph has one.
    public let kinds: PictureDescriberExtras.Kinds?
    /// The probability at which a kind is spoken (`kinds.minConfidence`), when the graph has kinds.
    public var kindThreshold: Double? { kinds?.minConfidence }

    /// Loads `model.json` and the files it names from `directory` (e.g. `Models/pictures`)
    /// (``ONNXModel/load(directory:kind:runtime:threads:contractName:)``).
    /// - Throws: `.model` when a file is missing or malformed, the format is not the describer's,
    ///   the normalisation or input size is unusable, the labels do not match the output, or the ONNX
    ///   file lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 2, contractName: String = "model.json") throws {
        let (session, contract) = try ONNXModel.load(
            directory: directory, kind: .pictureDescriber, runtime: runtime,
            threads: threads, contractName: contractName)
        let extras = try contract.extras(PictureDescriberExtras.self)
        // 8...1024: *design choice*, around the shipped 224×224; outside it the contract is broken.
        guard let size = contract.inputSize, (8...1024).contains(size.width), (8...1024).contains(size.height) else {
            throw contract.error(field: "input.width", "input size \(contract.inputSize.map { "\($0.width)×\($0.height)" } ?? "(none)") is not usable")
        }
        guard let normalization = contract.normalization else { throw contract.error(field: "normalization", "is missing") }
        guard let labels = contract.labels else { throw contract.error(field: "labelsFile", "is missing") }
        self.contract = contract
        self.session = session
        self.name = contract.name
        self.labels = labels
        self.fallbackLabel = extras.fallbackLabel
        var distinct: [String] = []
        var index: [String: Int] = [:]
        labelIndex = labels.map { l in
            if let i = index[l] { return i }
            index[l] = distinct.count
            distinct.append(l)
            return distinct.count - 1
        }
        distinctLabels = distinct
        inputSize = size
        self.normalization = normalization
        inputName = contract.inputs[0].name
        outputName = contract.outputs[0].name
        if let k = extras.kinds {
            guard contract.outputs.contains(where: { $0.name == k.output }), k.output != outputName else {
                throw contract.error(field: "kinds.output", "'\(k.output)' is not one of the contract's outputs besides '\(outputName)'")
            }
            guard !k.kinds.isEmpty, k.spoken.count == k.kinds.count else {
                throw contract.error(field: "kinds.spoken", "has \(k.spoken.count) names for \(k.kinds.count) kinds")
            }
            guard k.minConfidence.isFinite, (0...1).contains(k.minConfidence) else {
                throw contract.error(field: "kinds.minConfidence", "\(k.minConfidence) is outside 0...1")
            }
        }
        kinds = extras.kinds
    }

    /// The model's input for the part of `image` inside `box` (the whole image when `box` is nil):
    /// that region area-averaged (or, when enlarging, nearest-sampled) to the input size, aspect not
    /// kept, then normalised as the contract says.
    /// - Throws: `.invalidInput` when the box holds no whole pixel of the image.
    public func inputTensor(for image: RGBAImage, box: Rect?) throws -> Tensor {
        let region = try crop(image, to: box)
        let W = inputSize.width
        let H = inputSize.height
        let rgb = ONNXElementDetector.areaResize(region, width: W, height: H)
        var values = [Float](repeating: 0, count: 3 * W * H)
        for c in 0..<3 {
            let (mul, add) = normalization.affine(channel: c)
            for i in 0..<(W * H) { values[c * W * H + i] = rgb[i * 3 + c] * mul + add }
        }
        return Tensor(shape: [1, 3, H, W], values: values)
    }

    /// The output probabilities (one per class) for a region.
    public func probabilities(in image: RGBAImage, box: Rect?) throws -> [Float] {
        try outputs(in: image, box: box).classes
    }

    /// The class probabilities and, when the graph has a kinds head, the kind probabilities.
    public func outputs(in image: RGBAImage, box: Rect?) throws -> (classes: [Float], kinds: [Float]?) {
        let names = [outputName] + (kinds.map { [$0.output] } ?? [])
        let out = try session.run([inputName: inputTensor(for: image, box: box)], outputs: names)
        guard let p = out[outputName], p.values.count == labels.count else {
            throw ScreenRecognitionError(
                .runtime, "\(session.name) returned '\(outputName)' of shape \(out[outputName]?.shape ?? []), expected [1, \(labels.count)]")
        }
        guard let k = kinds else { return (p.values, nil) }
        guard let q = out[k.output], q.values.count == k.kinds.count else {
            throw ScreenRecognitionError(
                .runtime, "\(session.name) returned '\(k.output)' of shape \(out[k.output]?.shape ?? []), expected [1, \(k.kinds.count)]")
        }
        return (p.values, q.values)
    }

    /// The best label and its summed probability, and the most probable kind of picture with its
    /// probability when that kind is spoken (no threshold applied: the pipeline applies
    /// `AnalysisConfiguration.content.minPictureDescriptionConfidence` and `minPictureKindConfidence`).
    public func describe(in image: RGBAImage, box: Rect?) throws -> PictureDescription {
        let (classes, kindProbabilities) = try outputs(in: image, box: box)
        var d = Self.bestLabel(probabilities: classes, labelIndex: labelIndex, labels: distinctLabels)
        if let k = kinds, let q = kindProbabilities, let (name, p) = Self.bestKind(probabilities: q, spoken: k.spoken) {
            d.kind = name
            d.kindConfidence = p
        }
        return d
    }

    /// The most probable kind and its probability, or nil when that kind is never spoken (pure).
    public static func bestKind(probabilities: [Float], spoken: [String?]) -> (String, Double)? {
        guard let best = probabilities.indices.max(by: { probabilities[$0] < probabilities[$1] }), best < spoken.count,
            let name = spoken[best]
        else { return nil }
        return (name, Double(probabilities[best]))
    }

    /// Sums the probabilities per label and returns the largest (pure; ties go to the earlier label).
    public static func bestLabel(probabilities: [Float], labelIndex: [Int], labels: [String]) -> PictureDescription {
        var sums = [Double](repeating: 0, count: labels.count)
        for (p, l) in zip(probabilities, labelIndex) { sums[l] += Double(p) }
        var best = 0
        for i in sums.indices where sums[i] > sums[best] { best = i }
        return PictureDescription(label: labels[best], confidence: min(1, sums[best]))
    }
}

/// The pixels of `image` inside `box`, rounded outwards to whole pixels and clamped to the image.
func crop(_ image: RGBAImage, to box: Rect?) throws -> RGBAImage {
    guard let box else { return image }
    guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else {
        throw ScreenRecognitionError(.invalidInput, "region \(box) is not finite")
    }
    let x0 = max(0, Int(box.minX.rounded(.down)))
    let y0 = max(0, Int(box.minY.rounded(.down)))
    let x1 = min(image.width, Int(box.maxX.rounded(.up)))
    let y1 = min(image.height, Int(box.maxY.rounded(.up)))
    guard x1 > x0, y1 > y0 else {
        throw ScreenRecognitionError(.invalidInput, "region \(box) holds no pixel of the \(image.width)×\(image.height) image")
    }
    if x0 == 0, y0 == 0, x1 == image.width, y1 == image.height { return image }
    let w = x1 - x0
    var pixels = [UInt8]()
    pixels.reserveCapacity(w * (y1 - y0) * 4)
    for y in y0..<y1 {
        let start = (y * image.width + x0) * 4
        pixels.append(contentsOf: image.pixels[start..<(start + w * 4)])
    }
    return RGBAImage(width: w, height: y1 - y0, pixels: pixels)!
}

// MARK: Icon clickability (§5.4)

/// The clickability model's own keys in its `model.json` (written by `training/screenrec_training/content/clickability.py`,
/// format "screenrecognition-clickability" version 1): a tree ensemble over the features named in
/// `features`, in that order, returning `[N, 2]` class probabilities (column `probabilityColumn` is
/// "clickable"); the contract's `threshold` is the operating point chosen for 90% precision (§5.4).
public struct ClickabilityExtras: Decodable, Sendable, Hashable {
    public var features: [String]
    public var probabilityColumn: Int
}

/// Predicts whether an icon is a button (§5.4) from its `IconFeatures` with a gradient-boosted
/// tree model over ONNX Runtime (`Models/clickability/`).
public final class ONNXClickabilityModel: Sendable {
    /// The feature names a model may ask for, and how each is computed from `IconFeatures` —
    /// the same as `vector()` in training/screenrec_training/content/clickability.py.
    public static let featureFunctions: [String: @Sendable (IconFeatures) -> Double] = [
        "x": { $0.normalizedFrame.minX },
        "y": { $0.normalizedFrame.minY },
        "width": { $0.normalizedFrame.width },
        "height": { $0.normalizedFrame.height },
        "screenAspect": { $0.screenWidth > 0 ? $0.screenHeight / $0.screenWidth : 0 },
        "iconAspect": { f in
            let h = f.normalizedFrame.height * f.screenHeight
            return h > 0 ? f.normalizedFrame.width * f.screenWidth / h : 0
        },
        "neighboursOnRow": { Double($0.neighboursOnRow) },
        "similarIconsOnRow": { Double($0.similarIconsOnRow) },
        "hasTextOnRow": { $0.hasTextOnRow ? 1 : 0 },
    ]

    public let contract: ModelContract
    public let extras: ClickabilityExtras
    public let session: ONNXSession
    public let name: String
    /// The operating threshold from the contract (nil when the contract gives none).
    public var threshold: Double? { contract.threshold }
    let functions: [@Sendable (IconFeatures) -> Double]
    let inputName: String
    let outputName: String

    /// Loads `model.json` and the ONNX file it names from `directory` (e.g. `Models/clickability`)
    /// (``ONNXModel/load(directory:kind:runtime:threads:contractName:)``).
    /// - Throws: `.model` when a file is missing or malformed, of another format, asks for a feature
    ///   this code does not compute, has an unusable threshold, or lacks its tensors.
    public init(directory: URL, runtime: ONNXRuntime, threads: Int = 1, contractName: String = "model.json") throws {
        let (session, contract) = try ONNXModel.load(
            directory: directory, kind: .clickability, runtime: runtime,
            threads: threads, contractName: contractName)
        let extras = try contract.extras(ClickabilityExtras.self)
        guard !extras.features.isEmpty else { throw contract.error(field: "features", "is empty: no features listed") }
        var functions: [@Sendable (IconFeatures) -> Double] = []
        for f in extras.features {
            guard let fn = Self.featureFunctions[f] else {
                throw contract.error(
                    field: "features",
                    "asks for feature '\(f)', which screenrec does not compute (known: \(Self.featureFunctions.keys.sorted().joined(separator: ", ")))")
            }
            functions.append(fn)
        }
        guard (0...1).contains(extras.probabilityColumn) else {
            throw contract.error(field: "probabilityColumn", "is \(extras.probabilityColumn), not 0 or 1")
        }
        self.contract = contract
        self.extras = extras
        self.session = session
        self.name = contract.name
        self.functions = functions
        inputName = contract.inputs[0].name
        outputName = contract.outputs[0].name
    }

    /// The model input for one icon, in the contract's feature order.
    public func vector(for features: IconFeatures) -> [Float] { functions.map { Float($0(features)) } }

    /// The probabilities that the icons are clickable, one model run for all of them.
    public func probabilities(of icons: [IconFeatures]) throws -> [Double] {
        guard !icons.isEmpty else { return [] }
        let n = functions.count
        let input = Tensor(shape: [icons.count, n], values: icons.flatMap(vector(for:)))
        let out = try session.run([inputName: input], outputs: [outputName])
        guard let p = out[outputName], p.values.count == icons.count * 2 else {
            throw ScreenRecognitionError(
                .runtime, "\(session.name) returned '\(outputName)' of shape \(out[outputName]?.shape ?? []), expected [\(icons.count), 2]")
        }
        return (0..<icons.count).map { Double(p.values[$0 * 2 + extras.probabilityColumn]) }
    }

    /// The probability that one icon is clickable.
    public func probability(of icon: IconFeatures) throws -> Double { try probabilities(of: [icon])[0] }
}

// MARK: The composite content recognizer

/// Recognises an icon's meaning (§5.2). The icon classifier (`ONNXIconClassifier`) conforms.
public protocol IconClassifying: Sendable {
    /// A short name for reports.
    var name: String { get }
    /// The confidence below which the classifier answers `nil` ("unknown").
    var unknownThreshold: Double { get }
    func classifyIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition?
    /// ``classifyIcon(in:box:)`` for every box, in order (the default: one call per box).
    func classifyIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?]
}

extension IconClassifying {
    public func classifyIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?] {
        try boxes.map { try classifyIcon(in: image, box: $0) }
    }
}

/// One model run for all of a screen's icons.
extension ONNXIconClassifier: IconClassifying {}

/// The core's `ContentRecognizer` seam over the content models, each optional: icon meanings,
/// picture descriptions and icon clickability. A missing model answers `nil` ("don't know"), so
/// the pipeline keeps a detection's own `iconLabel`, calls the picture "Image", and falls back to
/// `Interactivity/ruleBasedClickable(_:)`.
public struct ONNXContentRecognizer: ContentRecognizer {
    public var icons: (any IconClassifying)?
    public var pictures: ONNXPictureDescriber?
    public var clickability: ONNXClickabilityModel?
    public var textButtons: ONNXTextButtonClassifier?
    /// Faces in pictures: a picture with faces is described by them ("Person") before the describer is asked.
    public var faces: ONNXFaceDetector?

    public init(
        icons: (any IconClassifying)? = nil, pictures: ONNXPictureDescriber? = nil, clickability: ONNXClickabilityModel? = nil,
        textButtons: ONNXTextButtonClassifier? = nil, faces: ONNXFaceDetector? = nil
    ) {
        self.icons = icons
        self.pictures = pictures
        self.clickability = clickability
        self.textButtons = textButtons
        self.faces = faces
    }

    public func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]? {
        try textButtons?.probabilities(in: image, texts: texts)
    }

    public func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? {
        try icons?.classifyIcon(in: image, box: box)
    }

    /// All the icons in one model run (``ONNXIconClassifier/classifyIcons(in:boxes:)``); without an
    /// icon classifier, `nil` for each.
    public func recognizeIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?] {
        guard let icons else { return [IconRecognition?](repeating: nil, count: boxes.count) }
        return try icons.classifyIcons(in: image, boxes: boxes)
    }

    /// A picture with faces is "Person", "Two people" or "Group of people"
    /// (``ONNXFaceDetector/faces(inPicture:box:)``); any other goes to the describer. ImageNet, the
    /// describer's training set, has no class for people: a portrait gets "Suit" or "Wig" at best.
    public func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription? {
        if let faces, let described = ONNXFaceDetector.description(try faces.faces(inPicture: image, box: box)) {
            return described
        }
        return try pictures?.describe(in: image, box: box)
    }

    public func clickProbability(of icon: IconFeatures) throws -> Double? {
        try clickability?.probability(of: icon)
    }

    /// The configuration with the clickability model's operating threshold (§5.4) in place of the
    /// default; a configuration file laid over the result still wins.
    public func applyingThresholds(to configuration: AnalysisConfiguration) -> AnalysisConfiguration {
        var c = configuration
        if let t = clickability?.threshold { c.interactivity.clickThreshold = t }
        if let t = textButtons?.threshold { c.interactivity.textButtonThreshold = t }
        if let t = pictures?.kindThreshold { c.content.minPictureKindConfidence = t }
        // The classifier already answers nil below its own validated threshold (Models/icons/
        // model.json); the pipeline's default bar (0.5, a placeholder) must not discard more.
        if let icons { c.content.minIconConfidence = icons.unknownThreshold }
        return c
    }
}
