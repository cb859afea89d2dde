import Foundation

/// Registrations at decode time (the Mapping article): a decoding closure wins over the type's own
/// `init(from:)`; an enum's registered raw-value aliases are tried after its exact raw values
/// and before the enum rule; a fallback takes what the policy's own rules still cannot
/// decode. They apply under every policy, and they do not count as leniency (they are the
/// user's configuration, like a date strategy): a value is never decoded a second time because
/// a registration acted. While a value is decoded again strictly because a rule of the policy
/// acted (`Decoding/DecoderImpl+Alternatives.swift`), closures and aliases still apply, but
/// fallbacks and defaults do not: the strict decode stands for JSONDecoder's pick, and a
/// fallback taking the place of what a rule read (`"42"` for an `Int`) must not make it win.
extension DecoderImpl {
    /// Decodes the value at `entry` as `T` in a decode with registrations: the type's own
    /// registrations first, then the policy's rules (``unwrapValue(_:as:parent:key:)``), with
    /// `T` noted as the type being decoded so that its key aliases and defaults apply.
    @inline(never)
    func unwrapRegistered<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey,
        _ registrations: Registrations, usesFallback: Bool = true
    ) throws -> T {
        let registration = registrations[T.self]
        return try withRegistration(registration) {
            try unwrapRegistered(
                entry, as: type, parent: parent, key: key, registration: registration, usesFallback: usesFallback)
        }
    }

    /// ``unwrapRegistered(_:as:parent:key:_:usesFallback:)`` once `T`'s `registration` is the current one.
    private func unwrapRegistered<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey,
        registration: TypeRegistration?, usesFallback: Bool
    ) throws -> T {
        guard let registration, registration.readsValues else {
            return try unwrapValue(entry, as: type, parent: parent, key: key)
        }
        let start = checkpoint()
        do {
            if let decode = registration.decode {
                return try decodeWithClosure(decode, entry, as: type, parent: parent, key: key)
            }
            if registration.aliasesAreRawValues,
                let value = try rawValueAlias(entry, as: type, registration, parent: parent, key: key)
            {
                return value
            }
            return try unwrapValue(entry, as: type, parent: parent, key: key)
        } catch let error as DecodingError {
            guard usesFallback, !mode.readsStrictly, let fallback = registration.fallback as? T else { throw error }
            rollBack(to: start)
            try noteRegistered(
                .usedDefault, .defaultRegistered, entry: entry, path: parent.appending(key), type: T.self,
                .text(
                    "Used the registered fallback \(Self.show(fallback)) for "
                        + (self.map.kind(entry) == .null ? "null" : "a value that could not be decoded")
                        + " (\(Self.reason(error)))")
            )
            return fallback
        }
    }

    /// `T`'s registered fallback for a missing key, noted; `nil` when it has none.
    func fallbackForMissing<T>(_ type: T.Type, path: @autoclosure () -> CodingPathNode) -> T? {
        guard !mode.readsStrictly, let fallback = options.registrations?[T.self]?.fallback as? T else { return nil }
        note(
            .usedDefault, .defaultRegistered, entry: nil, path: path(), type: T.self,
            .text("Used the registered fallback \(Self.show(fallback)) for a missing key."), countsAsLeniency: false)
        return fallback
    }

    /// Reports what a registration did, without counting it as leniency; as
    /// ``recordLeniency(_:entry:path:_:)``, invalid JSON at `entry` is thrown, never replaced.
    func noteRegistered(
        _ kind: EventKindCode, _ rule: RuleCode, entry: Int?,
        path: @autoclosure () -> CodingPathNode, type: Any.Type,
        _ description: @autoclosure () -> ReportCollector.Description
    ) throws {
        if let entry { try rejectMalformedToken(in: entry, path: { path().path }) }
        note(kind, rule, entry: entry, path: path(), type: type, description(), countsAsLeniency: false)
    }

    /// The value a registered closure builds from the JSON value at `entry`. Its errors get the
    /// value's path and position: a `DecodingError` keeps its case, with the closure's own
    /// coding path appended to the value's; any other error becomes `dataCorrupted` with it as
    /// the underlying error.
    private func decodeWithClosure<T>(
        _ decode: @Sendable (JSONValue) throws -> Any, _ entry: Int, as type: T.Type,
        parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        let value = try jsonValue(entry, path: parent.appending(key))
        let result: Any
        do {
            result = try decode(value)
        } catch let error as DecodingError {
            throw DecodingErrors.fromClosure(
                error, type: T.self, path: parent.path(appending: key), map: map, entry: entry)
        } catch {
            throw DecodingErrors.dataCorrupted(
                "The closure registered for \(DecodingErrors.typeName(T.self)) threw \(error)",
                path: parent.path(appending: key), map: map, entry: entry, underlying: error,
                describes: mode.describesErrors)
        }
        guard let typed = result as? T else {
            throw DecodingErrors.dataCorrupted(
                "The closure registered for \(DecodingErrors.typeName(T.self)) returned a "
                    + DecodingErrors.typeName(Swift.type(of: result)),
                path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
        }
        return typed
    }

    /// The case of enum `T` whose raw value the string at `entry` is a registered alias of,
    /// reported as `coerced` (rule `enum.alias`, as the Report article's rule table lists it); `nil` when the string
    /// is a raw value itself, or no alias.
    private func rawValueAlias<T>(
        _ entry: Int, as type: T.Type, _ registration: TypeRegistration,
        parent: CodingPathNode, key: ChildKey
    ) throws -> T? {
        guard map.kind(entry) == .string, let enumType = T.self as? any RawRepresentable.Type else { return nil }
        let text = try stringValue(entry, path: parent, key: key)
        guard Self.enumCase(enumType, rawValue: text) == nil, let target = registration.aliasTargets[text],
            let value = Self.enumCase(enumType, rawValue: target) as? T
        else { return nil }
        note(
            .coerced, .enumAlias, entry: entry, path: parent.appending(key), type: T.self,
            .text(
                "Matched the registered alias \"\(text)\" to \(DecodingErrors.typeName(T.self)) "
                    + "raw value \"\(target)\"."
            ),
            countsAsLeniency: false)
        return value
    }

    /// The case of `type` with raw value `raw`, for an enum with `String` raw values.
    static func enumCase<E: RawRepresentable>(_ type: E.Type, rawValue raw: String) -> E? {
        (raw as? E.RawValue).flatMap(E.init(rawValue:))
    }

    /// The default registered for property `key` of the type being decoded, as `T`; `nil` when none is (or while a
    /// value is decoded again strictly). A default of another type is an error naming the registration (a `0`
    /// registered for a `Double` or `Int64` property is read as that type).
    func registeredDefault<T>(for key: any CodingKey, as type: T.Type, parent: CodingPathNode) throws -> T? {
        guard !mode.readsStrictly, let registration = currentRegistration, !registration.defaults.isEmpty,
            let value = registration.defaults[key.stringValue]
        else { return nil }
        if let typed = value as? T ?? Self.convertedNumber(value, to: T.self) { return typed }
        throw DecodingError.typeMismatch(
            T.self,
            .init(
                codingPath: parent.path(appending: key),
                debugDescription:
                    "The default registered for \(registration.typeName).\(key.stringValue) "
                    + "(register(defaults:for:)) is "
                    + "\(DecodingErrors.typeName(Swift.type(of: value))) \(Self.show(value)), "
                    + "but the property is \(DecodingErrors.typeName(T.self)) "
                    + "at \(JSONPath.string(for: parent.path(appending: key)))."))
    }

    /// An `Int` or `Double` literal registered as a default for a property of another number
    /// type, converted exactly; `nil` when it is not one or does not convert exactly.
    private static func convertedNumber<T>(_ value: Any, to type: T.Type) -> T? {
        if let integer = value as? Int {
            if let target = T.self as? any FixedWidthInteger.Type { return target.init(exactly: integer) as? T }
            if T.self == Double.self { return Double(exactly: integer) as? T }
            if T.self == Float.self { return Float(exactly: integer) as? T }
            if T.self == Decimal.self { return Decimal(integer) as? T }
        }
        if let double = value as? Double {
            if T.self == Float.self, let float = Float(exactly: double) { return float as? T }
            if T.self == Decimal.self, double.isFinite { return Decimal(string: "\(double)") as? T }
        }
        return nil
    }
}
