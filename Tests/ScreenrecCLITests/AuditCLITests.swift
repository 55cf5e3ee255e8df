import Foundation
import ScreenRecognitionTesting
import Testing

/// `screenrec audit`, `snapshot` and `annotate`, run as a user would, on the audit fixtures.
@Suite("screenrec audit, snapshot, annotate")
struct AuditCLITests {
    static let fixtures = "Tests/ScreenRecognitionAuditTests/Fixtures"
    static func f(_ name: String) -> String { "\(fixtures)/\(name)" }
    static let inbox = ["audit", f("ios-inbox.png"), "--hierarchy", f("ios-inbox.xcuitest.txt"), "--detections", f("ios-inbox.detections.json")]

    @Test(
        "audit prints the text report for each format",
        arguments: [
            ("text", "error unexposedElement [24.0, 108.0, 60.0, 60.0]"),
            ("json", "\"rule\" : \"missingLabel\""),
            ("sarif", "\"version\" : \"2.1.0\""),
            ("html", "data:image/png;base64,iVBORw0KGgo"),
        ])
    func formats(_ format: String, _ needle: String) throws {
        let r = try CLI.run(Self.inbox + ["--format", format])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(needle))
    }

    @Test("the text report matches the library's snapshot; --strict fails on errors")
    func textAndStrict() throws {
        let r = try CLI.run(Self.inbox)
        #expect(r.stdout.contains("22 findings (9 errors, 13 warnings, 0 notes)"))  // 14 from the tree, 8 from the pixels
        let strict = try CLI.run(Self.inbox + ["--strict"])
        #expect(strict.status == 1)
    }

    @Test("audit of the Android dump writes JSON to --output")
    func android() throws {
        let out = ScratchDirectory.root.appendingPathComponent("audit.json").path
        let r = try CLI.run([
            "audit", Self.f("android-inbox.png"), "--hierarchy", Self.f("android-inbox.uiautomator.xml"),
            "--detections", Self.f("android-inbox.detections.json"), "--format", "json", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as! [String: Any]
        #expect((object["findings"] as? [Any])?.count == 11)
        #expect(object["hierarchyFormat"] as? String == "uiautomator")
    }

    @Test("a folder: screens paired by name, other files ignored, repeats reported once, a screen without a tree audited from its pixels")
    func batch() throws {
        let dir = ScratchDirectory.root.appendingPathComponent("audit-batch")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for screen in ["home", "inbox"] {
            for (src, ext) in [("ios-inbox.png", "png"), ("ios-inbox.xcuitest.txt", "xcuitest.txt"), ("ios-inbox.detections.json", "detections.json")] {
                try FileManager.default.copyItem(
                    atPath: CLI.packageRoot.appendingPathComponent(Self.f(src)).path,
                    toPath: dir.appendingPathComponent("\(screen).\(ext)").path)
            }
        }
        for (src, dst) in [("ios-alert.png", "alert.png"), ("ios-alert.xcuitest.txt", "alert.txt"), ("ios-alert.detections.json", "alert.detections.json")] {
            try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent(Self.f(src)).path, toPath: dir.appendingPathComponent(dst).path)
        }
        // A transcript beside a screenshot is not a tree (it used to make the run fail).
        try FileManager.default.copyItem(
            atPath: CLI.packageRoot.appendingPathComponent(Self.f("ios-inbox.transcript.txt")).path,
            toPath: dir.appendingPathComponent("home.transcript.txt").path)
        // Every screen has its detections file, so no model is loaded (a broken ONNX Runtime path is never read).
        let ok = try CLI.run(["audit", dir.path], environment: ["SCREENREC_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("3 screens audited: 50 findings, 27 distinct"), "\(ok.stdout)")
        #expect(ok.stdout.contains("[2 screens: home.png, inbox.png]"))
        #expect(ok.stdout.contains("[3 screens: alert.png, home.png, inbox.png]"))  // the compose button is too small everywhere
        #expect(ok.stderr.isEmpty)  // no progress bar when stderr is not a terminal
        let json = try CLI.run(["audit", dir.path, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["screens"] as? [Any])?.count == 3)
        let html = try CLI.run(["audit", dir.path, "--format", "html"])
        #expect(html.status == 0)
        #expect(html.stdout.components(separatedBy: "<!DOCTYPE html>").count == 2)  // one page
        #expect(html.stdout.components(separatedBy: "data:image/png;base64,").count == 4)  // a picture per screen
        // A screenshot with no tree beside it is audited from its pixels alone.
        for ext in ["png", "detections.json"] {
            try FileManager.default.copyItem(atPath: dir.appendingPathComponent("home.\(ext)").path, toPath: dir.appendingPathComponent("orphan.\(ext)").path)
        }
        let pixels = try CLI.run(["audit", dir.path])
        #expect(pixels.status == 0, "\(pixels.stderr)")
        // (10 since 2026-11-27: a tab's glyph is part of its tab, no touch target of its own.)
        #expect(pixels.stdout.contains("orphan.png: 10 findings"), "\(pixels.stdout)")
        // Two trees for one screenshot is an error for that screen (exit 65).
        try FileManager.default.copyItem(atPath: dir.appendingPathComponent("home.xcuitest.txt").path, toPath: dir.appendingPathComponent("orphan.txt").path)
        try FileManager.default.copyItem(atPath: dir.appendingPathComponent("alert.txt").path, toPath: dir.appendingPathComponent("orphan.xml.txt").path)
        let bad = try CLI.run(["audit", dir.path])
        #expect(bad.status == 65)
        #expect(bad.stdout.contains("orphan.png: error: several hierarchy files"), "\(bad.stdout)")
    }

    @Test("analyze --format accessibility-snapshot writes AccessibilitySnapshot JSON in points; audit reads it back, alone and in a folder")
    func accessibilitySnapshot() throws {
        let dir = ScratchDirectory.root.appendingPathComponent("audit-snapshot")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tree = dir.appendingPathComponent("inbox.json").path
        let analyze = try CLI.run([
            "analyze", Self.f("ios-inbox.png"), "--detections", Self.f("ios-inbox.detections.json"), "--ocr", "none",
            "--format", "accessibility-snapshot", "--scale", "2", "-o", tree,
        ])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let markers = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tree))) as! [[String: Any]]
        #expect(markers.first?["description"] as? String == "Back, Button")
        #expect((markers.first?["shape"] as? [String: Any])?["frame"] as? [[Double]] == [[12, 54], [30, 30]])  // pixels [24, 108, 60, 60] at 2x
        #expect(markers.first?["traits"] as? [String] == ["button"])

        // The 780-pixel-wide fixture is no device size: points need --scale, and the error says so.
        let audit = ["audit", Self.f("ios-inbox.png"), "--hierarchy", tree, "--detections", Self.f("ios-inbox.detections.json")]
        let noScale = try CLI.run(audit)
        #expect(noScale.status == 65 && noScale.stderr.contains("pass --scale"), "\(noScale.stderr)")
        let scaled = try CLI.run(audit + ["--scale", "2"])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(
            scaled.stdout.contains("(accessibility-snapshot, 2 px per unit)") && scaled.stdout.contains("screen: 2 px per pt (from the hierarchy)"),
            "\(scaled.stdout)")
        // Our own analysis as the tree: nothing hidden, unlabelled or mislabelled.
        for rule in ["unexposedElement", "missingLabel", "labelMismatch"] { #expect(!scaled.stdout.contains(rule), "\(rule)") }

        // audit DIR pairs NAME.png with NAME.json by content; a transcript beside it is ignored.
        for (src, dst) in [
            ("ios-inbox.png", "inbox.png"), ("ios-inbox.detections.json", "inbox.detections.json"), ("ios-inbox.transcript.txt", "inbox.transcript.txt"),
        ] {
            try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent(Self.f(src)).path, toPath: dir.appendingPathComponent(dst).path)
        }
        let folder = try CLI.run(["audit", dir.path, "--scale", "2", "--format", "json"])
        #expect(folder.status == 0, "\(folder.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(folder.stdout.utf8)) as! [String: Any]
        #expect((object["screens"] as? [[String: Any]])?.map { $0["hierarchy"] as? String } == ["inbox.json"], "\(folder.stdout.prefix(2000))")
        #expect((object["screens"] as? [[String: Any]])?.first?["error"] == nil)
    }

    @Test("a folder pairs uiautomator and Appium page sources by name too")
    func batchOtherTrees() throws {
        let dir = ScratchDirectory.root.appendingPathComponent("audit-trees")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (src, dst) in [
            ("android-inbox.png", "a.png"), ("android-inbox.uiautomator.xml", "a.xml"), ("android-inbox.detections.json", "a.detections.json"),
            ("ios-inbox.png", "b.png"), ("ios-inbox.detections.json", "b.detections.json"),
        ] {
            try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent(Self.f(src)).path, toPath: dir.appendingPathComponent(dst).path)
        }
        // b's tree as Appium's XCUITest page source (frames in points, a 390-point window).
        let appium = """
            <?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication label="Mail" x="0" y="0" width="390" height="844">
            <XCUIElementTypeButton label="Back" name="backButton" enabled="true" x="12" y="54" width="30" height="30"/>
            </XCUIElementTypeApplication></AppiumAUT>
            """
        try Data(appium.utf8).write(to: dir.appendingPathComponent("b.page-source.xml"))
        let r = try CLI.run(["audit", dir.path, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let screens = try #require(object["screens"] as? [[String: Any]])
        #expect(screens.map { $0["hierarchy"] as? String } == ["a.xml", "b.page-source.xml"], "\(screens)")
        // Audited against its tree: b's page source exposes only the back button, so what it hides is reported.
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "unexposedElement" && $0["screens"] as? [String] == ["b.png"] })
    }

    @Test(
        "a progress bar is drawn on stderr when it is a terminal (util-linux `script` gives it one)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressBar() throws {
        let dir = ScratchDirectory.root.appendingPathComponent("audit-tty")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for ext in ["png", "xcuitest.txt", "detections.json"] {
            try FileManager.default.copyItem(
                atPath: CLI.packageRoot.appendingPathComponent(Self.f("ios-inbox.\(ext)")).path,
                toPath: dir.appendingPathComponent("one.\(ext)").path)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", "\(CLI.binary.path) audit \(dir.path)", "/dev/null"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.contains("] 0/1 one.png"), "\(text)")
        #expect(text.contains("[==============================] 1/1 done"), "\(text)")
    }

    @Test(
        "bad input gets a clear error and the right exit status",
        arguments: [
            (["audit", f("ios-inbox.png"), "--detections", f("ios-inbox.detections.json"), "--scale", "11"], Int32(64), "--scale"),
            (
                ["audit", f("ios-inbox.png"), "--hierarchy", f("ios-inbox.detections.json"), "--detections", f("ios-inbox.detections.json")], 65,
                "invalid analysis JSON hierarchy"
            ),
            (
                ["audit", f("ios-inbox.png"), "--hierarchy", f("make_fixtures.py"), "--detections", f("ios-inbox.detections.json")], 65,
                "hierarchy format not recognised"
            ),
            (["audit", f("ios-inbox.png"), "--hierarchy", "/nonexistent/tree.txt", "--detections", f("ios-inbox.detections.json")], 66, "tree.txt"),
            (["audit", f("ios-inbox.xcuitest.txt"), "--hierarchy", f("ios-inbox.xcuitest.txt"), "--detections", f("ios-inbox.detections.json")], 65, "PNG"),
            (["audit", f("ios-inbox.png"), "--hierarchy", f("ios-inbox.xcuitest.txt"), "--scale", "0"], 64, "--scale"),
            (["snapshot", f("ios-inbox.png"), "--detections", f("ios-inbox.detections.json")], 64, "exactly one of --record FILE and --verify FILE"),
            (["annotate", f("ios-inbox.png"), "--detections", f("ios-inbox.detections.json"), "-o", "/nonexistent/dir/out.png"], 73, "cannot write"),
        ])
    func badInput(_ args: [String], _ status: Int32, _ message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test("a screenshot alone: pixel rules, the scale's source, every format")
    func pixelsAlone() throws {
        let args = ["audit", Self.f("ios-inbox.png"), "--detections", Self.f("ios-inbox.detections.json")]
        let text = try CLI.run(args)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("hierarchy: none (pixel rules only)"))
        #expect(text.stdout.contains("screen: 2 px per pt (assumed"))
        #expect(text.stdout.contains("has contrast 3.0:1 (#8E8E93 on #F7F7F7); WCAG 2.2 SC 1.4.3 requires 4.5:1"), "\(text.stdout)")
        let given = try CLI.run(args + ["--scale", "3", "--platform", "android"])
        #expect(given.stdout.contains("screen: 3 px per dp (given)"), "\(given.stdout)")
        let json = try CLI.run(args + ["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["screenScale"] as? [String: Any])?["source"] as? String == "assumed")
        let sarif = try CLI.run(args + ["--format", "sarif"])
        #expect(sarif.stdout.contains("\"ruleId\" : \"textContrast\""))
        let html = try CLI.run(args + ["--format", "html"])
        #expect(html.stdout.contains("<code>textContrast</code>") && html.stdout.contains("data:image/png;base64,"))
    }

    @Test("a truncated hierarchy is exit 65 with the file and line named")
    func truncatedHierarchy() throws {
        let tree = try String(contentsOf: CLI.packageRoot.appendingPathComponent(Self.f("android-inbox.uiautomator.xml")), encoding: .utf8)
        let path = try CLI.temp("truncated.xml", Data(tree.prefix(900).utf8))
        let r = try CLI.run(["audit", Self.f("android-inbox.png"), "--hierarchy", path, "--detections", Self.f("android-inbox.detections.json")])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("screenrec: error: \(path): "), "\(r.stderr)")
        #expect(r.stderr.contains("uiautomator XML") && r.stderr.contains("line "), "\(r.stderr)")
    }

    @Test("snapshot --record then --verify; a change exits 1 with a readable diff")
    func snapshot() throws {
        let path = ScratchDirectory.root.appendingPathComponent("snap.txt").path
        let base = ["snapshot", Self.f("ios-inbox.png"), "--detections", Self.f("ios-inbox.detections.json")]
        #expect(try CLI.run(base + ["--record", path]).status == 0)
        let same = try CLI.run(base + ["--verify", path])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try CLI.run(base + ["--verify", Self.f("ios-inbox.transcript.txt")]).status == 0)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = "Compose, Button"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let changed = try CLI.run(base + ["--verify", path])
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("- 3  Compose, Button\n"), "\(changed.stderr)")
        #expect(changed.stderr.contains("+ 3  Edit, Button\n"), "\(changed.stderr)")
    }

    @Test("annotate writes a PNG with a legend below the screenshot")
    func annotate() throws {
        let out = ScratchDirectory.root.appendingPathComponent("annotate.png").path
        let r = try CLI.run(["annotate", Self.f("ios-inbox.png"), "--detections", Self.f("ios-inbox.detections.json"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(height > 1688)
    }
}
