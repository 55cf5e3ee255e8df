import Foundation
import ScreenRecognition
import ScreenRecognitionAudit

/// The audit's hierarchy parsers (XCUITest text, uiautomator XML, `analyze` JSON) on any bytes,
/// through `AccessibilityHierarchy.parse` with format detection and with each format forced: each
/// must return a tree or throw ``ScreenRecognitionError`` — never trap, hang or overrun.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHierarchyParsers(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let size = ImageInfo(width: 1170, height: 2532)
    for format in HierarchyFormat.allCases {
        _ = try? AccessibilityHierarchy.parse(data, format: format, imageSize: size)
    }
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzHierarchyParsers_main` (and points `main` at
/// it), which replaces libFuzzer's own `main`; so the entry point hands over to libFuzzer's driver.
@_cdecl("FuzzHierarchyParsers_main")
func FuzzHierarchyParsersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzHierarchyParsers)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
