import Foundation

/// How an `Optional` is decoded: `null` is `nil`; a present value is read by
/// ``DecoderImpl/optional(_:as:parent:key:_:)`` (`DecoderImpl+Recovery.swift`), where the
/// `Optional` rules (`""` and `false` as `nil`, an invalid value recovered as `nil`) apply.
protocol OptionalDecodable {
    static func decodeOptional(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey)
        throws -> Self
}

extension OptionalDecodable {
    /// ``decodeOptional(_:using:parent:key:)`` for a caller that knows `Self` only as `T`
    /// (they are the same type), without a dynamic cast.
    @inline(__always)
    static func decodeOptional<T>(
        _ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, as _: T.Type
    ) throws -> T {
        knownType(try decodeOptional(entry, using: impl, parent: parent, key: key), as: T.self)
    }
}

extension Optional: OptionalDecodable where Wrapped: Decodable {
    static func decodeOptional(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey)
        throws -> Self
    {
        if impl.map.kind(entry) == .null { return .none }
        do {
            return try impl.optional(entry, as: Wrapped.self, parent: parent, key: key) {
                try impl.unwrap(entry, as: Wrapped.self, parent: parent, key: key)
            }
        } catch is PartialValueNotBuilt {
            // A value of a partial document that cannot be built yet is `nil` (SPEC 14, rule 2).
            return .none
        }
    }
}
