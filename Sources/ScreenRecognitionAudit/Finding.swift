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
        }
    }

    /// The severity its findings have unless stated otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .unexposedElement, .missingLabel, .modalNotBlocking: .error
        case .labelMismatch, .missingTrait, .shouldGroup, .orderMismatch, .smallTouchTarget, .poorlySpokenText: .warning
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
    /// The hierarchy file's name as given, for reports and SARIF locations.
    public var hierarchy: String
    public var hierarchyFormat: HierarchyFormat
    /// Image pixels per hierarchy unit (2 for a 2× iOS screenshot).
    public var scale: Double
    /// Findings sorted by severity, then rule, then position (top to bottom, left to right).
    public var findings: [Finding]
    /// What the audit could not check, and why.
    public var notes: [String]

    public init(image: String, imageSize: ImageInfo, hierarchy: String, hierarchyFormat: HierarchyFormat,
                scale: Double, findings: [Finding], notes: [String] = []) {
        self.image = image
        self.imageSize = imageSize
        self.hierarchy = hierarchy
        self.hierarchyFormat = hierarchyFormat
        self.scale = scale
        self.findings = findings.sorted(by: Self.order)
        self.notes = notes
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
