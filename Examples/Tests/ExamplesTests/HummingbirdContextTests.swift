import Foundation
import Hummingbird
import LenientJSON
import OrderWebhook
import Testing

/// The request context of the "Frameworks" article's Hummingbird section: the service's decoder as the context's
/// `requestDecoder`, so that `request.decode(as:context:)` is lenient.
struct LenientRequestContext: RequestContext {
    static let service = makeService()
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: LenientJSONDecoder { Self.service.decoder }
}

extension Examples {
    /// Hummingbird's own `request.decode(as:context:)`: lenient once the context's `requestDecoder` is the
    /// LenientJSONDecoder, strict with the default contexts, and a `LenientDecodingErrors` is not turned into a 400
    /// (the traps the "Frameworks" article describes).
    @Suite(.timeLimit(.minutes(1)))
    struct HummingbirdContextTests {
        /// Starts a Hummingbird application whose `POST /orders` decodes the body with
        /// `request.decode(as:context:)` in a `Context`, and posts `json` to it.
        func post<Context: RequestContext>(_ json: String, context: Context.Type) async throws -> HTTPAnswer
        where Context.Source == ApplicationRequestContextSource {
            let router = Router(context: Context.self)
            router.post("/orders") { request, context -> Response in
                let order = try await request.decode(as: Order.self, context: context)
                let data = try OrderWebhookService.makeEncoder().encode(order)
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
            return try await withHummingbirdApplication(logger: makeService().logger) { base in
                try await send(.POST, base + "/orders", json: json)
            } makeApplication: { onServerRunning in
                Application(
                    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                    logger: makeService().logger)
            }
        }

        @Test(arguments: OrderPayloads.all)
        func requestDecodeIsLenientWithTheDecoderAsRequestDecoder(payload: OrderPayload) async throws {
            let decodes = LenientRequestContext.service.statistics.snapshot.decodes
            let answer = try await post(payload.messy, context: LenientRequestContext.self)
            #expect(answer.status == 200)
            let reference = OrderWebhookTests.referenceDecoder()
            let expected = try reference.decode(Order.self, from: Data(payload.clean.utf8))
            #expect(try reference.decode(Order.self, from: answer.body) == expected)
            #expect(LenientRequestContext.service.statistics.snapshot.decodes == decodes + 1)
        }

        /// The default context's `requestDecoder` is a plain `JSONDecoder()`: the messy order is a 400.
        @Test func requestDecodeIsStrictWithTheDefaultContext() async throws {
            let answer = try await post(OrderPayloads.shop.messy, context: BasicRequestContext.self)
            #expect(answer.status == 400)
            // The clean form of the same order is read by the same route.
            #expect(try await post(OrderPayloads.shop.clean, context: BasicRequestContext.self).status == 200)
        }

        /// `request.decode(as:context:)` answers a `DecodingError` with a 400 of its own, but passes a
        /// `LenientDecodingErrors` (`collectsAllErrors`) on, which becomes a 500: catch it in the route.
        @Test func collectedErrorsAreNotTurnedIntoA400() async throws {
            let answer = try await post(OrderPayloads.broken, context: LenientRequestContext.self)
            #expect(answer.status == 500)
        }
    }
}
