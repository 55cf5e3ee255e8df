import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionAudit

@Suite("Audit rules")
struct RuleTests {
    struct Expected: Sendable, CustomStringConvertible {
        var fixture: Fixture
        var rule: AuditRule
        var severity: Severity
        /// A phrase of the message, naming the element.
        var message: String
        /// A phrase of the suggested fix.
        var fix: String
        var description: String { "\(fixture) \(rule) \(message)" }
    }

    @Test(
        "each rule finds what the fixtures hide",
        arguments: [
            Expected(
                fixture: .iosInbox, rule: .unexposedElement, severity: .error, message: "Visible button “Back” is not exposed",
                fix: "accessibilityLabel = \"Back\""),
            Expected(
                fixture: .androidInbox, rule: .unexposedElement, severity: .error, message: "Visible button “Share” is not exposed to TalkBack",
                fix: "contentDescription = \"Share\""),
            Expected(
                fixture: .iosInbox, rule: .missingLabel, severity: .error, message: "Button #composeButton has no accessibility label",
                fix: "composeButton.accessibilityLabel = \"Edit\""),
            Expected(
                fixture: .iosInbox, rule: .missingLabel, severity: .error, message: "Pixels suggest “Search”", fix: "searchTab.accessibilityLabel = \"Search\""),
            Expected(
                fixture: .androidInbox, rule: .missingLabel, severity: .error, message: "nav_search has no accessibility label",
                fix: "navSearch.contentDescription = \"Search\""),
            Expected(
                fixture: .iosInbox, rule: .labelMismatch, severity: .warning, message: "Button is labelled “Submit” but shows “Send” on screen",
                fix: "accessibilityLabel = \"Send\""),
            Expected(fixture: .iosInbox, rule: .missingTrait, severity: .warning, message: "“Notifications” looks like a switch (On)", fix: ".toggleButton"),
            Expected(fixture: .iosInbox, rule: .missingTrait, severity: .warning, message: "“Inbox” looks like the selected tab", fix: ".selected"),
            Expected(
                fixture: .androidInbox, rule: .missingTrait, severity: .warning, message: "“Wi-Fi only” looks like a switch (On)", fix: "isCheckable = true"),
            Expected(fixture: .androidInbox, rule: .missingTrait, severity: .warning, message: "“Inbox” looks like the selected tab", fix: "isSelected = true"),
            Expected(
                fixture: .iosInbox, rule: .shouldGroup, severity: .warning, message: "exposed as 3 elements (“Anna Smith”, “17/07/2020”, “Lunch on Friday?”)",
                fix: ".accessibilityElement(children: .combine)"),
            Expected(fixture: .androidInbox, rule: .shouldGroup, severity: .warning, message: "exposed as 3 elements", fix: "android:focusable=\"true\""),
            Expected(
                fixture: .iosInbox, rule: .orderMismatch, severity: .warning, message: "“Mark all as read” is read 1st of 14 but appears 8th on screen",
                fix: "accessibilityElements"),
            Expected(
                fixture: .iosInbox, rule: .smallTouchTarget, severity: .warning, message: "#composeButton is 30×30 pt, smaller than 44×44 pt",
                fix: "minWidth: 44"),
            Expected(
                fixture: .androidInbox, rule: .smallTouchTarget, severity: .warning, message: "is 36×20 dp, smaller than 48×48 dp",
                fix: "android:minWidth=\"48dp\""),
            Expected(fixture: .iosInbox, rule: .poorlySpokenText, severity: .warning, message: "“17/07/2020” is a numeric date", fix: "\"17 July 2020\""),
            Expected(
                fixture: .iosInbox, rule: .poorlySpokenText, severity: .warning, message: "“1.6 tracks” is read as the decimal",
                fix: "\"Ben Carter, New setlist 1. 6 tracks\""),
            Expected(fixture: .androidInbox, rule: .poorlySpokenText, severity: .warning, message: "“17/07/2020” is a numeric date", fix: "getLongDateFormat"),
            Expected(
                fixture: .iosAlert, rule: .modalNotBlocking, severity: .error, message: "8 elements behind it stay exposed",
                fix: "accessibilityViewIsModal = true"),
        ])
    func finds(_ e: Expected) throws {
        let report = try e.fixture.report()
        let hits = report.findings.filter { $0.rule == e.rule && $0.message.contains(e.message) }
        #expect(hits.count == 1, "\(report.text)")
        if let f = hits.first {
            #expect(f.severity == e.severity)
            #expect(f.suggestion.contains(e.fix), "\(f.suggestion)")
            #expect(f.frame.maxX <= Double(report.imageSize.width) && f.frame.maxY <= Double(report.imageSize.height))
        }
    }

    @Test("no false alarms on what the trees get right", arguments: Fixture.allCases)
    func noFalseAlarms(_ fixture: Fixture) throws {
        let report = try fixture.report()
        // Correctly exposed and labelled elements are never reported missing.
        for label in ["Contacts", "Settings", "People", "Messages", "Delete", "Cancel"] {
            #expect(!report.findings.contains { [.unexposedElement, .missingLabel, .labelMismatch].contains($0.rule) && $0.message.contains("“\(label)”") })
        }
        // The alert screen's background is hidden by the analysis: besides the modal rule, only what
        // the tree alone shows (unlabelled buttons, small targets) is reported for it.
        if fixture == .iosAlert {
            #expect(Set(report.findings.map(\.rule)) == [.modalNotBlocking, .missingLabel, .smallTouchTarget])
        }
    }

    @Test(
        "the exact finding counts per rule are stable",
        arguments: [
            (
                Fixture.iosInbox,
                [
                    AuditRule.unexposedElement: 1, .missingLabel: 2, .labelMismatch: 1, .missingTrait: 2, .shouldGroup: 2, .orderMismatch: 1,
                    .smallTouchTarget: 3, .poorlySpokenText: 2,
                ]
            ),
            (Fixture.androidInbox, [.unexposedElement: 1, .missingLabel: 1, .missingTrait: 2, .shouldGroup: 2, .smallTouchTarget: 1, .poorlySpokenText: 1]),
            (Fixture.iosAlert, [.modalNotBlocking: 1, .missingLabel: 2, .smallTouchTarget: 2]),
        ])
    func counts(_ fixture: Fixture, _ expected: [AuditRule: Int]) throws {
        let report = try fixture.report()
        var counts: [AuditRule: Int] = [:]
        for f in report.findings { counts[f.rule, default: 0] += 1 }
        #expect(counts == expected, "\(report.text)")
    }

    @Test("modalNotBlocking needs detections; without them it is noted, not guessed")
    func modalNeedsDetections() throws {
        let (analysis, _) = try Fixture.iosAlert.analysis()
        let report = Audit.run(analysis: analysis, hierarchy: try Fixture.iosAlert.hierarchy())
        #expect(!report.findings.contains { $0.rule == .modalNotBlocking })
        #expect(report.notes.contains { $0.contains("modalNotBlocking not checked") })
    }

    struct MatchCase: Sendable, CustomStringConvertible {
        var name: String
        var inferred: Rect
        var exposed: [Rect]
        var expected: Int?
        var description: String { name }
    }

    @Test(
        "§3.3 matching: ≥85% containment (smallest wins), else IoU ≥ 5%",
        arguments: [
            MatchCase(
                name: "contained", inferred: Rect(x: 10, y: 10, width: 10, height: 10), exposed: [Rect(x: 0, y: 0, width: 100, height: 100)], expected: 0),
            MatchCase(
                name: "smallest container", inferred: Rect(x: 10, y: 10, width: 10, height: 10),
                exposed: [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 5, y: 5, width: 20, height: 20)], expected: 1),
            MatchCase(
                name: "84% inside, IoU above 5%", inferred: Rect(x: 0, y: 0, width: 100, height: 10),
                exposed: [Rect(x: 16, y: 0, width: 200, height: 10)], expected: 0),
            MatchCase(
                name: "IoU 4%", inferred: Rect(x: 0, y: 0, width: 100, height: 10),
                exposed: [Rect(x: 96, y: 0, width: 4, height: 10)], expected: nil),
            MatchCase(name: "disjoint", inferred: Rect(x: 0, y: 0, width: 10, height: 10), exposed: [Rect(x: 50, y: 50, width: 10, height: 10)], expected: nil),
        ])
    func matching(_ m: MatchCase) {
        let exposed = m.exposed.map { ExposedElement(type: "Button", kind: .button, frame: $0) }
        #expect(Audit.match(m.inferred, in: exposed, .default) == m.expected)
    }

    @Test(
        "longest non-decreasing run marks what is out of order",
        arguments: [
            ([0, 1, 2, 3], 4), ([7, 0, 1, 2], 3), ([0, 2, 1, 3], 3), ([3, 2, 1, 0], 1), ([0, 0, 1, 1], 4), ([Int](), 0),
        ])
    func lis(_ values: [Int], _ length: Int) {
        #expect(Rules.longestNonDecreasing(values).count == length)
    }

    @Test(
        "poorly spoken text",
        arguments: [
            ("17/07/2020", SpokenText.Kind.numericDate, "17 July 2020"),
            ("Due 07/17/2020", .numericDate, "Due July 17, 2020"),
            ("03.04.21", .numericDate, "3 April 2021"),
            ("New setlist 1.6 tracks", .missingSpaceAfterFullStop, "New setlist 1. 6 tracks"),
            ("Saved.Tap to undo", .missingSpaceAfterFullStop, "Saved. Tap to undo"),
            ("“Track 01”", .quoteAfterNumber, "Track 01"),
            ("Track \"01\"", .quoteAfterNumber, "Track 01"),
        ])
    func spoken(_ text: String, _ kind: SpokenText.Kind, _ fixed: String) {
        let problems = SpokenText.problems(in: text)
        #expect(problems.map(\.kind) == [kind])
        #expect(problems.first?.replacement == fixed)
    }

    @Test("every problem fixed at once")
    func fixedAll() {
        #expect(SpokenText.fixed("Sent 17/07/2020, “Track 01”, 1.6 tracks") == "Sent 17 July 2020, Track 01, 1. 6 tracks")
        #expect(SpokenText.fixed("All good") == "All good")
    }

    @Test(
        "well-spoken text passes",
        arguments: ["Version 1.6", "1.5 hours", "17 July 2020", "example.com", "12:41 PM", "v2.10.3", "Rated 4.5 stars", "It's fine"])
    func wellSpoken(_ text: String) {
        #expect(SpokenText.problems(in: text).isEmpty)
    }
}

@Suite("Audit rules on small trees")
struct SmallTreeRuleTests {
    @Test("an unlabelled button the pixels do not explain is still missingLabel, without a suggestion from pixels")
    func unexplainedButton() throws {
        let text = """
            Element subtree:
                Window (Main), 0x1, {{0.0, 0.0}, {390.0, 844.0}}
                  Button, 0x2, {{300.0, 400.0}, {60.0, 60.0}}
            """
        let analysis = ScreenAnalysis(image: ImageInfo(width: 780, height: 1688), elements: [])
        let tree = try AccessibilityHierarchy.parse(Data(text.utf8), imageSize: analysis.image)
        let report = Audit.run(analysis: analysis, hierarchy: tree, detections: [])
        #expect(report.findings.map(\.rule) == [.missingLabel])
        #expect(report.findings.first?.frame == Rect(x: 600, y: 800, width: 120, height: 120))
        #expect(report.findings.first?.message.contains("Pixels suggest") == false)
    }
}
