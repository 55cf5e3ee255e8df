import Foundation
import ScreenRecognition

/// The audit of many screens: each screen's outcome, and the findings with repeats merged — the
/// same finding (rule, message, frame within 4 px) on several screens, such as one tab bar on every
/// screen, is listed once with the screens it is on.
public struct BatchReport: Codable, Sendable, Hashable {
    public struct Screen: Codable, Sendable, Hashable {
        public var image: String
        public var hierarchy: String?
        public var findings: Int
        /// Why the screen could not be audited, when it could not.
        public var error: String?
        public init(image: String, hierarchy: String?, findings: Int, error: String? = nil) {
            self.image = image
            self.hierarchy = hierarchy
            self.findings = findings
            self.error = error
        }
    }

    public struct MergedFinding: Codable, Sendable, Hashable {
        public var rule: AuditRule
        public var severity: Severity
        public var frame: Rect
        public var message: String
        public var suggestion: String
        public var line: Int?
        /// The screens (image names) it was found on.
        public var screens: [String]
        /// How many screens it was found on.
        public var count: Int { screens.count }

        enum CodingKeys: String, CodingKey { case rule, severity, frame, message, suggestion, line, screens, count }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            rule = try c.decode(AuditRule.self, forKey: .rule)
            severity = try c.decode(Severity.self, forKey: .severity)
            frame = try c.decode(Rect.self, forKey: .frame)
            message = try c.decode(String.self, forKey: .message)
            suggestion = try c.decode(String.self, forKey: .suggestion)
            line = try c.decodeIfPresent(Int.self, forKey: .line)
            screens = try c.decode([String].self, forKey: .screens)
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rule, forKey: .rule)
            try c.encode(severity, forKey: .severity)
            try c.encode(frame, forKey: .frame)
            try c.encode(message, forKey: .message)
            try c.encode(suggestion, forKey: .suggestion)
            try c.encodeIfPresent(line, forKey: .line)
            try c.encode(screens, forKey: .screens)
            try c.encode(count, forKey: .count)
        }
        init(rule: AuditRule, severity: Severity, frame: Rect, message: String, suggestion: String, line: Int?, screens: [String]) {
            self.rule = rule
            self.severity = severity
            self.frame = frame
            self.message = message
            self.suggestion = suggestion
            self.line = line
            self.screens = screens
        }
    }

    public var screens: [Screen]
    public var findings: [MergedFinding]
    public var reports: [AuditReport]

    /// Merges per-screen reports; `failures` are screens that could not be audited (image, message).
    public init(reports: [AuditReport], failures: [(image: String, hierarchy: String?, error: String)] = []) {
        self.reports = reports
        var merged: [MergedFinding] = []
        var index: [String: Int] = [:]
        for r in reports {
            for f in r.findings {
                // Frames to a 4-pixel grid: the same control rendered on two screens may shift by a pixel.
                let key = [
                    f.rule.rawValue, f.message, "\(Int((f.frame.x / 4).rounded()))", "\(Int((f.frame.y / 4).rounded()))",
                    "\(Int((f.frame.width / 4).rounded()))", "\(Int((f.frame.height / 4).rounded()))",
                ].joined(separator: "|")
                if let i = index[key] {
                    merged[i].screens.append(r.image)
                } else {
                    index[key] = merged.count
                    merged.append(
                        MergedFinding(
                            rule: f.rule, severity: f.severity, frame: f.frame, message: f.message,
                            suggestion: f.suggestion, line: f.line, screens: [r.image]))
                }
            }
        }
        findings = merged
        var screens = reports.map { Screen(image: $0.image, hierarchy: $0.hierarchy, findings: $0.findings.count) }
        screens += failures.map { Screen(image: $0.image, hierarchy: $0.hierarchy, findings: 0, error: $0.error) }
        self.screens = screens.sorted { $0.image < $1.image }
    }

    /// A summary line per screen, then each distinct finding once with the screens it is on.
    public var text: String {
        let total = reports.reduce(0) { $0 + $1.findings.count }
        let failed = screens.filter { $0.error != nil }.count
        var s =
            "\(screens.count) screens audited\(failed > 0 ? " (\(failed) failed)" : ""): \(total) findings, \(findings.count) distinct "
            + "(\(findings.filter { $0.severity == .error }.count) errors, \(findings.filter { $0.severity == .warning }.count) warnings, \(findings.filter { $0.severity == .note }.count) notes)\n"
        for sc in screens {
            s += "  \(sc.image): " + (sc.error.map { "error: \($0)" } ?? "\(sc.findings) findings") + "\n"
        }
        for f in findings {
            let on = f.screens.count == 1 ? f.screens[0] : "\(f.screens.count) screens: " + f.screens.joined(separator: ", ")
            s += "\n\(f.severity.rawValue) \(f.rule.rawValue) \(f.frame) [\(on)]\n  \(f.message)\n  fix: \(f.suggestion)\n"
        }
        return s
    }

    /// `{"screens": [...], "findings": [{"rule", "severity", "frame", "message", "suggestion", "screens"}]}`.
    public func jsonData() throws -> Data {
        struct Out: Encodable {
            var screens: [Screen]
            var findings: [MergedFinding]
        }
        return try AuditJSON.encode(Out(screens: screens, findings: findings))
    }

    /// SARIF 2.1.0 with one result per distinct finding (at its first screen's hierarchy line).
    public func sarifData() throws -> Data {
        var firsts: [AuditReport] = []
        for r in reports {
            var copy = r
            copy.findings = r.findings.filter { f in
                findings.contains { $0.rule == f.rule && $0.message == f.message && $0.screens.first == r.image && $0.frame == f.frame }
            }
            firsts.append(copy)
        }
        return try AuditJSON.encode(SARIF.log(reports: firsts))
    }
}
