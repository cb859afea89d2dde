import Foundation
import LenientJSON
import Testing

/// A keyed or unkeyed container asked of a value of another kind throws what `JSONDecoder`
/// throws: `valueNotFound` for `null`, `typeMismatch` for anything else, at the value's path.
@Suite("Container kind errors")
struct ContainerKindErrorTests {
    struct Model: Codable, Equatable {
        let a: Int
    }

    /// Reads its value through `unkeyedContainer()` (no array shortcut).
    struct Elements: Decodable, Equatable {
        var values: [Int] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd { values.append(try container.decode(Int.self)) }
        }
    }

    struct Holder<T: Decodable & Equatable>: Decodable, Equatable {
        let value: T
        let list: [T]
    }

    static let values = ["null", "1", #""s""#, "true", "[]", "[1]", "{}", #"{"a": 1}"#]

    @Test("A keyed container of a non-object", arguments: values)
    func keyed(value: String) {
        expectParity(Holder<Model>.self, json: #"{"value": \#(value), "list": [{"a": 2}]}"#)
        expectParity(Holder<Model>.self, json: #"{"value": {"a": 2}, "list": [{"a": 3}, \#(value)]}"#)
    }

    @Test("An unkeyed container of a non-array", arguments: values)
    func unkeyed(value: String) {
        expectParity(Holder<Elements>.self, json: #"{"value": \#(value), "list": [[2]]}"#)
        expectParity(Holder<Elements>.self, json: #"{"value": [1], "list": [[3], \#(value)]}"#)
    }
}
