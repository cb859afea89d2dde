// In-module checks of the one home of "which scalar type is this" (Decoding/ScalarKind.swift)
// and of what the type dispatch keeps of it (FastPaths/TypeDispatch.swift).

import Foundation
import Testing

@testable import LenientJSON

@Suite("Scalar kinds")
struct ScalarKindTests {
    struct Model: Decodable { var id: Int }

    /// Each scalar type with its kind.
    static var kinds: [(Any.Type, ScalarKind)] {
        [
            (Double.self, .double), (String.self, .string), (Int.self, .int), (Bool.self, .bool), (Float.self, .float),
            (Int64.self, .int64), (UInt64.self, .uint64), (Int32.self, .int32), (UInt.self, .uint), (Int8.self, .int8),
            (Int16.self, .int16), (UInt8.self, .uint8), (UInt16.self, .uint16), (UInt32.self, .uint32),
            (Date.self, .date), (Data.self, .data), (URL.self, .url), (Decimal.self, .decimal),
        ]
    }

    @Test("each scalar type has its kind", arguments: 0..<kinds.count)
    func kindOfType(index: Int) {
        let (type, kind) = Self.kinds[index]
        #expect(ScalarKind(type) == kind, "\(type)")
    }

    @Test("the 128-bit integers have their kinds where the platform has them")
    func wideIntegers() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        #expect(ScalarKind(Int128.self) == .int128)
        #expect(ScalarKind(UInt128.self) == .uint128)
    }

    @Test("other types have none")
    func otherTypes() {
        #expect(ScalarKind(Int?.self) == nil)
        #expect(ScalarKind([Int].self) == nil)
        #expect(ScalarKind(UUID.self) == nil)
        #expect(ScalarKind(Model.self) == nil)
        #expect(ScalarKind(NSNumber.self) == nil)
        #expect(ScalarKind(Character.self) == nil)
    }

    @Test("unwrap reads the scalars itself but the narrow integers")
    func dispatch() {
        for (type, kind) in Self.kinds {
            if case .scalar(let found) = TypeDispatch(type) {
                #expect(found == kind && kind.isReadByUnwrap, "\(type)")
            } else {
                #expect(!kind.isReadByUnwrap, "\(type)")
            }
        }
        #expect([ScalarKind.int8, .int16, .uint8, .uint16, .uint32].allSatisfy { !$0.isReadByUnwrap })
    }

    /// What the elements of the array type `type` are, as the dispatch keeps it.
    static func elements(of type: Any.Type) -> String {
        guard case .array(_, let elements) = TypeDispatch(type) else { return "no array" }
        switch elements {
        case .scalars(let kind): return "scalars \(kind)"
        case .scalarArrays(let kind): return "scalar arrays \(kind)"
        case .other: return "other"
        }
    }

    @Test("arrays of the strict scalars and arrays of those arrays are told apart from others")
    func arrayElements() {
        #expect(Self.elements(of: [Double].self) == "scalars double")
        #expect(Self.elements(of: [Bool].self) == "scalars bool")
        #expect(Self.elements(of: [[Int]].self) == "scalar arrays int")
        #expect(Self.elements(of: [[String]].self) == "scalar arrays string")
        #expect(Self.elements(of: Set<Int64>.self) == "scalars int64")
        #expect(Self.elements(of: [Set<Double>].self) == "other")
        #expect(Self.elements(of: [[[Double]]].self) == "other")
        #expect(Self.elements(of: [Int8].self) == "other")
        #expect(Self.elements(of: [Decimal].self) == "other")
        #expect(Self.elements(of: [Model].self) == "other")
        #expect(Self.elements(of: [Double?].self) == "other")
    }

    @Test("a set of scalar arrays and an array of scalar sets decode as JSONDecoder decodes them")
    func setsOfArrays() throws {
        let json = Data("[[1, 2], [2, 3], [1, 2]]".utf8)
        let arrays = try LenientJSONDecoder().decode(Set<[Int]>.self, from: json)
        #expect(arrays == (try JSONDecoder().decode(Set<[Int]>.self, from: json)))
        let sets = try LenientJSONDecoder().decode([Set<Int>].self, from: json)
        #expect(sets == (try JSONDecoder().decode([Set<Int>].self, from: json)))
    }

    @Test("a coercion's value is recorded as bits for the scalars of at most 64 bits only")
    func recordedAsBits() {
        #expect(CoercedScalar.bits(of: Int8(-3)) != nil)
        #expect(CoercedScalar.bits(of: UInt32(7)) != nil)
        #expect(CoercedScalar.bits(of: 1.5) != nil)
        #expect(CoercedScalar.bits(of: "1") == nil)
        #expect(CoercedScalar.bits(of: Decimal(1)) == nil)
        #expect(CoercedScalar.bits(of: Date(timeIntervalSince1970: 0)) == nil)
        let bits = CoercedScalar.bits(of: Int16(-300)) ?? 0
        #expect(CoercedScalar.value(of: bits, as: Int16.self) as? Int16 == -300)
        #expect(CoercedScalar.value(of: bits, as: String.self) == nil)
        #expect(CoercedScalar.value(of: bits, as: nil) == nil)
    }
}
