import Foundation

/// The Screen Recognition pipeline after pixels are decoded: detection, post-processing (§4.1),
/// missing elements (§5.1), content (§5.2), selection state (§5.3), interactivity (§5.4),
/// grouping (§5.5), navigation order (§5.6) and announcements.
///
/// Every seam is optional: without a detector the analysis uses the given detections (or none);
/// without a text recognizer OCR recovery is skipped; without a content recognizer icons keep the
/// `iconLabel` of their detection and clickability falls back to ``Interactivity/ruleBasedClickable(_:)``.
/// Heuristics never throw; what could not be done is reported in ``ScreenAnalysis/diagnostics``.
public struct ScreenAnalyzer: Sendable {
    public var configuration: AnalysisConfiguration
    public var detector: (any ElementDetector)?
    public var textRecognizer: (any TextRecognizer)?
    public var contentRecognizer: (any ContentRecognizer)?

    public init(configuration: AnalysisConfiguration = .default, detector: (any ElementDetector)? = nil,
                textRecognizer: (any TextRecognizer)? = nil, contentRecognizer: (any ContentRecognizer)? = nil) {
        self.configuration = configuration
        self.detector = detector
        self.textRecognizer = textRecognizer
        self.contentRecognizer = contentRecognizer
    }

    /// Analyses a screen. Pass `detections` to use them instead of the detector (a detections file);
    /// `image` may be `nil` when only the size is known, and then pixel-based steps (tint selection,
    /// page-control and slider values, OCR, icon recognition) are skipped and reported.
    public func analyze(image: RGBAImage?, size: ImageInfo? = nil, detections given: [Detection]? = nil) throws -> ScreenAnalysis {
        try analyze(image: image, size: size, detections: given, shouldStop: nil)
    }

    /// ``analyze(image:size:detections:)`` that can be stopped: `shouldStop` is asked between the
    /// pipeline's stages (before and after detection, after OCR, before each element's content-model
    /// calls, before ordering),
    /// and when it answers `true` the analysis throws `CancellationError` instead of going on. A
    /// server uses it to free a worker whose client left or whose deadline passed; a stage already
    /// running (one model call) finishes first, so the work stops within one stage.
    public func analyze(image: RGBAImage?, size: ImageInfo? = nil, detections given: [Detection]? = nil,
                        shouldStop: (@Sendable () -> Bool)?) throws -> ScreenAnalysis {
        func checkpoint() throws { if shouldStop?() == true { throw CancellationError() } }
        try checkpoint()
        guard let screen = size ?? image.map({ ImageInfo(width: $0.width, height: $0.height) }) else {
            throw ScreenRecognitionError(.invalidInput, "analysis needs an image or its size")
        }
        var diagnostics: [Diagnostic] = []
        let cfg = configuration

        // §4: detections.
        var detections: [Detection]
        if let given {
            detections = given
        } else if let detector, let image {
            detections = try detector.detect(in: image)
        } else {
            detections = []
            diagnostics.append(Diagnostic(stage: "detect", message: "no element detector configured and no detections given; only OCR text is used"))
        }
        if detections.count > cfg.limits.maxDetections {
            throw ScreenRecognitionError(.invalidInput, "\(detections.count) detections exceed the limit of \(cfg.limits.maxDetections)")
        }
        let w = Double(screen.width), h = Double(screen.height)
        let bounds = Rect(x: 0, y: 0, width: w, height: h)
        let inside = detections.filter { $0.box.intersection(bounds) != nil }
        if inside.count < detections.count {
            diagnostics.append(Diagnostic(stage: "detect", message: "\(detections.count - inside.count) detection(s) lie outside the \(screen.width)×\(screen.height) image and were ignored"))
        }
        detections = inside.map { var d = $0; d.box = d.box.clamped(width: w, height: h); return d }

        try checkpoint()

        // §4.1 post-processing.
        let before = detections.count
        detections = PostProcessing.run(detections, settings: cfg.postProcessing)
        if detections.count < before {
            diagnostics.append(Diagnostic(stage: "postprocess", message: "\(before - detections.count) detection(s) removed by thresholds and NMS"))
        }

        // §5.1 / §5.2: OCR.
        if let textRecognizer, let image {
            do {
                var lines = TextRepair.repair(try textRecognizer.recognizeText(in: image, region: nil))
                if cfg.content.rejectUnreadableOCR {
                    let read = lines.count
                    lines = lines.filter { ReadableText.isReadable($0.text, confidence: $0.confidence) }
                    if lines.count < read {
                        diagnostics.append(Diagnostic(stage: "ocr", message: "\(read - lines.count) unreadable OCR line(s) dropped"))
                    }
                }
                detections = MissingElements.assignText(detections, lines: lines, insideFraction: cfg.content.ocrLineInsideFraction)
                if cfg.content.readUnreadElements {
                    detections = ElementOCR.readUnread(detections, image: image, recognizer: textRecognizer,
                                                       maxCalls: cfg.content.maxElementReads,
                                                       rejectUnreadable: cfg.content.rejectUnreadableOCR, diagnostics: &diagnostics)
                    detections = ElementOCR.rereadPartlyRead(detections, lines: lines, image: image, recognizer: textRecognizer,
                                                             minCoverage: cfg.content.minReadCoverage, maxCalls: cfg.content.maxElementReads,
                                                             rejectUnreadable: cfg.content.rejectUnreadableOCR, diagnostics: &diagnostics)
                }
                if cfg.missingElements.recoverTextFromOCR {
                    detections = MissingElements.recoverText(detections, lines: lines, minConfidence: cfg.missingElements.minOCRConfidence)
                }
            } catch {
                diagnostics.append(Diagnostic(stage: "ocr", message: "text recognition failed: \(error)"))
            }
        } else {
            diagnostics.append(Diagnostic(stage: "ocr", message: textRecognizer == nil ? "no text recognizer configured; OCR recovery skipped" : "no pixels; OCR skipped"))
        }
        try checkpoint()
        if cfg.missingElements.completeSegmentedControlRows {
            detections = MissingElements.completeSegmentedControlRows(detections)
        }

        // §5.4 for texts (issue 16 §2): which read texts are buttons, one model run per screen.
        let textButtons = Self.textButtons(detections, image: image, screen: screen, recognizer: contentRecognizer,
                                           threshold: cfg.interactivity.textButtonThreshold, diagnostics: &diagnostics)

        // §5.2 icon and picture content, §5.4 clickability.
        var elements: [Element] = []
        for (index, original) in detections.enumerated() {
            try checkpoint()  // one content-model call per element: stop between them too
            var d = original
            var description: String?
            if d.type == .icon, d.iconLabel == nil, let contentRecognizer, let image {
                do {
                    if let r = try contentRecognizer.recognizeIcon(in: image, box: d.box), r.confidence >= cfg.content.minIconConfidence {
                        d.iconLabel = r.meaning
                    }
                } catch { diagnostics.append(Diagnostic(stage: "icons", message: "icon recognition failed: \(error)")) }
            }
            if d.type == .picture {
                if let text = d.text, !text.isEmpty {
                    description = text
                } else if let contentRecognizer, let image {
                    do {
                        if let p = try contentRecognizer.describePicture(in: image, box: d.box),
                           p.confidence >= cfg.content.minPictureDescriptionConfidence {
                            description = p.label
                        }
                    } catch { diagnostics.append(Diagnostic(stage: "pictures", message: "picture description failed: \(error)")) }
                }
            }
            var clickable = textButtons.contains(index)
            if d.type == .icon {
                // Features of the detection as it stands among the others (`original`: a recognised
                // meaning changes `d`, and `d` would then count itself as its own neighbour), with
                // the meaning just recognised.
                var features = Interactivity.features(of: original, among: detections, screen: screen)
                features.meaning = d.iconLabel
                var probability: Double?
                if let contentRecognizer {
                    do { probability = try contentRecognizer.clickProbability(of: features) } catch {
                        diagnostics.append(Diagnostic(stage: "clickability", message: "clickability model failed: \(error)"))
                    }
                }
                if let probability {
                    clickable = probability >= cfg.interactivity.clickThreshold
                        || (cfg.interactivity.barIconsAreButtons && (Interactivity.isBarItem(features) || Interactivity.isBarNavigation(features)))
                } else if cfg.interactivity.useRuleWithoutModel {
                    clickable = Interactivity.ruleBasedClickable(features)
                }
            }
            elements.append(Metadata.element(for: d, clickable: clickable, pictureDescription: description))
        }

        try checkpoint()

        // Pixel-derived values: page controls and sliders.
        if let image {
            for i in elements.indices {
                switch elements[i].kind {
                case .pageControl:
                    if let v = SelectionState.pageControlValue(image, elements[i].frame, settings: cfg.selection) {
                        elements[i].value = "Page \(v.current) of \(v.count)"
                    }
                case .slider:
                    if let v = SelectionState.sliderValue(image, elements[i].frame, settings: cfg.selection) {
                        elements[i].value = "\(Int((v * 100).rounded()))%"
                    }
                default: break
                }
            }
        } else if !detections.isEmpty {
            diagnostics.append(Diagnostic(stage: "selection", message: "no pixels; tint-based selection state and control values skipped"))
        }

        elements = Metadata.absorbIntoControls(elements, containment: cfg.grouping.containment)
        if cfg.grouping.absorbDecorativeIcons { elements = Metadata.absorbDecorativeIcons(elements) }
        if cfg.content.pictureTextAsLabel {
            elements = Metadata.absorbTextIntoPictures(elements, screen: screen, containment: cfg.grouping.containment,
                                                       maxScreenShare: cfg.grouping.maxContainerScreenFraction)
        }
        elements = Self.modalDialog(elements, diagnostics: &diagnostics, containment: cfg.grouping.containment,
                                    minConfidence: cfg.grouping.modalDialogMinConfidence)
        elements = Self.numberSegments(elements, image: image, settings: cfg.selection)
        elements = Metadata.markHeader(elements, screenHeight: h)

        // §5.5 grouping, in the paper's order.
        let g = cfg.grouping
        if g.groupText { elements = Grouping.groupText(elements, gapFactor: g.textGapFactor) }
        if g.groupTabs { elements = Grouping.groupTabs(elements, screen: screen, image: image, settings: g, selection: cfg.selection) }
        if g.groupContainers {
            elements = Grouping.groupContainers(elements, screen: screen, settings: g, diagnostics: &diagnostics)
        } else {
            elements = elements.filter { $0.kind != .container }
        }
        if g.groupControlLabels { elements = Grouping.groupControlLabels(elements) }
        if g.groupPictureSubtitles { elements = Grouping.groupPictureSubtitles(elements, screen: screen, settings: g) }
        elements = elements.filter { $0.kind != .container }

        if cfg.interactivity.tintedTextsAreButtons { elements = TextButtons.mark(elements, image: image) }

        try checkpoint()

        // §5.6 order, then what VoiceOver speaks.
        elements = Ordering.order(elements, settings: cfg.ordering)
        elements = Announcer.announce(elements, settings: cfg.announcements)
        return ScreenAnalysis(image: screen, elements: elements, diagnostics: diagnostics)
    }

    /// The indices of the text detections the text-button model calls buttons: texts with a
    /// reading, at the model's operating threshold. Empty without a model or pixels.
    static func textButtons(_ detections: [Detection], image: RGBAImage?, screen: ImageInfo, recognizer: (any ContentRecognizer)?,
                            threshold: Double, diagnostics: inout [Diagnostic]) -> Set<Int> {
        guard let image, let recognizer else { return [] }
        let texts = detections.indices.filter {
            detections[$0].type == .text && !(detections[$0].text?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true)
        }
        guard !texts.isEmpty else { return [] }
        let textBoxes = detections.filter { $0.type == .text }.map(\.box)
        let iconBoxes = detections.filter { $0.type == .icon }.map(\.box)
        let features = texts.map {
            TextButtonFeatures.make(box: detections[$0].box, texts: textBoxes, icons: iconBoxes,
                                    screenWidth: Double(screen.width), screenHeight: Double(screen.height))
        }
        do {
            guard let p = try recognizer.textButtonProbabilities(in: image, texts: features), p.count == texts.count else { return [] }
            return Set(zip(texts, p).filter { $0.1 >= threshold }.map(\.0))
        } catch {
            diagnostics.append(Diagnostic(stage: "clickability", message: "text-button model failed: \(error)"))
            return []
        }
    }

    /// A dialog blocks what is behind it (seed 003, `accessibilityViewIsModal`): when a dialog is
    /// detected, only the elements inside the most confident dialog stay; the dialog itself is not
    /// an element (VoiceOver moves through its title, message and buttons).
    static func modalDialog(_ elements: [Element], diagnostics: inout [Diagnostic], containment: Double,
                            minConfidence: Double = 0.5) -> [Element] {
        let all = elements.filter { $0.kind == .dialog }
        let dialogs = all.filter { ($0.detections.first?.confidence ?? 0) >= minConfidence }
        if dialogs.count < all.count {
            diagnostics.append(Diagnostic(stage: "dialog", message: "\(all.count - dialogs.count) dialog(s) below confidence \(minConfidence) do not hide the screen"))
        }
        let elements = elements.filter { $0.kind != .dialog || dialogs.contains($0) }
        guard let dialog = dialogs.max(by: { ($0.detections.first?.confidence ?? 0) < ($1.detections.first?.confidence ?? 0) }) else {
            return elements
        }
        let inside = elements.filter { $0.kind != .dialog && $0.frame.fractionInside(dialog.frame) >= containment }
        guard !inside.isEmpty else {
            diagnostics.append(Diagnostic(stage: "dialog", message: "dialog \(dialog.frame) holds no element; ignored"))
            return elements.filter { $0.kind != .dialog }
        }
        let hidden = elements.count - inside.count - dialogs.count
        if hidden > 0 {
            diagnostics.append(Diagnostic(stage: "dialog", message: "modal dialog \(dialog.frame): \(hidden) element(s) behind it are hidden"))
        }
        return inside
    }

    /// Segments on one row form one segmented control: numbered left to right ("2 of 3") and the
    /// selected one found by §5.3's cues.
    static func numberSegments(_ elements: [Element], image: RGBAImage?, settings: SelectionSettings) -> [Element] {
        var result = elements
        let segs = elements.indices.filter { elements[$0].kind == .segment }
        let rows = MissingElements.clusters(segs) { a, b in
            elements[a].frame.yOverlap(elements[b].frame) > 0.5 * min(elements[a].frame.height, elements[b].frame.height)
        }
        for row in rows {
            let sorted = row.sorted { elements[$0].frame.minX < elements[$1].frame.minX }
            for (n, i) in sorted.enumerated() { result[i].position = Position(index: n + 1, count: sorted.count) }
            if let sel = SelectionState.selectedSegment(image, frames: sorted.map { elements[$0].frame },
                                                        labels: sorted.map { elements[$0].label }, settings: settings) {
                result[sorted[sel]].traits.insert(.selected)
            }
        }
        return result
    }
}
