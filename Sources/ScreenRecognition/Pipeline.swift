import Foundation

/// The Screen Recognition pipeline after pixels are decoded, as a sequence of named stages in the
/// paper's order (Zhang et al., CHI 2021): detection and post-processing (§4), reading text and
/// recovering missed elements (§5.1), content and clickability (§5.2, §5.4), selection state and
/// control values (§5.3), grouping (§5.5), navigation order (§5.6), then metadata and what
/// VoiceOver speaks. Each stage is a value in `Sources/ScreenRecognition/Stages/` holding its own
/// part of ``AnalysisConfiguration``.
///
/// Every seam is optional: without a detector the analysis uses the given detections (or none);
/// without a text recognizer OCR is skipped; without a content recognizer icons keep the
/// `iconLabel` of their detection and clickability falls back to ``Interactivity/ruleBasedClickable(_:settings:)``.
/// Heuristics never throw; what could not be done is reported in ``ScreenAnalysis/diagnostics``.
public struct ScreenAnalyzer: Sendable {
    public var configuration: AnalysisConfiguration
    public var detector: (any ElementDetector)?
    public var textRecognizer: (any TextRecognizer)?
    /// Second readers for an element's crop that ``textRecognizer`` leaves unread or reads as
    /// gibberish, tried in order until one gives readable text (§5.1): another segmentation mode, another
    /// script (the standard analyzer adds Tesseract's single-line English reader and, where its
    /// language data is installed, Korean). Empty: no second reading.
    public var cropReaders: [any TextRecognizer]
    /// The reader for text drawn into pictures that the whole-screen read found none on
    /// (``ContentSettings/readPictureText``): the standard analyzer's is PP-OCR, which reads the
    /// stylised type of logos and banners ("Spotify", "runtastic") that Tesseract misses. Nil: no
    /// picture reading.
    public var pictureReader: (any TextRecognizer)?
    public var contentRecognizer: (any ContentRecognizer)?

    public init(
        configuration: AnalysisConfiguration = .default, detector: (any ElementDetector)? = nil,
        textRecognizer: (any TextRecognizer)? = nil, contentRecognizer: (any ContentRecognizer)? = nil,
        cropReaders: [any TextRecognizer] = [], pictureReader: (any TextRecognizer)? = nil
    ) {
        self.cropReaders = cropReaders
        self.pictureReader = pictureReader
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
    /// stages (and between elements inside the content stage), and when it answers `true` the
    /// analysis throws `CancellationError` instead of going on. A server uses it to free a worker
    /// whose client left or whose deadline passed; a stage already running (one model call)
    /// finishes first, so the work stops within one stage.
    public func analyze(
        image: RGBAImage?, size: ImageInfo? = nil, detections given: [Detection]? = nil,
        shouldStop: (@Sendable () -> Bool)?
    ) throws -> ScreenAnalysis {
        guard let screen = size ?? image.map({ ImageInfo(width: $0.width, height: $0.height) }) else {
            throw ScreenRecognitionError(.invalidInput, "analysis needs an image or its size")
        }
        var work = ScreenInProgress(image: image, screen: screen, shouldStop: shouldStop)
        let c = configuration
        let stages: [any AnalysisStage] = [
            DetectStage(detector: detector, given: given, limits: c.limits),  // §4
            PostProcessStage(settings: c.postProcessing),  // §4.1
            ReadTextStage(
                recognizer: textRecognizer, cropReaders: cropReaders, pictureReader: pictureReader, content: c.content,
                grouping: c.grouping),  // §5.1 OCR
            RecoverMissingStage(
                settings: c.missingElements, selection: c.selection, maxBackgroundShare: c.grouping.maxContainerScreenFraction),  // §5.1
            ContentStage(
                recognizer: contentRecognizer, iconTextReader: cropReaders.first ?? textRecognizer, content: c.content,  // §5.2, §5.4
                interactivity: c.interactivity, grouping: c.grouping, headerHeightRatio: c.announcements.headerHeightRatio,
                colourDistance: c.selection.minTintDistance),
            ModalDialogStage(settings: c.grouping),  // dialogs hide the rest
            NavigationDrawerStage(settings: c.grouping),  // so do open drawers
            SelectionStage(settings: c.selection),  // §5.3
            HeaderStage(settings: c.announcements, interactivity: c.interactivity),  // header trait
            InlineDropdownsStage(settings: c.interactivity),  // a title before its ⌄ is a button
            GroupStage(settings: c.grouping, selection: c.selection, ordering: c.ordering),  // §5.5
            TintedTextButtonsStage(settings: c.interactivity),  // §5.4, rule for texts
            BrandTitlesStage(settings: c.interactivity),  // a logo names its button's brand
            HideBackgroundsStage(content: c.content, grouping: c.grouping),  // decorative backgrounds
            IllustrationTitlesStage(settings: c.grouping),  // art over its title joins it
            PictureKindStage(content: c.content),  // §5.2, pictures nothing named
            HideDecorationStage(settings: c.grouping),  // strokes, marks inside other elements
            OrderStage(settings: c.ordering),  // §5.6
            InlineLinksStage(settings: c.interactivity),  // links inside texts, after their text
            RadioButtonStage(settings: c.selection),  // §5.3, ringed checkboxes of one choice
            AnnounceStage(settings: c.announcements),  // what VoiceOver says
        ]
        for stage in stages {
            try work.checkpoint()
            try stage.run(&work)
        }
        return work.analysis
    }
}
