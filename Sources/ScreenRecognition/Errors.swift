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
