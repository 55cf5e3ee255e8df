import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO

struct Annotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the analysed elements on the screenshot: boxes coloured by kind, navigation order numbers, a legend.",
        discussion: "As in the paper's Fig. 9: each element's box, its place in the navigation order, and a legend of kinds below the picture."
    )

    @Argument(help: "The screenshot (PNG or JPEG).")
    var image: String

    @Option(help: "A detections file to use instead of the detector.")
    var detections: String?

    @Option(name: [.short, .long], help: "The PNG file to write.")
    var output: String

    @Option(help: "An AnalysisConfiguration JSON file (any key left out keeps its default).")
    var config: String?

    @OptionGroup var modelOptions: ModelOptions

    func run() throws {
        try CLIErrors.run {
            let analyzer = try modelOptions.makeAnalyzer(config: config, useModels: detections == nil)
            let configuration = analyzer.configuration
            let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
            let given = try detections.map { try DetectionsFile.decode(readInputFile($0), maxDetections: configuration.limits.maxDetections) }
            let analysis = try analyzer.analyze(image: pixels, detections: given)
            try writeOutput(try encodePNG(Overlay.annotate(pixels, analysis: analysis)), to: output)
        }
    }
}
