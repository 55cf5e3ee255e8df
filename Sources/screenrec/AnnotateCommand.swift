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

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: [.short, .long], help: "The PNG file to write.")
    var output: String

    @OptionGroup var modelOptions: ModelOptions

    func run() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            let analyzer = try analysis.makeAnalyzer(modelOptions)
            let configuration = analyzer.configuration
            let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
            let given = try analysis.loadDetections(configuration)
            let analysis = try analyzer.analyze(image: pixels, detections: given)
            try writeOutput(try encodePNG(Overlay.annotate(pixels, analysis: analysis)), to: output)
        }
    }
}
