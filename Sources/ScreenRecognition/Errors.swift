/// The one public error type: a category (which the CLI maps to an exit code and the server to a
/// status) and a message a person can act on.
public struct ScreenRecognitionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The caller's input is malformed or meaningless (bad JSON, unknown class, negative size).
        case invalidInput
        /// The bytes are not an image we can decode (not PNG/JPEG, truncated, corrupt).
        case unsupportedImage
        /// The image is larger than the configured limit.
        case imageTooLarge
        /// A file could not be read or written.
        case io
        /// A model or native library is missing or does not match its contract.
        case model
        /// A recogniser or detector failed while running.
        case runtime
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

extension ScreenRecognitionError {
    /// The most characters of the caller's input that one error message quotes: 200 — *design
    /// choice*, enough to recognise a line of a hierarchy or a bounds attribute, short enough that a
    /// hostile 400 KB attribute is not echoed back to the terminal or the HTTP client.
    public static let maxQuotedCharacters = 200

    /// `text` in double quotes, cut to ``maxQuotedCharacters`` with "… (N characters)" when longer.
    public static func quote(_ text: some StringProtocol) -> String {
        let limit = maxQuotedCharacters
        // Count lazily: a 400 KB string is only walked up to the limit plus one.
        if text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map({ $0 == text.endIndex }) ?? true {
            return "\"\(text)\""
        }
        return "\"\(text.prefix(limit))…\" (\(text.count) characters)"
    }
}
