import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

@testable import ScreenRecognitionONNX

/// The shipped detector (Models/detector) on the bundled example screens, whose boxes are measured
/// from the drawing (Examples/*.detections.json): pre-processing (letterbox, area resize), the
/// graph, decoding and the per-class thresholds together must find most of what is there.
@Suite("Shipped detector on the bundled screenshots")
struct ShippedDetectorTests {
    static let directory = packageRoot.appendingPathComponent("Models/detector")

    struct Truth: Decodable {
        struct D: Decodable {
            var type: ElementClass
            var box: Rect
        }
        var detections: [D]
    }

    /// Recall at IoU ≥ 0.5 with toggle/checkbox states merged, and the lowest value allowed: the
    /// value measured with the shipped model (Models/detector/MODEL_CARD.md) less a margin of 0.1.
    @Test(arguments: [("clock", 0.6), ("settings", 0.6), ("columns", 0.4)])
    func findsWhatTheExampleShows(name: String, minimumRecall: Double) throws {
        let detector = try ONNXElementDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        let image = try loadImage(at: packageRoot.appendingPathComponent("Examples/\(name).png").path, maxPixels: 50_000_000)
        var settings = PostProcessingSettings()
        for (c, t) in detector.thresholds { settings.confidenceThresholds[c] = t }
        let found = PostProcessing.run(try detector.detect(in: image), settings: settings)
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(name).detections.json")))
        let hits = truth.detections.filter { g in
            found.contains { $0.type.stateMerged == g.type.stateMerged && $0.box.iou(g.box) >= 0.5 }
        }
        let recall = Double(hits.count) / Double(truth.detections.count)
        #expect(recall >= minimumRecall, "recall \(recall) on \(name): found \(found.count) boxes")
        for d in found {
            #expect(d.box.minX >= 0 && d.box.minY >= 0 && d.box.maxX <= Double(image.width) && d.box.maxY <= Double(image.height))
            #expect((0...1).contains(d.confidence))
        }
    }

    @Test func contractMatchesTheGraph() throws {
        let detector = try ONNXElementDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        #expect(detector.contract.labels == ElementClass.allCases.map(\.rawValue))
        #expect(Set(detector.thresholds.keys) == Set(ElementClass.allCases))
        let size = try FileManager.default.attributesOfItem(atPath: Self.directory.appendingPathComponent(detector.contract.file).path)[.size] as? Int
        #expect((size ?? .max) <= 20 * 1024 * 1024, "model ≤ 20 MB (the detector's size budget)")
    }
}
