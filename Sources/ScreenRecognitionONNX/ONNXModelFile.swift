import Foundation
import ScreenRecognition

/// Reads what screenrec needs straight from an ONNX file's protobuf, without ONNX Runtime: the
/// model's `metadata_props` (PP-OCR stores its recogniser's dictionary there).
///
/// Only the top level of `ModelProto` is walked (field 14, `metadata_props`, is a repeated
/// `StringStringEntryProto { key = 1; value = 2 }`); everything else is skipped by length.
public enum ONNXModelFile {
    /// The `metadata_props` of the ONNX model at `path`.
    /// - Throws: `.model` when the file is missing or not a well-formed protobuf.
    public static func metadata(atPath path: String) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScreenRecognitionError(.model, "model file not found: \(path) (run scripts/setup-models.sh)")
        }
        do {
            return try metadata(of: data)
        } catch let e as ProtobufReader.Malformed {
            throw ScreenRecognitionError(.model, "\(path) is not an ONNX model: \(e.message)")
        }
    }

    /// The `metadata_props` of an ONNX model's bytes.
    public static func metadata(of data: Data) throws -> [String: String] {
        var result: [String: String] = [:]
        try [UInt8](data).withUnsafeBufferPointer { bytes in
            var reader = ProtobufReader(bytes)
            var sawField = false
            while !reader.atEnd {
                let (field, wire) = try reader.tag()
                sawField = true
                if field == 14 && wire == 2 {
                    var entry = ProtobufReader(try reader.lengthDelimited())
                    var key = ""
                    var value = ""
                    while !entry.atEnd {
                        let (f, w) = try entry.tag()
                        switch (f, w) {
                        case (1, 2): key = String(decoding: try entry.lengthDelimited(), as: UTF8.self)
                        case (2, 2): value = String(decoding: try entry.lengthDelimited(), as: UTF8.self)
                        default: try entry.skip(wire: w)
                        }
                    }
                    result[key] = value
                } else {
                    try reader.skip(wire: wire)
                }
            }
            if !sawField { throw ProtobufReader.Malformed(message: "empty file") }
        }
        return result
    }
}

/// A minimal protobuf wire-format reader (varints, fixed 32/64, length-delimited).
struct ProtobufReader {
    struct Malformed: Error { var message: String }
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    init(_ slice: Slice<UnsafeBufferPointer<UInt8>>) { self.bytes = UnsafeBufferPointer(rebasing: slice) }

    var atEnd: Bool { offset >= bytes.count }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw Malformed(message: "truncated varint at byte \(offset)") }
            let b = bytes[offset]
            offset += 1
            guard shift < 64 else { throw Malformed(message: "varint too long at byte \(offset)") }
            value |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func tag() throws -> (field: UInt64, wire: UInt64) {
        let t = try varint()
        let field = t >> 3
        let wire = t & 7
        guard field > 0 else { throw Malformed(message: "field number 0 at byte \(offset)") }
        return (field, wire)
    }

    mutating func lengthDelimited() throws -> Slice<UnsafeBufferPointer<UInt8>> {
        let n = try varint()
        guard n <= UInt64(bytes.count - offset) else { throw Malformed(message: "length \(n) runs past the end at byte \(offset)") }
        let start = offset
        offset += Int(n)
        return bytes[start..<offset]
    }

    mutating func skip(wire: UInt64) throws {
        switch wire {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2: _ = try lengthDelimited()
        case 5: try advance(4)
        default: throw Malformed(message: "unsupported wire type \(wire) at byte \(offset)")
        }
    }

    private mutating func advance(_ n: Int) throws {
        guard bytes.count - offset >= n else { throw Malformed(message: "truncated field at byte \(offset)") }
        offset += n
    }
}
