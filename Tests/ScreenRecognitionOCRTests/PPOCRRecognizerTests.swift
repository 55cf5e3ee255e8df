import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionONNX
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognitionOCR

/// Fixtures and the shared recogniser for the PP-OCR tests (a namespace, so that other test files
/// in this target can have their own helpers).
enum PPOCRFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let modelsDirectory = packageRoot.appendingPathComponent("Models/ocr")

    /// Whether scripts/setup-models.sh has put the two ONNX files in place.
    static let modelsPresent: Bool = ["ppocrv4-det.onnx", "ppocrv4-rec.onnx"].allSatisfy {
        FileManager.default.fileExists(atPath: modelsDirectory.appendingPathComponent($0).path)
    }

    /// One recogniser for all tests (loading takes about a second).
    static let shared: Result<PPOCRTextRecognizer, any Error> = Result {
        try PPOCRTextRecognizer(modelsDirectory: modelsDirectory, runtime: ONNXRuntime.load(), threads: 2)
    }

    static func recognizer() throws -> PPOCRTextRecognizer { try shared.get() }

    static var fixturesURL: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw ScreenRecognitionError(.io, "the Fixtures resource folder is missing from the test bundle")
            }
            return url
        }
    }

    static func image(_ name: String) throws -> RGBAImage {
        try loadImage(at: fixturesURL.appendingPathComponent(name + ".png").path, maxPixels: 10_000_000)
    }

    struct Line: Decodable {
        var text: String
        var box: Rect
    }

    /// The ground truth written by scripts/make-ppocr-fixtures.py.
    static func truth(_ name: String) throws -> [Line] {
        try JSONDecoder().decode([Line].self, from: Data(contentsOf: fixturesURL.appendingPathComponent(name + ".json")))
    }

    /// A scratch folder for broken model sets.
    static func scratch(_ name: String) throws -> URL {
        let dir = ScratchDirectory.root.appendingPathComponent("screenrec-ppocr-tests-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

@Suite("PP-OCR recogniser", .enabled(if: PPOCRFixtures.modelsPresent, "PP-OCR models absent: run scripts/setup-models.sh"))
struct PPOCRRecognizerTests {
    @Test(arguments: ["ppocr-light", "ppocr-dark"])
    func readsEveryLineWithATightBox(_ fixture: String) throws {
        let ocr = try PPOCRFixtures.recognizer()
        let lines = try ocr.recognizeText(in: PPOCRFixtures.image(fixture), region: nil)
        let truth = try PPOCRFixtures.truth(fixture)
        for t in truth {
            let match = lines.first { $0.text == t.text }
            #expect(match != nil, "\(fixture): '\(t.text)' not read (read: \(lines.map(\.text)))")
            if let match {
                #expect(match.box.iou(t.box) >= 0.8, "\(fixture): '\(t.text)' box \(match.box) vs drawn \(t.box)")
                #expect(match.confidence >= 0.9, "\(fixture): '\(t.text)' confidence \(match.confidence)")
            }
        }
        // Nothing else: no magnifier "O", no chevrons, no tab-bar icons.
        #expect(lines.count == truth.count, "\(fixture): read \(lines.map(\.text))")
    }

    @Test func linesComeInReadingOrder() throws {
        let ocr = try PPOCRFixtures.recognizer()
        let lines = try ocr.recognizeText(in: PPOCRFixtures.image("ppocr-dark"), region: nil)
        #expect(
            lines.map(\.text) == [
                "Your plan renews on 12 March.", "Continue", "Delete Account", "Add to Cart",
                "Home", "Search", "Library", "Profile",
            ])
    }

    @Test func wordsHaveTheirOwnBoxesLeftToRightInsideTheLine() throws {
        let ocr = try PPOCRFixtures.recognizer()
        let lines = try ocr.recognizeText(in: PPOCRFixtures.image("ppocr-light"), region: nil)
        let line = try #require(lines.first { $0.text == "Home Network 5G" })
        #expect(line.words.map(\.text) == ["Home", "Network", "5G"])
        for (a, b) in zip(line.words, line.words.dropFirst()) {
            #expect(a.box.maxX <= b.box.minX, "\(a.text) \(a.box) overlaps \(b.text) \(b.box)")
        }
        for w in line.words {
            #expect(w.box.fractionInside(line.box.insetBy(dx: -1, dy: -1)) == 1)
            #expect(w.box.height >= 0.6 * line.box.height && w.box.width > 0)
        }
        // "Home" at 13 pt in Roboto is about 95 px wide: the word box is not the whole line's.
        #expect(line.words[0].box.width < 0.4 * line.box.width)
    }

    @Test func readsWhiteTextOnAColouredButtonInARegion() throws {
        let ocr = try PPOCRFixtures.recognizer()
        let image = try PPOCRFixtures.image("ppocr-dark")
        let button = Rect(x: 48, y: 280, width: 1074, height: 140)  // the red "Delete Account" button
        let lines = try ocr.recognizeText(in: image, region: button)
        #expect(lines.map(\.text) == ["Delete Account"])
        #expect(lines.allSatisfy { $0.box.fractionInside(button) == 1 })
    }

    @Test(arguments: [
        Rect(x: 300, y: 600, width: 400, height: 30),  // the empty strip above the tab bar
        Rect(x: 5000, y: 5000, width: 100, height: 100),  // outside the image
        Rect(x: 10, y: 10, width: 0, height: 0),  // empty
        Rect(x: .nan, y: 0, width: 10, height: 10),  // meaningless
    ])
    func regionsWithoutTextGiveNothing(_ region: Rect) throws {
        let ocr = try PPOCRFixtures.recognizer()
        #expect(try ocr.recognizeText(in: PPOCRFixtures.image("ppocr-dark"), region: region).isEmpty)
    }

    @Test(arguments: [(1, 1), (3, 2), (1, 4000), (4000, 1), (31, 33)])
    func tinyAndThinImagesDoNotCrash(_ width: Int, _ height: Int) throws {
        let ocr = try PPOCRFixtures.recognizer()
        let image = RGBAImage(width: width, height: height, fill: .white)
        #expect(try ocr.recognizeText(in: image, region: nil).isEmpty)
    }

    @Test func aHugeImageIsDetectedAtReducedScale() throws {
        let ocr = try PPOCRFixtures.recognizer()
        let text = try PPOCRFixtures.image("ppocr-dark")
        // 1500 × 9000 px with the dark fixture's pixels in the top-left corner.
        var pixels = [UInt8](repeating: 0, count: 1500 * 9000 * 4)
        for y in 0..<text.height {
            let src = y * text.width * 4
            pixels.replaceSubrange((y * 1500 * 4)..<(y * 1500 * 4 + text.width * 4), with: text.pixels[src..<(src + text.width * 4)])
        }
        let huge = try #require(RGBAImage(width: 1500, height: 9000, pixels: pixels))
        let (w, h) = ocr.detectionSize(width: huge.width, height: huge.height)
        #expect(max(w, h) <= 1280 && w % 32 == 0 && h % 32 == 0)
        let lines = try ocr.recognizeText(in: huge, region: nil)
        // At a seventh of full size the three 17 pt button labels are still found (their boxes are
        // coarse at that scale: one read "Delet Account").
        #expect(lines.contains { $0.text == "Continue" }, "read: \(lines.map(\.text))")
        #expect(lines.filter { $0.box.midY > 100 && $0.box.midY < 600 }.count == 3, "read: \(lines.map(\.text))")
    }

    @Test func theDetectorInputFollowsTheSizeRules() throws {
        let ocr = try PPOCRFixtures.recognizer()
        #expect(ocr.detectionSize(width: 1170, height: 2532) == (576, 1280))
        #expect(ocr.detectionSize(width: 1, height: 1) == (32, 32))
        // A button crop is enlarged towards a 256 px short side, but not past the 1280 px long side.
        #expect(ocr.detectionSize(width: 1074, height: 140) == (1280, 160))
        #expect(ocr.detectionSize(width: 300, height: 100) == (608, 192))
        #expect(ocr.alphabet.count == 6625)
    }

    // MARK: Missing and broken models

    @Test func aMissingModelsFolderSaysToRunTheSetupScript() throws {
        let dir = try PPOCRFixtures.scratch("empty")
        let error = #expect(throws: ScreenRecognitionError.self) {
            try PPOCRTextRecognizer(modelsDirectory: dir, runtime: ONNXRuntime.load())
        }
        #expect(error?.kind == .model)
        #expect(error?.message.contains("run scripts/setup-models.sh") == true, "\(error?.message ?? "")")
    }

    @Test(arguments: ["missing", "truncated", "garbage"])
    func aDamagedModelFileIsAModelError(_ damage: String) throws {
        let dir = try PPOCRFixtures.scratch(damage)
        let fm = FileManager.default
        for name in ["ppocrv4-det.model.json", "ppocrv4-rec.model.json", "ppocrv4-rec.onnx"] {
            try fm.copyItem(at: PPOCRFixtures.modelsDirectory.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let original = try Data(contentsOf: PPOCRFixtures.modelsDirectory.appendingPathComponent("ppocrv4-det.onnx"))
        switch damage {
        case "truncated": try original.prefix(original.count / 2).write(to: dir.appendingPathComponent("ppocrv4-det.onnx"))
        case "garbage": try Data(repeating: 0x5A, count: original.count).write(to: dir.appendingPathComponent("ppocrv4-det.onnx"))
        default: break
        }
        let error = #expect(throws: ScreenRecognitionError.self) {
            try PPOCRTextRecognizer(modelsDirectory: dir, runtime: ONNXRuntime.load())
        }
        #expect(error?.kind == .model)
        #expect(error?.message.contains("ppocrv4-det") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("run scripts/setup-models.sh") == true, "\(error?.message ?? "")")
    }

    @Test func badSettingsAreRejectedBeforeLoading() throws {
        var settings = PPOCRSettings()
        settings.recognitionBatchSize = 0
        let error = #expect(throws: ScreenRecognitionError.self) {
            try PPOCRTextRecognizer(modelsDirectory: PPOCRFixtures.modelsDirectory, runtime: ONNXRuntime.load(), settings: settings)
        }
        #expect(error?.kind == .invalidInput)
    }
}
