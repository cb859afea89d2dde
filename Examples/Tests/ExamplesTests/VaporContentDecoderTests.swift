import Foundation
import LenientJSON
import LenientJSONVapor
import NIOCore
import OrderWebhook
import Testing
import Vapor

/// What a route of the tests' Vapor app answers: the value Vapor's `req.content.get(_:at:)` found, or the error.
struct KeyPathAnswer: Content {
    var quantity: Int?
    var customerId: Int?
    var error: String?
}

extension Examples {
    /// `LenientContentDecoder` keeps the LenientJSONDecoder for every Vapor decode; Vapor's own
    /// `JSONDecoder: ContentDecoder` conformance, given the same decoder, does not for `get(_:at:)` and any
    /// non-empty `userInfo` (the trap the "Frameworks" article describes).
    @Suite(.timeLimit(.minutes(1)))
    struct VaporContentDecoderTests {
        static let body = #"{"customer": {"customer_id": "42"}, "items": [{"sku": "A", "quantity": " 3 "}]}"#

        /// Starts the order service with one more route, `POST /peek`, answering two values read with
        /// `req.content.get(_:at:)` through `ContentConfiguration.global`'s JSON decoder, set to `decoder` for the
        /// test (and restored after it).
        func peek(with decoder: any ContentDecoder, service: OrderWebhookService) async throws -> KeyPathAnswer {
            let saved = ContentConfiguration.global
            defer { ContentConfiguration.global = saved }
            ContentConfiguration.global.use(decoder: decoder, for: .json)
            let answer = try await withVaporServer(
                service,
                configure: { app in
                    app.post("peek") { req -> KeyPathAnswer in
                        do {
                            let quantity = try req.content.get(Int.self, at: "items", 0, "quantity")
                            let customerId = try req.content.get(Int.self, at: "customer", "customerId")
                            return KeyPathAnswer(quantity: quantity, customerId: customerId)
                        } catch {
                            return KeyPathAnswer(error: "\(error)")
                        }
                    }
                },
                { base in try await send(.POST, base + "/peek", json: Self.body) })
            #expect(answer.status == 200)
            return try JSONDecoder().decode(KeyPathAnswer.self, from: answer.body)
        }

        @Test func getAtKeyPathIsLenientWithLenientContentDecoder() async throws {
            let service = makeService()
            let answer = try await peek(with: LenientContentDecoder(service.decoder), service: service)
            #expect(answer.error == nil)
            #expect(answer.quantity == 3)
            #expect(answer.customerId == 42)
            // Both lookups went through the service's decoder: reported and counted.
            #expect(service.statistics.snapshot.decodes == 2)
        }

        /// The documented trap, pinned: a LenientJSONDecoder given to Vapor as a `JSONDecoder` is strict in
        /// `get(_:at:)`, because Vapor decodes a non-empty `userInfo` with a fresh `JSONDecoder()`.
        @Test func getAtKeyPathIsStrictWithVaporsJSONDecoderConformance() async throws {
            let service = makeService()
            let answer = try await peek(with: service.decoder as JSONDecoder, service: service)
            #expect(answer.quantity == nil)
            #expect(answer.error != nil)
            #expect(service.statistics.snapshot.decodes == 0)
        }

        /// A type whose `init(from:)` reads the decoder's `userInfo`, with a value that needs leniency.
        struct Tagged: Decodable, Equatable {
            var tag: String?
            var quantity: Int
            var line: LineItem?

            static let key = CodingUserInfoKey(rawValue: "tag")!

            enum CodingKeys: String, CodingKey { case quantity, line }

            init(from decoder: any Decoder) throws {
                tag = decoder.userInfo[Self.key] as? String
                let container = try decoder.container(keyedBy: CodingKeys.self)
                quantity = try container.decode(Int.self, forKey: .quantity)
                line = try container.decodeIfPresent(LineItem.self, forKey: .line)
            }
        }

        static let taggedBody = ByteBuffer(
            string: #"{"quantity": "5", "line": {"SKU": "X", "quantity": "1", "unit_price": 2, "added_at": 0}}"#)

        @Test func nonEmptyUserInfoKeepsTheDecoderAndReachesTheRoot() throws {
            let service = makeService()
            service.decoder.register(aliases: ["sku": ["article"]], for: LineItem.self)
            let body = ByteBuffer(
                string: #"{"quantity": "5", "line": {"article": "X", "quantity": "1", "unit_price": 2, "added_at": 0}}"#
            )
            let decoder = LenientContentDecoder(service.decoder)
            let value = try decoder.decode(
                Tagged.self, from: body, headers: [:], userInfo: [Tagged.key: "from-vapor"])
            #expect(value.tag == "from-vapor")
            #expect(value.quantity == 5)
            #expect(value.line?.sku == "X")  // a registered alias: the decoder's registrations are kept
            #expect(service.statistics.snapshot.decodes == 1)
            // Without userInfo: the same decode.
            let plain = try decoder.decode(Tagged.self, from: body, headers: [:])
            #expect(plain.quantity == 5 && plain.tag == nil && plain.line?.sku == "X")
        }

        @Test func decodersOwnUserInfoIsMergedUnderTheDecodes() throws {
            let decoder = LenientJSONDecoder()
            let other = CodingUserInfoKey(rawValue: "other")!
            decoder.userInfo = [Tagged.key: "decoder", other: 1]
            let content = LenientContentDecoder(decoder)
            struct Both: Decodable {
                var tag: String?, other: Int?
                init(from decoder: any Decoder) throws {
                    tag = decoder.userInfo[Tagged.key] as? String
                    other = decoder.userInfo[CodingUserInfoKey(rawValue: "other")!] as? Int
                }
            }
            let value = try content.decode(
                Both.self, from: ByteBuffer(string: "{}"), headers: [:], userInfo: [Tagged.key: "decode"])
            #expect(value.tag == "decode")
            #expect(value.other == 1)
            #expect(decoder.userInfo[Tagged.key] as? String == "decoder")  // the shared decoder is unchanged
        }

        /// Vapor's conformance, given the same decoder and a non-empty `userInfo`, decodes with a plain
        /// `JSONDecoder`: the numeric string is an error there.
        @Test func vaporsConformanceDropsTheSubclassForNonEmptyUserInfo() throws {
            let decoder = LenientJSONDecoder()
            #expect(throws: DecodingError.self) {
                try (decoder as JSONDecoder).decode(
                    Tagged.self, from: Self.taggedBody, headers: [:], userInfo: [Tagged.key: "x"])
            }
            // Without userInfo it reaches the subclass.
            #expect(try (decoder as JSONDecoder).decode(Tagged.self, from: Self.taggedBody, headers: [:]).quantity == 5)
        }
    }
}
