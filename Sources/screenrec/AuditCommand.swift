import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO

enum AuditFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, html
}

extension HierarchyFormat: ExpressibleByArgument {}
extension Platform: ExpressibleByArgument {}

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Audit a screenshot from its pixels, and the app's own accessibility tree against it when given.",
        discussion: """
            Pixel rules run on every screenshot, with or without a tree: textContrast (WCAG 2.2 SC 1.4.3), \
            nonTextContrast (SC 1.4.11), truncatedText, smallText, and smallTouchTarget from the visible \
            size when there is no tree. Sizes in pt/dp come from --point-scale or --scale, else the tree, \
            else the screenshot size (known iPhone and Android sizes); the report says which.

            The hierarchy is XCUITest's XCUIApplication().debugDescription text (frames in points), a \
            `uiautomator dump` XML (pixels), an Appium page source (iOS XCUITest or Android UiAutomator2 \
            XML), AccessibilitySnapshot's Codable JSON (points; the scale from a known iPhone screenshot \
            size, else --scale), or `screenrec analyze` JSON; the format is recognised from the content. Points become pixels by the screenshot's scale (its width over the root frame's \
            width, or --scale). Rules: unexposedElement, missingLabel, labelMismatch, missingTrait, \
            shouldGroup, orderMismatch, smallTouchTarget, poorlySpokenText, modalNotBlocking.

            With a folder, every PNG/JPEG in it is audited, against the tree file of the same name when \
            there is one (NAME.png with NAME.xcuitest.txt, NAME.xml, NAME.json …; NAME.detections.json \
            is used as its detections; other files, such as NAME.transcript.txt, are ignored), else from \
            its pixels alone; findings repeated across screens are reported once, with their count.
            """
    )

    @Argument(help: "A screenshot (PNG or JPEG), or a folder of screenshots with their hierarchy files.")
    var path: String

    @Option(help: "The app's accessibility tree for the screenshot.")
    var hierarchy: String?

    @Option(
        help: ArgumentHelp(
            "The hierarchy's format (default: recognised from its content).", valueName: "auto|xcuitest|uiautomator|analysis|accessibility-snapshot"))
    var hierarchyFormat: HierarchyFormat = .auto

    @OptionGroup var analysis: AnalysisOptions

    @Option(help: "Report format: text, json, sarif (2.1.0) or html (self-contained, with the overlay picture).")
    var format: AuditFormat = .text

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        help:
            "Image pixels per hierarchy unit (default: the image width over the root frame's width); without a hierarchy, image pixels per point or dp (default: from the screenshot size)."
    )
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "Whose guidelines the pixel rules apply (default: the hierarchy's, else guessed from the screenshot size).", valueName: "ios|android"))
    var platform: Platform?

    @Option(help: "Image pixels per point (iOS) or dp (Android) for touch-target sizes (default: --scale on iOS; image width / 411 on Android).")
    var pointScale: Double?

    @Option(help: ArgumentHelp("Also write the screenshot with the findings drawn and numbered to this PNG (one screen only).", valueName: "png"))
    var overlay: String?

    @Flag(help: "Exit with status 1 when there is an error-severity finding.")
    var strict = false

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 10) { throw ValidationError("--scale must be between 0 and 10") }
        if let pointScale, !(pointScale > 0 && pointScale <= 10) { throw ValidationError("--point-scale must be between 0 and 10") }
    }

    func run() throws {
        var isDir: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        if folder, hierarchy != nil || analysis.detections != nil || overlay != nil {
            throw ValidationError("--hierarchy, --detections and --overlay name one screen's files; a folder pairs files by name")
        }
        var hasErrors = false
        try CLIErrors.run {
            // The detector (and ONNX Runtime) is loaded only when some screen has no detections file.
            try checkOutputPath(output)
            try checkOutputPath(overlay, option: "--overlay")
            let needsDetector = folder ? try screensWithoutDetections() > 0 : analysis.detections == nil
            let engine = try AuditEngine(options: modelOptions, config: analysis.config, useDetector: needsDetector)
            if folder {
                let batch = try auditFolder(engine)
                hasErrors = batch.findings.contains { $0.severity == .error }
                switch format {
                case .text: try writeOutput(Data(batch.text.utf8), to: output)
                case .json: try writeOutput(batch.jsonData(), to: output)
                case .sarif: try writeOutput(batch.sarifData(), to: output)
                case .html:
                    var overlays: [String: Data] = [:]
                    for r in batch.reports {
                        let pixels = try loadInputImage(
                            at: (path as NSString).appendingPathComponent(r.image), maxPixels: engine.configuration.limits.maxPixels)
                        overlays[r.image] = try encodePNG(Overlay.findings(pixels, report: r), favorSpeed: true)
                    }
                    try writeOutput(Data(batch.html(overlays: overlays).utf8), to: output)
                }
                if batch.screens.contains(where: { $0.error != nil }) { throw ExitCode(65) }
            } else {
                let (report, pixels) = try engine.audit(
                    image: path, hierarchy: hierarchy, detections: analysis.detections,
                    format: hierarchyFormat, scale: scale, pointScale: pointScale, platform: platform)
                hasErrors = report.count(.error) > 0
                if let overlay { try writeOutput(try encodePNG(Overlay.findings(pixels, report: report)), to: overlay, option: "--overlay") }
                switch format {
                case .text: try writeOutput(Data(report.text.utf8), to: output)
                case .json: try writeOutput(report.jsonData(), to: output)
                case .sarif: try writeOutput(report.sarifData(), to: output)
                case .html:
                    let png = try encodePNG(Overlay.findings(pixels, report: report))
                    try writeOutput(Data(report.html(overlayPNG: png).utf8), to: output)
                }
            }
        }
        if strict && hasErrors { throw ExitCode(1) }
    }

    /// The number of images in the folder without a NAME.detections.json beside them.
    func screensWithoutDetections() throws -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .filter { !names.contains((($0 as NSString).deletingPathExtension) + ".detections.json") }.count
    }

    /// Audits every image in the folder against the file that shares its name.
    func auditFolder(_ engine: AuditEngine) throws -> BatchReport {
        let dir = URL(fileURLWithPath: path)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        } catch {
            throw ScreenRecognitionError(.io, "cannot list \(path): \((error as NSError).localizedDescription)")
        }
        let images = names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
        guard !images.isEmpty else { throw ScreenRecognitionError(.invalidInput, "\(path) holds no PNG or JPEG screenshots") }
        var reports: [AuditReport] = []
        var failures: [(image: String, hierarchy: String?, error: String)] = []
        let progress = Progress(total: images.count)
        for (n, image) in images.enumerated() {
            progress.show(n, image)
            let stem = (image as NSString).deletingPathExtension
            let detectionsName = stem + ".detections.json"
            let candidates = Self.treeFiles(for: image, among: names, in: dir)
            guard candidates.count <= 1 else {
                failures.append((image, nil, "several hierarchy files: \(candidates.joined(separator: ", "))"))
                continue
            }
            do {
                var (report, _) = try engine.audit(
                    image: dir.appendingPathComponent(image).path, hierarchy: candidates.first.map { dir.appendingPathComponent($0).path },
                    detections: names.contains(detectionsName) ? dir.appendingPathComponent(detectionsName).path : nil,
                    format: hierarchyFormat, scale: scale, pointScale: pointScale, platform: platform)
                report.image = image
                report.hierarchy = candidates.first
                reports.append(report)
            } catch let e as ScreenRecognitionError {
                failures.append((image, candidates.first, e.message))
            }
        }
        progress.finish()
        return BatchReport(reports: reports, failures: failures)
    }
}

extension Audit {
    /// The files beside `image` that hold its accessibility tree: NAME.* with a .txt, .xml or .json
    /// extension whose content is a tree format (XCUITest text, uiautomator XML, analysis JSON) —
    /// so NAME.detections.json, NAME.transcript.txt and other notes beside the screenshots are ignored.
    static func treeFiles(for image: String, among names: [String], in dir: URL) -> [String] {
        let stem = (image as NSString).deletingPathExtension
        return names.filter { name in
            guard name.hasPrefix(stem + "."), name != image else { return false }
            let ext = (name as NSString).pathExtension.lowercased()
            guard ["txt", "xml", "json"].contains(ext) else { return false }
            // Another screenshot's files (NAME.dark.png's NAME.dark.xml) are not this one's.
            let middle = name.dropFirst(stem.count + 1).dropLast(ext.count + 1)
            if names.contains(where: {
                ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased())
                    && $0 != image && ($0 as NSString).deletingPathExtension == stem + "." + middle
            }) {
                return false
            }
            if [".detections.json", ".transcript.txt"].contains(where: { name.hasSuffix($0) }) { return false }
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else { return false }
            return AccessibilityHierarchy.isHierarchy(data)
        }
    }
}

/// What `audit` needs for each screen, loaded once: configuration, detector, OCR and content models.
struct AuditEngine {
    var configuration: AnalysisConfiguration
    var analyzer: ScreenAnalyzer
    var options: ModelOptions

    init(options: ModelOptions, config: String?, useDetector: Bool) throws {
        self.options = options
        analyzer = try options.makeAnalyzer(config: config, useModels: useDetector)
        configuration = analyzer.configuration
    }

    /// Analyses the screenshot (from the detections file, else the detector) and audits it: the
    /// pixel rules, and the hierarchy when there is one.
    func audit(
        image: String, hierarchy: String?, detections: String?, format: HierarchyFormat,
        scale: Double?, pointScale: Double?, platform: Platform? = nil
    ) throws -> (AuditReport, RGBAImage) {
        let pixels = try loadInputImage(at: image, maxPixels: configuration.limits.maxPixels)
        let given = try detections.map { try DetectionsFile.decode(readInputFile($0), maxDetections: configuration.limits.maxDetections) }
        var analyzer = self.analyzer
        if detections != nil {
            // In an audit a detections file stands in for OCR too (its `text`), unless --ocr asks for
            // it: the fixtures' findings compare the app's tree with the file (`analyze --detections`
            // runs OCR by default).
            analyzer.textRecognizer = options.ocr == nil ? nil : analyzer.textRecognizer
        }
        let analysis = try analyzer.analyze(image: pixels, detections: given)
        var tree: AccessibilityHierarchy?
        if let hierarchy {
            do {
                tree = try AccessibilityHierarchy.parse(
                    readInputFile(hierarchy), format: format,
                    imageSize: analysis.image, scale: scale, pointScale: pointScale)
            } catch let e as ScreenRecognitionError {
                throw ScreenRecognitionError(e.kind, "\(hierarchy): \(e.message)")
            }
        }
        // Pixels per point for the pixel rules: --point-scale; --scale when there is no tree; else
        // the tree's, else the screenshot size's.
        var screen: ScreenScale?
        if let p = pointScale ?? (tree == nil ? scale : nil) {
            screen = ScreenScale(pixelsPerPoint: p, platform: platform ?? tree.map { $0.format == .uiautomator ? .android : .ios } ?? .ios, source: .option)
        } else if let platform {
            var s = ScreenScale.infer(width: pixels.width, height: pixels.height)
            if let tree, tree.format != .analysis { s = ScreenScale(pixelsPerPoint: tree.pixelsPerPoint, platform: platform, source: .hierarchy) }
            s.platform = platform
            screen = s
        }
        // The dialog rule reads the detections the analysis was made from (the file's or the
        // detector's, kept in its trace); without either there are none to check.
        let made = given != nil || analyzer.detector != nil ? analysis.trace.detections : nil
        let report = ScreenRecognitionAudit.Audit.run(
            image: pixels, analysis: analysis, hierarchy: tree, detections: made,
            image: image, hierarchyName: hierarchy, scale: screen)
        return (report, pixels)
    }
}

/// A progress bar on standard error, drawn only when it is a terminal.
struct Progress {
    var total: Int
    let enabled = isatty(2) == 1

    func show(_ done: Int, _ name: String) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        writeStandardError("\r[\(bar)] \(done)/\(total) \(name.prefix(40))\u{1B}[K")
    }

    func finish() {
        guard enabled else { return }
        show(total, "done")
        writeStandardError("\n")
    }
}
