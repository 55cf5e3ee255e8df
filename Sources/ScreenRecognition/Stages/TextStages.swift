import Foundation

/// §5.1–§5.2: text. The whole screen is read once; unreadable lines are dropped
/// (``ReadableText``); each line labels the detection holding most of it; elements that should
/// show text but got none, or only part of theirs, are read again from their own crop (``ElementOCR``).
struct ReadTextStage: AnalysisStage {
    var recognizer: (any TextRecognizer)?
    var cropReaders: [any TextRecognizer] = []
    var pictureReader: (any TextRecognizer)?
    var content: ContentSettings
    var grouping: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard let recognizer, let image = work.image else {
            work.note("ocr", recognizer == nil ? "no text recognizer configured; OCR recovery skipped" : "no pixels; OCR skipped")
            return
        }
        var lines: [RecognizedText]
        do {
            lines = TextRepair.repair(try recognizer.recognizeText(in: image, region: nil))
        } catch {
            work.note("ocr", "text recognition failed: \(error)")
            return
        }
        // The status bar first: its icons read as letters make a line of junk around a clock that is
        // read right ("B+ b6 OZ We 11:37", 0.62), which the readability check would drop whole.
        var statusBar = content.cleanStatusBar ? StatusBar.bar(of: lines, screenHeight: Double(image.height)) : nil
        if content.cleanStatusBar, content.readStatusBarClock, statusBar == nil, let clock = StatusBar.readClock(in: image, reader: recognizer) {
            lines.append(clock)
            statusBar = StatusBar.bar(of: lines, screenHeight: Double(image.height))
            work.note("ocr", "the status bar's clock read from its own crop")
        }
        if content.cleanStatusBar {
            let before = lines
            if let statusBar { lines = StatusBar.clean(lines, bar: statusBar) }
            if lines != before { work.note("ocr", "status bar read as its clock, network and battery only") }
            let read = lines.count
            lines = StatusBar.withoutNavigationBarHome(lines, image: image)
            if lines.count < read { work.note("ocr", "Android's navigation bar: its home button read as a letter left out") }
        }
        if content.rejectUnreadableOCR {
            let read = lines.count
            lines = lines.filter { ReadableText.isReadable($0.text, confidence: $0.confidence) }
            if lines.count < read { work.note("ocr", "\(read - lines.count) unreadable OCR line(s) dropped") }
        }
        let firstLines = lines
        if !cropReaders.isEmpty, content.rereadBelowConfidence > 0 {
            lines = ElementOCR.rereadDoubtful(
                lines, image: image, readers: cropReaders, below: content.rereadBelowConfidence,
                margin: content.rereadConfidenceMargin, maxCalls: content.maxElementReads, diagnostics: &work.diagnostics)
            if content.rereadOnOtherScriptScreensBelow > content.rereadBelowConfidence,
                lines.filter({ ElementOCR.hasOtherScript($0.text) }).count >= max(1, content.minOtherScriptReadings)
            {
                lines = ElementOCR.rereadDoubtful(
                    lines, image: image, readers: cropReaders, from: content.rereadBelowConfidence,
                    below: content.rereadOnOtherScriptScreensBelow, margin: content.rereadConfidenceMargin,
                    maxCalls: content.maxElementReads, diagnostics: &work.diagnostics)
            }
        }
        // PP-OCR (the picture reader) as the last reader of doubtful lines and element crops.
        let lastReader =
            content.readDoubtfulCropsAgain
            ? pictureReader.map {
                ElementOCR.LastCropReader(reader: $0, below: content.lastCropReadBelow, minConfidence: content.minLastCropReadConfidence)
            } : nil
        // Doubtful lines and doubtfully read elements are read again on 1x screenshots only.
        let lastReaderAt1x = image.width < content.lastLineReadBelowWidth ? lastReader : nil
        // An element is doubtful by its lines' readings before the last reader read them one by one:
        // a line Tesseract broke in three ("Welc" "Omerto" "pa") is mended piece by piece ("Welc
        // cometo pa"), and only the element's own box, read whole, gives "Welcome to Tapatalk".
        let linesBeforeLastRead = lines
        if let lastReader = lastReaderAt1x {
            lines = ElementOCR.rereadDoubtfulLines(
                lines, image: image, reader: lastReader,
                margin: content.rereadConfidenceMargin, maxCalls: content.maxElementReads, diagnostics: &work.diagnostics)
        }
        work.trace.ocr = OCRReport(lines: lines)
        var detections = MissingElements.assignText(work.detections, lines: lines, insideFraction: content.ocrLineInsideFraction)
        if content.pictureTextAsLabel {
            detections = MissingElements.assignTextToPictures(
                detections, lines: lines, insideFraction: content.ocrLineInsideFraction,
                minConfidence: content.minPictureTextConfidence, screen: work.screen,
                maxScreenShare: grouping.maxContainerScreenFraction)
            if content.readPictureText, let pictureReader {
                detections = ElementOCR.readPictures(
                    detections, image: image, reader: pictureReader, minConfidence: content.minPictureReadConfidence,
                    maxCalls: content.maxPictureReads, maxScreenShare: grouping.maxContainerScreenFraction,
                    insideFraction: content.ocrLineInsideFraction, diagnostics: &work.diagnostics)
            }
        }
        if content.readUnreadElements {
            detections = ElementOCR.readUnread(
                detections, image: image, recognizer: recognizer, fallbacks: cropReaders, maxCalls: content.maxElementReads,
                rejectUnreadable: content.rejectUnreadableOCR, doubtfulBelow: content.rereadBelowConfidence,
                margin: content.rereadConfidenceMargin, lastReader: lastReader, diagnostics: &work.diagnostics)
            if let lastReader = lastReaderAt1x {
                detections = ElementOCR.rereadDoubtfulElements(
                    detections, lines: linesBeforeLastRead, image: image, reader: lastReader, margin: content.rereadConfidenceMargin,
                    maxCalls: content.maxElementReads, rejectUnreadable: content.rejectUnreadableOCR, diagnostics: &work.diagnostics)
            }
            detections = ElementOCR.rereadPartlyRead(
                detections, lines: lines, image: image, recognizer: recognizer,
                minCoverage: content.minReadCoverage, maxCalls: content.maxElementReads,
                rejectUnreadable: content.rejectUnreadableOCR, lastReader: lastReaderAt1x, diagnostics: &work.diagnostics)
            if content.mendLostFirstLetters {
                detections = ElementOCR.rereadLostFirstLetters(
                    detections, lines: lines, image: image, recognizer: recognizer, maxCalls: content.maxElementReads,
                    rejectUnreadable: content.rejectUnreadableOCR, diagnostics: &work.diagnostics)
            }
            if content.readPastCursors {
                detections = ElementOCR.rereadPastCursors(
                    detections, lines: lines, image: image, recognizer: recognizer, maxCalls: content.maxElementReads,
                    rejectUnreadable: content.rejectUnreadableOCR, diagnostics: &work.diagnostics)
            }
        }
        if content.minOtherScriptReadings > 0 {
            let kept = ElementOCR.withoutLoneOtherScript(
                detections, lines: lines, originalLines: firstLines, minReadings: content.minOtherScriptReadings)
            if kept.dropped > 0 {
                work.note("ocr", "\(kept.dropped) lone reading(s) in another script taken back (a Latin screen)")
                detections = kept.detections
                lines = kept.lines
            }
        }
        // …and last: the readers after the first read the status bar's icons again.
        if let statusBar {
            let cleaned = StatusBar.cleaned(detections, bar: statusBar)
            if cleaned != detections { work.note("ocr", "status bar's texts read again as its clock, network and battery only") }
            detections = cleaned
            lines = StatusBar.clean(lines, bar: statusBar)
        }
        work.detections = detections
        work.lines = lines
    }
}

/// §5.1: elements the detector missed — a page control OCR reads words over becomes that text, OCR
/// lines overlapping no detection become texts, and texts on a segmented control's row become its
/// segments.
struct RecoverMissingStage: AnalysisStage {
    var settings: MissingElementSettings
    /// For the underline that marks a tab strip's selected tab.
    var selection: SelectionSettings
    /// A picture larger than this share of the screen is a background
    /// (``GroupingSettings/maxContainerScreenFraction``).
    var maxBackgroundShare: Double

    func run(_ work: inout ScreenInProgress) throws {
        if settings.textsOverDots, let lines = work.lines {
            let texts = MissingElements.textsOverDots(work.detections, lines: lines)
            work.detections = texts.detections
            if texts.changed > 0 { work.note("missing", "\(texts.changed) page control(s) read as text") }
            let dots = MissingElements.dotsReadAsText(work.detections)
            work.detections = dots.detections
            if dots.dropped > 0 { work.note("missing", "\(dots.dropped) text(s) over a page control's dots dropped") }
        }
        if settings.recoverTextFromOCR, let lines = work.lines {
            work.detections = MissingElements.recoverText(work.detections, lines: lines, minConfidence: settings.minOCRConfidence)
        }
        if settings.recoverTextOverBackgrounds, let lines = work.lines {
            let before = work.detections.count
            work.detections = MissingElements.recoverTextOverBackgrounds(
                work.detections, lines: lines, screen: work.screen, maxScreenShare: maxBackgroundShare,
                minConfidence: settings.minBackgroundTextConfidence)
            let found = work.detections.count - before
            if found > 0 { work.note("missing", "\(found) text(s) on a background picture recovered from OCR") }
        }
        if settings.completeSegmentedControlRows {
            work.detections = MissingElements.completeSegmentedControlRows(work.detections)
        }
        if settings.recoverTabStrips, let image = work.image {
            let before = work.detections.filter { $0.source == .tabStrip }.count
            work.detections = MissingElements.recoverTabStrips(work.detections, image: image, settings: selection)
            let strips = work.detections.filter { $0.source == .tabStrip }.count - before
            if strips > 0 { work.note("missing", "\(strips) text(s) of a tab strip turned into segments") }
        }
        if settings.recoverCheckboxGlyphs, let image = work.image {
            let found = MissingElements.recoverCheckboxGlyphs(work.detections, image: image, lines: work.lines ?? [])
            work.detections = found.detections
            if found.added > 0 { work.note("missing", "\(found.added) checkbox or radio glyph(s) beside a text found from pixels") }
        }
        if settings.recoverTextFields, let image = work.image {
            let fields = TextFieldShapes.recoverFields(work.detections, image: image, lines: work.lines ?? [])
            work.detections = fields.detections
            if fields.found > 0 { work.note("missing", "\(fields.found) placeholder text(s) in a field's shape turned into text fields") }
        }
        if settings.splitRunTogetherWords {
            let split = Self.rewriteTexts(&work.detections, RunTogetherWords.splitEnglish)
            if split > 0 { work.note("missing", "\(split) text(s) with words run together split") }
        }
        if settings.mendBrokenWords {
            let mended = Self.rewriteTexts(&work.detections, BrokenWords.mended)
            if mended > 0 { work.note("missing", "\(mended) text(s) with a broken word mended") }
        }
    }

    /// Every detection's text replaced by `rewrite` of it; how many changed.
    static func rewriteTexts(_ detections: inout [Detection], _ rewrite: (String) -> String) -> Int {
        var changed = 0
        for i in detections.indices {
            guard let text = detections[i].text else { continue }
            let new = rewrite(text)
            if new != text {
                detections[i].text = new
                changed += 1
            }
        }
        return changed
    }
}
