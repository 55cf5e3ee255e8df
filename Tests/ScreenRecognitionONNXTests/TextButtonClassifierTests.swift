import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionONNX

@Suite("Text-button model (Models/textbuttons)")
struct TextButtonClassifierTests {
    static let directory = packageRoot.appendingPathComponent("Models/textbuttons")

    struct Fixtures: Decodable {
        struct CropCase: Decodable {
            var width: Int
            var height: Int
            var rgb: [UInt8]
            var box: [Double]
            var crop: [Float]
        }
        var features: [[Float]]
        var crops: [[[[UInt8]]]]
        var probabilities: [Float]
        var cropCase: CropCase
    }

    static func loadFixtures() throws -> Fixtures {
        try JSONDecoder().decode(Fixtures.self, from: Data(contentsOf: fixtures.appendingPathComponent("textbuttons/fixtures.json")))
    }

    /// The graph gives Python's probabilities for Python's inputs (export.py's fixtures).
    @Test func graphMatchesPython() throws {
        let f = try Self.loadFixtures()
        let model = try ONNXTextButtonClassifier(directory: Self.directory, runtime: ONNXRuntime.load())
        let W = model.extras.crop.width
        let H = model.extras.crop.height
        var values: [Float] = []
        for crop in f.crops {
            for c in 0..<3 { for y in 0..<H { for x in 0..<W { values.append((Float(crop[y][x][c]) / 255 - 0.5) / 0.5) } } }
        }
        let out = try model.session.run(
            [
                "image": Tensor(shape: [f.crops.count, 3, H, W], values: values),
                "features": Tensor(shape: [f.features.count, f.features[0].count], values: f.features.flatMap { $0 }),
            ],
            outputs: ["probabilities"])
        let p = try #require(out["probabilities"]).values
        #expect(p.count == f.probabilities.count)
        for (a, b) in zip(p, f.probabilities) { #expect(abs(a - b) < 1e-4) }
    }

    /// Swift's crop (context, repeated edges, area resize) is Python's `features.crop`.
    @Test func cropMatchesPython() throws {
        let f = try Self.loadFixtures()
        let model = try ONNXTextButtonClassifier(directory: Self.directory, runtime: ONNXRuntime.load())
        let c = f.cropCase
        var rgba: [UInt8] = []
        for i in 0..<(c.width * c.height) { rgba += [c.rgb[i * 3], c.rgb[i * 3 + 1], c.rgb[i * 3 + 2], 255] }
        let image = try #require(RGBAImage(width: c.width, height: c.height, pixels: rgba))
        let got = model.cropPixels(image, box: Rect(x: c.box[0], y: c.box[1], width: c.box[2], height: c.box[3]))
        #expect(got.count == c.crop.count)
        let worst = zip(got, c.crop).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 0.01, "largest difference \(worst)")
    }

    @Test func oneRunForAScreenAndEmptyInput() throws {
        let model = try ONNXTextButtonClassifier(directory: Self.directory, runtime: ONNXRuntime.load())
        let image = try #require(RGBAImage(width: 200, height: 400, pixels: [UInt8](repeating: 255, count: 200 * 400 * 4)))
        let boxes = [Rect(x: 20, y: 40, width: 80, height: 20), Rect(x: 20, y: 300, width: 160, height: 30)]
        let texts = boxes.map { TextButtonFeatures.make(box: $0, texts: boxes, icons: [], screenWidth: 200, screenHeight: 400) }
        let p = try model.probabilities(in: image, texts: texts)
        #expect(p.count == 2 && p.allSatisfy { (0...1).contains($0) })
        #expect(try model.probabilities(in: image, texts: []).isEmpty)
        let bad = TextButtonFeatures(box: Rect(x: 0, y: 0, width: .nan, height: 3), values: texts[0].values)
        #expect { try model.probabilities(in: image, texts: [bad]) } throws: { ($0 as? ScreenRecognitionError)?.kind == .invalidInput }
    }

    static let badContracts: [BadModel] = [
        BadModel(name: "other format", edit: { $0["format"] = "screenrecognition-icon-classifier" }, message: "unsupported format"),
        BadModel(name: "unknown feature", edit: { $0["features"] = ["x", "y", "fontWeight"] }, message: "lists features"),
        BadModel(name: "threshold above 1", edit: { $0["threshold"] = 1.5 }, message: "outside 0...1"),
        BadModel(name: "tiny crop", edit: { $0["crop"] = ["width": 2, "height": 2, "context": 0.5] }, message: "field 'crop.width' gives 2×2"),
        BadModel(name: "crop without context", edit: { $0["crop"] = ["width": 120, "height": 40] }, message: "field 'crop.context' is missing"),
        BadModel(name: "wrong byte count", edit: { $0["bytes"] = 12 }, message: "different or damaged"),
        BadModel(name: "missing file", links: [], edit: { _ in }, message: "not found"),
    ]

    /// A wrong model file or contract is refused at load with a clear message.
    @Test(arguments: badContracts)
    func badContractsAreRefused(_ bad: BadModel) throws {
        let dir = try scratchModel(bad.name, shipped: "textbuttons", links: bad.links ?? ["textbuttons.onnx"], edit: bad.edit)
        #expect {
            _ = try ONNXTextButtonClassifier(directory: dir, runtime: ONNXRuntime.load())
        } throws: { error in
            guard let e = error as? ScreenRecognitionError, e.kind == .model else { return false }
            return e.message.contains(bad.message)
        }
    }
}
