import Foundation
import ScreenRecognition

/// Which class each ground-truth element was detected as (paper §4.3, Fig. 6).
///
/// Per image, ground truth and detections are paired one-to-one regardless of class, by descending
/// IoU among pairs with IoU > the threshold (so each ground-truth element gets its best-overlapping
/// detection unless a closer pair took it). A ground truth left without a detection is counted in the
/// ``missed`` column; a detection left without a ground truth in the ``background`` row.
public struct ConfusionMatrix: Codable, Sendable, Hashable {
    /// Column label for ground truth no detection was paired with.
    public static let missed = "missed"
    /// Row label for detections no ground truth was paired with.
    public static let background = "background"

    /// Ground-truth labels: class ids, then ``background``.
    public var rows: [String]
    /// Detected labels: class ids, then ``missed``.
    public var columns: [String]
    /// `counts[row][column]`.
    public var counts: [[Int]]

    /// The count for a ground-truth label and a detected label (class ids, ``background``, ``missed``).
    public func count(truth: String, predicted: String) -> Int {
        guard let r = rows.firstIndex(of: truth), let c = columns.firstIndex(of: predicted) else { return 0 }
        return counts[r][c]
    }

    /// The count for a ground-truth class and a detected class (`nil` = missed / background).
    public func count(truth: ElementClass?, predicted: ElementClass?) -> Int {
        count(truth: truth?.rawValue ?? Self.background, predicted: predicted?.rawValue ?? Self.missed)
    }

    /// Builds the matrix. Boxes of classes outside `classes` are left out; detections below
    /// `minimumConfidence` are left out.
    public init(images: [EvaluationImage], classes: [ElementClass], iouThreshold: Double, minimumConfidence: Double = 0) {
        rows = classes.map(\.rawValue) + [Self.background]
        columns = classes.map(\.rawValue) + [Self.missed]
        counts = Array(repeating: Array(repeating: 0, count: columns.count), count: rows.count)
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        let backgroundRow = classes.count
        let missedColumn = classes.count

        for image in images {
            let truth = image.groundTruth.filter { index[$0.type] != nil }
            let detections = image.detections.filter { index[$0.type] != nil && $0.confidence >= minimumConfidence }
            var pairs: [(iou: Double, g: Int, d: Int)] = []
            for (g, t) in truth.enumerated() {
                for (d, det) in detections.enumerated() {
                    let iou = t.box.iou(det.box)
                    if iou > iouThreshold { pairs.append((iou, g, d)) }
                }
            }
            pairs.sort { a, b in a.iou != b.iou ? a.iou > b.iou : (a.g, a.d) < (b.g, b.d) }
            var truthTaken = [Bool](repeating: false, count: truth.count)
            var detectionTaken = [Bool](repeating: false, count: detections.count)
            for p in pairs where !truthTaken[p.g] && !detectionTaken[p.d] {
                truthTaken[p.g] = true
                detectionTaken[p.d] = true
                counts[index[truth[p.g].type]!][index[detections[p.d].type]!] += 1
            }
            for (g, t) in truth.enumerated() where !truthTaken[g] { counts[index[t.type]!][missedColumn] += 1 }
            for (d, det) in detections.enumerated() where !detectionTaken[d] { counts[backgroundRow][index[det.type]!] += 1 }
        }
    }
}
