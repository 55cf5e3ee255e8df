import CTurboJPEG
import Foundation
import ScreenRecognition

/// JPEG reading through libjpeg-turbo's TurboJPEG API (2.x: `tjInitDecompress`,
/// `tjDecompressHeader3`, `tjDecompress2`), which reports errors by return value; no `setjmp`.
enum JPEGCodec {
    /// The header fields `tjDecompressHeader3` reports.
    struct Header {
        var width: Int
        var height: Int
        /// A `TJCS` value (turbojpeg.h).
        var colorspace: Int32
    }

    /// Decompression flags (turbojpeg.h):
    /// - `TJFLAG_STOPONWARNING`: stop at the first libjpeg warning (e.g. "Premature end of JPEG
    ///   file") instead of finishing with grey pixels and returning a warning we would reject anyway.
    /// - `TJFLAG_LIMITSCANS`: refuse progressive files with an absurd number of scans, a known
    ///   denial-of-service pattern (see the libjpeg-turbo note linked from turbojpeg.h).
    /// - `TJFLAG_ACCURATEDCT`: the accurate integer IDCT (TurboJPEG's decompression default already;
    ///   stated so results do not depend on that default).
    static let decompressFlags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT)

    /// Runs `body` with a fresh decompressor handle and always destroys it.
    static func withDecompressor<T>(_ body: (tjhandle) throws -> T) throws -> T {
        guard let handle = tjInitDecompress() else {
            throw ScreenRecognitionError(.runtime, "cannot start the JPEG decoder: \(errorString(nil))")
        }
        defer { tjDestroy(handle) }
        return try body(handle)
    }

    /// TurboJPEG's message for the last failure on `handle` (or the global one for `nil`).
    static func errorString(_ handle: tjhandle?) -> String {
        guard let cString = tjGetErrorStr2(handle) else { return "libjpeg-turbo gave no reason" }
        let text = String(cString: cString)
        return text.isEmpty ? "libjpeg-turbo gave no reason" : text
    }

    static func readHeader(_ handle: tjhandle, _ bytes: UnsafePointer<UInt8>, _ count: Int) throws -> Header {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw ScreenRecognitionError(.unsupportedImage, "truncated or corrupt JPEG: \(errorString(handle))")
        }
        // TurboJPEG's memory source ends short data with a fake EOI marker, so a file cut before its
        // frame header (SOF) reads as a valid "tables-only" stream of size 0×0.
        guard width > 0, height > 0 else {
            throw ScreenRecognitionError(
                .unsupportedImage,
                "truncated or corrupt JPEG: no image size in the header (\(width)×\(height)); the data ends before the frame header")
        }
        return Header(width: Int(width), height: Int(height), colorspace: colorspace)
    }

    static func dimensions(of data: Data) throws -> ImageInfo {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return try withDecompressor { handle in
                let header = try readHeader(handle, bytes.baseAddress!, bytes.count)
                return ImageInfo(width: header.width, height: header.height)
            }
        }
    }

    static func decode(_ data: Data, maxPixels: Int) throws -> RGBAImage {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)  // non-empty: the format sniffer saw 3 bytes
            return try withDecompressor { handle in
                let header = try readHeader(handle, bytes.baseAddress!, bytes.count)
                let byteCount = try PixelLimit.rgbaByteCount(
                    width: header.width, height: header.height,
                    maxPixels: maxPixels)
                // libjpeg has no CMYK → RGB conversion (it fails with "Unsupported color conversion
                // request"); say so plainly instead.
                if header.colorspace == TJCS_CMYK.rawValue || header.colorspace == TJCS_YCCK.rawValue {
                    throw ScreenRecognitionError(
                        .unsupportedImage,
                        "CMYK JPEG images are not supported; convert the image to RGB (or PNG) first")
                }
                let pitch = header.width * PixelLimit.bytesPerPixel  // ≤ 65500 × 4: fits Int32
                let pixels = try [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                    let status = tjDecompress2(
                        handle, bytes.baseAddress!, UInt(bytes.count), buffer.baseAddress,
                        Int32(header.width), Int32(pitch), Int32(header.height),
                        Int32(TJPF_RGBA.rawValue), decompressFlags)
                    guard status == 0 else {
                        // With TJFLAG_STOPONWARNING a warning also fails the call; TJERR_WARNING then
                        // means "recoverable but the image is incomplete", which is still wrong output.
                        throw ScreenRecognitionError(.unsupportedImage, "truncated or corrupt JPEG: \(errorString(handle))")
                    }
                    initialized = byteCount
                }
                guard let image = RGBAImage(width: header.width, height: header.height, pixels: pixels) else {
                    throw ScreenRecognitionError(.runtime, "libjpeg-turbo returned a buffer of the wrong size")
                }
                return image
            }
        }
    }
}
