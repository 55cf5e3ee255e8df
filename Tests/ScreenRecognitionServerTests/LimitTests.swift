import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognition
import ScreenRecognitionServer
import ScreenRecognitionTesting
import Testing

/// A detector that blocks until the test opens it, and tells when a request has reached it.
final class GateDetector: ElementDetector, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    func detect(in image: RGBAImage) throws -> [Detection] {
        entered.signal()
        gate.wait()
        return []
    }
    /// Waits (off the cooperative pool) until a request is inside `detect`.
    func waitUntilEntered() async {
        await withCheckedContinuation { c in DispatchQueue.global().async { self.entered.wait(); c.resume() } }
    }
    func open(_ times: Int = 1) { for _ in 0..<times { gate.signal() } }
}

@Suite struct LimitTests {
    /// Over the limit a request is refused at once with 503 and Retry-After, never queued; the
    /// slot comes back when the running request ends.
    @Test(arguments: [1, 2])
    func overTheConcurrencyLimitIs503WithRetryAfter(limit: Int) async throws {
        let gate = GateDetector()
        let app = buildApplication(configuration: testConfiguration { $0.maxConcurrentRequests = limit; $0.retryAfterSeconds = 7 },
                                   engines: try replayEngines(detector: gate))
        let png = ByteBuffer(bytes: try fixture("clock.png"))
        try await app.test(.router) { client in
            let running = (0..<limit).map { _ in
                Task {
                    try await client.execute(uri: "/v1/analyze?ocr=false", method: .post, headers: [.contentType: "image/png"], body: png) { $0.status }
                }
            }
            for _ in 0..<limit { await gate.waitUntilEntered() }
            try await client.execute(uri: "/healthz", method: .get) { response in
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(json["inFlight"] as? Int == limit)
            }
            try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: png) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "7")
                #expect((try? decodeError(response))?.error.code == "overloaded")
            }
            // The other endpoints share the limit.
            try await client.execute(uri: "/v1/audit", method: .post, headers: [.contentType: "multipart/form-data; boundary=x"], body: png) { response in
                #expect(response.status == .serviceUnavailable)
            }
            gate.open(limit)
            for task in running { #expect(try await task.value == .ok) }
            gate.open()  // for the next request's detect call
            try await client.execute(uri: "/v1/analyze?format=transcript", method: .post, headers: [.contentType: "image/png"], body: png) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// A request running past the timeout gets 504; its slot stays taken until the work really ends.
    @Test func aSlowAnalysisTimesOutWith504() async throws {
        let gate = GateDetector()
        let app = buildApplication(configuration: testConfiguration { $0.maxConcurrentRequests = 1; $0.requestTimeout = .milliseconds(300) },
                                   engines: try replayEngines(detector: gate))
        let png = ByteBuffer(bytes: try fixture("clock.png"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/analyze?ocr=false", method: .post, headers: [.contentType: "image/png"], body: png) { response in
                #expect(response.status == .gatewayTimeout)
                #expect((try? decodeError(response))?.error.code == "timeout")
            }
            // The 504 came while the detector was still blocked (the gate opens only below), so
            // the timeout, not the work's end, answered. (No wall-clock bound: on a busy machine
            // the suite's other tests can hold the cooperative threads for many seconds.)
            // The abandoned analysis still holds the only slot.
            try await client.execute(uri: "/v1/analyze", method: .post, headers: [.contentType: "image/png"], body: png) { response in
                #expect(response.status == .serviceUnavailable)
            }
            gate.open()
            // Once it ends, the slot is free again.
            var status: HTTPResponse.Status = .serviceUnavailable
            for _ in 0..<100 where status == .serviceUnavailable {
                try await Task.sleep(for: .milliseconds(20))
                status = try await client.execute(uri: "/healthz", method: .get) { r in
                    let json = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                    return (json?["inFlight"] as? Int) == 0 ? .ok : .serviceUnavailable
                }
            }
            #expect(status == .ok)
        }
    }
}
