import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognitionAudit

/// Text-first snapshots of the reports in Fixtures/reports/. Set SCREENREC_RECORD_SNAPSHOTS=1 to
/// rewrite them after an intended change (then read the git diff).
@Suite("Report snapshots")
struct ReportSnapshotTests {
    static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/reports")
    static let record = ProcessInfo.processInfo.environment["SCREENREC_RECORD_SNAPSHOTS"] == "1"

    func check(_ actual: String, _ name: String) throws {
        let url = Self.sourceFixtures.appendingPathComponent(name)
        if Self.record {
            try FileManager.default.createDirectory(at: Self.sourceFixtures, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = String(decoding: try Fixture.data("reports/\(name)"), as: UTF8.self)
        let diff = TranscriptSnapshot.diff(expected: expected, actual: actual)
        #expect(diff == nil, "\(name) changed:\n\(diff ?? "")")
    }

    @Test("text, JSON and SARIF reports", arguments: Fixture.allCases)
    func reports(_ fixture: Fixture) throws {
        let report = try fixture.report()
        try check(report.text, "\(fixture.rawValue).report.txt")
        try check(String(decoding: try report.jsonData(), as: UTF8.self), "\(fixture.rawValue).report.json")
        try check(String(decoding: try report.sarifData(), as: UTF8.self), "\(fixture.rawValue).report.sarif")
    }

    @Test("JSON has the documented shape")
    func jsonShape() throws {
        let object = try JSONSerialization.jsonObject(with: try Fixture.iosInbox.report().jsonData()) as! [String: Any]
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 14)
        for f in findings {
            #expect(Set(["rule", "severity", "frame", "message", "suggestion"]).isSubset(of: f.keys))
            #expect((f["frame"] as? [Double])?.count == 4)
        }
    }

    @Test("SARIF 2.1.0: version, rules, a result per finding located in the hierarchy file")
    func sarif() throws {
        let report = try Fixture.iosInbox.report()
        let log = try JSONSerialization.jsonObject(with: report.sarifData()) as! [String: Any]
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [[String: Any]])?.map { $0["id"] as? String } == AuditRule.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        let first = try #require(results.first)
        let location = try #require(((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "ios-inbox.xcuitest.txt")
        #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
    }

    @Test("HTML is self-contained: the overlay PNG is embedded, findings are listed and escaped")
    func html() throws {
        let (_, image) = try Fixture.iosInbox.analysis()
        let report = try Fixture.iosInbox.report()
        let png = try encodePNG(Overlay.findings(image, report: report))
        let page = report.html(overlayPNG: png)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("src=\"data:image/png;base64,\(png.base64EncodedString().prefix(64))"))
        #expect(page.contains("<code>missingLabel</code>"))
        #expect(!page.contains("src=\"http"))
        #expect(page.components(separatedBy: "<tr class=").count - 1 == report.findings.count)
    }

    @Test("batch: a finding repeated on several screens is reported once, with its screens")
    func batch() throws {
        var a = try Fixture.iosInbox.report()
        var b = a
        a.image = "a.png"
        b.image = "b.png"
        b.findings.removeLast()
        let batch = BatchReport(reports: [a, b], failures: [("c.png", nil, "no hierarchy file")])
        #expect(batch.findings.count == a.findings.count)
        #expect(batch.findings.filter { $0.screens == ["a.png", "b.png"] }.count == a.findings.count - 1)
        #expect(batch.screens.map(\.image) == ["a.png", "b.png", "c.png"])
        #expect(batch.text.hasPrefix("3 screens audited (1 failed): 27 findings, 14 distinct"))
    }
}

@Suite("Transcript snapshots")
struct TranscriptSnapshotTests {
    @Test("identical transcripts have no diff (line endings and a final newline aside)")
    func same() {
        #expect(TranscriptSnapshot.diff(expected: "A\nB\n", actual: "A\r\nB") == nil)
    }

    @Test(
        "a changed, added or removed line shows up in the diff",
        arguments: [
            ("A\nB\nC\n", "A\nX\nC\n", ["- 2  B", "+ 2  X"]),
            ("A\nC\n", "A\nB\nC\n", ["+ 2  B"]),
            ("A\nB\nC\n", "A\nC\n", ["- 2  B"]),
        ])
    func diff(_ expected: String, _ actual: String, _ lines: [String]) throws {
        let d = try #require(TranscriptSnapshot.diff(expected: expected, actual: actual))
        for l in lines { #expect(d.contains(l + "\n"), "\(d)") }
    }

    @Test("the test API passes on the same transcript and throws a diff on a change")
    func api() throws {
        let (analysis, _) = try Fixture.iosInbox.analysis()
        try verifyTranscript(analysis, equals: analysis.transcript)
        assertTranscript(analysis, equals: analysis.transcript)
        var changed = analysis.transcript
        changed[0] = "Something else"
        #expect(throws: TranscriptMismatch.self) { try verifyTranscript(analysis, equals: changed) }
        let url = ScratchDirectory.root.appendingPathComponent("transcript.txt")
        try? FileManager.default.removeItem(at: url)
        #expect(throws: TranscriptMismatch.self) { try verifyTranscript(analysis, snapshot: url) }  // recorded, fails once
        try verifyTranscript(analysis, snapshot: url)  // now matches
        // In Swift Testing a mismatch is recorded as an issue, with the diff.
        withKnownIssue {
            assertTranscript(analysis, equals: changed)
        } matching: {
            $0.comments.description.contains("Something else")
        }
    }

    @Test("the bundled inbox reads like its committed snapshot")
    func inbox() throws {
        let (analysis, _) = try Fixture.iosInbox.analysis()
        try verifyTranscript(analysis, snapshot: Fixture.url("ios-inbox.transcript.txt"))
    }
}

@Suite("Overlays")
struct OverlayTests {
    @Test("annotate: boxes in the kind's colour, order tags, a legend below the picture")
    func annotate() throws {
        let (analysis, image) = try Fixture.iosInbox.analysis()
        let out = Overlay.annotate(image, analysis: analysis)
        #expect(out.width == image.width)
        #expect(out.height > image.height)
        let first = analysis.elements[0]
        // The tag at the first element's corner is filled with its kind's colour.
        let c = out.color(x: Int(first.frame.minX) + 1, y: Int(first.frame.minY) + 1)
        #expect(c == Overlay.color(for: first.kind))
        // The legend area is no longer blank.
        var inked = 0
        for y in image.height..<out.height { for x in 0..<out.width where out.color(x: x, y: y) != RGB(r: 255, g: 255, b: 255) { inked += 1 } }
        #expect(inked > 500)
    }

    @Test("the bitmap font: every glyph is 5 × 7")
    func font() {
        for (_, g) in BitmapFont.glyphs { #expect(g.count == 7 && g.allSatisfy { $0.count == 5 }) }
    }
}
