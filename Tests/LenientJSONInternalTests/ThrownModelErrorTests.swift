import Foundation
import Testing

@testable import LenientJSON

/// A model's own error (not a `DecodingError`), thrown by its hand-written `init(from:)` inside a
/// value that needed leniency, reaches the caller as that model threw it, as `JSONDecoder` throws
/// it for the same value written cleanly: the strict attempts that the parity rule makes
/// (the HandWrittenDecoders article) keep the error as thrown, and the attempt that meets it
/// again throws the same error.
@Suite("A model's own error")
struct ThrownModelErrorTests {
    struct Rejected: Error, Equatable {
        let amount: Int
    }

    /// Refuses a negative amount with an error of its own.
    struct Amount: Decodable {
        let value: Int
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            if value < 0 { throw Rejected(amount: value) }
        }
    }

    struct Line: Decodable {
        let name: String
        let amount: Amount
    }

    struct Order: Decodable {
        let orderId: Int
        let lines: [Line]
    }

    /// The same order written as the model spells it (what `JSONDecoder` reads) and written with
    /// leniency needed around the rejected amount: a respelled key, a number as a string, a
    /// single line sent without its array.
    static let cases: [(clean: String, messy: String)] = [
        (
            #"{"orderId": 1, "lines": [{"name": "a", "amount": 5}, {"name": "b", "amount": -3}]}"#,
            #"{"order_id": 1, "lines": [{"name": "a", "amount": 5}, {"name": "b", "amount": -3}]}"#
        ),
        (
            #"{"orderId": 1, "lines": [{"name": "a", "amount": -7}]}"#,
            #"{"orderId": "1", "lines": [{"name": "a", "amount": -7}]}"#
        ),
        (
            #"{"orderId": 2, "lines": [{"name": "a", "amount": -1}]}"#,
            #"{"orderId": 2, "lines": {"name": "a", "amount": -1}}"#
        ),
        (
            #"[{"orderId": 1, "lines": []}, {"orderId": 2, "lines": [{"name": "x", "amount": -9}]}]"#,
            #"[{"orderId": 1, "lines": []}, {"OrderID": 2, "lines": [{"Name": "x", "amount": -9}]}]"#
        ),
    ]

    static func thrown<T: Decodable>(_ type: T.Type, _ text: String, by decoder: JSONDecoder) -> (any Error)? {
        do {
            _ = try decoder.decode(type, from: Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "The model's error, not a DecodingError, as JSONDecoder throws it on the clean text",
        arguments: Preset.allCases.filter { $0 != .strict }, 0..<cases.count)
    func sameError(preset: Preset, position: Int) throws {
        let (clean, messy) = Self.cases[position]
        let isArray = clean.hasPrefix("[")
        let expected =
            isArray
            ? Self.thrown([Order].self, clean, by: JSONDecoder()) : Self.thrown(Order.self, clean, by: JSONDecoder())
        let decoder = LenientJSONDecoder(policy: preset.policy)
        let got =
            isArray ? Self.thrown([Order].self, messy, by: decoder) : Self.thrown(Order.self, messy, by: decoder)
        let expectedRejection = try #require(expected as? Rejected)
        #expect(got as? Rejected == expectedRejection)
        // Twice with one decoder: nothing of the first decode's attempts is kept.
        let again =
            isArray ? Self.thrown([Order].self, messy, by: decoder) : Self.thrown(Order.self, messy, by: decoder)
        #expect(again as? Rejected == expectedRejection)
    }
}
