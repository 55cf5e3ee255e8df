import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionONNX
import ScreenRecognitionOCR

/// Which OCR engine reads text. Both were measured on the same 16 check-set screens
/// (README, Benchmarks/ocr-checkset/RESULTS.md): Tesseract 97.7% of words, 26/26 button lines,
/// 279 ms a screen (median, quiet 2-core machine), 82 MiB; PP-OCRv4 97.6%, 26/26, 383 ms, 387 MiB,
/// and much slower on a busy machine. Tesseract is the default: as accurate, faster, a fifth of the memory.
enum OCREngine: String, ExpressibleByArgument, CaseIterable {
    /// Tesseract 5 through its C API — the default.
    case tesseract
    /// PP-OCRv4 (text detector + recogniser) over ONNX Runtime: no false positives on icons, slower.
    case ppocr
    /// No OCR.
    case none
}

/// An on/off command-line value.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// Options shared by every command that runs models.
struct ModelOptions: ParsableArguments {
    @Option(help: ArgumentHelp("OCR engine: tesseract (the default, also with `analyze --detections`, where it reads what the file's `text` leaves out), ppocr or none.", valueName: "engine"))
    var ocr: OCREngine?

    @Option(help: ArgumentHelp("The ONNX Runtime library (default: $SCREENREC_ONNXRUNTIME, else the repository's .deps/onnxruntime/).", valueName: "path"))
    var onnxruntime: String?

    @Option(help: ArgumentHelp("The models folder (default: $SCREENREC_MODELS, else the repository's Models/).", valueName: "dir"))
    var models: String?

    @Option(help: ArgumentHelp("Threads per model (default 2: the target machine's cores).", valueName: "n"))
    var threads: Int = 2

    @Option(help: ArgumentHelp("Content recognition (picture descriptions, icon clickability) from Models/pictures and Models/clickability: on or off. Default on; off with `analyze --detections`, whose file stands in for the models.", valueName: "on|off"))
    var content: Switch?

    func validate() throws {
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64") }
    }

    var modelsDirectory: URL? { models.map { URL(fileURLWithPath: $0) } ?? RepositoryLocator.modelsDirectory() }

    /// The models folder, or a clear error.
    func requireModelsDirectory() throws -> URL {
        guard let dir = modelsDirectory else {
            throw ScreenRecognitionError(.model, "models folder not found: run screenrec from the repository, or pass --models DIR or set SCREENREC_MODELS")
        }
        return dir
    }

    /// The element detector in `Models/detector/`, or nil when none is installed (then `analyze`
    /// works from OCR text alone and says so in its diagnostics).
    func makeDetector(required: Bool = false) throws -> ONNXElementDetector? {
        let dir = try requireModelsDirectory().appendingPathComponent("detector")
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("model.json").path) else {
            if required {
                throw ScreenRecognitionError(.model, "no detector installed: \(dir.path)/model.json not found (pass --models DIR)")
            }
            return nil
        }
        return try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load(libraryPath: onnxruntime), threads: threads)
    }

    /// The content models installed in the models folder (§5.2, §5.4), or nil when `--content off`
    /// (or off by `fallback`) or none is installed (an error with an explicit `--content on`). Each
    /// model loads only when its `model.json` is there; one that is there but broken is an error.
    func makeContentRecognizer(default fallback: Switch = .on) throws -> ONNXContentRecognizer? {
        guard (content ?? fallback) == .on else { return nil }
        // Asked for explicitly (`--content on`), missing models are an error; by default, a note-free nil.
        guard let dir = content == .on ? try requireModelsDirectory() : modelsDirectory else { return nil }
        func installed(_ name: String) -> URL? {
            let d = dir.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: d.appendingPathComponent("model.json").path) ? d : nil
        }
        let iconDir = installed("icons"), pictureDir = installed("pictures"), clickDir = installed("clickability")
        let textButtonDir = installed("textbuttons")
        guard iconDir != nil || pictureDir != nil || clickDir != nil || textButtonDir != nil else {
            if content == .on {
                throw ScreenRecognitionError(.model, "--content on, but no content model is installed: none of \(dir.path)/{icons,pictures,clickability,textbuttons}/model.json exists")
            }
            return nil
        }
        let runtime = try ONNXRuntime.load(libraryPath: onnxruntime)
        // The tree ensemble is tiny (one row of 9 features): one thread, no pool to wake.
        return ONNXContentRecognizer(
            icons: try iconDir.map { try ONNXIconClassifier(directory: $0, runtime: runtime, threads: 1) },
            pictures: try pictureDir.map { try ONNXPictureDescriber(directory: $0, runtime: runtime, threads: threads) },
            clickability: try clickDir.map { try ONNXClickabilityModel(directory: $0, runtime: runtime, threads: 1) },
            textButtons: try textButtonDir.map { try ONNXTextButtonClassifier(directory: $0, runtime: runtime, threads: 1) })
    }

    /// The analyzer of every command that reads a screen (analyze, snapshot, annotate, audit), so
    /// they all hear the same thing: with `useModels` (no detections file stands in) the detector,
    /// Tesseract and the content models; without, no detector and no content models unless asked
    /// for (a detections file carries `iconLabel`), but Tesseract still reads the elements whose
    /// `text` the file leaves out (issue 16 §1). The configuration file is laid over the models'
    /// thresholds.
    func makeAnalyzer(config: String?, useModels: Bool) throws -> ScreenAnalyzer {
        let detector = useModels ? try makeDetector() : nil
        let content = try makeContentRecognizer(default: useModels ? .on : .off)
        let configuration = try loadConfiguration(
            config, base: withContentThresholds(withDetectorThresholds(.default, detector: detector), content: content))
        return ScreenAnalyzer(configuration: configuration, detector: detector,
                              textRecognizer: try makeTextRecognizer(default: .tesseract),
                              contentRecognizer: content)
    }

    /// The OCR engine asked for, or `fallback`.
    func ocrEngine(default fallback: OCREngine = .tesseract) -> OCREngine { ocr ?? fallback }

    /// The text recogniser for the chosen engine (nil for `.none`), loaded once.
    func makeTextRecognizer(default fallback: OCREngine = .tesseract) throws -> (any TextRecognizer)? {
        switch ocrEngine(default: fallback) {
        case .none:
            return nil
        case .tesseract:
            return try TesseractTextRecognizer()
        case .ppocr:
            let runtime = try ONNXRuntime.load(libraryPath: onnxruntime)
            return try PPOCRTextRecognizer(modelsDirectory: requireModelsDirectory().appendingPathComponent("ocr"),
                                           runtime: runtime, threads: threads)
        }
    }
}

/// `base` with the per-class thresholds of the detector's PR-curve file (§4.1); a configuration
/// file is laid over the result (``loadConfiguration(_:base:)``), so its thresholds still win.
func withDetectorThresholds(_ base: AnalysisConfiguration, detector: ONNXElementDetector?) -> AnalysisConfiguration {
    guard let detector else { return base }
    var c = base
    for (cls, t) in detector.thresholds { c.postProcessing.confidenceThresholds[cls] = t }
    return c
}

/// `base` with the content models' operating points (the clickability threshold for 90% precision,
/// §5.4); a configuration file laid over the result still wins.
func withContentThresholds(_ base: AnalysisConfiguration, content: ONNXContentRecognizer?) -> AnalysisConfiguration {
    content?.applyingThresholds(to: base) ?? base
}
