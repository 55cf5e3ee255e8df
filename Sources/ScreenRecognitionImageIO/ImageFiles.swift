import Foundation
import ScreenRecognition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The largest image file ``readImageFile(at:maxBytes:)`` reads: 256 MiB — *design choice*, far
/// above any PNG of `Limits/maxPixels` (50 megapixels × 4 bytes = 200 MB uncompressed, and PNGs
/// of screenshots compress well below that), yet small enough not to exhaust memory.
public let maxImageFileBytes = 256 * 1024 * 1024

/// Reads a whole file for decoding, with errors a person can act on.
///
/// - Throws: `ScreenRecognitionError` of kind `.io` — "no such file: PATH", "PATH is a
///   directory", "cannot read PATH: <reason>" — or `.imageTooLarge` when the file is larger than
///   `maxBytes`. A regular file's size is checked before anything is read; other files (pipes,
///   devices) are read up to `maxBytes` and then refused.
public func readImageFile(at path: String, maxBytes: Int = maxImageFileBytes) throws -> Data {
    guard !path.isEmpty else { throw ScreenRecognitionError(.invalidInput, "no image path given") }
    return try readFile(at: path, maxBytes: maxBytes, tooLarge: .imageTooLarge, kindOfFile: "image files")
}

/// Reads a whole file of any kind (detections, hierarchies, configurations) with the same checks
/// as ``readImageFile(at:maxBytes:)``; a file over `maxBytes` is refused with kind `tooLarge`.
///
/// `sniff`, when given, sees the first 8 bytes (or the whole file when shorter) as soon as they are
/// read and may throw to stop reading: a pipe or device that is not what it should be is refused
/// from its first bytes instead of after `maxBytes` of it.
public func readFile(
    at path: String, maxBytes: Int, tooLarge: ScreenRecognitionError.Kind = .invalidInput,
    kindOfFile: String = "files", sniff: ((Data) throws -> Void)? = nil
) throws -> Data {
    guard !path.isEmpty else { throw ScreenRecognitionError(.invalidInput, "no path given") }

    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else {
        let code = errno
        switch code {
        case ENOENT: throw ScreenRecognitionError(.io, "no such file: \(path)")
        case EISDIR: throw ScreenRecognitionError(.io, "\(path) is a directory")
        default: throw ScreenRecognitionError(.io, "cannot read \(path): \(describeErrno(code))")
        }
    }
    defer { close(fd) }

    var info = stat()
    guard fstat(fd, &info) == 0 else {
        throw ScreenRecognitionError(.io, "cannot read \(path): \(describeErrno(errno))")
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw ScreenRecognitionError(.io, "\(path) is a directory") }
    let isRegular = type == S_IFREG
    if isRegular && Int(info.st_size) > maxBytes {
        throw ScreenRecognitionError(tooLarge, tooBigMessage(path, size: "\(describeBytes(Int(info.st_size)))", maxBytes: maxBytes, kindOfFile: kindOfFile))
    }

    // Read into a buffer sized from fstat (plus one byte, to notice a file that grew meanwhile);
    // 64 KiB — *design choice* — as the starting size when the size is unknown (pipes).
    var capacity = isRegular ? Int(info.st_size) + 1 : 64 * 1024
    var buffer = Data(count: min(capacity, maxBytes + 1))
    var total = 0
    var sniffPending = sniff
    while true {
        if total == buffer.count {
            guard buffer.count <= maxBytes else {
                throw ScreenRecognitionError(
                    tooLarge, tooBigMessage(path, size: "more than \(describeBytes(maxBytes))", maxBytes: maxBytes, kindOfFile: kindOfFile))
            }
            capacity = min(buffer.count * 2, maxBytes + 1)
            buffer.count = capacity  // Data zero-fills the new bytes
        }
        let n = buffer.withUnsafeMutableBytes { raw in
            read(fd, raw.baseAddress! + total, raw.count - total)
        }
        if n < 0 {
            if errno == EINTR { continue }
            let code = errno
            if code == EISDIR { throw ScreenRecognitionError(.io, "\(path) is a directory") }
            throw ScreenRecognitionError(.io, "cannot read \(path): \(describeErrno(code))")
        }
        if n == 0 { break }
        total += n
        if let check = sniffPending, total >= 8 {
            try check(buffer.prefix(8))
            sniffPending = nil
        }
    }
    if let check = sniffPending, total > 0 { try check(buffer.prefix(total)) }
    if total > maxBytes {
        throw ScreenRecognitionError(tooLarge, tooBigMessage(path, size: "more than \(describeBytes(maxBytes))", maxBytes: maxBytes, kindOfFile: kindOfFile))
    }
    buffer.count = total
    return buffer
}

/// Reads and decodes an image file.
///
/// Errors from reading are as in ``readImageFile(at:maxBytes:)``; decoding errors keep their kind
/// and get the path in front ("shot.png: truncated or corrupt PNG: …").
///
/// - Parameters:
///   - path: the image file's path.
///   - decoder: the decoder to use (``SystemImageDecoder`` by default).
///   - maxPixels: the largest `width × height` accepted (see `Limits/maxPixels`).
public func loadImage(at path: String, decoder: some ImageDecoder = SystemImageDecoder(), maxPixels: Int) throws -> RGBAImage {
    guard !path.isEmpty else { throw ScreenRecognitionError(.invalidInput, "no image path given") }
    // The signature is checked as soon as 8 bytes are in: `/dev/zero` or a FIFO of text was read to
    // 256 MiB before being refused.
    let data = try readFile(
        at: path, maxBytes: maxImageFileBytes, tooLarge: .imageTooLarge, kindOfFile: "image files",
        sniff: { try checkImageSignature($0, path: path) })
    do {
        return try decoder.decode(data, maxPixels: maxPixels)
    } catch let error as ScreenRecognitionError {
        throw ScreenRecognitionError(error.kind, "\(path): \(error.message)")
    }
}

private func describeErrno(_ code: Int32) -> String {
    String(cString: strerror(code))
}

private func tooBigMessage(_ path: String, size: String, maxBytes: Int, kindOfFile: String) -> String {
    "\(path) is \(size); \(kindOfFile) over \(describeBytes(maxBytes)) are refused"
}

/// A byte count in MiB (2^20 bytes) when large, else in bytes.
private func describeBytes(_ bytes: Int) -> String {
    let mib = 1024 * 1024
    if bytes >= mib {
        let value = Double(bytes) / Double(mib)
        return value == value.rounded() ? "\(Int(value)) MiB" : String(format: "%.1f MiB", value)
    }
    return "\(bytes) bytes"
}

/// Throws `.unsupportedImage` unless `head` (a file's first bytes) starts like a PNG (its 8-byte
/// signature, PNG spec §5.2) or a JPEG (SOI and a marker, `FF D8 FF`), or is a prefix of one (a
/// truncated file is left to the decoder, which says so).
func checkImageSignature(_ head: Data, path: String) throws {
    let bytes = Array(head.prefix(8))
    func matches(_ signature: [UInt8]) -> Bool {
        bytes.count >= signature.count ? bytes.starts(with: signature) : signature.starts(with: bytes)
    }
    guard matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) || matches([0xFF, 0xD8, 0xFF]) else {
        throw ScreenRecognitionError(.unsupportedImage, "\(path): not a PNG or JPEG image (starts with \(ImageFormat.describePrefix(of: head)))")
    }
}
