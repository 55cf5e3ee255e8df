import Foundation

/// One step of ``ScreenAnalyzer``'s pipeline: a value holding its settings (its part of
/// ``AnalysisConfiguration``) and the seams it calls, which moves a screen's analysis one stage on.
/// Stages never throw for a heuristic that could not run: they note a ``Diagnostic`` and go on.
/// They throw only for invalid input (too many detections) and `CancellationError`.
protocol AnalysisStage: Sendable {
    func run(_ work: inout ScreenInProgress) throws
}

/// A screen's analysis between stages: the detections until the content stage turns them into
/// elements, then the elements; what later consumers need (the detections as given, the OCR lines,
/// the modal dialog) is kept for ``ScreenAnalysis/trace``.
struct ScreenInProgress {
    let image: RGBAImage?
    let screen: ImageInfo
    let shouldStop: (@Sendable () -> Bool)?
    /// Detections as they stand after the latest stage (post-processed, text assigned, recovered).
    var detections: [Detection] = []
    /// Whether the detections came from the caller (a detections file) rather than the detector:
    /// then their classes' states stand (``SelectionSettings/checkboxStateFromPixels``).
    var detectionsGiven = false
    /// The whole-screen OCR lines, once read (``ReadTextStage``).
    var lines: [RecognizedText]?
    var elements: [Element] = []
    /// The boxes of the texts the content stage's text-button rules made buttons, before any glyph
    /// joined them: what a text is when the glyph that joined it turns out to lie behind a dialog.
    var textButtonBoxes: Set<Rect> = []
    var diagnostics: [Diagnostic] = []
    var trace = AnalysisTrace()

    init(image: RGBAImage?, screen: ImageInfo, shouldStop: (@Sendable () -> Bool)?) {
        self.image = image
        self.screen = screen
        self.shouldStop = shouldStop
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: Double(screen.width), height: Double(screen.height)) }

    /// Throws `CancellationError` when the caller asked to stop.
    func checkpoint() throws { if shouldStop?() == true { throw CancellationError() } }

    mutating func note(_ stage: String, _ message: String) {
        diagnostics.append(Diagnostic(stage: stage, message: message))
    }

    var analysis: ScreenAnalysis {
        var result = ScreenAnalysis(image: screen, elements: elements, diagnostics: diagnostics)
        result.trace = trace
        return result
    }
}
