import CONNXRuntime
import Foundation
import ScreenRecognition
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognitionONNX

/// The repository root (for .deps/onnxruntime, put there by scripts/setup-models.sh).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func temporaryFile(_ name: String, _ data: Data) throws -> String {
    let dir = ScratchDirectory.root.appendingPathComponent("screenrec-onnx-tests")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
}

func runtime() throws -> ONNXRuntime { try ONNXRuntime.load() }

@Suite("ONNX Runtime binding")
struct BindingTests {
    @Test func theTableDeclaresEntriesZeroThroughHundredThirty() {
        #expect(sr_ort_api_entry_count() == 131)
    }

    @Test func loadsTheRepositoryCopyWithoutEnvironment() throws {
        let rt = try runtime()
        #expect(rt.version.hasPrefix("1."))
        #expect(rt.libraryPath.contains(".deps/onnxruntime") || ProcessInfo.processInfo.environment["SCREENREC_ONNXRUNTIME"] != nil)
        #expect(ModelLocations.packageRoot == packageRoot, "the checkout the library was compiled from")
        #expect(try ONNXRuntime.load() === rt, "one runtime per library")
    }

    @Test func readsTensorNamesInModelOrder() throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        #expect(session.inputNames == ["x"])
        #expect(session.outputNames == ["y", "score", "best"])
    }

    @Test(arguments: [
        [Float](arrayLiteral: 1, 2, 3),
        [0, 0, 0, -1, -2, -3],
        [0.25, -4, 7, 3, 3, -3, 10, -10, 0.5],
    ])
    func computesWhatTheGraphSays(x: [Float]) throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        let n = x.count / 3
        let out = try session.run(["x": Tensor(shape: [n, 3], values: x)])
        let want = ONNXBuilder.expected(x)
        #expect(out["y"]?.shape == [n, 2])
        #expect(out["score"]?.shape == [n, 3])
        #expect(out["best"]?.shape == [n])
        for (a, b) in zip(out["y"]!.values, want.y) { #expect(abs(a - b) < 1e-5) }
        for (a, b) in zip(out["score"]!.values, want.score) { #expect(abs(a - b) < 1e-6) }
        #expect(out["best"]!.values == want.best, "int64 output read back as floats")
    }

    @Test func returnsOnlyTheRequestedOutputs() throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        let out = try session.run(["x": Tensor(shape: [1, 3], values: [1, 2, 3])], outputs: ["best"])
        #expect(Array(out.keys) == ["best"])
        #expect(out["best"]?.values == [2])
    }

    @Test func runsConcurrently() async throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        let results = try await withThrowingTaskGroup(of: (Int, [Float]).self) { group in
            for i in 0..<16 {
                group.addTask {
                    let x: [Float] = [Float(i), -Float(i), 0.5]
                    return (i, try session.run(["x": Tensor(shape: [1, 3], values: x)])["y"]!.values)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for i in 0..<16 {
            #expect(results[i] == ONNXBuilder.expected([Float(i), -Float(i), 0.5]).y)
        }
    }

    @Test func readsMetadataFromTheFileItself() throws {
        let data = ONNXBuilder.denseModel(metadata: ["character": "a\nb\nc", "note": "ünïcode ✓"])
        #expect(try ONNXModelFile.metadata(of: data) == ["character": "a\nb\nc", "note": "ünïcode ✓"])
        let path = try temporaryFile("meta.onnx", data)
        #expect(try ONNXModelFile.metadata(atPath: path)["note"] == "ünïcode ✓")
        #expect(try ONNXModelFile.metadata(of: ONNXBuilder.denseModel()) == [:])
    }

    /// Models and ONNX Runtime come from explicit inputs; a missing one names what to set.
    @Test func locationsAreExplicit() throws {
        let models = try ModelLocations.modelsDirectory()
        #expect(models == packageRoot.appendingPathComponent("Models") || ProcessInfo.processInfo.environment["SCREENREC_MODELS"] != nil)
        #expect { try ModelLocations.modelsDirectory(URL(fileURLWithPath: "/nonexistent/Models")) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains("/nonexistent/Models") && e.message.contains("--models DIR")
                && e.message.contains("SCREENREC_MODELS")
        }
        #expect(ModelLocations.onnxRuntimeLibrary(URL(fileURLWithPath: "/x/libonnxruntime.so")) == "/x/libonnxruntime.so")
    }

    @Test func readsTensorShapesAndTypes() throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        #expect(session.inputs == [TensorInfo(name: "x", shape: [-1, 3], dtype: "float32")])
        #expect(session.outputs.map(\.shape) == [[-1, 2], [-1, 3], [-1]])
        #expect(session.outputs.map(\.dtype) == ["float32", "float32", "int64"])
    }
}

/// A folder with the dense test model (`dense.onnx`) and `model.json` holding `contract`.
func denseModelFolder(_ name: String, contract: [String: Any]) throws -> URL {
    let dir = ScratchDirectory.root.appendingPathComponent("screenrec-contract-tests-\(name)")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try ONNXBuilder.denseModel().write(to: dir.appendingPathComponent("dense.onnx"))
    try JSONSerialization.data(withJSONObject: contract).write(to: dir.appendingPathComponent("model.json"))
    return dir
}

/// The one model loader (`ONNXModel.load`): one contract decoder for every layout the shipped
/// model.json files use, and one check of the contract against the ONNX file.
@Suite("Model contracts")
struct ModelContractTests {
    static var dense: [String: Any] {
        [
            "format": "test-dense", "formatVersion": 1, "file": "dense.onnx", "bytes": ONNXBuilder.denseModel().count,
            "inputs": [["name": "x", "shape": [-1, 3], "dtype": "float32"]],
            "outputs": [["name": "y", "shape": [-1, 2]], ["name": "best", "dtype": "int64"]],
            "classes": ["a", "b"], "threshold": 0.25,
        ]
    }
    static let kind = ModelKind(name: "dense model", format: "test-dense", scoresPerLabel: true)

    @Test func loadsTheCommonFieldsAndOpensTheModel() throws {
        let dir = try denseModelFolder("ok", contract: Self.dense)
        let (session, contract) = try ONNXModel.load(directory: dir, kind: Self.kind, runtime: runtime())
        #expect(contract.name == dir.lastPathComponent, "no name: the folder's")
        #expect(contract.inputs == [.init(name: "x", shape: [-1, 3], dtype: "float32")])
        #expect(contract.outputs.map(\.name) == ["y", "best"])
        #expect(contract.labels == ["a", "b"] && contract.threshold == 0.25)
        #expect(contract.modelURL == dir.appendingPathComponent("dense.onnx"))
        #expect(session.outputNames == ["y", "score", "best"])
        struct Extras: Decodable { var classes: [String] }
        #expect(try contract.extras(Extras.self).classes == ["a", "b"])
    }

    /// The icon classifier's layout: one `input` object and one `output` object.
    @Test func readsTheSingleInputAndOutputLayout() throws {
        var c = Self.dense
        c["inputs"] = nil
        c["outputs"] = nil
        c["input"] = ["name": "x", "shape": [-1, 3], "normalization": ["scale": 255, "mean": [0.5, 0.5, 0.5], "std": [0.5, 0.5, 0.5]]]
        c["output"] = ["name": "y", "shape": [-1, 2]]
        c["unknownThreshold"] = 0.4
        c["threshold"] = nil
        let (_, contract) = try ONNXModel.load(directory: denseModelFolder("single", contract: c), kind: Self.kind, runtime: runtime())
        #expect(contract.inputs.map(\.name) == ["x"] && contract.outputs.map(\.name) == ["y"])
        #expect(contract.normalization?.mean == [0.5, 0.5, 0.5])
        #expect(contract.threshold == 0.4)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var edit: @Sendable (inout [String: Any]) -> Void
        var message: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "other kind", edit: { $0["format"] = "test-other" }, message: "unsupported format test-other version 1 (expected test-dense 1)"),
        Bad(name: "no file", edit: { $0["file"] = nil }, message: "is not a valid dense model contract: field 'file' is missing"),
        Bad(name: "shape as text", edit: { $0["inputs"] = [["name": "x", "shape": "N,3"]] }, message: "field 'inputs[0].shape' is not a list"),
        Bad(name: "no inputs", edit: { $0["inputs"] = nil }, message: "field 'inputs' is missing"),
        Bad(
            name: "unknown input", edit: { $0["inputs"] = [["name": "image"]] },
            message: "field 'inputs[0].name' says 'image', but dense.onnx has no input 'image' (its inputs: x)"),
        Bad(
            name: "unknown output", edit: { $0["outputs"] = [["name": "boxes"]] },
            message: "field 'outputs[0].name' says 'boxes', but dense.onnx has no output 'boxes'"),
        Bad(
            name: "wrong rank", edit: { $0["inputs"] = [["name": "x", "shape": [1, 3, 4]]] },
            message: "field 'inputs[0].shape' is [1, 3, 4], but dense.onnx's input 'x' has shape [-1, 3]"),
        Bad(
            name: "wrong width", edit: { $0["inputs"] = [["name": "x", "shape": [-1, 4]]] },
            message: "field 'inputs[0].shape' is [-1, 4], but dense.onnx's input 'x' has shape [-1, 3]"),
        Bad(
            name: "output wider than the labels", edit: { $0["outputs"] = [["name": "y", "shape": [-1, 5]]] },
            message: "field 'outputs[0].shape' is [-1, 5]: field 'classes' has 2 labels but the output has 5 classes"),
        Bad(
            name: "labels disagree with the model",
            edit: {
                $0["outputs"] = [["name": "y"]]
                $0["classes"] = ["a", "b", "c"]
            },
            message: "field 'outputs[0]' names dense.onnx's output 'y' of shape [-1, 2]: field 'classes' has 3 labels but the output has 2 classes"),
        Bad(
            name: "integer input", edit: { $0["inputs"] = [["name": "x", "dtype": "int64"]] },
            message: "field 'inputs[0].dtype' is int64, but dense.onnx's input 'x' is float32"),
        Bad(
            name: "wrong dtype", edit: { $0["outputs"] = [["name": "best", "dtype": "float32"]] },
            message: "field 'outputs[0].dtype' is float32, but dense.onnx's output 'best' is int64"),
        Bad(name: "zero dimension", edit: { $0["inputs"] = [["name": "x", "shape": [0, 3]]] }, message: "field 'inputs[0].shape' is [0, 3]"),
        Bad(name: "labels and classes disagree", edit: { $0["classes"] = ["a", "b", "c"] }, message: "has 3 labels but the output has 2 classes"),
        Bad(name: "threshold above 1", edit: { $0["threshold"] = 1.5 }, message: "field 'threshold' is 1.5, outside 0...1"),
        Bad(name: "two stds", edit: { $0["normalization"] = ["scale": 1, "mean": [0, 0, 0], "std": [1, 1]] }, message: "field 'normalization' needs"),
        Bad(name: "wrong size", edit: { $0["bytes"] = 3 }, message: "field 'bytes' is 3, but"),
        Bad(name: "missing onnx", edit: { $0["file"] = "nothere.onnx" }, message: "model file not found"),
        Bad(
            name: "missing labels file",
            edit: {
                $0["classes"] = nil
                $0["labelsFile"] = "labels.json"
            }, message: "labels.json not found"),
        Bad(name: "missing thresholds file", edit: { $0["thresholdsFile"] = "thresholds.json" }, message: "thresholds.json not found"),
    ]

    @Test(arguments: bad)
    func badContractsNameTheFileAndField(_ bad: Bad) throws {
        var c = Self.dense
        bad.edit(&c)
        let dir = try denseModelFolder(bad.name.filter(\.isLetter), contract: c)
        #expect { try ONNXModel.load(directory: dir, kind: Self.kind, runtime: runtime()) } throws: { error in
            guard let e = error as? ScreenRecognitionError, e.kind == .model else { return false }
            return e.message.contains(bad.message) && (e.message.contains(dir.path) || bad.name == "missing onnx")
        }
    }

    @Test func noContractSaysWhatIsMissing() throws {
        let dir = ScratchDirectory.root.appendingPathComponent("screenrec-contract-tests-none")
        #expect { try ONNXModel.load(directory: dir, kind: Self.kind, runtime: runtime()) } throws: {
            ($0 as? ScreenRecognitionError)?.message.contains("no dense model installed: \(dir.path)/model.json not found") == true
        }
    }
}

@Suite("ONNX Runtime binding: bad input")
struct BindingErrorTests {
    static let badModels: [(String, Data)] = [
        ("empty", Data()),
        ("text", Data("this is not a model".utf8)),
        ("truncated", ONNXBuilder.denseModel().prefix(60)),
        ("png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])),
        ("random", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })),
    ]

    @Test(arguments: badModels.map(\.0))
    func corruptModelsAreModelErrors(name: String) throws {
        let data = Self.badModels.first { $0.0 == name }!.1
        #expect { try runtime().makeSession(modelData: data, name: name) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(name)
        }
    }

    @Test func missingModelFileSaysHowToFixIt() throws {
        #expect { try runtime().makeSession(modelPath: "/nonexistent/model.onnx") } throws: { error in
            (error as? ScreenRecognitionError)?.message.contains("setup-models.sh") == true
        }
    }

    @Test func wrongInputsAreReportedNotCrashed() throws {
        let session = try runtime().makeSession(modelData: ONNXBuilder.denseModel())
        #expect { try session.run(["z": Tensor(shape: [1, 3], values: [1, 2, 3])]) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .invalidInput
        }
        #expect { try session.run(["x": Tensor(shape: [2, 3], values: [1, 2, 3])]) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .invalidInput
        }
        #expect { try session.run(["x": Tensor(shape: [1, 4], values: [1, 2, 3, 4])]) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .runtime && e.message.contains("running")
        }
        #expect { try session.run(["x": Tensor(shape: [1, 3], values: [1, 2, 3])], outputs: ["nope"]) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .invalidInput
        }
    }

    @Test func aLibraryThatIsNotONNXRuntime() throws {
        let notALibrary = try temporaryFile("libonnxruntime.so.9", Data("text".utf8))
        #expect { try ONNXRuntime.load(libraryPath: notALibrary) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .model
        }
        #expect { try ONNXRuntime.load(libraryPath: "/nonexistent/libonnxruntime.so") } throws: {
            ($0 as? ScreenRecognitionError)?.message.contains("not found at /nonexistent/libonnxruntime.so (the library given)") == true
        }
        // A real shared library without OrtGetApiBase (libm is always there).
        if FileManager.default.fileExists(atPath: "/lib/x86_64-linux-gnu/libm.so.6") {
            #expect { try ONNXRuntime.load(libraryPath: "/lib/x86_64-linux-gnu/libm.so.6") } throws: {
                ($0 as? ScreenRecognitionError)?.message.contains("OrtGetApiBase") == true
            }
        }
    }

    /// An "ONNX Runtime" that only knows API versions up to 10, built with the system C compiler.
    @Test func aLibraryOfTheWrongVersion() throws {
        let source = """
            #include <stdint.h>
            #include <stddef.h>
            static const void *get_api(uint32_t v) { return NULL; }
            static const char *version(void) { return "1.10.0"; }
            static struct { const void *(*g)(uint32_t); const char *(*v)(void); } base = { get_api, version };
            const void *OrtGetApiBase(void) { return &base; }
            """
        let c = try temporaryFile("old_ort.c", Data(source.utf8))
        let so = c.replacingOccurrences(of: ".c", with: ".so")
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-shared", "-fPIC", "-o", so, c]
        try cc.run()
        cc.waitUntilExit()
        try #require(cc.terminationStatus == 0, "a C compiler is needed for this test")
        #expect { try ONNXRuntime.load(libraryPath: so) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains("1.10.0") && e.message.contains("1.17")
        }
    }

    @Test(arguments: [Data(), Data([0x08]), Data([0x72, 0xFF, 0xFF, 0xFF, 0x0F]), Data([0x0F])])
    func malformedProtobufIsAModelError(data: Data) throws {
        let path = try temporaryFile("bad-\(data.count).onnx", data)
        #expect { try ONNXModelFile.metadata(atPath: path) } throws: { ($0 as? ScreenRecognitionError)?.kind == .model }
    }
}
