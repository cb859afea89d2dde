/// Keyed lookups through an object's normalized key summary (``NormalizedKeyHashes``).
///
/// Once an object's keys are hashed and found to hash distinctly, one probe answers a lookup
/// both ways: a key spelled exactly like the model key also normalizes like it, so it would be
/// the one key with the model key's hash. The key with that hash is the exact match when it is
/// spelled alike, the normalized match when it only normalizes alike, and otherwise no key of
/// the object matches. A respelled document then skips the exact scan that misses every time,
/// and a key that is absent is mostly answered by the summary's filter.
extension DecoderImpl {
    /// The member for `key` in `container`'s object found through the object's summary: `.some(nil)` when
    /// no key matches, `nil` when the object has no summary whose keys hash distinctly (the
    /// lookup then goes on as usual). Used for objects searched in place only (plain keys, no
    /// key strategy), under normalized matching.
    func indexedMember<Key: CodingKey>(for key: Key, in container: KeyedContainerState, notes: Bool) throws
        -> KeyedMember??
    {
        let object = container.object
        let hashes = map.keyHashes()
        guard let summary = hashes.distinctSummary(of: object) else { return nil }
        var name = key.stringValue
        return try name.withUTF8 { bytes -> KeyedMember?? in
            // The model key's letter and hash as worked out the first time it was read
            // (``KeySpellings``); a key longer than the table keeps works them out each time.
            let spellings = hashes.spellings
            let (hasLetter, hash) = spellings.letterAndHash(of: bytes)
            // A key with no letter is matched exactly only: the usual lookup.
            guard hasLetter else { return nil }
            guard summary.pointee.mayContain(hash),
                let child = try self.key(hashing: hash, in: object, from: summary, container: container)
            else { return .some(nil) }
            if map.stringEquals(child, bytes) { return KeyedMember(entry: child &+ 1, respelled: false) }
            guard spellings.normalizeAlike(map.text(child), bytes) else { return .some(nil) }
            if notes { noteMatch(of: key, to: child, among: 1, container: container) }
            return KeyedMember(entry: child &+ 1, respelled: true)
        }
    }
}
