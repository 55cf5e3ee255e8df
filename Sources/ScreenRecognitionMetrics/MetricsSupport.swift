import Foundation
import ScreenRecognition

/// Helpers that turn `DecodingError`s into one-line messages naming where in the document the
/// problem is (`annotations[12].bbox: a box has exactly 4 numbers …`).
enum MetricsJSON {
    /// Decodes `T` from `data`, turning every failure into ``ScreenRecognitionError`` (`.invalidInput`)
    /// whose message starts with `what` (e.g. "COCO data set").
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            let detail = describe(error, data: data)
            throw ScreenRecognitionError(.invalidInput, detail.hasPrefix("[") ? "\(what)\(detail)" : "\(what): \(detail)")
        } catch let error as ScreenRecognitionError {
            throw ScreenRecognitionError(error.kind, "\(what): \(error.message)")
        }
    }

    /// Reads a whole file, mapping failures to ``ScreenRecognitionError/Kind/io``.
    static func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ScreenRecognitionError(.io, "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// `images[3].file_name` style rendering of a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var s = ""
        for key in keys {
            if let i = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(i)" {
                s += "[\(i)]"
            } else {
                s += s.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return s
    }

    /// A one-line description of a decoding error. With `data`, a syntax error gets the parser's
    /// position ("Invalid value around character 14").
    static func describe(_ error: DecodingError, data: Data? = nil) -> String {
        func at(_ keys: [any CodingKey], _ message: String) -> String {
            let p = path(keys)
            return p.isEmpty ? message : "\(p): \(message)"
        }
        switch error {
        case .keyNotFound(let key, let ctx):
            return at(ctx.codingPath, "missing key '\(key.stringValue)'")
        case .typeMismatch(let type, let ctx):
            return at(ctx.codingPath, "expected \(typeName(type))")
        case .valueNotFound(let type, let ctx):
            return at(ctx.codingPath, "expected \(typeName(type)), found null")
        case .dataCorrupted(let ctx):
            var message = ctx.debugDescription
            if let underlying = ctx.underlyingError {
                let detail =
                    (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                    ?? "\(underlying)"
                if !message.contains(detail) { message += " (\(detail))" }
            } else if ctx.codingPath.isEmpty, let data {
                do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
                    if let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { message += " (\(detail))" }
                }
            }
            return at(ctx.codingPath, message)
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            if "\(type)".hasPrefix("Array") { "an array" } else if "\(type)".hasPrefix("Dictionary") { "an object" } else { "\(type)" }
        }
    }
}

enum MetricsMath {
    /// Mean and population standard deviation (nil for an empty list).
    static func meanAndStandardDeviation(_ values: [Double]) -> (mean: Double, standardDeviation: Double)? {
        guard !values.isEmpty else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }
}
