import Foundation
import ScreenRecognition

/// The contract written beside every ONNX file as `<name>.model.json` (or `model.json`): what the
/// file is, which tensors it has, and how its inputs are made. Adapters decode their own extra keys
/// (classes, decoding rules) from the same file; this type holds the common part and checks it.
public struct ModelContract: Codable, Sendable, Hashable {
    /// A tensor the model must have.
    public struct TensorSpec: Codable, Sendable, Hashable {
        public var name: String
        /// Dimensions; -1 (or absent) for a dynamic one.
        public var shape: [Int]?
        public init(name: String, shape: [Int]? = nil) { self.name = name; self.shape = shape }
    }

    /// Input normalisation: `(pixel / scale − mean) / std` per RGB channel.
    public struct Normalization: Codable, Sendable, Hashable {
        /// What a raw 0–255 pixel is divided by first (255 for 0–1 inputs, 1 for 0–255 inputs).
        public var scale: Float
        public var mean: [Float]
        public var std: [Float]
        public init(scale: Float, mean: [Float], std: [Float]) { self.scale = scale; self.mean = mean; self.std = std }
    }

    /// A short machine name, e.g. "ppocrv4-det".
    public var name: String
    /// The ONNX file, relative to the contract's folder.
    public var file: String
    /// The file's size in bytes (checked at load) and SHA-256 (checked by scripts/setup-models.sh).
    public var bytes: Int?
    public var sha256: String?
    public var inputs: [TensorSpec]
    public var outputs: [TensorSpec]
    public var normalization: Normalization?

    public init(name: String, file: String, bytes: Int? = nil, sha256: String? = nil, inputs: [TensorSpec],
                outputs: [TensorSpec], normalization: Normalization? = nil) {
        self.name = name
        self.file = file
        self.bytes = bytes
        self.sha256 = sha256
        self.inputs = inputs
        self.outputs = outputs
        self.normalization = normalization
    }

    /// Reads a contract file.
    /// - Throws: `.model` when it is missing or malformed.
    public static func load(from url: URL) throws -> ModelContract {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ScreenRecognitionError(.model, "model contract not found: \(url.path)")
        }
        do {
            return try JSONDecoder().decode(ModelContract.self, from: data)
        } catch {
            throw ScreenRecognitionError(.model, "\(url.path) is not a valid model contract: \(error)")
        }
    }

    /// The ONNX file's URL for a contract read from `contractURL`.
    public func modelURL(besides contractURL: URL) -> URL {
        contractURL.deletingLastPathComponent().appendingPathComponent(file)
    }

    /// Checks the ONNX file's size before loading it.
    public func checkFile(at url: URL) throws {
        // Symbolic links are followed (attributesOfItem describes the link itself).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path) else {
            throw ScreenRecognitionError(.model, "model file not found: \(url.path) (run scripts/setup-models.sh)")
        }
        if let bytes, let size = attributes[.size] as? Int, size != bytes {
            throw ScreenRecognitionError(.model, "\(url.path) has \(size) bytes but its contract \(name) says \(bytes): a different or damaged model file (run scripts/setup-models.sh)")
        }
    }

    /// Checks that a loaded session has the contract's tensors.
    public func check(_ session: ONNXSession) throws {
        for spec in inputs where !session.inputNames.contains(spec.name) {
            throw ScreenRecognitionError(.model, "\(session.name) has no input '\(spec.name)' required by its contract \(name) (inputs: \(session.inputNames.joined(separator: ", ")))")
        }
        for spec in outputs where !session.outputNames.contains(spec.name) {
            throw ScreenRecognitionError(.model, "\(session.name) has no output '\(spec.name)' required by its contract \(name) (outputs: \(session.outputNames.joined(separator: ", ")))")
        }
    }

    /// Loads the contract at `contractURL`, checks the file, opens the session and checks its tensors.
    public static func openSession(contractAt contractURL: URL, runtime: ONNXRuntime, threads: Int = 2) throws -> (ModelContract, ONNXSession) {
        let contract = try load(from: contractURL)
        let url = contract.modelURL(besides: contractURL)
        try contract.checkFile(at: url)
        let session = try runtime.makeSession(modelPath: url.path, threads: threads)
        try contract.check(session)
        return (contract, session)
    }
}
