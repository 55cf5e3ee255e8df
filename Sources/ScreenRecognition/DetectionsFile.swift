import Foundation

/// The detections file (`--detections FILE`):
/// `{"detections": [{"type": <class id>, "box": [x, y, w, h], "confidence": 0.93, "text": "…", "iconLabel": "…"}]}`
/// in pixels of the image. `confidence` defaults to 1.
public struct DetectionsFile: Codable, Sendable, Hashable {
    public var detections: [Detection]

    public init(detections: [Detection]) { self.detections = detections }

    /// Parses and validates a detections file; every problem is one readable line naming where it is.
    public static func decode(_ data: Data, maxDetections: Int = Limits().maxDetections) throws -> [Detection] {
        guard !data.isEmpty else { throw ScreenRecognitionError(.invalidInput, "detections file is empty") }
        do {
            let file = try JSONDecoder().decode(DetectionsFile.self, from: data)
            guard file.detections.count <= maxDetections else {
                throw ScreenRecognitionError(.invalidInput, "detections file holds \(file.detections.count) detections; the limit is \(maxDetections)")
            }
            return file.detections
        } catch let error as DecodingError {
            throw ScreenRecognitionError(.invalidInput, "invalid detections file: " + JSONErrors.describe(error))
        }
    }
}

/// Turns `DecodingError`s into one line: where (`detections[2].box`) and what.
public enum JSONErrors {
    /// The most nested arrays and objects Foundation's JSON reader and writer accept: 512 (its
    /// `JSONParser` and `JSONEncoder` depth limit). Deeper input fails there with only "not valid JSON".
    public static let maxNesting = 512

    /// How deeply `data`'s arrays and objects nest (brackets inside strings not counted), found in
    /// one pass without parsing, so that too-deep JSON gets an error saying so.
    public static func nestingDepth(_ data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for b in data {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Throws `.invalidInput` naming `what` when `data` nests deeper than ``maxNesting``.
    public static func checkNesting(_ data: Data, _ what: String) throws {
        let depth = nestingDepth(data)
        guard depth <= maxNesting else {
            throw ScreenRecognitionError(
                .invalidInput,
                "\(what): arrays and objects are nested \(depth) deep; the JSON reader's limit is \(maxNesting)")
        }
    }

    public static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var s = ""
            for k in keys {
                if let i = k.intValue { s += "[\(i)]" } else { s += s.isEmpty ? k.stringValue : "." + k.stringValue }
            }
            return s.isEmpty ? "top level" : s
        }
        switch error {
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty {
                return "not valid JSON" + (c.underlyingError.map { " (\(($0 as NSError).localizedDescription))" } ?? "")
            }
            return "\(path(c.codingPath)): \(c.debugDescription)"
        case .keyNotFound(let key, let c):
            return "\(path(c.codingPath + [key])): missing"
        case .typeMismatch(let type, let c):
            return "\(path(c.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let c):
            return "\(path(c.codingPath)): expected \(typeName(type)), found null"
        @unknown default:
            return "\(error)"
        }
    }

    static func typeName(_ t: Any.Type) -> String {
        if t is String.Type { return "a string" }
        if t is Double.Type || t is Int.Type || t is Float.Type { return "a number" }
        if t is Bool.Type { return "true or false" }
        let n = String(describing: t)
        if n.hasPrefix("Array") { return "an array" }
        if n.hasPrefix("Dictionary") { return "an object" }
        return n
    }
}

extension ScreenAnalysis {
    /// Stable JSON (sorted keys, two-decimal pixel values).
    public func jsonData(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The transcript as text: one announcement per line.
    public var transcriptText: String { transcript.map { $0 + "\n" }.joined() }
}
