import Foundation
import ScreenRecognitionTesting
import Testing

/// `analyze` and `detect` over many images: JSON lines, one bad file reported and the
/// rest analysed as in one-image runs, standard input streamed, --resume.
@Suite("screenrec batch")
struct BatchCLITests {
    /// A folder with two screenshots and a corrupt file.
    static func folder(_ name: String) throws -> String {
        let dir = ScratchDirectory.root.appendingPathComponent("screenrec-batch-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (src, dst) in [("Examples/clock.png", "a-clock.png"), ("Benchmarks/ocr-checkset/screen-01.png", "b-screen.png")] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent(src), to: dir.appendingPathComponent(dst))
        }
        try Data("\u{89}PNG\r\n\u{1A}\nnot really".utf8).write(to: dir.appendingPathComponent("c-corrupt.png"))
        try Data("notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        return dir.path
    }

    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func announcements(_ row: [String: Any]) -> [String] {
        ((row["elements"] as? [[String: Any]]) ?? []).compactMap { $0["announcement"] as? String }
    }

    @Test("a folder gives one line per image, the same analysis as one-image runs, the bad file reported", arguments: [1, 2])
    func folderMatchesSingleRuns(jobs: Int) throws {
        let dir = try Self.folder("jobs\(jobs)")
        let r = try CLI.run(["analyze", dir, "--jobs", String(jobs)])
        #expect(r.status == 65, "\(r.stderr)")  // the corrupt file
        #expect(r.stderr.contains("c-corrupt.png"))
        let rows = try Self.lines(r.stdout)
        #expect(rows.count == 3)
        let byImage = Dictionary(uniqueKeysWithValues: rows.map { ($0["image"] as? String ?? "", $0) })
        #expect(Set(byImage.keys) == Set(["a-clock.png", "b-screen.png", "c-corrupt.png"].map { dir + "/" + $0 }))
        let bad = try #require(byImage[dir + "/c-corrupt.png"])
        #expect(bad.keys.sorted() == ["error", "image"])
        for name in ["a-clock.png", "b-screen.png"] {
            let path = dir + "/" + name
            let row = try #require(byImage[path])
            let single = try CLI.run(["analyze", path])
            #expect(single.status == 0, "\(single.stderr)")
            let want = try #require(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
            let size = try #require(want["image"] as? [String: Any])
            #expect(row["width"] as? Int == size["width"] as? Int && row["height"] as? Int == size["height"] as? Int)
            #expect(!Self.announcements(row).isEmpty)
            #expect(Self.announcements(row) == Self.announcements(want), "\(name)")
            // The whole analysis, not only what is spoken.
            let rowElements = try JSONSerialization.data(withJSONObject: row["elements"] ?? [], options: [.sortedKeys])
            let wantElements = try JSONSerialization.data(withJSONObject: want["elements"] ?? [], options: [.sortedKeys])
            #expect(rowElements == wantElements, "\(name)")
        }
    }

    @Test("- reads paths from standard input and answers each before the next arrives")
    func standardInputStreams() throws {
        let dir = try Self.folder("stdin")
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["analyze", "-", "--format", "jsonl", "--ocr", "none"]
        p.currentDirectoryURL = CLI.packageRoot
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        let watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
        defer { watchdog.cancel() }
        var buffer = Data()
        func nextLine() -> String? {
            while true {
                if let nl = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<nl], as: UTF8.self)
                    buffer.removeSubrange(...nl)
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }
        // The first answer comes while standard input is still open.
        input.fileHandleForWriting.write(Data((dir + "/a-clock.png\n").utf8))
        let first = try #require(nextLine())
        #expect(first.contains("\"image\":\"\(dir)/a-clock.png\""))
        #expect(first.contains("\"elements\":["))
        input.fileHandleForWriting.write(Data((dir + "/missing.png\n\n").utf8))
        let second = try #require(nextLine())
        #expect(second.contains("\"error\":") && second.contains("missing.png"))
        try input.fileHandleForWriting.close()
        #expect(nextLine() == nil)
        p.waitUntilExit()
        #expect(p.terminationStatus == 66)  // the missing file
    }

    @Test("--resume skips the images already in the file and appends to it")
    func resume() throws {
        let dir = try Self.folder("resume")
        let out = dir + "/out.jsonl"
        // A previous run that stopped after the clock screen, its last line cut short.
        let first = try CLI.run(["analyze", dir + "/a-clock.png", "--format", "jsonl", "--ocr", "none"])
        #expect(first.status == 0, "\(first.stderr)")
        try Data((first.stdout + "{\"image\": \"cut").utf8).write(to: URL(fileURLWithPath: out))
        let r = try CLI.run(["analyze", dir, "--ocr", "none", "--resume", out, "-o", out])
        #expect(r.status == 65, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let images = text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["image"] as? String
        }
        #expect(images.sorted() == ["a-clock.png", "b-screen.png", "c-corrupt.png"].map { dir + "/" + $0 })
        // Everything done: nothing is analysed again.
        let again = try CLI.run(["analyze", dir, "--ocr", "none", "--resume", out, "-o", out])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "batch options that cannot work are refused",
        arguments: [
            Bad(arguments: ["analyze", "Examples/clock.png", "Examples/clock.png", "--format", "transcript"], message: "--format jsonl"),
            Bad(arguments: ["analyze", "Examples", "--format", "json"], message: "--format jsonl"),
            Bad(arguments: ["analyze", "Examples", "--detections", "Examples/clock.detections.json"], message: "--detections"),
            Bad(arguments: ["analyze", "Examples", "--jobs", "0"], message: "--jobs"),
            Bad(arguments: ["analyze", "-", "-"], message: "once"),
            Bad(arguments: ["analyze", "Examples/clock.png", "--resume", "x.jsonl"], message: "--resume"),
            Bad(arguments: ["detect", "Examples", "--jobs", "999"], message: "--jobs"),
        ])
    func refused(_ bad: Bad) throws {
        let r = try CLI.run(bad.arguments)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(bad.message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("detect takes a folder: one line per image, the corrupt one an error")
    func detectFolder() throws {
        let dir = try Self.folder("detect")
        let r = try CLI.run(["detect", dir, "--jobs", "2"])
        #expect(r.status == 65, "\(r.stderr)")
        let rows = try Self.lines(r.stdout)
        #expect(rows.compactMap { $0["image"] as? String }.sorted() == ["a-clock.png", "b-screen.png", "c-corrupt.png"].map { dir + "/" + $0 })
        #expect(rows.filter { $0["error"] != nil }.count == 1)
        #expect(rows.filter { ($0["detections"] as? [Any])?.isEmpty == false }.count == 2)
    }
}
