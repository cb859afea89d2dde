// register(_:decode:) (Mapping article): a closure from JSONValue to T used wherever T is decoded (it wins
// over T's own init(from:)), from Data and fromJSONObject, at any depth, under every policy; its
// errors carry the value's path and position.

import Foundation
import LenientJSON
import Testing

/// Decodes itself from `{"cents": 1250, "currency": "USD"}`; the API sends `"12.50 USD"`.
struct ClosureMoney: Decodable, Equatable, Sendable {
    var cents: Int
    var currency: String

    init(cents: Int, currency: String) {
        self.cents = cents
        self.currency = currency
    }

    /// `"12.50 USD"`.
    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2,
            let amount = Decimal(string: String(parts[0]), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        cents = NSDecimalNumber(decimal: amount * 100).intValue
        currency = String(parts[1])
    }
}

struct ClosureOrder: Decodable, Equatable {
    var total: ClosureMoney
    var items: [ClosureMoney]
    var tip: ClosureMoney?
    var byCurrency: [String: ClosureMoney]
}

/// A class cluster chosen by a `"type"` field.
class ClosureAnimal: Decodable, @unchecked Sendable {
    var name: String
    init(name: String) { self.name = name }
}
final class ClosureDog: ClosureAnimal, @unchecked Sendable {
    var barks = false
    private enum CodingKeys: String, CodingKey { case barks }
    required init(from decoder: any Decoder) throws {
        barks = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .barks)
        try super.init(from: decoder)
    }
}
final class ClosureCat: ClosureAnimal, @unchecked Sendable {}

struct ClosureError: Error {}

@Suite("register(_:decode:)")
struct CustomDecodeTests {
    static func decoder(_ preset: Preset) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.register(ClosureMoney.self) { value in
            guard case .string(let text) = value, let money = ClosureMoney(text: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not an amount"))
            }
            return money
        }
        return decoder
    }

    @Test("the closure wins over init(from:) at any depth", arguments: Preset.allCases, InputKind.allCases)
    func closure(preset: Preset, input: InputKind) throws {
        let json =
            #"""
            {"total": "12.50 USD", "items": ["10.00 USD", "2.50 USD"], "tip": "1 EUR", "byCurrency": {"x": "0.\#
            99 GBP"}}
            """#
        let order = try input.decode(ClosureOrder.self, from: Data(json.utf8), with: Self.decoder(preset))
        #expect(
            order
                == ClosureOrder(
                    total: .init(cents: 1250, currency: "USD"),
                    items: [.init(cents: 1000, currency: "USD"), .init(cents: 250, currency: "USD")],
                    tip: .init(cents: 100, currency: "EUR"), byCurrency: ["x": .init(cents: 99, currency: "GBP")]))
        #expect(
            try input.decode(ClosureMoney.self, from: Data(#""3 USD""#.utf8), with: Self.decoder(preset))
                == .init(cents: 300, currency: "USD"))
    }

    @Test("without the closure, the type decodes itself")
    func withoutClosure() throws {
        #expect(throws: DecodingError.self) {
            try LenientJSONDecoder().decode(ClosureMoney.self, from: Data(#""3 USD""#.utf8))
        }
        #expect(
            try LenientJSONDecoder().decode(ClosureMoney.self, from: Data(#"{"cents": 3, "currency": "USD"}"#.utf8))
                == .init(cents: 3, currency: "USD"))
    }

    @Test("a DecodingError from the closure carries the value's path and position")
    func decodingErrorPath() {
        let json = "{\"total\": \"1 USD\",\n \"items\": [\"1 USD\", \"bad\"], \"byCurrency\": {}}"
        do {
            _ = try Self.decoder(.lenient).decode(ClosureOrder.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1"])
            #expect(context.debugDescription.contains("$.items[1]"))
            #expect(context.debugDescription.contains("line 2, column 21"))
            #expect(context.debugDescription.contains("Not an amount"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "any other error from the closure becomes dataCorrupted with it as the underlying error",
        arguments: InputKind.allCases)
    func otherError(input: InputKind) {
        let decoder = LenientJSONDecoder()
        decoder.register(ClosureMoney.self) { _ in throw ClosureError() }
        do {
            _ = try input.decode([ClosureMoney].self, from: Data(#"["1 USD"]"#.utf8), with: decoder)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
            #expect(context.underlyingError is ClosureError)
            #expect(context.debugDescription.contains("ClosureMoney"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a class cluster chosen by a \"type\" field", arguments: InputKind.allCases)
    func classCluster(input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.register(ClosureAnimal.self) { value in
            let data = Data(value.description.utf8)
            switch value["type"] {
            case .string("dog"): return try LenientJSONDecoder().decode(ClosureDog.self, from: data)
            case .string("cat"): return try LenientJSONDecoder().decode(ClosureCat.self, from: data)
            default: throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Unknown animal"))
            }
        }
        let json = #"[{"type": "dog", "name": "Rex", "barks": "yes"}, {"type": "cat", "name": "Tom"}]"#
        let animals = try input.decode([ClosureAnimal].self, from: Data(json.utf8), with: decoder)
        #expect(animals.map(\.name) == ["Rex", "Tom"])
        #expect((animals.first as? ClosureDog)?.barks == true)
        #expect(animals.last is ClosureCat)
    }

    @Test(
        "a closure for a scalar type applies to properties read with the container's own method",
        arguments: InputKind.allCases)
    func scalarClosure(input: InputKind) throws {
        struct Shout: Decodable, Equatable { var word: String; var words: [String] }
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.register(String.self) { value in
            guard case .string(let text) = value else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no text"))
            }
            return text.uppercased()
        }
        let shout = try input.decode(
            Shout.self, from: Data(#"{"word": "abc", "words": ["d", "e"]}"#.utf8), with: decoder)
        #expect(shout == Shout(word: "ABC", words: ["D", "E"]))
    }

    @Test("a fallback takes over where the closure throws", arguments: InputKind.allCases)
    func closureThenFallback(input: InputKind) throws {
        let decoder = Self.decoder(.strict)
        decoder.register(fallback: ClosureMoney(cents: 0, currency: "XXX"))
        let items = try input.decode([ClosureMoney].self, from: Data(#"["1 USD", "n/a"]"#.utf8), with: decoder)
        #expect(items == [.init(cents: 100, currency: "USD"), .init(cents: 0, currency: "XXX")])
    }
}
