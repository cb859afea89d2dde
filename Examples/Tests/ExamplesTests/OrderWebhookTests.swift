import Foundation
import LenientJSON
import OrderWebhook
import Testing

extension Examples {
    /// The order-webhook service, live over loopback, on both servers: the same requests, the same answers.
    @Suite(.timeLimit(.minutes(1)))
    struct OrderWebhookTests {
        /// JSONDecoder with the service's date format: the reference the answers are compared with.
        static func referenceDecoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }

        @Test(arguments: Framework.allCases, OrderPayloads.all)
        func messyOrderDecodesAsJSONDecoderReadsItsCleanForm(framework: Framework, payload: OrderPayload)
            async throws
        {
            let expected = try Self.referenceDecoder().decode(Order.self, from: Data(payload.clean.utf8))
            let answer = try await framework.withServer(makeService()) { base in
                try await send(.POST, base + "/webhooks/orders", json: payload.messy)
            }
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("application/json") == true)
            let order = try Self.referenceDecoder().decode(Order.self, from: answer.body)
            #expect(order == expected)
        }

        @Test(arguments: Framework.allCases)
        func eachDecodeLogsItsReportSummary(framework: Framework) async throws {
            let recorder = LogRecorder()
            _ = try await framework.withServer(makeService(recorder: recorder)) { base in
                try await send(.POST, base + "/webhooks/orders", json: OrderPayloads.shop.messy)
            }
            let summaries = recorder.all.compactMap { $0.metadata["summary"]?.description }
            try #require(summaries.count == 1)
            // The shop order's quantity "2" (a pattern) and its dropped gift-wrap item (the third: each
            // line of a summary names its first event's place) are in the summary.
            #expect(summaries[0].contains("$.items[*].quantity"))
            #expect(summaries[0].contains("$.items[2]"))
        }

        @Test(arguments: Framework.allCases)
        func cleanOrderDecodesWithoutReport(framework: Framework) async throws {
            let recorder = LogRecorder()
            let payload = OrderPayloads.shop
            let answer = try await framework.withServer(makeService(recorder: recorder)) { base in
                try await send(.POST, base + "/webhooks/orders", json: payload.clean)
            }
            #expect(answer.status == 200)
            let expected = try Self.referenceDecoder().decode(Order.self, from: Data(payload.clean.utf8))
            #expect(try Self.referenceDecoder().decode(Order.self, from: answer.body) == expected)
            #expect(recorder.all.allSatisfy { $0.metadata["summary"] == nil })
        }

        @Test(arguments: Framework.allCases)
        func problemBodyListsEveryProblemWithPointerLineAndColumn(framework: Framework) async throws {
            let answer = try await framework.withServer(makeService()) { base in
                try await send(.POST, base + "/webhooks/orders", json: OrderPayloads.broken)
            }
            #expect(answer.status == 400)
            #expect(answer.contentType == "application/problem+json")
            let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            // RFC 9457's members.
            #expect(object["type"] is String)
            #expect(object["title"] is String)
            #expect(object["status"] as? Int == 400)
            #expect(object["detail"] is String)
            let errors = try #require(object["errors"] as? [[String: Any]])
            let expected = OrderPayloads.brokenProblems
            try #require(errors.count == expected.count)
            for (error, problem) in zip(errors, expected) {
                let position = try #require(OrderPayloads.position(of: problem.value, in: OrderPayloads.broken))
                #expect(error["pointer"] as? String == problem.pointer)
                #expect(error["line"] as? Int == position.line, "\(problem.pointer)")
                #expect(error["column"] as? Int == position.column, "\(problem.pointer)")
                #expect((error["message"] as? String)?.isEmpty == false)
            }
            // The same problems, as the library's type.
            let problems = try JSONDecoder().decode(ProblemDetails.self, from: answer.body).errors
            #expect(problems.map(\.pointer) == expected.map(\.pointer))
        }

        @Test(arguments: Framework.allCases)
        func invalidJSONIsOneProblem(framework: Framework) async throws {
            let body = "{\n  \"order_id\": \"X\",\n  \"total\": 12,,\n}"
            let answer = try await framework.withServer(makeService()) { base in
                try await send(.POST, base + "/webhooks/orders", json: body)
            }
            #expect(answer.status == 400)
            let problems = try JSONDecoder().decode(ProblemDetails.self, from: answer.body).errors
            try #require(problems.count == 1)
            #expect(problems[0].kind == "dataCorrupted")
            #expect(problems[0].line == 3)
        }

        @Test(arguments: Framework.allCases)
        func statisticsCountTheRequestsAndTheirPatterns(framework: Framework) async throws {
            let service = makeService()
            let (shops, marketplaces) = (3, 2)
            let snapshot = try await framework.withServer(service) { base in
                for _ in 0..<shops {
                    #expect(
                        try await send(.POST, base + "/webhooks/orders", json: OrderPayloads.shop.messy).status == 200)
                }
                for _ in 0..<marketplaces {
                    let answer = try await send(.POST, base + "/webhooks/orders", json: OrderPayloads.marketplace.messy)
                    #expect(answer.status == 200)
                }
                #expect(try await send(.POST, base + "/webhooks/orders", json: OrderPayloads.broken).status == 400)
                let answer = try await send(.GET, base + "/decoding-statistics")
                #expect(answer.status == 200)
                return try JSONDecoder().decode(LenientDecodingStatistics.Snapshot.self, from: answer.body)
            }
            #expect(snapshot.decodes == shops + marketplaces + 1)
            #expect(snapshot == service.statistics.snapshot)
            // A pattern's path spells keys as the input does: the shop's `items` and the marketplace's `Items` are
            // two patterns, one per sender.
            let quantities = snapshot.patterns.filter { $0.rule == .numberFromString && $0.path.hasSuffix(".quantity") }
            #expect(quantities.map(\.path) == ["$.items[*].quantity", "$.Items[*].quantity"])
            #expect(quantities.map(\.decodes) == [shops, marketplaces])
            #expect(
                quantities.map(\.count) == [
                    shops * OrderPayloads.shop.quantitiesAsStrings,
                    marketplaces * OrderPayloads.marketplace.quantitiesAsStrings,
                ])
            // The shop order's gift-wrap item (no readable date) is dropped from every shop order.
            let dropped = snapshot.patterns.filter { $0.kind == .droppedElement && $0.path == "$.items[*]" }
            #expect(dropped.map(\.decodes).reduce(0, +) >= shops)
        }
    }
}
