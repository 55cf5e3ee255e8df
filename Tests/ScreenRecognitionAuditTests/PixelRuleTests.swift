import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionAudit

/// A synthetic screen: flat fills and "text" drawn as anti-aliased vertical stems.
struct SyntheticScreen {
    var width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: RGB) {
        self.width = width
        self.height = height
        pixels = RGBAImage(width: width, height: height, fill: fill).pixels
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels)! }

    mutating func fill(_ r: Rect, _ c: RGB) { pixels = RGBAImage(width: width, height: height, pixels: pixels)!.filling(r, with: c).pixels }

    /// Blends `c` over the pixel at (x, y) with coverage `a`, in sRGB values as font rasterisers do.
    mutating func blend(_ x: Int, _ y: Int, _ c: RGB, _ a: Double) {
        let i = (y * width + x) * 4
        for (k, v) in [c.r, c.g, c.b].enumerated() {
            pixels[i + k] = UInt8((Double(pixels[i + k]) * (1 - a) + Double(v) * a).rounded())
        }
    }

    /// `stems` vertical strokes `stroke` px wide and `height` px tall from (x, y), 2·stroke apart,
    /// with half- and quarter-covered edge columns and half-covered end rows (anti-aliasing).
    mutating func text(x: Int, y: Int, height h: Int, stems: Int, stroke: Int, color: RGB) {
        for s in 0..<stems {
            let x0 = x + s * stroke * 3
            for yy in y..<(y + h) {
                let end = yy == y || yy == y + h - 1 ? 0.5 : 1
                blend(x0 - 1, yy, color, 0.25 * end)
                blend(x0, yy, color, 0.6 * end)
                for k in 1...stroke { blend(x0 + k, yy, color, end) }
                blend(x0 + stroke + 1, yy, color, 0.4 * end)
            }
        }
    }
}

@Suite("Pixel rules: WCAG contrast and colour estimation")
struct ContrastTests {
    @Test(
        "relative-luminance contrast ratios (WCAG 2.2)",
        arguments: [
            ("#000000", "#FFFFFF", 21.0), ("#FFFFFF", "#FFFFFF", 1.0), ("#767676", "#FFFFFF", 4.54), ("#777777", "#FFFFFF", 4.48),
            ("#595959", "#FFFFFF", 7.0), ("#FF0000", "#FFFFFF", 4.0), ("#0000FF", "#FFFFFF", 8.59), ("#FFFFFF", "#007AFF", 4.02),
            ("#8E8E93", "#1C1C1E", 5.22), ("#FFFFFF", "#808080", 3.95),
        ])
    func ratio(_ a: String, _ b: String, _ expected: Double) {
        let r = Contrast.ratio(colorHex(a), colorHex(b))
        #expect(abs(r - expected) < 0.01, "\(a) on \(b): \(r)")
        #expect(Contrast.ratio(colorHex(b), colorHex(a)) == r)  // symmetric
    }

    @Test(
        "ratios are written truncated to one decimal, so failing never reads as passing",
        arguments: [
            (4.499, "4.4:1"), (2.96, "2.9:1"), (21, "21.0:1"), (3, "3.0:1"), (4.5, "4.5:1"),
        ])
    func format(_ r: Double, _ s: String) { #expect(Contrast.format(r) == s) }

    @Test(
        "the suggested colour passes, stays close, and keeps the direction the background needs",
        arguments: [
            ("#999999", "#FFFFFF", 4.5), ("#8E8E93", "#F2F2F7", 4.5), ("#3A3A3C", "#000000", 4.5), ("#FF9500", "#FFFFFF", 3.0),
            ("#5A5A5E", "#1C1C1E", 4.5), ("#FFFFFF", "#34C759", 4.5),
        ])
    func passing(_ text: String, _ bg: String, _ required: Double) throws {
        let c = try #require(Contrast.passingColor(for: colorHex(text), against: colorHex(bg), required: required))
        let r = Contrast.ratio(c, colorHex(bg))
        #expect(r >= required)
        #expect(r < required + 0.35, "\(c) is \(r):1, further than needed")
    }

    @Test("no colour passes 4.5:1 on mid grey #777777 at 7:1")
    func impossible() { #expect(Contrast.passingColor(for: colorHex("#888888"), against: colorHex("#777777"), required: 7) == nil) }

    struct Case: Sendable, CustomStringConvertible {
        var name: String, text: String, background: String, page: String?, stroke: Int
        var description: String { name }
    }

    @Test(
        "colour estimation: anti-aliased edges do not pull the ink colour, light and dark, on tinted fills",
        arguments: [
            Case(name: "grey on white", text: "#767676", background: "#FFFFFF", page: nil, stroke: 3),
            Case(name: "thin light-grey on white", text: "#AAAAAA", background: "#FFFFFF", page: nil, stroke: 1),
            Case(name: "dark mode", text: "#8E8E93", background: "#1C1C1E", page: nil, stroke: 4),
            Case(name: "white on a blue button on a white page", text: "#FFFFFF", background: "#007AFF", page: "#FFFFFF", stroke: 3),
            Case(name: "blue on a tinted capsule on a dark page", text: "#0A84FF", background: "#1E3A5F", page: "#000000", stroke: 2),
            Case(name: "orange on white", text: "#FF9500", background: "#FFFFFF", page: nil, stroke: 5),
        ])
    func estimation(_ c: Case) throws {
        var screen = SyntheticScreen(width: 300, height: 120, fill: colorHex(c.page ?? c.background))
        if c.page != nil { screen.fill(Rect(x: 20, y: 20, width: 260, height: 80), colorHex(c.background)) }
        screen.text(x: 60, y: 45, height: 30, stems: 8, stroke: c.stroke, color: colorHex(c.text))
        let box = Rect(x: 55, y: 42, width: Double(8 * c.stroke * 3 + 10), height: 36)
        let s = try #require(ColorEstimation.sample(screen.image, box: box, ring: 4))
        #expect(s.foreground.distance(to: colorHex(c.text)) <= 3, "ink \(s.foreground)")
        #expect(s.background.distance(to: colorHex(c.background)) <= 2, "background \(s.background)")
        let truth = Contrast.ratio(colorHex(c.text), colorHex(c.background))
        #expect(abs(s.ratio - truth) / truth < 0.03, "\(s.ratio) vs \(truth)")
        #expect((28...31).contains(s.capHeight), "cap height \(s.capHeight)")
        #expect(s.backgroundUniformity > 0.9)
        #expect(s.lines == 1)
    }

    @Test("nothing to measure in a flat box, or a box outside the image")
    func nothing() {
        let flat = RGBAImage(width: 50, height: 50, fill: .white)
        #expect(ColorEstimation.sample(flat, box: Rect(x: 5, y: 5, width: 30, height: 20), ring: 3) == nil)
        #expect(ColorEstimation.sample(flat, box: Rect(x: 60, y: 60, width: 30, height: 20), ring: 3) == nil)
    }

    @Test(
        "screen scale from known sizes, either orientation; unknown sizes are assumed and said so",
        arguments: [
            (1170, 2532, 3.0, Platform.ios, ScreenScale.Source.imageSize), (2532, 1170, 3.0, .ios, .imageSize),
            (750, 1334, 2.0, .ios, .imageSize), (1080, 2400, 2.628, .android, .imageSize), (1440, 3120, 3.504, .android, .imageSize),
            (385, 640, 0.987, .ios, .assumed),
        ])
    func scale(_ w: Int, _ h: Int, _ ppp: Double, _ platform: Platform, _ source: ScreenScale.Source) {
        let s = ScreenScale.infer(width: w, height: h)
        #expect(abs(s.pixelsPerPoint - ppp) < 0.001 && s.platform == platform && s.source == source, "\(s)")
    }
}

@Suite("Pixel rules on a synthetic screen")
struct PixelRuleTests {
    /// A 2× iPhone screen (750 × 1334): failing and passing body text, a large title at 3.2:1,
    /// a truncated label, tiny text, a faint icon, a small icon button.
    static func screen() throws -> (RGBAImage, ScreenAnalysis, [Detection]) {
        var s = SyntheticScreen(width: 750, height: 1334, fill: .white)
        var detections: [Detection] = []
        func text(_ y: Int, _ h: Int, _ color: String, _ label: String, stroke: Int = 2, stems: Int = 12, x: Int = 40) {
            s.text(x: x, y: y, height: h, stems: stems, stroke: stroke, color: colorHex(color))
            detections.append(
                Detection(
                    type: .text, box: Rect(x: Double(x - 6), y: Double(y - 4), width: Double(stems * stroke * 3 + 10), height: Double(h + 8)), text: label))
        }
        text(100, 24, "#999999", "Forgot password")  // 2.8:1 body (24 px ink / 0.76 / 2 = 16 pt)
        text(200, 24, "#595959", "Terms apply")  // 7:1 body
        text(300, 52, "#8A8A8A", "Welcome", stroke: 8, stems: 10)  // 3.4:1, 34 pt: large, passes 3:1
        text(450, 24, "#222222", "Wireless Headphones Pro…")
        text(550, 12, "#222222", "Legal")  // 12 px ink → 7.9 pt
        // A faint icon and a small icon button (1.4:1 grey on white; 40 × 40 px = 20 pt).
        s.fill(Rect(x: 600, y: 100, width: 40, height: 40), colorHex("#D8D8D8"))
        detections.append(Detection(type: .icon, box: Rect(x: 596, y: 96, width: 48, height: 48), iconLabel: .close))
        let image = s.image
        let analysis = try ScreenAnalyzer().analyze(image: image, detections: detections)
        return (image, analysis, detections)
    }

    static let scale = ScreenScale(pixelsPerPoint: 2, platform: .ios, source: .imageSize, device: "test")

    @Test("textContrast flags the failing text with its ratio, the required ratio and a passing colour")
    func textContrast() throws {
        let (image, analysis, _) = try Self.screen()
        let r = PixelRules.run(image: image, analysis: analysis, scale: Self.scale)
        let hits = r.findings.filter { $0.rule == .textContrast }
        #expect(hits.count == 1, "\(hits.map(\.message))")
        let f = try #require(hits.first)
        #expect(f.message.contains("“Forgot password” has contrast 2.8:1 (#999999 on #FFFFFF)"), "\(f.message)")
        #expect(f.message.contains("requires 4.5:1"))
        #expect(f.severity == .error)
        #expect(f.suggestion.contains("#767676") || f.suggestion.contains("#757575"), "\(f.suggestion)")
        let title = try #require(r.texts.first { $0.text == "Welcome" })
        #expect(title.required == 3 && title.points >= 30 && title.bold)
        let body = try #require(r.texts.first { $0.text == "Terms apply" })
        #expect(body.required == 4.5 && abs(body.points - 16) < 1.5 && !body.bold)
    }

    @Test("truncatedText, smallText, nonTextContrast and smallTouchTarget")
    func otherRules() throws {
        let (image, analysis, _) = try Self.screen()
        let r = PixelRules.run(image: image, analysis: analysis, scale: Self.scale)
        let truncated = r.findings.filter { $0.rule == .truncatedText }
        #expect(truncated.count == 1 && truncated[0].message.contains("Wireless Headphones Pro…"), "\(truncated)")
        let small = r.findings.filter { $0.rule == .smallText }
        #expect(
            small.count == 1 && small[0].message.contains("“Legal” is about") && small[0].message.contains("pt, below the 11 pt minimum"),
            "\(small.map(\.message))")
        let icon = r.findings.filter { $0.rule == .nonTextContrast }
        #expect(icon.count == 1 && icon[0].message.contains("1.4:1"), "\(icon.map(\.message))")
        let targets = r.findings.filter { $0.rule == .smallTouchTarget }
        #expect(targets.allSatisfy { $0.message.contains("only the visible size was measured") })
        let off = PixelRules.run(image: image, analysis: analysis, scale: Self.scale, touchTargets: false)
        #expect(!off.findings.contains { $0.rule == .smallTouchTarget })
    }

    @Test(
        "an ellipsis on purpose (Loading…) and a full stop are not truncation",
        arguments: [
            ("Loading…", false), ("Read more...", false), ("Done.", false), ("Wireless Headph...", true), ("Anna Smi…", true), ("Weiter..", true),
        ])
    func ellipsis(_ s: String, _ truncated: Bool) { #expect((PixelRules.ellipsis(s) != nil) == truncated) }

    @Test("text running into its container's edge is truncated; text inside it is not")
    func clipped() throws {
        var s = SyntheticScreen(width: 750, height: 400, fill: .white)
        s.fill(Rect(x: 20, y: 20, width: 300, height: 100), colorHex("#F2F2F7"))
        s.text(x: 200, y: 50, height: 24, stems: 20, stroke: 3, color: colorHex("#000000"))  // runs past x = 320
        s.fill(Rect(x: 320, y: 20, width: 430, height: 100), .white)  // the container clips it
        s.fill(Rect(x: 20, y: 200, width: 300, height: 100), colorHex("#F2F2F7"))
        s.text(x: 40, y: 230, height: 24, stems: 10, stroke: 3, color: colorHex("#000000"))
        let d = [
            Detection(type: .container, box: Rect(x: 20, y: 20, width: 300, height: 100)),
            Detection(type: .text, box: Rect(x: 194, y: 46, width: 126, height: 32), text: "Subscription renew"),
            Detection(type: .container, box: Rect(x: 20, y: 200, width: 300, height: 100)),
            Detection(type: .text, box: Rect(x: 34, y: 226, width: 110, height: 32), text: "Settings"),
        ]
        let image = s.image
        let analysis = try ScreenAnalyzer().analyze(image: image, detections: d)
        let r = PixelRules.run(image: image, analysis: analysis, scale: PixelRuleTests.scale)
        let hits = r.findings.filter { $0.rule == .truncatedText }
        #expect(hits.count == 1 && hits[0].message.contains("cut off by the right edge of its container"), "\(r.findings.map(\.message))")
    }

    @Test("not truncation: text going on past a too-narrow container box, a placeholder at a text field's left edge")
    func notClipped() throws {
        var s = SyntheticScreen(width: 750, height: 400, fill: .white)
        // The text runs 40 px past the right edge of the box detected for its field (nothing clips it).
        s.text(x: 200, y: 50, height: 24, stems: 20, stroke: 3, color: colorHex("#000000"))
        // A placeholder whose detected text field starts exactly where the text does.
        s.text(x: 40, y: 230, height: 24, stems: 10, stroke: 3, color: colorHex("#8E8E93"))
        let d = [
            Detection(type: .textField, box: Rect(x: 20, y: 20, width: 300, height: 100)),
            Detection(type: .text, box: Rect(x: 194, y: 46, width: 126, height: 32), text: "forgot password"),
            Detection(type: .textField, box: Rect(x: 40, y: 200, width: 300, height: 100)),
            Detection(type: .text, box: Rect(x: 40, y: 226, width: 104, height: 32), text: "Password"),
        ]
        let image = s.image
        let analysis = try ScreenAnalyzer().analyze(image: image, detections: d)
        let r = PixelRules.run(image: image, analysis: analysis, scale: PixelRuleTests.scale)
        #expect(!r.findings.contains { $0.rule == .truncatedText }, "\(r.findings.map(\.message))")
    }
}

@Suite("Pixel-only audit reports")
struct PixelReportTests {
    static func report() throws -> AuditReport {
        let (image, analysis, detections) = try PixelRuleTests.screen()
        return Audit.run(image: image, analysis: analysis, hierarchy: nil, detections: detections, image: "synthetic.png")
    }

    @Test("text: no hierarchy, the scale and where it came from, the findings")
    func text() throws {
        let t = try Self.report().text
        #expect(t.contains("hierarchy: none (pixel rules only)"))
        #expect(t.contains("screen: 2 px per pt (iPhone 6–8/SE 750×1334 @2x screenshot size)"), "\(t)")
        #expect(t.contains("error textContrast"))
        #expect(t.contains("warning truncatedText"))
    }

    @Test("JSON: screenScale, texts measured, findings; no hierarchy keys")
    func json() throws {
        let o = try JSONSerialization.jsonObject(with: Self.report().jsonData()) as! [String: Any]
        #expect(o["hierarchy"] == nil && o["hierarchyFormat"] == nil)
        let scale = try #require(o["screenScale"] as? [String: Any])
        #expect(scale["pixelsPerPoint"] as? Double == 2 && scale["source"] as? String == "imageSize" && scale["platform"] as? String == "ios")
        #expect((o["texts"] as? [Any])?.count == 5)
        #expect((o["findings"] as? [[String: Any]])?.contains { $0["rule"] as? String == "textContrast" } == true)
    }

    @Test("SARIF: results located in the screenshot, with no line")
    func sarif() throws {
        let log = try JSONSerialization.jsonObject(with: Self.report().sarifData()) as! [String: Any]
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let contrast = try #require(results.first { $0["ruleId"] as? String == "textContrast" })
        let location = try #require(((contrast["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "synthetic.png")
        #expect(location["region"] == nil)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "nonTextContrast" })
    }

    @Test("HTML: the overlay picture and the pixel findings")
    func html() throws {
        let (image, _, _) = try PixelRuleTests.screen()
        let report = try Self.report()
        let html = report.html(overlayPNG: Data([0x89, 0x50]))
        #expect(html.contains("Hierarchy: none (pixel rules only)"))
        #expect(html.contains("<code>textContrast</code>"))
        #expect(html.contains("data:image/png;base64,"))
        #expect(Overlay.findings(image, report: report).width == 750)
    }

    @Test("a batch merges the same finding on several screens into one, with its count")
    func batch() throws {
        var a = try Self.report()
        var b = a
        a.image = "one.png"
        b.image = "two.png"
        let batch = BatchReport(reports: [a, b])
        #expect(batch.findings.count == a.findings.count)
        #expect(batch.findings.allSatisfy { $0.count == 2 })
        let o = try JSONSerialization.jsonObject(with: batch.jsonData()) as! [String: Any]
        #expect((o["findings"] as? [[String: Any]])?.first?["count"] as? Int == 2)
    }
}

func colorHex(_ s: String) -> RGB {
    let v = UInt32(s.dropFirst(), radix: 16)!
    return RGB(r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF))
}
