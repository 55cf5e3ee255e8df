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
