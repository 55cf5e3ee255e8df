import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO
import ScreenRecognitionKit

#if canImport(Glibc)
    import Glibc
#endif

/// `screenrec bench`: how long each stage of the pipeline takes, measured the same way every time.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time each pipeline stage (decode, detect, ocr, content, heuristics, total) and report peak memory.",
        discussion: """
            Each image is decoded from bytes already in memory and analysed --runs times after --warmup \
            untimed runs; the table gives the median and 95th percentile over all images and runs, in \
            milliseconds. Model loading happens once, before any run, and is reported on its own line. \
            "content" is picture description and icon clickability (--content). \
            "heuristics" is everything the analysis does besides detection, OCR and content (§4.1 post-processing \
            through §5.6 ordering and announcements). "pixelRules" is what `audit` adds on top: its pixel \
            rules (contrast, truncation, text and target size) on the analysis, not counted in "total". Peak memory is the process's maximum resident set \
            size (getrusage). Stages without a model (no detector installed, --ocr none, --content off) show "-".
            """)

    @Argument(help: "Screenshots (PNG or JPEG).")
    var images: [String]

    @Option(help: "Timed runs per image.")
    var runs: Int = 5

    @Option(help: "Untimed runs per image first (lazy initialisation, caches).")
    var warmup: Int = 1

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000") }
        guard (0...100).contains(warmup) else { throw ValidationError("--warmup must be between 0 and 100") }
    }

    func run() throws {
        try CLIErrors.run {
            let clock = ContinuousClock()
            var load: [String: Double] = [:]
            var stages: [String: [Double]] = ["decode": [], "detect": [], "ocr": [], "content": [], "heuristics": [], "total": [], "pixelRules": []]

            let t0 = clock.now
            let recognizer = try modelOptions.makeTextRecognizer()
            if recognizer != nil { load["ocr"] = ms(clock.now - t0) }
            let t1 = clock.now
            let detector = try modelOptions.makeDetector()
            if detector != nil { load["detector"] = ms(clock.now - t1) }
            let t2 = clock.now
            let content = try modelOptions.makeContentRecognizer()
            if content != nil { load["content"] = ms(clock.now - t2) }
            let timedContent = content.map { TimedContentRecognizer(base: $0) }
            let timedOCR = recognizer.map { TimedTextRecognizer(base: $0) }
            let timedDetector = detector.map { TimedDetector(base: $0) }
            // The configuration `analyze` runs with (ScreenAnalyzer.standard: the models' thresholds).
            let configuration = try StandardEngines(options: modelOptions.standardOptions(), loading: []).configuration(detector: detector, content: content)
            // The crop readers `analyze` adds (second readings of unread elements) count as OCR time.
            let engines = try StandardEngines(options: modelOptions.standardOptions(), loading: [])
            let cropReaders: [any TextRecognizer] =
                try timedOCR.map { ocr in try engines.makeCropReaders().map { TimedTextRecognizer(base: $0, timer: ocr.timer, cropKind: "second-reader crops") }
                } ?? []
            // So does the picture reader (PP-OCR on pictures the whole-screen read found no text on).
            let pictureReader: (any TextRecognizer)? = try timedOCR.flatMap { ocr in
                try engines.makePictureReader().map { TimedTextRecognizer(base: $0, timer: ocr.timer, cropKind: "picture crops") }
            }
            let analyzer = ScreenAnalyzer(
                configuration: configuration,
                detector: timedDetector, textRecognizer: timedOCR, contentRecognizer: timedContent, cropReaders: cropReaders,
                pictureReader: pictureReader)
            let decoder = SystemImageDecoder()
            let maxPixels = AnalysisConfiguration.default.limits.maxPixels

            var sizes: [String] = []
            var contentCalls = CallTally()
            var ocrCalls = CallTally()
            for path in images {
                let bytes = try readImageFile(at: path)
                for i in 0..<(warmup + runs) {
                    timedOCR?.reset()
                    timedDetector?.reset()
                    timedContent?.reset()
                    let start = clock.now
                    let pixels: RGBAImage
                    do { pixels = try decoder.decode(bytes, maxPixels: maxPixels) } catch let e as ScreenRecognitionError {
                        throw ScreenRecognitionError(e.kind, "\(path): \(e.message)")
                    }
                    let decoded = clock.now
                    let analysis = try analyzer.analyze(image: pixels)
                    let end = clock.now
                    // The audit's pixel rules on this analysis (timed apart: not part of "total").
                    _ = PixelRules.run(image: pixels, analysis: analysis, scale: ScreenScale.infer(width: pixels.width, height: pixels.height))
                    let audited = clock.now
                    if i == 0 { sizes.append("\(pixels.width)×\(pixels.height)") }
                    guard i >= warmup else { continue }
                    let detectMs = timedDetector?.elapsed ?? 0
                    let ocrMs = timedOCR?.elapsed ?? 0
                    let contentMs = timedContent?.elapsed ?? 0
                    stages["decode"]!.append(ms(decoded - start))
                    if timedDetector != nil { stages["detect"]!.append(detectMs) }
                    if timedOCR != nil { stages["ocr"]!.append(ocrMs) }
                    if let timedContent {
                        stages["content"]!.append(contentMs)
                        contentCalls.add(timedContent.timer)
                    }
                    if let timedOCR { ocrCalls.add(timedOCR.timer) }
                    stages["heuristics"]!.append(ms(end - decoded) - detectMs - ocrMs - contentMs)
                    stages["total"]!.append(ms(end - start))
                    stages["pixelRules"]!.append(ms(audited - end))
                }
            }
            let report = BenchReport(
                images: images, sizes: sizes, runs: runs, warmup: warmup, threads: modelOptions.threadCount,
                ocrEngine: modelOptions.ocrEngine().rawValue, detector: detector?.name,
                contentModels: content.map { c in [c.icons?.name, c.pictures?.name, c.clickability?.name, c.faces?.name].compactMap { $0 } } ?? [],
                contentCalls: contentCalls.counts, contentMsPerCall: contentCalls.meanMilliseconds,
                ocrCalls: ocrCalls.counts, ocrMsPerCall: ocrCalls.meanMilliseconds,
                loadMilliseconds: load, stages: stages, peakRSSBytes: peakRSSBytes())
            try writeOutput(json ? report.jsonData() : Data(report.table.utf8), to: nil)
        }
    }
}

func ms(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

/// The process's peak resident set size (Linux reports `ru_maxrss` in KiB).
func peakRSSBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

/// Percentile by the nearest-rank method (p in 0...100).
func percentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

struct BenchReport: Encodable {
    struct Stage: Encodable {
        var medianMs: Double?
        var p95Ms: Double?
        var samples: Int
    }
    var images: [String]
    var sizes: [String]
    var runs: Int
    var warmup: Int
    var threads: Int
    var ocrEngine: String
    var detector: String?
    /// The content models that ran, and how many calls each kind of content recognition made in the timed runs.
    var contentModels: [String]
    var contentCalls: [String: Int]
    /// Mean milliseconds per call of each kind of content recognition in the timed runs.
    var contentMsPerCall: [String: Double]
    /// How many calls the OCR stage made in the timed runs — "screen" (whole screenshots), "crops"
    /// (elements read again from their own crop), "second-reader crops" (the same by the crop
    /// readers of other languages) — and their mean milliseconds.
    var ocrCalls: [String: Int]
    var ocrMsPerCall: [String: Double]
    var loadMs: [String: Double]
    var stages: [String: Stage]
    var stageOrder = ["decode", "detect", "ocr", "content", "heuristics", "total", "pixelRules"]
    var peakRSSBytes: Int

    enum CodingKeys: String, CodingKey {
        case images, sizes, runs, warmup, threads, ocrEngine, detector, contentModels, contentCalls, contentMsPerCall, ocrCalls, ocrMsPerCall, loadMs, stages,
            peakRSSBytes
    }

    init(
        images: [String], sizes: [String], runs: Int, warmup: Int, threads: Int, ocrEngine: String, detector: String?,
        contentModels: [String] = [], contentCalls: [String: Int] = [:], contentMsPerCall: [String: Double] = [:],
        ocrCalls: [String: Int] = [:], ocrMsPerCall: [String: Double] = [:],
        loadMilliseconds: [String: Double], stages: [String: [Double]], peakRSSBytes: Int
    ) {
        func r(_ v: Double?) -> Double? { v.map { ($0 * 100).rounded() / 100 } }
        self.images = images
        self.sizes = sizes
        self.runs = runs
        self.warmup = warmup
        self.threads = threads
        self.ocrEngine = ocrEngine
        self.detector = detector
        self.contentModels = contentModels
        self.contentCalls = contentCalls
        self.contentMsPerCall = contentMsPerCall.mapValues { ($0 * 1000).rounded() / 1000 }
        self.ocrCalls = ocrCalls
        self.ocrMsPerCall = ocrMsPerCall.mapValues { ($0 * 1000).rounded() / 1000 }
        self.loadMs = loadMilliseconds.mapValues { ($0 * 100).rounded() / 100 }
        self.stages = stages.mapValues { Stage(medianMs: r(percentile($0, 50)), p95Ms: r(percentile($0, 95)), samples: $0.count) }
        self.peakRSSBytes = peakRSSBytes
    }

    var table: String {
        func f(_ v: Double?) -> String { v.map { String(format: "%9.1f", $0) } ?? "        -" }
        var s =
            "screenrec bench: \(images.count) image(s) (\(Set(sizes).sorted().joined(separator: ", "))), \(runs) run(s) each after \(warmup) warm-up, \(threads) thread(s)\n"
        s +=
            "OCR: \(ocrEngine); detector: \(detector ?? "none installed"); content: \(contentModels.isEmpty ? "none" : contentModels.joined(separator: ", "))\n"
        if !contentCalls.isEmpty {
            s +=
                "content calls (timed runs): "
                + contentCalls.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value) × " + String(format: "%.3f ms", contentMsPerCall[$0.key] ?? 0)
                }.joined(separator: ", ") + "\n"
        }
        if !ocrCalls.isEmpty {
            s +=
                "ocr calls (timed runs): "
                + ocrCalls.sorted { $0.key > $1.key }.map {
                    "\($0.key) \($0.value) × " + String(format: "%.1f ms", ocrMsPerCall[$0.key] ?? 0)
                }.joined(separator: ", ") + "\n"
        }
        let loads = loadMs.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value)) ms" }
        s += "model load (once): \(loads.isEmpty ? "-" : loads.joined(separator: ", "))\n"
        s += "stage          median       p95   (ms)\n"
        for name in stageOrder {
            let st = stages[name]
            s += name.padding(toLength: 12, withPad: " ", startingAt: 0) + f(st?.medianMs) + " " + f(st?.p95Ms) + "\n"
        }
        s += String(format: "peak memory (max RSS): %.1f MiB\n", Double(peakRSSBytes) / 1_048_576)
        return s
    }

    func jsonData() throws -> Data { try prettyJSON(self) }
}

/// Calls per kind and their milliseconds, summed over the timed runs.
struct CallTally {
    var counts: [String: Int] = [:]
    var milliseconds: [String: Double] = [:]
    /// Adds the calls `timer` counted in one run.
    mutating func add(_ timer: StageTimer) {
        for (k, v) in timer.counts { counts[k, default: 0] += v }
        for (k, v) in timer.milliseconds { milliseconds[k, default: 0] += v }
    }
    var meanMilliseconds: [String: Double] {
        counts.reduce(into: [:]) { r, kv in if kv.value > 0 { r[kv.key] = (milliseconds[kv.key] ?? 0) / Double(kv.value) } }
    }
}

/// Measures the time spent in a wrapped seam, and per kind of call how many calls were made and
/// how long they took (all reset before each run).
final class StageTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var total: Double = 0
    private var calls: [String: Int] = [:]
    private var perKind: [String: Double] = [:]
    func add(_ v: Double, kind: String? = nil) {
        lock.lock()
        total += v
        if let kind {
            calls[kind, default: 0] += 1
            perKind[kind, default: 0] += v
        }
        lock.unlock()
    }
    func reset() {
        lock.lock()
        total = 0
        calls = [:]
        perKind = [:]
        lock.unlock()
    }
    var elapsed: Double {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
    /// Calls per kind since the last reset.
    var counts: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
    /// Milliseconds per kind since the last reset.
    var milliseconds: [String: Double] {
        lock.lock()
        defer { lock.unlock() }
        return perKind
    }
    /// Runs `body`, adding its wall time (to `kind` too when given).
    func measure<T>(_ kind: String? = nil, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { add(ms(clock.now - start), kind: kind) }
        return try body()
    }
}

/// Times a text recogniser; calls are counted as "screen" (the whole picture) or "crops" (a
/// region: an element read again), with `cropKind` naming the crops of a second reader.
final class TimedTextRecognizer: TextRecognizer, @unchecked Sendable {
    let base: any TextRecognizer
    let timer: StageTimer
    let cropKind: String
    /// `timer`: shared with other recognisers timed as the same stage (the OCR engine and its crop readers).
    init(base: any TextRecognizer, timer: StageTimer = StageTimer(), cropKind: String = "crops") {
        self.base = base
        self.timer = timer
        self.cropKind = cropKind
    }
    func reset() { timer.reset() }
    var elapsed: Double { timer.elapsed }
    func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        try timer.measure(region == nil ? "screen" : cropKind) { try base.recognizeText(in: image, region: region) }
    }
}

final class TimedDetector: ElementDetector, @unchecked Sendable {
    let base: any ElementDetector
    let timer = StageTimer()
    init(base: any ElementDetector) { self.base = base }
    func reset() { timer.reset() }
    var elapsed: Double { timer.elapsed }
    func detect(in image: RGBAImage) throws -> [Detection] {
        try timer.measure { try base.detect(in: image) }
    }
}

/// Times the content recognizer (all kinds together, and per kind: icons — one batched call a screen —, text buttons, pictures, clickability) and counts its calls per kind.
final class TimedContentRecognizer: ContentRecognizer, @unchecked Sendable {
    let base: any ContentRecognizer
    let timer = StageTimer()
    init(base: any ContentRecognizer) { self.base = base }
    func reset() { timer.reset() }
    var elapsed: Double { timer.elapsed }
    private func measure<T>(_ kind: String, _ body: () throws -> T) rethrows -> T {
        try timer.measure(kind, body)
    }
    func recognizeIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? {
        try measure("icons") { try base.recognizeIcon(in: image, box: box) }
    }
    func recognizeIcons(in image: RGBAImage, boxes: [Rect]) throws -> [IconRecognition?] {
        try measure("icons") { try base.recognizeIcons(in: image, boxes: boxes) }
    }
    func textButtonProbabilities(in image: RGBAImage, texts: [TextButtonFeatures]) throws -> [Double]? {
        try measure("textButtons") { try base.textButtonProbabilities(in: image, texts: texts) }
    }
    func describePicture(in image: RGBAImage, box: Rect) throws -> PictureDescription? {
        try measure("pictures") { try base.describePicture(in: image, box: box) }
    }
    func clickProbability(of icon: IconFeatures) throws -> Double? {
        try measure("clickability") { try base.clickProbability(of: icon) }
    }
}
