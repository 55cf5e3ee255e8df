import CoreMetrics
import Foundation
import Prometheus

/// The server's metrics, recorded through swift-metrics and exported by swift-prometheus in
/// Prometheus' text format at `GET /metrics`. Each server has its own registry (not the process-wide
/// `MetricsSystem`, which can be bootstrapped only once), so servers built in one process — the
/// tests — count apart.
///
/// | metric                                   | type      | labels            |
/// |------------------------------------------|-----------|-------------------|
/// | `screenrec_http_requests_total`          | counter   | `route`, `status` |
/// | `screenrec_http_request_duration_seconds`| histogram | `route`           |
/// | `screenrec_queue_waiting`                | gauge     |                   |
/// | `screenrec_analyses_in_flight`           | gauge     |                   |
/// | `screenrec_requests_rejected_total`      | counter   | `reason` (`queue_full`) |
/// | `screenrec_requests_cancelled_total`     | counter   | `reason` (`deadline`, `client_gone`) |
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    let waiting: CoreMetrics.Gauge
    let inFlight: CoreMetrics.Gauge

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Request latency buckets, 10 ms to 2 min: one analysis takes 0.3–1.5 s on the 2-core
        // machine and a request may wait up to the 120 s deadline (ServerConfiguration.requestTimeout).
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30), .seconds(60), .seconds(120),
        ]
        self.factory = factory
        waiting = CoreMetrics.Gauge(label: "screenrec_queue_waiting", factory: factory)
        inFlight = CoreMetrics.Gauge(label: "screenrec_analyses_in_flight", factory: factory)
        waiting.record(0)
        inFlight.record(0)
        // The refusal and cancellation counters exist from the start, at 0, so that a dashboard can
        // tell "none yet" from "not exported".
        _ = CoreMetrics.Counter(label: "screenrec_requests_rejected_total", dimensions: [("reason", "queue_full")], factory: factory)
        for reason in ["deadline", "client_gone"] {
            _ = CoreMetrics.Counter(label: "screenrec_requests_cancelled_total", dimensions: [("reason", reason)], factory: factory)
        }
    }

    /// Counts one answered request and records its duration.
    func request(route: String, status: Int, duration: Duration) {
        CoreMetrics.Counter(label: "screenrec_http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory)
            .increment()
        CoreMetrics.Timer(label: "screenrec_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    func rejected(_ reason: String) {
        CoreMetrics.Counter(label: "screenrec_requests_rejected_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    func cancelled(_ reason: String) {
        CoreMetrics.Counter(label: "screenrec_requests_cancelled_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    func queue(waiting w: Int, running r: Int) {
        waiting.record(w)
        inFlight.record(r)
    }

    /// The Prometheus text exposition of every metric.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}
