import Foundation
import ScreenRecognition

/// What kind of model a contract describes: the `format` its `model.json` must name and what the
/// model is called in messages. Other modules add their own (`extension ModelKind { static let … }`).
public struct ModelKind: Sendable, Hashable, CustomStringConvertible {
    /// What the model is called in messages, e.g. "icon classifier".
    public var name: String
    /// The `format` the contract must name, or nil for contracts that name none (PP-OCR's, which
    /// describe third-party files).
    public var format: String?
    /// The `formatVersion` this code reads (every format is at version 1).
    public var formatVersion: Int
    /// Whether the first output's last dimension holds one score per label (`classes` or the
    /// `labelsFile`), so that the two must agree.
    public var scoresPerLabel: Bool

    public init(name: String, format: String?, formatVersion: Int = 1, scoresPerLabel: Bool = false) {
        self.name = name
        self.format = format
        self.formatVersion = formatVersion
        self.scoresPerLabel = scoresPerLabel
    }

    public var description: String { name }

    /// training/screenrec_training/export.py
    public static let detector = ModelKind(name: "detector", format: "screenrecognition-detector")
    /// training/screenrec_training/icons/export.py
    public static let iconClassifier = ModelKind(name: "icon classifier", format: "screenrecognition-icon-classifier", scoresPerLabel: true)
    /// training/screenrec_training/content/pictures.py
    public static let pictureDescriber = ModelKind(name: "picture describer", format: "screenrecognition-picture-describer", scoresPerLabel: true)
    /// training/screenrec_training/content/clickability.py
    public static let clickability = ModelKind(name: "clickability model", format: "screenrecognition-clickability")
    /// training/screenrec_training/textbuttons/export.py
    public static let textButtonClassifier = ModelKind(name: "text-button model", format: "screenrecognition-text-button-classifier")
}

/// The contract beside every ONNX file (`model.json`, or `<name>.model.json`): what the file is,
/// which tensors it has, how its input is made and how its output is read. One decoder reads the
/// part every model has — whichever of the shipped files' layouts it uses — and ``ONNXModel/load(directory:kind:runtime:threads:contractName:)``
/// checks it, then checks it against the ONNX file itself; each model decodes its own extra keys
/// with ``extras(_:)``.
///
/// The common part, and where each shipped layout keeps it:
/// - `format`, `formatVersion`: the kind (``ModelKind``);
/// - `name` (default: the folder's name), `file`, `bytes`, `sha256`;
/// - the input tensors: `inputs: [{name, shape, dtype}]`, or one `input: {name, shape, dtype, …}`;
/// - the output tensors: `outputs: [...]`, or one `output: {name, shape}`;
/// - the labels: `classes: [names]`, or the `labels` of the `labelsFile` beside it;
/// - the operating threshold: `threshold`, `unknownThreshold` or `minConfidence`, and per-class
///   thresholds in the `thresholdsFile` beside it (`{"thresholds": {"text": 0.31, …}}`);
/// - the normalisation: `normalization`, `input.normalization`, or `input.valueRange` ([0, 1]: pixel / 255);
/// - the image input's size: `input.width`/`height`, `crop.width`/`height`, or the input's fixed shape.
public struct ModelContract: Sendable, Hashable {
    /// A tensor the model must have.
    public struct TensorSpec: Codable, Sendable, Hashable {
        public var name: String
        /// Dimensions; -1 (or absent) for a dynamic one.
        public var shape: [Int]?
        /// The element type, e.g. "float32" (absent: not checked, but inputs must be float32).
        public var dtype: String?
        public init(name: String, shape: [Int]? = nil, dtype: String? = nil) {
            self.name = name
            self.shape = shape
            self.dtype = dtype
        }
    }

    /// Input normalisation: `(pixel / scale − mean) / std` per RGB channel.
    public struct Normalization: Codable, Sendable, Hashable {
        /// What a raw 0–255 pixel is divided by first (255 for 0–1 inputs, 1 for 0–255 inputs).
        public var scale: Float
        public var mean: [Float]
        public var std: [Float]
        public init(scale: Float, mean: [Float], std: [Float]) {
            self.scale = scale
            self.mean = mean
            self.std = std
        }

        /// 0–1 inputs: pixel / 255.
        public static let unit = Normalization(scale: 255, mean: [0, 0, 0], std: [1, 1, 1])

        /// The multiplier and offset per channel: value = pixel × mul + add.
        public func affine(channel c: Int) -> (mul: Float, add: Float) {
            (1 / (scale * std[c]), -mean[c] / std[c])
        }
    }

    /// The width and height of the model's image input.
    public struct ImageSize: Sendable, Hashable {
        public var width: Int
        public var height: Int
    }

    public let kind: ModelKind
    /// The contract file.
    public let url: URL
    public let format: String?
    public let formatVersion: Int?
    /// A short name for reports: `name`, else the folder's name.
    public let name: String
    /// The ONNX file, relative to the contract's folder.
    public let file: String
    /// The file's size in bytes (checked at load) and SHA-256 (checked by scripts/setup-models.sh).
    public let bytes: Int?
    public let sha256: String?
    public let inputs: [TensorSpec]
    public let outputs: [TensorSpec]
    /// The output labels (class names), if the contract has any.
    public let labels: [String]?
    /// The operating threshold, if the contract has one (`threshold`, `unknownThreshold` or `minConfidence`).
    public let threshold: Double?
    /// Per-class thresholds from the `thresholdsFile`, by label.
    public let classThresholds: [String: Double]?
    public let normalization: Normalization?
    public let inputSize: ImageSize?

    /// Where each value came from in the file, for messages ("input", "outputs[1]", "unknownThreshold").
    let inputFields: [String]
    let outputFields: [String]
    let inputSizeField: String?
    /// Where the labels came from: "field 'classes'" or the labels file's path.
    let labelsSource: String
    /// The whole file, for ``extras(_:)``.
    let json: Data

    /// The ONNX file's URL.
    public var modelURL: URL { url.deletingLastPathComponent().appendingPathComponent(file) }

    /// Reads and checks the contract `contractName` in `directory` (the checks that need no ONNX file:
    /// the kind, tensor lists, labels, thresholds, normalisation, input size).
    ///
    /// - Throws: `.model` naming the file and the field: "no <kind> installed" when it is missing,
    ///   "not a valid <kind> contract" when it does not decode, "unsupported format", or a value
    ///   out of range.
    public static func load(directory: URL, kind: ModelKind, contractName: String = "model.json") throws -> ModelContract {
        let url = directory.appendingPathComponent(contractName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ScreenRecognitionError(.model, "no \(kind) installed: \(url.path) not found")
        }
        let file: ContractFile
        do {
            file = try JSONDecoder().decode(ContractFile.self, from: data)
        } catch {
            throw ScreenRecognitionError(.model, "\(url.path) is not a valid \(kind) contract: \(describe(error))")
        }
        return try ModelContract(file, kind: kind, url: url, json: data)
    }

    /// The keys of the same file that only one kind of model has (classes' roles, crops, decoding
    /// rules …), decoded as `T`.
    /// - Throws: `.model` naming the file and the field.
    public func extras<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: json)
        } catch {
            throw ScreenRecognitionError(.model, "\(url.path) is not a valid \(kind) contract: \(Self.describe(error))")
        }
    }

    /// A `.model` error about this contract: "PATH: field 'FIELD' MESSAGE".
    public func error(field: String? = nil, _ message: String) -> ScreenRecognitionError {
        ScreenRecognitionError(.model, "\(url.path): \(field.map { "field '\($0)' " } ?? "")\(message)")
    }

    /// Checks the ONNX file's size, opens it and checks it against the contract (``check(_:)``).
    public func openSession(runtime: ONNXRuntime, threads: Int) throws -> ONNXSession {
        try checkFile(at: modelURL)
        let session = try runtime.makeSession(modelPath: modelURL.path, threads: threads)
        try check(session)
        return session
    }

    /// Checks the ONNX file's size before loading it.
    public func checkFile(at url: URL) throws {
        // Symbolic links are followed (attributesOfItem describes the link itself).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path) else {
            throw ScreenRecognitionError(.model, "model file not found: \(url.path), named by \(self.url.path) (run scripts/setup-models.sh)")
        }
        if let bytes, let size = attributes[.size] as? Int, size != bytes {
            throw error(field: "bytes", "is \(bytes), but \(url.path) has \(size) bytes: a different or damaged model file (run scripts/setup-models.sh)")
        }
    }

    /// Checks that a loaded model has the contract's tensors: every input the contract names and no
    /// other, each output it names, with the shapes and element types it gives (a dynamic dimension
    /// on either side matches anything), inputs of float32 (what ``ONNXSession/run(_:outputs:)``
    /// feeds), and an image input of the contract's size.
    public func check(_ session: ONNXSession) throws {
        let modelFile = (session.name as NSString).lastPathComponent
        func match(_ spec: TensorSpec, _ field: String, _ actual: [TensorInfo], _ what: String) throws -> TensorInfo {
            guard let info = actual.first(where: { $0.name == spec.name }) else {
                throw error(
                    field: "\(field).name",
                    "says '\(spec.name)', but \(modelFile) has no \(what) '\(spec.name)' (its \(what)s: \(actual.map(\.name).joined(separator: ", ")))")
            }
            if let want = spec.shape, let got = info.shape {
                let agrees = want.count == got.count && zip(want, got).allSatisfy { $0 < 0 || $1 < 0 || $0 == $1 }
                guard agrees else {
                    throw error(field: "\(field).shape", "is \(want), but \(modelFile)'s \(what) '\(spec.name)' has shape \(got) (-1: dynamic)")
                }
            }
            if let want = spec.dtype, let got = info.dtype, want != got {
                throw error(field: "\(field).dtype", "is \(want), but \(modelFile)'s \(what) '\(spec.name)' is \(got)")
            }
            return info
        }
        for (spec, field) in zip(inputs, inputFields) {
            let info = try match(spec, field, session.inputs, "input")
            guard info.dtype == "float32" else {
                throw error(
                    field: field, "names \(modelFile)'s input '\(spec.name)', which takes \(info.dtype ?? "a non-tensor value"); screenrec feeds float32")
            }
        }
        for extra in session.inputs where !inputs.contains(where: { $0.name == extra.name }) {
            throw error(
                field: inputFields.first.map { $0.hasSuffix("]") ? "inputs" : $0 } ?? "inputs",
                "does not name \(modelFile)'s input '\(extra.name)', which every run must be given")
        }
        var firstOutput: TensorInfo?
        for (spec, field) in zip(outputs, outputFields) {
            let info = try match(spec, field, session.outputs, "output")
            if firstOutput == nil { firstOutput = info }
        }
        if kind.scoresPerLabel, let labels, let shape = firstOutput?.shape, let last = shape.last, last > 0, last != labels.count {
            throw error(
                field: outputFields[0],
                "names \(modelFile)'s output '\(outputs[0].name)' of shape \(shape): \(labelsSource) has \(labels.count) labels but the output has \(last) classes"
            )
        }
        if let size = inputSize, let field = inputSizeField,
            let image = session.inputs.first(where: { inputs.map(\.name).contains($0.name) && $0.shape?.count == 4 }), let shape = image.shape
        {
            if (shape[2] >= 0 && shape[2] != size.height) || (shape[3] >= 0 && shape[3] != size.width) {
                throw error(
                    field: field, "gives \(size.width)×\(size.height), but \(modelFile)'s input '\(image.name)' has shape \(shape) ([N, C, height, width])")
            }
        }
    }

    // MARK: Decoding

    private init(_ f: ContractFile, kind: ModelKind, url: URL, json: Data) throws {
        func fail(_ field: String?, _ message: String) -> ScreenRecognitionError {
            ScreenRecognitionError(.model, "\(url.path): \(field.map { "field '\($0)' " } ?? "")\(message)")
        }
        self.kind = kind
        self.url = url
        self.json = json
        if let want = kind.format {
            guard f.format == want, f.formatVersion == kind.formatVersion else {
                throw fail(
                    nil,
                    "unsupported format \(f.format ?? "(none)") version \(f.formatVersion.map(String.init) ?? "(none)") (expected \(want) \(kind.formatVersion))"
                )
            }
        }
        format = f.format
        formatVersion = f.formatVersion
        name = f.name ?? url.deletingLastPathComponent().lastPathComponent
        file = f.file
        bytes = f.bytes
        sha256 = f.sha256
        guard !file.isEmpty else { throw fail("file", "is empty") }

        // Tensors: `inputs` (a list), else `input` (one object).
        if let list = f.inputs {
            inputs = list
            inputFields = list.indices.map { "inputs[\($0)]" }
        } else if let one = f.input, let n = one.name {
            inputs = [TensorSpec(name: n, shape: one.shape, dtype: one.dtype)]
            inputFields = ["input"]
        } else {
            throw fail("inputs", "is missing (neither `inputs` nor `input.name`)")
        }
        if let list = f.outputs {
            outputs = list
            outputFields = list.indices.map { "outputs[\($0)]" }
        } else if case .tensor(let one)? = f.output {
            outputs = [one]
            outputFields = ["output"]
        } else {
            throw fail("outputs", "is missing (neither `outputs` nor `output.name`)")
        }
        guard !inputs.isEmpty, !outputs.isEmpty else { throw fail(inputs.isEmpty ? "inputs" : "outputs", "is empty") }
        for (spec, field) in Array(zip(inputs, inputFields)) + Array(zip(outputs, outputFields)) {
            guard !spec.name.isEmpty else { throw fail("\(field).name", "is empty") }
            if let shape = spec.shape, shape.contains(where: { $0 < -1 || $0 == 0 }) {
                throw fail("\(field).shape", "is \(shape): a dimension is positive, or -1 for a dynamic one")
            }
        }

        // Labels: `classes` (names), else the `labelsFile` beside the contract.
        if case .names(let names)? = f.classes {
            labels = names
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else { throw fail("classes", "must be non-empty names") }
        } else if let labelsFile = f.labelsFile {
            let labelsURL = url.deletingLastPathComponent().appendingPathComponent(labelsFile)
            let names = try Self.decodeFile(LabelsFile.self, at: labelsURL, what: "labels file").labels
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
                throw ScreenRecognitionError(.model, "\(labelsURL.path): field 'labels' must be non-empty strings")
            }
            labels = names
        } else {
            labels = nil
        }
        labelsSource = f.labelsFile.map { url.deletingLastPathComponent().appendingPathComponent($0).path } ?? "field 'classes'"
        if kind.scoresPerLabel, let labels, let shape = outputs[0].shape, let last = shape.last, last > 0, last != labels.count {
            throw fail("\(outputFields[0]).shape", "is \(shape): \(labelsSource) has \(labels.count) labels but the output has \(last) classes")
        }

        // The operating threshold, whichever name the format gives it, and per-class thresholds.
        let named: [(field: String, value: Double?)] = [
            ("threshold", f.threshold), ("unknownThreshold", f.unknownThreshold),
            ("minConfidence", f.minConfidence),
        ]
        if let given = named.first(where: { $0.value != nil }), let value = given.value {
            guard value.isFinite, (0...1).contains(value) else { throw fail(given.field, "is \(value), outside 0...1") }
            threshold = value
        } else {
            threshold = nil
        }
        if let thresholdsFile = f.thresholdsFile {
            let thresholdsURL = url.deletingLastPathComponent().appendingPathComponent(thresholdsFile)
            let table = try Self.decodeFile(ThresholdsFile.self, at: thresholdsURL, what: "thresholds file").thresholds
            for (label, value) in table.sorted(by: { $0.key < $1.key }) where !(value.isFinite && (0...1).contains(value)) {
                throw ScreenRecognitionError(.model, "\(thresholdsURL.path): field 'thresholds.\(label)' is \(value), outside 0...1")
            }
            classThresholds = table
        } else {
            classThresholds = nil
        }

        // Normalisation: `normalization`, `input.normalization`, or `input.valueRange`.
        if let n = f.normalization ?? f.input?.normalization {
            let field = f.normalization != nil ? "normalization" : "input.normalization"
            guard n.scale.isFinite, n.scale > 0, n.mean.count == 3, n.std.count == 3, n.mean.allSatisfy(\.isFinite),
                n.std.allSatisfy({ $0.isFinite && $0 > 0 })
            else {
                throw fail(field, "needs scale > 0 and 3 means and 3 positive stds (normalization)")
            }
            normalization = n
        } else if let range = f.input?.valueRange {
            guard range.count == 2, range.allSatisfy(\.isFinite), range[1] > range[0] else {
                throw fail("input.valueRange", "is \(range), not [low, high]")
            }
            // value = low + pixel / 255 × (high − low) = (pixel / scale − mean) / std
            let scale = 255 / (range[1] - range[0])
            normalization = Normalization(scale: scale, mean: [Float](repeating: -range[0], count: 3), std: [1, 1, 1])
        } else {
            normalization = nil
        }

        // The image input's size.
        if let w = f.input?.width, let h = f.input?.height {
            (inputSize, inputSizeField) = (ImageSize(width: w, height: h), "input.width")
        } else if let w = f.crop?.width, let h = f.crop?.height {
            (inputSize, inputSizeField) = (ImageSize(width: w, height: h), "crop.width")
        } else if let i = inputs.firstIndex(where: { $0.shape?.count == 4 }), let shape = inputs[i].shape, shape[2] > 0, shape[3] > 0 {
            (inputSize, inputSizeField) = (ImageSize(width: shape[3], height: shape[2]), "\(inputFields[i]).shape")
        } else {
            (inputSize, inputSizeField) = (nil, nil)
        }
        if let inputSize, inputSize.width <= 0 || inputSize.height <= 0 {
            throw fail(inputSizeField, "gives an input size of \(inputSize.width)×\(inputSize.height), which is not usable")
        }
    }

    /// The common keys, in every layout the shipped contracts use.
    private struct ContractFile: Decodable {
        struct Input: Decodable {
            var name: String?
            var shape: [Int]?
            var dtype: String?
            var width: Int?
            var height: Int?
            var valueRange: [Float]?
            var normalization: Normalization?
        }
        /// `output` is a tensor, or (the picture describer's) a sentence saying what it holds.
        enum Output: Decodable {
            case tensor(TensorSpec), description
            init(from decoder: Decoder) throws {
                if (try? decoder.singleValueContainer().decode(String.self)) != nil {
                    self = .description
                    return
                }
                self = .tensor(try TensorSpec(from: decoder))
            }
        }
        /// `classes` are names, or (PP-OCR's recogniser) a count.
        enum Classes: Decodable {
            case names([String]), count
            init(from decoder: Decoder) throws {
                if (try? decoder.singleValueContainer().decode(Int.self)) != nil {
                    self = .count
                    return
                }
                self = .names(try decoder.singleValueContainer().decode([String].self))
            }
        }
        struct Crop: Decodable {
            var width: Int?
            var height: Int?
        }

        var format: String?
        var formatVersion: Int?
        var name: String?
        var file: String
        var bytes: Int?
        var sha256: String?
        var inputs: [TensorSpec]?
        var input: Input?
        var outputs: [TensorSpec]?
        var output: Output?
        var classes: Classes?
        var labelsFile: String?
        var threshold: Double?
        var unknownThreshold: Double?
        var minConfidence: Double?
        var thresholdsFile: String?
        var normalization: Normalization?
        var crop: Crop?
    }

    /// `labels.json` beside the picture describer: the label of each output class.
    private struct LabelsFile: Decodable { var labels: [String] }
    /// `thresholds.json` beside the detector (§4.1): per-class thresholds from the PR curves.
    private struct ThresholdsFile: Decodable { var thresholds: [String: Double] }

    /// Decodes a JSON file that a contract names, with a `.model` error naming the file and field.
    static func decodeFile<T: Decodable>(_ type: T.Type, at url: URL, what: String) throws -> T {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ScreenRecognitionError(.model, "\(what) \(url.path) not found")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw ScreenRecognitionError(.model, "\(url.path) is not a valid \(what): \(describe(error))")
        }
    }

    /// A decoding error as "field 'a.b[2]' is missing" and the like.
    static func describe(_ error: Error) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { p, k in k.intValue.map { "\(p)[\($0)]" } ?? (p.isEmpty ? k.stringValue : "\(p).\(k.stringValue)") }
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let c)?: return "field '\(path(c.codingPath + [key]))' is missing"
        case .typeMismatch(let type, let c)?: return "field '\(path(c.codingPath))' is not \(type == [Any].self ? "a list" : "of type \(type)")"
        case .valueNotFound(_, let c)?: return "field '\(path(c.codingPath))' is null"
        case .dataCorrupted(let c)?:
            return c.codingPath.isEmpty ? "not JSON (\(c.debugDescription))" : "field '\(path(c.codingPath))': \(c.debugDescription)"
        case nil: return "\(error)"
        @unknown default: return "\(error)"
        }
    }
}

/// The one way every ONNX model is opened: its contract read and checked, the file's size checked,
/// the session opened and checked against the contract.
public enum ONNXModel {
    /// Loads the contract `contractName` in `directory` as a model of `kind` and opens the ONNX file it names.
    ///
    /// - Throws: `ScreenRecognitionError` `.model` naming the file and field that is missing or
    ///   wrong: no contract, a malformed one or of another kind, a missing or damaged ONNX file, or
    ///   a model whose tensors are not the ones the contract names.
    public static func load(
        directory: URL, kind: ModelKind, runtime: ONNXRuntime, threads: Int = 2,
        contractName: String = "model.json"
    ) throws -> (session: ONNXSession, contract: ModelContract) {
        let contract = try ModelContract.load(directory: directory, kind: kind, contractName: contractName)
        return (try contract.openSession(runtime: runtime, threads: threads), contract)
    }
}
