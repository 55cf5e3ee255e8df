import Foundation
import Hummingbird
import HummingbirdCore
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionHTTP

/// The server: `screenrec serve` is a thin shell over this.
///
/// Endpoints (README "Server"):
/// - `GET /` — the web explorer (``ExplorerPage``).
/// - `GET /healthz` — `{"status": "ok", "engines": {…}, "inFlight", "maxConcurrentRequests"}`.
/// - `POST /v1/analyze` — body: PNG/JPEG bytes; query: ``AnalyzeOptions``; returns the `analyze`
///   JSON (`application/json`) or its transcript (`text/plain`).
/// - `POST /v1/ocr` — body: PNG/JPEG bytes; returns `{"lines": [{"text", "box", "confidence", "words"}]}`.
/// - `POST /v1/audit` — `multipart/form-data` with parts `image` (PNG/JPEG) and `hierarchy` (XCUITest
///   text, uiautomator XML or `analyze` JSON); query: ``AuditOptions``; returns the audit report
///   (JSON, or SARIF with `format=sarif`), as `screenrec audit --format json|sarif` prints it.
///
/// Every error is JSON: `{"error": {"status": 413, "code": "body_too_large", "message": "…"}}`
/// (codes in ``ErrorMiddleware``); 503 also carries `Retry-After`.
///
/// Hummingbird logs at `info` (its start-up line gives the address), or at `$LOG_LEVEL`.
public func buildApplication(configuration: ServerConfiguration, engines: ServerEngines) -> some ApplicationProtocol {
    let router = buildRouter(configuration: configuration, engines: engines)
    let seconds = configuration.idleTimeout.components.seconds
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(seconds))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "screenrec",
                             availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections))
    )
}

/// The routes and middleware of ``buildApplication(configuration:engines:)``, for in-process tests.
public func buildRouter(configuration: ServerConfiguration, engines: ServerEngines) -> Router<BasicRequestContext> {
    let router = Router()
    router.middlewares.add(ErrorMiddleware())
    let service = AnalysisService(configuration: configuration, engines: engines)

    router.get("/") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: ExplorerPage.html)))
    }
    router.get("/healthz") { _, _ in
        try jsonResponse(service.health())
    }
    router.post("/v1/analyze") { request, _ in
        try await service.analyze(request)
    }
    router.post("/v1/ocr") { request, _ in
        try await service.ocr(request)
    }
    router.post("/v1/audit") { request, _ in
        try await service.audit(request)
    }
    // A known path with another method: 405 with `Allow` (Hummingbird alone would answer 404).
    for (path, allowed) in [("/", "GET"), ("/healthz", "GET"), ("/v1/analyze", "POST"), ("/v1/ocr", "POST"), ("/v1/audit", "POST")] {
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] where method.rawValue != allowed {
            router.on(RouterPath(path), method: method) { _, _ -> Response in
                var response = ErrorMiddleware<BasicRequestContext>.response(
                    RequestError(status: 405, code: "method_not_allowed", "\(path) takes \(allowed) requests only"))
                response.headers[.allow] = allowed
                return response
            }
        }
    }
    return router
}

/// The shared engines and limits behind the routes.
struct AnalysisService: Sendable {
    let configuration: ServerConfiguration
    let engines: ServerEngines
    let limiter: ConcurrencyLimiter

    init(configuration: ServerConfiguration, engines: ServerEngines) {
        self.configuration = configuration
        self.engines = engines
        self.limiter = ConcurrencyLimiter(limit: max(1, configuration.maxConcurrentRequests),
                                          retryAfterSeconds: configuration.retryAfterSeconds)
    }

    struct Health: Encodable {
        var status = "ok"
        var engines: [String: String]
        var inFlight: Int
        var maxConcurrentRequests: Int
    }

    func health() -> Health {
        Health(engines: engines.names, inFlight: limiter.current, maxConcurrentRequests: limiter.limit)
    }

    // MARK: endpoints

    func analyze(_ request: Request) async throws -> Response {
        let options = try AnalyzeOptions(query: request.uri.query ?? "")
        try ImageMediaTypes.check(request.headers[.contentType])
        // The body is read (and size- and type-checked) before a slot is taken: a slow uploader
        // holds only its connection, never one of the few analysis slots.
        let body = try await readBody(request, image: true)
        let slot = try limiter.acquire()
        let engines = self.engines, maxPixels = configuration.maxPixels
        let analysis = try await runBlocking(timeout: configuration.requestTimeout, releasing: slot) {
            let pixels = try decodeImage(body, decoder: engines.decoder, maxPixels: maxPixels)
            var cfg = engines.analysis
            cfg.limits.maxPixels = maxPixels
            if options.hints { cfg.announcements.includeHints = true }
            let analyzer = ScreenAnalyzer(configuration: cfg, detector: engines.detector,
                                          textRecognizer: options.ocr ? engines.textRecognizer : nil,
                                          contentRecognizer: engines.contentRecognizer)
            return try analyzer.analyze(image: pixels)
        }
        switch options.format {
        case .json:
            var data = try analysis.jsonData()
            data.append(0x0A)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .transcript:
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: analysis.transcriptText)))
        }
    }

    func ocr(_ request: Request) async throws -> Response {
        if let query = request.uri.query, !query.isEmpty {
            throw RequestError(status: 400, code: "invalid_parameter", "/v1/ocr takes no query parameters")
        }
        try ImageMediaTypes.check(request.headers[.contentType])
        guard let recognizer = engines.textRecognizer else {
            throw RequestError(status: 501, code: "not_configured", "this server runs without OCR (started with --ocr none)")
        }
        let body = try await readBody(request, image: true)
        let slot = try limiter.acquire()
        let decoder = engines.decoder, maxPixels = configuration.maxPixels
        let lines = try await runBlocking(timeout: configuration.requestTimeout, releasing: slot) {
            let pixels = try decodeImage(body, decoder: decoder, maxPixels: maxPixels)
            return try recognizer.recognizeText(in: pixels, region: nil)
        }
        return try jsonResponse(OCRReport(lines: lines))
    }

    func audit(_ request: Request) async throws -> Response {
        let options = try AuditOptions(query: request.uri.query ?? "")
        let boundary = try MultipartFormData.boundary(fromContentType: request.headers[.contentType])
        let body = try await readBody(request, image: false)
        let slot = try limiter.acquire()
        let engines = self.engines, maxPixels = configuration.maxPixels
        let data = try await runBlocking(timeout: configuration.requestTimeout, releasing: slot) {
            let form = try MultipartFormData(body: body, boundary: boundary)
            guard let imagePart = form.part(named: "image") else {
                throw RequestError(status: 400, code: "missing_part", "the form has no \"image\" part (the screenshot)")
            }
            guard let hierarchyPart = form.part(named: "hierarchy") else {
                throw RequestError(status: 400, code: "missing_part", "the form has no \"hierarchy\" part (the app's accessibility hierarchy)")
            }
            if let type = imagePart.contentType { try ImageMediaTypes.check(type) }
            guard !hierarchyPart.body.isEmpty else {
                throw RequestError(status: 400, code: "empty_part", "the \"hierarchy\" part is empty")
            }
            let pixels = try decodeImage(imagePart.body, decoder: engines.decoder, maxPixels: maxPixels)
            return try runAudit(image: pixels, hierarchy: hierarchyPart.body, options: options, engines: engines,
                                imageName: imagePart.filename ?? "image", hierarchyName: hierarchyPart.filename ?? "hierarchy")
        }
        let type = options.format == .sarif ? "application/sarif+json" : "application/json"
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: helpers

    /// The whole body, refusing more than `maxBodyBytes` (413: from `Content-Length` before reading
    /// anything, or as soon as a chunked body passes the limit), an empty one (400), and with
    /// `image`, one whose first bytes are not a PNG or JPEG signature (400, after its first 8 bytes
    /// rather than after 32 MiB of `/dev/zero`). Counting here, instead of NIO's `collect(upTo:)`,
    /// also turns a chunked body over the limit into 413 (it was a 500 `NIOTooManyBytesError`).
    func readBody(_ request: Request, image: Bool) async throws -> Data {
        let limit = configuration.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw RequestError(status: 413, code: "body_too_large", "the body is \(length) bytes; this server accepts at most \(limit)")
        }
        let body = request.body
        let buffer = try await withUploadTimeout(configuration.requestTimeout) {
            var buffer = ByteBuffer()
            var sniffed = !image
            for try await chunk in body {
                guard buffer.readableBytes + chunk.readableBytes <= limit else {
                    throw RequestError(status: 413, code: "body_too_large", "the body is larger than this server's limit of \(limit) bytes")
                }
                var chunk = chunk
                buffer.writeBuffer(&chunk)
                if !sniffed, buffer.readableBytes >= ImageSignature.longest {
                    try ImageSignature.check(buffer.readableBytesView.prefix(ImageSignature.longest))
                    sniffed = true
                }
            }
            if !sniffed, buffer.readableBytes > 0 { try ImageSignature.check(buffer.readableBytesView) }
            return buffer
        }
        guard buffer.readableBytes > 0 else {
            throw RequestError(status: 400, code: "empty_body", "the request body is empty: send the screenshot's PNG or JPEG bytes")
        }
        return Data(buffer.readableBytesView)
    }
}

/// The first bytes of the images the server decodes: PNG's 8-byte signature (PNG spec §5.2) and
/// JPEG's SOI marker followed by the first marker's 0xFF (ITU T.81 §B.1.1.3).
enum ImageSignature {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let longest = 8

    /// Throws 400 `invalid_image` unless `head` (the body's first bytes, or all of a shorter body)
    /// starts like a PNG or a JPEG.
    static func check(_ head: some Collection<UInt8>) throws {
        let bytes = Array(head.prefix(longest))
        func starts(_ signature: [UInt8]) -> Bool {
            bytes.count >= signature.count ? bytes.starts(with: signature) : signature.starts(with: bytes)
        }
        guard starts(png) || starts(jpeg) else {
            let hex = bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
            throw RequestError(status: 400, code: "invalid_image",
                               "the body is not a PNG or JPEG image: it starts with bytes \(hex), not a PNG or JPEG signature")
        }
    }
}

/// Decodes an upload. The decoder refuses an image whose header claims more than `maxPixels`
/// before allocating (422 `image_too_large`), and corrupt or truncated bytes (400 `invalid_image`).
func decodeImage(_ data: Data, decoder: any ImageDecoder, maxPixels: Int) throws -> RGBAImage {
    try decoder.decode(data, maxPixels: maxPixels)
}

/// The one call into the audit engine (issue 6, `ScreenRecognitionAudit`), as `screenrec audit`
/// makes it: the screen is analysed with the server's detector and OCR (the detections kept for
/// the modal-dialog rule), the hierarchy parsed in the screenshot's pixels, the rules run, the
/// report encoded. A malformed hierarchy is a 400 `invalid_hierarchy` naming the line.
func runAudit(image: RGBAImage, hierarchy: Data, options: AuditOptions, engines: ServerEngines,
              imageName: String, hierarchyName: String) throws -> Data {
    let detections = try engines.detector.map { try $0.detect(in: image) }
    let analyzer = ScreenAnalyzer(configuration: engines.analysis, detector: engines.detector,
                                  textRecognizer: options.ocr ? engines.textRecognizer : nil,
                                  contentRecognizer: engines.contentRecognizer)
    let analysis = try analyzer.analyze(image: image, detections: detections)
    let tree: AccessibilityHierarchy
    do {
        tree = try AccessibilityHierarchy.parse(hierarchy, format: HierarchyFormat(rawValue: options.hierarchyFormat) ?? .auto,
                                                imageSize: analysis.image, scale: options.scale)
    } catch let e as ScreenRecognitionError where e.kind == .invalidInput {
        throw RequestError(status: 400, code: "invalid_hierarchy", "\(hierarchyName): \(e.message)")
    }
    let report = Audit.run(analysis: analysis, hierarchy: tree, detections: detections,
                           image: imageName, hierarchyName: hierarchyName)
    var data = try options.format == .sarif ? report.sarifData() : report.jsonData()
    if data.last != 0x0A { data.append(0x0A) }
    return data
}

/// `value` as pretty, key-sorted JSON with a trailing newline.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
}
