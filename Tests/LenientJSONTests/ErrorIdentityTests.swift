// Issue #22 item 4: no logic reads message text. Whether a model's own `dataCorrupted` error
// gets the place of the value it names (ErrorMessages.md: "<reason> at <path> (line, column),
// found <value>.") is told from the error's value, not from whether its text happens to
// contain " at $": a model's reason that mentions a price in dollars is named like any other.
// Expected messages are built from the article's pattern and the payload, not copied from a run.

import Foundation
import LenientJSON
import Testing

@Suite("Errors are told apart by their values, never by their text")
struct ErrorIdentityTests {
    /// A price of at least 10, read from a number; anything less is the model's own error.
    struct Price: Decodable {
        /// Where the decoder's `userInfo` holds the model's reason (tests run in parallel).
        static let reasonKey = CodingUserInfoKey(rawValue: "reason")!
        var amount: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            amount = try container.decode(Int.self)
            if amount < 10 {
                let reason = decoder.userInfo[Self.reasonKey] as? String ?? ""
                throw DecodingError.dataCorruptedError(in: container, debugDescription: reason)
            }
        }
    }

    struct Order: Decodable { var price: Price }

    static let reasons = ["Price is too low", "Price at $5 is too low", "Price at $.price is too low"]
    static let json = #"{"price": 5}"#

    /// ErrorMessages.md's pattern for the value `5` at `path`, at byte `offset` of a one-line
    /// ASCII payload (so its column is `offset + 1`).
    static func expected(_ reason: String, path: String = "$.price", offset: Int) -> String {
        "\(reason) at \(path) (line 1, column \(offset + 1)), found number 5."
    }

    /// The byte offsets of the `5`s of `payload`.
    static func fives(_ payload: String) -> [Int] {
        payload.utf8.enumerated().filter { $0.element == UInt8(ascii: "5") }.map(\.offset)
    }

    @Test("a model's own error is named with its place, whatever its reason says", arguments: reasons)
    func modelErrorNamed(reason: String) {
        let decoder = LenientJSONDecoder()
        decoder.userInfo[Price.reasonKey] = reason
        do {
            _ = try decoder.decode(Order.self, from: Data(Self.json.utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                messageWithoutExcerpt(context.debugDescription)
                    == Self.expected(reason, offset: Self.fives(Self.json)[0]))
            #expect(context.codingPath.map(\.stringValue) == ["price"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("so is each problem when every problem is collected", arguments: reasons)
    func collectedModelErrorNamed(reason: String) {
        let decoder = LenientJSONDecoder()
        decoder.userInfo[Price.reasonKey] = reason
        decoder.collectsAllErrors = true
        let payload = "[\(Self.json), \(Self.json)]"
        do {
            _ = try decoder.decode([Order].self, from: Data(payload.utf8))
            Issue.record("expected an error")
        } catch let problems as LenientDecodingErrors {
            let messages = problems.errors.map { error -> String in
                guard case .dataCorrupted(let context) = error else { return "\(error)" }
                return messageWithoutExcerpt(context.debugDescription)
            }
            let expected = Self.fives(payload).enumerated().map {
                Self.expected(reason, path: "$[\($0.offset)].price", offset: $0.element)
            }
            #expect(messages == expected)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
