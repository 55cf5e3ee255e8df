import Foundation

/// What the text-button model sees of one detected text besides its pixels: its
/// box and layout features computed from the screen's text and icon detections. Mirrors
/// `training/screenrec_training/textbuttons/features.py` line for line (a parity test checks it).
public struct TextButtonFeatures: Sendable, Hashable, Codable {
    /// The text's box in image pixels (the crop is taken around it).
    public var box: Rect
    /// Named features in the order of ``names``.
    public var values: [Double]

    /// Feature names, in model input order (the contract's `features` must list these).
    public static let names = [
        "x", "y", "width", "height", "aspect", "rowTexts", "rowIcon", "similarTexts",
        "relHeight", "gapAbove", "gapBelow", "rowIconAny",
    ]

    public init(box: Rect, values: [Double]) {
        self.box = box
        self.values = values
    }

    /// The features of `box` among the screen's `texts` and `icons` (boxes in image pixels):
    /// - x, y: the box centre divided by the screen width and height;
    /// - width: box width / screen width; height: box height / screen *width* (a font-size proxy
    ///   independent of the screenshot's pixel density and aspect);
    /// - aspect: ln(width / height) / 3;
    /// - rowTexts: other texts beside it on its row (vertical overlap ≥ half the shorter height, no
    ///   horizontal overlap), at most 4, / 4;
    /// - rowIcon: 1 when an icon on its row lies within 2 × its height horizontally;
    /// - similarTexts: other texts of the same size (height within 15 %, width within 25 %), at
    ///   most 6, / 6 — repeated buttons ("Follow" on every row) and repeated labels alike;
    /// - relHeight: height / the screen's median text height (upper median), at most 3, / 3;
    /// - gapAbove, gapBelow: the gap to the nearest text or icon above (below) that overlaps it
    ///   horizontally, in text heights, at most 5, / 5 (1 when there is none) — buttons stand
    ///   apart, the lines of a paragraph do not;
    /// - rowIconAny: 1 when any icon lies on its row (a disclosure chevron at the row's far end).
    /// The caps and tolerances are *design choices* made before training (features.py).
    public static func make(box: Rect, texts: [Rect], icons: [Rect], screenWidth: Double, screenHeight: Double) -> TextButtonFeatures {
        let x = box.x
        let w = box.width
        let h = box.height
        let others = texts.filter { $0 != box }
        let rowTexts = others.filter { onRow(box, $0) }.count
        var rowIcon = 0.0
        for i in icons where onRow(box, i) {
            let gap = max(i.x - (x + w), x - (i.x + i.width))
            if gap <= 2 * h {
                rowIcon = 1
                break
            }
        }
        let similar = others.filter { abs($0.height - h) <= 0.15 * h && abs($0.width - w) <= 0.25 * w }.count
        let heights = texts.map(\.height).sorted()
        let median = heights.isEmpty ? h : heights[heights.count / 2]
        let cy = box.y + h / 2
        var above = 5.0
        var below = 5.0
        for b in others + icons where min(x + w, b.maxX) - max(x, b.minX) > 0 {
            let bcy = b.y + b.height / 2
            if bcy < cy {
                above = min(above, max(0, box.y - b.maxY) / h)
            } else if bcy > cy {
                below = min(below, max(0, b.y - box.maxY) / h)
            }
        }
        let values = [
            (x + w / 2) / screenWidth, cy / screenHeight, w / screenWidth, h / screenWidth,
            log(max(w, 1e-6) / max(h, 1e-6)) / 3,
            Double(min(rowTexts, 4)) / 4, rowIcon, Double(min(similar, 6)) / 6,
            min(h / max(median, 1e-6), 3) / 3, min(above, 5) / 5, min(below, 5) / 5,
            icons.contains { onRow(box, $0) } ? 1 : 0,
        ]
        return TextButtonFeatures(box: box, values: values)
    }

    /// `b` is on `a`'s row and beside it.
    static func onRow(_ a: Rect, _ b: Rect) -> Bool {
        let yo = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        let xo = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        return xo <= 0 && yo >= 0.5 * min(a.height, b.height)
    }
}
