import ScreenRecognition
import Testing

@testable import ScreenRecognitionOCR

@Suite("Tesseract: small screenshots are scaled up before reading")
struct UpscaleTests {
    @Test("cubic upscaling keeps flat colours and the size is a whole multiple", arguments: [2, 3])
    func flat(factor: Int) {
        let image = RGBAImage(width: 7, height: 5, fill: RGB(r: 10, g: 200, b: 30))
        let big = TesseractTextRecognizer.upscaled(image, by: factor)
        #expect(big.width == 7 * factor && big.height == 5 * factor)
        #expect(Set((0..<big.height).flatMap { y in (0..<big.width).map { big.color(x: $0, y: y) } }) == [RGB(r: 10, g: 200, b: 30)])
    }

    @Test("an edge stays an edge: left half dark, right half light")
    func edge() {
        var px = [UInt8]()
        for _ in 0..<4 {
            for x in 0..<8 {
                let v: UInt8 = x < 4 ? 0 : 255
                px += [v, v, v, 255]
            }
        }
        let big = TesseractTextRecognizer.upscaled(RGBAImage(width: 8, height: 4, pixels: px)!, by: 3)
        #expect(big.color(x: 0, y: 5).r == 0 && big.color(x: 23, y: 5).r == 255)
        #expect(big.color(x: 10, y: 5).r < 40 && big.color(x: 13, y: 5).r > 215)
    }
}
