import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case json, transcript
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
        """
    )

    @Argument(help: "The screenshot (PNG or JPEG).")
    var image: String

    @Option(help: "A detections file to use instead of the detector.")
    var detections: String?

    @Option(help: ArgumentHelp("Output format: json (the analysis), transcript (one announcement per line) or accessibility-snapshot (the elements as AccessibilitySnapshot's Codable JSON, frames in points, to diff with an iOS snapshot test's).", valueName: "json|transcript|accessibility-snapshot"))
    var format: OutputFormat = .json

    @Option(help: "Image pixels per point for --format accessibility-snapshot (default: from the screenshot size: 2 or 3 for known iPhone sizes, else the width of a 390-pt iPhone).")
    var scale: Double?

    @Option(name: [.short, .long], help: "Write the output to this file instead of standard output.")
    var output: String?

    @Option(help: "An AnalysisConfiguration JSON file (any key left out keeps its default).")
    var config: String?

    @OptionGroup var modelOptions: ModelOptions

    @Flag(help: "Speak hints (\"Double tap to edit.\") in the transcript, as VoiceOver does with Hints on.")
    var hints = false

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 10) { throw ValidationError("--scale must be between 0 and 10") }
        if scale != nil, format != .accessibilitySnapshot { throw ValidationError("--scale applies to --format accessibility-snapshot only") }
    }

    func run() throws {
        try CLIErrors.run {
            var analyzer = try modelOptions.makeAnalyzer(config: config, useModels: detections == nil)
            if hints { analyzer.configuration.announcements.includeHints = true }
            let configuration = analyzer.configuration
            let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
            let given = try detections.map {
                try DetectionsFile.decode(readInputFile($0), maxDetections: configuration.limits.maxDetections)
            }
            let result = try analyzer.analyze(image: pixels, detections: given)
            switch format {
            case .json:
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
}
