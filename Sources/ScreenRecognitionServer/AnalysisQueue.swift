import Foundation
import ScreenRecognitionHTTP

/// A bounded FIFO queue in front of a fixed number of analysis workers, as model servers do
/// (Triton's and TorchServe's request queues): a request waits its turn instead of being refused,
/// and only a full queue answers 503 with `Retry-After`.
///
/// - Work is CPU-bound and synchronous, so each worker is a thread of its own, never a thread of
///   Swift's cooperative pool or of Dispatch: blocking those would stall the event loops' tasks
///   (`/healthz`, uploads) and Dispatch's timers (the old limiter's 504 timer once fired 55 s late).
///   Worker threads start when there is work and end when the queue is empty, so an idle server
///   (or a test that builds many servers) holds none.
/// - A waiting request that is cancelled (its deadline passed, its client left) leaves the queue at
///   once; a running one is asked to stop through ``Job/isCancelled``, which the work checks between
///   pipeline stages (`ScreenAnalyzer.analyze(…, shouldStop:)`), so its worker is freed within one
///   stage instead of after the whole analysis.
final class AnalysisQueue: @unchecked Sendable {
    let workers: Int
    let depth: Int
    let retryAfterSeconds: Int
    /// Called (outside the lock) whenever the number waiting or running changes.
    var onChange: (@Sendable (_ waiting: Int, _ running: Int) -> Void)?

    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var running = 0
    private var threads = 0

    init(workers: Int, depth: Int, retryAfterSeconds: Int) {
        self.workers = max(1, workers)
        self.depth = max(0, depth)
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Requests waiting for a worker, and analyses running.
    var counts: (waiting: Int, running: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (waiting.count, running)
    }

    /// One piece of queued work and its fate.
    final class Job: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        private var finished = false
        private var continuation: CheckedContinuation<any Sendable, any Error>?
        private var result: Result<any Sendable, any Error>?
        fileprivate let work: @Sendable (Job) throws -> any Sendable

        fileprivate init(work: @escaping @Sendable (Job) throws -> any Sendable) { self.work = work }

        /// True once the request no longer wants the result: the work should stop at its next check.
        var isCancelled: Bool { lock.withLock { cancelled } }

        fileprivate func cancel() { lock.withLock { cancelled = true } }

        /// Hands `result` to the waiting request (the first call wins).
        fileprivate func finish(_ r: Result<any Sendable, any Error>) {
            let c = lock.withLock { () -> CheckedContinuation<any Sendable, any Error>? in
                guard !finished else { return nil }
                finished = true
                if let c = continuation {
                    continuation = nil
                    return c
                }
                result = r
                return nil
            }
            c?.resume(with: r)
        }

        fileprivate func value() async throws -> any Sendable {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<any Sendable, any Error>) in
                let ready = lock.withLock { () -> Result<any Sendable, any Error>? in
                    if let result { return result }
                    continuation = c
                    return nil
                }
                if let ready { c.resume(with: ready) }
            }
        }
    }

    /// Runs `work` on a worker once those ahead of it have started, and returns its result.
    ///
    /// - Throws: 503 `overloaded` (with `Retry-After`) at once when `depth` requests already wait;
    ///   504 `timeout` when `deadline` passes first (counted from the call: queueing plus analysis);
    ///   `CancellationError` when the calling task is cancelled or `cancelWhen` fires (its client
    ///   left). In each case the job leaves the queue, or, running, is asked to stop.
    func run<T: Sendable>(
        deadline: Duration, cancelWhen watch: ConnectionWatch? = nil,
        _ work: @escaping @Sendable (_ job: Job) throws -> T
    ) async throws -> T {
        let job = Job { job in try work(job) }
        try enqueue(job)
        let token = watch?.onClose { [weak self] in self?.cancel(job) }
        defer { if let token { watch?.remove(token) } }
        let value = try await withThrowingTaskGroup(of: (any Sendable).self) { group in
            group.addTask {
                try await withTaskCancellationHandler {
                    try await job.value()
                } onCancel: {
                    self.cancel(job)
                }
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw RequestError(
                    status: 504, code: "timeout",
                    "the request was not answered within the server's deadline of \(Self.seconds(deadline)) s (queueing and analysis); its analysis was stopped"
                )
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        guard let result = value as? T else { throw CancellationError() }
        return result
    }

    private func enqueue(_ job: Job) throws {
        condition.lock()
        // A request that finds a worker free never counts against the queue.
        guard waiting.count - (workers - running) < depth else {
            condition.unlock()
            throw RequestError(
                status: 503, code: "overloaded",
                "the server is busy: \(running) analyses running and \(waiting.count) waiting, its queue's limit; retry after \(retryAfterSeconds) s",
                retryAfterSeconds: retryAfterSeconds)
        }
        waiting.append(job)
        let spawn = threads < workers
        if spawn { threads += 1 }
        condition.signal()
        let counts = (waiting.count, running)
        condition.unlock()
        onChange?(counts.0, counts.1)
        if spawn {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "screenrec-analysis"
            thread.start()
        }
    }

    /// Removes a waiting job or asks a running one to stop, and answers its request with
    /// `CancellationError` at once: the request does not wait for the work to reach its next
    /// check (a task group waits for all its children, so the 504 would otherwise come only when
    /// the analysis stopped). A running job still counts as running until its worker is free.
    func cancel(_ job: Job) {
        job.cancel()
        condition.lock()
        let index = waiting.firstIndex { $0 === job }
        if let index { waiting.remove(at: index) }
        let counts = (waiting.count, running)
        condition.unlock()
        job.finish(.failure(CancellationError()))
        if index != nil { onChange?(counts.0, counts.1) }
    }

    private func workerLoop() {
        while true {
            condition.lock()
            guard !waiting.isEmpty else {
                threads -= 1
                condition.unlock()
                return
            }
            let job = waiting.removeFirst()
            running += 1
            let before = (waiting.count, running)
            condition.unlock()
            onChange?(before.0, before.1)

            let result: Result<any Sendable, any Error> =
                job.isCancelled
                ? .failure(CancellationError()) : Result { try job.work(job) }

            condition.lock()
            running -= 1
            let after = (waiting.count, running)
            condition.unlock()
            onChange?(after.0, after.1)
            job.finish(result)
        }
    }

    static func seconds(_ d: Duration) -> String {
        let s = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        return s == s.rounded() ? String(Int(s)) : String(s)
    }
}

/// `operation` (an upload being read), or a 408 when it takes longer than `timeout`.
func withUploadTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw RequestError(
                status: 408, code: "request_timeout", "the request body did not arrive within the server's limit of \(AnalysisQueue.seconds(timeout)) s")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
