import Foundation
import ScreenRecognition

/// Label coverage: of the elements VoiceOver focuses (the analysis's top-level
/// elements), the share with neither a label nor a value — they announce only a role ("Button",
/// "Icon", "Checkbox, Unchecked") — by kind.
public struct LabelCoverage: Codable, Sendable, Hashable {
    public struct Row: Codable, Sendable, Hashable {
        public var kind: ElementKind
        public var announced: Int
        /// Elements with neither label nor value.
        public var unlabeled: Int
        public var unlabeledShare: Double? { announced > 0 ? Double(unlabeled) / Double(announced) : nil }

        public init(kind: ElementKind, announced: Int, unlabeled: Int) {
            self.kind = kind
            self.announced = announced
            self.unlabeled = unlabeled
        }

        enum CodingKeys: String, CodingKey { case kind, announced, unlabeled, unlabeledShare }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.decode(ElementKind.self, forKey: .kind)
            announced = try c.decode(Int.self, forKey: .announced)
            unlabeled = try c.decode(Int.self, forKey: .unlabeled)
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(announced, forKey: .announced)
            try c.encode(unlabeled, forKey: .unlabeled)
            try c.encodeIfPresent(unlabeledShare, forKey: .unlabeledShare)
        }
    }

    public var screens: Int
    /// One row per kind that was announced, in `ElementKind` order.
    public var kinds: [Row]
    /// Announcements in which a part is spoken twice ("Checkbox, Checkbox, Unchecked"); 0 is the target.
    public var repeatedParts: Int

    public var total: Row {
        Row(kind: .group, announced: kinds.map(\.announced).reduce(0, +), unlabeled: kinds.map(\.unlabeled).reduce(0, +))
    }

    /// Whether an element says nothing beyond its role.
    public static func isUnlabeled(_ e: Element) -> Bool {
        (e.label?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "").isEmpty
            && (e.value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "").isEmpty
    }

    /// Whether an announcement speaks a part twice (parts split at ", ", case ignored).
    public static func hasRepeatedPart(_ announcement: String) -> Bool {
        let parts = announcement.components(separatedBy: ", ").map { $0.lowercased() }
        return Set(parts).count < parts.count
    }

    public init(analyses: [ScreenAnalysis]) {
        var announced: [ElementKind: Int] = [:]
        var unlabeled: [ElementKind: Int] = [:]
        var repeated = 0
        for a in analyses {
            for e in a.elements {
                announced[e.kind, default: 0] += 1
                if Self.isUnlabeled(e) { unlabeled[e.kind, default: 0] += 1 }
                if Self.hasRepeatedPart(e.announcement) { repeated += 1 }
            }
        }
        screens = analyses.count
        kinds = ElementKind.allCases.compactMap { k in
            announced[k].map { Row(kind: k, announced: $0, unlabeled: unlabeled[k] ?? 0) }
        }
        repeatedParts = repeated
    }

    public func text() -> String {
        func pct(_ x: Double?) -> String { x.map { String(format: "%5.1f%%", 100 * $0) } ?? "     -" }
        var lines = [
            "Label coverage (\(screens) screens): announced elements with neither label nor value",
            "kind          announced  unlabeled  share",
        ]
        for r in kinds + [total] {
            let name = r == total ? "all" : r.kind.rawValue
            lines.append(
                name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: "  %9d  %9d", r.announced, r.unlabeled) + "  " + pct(r.unlabeledShare))
        }
        lines.append("announcements repeating a part: \(repeatedParts)")
        return lines.joined(separator: "\n")
    }
}

/// Text-button precision and recall against a data set that tells clickable text
/// from static text (ui-real's TextButton vs Text).
///
/// A *predicted text button* is a leaf element (no children) that VoiceOver would call a button
/// (`button` trait, or a tab or segment is not counted) and that came from a text detection.
/// A prediction matches a ground-truth box that contains its centre and ≥ ``containment`` of its
/// area: a TextButton box is the whole tappable area (padding, often a full-width row many times
/// the text's size) while a text detection is tight on the ink. Each ground-truth box matches once.
/// Precision = matched predictions / predictions; recall = matched TextButton boxes / TextButton boxes.
public struct TextButtonMetrics: Codable, Sendable, Hashable {
    /// §3.3's containment: an element ≥ 85 % inside a box belongs to it. (Until 2026-11-23 the rule
    /// was an area ratio ≤ 8 either way, which rejected 155 of ui-real valid's 248 TextButtons
    /// whose detected text lies inside a much larger tappable row.)
    public static let containment = 0.85

    /// Which buttons are judged: text-only ones against ui-real's TextButton boxes, or buttons
    /// showing an icon and text (a captioned icon, a logo beside "Continue") against its
    /// TextImageButton boxes.
    public enum Kind: String, Codable, Sendable, Hashable {
        case text, iconAndText
    }

    public var kind: Kind
    public var truth: Int
    public var predicted: Int
    public var matched: Int
    /// Predicted text buttons whose centre lies in a ground-truth *static* text box.
    public var onStaticText: Int

    public var precision: Double? { predicted > 0 ? Double(matched) / Double(predicted) : nil }
    public var recall: Double? { truth > 0 ? Double(matched) / Double(truth) : nil }

    public init(kind: Kind = .text, truth: Int = 0, predicted: Int = 0, matched: Int = 0, onStaticText: Int = 0) {
        self.kind = kind
        self.truth = truth
        self.predicted = predicted
        self.matched = matched
        self.onStaticText = onStaticText
    }

    /// Whether an announced element counts as a text button (of either kind).
    public static func isTextButton(_ e: Element) -> Bool {
        guard e.children.isEmpty, e.traits.contains(.button), ![.tabButton, .segment, .checkbox, .radioButton, .toggle].contains(e.kind) else { return false }
        return e.detections.contains { $0.type == .text }
    }

    /// Whether an announced element is a button of this metric's ``kind``: for icon-and-text, a
    /// button showing an icon or a small picture besides its text, or a tab bar's button made of
    /// an icon and its title (ui-real draws a bottom navigation's items as TextImageButton; until
    /// 2026-11-23 tabs were left out of this count).
    public func counts(_ e: Element) -> Bool {
        let showsImage = e.detections.contains { $0.type == .icon || $0.type == .picture }
        switch kind {
        case .text: return Self.isTextButton(e) && !showsImage
        case .iconAndText:
            let tab = e.kind == .tabButton && e.detections.contains { $0.type == .text }
            return (Self.isTextButton(e) || tab) && showsImage
        }
    }

    /// Adds one screen: its analysis, its clickable-text boxes and its static-text boxes.
    public mutating func add(_ analysis: ScreenAnalysis, buttons: [Rect], staticTexts: [Rect]) {
        let predictions = analysis.elements.flatMap(\.flattened).filter(counts).map(\.frame)
        truth += buttons.count
        predicted += predictions.count
        var used = Set<Int>()
        func fits(_ p: Rect, _ g: Rect) -> Bool { g.contains(p.center) && p.fractionInside(g) >= Self.containment }
        func gap(_ g: Rect, _ p: Rect) -> Double { (g.midX - p.midX) * (g.midX - p.midX) + (g.midY - p.midY) * (g.midY - p.midY) }
        for p in predictions {
            if let j = buttons.indices.filter({ !used.contains($0) && fits(p, buttons[$0]) })
                .min(by: { gap(buttons[$0], p) < gap(buttons[$1], p) })
            {
                used.insert(j)
                matched += 1
            } else if staticTexts.contains(where: { fits(p, $0) }) {
                onStaticText += 1
            }
        }
    }

    public func text() -> String {
        func f(_ x: Double?) -> String { x.map { String(format: "%.3f", $0) } ?? "-" }
        let name = kind == .text ? "Text buttons" : "Icon-and-text buttons"
        return "\(name): \(truth) in the ground truth, \(predicted) announced as buttons, \(matched) matched "
            + "(\(onStaticText) on static text): precision \(f(precision)), recall \(f(recall))"
    }
}
