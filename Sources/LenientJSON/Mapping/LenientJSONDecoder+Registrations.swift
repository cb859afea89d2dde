import Foundation

/// Mapping without touching models (the Mapping article): aliases, custom decoding, fallbacks and
/// per-property defaults, registered on one decoder. Registrations are the user's own
/// configuration, like a date strategy: they apply under every policy, `.strict` included, and
/// registering is safe while other threads decode with the same decoder (a decode uses the
/// registrations made before it started).
extension LenientJSONDecoder {
    /// Registers extra JSON names for a type's keys, or extra raw values for an enum with
    /// `String` raw values, without touching the model.
    ///
    /// For a model, each property key (its `CodingKey`'s `stringValue`) gets JSON names that
    /// are tried in order, as written, after the key itself and before normalized matching
    /// (and as key paths, with a ``keyPathSeparator``). `contains`, `allKeys` and
    /// `decodeIfPresent` agree. For an enum with `String` raw values, each raw value gets extra
    /// raw values, tried after the exact raw values and before case-insensitive matching. A
    /// match through an alias is reported as ``LenientDecodingEvent/Kind/matchedKey``.
    /// Registering again adds to the names already registered.
    ///
    /// ```swift
    /// decoder.register(aliases: ["zipCode": ["zip", "postal_code"], "id": ["objectID"]], for: Place.self)
    /// decoder.register(aliases: ["warning": ["WARN", "warn"]], for: Level.self)
    /// ```
    ///
    /// - Parameters:
    ///   - aliases: Property key (or raw value) → the extra JSON names (or raw values).
    ///   - type: The model, or the enum, the names are for.
    public func register<T: Decodable>(aliases: [String: [String]], for type: T.Type) {
        let rawValues = (T.self as? any RawRepresentable.Type).map { Self.hasStringRawValues($0) } ?? false
        changeRegistrations { registrations in
            registrations.updating(T.self) { registration in
                for (target, names) in aliases.sorted(by: { $0.key < $1.key }) {
                    registration.aliases[target, default: []] += names
                    for name in names where registration.aliasTargets[name] == nil {
                        registration.aliasTargets[name] = target
                    }
                }
                registration.aliasesAreRawValues = rawValues
            }
        }
    }

    /// Registers a closure that decodes every value of a type, in any document, from the JSON
    /// value found: for third-party types, odd formats, or a class cluster chosen by a field.
    ///
    /// The closure wins over the type's own `init(from:)`, wherever the type is decoded: at
    /// any depth, as a property, an element or the root, from `Data` and from
    /// `fromJSONObject` alike. An error it throws gets the value's coding path and position:
    /// a `DecodingError` keeps its case (its own coding path is appended to the value's),
    /// any other error becomes `DecodingError.dataCorrupted` with it as the underlying error.
    /// Where a fallback is registered for the type too, it takes over when the closure throws.
    /// A closure for a scalar type (`String`, `Int`, `Date`…) applies to properties, elements
    /// and generic decodes; the scalar methods of a single-value or unkeyed container
    /// (`container.decode(Int.self)` in a hand-written `init(from:)`, an enum's raw value) read
    /// the value as it is, so an "any JSON" type keeps `JSONDecoder`'s pick.
    ///
    /// ```swift
    /// decoder.register(Money.self) { value in
    ///     guard case .string(let text) = value, let money = Money(text) else {   // "12.50 USD"
    ///         throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not an amount"))
    ///     }
    ///     return money
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the closure decodes.
    ///   - decode: Builds a value from the JSON value, as it is in the input (no coercion);
    ///     called on the thread that decodes.
    public func register<T: Decodable>(_ type: T.Type, decode: @escaping @Sendable (JSONValue) throws -> T) {
        changeRegistrations { registrations in
            registrations.updating(T.self) { $0.decode = decode }
        }
    }

    /// Registers the value a type takes wherever one is missing, `null` or cannot be decoded:
    /// an enum's unknown case, at any depth, in arrays, dictionaries and optionals.
    ///
    /// The policy's own rules run first; the fallback takes only what still cannot be
    /// decoded, and it wins over ``LenientPolicy/permissive``'s built-in defaults and over
    /// dropping an element. In an `Optional`, only a value that cannot be decoded gets the
    /// fallback: `null` and a missing key stay `nil`. Each use is reported as
    /// ``LenientDecodingEvent/Kind/usedDefault``. Invalid JSON is never replaced. As with
    /// decoding closures, a fallback for a scalar type is not used by the scalar methods of a
    /// single-value or unkeyed container, so an "any JSON" type's `try?` attempts still fail
    /// where `JSONDecoder`'s do.
    ///
    /// ```swift
    /// enum Kind: String, Decodable, Sendable { case photo, video, unknown }
    /// decoder.register(fallback: Kind.unknown)
    /// // {"kinds": ["photo", "hologram"]}  →  [.photo, .unknown]
    /// ```
    ///
    /// - Parameter fallback: The value; registering again replaces it.
    public func register<T: Decodable & Sendable>(fallback: T) {
        changeRegistrations { registrations in
            registrations.updating(T.self) { $0.fallback = fallback }
        }
    }

    /// Registers per-property defaults of one type: the value a property takes where its key
    /// is missing, `null`, or its value cannot be decoded.
    ///
    /// Each key is a property key (its `CodingKey`'s `stringValue`); each value must be of the
    /// property's type (an integer literal also serves a property of another number type it
    /// converts to exactly). A default applies to an `Optional` property as well. The
    /// policy's own rules run first, and the default wins over a fallback of the property's
    /// type and over ``LenientPolicy/permissive``'s built-in defaults. Each use is reported as
    /// ``LenientDecodingEvent/Kind/usedDefault``. Registering again adds to (and replaces)
    /// the defaults already registered.
    ///
    /// ```swift
    /// decoder.register(defaults: ["role": Role.member, "score": 0, "nickname": "none"], for: User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - defaults: Property key → the property's default value.
    ///   - type: The model whose properties they are.
    /// - Note: A default whose value is not of the property's type makes decoding that
    ///   property throw `DecodingError.typeMismatch` naming the registration.
    public func register<T: Decodable>(defaults: [String: any Sendable], for type: T.Type) {
        changeRegistrations { registrations in
            registrations.updating(T.self) { $0.defaults.merge(defaults) { $1 } }
        }
    }

    /// Whether `type`'s raw values are strings.
    private static func hasStringRawValues<E: RawRepresentable>(_ type: E.Type) -> Bool {
        E.RawValue.self == String.self
    }
}
