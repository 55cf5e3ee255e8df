import Foundation

/// Every threshold of the pipeline in one Codable value, grouped by feature.
///
/// Each default says where it comes from: a section of the Screen Recognition paper (Zhang et al.,
/// CHI 2021), another cited source, or — marked *design choice* — a value picked by us that still
/// awaits calibration on real data. ``decode(overridingDefaultsWith:base:)`` accepts partial JSON at any depth.
public struct AnalysisConfiguration: Codable, Sendable, Hashable {
    public var postProcessing = PostProcessingSettings()
    public var missingElements = MissingElementSettings()
    public var content = ContentSettings()
    public var selection = SelectionSettings()
    public var grouping = GroupingSettings()
    public var ordering = OrderingSettings()
    public var interactivity = InteractivitySettings()
    public var announcements = AnnouncementSettings()
    public var limits = Limits()

    public init() {}

    /// The defaults documented on each property.
    public static let `default` = AnalysisConfiguration()

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AnalysisConfiguration()
        postProcessing = try c.decodeIfPresent(PostProcessingSettings.self, forKey: .postProcessing) ?? d.postProcessing
        missingElements = try c.decodeIfPresent(MissingElementSettings.self, forKey: .missingElements) ?? d.missingElements
        content = try c.decodeIfPresent(ContentSettings.self, forKey: .content) ?? d.content
        selection = try c.decodeIfPresent(SelectionSettings.self, forKey: .selection) ?? d.selection
        grouping = try c.decodeIfPresent(GroupingSettings.self, forKey: .grouping) ?? d.grouping
        ordering = try c.decodeIfPresent(OrderingSettings.self, forKey: .ordering) ?? d.ordering
        interactivity = try c.decodeIfPresent(InteractivitySettings.self, forKey: .interactivity) ?? d.interactivity
        announcements = try c.decodeIfPresent(AnnouncementSettings.self, forKey: .announcements) ?? d.announcements
        limits = try c.decodeIfPresent(Limits.self, forKey: .limits) ?? d.limits
    }
}

/// §4.1: per-class confidence thresholds, NMS within a class, cross-class NMS among look-alikes.
public struct PostProcessingSettings: Codable, Sendable, Hashable {
    /// Minimum confidence per class (§4.1, Fig. 5: chosen per class from precision-recall curves).
    /// Until a detector ships its own thresholds file these are all 0.5 — *design choice*, the
    /// conventional operating point; the detector's model card replaces them with PR-curve picks.
    public var confidenceThresholds: [ElementClass: Double] = uniformThresholds(0.5)
    /// The same threshold for every class (`screenrec detect --min-confidence`, evaluation).
    public static func uniformThresholds(_ threshold: Double) -> [ElementClass: Double] {
        Dictionary(uniqueKeysWithValues: ElementClass.allCases.map { ($0, threshold) })
    }

    /// The least a detector's own threshold (its `thresholds.json`) may ask of a class, where that
    /// threshold was picked on synthetic screens rather than real ones. Toggles: 0.5 — *measured*
    /// (2026-11-25, `screenrec analyze` on ui-real valid's 299 screens, the first 300 of train and
    /// 60 iPhone train screenshots, each switch matched to ui-real's Switch boxes): the shipped
    /// detector's "off" threshold, 0.18, was its F1 optimum on synthetic held-out screens, and on
    /// the real ones all 7 switches it found under 0.5 were not switches (an iPhone search field's
    /// grey pill, rating chips: "Search, Switch button, Off"), while the real ones scored 0.54 to
    /// 0.98. Evaluation (`screenrec eval`) and `detect --min-confidence` set their own thresholds
    /// and are not floored.
    public static let thresholdFloors: [ElementClass: Double] = [.toggleSelected: 0.5, .toggleUnselected: 0.5]

    /// `thresholds` (a detector's per-class thresholds) raised to ``thresholdFloors``.
    public static func floored(_ thresholds: [ElementClass: Double]) -> [ElementClass: Double] {
        thresholds.merging(thresholdFloors.filter { thresholds[$0.key] != nil }) { max($0, $1) }
    }

    /// IoU above which the less confident of two same-class boxes is dropped: 0.45, the value of the
    /// SSD reference implementation (the paper's detector is an SSD, §4.1 and its ref. [51]).
    public var nmsIoU: Double = 0.45
    /// Sets of visually similar classes among which duplicates are removed (§5.1: Picture/Icon;
    /// Segmented Control/Text Field/Container).
    public var crossClassGroups: [[ElementClass]] = [[.picture, .icon], [.segmentedControl, .textField, .container]]
    /// Cross-class NMS removes a box only when IoU > 0.8 (§5.1).
    public var crossClassIoU: Double = 0.8

    public init() {}

    enum CodingKeys: String, CodingKey { case confidenceThresholds, nmsIoU, crossClassGroups, crossClassIoU }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PostProcessingSettings()
        if let raw = try c.decodeIfPresent([String: Double].self, forKey: .confidenceThresholds) {
            var t = d.confidenceThresholds
            for (k, v) in raw {
                guard let cls = ElementClass(rawValue: k) else {
                    throw DecodingError.dataCorruptedError(forKey: .confidenceThresholds, in: c, debugDescription: "unknown class '\(k)'")
                }
                t[cls] = v
            }
            confidenceThresholds = t
        }
        nmsIoU = try c.decodeIfPresent(Double.self, forKey: .nmsIoU) ?? d.nmsIoU
        crossClassGroups = try c.decodeIfPresent([[ElementClass]].self, forKey: .crossClassGroups) ?? d.crossClassGroups
        crossClassIoU = try c.decodeIfPresent(Double.self, forKey: .crossClassIoU) ?? d.crossClassIoU
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Dictionary(uniqueKeysWithValues: confidenceThresholds.map { ($0.key.rawValue, $0.value) }), forKey: .confidenceThresholds)
        try c.encode(nmsIoU, forKey: .nmsIoU)
        try c.encode(crossClassGroups, forKey: .crossClassGroups)
        try c.encode(crossClassIoU, forKey: .crossClassIoU)
    }
}

/// §5.1: finding missing elements.
public struct MissingElementSettings: Codable, Sendable, Hashable {
    /// Turn text on the row of detected segments into segments (§5.1: in 99.1% of screens every
    /// text on a segmented control's row is inside a segment).
    public var completeSegmentedControlRows = true
    /// A text is "on the row" of the segments when its vertical centre lies inside the row's
    /// vertical extent (the union of the segments' boxes) — the paper's "same row", read literally.
    /// Add OCR text that overlaps no detection as new text elements (§5.1).
    public var recoverTextFromOCR = true
    /// A page control over which OCR read a line of words is that text
    /// (``MissingElements/textsOverDots(_:lines:)``), and a text over a page control read as dots
    /// alone is dropped (``MissingElements/dotsReadAsText(_:)``).
    public var textsOverDots = true
    /// Minimum OCR confidence for a recovered line: 0.5 — *design choice* (drops icon junk such as
    /// "@" that OCR engines return at low confidence; see ../shared/notes, Tesseract 23–90).
    public var minOCRConfidence: Double = 0.5
    /// OCR lines on a background picture (more than ``GroupingSettings/maxContainerScreenFraction``
    /// of the screen) that no other detection covers become texts
    /// (``MissingElements/recoverTextOverBackgrounds(_:lines:screen:maxScreenShare:minConfidence:)``),
    /// read at ``minBackgroundTextConfidence`` or more.
    public var recoverTextOverBackgrounds = true
    /// 0.8: the bar for OCR lines on a picture's own pixels (``ContentSettings/minPictureTextConfidence``,
    /// measured on ui-real valid: under it, mostly noise from photos).
    public var minBackgroundTextConfidence: Double = 0.8
    /// A row of short texts spread evenly across the screen's width in its top half, one of them
    /// underlined, is a tab strip (Material's fixed tabs; ui-real's `Multi_Tab`): its texts become
    /// segments, numbered and with the underlined one selected
    /// (``MissingElements/recoverTabStrips(_:image:settings:)``).
    public var recoverTabStrips = true
    /// A checkbox or radio glyph beside a text that no detection covers (an empty or ticked box,
    /// an empty or dotted ring) is a checkbox with that state
    /// (``MissingElements/recoverCheckboxGlyphs(_:image:lines:)``, ``CheckboxGlyphs``). On ui-real
    /// valid the detector had missed 27 of 103 checkbox rows; this found 14 of them and nothing
    /// else on the 820 check screens, and 12 of 26 missed rows (and one radio ui-real leaves
    /// unlabelled) with no false glyph on 102 held-out train screens with checkbox rows
    /// (2026-11-26; `Benchmarks/checkboxes/rows.py`).
    public var recoverCheckboxGlyphs = true
    /// A text worded as a placeholder at the leading edge of a field's shape (an underline or a
    /// box running on past it), or under a text field where the next field of its stack would
    /// show its placeholder, is that text field (``TextFieldShapes/recoverFields(_:image:lines:)``).
    public var recoverTextFields = true
    /// Words a recogniser ran together are split again into English words
    /// (``RunTogetherWords/splitEnglish(_:)``) in every text read, once all texts are found
    /// ("Seewhereyourmusictakesyou" is "See where your music takes you").
    public var splitRunTogetherWords = true
    /// Words a recogniser broke are mended in every text read, once all texts are found
    /// (``BrokenWords/mended(_:)``): a word cut in two ("c ommunity"), spaced out ("Usern a m e")
    /// or hyphenated at a line's end ("ac- count") is joined, a lost first letter ("-orgot your
    /// password?", "onnect with Facebook") put back.
    public var mendBrokenWords = true
    public init() {}
}

/// §5.2: content of text, icons and pictures.
public struct ContentSettings: Codable, Sendable, Hashable {
    /// A text field's reading becomes its label without the field's own "Show" / "Forgot?" button
    /// (offered as a custom action) and with misread placeholder words mended (``TextFieldLabels``).
    public var fieldLabels = true
    /// An OCR line labels a text detection when at least this fraction of the line's box lies inside
    /// the detection: 0.5 — *design choice* (a line belongs to the box holding most of it).
    public var ocrLineInsideFraction: Double = 0.5
    /// Icon meanings below this confidence are "unknown": 0.5 — *design choice*, replaced by the
    /// icon classifier's calibrated threshold when it ships.
    public var minIconConfidence: Double = 0.5
    /// Picture descriptions are offered only at or above 0.7 (Buffer's alt-text write-up: the team found ~70%
    /// the right bar for suggested alt text); otherwise the picture is just "Image". The confidence
    /// is the describer's summed probability of the classes sharing the label (Models/pictures:
    /// 3 of 12 sample photos pass it, all 3 correctly — MODEL_CARD.md).
    public var minPictureDescriptionConfidence: Double = 0.7
    /// Describer labels never offered, whatever their confidence: "Website" — ImageNet's "web
    /// site" class fires on pictures of app screens. *Measured* on 779 ui-real screens (valid,
    /// train 300, 180 iPhone screenshots; 2026-11-25): all 10 pictures it named were a screen's
    /// whole background or a drawn phone screen of an onboarding page.
    public var unspokenPictureLabels: [String] = ["Website"]
    /// A picture that neither its own text, nor the describer's label, nor any later rule names
    /// says what kind of picture it is ("Photo", "Illustration", "Logo", "Screenshot", "Map";
    /// ``PictureDescription/kind``) instead of a bare "Image" — when the describer tells kinds apart
    /// and is at least ``minPictureKindConfidence`` sure (`PictureKindStage`).
    public var namesPictureKinds = true
    /// The bar for ``namesPictureKinds``: 0.9 here — *design choice*, replaced by the describer's
    /// own threshold (its model.json's `kinds.minConfidence`, chosen for 0.9 precision on real
    /// pictures with each source held out; Models/pictures/MODEL_CARD.md) when it is loaded.
    public var minPictureKindConfidence: Double = 0.9
    /// OCR lines that ``ReadableText`` finds unreadable (gibberish from icons and textures) are
    /// dropped instead of spoken.
    public var rejectUnreadableOCR = true
    /// The status bar's OCR lines keep only its clock, network, battery and carrier words
    /// (``StatusBar``): its notification icons read as letters ("B 6:35", "G@ 8:56") are not spoken;
    /// nor is Android's navigation bar's home button read as "O"
    /// (``StatusBar/withoutNavigationBarHome(_:image:)``).
    public var cleanStatusBar = true
    /// Where the whole-screen read found no clock in the status bar, the bar's own crop is read
    /// for it (``StatusBar/readClock(in:reader:)``), so that every screen that shows a clock says it.
    public var readStatusBarClock = true
    /// Text-bearing elements the whole-screen OCR left unread get a second read of their own crop,
    /// contrast-normalised and scaled up (``ElementOCR``).
    public var readUnreadElements = true
    /// At most this many crop reads a screen, largest elements first: a crop read costs one
    /// recogniser call (about 5–30 ms with Tesseract), so 48 bounds the pass to about the
    /// whole-screen read. 24 (until 2026-11-26) left 14 small labels unread on two dense Korean
    /// screens of 599 (ui-real valid and 300 random train screens: a clothing category grid's
    /// "코트", "자켓", "니트"…, each read right from its own crop), and no screen of the 599 asks
    /// for more than 35 — *measured*.
    public var maxElementReads = 48
    /// A text element whose whole-screen OCR lines span less than this share of its width is
    /// re-read from its crop (``ElementOCR/rereadPartlyRead(_:lines:image:recognizer:minCoverage:maxCalls:rejectUnreadable:lastReader:diagnostics:)``):
    /// 0.8 — *design choice*: one dropped letter of a short word ("Alarm" read as "larm", 77 %)
    /// falls below it; detector boxes are rarely more than 10 % wider than their ink on each side.
    public var minReadCoverage = 0.8
    /// A text whose whole-screen reading lost its first letter ("og in now" for "Log in now") is
    /// read again from its crop, and the letter put back where the reading is an English word
    /// (``ElementOCR/rereadLostFirstLetters(_:lines:image:recognizer:maxCalls:rejectUnreadable:diagnostics:)``).
    public var mendLostFirstLetters = true
    /// A field or text whose reading starts with no word because a text cursor at its leading
    /// edge was read into it ("fra!" for "Email") is read again from past the cursor
    /// (``ElementOCR/rereadPastCursors(_:lines:image:recognizer:maxCalls:rejectUnreadable:diagnostics:)``).
    public var readPastCursors = true
    /// Whole-screen OCR lines below this confidence are read again by the analyzer's crop readers
    /// (``ElementOCR/rereadDoubtful(_:image:readers:from:below:margin:maxCalls:diagnostics:)``): 0.7,
    /// measured 2026-11-23 — 8 of the 417 lines of the 3x OCR check set fall below it (icon junk,
    /// "-§20.26"), while the English reader's lines on a Korean ui-real screen ("BE NE", "W11,092
    /// itty") all lie between 0.35 and 0.75. An element's crop reading below it is likewise read
    /// by the later crop readers (``ElementOCR/readUnread(_:image:recognizer:fallbacks:maxCalls:rejectUnreadable:doubtfulBelow:margin:lastReader:diagnostics:)``).
    /// 0 turns both off.
    public var rereadBelowConfidence = 0.7
    /// A second reading replaces a doubtful line only when it is at least this much more confident:
    /// 0.1 — *design choice*, so that two readers' near-equal guesses do not swap back and forth.
    public var rereadConfidenceMargin = 0.1
    /// On a screen the crop readers have shown to be in another script — at least
    /// ``minOtherScriptReadings`` (at least 1) whole-screen lines hold its letters after the first
    /// re-read — the Latin lines from ``rereadBelowConfidence`` up to this confidence are read
    /// again the same way. The English reader reads Hangul as Latin junk with more confidence than
    /// 0.7: "WIAE" for 베스트 (0.74), "a4" for 검색 (0.87). Measured on ui-real valid's 35 Korean
    /// screens (2026-11-25): 6 lines replaced, 4 rightly ("베스트", "검색", "40.4 만", "29,680 원"), 2
    /// lines of both scripts half right either way ("iPod HAS" → "1000 저장곡" for "iPod 저장곡",
    /// "25 Top 100" → "오늘 100 100" for "오늘 Top 100"); the same 6 at 0.95, since a line at 0.9
    /// or more can only be replaced by a reading ``rereadConfidenceMargin`` more confident. On 300
    /// random ui-real train screens 12 Korean screens changed, nearly all junk becoming Korean ("AS
    /// FAt" → "쉬운 투자", "3a" → "송금"), two losing a Latin word with it ("FS WiFi" → "무료").
    /// Latin screens never qualify. Not above ``rereadBelowConfidence``: off.
    public var rereadOnOtherScriptScreensBelow = 0.9
    /// Readings in another script than Latin (the Korean crop reader's) stand only when the screen
    /// has at least this many of them; fewer are taken back
    /// (``ElementOCR/withoutLoneOtherScript(_:lines:originalLines:minReadings:)``). The English
    /// whole-screen read cannot see Hangul, so only the second readers say a screen is Korean, and
    /// on a Latin screen they read symbols and small type as Hangul. Measured on ui-real valid
    /// (2026-11-24): 4 of the 264 Android (Rico) screens had one such reading, all junk ("년 4:32"
    /// for a status bar, "500 배" for "Русский", "다 으으" for a title); the 35 Korean screens had
    /// 2 to 35. 0 keeps every reading.
    public var minOtherScriptReadings = 2
    /// A picture with legible text inside (logo, banner, poster) is labelled by that text and the
    /// texts are not separate elements (``Metadata/absorbTextIntoPictures(_:screen:containment:maxScreenShare:)``).
    public var pictureTextAsLabel = true
    /// An unlabelled picture covering more than ``GroupingSettings/maxContainerScreenFraction`` of
    /// the screen with at least 2 other elements on it is a background, not announced: decorative
    /// images are hidden from assistive technology (WCAG 2.2 technique H67 / F39; a UIImageView is
    /// not an accessibility element unless the app makes it one), and "Image" for a photo behind a
    /// sign-in form tells a VoiceOver user nothing. 25 of ui-real valid's 267 announced pictures were
    /// such backgrounds (4 of them labelled, and kept). The analysis's diagnostics count them. A
    /// background the picture describer named ("Person", "Two people"), with no text read on it,
    /// is decoration too: on the 1,219 listening screens 30 such photos were the first stop of a
    /// sign-in or onboarding screen, "Person, Image" before its logo and buttons, 28 of them behind
    /// a sign-in form or an onboarding page by eye (2026-11-28); one was a shop's banner photo
    /// whose texts are said anyway.
    public var hideBackgroundPictures = true
    /// OCR lines on a picture's own pixels (not in a detected text) label it only at or above this
    /// confidence: 0.8, measured on ui-real valid (2026-11-23): of the 141 such lines read, those
    /// under 0.8 were mostly noise from photos ("re ‘Tore Chace", "Be fe", "bar’"), those above mostly
    /// the logo or banner text ("jobrapido", "DOORDASH", "SAVE YOUR SHAZAMS").
    public var minPictureTextConfidence: Double = 0.8
    /// An element's crop that the Tesseract crop readers read nothing from, or read less
    /// confidently than ``lastCropReadBelow``, is read once more by the analyzer's picture reader
    /// (PP-OCR in the standard analyzer) from the element's own pixels
    /// (``ElementOCR/LastCropReader``): it reads small light type at 1x that Tesseract garbles. So
    /// are the whole-screen Latin lines under that bar on screenshots narrower than
    /// ``lastLineReadBelowWidth`` (``ElementOCR/rereadDoubtfulLines(_:image:reader:margin:maxCalls:diagnostics:)``).
    public var readDoubtfulCropsAgain = true
    /// 0.85 — *measured* on ui-real valid (2026-11-25): Tesseract's crop readings at 0.80–0.85 were
    /// often a letter off ("Sign ifi", "lam @ new user") and PP-OCR's right; with 0.95 instead, 3
    /// more announcements changed, all for the worse (Korean words dropped).
    public var lastCropReadBelow: Double = 0.85
    /// PP-OCR's reading replaces Tesseract's at this confidence or more: the picture reader's bar
    /// (``minPictureReadConfidence``), under which its readings were mostly junk.
    public var minLastCropReadConfidence: Double = 0.9
    /// Whole-screen lines, and elements whose whole-screen reading is doubtful
    /// (``ElementOCR/rereadDoubtfulElements(_:lines:image:reader:margin:maxCalls:rejectUnreadable:diagnostics:)``),
    /// are read again by PP-OCR only on screenshots narrower than this: 600, the
    /// width under which Tesseract reads a screenshot scaled up (1x; `TesseractSettings.upscaleBelowWidth`).
    /// *Measured* (2026-11-25): at 3x Tesseract's doubtful lines are few and mostly right, and on the
    /// 16 check-set screens the pass cost 17 more PP-OCR reads, an OCR median of 197–211 ms instead
    /// of 152–154 (the target is 200), for 5 lines read better and 2 worse; on ui-real (1x) it read
    /// 282 lines of 299 valid screens again, nearly all better. The element pass alike cost an OCR
    /// median of 206–231 ms on the check set (2026-11-25, seventeenth session).
    public var lastLineReadBelowWidth = 600
    /// A picture the whole-screen OCR found no text on, with no detected text inside, is read
    /// again on its own by the analyzer's picture reader (``ScreenAnalyzer/pictureReader``: PP-OCR
    /// in the standard analyzer), which reads the stylised type of logos and banners that
    /// Tesseract misses ("Spotify", "runtastic", "FoodPlanner" on ui-real valid)
    /// (``ElementOCR/readPictures(_:image:reader:minConfidence:maxCalls:maxScreenShare:insideFraction:diagnostics:)``).
    public var readPictureText = true
    /// At most this many picture reads a screen, largest pictures first: one PP-OCR detection and
    /// recognition of a crop costs about 10–40 ms on 2 cores — *design choice* bounding the pass.
    public var maxPictureReads = 4
    /// The picture reader's lines label a picture only at or above this confidence: PP-OCR's
    /// recognition score, higher than Tesseract's bar (``minPictureTextConfidence``) because
    /// PP-OCR is confident on texture too. Measured on ui-real valid (2026-11-24): of the 119
    /// lines PP-OCR read on pictures left without text, those at ≥ 0.9 were mostly wordmarks and
    /// banner titles ("Spotify", "FoodPlanner", "Pizza Hut", "realtor.com"; about 1 in 8 junk such
    /// as "ouplete", "AROOM"), those under it mostly junk ("GEGG", "SEINCD", "KCTON").
    public var minPictureReadConfidence: Double = 0.9
    /// A picture without text the size and shape of an icon (``iconAspectLimit``, at most
    /// ``GroupingSettings/decorativePictureWidth`` of the screen's width) goes to the icon classifier
    /// too, and one it recognises becomes an icon: the detector takes some icons for pictures (an
    /// envelope, a play button, a download arrow in an orange disc). Measured on ui-real valid
    /// (2026-11-23): 58 of the announced pictures were unlabelled and icon-sized; the classifier
    /// recognised 12 of them, 11 correctly by eye (the twelfth, a red "X" app logo, was called
    /// "close").
    public var readIconSizedPictures = true
    /// How much longer than wide (or wide than long) an icon-sized picture may be: 1.5 — *design
    /// choice*: icons are drawn on a square grid (Material's 24 × 24 dp, Apple's square app icons),
    /// and detector boxes are rarely off by more than a quarter of a side.
    public var iconAspectLimit: Double = 1.5
    /// An icon left unknown whose box holds three dots in a row along its long side is "More"
    /// (``IconGlyphs/isThreeDots(_:box:minDistance:)``): the overflow glyph ⋮ is 3–4 px wide on
    /// ui-real's screenshots, too thin for the classifier (2 of valid's 174 unlabelled icons).
    public var readThreeDots = true
    /// An icon left unknown that is a small chevron or caret triangle takes its direction
    /// (``IconGlyphs/chevronDirection(_:box:minDistance:maxTinySide:inkShares:)``): "Forward", "Back", "Up",
    /// "Down"; a chevron ⌄ the classifier calls "checkmark" is "Down" (a checkmark is not its own
    /// mirror image), and an outlined › it calls "play" is "Forward" (a play triangle is filled).
    /// On ui-real valid's analyses: 17 unknown icons and 15 "checkmarks", all chevrons or carets
    /// by eye (2026-11-24). On ui-real valid and 300 random train screens (2026-11-26): 2 list
    /// chevrons had been "Play, Button" (the 21 other "Play" glyphs of 13 px or less were play
    /// triangles and stay), and a box grown by a pixel read 5 more (a "Deliver to …" ⌄, four ›).
    public var readChevrons = true
    /// A wide icon (or small picture) that is a row of stars is a rating and says its value, "4.5 of 5
    /// stars" (``StarRatings``), instead of the classifier's "More" or nothing. On the 820 ui-real
    /// screens the pipeline is checked on (2026-11-26) 32 rows of stars on 20 screens were found
    /// this way, all of them ratings by eye, and nothing else.
    public var readStarRatings = true
    /// An icon still unknown that shows a number (a rank, a count, a version the detector took for
    /// an icon), or in a row of short labels a letter or two ("XS" among sizes, "F" among
    /// weekdays), is read from its crop and becomes that text
    /// (`ContentStage.readNumbersInIcons`). On ui-real valid's analyses 10 icons became numbers —
    /// ranks, vote counts, a stepper's 1–4, "2y", "v4.1" —, one wrongly ("9" for a tag glyph)
    /// (2026-11-24).
    public var readNumbersInIcons = true
    /// At most this many icon crops are read a screen, the smallest first: 4 — of ui-real valid's
    /// 299 screens, 186 have no unknown icon and 272 at most 4 (the most: 15); numbers are among
    /// the smallest icons; each read is a single-line crop OCR, ~4 ms (`screenrec bench`) —
    /// *design choice*.
    public var maxIconReads = 4
    public init() {}
}

/// §5.3: selection state of tab buttons and segments from their pixels.
public struct SelectionSettings: Codable, Sendable, Hashable {
    /// Colours are counted after keeping this many bits per channel, so anti-aliasing and JPEG noise
    /// fall into the same bin: 4 bits (16 levels) — *design choice*.
    public var quantizationBits = 4
    /// A colour counts as a tint (not background) when it is at least this far (RGB distance) from
    /// the background: 40 — *design choice* (about a 10% step in each channel).
    public var minTintDistance: Double = 40
    /// A row of evenly spaced labels under the toolbar with no indicator line is a tab strip when
    /// exactly one label is tinted and the rest are one grey
    /// (``MissingElements/recoverTabStrips(_:image:settings:)``).
    public var tabStripsByTint = true
    /// The outlier tint must be at least this far from the others' typical tint: 60 — *design choice*.
    public var minOutlierDistance: Double = 60
    /// Page controls: when no page is read at half ``minTintDistance``, a second reading counts
    /// columns whose middle rows are on average at least this far from the bar behind the dots
    /// (``SelectionState/pageControlValue(_:_:settings:)``; 0 turns it off): 12 — *measured*: the
    /// faint dots of ui-real valid's unread page controls lie 23–50 from their bar on that profile,
    /// the gaps between them 2–7; 8, 12 and 16 read the same (`Benchmarks/page-controls`, 2026-11-24).
    public var faintDotDistance: Double = 12
    /// Read a checkbox's state from its glyph's pixels (``CheckboxState``) instead of taking the
    /// detector's checked / unchecked class, which on real screens was right for 39 of 180
    /// (2026-11-25). A detections file's class stands either way.
    public var checkboxStateFromPixels = true
    /// Checkboxes drawn as rings, in a column (or row) of rings with at most one checked, are radio
    /// buttons (`RadioButtonStage`): "Default, Radio button, 1 of 11, Checked". On the 1,219
    /// listening screens of ui-real: 104 radio buttons on 17 screens, all rings by eye (2026-11-29).
    public var radioButtonsFromRings = true
    /// Mark an open navigation drawer's current row "Selected" from its fill or its text's colour
    /// (``DrawerSelection``).
    public var selectedDrawerRows = true
    public init() {}
}

/// §5.5: grouping heuristics.
public struct GroupingSettings: Codable, Sendable, Hashable {
    public var groupText = true
    public var groupTabs = true
    public var groupContainers = true
    public var groupPictureSubtitles = true
    /// Give unlabelled controls the text that labels them (see ``Grouping/groupControlLabels(_:ordering:)``).
    public var groupControlLabels = true
    /// A checkbox or switch row's title over the description its control took as its label joins
    /// the control (see ``Grouping/joinControlTitles(_:ordering:)``).
    public var joinControlTitles = true
    /// Text grouping: the vertical gap must be below `textGapFactor × min(T1.height, T2.height)` (§5.5: factor 1).
    public var textGapFactor: Double = 1.0
    /// Tab grouping: candidates lie in the bottom 20% of the screen (§5.5).
    public var tabBarBottomFraction: Double = 0.2
    /// Tab grouping: `B.bottom − D.top` within 0.08 × screen height (§5.5).
    public var tabBarProximity: Double = 0.08
    /// A tab bar needs at least 3 tab buttons: Material's bottom navigation is for 3 to 5
    /// destinations, and on ui-real valid every one of the 37 two-item "tab bars" the rule found
    /// with 2 was a pair of buttons at the foot of the screen ("CANCEL" / "OK", "SIGN IN" /
    /// "REGISTER", "Previous" / "Next", a price and "Check availability"), announced "Tab, 1 of 2"
    /// (measured 2026-11-23; 2 until then, from Apple's HIG "2–5 tabs"). A lone bottom button
    /// ("Create a Setlist") is not "Tab, 1 of 1" either.
    public var minTabs = 3
    /// A row of texts alone, not one icon among them, is not a tab bar: a tab bar item is an
    /// icon with a title (HIG, "Tab bars"; Material, "Navigation bar": icons are required). On
    /// the 779 ui-real and iPhone screens, 4 of the 102 rows the tab rule took had no icon, and
    /// none was a tab bar by eye: SIGN UP / USE A CODE / LOG IN and SIGN IN / REGISTER buttons, a
    /// share sheet's app names, a diary's "Sweets / Salty Snacks / Alcohol" choices; on a fresh
    /// iPhone screen, "Skip Tour" / "Next" (measured 2026-11-25).
    public var tabsNeedAnIcon = true
    /// A bar holding a back arrow is a toolbar, not a tab bar: its items are buttons ("Back,
    /// Button"), never numbered or selected tabs. A tab bar switches between an app's top-level
    /// sections and a back arrow is none (HIG, "Tab bars" and "Toolbars"; Material, "Navigation
    /// bar" and "Bottom app bar"). On the 779 check and 700 held-out screens, 12 rows the tab rule
    /// took held a back arrow and every one was a toolbar by eye: a web view's ‹ ↻ ⌂ bar, Korean
    /// banking apps' 이전 / 다음 / 홈 bars, a keypad's ⌫ 0 확인 row (measured 2026-11-25). The back
    /// arrow must be among the bar's first two items (toolbars lead with it; a "back" read further
    /// right is a misread tab icon).
    public var backArrowBarsAreToolbars = true
    /// A tab bar title OCR misread is mended to the destination it misreads ("Fuplore" → "Explore",
    /// "“avorites" → "Favorites"; ``TabTitles``), or, too damaged for that, to the title its icon
    /// names that it is near ("Fovontos" under a heart → "Favorites":
    /// ``TabTitles/mended(_:underIcon:)``).
    public var mendTabTitles = true
    /// Container grouping: a detection is inside a container when this fraction of its area is
    /// inside (0.85, the paper's containment rule of §3.3).
    public var containment: Double = 0.85
    /// Containers covering more than this fraction of the screen are layout regions, not cells, and
    /// are not grouped (§5.1/Fig. 7 right: "the big Container … may be removed"): 0.5 — *design choice*.
    public var maxContainerScreenFraction: Double = 0.5
    /// A plain (not clickable) icon right beside a text, text field or text button on its row is
    /// that element's decoration — a table cell's image, a text field's left view — and is spoken
    /// as part of it, not as a separate "Icon" stop (``Metadata/absorbDecorativeIcons(_:gap:maxPictureWidth:leadingGap:leadingEdge:maxThumbnailWidth:keyline:keepingChevronsFrom:)``).
    public var absorbDecorativeIcons = true
    /// An iOS back button — a back chevron with the previous screen's title beside it, the bar's
    /// own title centred — is one button "TITLE, Back" (``Metadata/joinBackButtonTitles(_:screen:maxGap:)``).
    public var joinBackButtonTitles = true
    /// The title starts at most this many heights (of the taller of chevron and title) right of
    /// the chevron: 0.45 — *measured* on ui-real (2026-11-25, 60 iPhone and 299 valid screens): iOS
    /// back titles sit 0.22–0.39 heights from their chevrons, Android titles after the up arrow
    /// 1.10–1.95 (a few left-aligned titles after an iOS-style chevron 0.47–0.57, with no centred
    /// title beside them).
    public var backTitleGap: Double = 0.45
    /// How far (in icon widths) a decorative icon may sit from the element it decorates: 1.5 —
    /// *design choice*: Material's list items put a 24-dp leading icon 16–32 dp from the text
    /// (0.7–1.3 widths); iOS table cells 16 pt from a 29-pt image.
    public var decorationGap: Double = 1.5
    /// How far a *leading* decorative icon (in the screen's leading band,
    /// ``InteractivitySettings/leadingIconBand``, with its text to its right) may sit from that text,
    /// in icon widths: 2.75. Material's lists and navigation drawers put a 24-dp icon at 16 dp and
    /// the text at the 72-dp keyline, and the detector's box is tight on the glyph's ink (17–20 px
    /// on ui-real's 360-dp screens), so the text starts 1.6–2.6 box widths away: on ui-real valid
    /// 42 unlabelled leading icons of drawer and settings rows ("Home", "Weekly Ad", "Tethering
    /// settings") sat there, spoken as separate "Icon" stops (2026-11-24).
    public var leadingDecorationGap: Double = 2.75
    /// A leading decorative icon also joins a text that starts at or before this share of the
    /// screen's width, however narrow the glyph: 0.21 — Material's 72-dp text keyline of lists
    /// and navigation drawers on a 360-dp screen (0.2) with 4 dp to spare. Narrow glyphs (a bed,
    /// a "?", a train: 7–12 px of ink) put that keyline 2.8–5 of their widths away; on the 779
    /// check, 700 held-out and 80 fresh screens 13 such drawer and settings icons were spoken
    /// apart, their texts at 63–71 dp (measured 2026-11-25). 0 turns the keyline off.
    public var leadingTextKeyline: Double = 0.21
    /// How far (in icon widths) a plain icon left of a text button's title, on the button's one-colour
    /// fill, may sit and still be the button's leading image (a logo in "Sign in with Google";
    /// ``Metadata/absorbButtonIcons(_:image:maxGap:colourDistance:)``): 10 — measured on ui-real
    /// valid, where such logos and row icons sit 1.5–8.8 widths from their titles.
    public var buttonIconGap: Double = 10
    /// An unlabelled picture at most this share of the screen's width beside a labelled text is
    /// that row's image, read as part of it like a decorative icon: 0.2 — *design choice* from the
    /// platforms' list rows: Material's avatar and thumbnail are 40–56 dp of a 360-dp screen
    /// (0.11–0.16), an iOS table cell's image about 60 pt of 390 (0.15). 0 keeps pictures apart.
    public var decorativePictureWidth: Double = 0.2
    /// Marks VoiceOver would never focus are not announced (``Decoration``): an unlabelled, not
    /// interactive icon thinner than ``strokeSide`` (a stroke), and an unlabelled, not interactive
    /// icon or picture lying at least ``enclosedMarkInside`` inside another element that is one
    /// stop (a text's leading heart, a search field's magnifier, a card's badge), whose detections
    /// join that element's. The analysis's diagnostics count them.
    public var hideDecoration = true
    /// An unlabelled icon whose shorter side is under this share of the screen's width is a stroke:
    /// 0.0167 (6 px of a 360-px screen) — *measured* on the 1,219 listening screens (2026-11-28):
    /// all 28 unlabelled icons thinner than that were dashes and bars by eye (a table's "—", a
    /// divider's stub); the 6 recognised ones (thin chevrons, a warning sign) keep their stops.
    public var strokeSide: Double = 0.0167
    /// A mark lies inside another element when at least this share of its area does: 0.5 — *design
    /// choice*, as for OCR lines (a mark belongs to the box holding most of it).
    public var enclosedMarkInside: Double = 0.5
    /// A wider picture is still its row's image when it is the row's *leading* thumbnail — starting
    /// in the screen's leading band (``InteractivitySettings/leadingIconBand``) with a labelled text
    /// to its right — and at most this share of the screen's width: 0.35 — Material's list items'
    /// largest leading element, a 114-dp video thumbnail on a 360-dp screen (0.32); a movie list's
    /// posters on ui-real train (95 px of 360) were spoken "Image" before their titles. 0 leaves
    /// thumbnails apart.
    public var rowThumbnailWidth: Double = 0.35
    /// A text inside another text with the same words (a button's whole box detected as text and
    /// its title inside it, both read "LOGIN") is spoken once
    /// (``Metadata/mergeNestedRepeats(_:containment:)``): on ui-real valid 4 screens said a title
    /// twice, on 300 random train screens 7 (2026-11-24, tenth session).
    public var mergeNestedRepeats = true
    /// An icon with a short caption right under it (a launcher's "Instagram", a toolbar's "Cart",
    /// an action row's "Call") is one button labelled by the caption — ui-real's TextImageButton,
    /// 259 of the 5,446 boxes of its valid split (``Metadata/joinIconCaptions(_:screen:maxGap:bottomBand:maxPictureWidth:)``; small pictures take part, see ``decorativePictureWidth``).
    public var joinIconCaptions = true
    /// The caption starts at most this many icon heights below the icon: 0.75 — Material's
    /// navigation items put the label 4–8 dp under a 24-dp icon (0.17–0.33), iOS toolbars and
    /// launchers about as close; measured on ui-real valid, grid menus set theirs farther: "3
    /// guests", "1 room", "찜한 방", "My Orders" sit 0.52–0.72 icon heights under their icons (0.5
    /// until 2026-11-23 left them apart, spoken as "Icon" and a text).
    public var captionGap: Double = 0.75
    /// A container holding more controls than this (toggles, checkboxes, sliders, text fields,
    /// segments) is a list section, not a card, and is not grouped: each control row must stay
    /// reachable and be announced with its own label (Soundproof's VoiceOver write-up: a cell's switch is spoken with its
    /// label, one cell at a time). 1 — *design choice*: a card with one switch or field is still
    /// one element with that control.
    public var maxControlsInGroupedContainer = 1
    /// Picture subtitle: at least 50% x-overlap (§5.5).
    public var subtitleXOverlap: Double = 0.5
    /// Picture subtitle: gap below 0.03 × screen height (§5.5).
    public var subtitleGap: Double = 0.03
    /// Picture subtitle: a second line is grouped too (§5.5).
    public var subtitleMaxLines = 2
    /// A text under a picture is the page's, not the picture's subtitle, when it is a sentence — at
    /// least ``subtitleSentenceWords`` words — at least this many times the picture's width: 2.5 —
    /// *measured* on the 1,219 listening screens (2026-11-28): of the 16 picture groups whose text
    /// was over twice the picture's width, the tiles' and cards' captions ("Handyman Services",
    /// "Fake GPS - Search location") were 2.1–2.7× wide with 2 words or 2.1× with 5, the
    /// onboarding and banner sentences under an illustration ("Get discount coupons and find out
    /// everything new that we have for you.", "Use your grocery and drug store loyalty cards…")
    /// 2.7–10.7× with 4 to 41 words. A caption sits within about its picture's columns (§5.5's
    /// overlap); a sentence spanning the screen under a small illustration is the screen's text,
    /// and had been spoken as "…, Image". 0 keeps every such subtitle.
    public var subtitleSentenceWidthRatio: Double = 2.5
    /// Words that make a picture's wide text a sentence (``subtitleSentenceWidthRatio``): 4 —
    /// *measured* with it: the tiles' captions have 2.
    public var subtitleSentenceWords = 4
    /// A card — a picture with a stack of caption lines set flush with its left edge under it (a
    /// shop's "Whimsical Bear Pair" over "$2.70", a travel app's "GUIDED HIKE", title, "$44 per
    /// person") — is one element, "…, Image", as its cell is to VoiceOver
    /// (`Grouping.cardCaption(of:in:screen:settings:)`). §5.5's subtitle rule leaves these apart:
    /// its first line sits closer to the next line than to the picture. On ui-real valid and 512
    /// train screens 11 such cards (on 7 screens) had been spoken as a bare "Image" before their lines, and
    /// nothing else was grouped by this rule (2026-11-26).
    public var groupCardCaptions = true
    /// A card's picture is at most this share of the screen's width: 0.6 — *design choice*: the
    /// cards of grids and carousels (two columns: 0.4–0.45 of the width on ui-real); a full-width
    /// picture over a left-aligned title is a page's header photo, and its title the page's.
    public var cardMaxPictureWidth: Double = 0.6
    /// A card's caption is 2 to this many lines: 4 — *measured* on ui-real (2026-11-26): category,
    /// title (one or two lines), price and rating lines; a longer stack is a page's text flowing
    /// on, and no card.
    public var cardMaxLines = 4
    /// A card's first two lines start within this share of the screen's width of the picture's
    /// left edge: 0.025 — *measured* on ui-real (2026-11-26): cards' lines start 0–0.023 of the
    /// width from it (the detector's boxes at 1x); centred onboarding titles under an
    /// illustration 0.09–0.57.
    public var cardAlignment: Double = 0.025
    /// An unnamed illustration centred over the screen's title or message — an onboarding page's
    /// art over "Welcome to TripAdvisor!", an empty state's over "No messages in Archived inbox" — is
    /// folded into the text under it as decoration, so that the text is the one stop and the art is
    /// no bare "Image" (`Grouping.joinIllustrationTitles(_:screen:settings:)`). HIG ("Images": mark purely
    /// decorative images hidden from VoiceOver) and Material (empty states' illustrations) treat
    /// such art as decoration; §5.5's subtitle rule leaves it apart, the text being a heading, a
    /// sentence or farther than its gap. An unnamed glyph that is no control, over an empty
    /// state's message, is folded in too (5 on the 1,219 listening screens, 2026-11-29).
    public var joinIllustrationTitles = true
    /// The illustration's middle is within this share of the screen's width of the screen's middle,
    /// and so is its text's of the illustration's: 0.05 — *measured* on the 1,219 listening screens
    /// (2026-11-29): the 173 pieces of onboarding and empty-state art folded in lay 0–0.044 of the
    /// width off the screen's middle (median 0.003), their texts 0–0.040 off the art's (median 0.006).
    public var illustrationCentring: Double = 0.05
    /// The text starts at most this share of the screen's height under the illustration: 0.25 —
    /// *measured* on the 1,219 listening screens (2026-11-29): of the 173 onboarding and
    /// empty-state titles and messages folded in under their art, 124 lay 0.011–0.1 of the height
    /// below it and 49 lay 0.1–0.25 (an onboarding page's title set low, by its page control) —
    /// every one such art by eye, as were the 4 centred ones lying farther that are left apart.
    public var illustrationTitleGap: Double = 0.25
    /// Picture kinds (``PictureDescription/kind``) that keep their stop over a title: a photo, a
    /// screenshot or a map shows content. An "Illustration" or a "Logo" over its title is folded in.
    public var illustrationKeptKinds: [String] = ["Photo", "Screenshot", "Map"]
    /// Art whose title lies over it (an onboarding page's "Get alerts for things you care about"
    /// over its drawing, an empty cart's "Your cart is empty" over a cart) is folded into that
    /// title when nothing under it is a text within ``illustrationTitleGap``, and only when it is at
    /// least this share of the screen's height tall: 0.1 — *measured* on the 1,219 listening
    /// screens (2026-11-30): the 18 such pieces of onboarding and empty-state art were 0.24–0.52 of
    /// the height tall; a feed's 0.06-tall banner under its post's line is no page art.
    public var illustrationUnderTitleMinHeight: Double = 0.1
    /// The text under the art need not be centred under it when nothing else lies on its rows: a
    /// page's title set flush left or right under centred art ("Welcome to the Guardian" under
    /// its logo, "Almost there" under a permission screen's drawing) — *measured* on the 1,219
    /// listening screens (2026-11-30): 12 pictures more were folded in, 11 of them a page's logo
    /// or onboarding art over its title or message by eye, one a category banner over its first
    /// row.
    public var illustrationTitlesAloneOnTheirRows = true
    /// A detected dialog hides what is behind it (Just Eat's VoiceOver audit: `accessibilityViewIsModal`) only when its confidence is at least
    /// this: 0.5 — *design choice*, the conventional operating point. Hiding elements is the one
    /// destructive heuristic, and the interim detector's dialog AP on real screens is 4%
    /// (Models/detector/MODEL_CARD.md): its dialogs at 0.2–0.3 hid whole screens.
    public var modalDialogMinConfidence: Double = 0.5
    /// A modal dialog hides only what its scrim dims (Material: a 32 % black scrim behind modal
    /// dialogs and sheets; iOS alerts and sheets dim the screen likewise): an element outside the
    /// dialog whose pixels are as bright as the panel's stays, and a dialog with nothing dimmed
    /// behind it hides nothing (`ModalDialogStage`). The detector takes a keypad's middle column,
    /// a list or a sheet's upper half for a dialog: on ui-real held-out train screens such boxes hid
    /// 14–31 elements of undimmed screens and left 3–6 ("2", "5", "8" of a bank's keypad).
    public var modalDialogsHideOnlyDimmed = true
    /// Below ``modalDialogMinConfidence``, the most confident dialog at or above this still hides
    /// what is behind it when the screen behind it is plainly dimmed: with
    /// ``modalDialogsHideOnlyDimmed`` on, every element measured outside it is darker than its
    /// panel and at least ``scrimDialogMinDimmed`` of them are (nothing there is as bright as the
    /// panel, so a scrim covers it). 0.3 — *measured* (2026-11-29, fifty-second session): a
    /// held-out-fonts check-set alert over a dimmed file list was a 0.39 dialog, and the list's
    /// chevron behind the scrim made its message a "Button"; on the 1,219 listening screens of
    /// ui-real it changed none (no dialog under 0.5 there has only dimmed elements behind it).
    /// 1 turns it off.
    public var scrimDialogMinConfidence: Double = 0.3
    /// …and this many elements outside it must be measured dimmed: 3 — *design choice*, so that
    /// one or two dark icons beside a bright card are no scrim.
    public var scrimDialogMinDimmed = 3
    /// An open navigation drawer hides the content behind it as a modal dialog does (Android's
    /// `DrawerLayout`, an iOS side menu): found from the pixels (``NavigationDrawer/edge(in:)``),
    /// only the status bar and the elements within the drawer stay.
    public var drawersHideScreen = true
    public init() {}
}

/// §5.6: navigation order.
public struct OrderingSettings: Codable, Sendable, Hashable {
    /// Projections may overlap by this many pixels and still be cut: 0 — the paper's rule ("without
    /// overlapping any element").
    public var cutTolerance: Double = 0
    /// Inside an indivisible segment, two elements whose tops differ by less than this fraction of
    /// the smaller height count as a tie and go left-to-right: 0.2 — *design choice*.
    public var tieFraction: Double = 0.2
    public init() {}
}

/// §5.4: interactivity.
public struct InteractivitySettings: Codable, Sendable, Hashable {
    /// An icon is a button when the clickability model's probability reaches this. 0.5 is only the
    /// default for a model without one; `screenrec` replaces it with the shipped model's threshold
    /// (Models/clickability/model.json: 0.7279, the lowest with ≥ 90% out-of-fold precision on
    /// ui-real's train split, §5.4; valid: 90.3% precision, 57.1% recall — MODEL_CARD.md).
    public var clickThreshold: Double = 0.5
    /// Without a clickability model, the rule in ``Interactivity/ruleBasedClickable(_:settings:)`` decides.
    public var useRuleWithoutModel = true
    /// With a model, icons in the navigation bar (``Interactivity/isBarItem(_:settings:)``) are buttons
    /// whatever the model says. The model learnt ui-real's labels, which call 220 of the 236
    /// navigation-bar icons of its valid split plain icons (measured when the model was trained),
    /// so it never calls a bar icon a button; on iOS, bar-button items are buttons.
    public var barIconsAreButtons = true
    /// With a model, media transport icons — play, pause, next, previous, shuffle
    /// (``Interactivity/mediaControlMeanings``) — are buttons whatever the model says: they act when
    /// tapped (HIG: playback controls are buttons), but ui-real's labels call nearly all of them plain
    /// icons (on its valid split 44 of the 47 transport glyphs that `screenrec analyze` recognises on
    /// a labelled box are labelled Icon, 2 ImageButton, 1 Image; 2026-11-24), so the model learnt not to.
    public var mediaControlsAreButtons = true
    /// With a model, an overflow glyph (⋮ or …, meaning `more`) is a button whatever the model says:
    /// Material's overflow menu and the HIG's "More" are icon buttons that open a menu, but ui-real
    /// labels them plain icons, so the model learnt not to: on its valid split 41 recognised "More"
    /// glyphs were announced "More, Image" (`screenrec analyze`, 2026-11-24).
    public var overflowIconsAreButtons = true
    /// With a model, a command glyph — back, close, add, share, upload, edit, delete, send, refresh
    /// (``Interactivity/commandMeanings``) — is a button whatever the model says, unless a text
    /// follows it on its row (``Interactivity/precedesText(_:among:)``: a drawer row's or a text
    /// button's leading image, which later stages join to its text): these glyphs do
    /// what they show when tapped (the HIG's toolbar and navigation-bar symbols, Material's icon
    /// buttons), but ui-real labels many of them plain icons, so the model learnt not to. On ui-real
    /// valid and 300 train screens 45 such glyphs were announced "Close, Image", "Edit, Image",
    /// "Upload, Image"…; on a contact sheet of them (2026-11-25) about 37 were buttons — the card's
    /// share and upload glyphs, close ×s on dialogs and banners, a map's zoom + — and about 8 were
    /// pictures the icon classifier misread (a receipt as "Share", an envelope logo as "Close"),
    /// which were wrong already. Menu glyphs (≡) are left to the model: card and list pictures read
    /// as "Menu" were most of its misreadings there.
    public var commandIconsAreButtons = true
    /// With a model, a heart, star or bookmark glyph (``Interactivity/favoriteMeanings``) is a
    /// button whatever the model says, unless a text follows it on its row (a count's or a score's
    /// leading glyph, "♥ 123", "★ 4.8"): standing alone — in a photo's corner, at a card's or a
    /// row's trailing end, beside a share glyph — it is the toggle that saves or likes what it sits
    /// on (Material's "favorite" icon toggle button, the heart on App Store and Airbnb cards), but
    /// ui-real labels 192 of 193 such glyphs plain icons, so the model learnt not to. On the 820
    /// check screens (2026-11-26) the rule made 73 buttons (52 hearts, 18 stars, 3 bookmarks); on a
    /// contact sheet of them 70 are toggles by eye — hearts on photos and cards, beside a share
    /// glyph, outline stars ending list rows —, 2 are an illustration's heart (a rating prompt's,
    /// an onboarding picture's) and 1 is unclear. Stars leading a score ("★ 4.8") stay images.
    public var favoriteIconsAreButtons = true
    /// A recognised brand's logo (``IconMeaning/brands``: Facebook, Google, Twitter…) standing alone,
    /// at least ``Interactivity/minCommandSide`` of the screen wide, with no text following it on
    /// its row, is a button (`Interactivity.isBrandButton`): apps show these logos to sign in,
    /// share or follow, and the clickability model, judging the glyph alone, left them images. On
    /// 811 ui-real screens (2026-11-26) 15 logos were spoken "Facebook, Image" or "Google, Image":
    /// by eye, 13 are sign-in buttons ("Or continue with  f  G", circles under "Sign in with your
    /// social account") or a sign-in button's own logo, 1 a picture of a Facebook page (no icon,
    /// left alone) and 1 a small logo after a banner's "Back up your cards". 10 screens changed.
    public var brandIconsAreButtons = true
    /// A button showing a brand's logo whose title does not name the brand says it ("CONTINUE WITH
    /// GOOGLE", "Facebook, LIKE"), and a misread name beside the logo is mended ("ACEBOOK" →
    /// "FACEBOOK") (``BrandTitles``): two "CONTINUE" buttons, one with a Facebook "f" and one
    /// with a Google "G", were both "CONTINUE, Button".
    public var brandLogosNameTheirButtons = true
    /// An open navigation drawer's destinations are buttons
    /// (``NavigationDrawer/destinations(_:labels:width:)``): "Profile", "Feedback", "Help" beside
    /// "Rate app", which the title-word rule alone had made buttons.
    public var drawerRowsAreButtons = true
    /// A recognised glyph on a row of glyph buttons of about its size is a button too
    /// (``Interactivity/glyphRowButtons(_:)``: a player's queue glyph beside ⏮ ▶ ⏭).
    public var glyphRowsAreButtons = true
    /// A glyph on a page control's row is the pager's button (``Interactivity/pagerButtons(_:)``:
    /// an onboarding's → beside its dots).
    public var pagerArrowsAreButtons = true
    /// A list row with a trailing disclosure chevron (an icon recognised as `forward` in the
    /// screen's trailing band, mirroring ``leadingIconBand``) is a button labelled by its title, the
    /// chevron part of it (``Metadata/markDisclosureRows(_:trailingEdge:rowEndEdge:)``): iOS's disclosure
    /// indicator and Material's trailing "›" mark rows that open another screen.
    public var disclosureRowsAreButtons = true
    /// A title with a down caret right after it ("Language: English ▾", a "카테고리 ▾" chip) is a
    /// dropdown button, the caret part of it (``InlineDropdowns``): UIKit's buttons with a menu and
    /// Material's exposed dropdown menus are one element, where the caret was said apart ("Down,
    /// Button") or folded into a plain text.
    public var inlineDropdownsAreButtons = true
    /// A disclosure chevron (› ⌄ ⌃) that ends its row — nothing right of it on the row — marks the
    /// row from this share of the screen's width on, short of the screen's trailing band: rows of
    /// a navigation drawer or a dialog end before the screen does. 0.55 — *measured* (2026-11-26) on
    /// the 779 check, 700 held-out and 60 fresh ui-real screens: such chevrons of drawer and dialog
    /// rows ("Clothing ⌃", "NEWS ⌄", "Privacy Policy ›", an account switcher's ⌄) start at
    /// 0.60–0.79 of the width; left of the middle a chevron is inside its row, not at its end.
    public var disclosureRowEnd: Double = 0.55
    /// A list row with a trailing checkmark (an icon recognised as `checkmark` in the screen's
    /// trailing band) is the row the list has selected: its title gains the selected trait and the
    /// tick joins it (``Metadata/markCheckedRows(_:trailingEdge:)``) — iOS's checkmark accessory and
    /// Material's trailing check in a single-choice list; VoiceOver says "Selected, Blue sky", not
    /// "Blue sky" then "Done, Image".
    public var checkmarkRowsAreSelected = true
    /// Short texts in a tint colour, or on a tinted fill, are buttons (``TextButtons``).
    public var tintedTextsAreButtons = true
    /// A question followed by its action ("Already have an account? Log in") holds a link: the
    /// text gains the link trait (``TextButtons/isPromptWithLink(_:)``); a question read apart
    /// from the link that answers it ("Already have an account?" before "Log In") is a caption,
    /// never a button (``TextButtons/promptQuestionIndices(_:)``).
    public var promptLinks = true
    /// The documents a sentence links to ("…you agree to the Terms of Service and Privacy
    /// Policy") are stops of their own after it, "Terms of Service, Link" (``InlineLinks``).
    public var inlineLinks = true
    /// A modal dialog where nothing can be activated has its last short line as its action
    /// (``TextButtons/markDialogAction(_:dialog:)``).
    public var dialogActionsAreButtons = true
    /// A short text standing as a text button's twin — the two alone on their row, centred as a
    /// pair on the screen, in type of one size ("Sign In" and "Not Yet" under a welcome page's
    /// "Create Account") — is a button too (``TextButtons/markTwinButtons(_:screenWidth:)``).
    public var twinTextsAreButtons = true
    /// A text button drawn faded — a pale fill set apart from its page, its title nearly the
    /// fill's colour — is announced "Dimmed" (``DimmedButtons``).
    public var fadedButtonsAreDimmed = true
    /// The rows of one list — a leading icon and a title each, on one keyline, as in a navigation
    /// drawer or a menu — say the role most of them have (``ListRows/shareRoles(_:screenWidth:)``):
    /// not "Home", "Settings", then "Share app, Button".
    public var listRowsShareARole = true
    /// A read text is a button when the text-button model's probability reaches this. 0.5 is only
    /// the default for a model without one; the shipped model's threshold replaces it
    /// (Models/textbuttons/model.json: the lowest with ≥ 90 % out-of-fold precision on ui-real's
    /// train split, §5.4's operating point applied to texts — MODEL_CARD.md there).
    public var textButtonThreshold: Double = 0.5
    /// A read text whose words are a button title (``TextButtons/isActionPhrase(_:)``: "Log In",
    /// "Sign up with email", "Next", "Forgot Password?") is a button, besides those the text-button
    /// model finds. On ui-real valid (`screenrec eval --announcements`, 2026-11-23) most texts it
    /// takes that ui-real labels Text are tappable all the same ("SKIP", "CANCEL", "Sign in with
    /// Google"): the data set's own labels count them as errors (README, Measured).
    public var actionPhrasesAreButtons = true
    /// The digits of a number pad — 1 to 9 in a 3 × 3 grid, and the row after it — are buttons
    /// ("1, Button") (``TextButtons/keypadKeys(_:)``).
    public var keypadKeysAreButtons = true
    /// The short titles on the row under a caption that ends on a preposition ("Or register with"
    /// over "Facebook" and "Google") are the buttons that finish its sentence
    /// (``TextButtons/captionCompletions(_:captions:)``).
    public var captionCompletionsAreButtons = true
    /// A row of capitalised action titles where one is a button — a dialog's "DENY" beside
    /// "ALLOW", a bottom bar's "USE A CODE" between "SIGN UP" and "LOG IN" — is a row of buttons
    /// (``TextButtons/actionRowMates(of:in:screenWidth:)``).
    public var actionRowsAreButtons = true
    /// A row of three to eight short titles where one is a button — a shop's category chips
    /// "전체 | 김치 | 쌀 / 잡곡 | 과일", an amount pad's "+1만 | +5만 | +10만 | 전액" — is a row of
    /// buttons (``TextButtons/chipRowMates(of:in:screenWidth:)``).
    public var chipRowsAreButtons = true
    /// A read one-line text centred in a container of its own — a filled, tinted or outlined
    /// rectangle or capsule that pads it on every side (``FramedText/container(of:in:lineHeight:)``) — is a
    /// button, besides those the text-button model finds: HIG's and Material's contained buttons.
    /// On ui-real valid it adds 30 of the TextButtons the model and the title words missed
    /// ("Continue with Google", "Let's get started"); README, Measured.
    public var framedTextsAreButtons = true
    /// … and so is one centred in it together with the glyph beside it — a chip's or bordered
    /// button's leading icon ("⚲ Filters", "📅 Dates"), a dropdown chip's trailing ⌄
    /// (``FramedText/titleWithGlyphs(_:icons:)``); the glyph joins the button.
    public var framedTitlesWithGlyphs = true
    /// … and so is one centred in a faint fill of its own set on one background — a chip of
    /// #EEEEEE on white or #1E1E1E on #121212, fainter than a framed button's edges
    /// (``FramedText/faintFill(of:in:lineHeight:)``); README, Measured.
    public var faintFillsAreButtons = true
    /// … and so is one centred in a bar across the screen below the app bar's band
    /// (``navigationBarBand``): a full-width button at a screen's foot
    /// (``FramedText/bar(of:in:topBand:)``); README, Measured.
    public var barTitlesAreButtons = true
    /// An icon in the left 20 % of the screen with text beside it is a cell's leading icon, not a
    /// button (``Interactivity/isLeading(_:settings:)``) — *design choice* modelled on iOS Settings
    /// cells (a 29-pt image 16 pt from the edge of a 390-pt screen).
    public var leadingIconBand: Double = 0.2
    /// The top 15 % of the screen is the navigation bar's band (``Interactivity/isBarItem(_:settings:)``)
    /// — *design choice* modelled on iOS's layout: status bar + navigation bar ≈ 11 % of an 844-pt
    /// screen, with room for Android's taller app bars.
    public var navigationBarBand: Double = 0.15
    public init() {}
}

/// Metadata and how announcements are worded.
public struct AnnouncementSettings: Codable, Sendable, Hashable {
    /// The large title is looked for among texts centred in the top 20 % of the screen
    /// (``Metadata/markHeader(_:screenHeight:screenWidth:lines:settings:)``) — *design choice*: an iOS large title
    /// sits below a 11 %-high status and navigation bar.
    public var headerBand: Double = 0.2
    /// …and is a header when at least 1.5 × the median height of the other texts there —
    /// *design choice* modelled on iOS large titles (34 pt against 17 pt bar-button and body text).
    public var headerHeightRatio: Double = 1.5
    /// A screen with no header yet takes its title, its largest type anywhere, as one
    /// (``Metadata/markPageTitle(_:screenHeight:lines:settings:)``).
    public var pageTitleIsHeader = true
    /// …when its type is at least 1.3 × the median of the other texts' — *design choice* from the
    /// type ramps: iOS title 2 over body is 22 / 17 pt (1.29), Material title large over body
    /// large 22 / 16 sp (1.38); a welcome page's "JusTalk" over "The best video call" measured
    /// 23 / 17 px (1.35) and missed the large-title rule's 1.5.
    public var pageTitleHeightRatio: Double = 1.3
    /// Where no text leads by its box's height, the page title may lead by its em
    /// (``Metadata/typeSize(of:lines:)``): a title in capitals and ascenders over lines that hang
    /// below the baseline.
    public var pageTitleByEm = true
    /// A centred title right above its centred description is a header too, whatever its size
    /// (``Metadata/markTitlesOverDescriptions(_:screen:lines:)``): an onboarding page's or an empty
    /// state's title.
    public var titlesOverDescriptionsAreHeaders = true
    /// A modal dialog's title is a header (`HeaderStage.markDialogTitle`): the topmost text in
    /// the dialog's top band, worded as a title, over the dialog's message or actions.
    public var dialogTitlesAreHeaders = true
    /// The top app bar's title is a header too (``Metadata/markAppBarTitle(_:screen:settings:)``),
    /// and so is a bar's title at the leading margin that no navigation icon leads, where no dialog
    /// or drawer is open (``Metadata/markLeadingBarTitle(_:screen:lines:settings:)``): UIKit gives
    /// a navigation bar's title the header trait.
    public var appBarTitleIsHeader = true
    /// A status bar's battery level is named ("Battery 68%", ``StatusBar/spoken(_:)``), as TalkBack
    /// and VoiceOver name it, not spoken as a bare "68%".
    public var namesBatteryLevel = true
    /// Speak hints ("Double tap to edit") after the announcement, as VoiceOver does with Hints on.
    public var includeHints = false
    /// Speak "Actions available" for elements with custom actions (VoiceOver's default verbosity).
    public var speakActionsAvailable = true
    public init() {}
}

/// Resource limits at the I/O boundary.
public struct Limits: Codable, Sendable, Hashable {
    /// Images with more pixels are refused before decoding: 50 megapixels — *design choice*, 7× a
    /// 1290×2796 iPhone Pro Max screenshot and 200 MiB of RGBA.
    public var maxPixels = 50_000_000
    /// Detections files with more entries are refused: 10,000 — *design choice*.
    public var maxDetections = 10_000
    public init() {}
}

extension AnalysisConfiguration {
    /// Decodes a configuration file in which any key, at any depth, may be left out: the file is
    /// laid over the defaults before decoding, so `{"grouping": {"subtitleGap": 0.05}}` changes
    /// that one value. Unknown class names and wrong types are reported as ``ScreenRecognitionError``.
    /// `base` is what the file is laid over (the defaults, or e.g. the defaults with a detector's
    /// per-class thresholds).
    public static func decode(overridingDefaultsWith data: Data, base: AnalysisConfiguration = .default) throws -> AnalysisConfiguration {
        let encoder = JSONEncoder()
        guard let defaults = try JSONSerialization.jsonObject(with: encoder.encode(base)) as? [String: Any] else {
            throw ScreenRecognitionError(.runtime, "cannot encode the default configuration")
        }
        try JSONErrors.checkNesting(data, "invalid configuration")
        let given: Any
        do { given = try JSONSerialization.jsonObject(with: data) } catch {
            throw ScreenRecognitionError(.invalidInput, "invalid configuration: not valid JSON")
        }
        guard let overrides = given as? [String: Any] else {
            throw ScreenRecognitionError(.invalidInput, "invalid configuration: the top level must be an object")
        }
        try checkKeys(overrides, against: defaults, path: "")
        func merge(_ base: [String: Any], _ over: [String: Any]) -> [String: Any] {
            var out = base
            for (k, v) in over {
                if let b = base[k] as? [String: Any], let o = v as? [String: Any] { out[k] = merge(b, o) } else { out[k] = v }
            }
            return out
        }
        let merged = try JSONSerialization.data(withJSONObject: merge(defaults, overrides))
        let configuration: AnalysisConfiguration
        do {
            configuration = try JSONDecoder().decode(AnalysisConfiguration.self, from: merged)
        } catch let e as DecodingError {
            throw ScreenRecognitionError(.invalidInput, "invalid configuration: " + JSONErrors.describe(e))
        }
        try configuration.validate()
        return configuration
    }

    /// Throws for the first key of `given` (at any depth) that `defaults` lacks, naming its path
    /// and the nearest valid key: a misspelled key ("subtitelGap") would otherwise be ignored
    /// silently and the default used.
    static func checkKeys(_ given: [String: Any], against defaults: [String: Any], path: String) throws {
        for key in given.keys.sorted() {
            let here = path.isEmpty ? key : "\(path).\(key)"
            guard let known = defaults[key] else {
                let nearest = defaults.keys.min { a, b in
                    let (da, db) = (editDistance(key.lowercased(), a.lowercased()), editDistance(key.lowercased(), b.lowercased()))
                    return da != db ? da < db : a < b
                }
                let hint = nearest.map { "; did you mean '\(path.isEmpty ? $0 : "\(path).\($0)")'?" } ?? ""
                throw ScreenRecognitionError(.invalidInput, "invalid configuration: unknown key '\(here)'\(hint)")
            }
            // Maps keyed by element class are checked when decoded ("unknown class").
            if let g = given[key] as? [String: Any], let k = known as? [String: Any], key != "confidenceThresholds" {
                try checkKeys(g, against: k, path: here)
            }
        }
    }

    /// The Levenshtein distance: insertions, deletions and substitutions turning `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Every value out of its range, as `section.key is V; it must be …` (empty when all are valid).
    ///
    /// The ranges follow from what each value is: IoUs, confidences and fractions of a box or the
    /// screen lie in 0…1; distances, factors and tolerances are finite and not negative;
    /// `quantizationBits` keeps 1…8 of an 8-bit channel; counts and limits are at least 1
    /// (`subtitleMaxLines` at least 0). A value outside them made the pipeline quietly do nothing
    /// (`nmsIoU: -5` dropped every overlapping box) or refuse every input (`maxDetections: -1`).
    public var problems: [String] {
        var out: [String] = []
        func fraction(_ name: String, _ v: Double) {
            if !(v >= 0 && v <= 1) { out.append("\(name) is \(v); it must be between 0 and 1") }
        }
        func nonNegative(_ name: String, _ v: Double) {
            if !(v.isFinite && v >= 0) { out.append("\(name) is \(v); it must be a finite number, 0 or more") }
        }
        func atLeast(_ name: String, _ v: Int, _ minimum: Int) {
            if v < minimum { out.append("\(name) is \(v); it must be \(minimum) or more") }
        }
        for cls in ElementClass.allCases {
            if let t = postProcessing.confidenceThresholds[cls] { fraction("postProcessing.confidenceThresholds.\(cls.rawValue)", t) }
        }
        fraction("postProcessing.nmsIoU", postProcessing.nmsIoU)
        fraction("postProcessing.crossClassIoU", postProcessing.crossClassIoU)
        fraction("missingElements.minOCRConfidence", missingElements.minOCRConfidence)
        fraction("missingElements.minBackgroundTextConfidence", missingElements.minBackgroundTextConfidence)
        fraction("content.ocrLineInsideFraction", content.ocrLineInsideFraction)
        fraction("content.minPictureTextConfidence", content.minPictureTextConfidence)
        fraction("content.minPictureReadConfidence", content.minPictureReadConfidence)
        fraction("content.lastCropReadBelow", content.lastCropReadBelow)
        fraction("content.minLastCropReadConfidence", content.minLastCropReadConfidence)
        fraction("content.rereadBelowConfidence", content.rereadBelowConfidence)
        fraction("content.rereadConfidenceMargin", content.rereadConfidenceMargin)
        fraction("content.rereadOnOtherScriptScreensBelow", content.rereadOnOtherScriptScreensBelow)
        fraction("content.minIconConfidence", content.minIconConfidence)
        fraction("content.minPictureDescriptionConfidence", content.minPictureDescriptionConfidence)
        fraction("content.minPictureKindConfidence", content.minPictureKindConfidence)
        if !(content.iconAspectLimit.isFinite && content.iconAspectLimit >= 1) {
            out.append("content.iconAspectLimit is \(content.iconAspectLimit); it must be a finite number, 1 or more")
        }
        if !(1...8).contains(selection.quantizationBits) {
            out.append("selection.quantizationBits is \(selection.quantizationBits); it must be between 1 and 8 (bits of an 8-bit channel)")
        }
        nonNegative("selection.minTintDistance", selection.minTintDistance)
        nonNegative("selection.minOutlierDistance", selection.minOutlierDistance)
        nonNegative("selection.faintDotDistance", selection.faintDotDistance)
        atLeast("content.maxIconReads", content.maxIconReads, 0)
        atLeast("content.minOtherScriptReadings", content.minOtherScriptReadings, 0)
        atLeast("content.lastLineReadBelowWidth", content.lastLineReadBelowWidth, 0)
        nonNegative("grouping.textGapFactor", grouping.textGapFactor)
        fraction("grouping.tabBarBottomFraction", grouping.tabBarBottomFraction)
        fraction("grouping.tabBarProximity", grouping.tabBarProximity)
        atLeast("grouping.minTabs", grouping.minTabs, 1)
        fraction("grouping.containment", grouping.containment)
        fraction("grouping.maxContainerScreenFraction", grouping.maxContainerScreenFraction)
        fraction("grouping.subtitleXOverlap", grouping.subtitleXOverlap)
        fraction("grouping.subtitleGap", grouping.subtitleGap)
        atLeast("grouping.subtitleMaxLines", grouping.subtitleMaxLines, 0)
        nonNegative("grouping.subtitleSentenceWidthRatio", grouping.subtitleSentenceWidthRatio)
        atLeast("grouping.subtitleSentenceWords", grouping.subtitleSentenceWords, 1)
        fraction("grouping.cardMaxPictureWidth", grouping.cardMaxPictureWidth)
        atLeast("grouping.cardMaxLines", grouping.cardMaxLines, 2)
        fraction("grouping.cardAlignment", grouping.cardAlignment)
        fraction("grouping.illustrationCentring", grouping.illustrationCentring)
        fraction("grouping.illustrationTitleGap", grouping.illustrationTitleGap)
        fraction("grouping.illustrationUnderTitleMinHeight", grouping.illustrationUnderTitleMinHeight)
        fraction("grouping.modalDialogMinConfidence", grouping.modalDialogMinConfidence)
        fraction("grouping.scrimDialogMinConfidence", grouping.scrimDialogMinConfidence)
        atLeast("grouping.scrimDialogMinDimmed", grouping.scrimDialogMinDimmed, 1)
        nonNegative("ordering.cutTolerance", ordering.cutTolerance)
        fraction("ordering.tieFraction", ordering.tieFraction)
        fraction("interactivity.clickThreshold", interactivity.clickThreshold)
        fraction("interactivity.textButtonThreshold", interactivity.textButtonThreshold)
        fraction("interactivity.leadingIconBand", interactivity.leadingIconBand)
        fraction("interactivity.disclosureRowEnd", interactivity.disclosureRowEnd)
        fraction("interactivity.navigationBarBand", interactivity.navigationBarBand)
        nonNegative("grouping.decorationGap", grouping.decorationGap)
        nonNegative("grouping.leadingDecorationGap", grouping.leadingDecorationGap)
        fraction("grouping.leadingTextKeyline", grouping.leadingTextKeyline)
        nonNegative("grouping.buttonIconGap", grouping.buttonIconGap)
        fraction("grouping.decorativePictureWidth", grouping.decorativePictureWidth)
        fraction("grouping.strokeSide", grouping.strokeSide)
        fraction("grouping.enclosedMarkInside", grouping.enclosedMarkInside)
        fraction("grouping.rowThumbnailWidth", grouping.rowThumbnailWidth)
        nonNegative("grouping.captionGap", grouping.captionGap)
        nonNegative("grouping.backTitleGap", grouping.backTitleGap)
        fraction("announcements.headerBand", announcements.headerBand)
        nonNegative("announcements.headerHeightRatio", announcements.headerHeightRatio)
        nonNegative("announcements.pageTitleHeightRatio", announcements.pageTitleHeightRatio)
        atLeast("limits.maxPixels", limits.maxPixels, 1)
        atLeast("limits.maxDetections", limits.maxDetections, 1)
        return out
    }

    /// Throws ``ScreenRecognitionError`` `.invalidInput` listing every value in ``problems``.
    public func validate() throws {
        let p = problems
        guard p.isEmpty else { throw ScreenRecognitionError(.invalidInput, "invalid configuration: " + p.joined(separator: "; ")) }
    }
}
