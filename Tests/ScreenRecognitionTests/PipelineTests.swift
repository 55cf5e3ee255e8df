import Foundation
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Fig. 9 worked example and the pipeline")
struct PipelineTests {
    @Test("The Clock screen reads as in the paper's Fig. 9")
    func clockScreen() throws {
        let analyzer = ScreenAnalyzer(detector: ReplayDetector(ClockScreen.detections))
        let result = try analyzer.analyze(image: ClockScreen.image())
        #expect(
            result.transcript == [
                "Edit, Button",  // a button title by its word, as in Fig. 9
                "Add, Button",
                "World Clock, Heading",
                "Today, +0HRS, Cupertino",
                "10:09 AM",
                "Today, +3HRS, New York",
                "1:09 PM",
                "Tomorrow, +16HRS, Tokyo",
                "2:09 AM",
                "Today, +8HRS, London",
                "6:09 PM",
                "Selected, World Clock, Tab, 1 of 4",
                "Alarm, Tab, 2 of 4",
                "Stopwatch, Tab, 3 of 4",
                "Timer, Tab, 4 of 4",
            ])
        #expect(result.elements.map(\.order) == Array(1...15))
        // 23 detections became 15 elements (text and tab grouping, §5.5).
        #expect(ClockScreen.detections.count == 23)
        let tab = try #require(result.elements.last)
        #expect(tab.kind == .tabButton)
        #expect(tab.children.map(\.kind) == [.icon, .text])
        #expect(tab.traits == [.button, .tabBar])
    }

    @Test("The selected tab follows the tint", arguments: 0..<4)
    func selectedTabFollowsTint(selected: Int) throws {
        let result = try ScreenAnalyzer().analyze(image: ClockScreen.image(selected: selected), detections: ClockScreen.detections)
        let tabs = result.elements.filter { $0.kind == .tabButton }
        #expect(tabs.count == 4)
        #expect(tabs.indices.filter { tabs[$0].traits.contains(.selected) } == [selected])
    }

    @Test("Without pixels, tabs have no selection and a diagnostic says why")
    func noPixels() throws {
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: ClockScreen.detections)
        #expect(result.elements.filter { $0.traits.contains(.selected) }.isEmpty)
        #expect(result.diagnostics.contains { $0.stage == "selection" })
        #expect(result.diagnostics.contains { $0.stage == "ocr" })
    }

    @Test("Failing seams degrade and report; they never throw out of the heuristics")
    func failingSeams() throws {
        let failing = FailingRecognizer()
        let analyzer = ScreenAnalyzer(textRecognizer: failing, contentRecognizer: failing)
        let result = try analyzer.analyze(image: ClockScreen.image(), detections: ClockScreen.detections)
        #expect(result.elements.count == 15)
        #expect(!result.diagnostics.contains { $0.stage == "selection" })
        #expect(result.diagnostics.contains { $0.stage == "ocr" && $0.message.contains("simulated failure") })
        #expect(result.diagnostics.contains { $0.stage == "clickability" })
    }

    @Test("OCR recovers text the detector missed and labels unlabelled text (§5.1, §5.2)")
    func ocrRecovery() throws {
        let lines = [
            RecognizedText(text: "Edit", box: r(17, 55, 30, 20), confidence: 0.99),
            RecognizedText(text: "Reminders", box: r(16, 600, 120, 22), confidence: 0.95),
            RecognizedText(text: "@", box: r(300, 600, 10, 10), confidence: 0.9),
            RecognizedText(text: "faint", box: r(16, 650, 60, 14), confidence: 0.2),
        ]
        let dets = [det(.text, 16, 54, 34, 22), det(.icon, 352, 52, 24, 24, icon: .add)]
        let analyzer = ScreenAnalyzer(textRecognizer: ReplayTextRecognizer(lines))
        let result = try analyzer.analyze(image: RGBAImage(width: 390, height: 844, fill: .white), detections: dets)
        #expect(result.transcript == ["Edit, Button", "Add, Button", "Reminders"])
        let recovered = try #require(result.elements.last?.detections.first)
        #expect(recovered.source == .ocr)
    }

    @Test("A modal dialog hides what is behind it")
    func modalDialog() throws {
        let dets = [
            det(.text, 16, 100, 200, 30, "Inbox"),
            det(.dialog, 45, 300, 300, 200),
            det(.text, 70, 320, 250, 24, "Delete message?"),
            det(.text, 80, 440, 80, 24, "Cancel"),
            det(.text, 230, 440, 80, 24, "Delete"),
        ]
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript == ["Delete message?, Heading", "Cancel, Button", "Delete, Button"])
        #expect(result.diagnostics.contains { $0.stage == "dialog" && $0.message.contains("1 element") })
    }

    @Test(
        "A dialog's undimmed title and actions outside the detector's box stay; the dimmed screen behind is hidden",
        arguments: [(true, ["Sort by", "Price, Button", "Distance, Button", "DISMISS, Button"]), (false, ["Price, Button", "Distance, Button"])])
    func dialogGrowsOverItsPanel(undimmed: Bool, spoken: [String]) throws {
        // A white panel (45…345 × 250…560) on a screen dimmed to grey by a scrim; the detector's
        // box (60…330 × 300…500) leaves out the title above and DISMISS below. Without the panel
        // (the same texts on the dimmed screen) they are behind the dialog.
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 90, g: 90, b: 90))
        if undimmed { image = image.filling(r(45, 250, 300, 310), with: .white) }
        for box in [r(150, 262, 90, 20), r(150, 320, 90, 20), r(150, 420, 90, 20), r(150, 520, 90, 20)] {
            image = paintGlyph(image, box, RGB(r: 20, g: 20, b: 20))
        }
        image = image.filling(r(60, 300, 270, 200), with: .white)  // the part the detector boxed
        image = paintGlyph(image, r(150, 320, 90, 20), RGB(r: 20, g: 20, b: 20))
        image = paintGlyph(image, r(150, 420, 90, 20), RGB(r: 20, g: 20, b: 20))
        let dets = [
            det(.text, 16, 100, 200, 30, "Inbox"),  // behind, far above
            det(.text, 150, 262, 90, 20, "Sort by"),
            det(.dialog, 60, 300, 270, 200),
            det(.text, 150, 320, 90, 20, "Price"),
            det(.text, 150, 420, 90, 20, "Distance"),
            det(.text, 150, 520, 90, 20, "DISMISS"),
        ]
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.99 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "A short dialog over an undimmed screen is a snackbar and hides nothing; over a dimmed screen it is modal; a tall one over an undimmed screen hides nothing unless modalDialogsHideOnlyDimmed is off",
        arguments: [
            // (panel height, screen behind dimmed, modalDialogsHideOnlyDimmed, spoken, snackbar)
            (80.0, false, true, ["PACSUN", "Your rewards are waiting", "JOIN, Button"], true),
            (80.0, true, true, ["Your rewards are waiting"], false),
            (80.0, false, false, ["PACSUN", "Your rewards are waiting", "JOIN, Button"], true),
            (260.0, false, true, ["PACSUN", "Your rewards are waiting", "JOIN, Button"], false),
            (260.0, true, true, ["Your rewards are waiting"], false),
            (260.0, false, false, ["Your rewards are waiting"], false),
        ])
    func snackbarHidesNothing(height: Double, dimmed: Bool, onlyDimmed: Bool, spoken: [String], snackbar: Bool) throws {
        // A grey panel at the bottom (40…350 × 600…600+height) over a screen that is either bright
        // (white texts on black: an app's dark theme) or dimmed by a scrim (grey texts).
        let behind = dimmed ? RGB(r: 110, g: 110, b: 110) : RGB(r: 255, g: 255, b: 255)
        var image = RGBAImage(width: 390, height: 844, fill: .black)
        image = paintGlyph(image, r(120, 300, 150, 20), behind)
        image = paintGlyph(image, r(20, 790, 60, 20), behind)
        image = image.filling(r(40, 780 - height, 310, height), with: RGB(r: 90, g: 90, b: 90))
        image = paintGlyph(image, r(50, 800 - height, 150, 20), .white)
        let dets = [
            det(.text, 120, 300, 150, 20, "PACSUN"),
            det(.dialog, 40, 780 - height, 310, height),
            det(.text, 50, 800 - height, 150, 20, "Your rewards are waiting"),
            det(.text, 20, 790, 60, 20, "JOIN"),
        ]
        let content = ReplayContentRecognizer(textButtonProbability: { $0.box.minY == 790 ? 0.99 : 0.01 })
        var config = AnalysisConfiguration()
        config.grouping.modalDialogsHideOnlyDimmed = onlyDimmed
        let result = try ScreenAnalyzer(configuration: config, contentRecognizer: content).analyze(image: image, detections: dets)
        #expect(result.transcript == spoken)
        #expect(result.diagnostics.contains { $0.message.contains("snackbar") } == snackbar)
    }

    @Test(
        "A modal dialog hides only what its scrim dims: a sheet's undimmed keys beside the detector's box stay, the dimmed page above goes; nothing dimmed, nothing hidden",
        arguments: [
            // (page above the sheet dimmed, modalDialogsHideOnlyDimmed, spoken)
            (true, true, ["1", "2", "3", "4", "5", "6"]),
            (false, true, ["Transfer", "Account number", "1", "2", "3", "4", "5", "6"]),
            (true, false, ["2", "5"]),
        ])
    func dialogHidesOnlyDimmed(dimmed: Bool, onlyDimmed: Bool, spoken: [String]) throws {
        // A white sheet (0…390 × 500…844) under a page that is grey (dimmed by a scrim) or white;
        // the detector boxed only the keypad's middle column (150…240 × 520…700) as the dialog.
        var image = RGBAImage(width: 390, height: 844, fill: dimmed ? RGB(r: 100, g: 100, b: 100) : .white)
        image = image.filling(r(0, 500, 390, 344), with: .white)
        let ink = RGB(r: 20, g: 20, b: 20)
        let keys: [(Double, Double, String)] = [(40, 540, "1"), (180, 540, "2"), (320, 540, "3"), (40, 640, "4"), (180, 640, "5"), (320, 640, "6")]
        for (x, y, _) in keys { image = paintGlyph(image, r(x, y, 20, 30), ink) }
        image = paintGlyph(image, r(20, 120, 150, 30), ink)
        image = paintGlyph(image, r(20, 300, 200, 24), ink)
        var dets = [det(.text, 20, 120, 150, 30, "Transfer"), det(.text, 20, 300, 200, 24, "Account number"), det(.dialog, 150, 520, 90, 180)]
        dets += keys.map { det(.text, $0.0, $0.1, 20, 30, $0.2) }
        var config = AnalysisConfiguration()
        config.grouping.modalDialogsHideOnlyDimmed = onlyDimmed
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: config, contentRecognizer: content).analyze(image: image, detections: dets)
        #expect(result.transcript == spoken)
        #expect((result.trace.dialog != nil) == (dimmed || !onlyDimmed))
    }

    @Test(
        "Below 0.5 a dialog hides the screen only over a plain scrim, and a chevron behind it no longer makes its message a button",
        arguments: [
            // (dialog confidence, screen behind dimmed, scrimDialogMinDimmed, screen hidden)
            (0.39, true, 3, true),
            (0.39, false, 3, false),
            (0.2, true, 3, false),  // below scrimDialogMinConfidence
            (0.39, true, 6, false),  // five measured behind it
            (0.6, true, 3, true),
        ])
    func lowConfidenceDialogOverScrim(confidence: Double, dimmed: Bool, minDimmed: Int, hidden: Bool) throws {
        // A white alert panel (40…350 × 300…560) over a file list that a scrim dimmed to grey, or
        // that is as bright as the panel (white text on a dark page); a row's chevron behind the
        // panel lies on the message's row.
        let behind = dimmed ? RGB(r: 110, g: 110, b: 110) : RGB(r: 255, g: 255, b: 255)
        var image = RGBAImage(width: 390, height: 844, fill: dimmed ? RGB(r: 80, g: 80, b: 80) : .black)
        for box in [r(16, 100, 120, 30), r(70, 200, 150, 20), r(70, 250, 150, 20), r(70, 620, 150, 20), r(366, 352, 9, 15)] {
            image = paintGlyph(image, box, behind)
        }
        image = image.filling(r(40, 300, 310, 260), with: .white)
        let ink = RGB(r: 20, g: 20, b: 20)
        for box in [r(140, 320, 110, 16), r(90, 350, 210, 16)] { image = paintGlyph(image, box, ink) }
        image = image.filling(r(60, 480, 270, 50), with: RGB(r: 0, g: 122, b: 255))
        image = paintGlyph(image, r(175, 495, 40, 16), .white)
        let dets = [
            det(.text, 16, 100, 120, 30, "Files"),
            det(.text, 70, 200, 150, 20, "Report.pdf"),
            det(.text, 70, 250, 150, 20, "Scan.pdf"),
            det(.dialog, 40, 300, 310, 260, conf: confidence),
            det(.text, 140, 320, 110, 16, "Delete 3 items?"),
            det(.text, 90, 350, 210, 16, "You can change this in Settings."),
            det(.icon, 366, 352, 9, 15, icon: .forward, conf: 0.6),
            det(.text, 175, 495, 40, 16, "Allow"),
            det(.text, 70, 620, 150, 20, "Notes.txt"),
        ]
        var config = AnalysisConfiguration()
        config.postProcessing.confidenceThresholds[.dialog] = 0.26  // the shipped detector's (thresholds.json)
        config.grouping.scrimDialogMinDimmed = minDimmed
        let content = ReplayContentRecognizer(textButtonProbability: { $0.box.minY == 495 ? 0.99 : 0.01 })
        let result = try ScreenAnalyzer(configuration: config, contentRecognizer: content).analyze(image: image, detections: dets)
        #expect((result.trace.dialog != nil) == hidden)
        #expect(result.transcript.contains { $0.hasPrefix("Files") } == !hidden)
        // Hidden, the chevron behind the scrim leaves the message: no button. Not hidden, it ends
        // the message's row as a list row's chevron would.
        let message = result.transcript.first { $0.hasPrefix("You can change") }
        #expect(message == (hidden ? "You can change this in Settings." : "You can change this in Settings., Button"))
        #expect(result.transcript.contains("Allow, Button"))
    }

    @Test("A chevron past the detector's box but on the panel, as bright as it, stays its row's: the row is still a button")
    func chevronOnPanelPastTheBoxStays() throws {
        // A white sheet (0…390 × 300…844) under a dimmed page; the detector boxed 40…350 of it, and
        // the "Details ⌄" row's chevron at 366 lies on the sheet, outside the box.
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 80, g: 80, b: 80))
        for box in [r(16, 100, 120, 30), r(70, 200, 150, 20), r(70, 250, 150, 20)] { image = paintGlyph(image, box, RGB(r: 110, g: 110, b: 110)) }
        image = image.filling(r(0, 300, 390, 544), with: .white)
        let ink = RGB(r: 20, g: 20, b: 20)
        for box in [r(140, 320, 110, 16), r(250, 452, 100, 16), r(366, 452, 12, 12)] { image = paintGlyph(image, box, ink) }
        let dets = [
            det(.text, 16, 100, 120, 30, "Files"),
            det(.text, 70, 200, 150, 20, "Report.pdf"),
            det(.text, 70, 250, 150, 20, "Scan.pdf"),
            det(.dialog, 40, 300, 310, 500, conf: 0.6),
            det(.text, 140, 320, 110, 16, "Send $100?"),
            det(.text, 250, 452, 100, 16, "Details"),
            det(.icon, 366, 452, 12, 12, icon: .down, conf: 0.6),
        ]
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: dets)
        #expect(result.trace.dialog != nil)
        #expect(result.transcript.contains { $0.hasPrefix("Details, Button") })
    }

    @Test("Behind a dark panel with sparse white text, the dimmed screen's white text counts as dimmed")
    func darkPanelDimmedBehind() throws {
        // A dark grey panel (60…330 × 300…600) whose two short white lines are under 2 % of its
        // pixels, over a black screen whose white title is dimmed to 160 by the scrim: as bright
        // as the panel's box (its 98th percentile is its grey), not as its text.
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 10, g: 10, b: 10))
        image = paintGlyph(image, r(20, 100, 200, 24), RGB(r: 160, g: 160, b: 160))
        image = image.filling(r(60, 300, 270, 300), with: RGB(r: 60, g: 60, b: 60))
        image = paintGlyph(image, r(80, 320, 60, 14), .white)
        image = paintGlyph(image, r(80, 560, 40, 14), .white)
        let dets = [
            det(.text, 20, 100, 200, 24, "Clock Widget"),
            det(.dialog, 60, 300, 270, 300),
            det(.text, 80, 320, 60, 14, "Units"),
            det(.text, 80, 560, 40, 14, "Cancel"),
        ]
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: dets)
        #expect(result.transcript == ["Units", "Cancel, Button"])
    }

    @Test(
        "A dialog grows over its title and actions, not over a photo taller than half its box behind the scrim",
        arguments: [(40.0, true), (200.0, false)])
    func dialogGrowsOverShortNeighboursOnly(height: Double, grows: Bool) {
        // A white sheet detected at 0…390 × 500…800 (300 tall), under a picture whose bright
        // pixels (a white shirt in a dimmed photo) are as bright as the sheet.
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let sheet = r(0, 500, 390, 300)
        let above = Metadata.element(for: det(.picture, 0, 498 - height, 390, height))
        let frame = ModalDialogStage.grown(sheet, elements: [above], image: image, screen: ImageInfo(width: 390, height: 844))
        #expect((frame != sheet) == grows)
    }

    @Test("An element on the dialog's edge has no band to measure; one beyond the margin has", arguments: [(332.0, nil as Bool?), (340.0, true)])
    func undimmedBand(x: Double, expected: Bool?) {
        // The frame ends at 330 and bands start 15.6 px past it: a 10-px element at 332 has none.
        let image = RGBAImage(width: 390, height: 844, fill: .white)
        let frame = r(60, 300, 270, 200)
        #expect(ModalDialogStage.isUndimmed(r(x, 350, 10, 20), outside: frame, margin: 15.6, reference: 255, image: image) == expected)
    }

    @Test("A dialog's brightness is 0 for boxes off the image or not finite, and the frame then stays as detected")
    func dialogBrightnessDegenerate() {
        let image = RGBAImage(width: 100, height: 100, fill: .white)
        #expect(ModalDialogStage.brightness(of: r(10, 10, 20, 20), in: image) == 255)
        #expect(ModalDialogStage.brightness(of: r(500, 500, 20, 20), in: image) == 0)
        #expect(ModalDialogStage.brightness(of: Rect(x: .nan, y: 0, width: 10, height: 10), in: image) == 0)
        let dark = RGBAImage(width: 100, height: 100, fill: .black)
        #expect(ModalDialogStage.grown(r(10, 10, 50, 50), elements: [], image: dark, screen: ImageInfo(width: 100, height: 100)) == r(10, 10, 50, 50))
    }

    @Test(
        "A dialog's title is a heading even when its words are an action; its actions stay buttons",
        arguments: [
            // (title's top, spoken): "Share This Recipe" 20 px into a 200-px dialog is its title;
            // 60 px in (past the top fifth) it is one of the dialog's actions.
            (320.0, ["Share This Recipe, Heading", "Share via email, Button", "Cancel, Button"]),
            (360.0, ["Share This Recipe, Button", "Share via email, Button", "Cancel, Button"]),
        ])
    func dialogTitle(top: Double, spoken: [String]) throws {
        let dets = [
            det(.dialog, 45, 300, 300, 200),
            det(.text, 70, top, 200, 20, "Share This Recipe"),
            det(.text, 70, 400, 200, 20, "Share via email"),
            det(.text, 230, 460, 80, 20, "Cancel"),
        ]
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "A dialog's topmost text is its heading only at its leading edge or centre, and not as a menu's first row",
        arguments: [
            // (title's frame, heading); the rows under it start at x 70, 16 px tall, 35 px apart
            (r(70, 310, 150, 20), true),  // "Sort" over smaller options
            (r(120, 310, 150, 20), true),  // centred in the dialog
            (r(280, 310, 50, 20), false),  // a corner's "Skip"
            (r(70, 325, 150, 16), false),  // a menu's first row, one pitch over the next
        ])
    func dialogTitleHeading(title: Rect, heading: Bool) {
        let elements = [
            Element(kind: .text, frame: title, label: "Sort", traits: .staticText),
            Element(kind: .text, frame: r(70, 360, 200, 16), label: "Relevance", traits: .staticText),
            Element(kind: .text, frame: r(70, 395, 200, 16), label: "Newest", traits: .staticText),
            Element(kind: .button, frame: r(230, 460, 80, 20), label: "Cancel", traits: .button),
        ]
        let out = HeaderStage.markDialogTitle(elements, dialog: r(45, 300, 300, 200))
        #expect(out[0].traits.contains(.header) == heading)
        #expect(!out[1].traits.contains(.header))
    }

    @Test("The analysis keeps what it was made from: detections as given, OCR lines, the modal dialog")
    func trace() throws {
        let dets = [
            det(.text, 16, 100, 200, 30, "Inbox"),
            det(.dialog, 45, 300, 300, 200),
            det(.text, 70, 320, 250, 24, "Delete message?"),
            det(.text, 80, 440, 80, 24, "Cancel"),
            det(.text, 230, 440, 80, 24, "Delete"),
            det(.icon, 20, 20, 10, 10, conf: 0.1),  // below the threshold: gone from the elements, kept in the trace
        ]
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.trace.detections == dets)
        #expect(result.trace.dialog == r(45, 300, 300, 200))
        #expect(result.trace.ocr == nil)
        // Not part of the JSON, and not compared.
        let decoded = try JSONDecoder().decode(ScreenAnalysis.self, from: result.jsonData())
        #expect(decoded.trace == AnalysisTrace())
        #expect(decoded == result)
    }

    @Test("A configured ordering reaches the groups' children too")
    func orderingReachesGroups() throws {
        // Two texts in a card that overlap on both axes (no XY-cut separates them) and whose tops
        // differ by 6 px, a quarter of their height: with the default tie fraction (0.2) the higher
        // one comes first; with 0.3 they tie and go left to right — in the card's label too.
        let dets = [
            det(.container, 10, 100, 370, 60),
            det(.text, 150, 110, 200, 24, "Upper"),
            det(.text, 20, 116, 200, 24, "Left"),
        ]
        let spoken = { (tie: Double) throws -> [String] in
            var config = AnalysisConfiguration()
            config.ordering.tieFraction = tie
            config.grouping.groupText = false  // else the two overlapping lines become one text run first
            return try ScreenAnalyzer(configuration: config).analyze(image: nil, size: ClockScreen.size, detections: dets).transcript
        }
        let (before, after) = (try spoken(0.2), try spoken(0.3))
        #expect(before == ["Upper, Left"], "\(before)")
        #expect(after == ["Left, Upper"], "\(after)")
    }

    /// The detections analysed with the icon rule off, so that an icon alone is not a button.
    static func analyzedWithoutIconRule(_ dets: [Detection]) throws -> ScreenAnalysis {
        var config = AnalysisConfiguration()
        config.interactivity.useRuleWithoutModel = false
        return try ScreenAnalyzer(configuration: config).analyze(image: nil, size: ClockScreen.size, detections: dets)
    }

    @Test(
        "An icon with a short caption right under it is one button labelled by the caption",
        arguments: [
            // (caption box, caption, spoken)
            (r(52, 352, 44, 16), "Cart", ["Cart, Button"]),
            (r(30, 350, 88, 18), "Instagram", ["Instagram, Button"]),
            (r(52, 420, 44, 16), "Cart", ["Icon", "Cart"]),  // 24 px below: more than half the icon's height
            (r(140, 352, 44, 16), "Cart", ["Icon", "Cart"]),  // not under the icon
            (r(10, 352, 180, 16), "Add to your cart", ["Icon", "Add to your cart, Button"]),  // too wide for a caption; a button title of its own
        ])
    func iconCaptions(box: Rect, caption: String, spoken: [String]) throws {
        let dets = [det(.icon, 50, 300, 48, 48), det(.text, box.minX, box.minY, box.width, box.height, caption)]
        let result = try Self.analyzedWithoutIconRule(dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "A page's title over its description under an illustration is no captioned button: the glyph is spoken with the title, a heading",
        arguments: [
            // (the text under the title, spoken)
            ("Get Inspired and bring new life to your kitchen.", ["Get Inspired, Heading", "Get Inspired and bring new life to your kitchen."]),
            ("Recipes", ["Get Inspired, Button", "Recipes"]),  // one word: a tile's caption and its neighbour, not a description
        ])
    func iconOverTitleAndDescription(below: String, spoken: [String]) throws {
        // Centred on the 390-px screen: a 62-px bulb, its title 8 px under it, the sentence 15 px under that (ui-real train).
        let dets = [det(.icon, 164, 300, 62, 62), det(.text, 127, 370, 136, 20, "Get Inspired"), det(.text, 54, 405, 282, 29, below)]
        let result = try Self.analyzedWithoutIconRule(dets)
        #expect(result.transcript == spoken, "\(result.transcript)")
    }

    @Test(
        "A count under a recognised glyph is the button's value; under an unknown one, its label",
        arguments: [
            // (the icon's meaning, caption, spoken)
            (IconMeaning.heart, "13", ["Favorite, 13, Button"]),
            (nil, "13", ["13, Button"]),
            (IconMeaning.heart, "Likes", ["Likes, Button"]),  // words name the button
        ] as [(IconMeaning?, String, [String])])
    func iconCountCaptions(meaning: IconMeaning?, caption: String, spoken: [String]) throws {
        let dets = [det(.icon, 50, 300, 48, 48, icon: meaning), det(.text, 60, 352, 28, 16, caption)]
        let result = try Self.analyzedWithoutIconRule(dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "Captioned icons in the tab-bar band are tabs when they make a tab bar, else captioned buttons",
        arguments: [
            // (icons in the bottom row, spoken)
            (1, ["Check-in, Button"]),  // one tile of a grid's last row: no tab bar
            (3, ["Check-in, Tab, 1 of 3", "Check-in, Tab, 2 of 3", "Check-in, Tab, 3 of 3"]),
        ])
    func captionsInTabBand(count: Int, spoken: [String]) throws {
        var dets: [Detection] = []
        for k in 0..<count {
            let x = 50 + Double(k) * 120
            dets += [det(.icon, x, 740, 40, 40), det(.text, x - 10, 786, 60, 14, "Check-in")]
        }
        let result = try Self.analyzedWithoutIconRule(dets)
        #expect(result.transcript == spoken, "\(result.transcript)")
    }

    @Test(
        "A wide, short glyph's caption gap counts in its slot (its width); a rating bar's does not",
        arguments: [
            // (icon width, spoken) — the icon is 29 px tall, its caption 22 px below (0.76 of its height)
            (39.0, ["Guest List, Button"]),  // two people: 39 px wide, the gap 0.56 of its slot
            (29.0, ["Icon", "Guest List"]),  // a square glyph that far up is not the caption's
            (120.0, ["Icon", "Guest List"]),  // a five-star bar (≈ 4 wide) is not a glyph
        ])
    func wideGlyphCaptions(width: Double, spoken: [String]) throws {
        let dets = [det(.icon, 60 - width / 2, 236, width, 29), det(.text, 27, 287, 67, 11, "Guest List")]
        let result = try Self.analyzedWithoutIconRule(dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "A small picture with a short caption under it is one button; a wide one keeps its caption apart",
        arguments: [
            // (picture width, caption gap, spoken)
            (48.0, 8.0, ["Bluetooth Share, Button"]),
            (48.0, 34.0, ["Bluetooth Share, Button"]),  // 0.7 picture heights below: a grid menu's caption
            (48.0, 40.0, ["Image", "Bluetooth Share"]),  // farther than 0.75 heights
            (120.0, 8.0, ["Image", "Bluetooth Share"]),  // wider than 0.2 of the screen: a photo, not a tile
        ])
    func pictureCaptions(width: Double, gap: Double, spoken: [String]) throws {
        let dets = [
            det(.picture, 100, 300, width, 48), det(.text, 100 + width / 2 - 50, 348 + gap, 100, 14, "Bluetooth Share"),
        ]
        var config = AnalysisConfiguration()
        config.grouping.groupPictureSubtitles = false  // the caption stays its own element when not joined
        let result = try ScreenAnalyzer(configuration: config).analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript == spoken)
    }

    @Test(
        "An unlabelled picture behind a form is a background and not announced",
        arguments: [
            // (picture box, texts on it, hidden)
            (r(0, 0, 390, 844), 2, true),
            (r(0, 0, 390, 844), 1, false),  // one element on it: perhaps a photo with its caption
            (r(0, 0, 390, 400), 2, false),  // under half the screen: a banner, not a background
        ])
    func backgroundPictures(box: Rect, texts: Int, hidden: Bool) throws {
        var dets = [det(.picture, box.minX, box.minY, box.width, box.height)]
        for k in 0..<texts { dets.append(det(.text, 40, 100 + Double(k) * 100, 200, 30, k == 0 ? "Welcome back" : "New arrivals")) }
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript.contains { $0.hasSuffix("Image") } == !hidden, "\(result.transcript)")
        #expect(result.diagnostics.contains { $0.message.contains("background picture") } == hidden)
        var off = AnalysisConfiguration()
        off.content.hideBackgroundPictures = false
        #expect(
            try ScreenAnalyzer(configuration: off).analyze(image: nil, size: ClockScreen.size, detections: dets).transcript.contains { $0.hasSuffix("Image") })
    }

    @Test("Only a confident dialog hides the screen", arguments: [(0.9, 3), (0.55, 3), (0.45, 4), (0.2, 4)])
    func modalDialogConfidence(confidence: Double, spoken: Int) throws {
        var config = AnalysisConfiguration()
        config.postProcessing.confidenceThresholds[.dialog] = 0.1
        let dets = [
            det(.text, 16, 100, 200, 30, "Inbox"),
            det(.dialog, 45, 300, 300, 200, conf: confidence),
            det(.text, 70, 320, 250, 24, "Delete message?"),
            det(.text, 80, 440, 80, 24, "Cancel"),
            det(.text, 230, 440, 80, 24, "Delete"),
        ]
        let result = try ScreenAnalyzer(configuration: config).analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript.count == spoken, "\(result.transcript)")
        // (the inbox's title at the bar's leading margin is its heading)
        #expect(result.transcript.contains { $0.hasPrefix("Inbox") } == (spoken == 4))
    }

    @Test("Detections outside the image are ignored and reported; boxes are clipped")
    func outsideImage() throws {
        let dets = [det(.text, 500, 900, 40, 20, "Ghost"), det(.text, -10, 10, 100, 20, "Clipped")]
        let result = try ScreenAnalyzer().analyze(image: nil, size: ClockScreen.size, detections: dets)
        #expect(result.transcript == ["Clipped"])
        #expect(result.elements[0].frame == r(0, 10, 90, 20))
        #expect(result.diagnostics.contains { $0.message.contains("outside") })
    }

    @Test("The analysis JSON has the contract's shape and is stable")
    func jsonShape() throws {
        let result = try ScreenAnalyzer().analyze(image: ClockScreen.image(), detections: ClockScreen.detections)
        let data = try result.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["image"] as? [String: Int]) == ["width": 390, "height": 844])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let first = elements[0]
        for key in ["order", "kind", "frame", "label", "traits", "activationPoint", "customActions", "children", "detections", "announcement"] {
            #expect(first[key] != nil, "missing \(key)")
        }
        #expect(first["frame"] as? [Double] == [16, 54, 34, 22])
        // Round trip and byte-for-byte stability.
        let decoded = try JSONDecoder().decode(ScreenAnalysis.self, from: data)
        #expect(decoded.transcript == result.transcript)
        #expect(try decoded.jsonData() == data)
    }
}

@Suite("Content recognition through the seam (§5.2, §5.4)")
struct ContentSeamTests {
    /// A lone icon in the middle of the screen, and one a detector found beside it.
    static let lone = det(.icon, 100, 400, 40, 40)
    static let screen = ImageInfo(width: 390, height: 844)

    @Test(
        "Clickability sees an icon's features as detected, also after its meaning was recognised",
        arguments: [false, true])
    func featuresAfterRecognition(recognised: Bool) throws {
        // The model says "clickable" only for an icon without neighbours: the icon must not count
        // itself once recognition has given it a meaning.
        let content = ReplayContentRecognizer(
            icons: recognised ? [Self.lone.box: IconRecognition(meaning: .share, confidence: 0.9)] : [:],
            clickProbability: { $0.neighboursOnRow == 0 && $0.similarIconsOnRow == 0 ? 0.95 : 0.05 })
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [Self.lone])
        let icon = try #require(result.elements.first)
        #expect(icon.kind == .button)
        #expect(icon.label == (recognised ? "Share" : nil))
    }

    @Test(
        "A small square picture the icon classifier recognises is an icon; others stay pictures",
        arguments: [
            // (picture size, recognised meaning, setting on, announcement)
            (40.0, 40.0, IconMeaning.mail, true, "Mail, Button"),
            (40.0, 40.0, nil, true, "Image"),  // not recognised
            (40.0, 40.0, IconMeaning.mail, false, "Image"),  // setting off
            (40.0, 70.0, IconMeaning.mail, true, "Image"),  // 1.75 times as tall as wide: not an icon's shape
            (100.0, 100.0, IconMeaning.mail, true, "Image"),  // wider than 0.2 of the 390-pt screen
        ] as [(Double, Double, IconMeaning?, Bool, String)])
    func iconSizedPictures(width: Double, height: Double, meaning: IconMeaning?, on: Bool, spoken: String) throws {
        let picture = det(.picture, 100, 400, width, height)
        var cfg = AnalysisConfiguration.default
        cfg.content.readIconSizedPictures = on
        let content = ReplayContentRecognizer(
            icons: meaning.map { [picture.box: IconRecognition(meaning: $0, confidence: 0.9)] } ?? [:],
            clickProbability: { _ in 0.95 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [picture])
        #expect(result.transcript == [spoken])
        #expect(result.diagnostics.contains { $0.message.contains("icon-sized picture") } == (spoken != "Image"))
    }

    @Test(
        "A describer label is spoken at its bar, unless it is one the pipeline never offers",
        arguments: [
            ("Cat", 0.9, "Cat, Image"), ("Cat", 0.6, "Image"),
            ("Website", 0.95, "Image"),  // ImageNet's "web site" on a picture of an app's screen
        ])
    func pictureLabels(label: String, confidence: Double, spoken: String) throws {
        let picture = det(.picture, 40, 300, 300, 200)
        let content = ReplayContentRecognizer(pictures: [picture.box: PictureDescription(label: label, confidence: confidence)])
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [picture])
        #expect(result.transcript == [spoken])
    }

    @Test(
        "A picture nothing names says its kind at the kind bar; a label, the setting off or a low kind leave it as it was",
        arguments: [
            ("Cat", 0.6, "Illustration", 0.95, true, 0.9, "Illustration, Image"),
            ("Cat", 0.6, "Illustration", 0.85, true, 0.9, "Image"),  // under the kind bar
            ("Cat", 0.6, "Illustration", 0.85, true, 0.8, "Illustration, Image"),  // a lower bar (the model's)
            ("Cat", 0.9, "Photo", 0.99, true, 0.9, "Cat, Image"),  // the describer's label wins
            ("Cat", 0.6, "Photo", 0.99, false, 0.9, "Image"),  // setting off
            ("Website", 0.95, "Screenshot", 0.95, true, 0.9, "Screenshot, Image"),  // an unspoken label: the kind
        ] as [(String, Double, String, Double, Bool, Double, String)])
    func pictureKinds(label: String, confidence: Double, kind: String, kindConfidence: Double, on: Bool, bar: Double, spoken: String) throws {
        let picture = det(.picture, 40, 300, 300, 200)
        var cfg = AnalysisConfiguration.default
        cfg.content.namesPictureKinds = on
        cfg.content.minPictureKindConfidence = bar
        let content = ReplayContentRecognizer(pictures: [
            picture.box: PictureDescription(label: label, confidence: confidence, kind: kind, kindConfidence: kindConfidence)
        ])
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [picture])
        #expect(result.transcript == [spoken])
        #expect(result.diagnostics.contains { $0.message.contains("named by their kind") } == spoken.hasPrefix(kind))
    }

    @Test("A detections file's picture kind is said without content models, and survives the JSON round trip")
    func pictureKindFromDetectionsFile() throws {
        var picture = det(.picture, 40, 300, 300, 200)
        picture.pictureKind = "Map"
        let decoded = try JSONDecoder().decode(Detection.self, from: JSONEncoder().encode(picture))
        #expect(decoded == picture)
        let result = try ScreenAnalyzer().analyze(image: nil, size: ImageInfo(width: 390, height: 844), detections: [decoded])
        #expect(result.transcript == ["Map, Image"])
    }

    @Test("A list row's thumbnail still joins its text when it has a kind: the kind is said only of pictures still spoken alone")
    func pictureKindsLeaveThumbnails() throws {
        let thumb = det(.picture, 16, 300, 48, 48)
        let title = det(.text, 80, 312, 200, 22, "Weekend in Lisbon")
        let photo = det(.picture, 40, 450, 300, 200)
        let content = ReplayContentRecognizer(pictures: [
            thumb.box: PictureDescription(label: "Cat", confidence: 0.1, kind: "Photo", kindConfidence: 0.99),
            photo.box: PictureDescription(label: "Cat", confidence: 0.1, kind: "Photo", kindConfidence: 0.99),
        ])
        let image = RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255))
        var off = AnalysisConfiguration.default
        off.content.namesPictureKinds = false
        let without = try ScreenAnalyzer(configuration: off, contentRecognizer: content).analyze(image: image, detections: [thumb, title, photo])
        let with = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: [thumb, title, photo])
        #expect(without.transcript == ["Weekend in Lisbon", "Image"])
        #expect(with.transcript == ["Weekend in Lisbon", "Photo, Image"])
        #expect(with.elements.map(\.frame) == without.elements.map(\.frame))
    }

    @Test(
        "The click threshold decides, and the recognised meaning reaches the model",
        arguments: [(0.6, 0.5, true), (0.4, 0.5, false), (0.89, 0.9, false), (0.91, 0.9, true)])
    func threshold(probability: Double, threshold: Double, button: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.clickThreshold = threshold
        cfg.interactivity.favoriteIconsAreButtons = false  // the model alone decides for the heart here
        let content = ReplayContentRecognizer(
            icons: [Self.lone.box: IconRecognition(meaning: .heart, confidence: 0.9)],
            clickProbability: { $0.meaning == .heart ? probability : 0 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [Self.lone])
        #expect((result.elements.first?.kind == .button) == button)
    }

    @Test(
        "With a model, a navigation-bar icon is a button whatever the model says, unless the setting is off",
        arguments: [(40.0, true, true), (40.0, false, false), (400.0, true, false)])
    func barIcons(y: Double, barIconsAreButtons: Bool, button: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.barIconsAreButtons = barIconsAreButtons
        let icon = det(.icon, 340, y, 30, 30)
        let content = ReplayContentRecognizer(clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [icon])
        #expect((result.elements.first?.kind == .button) == button)
    }

    /// The icons that are buttons whatever the clickability model says, each behind its setting.
    enum AlwaysButton: Sendable { case media, overflow, command, favorite, brand }

    @Test(
        "With a model, a media transport, overflow, command, favourite or brand icon is a button whatever the model says, unless its setting is off",
        arguments: [
            (IconMeaning.next, AlwaysButton.media, true, true), (.previous, .media, true, true), (.play, .media, true, true),
            (.next, .media, false, false), (.star, .media, true, false),
            (.more, .overflow, true, true), (.more, .overflow, false, false), (.star, .overflow, true, false),
            (.close, .command, true, true), (.edit, .command, true, true), (.share, .command, true, true),
            (.close, .command, false, false), (.menu, .command, true, false), (.heart, .command, true, false),
            (.heart, .favorite, true, true), (.star, .favorite, true, true), (.bookmark, .favorite, true, true),
            (.heart, .favorite, false, false), (.menu, .favorite, true, false),
            (.facebook, .brand, true, true), (.google, .brand, true, true), (.facebook, .brand, false, false), (.menu, .brand, true, false),
        ])
    func alwaysButtons(meaning: IconMeaning, setting: AlwaysButton, on: Bool, button: Bool) throws {
        var cfg = AnalysisConfiguration.default
        // Each rule alone: the favourite rule would make the star and heart of the other cases buttons.
        cfg.interactivity.favoriteIconsAreButtons = false
        cfg.interactivity.brandIconsAreButtons = false
        switch setting {
        case .media: cfg.interactivity.mediaControlsAreButtons = on
        case .overflow: cfg.interactivity.overflowIconsAreButtons = on
        case .command: cfg.interactivity.commandIconsAreButtons = on
        case .favorite: cfg.interactivity.favoriteIconsAreButtons = on
        case .brand: cfg.interactivity.brandIconsAreButtons = on
        }
        let icon = det(.icon, 180, 600, 30, 30)
        let content = ReplayContentRecognizer(
            icons: [icon.box: IconRecognition(meaning: meaning, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [icon])
        #expect((result.elements.first?.kind == .button) == button)
        #expect(result.elements.first?.label == meaning.spokenLabel)
    }

    @Test("A heart or star leading a count or a score stays that text's image, not a toggle")
    func favoriteBeforeText() throws {
        for meaning in [IconMeaning.heart, .star] {
            let icon = det(.icon, 20, 600, 16, 16)
            let count = det(.text, 42, 601, 30, 14, "123")
            let content = ReplayContentRecognizer(
                icons: [icon.box: IconRecognition(meaning: meaning, confidence: 0.9)], clickProbability: { _ in 0.01 })
            let result = try ScreenAnalyzer(contentRecognizer: content)
                .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [icon, count])
            #expect(result.transcript == ["123"])
        }
    }

    @Test("A pager's back button is no disclosure row's title: its forward chevron stays")
    func pagerArrows() throws {
        let back = det(.icon, 20, 600, 16, 16)
        let forward = det(.icon, 350, 600, 16, 16)
        let content = ReplayContentRecognizer(
            icons: [back.box: IconRecognition(meaning: .back, confidence: 0.9), forward.box: IconRecognition(meaning: .forward, confidence: 0.9)],
            clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [back, forward])
        #expect(result.transcript == ["Back, Button", "Forward, Image"])
    }

    @Test(
        "A command glyph followed by a text on its row (within 4 of its sides), or smaller than 3 % of the screen (2 % at a row's trailing edge), is left to the model",
        arguments: [
            (16.0, 52.0, 24.0, false), (16, 100, 24, false), (16, 150, 24, true), (340, 40, 24, true), (200, 40, 10, false),
            // A row's trailing accessory (the right 15 %): an expand "+" 9 px wide is a button, a 7 px badge is not.
            (360, 40, 9, true), (364, 40, 7, false),
        ])
    func commandIconBeforeText(iconX: Double, textX: Double, side: Double, button: Bool) throws {
        let icon = det(.icon, iconX, 404, side, side)  // 10 px: under 3 % of the screen's width, a badge
        let content = ReplayContentRecognizer(
            icons: [icon.box: IconRecognition(meaning: .add, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [icon, det(.text, textX, 404, 120, 24, "Recent activity")])
        #expect(result.elements.contains { $0.kind == .button && $0.label == "Add" } == button)
    }

    @Test(
        "A row with a trailing disclosure chevron is one button labelled by its title",
        arguments: [
            (IconMeaning.forward, 350.0, true, ["Fashion, Button"]),
            (.forward, 350.0, false, ["Fashion", "Forward, Image"]),  // the setting off
            (.forward, 200.0, true, ["Fashion", "Forward, Image"]),  // not at the row's trailing end
            (.star, 350.0, true, ["Fashion", "Star, Button"]),  // a row's trailing star: its favourite toggle
            (.down, 350.0, true, ["Fashion, Button"]),  // an expanding row's or dropdown's ⌄
            (.up, 350.0, true, ["Fashion, Button"]),  // an open panel's ⌃; alone, no state
            (.forward, 250.0, true, ["Fashion, Button"]),  // ending its row short of the edge (a drawer's)
        ])
    func disclosureRows(meaning: IconMeaning, iconX: Double, on: Bool, spoken: [String]) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.disclosureRowsAreButtons = on
        #expect(try Self.rowWithGlyph("Fashion", meaning: meaning, iconX: iconX, configuration: cfg) == spoken)
    }

    @Test(
        "In a grid of two cells a row, the trailing chevron marks its own cell's title, not the first cell's",
        arguments: [(IconMeaning.forward, ["Coats", "Forward, Image", "Jackets, Button"]), (.star, ["Coats, Button", "Star, Image", "Jackets"])])
    func gridCells(firstGlyph: IconMeaning, spoken: [String]) throws {
        let first = det(.icon, 150, 406, 8, 12)
        let last = det(.icon, 350, 406, 8, 12)
        let content = ReplayContentRecognizer(
            icons: [first.box: IconRecognition(meaning: firstGlyph, confidence: 0.9), last.box: IconRecognition(meaning: .forward, confidence: 0.9)],
            clickProbability: { _ in 0.01 })
        let detections = [det(.text, 40, 400, 60, 24, "Coats"), first, det(.text, 200, 400, 70, 24, "Jackets"), last]
        #expect(try Self.whiteScreenTranscript(detections, content: content) == spoken)
    }

    @Test(
        "A column of three chevrons ending a grid's first cells marks those cells too; two, or before a number, do not",
        arguments: [
            (3, false, ["Coats, Button", "Jackets, Button", "Boots, Button", "Shirts, Button", "Hats, Button", "Bags, Button"]),
            (2, false, ["Coats", "Forward, Image", "Jackets, Button", "Boots", "Forward, Image", "Shirts, Button"]),
            (3, true, ["Coats", "2", "Boots", "4", "Hats", "6"]),  // a ranking: the titles stay texts
        ])
    func gridColumns(rows: Int, numbers: Bool, spoken: [String]) throws {
        var detections: [Detection] = []
        var icons: [Rect: IconRecognition] = [:]
        let titles = [("Coats", "Jackets"), ("Boots", "Shirts"), ("Hats", "Bags")]
        for (k, (first, second)) in titles.prefix(rows).enumerated() {
            let y = 300 + 60 * Double(k)
            let middle = det(.icon, 150, y + 6, 8, 12)
            icons[middle.box] = IconRecognition(meaning: .forward, confidence: 0.9)
            detections += [det(.text, 40, y, 60, 24, first), middle]
            if numbers {
                detections.append(det(.text, 170, y, 20, 24, "\(2 * k + 2)"))  // a ranking's "› 2"
            } else {
                let last = det(.icon, 350, y + 6, 8, 12)
                icons[last.box] = IconRecognition(meaning: .forward, confidence: 0.9)
                detections += [det(.text, 200, y, 70, 24, second), last]
            }
        }
        let content = ReplayContentRecognizer(icons: icons, clickProbability: { _ in 0.01 })
        #expect(try Self.whiteScreenTranscript(detections, content: content) == spoken)
    }

    @Test(
        "A disclosure row's one text ending near the chevron is its value, spoken after the title; a far text, two texts or a button are not",
        arguments: [
            ([("222.1 GB", 250.0, false)], ["Storage, 222.1 GB, Button"]),  // ends 20 px (under 2 lines of 24) before the ›
            ([("222.1 GB", 266, false)], ["Storage, 222.1 GB, Button"]),  // 4 px: the › marks the row, it decorates no text
            ([("222.1 GB", 150, false)], ["Storage, Button", "222.1 GB"]),  // ends 120 px before: a column of its own
            ([("Breakfast", 150, false), ("Free", 250, false)], ["Storage, Button", "Breakfast", "Free"]),  // chips
            ([("Edit", 250, true)], ["Storage, Button", "Edit, Button"]),  // a control of its own
        ] as [([(String, Double, Bool)], [String])])
    func disclosureValues(texts: [(String, Double, Bool)], spoken: [String]) throws {
        let glyph = det(.icon, 350, 404, 8, 16)
        var detections = [det(.text, 40, 400, 80, 24, "Storage"), glyph]
        var buttons: Set<Rect> = []
        for (text, x, button) in texts {
            let d = det(.text, x, 400, 80, 24, text)
            detections.append(d)
            if button { buttons.insert(d.box) }
        }
        let tappable = buttons
        let content = ReplayContentRecognizer(
            icons: [glyph.box: IconRecognition(meaning: .forward, confidence: 0.9)], clickProbability: { _ in 0.01 },
            textButtonProbability: { tappable.contains($0.box) ? 0.99 : 0.01 })
        #expect(try Self.whiteScreenTranscript(detections, content: content) == spoken)
    }

    @Test(
        "A chevron centred on a cell of two lines marks the cell: its title, then its subtitle; not lines far apart",
        arguments: [
            (407.5, 17.0, ["Recipes, Ideas for dinner, Button"]),  // centred on the pair, on neither line's row
            (407.5, 60, ["Recipes", "Forward, Image", "Ideas for dinner"]),  // the second line far under: no cell
            (416, 17, ["Recipes", "Ideas for dinner, Button"]),  // on the subtitle's row: that line is the row's
        ])
    func twoLineCells(glyphY: Double, subtitleY: Double, spoken: [String]) throws {
        let glyph = det(.icon, 350, glyphY, 8, 14)
        let content = ReplayContentRecognizer(
            icons: [glyph.box: IconRecognition(meaning: .forward, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let detections = [det(.text, 40, 400, 70, 14, "Recipes"), det(.text, 40, 400 + subtitleY, 120, 12, "Ideas for dinner"), glyph]
        let said = try Self.whiteScreenTranscript(detections, content: content)
        #expect(said == spoken)
    }

    @Test("A chevron whose box overlaps its title's end by a pixel marks the title's row")
    func chevronTouchingTitle() throws {
        let glyph = det(.icon, 317.5, 403, 6, 9)  // starts 0.5 px before "Sign up" ends (JPEG boxes)
        let content = ReplayContentRecognizer(
            icons: [glyph.box: IconRecognition(meaning: .forward, confidence: 0.9)], clickProbability: { _ in 0.01 })
        #expect(try Self.whiteScreenTranscript([det(.text, 270, 401, 48, 13, "Sign up"), glyph], content: content) == ["Sign up, Button"])
    }

    @Test(
        "A chevron ending its row short of the screen's edge marks it only with nothing right of it and past disclosureRowEnd",
        arguments: [
            (0.55, false, ["Fashion, Button", "Sale"]), (0.55, true, ["Fashion", "Forward, Image", "Sale"]),
            (0.7, false, ["Fashion", "Forward, Image", "Sale"]),
        ])
    func rowEnds(rowEnd: Double, textRightOfGlyph: Bool, spoken: [String]) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.disclosureRowEnd = rowEnd
        let icon = det(.icon, 250, 404, 16, 16)  // 0.64 of the width
        let content = ReplayContentRecognizer(
            icons: [icon.box: IconRecognition(meaning: .forward, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let sale = textRightOfGlyph ? det(.text, 320, 400, 50, 24, "Sale") : det(.text, 60, 500, 60, 24, "Sale")
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [det(.text, 60, 400, 100, 24, "Fashion"), icon, sale])
        #expect(result.transcript == spoken)
    }

    @Test(
        "An accordion — one column of ⌃ and ⌄ ending drawer rows — says which sections are open",
        arguments: [
            ([IconMeaning.up, .down, .down], ["Clothing, Expanded, Button", "Shoes, Collapsed, Button", "Sale, Collapsed, Button"]),
            ([.down, .down, .down], ["Clothing, Button", "Shoes, Button", "Sale, Button"]),  // no open one: maybe dropdowns
            ([.up, .forward, .down], ["Clothing, Expanded, Button", "Shoes, Button", "Sale, Collapsed, Button"]),
        ])
    func accordionRows(meanings: [IconMeaning], spoken: [String]) throws {
        #expect(try Self.chevronColumn(meanings, iconX: 272) == spoken)  // a drawer's row end, 0.7 of the width
    }

    @Test("A ranking's ▲ 5 and ▼ 2 — a number after the glyph — say no panel state")
    func rankChanges() throws {
        let spoken = try Self.chevronColumn([.up, .down, .down], iconX: 320, numbers: true)
        #expect(spoken == ["Clothing, Button", "1", "Shoes, Button", "2", "Sale, Button", "3"])
        // A "–" (no change) between them in the column: a ranking too (the dash itself is a
        // stroke, not announced).
        let dashed = try Self.chevronColumn([.up, .down, .down], iconX: 272, dash: true)
        #expect(dashed == ["Clothing, Button", "Shoes, Button", "Sale, Button"])
    }

    /// The transcript of three rows ("Clothing", "Shoes", "Sale") ending in glyphs the (replayed)
    /// classifier calls `meanings`, at `iconX`, each followed by a number when `numbers`, with an
    /// unknown dash between the first two rows' glyphs when `dash`.
    static func chevronColumn(_ meanings: [IconMeaning], iconX: Double, numbers: Bool = false, dash: Bool = false) throws -> [String] {
        var detections: [Detection] = []
        var icons: [Rect: IconRecognition] = [:]
        for (k, (title, meaning)) in zip(["Clothing", "Shoes", "Sale"], meanings).enumerated() {
            let y = 300 + 60 * Double(k)
            let icon = det(.icon, iconX, y + 6, 12, 8)
            icons[icon.box] = IconRecognition(meaning: meaning, confidence: 0.9)
            detections += [det(.text, 60, y, 120, 20, title), icon]
            if numbers { detections.append(det(.text, iconX + 40, y, 12, 20, "\(k + 1)")) }
        }
        if dash { detections.append(det(.icon, iconX + 2, 338, 7, 3)) }
        let content = ReplayContentRecognizer(icons: icons, clickProbability: { _ in 0.01 })
        return try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: detections)
            .transcript
    }

    /// The transcript of a white 390 × 844 screen holding `detections`, read through `content`.
    static func whiteScreenTranscript(_ detections: [Detection], content: ReplayContentRecognizer) throws -> [String] {
        try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: detections).transcript
    }

    /// The transcript of a white screen holding a row's `title` and, at `iconX` on its row, a glyph
    /// the (replayed) classifier calls `meaning`.
    static func rowWithGlyph(_ title: String, meaning: IconMeaning, iconX: Double, configuration: AnalysisConfiguration) throws -> [String] {
        let icon = det(.icon, iconX, 404, 16, 16)
        let content = ReplayContentRecognizer(
            icons: [icon.box: IconRecognition(meaning: meaning, confidence: 0.9)], clickProbability: { _ in 0.01 })
        return try ScreenAnalyzer(configuration: configuration, contentRecognizer: content)
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [det(.text, 60, 400, 100, 24, title), icon]
            ).transcript
    }

    @Test(
        "A row with a trailing checkmark is the list's selected row: its title says Selected, the tick joins it",
        arguments: [
            (IconMeaning.checkmark, 350.0, true, ["Selected, Blue sky"]),
            (.checkmark, 350.0, false, ["Blue sky", "Done, Image"]),  // the setting off
            (.checkmark, 200.0, true, ["Blue sky", "Done, Image"]),  // not at the row's trailing end
            (.star, 350.0, true, ["Blue sky", "Star, Button"]),  // a row's trailing star: its favourite toggle
        ])
    func checkedRows(meaning: IconMeaning, iconX: Double, on: Bool, spoken: [String]) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.checkmarkRowsAreSelected = on
        #expect(try Self.rowWithGlyph("Blue sky", meaning: meaning, iconX: iconX, configuration: cfg) == spoken)
    }

    @Test(
        "A small chevron the classifier leaves unknown, calls a checkmark (⌄) or play (›) says its direction; a play triangle stays play",
        arguments: [
            (ChevronTests.down, nil as IconMeaning?, true, "Down" as String?), (ChevronTests.down, nil, false, nil),
            (ChevronTests.down, .checkmark, true, "Down"), (ChevronTests.down, .checkmark, false, IconMeaning.checkmark.spokenLabel),
            (ChevronTests.right, .play, true, "Forward"), (ChevronTests.right, .play, false, IconMeaning.play.spokenLabel),
            (ChevronTests.play, .play, true, IconMeaning.play.spokenLabel),  // filled, wider than a disclosure chevron
            (ChevronTests.down, .play, true, IconMeaning.play.spokenLabel),  // a ⌄ is no play glyph's misreading
            (ChevronTests.right, .checkmark, true, IconMeaning.checkmark.spokenLabel),
        ] as [([String], IconMeaning?, Bool, String?)])
    func chevrons(glyph: [String], classified: IconMeaning?, on: Bool, label: String?) throws {
        var cfg = AnalysisConfiguration.default
        cfg.content.readChevrons = on
        // The glyph drawn at (200, 400) on a white screen, its box a pixel wider.
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255))
        for (y, row) in glyph.enumerated() {
            for (x, c) in row.enumerated() where c == "#" {
                image = image.filling(r(Double(200 + x), Double(400 + y), 1, 1), with: RGB(r: 70, g: 70, b: 70))
            }
        }
        let icon = det(.icon, 199, 399, Double(glyph[0].count + 2), Double(glyph.count + 2))
        let content = ReplayContentRecognizer(
            icons: classified.map { [icon.box: IconRecognition(meaning: $0, confidence: 0.9)] } ?? [:], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content).analyze(image: image, detections: [icon])
        #expect(result.elements.first?.label == label)
    }

    @Test(
        "A light grey › that half its largest distance reads as one arm says its direction, unless the classifier called it play",
        arguments: [(nil as IconMeaning?, "Forward" as String?), (.play, IconMeaning.play.spokenLabel)])
    func faintChevrons(classified: IconMeaning?, label: String?) throws {
        // ui-real's light › (ChevronTests.faintChevron) at (198, 398) on a white screen, with its
        // box; 360 px wide, so that a filled sideways triangle more than 5.76 px tall is no chevron.
        var image = RGBAImage(width: 360, height: 780, fill: RGB(r: 255, g: 255, b: 255))
        for (y, row) in ChevronTests.faintChevron.enumerated() {
            for (x, v) in row.enumerated() { image = image.filling(r(Double(198 + x), Double(398 + y), 1, 1), with: RGB(r: v, g: v, b: v)) }
        }
        // The detector's box (2.25, 2.95, 4.35, 8.3) in binary fractions, which clipping keeps exact.
        let icon = det(.icon, 200.25, 401, 4.25, 8.25)
        let content = ReplayContentRecognizer(
            icons: classified.map { [icon.box: IconRecognition(meaning: $0, confidence: 0.9)] } ?? [:], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: [icon])
        #expect(result.elements.first?.label == label)
    }

    @Test("A cell's clickable icon becomes the cell's custom action; a plain one is not spoken as an action")
    func customActions() throws {
        let cell = det(.container, 0, 300, 390, 60)
        let title = det(.text, 16, 318, 200, 24, "Lisbon trip")
        let star = det(.icon, 340, 315, 30, 30)
        let content = ReplayContentRecognizer(
            icons: [star.box: IconRecognition(meaning: .star, confidence: 0.9)],
            clickProbability: { $0.normalizedFrame.minX > 0.8 ? 0.97 : 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [cell, title, star])
        let group = try #require(result.elements.first)
        #expect(group.kind == .group)
        #expect(group.label == "Lisbon trip")
        #expect(group.customActions.map(\.name) == ["Star"])
        #expect(group.announcement.hasSuffix("Actions available"))
    }

    @Test(
        "A read text the text-button model is sure of is a button, spoken once, and stays out of text blocks",
        arguments: [(0.95, 0.9, true), (0.85, 0.9, false)])
    func textButtons(probability: Double, threshold: Double, button: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.textButtonThreshold = threshold
        cfg.interactivity.actionPhrasesAreButtons = false  // the model alone
        let note = det(.text, 40, 500, 300, 24, "Forgot your password?")
        let login = det(.text, 150, 530, 90, 24, "Log In")
        let content = ReplayContentRecognizer(textButtonProbability: { $0.box == login.box ? probability : 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [note, login])
        let spoken = result.elements.map(\.announcement)
        if button {
            #expect(spoken == ["Forgot your password?", "Log In, Button"])
        } else {
            #expect(spoken == ["Forgot your password?, Log In"])  // grouped as the lines of one block
        }
    }

    @Test("A text-button model failure degrades to static text and is reported")
    func textButtonFailure() throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.actionPhrasesAreButtons = false
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: FailingRecognizer())
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [det(.text, 150, 530, 90, 24, "Log In")])
        #expect(result.elements.map(\.announcement) == ["Log In"])
        #expect(result.diagnostics.contains { $0.message.contains("text-button model failed") })
    }

    @Test("A text whose words are a button title is a button without any model; a large title and a prompt are not")
    func actionPhrases() throws {
        let screen = RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255))
        let dets = [
            det(.text, 16, 100, 200, 48, "Explore"),  // large title: twice the other texts' height
            det(.text, 16, 300, 200, 22, "Choose language:"),
            det(.text, 16, 400, 300, 22, "Sign up with email"),
            det(.text, 16, 500, 120, 22, "SKIP"),
            det(.text, 16, 600, 200, 22, "Book club"),
        ]
        let result = try ScreenAnalyzer().analyze(image: screen, detections: dets)
        #expect(result.elements.map(\.announcement) == ["Explore, Heading", "Choose language:", "Sign up with email, Button", "SKIP, Button", "Book club"])
        // A checkbox row's text is the checkbox's label, whatever its first word.
        let row = try ScreenAnalyzer().analyze(
            image: screen, detections: [det(.checkboxUnselected, 16, 700, 24, 24), det(.text, 50, 701, 200, 22, "Send newsletter")])
        #expect(row.transcript == ["Send newsletter, Checkbox, Unchecked"])
        // Only the text nearest the checkbox is its label: "SKIP" at the row's far end is a button.
        let shared = try ScreenAnalyzer().analyze(
            image: screen,
            detections: [det(.checkboxSelected, 16, 700, 24, 24), det(.text, 50, 701, 120, 22, "Remember me"), det(.text, 300, 701, 60, 22, "SKIP")])
        #expect(shared.transcript == ["Remember me, Checkbox, Checked", "SKIP, Button"])
        var off = AnalysisConfiguration.default
        off.interactivity.actionPhrasesAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: screen, detections: dets)
        #expect(!plain.elements.contains { $0.kind == .button })
    }

    @Test(
        "A small picture with text inside is labelled by it; a background picture is not",
        arguments: [false, true])
    func pictureText(background: Bool) throws {
        let labelled = !background
        let picture = background ? det(.picture, 0, 0, 390, 700) : det(.picture, 20, 200, 350, 120)
        let title = det(.text, 40, 240, 200, 30, "Summer Sale")
        let result = try ScreenAnalyzer()
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [picture, title])
        if labelled {
            #expect(result.elements.map(\.announcement) == ["Summer Sale, Image"])
        } else {
            #expect(result.elements.map(\.announcement).contains("Summer Sale"))
        }
    }

    @Test(
        "A picture gets the description only when confident (Buffer's bar: 0.7)",
        arguments: [(0.95, "Cat"), (0.7, "Cat"), (0.69, nil)] as [(Double, String?)])
    func pictureDescription(confidence: Double, label: String?) throws {
        let photo = det(.picture, 20, 200, 350, 240)
        let content = ReplayContentRecognizer(pictures: [photo.box: PictureDescription(label: "Cat", confidence: confidence)])
        let result = try ScreenAnalyzer(contentRecognizer: content)
            .analyze(image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)), detections: [photo])
        let e = try #require(result.elements.first)
        #expect(e.label == label)
        #expect(e.announcement == (label.map { "\($0), Image" } ?? "Image"))
    }
}
