import Foundation
import ScreenRecognition

/// A text region found in a DB probability map, in the map's pixels.
public struct PPOCRTextRegion: Sendable, Hashable {
    /// The grown (unclipped) box, in probability-map pixels, not clamped.
    public var box: Rect
    /// Mean probability inside the region's bounding rectangle (0...1).
    public var score: Double
    public init(box: Rect, score: Double) {
        self.box = box
        self.score = score
    }
}

/// The DB (Differentiable Binarization) detector's post-processing, as a pure function: threshold
/// the probability map, find 8-connected regions, score each by the mean probability inside its
/// bounding rectangle, and grow ("unclip") the rectangle by `area × ratio / perimeter` on every side,
/// because DB is trained to predict a text region shrunk by that much.
///
/// Boxes are axis-aligned: screenshots are not rotated, and UI text runs horizontally. (DB's
/// reference post-processing fits a rotated minimum-area rectangle; for upright text it is the
/// bounding rectangle.)
public enum PPOCRDetectionPostProcessing {
    /// - Parameters:
    ///   - probabilities: `width × height` values in row-major order.
    ///   - width: the probability map's width in pixels.
    ///   - height: the probability map's height in pixels.
    ///   - threshold: a pixel belongs to a region when its probability is above this.
    ///   - boxScoreThreshold: regions whose score (mean probability) is below this are dropped.
    ///   - unclipRatio: how far to grow each rectangle: `area × unclipRatio / perimeter` on every side.
    ///   - minimumSide: regions whose bounding rectangle is narrower or shorter than this many
    ///     pixels (before growing) are dropped.
    /// - Returns: regions sorted by vertical centre, then left edge.
    public static func regions(
        probabilities: [Float], width: Int, height: Int,
        threshold: Float, boxScoreThreshold: Float,
        unclipRatio: Double, minimumSide: Int
    ) -> [PPOCRTextRegion] {
        guard width > 0, height > 0, probabilities.count == width * height else { return [] }
        var visited = [Bool](repeating: false, count: width * height)
        var stack: [Int32] = []
        var regions: [PPOCRTextRegion] = []
        probabilities.withUnsafeBufferPointer { p in
            for start in 0..<(width * height) where !visited[start] && p[start] > threshold {
                // Flood fill one 8-connected component, tracking its bounding rectangle.
                var minX = start % width
                var maxX = minX
                var minY = start / width
                var maxY = minY
                visited[start] = true
                stack.append(Int32(start))
                while let top = stack.popLast() {
                    let i = Int(top)
                    let x = i % width
                    let y = i / width
                    if x < minX { minX = x }
                    if x > maxX { maxX = x }
                    if y < minY { minY = y }
                    if y > maxY { maxY = y }
                    for ny in max(0, y - 1)...min(height - 1, y + 1) {
                        for nx in max(0, x - 1)...min(width - 1, x + 1) {
                            let j = ny * width + nx
                            if !visited[j] && p[j] > threshold {
                                visited[j] = true
                                stack.append(Int32(j))
                            }
                        }
                    }
                }
                let w = maxX - minX + 1
                let h = maxY - minY + 1
                guard min(w, h) >= minimumSide else { continue }
                var sum: Float = 0
                for y in minY...maxY {
                    for x in minX...maxX { sum += p[y * width + x] }
                }
                let score = sum / Float(w * h)
                guard score >= boxScoreThreshold else { continue }
                let distance = Double(w * h) * unclipRatio / Double(2 * (w + h))
                let box = Rect(
                    minX: Double(minX) - distance, minY: Double(minY) - distance,
                    maxX: Double(maxX + 1) + distance, maxY: Double(maxY + 1) + distance)
                regions.append(PPOCRTextRegion(box: box, score: Double(score)))
            }
        }
        return regions.sorted { ($0.box.midY, $0.box.minX) < ($1.box.midY, $1.box.minX) }
    }
}
