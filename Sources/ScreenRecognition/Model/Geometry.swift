import Foundation

/// A point in image pixels (origin top-left, y grows downwards).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Encoded as `[x, y]`.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Double.self)
        y = try c.decode(Double.self)
        if !c.isAtEnd {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a point has exactly 2 numbers [x, y]")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x.roundedForOutput)
        try c.encode(y.roundedForOutput)
    }

    public var description: String { "(\(x.roundedForOutput), \(y.roundedForOutput))" }
}

/// An axis-aligned rectangle in image pixels, encoded in JSON as `[x, y, width, height]`
/// (the COCO `bbox` convention).
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle from its corners.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var area: Double { max(0, width) * max(0, height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles, or `nil` when they do not overlap with positive area.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        Rect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Intersection over union, 0 when either is empty.
    public func iou(_ other: Rect) -> Double {
        let inter = intersection(other)?.area ?? 0
        let u = area + other.area - inter
        return u > 0 ? inter / u : 0
    }

    /// The fraction of this rectangle's area that lies inside `other` (0...1).
    public func fractionInside(_ other: Rect) -> Double {
        guard area > 0 else { return other.contains(center) ? 1 : 0 }
        return (intersection(other)?.area ?? 0) / area
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// Length of the overlap of the two rectangles' projections on the x axis (0 when disjoint).
    public func xOverlap(_ other: Rect) -> Double { max(0, min(maxX, other.maxX) - max(minX, other.minX)) }
    /// Length of the overlap of the two rectangles' projections on the y axis (0 when disjoint).
    public func yOverlap(_ other: Rect) -> Double { max(0, min(maxY, other.maxY) - max(minY, other.minY)) }
    /// Whether the two rectangles lie on one row: their projections on the y axis overlap by at
    /// least half the smaller height (the row of §5.5's text runs, cells and control labels).
    public func sharesRow(with other: Rect) -> Bool { yOverlap(other) >= 0.5 * min(height, other.height) }

    /// The rectangle clipped to `0..<width × 0..<height`.
    public func clamped(width w: Double, height h: Double) -> Rect {
        let x0 = min(max(minX, 0), w)
        let y0 = min(max(minY, 0), h)
        let x1 = min(max(maxX, 0), w)
        let y1 = min(max(maxY, 0), h)
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// The rectangle grown by `dx`, `dy` on every side (shrunk when negative).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Encoded as `[x, y, width, height]`.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        var values: [Double] = []
        while !c.isAtEnd { values.append(try c.decode(Double.self)) }
        guard values.count == 4 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a box has exactly 4 numbers [x, y, width, height], found \(values.count)"))
        }
        guard values.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a box holds a non-finite number"))
        }
        guard values[2] >= 0, values[3] >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a box has a negative size (width \(values[2]), height \(values[3]))"))
        }
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for v in [x, y, width, height] { try c.encode(v.roundedForOutput) }
    }

    public var description: String {
        "[\(x.roundedForOutput), \(y.roundedForOutput), \(width.roundedForOutput), \(height.roundedForOutput)]"
    }
}

extension Double {
    /// Values are written with at most two decimals so that JSON output is stable across platforms.
    var roundedForOutput: Double { (self * 100).rounded() / 100 }
}
