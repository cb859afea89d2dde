import Foundation

/// What one type has registered on a decoder: a decoding closure, a fallback value, aliases of
/// its keys (or of its raw values, for an enum with `String` raw values) and per-property
/// defaults.
///
/// A class, so that a decode can note "the type being decoded" with one reference. An instance
/// is never changed once it is in a ``Registrations`` that a decode can see: a registration
/// copies it first (``Registrations/update(_:_:)``), so `@unchecked Sendable` is sound.
final class TypeRegistration: @unchecked Sendable {
    /// The registered type's name, for messages.
    let typeName: String
    /// Whether the type is a scalar that containers read with a method of its own.
    let isScalar: Bool
    /// `register(_:decode:)`: builds the value from the JSON value it is given.
    var decode: (@Sendable (JSONValue) throws -> Any)?
    /// `register(fallback:)`: the value for a missing, null or undecodable value.
    var fallback: (any Sendable)?
    /// `register(aliases:for:)`: property key (or raw value) → the extra JSON names, in order.
    var aliases: [String: [String]] = [:]
    /// The inverse of ``aliases``: an extra JSON name → the property key (or raw value) it
    /// stands for (the first registration of a name wins).
    var aliasTargets: [String: String] = [:]
    /// Whether ``aliases`` are extra raw values of an enum with `String` raw values.
    var aliasesAreRawValues = false
    /// `register(defaults:for:)`: property key → the property's default value.
    var defaults: [String: any Sendable] = [:] {
        didSet { hasDefaults = !defaults.isEmpty }
    }
    /// Whether ``defaults`` has any.
    private(set) var hasDefaults = false

    init(typeName: String, isScalar: Bool) {
        self.typeName = typeName
        self.isScalar = isScalar
    }

    func copy() -> TypeRegistration {
        let copy = TypeRegistration(typeName: typeName, isScalar: isScalar)
        copy.decode = decode
        copy.fallback = fallback
        copy.aliases = aliases
        copy.aliasTargets = aliasTargets
        copy.aliasesAreRawValues = aliasesAreRawValues
        copy.defaults = defaults
        return copy
    }

    /// Whether the type has aliases of its keys (not of its raw values).
    var hasKeyAliases: Bool { !aliasesAreRawValues && !aliases.isEmpty }

    /// Whether the registration changes how a value of the type itself is read (not only the
    /// keys of its objects).
    var readsValues: Bool { decode != nil || fallback != nil || aliasesAreRawValues }
}

/// Every registration made on one decoder, by type: an immutable snapshot (a registration makes
/// a new one, ``updating(_:_:)``), so a decode holds its registrations with one reference.
///
/// Looked up by `ObjectIdentifier` of the type being decoded, and only where a decode already
/// branches (``DecoderImpl/unwrap(_:as:parent:key:)`` and the keyed containers' slow paths).
/// A 64-bit mask of the registered types answers "surely not registered" first without
/// hashing, so that a decoder with registrations for other types decodes as fast as one
/// without.
final class Registrations: Sendable {
    let byType: [ObjectIdentifier: TypeRegistration]
    /// One bit per registered type (``bit(_:)``): a type whose bit is clear has no registration.
    let mask: UInt64
    /// The registered types, for an exact answer without hashing where the mask's bit is set
    /// (64 bits collide often enough that a common type such as `String` may share a bit).
    let types: [ObjectIdentifier]

    init(byType: [ObjectIdentifier: TypeRegistration] = [:]) {
        self.byType = byType
        types = Array(byType.keys)
        mask = types.reduce(0) { $0 | Self.bit($1) }
    }

    /// The mask bit of a type: its metadata address, mixed, picks one of 64 bits.
    @inline(__always) static func bit(_ id: ObjectIdentifier) -> UInt64 {
        1 &<< ((UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// Whether `type` has a registration: the mask first, then the registered types compared
    /// one by one (a decoder has a handful), or hashed where there are many.
    @inline(__always) func hasRegistration(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        guard mask & Self.bit(id) != 0 else { return false }
        return isRegistered(id)
    }

    private func isRegistered(_ id: ObjectIdentifier) -> Bool {
        guard types.count > 8 else { return types.contains(id) }
        return byType[id] != nil
    }

    @inline(__always) subscript(_ type: Any.Type) -> TypeRegistration? {
        hasRegistration(type) ? byType[ObjectIdentifier(type)] : nil
    }

    /// These registrations with `type`'s changed by `change` (on a copy of it, or a new one).
    func updating<T>(_ type: T.Type, _ change: (TypeRegistration) -> Void) -> Registrations {
        let id = ObjectIdentifier(type)
        let registration =
            byType[id]?.copy()
            ?? TypeRegistration(typeName: DecodingErrors.typeName(type), isScalar: Self.isScalar(type))
        change(registration)
        var table = byType
        table[id] = registration
        return Registrations(byType: table)
    }

    /// Whether containers read `type` with a method of its own (`decode(Int.self, forKey:)`).
    private static func isScalar(_ type: Any.Type) -> Bool {
        type == String.self || DecoderImpl.isNonStringScalar(type)
    }
}

extension DecoderImpl {
    /// Whether a keyed read of a `T` takes the registrations' path: `T` may have a registration
    /// (a fallback for a missing key, a closure for a scalar the container reads itself), or
    /// the type being decoded has per-property defaults. One `nil` check without registrations.
    @inline(__always) func registrationsApply<T>(to type: T.Type) -> Bool {
        guard let registrations = options.registrations else { return false }
        return registrations.hasRegistration(T.self) || currentRegistration?.hasDefaults == true
    }
}

extension DecoderImpl {
    /// Whether key lookups go past an exact miss to registered aliases (of the type being
    /// decoded) or key paths, before normalized matching.
    var mapsKeys: Bool { options.keyPathSeparator != nil || currentRegistration?.hasKeyAliases == true }
}
