/// A value of a type that has no default and whose decode failed, to stand in for it while
/// every problem of a document is collected, so that the model reading it goes on to its other
/// members: an enumeration that is not `CaseIterable` (`enum Status: String, Decodable`, whose
/// unknown raw value hid every later problem of its object) or a type with no stored property
/// whose hand-written `init(from:)` threw. The stand-in is never returned to the caller: a
/// collecting decode throws (`CollectsTypeErrorsTests`).
///
/// Which types get one is told without reading the type's metadata: by its size
/// (`MemoryLayout`), its name as the runtime mangles it, and a `Mirror` of the value
/// (ZeroStandInTests).
enum ZeroStandIn {
    /// The value of `T` whose bits are all zero, where that is a value of `T`: a structure of
    /// size zero (never an enumeration of size zero, which may have no case at all), or an
    /// enumeration of one byte (tag 0, its first case declared; a payload that fits in that
    /// byte is all zeros too: `false`, or the first case of an enumeration of the same shape).
    /// `nil` for any other type.
    static func value<T>(of _: T.Type) -> T? {
        switch MemoryLayout<T>.size {
        case 0:
            // Made only once the type is known to be a structure: an enumeration of size zero
            // may have no case, and no value of it may exist.
            guard isStructure(T.self) else { return nil }
            return zeroBits(T.self)
        case 1:
            // Every one-byte type has a value whose bits are all zero (its first case, `false`,
            // `0`), so it is made first, then kept only where it is an enumeration's case
            // (`Optional` reflects as `.optional`, a structure as `.struct`).
            guard let zero = zeroBits(T.self), Mirror(reflecting: zero).displayStyle == .enum else { return nil }
            return zero
        default:
            return nil
        }
    }

    /// Whether `type` is a structure that is not generic: its mangled name ends in `V` (a
    /// bound generic type's ends in `G`, an enumeration's in `O`, a tuple's in `t`).
    static func isStructure(_ type: Any.Type) -> Bool {
        _mangledTypeName(type)?.last == "V"
    }

    /// The value of `T` whose bits (at most eight bytes of them) are all zero.
    ///
    /// Unsafe, and why: a stand-in must exist for a type that has no initializer to call. Called
    /// only for a non-generic structure of size zero (no bits to get wrong) and for a one-byte
    /// type, each of which has a value whose bits are zero (an enumeration's first case is tag 0;
    /// a payload with spare values keeps the other cases in them), read through no property of
    /// `T`. Every other type gets `nil`, the fallback `ZeroStandInTests` runs.
    private static func zeroBits<T>(_: T.Type) -> T? {
        withUnsafeTemporaryAllocation(byteCount: 8, alignment: 8) { bytes -> T? in
            guard let base = bytes.baseAddress else { return nil }
            base.initializeMemory(as: UInt64.self, repeating: 0, count: 1)
            return base.load(as: T.self)
        }
    }
}
