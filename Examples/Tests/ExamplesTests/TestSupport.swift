import AsyncHTTPClient
import Foundation
import Hummingbird
import LenientJSON
import Logging
import NIOCore
import NIOFoundationCompat
import OrderWebhook
import OrderWebhookHummingbird
import OrderWebhookVapor
import ServiceLifecycle
import Testing
import Vapor

/// Every suite of the package, one test at a time: the memory test reads the whole process's peak RSS, and the
/// Vapor key-path tests change Vapor's process-wide `ContentConfiguration.global`.
@Suite(.serialized) struct Examples {}

/// The two servers of the order-webhook service.
enum Framework: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case hummingbird, vapor
    var testDescription: String { rawValue }

    /// Starts the service on an ephemeral loopback port, runs `body` with its base URL
    /// (`http://127.0.0.1:PORT`), and shuts the server down, whether `body` throws or not.
    func withServer<R: Sendable>(
        _ service: OrderWebhookService, _ body: @Sendable (String) async throws -> R
    ) async throws -> R {
        switch self {
        case .hummingbird: try await withHummingbirdServer(service, body)
        case .vapor: try await withVaporServer(service, body)
        }
    }
}

struct ServerDidNotStart: Error {}

func withHummingbirdServer<R: Sendable>(
    _ service: OrderWebhookService, _ body: @Sendable (String) async throws -> R
) async throws -> R {
    try await withHummingbirdApplication(logger: service.logger, body) { onServerRunning in
        HummingbirdOrderService.makeApplication(service: service, port: 0, onServerRunning: onServerRunning)
    }
}

/// Starts the application `makeApplication` builds (listening on port 0, calling the function it is given with
/// the port once the server runs), runs `body` with its base URL, and shuts it down, whether `body` throws or not.
func withHummingbirdApplication<App: ApplicationProtocol, R: Sendable>(
    logger: Logging.Logger, _ body: @Sendable (String) async throws -> R,
    makeApplication: (_ onServerRunning: @escaping @Sendable (Int) async -> Void) -> App
) async throws -> R {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = makeApplication { port in
        portContinuation.yield(port)
        portContinuation.finish()
    }
    let group = ServiceGroup(services: [app], logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await tasks.waitForAll()
            throw ServerDidNotStart()
        }
        let result: Result<R, any Error>
        do {
            result = .success(try await body("http://127.0.0.1:\(port)"))
        } catch {
            result = .failure(error)
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return try result.get()
    }
}

func withVaporServer<R: Sendable>(
    _ service: OrderWebhookService, configure: (Vapor.Application) -> Void = { _ in },
    _ body: @Sendable (String) async throws -> R
) async throws -> R {
    let app = try await VaporOrderService.makeApplication(service: service, port: 0)
    configure(app)
    let result: Result<R, any Error>
    do {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = VaporOrderService.boundPort(of: app) else { throw ServerDidNotStart() }
        result = .success(try await body("http://127.0.0.1:\(port)"))
    } catch {
        result = .failure(error)
    }
    await app.server.shutdown()
    try await app.asyncShutdown()
    return try result.get()
}

/// One HTTP exchange's answer, read whole.
struct HTTPAnswer: Sendable {
    var status: Int
    var contentType: String?
    var body: Data
}

/// Sends a request with AsyncHTTPClient (the shared client) and reads the answer (at most 16 MiB).
func send(_ method: NIOHTTP1.HTTPMethod, _ url: String, json: String? = nil) async throws -> HTTPAnswer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: json))
    }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 16 << 20)
    return HTTPAnswer(
        status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
        body: Data(buffer: body))
}

/// Log messages, kept for the tests to read.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(message: String, metadata: Logging.Logger.Metadata)] = []

    func record(_ message: String, _ metadata: Logging.Logger.Metadata) {
        lock.withLock { entries.append((message, metadata)) }
    }

    var all: [(message: String, metadata: Logging.Logger.Metadata)] { lock.withLock { entries } }

    /// A logger whose messages (at every level) go to this recorder.
    func logger(label: String = "order-webhook-test") -> Logging.Logger {
        var logger = Logging.Logger(label: label) { _ in RecordingLogHandler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }
}

struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logging.Logger.Metadata = [:]
    var logLevel: Logging.Logger.Level = .trace

    subscript(metadataKey key: String) -> Logging.Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.record(event.message.description, metadata.merging(event.metadata ?? [:]) { $1 })
    }
}

/// A service whose logs go to `recorder` (or nowhere).
func makeService(recorder: LogRecorder = LogRecorder()) -> OrderWebhookService {
    OrderWebhookService(logger: recorder.logger())
}
