import Foundation
import ScreenRecognition
import ScreenRecognitionONNX

/// Reads UI text with PP-OCRv4 (a DB text detector and an SVTR/CTC recogniser, Apache-2.0, from the
/// `rapidocr-onnxruntime` 1.4.4 wheel) over ONNX Runtime — the paper's OCR step (§5.1–5.2).
///
/// The pipeline: the detector's probability map at a reduced scale (``PPOCRSettings/detectionMaxSide``)
/// → regions (``PPOCRDetectionPostProcessing``) → crops at 48 px high, batched by aspect ratio → CTC
/// greedy decoding (``PPOCRTextDecoding``) → words split at spaces and gaps, word boxes from the
/// time steps → icon junk dropped (``PPOCRJunkFilter``) → boxes tightened to the text's pixels.
///
/// Models are `ppocrv4-det.onnx` and `ppocrv4-rec.onnx` with their `*.model.json` contracts in one
/// folder (`Models/ocr/`, put there by `scripts/setup-models.sh`). Loading checks each contract
/// (file size, tensor names), reads the dictionary from the recogniser's metadata, and runs each
/// model once on a tiny input to check the output shapes.
public struct PPOCRTextRecognizer: TextRecognizer {
    public let settings: PPOCRSettings
    /// The folder the models were loaded from.
    public let modelsDirectory: URL
    public let alphabet: PPOCRAlphabet

    let detector: ONNXSession
    let recognizer: ONNXSession
    let detContract: ModelContract
    let recContract: ModelContract
    let detInput: String, detOutput: String
    let recInput: String, recOutput: String
    let detNormalizer: PPOCRImageOps.Normalizer
    let recNormalizer: PPOCRImageOps.Normalizer
    let recHeight: Int
    let sizeMultiple: Int

    /// The detector's contract file name.
    public static let detectorContractName = "ppocrv4-det.model.json"
    /// The recogniser's contract file name.
    public static let recognizerContractName = "ppocrv4-rec.model.json"

    /// Loads both models.
    ///
    /// - Parameters:
    ///   - modelsDirectory: the folder holding the `ppocrv4-*.model.json` contracts (or its parent,
    ///     the repository's `Models/`); default `ModelLocations.modelsDirectory()/ocr`
    ///     (`SCREENREC_MODELS`, else the package checkout's `Models/`).
    ///   - runtime: the ONNX Runtime to use; default `ONNXRuntime.load()`.
    ///   - threads: intra-op threads per model (2: the target machine's cores).
    ///   - settings: the detection and recognition settings (``PPOCRSettings``).
    /// - Throws: `.model` with "run scripts/setup-models.sh" when a file is missing, damaged or does
    ///   not match its contract; `.invalidInput` for bad settings.
    public init(
        modelsDirectory: URL? = nil, runtime: ONNXRuntime? = nil, threads: Int = 2,
        settings: PPOCRSettings = .init()
    ) throws {
        try settings.validate()
        self.settings = settings
        let dir = try Self.resolveDirectory(modelsDirectory)
        self.modelsDirectory = dir
        let runtime = try runtime ?? ONNXRuntime.load()

        (detContract, detector) = try Self.open(Self.detectorContractName, in: dir, runtime: runtime, threads: threads)
        (recContract, recognizer) = try Self.open(Self.recognizerContractName, in: dir, runtime: runtime, threads: threads)
        let detExtras = try detContract.extras(PPOCRModelExtras.self)
        let recExtras = try recContract.extras(PPOCRModelExtras.self)
        guard let di = detContract.inputs.first?.name, let dout = detContract.outputs.first?.name,
            let ri = recContract.inputs.first?.name, let rout = recContract.outputs.first?.name
        else {
            throw ScreenRecognitionError(.model, "PP-OCR model contracts in \(dir.path) must name one input and one output each")
        }
        (detInput, detOutput, recInput, recOutput) = (di, dout, ri, rout)
        func normalizer(_ c: ModelContract) -> PPOCRImageOps.Normalizer {
            let n = c.normalization ?? .init(scale: 255, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5])
            return .init(scale: n.scale, mean: n.mean, std: n.std)
        }
        detNormalizer = normalizer(detContract)
        recNormalizer = normalizer(recContract)
        sizeMultiple = max(1, detExtras.sizeMultiple ?? 32)
        recHeight = recExtras.inputHeight ?? 48

        // The dictionary lives in the recogniser's metadata.
        let recPath = recContract.modelURL.path
        let key = recExtras.dictionaryMetadataKey ?? "character"
        let metadata = try ONNXModelFile.metadata(atPath: recPath)
        guard let dictionary = metadata[key], !dictionary.isEmpty else {
            throw ScreenRecognitionError(
                .model, "\(recPath) has no '\(key)' metadata (the recogniser's dictionary): a different or damaged model file (run scripts/setup-models.sh)")
        }
        alphabet = PPOCRAlphabet(dictionary: dictionary, latinOnly: settings.latinOnly)
        if let classes = recExtras.classes, classes != alphabet.count {
            throw ScreenRecognitionError(
                .model, "\(recPath): the dictionary gives \(alphabet.count) classes but the contract says \(classes) (run scripts/setup-models.sh)")
        }

        // Probe both models once: checks ranks and class count, and warms them up.
        let probeDet = try detector.run(
            [detInput: Tensor(shape: [1, 3, 32, 32], values: [Float](repeating: 0, count: 3 * 32 * 32))],
            outputs: [detOutput])[detOutput]
        guard let pd = probeDet, pd.shape.count == 4, pd.shape[2] == 32, pd.shape[3] == 32 else {
            throw ScreenRecognitionError(
                .model,
                "\(detector.name) does not map a [1,3,32,32] input to a [1,1,32,32] probability map (got \(probeDet?.shape ?? [])): not a DB text detector (run scripts/setup-models.sh)"
            )
        }
        let probeRec = try recognizer.run(
            [recInput: Tensor(shape: [1, 3, recHeight, 64], values: [Float](repeating: 0, count: 3 * recHeight * 64))],
            outputs: [recOutput])[recOutput]
        guard let pr = probeRec, pr.shape.count == 3, pr.shape[2] == alphabet.count else {
            throw ScreenRecognitionError(
                .model,
                "\(recognizer.name) does not give [N, T, \(alphabet.count)] class probabilities (got \(probeRec?.shape ?? [])): not the PP-OCRv4 recogniser its dictionary belongs to (run scripts/setup-models.sh)"
            )
        }
    }

    /// Opens a model through its contract (``ONNXModel``); every model error says how to fix it.
    static func open(_ contractName: String, in directory: URL, runtime: ONNXRuntime, threads: Int) throws -> (ModelContract, ONNXSession) {
        do {
            let (session, contract) = try ONNXModel.load(
                directory: directory, kind: .ppocr, runtime: runtime, threads: threads,
                contractName: contractName)
            return (contract, session)
        } catch let error as ScreenRecognitionError where error.kind == .model && !error.message.contains("setup-models.sh") {
            throw ScreenRecognitionError(.model, "\(error.message) (run scripts/setup-models.sh)")
        }
    }

    /// Whether `directory` holds both models with their contracts (`scripts/setup-models.sh` puts
    /// the ONNX files beside the tracked contracts); the recogniser's initialiser checks the rest.
    public static func isInstalled(in directory: URL) -> Bool {
        let fm = FileManager.default
        return [detectorContractName, recognizerContractName].allSatisfy { contract in
            fm.fileExists(atPath: directory.appendingPathComponent(contract).path)
                && fm.fileExists(atPath: directory.appendingPathComponent(contract.replacingOccurrences(of: ".model.json", with: ".onnx")).path)
        }
    }

    static func resolveDirectory(_ given: URL?) throws -> URL {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let given {
            candidates = [given, given.appendingPathComponent("ocr")]
        } else {
            let models = try ModelLocations.modelsDirectory()
            candidates = [models.appendingPathComponent("ocr"), models]
        }
        for c in candidates where fm.fileExists(atPath: c.appendingPathComponent(detectorContractName).path) {
            return c
        }
        let looked = candidates.map(\.path).joined(separator: ", ")
        throw ScreenRecognitionError(
            .model,
            "PP-OCR model contracts (\(detectorContractName), \(recognizerContractName)) not found in \(looked) (run scripts/setup-models.sh, or pass the models folder: --models DIR, or set \(ModelLocations.modelsEnvironmentVariable))"
        )
    }

    // MARK: - TextRecognizer

    public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        let boxes = try detectText(in: image, region: region)
        return try recognizeLines(in: image, boxes: boxes, within: region)
    }

    /// The detector's line boxes in image pixels (grown by the unclip margin, not yet tightened).
    public func detectText(in image: RGBAImage, region: Rect?) throws -> [Rect] {
        let area = region ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        guard let r = PPOCRImageOps.pixelRect(area, width: image.width, height: image.height) else { return [] }
        let w = r.x1 - r.x0
        let h = r.y1 - r.y0
        let (mapW, mapH) = detectionSize(width: w, height: h)
        var input = [Float](repeating: 0, count: 3 * mapW * mapH)
        let source = Rect(minX: Double(r.x0), minY: Double(r.y0), maxX: Double(r.x1), maxY: Double(r.y1))
        PPOCRImageOps.resample(
            image, source: source, outWidth: mapW, outHeight: mapH, normalizer: detNormalizer,
            into: &input, offset: 0, planeSize: mapW * mapH, rowStride: mapW)
        let out = try detector.run([detInput: Tensor(shape: [1, 3, mapH, mapW], values: input)], outputs: [detOutput])
        guard let map = out[detOutput], map.shape.count == 4, map.shape[2] * map.shape[3] == map.values.count else {
            throw ScreenRecognitionError(.runtime, "\(detector.name) returned no probability map")
        }
        let (ph, pw) = (map.shape[2], map.shape[3])
        let regions = PPOCRDetectionPostProcessing.regions(
            probabilities: map.values, width: pw, height: ph, threshold: settings.binarizationThreshold,
            boxScoreThreshold: settings.boxScoreThreshold, unclipRatio: settings.unclipRatio,
            minimumSide: settings.minimumRegionSide)
        let sx = Double(w) / Double(pw)
        let sy = Double(h) / Double(ph)
        return regions.compactMap { reg in
            let b = Rect(
                minX: Double(r.x0) + reg.box.minX * sx, minY: Double(r.y0) + reg.box.minY * sy,
                maxX: Double(r.x0) + reg.box.maxX * sx, maxY: Double(r.y0) + reg.box.maxY * sy
            )
            .clamped(width: Double(image.width), height: Double(image.height))
            return b.width >= 2 && b.height >= 2 ? b : nil
        }
    }

    /// The detector's input size for a `width × height` image: scaled down so the longer side is at
    /// most `detectionMaxSide`, or up (at most `detectionMaxUpscale`) so the shorter side reaches
    /// `detectionMinSide`, at most 4096 × 4096 in all, each side a multiple of 32.
    func detectionSize(width: Int, height: Int) -> (Int, Int) {
        let long = Double(max(width, height))
        let short = Double(min(width, height))
        var s = settings.detectionMaxSide > 0 ? min(1, Double(settings.detectionMaxSide) / long) : 1
        if short * s < Double(settings.detectionMinSide) {
            s = max(s, min(settings.detectionMaxUpscale, Double(settings.detectionMinSide) / short))
            if settings.detectionMaxSide > 0 { s = min(s, Double(settings.detectionMaxSide) / long) }
        }
        let cap = 4096.0 * 4096.0
        if Double(width) * Double(height) * s * s > cap { s = (cap / (Double(width) * Double(height))).squareRoot() }
        let m = Double(sizeMultiple)
        let mw = max(sizeMultiple, Int((Double(width) * s / m).rounded()) * sizeMultiple)
        let mh = max(sizeMultiple, Int((Double(height) * s / m).rounded()) * sizeMultiple)
        return (mw, mh)
    }

    /// Reads the text in each box (image pixels, e.g. from ``detectText(in:region:)``) and returns
    /// the lines kept, in reading order. `region` bounds the crops (their padding stays inside it).
    public func recognizeLines(in image: RGBAImage, boxes: [Rect], within region: Rect? = nil) throws -> [RecognizedText] {
        let bounds = (region ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
            .clamped(width: Double(image.width), height: Double(image.height))
        struct Crop {
            var box: Rect
            var source: Rect
            var width: Int
        }
        let crops: [Crop] = boxes.compactMap { box in
            guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite,
                box.width >= 1, box.height >= 1
            else { return nil }
            let pad = box.height * settings.recognitionPadding
            guard let source = box.insetBy(dx: -pad, dy: -pad).intersection(bounds), source.height >= 1, source.width >= 1 else { return nil }
            let w = min(settings.recognitionMaxWidth, max(8, Int((Double(recHeight) * source.width / source.height).rounded(.up))))
            return Crop(box: box, source: source, width: w)
        }
        let order = crops.indices.sorted { crops[$0].width < crops[$1].width }
        var lines: [(Int, RecognizedText)] = []
        let batch = settings.recognitionBatchSize
        var start = 0
        while start < order.count {
            // A batch is padded to its widest crop, and the padding costs more than batching saves:
            // batch only crops of about the same width (sorted by width above).
            var end = start + 1
            let limit = Double(crops[order[start]].width) * (1 + settings.recognitionBatchWidthTolerance)
            while end < order.count, end - start < batch, Double(crops[order[end]].width) <= limit { end += 1 }
            let ids = Array(order[start..<end])
            start = end
            let padded = ((ids.map { crops[$0].width }.max() ?? 8) + 7) / 8 * 8
            let plane = recHeight * padded
            var input = [Float](repeating: 0, count: ids.count * 3 * plane)
            for (k, i) in ids.enumerated() {
                PPOCRImageOps.resample(
                    image, source: crops[i].source, outWidth: crops[i].width, outHeight: recHeight,
                    normalizer: recNormalizer, into: &input, offset: k * 3 * plane,
                    planeSize: plane, rowStride: padded)
            }
            let out = try recognizer.run([recInput: Tensor(shape: [ids.count, 3, recHeight, padded], values: input)], outputs: [recOutput])
            guard let probs = out[recOutput], probs.shape.count == 3, probs.shape[0] == ids.count,
                probs.shape[0] * probs.shape[1] * probs.shape[2] == probs.values.count
            else {
                throw ScreenRecognitionError(.runtime, "\(recognizer.name) returned no [N, T, C] probabilities")
            }
            let steps = probs.shape[1]
            let classes = probs.shape[2]
            let stepWidth = Double(padded) / Double(max(1, steps))  // input pixels per time step
            probs.values.withUnsafeBufferPointer { p in
                for (k, i) in ids.enumerated() {
                    let chars = PPOCRTextDecoding.decode(
                        p, offset: k * steps * classes, timeSteps: steps, classes: classes, alphabet: alphabet,
                        splitMass: settings.emitSplitCharacters)
                    if let line = assemble(
                        chars, crop: crops[i].source, resizedWidth: crops[i].width,
                        stepWidth: stepWidth, lineBox: crops[i].box, image: image)
                    {
                        lines.append((i, line))
                    }
                }
            }
        }
        return Self.readingOrder(lines.map(\.1))
    }

    /// Top to bottom, then left to right: a line sharing at least half of the smaller height with
    /// a row's first line belongs to that row.
    static func readingOrder(_ lines: [RecognizedText]) -> [RecognizedText] {
        let byCentre = lines.sorted { ($0.box.midY, $0.box.minX) < ($1.box.midY, $1.box.minX) }
        var rows: [[RecognizedText]] = []
        for line in byCentre {
            if let first = rows.last?.first, line.box.yOverlap(first.box) >= min(line.box.height, first.box.height) / 2 {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.flatMap { $0.sorted { $0.box.minX < $1.box.minX } }
    }

    /// Words, junk filter and boxes for one decoded crop.
    func assemble(
        _ chars: [PPOCRCharacter], crop: Rect, resizedWidth: Int, stepWidth: Double,
        lineBox: Rect, image: RGBAImage
    ) -> RecognizedText? {
        // Gap between consecutive characters, in time steps, that starts a new word.
        let maxGap = settings.wordGapFactor * Double(recHeight) / stepWidth
        let all = PPOCRTextDecoding.words(chars, maxGapSteps: maxGap)
        guard !all.isEmpty else { return nil }

        // Time step → image x: steps are `stepWidth` input pixels; the crop was resized to `resizedWidth`.
        let k = crop.width / Double(resizedWidth)
        func x(_ step: Double) -> Double { crop.minX + step * stepWidth * k }
        let lineTight = settings.tightenBoxes ? PPOCRImageOps.tighten(lineBox, in: image) : lineBox
        var boxes: [Rect] = []
        for (j, w) in all.enumerated() {
            // Word edges: halfway between this word's outer characters and its neighbours'.
            let left = j == 0 ? lineBox.minX : x((Double(all[j - 1].lastStep + 1) + Double(w.firstStep)) / 2)
            let right = j == all.count - 1 ? lineBox.maxX : x((Double(w.lastStep + 1) + Double(all[j + 1].firstStep)) / 2)
            let slot = Rect(minX: max(lineBox.minX, left), minY: lineTight.minY, maxX: min(lineBox.maxX, right), maxY: lineTight.maxY)
            guard slot.width > 0, slot.height > 0 else {
                boxes.append(slot)
                continue
            }
            boxes.append(settings.tightenBoxes ? PPOCRImageOps.tighten(slot, in: image, backgroundFrom: lineBox) : slot)
        }
        let kept = PPOCRJunkFilter.keptRange(all.map(\.text), boxes: boxes)
        guard !kept.isEmpty else { return nil }
        var words = Array(all[kept])
        let wordBoxes = Array(boxes[kept])
        // A degree sign is read as "0", "o" or "9" ("5°" → "50"): after a digit, a last character whose
        // pixels sit in the upper part of the line is a "°". (A real "0" spans the digits' height,
        // so this never turns "50" into "5°".)
        for j in words.indices {
            guard let mended = DegreeSign.mended(words[j].text, lookalikes: ["0", "o", "O", "9"]) else { continue }
            let step = Double(words[j].lastStep)
            let slot = Rect(
                minX: max(lineBox.minX, x(step - 0.25)), minY: lineTight.minY,
                maxX: min(lineBox.maxX, x(step + 1.25)), maxY: lineTight.maxY)
            guard slot.width > 0, lineTight.height > 0 else { continue }
            let ink = PPOCRImageOps.tighten(slot, in: image, backgroundFrom: lineBox)
            if ink.maxY <= lineTight.minY + DegreeSign.raisedBottomShare * lineTight.height && ink.height <= 0.6 * lineTight.height {
                words[j].text = mended
            }
        }
        let text = words.map(\.text).joined(separator: " ")
        let letters = words.reduce(0) { $0 + $1.text.count }
        let confidence = words.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(max(1, letters))
        guard PPOCRJunkFilter.keepLine(text: text, confidence: confidence, settings: settings) else { return nil }
        // The line is the union of its words: a dropped chevron or icon no longer widens it.
        let box = wordBoxes.dropFirst().reduce(wordBoxes[0]) { $0.union($1) }
        return RecognizedText(
            text: text, box: box, confidence: confidence,
            words: zip(words, wordBoxes).map { RecognizedText.Word(text: $0.text, box: $1, confidence: $0.confidence) })
    }
}

extension ModelKind {
    /// PP-OCRv4's `ppocrv4-det.model.json` / `ppocrv4-rec.model.json`: contracts written for
    /// third-party files (Models/ocr/MODEL_CARD.md), with no `format` key.
    static let ppocr = ModelKind(name: "PP-OCR model", format: nil)
}

/// The PP-OCR keys of a `ppocrv4-*.model.json` beyond ``ModelContract``'s.
struct PPOCRModelExtras: Decodable {
    /// Detector: input sides must be multiples of this.
    var sizeMultiple: Int?
    /// Recogniser: input height.
    var inputHeight: Int?
    /// Recogniser: number of output classes (blank + dictionary + space).
    var classes: Int?
    /// Recogniser: the metadata_props key holding the dictionary.
    var dictionaryMetadataKey: String?
}
