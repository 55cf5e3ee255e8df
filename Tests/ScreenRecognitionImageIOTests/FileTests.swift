import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import Testing

@Suite("Reading image files")
struct FileTests {
    @Test func loadsAFixture() throws {
        let image = try loadImage(at: fixturePath("rgb8.png"), maxPixels: defaultMaxPixels)
        #expect(image.width == 9 && image.height == 7)
        #expect(image.pixels == (try [UInt8](fixture("rgb8.rgba"))))
    }

    @Test func readImageFileReturnsTheBytes() throws {
        #expect(try readImageFile(at: fixturePath("noise.jpg")) == (try fixture("noise.jpg")))
        #expect(try readImageFile(at: fixturePath("empty.png")).isEmpty)
    }

    @Test func missingFile() {
        let path = "/nonexistent-\(UUID().uuidString)/shot.png"
        expectError(.io, containing: ["no such file: \(path)"]) { try readImageFile(at: path) }
        expectError(.io, containing: ["no such file: \(path)"]) { try loadImage(at: path, maxPixels: defaultMaxPixels) }
    }

    @Test func directory() {
        let path = fixturesURL.path
        expectError(.io, containing: ["\(path) is a directory"]) { try readImageFile(at: path) }
        expectError(.io, containing: ["\(path) is a directory"]) { try loadImage(at: path, maxPixels: defaultMaxPixels) }
    }

    @Test func pathThroughAFile() {
        let path = fixturePath("rgb8.png") + "/inside.png"
        expectError(.io, containing: ["cannot read \(path): "]) { try readImageFile(at: path) }
    }

    @Test func emptyPath() {
        expectError(.invalidInput) { try readImageFile(at: "") }
    }

    @Test func tooLargeRegularFileIsRefusedBeforeReading() {
        let path = fixturePath("noise.jpg")
        expectError(.imageTooLarge, containing: [path, "over 1000 bytes are refused"]) {
            try readImageFile(at: path, maxBytes: 1000)
        }
    }

    /// A file with no size (a device here; pipes are the same) is read only up to the limit.
    @Test func endlessStreamIsCutOff() {
        expectError(.imageTooLarge, containing: ["/dev/zero is more than 4096 bytes"]) {
            try readImageFile(at: "/dev/zero", maxBytes: 4096)
        }
    }

    @Test func defaultLimitIs256MiB() {
        #expect(maxImageFileBytes == 268_435_456)
    }

    @Test(
        "decode errors name the file",
        arguments: [
            ("empty.png", ScreenRecognitionError.Kind.unsupportedImage, "empty file"),
            ("not_an_image.txt", .unsupportedImage, "not a PNG or JPEG image"),
            ("bad_crc.png", .unsupportedImage, "CRC error"),
            ("huge_header.png", .imageTooLarge, "100000×100000"),
        ])
    func decodeErrorsNameTheFile(_ name: String, _ kind: ScreenRecognitionError.Kind, _ fragment: String) {
        let path = fixturePath(name)
        let error = expectError(kind, containing: [fragment]) { try loadImage(at: path, maxPixels: defaultMaxPixels) }
        #expect(error?.message.hasPrefix("\(path): ") == true)
    }

    @Test func writtenPNGLoadsBack() throws {
        let directory = try TemporaryDirectory()
        let image = RGBAImage(width: 5, height: 4, fill: RGB(r: 1, g: 2, b: 3))
            .filling(Rect(x: 1, y: 1, width: 2, height: 2), with: RGB(r: 200, g: 100, b: 50))
        let path = directory.path("overlay.png")
        try encodePNG(image).write(to: URL(fileURLWithPath: path))
        #expect(try loadImage(at: path, maxPixels: defaultMaxPixels) == image)
    }

    /// Any decoder can be plugged in; errors it throws get the path too.
    @Test func customDecoder() throws {
        struct Refusing: ImageDecoder {
            func dimensions(of data: Data) throws -> ImageInfo { ImageInfo(width: 1, height: 1) }
            func decode(_ data: Data, maxPixels: Int) throws -> RGBAImage {
                throw ScreenRecognitionError(.unsupportedImage, "refused \(data.count) bytes")
            }
        }
        let path = fixturePath("rgb8.png")
        expectError(.unsupportedImage, containing: ["\(path): refused 111 bytes"]) {
            try loadImage(at: path, decoder: Refusing(), maxPixels: 10)
        }
    }
}
