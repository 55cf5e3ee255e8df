import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

/// A valid fixture and its size; the expected pixels are in `<expected>.rgba` (the image's own
/// name unless it holds the same pixels as another fixture: a 16-bit or interlaced twin).
struct ValidPNG: CustomTestStringConvertible, Sendable {
    var name: String
    var width = 9
    var height = 7
    var expected: String?
    var testDescription: String { name }
}

/// A JPEG made of flat 16×16 colour blocks; `<expected>.rgba` (default `<name>.rgba`) holds the
/// colours before compression.
struct BlockJPEG: CustomTestStringConvertible, Sendable {
    var name: String
    var width: Int
    var height: Int
    var expected: String?
    var testDescription: String { name }
}

@Suite("Decoding valid images")
struct DecodeTests {
    let decoder = SystemImageDecoder()

    static let pngs: [ValidPNG] = [
        ValidPNG(name: "rgba8"), ValidPNG(name: "rgb8"), ValidPNG(name: "grey8"), ValidPNG(name: "grey_alpha8"),
        ValidPNG(name: "palette8"), ValidPNG(name: "palette_trns"),
        ValidPNG(name: "rgb16", expected: "rgb8"), ValidPNG(name: "rgba16", expected: "rgba8"),
        ValidPNG(name: "grey16", expected: "grey8"), ValidPNG(name: "grey1"),
        ValidPNG(name: "interlaced_rgb8", expected: "rgb8"), ValidPNG(name: "interlaced_palette4", expected: "palette_trns"),
        ValidPNG(name: "one_pixel", width: 1, height: 1),
    ]

    @Test("PNG decodes to exactly the expected RGBA", arguments: pngs)
    func decodesPNGExactly(_ png: ValidPNG) throws {
        let image = try decoder.decode(try fixture(png.name + ".png"), maxPixels: defaultMaxPixels)
        #expect(image.width == png.width)
        #expect(image.height == png.height)
        let expected = try [UInt8](fixture((png.expected ?? png.name) + ".rgba"))
        #expect(image.pixels.count == expected.count)
        let firstDifference = zip(image.pixels, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "first difference at byte \(firstDifference?.offset ?? -1)")
    }

    @Test("dimensions(of:) reads the PNG header", arguments: pngs)
    func pngDimensions(_ png: ValidPNG) throws {
        let info = try decoder.dimensions(of: try fixture(png.name + ".png"))
        #expect(info == ImageInfo(width: png.width, height: png.height))
    }

    /// Independent of the .rgba files: values computed by hand from `pattern()` in make_fixtures.py.
    @Test func spotChecksAgainstThePattern() throws {
        let rgba = try decoder.decode(try fixture("rgba8.png"), maxPixels: defaultMaxPixels)
        #expect(Array(rgba.pixels[0..<4]) == [0, 3, 100, 40])
        let last = (6 * 9 + 8) * 4
        #expect(Array(rgba.pixels[last..<last + 4]) == [42, 49, 182, 70])
        #expect(rgba.color(x: 8, y: 6) == RGB(r: 42, g: 49, b: 182))

        let grey = try decoder.decode(try fixture("grey8.png"), maxPixels: defaultMaxPixels)
        #expect(Array(grey.pixels[0..<4]) == [7, 7, 7, 255])

        let onePixel = try decoder.decode(try fixture("one_pixel.png"), maxPixels: 1)
        #expect(onePixel.pixels == [12, 34, 56, 78])
    }

    static let jpegs: [BlockJPEG] = [
        BlockJPEG(name: "blocks_420", width: 48, height: 32),
        BlockJPEG(name: "blocks_444_progressive", width: 48, height: 32, expected: "blocks_420"),
        BlockJPEG(name: "grey", width: 48, height: 32),
    ]

    /// Largest per-channel error allowed inside a block: 4 levels — *test choice*, JPEG at quality
    /// 95 reproduces flat areas within 1–2 levels; colour bleeding near block edges is excluded by
    /// comparing only each block's central 8×8 pixels.
    static let jpegTolerance = 4

    @Test("JPEG decodes to approximately the source colours", arguments: jpegs)
    func decodesJPEGApproximately(_ jpeg: BlockJPEG) throws {
        let image = try decoder.decode(try fixture(jpeg.name + ".jpg"), maxPixels: defaultMaxPixels)
        #expect(image.width == jpeg.width)
        #expect(image.height == jpeg.height)
        let expected = try [UInt8](fixture((jpeg.expected ?? jpeg.name) + ".rgba"))
        var worst = 0
        for y in 0..<jpeg.height where (4..<12).contains(y % 16) {
            for x in 0..<jpeg.width where (4..<12).contains(x % 16) {
                let i = (y * jpeg.width + x) * 4
                for c in 0..<3 { worst = max(worst, abs(Int(image.pixels[i + c]) - Int(expected[i + c]))) }
                #expect(image.pixels[i + 3] == 255)
            }
        }
        #expect(worst <= Self.jpegTolerance, "largest channel error \(worst)")
    }

    @Test func greyJPEGHasEqualChannels() throws {
        let image = try decoder.decode(try fixture("grey.jpg"), maxPixels: defaultMaxPixels)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            #expect(image.pixels[i] == image.pixels[i + 1] && image.pixels[i + 1] == image.pixels[i + 2])
        }
    }

    @Test("dimensions(of:) reads the JPEG header", arguments: jpegs)
    func jpegDimensions(_ jpeg: BlockJPEG) throws {
        #expect(try decoder.dimensions(of: try fixture(jpeg.name + ".jpg")) == ImageInfo(width: jpeg.width, height: jpeg.height))
    }

    @Test func decodesADataSliceWithNonZeroStartIndex() throws {
        let png = try fixture("rgb8.png")
        let padded = Data([1, 2, 3]) + png
        let slice = padded.dropFirst(3)
        #expect(slice.startIndex == 3)
        let image = try decoder.decode(slice, maxPixels: defaultMaxPixels)
        #expect(image == (try decoder.decode(png, maxPixels: defaultMaxPixels)))
    }

    @Test("the pixel limit is inclusive", arguments: [("rgb8.png", 63), ("blocks_420.jpg", 48 * 32)])
    func limitIsInclusive(_ name: String, _ pixels: Int) throws {
        let data = try fixture(name)
        _ = try decoder.decode(data, maxPixels: pixels)
        expectError(.imageTooLarge, containing: ["the limit is"]) {
            try decoder.decode(data, maxPixels: pixels - 1)
        }
    }

    @Test func decodesConcurrently() async throws {
        let names = ["rgba8.png", "interlaced_rgb8.png", "blocks_420.jpg", "noise.jpg", "rgb16.png"]
        let decoder = self.decoder
        let expected = try names.map { try decoder.decode(try fixture($0), maxPixels: defaultMaxPixels) }
        try await withThrowingTaskGroup(of: (Int, RGBAImage).self) { group in
            for round in 0..<4 {
                for (i, name) in names.enumerated() {
                    let data = try fixture(name)
                    group.addTask {
                        _ = round
                        return (i, try decoder.decode(data, maxPixels: defaultMaxPixels))
                    }
                }
            }
            for try await (i, image) in group { #expect(image == expected[i]) }
        }
    }
}

@Suite("Encoding PNG")
struct EncodeTests {
    let decoder = SystemImageDecoder()

    /// An image with every channel varying, including alpha.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 7) & 255), UInt8((y * 5) & 255), UInt8((x ^ y) & 255), UInt8((x + 2 * y) & 255)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    @Test(
        "encodePNG → decode gives the same pixels",
        arguments: [(1, 1), (2, 3), (37, 23), (300, 200)])
    func roundTrip(_ width: Int, _ height: Int) throws {
        let image = Self.gradient(width: width, height: height)
        let png = try encodePNG(image)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try decoder.dimensions(of: png) == ImageInfo(width: width, height: height))
        #expect(try decoder.decode(png, maxPixels: defaultMaxPixels) == image)
    }

    /// Incompressible pixels: the encoder's first output-size guess must hold, or its retry work.
    @Test func noiseRoundTrip() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // any odd seed; the LCG constants are Knuth's MMIX ones
        let pixels = (0..<(257 * 129 * 4)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let image = RGBAImage(width: 257, height: 129, pixels: pixels)!
        let png = try encodePNG(image)
        #expect(png.count > pixels.count)  // no compression possible
        #expect(try decoder.decode(png, maxPixels: defaultMaxPixels) == image)
    }

    @Test("favorSpeed still round-trips exactly", arguments: [false, true])
    func favorSpeed(_ fast: Bool) throws {
        let image = Self.gradient(width: 64, height: 48)
        #expect(try decoder.decode(try encodePNG(image, favorSpeed: fast), maxPixels: defaultMaxPixels) == image)
    }

    @Test func solidColourCompressesWell() throws {
        let image = RGBAImage(width: 1170, height: 2532, fill: RGB(r: 10, g: 20, b: 30))
        let png = try encodePNG(image)
        #expect(png.count < 100_000)
        #expect(try decoder.decode(png, maxPixels: defaultMaxPixels) == image)
    }

    @Test func decodedFixturesSurviveARoundTrip() throws {
        for name in ["palette_trns.png", "interlaced_palette4.png", "rgba16.png", "blocks_420.jpg"] {
            let image = try decoder.decode(try fixture(name), maxPixels: defaultMaxPixels)
            #expect(try decoder.decode(try encodePNG(image), maxPixels: defaultMaxPixels) == image, "\(name)")
        }
    }
}
