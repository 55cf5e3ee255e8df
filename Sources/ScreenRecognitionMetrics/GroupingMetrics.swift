import Foundation
import ScreenRecognition

/// How much grouping shortened one screen's navigation (§5.5: "reduced the number of UI elements to
/// navigate by 48.5%").
public struct GroupingReduction: Codable, Sendable, Hashable {
    /// Elements to navigate without grouping.
    public let before: Int
    /// Elements to navigate with grouping.
    public let after: Int

    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) when a count is negative.
    public init(before: Int, after: Int) throws {
        guard before >= 0, after >= 0 else {
            throw ScreenRecognitionError(.invalidInput, "element counts must not be negative (before \(before), after \(after))")
        }
        self.before = before
        self.after = after
    }

    /// 1 − after / before; `nil` for a screen with no elements. Negative if grouping added elements.
    public var reduction: Double? { before > 0 ? 1 - Double(after) / Double(before) : nil }

    enum CodingKeys: String, CodingKey { case before, after, reduction }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(before: c.decode(Int.self, forKey: .before), after: c.decode(Int.self, forKey: .after))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(before, forKey: .before)
        try c.encode(after, forKey: .after)
        try c.encodeIfPresent(reduction, forKey: .reduction)
    }
}

/// Grouping's effect over many screens, in the terms of §5.5 ("Without Grouping - Mean: 21.83, Std:
/// 12.8, With Grouping - Mean: 12.1, Std: 7.6"). Standard deviations are population ones.
///
/// The paper's 48.5% is not 1 − 12.1 / 21.83 (= 44.6%), so it is presumably the mean of per-screen
/// reductions; both are reported: ``overallReduction`` and ``meanReductionPerScreen``.
public struct GroupingSummary: Codable, Sendable, Hashable {
    public var screenCount: Int
    public var meanBefore: Double?
    public var standardDeviationBefore: Double?
    public var meanAfter: Double?
    public var standardDeviationAfter: Double?
    /// 1 − Σ after / Σ before (equivalently 1 − mean after / mean before).
    public var overallReduction: Double?
    /// Mean of the per-screen reductions, over screens with at least one element.
    public var meanReductionPerScreen: Double?

    public init(_ screens: [GroupingReduction]) {
        screenCount = screens.count
        let before = MetricsMath.meanAndStandardDeviation(screens.map { Double($0.before) })
        let after = MetricsMath.meanAndStandardDeviation(screens.map { Double($0.after) })
        meanBefore = before?.mean
        standardDeviationBefore = before?.standardDeviation
        meanAfter = after?.mean
        standardDeviationAfter = after?.standardDeviation
        let totalBefore = screens.reduce(0) { $0 + $1.before }
        let totalAfter = screens.reduce(0) { $0 + $1.after }
        overallReduction = totalBefore > 0 ? 1 - Double(totalAfter) / Double(totalBefore) : nil
        meanReductionPerScreen = MetricsMath.meanAndStandardDeviation(screens.compactMap(\.reduction))?.mean
    }
}

extension GroupingSummary {
    /// §5.5's measurement on a data set: each screen's ground-truth boxes are taken as detections
    /// (confidence 1, no text, no pixels), run through the pipeline, and the number of top-level
    /// elements to navigate is compared with the number of boxes.
    public static func evaluate(
        dataset: CocoDataset, labelMap: LabelMap,
        configuration: AnalysisConfiguration = .default
    ) throws -> GroupingSummary {
        let truth = dataset.groundTruth(labelMap: labelMap, mergeStates: false).byImageID
        var screens: [GroupingReduction] = []
        for image in dataset.images {
            let boxes = truth[image.id] ?? []
            guard !boxes.isEmpty else { continue }
            let detections = boxes.map { Detection(type: $0.type, box: $0.box, confidence: 1) }
            let analysis = try ScreenAnalyzer(configuration: configuration)
                .analyze(image: nil, size: ImageInfo(width: image.width, height: image.height), detections: detections)
            screens.append(try GroupingReduction(before: detections.count, after: analysis.elements.count))
        }
        return GroupingSummary(screens)
    }
}
