import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionKit
import ScreenRecognitionImageIO
import ScreenRecognitionServer

/// `screenrec serve`: the HTTP server and web explorer. A thin shell: it loads the models once
/// (as `analyze` does) and hands them to ``buildApplication(configuration:engines:)``.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the analysis over HTTP, with a web explorer at /.",
        discussion: """
        Endpoints: GET / (the explorer), GET /healthz, POST /v1/analyze (body: PNG/JPEG bytes; query: \
        format=json|transcript, hints=true|false, ocr=true|false), POST /v1/ocr (body: PNG/JPEG bytes), \
        POST /v1/audit (multipart/form-data: image, hierarchy; query: format=json|sarif, \
        hierarchy=auto|xcuitest|uiautomator|analysis, scale=X, ocr=true|false). Errors are \
        JSON: {"error": {"status", "code", "message"}}; over --max-concurrent requests the answer is 503 \
        with Retry-After. Stop with Ctrl-C (SIGINT) or SIGTERM.
        """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port (0: any free port).")
    var port = 8080

    @Option(help: ArgumentHelp("Requests analysed at once; more are answered 503 with Retry-After.", valueName: "n"))
    var maxConcurrent = ServerConfiguration().maxConcurrentRequests

    @Option(help: ArgumentHelp("Largest request body in bytes (413 above).", valueName: "bytes"))
    var maxBodyBytes = ServerConfiguration().maxBodyBytes

    @Option(help: ArgumentHelp("Largest image in pixels (422 above).", valueName: "pixels"))
    var maxPixels = ServerConfiguration().maxPixels

    @Option(help: ArgumentHelp("Seconds allowed per request (504 or 408 after).", valueName: "seconds"))
    var timeout: Double = 30

    @Option(help: "An AnalysisConfiguration JSON file (any key left out keeps its default).")
    var config: String?

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...1024).contains(maxConcurrent) else { throw ValidationError("--max-concurrent must be between 1 and 1024") }
        guard maxBodyBytes >= 1 else { throw ValidationError("--max-body-bytes must be positive") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be positive") }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() throws {
        try CLIErrors.run {
            // The same analyzer as `analyze IMAGE` (ScreenAnalyzer.standard): detector, OCR and
            // content models, loaded once.
            let analyzer = try modelOptions.makeAnalyzer(config: config, useModels: true)
            var names = ["ocr": modelOptions.ocrEngine().rawValue]
            names["detector"] = analyzer.detector == nil ? "none" : "onnx"
            names["content"] = analyzer.contentRecognizer == nil ? "none" : "onnx"
            let engines = ServerEngines(decoder: SystemImageDecoder(), analysis: analyzer.configuration, detector: analyzer.detector,
                                        textRecognizer: analyzer.textRecognizer, contentRecognizer: analyzer.contentRecognizer, names: names)
            var cfg = ServerConfiguration()
            cfg.host = host
            cfg.port = port
            cfg.maxConcurrentRequests = maxConcurrent
            cfg.maxBodyBytes = maxBodyBytes
            cfg.maxPixels = maxPixels
            cfg.requestTimeout = .milliseconds(Int64(timeout * 1000))
            let app = buildApplication(configuration: cfg, engines: engines)
            // The command is synchronous (the root command re-executes itself before `main`), so the
            // server runs in a task and this thread waits for it to stop.
            let done = DispatchSemaphore(value: 0)
            let failure = ServeFailure()
            Task {
                do { try await app.runService() } catch { failure.message = "\(error)" }
                done.signal()
            }
            done.wait()
            if let message = failure.message {
                throw ScreenRecognitionError(.io, "the server stopped: \(message)")
            }
        }
    }
}

private final class ServeFailure: @unchecked Sendable { var message: String? }
