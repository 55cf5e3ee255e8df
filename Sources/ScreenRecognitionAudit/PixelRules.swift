import Foundation
import ScreenRecognition

/// The pixel rules' thresholds, each from the guideline or measurement it names.
public struct PixelAuditConfiguration: Codable, Sendable, Hashable {
    /// WCAG 2.2 SC 1.4.3 Contrast (Minimum), level AA: 4.5:1 for text.
    public var normalTextRatio: Double = 4.5
    /// WCAG 2.2 SC 1.4.3: 3:1 for large-scale text.
    public var largeTextRatio: Double = 3
    /// WCAG 2.2 SC 1.4.11 Non-text Contrast, level AA: 3:1 for user-interface components.
    public var nonTextRatio: Double = 3
    /// WCAG 2.2 "large scale (text)": at least 18 point, or 14 point bold — read in iOS points and
    /// Android sp, as Google's Accessibility Scanner and Apple's Accessibility Inspector apply it.
    public var largeTextPoints: Double = 18
    public var largeBoldTextPoints: Double = 14
    /// Apple HIG Typography: 11 pt is the smallest size of the iOS type scale (Caption 2).
    public var minimumTextIOS: Double = 11
    /// Material Design / Android accessibility guidance: body text at least 12 sp.
    public var minimumTextAndroid: Double = 12
    /// Apple HIG Accessibility: hit targets at least 44 × 44 pt.
    public var minimumTouchTargetIOS: Double = 44
    /// Material Design / Android accessibility: touch targets at least 48 × 48 dp.
    public var minimumTouchTargetAndroid: Double = 48
    /// Ink height (top of ascenders and capitals to the baseline) per em: 0.745–0.784 measured on
    /// Inter and DejaVu Sans, Regular to Bold, at 33–60 px (training/pixel_audit/generate.py fonts).
    public var inkHeightPerEm: Double = 0.76
    /// x-height per em, for text with no ascender, capital or digit (Inter 0.546, DejaVu Sans 0.547 from
    /// their OS/2 tables; SF Pro and Roboto are slightly lower).
    public var xHeightPerEm: Double = 0.54
    /// Stem width per em at or above which text is bold: Regular measured 0.078–0.100, Bold
    /// 0.150–0.183, SemiBold 0.121–0.137 (Inter, DejaVu Sans; same measurement as above).
    public var boldStrokePerEm: Double = 0.13
    /// Contrast is judged only where at least this fraction of the ring around the element is one
    /// flat colour; over photos and gradients one background colour says little (a judgement, noted in the report).
    public var minimumBackgroundUniformity: Double = 0.5

    public init() {}
    public static let `default` = PixelAuditConfiguration()
}

/// What the pixel rules found on one screen.
public struct PixelAuditResult: Sendable, Hashable {
    public var findings: [Finding]
    public var notes: [String]
    /// Each text measured: its frame, colours, ratio, estimated size (for accuracy checks and `--format json`).
    public var texts: [TextMeasurement]
}

/// One text element as the pixel rules measured it.
public struct TextMeasurement: Codable, Sendable, Hashable {
    public var frame: Rect
    public var text: String?
    public var foreground: RGB
    public var background: RGB
    public var ratio: Double
    public var points: Double
    public var bold: Bool
    public var required: Double
}

/// Rules that need only the screenshot: WCAG contrast of text and controls, truncated text, text
/// size, and the visible size of touch targets. Heuristic like the tree rules; never throws.
public enum PixelRules {
    /// Runs the pixel rules over the leaves of `analysis` on `image`.
    ///
    /// - Parameters:
    ///   - image: the screenshot.
    ///   - analysis: what the pixels show; its leaves are the elements judged.
    ///   - scale: pixels per point or dp, and the platform whose guidelines apply.
    ///   - touchTargets: whether to judge the visible size of interactive elements (off when
    ///     the app's tree gives their real frames).
    ///   - c: the pixel rules' thresholds.
    public static func run(
        image: RGBAImage, analysis: ScreenAnalysis, scale: ScreenScale, touchTargets: Bool = true,
        configuration c: PixelAuditConfiguration = .default
    ) -> PixelAuditResult {
        var findings: [Finding] = []
        var texts: [TextMeasurement] = []
        var unmeasured = 0
        var overPictures = 0
        let ppp = scale.pixelsPerPoint > 0 ? scale.pixelsPerPoint : 1
        let platform = scale.platform

        // Every detection the analysis kept, once, and the boxes that can clip a text.
        var detections: [Detection] = []
        var seen = Set<Rect>()
        for e in analysis.elements {
            for x in e.flattened { for d in x.detections where seen.insert(d.box).inserted { detections.append(d) } }
        }
        let clippers = detections.filter { [.container, .textField, .dialog].contains($0.type) }.map(\.box)

        for d in detections where d.type == .text {
            let ring = max(2, min(8, Int(d.box.height / 8)))
            guard let s = ColorEstimation.sample(image, box: d.box, ring: ring) else {
                unmeasured += 1
                continue
            }
            let label = d.text?.trimmingCharacters(in: .whitespacesAndNewlines)
            let name = label.flatMap { $0.isEmpty ? nil : "Text “\($0.count > 40 ? String($0.prefix(39)) + "…" : $0)”" } ?? "Text at \(d.box)"
            let emPerInk = label.map(hasTallGlyphs) ?? true ? c.inkHeightPerEm : c.xHeightPerEm
            let fontPixels = Double(s.capHeight) / emPerInk
            let points = fontPixels / ppp
            let bold = fontPixels > 0 && s.strokeWidth / fontPixels >= c.boldStrokePerEm
            let large = points >= c.largeTextPoints || (bold && points >= c.largeBoldTextPoints)
            let required = large ? c.largeTextRatio : c.normalTextRatio
            let ratio = s.ratio
            let uniform = s.backgroundUniformity >= c.minimumBackgroundUniformity
            texts.append(
                TextMeasurement(
                    frame: d.box, text: label, foreground: s.foreground, background: s.background,
                    ratio: (ratio * 100).rounded() / 100, points: (points * 10).rounded() / 10, bold: bold, required: required))

            // textContrast.
            if !uniform {
                overPictures += 1
            } else if ratio < required {
                let size = "\(Int(points.rounded())) \(scale.unit)\(bold ? " bold" : "")"
                let kind =
                    large
                    ? "large text (≥ \(Int(c.largeTextPoints)) \(scale.unit), or ≥ \(Int(c.largeBoldTextPoints)) \(scale.unit) bold)"
                    : "text under \(Int(c.largeTextPoints)) \(scale.unit)"
                let fix: String
                if let better = Contrast.passingColor(for: s.foreground, against: s.background, required: required) {
                    let rgb = "red: \(unit(better.r)), green: \(unit(better.g)), blue: \(unit(better.b))"
                    let code =
                        platform == .ios
                        ? "label.textColor = UIColor(\(rgb), alpha: 1) (SwiftUI: .foregroundStyle(Color(\(rgb))))"
                        : "android:textColor=\"\(better)\""
                    fix = "use \(better) for the text (\(Contrast.format(Contrast.ratio(better, s.background))) on \(s.background)): \(code)"
                } else {
                    fix = "no text colour reaches \(Contrast.format(required)) on \(s.background): change the background"
                }
                findings.append(
                    Finding(
                        rule: .textContrast, frame: d.box,
                        message:
                            "\(name) has contrast \(Contrast.format(ratio)) (\(s.foreground) on \(s.background)); WCAG 2.2 SC 1.4.3 requires \(Contrast.format(required)) for \(kind) — about \(size) here.",
                        suggestion: fix))
            }

            // smallText.
            let minimum = platform == .ios ? c.minimumTextIOS : c.minimumTextAndroid
            if points < minimum {
                let unit = platform == .ios ? "pt" : "sp"
                let source = platform == .ios ? "Apple's Human Interface Guidelines" : "Material Design"
                let fix =
                    platform == .ios
                    ? "use a text style of at least \(Int(minimum)) pt that scales with Dynamic Type: UIFont.preferredFont(forTextStyle: .caption1) with adjustsFontForContentSizeCategory = true (SwiftUI: .font(.caption))"
                    : "android:textSize=\"\(Int(minimum))sp\" or larger (sp, so it follows the user's font size)"
                findings.append(
                    Finding(
                        rule: .smallText, frame: d.box,
                        message:
                            "\(name) is about \(AuditReport.number((points * 10).rounded() / 10)) \(unit), below the \(Int(minimum)) \(unit) minimum of \(source).",
                        suggestion: fix))
            }

            // truncatedText: an ellipsis at the end of the recognised text …
            if let label, let cut = ellipsis(label) {
                findings.append(
                    Finding(
                        rule: .truncatedText, frame: d.box,
                        message: "\(name) ends in “\(cut)”: it is truncated, and screen readers read the truncated text when the label comes from it.",
                        suggestion: truncationFix(platform)))
            } else if let edge = clippedEdge(d.box, sample: s, clippers: clippers, image: image) {
                // … or ink running into the edge of its container or the screen.
                findings.append(
                    Finding(
                        rule: .truncatedText, frame: d.box,
                        message: "\(name) is cut off by the \(edge): its glyphs run into the edge.",
                        suggestion: truncationFix(platform)))
            }
        }

        // nonTextContrast: icons, switches, checkboxes, text-field borders against what is next to them.
        for d in detections {
            let what: String
            switch d.type {
            case .icon: what = "Icon"
            case .toggleSelected, .toggleUnselected: what = "Switch"
            case .checkboxSelected, .checkboxUnselected: what = "Checkbox"
            case .textField: what = "Text field border"
            default: continue
            }
            let ring = max(2, min(8, Int(min(d.box.width, d.box.height) / 6)))
            let band = d.type == .textField ? max(2, Int((2 * ppp).rounded())) : nil
            guard let s = ColorEstimation.sample(image, box: d.box, ring: ring, edgeBand: band),
                s.backgroundUniformity >= c.minimumBackgroundUniformity
            else { continue }
            let ratio = s.ratio
            guard ratio < c.nonTextRatio else { continue }
            let fixColor = Contrast.passingColor(for: s.foreground, against: s.background, required: c.nonTextRatio)
            let label = d.iconLabel.map { " “\($0.rawValue)”" } ?? ""
            findings.append(
                Finding(
                    rule: .nonTextContrast, frame: d.box,
                    message:
                        "\(what)\(label) has contrast \(Contrast.format(ratio)) (\(s.foreground) against \(s.background)); WCAG 2.2 SC 1.4.11 requires \(Contrast.format(c.nonTextRatio)) for the parts that identify a control and its state.",
                    suggestion: fixColor.map {
                        "draw it in \($0) (\(Contrast.format(Contrast.ratio($0, s.background))) on \(s.background))"
                            + (d.type == .textField ? " or give the field a \($0) border" : "")
                    }
                        ?? "change the background behind it: no colour reaches 3:1 on \(s.background)"))
        }

        // smallTouchTarget from the visible size of interactive elements.
        if touchTargets {
            let minimum = platform == .ios ? c.minimumTouchTargetIOS : c.minimumTouchTargetAndroid
            for e in analysis.elements.flatMap(\.flattened)
            where e.children.isEmpty
                && [.button, .textField, .segment, .tabButton].contains(e.kind)
            {
                let w = e.frame.width / ppp
                let h = e.frame.height / ppp
                guard w < minimum || h < minimum else { continue }
                let name = e.label.map { "“\($0)”" } ?? Rules.kindName(e.kind)
                findings.append(
                    Finding(
                        rule: .smallTouchTarget, frame: e.frame,
                        message:
                            "The visible \(Rules.kindName(e.kind)) \(name) is \(Int(w.rounded()))×\(Int(h.rounded())) \(scale.unit), smaller than \(Int(minimum))×\(Int(minimum)) \(scale.unit); only the visible size was measured — its tappable area may be larger.",
                        suggestion: platform == .ios
                            ? "make its hit area at least \(Int(minimum))×\(Int(minimum)) pt (SwiftUI: .frame(minWidth: \(Int(minimum)), minHeight: \(Int(minimum))).contentShape(Rectangle()); UIKit: enlarge the button's frame or override point(inside:with:))"
                            : "android:minWidth=\"\(Int(minimum))dp\" android:minHeight=\"\(Int(minimum))dp\", or a TouchDelegate"))
            }
        }

        var notes: [String] = []
        if overPictures > 0 { notes.append("textContrast: \(overPictures) text(s) over a picture or gradient not judged (no one background colour)") }
        if unmeasured > 0 { notes.append("textContrast: \(unmeasured) text box(es) with no measurable ink") }
        return PixelAuditResult(findings: findings, notes: notes, texts: texts)
    }

    /// Whether the text has glyphs reaching cap height (capitals, digits, ascenders): then the ink
    /// height is the ascender height, else the x-height.
    static func hasTallGlyphs(_ s: String) -> Bool {
        s.isEmpty || s.contains { $0.isUppercase || $0.isNumber || "bdfhklt!?/()[]{}|'\"#$%&@".contains($0) || !$0.isASCII }
    }

    /// Words that end in an ellipsis on purpose (progress, "more").
    static let intendedEllipsis: Set<String> = [
        "loading", "saving", "searching", "connecting", "updating", "syncing",
        "processing", "sending", "uploading", "downloading", "wait", "more", "typing",
    ]

    /// The ellipsis ending `s` ("…", "...", ".."), unless it follows a word that ends in one on purpose.
    static func ellipsis(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespaces)
        let cut: String
        if t.hasSuffix("…") || t.hasSuffix("⋯") {
            cut = String(t.last!)
        } else if t.hasSuffix("..") {
            cut = t.hasSuffix("...") ? "..." : ".."
        } else {
            return nil
        }
        let before = t.dropLast(cut.count).trimmingCharacters(in: .whitespaces)
        guard !before.isEmpty else { return nil }
        let last = before.split(whereSeparator: { !$0.isLetter }).last.map { $0.lowercased() } ?? ""
        return intendedEllipsis.contains(last) ? nil : cut
    }

    /// Where the text's ink runs into a container's right edge, or the screen's left or right edge.
    static func clippedEdge(_ box: Rect, sample s: ColorSample, clippers: [Rect], image: RGBAImage) -> String? {
        if s.inkRight >= image.width - 1 { return "right edge of the screen" }
        if s.inkLeft <= 0 { return "left edge of the screen" }
        // The smallest box holding most of the text that is wider than it.
        let holders = clippers.filter { box.fractionInside($0) >= 0.8 && $0.width > box.width + 2 }
        guard let c = holders.min(by: { $0.area < $1.area }) else { return nil }
        // Ink within an eighth of the cap height (at least 3 px) of the edge: a glyph cut there
        // keeps only anti-aliased slivers in the last column or two; text laid out inside a
        // container keeps a margin of several points.
        // The columns up to the edge are searched too: a text box may stop short of the sliver of
        // a glyph cut at the edge.
        let reach = max(3, Double(s.capHeight) / 8)
        let edge = Int(c.maxX.rounded())
        let step = Int(reach.rounded())
        guard Double(s.inkRight) >= c.maxX - reach || hasInk(image, s, x: Int((c.maxX - reach).rounded())..<edge) else { return nil }
        // Ink again one to five eighths of the cap height beyond the edge means the text goes on:
        // the container's box is narrower than its text, not a clip. Only the trailing (right)
        // edge of a container is checked: text is laid out from its leading edge, and on the
        // hand-checked real screenshots every left-edge "cut" was a placeholder whose detected
        // text field starts where the text does (README, "Real screenshots, checked by hand").
        if hasInk(image, s, x: (edge + step)..<(edge + 5 * step)) { return nil }
        return "right edge of its container"
    }

    /// Whether at least two pixels in columns `x`, on the text's first line, are at least half-way
    /// from its background to its ink colour.
    static func hasInk(_ image: RGBAImage, _ s: ColorSample, x: Range<Int>) -> Bool {
        let xs = max(0, x.lowerBound)..<min(image.width, x.upperBound)
        let ys = max(0, s.inkTop)..<min(image.height, s.baseline + 1)
        guard !xs.isEmpty, !ys.isEmpty else { return false }
        let bg = (Double(s.background.r), Double(s.background.g), Double(s.background.b))
        let axis = (Double(s.foreground.r) - bg.0, Double(s.foreground.g) - bg.1, Double(s.foreground.b) - bg.2)
        let length2 = axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2
        guard length2 > 0 else { return false }
        var n = 0
        for y in ys {
            for x in xs {
                let c = image.color(x: x, y: y)
                let alpha = ((Double(c.r) - bg.0) * axis.0 + (Double(c.g) - bg.1) * axis.1 + (Double(c.b) - bg.2) * axis.2) / length2
                if alpha >= 0.5 {
                    n += 1
                    if n >= 2 { return true }
                }
            }
        }
        return false
    }

    /// An 8-bit channel as UIKit's 0...1 literal, three decimals.
    static func unit(_ v: UInt8) -> String { String(format: "%.3f", Double(v) / 255) }

    static func truncationFix(_ p: Platform) -> String {
        p == .ios
            ? "let it wrap: label.numberOfLines = 0 (SwiftUI: .lineLimit(nil) or .fixedSize(horizontal: false, vertical: true)), or shorten it so it fits at large Dynamic Type sizes"
            : "let it wrap: remove android:maxLines/android:ellipsize (or raise maxLines), or shorten it so it fits at large font sizes"
    }
}
