import Foundation
import Testing

/// Issue 21: hostile hierarchies, odd numbers, configurations and outputs, run through the binary.
@Suite("screenrec against hostile input")
struct HostileInputCLITests {
    static let fixtures = "Tests/ScreenRecognitionAuditTests/Fixtures"
    static func f(_ name: String) -> String { "\(fixtures)/\(name)" }
    static let android = ["audit", f("android-inbox.png"), "--detections", f("android-inbox.detections.json")]

    static func nestedXML(_ depth: Int) -> Data {
        Data(
            ("<hierarchy>" + String(repeating: "<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">", count: depth)
                + String(repeating: "</node>", count: depth) + "</hierarchy>").utf8)
    }

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var hierarchy: Data
        var extra: [String] = []
        var message: String
    }

    /// Before: 10,000 levels exited 139 (stack overflow); the 1e-300 root exited 132 (Int(inf) trap)
    /// in the text report; CRLF was "no element lines".
    @Test(
        "hostile hierarchies: one clear line and exit 65, never a signal",
        arguments: [
            Case(description: "uiautomator nested 10,000 levels", hierarchy: nestedXML(10_000), message: "nested more than 200 levels"),
            Case(
                description: "root width 1e-300",
                hierarchy: Data(#"<hierarchy><node bounds="[0,0][1e-300,10]"><node text="a" bounds="[0,0][1e-300,5]"/></node></hierarchy>"#.utf8),
                message: "scale must be between"),
            Case(
                description: "bounds 1e308",
                hierarchy: Data(#"<hierarchy><node bounds="[0,0][1080,2400]"><node text="a" bounds="[0,0][1e308,5]"/></node></hierarchy>"#.utf8),
                message: "within ±1000000"),
            Case(
                description: "400 KB bounds",
                hierarchy: Data(("<hierarchy><node bounds=\"" + String(repeating: "[", count: 400_000) + "\"/></hierarchy>").utf8),
                message: "characters)"),
        ])
    func hierarchies(_ c: Case) throws {
        for format in ["text", "json", "html"] {
            let path = try CLI.temp("hostile-\(c.description.filter(\.isLetter)).xml", c.hierarchy)
            let r = try CLI.run(Self.android + ["--hierarchy", path, "--format", format] + c.extra)
            #expect(r.status == 65, "\(format): \(r.stderr.prefix(300))")
            #expect(r.stderr.hasPrefix("screenrec: error: ") && r.stderr.contains(c.message), "\(r.stderr.prefix(300))")
            #expect(r.stderr.count < 700)
            #expect(r.stdout.isEmpty)
        }
    }

    @Test("an XCUITest dump with CRLF line endings audits like the LF one")
    func crlf() throws {
        let lf = try String(contentsOf: CLI.packageRoot.appendingPathComponent(Self.f("ios-inbox.xcuitest.txt")), encoding: .utf8)
        let path = try CLI.temp("crlf.xcuitest.txt", Data(lf.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        let args = ["audit", Self.f("ios-inbox.png"), "--detections", Self.f("ios-inbox.detections.json"), "--format", "json"]
        let want = try CLI.run(args + ["--hierarchy", Self.f("ios-inbox.xcuitest.txt")])
        let got = try CLI.run(args + ["--hierarchy", path])
        #expect(got.status == 0, "\(got.stderr)")
        #expect(got.stdout.replacingOccurrences(of: path, with: "X") == want.stdout.replacingOccurrences(of: Self.f("ios-inbox.xcuitest.txt"), with: "X"))
    }

    @Test(
        "out-of-range configuration values are refused with exit 65 naming them",
        arguments: [
            (#"{"postProcessing": {"nmsIoU": -5}}"#, "postProcessing.nmsIoU is -5.0; it must be between 0 and 1"),
            (#"{"limits": {"maxDetections": -1}}"#, "limits.maxDetections is -1; it must be 1 or more"),
            (#"{"postProcessing": {"confidenceThresholds": {"icon": 1.5}}}"#, "confidenceThresholds.icon is 1.5"),
            (#"{"selection": {"quantizationBits": 0}}"#, "selection.quantizationBits is 0"),
            (#"{"grouping": {"minTabs": 0, "textGapFactor": -1}}"#, "grouping.minTabs is 0"),
            (#"{"grouping": {"backTitleGap": -0.5}}"#, "grouping.backTitleGap is -0.5"),
            (String(repeating: "[", count: 100_000), "nested 100000 deep"),
        ])
    func badConfig(_ json: String, _ message: String) throws {
        let path = try CLI.temp("range-config-\(UUID().uuidString).json", Data(json.utf8))
        let r = try CLI.run(["analyze", "Examples/clock.png", "--detections", "Examples/clock.detections.json", "--config", path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("screenrec: error: ") && r.stderr.contains(message), "\(r.stderr)")
    }

    static let analyze = ["analyze", "Examples/clock.png", "--detections", "Examples/clock.detections.json", "--format", "transcript"]

    @Test("--output follows a symbolic link and keeps it, as a shell redirect does")
    func symlinkOutput() throws {
        let target = try CLI.temp("link-target.txt", Data("old".utf8))
        let link = (target as NSString).deletingLastPathComponent + "/link-\(UUID().uuidString).txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = try CLI.run(Self.analyze + ["-o", link])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Cupertino"))
    }

    @Test("--output writes through a FIFO instead of replacing it with a file")
    func fifoOutput() throws {
        let dir = (try CLI.temp("fifo-dir-marker", Data()) as NSString).deletingLastPathComponent
        let fifo = dir + "/out-\(UUID().uuidString).fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // `cat` reads the FIFO while the binary writes into it.
        let cat = Process()
        cat.executableURL = URL(fileURLWithPath: "/bin/cat")
        cat.arguments = [fifo]
        let pipe = Pipe()
        cat.standardOutput = pipe
        try cat.run()
        let r = try CLI.run(Self.analyze + ["-o", fifo])
        let read = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cat.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(read.contains("Cupertino"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("--output naming an input is refused (exit 73) and the input is left as it was", arguments: [false, true])
    func outputIsInput(viaLink: Bool) throws {
        let original = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/clock.detections.json"))
        let detections = try CLI.temp("input-\(viaLink).detections.json", original)
        var output = detections
        if viaLink {
            output = (detections as NSString).deletingLastPathComponent + "/alias-\(UUID().uuidString).json"
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: detections)
        }
        let r = try CLI.run(["analyze", "Examples/clock.png", "--detections", detections, "-o", output])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("is the input"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: detections)) == original)
    }

    @Test(
        "a failing write is exit 74 with a message, not a trap: stdout and --output on /dev/full",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDisk() throws {
        let viaOption = try CLI.run(Self.analyze + ["-o", "/dev/full"])
        #expect(viaOption.status == 74, "\(viaOption.stderr)")
        #expect(viaOption.stderr.contains("cannot write /dev/full") && viaOption.stderr.contains("No space left"), "\(viaOption.stderr)")
        // Standard output on /dev/full, through the shell.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$0\" \"$@\" > /dev/full", CLI.binary.path] + Self.analyze
        p.currentDirectoryURL = CLI.packageRoot
        let err = Pipe()
        p.standardError = err
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 74, "\(p.terminationStatus) \(e)")
        #expect(e.contains("cannot write standard output"), "\(e)")
    }

    /// Before: `/dev/zero` was read to 256 MiB and then refused as too large.
    @Test(
        "an image path that is a device or FIFO of non-image bytes is refused from its first bytes",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func devZero() throws {
        let r = try CLI.run(["analyze", "/dev/zero", "--detections", "Examples/clock.detections.json"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("/dev/zero: not a PNG or JPEG image (starts with 00 00 00 00 00 00 00 00"), "\(r.stderr)")
    }
}

@Suite("screenrec --crop-languages")
struct CropLanguagesCLITests {
    @Test("a malformed language list is a usage error (64), a missing language one clear line naming its package")
    func badLanguages() throws {
        let malformed = try CLI.run(["analyze", "Examples/settings.png", "--detections", "Examples/settings.detections.json", "--crop-languages", "../x"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("--crop-languages takes Tesseract language codes"), "\(malformed.stderr)")
        let missing = try CLI.run([
            "analyze", "Examples/settings.png", "--detections", "Examples/settings.detections.json", "--crop-languages", "chi_zzz",
        ])
        #expect(missing.status != 0 && missing.status < 128)
        #expect(missing.stderr.contains("chi_zzz.traineddata not found") && missing.stderr.contains("tesseract-ocr-chi-zzz"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
    }

    @Test("none keeps the transcript of a screen the engine reads whole")
    func none() throws {
        let a = try CLI.run(["analyze", "Examples/settings.png", "--detections", "Examples/settings.detections.json", "--format", "transcript"])
        let b = try CLI.run([
            "analyze", "Examples/settings.png", "--detections", "Examples/settings.detections.json", "--format", "transcript", "--crop-languages", "none",
        ])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stdout == b.stdout && a.stdout.contains("Selected, Week, Button, 2 of 3"))
    }
}

@Suite("screenrec --ocr-strips")
struct OCRStripsCLITests {
    @Test("out of 1...8 is a usage error (64)", arguments: ["0", "9", "two"])
    func bad(value: String) throws {
        let r = try CLI.run(["ocr", "Examples/settings.png", "--ocr-strips", value])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("the settings example reads the same words in one piece and in two strips")
    func sameWords() throws {
        let one = try CLI.run(["ocr", "Examples/settings.png", "--format", "text", "--ocr-strips", "1"])
        let two = try CLI.run(["ocr", "Examples/settings.png", "--format", "text"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        #expect(one.stdout.contains("Wi-Fi") && two.stdout.contains("Wi-Fi"))
        let words = { (s: String) in Set(s.split(whereSeparator: { $0.isWhitespace }).map { $0.trimmingCharacters(in: .punctuationCharacters) }) }
        #expect(words(one.stdout) == words(two.stdout), "\(one.stdout)\n---\n\(two.stdout)")
    }
}
