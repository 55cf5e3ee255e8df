import Foundation

@testable import ScreenRecognition

/// Shorthands for building test screens.
func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

func det(
    _ type: ElementClass, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ text: String? = nil,
    icon: IconMeaning? = nil, conf: Double = 0.9
) -> Detection {
    Detection(type: type, box: r(x, y, w, h), confidence: conf, text: text, iconLabel: icon)
}

func el(_ kind: ElementKind, _ frame: Rect, _ label: String? = nil) -> Element {
    Element(kind: kind, frame: frame, label: label, traits: kind == .text ? .staticText : [])
}

extension RGB {
    static let orange = RGB(r: 255, g: 159, b: 10)
    static let grey = RGB(r: 142, g: 142, b: 147)
    static let barDark = RGB(r: 28, g: 28, b: 30)
    static let blue = RGB(r: 0, g: 122, b: 255)
    static let track = RGB(r: 227, g: 227, b: 232)
}

/// Paints an icon-like glyph (two thin bars) and a text-like underline in `color` inside `rect`
/// so that the region's background stays the most frequent colour.
func paintGlyph(_ image: RGBAImage, _ rect: Rect, _ color: RGB) -> RGBAImage {
    image
        .filling(Rect(x: rect.minX, y: rect.minY + rect.height * 0.2, width: rect.width, height: max(2, rect.height * 0.12)), with: color)
        .filling(Rect(x: rect.minX, y: rect.minY + rect.height * 0.6, width: rect.width, height: max(2, rect.height * 0.12)), with: color)
}

/// The paper's Fig. 9 (A/B): the Apple Clock "World Clock" screen, at 1× (390 × 844 points), as
/// detections a good detector would return plus pixels for the tab bar's tint.
enum ClockScreen {
    static let size = ImageInfo(width: 390, height: 844)
    static let cities: [(String, String, String)] = [
        ("Today, +0HRS", "Cupertino", "10:09 AM"), ("Today, +3HRS", "New York", "1:09 PM"),
        ("Tomorrow, +16HRS", "Tokyo", "2:09 AM"), ("Today, +8HRS", "London", "6:09 PM"),
    ]
    static let tabs = ["World Clock", "Alarm", "Stopwatch", "Timer"]

    static var detections: [Detection] {
        var d: [Detection] = [
            det(.text, 16, 54, 34, 22, "Edit", conf: 0.93),
            det(.icon, 352, 52, 24, 24, icon: .add, conf: 0.88),
            det(.text, 16, 96, 200, 41, "World Clock", conf: 0.97),
        ]
        for (i, c) in cities.enumerated() {
            let y = 160 + Double(i) * 90
            d.append(det(.text, 16, y, 110, 16, c.0, conf: 0.9))
            d.append(det(.text, 16, y + 20, 130, 30, c.1, conf: 0.95))
            d.append(det(.text, 240, y + 8, 134, 38, c.2, conf: 0.94))  // tight digit boxes, as OCR returns
        }
        for (i, t) in tabs.enumerated() {
            let cx = 49 + Double(i) * 97.5
            d.append(det(.icon, cx - 14, 770, 28, 28, icon: i == 1 ? .clock : nil, conf: 0.8))
            d.append(det(.text, cx - Double(t.count) * 3.2, 800, Double(t.count) * 6.4, 12, t, conf: 0.85))
        }
        return d
    }

    /// Black screen, dark tab bar; the first tab's glyphs orange, the others grey (§5.3 Fig. 8.f).
    static func image(selected: Int = 0) -> RGBAImage {
        var img = RGBAImage(width: size.width, height: size.height, fill: .black)
        img = img.filling(r(0, 750, 390, 94), with: .barDark)
        for (i, t) in tabs.enumerated() {
            let cx = 49 + Double(i) * 97.5
            let color: RGB = i == selected ? .orange : .grey
            img = paintGlyph(img, r(cx - 14, 770, 28, 28), color)
            img = img.filling(r(cx - Double(t.count) * 3.2, 805, Double(t.count) * 6.4, 3), with: color)
        }
        return img
    }
}
