import Foundation
import ScreenRecognition
import ScreenRecognitionMetrics
import Testing

// Expected values below are computed by hand in the comments next to them.

private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
private func det(_ type: ElementClass, _ r: Rect, _ confidence: Double) -> Detection {
    Detection(type: type, box: r, confidence: confidence)
}
private func gt(_ type: ElementClass, _ r: Rect) -> GroundTruthBox { GroundTruthBox(type: type, box: r) }
private func point(_ recall: Double, _ precision: Double) -> PRPoint {
    PRPoint(threshold: 0, precision: precision, recall: recall, truePositives: 0, falsePositives: 0)
}
private func approx(_ a: Double?, _ b: Double?, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): abs(a - b) <= tolerance
    default: false
    }
}

private func fixtureData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// Two icons g1 = [0,0,10,10], g2 = [20,0,10,10]; d1 (0.9) on g1, d2 (0.8) a near-duplicate of d1
/// (IoU 0.82 with g1, which d1 already took), d3 (0.7) on g2.
/// PR points: 0.9 → (r 0.5, p 1), 0.8 → (r 0.5, p 0.5), 0.7 → (r 1, p 2/3).
/// AP = 0.5 · 1 + 0 · 1 + 0.5 · 2/3 = 5/6.
private let duplicateCaseTruth = [gt(.icon, box(0, 0, 10, 10)), gt(.icon, box(20, 0, 10, 10))]
private let duplicateCaseDetections = [
    det(.icon, box(0, 0, 10, 10), 0.9), det(.icon, box(1, 0, 10, 10), 0.8), det(.icon, box(20, 0, 10, 10), 0.7),
]

struct MetricsTests {
    // MARK: Average precision (§4.3)

    @Test func duplicateDetectionIsAFalsePositive() {
        let matches = DetectionMetrics.greedyMatch(
            detections: duplicateCaseDetections, groundTruth: duplicateCaseTruth.map(\.box), criterion: .iou(0.5))
        #expect(matches == [0, nil, 1])
    }

    @Test(arguments: [false, true])
    func handComputedAP(reversedInput: Bool) throws {
        let detections = reversedInput ? Array(duplicateCaseDetections.reversed()) : duplicateCaseDetections
        let result = DetectionMetrics.evaluate([EvaluationImage(name: "a", groundTruth: duplicateCaseTruth, detections: detections)])
        let icon = try #require(result.result(for: .icon))
        #expect(approx(icon.ap, 5.0 / 6))
        #expect(approx(icon.apCenter, 5.0 / 6))
        #expect(icon.groundTruthCount == 2 && icon.detectionCount == 3)
        #expect(icon.curve.map(\.threshold) == [0.9, 0.8, 0.7])
        #expect(icon.curve.map(\.truePositives) == [1, 1, 2])
        #expect(icon.curve.map(\.falsePositives) == [0, 1, 1])
        #expect(zip(icon.curve.map(\.precision), [1, 0.5, 2.0 / 3]).allSatisfy { approx($0, $1) })
        #expect(icon.curve.map(\.recall) == [0.5, 0.5, 1])
        #expect(approx(result.meanAP, 5.0 / 6))
    }

    struct APCase: Sendable, CustomTestStringConvertible {
        var curve: [PRPoint]
        var expected: Double
        var testDescription: String { "\(curve.map { "(r \($0.recall), p \($0.precision))" }) → \(expected)" }
    }

    @Test(arguments: [
        APCase(curve: [], expected: 0),
        APCase(curve: [point(1, 1)], expected: 1),
        // 0.5 · 1 + 0.5 · 0.5
        APCase(curve: [point(0.5, 1), point(1, 0.5)], expected: 0.75),
        // the envelope lifts the first point to 1: 0.25 · 1 + 0.25 · 1
        APCase(curve: [point(0.25, 0.5), point(0.5, 1)], expected: 0.5),
        APCase(curve: [point(0.5, 1), point(0.5, 0.5), point(1, 2.0 / 3)], expected: 5.0 / 6),
        // recall never reaches 1: 0.5 · 1
        APCase(curve: [point(0.5, 1), point(0.5, 0.25)], expected: 0.5),
    ])
    func allPointInterpolatedAP(_ c: APCase) {
        #expect(approx(DetectionMetrics.averagePrecision(c.curve), c.expected))
    }

    @Test func centreMatchThatFailsIoU() throws {
        // IoU = 400 / 10000 = 0.04, but the centre (50, 50) lies in the ground truth.
        let image = EvaluationImage(
            name: "a", groundTruth: [gt(.text, box(0, 0, 100, 100))],
            detections: [det(.text, box(40, 40, 20, 20), 0.9)])
        let text = try #require(DetectionMetrics.evaluate([image]).result(for: .text))
        #expect(text.ap == 0)
        #expect(text.apCenter == 1)
    }

    @Test(arguments: [false, true])
    func tiedConfidencesDoNotDependOnOrder(reversedInput: Bool) throws {
        // One TP and one FP at the same confidence: a single point (r 1, p 0.5) → AP 0.5.
        var detections = [det(.text, box(0, 0, 10, 10), 0.5), det(.text, box(50, 50, 10, 10), 0.5)]
        if reversedInput { detections.reverse() }
        let image = EvaluationImage(name: "a", groundTruth: [gt(.text, box(0, 0, 10, 10))], detections: detections)
        let text = try #require(DetectionMetrics.evaluate([image]).result(for: .text))
        #expect(text.curve.count == 1)
        #expect(text.ap == 0.5)
    }

    @Test func meanAndWeightedMean() throws {
        // icon: 1 GT found → AP 1. text: 2 GT, one found first → single point (r 0.5, p 1) → AP 0.5.
        // picture: a detection without ground truth → no AP, not in the means.
        // mean = (1 + 0.5) / 2 = 0.75; weighted = (1 · 1 + 0.5 · 2) / 3 = 2/3.
        let image = EvaluationImage(
            name: "a",
            groundTruth: [gt(.icon, box(0, 0, 10, 10)), gt(.text, box(0, 20, 50, 10)), gt(.text, box(0, 40, 50, 10))],
            detections: [
                det(.icon, box(0, 0, 10, 10), 0.9), det(.text, box(0, 20, 50, 10), 0.8),
                det(.picture, box(200, 200, 30, 30), 0.7),
            ])
        let result = DetectionMetrics.evaluate([image])
        #expect(result.classes.map(\.type) == [.icon, .picture, .text])
        #expect(approx(result.meanAP, 0.75))
        #expect(approx(result.weightedMeanAP, 2.0 / 3))
        #expect(approx(result.weightedMeanAPCenter, 2.0 / 3))
        let picture = try #require(result.result(for: .picture))
        #expect(picture.ap == nil && picture.groundTruthCount == 0 && picture.detectionCount == 1)
        #expect(result.groundTruthCount == 3 && result.detectionCount == 3 && result.imageCount == 1)
    }

    @Test(arguments: [(false, 0.0), (true, 1.0)])
    func mergeStates(merge: Bool, expectedAP: Double) throws {
        let image = EvaluationImage(
            name: "a", groundTruth: [gt(.toggleUnselected, box(0, 0, 40, 20))],
            detections: [det(.toggleSelected, box(0, 0, 40, 20), 0.9)])
        let result = DetectionMetrics.evaluate([image], options: DetectionEvaluationOptions(mergeStates: merge))
        let toggle = try #require(result.result(for: .toggleUnselected))
        #expect(toggle.ap == expectedAP)
        #expect(toggle.name == (merge ? "Toggle" : "Toggle (Unselected)"))
        #expect(result.confusion.rows.contains("toggleSelected") == !merge)
    }

    @Test func confusionMatrix() {
        // icon detected as picture; text missed; a stray icon detection is background; a checkbox
        // found twice: the better-overlapping detection is paired, the other is background.
        let image = EvaluationImage(
            name: "a",
            groundTruth: [gt(.icon, box(0, 0, 10, 10)), gt(.text, box(50, 50, 20, 10)), gt(.checkboxUnselected, box(0, 100, 20, 20))],
            detections: [
                det(.picture, box(0, 0, 10, 10), 0.9), det(.icon, box(200, 200, 10, 10), 0.8),
                det(.checkboxUnselected, box(1, 100, 20, 20), 0.6), det(.icon, box(0, 100, 20, 20), 0.3),
            ])
        let m = DetectionMetrics.evaluate([image]).confusion
        #expect(m.count(truth: .icon, predicted: .picture) == 1)
        #expect(m.count(truth: .icon, predicted: .icon) == 0)
        #expect(m.count(truth: .text, predicted: nil) == 1)
        #expect(m.count(truth: .checkboxUnselected, predicted: .icon) == 1)
        #expect(m.count(truth: nil, predicted: .icon) == 1)
        #expect(m.count(truth: nil, predicted: .checkboxUnselected) == 1)
        #expect(m.counts.joined().reduce(0, +) == 5)
        #expect(m.rows.last == ConfusionMatrix.background && m.columns.last == ConfusionMatrix.missed)

        let filtered = DetectionMetrics.evaluate([image], options: DetectionEvaluationOptions(confusionMinimumConfidence: 0.5)).confusion
        #expect(filtered.count(truth: .checkboxUnselected, predicted: .checkboxUnselected) == 1)
        #expect(filtered.count(truth: nil, predicted: .icon) == 1)
    }

    @Test func tableText() {
        let result = DetectionMetrics.evaluate([EvaluationImage(name: "a", groundTruth: duplicateCaseTruth, detections: duplicateCaseDetections)])
        let table = result.tableText()
        #expect(table.contains("AP (>0.5 IoU)"))
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("Icon") && $0.contains("83.3%") })
        #expect(table.contains("Weighted Mean"))
        #expect(result.confusionText().contains("missed"))
    }

    // MARK: COCO ground truth and label maps

    @Test func loadsCocoFixture() throws {
        let dataset = try CocoDataset(jsonData: fixtureData("coco-tiny.json"))
        #expect(dataset.images.count == 2 && dataset.annotations.count == 5 && dataset.categories.count == 4)
        #expect(dataset.annotations[4].bbox == box(10.5, 100, 200, 20))
        let map = try LabelMap.detect(categoryNames: dataset.categories.map(\.name))
        #expect(map.name == "ui-real")
        let truth = dataset.groundTruth(labelMap: map)
        #expect(truth.byImageID[1]?.map(\.type) == [.text, .icon])
        #expect(truth.byImageID[2]?.map(\.type) == [.toggleUnselected, .text])
        #expect(truth.ignored == ["Toolbar": 1])
    }

    struct MalformedCase: Sendable, CustomTestStringConvertible {
        var json: String
        var message: String
        var testDescription: String { message }
    }

    private static let image1 = #"{"id": 1, "file_name": "a.png", "width": 360, "height": 640}"#
    private static let category1 = #"{"id": 1, "name": "Text"}"#
    private static func doc(images: String = image1, annotations: String, categories: String = category1) -> String {
        #"{"images": [\#(images)], "annotations": [\#(annotations)], "categories": [\#(categories)]}"#
    }

    @Test(arguments: [
        MalformedCase(json: #"{"images": [], "annotations": []}"#, message: "missing key 'categories'"),
        MalformedCase(
            json: #"{"images": [{"id": 1, "width": 3, "height": 3}], "annotations": [], "categories": []}"#,
            message: "images[0]: missing key 'file_name'"),
        MalformedCase(
            json: doc(annotations: #"{"image_id": 1, "category_id": 1, "bbox": [1, 2, 3]}"#),
            message: "annotations[0].bbox: a box has exactly 4 numbers"),
        MalformedCase(
            json: doc(annotations: #"{"image_id": 1, "category_id": 1, "bbox": [1, 2, -3, 4]}"#),
            message: "negative size"),
        MalformedCase(
            json: doc(annotations: #"{"image_id": 1, "category_id": 1, "bbox": "0 0 1 1"}"#),
            message: "annotations[0].bbox"),
        MalformedCase(
            json: doc(annotations: #"{"id": 7, "image_id": 9, "category_id": 1, "bbox": [0, 0, 1, 1]}"#),
            message: "annotations[0] (id 7): unknown image_id 9"),
        MalformedCase(
            json: doc(annotations: #"{"image_id": 1, "category_id": 5, "bbox": [0, 0, 1, 1]}"#),
            message: "unknown category_id 5"),
        MalformedCase(json: doc(images: image1 + "," + image1, annotations: ""), message: "images[1]: duplicate image id 1"),
        MalformedCase(
            json: doc(images: #"{"id": 1, "file_name": "a.png", "width": 0, "height": 640}"#, annotations: ""),
            message: "not positive"),
        MalformedCase(json: doc(annotations: "", categories: category1 + "," + category1), message: "duplicate category id 1"),
        MalformedCase(json: #"{"images": ["#, message: "COCO data set"),
    ])
    func malformedCoco(_ c: MalformedCase) {
        #expect {
            _ = try CocoDataset(jsonData: Data(c.json.utf8))
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .invalidInput && e.message.contains(c.message) && !e.message.contains("\n")
        }
    }

    @Test(
        arguments: [
            ("Checkbox (Selected)", "screen-recognition", ElementClass.checkboxSelected),
            ("textfield", "screen-recognition", .textField),
            ("TEXT FIELD", "screen-recognition", .textField),
            ("toggleSelected", "screen-recognition", .toggleSelected),
            ("Button", "screen-recognition", nil),
            ("Switch", "ui-real", .toggleUnselected),
            ("CheckedTextView", "ui-real", .checkboxUnselected),
            ("imagebutton", "ui-real", .icon),
            ("BackgroundImage", "ui-real", .picture),
            ("TextButton", "ui-real", .text),
            ("Card", "ui-real", .container),
            ("Toolbar", "ui-real", nil),
            ("Multi_Tab", "ui-real", nil),
        ] as [(String, String, ElementClass?)])
    func labelMaps(category: String, map: String, expected: ElementClass?) throws {
        let labelMap = try #require(LabelMap.builtIn(named: map))
        #expect(labelMap.elementClass(forCategory: category) == expected)
    }

    @Test(
        arguments: [
            (["text", "icon", "Toggle (Selected)"], "screen-recognition"),
            (["Text", "Icon"], "screen-recognition"),
            (["Text", "Icon", "Switch", "Toolbar"], "ui-real"),
            (["Foo", "Bar"], nil),
        ] as [([String], String?)])
    func labelMapDetection(names: [String], expected: String?) {
        if let expected {
            #expect((try? LabelMap.detect(categoryNames: names))?.name == expected)
        } else {
            #expect(throws: ScreenRecognitionError.self) { try LabelMap.detect(categoryNames: names) }
        }
    }

    // MARK: Detections files

    @Test func jsonLinesMatchByFileName() throws {
        let dataset = try CocoDataset(jsonData: fixtureData("coco-tiny.json"))
        let lines = """
            {"image": "screenshots/run/a.png", "width": 360, "height": 640, "detections": [{"type": "text", "box": [10, 10, 100, 20], "confidence": 0.9}]}

            {"image": "other.png", "width": 360, "height": 640, "detections": []}
            {"image": "b.png", "detections": []}
            """
        let loaded = try DetectionsFile.parse(Data(lines.utf8), dataset: dataset, labelMap: .uiReal)
        #expect(loaded.format == .jsonLines)
        #expect(loaded.byImageID[1]?.count == 1)
        #expect(loaded.byImageID[2] == [])
        #expect(loaded.unknownImages == ["other.png"])
    }

    @Test(arguments: [
        ("{\"image\": \"a.png\", \"detections\": []}\n{\"image\": \"x/a.png\", \"detections\": []}", "line 2: image 'a.png' already has detections on line 1"),
        (#"{"image": "a.png", "width": 720, "height": 1280, "detections": []}"#, "is 720x1280 in the detections but 360x640 in the data set"),
        (#"{"image": "a.png", "detections": [{"type": "button", "box": [0, 0, 1, 1]}]}"#, "line 1: detections[0].type: unknown type 'button'"),
        (#"{"detections": []}"#, "line 1: missing key 'image'"),
        (#"[{"image_id": 3, "category_id": 1, "bbox": [0, 0, 1, 1], "score": 0.5}]"#, "detections[0]: unknown image_id 3"),
        (#"[{"image_id": 1, "category_id": 9, "bbox": [0, 0, 1, 1], "score": 0.5}]"#, "unknown category_id 9"),
        (#"[{"image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1], "score": 1.5}]"#, "score 1.5 is outside 0...1"),
        (#"[{"image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1]}]"#, "missing key 'score'"),
        ("hello", "expected JSON lines"),
    ])
    func malformedDetections(text: String, message: String) throws {
        let dataset = try CocoDataset(jsonData: fixtureData("coco-tiny.json"))
        #expect {
            _ = try DetectionsFile.parse(Data(text.utf8), dataset: dataset, labelMap: .uiReal)
        } throws: { error in
            (error as? ScreenRecognitionError).map { $0.kind == .invalidInput && $0.message.contains(message) } ?? false
        }
    }

    @Test func cocoResultsEndToEnd() throws {
        // Ground truth turned into detections with score 1: every mapped class has AP 1.
        let dataset = try CocoDataset(jsonData: fixtureData("coco-tiny.json"))
        let results = dataset.annotations.map {
            #"{"image_id": \#($0.imageID), "category_id": \#($0.categoryID), "bbox": [\#($0.bbox.x), \#($0.bbox.y), \#($0.bbox.width), \#($0.bbox.height)], "score": 1}"#
        }
        let loaded = try DetectionsFile.parse(Data("[\(results.joined(separator: ","))]".utf8), dataset: dataset, labelMap: .uiReal)
        #expect(loaded.format == .cocoResults && loaded.ignoredDetections == ["Toolbar": 1])
        let result = DetectionMetrics.evaluate(dataset: dataset, labelMap: .uiReal, detections: loaded)
        #expect(result.options.mergeStates)  // ui-real has no states
        #expect(result.classes.map(\.type) == [.icon, .text, .toggleUnselected])
        #expect(result.classes.allSatisfy { $0.ap == 1 && $0.apCenter == 1 })
        #expect(result.meanAP == 1 && result.weightedMeanAP == 1)
        #expect(result.input?.ignoredAnnotations == ["Toolbar": 1])
        #expect(result.input?.imagesWithoutDetections == 0)
    }

    @Test func selectedToggleMatchesStatelessGroundTruth() throws {
        let dataset = try CocoDataset(jsonData: fixtureData("coco-tiny.json"))
        let line = #"{"image": "b.png", "detections": [{"type": "toggleSelected", "box": [300, 100, 40, 20], "confidence": 0.8}]}"#
        let loaded = try DetectionsFile.parse(Data(line.utf8), dataset: dataset, labelMap: .uiReal)
        let result = DetectionMetrics.evaluate(dataset: dataset, labelMap: .uiReal, detections: loaded)
        #expect(result.result(for: .toggleUnselected)?.ap == 1)
        #expect(result.result(for: .text)?.ap == 0)
        #expect(result.input?.imagesWithoutDetections == 1)
    }

    // MARK: Navigation order (§5.6)

    @Test(arguments: [
        ([1, 2, 3], 0), ([3, 1, 2], 1), ([4, 3, 2, 1], 3), ([], 0), ([7], 0),
        ([2, 1], 1), ([1, 3, 2, 4], 1), ([2, 4, 1, 3], 2), ([5, 1, 2, 3, 4], 1), ([2, 3, 4, 5, 1], 1),
    ])
    func insertionSteps(order: [Int], expected: Int) {
        #expect(OrderingMetrics.minimumInsertionSteps(order) == expected)
    }

    /// n − LIS against a breadth-first search over all moves, for every permutation of up to 5 elements.
    @Test(arguments: 1...5)
    func insertionStepsMatchExhaustiveSearch(n: Int) {
        let sorted = Array(0..<n)
        var distance: [[Int]: Int] = [sorted: 0]
        var frontier = [sorted]
        while !frontier.isEmpty {
            var next: [[Int]] = []
            for p in frontier {
                for from in 0..<n {
                    for to in 0..<n where to != from {
                        var q = p
                        q.insert(q.remove(at: from), at: to)
                        if distance[q] == nil {
                            distance[q] = distance[p]! + 1
                            next.append(q)
                        }
                    }
                }
            }
            frontier = next
        }
        #expect(distance.count == (1...n).reduce(1, *))
        for (permutation, steps) in distance {
            #expect(OrderingMetrics.minimumInsertionSteps(permutation) == steps, "\(permutation)")
        }
    }

    @Test func elementsInOnlyOneListAreIgnoredAndCounted() throws {
        // Common: a, b, c. Predicted order b, a, c has truth positions [1, 0, 2]: LIS 2 → 1 step.
        let c = try OrderingMetrics.compare(OrderingScreen(id: "s", truth: ["a", "b", "c", "d"], predicted: ["b", "a", "x", "c"]))
        #expect(c.elementCount == 3 && c.insertionSteps == 1 && !c.isExactMatch)
        #expect(c.onlyInTruth == ["d"] && c.onlyInPredicted == ["x"])
        #expect(approx(c.errorsPerTenElements, 10.0 / 3))
    }

    @Test func orderingSummary() throws {
        let ids = (0..<20).map(String.init)
        let screens = [
            OrderingScreen(id: "exact", truth: Array(ids[..<10]), predicted: Array(ids[..<10])),
            // 1 step in 10 elements: exactly 1 per 10, not fewer.
            OrderingScreen(id: "one-in-ten", truth: Array(ids[..<10]), predicted: [ids[9]] + ids[..<9]),
            // 1 step in 20 elements: 0.5 per 10.
            OrderingScreen(id: "one-in-twenty", truth: ids, predicted: Array(ids[1...]) + [ids[0]] + ["extra"]),
        ]
        let s = try OrderingMetrics.evaluate(screens)
        #expect(s.screenCount == 3 && s.exactMatchCount == 1 && s.lessThanOneErrorPerTenCount == 2)
        #expect(approx(s.exactMatchRate, 1.0 / 3) && approx(s.lessThanOneErrorPerTenRate, 2.0 / 3))
        #expect(approx(s.meanErrorsPerScreen, 2.0 / 3) && s.minErrorsPerScreen == 0 && s.maxErrorsPerScreen == 1)
        // population std of [0, 1, 1]: sqrt(((2/3)² + 2·(1/3)²) / 3) = sqrt(2) / 3
        #expect(approx(s.errorsStandardDeviation, 2.0.squareRoot() / 3))
        #expect(approx(s.meanElementsPerScreen, 40.0 / 3))
        #expect(s.screensWithUnmatchedElements == 1 && s.elementsOnlyInPredicted == 1 && s.elementsOnlyInTruth == 0)
        #expect(s.text().contains("exact match: 1 (33.3%)"))
    }

    @Test(arguments: [
        OrderingScreen(id: "s", truth: ["a", "a"], predicted: ["a"]),
        OrderingScreen(id: "s", truth: ["a", "b"], predicted: ["b", "b"]),
    ])
    func duplicateIDsAreRejected(screen: OrderingScreen) {
        #expect(throws: ScreenRecognitionError.self) { try OrderingMetrics.compare(screen) }
    }

    @Test func orderingFileAcceptsStringAndIntegerIDs() throws {
        let json = #"{"screens": [{"id": 1, "truth": [1, 2, 3], "predicted": [3, 1, 2]}, {"id": "b", "truth": ["x"], "predicted": ["x"]}]}"#
        let file = try OrderingDataset(jsonData: Data(json.utf8))
        #expect(file.screens[0] == OrderingScreen(id: "1", truth: ["1", "2", "3"], predicted: ["3", "1", "2"]))
        let s = try OrderingMetrics.evaluate(file.screens)
        #expect(s.screens.map(\.insertionSteps) == [1, 0])
        #expect(throws: ScreenRecognitionError.self) { try OrderingDataset(jsonData: Data(#"{"screens": [{"id": "a"}]}"#.utf8)) }
    }

    // MARK: Grouping (§5.5)

    @Test(arguments: [(20, 10, 0.5), (10, 10, 0.0), (4, 1, 0.75), (2, 3, -0.5), (0, 0, nil)] as [(Int, Int, Double?)])
    func groupingReduction(before: Int, after: Int, expected: Double?) throws {
        #expect(approx(try GroupingReduction(before: before, after: after).reduction, expected))
    }

    @Test func groupingSummary() throws {
        // before 20, 10 → mean 15 (std 5); after 10, 8 → mean 9 (std 1);
        // overall 1 − 18/30 = 0.4; per screen (0.5 + 0.2) / 2 = 0.35.
        let s = GroupingSummary([try GroupingReduction(before: 20, after: 10), try GroupingReduction(before: 10, after: 8)])
        #expect(s.screenCount == 2)
        #expect(approx(s.meanBefore, 15) && approx(s.standardDeviationBefore, 5))
        #expect(approx(s.meanAfter, 9) && approx(s.standardDeviationAfter, 1))
        #expect(approx(s.overallReduction, 0.4) && approx(s.meanReductionPerScreen, 0.35))
        #expect(throws: ScreenRecognitionError.self) { try GroupingReduction(before: -1, after: 0) }
        let encoded = try JSONEncoder().encode(try GroupingReduction(before: 4, after: 1))
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"reduction\":0.75"))
    }
}
