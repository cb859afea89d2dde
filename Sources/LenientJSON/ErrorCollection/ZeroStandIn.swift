/// A value of a type that has no default and whose decode failed, to stand in for it while
/// every problem of a document is collected, so that the model reading it goes on to its other
/// members: an enumeration that is not `CaseIterable` (`enum Status: String, Decodable`, whose
/// unknown raw value hid every later problem of its object) or a type with no stored property
/// whose hand-written `init(from:)` threw. The stand-in is never returned to the caller: a
/// collecting decode throws (`CollectsTypeErrorsTests`).
enum ZeroStandIn {
    /// The runtime's metadata kind of a Swift enumeration (`Optional` has its own, 0x202): part
    /// of Swift's stable ABI on Apple platforms, and the same on Linux.
    private static let enumMetadataKind: UInt = 0x201
    /// The metadata kind of a Swift structure.
    private static let structMetadataKind: UInt = 0x200

    /// The value of `T` whose bits are all zero, where that is a value of `T`: a structure of
    /// size zero (never an enumeration of size zero, which may have no case at all), or an
    /// enumeration of one byte (tag 0, its first case declared; a payload
    /// that fits in that byte is all zeros too: `false`, or the first case of an enumeration of
    /// the same shape). `nil` for any other type.
    static func value<T>(of _: T.Type) -> T? {
        // Safe: a metatype is a pointer to the type's metadata, whose first word is its kind
        // (the Swift ABI; LayoutInvariantTests check it on this toolchain).
        let kind = unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self).load(as: UInt.self)
        switch MemoryLayout<T>.size {
        case 0: guard kind == structMetadataKind else { return nil }
        case 1: guard kind == enumMetadataKind else { return nil }
        default: return nil
        }
        return withUnsafeTemporaryAllocation(byteCount: 8, alignment: 8) { bytes -> T? in
            guard let base = bytes.baseAddress else { return nil }
            base.initializeMemory(as: UInt64.self, repeating: 0, count: 1)
            return base.load(as: T.self)
        }
    }
}
