import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionKit
import ScreenRecognitionServer

/// `screenrec serve`: the HTTP server and web explorer. A thin shell: it loads the models once
/// (as `analyze` does), hands them to ``buildApplication(configuration:engines:)`` and awaits the
/// server until SIGINT or SIGTERM (Hummingbird's service group shuts it down gracefully).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the analysis over HTTP, with a web explorer at /.",
        discussion: """
            Endpoints: GET / (the explorer), GET /healthz, GET /openapi.json (OpenAPI 3.1 of every route), \
            GET /metrics (Prometheus), POST /v1/analyze (body: PNG/JPEG bytes, or multipart/form-data with \
            an image part; query: format=json|transcript|html, hints=true|false, ocr=true|false), POST \
            /v1/ocr (body: PNG/JPEG bytes), POST /v1/audit (body: PNG/JPEG bytes, or multipart/form-data: \
            image and optionally hierarchy; query: format=json|sarif|transcript|html, \
            hierarchy=auto|xcuitest|uiautomator|analysis, scale=X, ocr=true|false). Errors are JSON: \
            {"error": {"status", "code", "message"}}. Analyses wait in a FIFO queue of --queue-depth in \
            front of --workers workers; a full queue answers 503 with Retry-After; past --timeout \
            (queueing plus analysis) 504, and the analysis stops. Stop with Ctrl-C (SIGINT) or SIGTERM.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port (0: any free port).")
    var port = 8080

    @Option(help: ArgumentHelp("Analyses run at once (default: the machine's cores).", valueName: "n"))
    var workers = ServerConfiguration().workers

    @Option(help: ArgumentHelp("Requests that may wait for a worker; one more is answered 503 with Retry-After.", valueName: "n"))
    var queueDepth = ServerConfiguration().queueDepth

    @Option(help: ArgumentHelp("Largest request body in bytes (413 above).", valueName: "bytes"))
    var maxBodyBytes = ServerConfiguration().maxBodyBytes

    @Option(help: ArgumentHelp("Largest image in pixels (422 above).", valueName: "pixels"))
    var maxPixels = ServerConfiguration().maxPixels

    @Option(
        help: ArgumentHelp("Seconds a request may take from taking its queue position to its answer (504 after; the analysis stops).", valueName: "seconds"))
    var timeout: Double = Double(ServerConfiguration().requestTimeout.components.seconds)

    @Option(help: ArgumentHelp("Seconds a request's body may take to arrive (408 after).", valueName: "seconds"))
    var bodyTimeout: Double = Double(ServerConfiguration().bodyTimeout.components.seconds)

    @Option(help: ArgumentHelp("Seconds before an idle connection, or one whose request headers have not all arrived, is closed.", valueName: "seconds"))
    var idleTimeout: Int = Int(ServerConfiguration().idleTimeout.components.seconds)

    @Option(help: ArgumentHelp("Open connections at most (more wait to be accepted).", valueName: "n"))
    var maxConnections = ServerConfiguration().maxConnections

    @Option(help: ArgumentHelp("Allow browsers on this origin to call the API (CORS; default: off).", valueName: "origin"))
    var corsOrigin: String?

    @OptionGroup var configuration: ConfigOptions

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...1024).contains(workers) else { throw ValidationError("--workers must be between 1 and 1024") }
        guard (0...100_000).contains(queueDepth) else { throw ValidationError("--queue-depth must be between 0 and 100000") }
        guard bodyTimeout > 0, bodyTimeout <= 3600 else { throw ValidationError("--body-timeout must be between 0 and 3600 seconds") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be between 1 and 3600 seconds") }
        guard (1...100_000).contains(maxConnections) else { throw ValidationError("--max-connections must be between 1 and 100000") }
        if let corsOrigin, corsOrigin.isEmpty || corsOrigin.contains(where: { $0.isNewline || $0 == " " }) {
            throw ValidationError("--cors-origin must be an origin such as https://example.com, or *")
        }
        guard maxBodyBytes >= 1 else { throw ValidationError("--max-body-bytes must be positive") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be positive") }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    mutating func run() async throws {
        try await CLIErrors.run {
            // One analyzer for the whole server, made by the same factory as `analyze IMAGE` (the
            // detector, Tesseract and the content models, with the same defaults), loaded once
            // here and shared by every worker.
            let analyzer = try modelOptions.makeAnalyzer(config: configuration.config, useModels: true)
            var names = ["ocr": analyzer.textRecognizer == nil ? OCREngine.none.rawValue : modelOptions.ocrEngine().rawValue]
            names["detector"] = analyzer.detector == nil ? "none" : "onnx"
            names["content"] = analyzer.contentRecognizer == nil ? "none" : "onnx"
            let engines = ServerEngines(decoder: SystemImageDecoder(), analyzer: analyzer, names: names)
            var cfg = ServerConfiguration()
            cfg.host = host
            cfg.port = port
            cfg.workers = workers
            cfg.queueDepth = queueDepth
            cfg.maxBodyBytes = maxBodyBytes
            cfg.maxPixels = maxPixels
            cfg.requestTimeout = .milliseconds(Int64(timeout * 1000))
            cfg.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
            cfg.idleTimeout = .seconds(idleTimeout)
            cfg.maxConnections = maxConnections
            cfg.corsOrigin = corsOrigin
            let app = buildApplication(configuration: cfg, engines: engines)
            // Returns after a graceful shutdown (SIGINT, SIGTERM); a server that cannot start (the
            // port is taken) or fails is exit 66, as before.
            do {
                try await app.runService()
            } catch {
                throw ScreenRecognitionError(.io, "the server stopped: \(error)")
            }
        }
    }
}
