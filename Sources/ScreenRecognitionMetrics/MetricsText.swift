import Foundation
import ScreenRecognition

/// Plain-text renderings of the metrics, laid out like the paper's tables.
extension DetectionEvaluation {
    /// Table 1 of the paper (§4.3): UI type, AP (> IoU threshold), AP (Center), Count, plus the
    /// number of detections; then Mean and Weighted Mean.
    public func tableText() -> String {
        let iou = "AP (>\(trimmed(options.iouThreshold)) IoU)"
        var rows: [[String]] = [["UI Type", iou, "AP (Center)", "Count", "Detections"]]
        for c in classes {
            rows.append([c.name, percent(c.ap), percent(c.apCenter), String(c.groundTruthCount), String(c.detectionCount)])
        }
        rows.append(["Mean", percent(meanAP), percent(meanAPCenter), "", ""])
        rows.append(["Weighted Mean", percent(weightedMeanAP), percent(weightedMeanAPCenter), "", ""])
        if let classAgnosticAP {
            rows.append(["Class-agnostic", percent(classAgnosticAP), "", "", ""])
        }
        var text = layout(rows, leftAligned: [0])
        if let worst = worstClass {
            text += "\nworst class: \(worst.name) \(percent(worst.ap))"
        }
        return text
    }

    /// AP per class for each image source (columns), with each source's mean, class-agnostic AP
    /// and worst class; empty when the data set names no sources.
    public func sourceText() -> String {
        guard let bySource, !bySource.isEmpty else { return "" }
        var rows: [[String]] = [["UI Type"] + bySource.map { "\($0.source) (\($0.imageCount))" }]
        for c in classes where c.groundTruthCount > 0 {
            rows.append(
                [c.name]
                    + bySource.map { s in
                        guard let r = s.classes.first(where: { $0.type == c.type }), r.groundTruthCount > 0 else { return "–" }
                        return "\(percent(r.ap)) (\(r.groundTruthCount))"
                    })
        }
        rows.append(["Mean"] + bySource.map { percent($0.meanAP) })
        rows.append(["Class-agnostic"] + bySource.map { percent($0.classAgnosticAP) })
        rows.append(["Worst class"] + bySource.map { s in s.worstClass.map { "\($0.name) \(percent($0.ap))" } ?? "–" })
        return "By source (AP at IoU \(trimmed(options.iouThreshold)); ground-truth count in brackets):\n"
            + layout(rows, leftAligned: [0])
    }

    /// A few lines on what went in: images, boxes, label map, left-out annotations and detections.
    public func summaryText() -> String {
        var lines = [
            "\(imageCount) images, \(groundTruthCount) ground-truth boxes, \(detectionCount) detections"
                + (options.mergeStates ? "; selection states merged" : "")
        ]
        if let input {
            lines.append("label map: \(input.labelMap)")
            if !input.ignoredAnnotations.isEmpty {
                lines.append("annotations left out (unmapped labels): " + describe(input.ignoredAnnotations))
            }
            if !input.ignoredDetections.isEmpty {
                lines.append("detections left out (unmapped labels): " + describe(input.ignoredDetections))
            }
            if !input.unknownImages.isEmpty {
                lines.append("detections for \(input.unknownImages.count) images not in the data set were skipped")
            }
            if input.imagesWithoutDetections > 0 {
                lines.append("\(input.imagesWithoutDetections) images have no detections")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The confusion matrix (Fig. 6): rows are ground truth, columns what it was detected as. Classes
    /// with neither ground truth nor detections are left out; columns are numbered like the rows.
    public func confusionText() -> String {
        let m = confusion
        let classCount = m.rows.count - 1
        let kept = (0..<classCount).filter { i in
            m.counts[i].contains { $0 != 0 } || m.counts.contains { $0[i] != 0 }
        }
        var rows: [[String]] = [["Ground truth \\ detected"] + kept.indices.map { String($0 + 1) } + ["missed"]]
        let merged = options.mergeStates
        for (n, i) in kept.enumerated() {
            let name = ElementClass(rawValue: m.rows[i]).map { DetectionMetrics.displayName(of: $0, mergeStates: merged) } ?? m.rows[i]
            rows.append(["\(n + 1) \(name)"] + kept.map { String(m.counts[i][$0]) } + [String(m.counts[i][classCount])])
        }
        rows.append(["background"] + kept.map { String(m.counts[classCount][$0]) } + [""])
        let header =
            "Confusion matrix (IoU > \(trimmed(options.iouThreshold)), one detection per ground truth"
            + (options.confusionMinimumConfidence > 0 ? ", confidence ≥ \(trimmed(options.confusionMinimumConfidence))" : "") + ")"
        return header + "\n" + layout(rows, leftAligned: [0])
    }

    private func describe(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

extension OrderingSummary {
    /// The §5.6 figures: exact matches, screens under 1 error per 10 elements, errors per screen.
    public func text() -> String {
        var lines = ["Navigation order: \(screenCount) screens, \(decimal(meanElementsPerScreen)) elements per screen on average"]
        lines.append("exact match: \(exactMatchCount) (\(percent(exactMatchRate)))")
        lines.append("less than 1 error per 10 elements: \(lessThanOneErrorPerTenCount) (\(percent(lessThanOneErrorPerTenRate)))")
        lines.append(
            "insertion steps per screen: mean \(decimal(meanErrorsPerScreen)), min \(minErrorsPerScreen.map(String.init) ?? "n/a"), "
                + "max \(maxErrorsPerScreen.map(String.init) ?? "n/a"), std \(decimal(errorsStandardDeviation))")
        if screensWithUnmatchedElements > 0 {
            lines.append(
                "ignored: \(elementsOnlyInTruth) elements only in truth, \(elementsOnlyInPredicted) only in predicted, "
                    + "on \(screensWithUnmatchedElements) screen(s)")
        }
        return lines.joined(separator: "\n")
    }
}

extension GroupingSummary {
    /// The §5.5 figures: mean element counts without and with grouping, and the reduction.
    public func text() -> String {
        "Grouping: \(screenCount) screens; without grouping mean \(decimal(meanBefore)) (std \(decimal(standardDeviationBefore))), "
            + "with grouping mean \(decimal(meanAfter)) (std \(decimal(standardDeviationAfter))); "
            + "reduction \(percent(overallReduction)) overall, \(percent(meanReductionPerScreen)) per screen on average"
    }
}

/// `77.5%`, or `n/a`.
private func percent(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    return String(format: "%.1f%%", value * 100)
}

/// `0.67`, or `n/a`.
private func decimal(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    return String(format: "%.2f", value)
}

/// `0.5` rather than `0.50000`.
private func trimmed(_ value: Double) -> String {
    var s = String(format: "%.4f", value)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

/// Columns padded to their widest cell, two spaces apart; columns in `leftAligned` are left-aligned,
/// the others right-aligned.
private func layout(_ rows: [[String]], leftAligned: Set<Int>) -> String {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    return rows.map { row in
        row.enumerated().map { i, cell in
            let pad = String(repeating: " ", count: widths[i] - cell.count)
            return leftAligned.contains(i) ? cell + pad : pad + cell
        }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }.joined(separator: "\n")
}
