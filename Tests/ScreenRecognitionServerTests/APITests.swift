import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognition
import ScreenRecognitionHTTP
import ScreenRecognitionServer
import ScreenRecognitionTesting
import Testing

/// Issue 18: one request shape on both analysis endpoints, the OpenAPI document, metrics and CORS.
@Suite struct APITests {
    static let boundary = "multipart/form-data; boundary=screenrec-test-boundary"

    /// `/v1/analyze` takes a raw image body and a multipart form alike, and `format` gives JSON,
    /// the transcript or a self-contained HTML page either way.
    @Test(arguments: [
        // (multipart, format, content type, what the body holds)
        (false, "json", "application/json", "\"elements\""),
        (true, "json", "application/json", "\"elements\""),
        (false, "transcript", "text/plain; charset=utf-8", "Edit, Button\nAdd, Button\n"),
        (true, "transcript", "text/plain; charset=utf-8", "Edit, Button\nAdd, Button\n"),
        (false, "html", "text/html; charset=utf-8", "<td>Edit, Button</td>"),
        (true, "html", "text/html; charset=utf-8", "<td>Edit, Button</td>"),
    ])
    func analyzeTakesRawAndMultipartInEveryFormat(multipartBody: Bool, format: String, type: String, contains: String) async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        let png = try fixture("clock.png")
        let body = multipartBody ? multipart([("image", "clock.png", "image/png", png)]) : png
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/analyze?format=\(format)", method: .post,
                headers: [.contentType: multipartBody ? Self.boundary : "image/png"],
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .ok, "\(string(response).prefix(300))")
                #expect(response.headers[.contentType] == type)
                let text = string(response)
                #expect(text.contains(contains), "\(text.prefix(300))")
                if format == "html" {
                    // Self-contained: the overlay is inline, nothing is fetched from elsewhere.
                    #expect(text.contains("src=\"data:image/png;base64,"))
                    #expect(!text.contains("http://") && !text.contains("https://"))
                }
            }
        }
    }

    /// `/v1/audit` answers in the same formats: the text report and the HTML page of `screenrec audit`.
    @Test(arguments: [
        ("transcript", "text/plain; charset=utf-8", "findings ("),
        ("html", "text/html; charset=utf-8", "<h1>Accessibility audit: ios-inbox.png</h1>"),
    ])
    func auditFormats(format: String, type: String, contains: String) async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try AuditTests.engines())
        let body = multipart([
            ("image", "ios-inbox.png", "image/png", try fixture("ios-inbox.png")),
            ("hierarchy", "ios-inbox.xcuitest.txt", nil, try fixture("ios-inbox.xcuitest.txt")),
        ])
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/audit?format=\(format)", method: .post, headers: [.contentType: Self.boundary],
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
                #expect(string(response).contains(contains), "\(string(response).prefix(300))")
            }
        }
    }

    /// Errors in a form sent to analyze are JSON 4xx like the rest.
    @Test(arguments: [
        ("no-image", 400, "missing_part"),
        ("hierarchy", 400, "invalid_multipart"),  // analyze takes no hierarchy part
        ("text-image", 400, "invalid_image"),
        ("gif-type", 415, "unsupported_media_type"),
    ])
    func analyzeFormErrors(kind: String, status: Int, code: String) async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        let png = try fixture("clock.png")
        let body: Data
        switch kind {
        case "no-image": body = multipart([("picture", nil, "image/png", png)])
        case "hierarchy": body = multipart([("image", nil, "image/png", png), ("hierarchy", nil, nil, Data("x".utf8))])
        case "text-image": body = multipart([("image", nil, nil, Data("not a picture".utf8))])
        default: body = multipart([("image", nil, "image/gif", png)])
        }
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: Self.boundary], body: ByteBuffer(bytes: body)) { response in
                #expect(response.status.code == status)
                #expect(response.headers[.contentType] == "application/json")
                #expect((try? decodeError(response))?.error.code == code, "\(string(response))")
            }
        }
    }

    static func openAPI(_ client: some TestClientProtocol) async throws -> [String: Any] {
        try await client.execute(uri: "/openapi.json", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
        }
    }

    /// The OpenAPI document describes exactly the routes the router answers: every described
    /// (path, method) is routed (neither 404 nor 405), and every other (path, method) the router
    /// knows answers 405.
    @Test func theOpenAPIDocumentMatchesTheRouter() async throws {
        let config = testConfiguration()
        let engines = try replayEngines(textRecognizer: ReplayTextRecognizer([]))
        let router = buildRouter(configuration: config, engines: engines)
        let routed = Set(router.routes.map { "\($0.method.rawValue) \($0.path)" })
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let doc = try await Self.openAPI(client)
            #expect(doc["openapi"] as? String == "3.1.0")
            let paths = try #require(doc["paths"] as? [String: [String: Any]])
            let described = Set(paths.flatMap { path, ops in ops.keys.map { "\($0.uppercased()) \(path)" } })
            #expect(described.isSubset(of: routed), "described but not routed: \(described.subtracting(routed))")
            for route in routed.sorted() {
                let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
                let status = try await client.execute(uri: parts[1], method: HTTPRequest.Method(parts[0])!) { $0.status.code }
                if described.contains(route) {
                    #expect(status != 404 && status != 405, "\(route) is described but answers \(status)")
                } else {
                    #expect(status == 405, "\(route) answers \(status) but is not in /openapi.json")
                }
            }
        }
    }

    /// The documented query parameters are the ones the option parsers accept, with the same values.
    @Test func theOpenAPIParametersMatchTheOptionParsers() async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        try await app.test(.router) { client in
            let doc = try await Self.openAPI(client)
            let paths = try #require(doc["paths"] as? [String: [String: [String: Any]]])
            func parameters(_ path: String) throws -> [String: [String: Any]] {
                let list = try #require(paths[path]?["post"]?["parameters"] as? [[String: Any]])
                return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0["schema"] as! [String: Any]) })
            }
            let analyze = try parameters("/v1/analyze")
            #expect(Set(analyze.keys) == ["format", "hints", "ocr"])
            #expect(analyze["format"]?["enum"] as? [String] == AnalyzeOptions.Format.allCases.map(\.rawValue))
            let audit = try parameters("/v1/audit")
            #expect(Set(audit.keys) == ["format", "hierarchy", "scale", "ocr"])
            #expect(audit["format"]?["enum"] as? [String] == AuditOptions.Format.allCases.map(\.rawValue))
            #expect(audit["hierarchy"]?["enum"] as? [String] == AuditOptions.hierarchyFormats)
            // Every documented value parses, and a value outside the enum does not.
            for (path, params) in [("analyze", analyze), ("audit", audit)] {
                for (name, schema) in params {
                    for value in (schema["enum"] as? [String]) ?? [] {
                        let query = "\(name)=\(value)"
                        #expect(throws: Never.self, "\(path) \(query)") {
                            if path == "analyze" { _ = try AnalyzeOptions(query: query) } else { _ = try AuditOptions(query: query) }
                        }
                    }
                    #expect(throws: RequestError.self) {
                        if path == "analyze" { _ = try AnalyzeOptions(query: "\(name)=zzz") } else { _ = try AuditOptions(query: "\(name)=zzz") }
                    }
                }
            }
        }
    }

    /// `/metrics` is Prometheus' text format with the request counter, latency histogram and queue
    /// gauges, and counts each request by route and status.
    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        let png = ByteBuffer(bytes: try fixture("clock.png"))
        try await app.test(.router) { client in
            for _ in 0..<2 {
                _ = try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: png) { $0.status }
            }
            _ = try await client.execute(uri: "/v1/analyze?format=xml", method: .post, headers: [.contentType: "image/png"], body: png) { $0.status }
            _ = try await client.execute(uri: "/nowhere/\(UUID())", method: .get) { $0.status }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = string(response)
                for line in [
                    #"screenrec_http_requests_total{route="/v1/analyze",status="200"} 2"#,
                    #"screenrec_http_requests_total{route="/v1/analyze",status="400"} 1"#,
                    #"screenrec_http_requests_total{route="NotFound",status="404"} 1"#,
                    #"screenrec_http_request_duration_seconds_count{route="/v1/analyze"} 3"#,
                    "# TYPE screenrec_http_request_duration_seconds histogram",
                    "screenrec_queue_waiting 0.0",
                    "screenrec_analyses_in_flight 0.0",
                    #"screenrec_requests_rejected_total{reason="queue_full"} 0"#,
                ] {
                    #expect(text.contains(line), "\(line) missing from:\n\(text)")
                }
            }
        }
    }

    /// CORS is off unless `corsOrigin` is set; then answers carry the origin and preflights get 204.
    @Test(arguments: [nil, "https://example.com"] as [String?])
    func corsOnlyWhenConfigured(origin: String?) async throws {
        let app = buildApplication(configuration: testConfiguration { $0.corsOrigin = origin }, engines: try replayEngines())
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [.origin: "https://example.com"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == origin)
            }
            try await client.execute(
                uri: "/v1/analyze", method: .options,
                headers: [.origin: "https://example.com", .accessControlRequestMethod: "POST"]
            ) { response in
                if origin != nil {
                    #expect(response.status == .noContent)
                    #expect(response.headers[.accessControlAllowOrigin] == origin)
                    #expect(response.headers[.accessControlAllowMethods]?.contains("POST") == true)
                } else {
                    #expect(response.headers[.accessControlAllowOrigin] == nil)
                }
            }
        }
    }
}
