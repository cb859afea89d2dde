import Foundation
import LenientJSON
import Testing

/// How a nested value's type is dispatched (scalar, array, optional, dictionary, model) is
/// found once per type and kept in a table of slots indexed by the type's metadata address.
/// Whatever the number of types a decode meets, and in whatever order, each value must
/// decode as `JSONDecoder` decodes it.
@Suite("Type dispatch")
struct TypeDispatchTests {
    /// A value decoded through the generic `decode(_:forKey:)`, as a model's generic
    /// property is (no concrete overload for `T`).
    struct Box<T: Codable & Equatable>: Codable, Equatable {
        let value: T
    }

    /// Every scalar the decoder reads itself, and integer types it leaves to their own
    /// `init(from:)`, each read through the generic path: as a `Box`'s value and as an
    /// array element.
    struct Scalars: Codable, Equatable {
        let double: Box<Double>, string: Box<String>, int: Box<Int>, bool: Box<Bool>, float: Box<Float>
        let int64: Box<Int64>, uint64: Box<UInt64>, int32: Box<Int32>, uint: Box<UInt>
        let int8: Box<Int8>, uint16: Box<UInt16>, uint32: Box<UInt32>
        let date: Box<Date>, data: Box<Data>, url: Box<URL>, decimal: Box<Decimal>
        let dates: [Date], urls: [URL], decimals: [Decimal], uints: [UInt], int32s: [Int32]
    }

    static let scalarDocument = """
        {"double": {"value": 1.5}, "string": {"value": "s"}, "int": {"value": -7}, "bool": {"value": true},
         "float": {"value": 0.25}, "int64": {"value": -9223372036854775808}, "uint64": {"value": 18446744073709551615},
         "int32": {"value": 2147483647}, "uint": {"value": 3}, "int8": {"value": -128}, "uint16": {"value": 65535},
         "uint32": {"value": 4294967295}, "date": {"value": 12.5}, "data": {"value": "AQID"},
         "url": {"value": "https://example.com/a"}, "decimal": {"value": 12.34},
         "dates": [1, 2.5], "urls": ["https://example.com"], "decimals": [0.1, 7], "uints": [0, 1], "int32s": [-1]}
        """

    @Test("Scalars read through the generic path equal JSONDecoder's")
    func scalars() {
        let parity = expectParity(Scalars.self, json: Self.scalarDocument)
        #expect(parity.foundation.succeeded)
        #expect(expectObjectParity(Scalars.self, from: Data(Self.scalarDocument.utf8)))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    struct WideIntegers: Codable, Equatable {
        let int128: Box<Int128>
        let uint128: Box<UInt128>
        let both: [Int128]
    }

    @Test("Int128 and UInt128 read through the generic path equal JSONDecoder's")
    func wideIntegers() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        let json =
            #"""
            {"int128": {"value": -170141183460469231731687303715884105728}\#
            , "uint128": {"value": 340282366920938463463374607431768211455}, "both": [1, -2]}
            """#
        let parity = expectParity(WideIntegers.self, json: json)
        #expect(parity.foundation.succeeded)
    }

    /// A scalar's error names the scalar's own path, as JSONDecoder's does.
    @Test(
        "A scalar that does not read throws JSONDecoder's error at its path",
        arguments: [
            #"{"value": "x"}"#, #"{"value": null}"#, #"{"value": [1]}"#, #"{"value": {"a": 1}}"#, #"{"value": 1e400}"#,
        ])
    func scalarErrors(json: String) {
        let int = expectParity(Box<Int>.self, json: json)
        #expect(!int.foundation.succeeded)
        expectParity(Box<Double>.self, json: json)
        expectParity(Box<Date>.self, json: json)
        expectParity(Box<URL>.self, json: json)
        expectParity(Box<Decimal>.self, json: json)
    }

    /// `depth` array types nested in each other (`[[…[Int]…]]`), each a type of its own, so
    /// that one decode meets more types than the table has slots.
    static func nestedArrays<T: Codable & Equatable>(_: T.Type, depth: Int, json: String) -> Bool {
        if depth == 0 {
            let parity = expectParity(
                [T].self, json: "[" + json + ", " + json + "]", label: "two values of a deeply nested array type")
            return parity.foundation.succeeded
        }
        return nestedArrays([T].self, depth: depth - 1, json: "[" + json + "]")
    }

    @Test("A decode that meets more types than the table has slots", arguments: [1, 63, 64, 65, 100])
    func manyTypes(depth: Int) {
        #expect(Self.nestedArrays(Box<Int>.self, depth: depth, json: #"{"value": 4}"#))
    }

    /// Types met in turn, over and over, in one decode: whichever of them share a slot take
    /// turns in it.
    struct Mixed: Codable, Equatable {
        let a: [Box<Int>], b: [Box<[Int]>], c: [Box<String?>], d: [Box<[String: Int]>], e: [Box<Box<Double>>]
    }

    @Test("Types met in turn in one decode")
    func typesInTurn() {
        let one =
            #"""
            {"a": [{"value": 1}], "b": [{"value": [2]}], "c": [{"value": null}, {"value": "x"}]\#
            , "d": [{"value": {"k": 3}}], "e": [{"value": {"value": 0.5}}]}
            """#
        let json = "[" + Array(repeating: one, count: 40).joined(separator: ",") + "]"
        let parity = expectParity([Mixed].self, json: json)
        #expect(parity.foundation.succeeded)
    }

    struct OwnError: Error, Equatable {
        let code: Int
    }

    /// Throws an error of its own, not a `DecodingError`.
    struct Refuses: Decodable {
        init(from decoder: any Decoder) throws {
            throw OwnError(code: 7)
        }
    }

    /// A model's own error is not a `DecodingError`: it reaches the caller as thrown, as
    /// from `JSONDecoder`, where the decoder renames a `DecodingError` after the model.
    @Test("A model's own error passes through unchanged", arguments: [LenientPolicy.strict, .lenient, .permissive])
    func ownError(policy: LenientPolicy) {
        let json = Data(#"{"value": {"a": 1}}"#.utf8)
        #expect(throws: OwnError(code: 7)) { try JSONDecoder().decode([String: Refuses].self, from: json) }
        #expect(throws: OwnError(code: 7)) {
            try LenientJSONDecoder(policy: policy).decode([String: Refuses].self, from: json)
        }
        #expect(throws: OwnError(code: 7)) {
            try LenientJSONDecoder(policy: policy).decode([Refuses].self, from: Data("[1]".utf8))
        }
    }
}
