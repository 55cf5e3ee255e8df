import Foundation
import Testing

/// `screenrec describe` and the content models in `analyze`/`bench`: the real binary, the shipped
/// models in Models/faces, Models/pictures and Models/clickability.
@Suite("screenrec describe and content recognition")
struct ContentCommandTests {
    struct Line: Decodable {
        var label: String
        var confidence: Double
        var candidate: String?
        var faces: Int?
        var kind: String?
    }
    static let fixtures = "Tests/ScreenRecognitionONNXTests/Fixtures"

    @Test(
        "describe: a confident label, else the picture's kind or Image, with the candidate",
        arguments: [
            ("cat.jpg", "Cat", nil), ("grey.png", "Image", "Dog"), ("astronaut.jpg", "Person", nil),
            ("coffee.jpg", "Photo", "Coffee"),  // ImageNet's "Coffee" at 0.49; a photo at 0.94
        ] as [(String, String, String?)])
    func describe(image: String, label: String, candidate: String?) throws {
        let r = try CLI.run(["describe", "\(Self.fixtures)/\(image)"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("\n") && r.stdout.split(separator: "\n").count == 1)
        let line = try JSONDecoder().decode(Line.self, from: Data(r.stdout.utf8))
        #expect(line.label == label)
        #expect(line.candidate == candidate)
        #expect(candidate != nil ? line.confidence < 0.7 : line.confidence >= 0.7)
        #expect(line.kind == (label == "Person" ? nil : "Photo"))  // all four are photos; grey under the kind bar
        #expect(line.faces == (label == "Person" ? 1 : nil))  // the face detector (Models/faces) speaks first
    }

    @Test("describe --min-confidence moves the bar")
    func minConfidence() throws {
        let r = try CLI.run(["describe", "\(Self.fixtures)/cat.jpg", "--min-confidence", "0.99"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try JSONDecoder().decode(Line.self, from: Data(r.stdout.utf8))
        #expect(line.label == "Image" && line.candidate == "Cat")
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "not an image", arguments: ["describe", "Package.swift"], status: 65, message: "not a PNG or JPEG"),
        Bad(name: "missing file", arguments: ["describe", "nope.png"], status: 66, message: "nope.png"),
        Bad(
            name: "no model installed", arguments: ["describe", "\(fixtures)/cat.jpg", "--models", "Tests"], status: 78,
            message: "no picture describer installed"),
        Bad(name: "bar above 1", arguments: ["describe", "\(fixtures)/cat.jpg", "--min-confidence", "2"], status: 64, message: "--min-confidence"),
        Bad(name: "no image", arguments: ["describe"], status: 64, message: "image"),
        Bad(
            name: "content on without models", arguments: ["analyze", "Examples/clock.png", "--ocr", "none", "--content", "on", "--models", "Tests"],
            status: 78, message: "no content model is installed"),
        Bad(name: "unknown content switch", arguments: ["analyze", "Examples/clock.png", "--content", "maybe"], status: 64, message: "maybe"),
    ]

    @Test(arguments: bad)
    func badInput(_ b: Bad) throws {
        let r = try CLI.run(b.arguments)
        #expect(r.status == b.status, "\(r.stderr)")
        #expect(r.stderr.contains(b.message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// With a detections file the models are off unless asked for: `make demo` is unchanged.
    @Test("analyze --detections keeps the content models off by default; --content on runs them")
    func analyzeContentSwitch() throws {
        let base = ["analyze", "Examples/settings.png", "--detections", "Examples/settings.detections.json"]
        let plain = try CLI.run(base)
        let off = try CLI.run(base + ["--content", "off"])
        let on = try CLI.run(base + ["--content", "on"])
        for r in [plain, off, on] { #expect(r.status == 0, "\(r.stderr)") }
        #expect(plain.stdout == off.stdout)
        #expect(!on.stdout.contains("failed"), "\(on.stdout)")
    }

    @Test("bench times the content stage and counts its calls")
    func bench() throws {
        let r = try CLI.run(["bench", "Examples/clock.png", "--ocr", "none", "--runs", "1", "--warmup", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let content = r.stdout.split(separator: "\n").first { $0.hasPrefix("content ") }
        #expect(content != nil && !(content?.contains(" -") ?? true), "\(r.stdout)")
        #expect(r.stdout.contains("clickability"), "\(r.stdout)")
    }
}
