import CPNG
import Foundation
import ScreenRecognition

/// PNG reading and writing through libpng's "simplified API" (`png_image_*`, libpng ≥ 1.6), which
/// reports errors through `png_image.message` instead of `longjmp`, so no `setjmp` is needed here.
enum PNGCodec {
    /// `PNG_FORMAT_RGBA`, spelled out because Swift cannot import that macro: png.h defines it as
    /// `PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA` with `PNG_FORMAT_RGB = PNG_FORMAT_FLAG_COLOR`.
    /// 8 bits per channel (no `PNG_FORMAT_FLAG_LINEAR`), R G B A order, non-premultiplied.
    static let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Runs `body` with a zeroed, heap-allocated `png_image` and frees libpng's state afterwards.
    ///
    /// The struct lives on the heap (not in a Swift local) because libpng keeps its address between
    /// calls — it is the error handler's context — so it must not move between `begin_read` and
    /// `finish_read`, which Swift's `&local` does not guarantee.
    static func withPNGImage<T>(_ body: (UnsafeMutablePointer<png_image>) throws -> T) rethrows -> T {
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())  // all zero: `opaque` must be NULL (png.h)
        image.pointee.version = png_uint_32(PNG_IMAGE_VERSION)
        defer {
            png_image_free(image)  // safe whether or not libpng already freed its state (png.h)
            image.deinitialize(count: 1)
            image.deallocate()
        }
        return try body(image)
    }

    /// libpng's explanation of the last failure, from `png_image.message` (a NUL-terminated
    /// `char[64]`).
    static func message(of image: UnsafeMutablePointer<png_image>) -> String {
        let text = withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }

    static func corrupt(_ image: UnsafeMutablePointer<png_image>) -> ScreenRecognitionError {
        ScreenRecognitionError(.unsupportedImage, "truncated or corrupt PNG: \(message(of: image))")
    }

    /// The width and height fields of the `IHDR` chunk, read without any validation: the first
    /// chunk, right after the 8-byte signature, as 4-byte length, "IHDR", then width and height as
    /// big-endian 32-bit integers (PNG §5.3, §11.2.2).
    static func peekIHDR(_ data: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        guard data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(data[at + $1]) } }
        return (be32(16), be32(20))
    }

    /// The error for a header libpng refused. libpng's own message for a bad size is only "Invalid
    /// IHDR data", so when the header's size is what is wrong, say which size it is.
    static func headerFailure(
        _ image: UnsafeMutablePointer<png_image>, _ data: UnsafeRawBufferPointer,
        maxPixels: Int?
    ) -> ScreenRecognitionError {
        guard let (width, height) = peekIHDR(data) else { return corrupt(image) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)  // each side < 2^32
        if let maxPixels, width > 0, height > 0, overflow || pixels > maxPixels {
            return ScreenRecognitionError(
                .imageTooLarge,
                PixelLimit.tooLargeMessage(width: width, height: height, maxPixels: maxPixels))
        }
        if width == 0 || height == 0 {
            return ScreenRecognitionError(.unsupportedImage, "corrupt PNG: image has no pixels (its header says \(width)×\(height))")
        }
        // libpng's default per-side limits (PNG_USER_WIDTH_MAX / PNG_USER_HEIGHT_MAX, pnglibconf.h).
        let maxWidth = Int(PNG_USER_WIDTH_MAX)
        let maxHeight = Int(PNG_USER_HEIGHT_MAX)
        if width > maxWidth || height > maxHeight {
            return ScreenRecognitionError(
                .unsupportedImage,
                "image is \(width)×\(height) pixels; PNG images wider than \(maxWidth) or taller than \(maxHeight) pixels are not supported")
        }
        return corrupt(image)
    }

    /// Reads the signature, `IHDR` and the chunks before the first `IDAT`; no pixels.
    static func dimensions(of data: Data) throws -> ImageInfo {
        try data.withUnsafeBytes { raw in
            try withPNGImage { image in
                guard png_image_begin_read_from_memory(image, raw.baseAddress, raw.count) != 0 else {
                    throw headerFailure(image, raw, maxPixels: nil)
                }
                return ImageInfo(width: Int(image.pointee.width), height: Int(image.pointee.height))
            }
        }
    }

    static func decode(_ data: Data, maxPixels: Int) throws -> RGBAImage {
        // libpng reads from `raw` during `finish_read` too, so both calls stay inside this closure.
        try data.withUnsafeBytes { raw in
            try withPNGImage { image in
                guard png_image_begin_read_from_memory(image, raw.baseAddress, raw.count) != 0 else {
                    throw headerFailure(image, raw, maxPixels: maxPixels)
                }
                let width = Int(image.pointee.width)
                let height = Int(image.pointee.height)
                let byteCount = try PixelLimit.rgbaByteCount(width: width, height: height, maxPixels: maxPixels)

                image.pointee.format = rgbaFormat
                // 16-bit files without gAMA/sRGB/iCCP are taken as sRGB-encoded, not linear — *design
                // choice*: screenshot tools write sRGB, and libpng's linear default would brighten
                // them (png.h, PNG_IMAGE_FLAG_16BIT_sRGB). Must be set after begin_read, which
                // initialises `flags`.
                image.pointee.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)

                let pixels = try [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                    // row_stride 0: libpng computes width × 4 (png.h, png_image_finish_read).
                    guard png_image_finish_read(image, nil, buffer.baseAddress, 0, nil) != 0 else {
                        throw corrupt(image)
                    }
                    initialized = byteCount
                }
                guard let result = RGBAImage(width: width, height: height, pixels: pixels) else {
                    throw ScreenRecognitionError(.runtime, "libpng returned a buffer of the wrong size")
                }
                return result
            }
        }
    }

    /// Encodes 8-bit RGBA as a non-interlaced PNG (colour type 6, 8 bits per channel).
    static func encode(_ picture: RGBAImage, favorSpeed: Bool) throws -> Data {
        guard let width = png_uint_32(exactly: picture.width), let height = png_uint_32(exactly: picture.height),
            // PNG limits each dimension to 2^31 − 1 (PNG specification §11.2.2, IHDR).
            width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
            let rowStride = png_int_32(exactly: picture.width * PixelLimit.bytesPerPixel)
        else {
            throw ScreenRecognitionError(.invalidInput, "cannot encode a \(picture.width)×\(picture.height) image as PNG: too large")
        }
        return try picture.pixels.withUnsafeBytes { pixels in
            try withPNGImage { image in
                image.pointee.width = width
                image.pointee.height = height
                image.pointee.format = rgbaFormat
                // PNG_IMAGE_FLAG_FAST (png.h): cheaper filter choice and zlib settings; png.h measures
                // about 25% larger files, here ~6× faster on a 1170×2532 screenshot for ~15–70% more bytes.
                if favorSpeed { image.pointee.flags = png_uint_32(PNG_IMAGE_FLAG_FAST) }

                // First guess at the output size: the raw rows plus one filter byte per row (PNG §7.3),
                // plus 1/256 for zlib's worst-case expansion (5 bytes per 64 KiB stored block, RFC 1951
                // §3.2.4) and IDAT chunk overhead (12 bytes per chunk, PNG §5.3; libpng's chunks are
                // 8 KiB), about 0.15% together, plus 1 KiB — *design choice* — for the signature,
                // IHDR, colour-space chunk and IEND. If that is still too small, libpng reports the
                // exact size needed and we retry once.
                let rawBytes = pixels.count + picture.height
                var capacity = rawBytes + rawBytes / 256 + 1024
                for _ in 0..<2 {
                    var output = Data(count: capacity)
                    var written = png_alloc_size_t(capacity)
                    let ok = output.withUnsafeMutableBytes { out in
                        png_image_write_to_memory(image, out.baseAddress, &written, 0, pixels.baseAddress, rowStride, nil)
                    }
                    if ok != 0 {
                        output.count = Int(written)
                        return output
                    }
                    // png.h: on failure a changed, larger `memory_bytes` means "buffer too small".
                    guard Int(written) > capacity else { break }
                    capacity = Int(written)
                    png_image_free(image)
                    image.pointee.warning_or_error = 0
                }
                throw ScreenRecognitionError(.runtime, "PNG encoding failed: \(message(of: image))")
            }
        }
    }
}

/// Encodes an image as a PNG file (8-bit RGBA, non-interlaced).
///
/// Decoding the result with ``SystemImageDecoder`` gives back exactly the same pixels.
///
/// - Parameters:
///   - image: the image to encode.
///   - favorSpeed: use libpng's fast settings (`PNG_IMAGE_FLAG_FAST`): several times
///     faster, somewhat larger files — good for overlays and other throwaway output. By default
///     libpng's standard settings give the smaller file.
/// - Throws: `ScreenRecognitionError` (`.invalidInput` for sizes PNG cannot hold, `.runtime` if
///   libpng fails).
public func encodePNG(_ image: RGBAImage, favorSpeed: Bool = false) throws -> Data {
    try PNGCodec.encode(image, favorSpeed: favorSpeed)
}
