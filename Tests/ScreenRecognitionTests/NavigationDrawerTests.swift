import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Navigation drawers")
struct NavigationDrawerTests {
    /// A 390 × 844 screen dimmed to `behind`, with a `panel`-coloured rectangle painted over it and
    /// a few dark rows of "content" across the whole width, cut off by the panel.
    private func screen(panel: Rect?, fill: RGB = .white, behind: RGB = RGB(r: 110, g: 110, b: 110)) -> RGBAImage {
        var image = RGBAImage(width: 390, height: 844, fill: behind)
        for y in stride(from: 120.0, to: 800, by: 90) { image = paintGlyph(image, r(10, y, 370, 18), RGB(r: 30, g: 30, b: 30)) }
        if let panel { image = image.filling(panel, with: fill) }
        return image
    }

    @Test(
        "A drawer's trailing edge is found where a panel from the leading edge runs down the screen; dialogs, short panels, narrow columns and plain screens have none",
        arguments: [
            // (panel, panel colour, screen behind, edge)
            (r(0, 0, 300, 844), RGB.white, RGB(r: 110, g: 110, b: 110), 300.0 as Double?),  // Material's white drawer over a scrim
            (r(0, 0, 250, 844), RGB(r: 40, g: 40, b: 40), RGB(r: 20, g: 20, b: 20), 250),  // a dark drawer over dark dimmed content
            (r(0, 60, 340, 784), .white, RGB(r: 110, g: 110, b: 110), 340),  // below an app bar, to the bottom
            (r(40, 100, 310, 700), .white, RGB(r: 110, g: 110, b: 110), nil),  // a tall dialog: it has a leading edge
            (r(0, 0, 300, 500), .white, RGB(r: 110, g: 110, b: 110), nil),  // a panel that stops above the bottom
            (r(0, 0, 150, 844), .white, RGB(r: 110, g: 110, b: 110), nil),  // a column of 0.38 of the width: a split screen
            (nil, .white, RGB(r: 110, g: 110, b: 110), nil),  // nothing over the content
            (r(0, 0, 300, 844), RGB(r: 116, g: 116, b: 116), RGB(r: 110, g: 110, b: 110), nil),  // 6 grey levels: no edge
        ] as [(Rect?, RGB, RGB, Double?)])
    func edge(panel: Rect?, fill: RGB, behind: RGB, expected: Double?) {
        let image = screen(panel: panel, fill: fill, behind: behind)
        #expect(NavigationDrawer.edge(in: image) == expected)
        let top = panel?.minY ?? 0
        #expect(NavigationDrawer.frame(in: image) == expected.map { r(0, top, $0, 844 - top) })
    }

    @Test("A drawer opened below an app bar and its tabs starts where its edge does; a dark header beside a dark app bar ends the edge early")
    func drawerTop() {
        // A green app bar with tabs across the screen (0…110), the drawer below it.
        var image = screen(panel: nil).filling(r(0, 0, 390, 110), with: RGB(r: 0, g: 150, b: 80))
        image = image.filling(r(0, 110, 300, 734), with: .white)
        #expect(NavigationDrawer.frame(in: image) == r(0, 110, 300, 734))
        // A drawer whose header (0…200) is as dark as what is behind it: the edge starts below it.
        var dark = screen(panel: r(0, 0, 300, 844))
        dark = dark.filling(r(0, 0, 390, 200), with: RGB(r: 30, g: 30, b: 30))
        #expect(NavigationDrawer.frame(in: dark) == r(0, 200, 300, 644))
    }

    @Test("A screen too small to hold a drawer has none")
    func tinyScreen() {
        #expect(NavigationDrawer.edge(in: RGBAImage(width: 30, height: 30, fill: .white)) == nil)
        #expect(NavigationDrawer.edge(in: RGBAImage(width: 390, height: 10, fill: .white)) == nil)
    }

    @Test(
        "An open drawer hides what is behind it; the status bar and the drawer's rows stay, and the setting turns it off",
        arguments: [
            (true, ["9:41", "APPS", "Home", "Settings"]),
            (false, ["9:41", "APPS", "Home", "Settings", "by?", "Crown to rump"]),
        ])
    func drawerHidesTheScreen(hides: Bool, spoken: [String]) throws {
        // The drawer opens below an app bar with tabs (0…80), which stays in view.
        var image = screen(panel: nil).filling(r(0, 0, 390, 80), with: RGB(r: 0, g: 150, b: 80))
        image = image.filling(r(0, 80, 300, 764), with: .white)
        image = paintGlyph(image, r(20, 120, 100, 20), .black)
        image = paintGlyph(image, r(20, 170, 100, 20), .black)
        let dets = [
            det(.text, 340, 8, 40, 14, "9:41"),  // the status bar, right of the drawer
            det(.text, 320, 50, 50, 20, "APPS"),  // a tab above the drawer
            det(.text, 310, 230, 60, 20, "by?"),  // a title cut off behind the drawer
            det(.text, 20, 120, 100, 20, "Home"),
            det(.text, 20, 170, 100, 20, "Settings"),
            det(.text, 200, 400, 180, 20, "Crown to rump"),  // content across the edge: mostly behind
        ]
        var configuration = AnalysisConfiguration()
        configuration.grouping.drawersHideScreen = hides
        let result = try ScreenAnalyzer(configuration: configuration, contentRecognizer: ReplayContentRecognizer())
            .analyze(image: image, detections: dets)
        #expect(result.transcript == spoken)
        #expect((result.trace.drawer != nil) == hides)
        #expect(result.diagnostics.contains { $0.stage == "drawer" && $0.message.contains("2 element(s)") } == hides)
    }

    @Test("A drawer under a modal dialog is the dialog's business: the dialog alone decides what stays")
    func dialogFirst() throws {
        // The dialog's scrim dims the open drawer too (its white to 170), so what the drawer
        // holds is behind the dialog (a modal dialog hides only what its scrim dims).
        var image = screen(panel: r(0, 0, 300, 844), fill: RGB(r: 170, g: 170, b: 170))
        image = image.filling(r(60, 300, 270, 200), with: RGB(r: 250, g: 250, b: 250))
        let dets = [
            det(.text, 20, 120, 100, 20, "Home"),
            det(.dialog, 60, 300, 270, 200),
            det(.text, 150, 320, 90, 20, "Delete?"),
        ]
        let result = try ScreenAnalyzer(contentRecognizer: ReplayContentRecognizer()).analyze(image: image, detections: dets)
        #expect(result.transcript == ["Delete?"])
        #expect(result.trace.drawer == nil)
    }

    /// A white drawer (0…300) over a dimmed screen, with a `header`-coloured header 0…150 holding an
    /// account name at the rows' keyline, and six rows every 48 px from 180: dark text (or `ink` for
    /// row `inked`) at x 72, a `fill` 48 px tall behind row `filled`.
    /// The drawer screen (``drawerScreen(header:filled:fill:fillHeight:inked:ink:)``) with its header's e-mail and six
    /// destinations as text detections, analysed with `configuration`.
    private func analyzeDrawerScreen(filled: Int? = nil, configuration: AnalysisConfiguration) throws -> ScreenAnalysis {
        let (image, frames) = drawerScreen(filled: filled)
        let names = ["appcrawler@gmail.com", "Home", "Top charts", "New releases", "Music library", "Podcasts", "Shop"]
        let dets = zip(frames, names).map { f, n in det(.text, f.minX, f.minY, f.width, f.height, n) }
        return try ScreenAnalyzer(configuration: configuration, contentRecognizer: ReplayContentRecognizer()).analyze(image: image, detections: dets)
    }

    private func drawerScreen(
        header: RGB = RGB(r: 0, g: 120, b: 200), filled: Int? = nil, fill: RGB = RGB(r: 232, g: 232, b: 232),
        fillHeight: Double = 48, inked: Int? = nil, ink: RGB = RGB(r: 230, g: 90, b: 20)
    ) -> (RGBAImage, [Rect]) {
        var image = screen(panel: r(0, 0, 300, 844)).filling(r(0, 0, 300, 150), with: header)
        var frames = [r(72, 110, 160, 16)]
        image = paintGlyph(image, frames[0], .white)
        for k in 0..<6 {
            let row = r(72, 180 + Double(k) * 48 + 16, 110, 16)
            if k == filled { image = image.filling(r(0, row.midY - fillHeight / 2, 300, fillHeight), with: fill) }
            image = paintGlyph(image, row, k == inked ? ink : RGB(r: 40, g: 40, b: 40))
            frames.append(row)
        }
        return (image, frames)
    }

    @Test(
        "A drawer's current row is the one on a fill one row tall, else the one whose text alone is a colour; a header, two fills or a tall band are none",
        arguments: [
            // (row on a fill, its height, row in a colour, selected row's index among the frames)
            (2 as Int?, 48.0, nil as Int?, 3 as Int?),  // Material's active indicator, light grey on white
            (0, 44, nil, 1),  // the first row, an inset fill
            (nil, 48, 4, 5),  // an orange title among dark ones, no fill
            (nil, 48, nil, nil),  // nothing marked: the header's blue is no selection
            (2, 70, nil, nil),  // a band half as tall again as a row is a section, not a row
            (2, 20, nil, nil),  // a band under half a row tall: a section's subheader
        ] as [(Int?, Double, Int?, Int?)])
    func selectedRow(filled: Int?, height: Double, inked: Int?, expected: Int?) {
        let (image, frames) = drawerScreen(filled: filled, fillHeight: height, inked: inked)
        #expect(DrawerSelection.selectedRow(image, drawer: r(0, 0, 300, 844), frames: frames, settings: SelectionSettings()) == expected)
    }

    @Test("Two rows on fills, or a call to action's fill turning its title over, tell no current row; two rows are no list")
    func ambiguousRows() {
        var (image, frames) = drawerScreen(filled: 1)
        image = image.filling(r(0, 180 + 4 * 48, 300, 48), with: RGB(r: 232, g: 232, b: 232))
        image = paintGlyph(image, frames[5], RGB(r: 40, g: 40, b: 40))
        #expect(DrawerSelection.selectedRow(image, drawer: r(0, 0, 300, 844), frames: frames, settings: SelectionSettings()) == nil)
        // A call to action on a teal fill, its title white under dark rows on white.
        let (cta, ctaFrames) = drawerScreen(filled: 2, fill: RGB(r: 120, g: 200, b: 190), inked: 2, ink: .white)
        #expect(DrawerSelection.selectedRow(cta, drawer: r(0, 0, 300, 844), frames: ctaFrames, settings: SelectionSettings()) == nil)
        // The same fill under a dark title is the current row.
        let (active, activeFrames) = drawerScreen(filled: 2, fill: RGB(r: 120, g: 200, b: 190))
        #expect(DrawerSelection.selectedRow(active, drawer: r(0, 0, 300, 844), frames: activeFrames, settings: SelectionSettings()) == 3)
        // A footer's coloured line far below the rows ("Made with ♥") is no row of the list.
        var (footer, footerFrames) = drawerScreen()
        footerFrames += [r(72, 800, 110, 16), r(190, 800, 90, 16)]
        footer = paintGlyph(footer, footerFrames[7], RGB(r: 230, g: 40, b: 40))
        footer = paintGlyph(footer, footerFrames[8], RGB(r: 40, g: 40, b: 40))
        #expect(DrawerSelection.selectedRow(footer, drawer: r(0, 0, 300, 844), frames: footerFrames, settings: SelectionSettings()) == nil)
        // Fewer than three rows are no list.
        #expect(DrawerSelection.selectedRow(image, drawer: r(0, 0, 300, 844), frames: Array(frames.prefix(2)), settings: SelectionSettings()) == nil)
    }

    @Test("The pipeline says the drawer's current row is selected; the setting turns it off", arguments: [true, false])
    func selectedRowSpoken(on: Bool) throws {
        var configuration = AnalysisConfiguration()
        configuration.selection.selectedDrawerRows = on
        configuration.interactivity.drawerRowsAreButtons = false
        let result = try analyzeDrawerScreen(filled: 2, configuration: configuration)
        #expect(result.trace.drawer != nil)
        #expect(result.transcript.contains("Selected, New releases") == on)
        #expect(result.transcript.contains("New releases") == !on)
    }

    @Test(
        "A drawer's destinations are its one-line titles at one keyline, a row pitch apart; a header's name over its e-mail, a far footer and a sentence are not",
        arguments: [
            // (extra frames after six rows at x 72 every 48 px from 196, their labels, the destinations expected)
            ([], [], Array(0..<6)),
            ([r(72, 100, 140, 16), r(72, 120, 160, 14)], ["Grace Chan", "grace@example.com"], Array(0..<6)),  // a header at the keyline
            ([r(72, 800, 110, 16)], ["Made with love"], Array(0..<6)),  // a footer 6 pitches below
            ([r(72, 196 + 6 * 48, 250, 16)], ["Share this app with your friends today"], Array(0..<6)),  // a sentence
            ([r(72, 196 + 6 * 48, 110, 16)], ["Settings"], Array(0..<7)),
        ] as [([Rect], [String], [Int])])
    func destinations(extra: [Rect], labels: [String], expected: [Int]) {
        let rows = (0..<6).map { r(72, 196 + Double($0) * 48, 110, 16) }
        let names = ["Home", "Top charts", "New releases", "Music library", "Podcasts", "Shop"]
        #expect(NavigationDrawer.destinations(rows + extra, labels: names + labels, width: 390) == expected)
        #expect(NavigationDrawer.destinations(Array(rows.prefix(2)), labels: Array(names.prefix(2)), width: 390).isEmpty)
    }

    @Test("The pipeline reads an open drawer's rows as buttons; the setting turns it off", arguments: [true, false])
    func drawerRowsSpoken(on: Bool) throws {
        var configuration = AnalysisConfiguration()
        configuration.interactivity.drawerRowsAreButtons = on
        let result = try analyzeDrawerScreen(configuration: configuration)
        #expect(result.trace.drawer != nil)
        #expect(result.transcript.contains("Podcasts, Button") == on)
        #expect(result.transcript.contains("Podcasts") == !on)
        #expect(result.transcript.contains("appcrawler@gmail.com"))
    }

    /// A drawer with glyphs on its plain rows' keyline: the titles after the glyphs start on a
    /// keyline of their own, a smaller column than the plain rows'.
    @Test("A drawer's rows that lead with an icon are destinations too, each measured from its icon")
    func iconRows() {
        func row(_ y: Double, _ title: String, icon: Bool, trailing: Bool = false) -> Element {
            var e = el(.text, r(icon && !trailing ? 62 : 16, y, 120, 14), title)
            e.detections = [det(.text, e.frame.minX, y, 120, 14, title)]
            if icon { e.detections.append(det(.icon, trailing ? 250 : 16, y - 3, 20, 20, icon: .search)) }
            return e
        }
        let led = ["Search", "Recent searches", "Shortlist", "Price guide"].enumerated().map { row(200 + 44 * Double($0.offset), $0.element, icon: true) }
        let plain = ["News", "Moving guide", "Feedback", "Settings", "Share this app"].enumerated().map {
            row(376 + 44 * Double($0.offset), $0.element, icon: false)
        }
        let elements = led + plain
        let rows = Array(elements.indices)
        // The plain rows' column is the larger: the largest column alone leaves the icon rows out.
        #expect(NavigationDrawer.destinations(elements.map(\.frame), labels: elements.map { $0.label ?? "" }, width: 390) == Array(4..<9))
        #expect(NavigationDrawer.iconRowDestinations(elements, rows: rows, width: 390) == Array(0..<4))
        // A glyph after its title (a trailing chevron) leads nothing.
        let trailing = ["A", "B", "C", "D"].enumerated().map { row(200 + 44 * Double($0.offset), "Row " + $0.element, icon: true, trailing: true) }
        #expect(NavigationDrawer.iconRowDestinations(trailing, rows: Array(trailing.indices), width: 390).isEmpty)
    }
}
