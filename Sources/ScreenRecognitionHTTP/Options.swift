import Foundation

/// The query parameters of `POST /v1/analyze` (and `/v1/audit`):
///
/// | name     | values                 | default | meaning                                                  |
/// |----------|------------------------|---------|----------------------------------------------------------|
/// | `format` | `json`, `transcript`, `html` | `json` | the `analyze` JSON, one announcement per line (text), or a self-contained HTML page (overlay and transcript) |
/// | `hints`  | `true`, `false`        | `false` | speak hints ("Double tap to edit."), as VoiceOver's Hints |
/// | `ocr`    | `true`, `false`        | `true`  | run the server's OCR engine (when it has one)            |
///
/// Unknown names, repeated names and other values are a 400 `invalid_parameter`, so a typo never
/// silently changes nothing.
public struct AnalyzeOptions: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable { case json, transcript, html }
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
        for (name, value) in try QueryParameters.parse(query) {
            switch name {
            case "format": format = try QueryParameters.choice(name, value, of: Format.self)
            case "hints": hints = try QueryParameters.bool(name, value)
            case "ocr": ocr = try QueryParameters.bool(name, value)
            default: throw QueryParameters.unknown(name, known: ["format", "hints", "ocr"])
            }
        }
    }

    /// `+` is a space in a form-encoded query; nil on a bad escape or invalid UTF-8.
    static func decode(_ s: Substring) -> String? {
        s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// The query parameters of `POST /v1/audit`:
///
/// | name        | values                                         | default | meaning                                   |
/// |-------------|------------------------------------------------|---------|-------------------------------------------|
/// | `format`    | `json`, `sarif`, `transcript`, `html`          | `json`  | the audit report as JSON, SARIF 2.1.0, plain text (`screenrec audit`'s text report) or a self-contained HTML page (`--format html`) |
/// | `hierarchy` | `auto`, `xcuitest`, `uiautomator`, `analysis`  | `auto`  | the hierarchy part's format               |
/// | `scale`     | a number in (0, 10]                            | —       | image pixels per hierarchy unit (inferred when absent) |
/// | `ocr`       | `true`, `false`                                | `true`  | run the server's OCR engine               |
///
/// Unknown names, repeated names and other values are a 400 `invalid_parameter`.
public struct AuditOptions: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable { case json, sarif, transcript, html }
    public static let hierarchyFormats = ["auto", "xcuitest", "uiautomator", "analysis", "accessibility-snapshot"]
    public var format: Format = .json
    public var hierarchyFormat = "auto"
    public var scale: Double?
    public var ocr = true

    public init() {}

    public init(query: String) throws(RequestError) {
        self.init()
        for (name, value) in try QueryParameters.parse(query) {
            switch name {
            case "format": format = try QueryParameters.choice(name, value, of: Format.self)
            case "hierarchy":
                guard Self.hierarchyFormats.contains(value) else {
                    throw QueryParameters.bad("hierarchy must be one of \(Self.hierarchyFormats.joined(separator: ", ")), not \"\(value.prefix(40))\"")
                }
                hierarchyFormat = value
            case "scale":
                // (0, 10]: the hierarchy parser's own bounds (AccessibilityHierarchy.parse).
                guard let v = Double(value), v.isFinite, v > 0, v <= 10 else {
                    throw QueryParameters.bad("scale must be a number in (0, 10], not \"\(value.prefix(40))\"")
                }
                scale = v
            case "ocr": ocr = try QueryParameters.bool(name, value)
            default: throw QueryParameters.unknown(name, known: ["format", "hierarchy", "scale", "ocr"])
            }
        }
    }
}

/// Shared query-string parsing: `name=value` pairs, percent-decoded, each name at most once.
enum QueryParameters {
    static func parse(_ query: String) throws(RequestError) -> [(String, String)] {
        // 32 parameters at most — *design choice*: a handful are defined; this bounds the work on junk.
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true)
        guard pairs.count <= 32 else { throw bad("too many query parameters (\(pairs.count))") }
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for pair in pairs {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = AnalyzeOptions.decode(kv[0]), let value = kv.count > 1 ? AnalyzeOptions.decode(kv[1]) : "" else {
                throw bad("malformed percent-encoding in the query")
            }
            guard seen.insert(name).inserted else { throw bad("the parameter \(name) is given twice") }
            result.append((name, value))
        }
        return result
    }

    /// A 400 `invalid_parameter` saying `message`.
    static func bad(_ message: String) -> RequestError { RequestError(status: 400, code: "invalid_parameter", message) }

    /// "unknown query parameter "NAME" (known: …)".
    static func unknown(_ name: String, known: [String]) -> RequestError {
        bad("unknown query parameter \"\(name.prefix(40))\" (known: \(known.joined(separator: ", ")))")
    }

    /// One of an enumeration's raw values: "format must be json, transcript or html, not "X"".
    static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ value: String, of _: T.Type) throws(RequestError) -> T
    where T.RawValue == String {
        if let v = T(rawValue: value) { return v }
        let names = T.allCases.map(\.rawValue)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
        throw bad("\(name) must be \(list), not \"\(value.prefix(40))\"")
    }

    static func bool(_ name: String, _ value: String) throws(RequestError) -> Bool {
        switch value.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw RequestError(status: 400, code: "invalid_parameter", "\(name) must be true or false, not \"\(value.prefix(40))\"")
        }
    }
}
