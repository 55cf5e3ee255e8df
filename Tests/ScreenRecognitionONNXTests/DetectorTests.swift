import Foundation
import ScreenRecognition
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognitionONNX

/// A stand-in detector graph with the real contract (training/screenrec_training/export.py):
/// rows [x1, y1, x2, y2, score, classIndex] = R × [1, 1, 1, 1, max(x), 1], so a white screenshot
/// (value 1) yields R's scores and a black one yields none; boxes and classes are constants.
func fakeDetector(
    in dir: URL, inputWidth: Int = 50, inputHeight: Int = 100, placement: String = "top-left (offset 0, 0)",
    thresholds: String? = #"{"rule": "test", "thresholds": {"text": 0.4, "icon": 0.6}}"#
) throws {
    let rows: [Float] = [
        10, 10, 20, 30, 0.9, 9,  // text
        0, 0, 50, 100, 0.7, 4,  // icon, the whole input
        5, 5, 5, 9, 0.3, 2,  // container, empty box
        1, 1, 2, 2, 0.01, 9,  // text under the floor
    ]
    var mask = [Float](repeating: 0, count: 24)
    for r in 0..<4 { mask[r * 6 + 4] = 1 }  // where the score sits
    var keep = [Float](repeating: 1, count: 24)
    for r in 0..<4 { keep[r * 6 + 4] = 0 }
    // rows × (keep + mask × max(x)): scores scale with the image's brightest value, the rest stay.
    let model = ONNXBuilder.model(
        nodes: [
            ONNXBuilder.node("ReduceMax", ["image"], ["m"], intAttributes: ["keepdims": 0]),
            ONNXBuilder.node("Mul", ["M", "m"], ["mm"]),
            ONNXBuilder.node("Add", ["K", "mm"], ["factor"]),
            ONNXBuilder.node("Mul", ["R", "factor"], ["detections"]),
        ],
        initializers: [
            ONNXBuilder.tensor("R", dims: [1, 4, 6], values: rows), ONNXBuilder.tensor("M", dims: [1, 4, 6], values: mask),
            ONNXBuilder.tensor("K", dims: [1, 4, 6], values: keep),
        ],
        inputs: [ONNXBuilder.valueInfo("image", dims: [1, 3, inputHeight, inputWidth])],
        outputs: [ONNXBuilder.valueInfo("detections", dims: [1, 4, 6])])
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try model.write(to: dir.appendingPathComponent("detector.onnx"))
    var contract: [String: Any] = [
        "format": "screenrecognition-detector", "formatVersion": 1, "file": "detector.onnx", "bytes": model.count,
        "classes": ElementClass.allCases.map(\.rawValue),
        "input": [
            "name": "image", "width": inputWidth, "height": inputHeight, "valueRange": [0, 1],
            "letterbox": ["placement": placement, "padValue": [0, 0, 0]],
        ],
        "outputs": [["name": "detections", "shape": [1, 4, 6], "columns": ["x1", "y1", "x2", "y2", "score", "classIndex"]]],
        "decoding": ["topK": 4, "nmsIoU": 0.45],
    ]
    if thresholds != nil { contract["thresholdsFile"] = "thresholds.json" }
    try JSONSerialization.data(withJSONObject: contract).write(to: dir.appendingPathComponent("model.json"))
    if let thresholds { try Data(thresholds.utf8).write(to: dir.appendingPathComponent("thresholds.json")) }
}

func scratchDirectory(_ name: String) -> URL {
    ScratchDirectory.root.appendingPathComponent("screenrec-detector-tests-\(name)")
}

@Suite("ONNX element detector")
struct DetectorTests {
    @Test func mapsBoxesBackThroughTheLetterbox() throws {
        let dir = scratchDirectory("map")
        try fakeDetector(in: dir)
        let detector = try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load())
        #expect(detector.thresholds == [.text: 0.4, .icon: 0.6])
        // 100×200 white image → scale 0.5 into 50×100.
        let found = try detector.detect(in: RGBAImage(width: 100, height: 200, fill: RGB(r: 255, g: 255, b: 255)))
        #expect(found.count == 2, "the empty box and the score under the floor are dropped: \(found)")
        #expect(found[0].type == .text && found[0].box == Rect(x: 20, y: 20, width: 20, height: 40))
        #expect(abs(found[0].confidence - 0.9) < 1e-6)
        #expect(found[1].type == .icon && found[1].box == Rect(x: 0, y: 0, width: 100, height: 200))
        // A black screenshot normalises to 0: every score is 0.
        #expect(try detector.detect(in: RGBAImage(width: 100, height: 200, fill: RGB(r: 0, g: 0, b: 0))).isEmpty)
    }

    /// The candidate floor is fixed at init; a detector with another one shares the session.
    @Test func candidateFloorIsAnInitValue() throws {
        let dir = scratchDirectory("floor")
        try fakeDetector(in: dir)
        let white = RGBAImage(width: 100, height: 200, fill: RGB(r: 255, g: 255, b: 255))
        let detector = try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load())
        #expect(detector.candidateFloor == ONNXElementDetector.defaultCandidateFloor)
        let low = detector.withCandidateFloor(0.001)
        #expect(low.session === detector.session && low.candidateFloor == 0.001)
        #expect(try low.detect(in: white).count == 3, "the 0.01 text is kept")
        #expect(try detector.detect(in: white).count == 2, "the original keeps its floor")
        let atInit = try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load(), candidateFloor: 0.001)
        #expect(try atInit.detect(in: white) == low.detect(in: white))
        #expect(throws: ScreenRecognitionError.self) { try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load(), candidateFloor: .nan) }
    }

    @Test(arguments: [
        (1170, 2532, 320, 640, false, 0.25276, 0.0, 0.0),
        (2532, 1170, 320, 640, false, 0.12638, 0.0, 0.0),
        (2532, 1170, 320, 640, true, 0.12638, 0.0, 246.0),
        (100, 100, 320, 640, true, 3.2, 0.0, 160.0),
    ])
    func letterboxGeometry(w: Int, h: Int, iw: Int, ih: Int, centered: Bool, scale: Double, ox: Double, oy: Double) {
        let lb = ONNXElementDetector.letterbox(imageWidth: w, imageHeight: h, inputWidth: iw, inputHeight: ih, centered: centered)
        #expect(abs(lb.scale - scale) < 1e-4)
        #expect(lb.offsetX == ox && lb.offsetY == oy)
        #expect(lb.width <= iw && lb.height <= ih)
        let back = lb.unmap(Rect(x: ox, y: oy, width: Double(lb.width), height: Double(lb.height)))
        #expect(abs(back.width - Double(w)) < 2 && abs(back.height - Double(h)) < 2)
    }

    @Test func areaResizeAveragesBlocks() throws {
        // 4×2: left half black, right half white → 2×1: [0, 255].
        var px = [UInt8](repeating: 255, count: 4 * 2 * 4)
        for y in 0..<2 { for x in 0..<2 { for c in 0..<3 { px[(y * 4 + x) * 4 + c] = 0 } } }
        let img = try #require(RGBAImage(width: 4, height: 2, pixels: px))
        #expect(ONNXElementDetector.areaResize(img, width: 2, height: 1) == [0, 0, 0, 255, 255, 255])
        #expect(ONNXElementDetector.areaResize(img, width: 1, height: 1) == [127.5, 127.5, 127.5])
        #expect(ONNXElementDetector.areaResize(img, width: 8, height: 4).count == 8 * 4 * 3)
    }

    @Test func inputIsPaddedWithThePadValue() throws {
        let dir = scratchDirectory("pad")
        try fakeDetector(in: dir, placement: "center")
        let detector = try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load())
        // A 100×100 white square into 50×100, centred: rows 25..<75 are 1, the rest 0.
        let (t, lb) = detector.inputTensor(for: RGBAImage(width: 100, height: 100, fill: RGB(r: 255, g: 255, b: 255)))
        #expect(t.shape == [1, 3, 100, 50])
        #expect(lb.offsetY == 25)
        #expect(t.values[0] == 0 && t.values[25 * 50] == 1 && t.values[74 * 50 + 49] == 1 && t.values[75 * 50] == 0)
    }

    struct BadContract: CustomTestStringConvertible, Sendable {
        var name: String
        var edit: @Sendable (inout [String: Any]) -> Void
        var message: String
        var testDescription: String { name }
    }

    static let badContracts: [BadContract] = [
        BadContract(name: "unknown class", edit: { $0["classes"] = ["text", "widget"] }, message: "unknown class 'widget'"),
        BadContract(
            name: "missing output", edit: { $0["outputs"] = [["name": "bbox", "columns": ["x1", "y1", "x2", "y2", "score", "classIndex"]]] },
            message: "no output 'bbox'"),
        BadContract(
            name: "columns missing", edit: { $0["outputs"] = [["name": "detections", "columns": ["x1", "y1", "x2", "y2", "score"]]] },
            message: "no output with columns"),
        BadContract(name: "other format", edit: { $0["format"] = "yolo" }, message: "unsupported format"),
        BadContract(name: "wrong file size", edit: { $0["bytes"] = 12 }, message: "different or damaged"),
        BadContract(name: "zero input", edit: { $0["input"] = ["name": "image", "width": 0, "height": 100] }, message: "not usable"),
        BadContract(name: "wrong input name", edit: { $0["input"] = ["name": "x", "width": 50, "height": 100] }, message: "no input 'x'"),
        BadContract(name: "not a contract", edit: { $0 = ["hello": "world"] }, message: "not a valid detector contract"),
    ]

    @Test(arguments: badContracts)
    func badContractsAreClearErrors(_ c: BadContract) throws {
        let dir = scratchDirectory("bad-\(c.name.filter(\.isLetter))")
        try fakeDetector(in: dir)
        let url = dir.appendingPathComponent("model.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        c.edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        #expect { try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load()) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(c.message)
        }
    }

    @Test func badThresholdsFile() throws {
        let dir = scratchDirectory("thr")
        try fakeDetector(in: dir, thresholds: #"{"thresholds": {"text": 2}}"#)
        #expect { try ONNXElementDetector(directory: dir, runtime: ONNXRuntime.load()) } throws: {
            ($0 as? ScreenRecognitionError)?.message.contains("outside 0...1") == true
        }
    }

    @Test func noDetectorInstalled() throws {
        #expect { try ONNXElementDetector(directory: scratchDirectory("none"), runtime: ONNXRuntime.load()) } throws: {
            ($0 as? ScreenRecognitionError)?.message.contains("no detector installed") == true
        }
    }
}
