import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record or verify a text snapshot of what VoiceOver would say on a screen.",
        discussion: """
            The snapshot is the transcript: one announcement per element, in navigation order. \
            --record writes it; --verify compares and, on any change, prints a diff (- snapshot, + now) \
            and exits with status 1.
            """
    )

    @Argument(help: "The screenshot (PNG or JPEG).")
    var image: String

    @OptionGroup var analysis: AnalysisOptions

    @Option(help: "Write the transcript to this snapshot file.")
    var record: String?

    @Option(help: "Compare the transcript with this snapshot file.")
    var verify: String?

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard (record == nil) != (verify == nil) else { throw ValidationError("give exactly one of --record FILE and --verify FILE") }
    }

    func run() throws {
        var mismatch: String?
        try CLIErrors.run {
            try checkOutputPath(record, option: "--record")
            let analyzer = try analysis.makeAnalyzer(modelOptions)
            let configuration = analyzer.configuration
            let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
            let given = try analysis.loadDetections(configuration)
            let text = TranscriptSnapshot.text(of: try analyzer.analyze(image: pixels, detections: given))
            if let record {
                try writeOutput(Data(text.utf8), to: record, option: "--record")
            } else if let verify {
                let expected = try readInputFile(verify)
                guard let s = String(data: expected, encoding: .utf8) else {
                    throw ScreenRecognitionError(.invalidInput, "\(verify): the snapshot is not UTF-8 text")
                }
                mismatch = TranscriptSnapshot.diff(expected: s, actual: text)
            }
        }
        if let mismatch {
            writeStandardError("screenrec: \(image) no longer reads like \(verify!):\n\(mismatch)")
            throw ExitCode(1)
        }
    }
}
