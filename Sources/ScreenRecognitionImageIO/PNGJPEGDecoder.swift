import Foundation
import ScreenRecognition

/// Decodes PNG and JPEG screenshots with the system's libpng (simplified API) and libjpeg-turbo
/// (TurboJPEG API) into 8-bit RGBA.
///
/// - PNG: every colour type and bit depth the PNG specification allows (grey, grey+alpha, RGB,
///   RGBA, palette with or without `tRNS`, 1–16 bits, interlaced or not) is converted to 8-bit
///   RGBA. 16-bit files without colour-space information are taken as sRGB-encoded (not linear),
///   which is what screenshot tools write.
/// - JPEG: baseline, progressive and greyscale files. CMYK/YCCK files are refused with a clear
///   message. Any libjpeg warning (such as a truncated scan) is an error: TurboJPEG would
///   otherwise fill the missing part with grey and report success.
/// - Alpha is passed through as stored (not premultiplied).
///
/// Errors are always `ScreenRecognitionError`s: `.unsupportedImage` for bytes that are not a
/// decodable PNG/JPEG, `.imageTooLarge` when the header claims more pixels than allowed (checked
/// before the pixel buffer is allocated), `.invalidInput` for a non-positive `maxPixels`.
///
/// The decoder holds no state; each call creates and frees its own library handles, so it is safe
/// to use from several threads at once.
public struct SystemImageDecoder: ImageDecoder {
    /// Creates a decoder.
    public init() {}

    /// Reads only the image header and returns its pixel size.
    ///
    /// For PNG this is libpng's `png_image_begin_read_from_memory` (the signature, `IHDR` and any
    /// chunks before the first `IDAT`, with their CRCs checked); for JPEG, `tjDecompressHeader3`.
    /// No pixel memory is allocated, so this is safe on files claiming enormous sizes.
    public func dimensions(of data: Data) throws -> ImageInfo {
        switch try ImageFormat.sniff(data) {
        case .png: return try PNGCodec.dimensions(of: data)
        case .jpeg: return try JPEGCodec.dimensions(of: data)
        }
    }

    /// Decodes a PNG or JPEG into 8-bit RGBA.
    ///
    /// - Parameters:
    ///   - data: the file's bytes, PNG or JPEG (told apart by their signature).
    ///   - maxPixels: the largest `width × height` accepted; larger images are refused
    ///     with `.imageTooLarge` after reading the header and before allocating pixels.
    public func decode(_ data: Data, maxPixels: Int) throws -> RGBAImage {
        guard maxPixels > 0 else {
            throw ScreenRecognitionError(.invalidInput, "the pixel limit must be positive (got \(maxPixels))")
        }
        switch try ImageFormat.sniff(data) {
        case .png: return try PNGCodec.decode(data, maxPixels: maxPixels)
        case .jpeg: return try JPEGCodec.decode(data, maxPixels: maxPixels)
        }
    }
}

/// The encoded formats this target reads, recognised by their leading "magic" bytes.
enum ImageFormat: Sendable, Equatable {
    case png, jpeg

    /// The first four bytes of the 8-byte PNG signature `89 50 4E 47 0D 0A 1A 0A` (PNG
    /// specification, §5.2 "PNG signature"). Only four are required so that a signature mangled by
    /// a text-mode transfer still reaches libpng, which then explains what is wrong.
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
    /// SOI marker `FF D8` followed by the `FF` that starts the next marker (JPEG, ITU-T T.81 §B.1.1.3
    /// and §B.2.1: a file starts with SOI and every marker begins with `FF`).
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Identifies the format from the first bytes, or throws `.unsupportedImage` explaining what
    /// the bytes look like instead.
    static func sniff(_ data: Data) throws -> ImageFormat {
        guard !data.isEmpty else {
            throw ScreenRecognitionError(.unsupportedImage, "empty file: there are no image bytes to decode")
        }
        if data.starts(with: pngMagic) { return .png }
        if data.starts(with: jpegMagic) { return .jpeg }
        var message = "not a PNG or JPEG image (starts with \(describePrefix(of: data)))"
        if let other = otherFormatName(data) {
            message += "; it looks like \(other), which is not supported — convert it to PNG"
        }
        throw ScreenRecognitionError(.unsupportedImage, message)
    }

    /// Up to the first 8 bytes in hex, plus their printable-ASCII rendering when there is any
    /// (so a text file reads as `68 65 6C 6C 6F … "hello"`).
    static func describePrefix(of data: Data) -> String {
        // 8 bytes: as long as the PNG signature, enough to recognise any common magic number.
        let prefix = Array(data.prefix(8))
        var text = prefix.map { String(format: "%02X", $0) }.joined(separator: " ")
        if data.count > prefix.count { text += " …" }
        // 0x20...0x7E is printable ASCII (ISO/IEC 646).
        let printable = prefix.filter { (0x20...0x7E).contains($0) }.count
        if printable * 2 >= prefix.count {
            let ascii = String(
                decoding: prefix.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: ".") },
                as: UTF8.self)
            text += " \"\(ascii)\""
        }
        return text
    }

    /// Names a few formats people commonly mistake for PNG/JPEG, from their published magic bytes.
    static func otherFormatName(_ data: Data) -> String? {
        let b = Array(data.prefix(12))
        func ascii(_ s: String, at offset: Int = 0) -> Bool {
            let bytes = Array(s.utf8)
            return b.count >= offset + bytes.count && Array(b[offset..<offset + bytes.count]) == bytes
        }
        if ascii("GIF87a") || ascii("GIF89a") { return "a GIF image" }  // GIF89a spec §17 (Header)
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "a WebP image" }  // RIFF container, WebP spec
        // ISO/IEC 14496-12 `ftyp` box at offset 4; brands from ISO/IEC 23008-12 (HEIF) and AV1-AVIF.
        if ascii("ftyp", at: 4) {
            if ascii("avif", at: 8) || ascii("avis", at: 8) { return "an AVIF image" }
            if ascii("heic", at: 8) || ascii("heix", at: 8) || ascii("mif1", at: 8) || ascii("msf1", at: 8) {
                return "a HEIC/HEIF image"
            }
        }
        if ascii("II*\0") || ascii("MM\0*") { return "a TIFF image" }  // TIFF 6.0 §2 (Image File Header)
        if ascii("BM") && b.count >= 6 { return "a BMP image" }  // BITMAPFILEHEADER.bfType
        return nil
    }
}

/// Checks a header's size against the pixel limit and returns the RGBA buffer size in bytes.
enum PixelLimit {
    /// Bytes per decoded pixel: R, G, B, A at 8 bits each (``RGBAImage``'s layout).
    static let bytesPerPixel = 4

    static func rgbaByteCount(width: Int, height: Int, maxPixels: Int) throws -> Int {
        guard width > 0, height > 0 else {
            throw ScreenRecognitionError(.unsupportedImage, "image has no pixels (its header says \(width)×\(height))")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw ScreenRecognitionError(.imageTooLarge, tooLargeMessage(width: width, height: height, maxPixels: maxPixels))
        }
        let (bytes, byteOverflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard !byteOverflow else {
            throw ScreenRecognitionError(.imageTooLarge, tooLargeMessage(width: width, height: height, maxPixels: maxPixels))
        }
        return bytes
    }

    /// "image is 100000×100000 pixels (10000 megapixels); the limit is 50 megapixels".
    static func tooLargeMessage(width: Int, height: Int, maxPixels: Int) -> String {
        let pixels = Double(width) * Double(height)  // Double: cannot overflow, exact enough to print
        return "image is \(width)×\(height) pixels (\(megapixels(pixels))); the limit is \(megapixels(Double(maxPixels)))"
    }

    /// A pixel count in megapixels (10^6 pixels), with just enough digits to be meaningful.
    static func megapixels(_ pixels: Double) -> String {
        let mp = pixels / 1_000_000
        if mp >= 100 { return "\(Int(mp.rounded())) megapixels" }
        if mp >= 0.1 {
            let text = String(format: "%.1f", mp)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " megapixels"
        }
        return "\(Int(pixels)) pixels"
    }
}
