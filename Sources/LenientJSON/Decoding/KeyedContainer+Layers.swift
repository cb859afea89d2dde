import Foundation

/// The layers a keyed read passes through where a decode has them (chosen once per decode:
/// ``DecodeMode/readsValuesPlainly``): error collection around the read
/// (`DecoderImpl+ErrorCollection.swift`), then the registrations of the value's type
/// (`Mapping/KeyedContainer+Registrations.swift`), then the policy's defaults for missing,
/// `null` and invalid values (`DecoderImpl+Recovery.swift`). `KeyedContainer.swift` holds
/// the plain read, which a decode without these layers runs alone. An object still open in a
/// partial document is read first by `Partial/KeyedContainer+Partial.swift`.
extension KeyedContainer {
    // MARK: Required values

    /// ``value(_:exact:_:)`` with the layers this decode has.
    func layeredValue<T: Decodable>(_ key: Key, _ read: (Int, ChildKey) throws -> T) throws -> T {
        if let partial = impl.mode.partial, partial.isOpen(object, in: impl.map) {
            return try pendingValue(key, partial, read)
        }
        guard impl.collection != nil else { return try registeredOrDefaultValue(key, read) }
        do {
            return try registeredOrDefaultValue(key, read)
        } catch let error as DecodingError {
            return try collectMember(key, error: error, child: T.self) { impl.placeholder(T.self) }
        }
    }

    /// The registrations' value where they apply to `T`, else the value with the policy's defaults.
    @inline(__always)
    func registeredOrDefaultValue<T: Decodable>(
        _ key: Key, _ read: (Int, ChildKey) throws -> T
    ) throws -> T {
        if impl.registrationsApply(to: T.self), let registrations = impl.options.registrations {
            return try registeredValue(key, as: T.self, registrations)
        }
        guard impl.usesDefaults else {
            let found = try require(key)
            impl.observer.typeKeyEvents(T.self, of: found)
            return try read(found.entry, pathKey(key, found))
        }
        return try valueOrDefault(key, read)
    }

    /// The value under a policy with defaults: a missing, `null` or invalid value becomes the
    /// type's default where the policy says so. Kept out of line: its `T?` would make every
    /// generic call ask the runtime for `Optional<T>`'s metadata.
    @inline(never) func valueOrDefault<T: Decodable>(_ key: Key, _ read: (Int, ChildKey) throws -> T) throws
        -> T
    {
        guard let found = try lookup(key) else {
            if let value = try impl.defaultForMissing(T.self, parent: pathNode, key: key) { return value }
            throw keyNotFound(key)
        }
        impl.observer.typeKeyEvents(T.self, of: found)
        do {
            return try read(found.entry, pathKey(key, found))
        } catch let error as DecodingError {
            return try impl.recover(T.self, from: error, entry: found.entry, parent: pathNode, key: pathKey(key, found))
        }
    }

    // MARK: Optional values

    /// ``valueIfPresent(_:_:)`` with the layers this decode has (defaults act through the
    /// `Optional` rules of ``optionalValue(_:_:_:)``).
    func layeredValueIfPresent<T: Decodable>(_ key: Key, _ read: (Int, ChildKey) throws -> T) throws -> T? {
        if let partial = impl.mode.partial, partial.isOpen(object, in: impl.map) {
            return try pendingValueIfPresent(key, partial, read)
        }
        guard impl.collection != nil else { return try registeredValueOrPresent(key, read) }
        do {
            return try registeredValueOrPresent(key, read)
        } catch let error as DecodingError {
            return try collectMember(key, error: error, child: T.self) { T?.none }
        }
    }

    @inline(__always)
    func registeredValueOrPresent<T: Decodable>(
        _ key: Key, _ read: (Int, ChildKey) throws -> T
    ) throws -> T? {
        if impl.registrationsApply(to: T.self), let registrations = impl.options.registrations {
            return try registeredValueIfPresent(key, as: T.self, registrations)
        }
        return try presentValue(key, read)
    }

    // MARK: Nested containers

    /// The nested container for `key` with the layers this decode has: under a policy with
    /// defaults, an empty one (from `empty`) where the value is missing, `null` or of the
    /// wrong kind, as ``valueOrDefault(_:_:)`` recovers a value.
    func layeredNested<C>(_ key: Key, empty: Int, _ make: (Int, CodingPathNode) throws -> C) throws -> C {
        if let partial = impl.mode.partial, partial.isOpen(object, in: impl.map) {
            return try pendingNested(key, empty: empty, partial, make)
        }
        guard impl.collection != nil else { return try nestedOrEmpty(key, empty: empty, make) }
        do {
            return try nestedOrEmpty(key, empty: empty, make)
        } catch let error as DecodingError {
            return try collectMember(key, error: error, child: nil) { try? make(empty, pathNode.appending(key)) }
        }
    }

    func nestedOrEmpty<C>(_ key: Key, empty: Int, _ make: (Int, CodingPathNode) throws -> C) throws -> C {
        guard impl.usesDefaults else {
            let found = try require(key)
            impl.observer.typeKeyEvents(C.self, of: found)
            return try make(found.entry, pathNode.appending(pathKey(key, found)))
        }
        guard let found = try lookup(key) else {
            guard impl.options.policy.missingValues == .useDefault else { throw keyNotFound(key) }
            let container = try make(empty, pathNode.appending(key))
            try impl.recordLeniency(
                .usedDefault, .defaultBuiltIn, entry: nil, path: pathNode.appending(key), type: C.self,
                .text("Used an empty container for a missing key."))
            return container
        }
        impl.observer.typeKeyEvents(C.self, of: found)
        let path = pathNode.appending(pathKey(key, found))
        do {
            return try make(found.entry, path)
        } catch let error as DecodingError {
            let isMissing = impl.map.kind(found.entry) == .null
            guard
                isMissing
                    ? impl.options.policy.missingValues == .useDefault : impl.options.policy.invalidValues == .recover
            else { throw error }
            let container = try make(empty, path)
            try impl.recordLeniency(
                .usedDefault, .defaultBuiltIn, entry: found.entry, path: path, type: C.self,
                .text(
                    "Used an empty container for \(isMissing ? "null" : "an invalid value") "
                        + "(\(DecoderImpl.reason(error)))"
                ))
            return container
        }
    }
}
