import Foundation

/// Keyed reads in a decode with registrations: a per-property default of the type being
/// decoded (``DecoderImpl/currentRegistration``) for a missing, null or undecodable value, then
/// the value type's fallback, then the policy's own defaults; aliases of its keys in
/// ``mappedMember(_:notes:)`` (see `KeyPaths.swift`).
extension KeyedContainer {
    /// ``value(_:exact:_:)`` in a decode whose registrations affect keyed values.
    @inline(never)
    func registeredValue<T: Decodable>(_ key: Key, as type: T.Type, _ registrations: Registrations) throws -> T {
        let propertyDefault = try impl.registeredDefault(for: key, as: T.self, parent: pathNode)
        guard let found = try lookup(key) else {
            if let propertyDefault {
                impl.note(
                    .usedDefault, .defaultRegistered, entry: nil, path: pathNode.appending(key), type: T.self,
                    .text("Used the registered default \(DecoderImpl.show(propertyDefault)) for a missing key."),
                    countsAsLeniency: false)
                return propertyDefault
            }
            if let fallback = impl.fallbackForMissing(T.self, path: pathNode.appending(key)) { return fallback }
            if let value = try impl.defaultForMissing(T.self, parent: pathNode, key: key) { return value }
            throw keyNotFound(key)
        }
        impl.observer.typeKeyEvents(T.self, of: found)
        let foundKey = pathKey(key, found)
        let start = impl.checkpoint()
        do {
            return try impl.unwrapRegistered(
                found.entry, as: type, parent: pathNode, key: foundKey, registrations,
                usesFallback: propertyDefault == nil)
        } catch let error as DecodingError {
            if let propertyDefault {
                impl.rollBack(to: start)
                try impl.noteRegistered(
                    .usedDefault, .defaultRegistered, entry: found.entry, path: pathNode.appending(foundKey),
                    type: T.self,
                    .text(
                        "Used the registered default \(DecoderImpl.show(propertyDefault)) for "
                            + "\(Self.describe(found.entry, in: impl)) (\(DecoderImpl.reason(error)))")
                )
                return propertyDefault
            }
            guard impl.usesDefaults else { throw error }
            return try impl.recover(T.self, from: error, entry: found.entry, parent: pathNode, key: foundKey)
        }
    }

    /// ``valueIfPresent(_:_:)`` in a decode whose registrations affect keyed values: with a
    /// per-property default, a missing key, `null`, and a value that cannot be decoded (or
    /// that the policy reads as `nil`) get the default.
    @inline(never)
    func registeredValueIfPresent<T: Decodable>(_ key: Key, as type: T.Type, _ registrations: Registrations) throws
        -> T?
    {
        let read = { (entry: Int, key: ChildKey) throws -> T in
            try impl.unwrapRegistered(entry, as: type, parent: pathNode, key: key, registrations)
        }
        guard let propertyDefault = try impl.registeredDefault(for: key, as: T.self, parent: pathNode) else {
            return try presentValue(key, read)
        }
        let found: KeyedMember?
        do {
            found = try lookup(key)
        } catch let error as DecodingError {
            try impl.noteRegistered(
                .usedDefault, .defaultRegistered, entry: object, path: pathNode.appending(key), type: T?.self,
                .text("Used the registered default \(DecoderImpl.show(propertyDefault)) (\(DecoderImpl.reason(error)))")
            )
            return propertyDefault
        }
        if let found { impl.observer.typeOptionalKeyEvents(T.self, of: found) }
        guard let found, impl.map.kind(found.entry) != .null else {
            impl.note(
                .usedDefault, .defaultRegistered, entry: found?.entry,
                path: pathNode.appending(found.map { pathKey(key, $0) } ?? ChildKey(key)), type: T?.self,
                .text(
                    "Used the registered default \(DecoderImpl.show(propertyDefault)) for "
                        + (found == nil ? "a missing key" : "null") + "."),
                countsAsLeniency: false)
            return propertyDefault
        }
        let foundKey = pathKey(key, found)
        let start = impl.checkpoint()
        var reason = "a value read as nil"
        do {
            let value = try impl.optional(found.entry, as: T.self, parent: pathNode, key: foundKey) {
                try impl.unwrapRegistered(
                    found.entry, as: type, parent: pathNode, key: foundKey, registrations, usesFallback: false)
            }
            if let value { return value }
        } catch let error as DecodingError {
            reason = "\(Self.describe(found.entry, in: impl)) (\(DecoderImpl.reason(error)))"
        }
        impl.rollBack(to: start)
        try impl.noteRegistered(
            .usedDefault, .defaultRegistered, entry: found.entry, path: pathNode.appending(foundKey),
            type: T?.self,
            .text("Used the registered default \(DecoderImpl.show(propertyDefault)) for \(reason)"))
        return propertyDefault
    }

    /// `null` or an invalid value, for an event's sentence.
    private static func describe(_ entry: Int, in impl: DecoderImpl) -> String {
        impl.map.kind(entry) == .null ? "null" : "a value that could not be decoded"
    }
}
