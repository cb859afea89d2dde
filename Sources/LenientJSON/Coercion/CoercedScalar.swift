/// A number or Boolean that a coercion gave, kept in a report's record as its bits: the record
/// knows the type decoded there, which reads the bits back when the event is told
/// (``ReportCollector/Description/coercedScalar(_:)``). Recording it copies one word, where a
/// closure that captures the value is allocated and freed, and an `Any` is copied through its
/// type's value witnesses at each move of the record.
enum CoercedScalar {
    /// The bits of `value`, where `T` is a standard integer type of at most 64 bits, `Double`,
    /// `Float` or `Bool` (``ScalarKind/isRecordedAsBits``); `nil` for any other type. Taken by
    /// the types' own conversions (`bitPattern`, `truncatingIfNeeded`), never by reading their
    /// memory.
    static func bits<T>(of value: T) -> UInt64? {
        guard let kind = ScalarKind(T.self), kind.isRecordedAsBits else { return nil }
        switch kind {
        case .int: return (value as? Int).map { UInt64(bitPattern: Int64($0)) }
        case .int64: return (value as? Int64).map { UInt64(bitPattern: $0) }
        case .int32: return (value as? Int32).map { UInt64(truncatingIfNeeded: UInt32(bitPattern: $0)) }
        case .int16: return (value as? Int16).map { UInt64(truncatingIfNeeded: UInt16(bitPattern: $0)) }
        case .int8: return (value as? Int8).map { UInt64(truncatingIfNeeded: UInt8(bitPattern: $0)) }
        case .uint: return (value as? UInt).map { UInt64($0) }
        case .uint64: return value as? UInt64
        case .uint32: return (value as? UInt32).map { UInt64($0) }
        case .uint16: return (value as? UInt16).map { UInt64($0) }
        case .uint8: return (value as? UInt8).map { UInt64($0) }
        case .double: return (value as? Double)?.bitPattern
        case .float: return (value as? Float).map { UInt64($0.bitPattern) }
        case .bool: return (value as? Bool).map { $0 ? 1 : 0 }
        case .string, .int128, .uint128, .date, .data, .url, .decimal: return nil
        }
    }

    /// The value whose ``bits(of:)`` are `bits`, read as `type`; `nil` where `type` is not one
    /// ``bits(of:)`` keeps.
    static func value(of bits: UInt64, as type: Any.Type?) -> Any? {
        scalar(of: bits, as: type)
    }

    /// The text of the value whose bits are `bits` as `type`, as ``CoercionEntry``'s `show`
    /// writes it (its `description`), or `nil` where ``value(of:as:)`` gives none; made without
    /// an `Any`, whose interpolation looks up the value's conformances.
    static func text(of bits: UInt64, as type: Any.Type?) -> String? {
        scalar(of: bits, as: type)?.description
    }

    /// The value of `bits` as `type`, by the conversions ``bits(of:)`` inverts.
    private static func scalar(of bits: UInt64, as type: Any.Type?) -> (any CustomStringConvertible)? {
        guard let type, let kind = ScalarKind(type) else { return nil }
        switch kind {
        case .int: return Int(truncatingIfNeeded: Int64(bitPattern: bits))
        case .int64: return Int64(bitPattern: bits)
        case .int32: return Int32(bitPattern: UInt32(truncatingIfNeeded: bits))
        case .int16: return Int16(bitPattern: UInt16(truncatingIfNeeded: bits))
        case .int8: return Int8(bitPattern: UInt8(truncatingIfNeeded: bits))
        case .uint: return UInt(truncatingIfNeeded: bits)
        case .uint64: return bits
        case .uint32: return UInt32(truncatingIfNeeded: bits)
        case .uint16: return UInt16(truncatingIfNeeded: bits)
        case .uint8: return UInt8(truncatingIfNeeded: bits)
        case .double: return Double(bitPattern: bits)
        case .float: return Float(bitPattern: UInt32(truncatingIfNeeded: bits))
        case .bool: return bits != 0
        case .string, .int128, .uint128, .date, .data, .url, .decimal: return nil
        }
    }
}
