import Foundation

/// An 8-bit RGBA image in row-major order (4 bytes a pixel, no row padding).
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public let pixels: [UInt8]

    /// Creates an image; `nil` when the buffer does not hold exactly `width * height * 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A solid-colour image (handy in tests).
    public init(width: Int, height: Int, fill: RGB) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: p.count, by: 4) {
            p[i] = fill.r
            p[i + 1] = fill.g
            p[i + 2] = fill.b
        }
        self.pixels = p
    }

    /// The colour at (x, y) (alpha ignored).
    @inlinable public func color(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 4
        return RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
    }

    /// A copy with the rectangle `rect` painted in `color` (for building test screens).
    public func filling(_ rect: Rect, with color: RGB) -> RGBAImage {
        var p = pixels
        let r = rect.clamped(width: Double(width), height: Double(height))
        let x0 = Int(r.minX.rounded())
        let x1 = Int(r.maxX.rounded())
        let y0 = Int(r.minY.rounded())
        let y1 = Int(r.maxY.rounded())
        if x1 > x0 && y1 > y0 {
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = (y * width + x) * 4
                    p[i] = color.r
                    p[i + 1] = color.g
                    p[i + 2] = color.b
                    p[i + 3] = 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: p)!
    }
}

/// An opaque colour.
public struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
    public static let white = RGB(r: 255, g: 255, b: 255)
    public static let black = RGB(r: 0, g: 0, b: 0)

    /// The relative luminance (WCAG 2.2 "relative luminance": linearised channels weighted
    /// 0.2126 R + 0.7152 G + 0.0722 B; the sRGB threshold 0.04045 of IEC 61966-2-1, which WCAG
    /// 2.2's definition notes its older 0.03928 differs from only in theory).
    public var relativeLuminance: Double {
        0.2126 * Self.linear(r) + 0.7152 * Self.linear(g) + 0.0722 * Self.linear(b)
    }

    /// An 8-bit sRGB channel, linearised (0...1).
    public static func linear(_ v: UInt8) -> Double { linearTable[Int(v)] }

    private static let linearTable: [Double] = (0...255).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The WCAG contrast ratio with `other`, (L1 + 0.05) / (L2 + 0.05), L1 the lighter: 1 (same)
    /// to 21 (black on white).
    public func contrastRatio(with other: RGB) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Euclidean distance in RGB space (0...441).
    public func distance(to o: RGB) -> Double {
        distance(to: (r: Double(o.r), g: Double(o.g), b: Double(o.b)))
    }

    /// Euclidean distance in RGB space to a mean or fill colour (``RGBAImage/dominantColour(x0:y0:x1:y1:step:)``).
    public func distance(to o: (r: Double, g: Double, b: Double)) -> Double {
        let dr = Double(r) - o.r
        let dg = Double(g) - o.g
        let db = Double(b) - o.b
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// The per-channel median of `colours` (the upper one of an even count): a colour sample's
    /// typical value that a few outliers (a glyph's pixels, JPEG specks) do not move; nil when empty.
    public static func channelMedian(_ colours: [RGB]) -> RGB? {
        guard !colours.isEmpty else { return nil }
        func median(_ v: [UInt8]) -> UInt8 { v.sorted()[v.count / 2] }
        return RGB(r: median(colours.map(\.r)), g: median(colours.map(\.g)), b: median(colours.map(\.b)))
    }

    /// Max − min channel: 0 for greys, large for saturated colours.
    public var chroma: Int { Int(max(r, g, b)) - Int(min(r, g, b)) }

    public var description: String { String(format: "#%02X%02X%02X", r, g, b) }
}

extension RGBAImage {
    /// The colour `box` stands on: the per-channel median of the pixels in a ring `width` wide
    /// just outside it (clamped to the image; the box's own pixels left out, so a label's ink does
    /// not count); nil when the ring has no pixels.
    public func ringMedian(around box: Rect, width: Double) -> RGB? {
        let outer = Rect(x: box.minX - width, y: box.minY - width, width: box.width + 2 * width, height: box.height + 2 * width)
            .clamped(width: Double(self.width), height: Double(height))
        var ring: [RGB] = []
        let xs = Int(outer.minX)..<Int(outer.maxX)
        // The columns whose pixel centres the box holds (its bounds included) are skipped on the
        // rows it spans: only the ring is visited, not the box's area.
        let lo = (box.minX - 0.5).rounded(.up)
        let hi = (box.maxX - 0.5).rounded(.down)
        func column(_ v: Double) -> Int { Int(Swift.max(Double(xs.lowerBound) - 1, Swift.min(Double(xs.upperBound) + 1, v))) }
        let inside = lo.isNaN || hi.isNaN ? 0..<0 : column(lo)..<Swift.max(column(lo), column(hi) + 1)
        for y in Int(outer.minY)..<Int(outer.maxY) {
            let cy = Double(y) + 0.5
            guard cy >= box.minY, cy <= box.maxY, !inside.isEmpty else {
                for x in xs { ring.append(color(x: x, y: y)) }
                continue
            }
            let leftEnd = min(xs.upperBound, inside.lowerBound)
            if leftEnd > xs.lowerBound { for x in xs.lowerBound..<leftEnd { ring.append(color(x: x, y: y)) } }
            let rightStart = max(xs.lowerBound, inside.upperBound)
            if rightStart < xs.upperBound { for x in rightStart..<xs.upperBound { ring.append(color(x: x, y: y)) } }
        }
        return RGB.channelMedian(ring)
    }

    /// The fill colour of `x0..<x1 × y0..<y1`: the mean of its most common colour when each channel
    /// is quantised to 16 levels (so anti-aliasing and JPEG noise fall into the same bin), sampling
    /// every `step`-th pixel each way; nil for an empty area.
    public func dominantColour(x0: Int, y0: Int, x1: Int, y1: Int, step: Int = 1) -> (r: Double, g: Double, b: Double)? {
        let xs = stride(from: max(0, x0), to: min(width, x1), by: max(1, step))
        let ys = stride(from: max(0, y0), to: min(height, y1), by: max(1, step))
        return dominantColour(of: ys.lazy.flatMap { y in xs.lazy.map { x in (x, y) } })
    }

    /// ``dominantColour(x0:y0:x1:y1:step:)`` of the given pixels (`(x, y)`, inside the image).
    public func dominantColour<Pixels: Sequence<(Int, Int)>>(of pixels: Pixels) -> (r: Double, g: Double, b: Double)? {
        var bins: [Int: (n: Int, r: Int, g: Int, b: Int)] = [:]
        for (x, y) in pixels {
            let c = color(x: x, y: y)
            let key = Int(c.r >> 4) << 8 | Int(c.g >> 4) << 4 | Int(c.b >> 4)
            let e = bins[key] ?? (0, 0, 0, 0)
            bins[key] = (e.n + 1, e.r + Int(c.r), e.g + Int(c.g), e.b + Int(c.b))
        }
        // Ties go to the smaller bin key: a dictionary's order differs from one instance to the
        // next, and the fill colour (and every OCR crop built on it) must not.
        guard let top = bins.max(by: { $0.value.n != $1.value.n ? $0.value.n < $1.value.n : $0.key > $1.key })?.value else { return nil }
        return (Double(top.r) / Double(top.n), Double(top.g) / Double(top.n), Double(top.b) / Double(top.n))
    }
}
