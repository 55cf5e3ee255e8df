import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

@testable import ScreenRecognitionONNX

/// A scratch folder holding the three stages' folders (``scratchModel(_:shipped:links:at:edit:)``
/// each: the contract, the `stage`'s one edited by `edit`, and a link to the shipped ONNX file).
func scratchFaces(_ name: String, stage: String, edit: (inout [String: Any]) -> Void) throws -> URL {
    let dir = scratchDirectory("faces-\(name.filter(\.isLetter))")
    try? FileManager.default.removeItem(at: dir)
    for (s, _) in ONNXFaceDetector.stages {
        _ = try scratchModel(name, shipped: "faces/\(s)", links: ["mtcnn-\(s).onnx"], at: ONNXFaceDetector.stageDirectory(dir, s)) {
            if s == stage { edit(&$0) }
        }
    }
    return dir
}

/// Candidates by their corners, as the tests write them.
extension ONNXFaceDetector.Candidate {
    init(x1: Double, y1: Double, x2: Double, y2: Double, score: Double) {
        self.init(box: Rect(minX: x1, minY: y1, maxX: x2, maxY: y2), score: score)
    }
    var corners: [Double] { [box.minX, box.minY, box.maxX, box.maxY] }
}

@Suite("Face detector (Models/faces)")
struct FaceDetectorTests {
    static let directory = packageRoot.appendingPathComponent("Models/faces")

    struct Expected: Decodable {
        struct Case: Decodable {
            var image: String
            var minFace: Double?
            var faces: [[Double]]?
            var picture: Bool?
            var label: String?
        }
        var cases: [Case]
    }

    static func expected() throws -> [Expected.Case] {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("faces-expected.json"))).cases
    }

    static func load(_ image: String) throws -> RGBAImage {
        try loadImage(at: fixtures.appendingPathComponent(image).path, maxPixels: 1_000_000)
    }

    /// The same faces as the Python cascade (`faces.py fixtures`) on the same files: boxes within
    /// 1.5 px, probabilities within 0.02 (the two resize in float32 and float64).
    @Test(arguments: ["astronaut.jpg", "camera.jpg", "cat.jpg"])
    func matchesPython(image: String) throws {
        let detector = try ONNXFaceDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        let pixels = try Self.load(image)
        for want in try Self.expected() where want.image == image {
            if want.picture == true {
                let got = ONNXFaceDetector.description(try detector.faces(inPicture: pixels, box: Rect(x: 0, y: 0, width: 200, height: 200)))
                #expect(got?.label == want.label)
                continue
            }
            let faces = try detector.detect(in: pixels, box: nil, minFace: try #require(want.minFace))
            let wantFaces = try #require(want.faces)
            try #require(faces.count == wantFaces.count, "\(faces) vs Python \(wantFaces)")
            for (f, w) in zip(faces, wantFaces) {
                let got = [f.box.minX, f.box.minY, f.box.maxX, f.box.maxY]
                #expect(zip(got, w.prefix(4)).allSatisfy { abs($0 - $1) <= 1.5 }, "\(got) vs Python \(w)")
                #expect(abs(f.score - w[4]) <= 0.02)
            }
        }
    }

    @Test func findsTheFaceInAPictureOnAScreen() throws {
        // The astronaut pasted into a white 400×600 "screen" at (50, 120): the face found from the
        // picture's box is the one found in the photo alone, moved by (50, 120).
        let photo = try Self.load("astronaut.jpg")
        let screen = try whiteScreen(with: photo)
        let detector = try ONNXFaceDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        let alone = try detector.faces(inPicture: photo, box: Rect(x: 0, y: 0, width: 200, height: 200))
        let onScreen = try detector.faces(inPicture: screen, box: Rect(x: 50, y: 120, width: 200, height: 200))
        try #require(alone.count == 1 && onScreen.count == 1)
        #expect(abs(onScreen[0].box.minX - alone[0].box.minX - 50) < 0.01)
        #expect(abs(onScreen[0].box.minY - alone[0].box.minY - 120) < 0.01)
        // A blank part of the screen has no face; a box off the screen is an input error.
        #expect(try detector.faces(inPicture: screen, box: Rect(x: 260, y: 0, width: 140, height: 110)).isEmpty)
        #expect { try detector.faces(inPicture: screen, box: Rect(x: 500, y: 700, width: 20, height: 20)) } throws: {
            ($0 as? ScreenRecognitionError)?.kind == .invalidInput
        }
        // Smaller than one proposal window: nothing to look at.
        #expect(try detector.detect(in: screen, box: Rect(x: 50, y: 120, width: 11, height: 40), minFace: 12).isEmpty)
    }

    @Test func picturesWithFacesAreDescribedByThemElseByTheDescriber() throws {
        let runtime = try ONNXRuntime.load()
        let recognizer = ONNXContentRecognizer(
            pictures: try ONNXPictureDescriber(directory: PictureDescriberTests.directory, runtime: runtime),
            faces: try ONNXFaceDetector(directory: Self.directory, runtime: runtime))
        let astronaut = try Self.load("astronaut.jpg")
        let cat = try Self.load("cat.jpg")
        #expect(try recognizer.describePicture(in: astronaut, box: Rect(x: 0, y: 0, width: 200, height: 200))?.label == "Person")
        #expect(try recognizer.describePicture(in: cat, box: Rect(x: 0, y: 0, width: 200, height: 133))?.label == "Cat")
    }

    @Test(
        "What a picture with faces is called",
        arguments: [(0, nil), (1, "Person"), (2, "Two people"), (3, "Group of people"), (7, "Group of people")] as [(Int, String?)])
    func description(count: Int, label: String?) {
        let faces = (0..<count).map { ONNXFaceDetector.Face(box: Rect(x: Double($0) * 30, y: 0, width: 20, height: 20), score: 0.8 + 0.01 * Double($0)) }
        let d = ONNXFaceDetector.description(faces)
        #expect(d?.label == label)
        if count > 0 { #expect(d?.confidence == faces.map(\.score).max()) }
        if let label { #expect(PictureDescription.saysOnlyPeople(label)) }
    }

    @Test(
        "Non-maximum suppression keeps the stronger of two overlapping boxes",
        arguments: [
            // (second box's x, over the smaller box, kept)
            (5.0, false, [1]),  // IoU 0.6 > 0.5: the weaker (first) goes
            (10.0, false, [1, 0]),  // IoU 1/3 ≤ 0.5: both stay, the stronger first
            (2.0, true, [1]),  // inside the other: over the smaller box 1.0 > 0.5
        ] as [(Double, Bool, [Int])])
    func nms(x: Double, overSmaller: Bool, kept: [Int]) {
        typealias C = ONNXFaceDetector.Candidate
        let second =
            overSmaller ? C(x1: x, y1: x, x2: x + 10, y2: x + 10, score: 0.9) : C(x1: x, y1: 0, x2: x + 20, y2: 20, score: 0.9)
        let boxes = [C(x1: 0, y1: 0, x2: 20, y2: 20, score: 0.7), second]
        #expect(ONNXFaceDetector.nms(boxes, 0.5, overSmaller: overSmaller) == kept)
        // Overlap measured by IoU, the small box inside the large one is only a quarter of the union.
        if overSmaller { #expect(ONNXFaceDetector.nms(boxes, 0.5) == [1, 0]) }
    }

    @Test func calibrationAndSquaring() {
        var b = ONNXFaceDetector.Candidate(x1: 10, y1: 20, x2: 30, y2: 60, score: 1)
        b.reg = (0.1, -0.05, -0.1, 0.05)
        let c = ONNXFaceDetector.calibrate(b)
        #expect(c.corners == [12, 18, 28, 62])
        let s = ONNXFaceDetector.square(c)
        #expect(s.corners == [-2, 18, 42, 62])
    }

    @Test func cropsOfBoxesOutsideThePictureAreBlackAndUnusableBoxesAreDropped() throws {
        let detector = try ONNXFaceDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        let region = try #require(RGBAImage(width: 20, height: 20, pixels: [UInt8](repeating: 255, count: 20 * 20 * 4)))
        typealias C = ONNXFaceDetector.Candidate
        let t = detector.crops(region, [C(x1: 30, y1: 30, x2: 40, y2: 40, score: 1), C(x1: -10, y1: 25, x2: 5, y2: 40, score: 1)], size: 24)
        #expect(t.shape == [2, 3, 24, 24])
        #expect(t.values.allSatisfy { abs($0 - (-127.5 / 128)) < 1e-6 })
        #expect(!C(x1: .nan, y1: 0, x2: 10, y2: 10, score: 1).isUsable)
        #expect(!C(x1: 0, y1: 0, x2: 1e9, y2: 10, score: 1).isUsable)
        #expect(!C(x1: 5, y1: 0, x2: 5, y2: 10, score: 1).isUsable)
        #expect(C(x1: -5, y1: -5, x2: 10, y2: 10, score: 1).isUsable)
    }

    @Test func pyramid() throws {
        let detector = try ONNXFaceDetector(directory: Self.directory, runtime: ONNXRuntime.load())
        // 100 × 80 looking for faces of 20 px: the window spans 20 px at 0.6, then × 0.709 while 80 × s ≥ 12.
        let s = detector.scales(width: 100, height: 80, minFace: 20)
        #expect(s.count == 5)
        #expect(abs(s[0] - 0.6) < 1e-12 && abs(s[1] - 0.6 * 0.709) < 1e-12)
        #expect(80 * s.last! >= 12 && 80 * s.last! * 0.709 < 12)
        #expect(detector.thresholds == [0.6, 0.7, 0.7])
    }

    static let badContracts: [(stage: String, BadModel)] = [
        ("rnet", BadModel(name: "stage swapped", edit: { $0["stage"] = "onet" }, message: "field 'stage' is 'onet', expected 'rnet'")),
        ("onet", BadModel(name: "wrong window", edit: { $0["window"] = 24 }, message: "field 'window' is 24, expected 48")),
        ("pnet", BadModel(name: "no cascade", edit: { $0["cascade"] = nil }, message: "field 'cascade' is missing")),
        (
            "pnet",
            BadModel(
                name: "flat pyramid",
                edit: {
                    var c = $0["cascade"] as! [String: Any]
                    c["pyramidFactor"] = 1.0
                    $0["cascade"] = c
                }, message: "cascade.pyramidFactor")
        ),
        ("rnet", BadModel(name: "no threshold", edit: { $0["threshold"] = nil }, message: "field 'threshold' is missing")),
        ("onet", BadModel(name: "other format", edit: { $0["format"] = "screenrecognition-detector" }, message: "unsupported format")),
        ("pnet", BadModel(name: "wrong size", edit: { $0["bytes"] = 12 }, message: "different or damaged")),
        ("rnet", BadModel(name: "wrong output", edit: { $0["outputs"] = [["name": "scores"], ["name": "regression"]] }, message: "no output 'scores'")),
        ("onet", BadModel(name: "not a contract", edit: { $0 = ["hello": "world"] }, message: "not a valid face detector")),
    ]

    @Test(arguments: badContracts.indices)
    func badContractsAreClearErrors(_ i: Int) throws {
        let (stage, c) = Self.badContracts[i]
        let dir = try scratchFaces(c.name, stage: stage, edit: c.edit)
        #expect { try ONNXFaceDetector(directory: dir, runtime: ONNXRuntime.load()) } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .model && e.message.contains(c.message) && e.message.contains("\(stage)/model.json")
        }
    }
}
