/// §4.1 and §5.1 (extra detections): confidence thresholds, NMS, cross-class NMS.
public enum PostProcessing {
    /// Keeps detections at or above their class's confidence threshold (§4.1).
    public static func applyThresholds(_ detections: [Detection], thresholds: [ElementClass: Double]) -> [Detection] {
        detections.filter { $0.confidence >= (thresholds[$0.type] ?? 0) }
    }

    /// Greedy non-maximum suppression within each class (§4.1): the most confident box wins; any
    /// same-class box with IoU > `iou` against a kept box is dropped. Order of the result: by
    /// descending confidence, ties by position, so the output is deterministic.
    public static func nonMaximumSuppression(_ detections: [Detection], iou: Double) -> [Detection] {
        let byClass = Dictionary(grouping: detections, by: \.type)
        var kept: [Detection] = []
        for cls in ElementClass.allCases {
            guard let list = byClass[cls] else { continue }
            kept += suppress(list, iou: iou)
        }
        return sortedByConfidence(kept)
    }

    /// Cross-class NMS among visually similar types (§5.1): within each group of classes, a box is
    /// removed only when it overlaps a more confident box of the group with IoU > `iou` (0.8), so a
    /// small icon on a large picture or a text field inside a container survive.
    public static func crossClassSuppression(_ detections: [Detection], groups: [[ElementClass]], iou: Double) -> [Detection] {
        var removed = Set<Int>()
        let order = detections.indices.sorted { precedes(detections[$0], detections[$1]) }
        for group in groups {
            let members = order.filter { group.contains(detections[$0].type) }
            for (n, i) in members.enumerated() where !removed.contains(i) {
                for j in members[(n + 1)...] where !removed.contains(j) {
                    if detections[j].type != detections[i].type, detections[i].box.iou(detections[j].box) > iou {
                        removed.insert(j)
                    }
                }
            }
        }
        return sortedByConfidence(detections.indices.filter { !removed.contains($0) }.map { detections[$0] })
    }

    /// The whole §4.1/§5.1 post-processing: thresholds, NMS within a class, cross-class NMS.
    public static func run(_ detections: [Detection], settings: PostProcessingSettings) -> [Detection] {
        let thresholded = applyThresholds(detections, thresholds: settings.confidenceThresholds)
        let nms = nonMaximumSuppression(thresholded, iou: settings.nmsIoU)
        return crossClassSuppression(nms, groups: settings.crossClassGroups, iou: settings.crossClassIoU)
    }

    static func suppress(_ list: [Detection], iou: Double) -> [Detection] {
        var kept: [Detection] = []
        for d in sortedByConfidence(list) where !kept.contains(where: { $0.box.iou(d.box) > iou }) {
            kept.append(d)
        }
        return kept
    }

    static func precedes(_ a: Detection, _ b: Detection) -> Bool {
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        if a.box.minY != b.box.minY { return a.box.minY < b.box.minY }
        if a.box.minX != b.box.minX { return a.box.minX < b.box.minX }
        return a.type < b.type
    }

    static func sortedByConfidence(_ list: [Detection]) -> [Detection] { list.sorted(by: precedes) }
}
