import CONNXRuntime
import Foundation
import ScreenRecognition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ONNX Runtime, loaded at run time from its C API library (`libonnxruntime.so`).
///
/// The library comes from the `onnxruntime` PyPI wheel; `scripts/setup-models.sh` puts it in the
/// repository's `.deps/onnxruntime/`. ``load(libraryPath:)`` takes it from explicit inputs only (it
/// searches no folders), in this order (``ModelLocations/onnxRuntimeLibrary(_:)``):
/// 1. the `libraryPath` argument (the CLI's `--onnxruntime PATH`);
/// 2. the environment variable `SCREENREC_ONNXRUNTIME`;
/// 3. the newest `.deps/onnxruntime/libonnxruntime.so*` of the package checkout this library was
///    compiled from (``ModelLocations/packageRoot``);
/// 4. `libonnxruntime.so.1` on the system's library path.
///
/// One runtime (one `OrtEnv`) serves the whole process; sessions are safe to run concurrently.
///
/// `@unchecked Sendable`: it holds the library's API table and `OrtEnv` / `OrtMemoryInfo` pointers,
/// which ONNX Runtime allows any thread to use at once (they are only read after `init`, and released
/// in `deinit`); the process-wide cache is behind a lock.
public final class ONNXRuntime: @unchecked Sendable {
    let api: UnsafePointer<SROrtApi>
    let env: OpaquePointer
    let memoryInfo: OpaquePointer
    /// The library's own version string, e.g. "1.31.1".
    public let version: String
    /// The library file that was loaded.
    public let libraryPath: String

    /// The environment variable that names the library file.
    public static let libraryEnvironmentVariable = ModelLocations.onnxRuntimeEnvironmentVariable

    nonisolated(unsafe) private static var cache: [String: ONNXRuntime] = [:]
    private static let cacheLock = NSLock()

    /// Loads ONNX Runtime (see the type's documentation for where it comes from). Loading the same
    /// file twice returns the same runtime.
    ///
    /// - Throws: `ScreenRecognitionError` of kind `.model` saying what was tried and how to fix it
    ///   (pass the library, set `SCREENREC_ONNXRUNTIME`, or run `scripts/setup-models.sh`), or that
    ///   the library is not ONNX Runtime, or too old.
    public static func load(libraryPath: String? = nil) throws -> ONNXRuntime {
        let env = ProcessInfo.processInfo.environment[libraryEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let explicit = libraryPath ?? env
        if let explicit {
            guard explicit.contains("/") == false || FileManager.default.fileExists(atPath: explicit) else {
                let source = libraryPath != nil ? "the library given" : "$\(libraryEnvironmentVariable)"
                throw ScreenRecognitionError(.model, "ONNX Runtime library not found at \(explicit) (\(source)): no such file")
            }
            // An explicitly named library that fails is final.
            return try cached(explicit)
        }
        var failures: [String] = []
        for path in [ModelLocations.checkoutONNXRuntimeLibrary(), "libonnxruntime.so.1"].compactMap({ $0 }) {
            do {
                return try cached(path)
            } catch let e as ScreenRecognitionError {
                failures.append(e.message)
            }
        }
        throw ScreenRecognitionError(
            .model,
            """
            ONNX Runtime library not found: \(libraryEnvironmentVariable) is not set, nothing in \
            \(ModelLocations.packageRoot.path)/.deps/onnxruntime/, no libonnxruntime.so.1 on the library path \
            (\(failures.joined(separator: "; "))); pass the library (--onnxruntime PATH, or `onnxRuntime:` in code), \
            set \(libraryEnvironmentVariable) to the path of libonnxruntime.so (the onnxruntime PyPI wheel has it in \
            onnxruntime/capi/), or run scripts/setup-models.sh in the package checkout
            """)
    }

    /// The runtime for `path`, loaded once per process.
    private static func cached(_ path: String) throws -> ONNXRuntime {
        cacheLock.lock()
        if let cached = cache[path] {
            cacheLock.unlock()
            return cached
        }
        cacheLock.unlock()
        let runtime = try ONNXRuntime(path: path)
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache[path] { return cached }
        cache[path] = runtime
        return runtime
    }

    private init(path: String) throws {
        var error = [CChar](repeating: 0, count: 1024)
        var versionPointer: UnsafePointer<CChar>?
        guard let api = sr_ort_load(path, &versionPointer, &error, error.count) else {
            let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ScreenRecognitionError(.model, "cannot load ONNX Runtime from \(path): \(message)")
        }
        self.api = api
        self.libraryPath = path
        self.version = versionPointer.map { String(cString: $0) } ?? "unknown"
        var env: OpaquePointer?
        // Log level 3 = ORT_LOGGING_LEVEL_ERROR: warnings would clutter the CLI's stderr.
        try Self.check(api, api.pointee.CreateEnv(3, "screenrec", &env), "creating the ONNX Runtime environment")
        var info: OpaquePointer?
        // Allocator type 1 = OrtArenaAllocator, memory type 0 = OrtMemTypeDefault (CPU).
        try Self.check(api, api.pointee.CreateCpuMemoryInfo(1, 0, &info), "creating CPU memory info")
        self.env = env!
        self.memoryInfo = info!
    }

    deinit {
        api.pointee.ReleaseMemoryInfo(memoryInfo)
        api.pointee.ReleaseEnv(env)
    }

    /// Turns a non-NULL `OrtStatus` into a thrown error (and releases it).
    static func check(
        _ api: UnsafePointer<SROrtApi>, _ status: OpaquePointer?, _ what: String,
        kind: ScreenRecognitionError.Kind = .runtime
    ) throws {
        guard let status else { return }
        let message = api.pointee.GetErrorMessage(status).map { String(cString: $0) } ?? "unknown error"
        api.pointee.ReleaseStatus(status)
        throw ScreenRecognitionError(kind, "\(what): \(message)")
    }

    func check(_ status: OpaquePointer?, _ what: String, kind: ScreenRecognitionError.Kind = .runtime) throws {
        try Self.check(api, status, what, kind: kind)
    }

    /// Opens a model file.
    ///
    /// - Parameters:
    ///   - modelPath: the path of the `.onnx` file.
    ///   - threads: intra-op threads (2: the target machine's cores).
    /// - Throws: `.model` when the file is missing or not a valid ONNX model this runtime can run.
    public func makeSession(modelPath: String, threads: Int = 2) throws -> ONNXSession {
        guard FileManager.default.fileExists(atPath: modelPath) else {
            throw ScreenRecognitionError(.model, "model file not found: \(modelPath) (run scripts/setup-models.sh)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: modelPath))
        return try makeSession(modelData: data, threads: threads, name: modelPath)
    }

    /// Opens a model from its bytes; `name` is used in error messages.
    public func makeSession(modelData: Data, threads: Int = 2, name: String = "model") throws -> ONNXSession {
        guard !modelData.isEmpty else { throw ScreenRecognitionError(.model, "\(name) is empty, not an ONNX model") }
        var options: OpaquePointer?
        try check(api.pointee.CreateSessionOptions(&options), "creating session options")
        defer { api.pointee.ReleaseSessionOptions(options) }
        try check(api.pointee.SetIntraOpNumThreads(options, Int32(max(1, threads))), "setting threads")
        try check(api.pointee.SetInterOpNumThreads(options, 1), "setting threads")
        // Worker threads sleep between runs instead of spinning: right after the detector runs,
        // Tesseract reads the screen in two strips on the 2 target cores, and a spinning ONNX
        // Runtime worker took one of them (`screenrec bench` on the OCR check set: OCR median
        // 272–297 ms with the detector's 2 threads spinning, 221–233 ms with 1 thread; see
        // Benchmarks/ocr-checkset/RESULTS.md).
        try check(api.pointee.AddSessionConfigEntry(options, "session.intra_op.allow_spinning", "0"), "setting thread spinning")
        // 99 = ORT_ENABLE_ALL graph optimisations.
        try check(api.pointee.SetSessionGraphOptimizationLevel(options, 99), "setting graph optimisation")
        var session: OpaquePointer?
        try modelData.withUnsafeBytes { raw in
            try check(
                api.pointee.CreateSessionFromArray(env, raw.baseAddress, raw.count, options, &session),
                "\(name) is not a model ONNX Runtime \(version) can load", kind: .model)
        }
        return try ONNXSession(runtime: self, session: session!, name: name)
    }
}

/// Where the models folder and the ONNX Runtime library are: explicit inputs only, no search.
///
/// 1. the argument (`--models DIR` / `--onnxruntime PATH` in the CLI, a URL in code);
/// 2. the environment variable `SCREENREC_MODELS` / `SCREENREC_ONNXRUNTIME`;
/// 3. the package checkout this library was compiled from (``packageRoot``): its `Models/` (in git)
///    and `.deps/onnxruntime/` (put there by `scripts/setup-models.sh`). A binary built in a checkout
///    (`swift run screenrec`, `.build/debug/screenrec`, `make demo`) or a dependent package (under
///    `.build/checkouts/`) finds them there; a binary moved to another machine needs 1 or 2.
public enum ModelLocations {
    /// The environment variable naming the models folder.
    public static let modelsEnvironmentVariable = "SCREENREC_MODELS"
    /// The environment variable naming the ONNX Runtime library file.
    public static let onnxRuntimeEnvironmentVariable = "SCREENREC_ONNXRUNTIME"

    /// The root of the package checkout this library was compiled from: this file is
    /// `<root>/Sources/ScreenRecognitionONNX/ONNXRuntime.swift` (`#filePath`, fixed at compile time).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The models folder: `explicit`, else `$SCREENREC_MODELS`, else the package checkout's `Models/`.
    ///
    /// - Throws: `.model` when that folder is not there, naming it, where it came from and what to set.
    public static func modelsDirectory(_ explicit: URL? = nil) throws -> URL {
        let env = ProcessInfo.processInfo.environment[modelsEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let (candidate, source): (URL, String)
        if let explicit {
            (candidate, source) = (explicit, "the models folder given")
        } else if let env {
            (candidate, source) = (URL(fileURLWithPath: env), "$\(modelsEnvironmentVariable)")
        } else {
            (candidate, source) = (packageRoot.appendingPathComponent("Models"), "the package checkout's Models/ (\(modelsEnvironmentVariable) is not set)")
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), isDir.boolValue else {
            throw ScreenRecognitionError(
                .model,
                """
                models folder not found: \(candidate.path) (\(source)) is not a folder; pass the models folder \
                (--models DIR, or `models:` in code) or set \(modelsEnvironmentVariable) to a copy of the repository's Models/
                """)
        }
        return candidate
    }

    /// The ONNX Runtime library: `explicit`, else `$SCREENREC_ONNXRUNTIME`, else the package
    /// checkout's newest `.deps/onnxruntime/libonnxruntime.so*`, else nil (then ``ONNXRuntime/load(libraryPath:)``
    /// tries `libonnxruntime.so.1` on the system's library path).
    public static func onnxRuntimeLibrary(_ explicit: URL? = nil) -> String? {
        if let explicit { return explicit.path }
        if let env = ProcessInfo.processInfo.environment[onnxRuntimeEnvironmentVariable], !env.isEmpty { return env }
        return checkoutONNXRuntimeLibrary()
    }

    /// The newest `libonnxruntime.so*` in the package checkout's `.deps/onnxruntime/` (one folder, listed).
    static func checkoutONNXRuntimeLibrary() -> String? {
        let deps = packageRoot.appendingPathComponent(".deps/onnxruntime")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: deps.path)) ?? []
        // Newest version first: libonnxruntime.so.1.31.1 before libonnxruntime.so.1.17.0.
        let newest = names.filter { $0.hasPrefix("libonnxruntime.so") }
            .sorted { $0.compare($1, options: .numeric) == .orderedDescending }.first
        return newest.map { deps.appendingPathComponent($0).path }
    }
}
