/// A number or Boolean that a coercion gave, kept in a report's record as its bits: the record
/// knows the type decoded there, which reads the bits back when the event is told
/// (``ReportCollector/Description/coercedScalar(_:)``). Recording it copies one word, where a
/// closure that captures the value is allocated and freed, and an `Any` is copied through its
/// type's value witnesses at each move of the record.
enum CoercedScalar {
    /// The bits of `value`, where `T` is a standard integer type, `Double`, `Float` or `Bool`;
    /// `nil` for any other type.
    static func bits<T>(of value: T) -> UInt64? {
        guard isScalar(T.self), MemoryLayout<T>.size <= MemoryLayout<UInt64>.size else { return nil }
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
        guard let type else { return nil }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): return load(Int.self)
        case ObjectIdentifier(Double.self): return load(Double.self)
        case ObjectIdentifier(Bool.self): return load(Bool.self)
        case ObjectIdentifier(Int64.self): return load(Int64.self)
        case ObjectIdentifier(Int32.self): return load(Int32.self)
        case ObjectIdentifier(Int16.self): return load(Int16.self)
        case ObjectIdentifier(Int8.self): return load(Int8.self)
        case ObjectIdentifier(UInt.self): return load(UInt.self)
        case ObjectIdentifier(UInt64.self): return load(UInt64.self)
        case ObjectIdentifier(UInt32.self): return load(UInt32.self)
        case ObjectIdentifier(UInt16.self): return load(UInt16.self)
        case ObjectIdentifier(UInt8.self): return load(UInt8.self)
        case ObjectIdentifier(Float.self): return load(Float.self)
        default: return nil
        }
    }

    /// Whether ``bits(of:)`` keeps a `T`: the types ``value(of:as:)`` reads back.
    private static func isScalar<T>(_: T.Type) -> Bool {
        T.self == Int.self || T.self == Double.self || T.self == Bool.self || T.self == Int64.self
            || T.self == Int32.self || T.self == Int16.self || T.self == Int8.self || T.self == UInt.self
            || T.self == UInt64.self || T.self == UInt32.self || T.self == UInt16.self || T.self == UInt8.self
            || T.self == Float.self
    }
}
