import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionKit
import ScreenRecognitionOCR
import ScreenRecognitionONNX

/// The OCR engine (`ScreenRecognitionKit.OCREngine`: tesseract, the default; ppocr; none).
extension OCREngine: ExpressibleByArgument {}

/// An on/off command-line value.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// Options shared by every command that runs models.
struct ModelOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "OCR engine: tesseract (the default, also with `analyze --detections`, where it reads what the file's `text` leaves out), ppocr or none.",
            valueName: "engine"))
    var ocr: OCREngine?

    @Option(
        help: ArgumentHelp(
            "Tesseract languages, comma-separated, that read again what the OCR engine left unread in an element (default: kor where tesseract-ocr-kor is installed; none: only Tesseract's English line reader).",
            valueName: "langs"))
    var cropLanguages: String?

    @Option(
        help: ArgumentHelp(
            "The ONNX Runtime library (default: $SCREENREC_ONNXRUNTIME, else the package checkout's .deps/onnxruntime/, else the system's).", valueName: "path")
    )
    var onnxruntime: String?

    @Option(help: ArgumentHelp("The models folder (default: $SCREENREC_MODELS, else the package checkout's Models/).", valueName: "dir"))
    var models: String?

    @Option(
        help: ArgumentHelp(
            "Threads per model (default 2: the target machine's cores; with `analyze --jobs N` over several images, the cores over N).",
            valueName: "n"))
    var threads: Int?

    @Option(
        help: ArgumentHelp(
            "Horizontal strips a screenshot is cut into, in blank bands, for Tesseract to read on all cores at once (default 4: twice the target machine's cores, so that two threads share uneven strips; 1 reads it whole). The analysis does not depend on --threads or --jobs.",
            valueName: "n"))
    var ocrStrips: Int?

    /// --threads, else 2.
    var threadCount: Int { threads ?? 2 }

    @Option(
        help: ArgumentHelp(
            "Content recognition (icon meanings, text buttons, faces and picture descriptions, icon clickability) from Models/icons, Models/textbuttons, Models/faces, Models/pictures and Models/clickability: on or off. Default on; off with `analyze --detections`, whose file stands in for the models.",
            valueName: "on|off"))
    var content: Switch?

    /// --crop-languages as a list: nil when not given, empty for `none`.
    var cropLanguageList: [String]? {
        guard let cropLanguages else { return nil }
        if cropLanguages == "none" { return [] }
        return cropLanguages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func validate() throws {
        if let list = cropLanguageList {
            for l in list where l.isEmpty || !l.allSatisfy({ $0.isLetter || $0 == "_" }) {
                throw ValidationError(
                    "--crop-languages takes Tesseract language codes like kor or chi_sim, comma-separated, or none; got '\(cropLanguages ?? "")'")
            }
        }
        guard threads.map({ (1...64).contains($0) }) ?? true else { throw ValidationError("--threads must be between 1 and 64") }
        guard ocrStrips.map({ (1...8).contains($0) }) ?? true else { throw ValidationError("--ocr-strips must be between 1 and 8") }
    }

    /// The library's options for these flags (``ScreenAnalyzer/standard(_:)``); `useModels` false
    /// when a detections file stands in for the detector.
    func standardOptions(useModels: Bool = true, config: String? = nil) -> StandardAnalyzerOptions {
        var o = StandardAnalyzerOptions(
            models: models.map { URL(fileURLWithPath: $0) },
            onnxRuntime: onnxruntime.map { URL(fileURLWithPath: $0) },
            ocr: ocrEngine(), detector: useModels, content: content.map { $0 == .on },
            threads: threadCount, cropLanguages: cropLanguageList, ocrStrips: ocrStrips ?? 4)
        if let config {
            o.configure = { c in c = try loadConfiguration(config, base: c) }
        }
        return o
    }

    /// The models folder, or a clear error (``StandardModels/modelsDirectory(_:)``).
    func requireModelsDirectory() throws -> URL {
        try StandardModels.modelsDirectory(models.map { URL(fileURLWithPath: $0) })
    }

    /// ONNX Runtime from --onnxruntime, $SCREENREC_ONNXRUNTIME, the checkout's .deps/ or the system.
    func loadRuntime() throws -> ONNXRuntime {
        try StandardModels.loadONNXRuntime(onnxruntime.map { URL(fileURLWithPath: $0) })
    }

    /// The element detector in `Models/detector/`, or nil when none is installed (then `analyze`
    /// works from OCR text alone and says so in its diagnostics).
    func makeDetector(required: Bool = false) throws -> ONNXElementDetector? {
        guard let detector = try StandardEngines(options: standardOptions(), loading: .detector).detector else {
            if required {
                let dir = try requireModelsDirectory().appendingPathComponent("detector")
                throw ScreenRecognitionError(.model, "no detector installed: \(dir.path)/model.json not found (pass --models DIR)")
            }
            return nil
        }
        return detector
    }

    /// The content models installed in the models folder (§5.2, §5.4), or nil when `--content off`
    /// or none is installed (an error with an explicit `--content on`).
    func makeContentRecognizer() throws -> ONNXContentRecognizer? {
        try StandardEngines(options: standardOptions(), loading: .content).content
    }

    /// The analyzer of every command that reads a screen (analyze, snapshot, annotate, audit, serve),
    /// so they all hear the same thing: ``ScreenAnalyzer/standard(_:)``, the library's entry point.
    /// With `useModels` (no detections file stands in) the detector, Tesseract and the content
    /// models; without, no detector and no content models unless asked for (a detections file
    /// carries `iconLabel`), but Tesseract still reads the elements whose `text` the file leaves
    /// out. The configuration file is laid over the models' thresholds.
    func makeAnalyzer(config: String?, useModels: Bool) throws -> ScreenAnalyzer {
        try ScreenAnalyzer.standard(standardOptions(useModels: useModels, config: config))
    }

    /// The OCR engine asked for, or `fallback`.
    func ocrEngine(default fallback: OCREngine = .tesseract) -> OCREngine { ocr ?? fallback }

    /// The text recogniser for the chosen engine (nil for `.none`), loaded once.
    func makeTextRecognizer() throws -> (any TextRecognizer)? {
        try StandardEngines(options: standardOptions(), loading: []).makeTextRecognizer()
    }
}
