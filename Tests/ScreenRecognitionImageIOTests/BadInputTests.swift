import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

/// A fixture that must be refused, and how.
struct BadInput: CustomTestStringConvertible, Sendable {
    var file: String
    var kind: ScreenRecognitionError.Kind
    var fragments: [String]
    var testDescription: String { file }
}

@Suite("Refusing bad input")
struct BadInputTests {
    let decoder = SystemImageDecoder()

    static let badInputs: [BadInput] = [
        BadInput(file: "empty.png", kind: .unsupportedImage, fragments: ["empty file"]),
        BadInput(
            file: "not_an_image.txt", kind: .unsupportedImage,
            fragments: ["not a PNG or JPEG image (starts with 68 65 6C 6C 6F 2C 20 74 …", "\"hello, t\""]),
        BadInput(file: "tiny.gif", kind: .unsupportedImage, fragments: ["not a PNG or JPEG image", "GIF"]),
        BadInput(file: "bad_crc.png", kind: .unsupportedImage, fragments: ["corrupt PNG", "IDAT: CRC error"]),
        BadInput(file: "corrupt_idat.png", kind: .unsupportedImage, fragments: ["corrupt PNG", "IDAT"]),
        BadInput(
            file: "zero_width.png", kind: .unsupportedImage,
            fragments: ["corrupt PNG: image has no pixels (its header says 0×10)"]),
        BadInput(
            file: "too_wide.png", kind: .unsupportedImage,
            fragments: ["image is 2000000×1 pixels; PNG images wider than 1000000 or taller than 1000000 pixels are not supported"]),
        BadInput(
            file: "enormous_header.png", kind: .imageTooLarge,
            fragments: ["image is 2000000×2000000 pixels (4000000 megapixels); the limit is 50 megapixels"]),
        BadInput(
            file: "huge_header.png", kind: .imageTooLarge,
            fragments: ["image is 100000×100000 pixels (10000 megapixels); the limit is 50 megapixels"]),
        BadInput(
            file: "huge_header.jpg", kind: .imageTooLarge,
            fragments: ["image is 60000×60000 pixels (3600 megapixels); the limit is 50 megapixels"]),
        BadInput(file: "zero_height.jpg", kind: .unsupportedImage, fragments: ["corrupt JPEG"]),
        BadInput(file: "cmyk.jpg", kind: .unsupportedImage, fragments: ["CMYK JPEG images are not supported"]),
    ]

    @Test("decode refuses with a clear error", arguments: badInputs)
    func refuses(_ input: BadInput) throws {
        let data = try fixture(input.file)
        expectError(input.kind, containing: input.fragments) {
            try decoder.decode(data, maxPixels: defaultMaxPixels)
        }
    }

    /// The header alone is fine; only decoding is refused, and that happens before allocating
    /// 40 GB of RGBA (the test process would die otherwise).
    @Test(
        "dimensions(of:) reports sizes too large to decode",
        arguments: [("huge_header.png", 100_000, 100_000), ("huge_header.jpg", 60_000, 60_000)])
    func hugeHeaderDimensions(_ file: String, _ width: Int, _ height: Int) throws {
        let data = try fixture(file)
        #expect(data.count < 1_000)
        #expect(try decoder.dimensions(of: data) == ImageInfo(width: width, height: height))
    }

    @Test(
        "dimensions(of:) refuses non-images and broken headers",
        arguments: [
            "empty.png", "not_an_image.txt", "tiny.gif", "zero_width.png", "too_wide.png",
            "enormous_header.png", "zero_height.jpg",
        ])
    func dimensionsRefuses(_ file: String) throws {
        let data = try fixture(file)
        expectError(.unsupportedImage) { try decoder.dimensions(of: data) }
    }

    @Test("dimensions(of:) refuses a header cut short", arguments: [("rgb8.png", 20), ("noise.jpg", 100)])
    func dimensionsOfCutHeader(_ file: String, _ length: Int) throws {
        let data = try fixture(file).prefix(length)
        expectError(.unsupportedImage, containing: ["truncated or corrupt"]) { try decoder.dimensions(of: data) }
    }

    @Test func emptyDataIsNamedAsSuch() {
        expectError(.unsupportedImage, containing: ["empty file"]) { try decoder.decode(Data(), maxPixels: 1) }
        expectError(.unsupportedImage, containing: ["empty file"]) { try decoder.dimensions(of: Data()) }
    }

    @Test("a non-positive pixel limit is the caller's mistake", arguments: [0, -1])
    func nonPositiveLimit(_ limit: Int) throws {
        let data = try fixture("rgb8.png")
        expectError(.invalidInput, containing: ["pixel limit"]) { try decoder.decode(data, maxPixels: limit) }
    }

    @Test func smallLimitMessage() throws {
        let data = try fixture("rgb8.png")
        expectError(.imageTooLarge, containing: ["image is 9×7 pixels (63 pixels); the limit is 10 pixels"]) {
            try decoder.decode(data, maxPixels: 10)
        }
    }

    // MARK: truncation and corruption

    /// Cut points inside rgb8.png: signature only, inside IHDR, right after IHDR, inside IDAT,
    /// inside IDAT's CRC (the 12-byte IEND chunk follows it).
    @Test("truncated PNG is refused", arguments: [8, 20, 33, -70, -13])
    func truncatedPNG(_ cut: Int) throws {
        let png = try fixture("rgb8.png")
        let length = cut >= 0 ? cut : png.count + cut
        expectError(.unsupportedImage, containing: ["truncated or corrupt PNG"]) {
            try decoder.decode(png.prefix(length), maxPixels: defaultMaxPixels)
        }
    }

    /// Cut points inside noise.jpg: in the SOI marker, inside the headers, at the start of the scan, halfway through
    /// the scan, without the EOI marker. TurboJPEG "succeeds" with a warning on most of these;
    /// the decoder must still refuse.
    @Test("truncated JPEG is refused", arguments: [3, 100, -3000, -2000, -2])
    func truncatedJPEG(_ cut: Int) throws {
        let jpeg = try fixture("noise.jpg")
        let length = cut >= 0 ? cut : jpeg.count + cut
        expectError(.unsupportedImage, containing: ["truncated or corrupt JPEG: "]) {
            try decoder.decode(jpeg.prefix(length), maxPixels: defaultMaxPixels)
        }
    }

    /// Every prefix of a valid file that lacks image data is refused with an error (never a crash,
    /// never grey pixels). The one exception is a PNG cut inside its final 12-byte IEND chunk (PNG
    /// §11.2.5: an empty chunk that only marks the end): libpng has every pixel by then and returns
    /// the complete image, which is the right answer.
    @Test(
        "every prefix is refused",
        arguments: [
            "rgb8.png", "interlaced_palette4.png", "blocks_420.jpg",
            "blocks_444_progressive.jpg",
        ])
    func everyPrefixIsRefused(_ file: String) throws {
        let data = try fixture(file)
        let full = try decoder.decode(data, maxPixels: defaultMaxPixels)
        let iendLength = 12  // 4-byte length + "IEND" + no data + 4-byte CRC (PNG §5.3)
        var accepted: [Int] = []
        for length in 0..<data.count {
            do {
                let image = try decoder.decode(data.prefix(length), maxPixels: defaultMaxPixels)
                #expect(image == full, "prefix \(length) decoded to different pixels")
                accepted.append(length)
            } catch let error as ScreenRecognitionError {
                #expect(error.kind == .unsupportedImage, "prefix \(length): \(error.message)")
            }
        }
        let allowed = file.hasSuffix(".png") ? Array(data.count - iendLength..<data.count) : []
        #expect(accepted == allowed)
    }

    /// Flipping any single byte never crashes; it either decodes or throws a ScreenRecognitionError.
    @Test("single-byte corruption never crashes", arguments: ["rgb8.png", "palette_trns.png", "blocks_420.jpg"])
    func byteFlips(_ file: String) throws {
        let original = try fixture(file)
        var refused = 0
        for i in 0..<original.count {
            var data = original
            data[i] ^= 0xFF
            do {
                _ = try decoder.decode(data, maxPixels: defaultMaxPixels)
            } catch let error as ScreenRecognitionError {
                #expect([.unsupportedImage, .imageTooLarge].contains(error.kind), "byte \(i): \(error.message)")
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}
