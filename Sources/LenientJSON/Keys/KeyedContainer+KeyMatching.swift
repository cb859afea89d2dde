import Foundation

/// Key lookup where a decode matches more than exact keys (``DecodeMode/matchesKeysExactly``
/// is `false`): registered aliases and key paths (`Mapping/KeyPaths.swift`), and normalized
/// matching (`DecoderImpl+KeyMatching.swift`, `IndexedKeyLookup.swift`).
extension KeyedContainer {
    /// The member for `key`: exact first (through the object's normalized-key index where it
    /// has respelled keys), then an alias or key path, then a normalized match when the policy
    /// says so. `notes` is `false` where the member is only looked for, not read (no event).
    @inline(__always)
    func matchingMember<K: CodingKey>(for key: K, notes: Bool) throws -> KeyedMember? {
        let normalized = impl.options.policy.keyMatching == .normalized
        if table == nil && impl.map.hasRespelledObjects && normalized && !impl.mapsKeys,
            let member = try impl.indexedMember(for: key, in: object, path: pathNode, notes: notes)
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
        guard normalized, let entry = try impl.normalizedMatch(for: key, in: object, path: pathNode, notes: notes)
        else { return nil }
        impl.session.keysFound &+= 1
        return KeyedMember(entry: entry, respelled: true)
    }
}
