import Foundation

extension DecoderImpl {
    /// Decodes the scalar at `entry` as `T`, whose kind is `kind` (`T` is that scalar type).
    /// Out of line: the scalar results cast to `T` take stack space sized by `T`, which
    /// `unwrap` would otherwise reserve on every call.
    @inline(never)
    func unwrapScalar<T: Decodable>(
        _ entry: Int, _ kind: ScalarKind, as _: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        switch kind {
        case .double:
            return knownType(try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key), as: T.self)
        case .string: return knownType(try unwrapString(entry, parent: parent, key: key), as: T.self)
        case .int: return knownType(try unwrapInteger(entry, as: Int.self, parent: parent, key: key), as: T.self)
        case .bool: return knownType(try unwrapBool(entry, parent: parent, key: key), as: T.self)
        case .float:
            return knownType(try unwrapFloatingPoint(entry, as: Float.self, parent: parent, key: key), as: T.self)
        case .int64:
            return knownType(try unwrapInteger(entry, as: Int64.self, parent: parent, key: key), as: T.self)
        case .uint64:
            return knownType(try unwrapInteger(entry, as: UInt64.self, parent: parent, key: key), as: T.self)
        case .int32:
            return knownType(try unwrapInteger(entry, as: Int32.self, parent: parent, key: key), as: T.self)
        case .uint: return knownType(try unwrapInteger(entry, as: UInt.self, parent: parent, key: key), as: T.self)
        case .int128, .uint128, .int8, .int16, .uint8, .uint16, .uint32:
            // The narrow integers are never dispatched here (``ScalarKind/isReadByUnwrap``).
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), kind == .int128 || kind == .uint128 else {
                return try decodeModel(
                    entry, as: T.self, parent: parent, key: key, node: parent.appending(key), isDictionary: false)
            }
            if kind == .int128 {
                return knownType(try unwrapInteger(entry, as: Int128.self, parent: parent, key: key), as: T.self)
            }
            return knownType(try unwrapInteger(entry, as: UInt128.self, parent: parent, key: key), as: T.self)
        case .date: return knownType(try unwrapDate(entry, parent: parent, key: key), as: T.self)
        case .data: return knownType(try unwrapData(entry, parent: parent, key: key), as: T.self)
        case .url: return knownType(try unwrapURL(entry, parent: parent, key: key), as: T.self)
        case .decimal: return knownType(try unwrapDecimal(entry, parent: parent, key: key), as: T.self)
        }
    }
}
