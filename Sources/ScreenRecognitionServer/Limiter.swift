import Foundation
import ScreenRecognitionHTTP

/// Counts requests in flight and refuses one over the limit (503 + `Retry-After`) instead of
/// queueing it: a queue would grow without bound under load, and each waiting body holds memory.
final class ConcurrencyLimiter: @unchecked Sendable {
    let limit: Int
    let retryAfterSeconds: Int
    private let lock = NSLock()
    private var inFlight = 0

    init(limit: Int, retryAfterSeconds: Int) {
        self.limit = limit
        self.retryAfterSeconds = retryAfterSeconds
    }

    var current: Int { lock.withLock { inFlight } }

    /// A slot, or a 503 ``RequestError`` when all `limit` are taken.
    func acquire() throws(RequestError) -> Slot {
        let ok = lock.withLock { () -> Bool in
            guard inFlight < limit else { return false }
            inFlight += 1
            return true
        }
        guard ok else {
            throw RequestError(status: 503, code: "overloaded",
                               "the server is analysing \(limit) request(s), its limit; retry after \(retryAfterSeconds) s",
                               retryAfterSeconds: retryAfterSeconds)
        }
        return Slot(limiter: self)
    }

    fileprivate func release() { lock.withLock { inFlight -= 1 } }

    /// One taken place; released exactly once, when the work it guards has really finished.
    final class Slot: @unchecked Sendable {
        private let limiter: ConcurrencyLimiter
        private let lock = NSLock()
        private var released = false
        init(limiter: ConcurrencyLimiter) { self.limiter = limiter }
        func release() {
            let first = lock.withLock { () -> Bool in
                defer { released = true }
                return !released
            }
            if first { limiter.release() }
        }
    }
}

/// Runs CPU-bound, synchronous `work` on a thread of its own (not on the server's event loop)
/// and returns its result, or throws a 504 when `timeout` passes first. Pipeline work cannot be
/// interrupted, so on a timeout it runs on to its end and only then frees `slot`: abandoned work
/// still counts against the concurrency limit, so timeouts cannot pile up CPU work.
func runBlocking<T: Sendable>(timeout: Duration, releasing slot: ConcurrencyLimiter.Slot,
                              _ work: @escaping @Sendable () throws -> T) async throws -> T {
    let once = Once<T>()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        once.set(continuation)
        // A thread of its own (at most `maxConcurrentRequests` of them), not a Dispatch worker:
        // blocked Dispatch workers starve Dispatch's timers, and the timeout below fired 55 s late
        // when the test suite kept the pool busy.
        let thread = Thread {
            let result = Result { try work() }
            slot.release()
            once.resume(with: result)
        }
        thread.name = "screenrec-analysis"
        thread.start()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            once.resume(with: .failure(RequestError(status: 504, code: "timeout",
                                                    "the analysis took longer than the server's limit of \(seconds) s")))
        }
    }
}

/// A continuation resumed by whichever of the work or the timer comes first.
private final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    func set(_ c: CheckedContinuation<T, any Error>) { lock.withLock { continuation = c } }
    func resume(with result: Result<T, any Error>) {
        let c = lock.withLock { () -> CheckedContinuation<T, any Error>? in
            defer { continuation = nil }
            return continuation
        }
        c?.resume(with: result)
    }
}

/// `operation` (an upload being read), or a 408 when it takes longer than `timeout`.
func withUploadTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw RequestError(status: 408, code: "request_timeout", "the request body did not arrive within the server's limit of \(timeout)")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
