import Foundation
import Testing

/// `screenrec classify-icon`: the real binary with the shipped icon classifier (Models/icons) on
/// the icon fixtures written by the training export (Tests/ScreenRecognitionONNXTests/Fixtures/icons).
@Suite("screenrec classify-icon")
struct ClassifyIconCommandTests {
    static let fixtures = "Tests/ScreenRecognitionONNXTests/Fixtures/icons"

    struct Line: Decodable {
        var image: String
        var label: String?
        var confidence: Double?
        var error: String?
    }

    static func lines(_ stdout: String) throws -> [Line] {
        try stdout.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    static let iconIds: Set<String> = [
        "back", "close", "add", "search", "menu", "settings", "share", "more", "home",
        "person", "heart", "star", "bookmark", "trash", "edit", "camera", "photo", "play", "pause", "mail", "phone",
        "chat", "bell", "cart", "filter", "refresh", "download", "upload", "info", "help", "location", "calendar",
        "clock", "lock", "link", "microphone", "send", "checkmark", "unknown",
    ]

    @Test("one JSON line per image with a label id and a confidence")
    func labelsIcons() throws {
        let files = ["bootstrap-back.png", "eva-search.png"].map { "\(Self.fixtures)/\($0)" }
        let r = try CLI.run(["classify-icon"] + files)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try Self.lines(r.stdout)
        #expect(out.map(\.image) == files)
        for l in out {
            #expect(Self.iconIds.contains(l.label ?? ""), "\(l)")
            #expect((0...1).contains(l.confidence ?? -1))
            #expect(l.error == nil)
        }
    }

    @Test("bad images get an error line, the others are still printed, exit 65/66")
    func badImages() throws {
        let notImage = try CLI.temp("not-an-icon.png", Data("hello".utf8))
        let truncated = try CLI.temp("truncated.png", pngHeader(width: 40, height: 40))
        let good = "\(Self.fixtures)/bootstrap-back.png"
        let r = try CLI.run(["classify-icon", notImage, good, truncated])
        #expect(r.status == 65, "\(r.stderr)")
        let out = try Self.lines(r.stdout)
        #expect(out.count == 3)
        #expect(out[0].error != nil && out[0].label == nil)
        #expect(out[1].label != nil && out[1].error == nil)
        #expect(out[2].error != nil)
        #expect(r.stderr.contains("screenrec: error:"))
        let missing = try CLI.run(["classify-icon", "/nonexistent/icon.png", good])
        #expect(missing.status == 66)
        #expect(try Self.lines(missing.stdout).count == 2)
    }

    @Test("a wrong models folder is a configuration error (78)")
    func missingModel() throws {
        let r = try CLI.run(["classify-icon", "\(Self.fixtures)/bootstrap-back.png", "--models", "/nonexistent"])
        #expect(r.status == 78)
        // The folder itself is missing: the error names it (ScreenRecognitionKit's StandardModels).
        #expect(r.stderr.contains("models folder not found: /nonexistent"), "\(r.stderr)")
    }

    @Test("--bench-runs prints the per-icon latency on stderr")
    func benchRuns() throws {
        let r = try CLI.run(["classify-icon", "\(Self.fixtures)/eva-search.png", "--bench-runs", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(r.stderr.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: [String: Double]])
        #expect(object["iconLatencyMs"]?["runs"] == 5)
        #expect((object["iconLatencyMs"]?["median"] ?? 0) > 0)
    }
}
