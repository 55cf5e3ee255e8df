import Foundation
import ScreenRecognitionTesting
import Testing

/// Runs the real `screenrec` binary, as a user would.
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        let nextToTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("screenrec")
        if FileManager.default.isExecutableFile(atPath: nextToTests.path) { return nextToTests }
        return packageRoot.appendingPathComponent(".build/debug/screenrec")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        p.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func temp(_ name: String, _ data: Data) throws -> String {
        let dir = ScratchDirectory.root.appendingPathComponent("screenrec-cli-tests")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}

/// PNG building blocks for the tests: big-endian words and CRC-checked chunks.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be(UInt32(body.count)) + t + body + be(crc(t + body))
    }
}

/// A PNG whose IHDR claims `width × height` (valid CRC) followed by a tiny IDAT and IEND.
func pngHeader(width: UInt32, height: UInt32) -> Data {
    let be = PNGBytes.be
    let chunk = PNGBytes.chunk
    let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
    let bytes: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    return Data(bytes)
}

@Suite("screenrec binary")
struct CLITests {
    @Test("analyze prints the bundled Clock example's transcript")
    func clockTranscript() throws {
        let r = try CLI.run(["analyze", "Examples/clock.png", "--detections", "Examples/clock.detections.json", "--format", "transcript"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // OCR runs with a detections file too and recovers the status bar's time the file leaves out.
        #expect(lines.first == "9:41")
        #expect(lines.prefix(5) == ["9:41", "Edit, Button", "Add, Button", "World Clock, Heading", "Today, +0HRS, Cupertino"])
        #expect(lines.suffix(4) == ["Selected, World Clock, Tab, 1 of 4", "Alarm, Tab, 2 of 4", "Stopwatch, Tab, 3 of 4", "Timer, Tab, 4 of 4"])
    }

    @Test("analyze writes JSON to --output")
    func jsonOutput() throws {
        let out = ScratchDirectory.root.appendingPathComponent("screenrec-out.json").path
        let r = try CLI.run(["analyze", "Examples/clock.png", "--detections", "Examples/clock.detections.json", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 1)
        #expect((object?["image"] as? [String: Int]) == ["width": 1170, "height": 2532])
        #expect(((object?["elements"] as? [Any])?.count ?? 0) > 10)
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var name: String
        var image: String?
        var imageBytes: Data?
        var detections: Data?
        var extra: [String] = []
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing image", image: "/nonexistent/screen.png", status: 66, message: "no such file"),
        BadInput(name: "empty image", imageBytes: Data(), status: 65, message: "empty"),
        BadInput(name: "text file", imageBytes: Data("hello, world\n".utf8), status: 65, message: "not a PNG or JPEG"),
        BadInput(name: "100000×100000 PNG header", imageBytes: pngHeader(width: 100_000, height: 100_000), status: 65, message: "100000"),
        BadInput(name: "truncated PNG", imageBytes: pngHeader(width: 10, height: 10).prefix(40), status: 65, message: "truncated or corrupt"),
        BadInput(name: "malformed detections", image: "Examples/clock.png", detections: Data("{".utf8), status: 65, message: "invalid detections file"),
        BadInput(
            name: "unknown type", image: "Examples/clock.png",
            detections: Data(#"{"detections": [{"type": "widget", "box": [0, 0, 1, 1]}]}"#.utf8), status: 65, message: "unknown type 'widget'"),
        BadInput(
            name: "box of 3 numbers", image: "Examples/clock.png",
            detections: Data(#"{"detections": [{"type": "icon", "box": [0, 0, 1]}]}"#.utf8), status: 65, message: "exactly 4 numbers"),
        BadInput(
            name: "negative size", image: "Examples/clock.png",
            detections: Data(#"{"detections": [{"type": "icon", "box": [0, 0, -5, 1]}]}"#.utf8), status: 65, message: "negative size"),
        BadInput(name: "unwritable output", image: "Examples/clock.png", extra: ["-o", "/nonexistent/dir/out.json"], status: 73, message: "cannot write"),
        BadInput(name: "unknown format", image: "Examples/clock.png", extra: ["--format", "yaml"], status: 64, message: "yaml"),
    ]

    @Test("Bad input: one clear line on stderr, a non-zero exit below 128", arguments: badInputs)
    func badInput(_ c: BadInput) throws {
        var args = ["analyze"]
        if let bytes = c.imageBytes {
            args.append(try CLI.temp("image-\(c.name.filter(\.isLetter))", bytes))
        } else {
            args.append(c.image!)
        }
        if let d = c.detections { args += ["--detections", try CLI.temp("det-\(c.name.filter(\.isLetter)).json", d)] }
        args += c.extra
        let r = try CLI.run(args)
        #expect(r.status == c.status, "\(r.stderr)")
        #expect(r.status > 0 && r.status < 128)
        #expect(r.stderr.lowercased().contains(c.message.lowercased()), "\(r.stderr)")
        if c.status != 64 {
            #expect(r.stderr.hasPrefix("screenrec: error: "))
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        #expect(r.stdout.isEmpty)
    }
}

@Suite("screenrec help")
struct HelpCLITests {
    @Test("--help lists the subcommands in their groups, in order")
    func groups() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0, "\(r.stderr)")
        let headings = r.stdout.split(separator: "\n").filter { $0.hasSuffix("SUBCOMMANDS:") }
        #expect(headings == ["ANALYSE SUBCOMMANDS:", "EVALUATE SUBCOMMANDS:", "AUDIT & TEST SUBCOMMANDS:", "SERVE SUBCOMMANDS:"])
        // Each subcommand once, in its group's order: the lines indented by two spaces (wrapped
        // abstracts are indented further) below the first group's heading.
        let lines = r.stdout.split(separator: "\n").drop { $0 != "ANALYSE SUBCOMMANDS:" }
        let names = lines.compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
                word.allSatisfy({ $0.isLowercase || $0 == "-" })
            else { return nil }
            return String(word)
        }
        #expect(names == ["analyze", "annotate", "detect", "ocr", "classify-icon", "describe", "eval", "bench", "audit", "snapshot", "serve"])
    }

    @Test(
        "every subcommand still answers by its name",
        arguments: [
            "analyze", "annotate", "detect", "ocr", "classify-icon", "describe",
            "eval", "bench", "audit", "snapshot", "serve",
        ])
    func subcommandHelp(_ name: String) throws {
        let r = try CLI.run([name, "--help"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("USAGE: screenrec \(name)"))
        #expect(try CLI.run(["help", name]).stdout == r.stdout)
    }

    @Test("an unknown subcommand is a usage error (64)")
    func unknown() throws {
        let r = try CLI.run(["analyse"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("analyse"))
    }
}

@Suite("screenrec configuration and eval")
struct CLIConfigurationTests {
    @Test("--config overrides one nested value and keeps the rest")
    func config() throws {
        let path = try CLI.temp("no-tabs.json", Data(#"{"grouping": {"groupTabs": false}}"#.utf8))
        let r = try CLI.run(["analyze", "Examples/clock.png", "--detections", "Examples/clock.detections.json", "--format", "transcript", "--config", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("Tab"))
        #expect(r.stdout.contains("Today, +0HRS, Cupertino"))  // text grouping still on
    }

    @Test("A bad configuration is one clear line and exit 65")
    func badConfig() throws {
        let path = try CLI.temp("bad-config.json", Data(#"{"grouping": {"subtitleGap": "wide"}}"#.utf8))
        let r = try CLI.run(["analyze", "Examples/clock.png", "--config", path])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("screenrec: error: ") && r.stderr.contains("subtitleGap"), "\(r.stderr)")
    }

    @Test("eval --order reports insertion steps")
    func order() throws {
        let path = try CLI.temp("order.json", Data(#"{"screens": [{"id": "a", "truth": ["1", "2", "3"], "predicted": ["3", "1", "2"]}]}"#.utf8))
        let r = try CLI.run(["eval", "--order", path, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["ordering"] != nil)
        #expect(r.stdout.contains("\"exactMatchRate\" : 0"))
    }

    @Test("eval without anything to evaluate is a usage error")
    func usage() throws {
        let r = try CLI.run(["eval"])
        #expect(r.status == 64)
    }
}
