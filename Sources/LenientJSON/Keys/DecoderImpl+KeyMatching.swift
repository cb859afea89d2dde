import Foundation

/// Normalized key matching in an object (SPEC 4): the member a model key matches after an
/// exact miss, ambiguity between keys that normalize alike, and did-you-mean suggestions.
extension DecoderImpl {
    /// Whether key entry `child` normalizes to `normalized` (the normalized form of a model key).
    func key(_ child: Int, normalizesTo normalized: UnsafeBufferPointer<UInt8>, path: CodingPathNode) throws -> Bool {
        if map.flags(child) == 0 { return KeyNormalization.normalizes(map.text(child), to: normalized) }
        var name = try keyString(child, path: path)
        return name.withUTF8 { KeyNormalization.normalizes($0, to: normalized) }
    }

    /// The value entry of the member found by normalized matching for `key`, or `nil` when no
    /// key of the object normalizes like it. The choice among several keys that do:
    ///
    /// - Keys spelled identically are one key, and the first of them wins, as `JSONDecoder`
    ///   takes the first of duplicate keys.
    /// - Keys spelled differently are ambiguous: under `.lenient` (any policy that does not
    ///   recover) an error names them all; under `.permissive` one wins, reported: the first in
    ///   document order for `Data`, the first in UTF-8 byte order of the keys for
    ///   `fromJSONObject` (a dictionary has no order, so its iteration order must not decide).
    ///
    /// A key spelled exactly like `key` never gets here: ``KeyedContainer/findExact(_:)`` wins
    /// first. `notes` is `false` for `contains` and `allKeys`, which find a member without
    /// reading it, so they add no event.
    func normalizedMatch<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode, notes: Bool = true) throws -> Int? {
        let name = key.stringValue
        let candidates = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.utf8.count) { buffer -> [Int] in
            var count = 0
            for byte in name.utf8 {
                if let folded = KeyNormalization.folded(byte) {
                    buffer[count] = folded
                    count &+= 1
                }
            }
            // A key with no letters or digits never matches by normalization.
            guard count > 0 else { return [] }
            let normalized = UnsafeBufferPointer(rebasing: buffer[..<count])
            var candidates: [Int] = []
            for (key, _) in map.members(of: object) where try self.key(key, normalizesTo: normalized, path: path) {
                candidates.append(key)
            }
            return candidates
        }
        guard var chosen = candidates.first else { return nil }
        var spellings: [String] = []
        if candidates.count > 1 {
            (chosen, spellings) = try choice(among: candidates, path: path)
            if spellings.count > 1 && options.policy.invalidValues != .recover {
                throw DecodingErrors.dataCorrupted(
                    "Ambiguous key \"\(name)\": the keys \(spellings.map { "\"\($0)\"" }.joined(separator: ", ")) all match it",
                    path: path.path(appending: key), map: map, entry: object)
            }
        }
        if notes {
            let pathKey = MatchedKey(key, keyEntry: chosen, in: map)
            let order = map.keysHaveDocumentOrder ? "first" : "first in UTF-8 order"
            note(.matchedKey, entry: chosen + 1, path: path.path(appending: pathKey),
                 "Matched key \"\(pathKey.inputName)\" to \"\(name)\""
                    + (spellings.count > 1 ? " (the \(order) of \(spellings.count) keys that match it)." : "."))
        }
        return chosen + 1
    }

    /// Among key entries `candidates` (in document order) that normalize alike: the key entry
    /// that wins (see ``normalizedMatch(for:in:path:notes:)``) and the distinct spellings, in
    /// document order for `Data`, in UTF-8 byte order for a tree.
    private func choice(among candidates: [Int], path: CodingPathNode) throws -> (chosen: Int, spellings: [String]) {
        var spellings: [(name: String, entry: Int)] = []
        for candidate in candidates {
            let name = try keyString(candidate, path: path)
            if !spellings.contains(where: { $0.name == name }) { spellings.append((name, candidate)) }
        }
        if !map.keysHaveDocumentOrder {
            spellings.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
        return (spellings[0].entry, spellings.map(\.name))
    }

    /// A key present in the object that is close to the missing `key`, for `keyNotFound`.
    func suggestion<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode) -> String? {
        let names = map.members(of: object).compactMap { try? keyString($0.key, path: path) }
        return KeyNormalization.suggestion(for: key.stringValue, among: names)
    }
}

extension ValueMap {
    /// Whether an object's keys come in an order of their own: the text's, for `Data`. A tree
    /// from `fromJSONObject` has dictionaries, whose iteration order is no order at all.
    var keysHaveDocumentOrder: Bool { hasSourcePositions }
}
