import Foundation
import ScreenRecognition

extension AuditReport {
    /// A readable report: a header line, then each finding with its frame, message and fix.
    public var text: String {
        var s =
            "\(image): \(findings.count) finding\(findings.count == 1 ? "" : "s") (\(count(.error)) errors, \(count(.warning)) warnings, \(count(.note)) notes)\n"
        s += hierarchyLine + "\n"
        if let screenScale { s += "screen: \(screenScale)\n" }
        for f in findings { s += "\n" + Self.text(of: f) }
        for n in notes { s += "\nnote: \(n)\n" }
        return s
    }

    /// "hierarchy: NAME (format, N px per unit)", or that there was none.
    var hierarchyLine: String {
        guard let hierarchy else { return "hierarchy: none (pixel rules only)" }
        return "hierarchy: \(hierarchy) (\(hierarchyFormat?.rawValue ?? "auto"), \(Self.number(scale)) px per unit)"
    }

    static func text(of f: Finding) -> String {
        "\(f.severity.rawValue) \(f.rule.rawValue) \(f.frame)\(f.line.map { " line \($0)" } ?? "")\n  \(f.message)\n  fix: \(f.suggestion)\n"
    }

    static func number(_ v: Double) -> String {
        // Only an integral value that fits an Int is printed through one (Int(inf) traps).
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.3g", v)
    }

    /// `{"image", "imageSize", "hierarchy", "hierarchyFormat", "scale", "findings": [{"rule", "severity", "frame", "message", "suggestion", "line"}], "notes"}`, sorted keys.
    public func jsonData() throws -> Data {
        try AuditJSON.encode(self)
    }

    /// SARIF 2.1.0 for CI code scanning: one run, the rules, and each finding located at its line in
    /// the hierarchy file (line 1 when it has none), with the pixel frame in `properties`.
    public func sarifData() throws -> Data {
        try AuditJSON.encode(SARIF.log(reports: [self]))
    }
}

enum AuditJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var d = try e.encode(value)
        d.append(0x0A)
        return d
    }
}

/// The subset of SARIF 2.1.0 (OASIS) the reports use.
enum SARIF {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "screenrec"
        var informationUri = "https://github.com/screenrecognition/screenrecognition"
        var version = "0.1.0"
        var rules: [RuleDescriptor]
    }
    struct Text: Encodable { var text: String }
    struct RuleDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
        struct Configuration: Encodable { var level: String }
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        var properties: Properties
        struct Properties: Encodable {
            var frame: Rect
            var image: String
            var suggestion: String
        }
    }
    struct Location: Encodable {
        var physicalLocation: Physical
        struct Physical: Encodable {
            var artifactLocation: Artifact
            var region: Region?
        }
        struct Artifact: Encodable { var uri: String }
        struct Region: Encodable { var startLine: Int }
    }

    static func log(reports: [AuditReport]) -> Log {
        let rules = AuditRule.allCases.map {
            RuleDescriptor(
                id: $0.rawValue, name: $0.rawValue, shortDescription: Text(text: $0.summary),
                defaultConfiguration: .init(level: $0.defaultSeverity.rawValue))
        }
        var results: [Result] = []
        // Without a hierarchy, findings are located in the screenshot itself (no line).
        for r in reports {
            for f in r.findings {
                let fingerprint = "\(f.rule.rawValue)|\(f.message)"
                results.append(
                    Result(
                        ruleId: f.rule.rawValue, ruleIndex: AuditRule.allCases.firstIndex(of: f.rule)!, level: f.severity.rawValue,
                        message: Text(text: "\(f.message) Fix: \(f.suggestion)"),
                        locations: [
                            Location(
                                physicalLocation: .init(
                                    artifactLocation: .init(uri: r.hierarchy ?? r.image),
                                    region: r.hierarchy == nil ? nil : .init(startLine: f.line ?? 1)))
                        ],
                        partialFingerprints: ["screenrecFinding/v1": fingerprint],
                        properties: .init(frame: f.frame, image: r.image, suggestion: f.suggestion)))
            }
        }
        return Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)])
    }
}

enum HTML {
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:2em;color:#222}
        .layout{display:flex;gap:2em;align-items:flex-start}
        img{max-width:390px;border:1px solid #ccc}
        table{border-collapse:collapse;font-size:14px}
        td,th{border:1px solid #ddd;padding:4px 8px;vertical-align:top;text-align:left}
        tr.error td:nth-child(2){color:#b00020;font-weight:bold}
        tr.warning td:nth-child(2){color:#a05a00}
        code{font-size:12px;white-space:pre-wrap}
        </style></head><body>
        <h1>\(escape(title))</h1>
        \(body)
        </body></html>

        """
    }

    static func row(_ n: Int, _ f: Finding, extra: String = "") -> String {
        "<tr class=\"\(f.severity.rawValue)\"><td>\(n)</td><td>\(f.severity.rawValue)</td><td><code>\(f.rule.rawValue)</code></td>"
            + "<td>\(escape(f.message))\(extra)</td><td><code>\(escape(f.suggestion))</code></td><td>\(escape(f.frame.description))\(f.line.map { "<br>line \($0)" } ?? "")</td></tr>\n"
    }

    static let header = "<thead><tr><th>#</th><th>severity</th><th>rule</th><th>finding</th><th>fix</th><th>frame</th></tr></thead>"
}

extension AuditReport {
    /// A self-contained HTML page: the overlay picture (PNG bytes, embedded as base64) and a table of
    /// findings numbered as on the picture.
    public func html(overlayPNG: Data?) -> String {
        HTML.page(title: "Accessibility audit: \(image)", body: htmlSection(overlayPNG: overlayPNG))
    }

    /// The page's body: summary, notes, picture and findings table.
    func htmlSection(overlayPNG: Data?) -> String {
        let rows = findings.enumerated().map { HTML.row($0.offset + 1, $0.element) }.joined()
        let picture =
            overlayPNG.map {
                "<img alt=\"The screenshot with each finding's frame drawn and numbered\" src=\"data:image/png;base64,\($0.base64EncodedString())\">"
            } ?? ""
        let notesHTML = notes.map { "<p class=\"note\">\(HTML.escape($0))</p>" }.joined()
        return """
            <p>\(findings.count) findings: \(count(.error)) errors, \(count(.warning)) warnings, \(count(.note)) notes. \(HTML.escape(hierarchyLine.prefix(1).uppercased() + hierarchyLine.dropFirst())).\(screenScale.map { " Screen: \(HTML.escape($0.description))." } ?? "") Frames are in image pixels [x, y, width, height].</p>
            \(notesHTML)
            <div class="layout">\(picture)
            <table>\(HTML.header)<tbody>
            \(rows)</tbody></table></div>
            """
    }
}

extension BatchReport {
    /// One self-contained page: the distinct findings (each once, with its screens), then each
    /// screen with its overlay picture (`overlays` by image name) and its own findings.
    public func html(overlays: [String: Data]) -> String {
        var body = "<p>\(screens.count) screens, \(findings.count) distinct findings.</p>\n<h2>Distinct findings</h2>\n<table>\(HTML.header)<tbody>\n"
        for (i, m) in findings.enumerated() {
            let f = Finding(rule: m.rule, severity: m.severity, frame: m.frame, message: m.message, suggestion: m.suggestion, line: m.line)
            body += HTML.row(i + 1, f, extra: "<br><small>on \(m.screens.map(HTML.escape).joined(separator: ", "))</small>")
        }
        body += "</tbody></table>\n"
        for sc in screens where sc.error != nil {
            body += "<p class=\"note\">\(HTML.escape(sc.image)): \(HTML.escape(sc.error!))</p>\n"
        }
        for r in reports {
            body += "<h2>\(HTML.escape(r.image))</h2>\n" + r.htmlSection(overlayPNG: overlays[r.image]) + "\n"
        }
        return HTML.page(title: "Accessibility audit: \(screens.count) screens", body: body)
    }
}
