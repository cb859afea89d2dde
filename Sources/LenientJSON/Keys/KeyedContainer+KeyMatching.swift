import Foundation

/// Key lookup where a decode matches more than exact keys (``DecodeMode/matchesKeysExactly``
/// is `false`): registered aliases and key paths (`Mapping/KeyPaths.swift`), and normalized
/// matching (`DecoderImpl+KeyMatching.swift`, `IndexedKeyLookup.swift`).
extension KeyedContainer {
    /// The member for `key`: exact first (through the object's normalized-key index where it
    /// has respelled keys), then an alias or key path, then a normalized match when the policy
    /// says so. `notes` is `false` where the member is only looked for, not read (no event).
    ///
    /// The searches are given the container's state, not its decoder and path: passed its
    /// `impl` through ``KeyedContainerState/withImpl(_:)`` and its path read only where an error
    /// or an event needs it, a lookup retains and releases neither (`pathNode` is a `var` of the
    /// reused state, so passing it retained it; messy twitter 51.54 M → 49.15 M instructions a
    /// decode, messy citm_catalog 142.98 M → 136.74 M, Benchmarks `instructions lenient`).
    @inline(__always)
    func matchingMember<K: CodingKey>(for key: K, notes: Bool) throws -> KeyedMember? {
        let normalized = impl.options.policy.keyMatching == .normalized
        if table == nil && impl.map.hasRespelledObjects && normalized && !impl.mapsKeys,
            let member = try state.withImpl({ try $0.indexedMember(for: key, in: state, notes: notes) })
        {
            if member != nil { impl.session.keysFound &+= 1 }
            return member
        }
        if let entry = findExact(key) {
            impl.session.keysFound &+= 1
            return KeyedMember(entry: entry, respelled: table != nil && !impl.options.usesDefaultKeys)
        }
        if impl.mapsKeys, let member = try mappedMember(key, notes: notes) {
            impl.session.keysFound &+= 1
            return member
        }
        guard normalized, let entry = try state.withImpl({ try $0.normalizedMatch(for: key, in: state, notes: notes) })
        else { return nil }
        impl.session.keysFound &+= 1
        return KeyedMember(entry: entry, respelled: true)
    }
}
