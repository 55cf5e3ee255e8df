import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionMetrics

/// `screenrec eval`: the paper's evaluations — detection AP per class (§4.3, Table 1), the confusion
/// matrix (Fig. 6), precision-recall curves (Fig. 5) and navigation-order metrics (§5.6).
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate detections against COCO ground truth (AP per class, Table 1) and navigation orders.",
        discussion: """
            Detection: --dataset COCO.json --detections FILE, where FILE holds the JSON lines printed by \
            `screenrec detect` (matched to data-set images by file name) or a COCO results array \
            ([{"image_id", "category_id", "bbox", "score"}]).
            Ordering: --order FILE with {"screens": [{"id", "truth": [ids…], "predicted": [ids…]}]}.
            Announcements: --dataset COCO.json --images DIR --announcements runs the whole analysis (detector, \
            OCR, content models) on each image and reports label coverage by kind and, where the data set \
            labels clickable text (ui-real's TextButton vs Text), text-button precision and recall.
            """)

    enum LabelMapChoice: String, ExpressibleByArgument, CaseIterable {
        case auto
        case screenRecognition = "screen-recognition"
        case uiReal = "ui-real"
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("COCO ground truth (images, annotations, categories).", valueName: "COCO.json"))
    var dataset: String?

    @Option(help: ArgumentHelp("Detections: `screenrec detect` JSON lines or a COCO results array.", valueName: "file"))
    var detections: String?

    @Option(help: ArgumentHelp("Run the detector on the data set's images in this folder instead of reading --detections.", valueName: "dir"))
    var images: String?

    @OptionGroup var modelOptions: ModelOptions

    @Option(help: "How category names map to our classes: auto, screen-recognition or ui-real.")
    var labelMap: LabelMapChoice = .auto

    @Flag(help: "Merge selected/unselected toggles and checkboxes (automatic for data sets without states, e.g. ui-real).")
    var mergeStates = false

    @Option(help: ArgumentHelp("Leave detections below this confidence out of the confusion matrix (AP uses all).", valueName: "c"))
    var confusionMinConfidence: Double = 0

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp(
            "Write precision-recall curves into this folder: CLASS.csv (IoU) and CLASS-center.csv, columns recall,precision,threshold.", valueName: "dir"))
    var prCurves: String?

    @Option(help: ArgumentHelp("Evaluate navigation orders from this JSON file.", valueName: "file"))
    var order: String?

    @Flag(help: "Grouping (§5.5): run the pipeline on --dataset's ground-truth boxes and report the element-count reduction.")
    var grouping = false

    @Flag(help: "Announcements: analyse --images fully and report label coverage by kind and text-button precision/recall (instead of detection AP).")
    var announcements = false

    @Option(help: ArgumentHelp("With --announcements, analyse only the first n images of the data set.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("With --announcements, an AnalysisConfiguration JSON file laid over the defaults.", valueName: "file"))
    var config: String?

    func validate() throws {
        if announcements, dataset == nil || images == nil {
            throw ValidationError("--announcements needs --dataset and --images")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if grouping, dataset == nil {
            throw ValidationError("--grouping needs --dataset")
        }
        if detections != nil, images != nil {
            throw ValidationError("give --detections or --images, not both")
        }
        if dataset != nil, detections == nil, images == nil, !grouping {
            throw ValidationError("--dataset needs --detections or --images")
        }
        if (detections ?? images) != nil, dataset == nil {
            throw ValidationError("--detections needs --dataset (the ground truth to compare with)")
        }
        if dataset == nil, order == nil {
            throw ValidationError("nothing to evaluate: give --dataset and --detections, or --order")
        }
        if prCurves != nil, dataset == nil {
            throw ValidationError("--pr-curves needs --dataset and --detections")
        }
        guard confusionMinConfidence.isFinite, (0...1).contains(confusionMinConfidence) else {
            throw ValidationError("--confusion-min-confidence must be within 0...1")
        }
    }

    /// What `--format json` prints: the library's result types (curves go to `--pr-curves`).
    struct Report: Encodable {
        var detection: DetectionEvaluation?
        var ordering: OrderingSummary?
        var grouping: GroupingSummary?
        var labelCoverage: LabelCoverage?
        var textButtons: TextButtonMetrics?
        var iconAndTextButtons: TextButtonMetrics?
    }

    func run() throws {
        try CLIErrors.run { try evaluate() }
    }

    private func evaluate() throws {
        var report = Report()
        if let dataset, let images, announcements {
            let (coverage, buttons, iconButtons) = try evaluateAnnouncements(datasetPath: dataset, images: images)
            report.labelCoverage = coverage
            report.textButtons = buttons
            report.iconAndTextButtons = iconButtons
        } else if let dataset, detections != nil || images != nil {
            report.detection = try evaluateDetections(datasetPath: dataset)
        }
        if let dataset, grouping {
            let data = try CocoDataset(contentsOf: URL(fileURLWithPath: dataset))
            let map = try chosenLabelMap(data)
            report.grouping = try GroupingSummary.evaluate(dataset: data, labelMap: map)
        }
        if let order {
            let data = try readInputFile(order)
            let file = try OrderingDataset(jsonData: data)
            guard !file.screens.isEmpty else { throw ValidationError("\(order): no screens to evaluate") }
            report.ordering = try OrderingMetrics.evaluate(file.screens)
        }
        switch format {
        case .json:
            report.detection = report.detection?.droppingCurves()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        case .text:
            var sections: [String] = []
            if let d = report.detection {
                let bySource = d.sourceText()
                sections.append(
                    d.summaryText() + "\n\n" + d.tableText() + (bySource.isEmpty ? "" : "\n\n" + bySource)
                        + "\n\n" + d.confusionText())
            }
            if let o = report.ordering { sections.append(o.text()) }
            if let g = report.grouping { sections.append(g.text()) }
            if let c = report.labelCoverage { sections.append(c.text()) }
            if let b = report.textButtons { sections.append(b.text()) }
            if let b = report.iconAndTextButtons { sections.append(b.text()) }
            print(sections.joined(separator: "\n\n"))
        }
    }

    /// Runs the analyzer `analyze` uses on each data-set image and scores what it announces. Text
    /// buttons are judged against the data set's own category names "TextButton" (clickable text)
    /// and "Text" (ui-real's labels; README of the data set), buttons showing an icon and text
    /// against "TextImageButton".
    private func evaluateAnnouncements(datasetPath: String, images: String) throws -> (LabelCoverage, TextButtonMetrics?, TextButtonMetrics?) {
        let data = try CocoDataset(contentsOf: URL(fileURLWithPath: datasetPath))
        let analyzer = try modelOptions.makeAnalyzer(config: config, useModels: true)
        let buttonIDs = Set(data.categories.filter { $0.name == "TextButton" }.map(\.id))
        let textIDs = Set(data.categories.filter { $0.name == "Text" }.map(\.id))
        let iconButtonIDs = Set(data.categories.filter { $0.name == "TextImageButton" }.map(\.id))
        var iconButtons = TextButtonMetrics(kind: .iconAndText)
        var analyses: [ScreenAnalysis] = []
        var buttons = TextButtonMetrics()
        var missing = 0
        let chosen = limit.map { Array(data.images.prefix($0)) } ?? data.images
        for (n, image) in chosen.enumerated() {
            let path = URL(fileURLWithPath: images).appendingPathComponent(image.fileName).path
            guard FileManager.default.fileExists(atPath: path) else {
                missing += 1
                continue
            }
            let pixels = try loadImage(at: path, maxPixels: analyzer.configuration.limits.maxPixels)
            let analysis = try analyzer.analyze(image: pixels)
            analyses.append(analysis)
            let boxes = data.annotations.filter { $0.imageID == image.id }
            buttons.add(
                analysis, buttons: boxes.filter { buttonIDs.contains($0.categoryID) }.map(\.bbox),
                staticTexts: boxes.filter { textIDs.contains($0.categoryID) }.map(\.bbox))
            iconButtons.add(
                analysis, buttons: boxes.filter { iconButtonIDs.contains($0.categoryID) }.map(\.bbox),
                staticTexts: boxes.filter { textIDs.contains($0.categoryID) }.map(\.bbox))
            if (n + 1) % 25 == 0 { FileHandle.standardError.write(Data("eval: analysed \(n + 1)/\(chosen.count) images\n".utf8)) }
        }
        if missing > 0 { warn("\(missing) of \(chosen.count) data-set images are not in \(images); they were skipped") }
        guard !analyses.isEmpty else { throw ScreenRecognitionError(.io, "none of the data set's images is in \(images)") }
        return (LabelCoverage(analyses: analyses), buttonIDs.isEmpty ? nil : buttons, iconButtonIDs.isEmpty ? nil : iconButtons)
    }

    private func chosenLabelMap(_ data: CocoDataset) throws -> LabelMap {
        switch labelMap {
        case .auto: try LabelMap.detect(categoryNames: data.categories.map(\.name))
        case .screenRecognition: .screenRecognition
        case .uiReal: .uiReal
        }
    }

    private func evaluateDetections(datasetPath: String) throws -> DetectionEvaluation {
        let data = try CocoDataset(contentsOf: URL(fileURLWithPath: datasetPath))
        let map = try chosenLabelMap(data)
        let loaded = try loadDetections(for: data, labelMap: map)
        let result = DetectionMetrics.evaluate(
            dataset: data, labelMap: map, detections: loaded,
            options: DetectionEvaluationOptions(mergeStates: mergeStates, confusionMinimumConfidence: confusionMinConfidence))
        if let input = result.input, !input.unknownImages.isEmpty {
            warn("\(input.unknownImages.count) images in the detections file are not in the data set, e.g. \(input.unknownImages[0])")
        }
        if let prCurves { try writeCurves(result, to: prCurves) }
        return result
    }

    /// The detections to evaluate: read from `--detections FILE`, or made by running the detector on
    /// each data-set image found in `--images DIR` (every candidate scoring at least 0.001, NMS
    /// applied, no per-class threshold: AP sweeps all confidences).
    private func loadDetections(for data: CocoDataset, labelMap: LabelMap) throws -> LoadedDetections {
        if let images {
            // AP integrates over every confidence: keep candidates down to 0.001 (COCO's practice).
            let detector = try modelOptions.makeDetector(required: true)!.withCandidateFloor(0.001)
            var settings = PostProcessingSettings()
            settings.confidenceThresholds = PostProcessingSettings.uniformThresholds(0)
            var byID: [Int: [Detection]] = [:]
            var missing = 0
            for (n, image) in data.images.enumerated() {
                let path = URL(fileURLWithPath: images).appendingPathComponent(image.fileName).path
                guard FileManager.default.fileExists(atPath: path) else {
                    missing += 1
                    continue
                }
                let pixels = try loadInputImage(at: path, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
                byID[image.id] = PostProcessing.run(try detector.detect(in: pixels), settings: settings)
                if (n + 1) % 50 == 0 { writeStandardError("eval: detected \(n + 1)/\(data.images.count) images\n") }
            }
            if missing > 0 { warn("\(missing) of \(data.images.count) data-set images are not in \(images); they count as having no detections") }
            guard !byID.isEmpty else { throw ScreenRecognitionError(.io, "none of the data set's images is in \(images)") }
            return LoadedDetections(format: .jsonLines, byImageID: byID)
        }
        guard let detections else { throw ValidationError("--dataset needs --detections or --images") }
        return try DetectionsFile.load(contentsOf: URL(fileURLWithPath: detections), dataset: data, labelMap: labelMap)
    }

    private func writeCurves(_ result: DetectionEvaluation, to directory: String) throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for c in result.classes {
                for (suffix, curve) in [("", c.curve), ("-center", c.centerCurve)] {
                    var csv = "recall,precision,threshold\n"
                    for p in curve { csv += "\(p.recall),\(p.precision),\(p.threshold)\n" }
                    try csv.write(to: folder.appendingPathComponent("\(c.type.rawValue)\(suffix).csv"), atomically: true, encoding: .utf8)
                }
            }
        } catch {
            throw ScreenRecognitionError(.io, "cannot write precision-recall curves to \(directory): \(error.localizedDescription)")
        }
    }

    private func warn(_ message: String) {
        writeStandardError("warning: \(message)\n")
    }
}
