import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognitionHTTP
import ScreenRecognitionServer
import Testing

/// A multipart/form-data body from (name, filename, content type, bytes) parts.
func multipart(_ parts: [(String, String?, String?, Data)], boundary: String = "screenrec-test-boundary") -> Data {
    var d = Data()
    for (name, filename, type, body) in parts {
        d.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"".utf8))
        if let filename { d.append(Data("; filename=\"\(filename)\"".utf8)) }
        d.append(Data("\r\n".utf8))
        if let type { d.append(Data("Content-Type: \(type)\r\n".utf8)) }
        d.append(Data("\r\n".utf8))
        d.append(body)
        d.append(Data("\r\n".utf8))
    }
    d.append(Data("--\(boundary)--\r\n".utf8))
    return d
}

@Suite struct AuditTests {
    static let hierarchy = Data(#"{"elements": [{"label": "Edit", "frame": [52, 186, 87, 40]}]}"#.utf8)

    @Test(arguments: [
        // (content type, body kind, status, code)
        ("multipart/form-data; boundary=screenrec-test-boundary", "valid", 501, "not_implemented"),
        ("multipart/form-data; boundary=\"screenrec-test-boundary\"", "valid", 501, "not_implemented"),
        ("image/png", "valid", 415, "unsupported_media_type"),
        ("multipart/form-data", "valid", 400, "invalid_multipart"),
        ("multipart/form-data; boundary=other", "valid", 400, "invalid_multipart"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "truncated", 400, "invalid_multipart"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "no-image", 400, "missing_part"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "no-hierarchy", 400, "missing_part"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "empty-hierarchy", 400, "empty_part"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "bad-image", 400, "invalid_image"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "gif-image", 415, "unsupported_media_type"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "huge-image", 422, "image_too_large"),
        ("multipart/form-data; boundary=screenrec-test-boundary", "too-big", 413, "body_too_large"),
    ])
    func audit(contentType: String, kind: String, status: Int, code: String) async throws {
        let png = try fixture("clock.png")
        let body: Data
        switch kind {
        case "valid": body = multipart([("image", "clock.png", "image/png", png), ("hierarchy", "h.json", "application/json", Self.hierarchy)])
        case "truncated": body = multipart([("image", "clock.png", "image/png", png), ("hierarchy", nil, nil, Self.hierarchy)]).dropLast(40)
        case "no-image": body = multipart([("hierarchy", nil, nil, Self.hierarchy)])
        case "no-hierarchy": body = multipart([("image", nil, nil, png)])
        case "empty-hierarchy": body = multipart([("image", nil, nil, png), ("hierarchy", nil, nil, Data())])
        case "bad-image": body = multipart([("image", nil, "image/png", Data("GIF89a".utf8)), ("hierarchy", nil, nil, Self.hierarchy)])
        case "gif-image": body = multipart([("image", nil, "image/gif", png), ("hierarchy", nil, nil, Self.hierarchy)])
        case "huge-image": body = multipart([("image", nil, nil, try fixture("huge_header.png")), ("hierarchy", nil, nil, Self.hierarchy)])
        default: body = Data(count: 3 << 20)
        }
        let app = buildApplication(configuration: testConfiguration { $0.maxBodyBytes = 2 << 20 }, engines: try replayEngines())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/audit", method: .post, headers: [.contentType: contentType], body: ByteBuffer(bytes: body)) { response in
                #expect(response.status.code == status)
                let e = try decodeError(response)
                #expect(e.error.code == code, "\(e.error.message)")
            }
        }
    }
}

@Suite struct ParsingTests {
    @Test(arguments: [
        ("image/png", "image/png", [:]),
        ("Image/PNG ; charset=binary", "image/png", ["charset": "binary"]),
        ("multipart/form-data; boundary=\"a b;c\"", "multipart/form-data", ["boundary": "a b;c"]),
        ("multipart/form-data; BOUNDARY=x;", "multipart/form-data", ["boundary": "x"]),
    ] as [(String, String, [String: String])])
    func mediaTypes(header: String, essence: String, parameters: [String: String]) throws {
        let t = try #require(MediaType(header))
        #expect(t.essence == essence)
        #expect(t.parameters == parameters)
    }

    @Test(arguments: ["", "image", "image/", "/png", "image/png; x", "image/png; x=\"open", "image/png x", "image/png; =1"])
    func malformedMediaTypes(header: String) {
        #expect(MediaType(header) == nil)
    }

    @Test func multipartRoundTrip() throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x2D, 0x2D])  // bytes that look like CRLF and "--"
        let body = Data("preamble\r\n".utf8) + multipart([("image", "a.png", "image/png", image), ("hierarchy", nil, nil, Data("{}".utf8))])
        let form = try MultipartFormData(body: body, boundary: "screenrec-test-boundary")
        #expect(form.parts.count == 2)
        #expect(form.part(named: "image")?.body == image)
        #expect(form.part(named: "image")?.filename == "a.png")
        #expect(form.part(named: "image")?.contentType == "image/png")
        #expect(form.part(named: "hierarchy")?.body == Data("{}".utf8))
    }

    @Test(arguments: [
        "",
        "--b\r\n",
        "--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--",
        "--b\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--b--",
        "--b\r\nno colon here\r\n\r\nx\r\n--b--",
        "--b\r\n\r\nx\r\n--b--",
        "--bX\r\n",
        "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
    ])
    func malformedMultipart(body: String) {
        #expect(throws: RequestError.self) { try MultipartFormData(body: Data(body.utf8), boundary: "b") }
    }

    @Test func tooManyParts() {
        let parts = (0..<20).map { ("p\($0)", nil as String?, nil as String?, Data("x".utf8)) }
        #expect(throws: RequestError.self) { try MultipartFormData(body: multipart(parts, boundary: "b"), boundary: "b") }
    }

    @Test(arguments: [
        ("", AnalyzeOptions()),
        ("format=transcript", AnalyzeOptions(format: .transcript)),
        ("hints=true&ocr=false", AnalyzeOptions(hints: true, ocr: false)),
        ("format=json&hints=1&ocr=yes", AnalyzeOptions(format: .json, hints: true, ocr: true)),
        ("%66ormat=transcript", AnalyzeOptions(format: .transcript)),
    ])
    func options(query: String, expected: AnalyzeOptions) throws {
        #expect(try AnalyzeOptions(query: query) == expected)
    }
}
