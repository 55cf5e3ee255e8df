import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Tells when a client has gone: its connection closed, or its sending side shut (end of input).
/// Hummingbird does not cancel a handler whose client leaves, so the server watches the socket
/// itself and cancels that client's queued or running analysis ("a client that
/// disconnects after uploading still costs the full analysis").
public final class ConnectionWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var closed = false
    private var next = 0
    private var callbacks: [Int: @Sendable () -> Void] = [:]

    public init() {}

    public var isClosed: Bool { lock.withLock { closed } }

    /// Calls `action` once when the client goes (at once if it has gone); returns a token for ``remove(_:)``.
    @discardableResult
    public func onClose(_ action: @escaping @Sendable () -> Void) -> Int {
        let (token, now) = lock.withLock { () -> (Int, Bool) in
            next += 1
            if !closed { callbacks[next] = action }
            return (next, closed)
        }
        if now { action() }
        return token
    }

    public func remove(_ token: Int) { _ = lock.withLock { callbacks.removeValue(forKey: token) } }

    /// Marks the client gone and runs the waiting actions once.
    public func close() {
        let actions = lock.withLock { () -> [@Sendable () -> Void] in
            guard !closed else { return [] }
            closed = true
            defer { callbacks = [:] }
            return Array(callbacks.values)
        }
        for action in actions { action() }
    }
}

/// The watches of the open connections, by channel: a request finds its own without a hop onto
/// the connection's event loop (and a request without a real connection finds none).
enum ConnectionWatches {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byChannel: [ObjectIdentifier: ConnectionWatch] = [:]

    static func register(_ watch: ConnectionWatch, for channel: any Channel) {
        lock.withLock { byChannel[ObjectIdentifier(channel as AnyObject)] = watch }
    }

    static func remove(for channel: any Channel) {
        _ = lock.withLock { byChannel.removeValue(forKey: ObjectIdentifier(channel as AnyObject)) }
    }

    static func watch(for channel: any Channel) -> ConnectionWatch? {
        lock.withLock { byChannel[ObjectIdentifier(channel as AnyObject)] }
    }
}

/// The first handler of each connection's pipeline (in front of the HTTP decoder, which holds
/// back the end of input while a request is in progress): it only watches for the client closing.
final class ConnectionWatchHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    let watch = ConnectionWatch()

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let e = event as? ChannelEvent, case .inputClosed = e { watch.close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.close()
        ConnectionWatches.remove(for: context.channel)
        context.fireChannelInactive()
    }
}

/// Hummingbird's HTTP/1.1 channel with a ``ConnectionWatchHandler`` in front.
struct WatchedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    let inner: HTTP1Channel
    var responder: HTTPChannelHandler.Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        do {
            let handler = ConnectionWatchHandler()
            try channel.pipeline.syncOperations.addHandler(handler, position: .first)
            ConnectionWatches.register(handler.watch, for: channel)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// `.http1(configuration:)` with each connection watched for its client leaving.
    static func watchedHTTP1(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        .init { responder in WatchedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration)) }
    }
}

/// The request context of this server: Hummingbird's basic one plus the connection, so that a
/// request can find its ``ConnectionWatch``.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: (any Channel)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The watch of this request's connection; nil where there is none (the in-process `.router`
    /// test client has no real connection).
    func connectionWatch() -> ConnectionWatch? {
        channel.flatMap { ConnectionWatches.watch(for: $0) }
    }
}
