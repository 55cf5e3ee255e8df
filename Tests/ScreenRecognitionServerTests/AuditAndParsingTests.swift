import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionHTTP
import ScreenRecognitionServer
import ScreenRecognitionTesting
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
    static let boundary = "multipart/form-data; boundary=screenrec-test-boundary"

    /// The audit fixture (from ScreenRecognitionAuditTests): an iOS inbox screenshot, its XCUITest
    /// tree and the detections the detector double replays.
    static func engines() throws -> ServerEngines {
        try replayEngines(detector: ReplayDetector(contentsOf: fixtureURL("ios-inbox.detections.json")))
    }

    @Test(
        arguments: [
            // (query, content type, body kind, status, code; nil for a report)
            ("", boundary, "valid", 200, nil),
            ("?format=sarif&hierarchy=xcuitest&ocr=false", "multipart/form-data; boundary=\"screenrec-test-boundary\"", "valid", 200, nil),
            ("", "image/png", "raw", 200, nil),
            ("?format=sarif", "image/jpeg", "raw", 200, nil),
            ("", "image/png", "valid", 400, "invalid_image"),
            ("", "text/plain", "raw", 415, "unsupported_media_type"),
            ("", boundary, "unknown-part", 400, "invalid_multipart"),
            ("", boundary, "empty-image", 400, "empty_part"),
            ("", "multipart/form-data", "valid", 400, "invalid_multipart"),
            ("", "multipart/form-data; boundary=other", "valid", 400, "invalid_multipart"),
            ("", boundary, "truncated", 400, "invalid_multipart"),
            ("", boundary, "no-image", 400, "missing_part"),
            ("", boundary, "no-hierarchy", 200, nil),
            ("", boundary, "empty-hierarchy", 400, "empty_part"),
            ("", boundary, "bad-hierarchy", 400, "invalid_hierarchy"),
            ("?hierarchy=uiautomator", boundary, "valid", 400, "invalid_hierarchy"),
            ("?hierarchy=uiautomator", boundary, "fuzz-crash", 400, "invalid_hierarchy"),
            ("", boundary, "fuzz-crash", 400, "invalid_hierarchy"),
            ("", boundary, "bad-image", 400, "invalid_image"),
            ("", boundary, "gif-image", 415, "unsupported_media_type"),
            ("", boundary, "huge-image", 422, "image_too_large"),
            ("", boundary, "too-big", 413, "body_too_large"),
            ("?format=xml", boundary, "valid", 400, "invalid_parameter"),
            ("?hierarchy=yaml", boundary, "valid", 400, "invalid_parameter"),
            ("?scale=0", boundary, "valid", 400, "invalid_parameter"),
            ("?hints=true", boundary, "valid", 400, "invalid_parameter"),
        ] as [(String, String, String, Int, String?)])
    func audit(query: String, contentType: String, kind: String, status: Int, code: String?) async throws {
        let png = try fixture("ios-inbox.png")
        let tree = try fixture("ios-inbox.xcuitest.txt")
        let body: Data
        switch kind {
        case "raw": body = png
        case "unknown-part": body = multipart([("image", nil, nil, png), ("hierachy", nil, nil, tree)])
        case "empty-image": body = multipart([("image", nil, nil, Data()), ("hierarchy", nil, nil, tree)])
        case "valid": body = multipart([("image", "ios-inbox.png", "image/png", png), ("hierarchy", "ios-inbox.xcuitest.txt", "text/plain", tree)])
        case "truncated": body = multipart([("image", "a.png", "image/png", png), ("hierarchy", nil, nil, tree)]).dropLast(40)
        case "no-image": body = multipart([("hierarchy", nil, nil, tree)])
        case "no-hierarchy": body = multipart([("image", nil, nil, png)])
        case "empty-hierarchy": body = multipart([("image", nil, nil, png), ("hierarchy", nil, nil, Data())])
        case "bad-hierarchy": body = multipart([("image", nil, nil, png), ("hierarchy", nil, nil, Data("<hierarchy><node bounds=".utf8))])
        case "fuzz-crash": body = multipart([("image", nil, nil, png), ("hierarchy", nil, nil, try fixture("fuzz-crash-invalid-utf8.uiautomator.xml"))])
        case "bad-image": body = multipart([("image", nil, "image/png", Data("GIF89a".utf8)), ("hierarchy", nil, nil, tree)])
        case "gif-image": body = multipart([("image", nil, "image/gif", png), ("hierarchy", nil, nil, tree)])
        case "huge-image": body = multipart([("image", nil, nil, try fixture("huge_header.png")), ("hierarchy", nil, nil, tree)])
        default: body = Data(count: 3 << 20)
        }
        let app = buildApplication(configuration: testConfiguration { $0.maxBodyBytes = 2 << 20 }, engines: try Self.engines())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/audit\(query)", method: .post, headers: [.contentType: contentType], body: ByteBuffer(bytes: body)) { response in
                #expect(response.status.code == status, "\(string(response))")
                if let code {
                    #expect((try? decodeError(response))?.error.code == code, "\(string(response))")
                } else {
                    let json = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                    #expect(json != nil)
                    #expect(query.contains("sarif") ? json?["runs"] != nil : json?["findings"] != nil)
                }
            }
        }
    }

    /// The server's report is the CLI's, pixel rules included: `screenrec audit ios-inbox.png --hierarchy ios-inbox.xcuitest.txt
    /// --detections ios-inbox.detections.json --format json`, run in Tests/ScreenRecognitionAuditTests/Fixtures/ (the result is Fixtures/ios-inbox.audit.json here).
    @Test func theReportIsTheCLIs() async throws {
        let body = multipart([
            ("image", "ios-inbox.png", "image/png", try fixture("ios-inbox.png")),
            ("hierarchy", "ios-inbox.xcuitest.txt", nil, try fixture("ios-inbox.xcuitest.txt")),
        ])
        let app = buildApplication(configuration: testConfiguration(), engines: try Self.engines())
        let expectedData = try fixture("ios-inbox.audit.json")
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/audit", method: .post, headers: [.contentType: Self.boundary], body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                let expected = try? JSONSerialization.jsonObject(with: expectedData) as? NSDictionary
                let got = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? NSDictionary
                #expect(got != nil && got == expected, "\(string(response))")
                #expect(((got?["findings"] as? [Any])?.count ?? 0) > 0)
            }
        }
    }
}

@Suite struct ParsingTests {
    @Test(
        arguments: [
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
        ("format=html", AnalyzeOptions(format: .html)),
    ])
    func options(query: String, expected: AnalyzeOptions) throws {
        #expect(try AnalyzeOptions(query: query) == expected)
    }
}

/// Inputs the fuzzers found that crashed a parser, kept so the fix stays: each must now be refused
/// with an error, in every format (Fuzz/RESULTS.md).
@Suite struct FuzzRegressionTests {
    @Test(arguments: ["fuzz-crash-invalid-utf8.uiautomator.xml"])
    func hierarchyParsersRefuseWithoutTrapping(file: String) throws {
        let data = try fixture(file)
        for format in HierarchyFormat.allCases {
            #expect(throws: ScreenRecognitionError.self) {
                try AccessibilityHierarchy.parse(data, format: format, imageSize: ImageInfo(width: 1080, height: 2400))
            }
        }
    }
}

@Suite struct AuditOptionsTests {
    @Test(
        arguments: [
            ("", AuditOptions.Format.json, "auto", nil, true),
            ("format=sarif&hierarchy=uiautomator&scale=2.5&ocr=false", .sarif, "uiautomator", 2.5, false),
            ("hierarchy=analysis&scale=1", .json, "analysis", 1.0, true),
            ("hierarchy=accessibility-snapshot&scale=3", .json, "accessibility-snapshot", 3.0, true),
            ("format=html", .html, "auto", nil, true),
            ("format=transcript", .transcript, "auto", nil, true),
        ] as [(String, AuditOptions.Format, String, Double?, Bool)])
    func parses(query: String, format: AuditOptions.Format, hierarchy: String, scale: Double?, ocr: Bool) throws {
        let o = try AuditOptions(query: query)
        #expect(o.format == format && o.hierarchyFormat == hierarchy && o.scale == scale && o.ocr == ocr)
    }

    @Test(arguments: ["format=xml", "hierarchy=", "scale=nan", "scale=11", "scale=-1", "ocr=2", "scale=1&scale=2", "x=1"])
    func refuses(query: String) {
        #expect(throws: RequestError.self) { try AuditOptions(query: query) }
    }
}
