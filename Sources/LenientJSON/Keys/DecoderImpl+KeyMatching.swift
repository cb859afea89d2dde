import Foundation

/// Normalized key matching in an object (the DocC article "Key matching"): the member a model
/// key matches after an exact miss, ambiguity between keys that normalize alike, and
/// did-you-mean suggestions.
extension DecoderImpl {
    /// Whether key entry `child` normalizes to `normalized` (the normalized form of a model key).
    func key(_ child: Int, normalizesTo normalized: UnsafeBufferPointer<UInt8>, container: KeyedContainerState) throws
        -> Bool
    {
        if map.flags(child) == 0 { return KeyNormalization.normalizes(map.text(child), to: normalized) }
        var name = try keyString(child, path: container.pathNode)
        return name.withUTF8 { KeyNormalization.normalizes($0, to: normalized) }
    }

    /// The hash of key entry `child`'s normalized form, for ``NormalizedKeyHashes``.
    private func normalizedHash(ofKey child: Int, container: KeyedContainerState) throws -> UInt32 {
        let spellings = map.keyHashes().spellings
        if map.flags(child) == 0 { return spellings.normalizedHash(of: map.text(child)) }
        var name = try keyString(child, path: container.pathNode)
        return name.withUTF8 { spellings.normalizedHash(of: $0) }
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
    func normalizedMatch<Key: CodingKey>(for key: Key, in container: KeyedContainerState, notes: Bool = true) throws
        -> Int?
    {
        let object = container.object
        var name = key.stringValue
        let candidates = try name.withUTF8 { utf8 in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) {
                buffer -> (first: Int, others: [Int])? in
                var count = 0
                for byte in utf8 {
                    let folded = KeyNormalization.foldedOrZero(byte)
                    if folded != 0 {
                        buffer[count] = folded
                        count &+= 1
                    }
                }
                // A key with no letter is matched exactly only (`-1` never matches `1`); a
                // key that has one keeps it in its normalized form, so every key normalizing
                // alike has one too.
                guard count > 0, KeyNormalization.hasLetter(utf8) else { return nil }
                let normalized = UnsafeBufferPointer(rebasing: buffer[..<count])
                return try keys(of: object, normalizingTo: normalized, container: container)
            }
        }
        guard let candidates else { return nil }
        map.keyHashes().noteRespelled(object)
        map.hasRespelledObjects = true
        var chosen = candidates.first
        var spellings: [String] = []
        if !candidates.others.isEmpty {
            (chosen, spellings) = try choice(among: [candidates.first] + candidates.others, container: container)
            if spellings.count > 1 && options.policy.invalidValues != .recover {
                throw DecodingErrors.dataCorrupted(
                    "Ambiguous key \"\(name)\": the keys "
                        + spellings.map { "\"\($0)\"" }.joined(separator: ", ") + " all match it",
                    path: container.pathNode.path(appending: key), map: map, entry: object,
                    describes: mode.describesErrors)
            }
        }
        if notes { noteMatch(of: key, to: chosen, among: spellings.count, container: container) }
        return chosen + 1
    }

    /// Reports that key entry `chosen` was matched to model key `key` by normalization, the
    /// first of `spellings` keys that match it when there are several.
    func noteMatch<Key: CodingKey>(of key: Key, to chosen: Int, among spellings: Int, container: KeyedContainerState) {
        guard let report else { return }
        record(
            .matchedKey, .keyNormalized, entry: chosen + 1,
            place: .matchedKey(object: container.pathNode, stringValue: key.stringValue, intValue: key.intValue),
            type: nil, description: .keyMatch(spellings: spellings), in: report)
    }

    /// What a `matchedKey` event of ``noteMatch(of:to:among:container:)`` says, from its path, whose
    /// last key is the ``MatchedKey``, and `spellings`, the keys of its object that match it.
    static func keyMatchSentence(_ path: CodingPathNode, spellings: Int, in map: ValueMap) -> String {
        guard let matched = path.lastKey as? MatchedKey else { return "Matched a key." }
        return keyMatchSentence(matched, spellings: spellings, in: map)
    }

    /// ``keyMatchSentence(_:spellings:in:)`` of the path's last key, `matched`: a record's event
    /// tells it without making the path's node.
    static func keyMatchSentence(_ matched: MatchedKey, spellings: Int, in map: ValueMap) -> String {
        // Written as bytes and made a string once: joined as strings, the sentence cost three
        // times as much, for the most common event of a messy input (Benchmarks
        // `lenient-report-summary`).
        var text: [UInt8] = []
        appendKeyMatchSentence(matched, spellings: spellings, in: map, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``keyMatchSentence(_:spellings:in:)`` to `text`: what a
    /// summary line writes into its own buffer, without making the sentence a string.
    static func appendKeyMatchSentence(_ matched: MatchedKey, spellings: Int, in map: ValueMap, to text: inout [UInt8])
    {
        let inputName = matched.inputName
        let modelName = matched.stringValue
        text.reserveCapacity(text.count + inputName.utf8.count + modelName.utf8.count + 80)
        text.append(literal: "Matched key \"")
        text.append(utf8Of: inputName)
        text.append(literal: "\" to \"")
        text.append(utf8Of: modelName)
        text.append(UInt8(ascii: "\""))
        if spellings > 1 {
            text.append(literal: " (the ")
            text.append(contentsOf: (map.keysHaveDocumentOrder ? "first" : "first in UTF-8 order").utf8)
            text.append(literal: " of ")
            JSONPath.appendDecimal(spellings, to: &text)
            text.append(literal: " keys that match it).")
        } else {
            text.append(UInt8(ascii: "."))
        }
    }

    /// Whether plain key entry `child` cannot normalize to `normalized` because its first byte
    /// is kept by normalization (no word separator) and differs from `normalized`'s first: most
    /// keys of an object are ruled out so, without the full comparison (a key's absence costs a
    /// pass over its object). It folds bytes with ``KeyNormalization/foldedOrZero(_:)``, the
    /// rule's one definition, so it never rules out a key the rule matches.
    @inline(__always)
    private func leadRulesOut(_ child: Int, _ normalized: UnsafeBufferPointer<UInt8>) -> Bool {
        guard map.flags(child) == 0, map.length(child) > 0 else { return false }
        let lead = KeyNormalization.foldedOrZero(map.bytes[map.offset(child)])
        return lead != 0 && lead != normalized[0]
    }

    /// The key entries of `object` that normalize to `normalized`, in document order (the first and the others), or
    /// `nil` for none. In an object whose keys all hash differently there is at most one, found from where the last
    /// search stopped (see ``NormalizedKeyHashes``).
    private func keys(
        of object: Int, normalizingTo normalized: UnsafeBufferPointer<UInt8>, container: KeyedContainerState
    ) throws
        -> (first: Int, others: [Int])?
    {
        let hash = NormalizedKeyHashes.hash(normalizing: normalized)
        let hashes = map.keyHashes()
        guard
            let summary = try hashes.summary(of: object, { try self.summary(of: object, hashes, container: container) })
        else {
            var candidates = Candidates()
            for (key, _) in map.members(of: object)
            where try !leadRulesOut(key, normalized) && self.key(key, normalizesTo: normalized, container: container) {
                candidates.add(key)
            }
            return candidates.found
        }
        guard summary.pointee.mayContain(hash) else { return nil }
        let start = summary.pointee.cursor
        guard start >= 0 else {
            var candidates = Candidates()
            for (key, _) in map.members(of: object)
            where try hashes.hash(of: key, { try normalizedHash(ofKey: key, container: container) }) == hash
                && self.key(key, normalizesTo: normalized, container: container)
            {
                candidates.add(key)
            }
            return candidates.found
        }
        // Keys hash distinctly: the one key with this hash is the only possible match.
        guard let child = try key(hashing: hash, in: object, from: summary, container: container),
            try self.key(child, normalizesTo: normalized, container: container)
        else { return nil }
        return (child, [])
    }

    /// The key entries found to match, in document order: the first apart, so that the usual one
    /// match allocates no array (an array per match was 1.3 % of a messy citm_catalog's decode,
    /// Benchmarks `instructions lenient`).
    private struct Candidates {
        private var first: Int?
        private var others: [Int] = []

        mutating func add(_ key: Int) {
            if first == nil { first = key } else { others.append(key) }
        }

        /// The first key and the others, or `nil` for none.
        var found: (first: Int, others: [Int])? { first.map { ($0, others) } }
    }

    /// The key entry of `object` whose normalized hash is `hash`, in an object whose keys hash
    /// distinctly, searched from the summary's cursor (wrapping around); the cursor moves past
    /// the key found.
    func key(
        hashing hash: UInt32, in object: Int, from summary: UnsafeMutablePointer<NormalizedKeyHashes.ObjectSummary>,
        container: KeyedContainerState
    ) throws -> Int? {
        let hashes = map.keyHashes()
        let start = summary.pointee.cursor
        let end = map.containerEnd(object)
        var child = start
        var wrapped = false
        while true {
            if child >= end {
                if wrapped { return nil }
                wrapped = true
                child = object &+ 1
            }
            if wrapped && child >= start { return nil }
            if try hashes.hash(of: child, { try normalizedHash(ofKey: child, container: container) }) == hash {
                summary.pointee.cursor = map.next(after: child &+ 1)
                return child
            }
            child = map.next(after: child &+ 1)
        }
    }

    /// The summary of `object` for normalized matching: the filter of its keys' hashes, and a
    /// cursor when no two of them are equal.
    ///
    /// An object of at most ``summaryScanLimit`` keys keeps its hashes in a temporary buffer and
    /// compares a hash with those before it only where its filter bit is set already: no array
    /// is made and none sorted (making and sorting one per summary cost the messy twitter 1.6 %
    /// of its instructions). A larger object sorts its hashes, so that the check costs the same
    /// per key however many keys the object has (`LinearWorkTests.swift`).
    private func summary(of object: Int, _ hashes: NormalizedKeyHashes, container: KeyedContainerState) throws
        -> NormalizedKeyHashes.ObjectSummary
    {
        var summary = NormalizedKeyHashes.ObjectSummary(
            object: object, cursor: object &+ 1, searches: 0, filter: (0, 0))
        let keyCount = map.childCount(object) / 2
        guard keyCount <= Self.summaryScanLimit else {
            return try sortedSummary(of: object, hashes, container: container, keyCount: keyCount, summary)
        }
        let complete = try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.summaryScanLimit) { seen in
            var count = 0
            for (key, _) in map.members(of: object) {
                // More keys than the count said: the sorted summary, which keeps them all.
                guard count < Self.summaryScanLimit else { return false }
                let hash = try hashes.hash(of: key) { try normalizedHash(ofKey: key, container: container) }
                if summary.cursor >= 0 && summary.mayContain(hash)
                    && UnsafeMutableBufferPointer(rebasing: seen[..<count]).contains(hash)
                {
                    summary.cursor = -1
                }
                summary.insert(hash)
                seen[count] = hash
                count &+= 1
            }
            return true
        }
        guard complete else {
            return try sortedSummary(
                of: object, hashes, container: container, keyCount: keyCount,
                NormalizedKeyHashes.ObjectSummary(object: object, cursor: object &+ 1, searches: 0, filter: (0, 0)))
        }
        return summary
    }

    /// The most keys of an object whose summary compares hashes without sorting them.
    private static var summaryScanLimit: Int { 64 }

    /// ``summary(of:_:container:)`` of an object of many keys (`keyCount`), `summary` the empty one:
    /// its hashes sorted, so that equal ones are neighbours.
    private func sortedSummary(
        of object: Int, _ hashes: NormalizedKeyHashes, container: KeyedContainerState, keyCount: Int,
        _ summary: NormalizedKeyHashes.ObjectSummary
    ) throws -> NormalizedKeyHashes.ObjectSummary {
        var summary = summary
        var all: [UInt32] = []
        all.reserveCapacity(keyCount)
        for (key, _) in map.members(of: object) {
            let hash = try hashes.hash(of: key) { try normalizedHash(ofKey: key, container: container) }
            summary.insert(hash)
            all.append(hash)
        }
        all.sort()
        for index in all.indices.dropFirst() where all[index] == all[index &- 1] {
            summary.cursor = -1
            break
        }
        return summary
    }

    /// Among key entries `candidates` (in document order) that normalize alike: the key entry
    /// that wins (see ``normalizedMatch(for:in:notes:)``) and the distinct spellings, in
    /// document order for `Data`, in UTF-8 byte order for a tree.
    private func choice(among candidates: [Int], container: KeyedContainerState) throws -> (
        chosen: Int, spellings: [String]
    ) {
        // A set, not a search of the spellings so far: an object may hold thousands of keys
        // that normalize alike, and each must cost the same (`LinearWorkTests.swift`).
        var spellings: [(name: String, entry: Int)] = []
        var seen = Set<String>()
        for candidate in candidates {
            let name = try keyString(candidate, path: container.pathNode)
            if seen.insert(name).inserted { spellings.append((name, candidate)) }
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
