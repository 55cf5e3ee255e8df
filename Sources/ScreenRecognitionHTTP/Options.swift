import Foundation

/// The query parameters of `POST /v1/analyze` (and `/v1/audit`):
///
/// | name     | values                 | default | meaning                                                  |
/// |----------|------------------------|---------|----------------------------------------------------------|
/// | `format` | `json`, `transcript`   | `json`  | the `analyze` JSON, or one announcement per line (text)  |
/// | `hints`  | `true`, `false`        | `false` | speak hints ("Double tap to edit."), as VoiceOver's Hints |
/// | `ocr`    | `true`, `false`        | `true`  | run the server's OCR engine (when it has one)            |
///
/// Unknown names, repeated names and other values are a 400 `invalid_parameter`, so a typo never
/// silently changes nothing.
public struct AnalyzeOptions: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable { case json, transcript }
    public var format: Format = .json
    public var hints = false
    public var ocr = true

    public init(format: Format = .json, hints: Bool = false, ocr: Bool = true) {
        self.format = format
        self.hints = hints
        self.ocr = ocr
    }

    /// Parses a raw query string (`format=transcript&hints=true`), percent-encoded or not.
    public init(query: String) throws(RequestError) {
        self.init()
        func bad(_ m: String) -> RequestError { RequestError(status: 400, code: "invalid_parameter", m) }
        var seen: Set<String> = []
        // 32 parameters at most — *design choice*: three are defined; this bounds the work on junk.
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true)
        guard pairs.count <= 32 else { throw bad("too many query parameters (\(pairs.count))") }
        for pair in pairs {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(kv[0]), let value = kv.count > 1 ? Self.decode(kv[1]) : "" else {
                throw bad("malformed percent-encoding in the query")
            }
            guard seen.insert(name).inserted else { throw bad("the parameter \(name) is given twice") }
            func bool() throws(RequestError) -> Bool {
                switch value.lowercased() {
                case "true", "1", "yes": return true
                case "false", "0", "no": return false
                default: throw bad("\(name) must be true or false, not \"\(value.prefix(40))\"")
                }
            }
            switch name {
            case "format":
                guard let f = Format(rawValue: value) else { throw bad("format must be json or transcript, not \"\(value.prefix(40))\"") }
                format = f
            case "hints": hints = try bool()
            case "ocr": ocr = try bool()
            default:
                throw bad("unknown query parameter \"\(name.prefix(40))\" (known: format, hints, ocr)")
            }
        }
    }

    /// `+` is a space in a form-encoded query; nil on a bad escape or invalid UTF-8.
    static func decode(_ s: Substring) -> String? {
        s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
