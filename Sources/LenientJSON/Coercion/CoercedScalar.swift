/// A number or Boolean that a coercion gave, kept in a report's record as its bits: the record
/// knows the type decoded there, which reads the bits back when the event is told
/// (``ReportCollector/Description/coercedScalar(_:)``). Recording it copies one word, where a
/// closure that captures the value is allocated and freed, and an `Any` is copied through its
/// type's value witnesses at each move of the record.
enum CoercedScalar {
    /// The bits of `value`, where `T` is a standard integer type of at most 64 bits, `Double`,
    /// `Float` or `Bool` (``ScalarKind/isRecordedAsBits``); `nil` for any other type.
    static func bits<T>(of value: T) -> UInt64? {
        guard let kind = ScalarKind(T.self), kind.isRecordedAsBits,
            MemoryLayout<T>.size <= MemoryLayout<UInt64>.size
        else { return nil }
        var bits: UInt64 = 0
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
        }
        return bits
    }

    /// The value whose ``bits(of:)`` are `bits`, read as `type`; `nil` where `type` is not one
    /// ``bits(of:)`` keeps.
    static func value(of bits: UInt64, as type: Any.Type?) -> Any? {
        func load<T>(_: T.Type) -> T { withUnsafeBytes(of: bits) { $0.load(as: T.self) } }
        guard let type, let kind = ScalarKind(type) else { return nil }
        switch kind {
        case .int: return load(Int.self)
        case .double: return load(Double.self)
        case .bool: return load(Bool.self)
        case .int64: return load(Int64.self)
        case .int32: return load(Int32.self)
        case .int16: return load(Int16.self)
        case .int8: return load(Int8.self)
        case .uint: return load(UInt.self)
        case .uint64: return load(UInt64.self)
        case .uint32: return load(UInt32.self)
        case .uint16: return load(UInt16.self)
        case .uint8: return load(UInt8.self)
        case .float: return load(Float.self)
        case .string, .int128, .uint128, .date, .data, .url, .decimal: return nil
        }
    }

    /// The text of the value whose bits are `bits` as `type`, as ``CoercionEntry``'s `show`
    /// writes it (its `description`), or `nil` where ``value(of:as:)`` gives none; made without
    /// an `Any`, whose interpolation looks up the value's conformances.
    static func text(of bits: UInt64, as type: Any.Type?) -> String? {
        func load<T>(_: T.Type) -> T { withUnsafeBytes(of: bits) { $0.load(as: T.self) } }
        guard let type, let kind = ScalarKind(type) else { return nil }
        switch kind {
        case .int: return load(Int.self).description
        case .double: return load(Double.self).description
        case .bool: return load(Bool.self).description
        case .int64: return load(Int64.self).description
        case .int32: return load(Int32.self).description
        case .int16: return load(Int16.self).description
        case .int8: return load(Int8.self).description
        case .uint: return load(UInt.self).description
        case .uint64: return load(UInt64.self).description
        case .uint32: return load(UInt32.self).description
        case .uint16: return load(UInt16.self).description
        case .uint8: return load(UInt8.self).description
        case .float: return load(Float.self).description
        case .string, .int128, .uint128, .date, .data, .url, .decimal: return nil
        }
    }
}
