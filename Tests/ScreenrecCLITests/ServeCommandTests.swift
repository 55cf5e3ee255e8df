import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `screenrec serve` as a user starts it: the real binary, the real models when the repository has
/// them (Models/detector is committed; Tesseract comes from scripts/install-deps.sh).
@Suite struct ServeCommandTests {
    @Test(arguments: [
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--workers", "0"], "--workers"),
        (["serve", "--queue-depth", "-1"], "--queue-depth"),
        (["serve", "--body-timeout", "0"], "--body-timeout"),
        (["serve", "--idle-timeout", "0"], "--idle-timeout"),
        (["serve", "--max-connections", "0"], "--max-connections"),
        (["serve", "--cors-origin", ""], "--cors-origin"),
        (["serve", "--timeout", "0"], "--timeout"),
        (["serve", "--max-body-bytes", "-1"], "--max-body-bytes"),
    ])
    func badOptionsExit64(arguments: [String], mentions: String) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 64)
        #expect(r.stderr.contains(mentions))
    }

    /// A free TCP port on the loopback interface (bound, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw CocoaError(.fileReadUnknown) }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    static func request(_ url: String, method: String = "GET", body: Data? = nil, type: String? = nil) async throws -> (Int, Data, [AnyHashable: Any]) {
        var r = URLRequest(url: URL(string: url)!)
        r.httpMethod = method
        r.httpBody = body
        r.timeoutInterval = 120
        if let type { r.setValue(type, forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: r)
        let http = response as! HTTPURLResponse
        return (http.statusCode, data, http.allHeaderFields)
    }

    /// Starts `screenrec serve` on a free port with `extra` options and waits for `/healthz`
    /// (up to 60 s for the models to load); nil when the server exited or never answered.
    static func startServer(_ extra: [String]) async throws -> (Process, Int, [String: Any]?) {
        let port = try freePort()
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["serve", "--port", String(port)] + extra
        p.currentDirectoryURL = CLI.packageRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var health: [String: Any]?
        for _ in 0..<300 where health == nil {
            try await Task.sleep(for: .milliseconds(200))
            guard p.isRunning else { break }
            if let (status, data, _) = try? await request("http://127.0.0.1:\(port)/healthz"), status == 200 {
                health = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            }
        }
        return (p, port, health)
    }

    @Test("serve (an async command) answers /healthz and stops on SIGINT with exit 0")
    func stopsOnSIGINT() async throws {
        let (p, _, health) = try await Self.startServer(["--workers", "1", "--ocr", "none", "--content", "off"])
        defer { if p.isRunning { p.terminate() } }
        let h = try #require(health, "the server did not answer /healthz")
        #expect(h["status"] as? String == "ok")
        #expect((h["engines"] as? [String: String])?["ocr"] == "none")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 0)
    }

    @Test("a port in use: one clear line and exit 66, as before serve was async")
    func portInUse() async throws {
        let (first, port, health) = try await Self.startServer(["--workers", "1", "--ocr", "none", "--content", "off"])
        defer { if first.isRunning { first.terminate() } }
        _ = try #require(health, "the first server did not answer /healthz")
        let r = try CLI.run(["serve", "--port", String(port), "--workers", "1", "--ocr", "none", "--content", "off"])
        #expect(r.status == 66)
        let error = r.stderr.split(separator: "\n").filter { $0.hasPrefix("screenrec: error: ") }
        #expect(error.count == 1 && error[0].hasPrefix("screenrec: error: the server stopped: ") && error[0].contains("in use"), "\(r.stderr)")
    }

    @Test func servesTheRealModelsAndStopsOnSIGTERM() async throws {
        let port = try Self.freePort()
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["serve", "--port", String(port), "--workers", "1", "--cors-origin", "https://example.com"]
        p.currentDirectoryURL = CLI.packageRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }

        var health: [String: Any]?
        for _ in 0..<300 where health == nil {  // up to 60 s for the models to load
            try await Task.sleep(for: .milliseconds(200))
            guard p.isRunning else { break }
            if let (status, data, _) = try? await Self.request("http://127.0.0.1:\(port)/healthz"), status == 200 {
                health = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            }
        }
        let h = try #require(health, "the server did not answer /healthz")
        #expect(h["status"] as? String == "ok")
        let engines = h["engines"] as? [String: String]
        #expect(engines?["ocr"] == "tesseract")

        let png = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/clock.png"))
        let (status, data, _) = try await Self.request("http://127.0.0.1:\(port)/v1/analyze?format=transcript", method: "POST", body: png, type: "image/png")
        #expect(status == 200)
        let transcript = String(decoding: data, as: UTF8.self)
        if engines?["detector"] == "onnx" {
            // The shipped detector and Tesseract find the Clock screen's cities.
            #expect(transcript.contains("Cupertino"), "\(transcript)")
        }
        // The same request as a form, and the queue's routes.
        var form = Data("--b\r\nContent-Disposition: form-data; name=\"image\"; filename=\"clock.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        form.append(png)
        form.append(Data("\r\n--b--\r\n".utf8))
        let (formStatus, formData, _) = try await Self.request(
            "http://127.0.0.1:\(port)/v1/analyze?format=transcript", method: "POST",
            body: form, type: "multipart/form-data; boundary=b")
        #expect(formStatus == 200)
        #expect(String(decoding: formData, as: UTF8.self) == transcript)
        let (metricsStatus, metrics, _) = try await Self.request("http://127.0.0.1:\(port)/metrics")
        #expect(metricsStatus == 200)
        #expect(String(decoding: metrics, as: UTF8.self).contains(#"screenrec_http_requests_total{route="/v1/analyze",status="200"} 2"#))
        let (openAPIStatus, openAPI, _) = try await Self.request("http://127.0.0.1:\(port)/openapi.json")
        #expect(openAPIStatus == 200 && String(decoding: openAPI, as: UTF8.self).contains("\"openapi\": \"3.1.0\""))
        var cors = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/healthz")!)
        cors.setValue("https://example.com", forHTTPHeaderField: "Origin")
        let (_, corsResponse) = try await URLSession.shared.data(for: cors)
        #expect((corsResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "https://example.com")
        let (bad, body, _) = try await Self.request("http://127.0.0.1:\(port)/v1/analyze", method: "POST", body: Data("nope".utf8), type: "image/png")
        #expect(bad == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("\"invalid_image\""))

        p.terminate()  // SIGTERM: a graceful shutdown
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 0)
    }
}
