import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionServer
import ScreenRecognitionTesting
import Testing

/// A detector that blocks until the test opens it, and tells when a request has reached it.
final class GateDetector: ElementDetector, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    /// Liveness bounds, not timings: a test that goes wrong fails instead of hanging the run. Under
    /// the whole suite on 2 cores a request took over 60 s to reach the detector, so they are wide.
    static let enterTimeout: DispatchTimeInterval = .seconds(300)
    static let gateTimeout: DispatchTimeInterval = .seconds(600)
    func detect(in image: RGBAImage) throws -> [Detection] {
        entered.signal()
        if gate.wait(timeout: .now() + Self.gateTimeout) == .timedOut {
            Issue.record("the gate was never opened")
        }
        return []
    }
    /// Waits (off the cooperative pool) until a request is inside `detect`; records a failure and
    /// returns if none arrives within ``enterTimeout``.
    func waitUntilEntered() async {
        let result = await withCheckedContinuation { c in
            DispatchQueue.global().async {
                c.resume(returning: self.entered.wait(timeout: .now() + Self.enterTimeout))
            }
        }
        if result == .timedOut { Issue.record("no request reached the detector") }
    }
    func open(_ times: Int = 1) { for _ in 0..<times { gate.signal() } }
}

/// A text recogniser that counts its calls: the pipeline calls it after detection, so a count of
/// 0 after the detector returned shows the analysis stopped there.
final class CountingTextRecognizer: TextRecognizer, @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var calls: Int { lock.withLock { n } }
    func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        lock.withLock { n += 1 }
        return []
    }
}

/// `/healthz`'s JSON.
func health(_ client: some TestClientProtocol) async throws -> [String: Any] {
    try await client.execute(uri: "/healthz", method: .get) { response in
        #expect(response.status == .ok)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }
}

/// Polls `/healthz` until `condition` holds (at most ~20 s: a liveness bound, not a timing).
func waitForHealth(_ client: some TestClientProtocol, _ condition: ([String: Any]) -> Bool) async throws -> Bool {
    for _ in 0..<1000 {
        if condition(try await health(client)) { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return false
}

@Suite struct QueueTests {
    static let png = ByteBuffer(bytes: try! fixture("clock.png"))

    static func analyze(_ client: some TestClientProtocol, _ query: String = "?ocr=false") async throws -> HTTPResponse.Status {
        try await client.execute(uri: "/v1/analyze\(query)", method: .post, headers: [.contentType: "image/png"], body: png) { $0.status }
    }

    /// Requests beyond the workers wait in the queue (they are answered 200 once a worker frees);
    /// only one more than `depth` waiting is refused, at once, with 503 and Retry-After.
    @Test(arguments: [(1, 1), (2, 3)])
    func aFullQueueIs503WithRetryAfterAndTheQueuedAreServed(workers: Int, depth: Int) async throws {
        let gate = GateDetector()
        let app = buildApplication(
            configuration: testConfiguration {
                $0.workers = workers
                $0.queueDepth = depth
                $0.retryAfterSeconds = 7
            },
            engines: try replayEngines(detector: gate))
        try await app.test(.router) { client in
            let running = (0..<workers).map { _ in Task { try await Self.analyze(client) } }
            for _ in 0..<workers { await gate.waitUntilEntered() }
            let queued = (0..<depth).map { _ in Task { try await Self.analyze(client) } }
            #expect(try await waitForHealth(client) { ($0["queued"] as? Int) == depth })
            let h = try await health(client)  // /healthz answers while every worker is busy
            #expect(h["inFlight"] as? Int == workers && h["workers"] as? Int == workers && h["queueDepth"] as? Int == depth)
            try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: Self.png) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "7")
                #expect((try? decodeError(response))?.error.code == "overloaded")
            }
            // The other analysis endpoints share the queue.
            try await client.execute(uri: "/v1/audit", method: .post, headers: [.contentType: "image/png"], body: Self.png) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "7")
            }
            gate.open(workers + depth)
            for task in running + queued { #expect(try await task.value == .ok) }
            #expect(try await waitForHealth(client) { ($0["queued"] as? Int) == 0 && ($0["inFlight"] as? Int) == 0 })
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = string(response)
                #expect(text.contains(#"screenrec_requests_rejected_total{reason="queue_full"} 2"#), "\(text)")
                #expect(text.contains(#"screenrec_http_requests_total{route="/v1/analyze",status="200"} \#(workers + depth)"#), "\(text)")
            }
        }
    }

    /// Requests are served in arrival order: with the one worker busy, four screenshots of
    /// different widths are queued one after another, and the recogniser sees them in that order.
    @Test func theQueueIsFirstInFirstOut() async throws {
        let gate = GateDetector()
        let order = WidthRecorder()
        let app = buildApplication(
            configuration: testConfiguration { $0.workers = 1 },
            engines: try replayEngines(textRecognizer: order, detector: gate))
        try await app.test(.router) { client in
            let first = Task { try await Self.analyze(client, "") }
            await gate.waitUntilEntered()
            var tasks: [Task<HTTPResponse.Status, any Error>] = []
            let widths = [40, 10, 30, 20]
            for (n, width) in widths.enumerated() {
                let png = ByteBuffer(bytes: try encodePNG(RGBAImage(width: width, height: 20, fill: RGB(r: 200, g: 200, b: 200))))
                tasks.append(
                    Task {
                        try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: png) { $0.status }
                    })
                // Each is queued before the next is sent, so the arrival order is known.
                #expect(try await waitForHealth(client) { ($0["queued"] as? Int) == n + 1 })
            }
            gate.open(5)
            #expect(try await first.value == .ok)
            for t in tasks { #expect(try await t.value == .ok) }
            // (The first screenshot shows no clock to the replayed reader, so its status bar is
            // read too, as a picture of its own — the screen's width, a few of its rows — and its
            // clock's crop: only the whole screenshots' reads tell the order.)
            #expect(order.wholeScreens.map(\.width) == [1170] + widths)
        }
    }

    /// Past the deadline the answer is 504, and the analysis stops at its next stage instead of
    /// running on: the recogniser (the stage after detection) is never called, and the worker is
    /// free again. A request whose deadline passes while it waits leaves the queue.
    @Test func theDeadlineAnswers504AndStopsTheAnalysis() async throws {
        let gate = GateDetector()
        let ocr = CountingTextRecognizer()
        let app = buildApplication(
            configuration: testConfiguration {
                $0.workers = 1
                $0.requestTimeout = .milliseconds(500)
            },
            engines: try replayEngines(textRecognizer: ocr, detector: gate))
        try await app.test(.router) { client in
            let running = Task {
                try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: Self.png) { response in
                    #expect((try? decodeError(response))?.error.code == "timeout")
                    return response.status
                }
            }
            await gate.waitUntilEntered()
            // This one waits behind it and times out in the queue.
            #expect(try await Self.analyze(client, "") == .gatewayTimeout)
            #expect(try await running.value == .gatewayTimeout)
            #expect(try await health(client)["queued"] as? Int == 0)
            gate.open()  // the detector returns; the pipeline's next check stops the analysis
            #expect(try await waitForHealth(client) { ($0["inFlight"] as? Int) == 0 })
            #expect(ocr.calls == 0)
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(string(response).contains(#"screenrec_requests_cancelled_total{reason="deadline"} 2"#), "\(string(response))")
            }
        }
    }

    /// A client that leaves while queued leaves the queue; one that leaves while its analysis runs
    /// stops it at the next stage. Over a real socket (the in-process router client cannot hang up).
    @Test func aClientThatLeavesCancelsItsQueuedAndRunningWork() async throws {
        let gate = GateDetector()
        let ocr = CountingTextRecognizer()
        let app = buildApplication(
            configuration: testConfiguration { $0.workers = 1 },
            engines: try replayEngines(textRecognizer: ocr, detector: gate))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The first client's analysis runs (blocked in the detector); the second's waits.
            let first = Task { try await HostileRequestTests.sendAndLeave(port: port, image: "clock.png", after: 3) }
            await gate.waitUntilEntered()
            let second = Task { try await HostileRequestTests.sendAndLeave(port: port, image: "clock.png", after: 0.5) }
            #expect(try await waitForHealth(client) { ($0["queued"] as? Int) == 1 })
            try await second.value
            // The second client hung up: its request left the queue while the first still runs.
            #expect(try await waitForHealth(client) { ($0["queued"] as? Int) == 0 })
            #expect(try await health(client)["inFlight"] as? Int == 1)
            try await first.value
            // The first client hung up too; once the detector returns, its analysis stops.
            try await Task.sleep(for: .milliseconds(200))
            gate.open()
            #expect(try await waitForHealth(client) { ($0["inFlight"] as? Int) == 0 })
            #expect(ocr.calls == 0)
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(string(response).contains(#"screenrec_requests_cancelled_total{reason="client_gone"} 2"#), "\(string(response))")
            }
            // The worker is free: a normal request is answered.
            gate.open()
            #expect(try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: Self.png) { $0.status } == .ok)
        }
    }
}

/// A text recogniser that records the width of each screenshot it is given, in order.
final class WidthRecorder: TextRecognizer, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [(width: Int, height: Int)] = []
    var widths: [Int] { lock.withLock { seen.map(\.width) } }
    /// The reads of whole screenshots: the sizes the test sends (1170 × 2532, and 20 px tall).
    var wholeScreens: [(width: Int, height: Int)] { lock.withLock { seen.filter { $0.height == 2532 || $0.height == 20 } } }
    func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        lock.withLock { seen.append((image.width, image.height)) }
        return []
    }
}
