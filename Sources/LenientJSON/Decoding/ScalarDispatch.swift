import Foundation

/// The scalar types ``DecoderImpl/unwrap(_:as:parent:key:)`` reads itself rather than through
/// their own `init(from:)`: found once per type by the type dispatch (``TypeDispatch``), so
/// that a model, an array or an optional pays for no test of these.
enum ScalarKind {
    case double, string, int, bool, float, int64, uint64, int32, uint, int128, uint128, date, data, url, decimal

    /// The kind of `type`, or `nil` when `type` is not one of these scalars.
    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Float.self): self = .float
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(Data.self): self = .data
        case ObjectIdentifier(URL.self): self = .url
        case ObjectIdentifier(Decimal.self): self = .decimal
        default:
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return nil }
            switch ObjectIdentifier(type) {
            case ObjectIdentifier(Int128.self): self = .int128
            case ObjectIdentifier(UInt128.self): self = .uint128
            default: return nil
            }
        }
    }
}

extension DecoderImpl {
    /// Decodes the scalar at `entry` as `T`, whose kind is `kind` (`T` is that scalar type).
    /// Out of line: the scalar results cast to `T` take stack space sized by `T`, which
    /// `unwrap` would otherwise reserve on every call.
    @inline(never)
    func unwrapScalar<T: Decodable>(
        _ entry: Int, _ kind: ScalarKind, as _: T.Type, parent: CodingPathNode, key: (any CodingKey)?
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
        case .int128, .uint128:
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else {
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
