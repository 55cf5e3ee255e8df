import Foundation
import ScreenRecognition

/// Pictures for developers: a screenshot with element boxes coloured by kind and numbered in
/// navigation order (paper Fig. 9), and with audit findings drawn and numbered.
public enum Overlay {
    /// The colour each kind of element is drawn in (and its legend entry).
    public static func color(for kind: ElementKind) -> RGB {
        switch kind {
        case .text: RGB(r: 0, g: 122, b: 255)
        case .button, .icon: RGB(r: 255, g: 45, b: 85)
        case .picture: RGB(r: 175, g: 82, b: 222)
        case .toggle, .checkbox, .radioButton: RGB(r: 52, g: 199, b: 89)
        case .tabButton, .segment: RGB(r: 255, g: 149, b: 0)
        case .slider, .pageControl: RGB(r: 90, g: 200, b: 250)
        case .textField: RGB(r: 88, g: 86, b: 214)
        case .dialog: RGB(r: 162, g: 132, b: 94)
        case .container, .group: RGB(r: 48, g: 176, b: 160)
        }
    }

    static func color(for severity: Severity) -> RGB {
        switch severity {
        case .error: RGB(r: 215, g: 0, b: 21)
        case .warning: RGB(r: 255, g: 149, b: 0)
        case .note: RGB(r: 0, g: 122, b: 255)
        }
    }

    /// The screenshot with each top-level element's box in its kind's colour, its navigation order
    /// number in a tag at the top-left corner, and a legend of the kinds shown below the picture.
    public static func annotate(_ image: RGBAImage, analysis: ScreenAnalysis) -> RGBAImage {
        let s = textScale(image)
        let kinds = ElementKind.allCases.filter { k in analysis.elements.contains { $0.kind == k } }
        let legendHeight = kinds.isEmpty ? 0 : (BitmapFont.height * s + 2 * s) * ((kinds.count + 2) / 3) + 4 * s
        var c = Canvas(image, extraHeight: legendHeight)
        let line = max(2, s / 2 + 1)
        for e in analysis.elements {
            c.stroke(e.frame, color(for: e.kind), thickness: line)
        }
        for (i, e) in analysis.elements.enumerated() {
            c.tag("\(i + 1)", at: e.frame, color: color(for: e.kind), scale: s)
        }
        // Legend: swatch + kind name, three to a row.
        let columnWidth = image.width / 3
        for (i, k) in kinds.enumerated() {
            let x = (i % 3) * columnWidth + 2 * s
            let y = image.height + 2 * s + (i / 3) * (BitmapFont.height * s + 2 * s)
            c.fill(Rect(x: Double(x), y: Double(y), width: Double(BitmapFont.height * s), height: Double(BitmapFont.height * s)), color(for: k))
            c.text(Rules.kindName(k).uppercased(), x: x + (BitmapFont.height + 2) * s, y: y, scale: s, color: RGB(r: 0, g: 0, b: 0))
        }
        return c.image
    }

    /// The screenshot with each finding's frame in its severity's colour and numbered as in the
    /// report (1-based, in ``AuditReport/findings`` order).
    public static func findings(_ image: RGBAImage, report: AuditReport) -> RGBAImage {
        let s = textScale(image)
        var c = Canvas(image, extraHeight: 0)
        let line = max(2, s / 2 + 1)
        for f in report.findings.reversed() { c.stroke(f.frame, color(for: f.severity), thickness: line) }
        // Findings on the same frame share one tag ("2,10"), in the colour of the worst.
        var frames: [(frame: Rect, numbers: [Int], severity: Severity)] = []
        for (i, f) in report.findings.enumerated() {
            if let k = frames.firstIndex(where: { $0.frame == f.frame }) {
                frames[k].numbers.append(i + 1)
                frames[k].severity = min(frames[k].severity, f.severity)
            } else {
                frames.append((f.frame, [i + 1], f.severity))
            }
        }
        for t in frames {
            c.tag(t.numbers.map(String.init).joined(separator: ","), at: t.frame, color: color(for: t.severity), scale: s)
        }
        return c.image
    }

    /// Glyph pixels per font pixel: 3 on a 780-pixel-wide screenshot (2× iPhone), 4 on 1170 (3×): digits
    /// about 21–28 px tall, readable at the 390-pt display width.
    static func textScale(_ image: RGBAImage) -> Int { max(1, image.width / 240) }
}

/// A mutable RGBA buffer with the few drawing operations overlays need.
struct Canvas {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// A copy of `image` with `extraHeight` white rows added below.
    init(_ image: RGBAImage, extraHeight: Int) {
        width = image.width
        height = image.height + extraHeight
        pixels = image.pixels + [UInt8](repeating: 255, count: width * extraHeight * 4)
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels)! }

    mutating func fill(_ r: Rect, _ c: RGB) {
        let r = r.clamped(width: Double(width), height: Double(height))
        let x0 = Int(r.minX.rounded())
        let x1 = Int(r.maxX.rounded())
        let y0 = Int(r.minY.rounded())
        let y1 = Int(r.maxY.rounded())
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            var i = (y * width + x0) * 4
            for _ in x0..<x1 {
                pixels[i] = c.r
                pixels[i + 1] = c.g
                pixels[i + 2] = c.b
                pixels[i + 3] = 255
                i += 4
            }
        }
    }

    mutating func stroke(_ r: Rect, _ c: RGB, thickness t: Int) {
        let t = Double(t)
        fill(Rect(x: r.minX, y: r.minY, width: r.width, height: t), c)
        fill(Rect(x: r.minX, y: r.maxY - t, width: r.width, height: t), c)
        fill(Rect(x: r.minX, y: r.minY, width: t, height: r.height), c)
        fill(Rect(x: r.maxX - t, y: r.minY, width: t, height: r.height), c)
    }

    mutating func text(_ s: String, x: Int, y: Int, scale: Int, color: RGB) {
        var cx = x
        for ch in s {
            for (row, bits) in BitmapFont.glyph(ch).enumerated() {
                for (col, bit) in bits.enumerated() where bit == "#" {
                    fill(Rect(x: Double(cx + col * scale), y: Double(y + row * scale), width: Double(scale), height: Double(scale)), color)
                }
            }
            cx += (BitmapFont.width + 1) * scale
        }
    }

    /// A filled tag holding `label` in white at the top-left corner of `frame` (inside the image).
    mutating func tag(_ label: String, at frame: Rect, color: RGB, scale s: Int) {
        let w = BitmapFont.width(of: label, scale: s) + 4 * s
        let h = BitmapFont.height * s + 4 * s
        let x = min(max(0, Int(frame.minX)), width - w)
        let y = min(max(0, Int(frame.minY)), height - h)
        fill(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), color)
        text(label, x: x + 2 * s, y: y + 2 * s, scale: s, color: RGB(r: 255, g: 255, b: 255))
    }
}
