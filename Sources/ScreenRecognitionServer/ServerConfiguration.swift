import Foundation
import ScreenRecognition

/// How `screenrec serve` listens and what it accepts. Every limit answers a hostile or careless
/// client with a clear JSON error instead of unbounded memory or work (see ``buildApplication(configuration:engines:)``).
public struct ServerConfiguration: Sendable, Hashable {
    /// The address to bind: 127.0.0.1 by default, so a server is not exposed until asked to be.
    public var host = "127.0.0.1"
    /// The TCP port (0 picks a free one).
    public var port = 8080
    /// Requests analysed at once; one more is answered 503 with `Retry-After`, never queued.
    /// Default 2 — the target machine's cores: each analysis is CPU-bound, and on 2 cores the
    /// throughput was 1.2–1.6 analyses/s for 1, 8 or 50 clients (Benchmarks/server-load/RESULTS.md),
    /// so more slots would add memory and latency, not throughput.
    public var maxConcurrentRequests = 2
    /// Largest request body: 32 MiB — *design choice*: the bundled 1170×2532 screenshots are
    /// 0.1–0.3 MB as PNG, an uncompressed-ish 1290×2796 PNG is about 11 MB; 32 MiB leaves room
    /// while bounding memory to `maxConcurrentRequests` × 32 MiB of bodies.
    public var maxBodyBytes = 32 * 1024 * 1024
    /// Images with more pixels are refused (422) from their header, before decoding: 16 megapixels
    /// — *design choice*, bounding one request's CPU and memory. It is 2.8× the largest common
    /// device screenshot (a 12.9-inch iPad Pro, 2048×2732 = 5.6 MP; the largest iPhone is
    /// 1290×2796 = 3.6 MP), and a third of the CLI's ``Limits/maxPixels`` (50 MP), at which one
    /// 49-megapixel JPEG cost 25–31 s and ~580 MB on the 2-core machine (issue 21). Work and memory
    /// grow with the pixels, so the worst case here is about a third of that: ~10 s and ~200 MB per
    /// request, times ``maxConcurrentRequests``. Raise it with `--max-pixels`.
    public var maxPixels = 16_000_000
    /// Time allowed for one request, for reading its body and again for analysing it: 30 s —
    /// *design choice*, about 30× the measured single-client p95 (1.1 s on the busy 2-core machine,
    /// Benchmarks/server-load/RESULTS.md); slower requests get 504 (analysis) or 408 (upload).
    public var requestTimeout: Duration = .seconds(30)
    /// The `Retry-After` seconds sent with 503: 1 — about one analysis (single-client p50 0.8 s,
    /// Benchmarks/server-load/RESULTS.md).
    public var retryAfterSeconds = 1
    /// Open connections at most: 512 — *design choice*: each costs NIO buffers (a few KiB) and a
    /// file descriptor; beyond it new connections wait in the listen backlog instead of being accepted.
    public var maxConnections = 512
    /// Connections idle this long are closed: 60 s — *design choice*, bounds idle sockets.
    public var idleTimeout: Duration = .seconds(60)

    public init() {}
}

/// The models and settings every request shares. Loaded once at start-up (``screenrec serve``
/// builds them from `ModelOptions`); tests inject the replay doubles of ScreenRecognitionTesting.
public struct ServerEngines: Sendable {
    /// Decodes uploaded PNG/JPEG bytes.
    public var decoder: any ImageDecoder
    /// The pipeline's settings (with the detector's per-class thresholds already applied).
    public var analysis: AnalysisConfiguration
    public var detector: (any ElementDetector)?
    public var textRecognizer: (any TextRecognizer)?
    public var contentRecognizer: (any ContentRecognizer)?
    /// Names reported by `GET /healthz`, e.g. `["detector": "Models/detector (onnx)", "ocr": "tesseract"]`.
    public var names: [String: String]

    public init(decoder: any ImageDecoder, analysis: AnalysisConfiguration = .default,
                detector: (any ElementDetector)? = nil, textRecognizer: (any TextRecognizer)? = nil,
                contentRecognizer: (any ContentRecognizer)? = nil, names: [String: String] = [:]) {
        self.decoder = decoder
        self.analysis = analysis
        self.detector = detector
        self.textRecognizer = textRecognizer
        self.contentRecognizer = contentRecognizer
        self.names = names
    }
}
