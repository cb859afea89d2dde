import Foundation

/// The members of an object still open in a partial document (SPEC 14, rule 2): a member that
/// has not arrived, or whose value cannot be built yet, is `nil` in an `Optional`; otherwise,
/// under ``PartialOptions/PendingMembers/defaults``, it takes its registered default or
/// fallback, else its type's built-in default (`DecoderImpl+Recovery.swift`), and with neither
/// the object cannot be built yet (``PartialValueNotBuilt``). None of this makes an event. A
/// member that has arrived is read through the layers of `Decoding/KeyedContainer+Layers.swift`,
/// as in a whole document.
extension KeyedContainer {
    /// The value of `key` in an object still open.
    func pendingValue<T: Decodable>(
        _ key: Key, _ partial: PartialReading, _ read: (Int, ChildKey) throws -> T
    ) throws -> T {
        if let found = try lookup(key, notes: false),
            !partial.isInProgress(found.entry, in: impl.map) || PartialReading.readsPrefix(T.self)
        {
            do {
                return try impl.rollingBackOnFailure { try registeredOrDefaultValue(key, read) }
            } catch is PartialValueNotBuilt {
            } catch  where partial.isOpen(found.entry, in: impl.map) && impl.mode.isOwnReading {
                // A value still open that its type cannot read yet (a hand-written `init(from:)`
                // that throws for a member not arrived) cannot be built yet: it is no error until
                // it has ended.
            }
        }
        return try notArrived(key, as: T.self, partial)
    }

    /// The value of a member of an object still open that has not arrived, or cannot be built yet.
    private func notArrived<T: Decodable>(_ key: Key, as type: T.Type, _ partial: PartialReading) throws -> T {
        guard partial.pendingMembers == .defaults else { throw PartialValueNotBuilt() }
        if let value = try impl.registeredDefault(for: key, as: T.self, parent: pathNode) { return value }
        if !impl.mode.readsStrictly, let fallback = impl.options.registrations?[T.self]?.fallback as? T {
            return fallback
        }
        if let value = impl.defaultValue(T.self, parent: pathNode, key: ChildKey(key), pending: true) { return value }
        throw PartialValueNotBuilt()
    }

    /// The `Optional` value of `key` in an object still open: `nil` until it can be built.
    func pendingValueIfPresent<T: Decodable>(
        _ key: Key, _ partial: PartialReading, _ read: (Int, ChildKey) throws -> T
    ) throws -> T? {
        guard let found = try lookup(key, notes: false) else { return nil }
        if partial.isInProgress(found.entry, in: impl.map) && !PartialReading.readsPrefix(T.self) { return nil }
        do {
            return try impl.rollingBackOnFailure { try registeredValueOrPresent(key, read) }
        } catch is PartialValueNotBuilt {
            return nil
        } catch  where partial.isOpen(found.entry, in: impl.map) && impl.mode.isOwnReading {
            // A value still open that its type cannot read yet: `nil` until it has ended.
            return nil
        }
    }

    /// The nested container of `key` in an object still open: an empty one while the member has
    /// not arrived, under ``PartialOptions/PendingMembers/defaults``.
    func pendingNested<C>(
        _ key: Key, empty: Int, _ partial: PartialReading, _ make: (Int, CodingPathNode) throws -> C
    ) throws -> C {
        guard try lookup(key, notes: false) == nil else { return try nestedOrEmpty(key, empty: empty, make) }
        guard partial.pendingMembers == .defaults else { throw PartialValueNotBuilt() }
        return try make(empty, pathNode.appending(key))
    }
}
