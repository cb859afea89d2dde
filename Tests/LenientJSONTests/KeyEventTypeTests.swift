// The `type` of a key event (`key.normalized`, `key.alias`, `key.path`): the Swift type the model
// decodes at the member, as `String(describing:)` gives it (the TheReport article, `type` row),
// for every way a model reads a key: `decode` → `X`, `decodeIfPresent` → `Optional<X>` (`null` or
// not; a missing key makes no event), `decodeNil` → `Optional<Any>`, a nested container → its
// container type, `superDecoder` → `any Decoder`; a read nested between a lookup and its typing
// never gives the outer event its own type.

import Foundation
import LenientJSON
import Testing

@Suite("Key event types")
struct KeyEventTypeTests {
    struct Plan: Decodable { var planName: String }
    struct Decodes: Decodable { var firstName: String }
    struct DecodesModel: Decodable { var currentPlan: Plan }
    struct DecodesIfPresent: Decodable { var userAge: Int? }
    struct NullThenNext: Decodable {
        var userAge: Int?
        var firstName: String
    }

    enum Keys: String, CodingKey { case userAge, homeAddress, tagList, parentInfo, firstName }
    enum AddressKeys: String, CodingKey { case postCode }

    struct ReadsNil: Decodable {
        var isNull: Bool
        init(from decoder: any Decoder) throws {
            isNull = try decoder.container(keyedBy: Keys.self).decodeNil(forKey: .userAge)
        }
    }

    /// Opens the nested object, then reads a respelled key in it: the inner read comes after the
    /// outer lookup and must not type its event.
    struct ReadsNestedContainer: Decodable {
        var postCode: String
        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Keys.self)
            let inner = try outer.nestedContainer(keyedBy: AddressKeys.self, forKey: .homeAddress)
            postCode = try inner.decode(String.self, forKey: .postCode)
        }
    }

    struct ReadsNestedUnkeyed: Decodable {
        var first: Int
        init(from decoder: any Decoder) throws {
            var list = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .tagList)
            first = try list.decode(Int.self)
        }
    }

    struct ReadsSuperDecoder: Decodable {
        var plan: Plan
        init(from decoder: any Decoder) throws {
            plan = try Plan(from: decoder.container(keyedBy: Keys.self).superDecoder(forKey: .parentInfo))
        }
    }

    struct Aliased: Decodable { var zip: String, city: String? }

    /// A way of reading a respelled key, and the types of the key events in document order.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var types: [String]
        var decode: @Sendable (LenientJSONDecoder, InputKind, Data, inout LenientDecodingReport) throws -> Void
        var policy: LenientPolicy = .lenient
        var configure: @Sendable (LenientJSONDecoder) -> Void = { _ in }
        var testDescription: String { name }
    }

    static func read<T: Decodable & SendableMetatype>(_: T.Type)
        -> @Sendable (LenientJSONDecoder, InputKind, Data, inout LenientDecodingReport) throws -> Void
    {
        { decoder, input, data, report in _ = try input.decode(T.self, from: data, with: decoder, report: &report) }
    }

    static let rows: [Row] = [
        Row(name: "decode", json: #"{"first_name":"Ada"}"#, types: ["String"], decode: read(Decodes.self)),
        Row(
            name: "decode of a model", json: #"{"current_plan":{"plan_name":"pro"}}"#, types: ["Plan", "String"],
            decode: read(DecodesModel.self)),
        Row(
            name: "decodeIfPresent, present", json: #"{"user_age":36}"#, types: ["Optional<Int>"],
            decode: read(DecodesIfPresent.self)),
        Row(
            name: "decodeIfPresent, null", json: #"{"user_age":null}"#, types: ["Optional<Int>"],
            decode: read(DecodesIfPresent.self)),
        Row(name: "decodeIfPresent, missing", json: #"{}"#, types: [], decode: read(DecodesIfPresent.self)),
        Row(
            name: "decodeIfPresent, null, then decode", json: #"{"user_age":null,"first_name":"Ada"}"#,
            types: ["Optional<Int>", "String"], decode: read(NullThenNext.self)),
        Row(
            name: "decodeIfPresent, null, permissive", json: #"{"user_age":null,"first_name":"Ada"}"#,
            types: ["Optional<Int>", "String"], decode: read(NullThenNext.self), policy: .permissive),
        Row(name: "decodeNil", json: #"{"user_age":null}"#, types: ["Optional<Any>"], decode: read(ReadsNil.self)),
        Row(
            name: "nestedContainer", json: #"{"home_address":{"post_code":"94015"}}"#,
            types: ["KeyedDecodingContainer<AddressKeys>", "String"], decode: read(ReadsNestedContainer.self)),
        Row(
            name: "nestedContainer, permissive", json: #"{"home_address":{"post_code":"94015"}}"#,
            types: ["KeyedDecodingContainer<AddressKeys>", "String"], decode: read(ReadsNestedContainer.self),
            policy: .permissive),
        Row(
            name: "nestedUnkeyedContainer", json: #"{"tag_list":[1]}"#,
            types: [String(describing: (any UnkeyedDecodingContainer).self)], decode: read(ReadsNestedUnkeyed.self)),
        Row(
            name: "superDecoder", json: #"{"parent_info":{"plan_name":"pro"}}"#,
            types: [String(describing: (any Decoder).self), "String"], decode: read(ReadsSuperDecoder.self)),
        Row(
            name: "registered alias", json: #"{"postal/code":"94015","town":null}"#,
            types: ["String", "Optional<String>"], decode: read(Aliased.self), policy: .strict,
            configure: { $0.register(aliases: ["zip": ["postal/code"], "city": ["town"]], for: Aliased.self) }),
        Row(
            name: "registered alias and default", json: #"{"postal/code":"94015","town":null}"#,
            types: ["String", "Optional<String>"], decode: read(Aliased.self), policy: .strict,
            configure: {
                $0.register(aliases: ["zip": ["postal/code"], "city": ["town"]], for: Aliased.self)
                $0.register(defaults: ["city": "Springfield"], for: Aliased.self)
            }),
    ]

    @Test("a key event's type is what the model reads at the member", arguments: rows, InputKind.allCases)
    func keyEventType(row: Row, input: InputKind) throws {
        let decoder = LenientJSONDecoder(policy: row.policy)
        row.configure(decoder)
        var report = LenientDecodingReport()
        try row.decode(decoder, input, Data(row.json.utf8), &report)
        let keys = report.events.filter { $0.kind == .matchedKey }
        #expect(keys.map(\.type) == row.types, "\(keys.map(\.path))")
    }
}
