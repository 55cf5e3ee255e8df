import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionONNX

/// `screenrec describe`: a short description of a picture (§5.2) from the model in Models/pictures.
struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a picture in a few words (\"Cat\", \"Coffee\"), or \"Image\" when unsure.",
        discussion: """
            As `analyze` describes a picture: a picture with faces (the MTCNN face detector in \
            Models/faces, when installed) is "Person", "Two people" or "Group of people", with "faces" \
            the number found and the strongest face's probability as the confidence; any other picture \
            goes to the picture describer in Models/pictures (EfficientNet-Lite0 over ImageNet; the \
            classes sharing a label have their probabilities summed). Prints one JSON line \
            {"label", "confidence"}. Below --min-confidence (default: the model's, 0.7 — Buffer's bar for \
            suggested alt text) "candidate" holds the best label and the label is the kind of picture \
            ("Photo", "Illustration", "Logo", "Screenshot", "Map") when the describer is at least its \
            kind bar sure of it (Models/pictures: 0.8), else "Image"; "kind" and "kindConfidence" give \
            the most probable kind whenever it is one that is spoken.
            """)

    @Argument(help: "The picture (PNG or JPEG).")
    var image: String

    @Option(help: ArgumentHelp("Offer a label only at or above this summed probability (0...1).", valueName: "x"))
    var minConfidence: Double?

    @Option(name: [.short, .long], help: "Write the output to this file instead of standard output.")
    var output: String?

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        if let m = minConfidence, !(m.isFinite && (0...1).contains(m)) {
            throw ValidationError("--min-confidence must be between 0 and 1")
        }
    }

    struct Line: Encodable {
        var label: String
        var confidence: Double
        var candidate: String?
        var faces: Int?
        var kind: String?
        var kindConfidence: Double?
    }

    func run() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            let models = try modelOptions.requireModelsDirectory()
            let runtime = try modelOptions.loadRuntime()
            let describer = try ONNXPictureDescriber(
                directory: models.appendingPathComponent("pictures"), runtime: runtime, threads: modelOptions.threadCount)
            let faceDir = models.appendingPathComponent("faces")
            let faceDetector =
                FileManager.default.fileExists(atPath: ONNXFaceDetector.stageDirectory(faceDir, "pnet").appendingPathComponent("model.json").path)
                ? try ONNXFaceDetector(directory: faceDir, runtime: runtime) : nil
            let pixels = try loadInputImage(at: image, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
            let whole = Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height))
            let faces = try faceDetector?.faces(inPicture: pixels, box: whole) ?? []
            if let people = ONNXFaceDetector.description(faces) {
                try write(Line(label: people.label, confidence: people.confidence.roundedConfidence, faces: faces.count))
                return
            }
            let d = try describer.describe(in: pixels, box: nil)
            let bar = minConfidence ?? describer.minConfidence ?? AnalysisConfiguration.default.content.minPictureDescriptionConfidence
            let confident = d.confidence >= bar
            let kindBar = describer.kindThreshold ?? AnalysisConfiguration.default.content.minPictureKindConfidence
            let kind = d.kind.flatMap { k in (d.kindConfidence ?? 0) >= kindBar ? k : nil }
            try write(
                Line(
                    label: confident ? d.label : (kind ?? describer.fallbackLabel ?? "Image"),
                    confidence: d.confidence.roundedConfidence, candidate: confident ? nil : d.label,
                    kind: d.kind, kindConfidence: d.kindConfidence?.roundedConfidence))
        }
    }

    func write(_ line: Line) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(line)
        data.append(0x0A)
        try writeOutput(data, to: output)
    }
}
