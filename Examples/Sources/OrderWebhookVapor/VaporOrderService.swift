import Foundation
import LenientJSON
import LenientJSONVapor
import Logging
import OrderWebhook
import Vapor

/// The order-webhook service on Vapor 4, with the same routes as the Hummingbird one: `POST /webhooks/orders`,
/// `GET /decoding-statistics` and `GET /export`.
///
/// Request bodies are decoded through ``LenientJSONVapor/LenientContentDecoder`` around the service's one
/// decoder. An application would usually make it the global JSON decoder
/// (`ContentConfiguration.global.use(decoder: LenientContentDecoder(decoder), for: .json)`); the routes here name
/// it in `req.content.decode(_:using:)`, so that several services with decoders of their own can run in one
/// process (the tests start many).
public enum VaporOrderService {
    /// Adds the service's routes to `app`.
    public static func addRoutes(to app: Application, service: OrderWebhookService) {
        let content = LenientContentDecoder(service.decoder)
        app.post("webhooks", "orders") { req -> Response in
            do {
                let order = try req.content.decode(Order.self, using: content)
                return try json(OrderWebhookService.makeEncoder().encode(order), status: .ok)
            } catch {
                guard let problem = ProblemDetails(decodingFailure: error) else { throw error }
                return json(problem.encoded(), status: .badRequest, contentType: ProblemDetails.mediaType)
            }
        }
        app.get("decoding-statistics") { _ -> Response in
            try json(service.statisticsJSON(), status: .ok)
        }
        app.get("export") { req -> Response in
            guard let count = ExportFeed.count(fromQuery: req.query[String.self, at: "count"]) else {
                throw Abort(.badRequest, reason: "count must be a number in 0...\(ExportFeed.maximumCount)")
            }
            let response = Response(status: .ok)
            response.headers.contentType = HTTPMediaType(type: "application", subType: "jsonl")
            response.body = .init(asyncStream: { writer in
                for lines in ExportFeed.chunks(count: count) {
                    try await writer.writeBuffer(ByteBuffer(bytes: ExportFeed.chunk(lines)))
                }
                try await writer.write(.end)
            })
            return response
        }
    }

    /// A Vapor application with the service's routes, listening on `host`:`port` once started (`0`: a free port,
    /// see ``boundPort(of:)``).
    public static func makeApplication(
        service: OrderWebhookService, environment: Environment = .testing, host: String = "127.0.0.1",
        port: Int = 8080
    ) async throws -> Application {
        let app = try await Application.make(environment, logger: service.logger)
        app.http.server.configuration.hostname = host
        app.http.server.configuration.port = port
        app.http.server.configuration.serverName = "order-webhook"
        addRoutes(to: app, service: service)
        return app
    }

    /// The port the started application listens on.
    public static func boundPort(of app: Application) -> Int? {
        app.http.server.shared.localAddress?.port
    }

    private static func json(_ data: Data, status: HTTPResponseStatus, contentType: String = "application/json")
        -> Response
    {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: contentType)
        return Response(status: status, headers: headers, body: .init(data: data))
    }
}
