import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

@testable import ScreenRecognitionONNX

let fixtures = packageRoot.appendingPathComponent("Tests/ScreenRecognitionONNXTests/Fixtures")

/// A scratch folder (`at`, else one named after the model and `name`) holding `model.json` (edited
/// by `edit`) and links to the shipped model's files (`Models/\(shipped)`).
func scratchModel(
    _ name: String, shipped: String, links: [String], at folder: URL? = nil, edit: (inout [String: Any]) -> Void
) throws -> URL {
    let dir = folder ?? scratchDirectory("\(shipped)-\(name.filter(\.isLetter))")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let source = packageRoot.appendingPathComponent("Models/\(shipped)")
    for l in links {
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent(l), withDestinationURL: source.appendingPathComponent(l))
    }
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent("model.json"))) as? [String: Any])
    edit(&object)
    try JSONSerialization.data(withJSONObject: object).write(to: dir.appendingPathComponent("model.json"))
    return dir
}

/// `photo` pasted into a white 400×600 "screen" at (50, 120).
func whiteScreen(with photo: RGBAImage) throws -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: 400 * 600 * 4)
    for y in 0..<photo.height {
        let s = y * photo.width * 4
        let d = ((y + 120) * 400 + 50) * 4
        pixels.replaceSubrange(d..<(d + photo.width * 4), with: photo.pixels[s..<(s + photo.width * 4)])
    }
    return try #require(RGBAImage(width: 400, height: 600, pixels: pixels))
}

struct BadModel: CustomTestStringConvertible, Sendable {
    var name: String
    var links: [String]?
    var edit: @Sendable (inout [String: Any]) -> Void
    var message: String
    var testDescription: String { name }
}

@Suite("Picture describer (Models/pictures)")
struct PictureDescriberTests {
    static let directory = packageRoot.appendingPathComponent("Models/pictures")

    struct Expected: Decodable {
        struct Photo: Decodable {
            var image: String
            var best: String
            var confidence: Double
        }
        var photos: [Photo]
    }

    /// The same label as Python's export on the same file, and a summed confidence within 0.06
    /// (Python resizes with PIL's bilinear filter, Swift area-averages).
    @Test(arguments: ["cat.jpg", "coffee.jpg", "grey.png"])
    func matchesPython(image: String) throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("pictures-expected.json")))
        let want = try #require(expected.photos.first { $0.image == image })
        let describer = try ONNXPictureDescriber(directory: Self.directory, runtime: ONNXRuntime.load())
        let pixels = try loadImage(at: fixtures.appendingPathComponent(image).path, maxPixels: 1_000_000)
        let got = try describer.describe(in: pixels, box: nil)
        #expect(got.label == want.best)
        #expect(abs(got.confidence - want.confidence) <= 0.06, "\(got.confidence) vs Python \(want.confidence)")
    }

    @Test func cropsThePictureFromAScreen() throws {
        // The cat photo pasted into a white 400×600 "screen" at (50, 120): described from its box.
        let cat = try loadImage(at: fixtures.appendingPathComponent("cat.jpg").path, maxPixels: 1_000_000)
        let screen = try whiteScreen(with: cat)
        let describer = try ONNXPictureDescriber(directory: Self.directory, runtime: ONNXRuntime.load())
        let d = try describer.describe(in: screen, box: Rect(x: 50, y: 120, width: Double(cat.width), height: Double(cat.height)))
        #expect(d.label == "Cat")
        #expect(d.confidence >= 0.7)
        #expect { try describer.describe(in: screen, box: Rect(x: 500, y: 700, width: 20, height: 20)) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .invalidInput
        }
    }

    @Test(
        "Probabilities of classes sharing a label are summed",
        arguments: [
            ([0.4, 0.3, 0.3], [0, 0, 1], "Cat", 0.7), ([0.55, 0.05, 0.4], [0, 1, 1], "Cat", 0.55),
            ([0.2, 0.2, 0.6], [0, 0, 1], "Dog", 0.6),
        ] as [([Float], [Int], String, Double)])
    func summing(probabilities: [Float], index: [Int], label: String, confidence: Double) {
        let d = ONNXPictureDescriber.bestLabel(probabilities: probabilities, labelIndex: index, labels: ["Cat", "Dog"])
        #expect(d.label == label)
        #expect(abs(d.confidence - confidence) < 1e-6)
    }

    @Test(
        "The most probable kind is offered with its probability, unless it is a kind never spoken",
        arguments: [
            ([0.7, 0.2, 0.1], "Photo", 0.7), ([0.1, 0.6, 0.3], "Illustration", 0.6), ([0.1, 0.2, 0.7], nil, 0),
        ] as [([Float], String?, Double)])
    func kinds(probabilities: [Float], kind: String?, confidence: Double) {
        let best = ONNXPictureDescriber.bestKind(probabilities: probabilities, spoken: ["Photo", "Illustration", nil])
        #expect(best?.0 == kind)
        if let best { #expect(abs(best.1 - confidence) < 1e-6) }
    }

    /// The kinds head: the coffee photo is a "Photo" at the probability Python's export gives it
    /// (`picture_kinds.model_input`, the Swift crop, so the same input: 0.944), a flat grey image
    /// stays under the kind bar.
    @Test(arguments: [("coffee.jpg", "Photo", 0.944, true), ("grey.png", "Photo", 0.596, false)])
    func kindsMatchPython(image: String, kind: String, probability: Double, spoken: Bool) throws {
        let describer = try ONNXPictureDescriber(directory: Self.directory, runtime: ONNXRuntime.load())
        let bar = try #require(describer.kindThreshold)
        #expect(describer.kinds?.kinds == ["photo", "illustration", "logo", "screenshot", "map", "text", "none"])
        let pixels = try loadImage(at: fixtures.appendingPathComponent(image).path, maxPixels: 1_000_000)
        let got = try describer.describe(in: pixels, box: nil)
        #expect(got.kind == kind)
        let p = try #require(got.kindConfidence)
        #expect(abs(p - probability) <= 0.02, "\(p) vs Python \(probability)")
        #expect((p >= bar) == spoken)
        // The content recognizer hands the describer's bar to the pipeline.
        let c = ONNXContentRecognizer(pictures: describer).applyingThresholds(to: .default)
        #expect(c.content.minPictureKindConfidence == bar)
    }

    @Test func labelsTableIsComplete() throws {
        let describer = try ONNXPictureDescriber(directory: Self.directory, runtime: ONNXRuntime.load())
        #expect(describer.labels.count == 1000)
        #expect(describer.labels[285] == "Cat")  // Egyptian cat
        #expect(describer.labels[207] == "Dog")  // golden retriever
        #expect(describer.labels[967] == "Coffee")  // espresso
        #expect(describer.minConfidence == 0.7)
        #expect(describer.fallbackLabel == "Image")
    }

    static let badContracts: [BadModel] = [
        BadModel(name: "other format", edit: { $0["format"] = "screenrecognition-detector" }, message: "unsupported format"),
        BadModel(name: "wrong file size", edit: { $0["bytes"] = 12 }, message: "different or damaged"),
        BadModel(name: "missing onnx", links: ["labels.json"], edit: { _ in }, message: "model file not found"),
        BadModel(name: "missing labels", links: ["pictures.onnx"], edit: { _ in }, message: "labels.json not found"),
        BadModel(
            name: "labels of another model", edit: { $0["outputs"] = [["name": "probabilities", "shape": [1, 21]]] },
            message: "labels.json has 1000 labels but the output has 21 classes"),
        BadModel(name: "two stds", edit: { $0["normalization"] = ["scale": 1, "mean": [127, 127, 127], "std": [128, 128]] }, message: "normalization"),
        BadModel(name: "wrong output name", edit: { $0["outputs"] = [["name": "logits", "shape": [1, 1000]]] }, message: "no output 'logits'"),
        BadModel(name: "huge input", edit: { $0["input"] = ["width": 100_000, "height": 224] }, message: "field 'input.width' gives 100000×224"),
        BadModel(name: "not a contract", edit: { $0 = ["hello": "world"] }, message: "not a valid picture describer"),
        BadModel(
            name: "kinds from an output the graph lacks",
            edit: { $0["kinds"] = ["output": "styles", "kinds": ["photo"], "spoken": ["Photo"], "minConfidence": 0.5] },
            message: "kinds.output"),
        BadModel(
            name: "kinds without their spoken names",
            edit: { $0["kinds"] = ["output": "kinds", "kinds": ["photo", "none"], "spoken": ["Photo"], "minConfidence": 0.5] },
            message: "kinds.spoken"),
        BadModel(
            name: "kind bar outside 0...1",
            edit: { $0["kinds"] = ["output": "kinds", "kinds": ["photo"], "spoken": ["Photo"], "minConfidence": 1.5] },
            message: "kinds.minConfidence"),
    ]

    @Test(arguments: badContracts)
    func badContractsAreClearErrors(_ c: BadModel) throws {
        let dir = try scratchModel(c.name, shipped: "pictures", links: c.links ?? ["pictures.onnx", "labels.json"], edit: c.edit)
        #expect { try ONNXPictureDescriber(directory: dir, runtime: ONNXRuntime.load()) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(c.message)
        }
    }
}

@Suite("Clickability model (Models/clickability)")
struct ClickabilityModelTests {
    static let directory = packageRoot.appendingPathComponent("Models/clickability")

    struct Screen: Decodable {
        struct D: Decodable {
            var type: ElementClass
            var box: Rect
        }
        var width: Int
        var height: Int
        var detections: [D]
    }
    struct Expected: Decodable {
        struct Icon: Decodable {
            var index: Int
            var vector: [Double]
            var probability: Double
        }
        var icons: [Icon]
    }

    static func load() throws -> ([Detection], ImageInfo, Expected) {
        let screen = try JSONDecoder().decode(Screen.self, from: Data(contentsOf: fixtures.appendingPathComponent("clickability-screen.json")))
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("clickability-expected.json")))
        let detections = screen.detections.map { Detection(type: $0.type, box: $0.box, confidence: 0.9) }
        return (detections, ImageInfo(width: screen.width, height: screen.height), expected)
    }

    /// Parity: the Swift pipeline's `IconFeatures` → model vector equals what training computed in
    /// Python for the same detections, and the ONNX model gives Python's probabilities.
    @Test func featuresAndProbabilitiesMatchPython() throws {
        let (detections, screen, expected) = try Self.load()
        let model = try ONNXClickabilityModel(directory: Self.directory, runtime: ONNXRuntime.load())
        #expect(expected.icons.count == detections.filter { $0.type == .icon }.count)
        var features: [IconFeatures] = []
        for icon in expected.icons {
            let f = Interactivity.features(of: detections[icon.index], among: detections, screen: screen)
            features.append(f)
            let v = model.vector(for: f)
            #expect(v.count == icon.vector.count)
            for (a, b) in zip(v, icon.vector) { #expect(abs(Double(a) - b) < 1e-5, "icon \(icon.index): \(v) vs \(icon.vector)") }
        }
        let batch = try model.probabilities(of: features)
        for (p, icon) in zip(batch, expected.icons) { #expect(abs(p - icon.probability) < 1e-4, "icon \(icon.index)") }
        #expect(abs(try model.probability(of: features[0]) - expected.icons[0].probability) < 1e-4)
        #expect(try model.probabilities(of: []) == [])
    }

    @Test func thresholdComesFromTheCard() throws {
        let model = try ONNXClickabilityModel(directory: Self.directory, runtime: ONNXRuntime.load())
        let t = try #require(model.threshold)
        #expect(t > 0 && t < 1)
        let recognizer = ONNXContentRecognizer(clickability: model)
        #expect(recognizer.applyingThresholds(to: .default).interactivity.clickThreshold == t)
        #expect(ONNXContentRecognizer().applyingThresholds(to: .default) == .default)
    }

    @Test func emptyRecognizerSaysDontKnow() throws {
        let r = ONNXContentRecognizer()
        let image = RGBAImage(width: 10, height: 10, fill: RGB(r: 0, g: 0, b: 0))
        #expect(try r.describePicture(in: image, box: Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
        #expect(try r.recognizeIcon(in: image, box: Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
        let f = IconFeatures(
            normalizedFrame: Rect(x: 0, y: 0, width: 0.1, height: 0.1), screenWidth: 10, screenHeight: 10,
            meaning: nil, neighboursOnRow: 0, similarIconsOnRow: 0, hasTextOnRow: false)
        #expect(try r.clickProbability(of: f) == nil)
    }

    /// An icon classifier plugged into the composite answers icon meanings.
    @Test func iconClassifierIsConsulted() throws {
        struct Fixed: IconClassifying {
            var name = "fixed"
            var unknownThreshold = 0.3
            func classifyIcon(in image: RGBAImage, box: Rect) throws -> IconRecognition? { IconRecognition(meaning: .back, confidence: 0.8) }
        }
        let r = ONNXContentRecognizer(icons: Fixed())
        let image = RGBAImage(width: 10, height: 10, fill: RGB(r: 0, g: 0, b: 0))
        #expect(try r.recognizeIcon(in: image, box: Rect(x: 0, y: 0, width: 5, height: 5))?.meaning == .back)
        // Its own threshold replaces the pipeline's placeholder bar.
        #expect(r.applyingThresholds(to: .default).content.minIconConfidence == 0.3)
    }

    static let badContracts: [BadModel] = [
        BadModel(name: "other format", edit: { $0["format"] = "screenrecognition-picture-describer" }, message: "unsupported format"),
        BadModel(name: "unknown feature", edit: { $0["features"] = ["x", "y", "colour"] }, message: "feature 'colour'"),
        BadModel(name: "no features", edit: { $0["features"] = [String]() }, message: "no features"),
        BadModel(name: "missing probabilityColumn", edit: { $0["probabilityColumn"] = nil }, message: "field 'probabilityColumn' is missing"),
        BadModel(name: "threshold above 1", edit: { $0["threshold"] = 1.5 }, message: "outside 0...1"),
        BadModel(name: "bad probability column", edit: { $0["probabilityColumn"] = 2 }, message: "probabilityColumn"),
        BadModel(name: "wrong file size", edit: { $0["bytes"] = 5 }, message: "different or damaged"),
        BadModel(name: "wrong input name", edit: { $0["inputs"] = [["name": "x"]] }, message: "no input 'x'"),
        BadModel(name: "missing onnx", links: [], edit: { _ in }, message: "model file not found"),
        BadModel(name: "not a contract", edit: { $0 = ["hello": "world"] }, message: "not a valid clickability model"),
    ]

    @Test(arguments: badContracts)
    func badContractsAreClearErrors(_ c: BadModel) throws {
        let dir = try scratchModel(c.name, shipped: "clickability", links: c.links ?? ["clickability.onnx"], edit: c.edit)
        #expect { try ONNXClickabilityModel(directory: dir, runtime: ONNXRuntime.load()) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(c.message)
        }
    }

    /// A model whose input has another width than the feature list is caught when it runs, as an error.
    @Test func featureCountMismatchIsAnError() throws {
        let dir = try scratchModel("fewer", shipped: "clickability", links: ["clickability.onnx"]) { $0["features"] = ["x", "y"] }
        let model = try ONNXClickabilityModel(directory: dir, runtime: ONNXRuntime.load())
        let f = IconFeatures(
            normalizedFrame: Rect(x: 0, y: 0, width: 0.1, height: 0.1), screenWidth: 10, screenHeight: 10,
            meaning: nil, neighboursOnRow: 0, similarIconsOnRow: 0, hasTextOnRow: false)
        #expect(throws: ScreenRecognitionError.self) { try model.probability(of: f) }
    }
}
