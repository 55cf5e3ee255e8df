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
}
