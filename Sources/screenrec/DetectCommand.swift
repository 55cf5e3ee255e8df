import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionKit
import ScreenRecognitionImageIO
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
        is then 65 (or 66 when a file is missing), after every image was tried.
        """)

    @Argument(help: "Screenshots (PNG or JPEG).")
    var images: [String]

    @Option(help: ArgumentHelp("Use this one confidence threshold for every class (0–1).", valueName: "x"))
    var minConfidence: Double?

    @Option(name: [.short, .long], help: "Write the JSON lines to this file instead of standard output.")
    var output: String?

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        if let m = minConfidence, !(m.isFinite && (0...1).contains(m)) { throw ValidationError("--min-confidence must be between 0 and 1") }
    }

    struct Line: Encodable {
        struct D: Encodable { var type: ElementClass; var box: Rect; var confidence: Double }
        var image: String
        var width: Int?
        var height: Int?
        var detections: [D]?
        var error: String?
    }

    func run() throws {
        try CLIErrors.run {
            let detector = try modelOptions.makeDetector(required: true)!
            var settings = try StandardEngines(options: modelOptions.standardOptions(), loading: [])
                .configuration(detector: detector, content: nil).postProcessing
            if let m = minConfidence {
                detector.candidateFloor = Float(min(m, Double(detector.candidateFloor)))
                settings.confidenceThresholds = PostProcessingSettings.uniformThresholds(m)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var out = Data()
            var worst: ScreenRecognitionError.Kind?
            for path in images {
                var line = Line(image: path)
                do {
                    let pixels = try loadInputImage(at: path, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
                    let found = PostProcessing.run(try detector.detect(in: pixels), settings: settings)
                    line.width = pixels.width
                    line.height = pixels.height
                    line.detections = found.map {
                        Line.D(type: $0.type, box: $0.box.roundedToPixels(), confidence: $0.confidence.roundedConfidence)
                    }
                } catch let e as ScreenRecognitionError where e.kind != .model && e.kind != .runtime {
                    line.error = e.message
                    writeStandardError("screenrec: error: \(e.message)\n")
                    if worst != .io { worst = e.kind }
                }
                out.append(try encoder.encode(line))
                out.append(0x0A)
            }
            try writeOutput(out, to: output)
            if let worst { throw ExitCode(CLIErrors.exitCode(for: worst)) }
        }
    }
}
