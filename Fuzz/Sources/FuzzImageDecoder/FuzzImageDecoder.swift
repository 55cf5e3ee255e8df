import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO

/// 4 megapixels — *design choice*: enough for every real header path, small enough that a fuzzer
/// iteration stays fast; larger claims must be refused from the header (the property under test).
let maxPixels = 4_000_000
let decoder = SystemImageDecoder()

/// Any bytes: the decoder must return pixels or throw ``ScreenRecognitionError`` — never trap,
/// hang or overrun (AddressSanitizer), and decoded pixels must match the header's size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let info = try? decoder.dimensions(of: data)
    if let image = try? decoder.decode(data, maxPixels: maxPixels) {
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= maxPixels)
        precondition(info == nil || (info!.width == image.width && info!.height == image.height))
    }
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzImageDecoder_main` (and points `main` at it), which
/// replaces libFuzzer's own `main`; so the entry point hands over to libFuzzer's driver.
@_cdecl("FuzzImageDecoder_main")
func FuzzImageDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzImageDecoder)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
