import Foundation
import Hummingbird
import LenientJSON
import Logging
import OrderWebhook

/// The order-webhook service on Hummingbird 2: `POST /webhooks/orders`, `GET /decoding-statistics` and
/// `GET /export`, every request body decoded by the service's one ``OrderWebhook/OrderWebhookService/decoder``.
///
/// Hummingbird decodes a request with the context's `requestDecoder`, which for the default contexts is a fresh
/// `JSONDecoder()` per request; the routes here hand the body to the shared LenientJSONDecoder instead
/// (`decoder.decode(_:from:context:)`, Hummingbird's own `JSONDecoder: RequestDecoder` method, which reaches
/// the subclass's `decode(_:from:)`).
public enum HummingbirdOrderService {
    /// The routes of the service.
    public static func makeRouter(service: OrderWebhookService) -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/webhooks/orders") { request, context -> Response in
            do {
                let order = try await service.decoder.decode(Order.self, from: request, context: context)
                return try json(OrderWebhookService.makeEncoder().encode(order), status: .ok)
            } catch {
                guard let problem = ProblemDetails(decodingFailure: error) else { throw error }
                return json(problem.encoded(), status: .badRequest, contentType: ProblemDetails.mediaType)
            }
        }
        router.get("/decoding-statistics") { _, _ -> Response in
            try json(service.statisticsJSON(), status: .ok)
        }
        router.get("/export") { request, _ -> Response in
            guard let count = ExportFeed.count(fromQuery: request.uri.queryParameters["count"].map(String.init))
            else {
                return Response(status: .badRequest)
            }
            let body = ResponseBody { writer in
                for lines in ExportFeed.chunks(count: count) {
                    try await writer.write(ByteBuffer(bytes: ExportFeed.chunk(lines)))
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "application/jsonl"], body: body)
        }
        return router
    }

    /// The service as a Hummingbird application listening on `host`:`port` (`0`: a free port, which
    /// `onServerRunning` receives through the channel's `localAddress`).
    public static func makeApplication(
        service: OrderWebhookService, host: String = "127.0.0.1", port: Int = 8080,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: makeRouter(service: service),
            configuration: .init(address: .hostname(host, port: port), serverName: "order-webhook"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: service.logger
        )
    }

    private static func json(_ data: Data, status: HTTPResponse.Status, contentType: String = "application/json")
        -> Response
    {
        Response(
            status: status, headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
