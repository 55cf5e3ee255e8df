import Foundation
import ScreenRecognition

/// How `screenrec serve` listens and what it accepts. Every limit answers a hostile or careless
/// client with a clear JSON error instead of unbounded memory or work (see ``buildApplication(configuration:engines:)``).
public struct ServerConfiguration: Sendable, Hashable {
    /// The address to bind: 127.0.0.1 by default, so a server is not exposed until asked to be.
    public var host = "127.0.0.1"
    /// The TCP port (0 picks a free one).
    public var port = 8080
    /// Analysis workers: requests analysed at once. Default: the machine's cores — each analysis is
    /// CPU-bound, and on the 2-core machine throughput was flat at 1.2–1.6 analyses/s for 1, 8 or
    /// 50 clients (Benchmarks/server-load/RESULTS.md), so more workers would add memory and
    /// latency, not throughput.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Requests that may wait for a worker, in arrival order; one more is answered 503 with
    /// `Retry-After`. 64 — the queue's required floor: it holds a burst of 50 clients, and at most 64 ×
    /// ``maxBodyBytes`` of bodies wait in memory (in practice 64 × 0.1–0.3 MB screenshots).
    public var queueDepth = 64
    /// Largest request body: 32 MiB — *design choice*: the bundled 1170×2532 screenshots are
    /// 0.1–0.3 MB as PNG, an uncompressed-ish 1290×2796 PNG is about 11 MB; 32 MiB leaves room
    /// while bounding memory to (``workers`` + ``queueDepth``) × 32 MiB of bodies.
    public var maxBodyBytes = 32 * 1024 * 1024
    /// Images with more pixels are refused (422) from their header, before decoding: 16 megapixels
    /// — *design choice*, bounding one request's CPU and memory. It is 2.8× the largest common
    /// device screenshot (a 12.9-inch iPad Pro, 2048×2732 = 5.6 MP; the largest iPhone is
    /// 1290×2796 = 3.6 MP), and a third of the CLI's `Limits/maxPixels` (50 MP), at which one
    /// 49-megapixel JPEG cost 25–31 s and ~580 MB on the 2-core machine. Work and memory
    /// grow with the pixels, so the worst case here is about a third of that: ~10 s and ~200 MB per
    /// request, times ``workers``. Raise it with `--max-pixels`.
    public var maxPixels = 16_000_000
    /// The deadline of one request from the moment it takes its queue position (queueing plus
    /// analysis): 120 s. A full default queue (64 waiting) drains in about 55 s at the 1.2
    /// analyses/s measured on the busy 2-core machine (Benchmarks/server-load/RESULTS.md); twice
    /// that means a request the queue accepted is answered, not timed out, while a runaway analysis
    /// is still bounded. Past it the answer is 504 and the analysis is stopped, freeing its worker.
    public var requestTimeout: Duration = .seconds(120)
    /// Time allowed for a request's body to arrive once its head has: 30 s — *design choice*, a
    /// 32 MiB body at 1 MB/s; slower uploads get 408 and close, so slow uploaders cannot hold
    /// connections for ever (they never hold a worker: bodies are read before queueing).
    public var bodyTimeout: Duration = .seconds(30)
    /// The `Retry-After` seconds sent with 503: 1 — with two workers a queue position frees about
    /// every 0.4–0.8 s (one analysis takes 0.8–1.5 s, Benchmarks/server-load/RESULTS.md).
    public var retryAfterSeconds = 1
    /// Open connections at most: 512 — *design choice*: each costs NIO buffers (a few KiB) and a
    /// file descriptor; beyond it new connections wait in the listen backlog instead of being accepted.
    public var maxConnections = 512
    /// Connections idle this long are closed: 20 s. It is also the header timeout: Hummingbird
    /// counts a connection idle until a request's whole head has arrived, so a client sending its
    /// headers a byte a second is closed after 20 s. 20 s is Apache mod_reqtimeout's default header
    /// timeout (`header=20-40`).
    public var idleTimeout: Duration = .seconds(20)
    /// The origin allowed to call the API from a browser (`Access-Control-Allow-Origin`); nil (the
    /// default) sends no CORS headers, so only the explorer served here can use the API from a page.
    public var corsOrigin: String?

    public init() {}
}

/// The one analyzer every request shares, and the decoder. Built once at start-up (`screenrec
/// serve` makes the analyzer with the CLI's own factory, so the models load once and the server
/// hears what `screenrec analyze` hears); tests inject the replay doubles of ScreenRecognitionTesting.
///
/// Per-request options change only settings of a copy of ``analyzer`` (`hints=true` turns on
/// hints, `ocr=false` leaves the recogniser out): `ScreenAnalyzer` is a value holding references
/// to the loaded models, so a copy shares them and loads nothing.
public struct ServerEngines: Sendable {
    /// Decodes uploaded PNG/JPEG bytes.
    public var decoder: any ImageDecoder
    /// The pipeline: configuration (with the models' thresholds applied) and the loaded models.
    public var analyzer: ScreenAnalyzer
    /// Names reported by `GET /healthz`, e.g. `["detector": "onnx", "ocr": "tesseract"]`.
    public var names: [String: String]

    public var analysis: AnalysisConfiguration { analyzer.configuration }
    public var detector: (any ElementDetector)? { analyzer.detector }
    public var textRecognizer: (any TextRecognizer)? { analyzer.textRecognizer }
    public var contentRecognizer: (any ContentRecognizer)? { analyzer.contentRecognizer }

    public init(decoder: any ImageDecoder, analyzer: ScreenAnalyzer, names: [String: String] = [:]) {
        self.decoder = decoder
        self.analyzer = analyzer
        self.names = names
    }

    public init(
        decoder: any ImageDecoder, analysis: AnalysisConfiguration = .default,
        detector: (any ElementDetector)? = nil, textRecognizer: (any TextRecognizer)? = nil,
        contentRecognizer: (any ContentRecognizer)? = nil, names: [String: String] = [:]
    ) {
        self.init(
            decoder: decoder,
            analyzer: ScreenAnalyzer(
                configuration: analysis, detector: detector, textRecognizer: textRecognizer,
                contentRecognizer: contentRecognizer),
            names: names)
    }
}
