import Foundation
import Testing

/// `screenrec ocr`, `bench` and `analyze` without detections: the real binary with the real models
/// (scripts/setup-models.sh runs before the tests, from `make test`).
@Suite("screenrec ocr, bench and OCR-only analyze")
struct ModelCommandTests {
    struct OCRLine: Decodable {
        var text: String
        var box: [Double]
        var confidence: Double
    }
    struct OCROutput: Decodable { var lines: [OCRLine] }

    @Test("ocr --format json: lines with pixel boxes inside the image", arguments: ["ppocr", "tesseract"])
    func ocrJSON(engine: String) throws {
        let r = try CLI.run(["ocr", "Examples/settings.png", "--ocr", engine])
        #expect(r.status == 0, "\(r.stderr)")
        let out = try JSONDecoder().decode(OCROutput.self, from: Data(r.stdout.utf8))
        let texts = out.lines.map(\.text)
        #expect(texts.contains { $0.contains("Settings") }, "\(texts)")
        #expect(texts.contains { $0.contains("Wi-Fi") }, "\(texts)")
        for l in out.lines {
            #expect(l.box.count == 4)
            #expect(l.box[0] >= 0 && l.box[1] >= 0 && l.box[0] + l.box[2] <= 1170 + 1 && l.box[1] + l.box[3] <= 2532 + 1)
            #expect((0...1).contains(l.confidence))
        }
    }

    @Test("ocr --format text prints one line per text line", arguments: ["tesseract", "ppocr"])
    func ocrText(engine: String) throws {
        let r = try CLI.run(["ocr", "Examples/clock.png", "--format", "text", "--ocr", engine])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("World Clock"), "\(lines)")
        #expect(lines.contains("Cupertino"), "\(lines)")
    }

    @Test("ocr prints the lines repaired as analyze repairs them; --raw prints Tesseract's own reading")
    func ocrRepairedAndRaw() throws {
        let repaired = try CLI.run(["ocr", "Examples/clock.png", "--format", "text"])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        let lines = repaired.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("9:41 AM") && lines.contains("Today, +0HRS"), "\(lines)")
        let raw = try CLI.run(["ocr", "Examples/clock.png", "--format", "text", "--raw"])
        #expect(raw.status == 0, "\(raw.stderr)")
        // Tesseract reads the small "AM" and the zero of the bundled Clock screen as letters.
        #expect(raw.stdout.split(separator: "\n").contains("9:41 av"), "\(raw.stdout)")
        #expect(raw.stdout != repaired.stdout)
    }

    @Test("ocr --preprocessed writes the greyscale picture Tesseract reads, scaled up as the read is")
    func ocrPreprocessed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-pre-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("pre.png").path
        let r = try CLI.run(["ocr", "Examples/clock.png", "--format", "text", "--preprocessed", png])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("World Clock"), "\(r.stdout)")  // the read still prints
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // a PNG
        // Its size (IHDR, big-endian) is the screenshot's: a 3x screen is read as it is.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1170 && height == 2532, "\(width)×\(height)")

        let ppocr = try CLI.run(["ocr", "Examples/clock.png", "--ocr", "ppocr", "--preprocessed", png])
        #expect(ppocr.status != 0)
        #expect(ppocr.stderr.contains("--preprocessed"), "\(ppocr.stderr)")
        let folder = try CLI.run(["ocr", "Examples/clock.png", "--preprocessed", dir.path])
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("--preprocessed"), "\(folder.stderr)")
    }

    @Test("analyze without detections turns OCR text into ordered elements")
    func analyzeOCROnly() throws {
        let r = try CLI.run(["analyze", "Examples/settings.png", "--format", "transcript"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 5, "\(lines)")
        let settings = lines.firstIndex { $0.contains("Settings") }
        let wifi = lines.firstIndex { $0.contains("Wi-Fi") }
        #expect(settings != nil && wifi != nil && settings! < wifi!, "top-to-bottom order: \(lines)")
    }

    @Test("bench --json reports every stage and peak memory")
    func benchJSON() throws {
        let r = try CLI.run(["bench", "Examples/clock.png", "--runs", "2", "--warmup", "0", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let stages = try #require(object["stages"] as? [String: [String: Any]])
        #expect(Set(stages.keys) == ["decode", "detect", "ocr", "content", "heuristics", "total", "pixelRules"])
        #expect(stages["ocr"]?["samples"] as? Int == 2)
        #expect(stages["content"]?["samples"] as? Int == 2)
        #expect(((object["contentCalls"] as? [String: Int])?["clickability"] ?? 0) > 0)  // the detector finds icons on the Clock screen
        #expect((object["contentMsPerCall"] as? [String: Double])?["clickability"] != nil)
        #expect((stages["total"]?["medianMs"] as? Double ?? 0) > 0)
        #expect((object["peakRSSBytes"] as? Int ?? 0) > 1_000_000)
        #expect((object["loadMs"] as? [String: Double])?["ocr"] != nil)
    }

    @Test("bench prints a table")
    func benchTable() throws {
        let r = try CLI.run(["bench", "Examples/clock.png", "--runs", "1", "--warmup", "0", "--ocr", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("decode"))
        #expect(r.stdout.contains("peak memory"))
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(
            name: "missing ONNX Runtime library",
            arguments: ["ocr", "Examples/clock.png", "--ocr", "ppocr", "--onnxruntime", "/nonexistent/libonnxruntime.so"],
            status: 78, message: "not found"),
        Bad(
            name: "ONNX Runtime env pointing at a text file", arguments: ["ocr", "Examples/clock.png", "--ocr", "ppocr"],
            environment: ["SCREENREC_ONNXRUNTIME": "Examples/make_examples.py"], status: 78, message: "cannot load ONNX Runtime"),
        Bad(
            name: "models folder without models", arguments: ["ocr", "Examples/clock.png", "--ocr", "ppocr", "--models", "Examples"],
            status: 78, message: "setup-models.sh"),
        Bad(
            name: "detect without a detector", arguments: ["detect", "Examples/clock.png", "--models", "Examples"], status: 78, message: "no detector installed"
        ),
        Bad(
            name: "detect with a bad threshold", arguments: ["detect", "Examples/clock.png", "--min-confidence", "2"], status: 64, message: "--min-confidence"),
        Bad(name: "eval with both sources", arguments: ["eval", "--dataset", "x.json", "--detections", "d", "--images", "i"], status: 64, message: "not both"),
        Bad(name: "unknown engine", arguments: ["ocr", "Examples/clock.png", "--ocr", "easyocr"], status: 64, message: "easyocr"),
        Bad(name: "ocr none", arguments: ["ocr", "Examples/clock.png", "--ocr", "none"], status: 64, message: "reads nothing"),
        Bad(name: "ocr of a text file", arguments: ["ocr", "Examples/make_examples.py"], status: 65, message: "not a PNG or JPEG"),
        Bad(name: "bench of a missing file", arguments: ["bench", "/nonexistent.png", "--ocr", "none"], status: 66, message: "no such file"),
        Bad(name: "bench with zero runs", arguments: ["bench", "Examples/clock.png", "--runs", "0"], status: 64, message: "--runs"),
    ]

    @Test("Bad model setup or input: one clear line, a non-zero exit", arguments: bad)
    func badInput(_ c: Bad) throws {
        let r = try CLI.run(c.arguments, environment: c.environment)
        #expect(r.status == c.status, "\(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test(
        "ocr of images at the edges of the size range",
        arguments: [(1, 1), (5, 3000), (3000, 5)], ["tesseract", "ppocr"])
    func tinyAndThinImages(size: (Int, Int), engine: String) throws {
        let (width, height) = size
        // One file per case: the two engines' cases run in parallel, and one writing the file
        // while the other's process reads it gave "empty file" (a fresh clone's run, 2026-11-29).
        let path = try CLI.temp("blank-\(width)x\(height)-\(engine).png", pngImage(width: width, height: height))
        let r = try CLI.run(["ocr", path, "--ocr", engine])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"lines\""))
    }

    @Test("ocr of a 20000×20000 image is refused before decoding")
    func hugeImage() throws {
        let path = try CLI.temp("huge.png", pngHeader(width: 20_000, height: 20_000))
        let r = try CLI.run(["ocr", path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("20000"))
    }
}

/// A valid white RGB PNG of the given size (stored, uncompressed deflate blocks).
func pngImage(width: Int, height: Int) -> Data {
    let be = PNGBytes.be
    let chunk = PNGBytes.chunk
    var raw: [UInt8] = []
    for _ in 0..<height {
        raw.append(0)
        raw += [UInt8](repeating: 255, count: width * 3)
    }
    // zlib stream of stored blocks (≤ 65535 bytes each) + Adler-32.
    var z: [UInt8] = [0x78, 0x01]
    var i = 0
    repeat {
        let n = min(65535, raw.count - i)
        z.append(i + n == raw.count ? 1 : 0)
        z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
        z += raw[i..<i + n]
        i += n
    } while i < raw.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    z += be(b << 16 | a)
    let ihdr = be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0]
    return Data(PNGBytes.signature + chunk("IHDR", ihdr) + chunk("IDAT", z) + chunk("IEND", []))
}
