import Foundation

/// One 8-connected blob of a boolean mask: its bounding box in mask cells (inclusive) and its
/// cells (indices `y * width + x`).
package struct MaskBlob: Sendable, Hashable {
    package var minX: Int
    package var minY: Int
    package var maxX: Int
    package var maxY: Int
    package var cells: [Int]
    package var width: Int { maxX - minX + 1 }
    package var height: Int { maxY - minY + 1 }

    /// The 8-connected blobs of the `true` cells of a `width × height` mask, in the order of each
    /// blob's first cell in row-major order. Shared by the checkbox glyph finder
    /// (``CheckboxState``) and the ink parts of icon glyphs (pause bars, a fill's glyph).
    package static func blobs(of mask: [Bool], width w: Int, height h: Int) -> [MaskBlob] {
        var seen = [Bool](repeating: false, count: mask.count)
        var blobs: [MaskBlob] = []
        for start in mask.indices where mask[start] && !seen[start] {
            seen[start] = true
            var stack = [start]
            var blob = MaskBlob(minX: w, minY: h, maxX: -1, maxY: -1, cells: [])
            while let i = stack.popLast() {
                let x = i % w
                let y = i / w
                blob.cells.append(i)
                (blob.minX, blob.minY, blob.maxX, blob.maxY) = (min(blob.minX, x), min(blob.minY, y), max(blob.maxX, x), max(blob.maxY, y))
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx
                        let ny = y + dy
                        guard nx >= 0, ny >= 0, nx < w, ny < h, mask[ny * w + nx], !seen[ny * w + nx] else { continue }
                        seen[ny * w + nx] = true
                        stack.append(ny * w + nx)
                    }
                }
            }
            blobs.append(blob)
        }
        return blobs
    }
}
