import CONNXRuntime
import Foundation
import ScreenRecognition

/// A dense float tensor: its shape and its values in row-major order.
public struct Tensor: Sendable, Hashable {
    public var shape: [Int]
    public var values: [Float]

    public init(shape: [Int], values: [Float]) {
        self.shape = shape
        self.values = values
    }

    /// The number of values the shape holds.
    public var elementCount: Int { shape.reduce(1, *) }
}

/// A loaded ONNX model. `run` may be called from several threads at once (ONNX Runtime sessions
/// are thread-safe for inference).
public final class ONNXSession: @unchecked Sendable {
    let runtime: ONNXRuntime
    let session: OpaquePointer
    /// The model's input and output tensor names, in the model's order.
    public let inputNames: [String]
    public let outputNames: [String]
    /// The name used in error messages (the model's path).
    public let name: String

    init(runtime: ONNXRuntime, session: OpaquePointer, name: String) throws {
        self.runtime = runtime
        self.session = session
        self.name = name
        let api = runtime.api
        do {
            var allocator: OpaquePointer?
            try runtime.check(api.pointee.GetAllocatorWithDefaultOptions(&allocator), "getting the default allocator")
            func names(count: (OpaquePointer?, UnsafeMutablePointer<Int>?) -> OpaquePointer?,
                       get: (OpaquePointer?, Int, OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?) throws -> [String] {
                var n = 0
                try runtime.check(count(session, &n), "reading \(name)'s tensor count")
                return try (0..<n).map { i in
                    var p: UnsafeMutablePointer<CChar>?
                    try runtime.check(get(session, i, allocator, &p), "reading \(name)'s tensor names")
                    defer { _ = api.pointee.AllocatorFree(allocator, p) }
                    return p.map { String(cString: $0) } ?? ""
                }
            }
            inputNames = try names(count: { api.pointee.SessionGetInputCount($0, $1) },
                                   get: { api.pointee.SessionGetInputName($0, $1, $2, $3) })
            outputNames = try names(count: { api.pointee.SessionGetOutputCount($0, $1) },
                                    get: { api.pointee.SessionGetOutputName($0, $1, $2, $3) })
        } catch {
            api.pointee.ReleaseSession(session)
            throw error
        }
    }

    deinit { runtime.api.pointee.ReleaseSession(session) }

    /// Runs the model on float inputs and returns the requested outputs (all, when `outputs` is nil).
    /// Integer and boolean outputs are converted to `Float`.
    ///
    /// - Throws: `.invalidInput` for an unknown tensor name or values that do not fill the shape;
    ///   `.runtime` with ONNX Runtime's message when inference fails (e.g. a wrong shape).
    public func run(_ inputs: [String: Tensor], outputs: [String]? = nil) throws -> [String: Tensor] {
        let api = runtime.api
        for (key, t) in inputs {
            guard inputNames.contains(key) else {
                throw ScreenRecognitionError(.invalidInput, "\(name) has no input named '\(key)' (inputs: \(inputNames.joined(separator: ", ")))")
            }
            guard t.shape.allSatisfy({ $0 >= 0 }), t.elementCount == t.values.count else {
                throw ScreenRecognitionError(.invalidInput, "input '\(key)': shape \(t.shape) holds \(t.elementCount) values, got \(t.values.count)")
            }
        }
        let wanted = outputs ?? outputNames
        for o in wanted where !outputNames.contains(o) {
            throw ScreenRecognitionError(.invalidInput, "\(name) has no output named '\(o)' (outputs: \(outputNames.joined(separator: ", ")))")
        }
        let ordered = inputs.sorted { $0.key < $1.key }

        // ONNX Runtime does not copy tensor data: the buffers live until Run returns.
        var buffers: [UnsafeMutableBufferPointer<Float>] = []
        var values: [OpaquePointer?] = []
        defer {
            for v in values { if let v { api.pointee.ReleaseValue(v) } }
            for b in buffers { b.deallocate() }
        }
        for (key, t) in ordered {
            let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(1, t.values.count))
            _ = buffer.initialize(from: t.values)
            buffers.append(buffer)
            let shape = t.shape.map(Int64.init)
            var value: OpaquePointer?
            try shape.withUnsafeBufferPointer { s in
                try runtime.check(api.pointee.CreateTensorWithDataAsOrtValue(
                    runtime.memoryInfo, buffer.baseAddress, t.values.count * MemoryLayout<Float>.stride,
                    s.baseAddress, s.count, Int32(SR_ORT_FLOAT), &value), "creating input tensor '\(key)'")
            }
            values.append(value)
        }

        var results = [OpaquePointer?](repeating: nil, count: wanted.count)
        defer { for r in results { if let r { api.pointee.ReleaseValue(r) } } }
        try withCStrings(ordered.map(\.key)) { inNames in
            try withCStrings(wanted) { outNames in
                let status = values.withUnsafeBufferPointer { inValues in
                    api.pointee.Run(session, nil, inNames, inValues.baseAddress, inValues.count,
                                    outNames, wanted.count, &results)
                }
                try runtime.check(status, "running \(name)")
            }
        }

        var out: [String: Tensor] = [:]
        for (i, key) in wanted.enumerated() {
            out[key] = try readTensor(results[i], key: key)
        }
        return out
    }

    private func readTensor(_ value: OpaquePointer?, key: String) throws -> Tensor {
        let api = runtime.api
        guard let value else { throw ScreenRecognitionError(.runtime, "\(name) returned no value for '\(key)'") }
        var isTensor: Int32 = 0
        try runtime.check(api.pointee.IsTensor(value, &isTensor), "inspecting output '\(key)'")
        guard isTensor != 0 else { throw ScreenRecognitionError(.runtime, "output '\(key)' of \(name) is not a tensor") }
        var info: OpaquePointer?
        try runtime.check(api.pointee.GetTensorTypeAndShape(value, &info), "reading output '\(key)' shape")
        defer { api.pointee.ReleaseTensorTypeAndShapeInfo(info) }
        var rank = 0
        try runtime.check(api.pointee.GetDimensionsCount(info, &rank), "reading output '\(key)' rank")
        var dims = [Int64](repeating: 0, count: rank)
        try runtime.check(api.pointee.GetDimensions(info, &dims, rank), "reading output '\(key)' dimensions")
        var count = 0
        try runtime.check(api.pointee.GetTensorShapeElementCount(info, &count), "reading output '\(key)' size")
        var type: Int32 = 0
        try runtime.check(api.pointee.GetTensorElementType(info, &type), "reading output '\(key)' type")
        var raw: UnsafeMutableRawPointer?
        try runtime.check(api.pointee.GetTensorMutableData(value, &raw), "reading output '\(key)' data")
        let shape = dims.map { Int($0) }
        guard count > 0, let raw else { return Tensor(shape: shape, values: []) }
        let floats: [Float]
        switch Int(type) {
        case Int(SR_ORT_FLOAT): floats = Array(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Float.self), count: count))
        case Int(SR_ORT_DOUBLE): floats = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Double.self), count: count).map { Float($0) }
        case Int(SR_ORT_INT64): floats = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Int64.self), count: count).map { Float($0) }
        case Int(SR_ORT_INT32): floats = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Int32.self), count: count).map { Float($0) }
        case Int(SR_ORT_UINT8), Int(SR_ORT_BOOL): floats = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: count).map { Float($0) }
        case Int(SR_ORT_INT8): floats = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Int8.self), count: count).map { Float($0) }
        default: throw ScreenRecognitionError(.runtime, "output '\(key)' of \(name) has element type \(type), which screenrec does not read")
        }
        return Tensor(shape: shape, values: floats)
    }
}

/// Calls `body` with a C array of NUL-terminated copies of `strings`, valid for the call.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws -> R) rethrows -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer<CChar>($0) }
    return try pointers.withUnsafeBufferPointer { try body($0.baseAddress ?? UnsafePointer(bitPattern: 1)!) }
}
