import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognition
import ScreenRecognitionHTTP
import ScreenRecognitionImageIO
import ScreenRecognitionServer
import ScreenRecognitionTesting
import Testing

let fixturesURL: URL = {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
        fatalError("the Fixtures resource folder is missing from the test bundle")
    }
    return url
}()

/// A fixture by name: the server tests' own (Fixtures/), else one they share with the rest of the
/// package, read where it lies in the checkout instead of being copied — the audit tests' screens,
/// the image decoder's good and bad images, the bundled examples.
func fixtureURL(_ name: String) -> URL {
    let own = fixturesURL.appendingPathComponent(name)
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let shared = [
        tests.appendingPathComponent("ScreenRecognitionAuditTests/Fixtures"),
        tests.appendingPathComponent("ScreenRecognitionImageIOTests/Fixtures"),
        tests.deletingLastPathComponent().appendingPathComponent("Examples"),
    ].map { $0.appendingPathComponent(name) }
    return ([own] + shared).first { FileManager.default.fileExists(atPath: $0.path) } ?? own
}

func fixture(_ name: String) throws -> Data { try Data(contentsOf: fixtureURL(name)) }

/// The Clock screen's replayed detections and canned OCR: the engines without the real models.
func replayEngines(textRecognizer: (any TextRecognizer)? = nil, detector: (any ElementDetector)? = nil) throws -> ServerEngines {
    ServerEngines(
        decoder: SystemImageDecoder(),
        detector: try detector ?? ReplayDetector(contentsOf: fixtureURL("clock.detections.json")),
        textRecognizer: textRecognizer, names: ["detector": "replay", "ocr": textRecognizer == nil ? "none" : "replay"])
}

func testConfiguration(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
    var c = ServerConfiguration()
    c.port = 0
    change(&c)
    return c
}

struct ErrorBody: Decodable {
    struct Inner: Decodable {
        var status: Int
        var code: String
        var message: String
    }
    var error: Inner
}

func decodeError(_ response: TestResponse) throws -> ErrorBody {
    try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
}

func string(_ response: TestResponse) -> String { String(buffer: response.body) }

@Suite struct RouterTests {
    @Test func analyzeReturnsTheSameJSONAsTheCLI() async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        let png = try fixture("clock.png")
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"],
                body: ByteBuffer(bytes: png)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let analysis = try JSONDecoder().decode(ScreenAnalysis.self, from: Data(response.body.readableBytesView))
                #expect(analysis.image == ImageInfo(width: 1170, height: 2532))
                #expect(analysis.transcriptText == (try String(decoding: fixture("clock.transcript.txt"), as: UTF8.self)))
            }
        }
    }

    /// A line only the canned OCR sees, in the Clock screen's empty band below London.
    static let ocrOnlyLine = RecognizedText(text: "Seen by OCR", box: Rect(x: 50, y: 1800, width: 400, height: 60), confidence: 0.95)

    @Test(arguments: [
        // (screen, query, transcript prefix, contains the OCR-only line)
        ("clock", "format=transcript", "Edit, Button\nAdd, Button\nWorld Clock, Heading\n", true),
        ("clock", "format=transcript&ocr=false", "Edit, Button\nAdd, Button\nWorld Clock, Heading\n", false),
        ("settings", "format=transcript&hints=true", "Settings, Heading\nSearch, Search field, Double tap to edit.\n", false),
        ("settings", "format=transcript&hints=false&ocr=0", "Settings, Heading\nSearch, Search field\n", false),
    ])
    func analyzeOptions(screen: String, query: String, prefix: String, seesOCRLine: Bool) async throws {
        let engines = try replayEngines(
            textRecognizer: ReplayTextRecognizer(screen == "clock" ? [Self.ocrOnlyLine] : []),
            detector: ReplayDetector(contentsOf: fixtureURL("\(screen).detections.json")))
        let app = buildApplication(configuration: testConfiguration(), engines: engines)
        let png = try fixture("\(screen).png")
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/analyze?\(query)", method: .post, headers: [.contentType: "image/png"],
                body: ByteBuffer(bytes: png)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(string(response).hasPrefix(prefix), "\(string(response))")
                #expect(string(response).contains("Seen by OCR") == seesOCRLine)
            }
        }
    }

    /// Every error status of the image endpoints, with its JSON code.
    @Test(arguments: [
        // (path, content type, body fixture or literal, status, code)
        ("/v1/analyze", "image/png", "corrupt_idat.png", 400, "invalid_image"),
        ("/v1/analyze", "image/png", "literal:not an image at all", 400, "invalid_image"),
        ("/v1/analyze", "application/octet-stream", "enormous_header.png", 422, "image_too_large"),
        ("/v1/analyze", "image/png", "huge_header.png", 422, "image_too_large"),
        ("/v1/analyze", "image/jpeg", "huge_header.jpg", 422, "image_too_large"),
        ("/v1/analyze", "text/plain", "clock.png", 415, "unsupported_media_type"),
        ("/v1/analyze", "image/gif", "clock.png", 415, "unsupported_media_type"),
        ("/v1/analyze", "image/png;;;", "clock.png", 415, "unsupported_media_type"),
        ("/v1/analyze", "image/png", "empty.png", 400, "empty_body"),
        ("/v1/analyze?format=xml", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/analyze?hints=maybe", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/analyze?colour=red", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/analyze?ocr=true&ocr=false", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/analyze?format=%ZZ", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/analyze", "image/png", "big:2000", 413, "body_too_large"),
        ("/v1/ocr", "image/png", "corrupt_idat.png", 400, "invalid_image"),
        ("/v1/ocr", "text/html", "clock.png", 415, "unsupported_media_type"),
        ("/v1/ocr", "image/png", "huge_header.png", 422, "image_too_large"),
        ("/v1/ocr?x=1", "image/png", "clock.png", 400, "invalid_parameter"),
        ("/v1/ocr", "image/png", "big:2000", 413, "body_too_large"),
        ("/v2/analyze", "image/png", "clock.png", 404, "not_found"),
    ])
    func imageErrors(path: String, contentType: String, body: String, status: Int, code: String) async throws {
        let config = testConfiguration {
            $0.maxBodyBytes = 1000
            if !body.hasPrefix("big:") { $0.maxBodyBytes = 1 << 20 }
            $0.maxPixels = 4_000_000
        }
        let app = buildApplication(
            configuration: config,
            engines: try replayEngines(textRecognizer: ReplayTextRecognizer([])))
        let bytes: Data
        if body.hasPrefix("literal:") {
            bytes = Data(body.dropFirst(8).utf8)
        } else if body.hasPrefix("big:") {
            bytes = Data(repeating: 0x89, count: Int(body.dropFirst(4))!)
        } else if body == "huge_header.jpg" {
            bytes = try Self.jpegClaiming(width: 60000, height: 60000)
        } else {
            bytes = try fixture(body)
        }
        try await app.test(.router) { client in
            try await client.execute(
                uri: path, method: .post, headers: [.contentType: contentType],
                body: ByteBuffer(bytes: bytes)
            ) { response in
                #expect(response.status.code == status)
                #expect(response.headers[.contentType] == "application/json")
                let e = try decodeError(response)
                #expect(e.error.status == status)
                #expect(e.error.code == code)
                #expect(!e.error.message.isEmpty)
            }
        }
    }

    /// A small JPEG whose SOF header claims `width`×`height` (the decoder reads the header only).
    static func jpegClaiming(width: Int, height: Int) throws -> Data {
        var d = [UInt8](try fixture("blocks_420.jpg"))
        for i in 0..<(d.count - 9) where d[i] == 0xFF && (d[i + 1] == 0xC0 || d[i + 1] == 0xC2) {
            d[i + 5] = UInt8(height >> 8)
            d[i + 6] = UInt8(height & 0xFF)
            d[i + 7] = UInt8(width >> 8)
            d[i + 8] = UInt8(width & 0xFF)
            return Data(d)
        }
        throw ScreenRecognitionError(.invalidInput, "no SOF marker in the fixture")
    }

    /// A client announcing 5 GB gets 413 at once, before it sends any of the body. Over a raw
    /// socket (HummingbirdTesting's clients set Content-Length from the body they are given).
    @Test func aContentLengthOverTheLimitIsRefusedBeforeReading() async throws {
        let app = buildApplication(configuration: testConfiguration { $0.maxBodyBytes = 100 }, engines: try replayEngines())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let head = #""POST /v1/analyze HTTP/1.1\r\nHost: t\r\nContent-Type: image/png\r\nContent-Length: 5000000000\r\n\r\n""#
            let text = try await HostileRequestTests.raw(port: port, head, #"b"""#)
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text)")
            #expect(text.contains("\"body_too_large\"") && text.contains("5000000000"), "\(text)")
        }
    }

    @Test func ocrReturnsLinesInTheCLIShape() async throws {
        let line = RecognizedText(text: "World Clock", box: Rect(x: 49.4, y: 321.2, width: 558, height: 77), confidence: 0.91234)
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines(textRecognizer: ReplayTextRecognizer([line])))
        let png = try fixture("clock.png")
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/ocr", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: png)) { response in
                #expect(response.status == .ok)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                let lines = try #require(json["lines"] as? [[String: Any]])
                #expect(lines.count == 1)
                #expect(lines.first?["text"] as? String == "World Clock")
                #expect(lines.first?["box"] as? [Double] == [49, 321, 558, 77])
                #expect(lines.first?["words"] as? [Any] != nil)
            }
        }
    }

    @Test func ocrWithoutAnEngineIs501() async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/ocr", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: try fixture("clock.png"))) {
                response in
                #expect(response.status.code == 501)
                #expect((try? decodeError(response))?.error.code == "not_configured")
            }
        }
    }

    @Test func healthAndExplorer() async throws {
        let app = buildApplication(configuration: testConfiguration { $0.workers = 3 }, engines: try replayEngines())
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(json["status"] as? String == "ok")
                #expect(json["workers"] as? Int == 3)
                #expect(json["queueDepth"] as? Int == 64)
                #expect(json["inFlight"] as? Int == 0)
                #expect(json["queued"] as? Int == 0)
                #expect((json["engines"] as? [String: String])?["detector"] == "replay")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = string(response)
                // Self-contained: nothing loaded from another origin.
                #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"//"))
                for id in ["id=\"file\"", "id=\"screen\"", "aria-live", "id=\"curtain\"", "id=\"transcript\"", "id=\"json\""] {
                    #expect(html.contains(id), "\(id)")
                }
            }
            for (path, method, allowed) in [
                ("/v1/analyze", HTTPRequest.Method.get, "POST"), ("/v1/audit", .put, "POST"), ("/healthz", .post, "GET"),
                ("/metrics", .delete, "GET"), ("/openapi.json", .post, "GET"),
            ] {
                try await client.execute(uri: path, method: method) { response in
                    #expect(response.status.code == 405)
                    #expect(response.headers[.allow] == allowed)
                    #expect((try? decodeError(response))?.error.code == "method_not_allowed")
                }
            }
        }
    }
}
