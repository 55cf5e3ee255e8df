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
/// repository's `.deps/onnxruntime/`. ``load(libraryPath:)`` finds it, in this order:
/// 1. the `libraryPath` argument (the CLI's `--onnxruntime PATH`);
/// 2. the environment variable `SCREENREC_ONNXRUNTIME`;
/// 3. `.deps/onnxruntime/libonnxruntime.so*` in a folder above the running executable or the
///    current directory (so a binary under `.build/` finds the repository's copy on its own);
/// 4. `libonnxruntime.so.1` on the system's library path.
///
/// One runtime (one `OrtEnv`) serves the whole process; sessions are safe to run concurrently.
public final class ONNXRuntime: @unchecked Sendable {
    let api: UnsafePointer<SROrtApi>
    let env: OpaquePointer
    let memoryInfo: OpaquePointer
    /// The library's own version string, e.g. "1.31.1".
    public let version: String
    /// The library file that was loaded.
    public let libraryPath: String

    /// The environment variable that names the library file.
    public static let libraryEnvironmentVariable = "SCREENREC_ONNXRUNTIME"

    nonisolated(unsafe) private static var cache: [String: ONNXRuntime] = [:]
    private static let cacheLock = NSLock()

    /// Loads ONNX Runtime (see the type's documentation for where it looks). Loading the same file
    /// twice returns the same runtime.
    ///
    /// - Throws: ``ScreenRecognitionError`` of kind `.model` saying what was tried and how to fix it
    ///   (run `scripts/setup-models.sh`, or set `SCREENREC_ONNXRUNTIME`), or that the library is not
    ///   ONNX Runtime, or too old.
    public static func load(libraryPath: String? = nil) throws -> ONNXRuntime {
        let candidates = try libraryCandidates(explicit: libraryPath)
        var failures: [String] = []
        for path in candidates {
            cacheLock.lock()
            if let cached = cache[path] { cacheLock.unlock(); return cached }
            cacheLock.unlock()
            do {
                let runtime = try ONNXRuntime(path: path)
                cacheLock.lock(); defer { cacheLock.unlock() }
                if let cached = cache[path] { return cached }
                cache[path] = runtime
                return runtime
            } catch let e as ScreenRecognitionError {
                // An explicitly named library that fails is final; a discovered one lets us try the next.
                if libraryPath != nil || ProcessInfo.processInfo.environment[libraryEnvironmentVariable] != nil { throw e }
                failures.append(e.message)
            }
        }
        let tried = failures.isEmpty ? "" : " (\(failures.joined(separator: "; ")))"
        throw ScreenRecognitionError(.model, """
            ONNX Runtime library not found\(tried): run scripts/setup-models.sh in the repository, \
            or set \(libraryEnvironmentVariable) to the path of libonnxruntime.so (the onnxruntime PyPI wheel \
            has it in onnxruntime/capi/)
            """)
    }

    static func libraryCandidates(explicit: String?) throws -> [String] {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw ScreenRecognitionError(.model, "ONNX Runtime library not found at \(explicit)")
            }
            return [explicit]
        }
        if let fromEnv = ProcessInfo.processInfo.environment[libraryEnvironmentVariable], !fromEnv.isEmpty {
            guard FileManager.default.fileExists(atPath: fromEnv) else {
                throw ScreenRecognitionError(.model, "\(libraryEnvironmentVariable)=\(fromEnv): no such file")
            }
            return [fromEnv]
        }
        var found: [String] = []
        for dir in RepositoryLocator.ancestorDirectories() {
            let deps = dir.appendingPathComponent(".deps/onnxruntime")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: deps.path) else { continue }
            // Newest version first: libonnxruntime.so.1.31.1 before libonnxruntime.so.1.17.0.
            let libs = names.filter { $0.hasPrefix("libonnxruntime.so") }.sorted { $0.compare($1, options: .numeric) == .orderedDescending }
            found += libs.map { deps.appendingPathComponent($0).path }
            if !libs.isEmpty { break }
        }
        found.append("libonnxruntime.so.1")
        return found
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
    static func check(_ api: UnsafePointer<SROrtApi>, _ status: OpaquePointer?, _ what: String,
                      kind: ScreenRecognitionError.Kind = .runtime) throws {
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
        // 99 = ORT_ENABLE_ALL graph optimisations.
        try check(api.pointee.SetSessionGraphOptimizationLevel(options, 99), "setting graph optimisation")
        var session: OpaquePointer?
        try modelData.withUnsafeBytes { raw in
            try check(api.pointee.CreateSessionFromArray(env, raw.baseAddress, raw.count, options, &session),
                      "\(name) is not a model ONNX Runtime \(version) can load", kind: .model)
        }
        return try ONNXSession(runtime: self, session: session!, name: name)
    }
}

/// Finds folders of the repository: the running executable's and the current directory's ancestors.
public enum RepositoryLocator {
    /// The environment variable that names the models folder.
    public static let modelsEnvironmentVariable = "SCREENREC_MODELS"

    /// The executable's folder and its ancestors, then the current directory and its ancestors.
    public static func ancestorDirectories() -> [URL] {
        var starts: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        } else {
            starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        var result: [URL] = []
        for start in starts {
            var dir = start.standardizedFileURL
            for _ in 0..<8 {
                if !result.contains(dir) { result.append(dir) }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return result
    }

    /// The models folder: `SCREENREC_MODELS` if set, else the first `Models/` folder beside a
    /// `Package.swift` above the executable or the current directory.
    public static func modelsDirectory() -> URL? {
        if let env = ProcessInfo.processInfo.environment[modelsEnvironmentVariable], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        for dir in ancestorDirectories() {
            let models = dir.appendingPathComponent("Models")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: models.path, isDirectory: &isDir), isDir.boolValue,
               FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return models
            }
        }
        return nil
    }
}
