import Foundation
@_exported import ScreenRecognition
@_exported import ScreenRecognitionImageIO
import ScreenRecognitionOCR
import ScreenRecognitionONNX

/// Which OCR engine reads text. Both were measured on the same 16 check-set screens
/// (README, Benchmarks/ocr-checkset/RESULTS.md): Tesseract 97.7% of words, 26/26 button lines,
/// 279 ms a screen (median, quiet 2-core machine), 82 MiB; PP-OCRv4 97.6%, 26/26, 383 ms, 387 MiB,
/// and much slower on a busy machine. Tesseract is the default: as accurate, faster, a fifth of the memory.
public enum OCREngine: String, Sendable, Hashable, CaseIterable {
    /// Tesseract 5 through its C API — the default.
    case tesseract
    /// PP-OCRv4 (text detector + recogniser) over ONNX Runtime: no false positives on icons, slower.
    case ppocr
    /// No OCR.
    case none
}

/// How `ScreenAnalyzer/standard(_:)` builds its analyzer. The defaults are `screenrec analyze`'s.
public struct StandardAnalyzerOptions: Sendable {
    /// The models folder (`detector/`, `icons/`, `pictures/`, `clickability/`, `ocr/`); nil: see
    /// ``StandardModels/modelsDirectory(_:)``.
    public var models: URL?
    /// The ONNX Runtime library (`libonnxruntime.so…`); nil: see ``StandardModels/onnxRuntimeLibrary(_:)``.
    public var onnxRuntime: URL?
    /// The OCR engine (default Tesseract).
    public var ocr: OCREngine = .tesseract
    /// Whether the element detector runs. Off when the caller passes its own detections to every
    /// `ScreenAnalyzer/analyze(image:size:detections:)` (`screenrec analyze --detections`).
    public var detector = true
    /// The content models (icon meanings, picture descriptions, icon clickability): nil means on
    /// with the detector and off without it (a detections file carries `iconLabel`); true makes a
    /// missing model an error.
    public var content: Bool?
    /// Intra-op threads per ONNX model (2: the target machine's cores; 1 when several analyzers run
    /// side by side).
    public var threads = 2
    /// Strips a screenshot is cut into for Tesseract, read by as many threads as there are cores
    /// (`TesseractSettings.parallelStrips`; 4, twice the target machine's cores so that two
    /// threads share uneven strips; 1 reads it whole). Independent of ``threads`` so that an
    /// analysis is the same however many run side by side.
    public var ocrStrips = 4
    /// Tesseract languages that read again an element's crop the OCR engine left unread (§5.1),
    /// after Tesseract's single-line English reader; `nil` (the default): Korean where its language
    /// data (`kor.traineddata`, Debian's tesseract-ocr-kor) is installed — most of ui-real valid's
    /// 35 "other" screens (of 299) are Korean apps. Each language named here must be installed.
    public var cropLanguages: [String]?
    /// Applied last, over the models' thresholds: `screenrec --config FILE`, or any change in code
    /// (`{ $0.announcements.includeHints = true }`).
    public var configure: (@Sendable (inout AnalysisConfiguration) throws -> Void)?

    public init(
        models: URL? = nil, onnxRuntime: URL? = nil, ocr: OCREngine = .tesseract, detector: Bool = true,
        content: Bool? = nil, threads: Int = 2, cropLanguages: [String]? = nil, ocrStrips: Int = 4,
        configure: (@Sendable (inout AnalysisConfiguration) throws -> Void)? = nil
    ) {
        self.ocrStrips = ocrStrips
        self.models = models
        self.onnxRuntime = onnxRuntime
        self.ocr = ocr
        self.detector = detector
        self.content = content
        self.threads = threads
        self.cropLanguages = cropLanguages
        self.configure = configure
    }
}

/// Where the shipped models and ONNX Runtime are found: `ModelLocations` — the explicit URL, else
/// `SCREENREC_MODELS` / `SCREENREC_ONNXRUNTIME`, else the package checkout this library was compiled
/// from (no search).
public enum StandardModels {
    /// The environment variable naming the models folder.
    public static let modelsEnvironmentVariable = ModelLocations.modelsEnvironmentVariable
    /// The environment variable naming the ONNX Runtime library file.
    public static let onnxRuntimeEnvironmentVariable = ModelLocations.onnxRuntimeEnvironmentVariable

    /// The root of the package checkout this library was compiled from (`ModelLocations/packageRoot`).
    /// A dependent package built with SwiftPM has it under `.build/checkouts/`; a binary moved to
    /// another machine does not, and then needs `SCREENREC_MODELS` / `SCREENREC_ONNXRUNTIME` or explicit URLs.
    public static var packageRoot: URL { ModelLocations.packageRoot }

    /// The models folder: `explicit`, else `$SCREENREC_MODELS`, else the package checkout's `Models/`.
    ///
    /// - Throws: `.model`, naming the place looked at and what to set, when the folder is not there.
    public static func modelsDirectory(_ explicit: URL? = nil) throws -> URL {
        try ModelLocations.modelsDirectory(explicit)
    }

    /// The ONNX Runtime library: `explicit`, else `$SCREENREC_ONNXRUNTIME`, else the newest
    /// `.deps/onnxruntime/libonnxruntime.so*` in the package checkout (put there by
    /// `scripts/setup-models.sh`), else nil (then `libonnxruntime.so.1` on the system's library path).
    public static func onnxRuntimeLibrary(_ explicit: URL? = nil) -> String? {
        ModelLocations.onnxRuntimeLibrary(explicit)
    }

    /// Loads ONNX Runtime from `explicit`, else as `ONNXRuntime/load(libraryPath:)` finds it; the
    /// error names what is missing and which option or variable to set.
    public static func loadONNXRuntime(_ explicit: URL? = nil) throws -> ONNXRuntime {
        try ONNXRuntime.load(libraryPath: explicit?.path)
    }
}

extension ScreenAnalyzer {
    /// The analyzer `screenrec analyze` runs, with its defaults: the element detector, Tesseract
    /// OCR and the content models shipped in `Models/`, the detector's per-class thresholds and the
    /// content models' operating points, then `options.configure`.
    ///
    /// ```swift
    /// let analyzer = try ScreenAnalyzer.standard()
    /// let analysis = try analyzer.analyze(imageAt: URL(fileURLWithPath: "screen.png"))
    /// ```
    ///
    /// Without a detector in the models folder the OCR text alone becomes the elements (as in the
    /// CLI; the analysis's diagnostics say so). The analyzer is `Sendable` and its ONNX sessions
    /// run concurrently, but one Tesseract instance reads one image at a time: give each thread
    /// its own copy with ``withOwnTextRecognizer()``.
    ///
    /// - Throws: ``ScreenRecognitionError`` `.model` naming what is missing (the models folder, ONNX
    ///   Runtime, Tesseract's language data) or broken; `.invalidInput` from `configure`.
    public static func standard(_ options: StandardAnalyzerOptions = .init()) throws -> ScreenAnalyzer {
        guard (1...64).contains(options.threads) else {
            throw ScreenRecognitionError(.invalidInput, "threads must be between 1 and 64, got \(options.threads)")
        }
        guard (1...8).contains(options.ocrStrips) else {
            throw ScreenRecognitionError(.invalidInput, "ocrStrips must be between 1 and 8, got \(options.ocrStrips)")
        }
        let engines = try StandardEngines(options: options)
        return ScreenAnalyzer(
            configuration: try engines.configuration(), detector: engines.detector,
            textRecognizer: try engines.makeTextRecognizer(), contentRecognizer: engines.content,
            cropReaders: try engines.makeCropReaders(), pictureReader: try engines.makePictureReader())
    }

    /// ``standard(_:)`` with the models folder and ONNX Runtime library given.
    public static func standard(models: URL?, onnxRuntime: URL? = nil) throws -> ScreenAnalyzer {
        try standard(StandardAnalyzerOptions(models: models, onnxRuntime: onnxRuntime))
    }

    /// Decodes the PNG or JPEG at `url` (refusing images over `configuration.limits.maxPixels`) and
    /// analyses it; `detections` stand in for the detector.
    public func analyze(imageAt url: URL, detections: [Detection]? = nil) throws -> ScreenAnalysis {
        let pixels = try loadImage(at: url.path, maxPixels: configuration.limits.maxPixels)
        return try analyze(image: pixels, detections: detections)
    }

    /// This analyzer with a Tesseract instance of its own (the same language data and settings), so
    /// that it can run beside this one on another thread; the ONNX sessions are shared. Other text
    /// recognisers are shared as they are.
    public func withOwnTextRecognizer() throws -> ScreenAnalyzer {
        guard let tesseract = textRecognizer as? TesseractTextRecognizer else { return self }
        var copy = self
        copy.textRecognizer = try TesseractTextRecognizer(
            dataPath: tesseract.dataPath, language: tesseract.language,
            settings: tesseract.settings)
        return copy
    }
}

/// The models behind `ScreenAnalyzer/standard(_:)`, loaded once; also what `screenrec`'s other
/// commands (detect, bench, serve) take their engines from.
public struct StandardEngines: Sendable {
    public let options: StandardAnalyzerOptions
    /// The element detector in `Models/detector/`, or nil when it is off or not installed.
    public let detector: ONNXElementDetector?
    /// The content models installed in the models folder, or nil when off or none is installed.
    public let content: ONNXContentRecognizer?

    /// What to load: the detector, the content models, or both (the default). The text recogniser
    /// is made on demand by ``makeTextRecognizer()``.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let detector = Parts(rawValue: 1)
        public static let content = Parts(rawValue: 2)
        public static let all: Parts = [.detector, .content]
    }

    /// Loads the models of `options` among `parts`.
    public init(options: StandardAnalyzerOptions, loading parts: Parts = .all) throws {
        self.options = options
        let detectorOn = options.detector && parts.contains(.detector)
        let contentOn = (options.content ?? options.detector) && parts.contains(.content)
        // The models folder is required when a model is asked for; content models that are on only
        // by default need no folder (nor does Tesseract, which brings its own data).
        var models: URL?
        if detectorOn || (contentOn && options.content == true) {
            models = try StandardModels.modelsDirectory(options.models)
        } else if contentOn {
            models = try? StandardModels.modelsDirectory(options.models)
        }
        var runtime: ONNXRuntime?
        func loadRuntime() throws -> ONNXRuntime {
            if let runtime { return runtime }
            let r = try StandardModels.loadONNXRuntime(options.onnxRuntime)
            runtime = r
            return r
        }
        func installed(_ name: String, contract: String = "model.json") -> URL? {
            guard let d = models?.appendingPathComponent(name) else { return nil }
            return FileManager.default.fileExists(atPath: d.appendingPathComponent(contract).path) ? d : nil
        }
        if detectorOn, let dir = installed("detector") {
            detector = try ONNXElementDetector(directory: dir, runtime: loadRuntime(), threads: options.threads)
        } else {
            detector = nil
        }
        if contentOn {
            let iconDir = installed("icons")
            let pictureDir = installed("pictures")
            let clickDir = installed("clickability")
            let textButtonDir = installed("textbuttons")
            let faceDir = installed("faces", contract: "pnet/model.json")
            if iconDir == nil && pictureDir == nil && clickDir == nil && textButtonDir == nil && faceDir == nil {
                if options.content == true {
                    let dir = models?.path ?? "the models folder"
                    throw ScreenRecognitionError(
                        .model,
                        "content models asked for (--content on), but no content model is installed: none of \(dir)/{icons,pictures,clickability,textbuttons}/model.json or faces/pnet/model.json exists"
                    )
                }
                content = nil
            } else {
                let runtime = try loadRuntime()
                // The tree ensemble is tiny (one row of 9 features): one thread, no pool to wake.
                content = ONNXContentRecognizer(
                    icons: try iconDir.map { try ONNXIconClassifier(directory: $0, runtime: runtime, threads: 1) },
                    pictures: try pictureDir.map { try ONNXPictureDescriber(directory: $0, runtime: runtime, threads: options.threads) },
                    clickability: try clickDir.map { try ONNXClickabilityModel(directory: $0, runtime: runtime, threads: 1) },
                    textButtons: try textButtonDir.map { try ONNXTextButtonClassifier(directory: $0, runtime: runtime, threads: 1) },
                    faces: try faceDir.map { try ONNXFaceDetector(directory: $0, runtime: runtime, threads: 1) })
            }
        } else {
            content = nil
        }
    }

    /// The analysis configuration these models run with: the defaults, the detector's per-class
    /// thresholds (its PR-curve file, §4.1, at least `PostProcessingSettings.thresholdFloors`), the content models' operating points (the clickability
    /// threshold for 90% precision, §5.4), then the options' `configure`, which wins.
    public func configuration() throws -> AnalysisConfiguration {
        try configuration(detector: detector, content: content)
    }

    /// ``configuration()`` for these models (wrapped, timed or loaded elsewhere).
    public func configuration(detector: ONNXElementDetector?, content: ONNXContentRecognizer?) throws -> AnalysisConfiguration {
        var configuration = AnalysisConfiguration.default
        if let detector {
            // The detector's PR-curve thresholds, raised where they were picked on synthetic screens only.
            for (cls, t) in PostProcessingSettings.floored(detector.thresholds) { configuration.postProcessing.confidenceThresholds[cls] = t }
        }
        if let content { configuration = content.applyingThresholds(to: configuration) }
        try options.configure?(&configuration)
        return configuration
    }

    /// A new text recogniser for the OCR engine asked for (nil for `.none`): each call makes its
    /// own Tesseract instance; PP-OCR's sessions are made afresh too.
    /// Page segmentation mode of the crop readers: 7 (one line) for English, which reads the short
    /// labels the sparse-text mode (11) misses on a lone crop; 6 (one block) for other languages,
    /// which also reads a crop of two lines. Chosen on 20 unread ui-real crops (2026-11-23: English
    /// "New!", "Free", "OK", "Wireless suction" read in mode 7 and not in 11; Korean the same in 6
    /// and 7).
    public static let cropLineMode = 7
    public static let cropBlockMode = 6

    /// The second readers for element crops (`ScreenAnalyzer.cropReaders`): Tesseract's English
    /// in single-line mode, then each of ``StandardAnalyzerOptions/cropLanguages`` (default: Korean
    /// where installed). None without OCR.
    public func makeCropReaders() throws -> [any TextRecognizer] {
        guard options.ocr != .none else { return [] }
        var readers: [any TextRecognizer] = []
        var line = TesseractSettings()
        line.pageSegmentationMode = Self.cropLineMode
        if let english = try? TesseractTextRecognizer(settings: line) {
            readers.append(english)
        }
        var block = TesseractSettings()
        block.pageSegmentationMode = Self.cropBlockMode
        if let languages = options.cropLanguages {
            for language in languages where language != "eng" {
                readers.append(try TesseractTextRecognizer(language: language, settings: block))
            }
        } else if let korean = try? TesseractTextRecognizer(language: "kor", settings: block) {
            readers.append(korean)
        }
        return readers
    }

    /// The reader of text drawn into pictures (`ScreenAnalyzer.pictureReader`): PP-OCR from the
    /// models folder's `ocr/` (put there by `scripts/setup-models.sh`), which reads logos' and
    /// banners' stylised type that Tesseract misses. An ONNX model like the content models, it is on
    /// when they are (`content`, else `detector`: off with a detections file unless content is
    /// asked for, so that such a run loads no model). Nil without OCR or without those models (the
    /// analysis then labels pictures from the whole-screen read alone); a broken model file throws.
    public func makePictureReader() throws -> (any TextRecognizer)? {
        guard options.ocr != .none, options.content ?? options.detector, let models = try? StandardModels.modelsDirectory(options.models) else { return nil }
        let dir = models.appendingPathComponent("ocr")
        guard PPOCRTextRecognizer.isInstalled(in: dir) else { return nil }
        var settings = PPOCRSettings()
        settings.detectionMaxSide = Self.pictureDetectionMaxSide
        return try PPOCRTextRecognizer(
            modelsDirectory: dir, runtime: StandardModels.loadONNXRuntime(options.onnxRuntime), threads: options.threads,
            settings: settings)
    }

    /// The picture reader's text detector sees a picture scaled to at most this many pixels on its
    /// longer side (the whole-screen reader: 1280): a wordmark is large type, and the smaller input
    /// keeps the reader's memory and time down — measured with `screenrec bench` and on ui-real
    /// valid (README, Measured).
    public static let pictureDetectionMaxSide = 640

    public func makeTextRecognizer() throws -> (any TextRecognizer)? {
        switch options.ocr {
        case .none:
            return nil
        case .tesseract:
            var settings = TesseractSettings()
            settings.parallelStrips = options.ocrStrips
            return try TesseractTextRecognizer(settings: settings)
        case .ppocr:
            let models = try StandardModels.modelsDirectory(options.models)
            return try PPOCRTextRecognizer(
                modelsDirectory: models.appendingPathComponent("ocr"),
                runtime: StandardModels.loadONNXRuntime(options.onnxRuntime),
                threads: options.threads)
        }
    }
}
