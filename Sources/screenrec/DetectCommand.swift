import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionKit
import ScreenRecognitionONNX

/// `screenrec detect`: the element detector's output (§4) after per-class thresholds and NMS (§4.1).
struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Detect UI elements: one JSON line per image with classes, boxes and confidences.",
        discussion: """
            Prints {"image": "<path as given>", "width", "height", "detections": [{"type", "box": [x, y, w, h], \
            "confidence"}]} per image, boxes in the image's pixels, after per-class thresholds (the \
            detector's thresholds.json), NMS and cross-class NMS. --min-confidence replaces every \
            per-class threshold (for evaluation: `screenrec eval` reads these lines). An image that \
            cannot be read gets {"image", "error"} on its line and a message on stderr; the exit status \
            is then 65 (or 66 when a file is missing), after every image was tried. A folder stands for \
            its PNG and JPEG files and - for paths on standard input (one a line, each answered as soon \
            as it is done); --jobs images are detected at once, and lines come in the order they finish.
            """)

    @Argument(help: "Screenshots (PNG or JPEG), folders of them, or - for paths on standard input.")
    var images: [String]

    @Option(help: ArgumentHelp("Use this one confidence threshold for every class (0–1).", valueName: "x"))
    var minConfidence: Double?

    @Option(name: [.short, .long], help: "Write the JSON lines to this file instead of standard output.")
    var output: String?

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var batch: BatchOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        if let m = minConfidence, !(m.isFinite && (0...1).contains(m)) { throw ValidationError("--min-confidence must be between 0 and 1") }
    }

    struct Line: Encodable {
        struct D: Encodable {
            var type: ElementClass
            var box: Rect
            var confidence: Double
        }
        var image: String
        var width: Int?
        var height: Int?
        var detections: [D]?
        var error: String?
    }

    func run() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            let jobs = batch.jobCount
            var options = modelOptions.standardOptions()
            options.threads = modelOptions.threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
            guard let loaded = try StandardEngines(options: options, loading: .detector).detector else {
                let dir = try modelOptions.requireModelsDirectory().appendingPathComponent("detector")
                throw ScreenRecognitionError(.model, "no detector installed: \(dir.path)/model.json not found (pass --models DIR)")
            }
            // A --min-confidence under the detector's candidate floor lowers the floor too.
            let detector = minConfidence.map { loaded.withCandidateFloor(Float(min($0, Double(loaded.candidateFloor)))) } ?? loaded
            var settings = try StandardEngines(options: options, loading: []).configuration(detector: detector, content: nil).postProcessing
            if let m = minConfidence {
                settings.confidenceThresholds = PostProcessingSettings.uniformThresholds(m)
            }
            let skip = try batch.skipped()
            let append = batch.appends(to: output)
            let post = settings
            let worst = try BatchRunner.run(arguments: images, skip: skip, jobs: jobs, output: output, append: append) { _, path in
                let encoder = jsonLinesEncoder()
                return batchLine(image: path, encoder: encoder) {
                    let pixels = try loadInputImage(at: path, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
                    let found = PostProcessing.run(try detector.detect(in: pixels), settings: post)
                    return Line(
                        image: path, width: pixels.width, height: pixels.height,
                        detections: found.map {
                            Line.D(type: $0.type, box: $0.box.roundedToPixels(), confidence: $0.confidence.roundedConfidence)
                        })
                }
            }
            if let worst { throw ExitCode(CLIErrors.exitCode(for: worst)) }
        }
    }
}
