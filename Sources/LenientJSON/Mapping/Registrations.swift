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
    var defaults: [String: any Sendable] = [:]

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

    /// Whether the registration changes how a value of the type itself is read (not only the
    /// keys of its objects).
    var readsValues: Bool { decode != nil || fallback != nil || aliasesAreRawValues }
}

/// Every registration made on one decoder, by type.
///
/// Looked up by `ObjectIdentifier` of the type being decoded, and only where a decode already
/// branches (``DecoderImpl/unwrap(_:as:parent:key:)`` and the keyed containers' slow paths), so
/// that a decoder with registrations for other types decodes as fast as one without.
struct Registrations: Sendable {
    private(set) var byType: [ObjectIdentifier: TypeRegistration] = [:]
    /// Whether keyed reads take the registrations' path: some registration gives a value
    /// where a key is missing (a fallback or a per-property default), or reads a scalar type
    /// that keyed containers read without ``DecoderImpl/unwrap(_:as:parent:key:)``.
    private(set) var affectsKeyedValues = false

    var isEmpty: Bool { byType.isEmpty }

    @inline(__always) subscript(_ type: Any.Type) -> TypeRegistration? {
        byType.isEmpty ? nil : byType[ObjectIdentifier(type)]
    }

    /// Changes the registration of `type` (a copy of it, or a new one).
    mutating func update<T>(_ type: T.Type, _ change: (TypeRegistration) -> Void) {
        let id = ObjectIdentifier(type)
        let registration = byType[id]?.copy() ?? TypeRegistration(typeName: DecodingErrors.typeName(type), isScalar: Self.isScalar(type))
        change(registration)
        byType[id] = registration
        affectsKeyedValues = byType.values.contains { $0.fallback != nil || !$0.defaults.isEmpty || ($0.isScalar && $0.readsValues) }
    }

    /// Whether containers read `type` with a method of its own (`decode(Int.self, forKey:)`).
    private static func isScalar(_ type: Any.Type) -> Bool {
        type == String.self || DecoderImpl.isNonStringScalar(type)
    }
}

extension DecodingOptions {
    /// Whether key lookups go past an exact miss to registered aliases or key paths (before
    /// normalized matching).
    var mapsKeys: Bool { registrations != nil || keyPathSeparator != nil }
}
