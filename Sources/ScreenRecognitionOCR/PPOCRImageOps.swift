import Foundation
import ScreenRecognition

/// Pixel work for the PP-OCR pipeline: resampling a rectangle of an RGBA image straight into a
/// normalised CHW float tensor, and shrinking a box to the pixels that differ from its background.
enum PPOCRImageOps {
    /// Per-channel `(pixel / scale − mean) / std`, folded into `pixel × a + b`.
    struct Normalizer {
        var a: (Float, Float, Float)
        var b: (Float, Float, Float)
        init(scale: Float, mean: [Float], std: [Float]) {
            func at(_ v: [Float], _ i: Int, _ d: Float) -> Float { v.isEmpty ? d : v[min(i, v.count - 1)] }
            let s = scale == 0 ? 1 : scale
            let m = (at(mean, 0, 0), at(mean, 1, 0), at(mean, 2, 0))
            let d = (at(std, 0, 1), at(std, 1, 1), at(std, 2, 1))
            a = (1 / (s * d.0), 1 / (s * d.1), 1 / (s * d.2))
            b = (-m.0 / d.0, -m.1 / d.1, -m.2 / d.2)
        }
    }

    /// Filter taps for one output coordinate.
    struct Taps {
        var first: [Int32]  // first source index per output index
        var count: [Int32]  // taps per output index
        var weights: [Float]  // `maxTaps` weights per output index
        var maxTaps: Int
    }

    /// Triangle-filter (bilinear, widened when shrinking so that every source pixel counts) taps
    /// mapping `[start, start + length)` of a source axis of `size` pixels onto `outCount` pixels.
    static func taps(start: Double, length: Double, size: Int, outCount: Int) -> Taps {
        let scale = length / Double(outCount)
        let support = max(1, scale)
        let maxTaps = Int((2 * support).rounded(.up)) + 2
        var first = [Int32](repeating: 0, count: outCount)
        var count = [Int32](repeating: 0, count: outCount)
        var weights = [Float](repeating: 0, count: outCount * maxTaps)
        for o in 0..<outCount {
            let centre = start + (Double(o) + 0.5) * scale
            let lo = max(0, Int((centre - support - 0.5).rounded(.down)))
            let hi = min(size - 1, Int((centre + support - 0.5).rounded(.up)))
            var total = 0.0
            var n = 0
            var ws = [Double]()
            ws.reserveCapacity(maxTaps)
            if hi >= lo {
                for i in lo...hi where n < maxTaps {
                    let w = max(0, 1 - abs((Double(i) + 0.5 - centre) / support))
                    ws.append(w)
                    total += w
                    n += 1
                }
            }
            if total <= 0 {
                // The centre lies outside the image: replicate the nearest edge pixel.
                let nearest = min(size - 1, max(0, Int(centre)))
                first[o] = Int32(nearest)
                count[o] = 1
                weights[o * maxTaps] = 1
                continue
            }
            first[o] = Int32(lo)
            count[o] = Int32(n)
            for k in 0..<n { weights[o * maxTaps + k] = Float(ws[k] / total) }
        }
        return Taps(first: first, count: count, weights: weights, maxTaps: maxTaps)
    }

    /// Resamples `source` (image pixels, may be fractional) to `outWidth × outHeight` and writes
    /// normalised values into `tensor` as three planes of `planeSize` floats starting at `offset`,
    /// rows `rowStride` floats apart (so a crop can land in a wider, padded batch slot).
    static func resample(
        _ image: RGBAImage, source: Rect, outWidth: Int, outHeight: Int,
        normalizer: Normalizer, into tensor: inout [Float], offset: Int,
        planeSize: Int, rowStride: Int
    ) {
        guard outWidth > 0, outHeight > 0, source.width > 0, source.height > 0 else { return }
        let tx = taps(start: source.minX, length: source.width, size: image.width, outCount: outWidth)
        let ty = taps(start: source.minY, length: source.height, size: image.height, outCount: outHeight)
        // Source rows the vertical filter touches.
        var rowLo = Int.max
        var rowHi = Int.min
        for o in 0..<outHeight {
            rowLo = min(rowLo, Int(ty.first[o]))
            rowHi = max(rowHi, Int(ty.first[o] + ty.count[o]) - 1)
        }
        let rows = rowHi - rowLo + 1
        // Horizontal pass: `rows × outWidth × 3` floats of raw 0–255 values.
        var mid = [Float](repeating: 0, count: rows * outWidth * 3)
        image.pixels.withUnsafeBufferPointer { px in
            mid.withUnsafeMutableBufferPointer { m in
                for r in 0..<rows {
                    let rowBase = (rowLo + r) * image.width * 4
                    for o in 0..<outWidth {
                        var s0: Float = 0
                        var s1: Float = 0
                        var s2: Float = 0
                        let f = Int(tx.first[o])
                        let n = Int(tx.count[o])
                        let wb = o * tx.maxTaps
                        for k in 0..<n {
                            let w = tx.weights[wb + k]
                            let i = rowBase + (f + k) * 4
                            s0 += w * Float(px[i])
                            s1 += w * Float(px[i + 1])
                            s2 += w * Float(px[i + 2])
                        }
                        let j = (r * outWidth + o) * 3
                        m[j] = s0
                        m[j + 1] = s1
                        m[j + 2] = s2
                    }
                }
            }
        }
        // Vertical pass, normalising on the way out.
        let n = normalizer
        mid.withUnsafeBufferPointer { m in
            tensor.withUnsafeMutableBufferPointer { t in
                for o in 0..<outHeight {
                    let f = Int(ty.first[o]) - rowLo
                    let cnt = Int(ty.count[o])
                    let wb = o * ty.maxTaps
                    let rowOut = offset + o * rowStride
                    for x in 0..<outWidth {
                        var s0: Float = 0
                        var s1: Float = 0
                        var s2: Float = 0
                        for k in 0..<cnt {
                            let w = ty.weights[wb + k]
                            let j = ((f + k) * outWidth + x) * 3
                            s0 += w * m[j]
                            s1 += w * m[j + 1]
                            s2 += w * m[j + 2]
                        }
                        t[rowOut + x] = s0 * n.a.0 + n.b.0
                        t[rowOut + planeSize + x] = s1 * n.a.1 + n.b.1
                        t[rowOut + 2 * planeSize + x] = s2 * n.a.2 + n.b.2
                    }
                }
            }
        }
    }

    /// The integer pixel rectangle covering `rect` inside the image, or nil when empty.
    static func pixelRect(_ rect: Rect, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let x0 = max(0, min(width, Int(rect.minX.rounded(.down))))
        let y0 = max(0, min(height, Int(rect.minY.rounded(.down))))
        let x1 = max(0, min(width, Int(rect.maxX.rounded(.up))))
        let y1 = max(0, min(height, Int(rect.maxY.rounded(.up))))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// The box's background: the most common colour (quantised to 4 bits a channel) on its border.
    static func backgroundColor(_ image: RGBAImage, _ r: (x0: Int, y0: Int, x1: Int, y1: Int)) -> (Int, Int, Int) {
        var bins = [Int: (count: Int, r: Int, g: Int, b: Int)]()
        func add(_ x: Int, _ y: Int) {
            let i = (y * image.width + x) * 4
            let cr = Int(image.pixels[i])
            let cg = Int(image.pixels[i + 1])
            let cb = Int(image.pixels[i + 2])
            let key = (cr >> 4) << 8 | (cg >> 4) << 4 | (cb >> 4)
            let e = bins[key] ?? (0, 0, 0, 0)
            bins[key] = (e.count + 1, e.r + cr, e.g + cg, e.b + cb)
        }
        for x in r.x0..<r.x1 {
            add(x, r.y0)
            add(x, r.y1 - 1)
        }
        for y in r.y0..<r.y1 {
            add(r.x0, y)
            add(r.x1 - 1, y)
        }
        // Ties go to the smaller bin key, so that the background does not follow the dictionary's order.
        guard let best = bins.max(by: { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key })?.value
        else { return (0, 0, 0) }
        return (best.r / best.count, best.g / best.count, best.b / best.count)
    }

    /// Shrinks `rect` to the pixels whose colour differs clearly from the background (the most
    /// common border colour of `backgroundFrom`, default `rect`): at least 48 (of 441) away, and at
    /// least 35% of the largest difference in the box, so anti-aliased fringes and faint shadows
    /// do not count. Returns `rect` (clamped) when nothing stands out.
    static func tighten(_ rect: Rect, in image: RGBAImage, backgroundFrom: Rect? = nil) -> Rect {
        guard let r = pixelRect(rect, width: image.width, height: image.height) else {
            return rect.clamped(width: Double(image.width), height: Double(image.height))
        }
        let bgRect = backgroundFrom.flatMap { pixelRect($0, width: image.width, height: image.height) } ?? r
        let bg = backgroundColor(image, bgRect)
        let w = r.x1 - r.x0
        let h = r.y1 - r.y0
        var dist = [Int](repeating: 0, count: w * h)
        var maxD = 0
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<h {
                for x in 0..<w {
                    let i = ((r.y0 + y) * image.width + r.x0 + x) * 4
                    let dr = Int(px[i]) - bg.0
                    let dg = Int(px[i + 1]) - bg.1
                    let db = Int(px[i + 2]) - bg.2
                    let d = dr * dr + dg * dg + db * db
                    dist[y * w + x] = d
                    if d > maxD { maxD = d }
                }
            }
        }
        // Compare squared distances.
        let floor = 48 * 48
        guard maxD >= floor else { return Rect(minX: Double(r.x0), minY: Double(r.y0), maxX: Double(r.x1), maxY: Double(r.y1)) }
        let limit = max(floor, Int(Double(maxD) * 0.35 * 0.35))
        var minX = w
        var maxX = -1
        var minY = h
        var maxY = -1
        for y in 0..<h {
            for x in 0..<w where dist[y * w + x] >= limit {
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                if y > maxY { maxY = y }
            }
        }
        guard maxX >= minX, maxY >= minY else { return Rect(minX: Double(r.x0), minY: Double(r.y0), maxX: Double(r.x1), maxY: Double(r.y1)) }
        return Rect(minX: Double(r.x0 + minX), minY: Double(r.y0 + minY), maxX: Double(r.x0 + maxX + 1), maxY: Double(r.y0 + maxY + 1))
    }
}
