import Foundation

/// Writes small ONNX models in the tests, byte by byte (protobuf wire format), so the binding is
/// checked against models whose every weight is known — no Python or model files needed.
struct ProtoWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
    mutating func tag(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
    mutating func int(_ field: Int, _ value: Int64) {
        tag(field, 0)
        varint(UInt64(bitPattern: value))
    }
    mutating func raw(_ field: Int, _ data: [UInt8]) {
        tag(field, 2)
        varint(UInt64(data.count))
        bytes += data
    }
    mutating func string(_ field: Int, _ s: String) { raw(field, Array(s.utf8)) }
    mutating func message(_ field: Int, _ m: ProtoWriter) { raw(field, m.bytes) }
}

enum ONNXBuilder {
    /// A float tensor initialiser (TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9).
    static func tensor(_ name: String, dims: [Int], values: [Float]) -> ProtoWriter {
        var t = ProtoWriter()
        for d in dims { t.int(1, Int64(d)) }
        t.int(2, 1)  // FLOAT
        t.string(8, name)
        var raw: [UInt8] = []
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { raw += $0 } }
        t.raw(9, raw)
        return t
    }

    /// A tensor's name, element type and shape (nil = a dynamic dimension).
    static func valueInfo(_ name: String, elementType: Int64 = 1, dims: [Int?]) -> ProtoWriter {
        var shape = ProtoWriter()
        for d in dims {
            var dim = ProtoWriter()
            if let d { dim.int(1, Int64(d)) } else { dim.string(2, "N") }
            shape.message(1, dim)
        }
        var tensorType = ProtoWriter()
        tensorType.int(1, elementType)
        tensorType.message(2, shape)
        var type = ProtoWriter()
        type.message(1, tensorType)
        var info = ProtoWriter()
        info.string(1, name)
        info.message(2, type)
        return info
    }

    static func node(_ op: String, _ inputs: [String], _ outputs: [String], intAttributes: [String: Int64] = [:]) -> ProtoWriter {
        var n = ProtoWriter()
        for i in inputs { n.string(1, i) }
        for o in outputs { n.string(2, o) }
        n.string(3, outputs.first ?? op)
        n.string(4, op)
        for (key, value) in intAttributes.sorted(by: { $0.key < $1.key }) {
            var a = ProtoWriter()
            a.string(1, key)
            a.int(3, value)
            a.int(20, 2)  // AttributeType INT
            n.message(5, a)
        }
        return n
    }

    static func model(
        nodes: [ProtoWriter], initializers: [ProtoWriter], inputs: [ProtoWriter], outputs: [ProtoWriter],
        metadata: [String: String] = [:], opset: Int64 = 13
    ) -> Data {
        var g = ProtoWriter()
        for n in nodes { g.message(1, n) }
        g.string(2, "test-graph")
        for i in initializers { g.message(5, i) }
        for i in inputs { g.message(11, i) }
        for o in outputs { g.message(12, o) }
        var m = ProtoWriter()
        m.int(1, 8)  // IR version 8
        m.string(2, "screenrec-tests")
        m.message(7, g)
        var op = ProtoWriter()
        op.string(1, "")
        op.int(2, opset)
        m.message(8, op)
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            var e = ProtoWriter()
            e.string(1, key)
            e.string(2, value)
            m.message(14, e)
        }
        return Data(m.bytes)
    }

    /// y = relu(x · W + b) for x of shape [N, 3], W [3, 2], b [2]; also `score` = sigmoid(x) and
    /// `best` = argmax(x, axis 1) as int64.
    static let weights: [Float] = [1, -1, 2, 0.5, -3, 1]
    static let bias: [Float] = [0.5, -0.25]

    static func denseModel(metadata: [String: String] = [:]) -> Data {
        model(
            nodes: [
                node("MatMul", ["x", "W"], ["xw"]),
                node("Add", ["xw", "b"], ["pre"]),
                node("Relu", ["pre"], ["y"]),
                node("Sigmoid", ["x"], ["score"]),
                node("ArgMax", ["x"], ["best"], intAttributes: ["axis": 1, "keepdims": 0]),
            ],
            initializers: [tensor("W", dims: [3, 2], values: weights), tensor("b", dims: [2], values: bias)],
            inputs: [valueInfo("x", dims: [nil, 3])],
            outputs: [valueInfo("y", dims: [nil, 2]), valueInfo("score", dims: [nil, 3]), valueInfo("best", elementType: 7, dims: [nil])],
            metadata: metadata)
    }

    /// What `denseModel` computes, in plain Swift.
    static func expected(_ x: [Float]) -> (y: [Float], score: [Float], best: [Float]) {
        var y: [Float] = []
        var score: [Float] = []
        var best: [Float] = []
        for r in 0..<(x.count / 3) {
            let row = Array(x[r * 3..<r * 3 + 3])
            for c in 0..<2 {
                var s = bias[c]
                for k in 0..<3 { s += row[k] * weights[k * 2 + c] }
                y.append(max(0, s))
            }
            score += row.map { 1 / (1 + exp(-$0)) }
            best.append(Float(row.indices.max { row[$0] < row[$1] }!))
        }
        return (y, score, best)
    }
}
