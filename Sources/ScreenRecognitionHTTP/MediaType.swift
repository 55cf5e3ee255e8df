import Foundation

/// Why a request could not be read: an HTTP status (4xx), a stable machine-readable `code` and a
/// message a person can act on. The server turns it into `{"error": {"status", "code", "message"}}`.
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var code: String
    public var message: String
    /// Seconds for a `Retry-After` header (503 only).
    public var retryAfterSeconds: Int?
    public init(status: Int, code: String, _ message: String, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }
    public var description: String { "\(status) \(code): \(message)" }
}

/// A parsed `Content-Type` value: `type/subtype` in lower case and its parameters (names lower-cased,
/// quoted values unquoted), e.g. `multipart/form-data; boundary="x y"`.
public struct MediaType: Sendable, Hashable {
    public var type: String
    public var subtype: String
    public var parameters: [String: String]

    public var essence: String { "\(type)/\(subtype)" }

    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
    }

    /// Parses a `Content-Type` header value (RFC 9110 §8.3.1); nil when it is not `type/subtype[; name=value]*`.
    public init?(_ header: String) {
        var rest = Substring(header)
        func token(_ s: inout Substring) -> Substring {
            let end = s.firstIndex { !Self.isTokenChar($0) } ?? s.endIndex
            defer { s = s[end...] }
            return s[..<end]
        }
        func skipSpace(_ s: inout Substring) { s = s.drop { $0 == " " || $0 == "\t" } }
        skipSpace(&rest)
        let type = token(&rest)
        guard !type.isEmpty, rest.first == "/" else { return nil }
        rest = rest.dropFirst()
        let subtype = token(&rest)
        guard !subtype.isEmpty else { return nil }
        var parameters: [String: String] = [:]
        while true {
            skipSpace(&rest)
            if rest.isEmpty { break }
            guard rest.first == ";" else { return nil }
            rest = rest.dropFirst()
            skipSpace(&rest)
            if rest.isEmpty { break }  // a trailing ";" is tolerated
            let name = token(&rest)
            guard !name.isEmpty, rest.first == "=" else { return nil }
            rest = rest.dropFirst()
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var closed = false
                while let c = rest.first {
                    rest = rest.dropFirst()
                    if c == "\\" {
                        guard let escaped = rest.first else { return nil }
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else if c == "\"" {
                        closed = true
                        break
                    } else {
                        value.append(c)
                    }
                }
                guard closed else { return nil }
            } else {
                value = String(token(&rest))
                guard !value.isEmpty else { return nil }
            }
            parameters[name.lowercased()] = value
        }
        self.init(type: type.lowercased(), subtype: subtype.lowercased(), parameters: parameters)
    }

    /// RFC 9110 §5.6.2 `tchar`.
    static func isTokenChar(_ c: Character) -> Bool {
        guard c.isASCII, let v = c.asciiValue, v > 0x20, v < 0x7F else { return false }
        return !"()<>@,;:\\\"/[]?={}".contains(c)
    }
}

/// The image types the server decodes (what `ImageDecoder` reads: PNG and JPEG). A client that
/// does not know the type may send `application/octet-stream`; the bytes are then sniffed.
public enum ImageMediaTypes {
    public static let accepted: Set<String> = ["image/png", "image/jpeg", "image/jpg", "application/octet-stream"]

    /// Checks a request's `Content-Type`: nil (absent) is accepted as octet-stream; anything else
    /// not in ``accepted`` is a 415.
    public static func check(_ header: String?) throws(RequestError) {
        guard let header else { return }
        guard let type = MediaType(header) else {
            throw RequestError(status: 415, code: "unsupported_media_type", "malformed Content-Type \"\(header.prefix(100))\"")
        }
        guard accepted.contains(type.essence) else {
            throw RequestError(
                status: 415, code: "unsupported_media_type",
                "Content-Type \(type.essence) is not an image this server reads: send image/png, image/jpeg or application/octet-stream")
        }
    }
}
