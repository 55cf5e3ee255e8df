import Foundation
import ScreenRecognitionTesting
import Testing

/// An output option naming a directory, or a file in a folder that does not exist: one clear line
/// and exit 73 (EX_CANTCREAT) before any work, from every command that writes a file.
@Suite("screenrec output paths")
struct OutputPathCLITests {
    /// An existing, empty directory for this run.
    static func directory(_ name: String) throws -> String {
        let dir = ScratchDirectory.root.appendingPathComponent("screenrec-outdir-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static let clock = ["Examples/clock.png", "--detections", "Examples/clock.detections.json"]

    /// Each command with its output option (the path goes after it).
    static let commands: [(name: String, arguments: [String], option: String)] = [
        ("analyze", ["analyze"] + clock + ["-o"], "-o/--output"),
        ("analyze --output", ["analyze"] + clock + ["--output"], "-o/--output"),
        ("analyze, a batch", ["analyze", "Examples/clock.png", "Benchmarks/ocr-checkset/screen-01.png", "-o"], "-o/--output"),
        ("detect", ["detect", "Examples/clock.png", "-o"], "-o/--output"),
        ("ocr", ["ocr", "Examples/clock.png", "-o"], "-o/--output"),
        ("annotate", ["annotate"] + clock + ["-o"], "-o/--output"),
        ("audit", ["audit"] + clock + ["-o"], "-o/--output"),
        ("audit --overlay", ["audit"] + clock + ["--overlay"], "--overlay"),
        ("snapshot --record", ["snapshot"] + clock + ["--record"], "--record"),
    ]

    @Test("an existing directory is refused, naming the option", arguments: commands.indices)
    func directory(_ i: Int) throws {
        let c = Self.commands[i]
        let dir = try Self.directory("\(i)")
        let r = try CLI.run(c.arguments + [dir])
        #expect(r.status == 73, "\(c.name): \(r.stderr)")
        #expect(
            r.stderr == "screenrec: error: cannot write \(dir): it is a directory; give \(c.option) a file path"
                + (c.option == "-o/--output" ? ", or - for standard output" : "") + "\n", "\(c.name)")
        #expect(r.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("a folder that does not exist is named", arguments: commands.indices)
    func missingFolder(_ i: Int) throws {
        let c = Self.commands[i]
        let folder = try Self.directory("\(i)-parent") + "/missing"
        let r = try CLI.run(c.arguments + [folder + "/out"])
        #expect(r.status == 73, "\(c.name): \(r.stderr)")
        #expect(
            r.stderr == "screenrec: error: cannot write \(folder)/out: the folder \(folder) does not exist; create it or give \(c.option) another path\n",
            "\(c.name)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("a path under a regular file says the file is not a folder")
    func parentIsAFile() throws {
        let file = try CLI.temp("not-a-folder.txt", Data("x".utf8))
        let r = try CLI.run(["analyze"] + Self.clock + ["-o", file + "/out.json"])
        #expect(r.status == 73)
        #expect(r.stderr == "screenrec: error: cannot write \(file)/out.json: \(file) is not a folder\n")
    }

    @Test("- is still standard output, and a new file in an existing folder is written")
    func stillWorks() throws {
        let dash = try CLI.run(["analyze"] + Self.clock + ["--format", "transcript", "-o", "-"])
        #expect(dash.status == 0, "\(dash.stderr)")
        #expect(dash.stdout.contains("World Clock, Heading"))
        let out = try Self.directory("new") + "/transcript.txt"
        try? FileManager.default.removeItem(atPath: out)
        let r = try CLI.run(["analyze"] + Self.clock + ["--format", "transcript", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == dash.stdout)
    }
}
