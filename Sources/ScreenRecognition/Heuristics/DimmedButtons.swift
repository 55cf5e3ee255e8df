import Foundation

/// Text buttons drawn as disabled, from pixels: VoiceOver says "Dimmed" for a control that is not
/// enabled (`UIAccessibilityTraits.notEnabled`), so that a user does not double-tap a form's
/// "SIGN UP" to no effect before the form is filled in.
///
/// Apps draw a disabled filled button faded: its fill a pale or grey version of the enabled one
/// and its title nearly the fill's colour (Material: a disabled button's container at 12 % and its
/// label at 38 % of the on-surface colour; apps more often fade the whole button, white title and
/// all). An enabled button's title stands out from its fill, or sits on a saturated brand colour
/// (white on yellow or orange). A button is dimmed when its title lies in a filled container
/// (``FramedText/container(of:in:lineHeight:)``) set apart from what is around it, the fill is
/// pale (``Constants/minPaleValue``, ``Constants/maxPaleSaturation``), and the title's ink lies
/// under ``Constants/maxContrast`` against it.
public enum DimmedButtons {
    public enum Constants {
        /// A title under this WCAG contrast ratio against its fill is faded — *measured* on the
        /// 1,219 listening screens of ui-real (2026-11-28): of the 32 text buttons whose title lay
        /// closest to its box's colour (1.05–1.53), about 18 were visibly disabled pastel or grey
        /// buttons ("Log in" on pale pink, "SIGN UP" on pale mint, "CREATE ACCOUNT" on grey);
        /// the enabled ones were white on saturated yellow or orange, or titles with no fill of
        /// their own. Material's own disabled colours (about 2.0) stay above it.
        public static let maxContrast = 1.6
        /// A pale fill: its largest channel at least this share of 255, and its saturation (HSV) at
        /// most ``maxPaleSaturation`` — *design choice*: the faded fills measured above were
        /// 0.72–1.0 and 0–0.28; the enabled brand fills 0.66–0.98 saturated.
        public static let minPaleValue = 0.7
        public static let maxPaleSaturation = 0.45
        /// The fill differs from what is around the container by at least this (Euclidean RGB):
        /// a filled button, not an outlined one or a title on its page —
        /// ``FramedText/Constants/faintBorderDistance``.
        public static let minFillDistance = FramedText.Constants.faintBorderDistance
        /// What is around the container is sampled this many pixels outside it — *design choice*,
        /// as ``TextFieldShapes/Constants/outsideOffset``.
        public static let outsideOffset = TextFieldShapes.Constants.outsideOffset
        /// Another button is a faded one's sibling when its container is as tall within this share
        /// — *design choice*.
        public static let siblingTolerance = 0.2
    }

    /// A text button's container and its fill, and whether the fill is set apart from what is
    /// around the container (a filled button), as ``isDimmed(title:in:)`` measures them.
    struct Filled {
        var container: Rect
        var fill: RGB
        var around: RGB
        var isFilled: Bool { around.distance(to: fill) >= Constants.minFillDistance }
    }

    /// The container and fill of the text button whose title's ink lies in `title`; nil when the
    /// title is not framed.
    static func filled(title: Rect, in image: RGBAImage) -> Filled? {
        guard title.minX.isFinite, title.maxY.isFinite, let container = FramedText.container(of: title, in: image),
            let fill = FramedText.ringFill(around: title, in: image), let around = outsideColour(of: container, in: image)
        else { return nil }
        return Filled(container: container, fill: fill, around: around)
    }

    /// Whether the text button whose title's ink lies in `title` is drawn dimmed: filled, its fill
    /// pale on a pale page (a faded button on a coloured page is a style: a "SKIP" in pale cyan on
    /// a cyan onboarding page), its title under ``Constants/maxContrast`` against the fill.
    public static func isDimmed(title: Rect, in image: RGBAImage) -> Bool {
        filled(title: title, in: image).map { isDimmed(title: title, filled: $0, in: image) } ?? false
    }

    /// ``isDimmed(title:in:)`` for a title whose container and fill are measured (`f`).
    static func isDimmed(title: Rect, filled f: Filled, in image: RGBAImage) -> Bool {
        guard f.isFilled, isPale(f.fill), isPale(f.around), let (x0, y0, x1, y1) = ElementOCR.pixelBounds(title, in: image) else { return false }
        let fill = f.fill
        // The title's ink: the pixels farthest from the fill (at least half the farthest distance).
        var pixels: [RGB] = []
        for y in y0..<y1 { for x in x0..<x1 { pixels.append(image.color(x: x, y: y)) } }
        let far = pixels.map { $0.distance(to: fill) }.max() ?? 0
        guard far >= ElementOCR.Constants.minContrast else { return false }
        let ink = pixels.filter { $0.distance(to: fill) >= 0.5 * far }
        guard let inkColour = RGB.channelMedian(ink) else { return false }
        return inkColour.contrastRatio(with: fill) < Constants.maxContrast
    }

    /// Whether `c` is pale (``Constants/minPaleValue``, ``Constants/maxPaleSaturation``).
    static func isPale(_ c: RGB) -> Bool {
        let mx = Double(max(c.r, c.g, c.b))
        let mn = Double(min(c.r, c.g, c.b))
        return mx >= Constants.minPaleValue * 255 && (mx - mn) / mx <= Constants.maxPaleSaturation
    }

    /// The colour around `rect`: the per-channel median of its four sides' colours
    /// (``Constants/outsideOffset`` pixels out); nil at the image's edge.
    static func outsideColour(of rect: Rect, in image: RGBAImage) -> RGB? {
        FramedText.sideColours(around: rect, in: image, offset: Constants.outsideOffset).flatMap(RGB.channelMedian)
    }

    /// `elements` with each text button whose title is drawn dimmed (``isDimmed(title:in:)``)
    /// given the `notEnabled` trait, and how many were. The title's ink is the OCR line read in
    /// the button (its widest), or the button's frame. A faded button beside another filled text
    /// button of its size (on its row, or stacked under or over it within half its height) is
    /// one of a set of options or the lesser of a pair, not disabled: "Male" and "Female",
    /// "Monthly $5.99" under a green "Yearly", a grey "PREVIOUS" beside a purple "NEXT" (the
    /// listening screens, 2026-11-28). An outlined neighbour does not count: a pale "Save" beside
    /// an outlined "Cancel" is dimmed.
    public static func mark(_ elements: [Element], image: RGBAImage, lines: [RecognizedText]) -> (elements: [Element], marked: Int) {
        var result = elements
        var marked = 0
        let buttons = elements.indices.filter { i in
            let e = elements[i]
            return e.kind == .button && e.children.isEmpty && e.label != nil && Metadata.isMadeOfText(e)
        }
        // Each button's title and fill, measured once and only where asked for (a sibling's only
        // beside a dimmed one).
        var fills: [Int: (title: Rect, filled: Filled?)] = [:]
        func measured(_ i: Int) -> (title: Rect, filled: Filled?) {
            if let known = fills[i] { return known }
            let title = ElementOCR.centred(in: elements[i].frame, lines).max { $0.box.width < $1.box.width }?.box ?? elements[i].frame
            let value = (title, filled(title: title, in: image))
            fills[i] = value
            return value
        }
        for i in buttons where !result[i].traits.contains(.notEnabled) {
            let (title, own) = measured(i)
            guard let own, isDimmed(title: title, filled: own, in: image) else { continue }
            let c = own.container
            let hasSibling = buttons.contains { j in
                guard j != i, let other = measured(j).filled, other.isFilled else { return false }
                let o = other.container
                guard abs(o.height - c.height) <= Constants.siblingTolerance * c.height else { return false }
                let sideBySide = o.yOverlap(c) >= 0.5 * c.height && max(o.minX - c.maxX, c.minX - o.maxX) <= c.height
                let stacked = o.xOverlap(c) >= 0.5 * min(o.width, c.width) && max(o.minY - c.maxY, c.minY - o.maxY) <= 0.5 * c.height
                return sideBySide || stacked
            }
            guard !hasSibling else { continue }
            result[i].traits.insert(.notEnabled)
            marked += 1
        }
        return (result, marked)
    }
}
