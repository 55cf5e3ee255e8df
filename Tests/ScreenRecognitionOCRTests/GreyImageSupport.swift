@testable import ScreenRecognitionOCR

extension GreyImage {
    /// A white `width × height` picture with black rectangles (x, y, width, height): the dark-ink-
    /// on-white picture Tesseract reads, for the tests of the mends that look at its glyphs.
    static func white(_ width: Int, _ height: Int, black rects: [(Int, Int, Int, Int)]) -> GreyImage {
        var g = GreyImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
        for (x, y, w, h) in rects {
            for yy in y..<(y + h) { for xx in x..<(x + w) { g.pixels[yy * width + xx] = 0 } }
        }
        return g
    }
}
