import Foundation
import ScreenRecognition

/// The JSON inputs a user or client hands over: a detections file (`analyze --detections`), an
/// ``AnalysisConfiguration`` file (`--config`) and an `analyze` JSON (the explorer's and the
/// evaluators' input). Each must decode or throw ``ScreenRecognitionError``/`DecodingError`; a
/// decoded detections file is then run through the pipeline without pixels, which must not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONInputs(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    // 200 detections — *design choice*: keeps one pipeline run well under a millisecond-scale budget.
    if let detections = try? DetectionsFile.decode(data, maxDetections: 200) {
        _ = try? ScreenAnalyzer().analyze(image: nil, size: ImageInfo(width: 1170, height: 2532), detections: detections)
    }
    _ = try? AnalysisConfiguration.decode(overridingDefaultsWith: data)
    _ = try? JSONDecoder().decode(ScreenAnalysis.self, from: data)
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzJSONInputs_main` (and points `main` at it), which
/// replaces libFuzzer's own `main`; so the entry point hands over to libFuzzer's driver.
@_cdecl("FuzzJSONInputs_main")
func FuzzJSONInputsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzJSONInputs)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
