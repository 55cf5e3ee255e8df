import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing
@testable import ScreenRecognitionONNX

/// The shipped icon classifier (Models/icons) and its contract checks. The fixtures in
/// Fixtures/icons were written by training/screenrec_training/icons/export.py together with the
/// probabilities Python's preprocessing and the same ONNX file give, so these tests check that the
/// Swift crop/resize/normalisation is the training one.
@Suite("ONNX icon classifier")
struct IconClassifierTests {
    static let directory = packageRoot.appendingPathComponent("Models/icons")
    static let fixtures = packageRoot.appendingPathComponent("Tests/ScreenRecognitionONNXTests/Fixtures/icons")

    struct Expected: Decodable {
        struct Icon: Decodable {
            var file: String
            var meaning: String
            var box: [Double]
            var probabilities: [Float]
            var wholeImageProbabilities: [Float]
        }
        var classes: [String]
        var icons: [Icon]
    }

    static let expected: Expected = {
        let data = FileManager.default.contents(atPath: fixtures.appendingPathComponent("expected.json").path) ?? Data()
        return (try? JSONDecoder().decode(Expected.self, from: data)) ?? Expected(classes: [], icons: [])
    }()

    static func image(_ file: String) throws -> RGBAImage {
        try SystemImageDecoder().decode(Data(contentsOf: fixtures.appendingPathComponent(file)), maxPixels: 1 << 24)
    }

    static func classifier() throws -> ONNXIconClassifier {
        try ONNXIconClassifier(directory: directory, runtime: ONNXRuntime.load())
    }

    @Test func fixturesExist() {
        #expect(Self.expected.icons.count >= 4)
    }

    @Test("Swift preprocessing gives Python's probabilities", arguments: expected.icons.map(\.file))
    func parityWithTraining(file: String) throws {
        let icon = try #require(Self.expected.icons.first { $0.file == file })
        let c = try Self.classifier()
        #expect(c.contract.classes == Self.expected.classes)
        let img = try Self.image(file)
        let b = icon.box
        for (box, want) in [(Rect(x: b[0], y: b[1], width: b[2], height: b[3]), icon.probabilities),
                            (Rect(x: 0, y: 0, width: Double(img.width), height: Double(img.height)), icon.wholeImageProbabilities)] {
            let got = try c.probabilities(in: img, box: box)
            #expect(got.count == want.count)
            let diff = zip(got, want).map { abs($0 - $1) }.max() ?? 1
            #expect(diff < 2e-3, "\(file) \(box): max |Δp| = \(diff)")
        }
    }

    @Test("bundled app-like icons of unseen families are recognised", arguments: expected.icons.map(\.file))
    func recognisesFixtures(file: String) throws {
        let icon = try #require(Self.expected.icons.first { $0.file == file })
        let img = try Self.image(file)
        let b = icon.box
        let r = try Self.classifier().classifyIcon(in: img, box: Rect(x: b[0], y: b[1], width: b[2], height: b[3]))
        #expect(r?.meaning.rawValue == icon.meaning, "\(file): \(String(describing: r))")
        if let r { #expect((0...1).contains(r.confidence)) }
    }

    @Test func blankPatchIsUnknown() throws {
        let c = try Self.classifier()
        let img = RGBAImage(width: 60, height: 60, fill: RGB(r: 255, g: 255, b: 255))
        let r = try c.classify(in: img, box: Rect(x: 10, y: 10, width: 40, height: 40))
        #expect(r.meaning == nil, "a blank patch has no meaning: \(r)")
    }

    @Test("bad boxes are invalid input", arguments: [
        Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: 500, y: 0, width: 10, height: 10),
        Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: -50, y: -50, width: 20, height: 20),
    ])
    func badBoxes(box: Rect) throws {
        let c = try Self.classifier()
        let img = RGBAImage(width: 60, height: 60, fill: RGB(r: 255, g: 255, b: 255))
        #expect { try c.classifyIcon(in: img, box: box) } throws: { ($0 as? ScreenRecognitionError)?.kind == .invalidInput }
    }

    struct BadContract: Sendable, CustomStringConvertible {
        var name: String
        var edit: @Sendable (inout [String: Any]) -> Void
        var message: String
        var description: String { name }
    }

    static let badContracts: [BadContract] = [
        BadContract(name: "other format", edit: { $0["format"] = "screenrecognition-detector" }, message: "unsupported format"),
        BadContract(name: "unknown class", edit: { o in
            var c = o["classes"] as! [String]; c[0] = "spaceship"; o["classes"] = c }, message: "unknown icon class 'spaceship'"),
        BadContract(name: "threshold above 1", edit: { $0["unknownThreshold"] = 1.5 }, message: "outside 0...1"),
        BadContract(name: "tiny input", edit: { o in
            var i = o["input"] as! [String: Any]; i["width"] = 2; o["input"] = i }, message: "is not usable"),
        BadContract(name: "missing output tensor", edit: { o in o["output"] = ["name": "logits"] }, message: "no output 'logits'"),
        BadContract(name: "wrong byte count", edit: { $0["bytes"] = 12 }, message: "says 12"),
        BadContract(name: "missing file", edit: { $0["file"] = "nothere.onnx" }, message: "model file not found"),
        BadContract(name: "not a contract", edit: { $0 = ["hello": "world"] }, message: "not a valid icon classifier contract"),
    ]

    @Test(arguments: badContracts)
    func badContractsAreClearErrors(_ c: BadContract) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-icon-tests-\(getpid())-\(c.name.filter(\.isLetter))")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for f in ["model.json", "icons.onnx"] {
            try FileManager.default.copyItem(at: Self.directory.appendingPathComponent(f), to: dir.appendingPathComponent(f))
        }
        let url = dir.appendingPathComponent("model.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        c.edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        #expect { try ONNXIconClassifier(directory: dir, runtime: ONNXRuntime.load()) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(c.message)
        }
    }

    @Test func noClassifierInstalled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-icon-tests-\(getpid())-none")
        #expect { try ONNXIconClassifier(directory: dir, runtime: ONNXRuntime.load()) } throws: {
            ($0 as? ScreenRecognitionError)?.message.contains("no icon classifier installed") == true
        }
    }
}

/// The shipped classifier on the icon boxes of the bundled example screens (Examples/*.png with
/// their detections files, whose `iconLabel` says what each icon means; icons without one — Wi-Fi,
/// Bluetooth, globe, chevrons — have none of the 38 meanings). Measured: 4 of the 5 labelled icons
/// right, the Timer tab's glyph unknown, no wrong label, every unlabelled icon unknown.
@Suite("Icon classifier on the example screens")
struct IconClassifierExampleTests {
    struct File: Decodable {
        struct D: Decodable { var type: String; var box: [Double]; var iconLabel: String? }
        var detections: [D]
    }

    @Test func examplesGetNoWrongLabels() throws {
        let c = try IconClassifierTests.classifier()
        var right = 0, labelled = 0
        for name in ["clock", "settings"] {
            let ex = packageRoot.appendingPathComponent("Examples")
            let img = try SystemImageDecoder().decode(Data(contentsOf: ex.appendingPathComponent("\(name).png")), maxPixels: 1 << 24)
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: ex.appendingPathComponent("\(name).detections.json")))
            for d in file.detections where d.type == "icon" {
                let got = try c.classifyIcon(in: img, box: Rect(x: d.box[0], y: d.box[1], width: d.box[2], height: d.box[3]))
                if let truth = d.iconLabel {
                    labelled += 1
                    if got?.meaning.rawValue == truth { right += 1 }
                    #expect(got == nil || got?.meaning.rawValue == truth, "\(name) \(d.box): \(String(describing: got)) for \(truth)")
                } else {
                    #expect(got == nil, "\(name) \(d.box) has none of the 38 meanings: \(String(describing: got))")
                }
            }
        }
        #expect(labelled == 5)
        #expect(right >= 4)
    }
}
