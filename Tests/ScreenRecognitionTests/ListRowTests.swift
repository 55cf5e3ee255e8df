import Foundation
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("The rows of one list say one role")
struct ListRowTests {
    /// A drawer's row: a leading icon at `iconX` and its title at `titleX`, `y` down the screen,
    /// a button when `button`.
    static func row(_ title: String, y: Double, button: Bool, iconX: Double = 16, titleX: Double = 68, chevron: Bool = false) -> Element {
        var detections = [det(.icon, iconX, y, 20, 20), det(.text, titleX, y + 3, 120, 14, title)]
        if chevron { detections.append(det(.icon, 270, y + 6, 8, 8, icon: .forward)) }
        let frame = detections.dropFirst().reduce(detections[0].box) { $0.union($1.box) }
        return Element(
            kind: button ? .button : .text, frame: frame, label: title, traits: button ? .button : .staticText,
            hint: button ? Metadata.Hints.button : nil, detections: detections)
    }

    static func kinds(_ elements: [Element]) -> [String] { elements.map { "\($0.label ?? "-")\($0.kind == .button ? "*" : "")" } }

    @Test(
        "Most rows decide; a tie, two rows or a row off the keyline change nothing",
        arguments: [
            ([false, false, true, false], ["Home", "Settings", "Share app", "Help"]),  // the model's "Share app" among plain rows
            ([true, true, false, true], ["Home*", "Settings*", "Share app*", "Help*"]),  // a plain row among buttons
            ([false, true, false, true], ["Home", "Settings*", "Share app", "Help*"]),  // a tie
            ([false, true], ["Home", "Settings*"]),  // two rows are no list
            ([true, false, true], ["Home*", "Settings", "Share app*"]),  // two rows are too few to outvote one
        ])
    func majority(buttons: [Bool], spoken: [String]) {
        let titles = ["Home", "Settings", "Share app", "Help"]
        let rows = buttons.enumerated().map { k, b in Self.row(titles[k], y: 200 + 44 * Double(k), button: b) }
        let result = ListRows.shareRoles(rows, screenWidth: 385)
        #expect(Self.kinds(result.elements) == spoken)
        #expect(result.changed == zip(rows, result.elements).filter { $0.kind != $1.kind }.count)
        // The changed row's traits and hint follow its kind.
        for e in result.elements {
            #expect(e.traits.contains(.button) == (e.kind == .button))
            #expect(e.traits.contains(.staticText) == (e.kind == .text))
            #expect((e.hint != nil) == (e.kind == .button))
        }
    }

    @Test("Titles or icons off the list's keyline, rows without a leading icon and disclosure rows are not its rows")
    func keylines() {
        let base = [Self.row("Home", y: 200, button: false), Self.row("Settings", y: 244, button: false), Self.row("Help", y: 332, button: false)]
        // 10 px right of the keyline (0.026 of 385): another list.
        let offTitle = ListRows.shareRoles(base + [Self.row("Rate us", y: 288, button: true, titleX: 78)], screenWidth: 385)
        #expect(Self.kinds(offTitle.elements) == ["Home", "Settings", "Help", "Rate us*"])
        let offIcon = ListRows.shareRoles(base + [Self.row("Rate us", y: 288, button: true, iconX: 30)], screenWidth: 385)
        #expect(Self.kinds(offIcon.elements) == ["Home", "Settings", "Help", "Rate us*"])
        // A disclosure row's chevron makes it a button for its own reason.
        let chevron = ListRows.shareRoles(base + [Self.row("Rate us", y: 288, button: true, chevron: true)], screenWidth: 385)
        #expect(Self.kinds(chevron.elements) == ["Home", "Settings", "Help", "Rate us*"])
        // Within the keyline (4 px): one list.
        let jitter = ListRows.shareRoles(base + [Self.row("Rate us", y: 288, button: true, iconX: 18, titleX: 72)], screenWidth: 385)
        #expect(Self.kinds(jitter.elements) == ["Home", "Settings", "Help", "Rate us"])
        var noIcon = Self.row("Rate us", y: 288, button: true)
        noIcon.detections.removeFirst()
        #expect(Self.kinds(ListRows.shareRoles(base + [noIcon], screenWidth: 385).elements) == ["Home", "Settings", "Help", "Rate us*"])
    }

    /// A settings list's row of text alone: its title at x 16, `y` down the screen, `height` tall.
    static func plainRow(_ title: String, y: Double, button: Bool, height: Double = 14) -> Element {
        let d = det(.text, 16, y, 140, height, title)
        return Element(
            kind: button ? .button : .text, frame: d.box, label: title, traits: button ? .button : .staticText,
            hint: button ? Metadata.Hints.button : nil, detections: [d])
    }

    @Test(
        "Titles without icons on one keyline, height and pitch are a list of four rows or more",
        arguments: [
            // (rows as (y, button, height), spoken)
            (
                [(200.0, false, 14.0), (244, false, 14), (288, true, 14), (332, false, 14), (376, false, 14)],
                ["Emails", "Privacy", "Rate App", "Terms", "Logout"]
            ),
            ([(200, true, 14), (244, true, 14), (288, false, 14), (332, true, 14)], ["Emails*", "Privacy*", "Rate App*", "Terms*"]),
            ([(200, false, 14), (244, false, 14), (288, true, 14)], ["Emails", "Privacy", "Rate App*"]),  // three rows: no list
            ([(200, false, 14), (244, false, 14), (288, false, 14), (360, true, 14)], ["Emails", "Privacy", "Rate App", "Terms*"]),  // off pitch
            ([(200, false, 14), (244, false, 14), (288, false, 14), (332, true, 28)], ["Emails", "Privacy", "Rate App", "Terms*"]),  // another height
        ] as [([(Double, Bool, Double)], [String])])
    func plainLists(rows: [(Double, Bool, Double)], spoken: [String]) {
        let titles = ["Emails", "Privacy", "Rate App", "Terms", "Logout"]
        let elements = rows.enumerated().map { k, row in Self.plainRow(titles[k], y: row.0, button: row.1, height: row.2) }
        let result = ListRows.shareRoles(elements, screenWidth: 385)
        #expect(Self.kinds(result.elements) == spoken)
    }

    @Test("A drawer's rows inside a container are one list too")
    func inContainer() {
        let rows = [
            Self.row("Home", y: 200, button: false), Self.row("Settings", y: 244, button: false), Self.row("Share app", y: 288, button: true),
            Self.row("Help", y: 332, button: false),
        ]
        let drawer = Element(kind: .container, frame: r(0, 180, 290, 200), children: rows)
        let result = ListRows.shareRoles([drawer], screenWidth: 385)
        #expect(Self.kinds(result.elements[0].children) == ["Home", "Settings", "Share app", "Help"])
        #expect(result.changed == 1)
    }

    @Test("Through the pipeline: the model's one button in a drawer's plain rows is plain, unless the setting is off", arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.listRowsShareARole = on
        let titles = ["Home", "Settings", "Share app", "Help"]
        var detections: [Detection] = []
        for (k, title) in titles.enumerated() {
            let y = 200 + 48 * Double(k)
            detections += [det(.icon, 16, y, 20, 20), det(.text, 68, y + 3, 120, 14, title)]
        }
        // The text-button model is sure of the third row only.
        let content = ReplayContentRecognizer(
            clickProbability: { _ in 0.01 }, textButtonProbability: { $0.box.minY > 290 && $0.box.minY < 310 ? 0.99 : 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content)
            .analyze(image: RGBAImage(width: 385, height: 640, fill: RGB(r: 255, g: 255, b: 255)), detections: detections)
        #expect(result.transcript == (on ? titles : ["Home", "Settings", "Share app, Button", "Help"]))
    }
}
