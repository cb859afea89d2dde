// InputAndLimits article: in a `fromJSONObject` tree, `Bool` is told apart from `NSNumber` integers on every
// platform. On Darwin `NSNumber(value: Int8(1))` and `NSNumber(value:
// UInt8(0))` report `objCType` "c", exactly as the boolean `kCFBooleanTrue` does, so a reading
// based on `objCType` takes them for booleans; swift-corelibs-foundation reports "i" for them.
// Expected outcomes follow the CoercionRules article: a number read as `Bool` is an error in `.strict`, `0`/`1` are
// `false`/`true` in `.lenient`, any non-zero is `true` in `.permissive`; a boolean read as a
// number is an error except in `.permissive` (`1`/`0`).

import Foundation
import LenientJSON
import Testing

@Suite("NSNumber: Bool or integer (fromJSONObject)")
struct NSNumberBooleanTests {
    /// A tree leaf and what it holds.
    struct Leaf: Sendable, CustomTestStringConvertible {
        var label: String
        var make: @Sendable () -> Any
        /// The boolean it is, or `nil` for an integer.
        var boolean: Bool?
        /// The integer it is (for a boolean, unused).
        var integer: Int
        var testDescription: String { label }

        static func integer(_ label: String, _ value: Int, _ make: @escaping @Sendable () -> Any) -> Leaf {
            Leaf(label: label, make: make, boolean: nil, integer: value)
        }

        static func boolean(_ label: String, _ value: Bool, _ make: @escaping @Sendable () -> Any) -> Leaf {
            Leaf(label: label, make: make, boolean: value, integer: 0)
        }
    }

    /// JSONSerialization's reading of `json`, a one-element array: its element.
    static func parsed(_ json: String) -> Any {
        ((try? JSONSerialization.jsonObject(with: Data("[\(json)]".utf8))) as? [Any])?.first ?? NSNull()
    }

    static let leaves: [Leaf] = [
        .integer("NSNumber(value: Int8(1))", 1) { NSNumber(value: Int8(1)) },
        .integer("NSNumber(value: Int8(0))", 0) { NSNumber(value: Int8(0)) },
        .integer("NSNumber(value: Int8(-1))", -1) { NSNumber(value: Int8(-1)) },
        .integer("NSNumber(value: Int8(2))", 2) { NSNumber(value: Int8(2)) },
        .integer("NSNumber(value: UInt8(0))", 0) { NSNumber(value: UInt8(0)) },
        .integer("NSNumber(value: UInt8(1))", 1) { NSNumber(value: UInt8(1)) },
        .integer("NSNumber(value: UInt8(255))", 255) { NSNumber(value: UInt8(255)) },
        .integer("NSNumber(value: CChar(1))", 1) { NSNumber(value: CChar(1)) },
        .integer("NSNumber(value: 1)", 1) { NSNumber(value: 1) },
        .integer("Int8(1) as NSNumber", 1) { Int8(1) as NSNumber },
        .integer("JSONSerialization 1", 1) { parsed("1") },
        .integer("JSONSerialization 0", 0) { parsed("0") },
        .boolean("NSNumber(value: true)", true) { NSNumber(value: true) },
        .boolean("NSNumber(value: false)", false) { NSNumber(value: false) },
        .boolean("true as NSNumber", true) { true as NSNumber },
        .boolean("false as NSNumber", false) { false as NSNumber },
        .boolean("JSONSerialization true", true) { parsed("true") },
        .boolean("JSONSerialization false", false) { parsed("false") },
    ]

    /// The leaf read as `Int`: an integer is itself; a boolean is 1/0 in `.permissive` only.
    static func expectedInt(_ leaf: Leaf, _ preset: Preset) -> Int? {
        guard let boolean = leaf.boolean else { return leaf.integer }
        return preset == .permissive ? (boolean ? 1 : 0) : nil
    }

    /// The leaf read as `Bool`: a boolean is itself; an integer is an error in `.strict`,
    /// `0`/`1` in `.lenient`, non-zero is `true` in `.permissive`.
    static func expectedBool(_ leaf: Leaf, _ preset: Preset) -> Bool? {
        if let boolean = leaf.boolean { return boolean }
        switch preset {
        case .strict: return nil
        case .lenient: return leaf.integer == 0 || leaf.integer == 1 ? leaf.integer == 1 : nil
        case .permissive: return leaf.integer != 0
        }
    }

    struct Count: Decodable, Equatable { var n: Int }
    struct Flag: Decodable, Equatable { var n: Bool }

    @Test("read as Int and as Bool, at the root, as a member and as an element", arguments: leaves, Preset.allCases)
    func readings(leaf: Leaf, preset: Preset) {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        let int = Self.expectedInt(leaf, preset)
        let bool = Self.expectedBool(leaf, preset)
        #expect(Outcome { try decoder.decode(Int.self, fromJSONObject: leaf.make()) }.value == int)
        #expect(Outcome { try decoder.decode(Count.self, fromJSONObject: ["n": leaf.make()]) }.value?.n == int)
        #expect(Outcome { try decoder.decode([Int].self, fromJSONObject: [leaf.make()]) }.value == int.map { [$0] })
        #expect(Outcome { try decoder.decode(Bool.self, fromJSONObject: leaf.make()) }.value == bool)
        #expect(Outcome { try decoder.decode(Flag.self, fromJSONObject: ["n": leaf.make()]) }.value?.n == bool)
        #expect(Outcome { try decoder.decode([Bool].self, fromJSONObject: [leaf.make()]) }.value == bool.map { [$0] })
        // Where a value is expected to fail, it fails with a typeMismatch, as JSONDecoder does
        // for the same JSON text.
        if int == nil {
            #expect(Outcome { try decoder.decode(Int.self, fromJSONObject: leaf.make()) }.error?.kind == "typeMismatch")
        }
        if bool == nil {
            #expect(
                Outcome { try decoder.decode(Bool.self, fromJSONObject: leaf.make()) }.error?.kind == "typeMismatch")
        }
    }

    /// `.strict` agrees with JSONDecoder reading the JSON text of the same value.
    @Test("`.strict` agrees with JSONDecoder on the same value's JSON text", arguments: leaves)
    func strictParity(leaf: Leaf) {
        let json = leaf.boolean.map { $0 ? "true" : "false" } ?? String(leaf.integer)
        let decoder = LenientJSONDecoder(policy: .strict)
        let foundationInt = Outcome { try JSONDecoder().decode(Int.self, from: Data(json.utf8)) }
        let foundationBool = Outcome { try JSONDecoder().decode(Bool.self, from: Data(json.utf8)) }
        #expect(Outcome { try decoder.decode(Int.self, fromJSONObject: leaf.make()) } == foundationInt)
        #expect(Outcome { try decoder.decode(Bool.self, fromJSONObject: leaf.make()) } == foundationBool)
    }
}
