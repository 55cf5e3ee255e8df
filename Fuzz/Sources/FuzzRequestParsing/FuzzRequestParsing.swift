import Foundation
import ScreenRecognitionHTTP

/// The server's request parsing on any bytes: the first line is a Content-Type header (also tried
/// as a query string), the rest a multipart body with the boundary from that header, or "b".
/// ``AuditOptions`` too. Each parser must return or throw ``RequestError`` with a 4xx status — never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParsing(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
    let body = newline < data.endIndex ? data[(newline + 1)...] : Data()

    _ = MediaType(header)
    do { try ImageMediaTypes.check(header) } catch { precondition((400..<500).contains(error.status)) }
    do { _ = try AnalyzeOptions(query: header) } catch { precondition(error.status == 400) }
    do {
        let audit = try AuditOptions(query: header)
        precondition(AuditOptions.hierarchyFormats.contains(audit.hierarchyFormat))
        precondition(audit.scale.map { $0.isFinite && $0 > 0 && $0 <= 10 } ?? true)
    } catch { precondition(error.status == 400) }
    let boundary = (try? MultipartFormData.boundary(fromContentType: header)) ?? "b"
    do {
        let form = try MultipartFormData(body: Data(body), boundary: boundary)
        precondition(form.parts.count <= MultipartFormData.defaultMaxParts)
        precondition(form.parts.allSatisfy { $0.body.count <= body.count })
    } catch {
        precondition(error.status == 400)
    }
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzRequestParsing_main` (and points `main` at it), which
/// replaces libFuzzer's own `main`; so the entry point hands over to libFuzzer's driver.
@_cdecl("FuzzRequestParsing_main")
func FuzzRequestParsingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzRequestParsing)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
