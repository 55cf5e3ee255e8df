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

/// What a model says about one of its input or output tensors.
public struct TensorInfo: Sendable, Hashable {
    public var name: String
    /// Dimensions, -1 for a dynamic one (a symbolic or unset dimension); nil when the value is not a
    /// tensor (a map or sequence, e.g. a tree ensemble's label dictionary).
    public var shape: [Int]?
    /// The element type's name as model.json writes it ("float32", "int64" …), nil for a non-tensor.
    public var dtype: String?

    public init(name: String, shape: [Int]?, dtype: String?) {
        self.name = name
        self.shape = shape
        self.dtype = dtype
    }

    /// ONNX's `TensorProto.DataType` numbers (onnx.proto, the same as ONNX Runtime's
    /// `ONNXTensorElementDataType`) and the numpy-style names model.json uses for them.
    static let dtypeNames: [Int32: String] = [
        1: "float32", 2: "uint8", 3: "int8", 4: "uint16", 5: "int16", 6: "int32", 7: "int64", 8: "string",
        9: "bool", 10: "float16", 11: "float64", 12: "uint32", 13: "uint64", 16: "bfloat16",
    ]
}

/// A loaded ONNX model. `run` may be called from several threads at once (ONNX Runtime sessions
/// are thread-safe for inference).
///
/// `@unchecked Sendable`: it holds an `OrtSession` pointer, which ONNX Runtime allows `Run` on from
/// any number of threads at once; everything else is immutable after `init`, and the pointer is
/// released only in `deinit`.
public final class ONNXSession: @unchecked Sendable {
    let runtime: ONNXRuntime
    let session: OpaquePointer
    /// The model's input and output tensors, in the model's order.
    public let inputs: [TensorInfo]
    public let outputs: [TensorInfo]
    /// The name used in error messages (the model's path).
    public let name: String

    /// The model's input and output tensor names, in the model's order.
    public var inputNames: [String] { inputs.map(\.name) }
    public var outputNames: [String] { outputs.map(\.name) }

    init(runtime: ONNXRuntime, session: OpaquePointer, name: String) throws {
        self.runtime = runtime
        self.session = session
        self.name = name
        let api = runtime.api
        do {
            var allocator: OpaquePointer?
            try runtime.check(api.pointee.GetAllocatorWithDefaultOptions(&allocator), "getting the default allocator")
            func tensors(
                _ what: String, count: (OpaquePointer?, UnsafeMutablePointer<Int>?) -> OpaquePointer?,
                getName: (OpaquePointer?, Int, OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?,
                getType: (OpaquePointer?, Int, UnsafeMutablePointer<OpaquePointer?>?) -> OpaquePointer?
            ) throws -> [TensorInfo] {
                var n = 0
                try runtime.check(count(session, &n), "reading \(name)'s \(what) count")
                return try (0..<n).map { i in
                    var p: UnsafeMutablePointer<CChar>?
                    try runtime.check(getName(session, i, allocator, &p), "reading \(name)'s \(what) names")
                    defer { _ = api.pointee.AllocatorFree(allocator, p) }
                    let tensorName = p.map { String(cString: $0) } ?? ""
                    var typeInfo: OpaquePointer?
                    try runtime.check(getType(session, i, &typeInfo), "reading the type of \(name)'s \(what) '\(tensorName)'")
                    defer { if let typeInfo { api.pointee.ReleaseTypeInfo(typeInfo) } }
                    var tensorInfo: OpaquePointer?  // owned by typeInfo
                    try runtime.check(api.pointee.CastTypeInfoToTensorInfo(typeInfo, &tensorInfo), "reading the type of '\(tensorName)'")
                    guard let tensorInfo else { return TensorInfo(name: tensorName, shape: nil, dtype: nil) }
                    var rank = 0
                    try runtime.check(api.pointee.GetDimensionsCount(tensorInfo, &rank), "reading the rank of '\(tensorName)'")
                    var dims = [Int64](repeating: 0, count: rank)
                    try runtime.check(api.pointee.GetDimensions(tensorInfo, &dims, rank), "reading the shape of '\(tensorName)'")
                    var type: Int32 = 0
                    try runtime.check(api.pointee.GetTensorElementType(tensorInfo, &type), "reading the element type of '\(tensorName)'")
                    return TensorInfo(
                        name: tensorName, shape: dims.map { $0 < 0 ? -1 : Int($0) },
                        dtype: TensorInfo.dtypeNames[type] ?? "type \(type)")
                }
            }
            inputs = try tensors(
                "input", count: { api.pointee.SessionGetInputCount($0, $1) },
                getName: { api.pointee.SessionGetInputName($0, $1, $2, $3) },
                getType: { api.pointee.SessionGetInputTypeInfo($0, $1, $2) })
            outputs = try tensors(
                "output", count: { api.pointee.SessionGetOutputCount($0, $1) },
                getName: { api.pointee.SessionGetOutputName($0, $1, $2, $3) },
                getType: { api.pointee.SessionGetOutputTypeInfo($0, $1, $2) })
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
                try runtime.check(
                    api.pointee.CreateTensorWithDataAsOrtValue(
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
                    api.pointee.Run(
                        session, nil, inNames, inValues.baseAddress, inValues.count,
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
