import Foundation

/// Missing, `null` and invalid values (the MissingNullAndInvalidValues article): recovery at the nearest `Optional`
/// (to `nil`), collection element (dropped, see `Decoding/ArrayDecoding.swift`) or defaultable
/// value (the type's default). Each recovery is reported.
extension DecoderImpl {
    /// Reads a present, non-null value that an `Optional` wraps: `""` is `nil` for a
    /// non-`String` scalar, and an undecodable value is `nil` unless the policy throws.
    @inline(__always)
    func optional<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, _ read: () throws -> T
    ) throws -> T? {
        let policy = options.policy
        if policy.invalidValues == .throw && policy.coercions.isDisjoint(with: [.emptyStringAsNil, .falseAsNil]) {
            return try read()
        }
        if policy.coercions.contains(.emptyStringAsNil), map.kind(entry) == .string, Self.isNonStringScalar(type),
            NumericText.isBlank(try stringValue(entry, path: parent, key: key))
        {
            return try nilUnlessReadStrictly(
                entry, as: type, parent: parent, key: key, .optionalEmptyString,
                .text("Read an empty string as nil for Optional \(DecodingErrors.typeName(T.self))."))
        }
        if map.kind(entry) == .false, policy.coercions.contains(.falseAsNil), T.self != Bool.self {
            return try nilUnlessReadStrictly(
                entry, as: type, parent: parent, key: key, .optionalPhpFalse,
                .text("Read false as nil for Optional \(DecodingErrors.typeName(T.self)) (PHP's \"no value\")."))
        }
        guard policy.invalidValues != .throw else { return try read() }
        do {
            if policy.missingValues == .useDefault, map.kind(entry) == .object {
                return try optionalModel(entry, as: type, parent: parent, key: key, read)
            }
            return try read()
        } catch let error as DecodingError {
            try recordLeniency(
                .recoveredAsNil, .optionalInvalid, entry: entry, parent: parent, key: key, type: T?.self,
                .text("Recovered Optional \(DecodingErrors.typeName(T.self)) as nil: \(Self.reason(error))"))
            return nil
        }
    }

    /// A value that an `Optional` rule reads as `nil` (`""`, PHP's `false`): `nil`, reported,
    /// unless JSONDecoder reads the value as it is (a URL of spaces, a type that accepts
    /// `false`, a custom date strategy), where parity wins.
    private func nilUnlessReadStrictly<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, _ rule: RuleCode,
        _ description: @autoclosure () -> ReportCollector.Description
    ) throws -> T? {
        if let value = try? readStrictly({ try $0.unwrap(entry, as: type, parent: parent, key: key) }) { return value }
        try recordLeniency(
            .coerced, rule, entry: entry, parent: parent, key: key, type: T?.self, description())
        return nil
    }

    /// `read`'s value for an `Optional` model type from an object under a policy with defaults
    /// for missing values: `nil` when the object supplied none of the type's keys and the value
    /// could only be built from defaults (`"center": {}` into `LatLon?`); the events of the value
    /// built and thrown away are not kept.
    func optionalModel<T>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, _ read: () throws -> T
    ) throws -> T? {
        let keysBefore = session.keysFound
        let start = checkpoint()
        let value = try read()
        guard session.keysFound == keysBefore, session.leniencyCount != start.leniency,
            !(T.self is any DecodableArray.Type),
            !(T.self is any DecodableDictionary.Type)
        else { return value }
        rollBack(to: start)
        try recordLeniency(
            .recoveredAsNil, .optionalInvalid, entry: entry, parent: parent, key: key, type: T?.self,
            .text("Read an object with none of \(DecodingErrors.typeName(T.self))'s keys as nil."))
        return nil
    }

    /// Whether the policy turns missing, null or invalid non-Optional values into defaults.
    var usesDefaults: Bool {
        options.policy.missingValues == .useDefault || options.policy.invalidValues == .recover
    }

    /// The default for a value that `error` says cannot be read, when the policy allows it.
    func recover<T: Decodable>(
        _ type: T.Type, from error: DecodingError, entry: Int, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        let isMissing = map.kind(entry) == .null
        let allowed = isMissing ? options.policy.missingValues == .useDefault : options.policy.invalidValues == .recover
        guard allowed, let value = defaultValue(type, parent: parent, key: key) else { throw error }
        let shown = Self.frozen(value)
        try recordLeniency(
            .usedDefault, .defaultBuiltIn, entry: entry, parent: parent, key: key, type: T.self,
            .text(
                "Used the default \(Self.show(shown)) for \(isMissing ? "null" : "an invalid value") "
                    + "(\(Self.reason(error)))")
        )
        return value
    }

    /// The default for a missing key, when the policy allows it; else `nil`.
    func defaultForMissing<T: Decodable>(_ type: T.Type, parent: CodingPathNode, key: any CodingKey) throws -> T? {
        guard options.policy.missingValues == .useDefault,
            let value = defaultValue(type, parent: parent, key: ChildKey(key))
        else { return nil }
        let shown = Self.frozen(value)
        try recordLeniency(
            .usedDefault, .defaultBuiltIn, entry: nil, parent: parent, key: ChildKey(key), type: T.self,
            .text("Used the default \(Self.show(shown)) for a missing key."))
        return value
    }

    /// `0`, `false`, `""`, `[]`, `[:]`, `nil`, or a nested type decoded from `{}`; `nil` for
    /// a type with no default (`Date`, `URL`, `UUID`, `Data`, a type whose `{}` decode fails).
    /// With `pending`, the value of a member of a partial document that has not arrived: a nested
    /// type is decoded from `{}` read as an object still open (``DecodeMode/buildingPendingDefaults``).
    func defaultValue<T: Decodable>(
        _ type: T.Type, parent: CodingPathNode, key: ChildKey, pending: Bool = false
    ) -> T? {
        if let scalar = scalarDefault(type) { return scalar }
        if T.self == Date.self || T.self == URL.self || T.self == UUID.self || T.self == Data.self { return nil }
        guard session.defaultDepth < 16 else { return nil }
        session.defaultDepth += 1
        defer { session.defaultDepth -= 1 }
        // Built without a report, by a decoder of its own where there is one.
        let builder =
            pending
            ? nested(mode.buildingPendingDefaults) : !observer.recordsEvents ? self : nested(mode.buildingDefaults)
        if T.self is any OptionalDecodable.Type {
            return try? builder.unwrap(map.nullEntry, as: type, parent: parent, key: key)
        }
        if T.self is any DecodableArray.Type {
            return try? builder.unwrap(map.emptyArrayEntry, as: type, parent: parent, key: key)
        }
        return try? builder.unwrap(map.emptyObjectEntry, as: type, parent: parent, key: key)
    }

    /// The default of a scalar type, or `nil` when `T` is not one.
    func scalarDefault<T>(_ type: T.Type) -> T? {
        if T.self == String.self { return "" as? T }
        if T.self == Bool.self { return false as? T }
        if let integer = T.self as? any FixedWidthInteger.Type { return integer.zero as? T }
        if T.self == Double.self { return Double(0) as? T }
        if T.self == Float.self { return Float(0) as? T }
        if T.self == Decimal.self { return Decimal(0) as? T }
        return nil
    }

    static func isNonStringScalar(_ type: Any.Type) -> Bool {
        type == Bool.self || type is any FixedWidthInteger.Type || type == Double.self || type == Float.self
            || type == Decimal.self || type == Date.self || type == URL.self || type == UUID.self
    }
}

private extension FixedWidthInteger {
    static var zero: Self { 0 }
}
