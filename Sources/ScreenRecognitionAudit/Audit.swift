import Foundation
import ScreenRecognition

/// The audit's thresholds.
public struct AuditConfiguration: Codable, Sendable, Hashable {
    /// An inferred element matches an exposed one holding at least this fraction of its area (§3.3: 85%).
    public var containment: Double = 0.85
    /// … or, failing that, overlapping it with at least this IoU (§3.3: 5%).
    public var minimumIoU: Double = 0.05
    /// Exposed elements covering at least this fraction of the screen are "full-screen" and ignored
    /// in matching (§3.3 matches against non-fullscreen elements only; 90% is our reading of it).
    public var fullScreenFraction: Double = 0.9
    /// Minimum touch target on iOS, in points (Apple Human Interface Guidelines: 44 × 44 pt).
    public var minimumTouchTargetIOS: Double = 44
    /// Minimum touch target on Android, in dp (Android accessibility guidance and Material: 48 × 48 dp).
    public var minimumTouchTargetAndroid: Double = 48
    /// A detected dialog blocks the screen at this confidence, as in the analysis
    /// (`GroupingSettings.modalDialogMinConfidence`: 0.5).
    public var modalDialogMinConfidence: Double = 0.5
    /// An exposed label agrees with the visible text when at least this fraction of the visible
    /// words appear in it (half: "Send message" may be labelled "Send"; "Submit" for "Send" may not).
    public var labelWordOverlap: Double = 0.5
    /// A leading icon in a row whose text is exposed counts as matched when it overlaps the text's
    /// row by this fraction of its height (§3.3's exception for icons aligned with matched text).
    public var alignedIconRowOverlap: Double = 0.5

    public init() {}
    public static let `default` = AuditConfiguration()
}

/// Audits an app's own accessibility tree against what its pixels show (paper §7's developer tool).
///
///     let hierarchy = try AccessibilityHierarchy.parse(data, imageSize: analysis.image)
///     let report = Audit.run(analysis: analysis, hierarchy: hierarchy, detections: detections,
///                            image: "inbox.png", hierarchyName: "inbox.txt")
///     print(report.text)
///
/// Matching follows §3.3: each inferred element is matched to the smallest exposed,
/// non-full-screen element holding ≥ 85% of its area, else to the exposed element it overlaps most
/// with IoU ≥ 5%; an unmatched, non-clickable icon aligned with a matched text counts as matched
/// (a cell's leading icon). Heuristic, like the paper's: it never throws, and what it cannot check
/// it says in ``AuditReport/notes``.
public enum Audit {
    /// Runs every rule.
    ///
    /// - Parameters:
    ///   - analysis: what the pixels show (`ScreenAnalyzer.analyze`).
    ///   - hierarchy: the app's tree, frames in the same image pixels.
    ///   - detections: the detections the analysis was made from; dialogs among them drive
    ///     `modalNotBlocking` (the analysis keeps only what is inside a dialog). `nil` skips that rule.
    ///   - image: the screenshot's name for the report (``AuditReport/image``).
    ///   - hierarchyName: the hierarchy file's name for the report (``AuditReport/hierarchy``).
    ///   - c: the audit's thresholds.
    public static func run(
        analysis: ScreenAnalysis, hierarchy: AccessibilityHierarchy, detections: [Detection]? = nil,
        image: String = "screenshot", hierarchyName: String = "hierarchy",
        configuration c: AuditConfiguration = .default
    ) -> AuditReport {
        let screen = Rect(x: 0, y: 0, width: Double(analysis.image.width), height: Double(analysis.image.height))
        let exposed = hierarchy.accessibilityElements.filter { $0.frame.area < c.fullScreenFraction * screen.area && !$0.frame.isEmpty }
        let platform = Platform(hierarchy.format)
        var notes: [String] = []
        var findings: [Finding] = []

        // Leaves of the inferred elements, each with its top-level element's index.
        struct Leaf {
            var element: Element
            var top: Int
            var match: Int?
        }
        var leaves: [Leaf] = []
        for (i, e) in analysis.elements.enumerated() {
            let ls = e.children.isEmpty ? [e] : e.flattened.filter { $0.children.isEmpty }
            leaves += ls.map { Leaf(element: $0, top: i, match: nil) }
        }
        for i in leaves.indices { leaves[i].match = match(leaves[i].element.frame, in: exposed, c) }
        // §3.3's exception: a non-clickable icon on the row of a matched text is part of that text's cell.
        var decorative = Set<Int>()
        for i in leaves.indices where leaves[i].match == nil && leaves[i].element.kind == .icon && !leaves[i].element.isInteractive {
            let f = leaves[i].element.frame
            if let t = leaves.first(where: { $0.match != nil && $0.element.kind == .text && $0.element.frame.yOverlap(f) >= c.alignedIconRowOverlap * f.height }
            ) {
                leaves[i].match = t.match
                decorative.insert(i)
            }
        }

        // unexposedElement: whole top-level elements, or the leaves of partly exposed groups.
        for (top, e) in analysis.elements.enumerated() {
            let mine = leaves.indices.filter { leaves[$0].top == top }
            let missing = mine.filter { leaves[$0].match == nil }
            if missing.isEmpty { continue }
            let units: [Element] = missing.count == mine.count ? [e] : missing.map { leaves[$0].element }
            for u in units { findings.append(Rules.unexposed(u, platform: platform)) }
        }

        // Units: a top-level element whose leaves all match one exposed element, else each matched leaf.
        var units: [(inferred: Element, exposed: Int)] = []
        for (top, e) in analysis.elements.enumerated() {
            let mine = leaves.indices.filter { leaves[$0].top == top && leaves[$0].match != nil }
            let matched = Set(mine.compactMap { leaves[$0].match })
            if matched.count == 1, mine.count == leaves.filter({ $0.top == top }).count {
                units.append((e, matched.first!))
            } else {
                for i in mine where !decorative.contains(i) { units.append((leaves[i].element, leaves[i].match!)) }
                if matched.count >= 2, !e.children.isEmpty {
                    let parts = matched.sorted().map { exposed[$0] }
                    findings.append(Rules.shouldGroup(e, parts: parts, platform: platform))
                }
            }
        }
        for u in units {
            let x = exposed[u.exposed]
            if let f = Rules.missingLabel(u.inferred, x, platform: platform) { findings.append(f) }
            if let f = Rules.labelMismatch(u.inferred, x, overlap: c.labelWordOverlap, platform: platform) { findings.append(f) }
            findings += Rules.missingTraits(u.inferred, x, platform: platform)
        }

        // An interactive element the pixels did not explain is still unlabelled if the tree says so.
        let explained = Set(units.map(\.exposed))
        for (i, x) in exposed.enumerated() where !explained.contains(i) && x.isInteractive {
            if let f = Rules.missingLabel(nil, x, platform: platform) { findings.append(f) }
        }

        // orderMismatch: the tree's order against the visual order of what each exposed element shows.
        var firstTop: [Int: Int] = [:]
        for l in leaves { if let m = l.match { firstTop[m] = min(firstTop[m] ?? .max, l.top) } }
        let sequence = exposed.indices.compactMap { i in firstTop[i].map { (exposed: i, visual: $0) } }
        findings += Rules.order(
            sequence.map { exposed[$0.exposed] }, visual: sequence.map(\.visual),
            inferred: analysis.elements, platform: platform)

        // Rules on the tree alone.
        let target = hierarchy.format == .uiautomator ? c.minimumTouchTargetAndroid : c.minimumTouchTargetIOS
        for x in exposed {
            if let f = Rules.smallTarget(x, pixelsPerPoint: hierarchy.pixelsPerPoint, minimum: target, platform: platform) { findings.append(f) }
            findings += Rules.poorlySpoken(x, platform: platform)
        }

        // modalNotBlocking.
        if let detections {
            let dialogs = detections.filter { $0.type == .dialog && $0.confidence >= c.modalDialogMinConfidence }
            if let d = dialogs.max(by: { $0.confidence < $1.confidence }) {
                let behind = exposed.filter { $0.frame.fractionInside(d.box) < 0.5 }
                if !behind.isEmpty { findings.append(Rules.modal(d.box, behind: behind, platform: platform)) }
            }
        } else {
            notes.append("modalNotBlocking not checked: no detections given (dialogs come from the detector's output)")
        }
        if exposed.isEmpty { notes.append("the hierarchy exposes no accessibility elements") }
        return AuditReport(
            image: image, imageSize: analysis.image, hierarchy: hierarchyName,
            hierarchyFormat: hierarchy.format, scale: hierarchy.scale, findings: findings, notes: notes)
    }

    /// Audits a screenshot: the pixel rules (``PixelRules``) always, and the tree rules above when
    /// the app's `hierarchy` is given. Touch targets are judged from the tree when there is one, from
    /// the visible size otherwise.
    ///
    /// - Parameters:
    ///   - pixels: the screenshot the pixel rules read.
    ///   - analysis: what the pixels show (`ScreenAnalyzer.analyze`).
    ///   - hierarchy: the app's tree, frames in the same image pixels; `nil` runs the pixel rules alone.
    ///   - detections: the detections the analysis was made from, for the tree rules' `modalNotBlocking`.
    ///   - image: the screenshot's name for the report (``AuditReport/image``).
    ///   - hierarchyName: the hierarchy file's name for the report (``AuditReport/hierarchy``);
    ///     `nil` reads "hierarchy" when a hierarchy is given.
    ///   - scale: pixels per point or dp for the pixel rules; `nil` takes it from an
    ///     XCUITest, uiautomator or AccessibilitySnapshot hierarchy, else infers it from the image size (``ScreenScale/infer(width:height:)``).
    ///   - configuration: the tree rules' thresholds.
    ///   - pixelConfiguration: the pixel rules' thresholds.
    public static func run(
        image pixels: RGBAImage, analysis: ScreenAnalysis, hierarchy: AccessibilityHierarchy?,
        detections: [Detection]? = nil, image: String = "screenshot", hierarchyName: String? = nil,
        scale: ScreenScale? = nil, configuration: AuditConfiguration = .default,
        pixelConfiguration: PixelAuditConfiguration = .default
    ) -> AuditReport {
        let screenScale: ScreenScale
        if let scale {
            screenScale = scale
        } else if let hierarchy, [.xcuitest, .uiautomator, .accessibilitySnapshot].contains(hierarchy.format) {
            screenScale = ScreenScale(
                pixelsPerPoint: (hierarchy.pixelsPerPoint * 1000).rounded() / 1000,
                platform: Platform(hierarchy.format), source: .hierarchy)
        } else {
            screenScale = ScreenScale.infer(width: pixels.width, height: pixels.height)
        }
        let pixel = PixelRules.run(
            image: pixels, analysis: analysis, scale: screenScale, touchTargets: hierarchy == nil,
            configuration: pixelConfiguration)
        var report: AuditReport
        if let hierarchy {
            report = run(
                analysis: analysis, hierarchy: hierarchy, detections: detections, image: image,
                hierarchyName: hierarchyName ?? "hierarchy", configuration: configuration)
        } else {
            report = AuditReport(
                image: image, imageSize: analysis.image, hierarchy: nil, hierarchyFormat: nil,
                scale: screenScale.pixelsPerPoint, findings: [])
        }
        return AuditReport(
            image: report.image, imageSize: report.imageSize, hierarchy: report.hierarchy,
            hierarchyFormat: report.hierarchyFormat, scale: report.scale,
            findings: report.findings + pixel.findings, notes: report.notes + pixel.notes,
            screenScale: screenScale, texts: pixel.texts)
    }

    /// §3.3: the smallest exposed element holding ≥ `containment` of `frame`, else the one with the
    /// highest IoU ≥ `minimumIoU`; `nil` when none.
    static func match(_ frame: Rect, in exposed: [ExposedElement], _ c: AuditConfiguration) -> Int? {
        let containing = exposed.indices.filter { frame.fractionInside(exposed[$0].frame) >= c.containment }
        if let best = containing.min(by: { exposed[$0].frame.area < exposed[$1].frame.area }) { return best }
        let overlapping = exposed.indices.filter { frame.iou(exposed[$0].frame) >= c.minimumIoU }
        return overlapping.max(by: { frame.iou(exposed[$0].frame) < frame.iou(exposed[$1].frame) })
    }
}

/// Which platform's guidelines apply and which platform's code the suggestions are written for.
public enum Platform: String, Codable, Sendable, Hashable, CaseIterable {
    case ios, android
    init(_ format: HierarchyFormat) { self = format == .uiautomator ? .android : .ios }
}
