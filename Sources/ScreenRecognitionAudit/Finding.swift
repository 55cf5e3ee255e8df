import Foundation
import ScreenRecognition

/// The audit's rules. Raw values are the rule ids in every report format.
public enum AuditRule: String, Codable, Sendable, CaseIterable, Comparable {
    /// Visible on screen but not exposed to assistive technology.
    case unexposedElement
    /// Exposed, but with no label.
    case missingLabel
    /// The exposed label disagrees with the visible text.
    case labelMismatch
    /// A visible switch, checkbox, tab or selected state that the tree does not state.
    case missingTrait
    /// One visual cell exposed as several elements.
    case shouldGroup
    /// The navigation order disagrees with the visual order (§5.6).
    case orderMismatch
    /// An interactive element smaller than 44 × 44 pt (iOS) or 48 × 48 dp (Android).
    case smallTouchTarget
    /// Text a screen reader mispronounces: numeric dates, a missing space after a full stop, quotes after numbers.
    case poorlySpokenText
    /// A dialog whose background stays exposed.
    case modalNotBlocking
    /// Text whose colour contrasts with its background less than WCAG 2.2 SC 1.4.3 asks (pixels only).
    case textContrast
    /// An icon, switch, checkbox or text-field border below WCAG 2.2 SC 1.4.11's 3:1 (pixels only).
    case nonTextContrast
    /// Text cut off by an ellipsis or by the edge of its container (pixels and OCR).
    case truncatedText
    /// Text smaller than 11 pt (Apple HIG) or 12 sp (Material) (pixels only).
    case smallText

    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// One sentence on what the rule checks (SARIF `shortDescription`, the HTML legend).
    public var summary: String {
        switch self {
        case .unexposedElement: "An element visible in the screenshot is not exposed to VoiceOver/TalkBack."
        case .missingLabel: "An exposed element has no accessibility label."
        case .labelMismatch: "The exposed accessibility label disagrees with the visible text."
        case .missingTrait: "A visible switch, checkbox, tab or selected state is missing from the accessibility tree."
        case .shouldGroup: "One visual cell is exposed as several elements; users must swipe through each."
        case .orderMismatch: "The navigation order disagrees with the visual reading order."
        case .smallTouchTarget: "An interactive element is smaller than 44×44 pt (iOS) / 48×48 dp (Android)."
        case .poorlySpokenText: "Text that screen readers mispronounce (numeric dates, missing spaces, quotes after numbers)."
        case .modalNotBlocking: "A dialog is shown but the screen behind it stays exposed."
        case .textContrast: "Text contrast is below WCAG 2.2 SC 1.4.3: 4.5:1, or 3:1 for text of 18 pt or 14 pt bold and larger."
        case .nonTextContrast: "An icon, switch, checkbox or text-field border is below WCAG 2.2 SC 1.4.11's 3:1 against its surroundings."
        case .truncatedText: "Text is cut off by an ellipsis or by its container's edge."
        case .smallText: "Text is smaller than 11 pt (Apple HIG) / 12 sp (Material)."
        }
    }

    /// The severity its findings have unless stated otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .unexposedElement, .missingLabel, .modalNotBlocking, .textContrast: .error
        case .labelMismatch, .missingTrait, .shouldGroup, .orderMismatch, .smallTouchTarget, .poorlySpokenText,
            .nonTextContrast, .truncatedText, .smallText:
            .warning
        }
    }
}

/// How bad a finding is; the raw values are SARIF 2.1.0 `level`s.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case error, warning, note

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One problem found on a screen.
public struct Finding: Codable, Sendable, Hashable {
    public var rule: AuditRule
    public var severity: Severity
    /// Where, in image pixels.
    public var frame: Rect
    /// What is wrong, naming the element.
    public var message: String
    /// A concrete fix: a UIKit/SwiftUI or Android line where possible.
    public var suggestion: String
    /// The 1-based line of the exposed element in the hierarchy file, when there is one.
    public var line: Int?

    public init(rule: AuditRule, severity: Severity? = nil, frame: Rect, message: String, suggestion: String, line: Int? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.frame = frame
        self.message = message
        self.suggestion = suggestion
        self.line = line
    }
}

/// The audit of one screen.
public struct AuditReport: Codable, Sendable, Hashable {
    /// The screenshot's name as given (a path or file name), for reports.
    public var image: String
    public var imageSize: ImageInfo
    /// The hierarchy file's name as given, for reports and SARIF locations; `nil` when the screen
    /// was audited from its pixels alone.
    public var hierarchy: String?
    public var hierarchyFormat: HierarchyFormat?
    /// Image pixels per hierarchy unit (2 for a 2× iOS screenshot).
    public var scale: Double
    /// Image pixels per point or dp for the pixel rules, and where that came from; `nil` when the
    /// pixel rules did not run.
    public var screenScale: ScreenScale?
    /// Findings sorted by severity, then rule, then position (top to bottom, left to right).
    public var findings: [Finding]
    /// What the audit could not check, and why.
    public var notes: [String]
    /// Each text the pixel rules measured (colours, ratio, size), when they ran.
    public var texts: [TextMeasurement]?

    public init(
        image: String, imageSize: ImageInfo, hierarchy: String?, hierarchyFormat: HierarchyFormat?,
        scale: Double, findings: [Finding], notes: [String] = [], screenScale: ScreenScale? = nil,
        texts: [TextMeasurement]? = nil
    ) {
        self.image = image
        self.imageSize = imageSize
        self.hierarchy = hierarchy
        self.hierarchyFormat = hierarchyFormat
        self.scale = scale
        self.findings = findings.sorted(by: Self.order)
        self.notes = notes
        self.screenScale = screenScale
        self.texts = texts
    }

    static func order(_ a: Finding, _ b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity < b.severity }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.frame.minY != b.frame.minY { return a.frame.minY < b.frame.minY }
        return a.frame.minX < b.frame.minX
    }

    /// The number of findings of each severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
