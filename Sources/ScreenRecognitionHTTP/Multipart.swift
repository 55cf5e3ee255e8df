import Foundation

/// One part of a `multipart/form-data` body (RFC 7578).
public struct FormPart: Sendable, Hashable {
    /// The `name` of its `Content-Disposition: form-data` header.
    public var name: String
    public var filename: String?
    /// Its `Content-Type`, when given.
    public var contentType: String?
    public var body: Data
}

/// A strict, bounded `multipart/form-data` reader for the server's upload endpoints (`/v1/audit`).
///
/// The whole body is already in memory (its size capped by the server's `--max-body-bytes`), so the
/// parser works on one buffer and never copies more than the body; it refuses more than `maxParts`
/// parts and part headers longer than `maxHeaderBytes`, and every malformation is a 400
/// ``RequestError`` — it never traps, whatever the bytes.
public struct MultipartFormData: Sendable {
    /// At most 16 parts — *design choice*: the audit form has two (image, hierarchy); a few spare.
    public static let defaultMaxParts = 16
    /// At most 8 KiB of headers per part — *design choice*, far above a browser's two or three lines.
    public static let defaultMaxHeaderBytes = 8 * 1024

    public var parts: [FormPart]

    /// The first part called `name`.
    public func part(named name: String) -> FormPart? { parts.first { $0.name == name } }

    static let bchars = CharacterSet(charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")

    /// The boundary of a `multipart/form-data` Content-Type, or a 415 (another type) / 400 (no usable boundary).
    public static func boundary(fromContentType header: String?) throws(RequestError) -> String {
        guard let header, let type = MediaType(header) else {
            throw RequestError(status: 415, code: "unsupported_media_type", "expected Content-Type multipart/form-data with a boundary")
        }
        guard type.essence == "multipart/form-data" else {
            throw RequestError(status: 415, code: "unsupported_media_type", "Content-Type \(type.essence) is not multipart/form-data")
        }
        // RFC 2046 §5.1.1: 1 to 70 `bchars`, not ending in a space.
        guard let b = type.parameters["boundary"], (1...70).contains(b.utf8.count), !b.hasSuffix(" "),
            b.unicodeScalars.allSatisfy({ bchars.contains($0) })
        else {
            throw RequestError(
                status: 400, code: "invalid_multipart",
                "multipart/form-data needs a boundary parameter of 1 to 70 characters (letters, digits, '()+_,-./:=? and space)")
        }
        return b
    }

    /// Parses `body` split by `boundary`.
    public init(
        body: Data, boundary: String, maxParts: Int = defaultMaxParts,
        maxHeaderBytes: Int = defaultMaxHeaderBytes
    ) throws(RequestError) {
        func fail(_ message: String) -> RequestError { RequestError(status: 400, code: "invalid_multipart", message) }
        let bytes = [UInt8](body)
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = Array("\r\n--\(boundary)".utf8)

        // The first boundary line (a preamble before it is allowed and ignored, RFC 2046 §5.1.1).
        var pos: Int
        if bytes.starts(with: dashBoundary) {
            pos = dashBoundary.count
        } else if let i = Self.find(delimiter, in: bytes, from: 0) {
            pos = i + delimiter.count
        } else {
            throw fail("no multipart boundary \"\(boundary)\" found in the body")
        }

        var parts: [FormPart] = []
        while true {
            // After a boundary: "--" ends the body; otherwise optional whitespace and CRLF.
            if Self.hasPrefix([0x2D, 0x2D], in: bytes, at: pos) { break }
            while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 { pos += 1 }
            guard Self.hasPrefix([0x0D, 0x0A], in: bytes, at: pos) else { throw fail("a multipart boundary line does not end with CRLF") }
            pos += 2
            guard parts.count < maxParts else { throw fail("more than \(maxParts) parts in the form") }

            // Headers up to the blank line.
            let noHeaders = Self.hasPrefix([0x0D, 0x0A], in: bytes, at: pos)
            guard let headerEnd = noHeaders ? pos - 2 : Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes, from: pos, limit: maxHeaderBytes + 4) else {
                throw fail("a part's headers are unterminated or longer than \(maxHeaderBytes) bytes")
            }
            let headerBytes = headerEnd > pos ? Array(bytes[pos..<headerEnd]) : []
            guard let headerText = String(bytes: headerBytes, encoding: .utf8) else { throw fail("a part's headers are not UTF-8") }
            pos = headerEnd + 4

            var name: String?
            var filename: String?
            var contentType: String?
            for line in headerText.components(separatedBy: "\r\n") where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { throw fail("malformed part header \"\(line.prefix(80))\"") }
                let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                switch field {
                case "content-disposition":
                    // Parsed as a media type: `form-data; name="image"; filename="a.png"`.
                    guard let d = MediaType("x/" + value), d.subtype == "form-data" else {
                        throw fail("malformed Content-Disposition \"\(value.prefix(80))\": expected form-data; name=\"…\"")
                    }
                    name = d.parameters["name"]
                    filename = d.parameters["filename"]
                case "content-type":
                    contentType = value
                default:
                    break
                }
            }
            guard let name, !name.isEmpty else { throw fail("a part has no Content-Disposition name") }

            // The body runs to the next delimiter.
            guard let end = Self.find(delimiter, in: bytes, from: pos) else {
                throw fail("the part \"\(name)\" is not closed by a boundary (truncated body?)")
            }
            parts.append(FormPart(name: name, filename: filename, contentType: contentType, body: Data(bytes[pos..<end])))
            pos = end + delimiter.count
        }
        self.parts = parts
    }

    static func hasPrefix(_ needle: [UInt8], in bytes: [UInt8], at pos: Int) -> Bool {
        guard pos >= 0, pos + needle.count <= bytes.count else { return false }
        for i in 0..<needle.count where bytes[pos + i] != needle[i] { return false }
        return true
    }

    /// The first index of `needle` in `bytes` at or after `from`, looking at most `limit` bytes ahead.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, limit: Int = .max) -> Int? {
        guard !needle.isEmpty, from >= 0 else { return nil }
        let last = min(bytes.count - needle.count, limit == .max ? .max : from + limit - needle.count)
        guard from <= last else { return nil }
        let first = needle[0]
        var i = from
        while i <= last {
            if bytes[i] == first, hasPrefix(needle, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }
}
