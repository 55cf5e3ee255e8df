import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionOCR

/// `screenrec ocr`: the text in a screenshot, as lines with boxes in image pixels.
struct OCR: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the text in a screenshot (lines with boxes and confidences).",
        discussion: """
            json: {"lines": [{"text", "box": [x, y, w, h], "confidence", "words": [{"text", "box", "confidence"}]}]}, \
            boxes in image pixels, lines in reading order (top to bottom, then left to right). \
            text: one line of text per line. The lines are repaired as `analyze` repairs them before \
            anything else ("9:41 av" -> "9:41 AM", "Possword" -> "Password"); --raw prints the \
            recognizer's own reading.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, text }

    @Argument(help: "The screenshot (PNG or JPEG).")
    var image: String

    @Option(help: "Output format: json or text.")
    var format: Format = .json

    @Option(name: [.short, .long], help: "Write the output to this file instead of standard output.")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Also write the greyscale picture Tesseract reads (scaled up as the read is) to this PNG file.",
            valueName: "png"))
    var preprocessed: String?

    @Flag(help: "Print the recognizer's own reading, without the text repair `analyze` applies to it first.")
    var raw = false

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        if modelOptions.ocrEngine() == .none { throw ValidationError("--ocr none reads nothing: choose ppocr or tesseract") }
        if preprocessed != nil, modelOptions.ocrEngine() != .tesseract {
            throw ValidationError("--preprocessed shows Tesseract's input: use it with --ocr tesseract")
        }
    }

    func run() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            try checkOutputPath(preprocessed, option: "--preprocessed")
            let recognizer = try modelOptions.makeTextRecognizer()!
            let pixels = try loadInputImage(at: image, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
            if let preprocessed, let tesseract = recognizer as? TesseractTextRecognizer {
                try writeOutput(encodePNG(tesseract.preprocessed(pixels)), to: preprocessed)
            }
            let read = try recognizer.recognizeText(in: pixels, region: nil)
            let lines = raw ? read : TextRepair.repair(read)
            switch format {
            case .json:
                try writeOutput(prettyJSON(OCRReport(lines: lines)), to: output)
            case .text:
                try writeOutput(Data(lines.map { $0.text + "\n" }.joined().utf8), to: output)
            }
        }
    }
}
