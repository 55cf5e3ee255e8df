import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionHTTP
import ScreenRecognitionImageIO

/// The server: `screenrec serve` is a thin shell over this.
///
/// Endpoints (README "Server", and `OpenAPIDocument` at `GET /openapi.json`):
/// - `GET /` — the web explorer (``ExplorerPage``).
/// - `GET /healthz` — `{"status": "ok", "engines", "workers", "inFlight", "queueDepth", "queued"}`.
/// - `GET /openapi.json` — the OpenAPI 3.1 description of every route.
/// - `GET /metrics` — Prometheus metrics (`ServerMetrics`).
/// - `POST /v1/analyze` — body: PNG/JPEG bytes, or `multipart/form-data` with an `image` part;
///   query: `AnalyzeOptions`; returns the `analyze` JSON, its transcript or an HTML page.
/// - `POST /v1/ocr` — body: PNG/JPEG bytes; returns `{"lines": [{"text", "box", "confidence", "words"}]}`.
/// - `POST /v1/audit` — body: PNG/JPEG bytes (pixel rules only), or `multipart/form-data` with
///   parts `image` and, optionally, `hierarchy` (XCUITest text, uiautomator XML or `analyze` JSON);
///   query: `AuditOptions`; returns the report as `screenrec audit --format json|sarif|text|html` writes it.
///
/// Analyses wait in a bounded FIFO queue (`AnalysisQueue`) in front of `workers` threads; only a
/// full queue is refused (503 + `Retry-After`). Bodies are read and checked before a request takes
/// its place, so a slow upload never holds a worker. `/`, `/healthz`, `/openapi.json` and `/metrics`
/// never wait behind analyses.
///
/// Every error is JSON: `{"error": {"status": 413, "code": "body_too_large", "message": "…"}}`
/// (codes in `ErrorMiddleware`). Each request is logged as one structured line (swift-log)
/// and counted in `/metrics`.
///
/// Hummingbird logs at `info` (its start-up line gives the address), or at `$LOG_LEVEL`.
public func buildApplication(configuration: ServerConfiguration, engines: ServerEngines) -> some ApplicationProtocol {
    let router = buildRouter(configuration: configuration, engines: engines)
    let seconds = configuration.idleTimeout.components.seconds
    return Application(
        router: router,
        server: .watchedHTTP1(configuration: .init(idleTimeout: .seconds(seconds))),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "screenrec",
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections))
    )
}

/// The routes and methods the server answers (the 405 handlers and ``OpenAPIDocument`` follow it).
let serverRoutes: [(path: String, method: HTTPRequest.Method)] = [
    ("/", .get), ("/healthz", .get), ("/openapi.json", .get), ("/metrics", .get),
    ("/v1/analyze", .post), ("/v1/ocr", .post), ("/v1/audit", .post),
]

/// The routes and middleware of ``buildApplication(configuration:engines:)``, for in-process tests.
public func buildRouter(configuration: ServerConfiguration, engines: ServerEngines) -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self)
    let service = AnalysisService(configuration: configuration, engines: engines)
    router.middlewares.add(AccessLogMiddleware(metrics: service.metrics))
    if let origin = configuration.corsOrigin {
        router.middlewares.add(
            CORSMiddleware(
                allowOrigin: .custom(origin), allowHeaders: [.accept, .contentType, .origin],
                allowMethods: [.get, .post, .options], exposedHeaders: ["Retry-After"]))
    }
    router.middlewares.add(ErrorMiddleware())
    router.get("/") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: ExplorerPage.html)))
    }
    router.get("/healthz") { _, _ in
        try jsonResponse(service.health())
    }
    router.get("/openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
    }
    router.get("/metrics") { _, _ in
        // Prometheus' text exposition format, version 0.0.4.
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: service.metrics.exposition())))
    }
    router.post("/v1/analyze") { request, context in
        try await service.analyze(request, context: context)
    }
    router.post("/v1/ocr") { request, context in
        try await service.ocr(request, context: context)
    }
    router.post("/v1/audit") { request, context in
        try await service.audit(request, context: context)
    }
    // A known path with another method: 405 with `Allow` (Hummingbird alone would answer 404).
    for path in Set(serverRoutes.map(\.path)) {
        let allowed = serverRoutes.filter { $0.path == path }.map(\.method.rawValue).joined(separator: ", ")
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] where !serverRoutes.contains(where: { $0.path == path && $0.method == method }) {
            router.on(RouterPath(path), method: method) { _, _ -> Response in
                var response = ErrorMiddleware<ServerRequestContext>.response(
                    RequestError(status: 405, code: "method_not_allowed", "\(path) takes \(allowed) requests only"))
                response.headers[.allow] = allowed
                return response
            }
        }
    }
    return router
}

/// The shared analyzer, queue and metrics behind the routes.
struct AnalysisService: Sendable {
    let configuration: ServerConfiguration
    let engines: ServerEngines
    let queue: AnalysisQueue
    let metrics = ServerMetrics()

    init(configuration: ServerConfiguration, engines: ServerEngines) {
        self.configuration = configuration
        self.engines = engines
        self.queue = AnalysisQueue(
            workers: configuration.workers, depth: configuration.queueDepth,
            retryAfterSeconds: configuration.retryAfterSeconds)
        let metrics = self.metrics
        queue.onChange = { waiting, running in metrics.queue(waiting: waiting, running: running) }
    }

    struct Health: Encodable {
        var status = "ok"
        var engines: [String: String]
        var workers: Int
        var inFlight: Int
        var queueDepth: Int
        var queued: Int
    }

    func health() -> Health {
        let (waiting, running) = queue.counts
        return Health(engines: engines.names, workers: queue.workers, inFlight: running, queueDepth: queue.depth, queued: waiting)
    }

    // MARK: endpoints

    func analyze(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let options = try AnalyzeOptions(query: request.uri.query ?? "")
        let upload = try await readUpload(request, parts: ["image"])
        let engines = self.engines
        let maxPixels = configuration.maxPixels
        let (analysis, overlay) = try await enqueue(context) { job in
            let pixels = try decodeImage(upload.image, decoder: engines.decoder, maxPixels: maxPixels)
            // A copy of the one analyzer with this request's settings: it shares the loaded models.
            var analyzer = engines.analyzer
            analyzer.configuration.limits.maxPixels = maxPixels
            if options.hints { analyzer.configuration.announcements.includeHints = true }
            if !options.ocr { analyzer.textRecognizer = nil }
            let analysis = try analyzer.analyze(image: pixels, detections: nil, shouldStop: { job.isCancelled })
            let overlay = options.format == .html ? try encodePNG(Overlay.annotate(pixels, analysis: analysis), favorSpeed: true) : nil
            return (analysis, overlay)
        }
        switch options.format {
        case .json:
            var data = try analysis.jsonData()
            data.append(0x0A)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .transcript:
            return Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: analysis.transcriptText)))
        case .html:
            return htmlResponse(analysis.html(overlayPNG: overlay, title: upload.imageName))
        }
    }

    func ocr(_ request: Request, context: ServerRequestContext) async throws -> Response {
        if let query = request.uri.query, !query.isEmpty {
            throw RequestError(status: 400, code: "invalid_parameter", "/v1/ocr takes no query parameters")
        }
        try ImageMediaTypes.check(request.headers[.contentType])
        guard let recognizer = engines.textRecognizer else {
            throw RequestError(status: 501, code: "not_configured", "this server runs without OCR (started with --ocr none)")
        }
        let body = try await readBody(request, image: true)
        let decoder = engines.decoder
        let maxPixels = configuration.maxPixels
        let lines = try await enqueue(context) { job in
            let pixels = try decodeImage(body, decoder: decoder, maxPixels: maxPixels)
            if job.isCancelled { throw CancellationError() }
            // Repaired as the pipeline repairs its OCR lines first (`screenrec ocr`'s default).
            return TextRepair.repair(try recognizer.recognizeText(in: pixels, region: nil))
        }
        return try jsonResponse(OCRReport(lines: lines))
    }

    func audit(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let options = try AuditOptions(query: request.uri.query ?? "")
        let upload = try await readUpload(request, parts: ["image", "hierarchy"])
        let engines = self.engines
        let maxPixels = configuration.maxPixels
        let (report, pixels) = try await enqueue(context) { job in
            let pixels = try decodeImage(upload.image, decoder: engines.decoder, maxPixels: maxPixels)
            let report = try runAudit(
                image: pixels, upload: upload, options: options, engines: engines,
                shouldStop: { job.isCancelled })
            return (report, options.format == .html ? pixels : nil)
        }
        switch options.format {
        case .json, .sarif:
            var data = try options.format == .sarif ? report.sarifData() : report.jsonData()
            if data.last != 0x0A { data.append(0x0A) }
            let type = options.format == .sarif ? "application/sarif+json" : "application/json"
            return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .transcript:
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: report.text)))
        case .html:
            let png = try pixels.map { try encodePNG(Overlay.findings($0, report: report), favorSpeed: true) }
            return htmlResponse(report.html(overlayPNG: png))
        }
    }

    // MARK: helpers

    /// Runs `work` through the queue under the request's deadline, cancelled if the client leaves.
    func enqueue<T: Sendable>(_ context: ServerRequestContext, _ work: @escaping @Sendable (AnalysisQueue.Job) throws -> T) async throws -> T {
        let watch = context.connectionWatch()
        do {
            return try await queue.run(deadline: configuration.requestTimeout, cancelWhen: watch, work)
        } catch let e as RequestError {
            if e.status == 503 { metrics.rejected("queue_full") }
            if e.status == 504 { metrics.cancelled("deadline") }
            throw e
        } catch let e as CancellationError {
            metrics.cancelled("client_gone")
            throw e
        }
    }

    /// An upload to `/v1/analyze` or `/v1/audit`: the image, and for audit the hierarchy, from a
    /// raw image body or a `multipart/form-data` form whose parts are named in `parts` (others are
    /// a 400, so a misspelt name is not silently ignored). Read and checked before queueing.
    struct Upload: Sendable {
        var image: Data
        var imageName: String
        var hierarchy: Data?
        var hierarchyName: String?
    }

    func readUpload(_ request: Request, parts allowed: [String]) async throws -> Upload {
        let type = request.headers[.contentType].flatMap { MediaType($0) }
        guard type?.essence == "multipart/form-data" else {
            try ImageMediaTypes.check(request.headers[.contentType])
            return Upload(image: try await readBody(request, image: true), imageName: "image")
        }
        let boundary = try MultipartFormData.boundary(fromContentType: request.headers[.contentType])
        let body = try await readBody(request, image: false)
        let form = try MultipartFormData(body: body, boundary: boundary)
        let names = form.parts.map { "\"\($0.name.prefix(40))\"" }.joined(separator: ", ")
        guard let imagePart = form.part(named: "image") else {
            throw RequestError(
                status: 400, code: "missing_part",
                "the form has no \"image\" part (the screenshot)\(names.isEmpty ? "" : "; its parts are \(names)")")
        }
        if let other = form.parts.first(where: { !allowed.contains($0.name) }) {
            throw RequestError(
                status: 400, code: "invalid_multipart",
                "unknown form part \"\(other.name.prefix(40))\" (this endpoint takes \(allowed.map { "\"\($0)\"" }.joined(separator: " and ")))")
        }
        if let type = imagePart.contentType { try ImageMediaTypes.check(type) }
        guard !imagePart.body.isEmpty else { throw RequestError(status: 400, code: "empty_part", "the \"image\" part is empty") }
        try ImageSignature.check(imagePart.body.prefix(ImageSignature.longest))
        var upload = Upload(image: imagePart.body, imageName: imagePart.filename ?? "image")
        if let hierarchyPart = form.part(named: "hierarchy") {
            guard !hierarchyPart.body.isEmpty else {
                throw RequestError(status: 400, code: "empty_part", "the \"hierarchy\" part is empty")
            }
            upload.hierarchy = hierarchyPart.body
            upload.hierarchyName = hierarchyPart.filename ?? "hierarchy"
        }
        return upload
    }

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
        let buffer = try await withUploadTimeout(configuration.bodyTimeout) {
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
            throw RequestError(
                status: 400, code: "invalid_image",
                "the body is not a PNG or JPEG image: it starts with bytes \(hex), not a PNG or JPEG signature")
        }
    }
}

/// Decodes an upload. The decoder refuses an image whose header claims more than `maxPixels`
/// before allocating (422 `image_too_large`), and corrupt or truncated bytes (400 `invalid_image`).
func decodeImage(_ data: Data, decoder: any ImageDecoder, maxPixels: Int) throws -> RGBAImage {
    try decoder.decode(data, maxPixels: maxPixels)
}

/// The one call into the audit engine (`ScreenRecognitionAudit`), as `screenrec audit` makes it:
/// the screen is analysed once with the server's analyzer (its detections, kept in the analysis's
/// trace, drive the modal-dialog rule), the hierarchy (when the form has one) parsed in the
/// screenshot's pixels, the pixel rules and tree rules run. A malformed hierarchy is a 400
/// `invalid_hierarchy` naming the line.
func runAudit(
    image: RGBAImage, upload: AnalysisService.Upload, options: AuditOptions, engines: ServerEngines,
    shouldStop: @escaping @Sendable () -> Bool
) throws -> AuditReport {
    var analyzer = engines.analyzer
    if !options.ocr { analyzer.textRecognizer = nil }
    let analysis = try analyzer.analyze(image: image, detections: nil, shouldStop: shouldStop)
    let detections = analyzer.detector == nil ? nil : analysis.trace.detections
    var tree: AccessibilityHierarchy?
    if let hierarchy = upload.hierarchy {
        let name = upload.hierarchyName ?? "hierarchy"
        do {
            tree = try AccessibilityHierarchy.parse(
                hierarchy, format: HierarchyFormat(rawValue: options.hierarchyFormat) ?? .auto,
                imageSize: analysis.image, scale: options.scale)
        } catch let e as ScreenRecognitionError where e.kind == .invalidInput {
            throw RequestError(status: 400, code: "invalid_hierarchy", "\(name): \(e.message)")
        }
    }
    // As `screenrec audit`: without a tree, `scale` is pixels per point for the pixel rules.
    let screen = tree == nil ? options.scale.map { ScreenScale(pixelsPerPoint: $0, platform: .ios, source: .option) } : nil
    return Audit.run(
        image: image, analysis: analysis, hierarchy: tree, detections: detections,
        image: upload.imageName, hierarchyName: upload.hierarchyName, scale: screen)
}

/// `value` as pretty, key-sorted JSON with a trailing newline.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
}

/// A self-contained HTML page (the reports inline their pictures and styles).
func htmlResponse(_ html: String) -> Response {
    Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
}

/// One structured access-log line per request (swift-log, through the request's logger, so at
/// Hummingbird's level, `$LOG_LEVEL`, and with its `hb.request.id`)
/// and the request counters and latency histogram of ``ServerMetrics``.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ErrorMiddleware answers every error; this is only for errors raised outside it.
            log(request, context: context, status: 500, start: start)
            throw error
        }
        log(request, context: context, status: response.status.code, start: start)
        return response
    }

    func log(_ request: Request, context: Context, status: Int, start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        // The matched route, not the raw path, so that junk paths do not create metric series
        // (Hummingbird names an unmatched one "NotFound").
        let route = context.endpointPath ?? "NotFound"
        metrics.request(route: route, status: status, duration: duration)
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(String(request.uri.path.prefix(200))),
                "route": .string(route),
                "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.1f", ms)),
            ])
    }
}
