import CONNXRuntime
import Foundation
import ScreenRecognition
import Testing
@testable import ScreenRecognitionONNX

/// The repository root (for .deps/onnxruntime, put there by scripts/setup-models.sh).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func temporaryFile(_ name: String, _ data: Data) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-onnx-tests-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
}

func runtime() throws -> ONNXRuntime { try ONNXRuntime.load() }

@Suite("ONNX Runtime binding")
struct BindingTests {
    @Test func theTableDeclaresEntriesZeroThroughHundred() {
        #expect(sr_ort_api_entry_count() == 101)
    }

    @Test func loadsTheRepositoryCopyWithoutEnvironment() throws {
        let rt = try runtime()
        #expect(rt.version.hasPrefix("1."))
        #expect(rt.libraryPath.contains(".deps/onnxruntime") || ProcessInfo.processInfo.environment["SCREENREC_ONNXRUNTIME"] != nil)
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

    @Test func contractChecksTensorsAndFileSize() throws {
        let data = ONNXBuilder.denseModel()
        let path = try temporaryFile("dense.onnx", data)
        var contract = ModelContract(name: "dense", file: "dense.onnx", bytes: data.count,
                                     inputs: [.init(name: "x")], outputs: [.init(name: "y"), .init(name: "best")])
        let contractURL = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("dense.model.json")
        try JSONEncoder().encode(contract).write(to: contractURL)
        let (loaded, session) = try ModelContract.openSession(contractAt: contractURL, runtime: runtime())
        #expect(loaded == contract)
        #expect(session.outputNames.count == 3)

        contract.outputs.append(.init(name: "boxes"))
        #expect { try contract.check(session) } throws: { ($0 as? ScreenRecognitionError)?.message.contains("no output 'boxes'") == true }
        contract.bytes = data.count + 1
        #expect { try contract.checkFile(at: URL(fileURLWithPath: path)) } throws: { ($0 as? ScreenRecognitionError)?.kind == .model }
    }
}

@Suite("ONNX Runtime binding: bad input")
struct BindingErrorTests {
    static let badModels: [(String, Data)] = [
        ("empty", Data()),
        ("text", Data("this is not a model".utf8)),
        ("truncated", ONNXBuilder.denseModel().prefix(60)),
        ("png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])),
        ("random", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })),
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
            ($0 as? ScreenRecognitionError)?.message.contains("not found") == true
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
