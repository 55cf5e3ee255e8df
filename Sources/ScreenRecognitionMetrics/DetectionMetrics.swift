import Foundation
import ScreenRecognition

/// One screen to evaluate: its annotated elements and the detections made on it.
public struct EvaluationImage: Codable, Sendable, Hashable {
    /// A name for reports (the image's file name).
    public var name: String
    public var groundTruth: [GroundTruthBox]
    public var detections: [Detection]

    public init(name: String, groundTruth: [GroundTruthBox], detections: [Detection]) {
        self.name = name
        self.groundTruth = groundTruth
        self.detections = detections
    }
}

/// When a detection counts as finding a ground-truth element.
public enum MatchCriterion: Sendable, Hashable {
    /// Intersection over union strictly greater than the threshold (§4.3: "> 0.5 IoU").
    case iou(Double)
    /// The detection's centre lies inside the ground-truth box, borders included (§4.3, "AP (Center)":
    /// a screen reader's double tap is sent to the centre of a detection).
    case center

    func accepts(detection d: Rect, groundTruth g: Rect, iou: Double) -> Bool {
        switch self {
        case .iou(let threshold): iou > threshold
        case .center: g.contains(d.center)
        }
    }
}

/// A detection after matching: its confidence and whether it found an unmatched ground truth.
public struct ScoredMatch: Codable, Sendable, Hashable {
    public var confidence: Double
    public var isTruePositive: Bool

    public init(confidence: Double, isTruePositive: Bool) {
        self.confidence = confidence
        self.isTruePositive = isTruePositive
    }
}

/// A point of a precision-recall curve: what a confidence threshold would give.
public struct PRPoint: Codable, Sendable, Hashable {
    /// Keep detections with confidence ≥ this.
    public var threshold: Double
    public var precision: Double
    public var recall: Double
    public var truePositives: Int
    public var falsePositives: Int

    public init(threshold: Double, precision: Double, recall: Double, truePositives: Int, falsePositives: Int) {
        self.threshold = threshold
        self.precision = precision
        self.recall = recall
        self.truePositives = truePositives
        self.falsePositives = falsePositives
    }
}

/// Settings of a detection evaluation.
public struct DetectionEvaluationOptions: Codable, Sendable, Hashable {
    /// A detection matches a ground truth of its class when their IoU is greater than this
    /// (0.5: §4.3, "a threshold of > 0.5 IoU … commonly used in object detection challenges").
    public var iouThreshold: Double
    /// Merge selection states (toggle, checkbox) in ground truth and detections, for data sets that
    /// do not label states (`ElementClass/stateMerged`).
    public var mergeStates: Bool
    /// Detections below this confidence are left out of the confusion matrix only (AP and curves use
    /// every detection). 0 — *design choice*: `detect` output is already filtered by the per-class
    /// thresholds of post-processing (§4.3), so by default the matrix shows what the user would get.
    public var confusionMinimumConfidence: Double

    public init(iouThreshold: Double = 0.5, mergeStates: Bool = false, confusionMinimumConfidence: Double = 0) {
        self.iouThreshold = iouThreshold
        self.mergeStates = mergeStates
        self.confusionMinimumConfidence = confusionMinimumConfidence
    }
}

/// The evaluation of one class: Table 1's row plus its precision-recall curves (Fig. 5).
public struct ClassDetectionResult: Codable, Sendable, Hashable {
    public var type: ElementClass
    /// The paper's name for the class ("Toggle" / "Checkbox" when states are merged).
    public var name: String
    /// Ground-truth elements of the class ("Count" in Table 1).
    public var groundTruthCount: Int
    public var detectionCount: Int
    /// AP at > `iouThreshold` IoU; `nil` when the class has no ground truth.
    public var ap: Double?
    /// AP with the centre criterion; `nil` when the class has no ground truth.
    public var apCenter: Double?
    /// Precision-recall curve under the IoU criterion, one point per distinct confidence, from the
    /// highest threshold down (for picking per-class thresholds, §4.3 / Fig. 5).
    public var curve: [PRPoint]
    /// The same under the centre criterion.
    public var centerCurve: [PRPoint]
}

/// Counts that explain what went into a data-set evaluation (left-out annotations and detections).
public struct DetectionInputSummary: Codable, Sendable, Hashable {
    /// The label map used (``LabelMap/name``).
    public var labelMap: String
    /// Annotations left out because the label map does not map their category, by category name.
    public var ignoredAnnotations: [String: Int]
    /// Detections left out because their category is unmapped, by category name (COCO results only).
    public var ignoredDetections: [String: Int]
    /// Images of the detections file that are not in the data set (their detections are left out).
    public var unknownImages: [String]
    /// Data-set images for which the detections file has no entry (evaluated as having no detections).
    public var imagesWithoutDetections: Int

    public init(
        labelMap: String, ignoredAnnotations: [String: Int] = [:], ignoredDetections: [String: Int] = [:],
        unknownImages: [String] = [], imagesWithoutDetections: Int = 0
    ) {
        self.labelMap = labelMap
        self.ignoredAnnotations = ignoredAnnotations
        self.ignoredDetections = ignoredDetections
        self.unknownImages = unknownImages
        self.imagesWithoutDetections = imagesWithoutDetections
    }
}

/// The result of a detection evaluation, as in Table 1 of the paper (§4.3).
public struct DetectionEvaluation: Codable, Sendable, Hashable {
    public var options: DetectionEvaluationOptions
    public var imageCount: Int
    public var groundTruthCount: Int
    public var detectionCount: Int
    /// One entry per class that has ground truth or detections, in `ElementClass` order.
    public var classes: [ClassDetectionResult]
    /// Mean AP over the classes present in the ground truth (Table 1, "Mean").
    public var meanAP: Double?
    public var meanAPCenter: Double?
    /// AP weighted by each class's ground-truth count (Table 1, "Weighted Mean"; §4.3 "weigh our
    /// results by the frequency of each UI type").
    public var weightedMeanAP: Double?
    public var weightedMeanAPCenter: Double?
    /// Which detected class each ground-truth element was taken for (Fig. 6).
    public var confusion: ConfusionMatrix
    /// Set when the evaluation came from a data set and a detections file.
    public var input: DetectionInputSummary?
    /// AP at the IoU threshold with every class taken as one ("is there an element here?"): how
    /// well boxes are found, whatever class they are given.
    public var classAgnosticAP: Double?
    /// The same evaluation for each image source of the data set (``CocoDataset/Image/source``),
    /// when images carry one; sources in name order.
    public var bySource: [SourceDetectionResult]?

    /// The scored class with the lowest AP.
    public var worstClass: ClassDetectionResult? {
        DetectionMetrics.lowestAP(classes)
    }

    /// The result for one class, if it has ground truth or detections.
    public func result(for type: ElementClass) -> ClassDetectionResult? { classes.first { $0.type == type } }

    /// A copy without the precision-recall curves (which can hold one point per detection).
    public func droppingCurves() -> DetectionEvaluation {
        var copy = self
        for i in copy.classes.indices {
            copy.classes[i].curve = []
            copy.classes[i].centerCurve = []
        }
        return copy
    }
}

/// One image source's slice of a detection evaluation.
public struct SourceDetectionResult: Codable, Sendable, Hashable {
    public var source: String
    public var imageCount: Int
    public var groundTruthCount: Int
    public var meanAP: Double?
    public var classAgnosticAP: Double?
    /// Per-class AP in this slice (curves dropped).
    public var classes: [ClassDetectionResult]

    public init(
        source: String, imageCount: Int, groundTruthCount: Int, meanAP: Double?, classAgnosticAP: Double?,
        classes: [ClassDetectionResult]
    ) {
        self.source = source
        self.imageCount = imageCount
        self.groundTruthCount = groundTruthCount
        self.meanAP = meanAP
        self.classAgnosticAP = classAgnosticAP
        self.classes = classes
    }

    /// The scored class with the lowest AP in this slice.
    public var worstClass: ClassDetectionResult? {
        DetectionMetrics.lowestAP(classes)
    }
}

/// Detection metrics of §4.3: per-class Average Precision at > 0.5 IoU and with the centre
/// criterion, their mean and frequency-weighted mean (Table 1), precision-recall curves (Fig. 5) and
/// a confusion matrix (Fig. 6).
///
/// Matching is greedy as in the PASCAL VOC / COCO evaluations: within an image and a class,
/// detections are taken by descending confidence (ties in input order) and each takes the
/// still-unmatched ground truth it overlaps most among those the criterion accepts; every ground
/// truth is matched at most once, so a duplicate detection is a false positive. AP is the area under
/// the monotone precision envelope over all recall points ("all-point interpolation", PASCAL VOC 2010
/// and later). Detections of equal confidence enter the curve together (one point per distinct
/// confidence), so AP does not depend on the order of ties.
public enum DetectionMetrics {
    /// Matches detections to ground-truth boxes of the same class.
    /// - Returns: for each detection, in input order, the index of the ground truth it matched, or `nil`.
    public static func greedyMatch(detections: [Detection], groundTruth: [Rect], criterion: MatchCriterion) -> [Int?] {
        let order = detections.indices.sorted {
            let a = detections[$0].confidence
            let b = detections[$1].confidence
            return a != b ? a > b : $0 < $1
        }
        var taken = [Bool](repeating: false, count: groundTruth.count)
        var result = [Int?](repeating: nil, count: detections.count)
        for d in order {
            let box = detections[d].box
            var best: Int?
            var bestIoU = -1.0
            for g in groundTruth.indices where !taken[g] {
                let iou = box.iou(groundTruth[g])
                guard criterion.accepts(detection: box, groundTruth: groundTruth[g], iou: iou), iou > bestIoU else { continue }
                best = g
                bestIoU = iou
            }
            if let best {
                taken[best] = true
                result[d] = best
            }
        }
        return result
    }

    /// The precision-recall curve of matched detections: one point per distinct confidence, from the
    /// highest down, each counting every detection at or above it.
    public static func precisionRecallCurve(_ matches: [ScoredMatch], groundTruthCount: Int) -> [PRPoint] {
        let sorted = matches.sorted { $0.confidence > $1.confidence }
        var points: [PRPoint] = []
        var tp = 0
        var fp = 0
        var i = 0
        while i < sorted.count {
            let threshold = sorted[i].confidence
            repeat {
                if sorted[i].isTruePositive { tp += 1 } else { fp += 1 }
                i += 1
            } while i < sorted.count && sorted[i].confidence == threshold
            points.append(
                PRPoint(
                    threshold: threshold,
                    precision: Double(tp) / Double(tp + fp),
                    recall: groundTruthCount > 0 ? Double(tp) / Double(groundTruthCount) : 0,
                    truePositives: tp, falsePositives: fp))
        }
        return points
    }

    /// All-point interpolated Average Precision: Σ (rₖ − rₖ₋₁) · max_{j ≥ k} pⱼ over the curve's
    /// points in order of increasing recall (r₀ = 0). 0 for an empty curve.
    public static func averagePrecision(_ curve: [PRPoint]) -> Double {
        guard !curve.isEmpty else { return 0 }
        var envelope = curve.map(\.precision)
        for k in stride(from: envelope.count - 2, through: 0, by: -1) {
            envelope[k] = max(envelope[k], envelope[k + 1])
        }
        var ap = 0.0
        var previousRecall = 0.0
        for (k, point) in curve.enumerated() {
            ap += (point.recall - previousRecall) * envelope[k]
            previousRecall = point.recall
        }
        return ap
    }

    /// Evaluates detections against ground truth over a set of images.
    public static func evaluate(_ images: [EvaluationImage], options: DetectionEvaluationOptions = .init()) -> DetectionEvaluation {
        let merge = options.mergeStates
        let classes = classList(mergeStates: merge)
        var gtCount: [ElementClass: Int] = [:]
        var iouMatches: [ElementClass: [ScoredMatch]] = [:]
        var centerMatches: [ElementClass: [ScoredMatch]] = [:]
        var totalGT = 0
        var totalDetections = 0
        var preparedImages: [EvaluationImage] = []
        preparedImages.reserveCapacity(images.count)

        for image in images {
            var image = image
            if merge {
                for i in image.groundTruth.indices { image.groundTruth[i].type = image.groundTruth[i].type.stateMerged }
                for i in image.detections.indices { image.detections[i].type = image.detections[i].type.stateMerged }
            }
            totalGT += image.groundTruth.count
            totalDetections += image.detections.count
            let gtByClass = Dictionary(grouping: image.groundTruth, by: \.type)
            let detByClass = Dictionary(grouping: image.detections, by: \.type)
            for (type, boxes) in gtByClass { gtCount[type, default: 0] += boxes.count }
            for (type, detections) in detByClass {
                let truth = gtByClass[type]?.map(\.box) ?? []
                let byIoU = greedyMatch(detections: detections, groundTruth: truth, criterion: .iou(options.iouThreshold))
                let byCenter = greedyMatch(detections: detections, groundTruth: truth, criterion: .center)
                for (k, d) in detections.enumerated() {
                    iouMatches[type, default: []].append(ScoredMatch(confidence: d.confidence, isTruePositive: byIoU[k] != nil))
                    centerMatches[type, default: []].append(ScoredMatch(confidence: d.confidence, isTruePositive: byCenter[k] != nil))
                }
            }
            preparedImages.append(image)
        }

        var results: [ClassDetectionResult] = []
        for type in classes {
            let n = gtCount[type] ?? 0
            let detections = iouMatches[type]?.count ?? 0
            guard n > 0 || detections > 0 else { continue }
            let curve = precisionRecallCurve(iouMatches[type] ?? [], groundTruthCount: n)
            let centerCurve = precisionRecallCurve(centerMatches[type] ?? [], groundTruthCount: n)
            results.append(
                ClassDetectionResult(
                    type: type, name: displayName(of: type, mergeStates: merge),
                    groundTruthCount: n, detectionCount: detections,
                    ap: n > 0 ? averagePrecision(curve) : nil,
                    apCenter: n > 0 ? averagePrecision(centerCurve) : nil,
                    curve: curve, centerCurve: centerCurve))
        }
        let scored = results.filter { $0.groundTruthCount > 0 }
        func mean(_ value: KeyPath<ClassDetectionResult, Double?>) -> Double? {
            scored.isEmpty ? nil : scored.reduce(0) { $0 + ($1[keyPath: value] ?? 0) } / Double(scored.count)
        }
        func weighted(_ value: KeyPath<ClassDetectionResult, Double?>) -> Double? {
            let total = scored.reduce(0) { $0 + $1.groundTruthCount }
            return total == 0
                ? nil
                : scored.reduce(0) { $0 + ($1[keyPath: value] ?? 0) * Double($1.groundTruthCount) } / Double(total)
        }
        return DetectionEvaluation(
            options: options, imageCount: images.count, groundTruthCount: totalGT, detectionCount: totalDetections,
            classes: results,
            meanAP: mean(\.ap), meanAPCenter: mean(\.apCenter),
            weightedMeanAP: weighted(\.ap), weightedMeanAPCenter: weighted(\.apCenter),
            confusion: ConfusionMatrix(
                images: preparedImages, classes: classes, iouThreshold: options.iouThreshold,
                minimumConfidence: options.confusionMinimumConfidence),
            input: nil)
    }

    /// Evaluates a detections file against a COCO data set.
    ///
    /// When the label map does not distinguish states (``LabelMap/distinguishesStates``), states are
    /// merged whatever `options.mergeStates` says: a selected toggle can never match otherwise.
    public static func evaluate(
        dataset: CocoDataset, labelMap: LabelMap, detections: LoadedDetections,
        options: DetectionEvaluationOptions = .init()
    ) -> DetectionEvaluation {
        var options = options
        if !labelMap.distinguishesStates { options.mergeStates = true }
        let truth = dataset.groundTruth(labelMap: labelMap)
        let images = dataset.images.map { image in
            EvaluationImage(
                name: image.fileName, groundTruth: truth.byImageID[image.id] ?? [],
                detections: detections.byImageID[image.id] ?? [])
        }
        var result = evaluate(images, options: options)
        result.classAgnosticAP = classAgnosticAP(images, options: options)
        let sources = Set(dataset.images.compactMap(\.source)).sorted()
        if !sources.isEmpty {
            result.bySource = sources.map { source in
                let slice = zip(dataset.images, images).filter { $0.0.source == source }.map(\.1)
                let r = evaluate(slice, options: options).droppingCurves()
                return SourceDetectionResult(
                    source: source, imageCount: slice.count, groundTruthCount: r.groundTruthCount, meanAP: r.meanAP,
                    classAgnosticAP: classAgnosticAP(slice, options: options), classes: r.classes)
            }
        }
        result.input = DetectionInputSummary(
            labelMap: labelMap.name, ignoredAnnotations: truth.ignored, ignoredDetections: detections.ignoredDetections,
            unknownImages: detections.unknownImages,
            imagesWithoutDetections: dataset.images.filter { detections.byImageID[$0.id] == nil }.count)
        return result
    }

    /// The scored class (one with ground truth) with the lowest AP.
    static func lowestAP(_ classes: [ClassDetectionResult]) -> ClassDetectionResult? {
        classes.filter { $0.ap != nil }.min { ($0.ap ?? 0) < ($1.ap ?? 0) }
    }

    /// Class-agnostic AP: every ground-truth box and detection taken as one class, matched at the
    /// options' IoU threshold. `nil` when there is no ground truth.
    public static func classAgnosticAP(_ images: [EvaluationImage], options: DetectionEvaluationOptions = .init()) -> Double? {
        let one = images.map { image in
            var image = image
            for i in image.groundTruth.indices { image.groundTruth[i].type = .text }
            for i in image.detections.indices { image.detections[i].type = .text }
            return image
        }
        var agnostic = options
        agnostic.mergeStates = false
        return evaluate(one, options: agnostic).result(for: .text)?.ap
    }

    /// The classes an evaluation reports on: all 13, or 11 with states merged.
    public static func classList(mergeStates: Bool) -> [ElementClass] {
        guard mergeStates else { return ElementClass.allCases }
        var seen = Set<ElementClass>()
        return ElementClass.allCases.map(\.stateMerged).filter { seen.insert($0).inserted }
    }

    /// Table 1's name for a class; "Toggle" / "Checkbox" when states are merged.
    public static func displayName(of type: ElementClass, mergeStates: Bool) -> String {
        guard mergeStates else { return type.displayName }
        switch type.stateMerged {
        case .toggleUnselected: return "Toggle"
        case .checkboxUnselected: return "Checkbox"
        default: return type.displayName
        }
    }
}
