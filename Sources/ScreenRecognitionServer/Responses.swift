import Foundation
import Hummingbird
import ScreenRecognition
import ScreenRecognitionHTTP

/// Turns every error into the server's JSON error body, `{"error": {"status", "code", "message"}}`:
///
/// | status | code                     | when                                                            |
/// |--------|--------------------------|-----------------------------------------------------------------|
/// | 400    | `invalid_parameter`      | an unknown or malformed query parameter                          |
/// | 400    | `empty_body`             | no bytes                                                        |
/// | 400    | `invalid_image`          | not PNG/JPEG, truncated or corrupt                              |
/// | 400    | `invalid_multipart`      | a malformed `multipart/form-data` body                          |
/// | 400    | `missing_part` / `empty_part` | a form without an `image` part, or an empty part        |
/// | 400    | `invalid_hierarchy`      | a hierarchy the audit's parsers refuse (the message names the line) |
/// | 400    | `invalid_input`          | other input the pipeline refuses                                |
/// | 404    | `not_found`              | no such route                                                   |
/// | 405    | `method_not_allowed`     | a known route with another method                               |
/// | 408    | `request_timeout`        | the body did not arrive within `--body-timeout`                 |
/// | 413    | `body_too_large`         | more than `--max-body-bytes`                                    |
/// | 415    | `unsupported_media_type` | a `Content-Type` that is neither an image nor multipart/form-data |
/// | 422    | `image_too_large`        | an image with more than `--max-pixels` pixels                   |
/// | 500    | `internal`               | a model failed (message says which)                             |
/// | 501    | `not_configured`         | `/v1/ocr` on a server started with `--ocr none`                 |
/// | 499    | `client_closed`          | the client left before its answer (logged and counted only: nobody reads it) |
/// | 503    | `overloaded`             | `--queue-depth` requests already wait for a worker (`Retry-After`) |
/// | 504    | `timeout`                | queueing plus analysis ran past `--timeout` (the analysis is stopped) |
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let e as RequestError {
            return Self.response(e)
        } catch let e as ScreenRecognitionError {
            return Self.response(Self.requestError(e))
        } catch let e as HTTPError {
            let code: String
            switch e.status.code {
            case 404: code = "not_found"
            case 405: code = "method_not_allowed"
            case 413: code = "body_too_large"
            case 400..<500: code = "bad_request"
            default: code = "internal"
            }
            return Self.response(RequestError(status: e.status.code, code: code, e.body ?? e.status.reasonPhrase))
        } catch is CancellationError {
            // The client left (or the connection is being torn down): nginx's 499 "client closed request".
            return Self.response(RequestError(status: 499, code: "client_closed", "the client closed the connection before the answer"))
        } catch {
            context.logger.error("unexpected error: \(error)")
            return Self.response(RequestError(status: 500, code: "internal", "internal error: \(error)"))
        }
    }

    /// A library error as an HTTP error: the caller's fault is 4xx, ours 500.
    static func requestError(_ e: ScreenRecognitionError) -> RequestError {
        switch e.kind {
        case .unsupportedImage: RequestError(status: 400, code: "invalid_image", e.message)
        case .imageTooLarge: RequestError(status: 422, code: "image_too_large", e.message)
        case .invalidInput: RequestError(status: 400, code: "invalid_input", e.message)
        case .io, .model, .runtime: RequestError(status: 500, code: "internal", e.message)
        }
    }

    struct Body: Encodable {
        struct Inner: Encodable {
            var status: Int
            var code: String
            var message: String
        }
        var error: Inner
    }

    static func response(_ e: RequestError) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(Body(error: .init(status: e.status, code: e.code, message: e.message)))) ?? Data()
        data.append(0x0A)
        var headers: HTTPFields = [.contentType: "application/json"]
        if let seconds = e.retryAfterSeconds { headers[.retryAfter] = String(seconds) }
        return Response(status: HTTPResponse.Status(code: e.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
