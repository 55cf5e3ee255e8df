import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO
import ScreenRecognitionKit

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case json, transcript, jsonl
    case accessibilitySnapshot = "accessibility-snapshot"
}

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse a screenshot: elements, labels, traits, order and what VoiceOver would say.",
        discussion: """
            Without --detections the element detector in Models/detector/ runs (without one, the OCR \
            text alone becomes the elements, grouped and ordered). OCR (--ocr, default tesseract) reads the text of \
            text elements that have none and recovers text the detector missed (§5.1). The content models \
            (--content, default on) describe pictures and decide which icons are buttons (§5.2, §5.4). A detections file \
            {"detections": [{"type", "box": [x, y, w, h], "confidence", "text", "iconLabel"}]} stands \
            in for the detector; its `iconLabel` stands in for icon recognition (then --content defaults \
            to off) and its `text` for OCR, which still reads the elements the file leaves without text.

            Batch: several images, a folder (its PNG and JPEG files) or `-` (paths on standard input, one \
            a line, each result written as soon as it is ready) print JSON lines (--format jsonl, the \
            default then): {"image": "<path as given>", "width", "height", "schemaVersion", "elements", \
            "diagnostics"} — the analysis, its image size as width and height — or {"image", "error"}. \
            Lines come in the order the images finish, which with --jobs above 1 is not the input order. \
            The models load once; --jobs images are analysed at once. An image that fails gets its \
            error line and a message on stderr, the rest go on, and the exit status is then 65 (66 when \
            a file could not be read). With a terminal on stderr, a progress line shows done/total, \
            the rate and the time left.
            """
    )

    @Argument(help: "The screenshot (PNG or JPEG); for a batch, several, a folder of them, or - for paths on standard input.")
    var images: [String]

    @OptionGroup var analysis: AnalysisOptions

    @Option(
        help: ArgumentHelp(
            "Output format: json (the analysis; the default for one image), transcript (one announcement per line), accessibility-snapshot (the elements as AccessibilitySnapshot's Codable JSON, frames in points, to diff with an iOS snapshot test's) or jsonl (one line per image: the default, and the only format, for a batch).",
            valueName: "json|transcript|accessibility-snapshot|jsonl"))
    var format: OutputFormat?

    @Option(
        help:
            "Image pixels per point for --format accessibility-snapshot (default: from the screenshot size: 2 or 3 for known iPhone sizes, else the width of a 390-pt iPhone)."
    )
    var scale: Double?

    @Option(name: [.short, .long], help: "Write the output to this file instead of standard output.")
    var output: String?

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var batch: BatchOptions

    @Flag(help: "Speak hints (\"Double tap to edit.\") in the transcript, as VoiceOver does with Hints on.")
    var hints = false

    var isBatch: Bool { BatchInputs.isBatch(images) || format == .jsonl }

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 10) { throw ValidationError("--scale must be between 0 and 10") }
        if scale != nil, format != .accessibilitySnapshot { throw ValidationError("--scale applies to --format accessibility-snapshot only") }
        guard !images.isEmpty else { throw ValidationError("give an image, several, a folder, or - to read paths from standard input") }
        if BatchInputs.isBatch(images) {
            if let format, format != .jsonl {
                throw ValidationError("several images, a folder or - print one JSON line per image: use --format jsonl (or leave --format out)")
            }
            if analysis.detections != nil { throw ValidationError("--detections names one screen's file: give one image with it") }
        }
        if images.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given once") }
        if !isBatch, batch.resume != nil { throw ValidationError("--resume is for a batch (--format jsonl)") }
    }

    func run() throws {
        if isBatch { return try runBatch() }
        let image = images[0]
        try CLIErrors.run {
            try checkOutputPath(output)
            var analyzer = try analysis.makeAnalyzer(modelOptions)
            if hints { analyzer.configuration.announcements.includeHints = true }
            let configuration = analyzer.configuration
            let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
            let given = try analysis.loadDetections(configuration)
            let result = try analyzer.analyze(image: pixels, detections: given)
            switch format ?? .json {
            case .json, .jsonl:
                var data = try result.jsonData()
                data.append(0x0A)
                try writeOutput(data, to: output)
            case .transcript:
                try writeOutput(Data(result.transcriptText.utf8), to: output)
            case .accessibilitySnapshot:
                let ppp = scale ?? ScreenScale.infer(width: pixels.width, height: pixels.height).pixelsPerPoint
                var data = try AccessibilitySnapshotFormat.encode(result, pixelsPerPoint: ppp)
                data.append(0x0A)
                try writeOutput(data, to: output)
            }
        }
    }

    /// One line of `--format jsonl`: the analysis with the image's path, or the error.
    struct Line: Encodable {
        var image: String
        var width: Int?
        var height: Int?
        var schemaVersion: Int?
        var elements: [Element]?
        var diagnostics: [Diagnostic]?
    }

    /// Many images: the models load once, then --jobs analysers (each with its own Tesseract) take
    /// images from the list or standard input and write their lines as they finish.
    func runBatch() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            let skip = try batch.skipped()
            let jobs = batch.jobCount
            var options = modelOptions.standardOptions(useModels: true, config: analysis.config)
            // Jobs share the ONNX sessions: one intra-op thread each, unless --threads says otherwise.
            options.threads = modelOptions.threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
            var first = try ScreenAnalyzer.standard(options)
            if hints { first.configuration.announcements.includeHints = true }
            var analyzers = [first]
            for _ in 1..<max(1, jobs) { analyzers.append(try first.withOwnTextRecognizer()) }
            let workers = analyzers
            let append = batch.appends(to: output)
            let worst = try BatchRunner.run(arguments: images, skip: skip, jobs: jobs, output: output, append: append) { worker, path in
                let encoder = jsonLinesEncoder()
                let analyzer = workers[worker]
                return batchLine(image: path, encoder: encoder) {
                    let pixels = try loadInputImage(at: path, maxPixels: analyzer.configuration.limits.maxPixels)
                    let a = try analyzer.analyze(image: pixels)
                    return Line(
                        image: path, width: a.image.width, height: a.image.height, schemaVersion: a.schemaVersion,
                        elements: a.elements, diagnostics: a.diagnostics)
                }
            }
            if let worst { throw ExitCode(CLIErrors.exitCode(for: worst)) }
        }
    }
}
