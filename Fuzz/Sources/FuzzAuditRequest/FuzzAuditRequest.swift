import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionHTTP

/// The server's `/v1/audit` body handling on any bytes, as `POST /v1/audit` does it before any
/// image is decoded: the first line is the query string (``AuditOptions``), the rest the
/// `multipart/form-data` body (boundary `b`); the form's `image` part's Content-Type is checked, and
/// its `hierarchy` part goes to ``AccessibilityHierarchy/parse`` with the query's format and scale —
/// deep, malformed and huge trees included. Each step must return or throw a 4xx ``RequestError`` /
/// a ``ScreenRecognitionError`` — never trap, hang or overrun.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAuditRequest(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let query = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
    let body = newline < data.endIndex ? Data(data[(newline + 1)...]) : Data()

    let options: AuditOptions
    do { options = try AuditOptions(query: query) } catch {
        precondition(error.status == 400)
        options = AuditOptions()
    }
    let form: MultipartFormData
    do { form = try MultipartFormData(body: body, boundary: "b") } catch {
        precondition(error.status == 400)
        return 0
    }
    if let type = form.part(named: "image")?.contentType {
        do { try ImageMediaTypes.check(type) } catch { precondition((400..<500).contains(error.status)) }
    }
    if let tree = form.part(named: "hierarchy")?.body {
        let format = HierarchyFormat(rawValue: options.hierarchyFormat) ?? .auto
        do {
            let h = try AccessibilityHierarchy.parse(tree, format: format, imageSize: ImageInfo(width: 1170, height: 2532), scale: options.scale)
            precondition(ExposedElementDepth.of(h) <= AccessibilityHierarchy.maxDepth)
        } catch is ScreenRecognitionError {
        } catch {
            preconditionFailure("AccessibilityHierarchy.parse threw \(type(of: error)), not ScreenRecognitionError")
        }
    }
    return 0
}

/// The depth of a parsed tree, walked without recursion.
enum ExposedElementDepth {
    static func of(_ h: AccessibilityHierarchy) -> Int {
        var deepest = 0
        var pending = h.roots.map { ($0, 1) }
        while let (e, d) = pending.popLast() {
            deepest = max(deepest, d)
            pending.append(contentsOf: e.children.map { ($0, d + 1) })
        }
        return deepest
    }
}

/// SwiftPM links an executable's entry point as `FuzzAuditRequest_main` (and points `main` at it),
/// which replaces libFuzzer's own `main`; so the entry point hands over to libFuzzer's driver.
@_cdecl("FuzzAuditRequest_main")
func FuzzAuditRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzAuditRequest)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
