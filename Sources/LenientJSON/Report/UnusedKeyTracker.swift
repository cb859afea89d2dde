/// What one decode read of the objects its models opened keyed containers on, for
/// ``LenientJSONDecoder/reportsUnusedKeys`` (the TheReport article, "Unused keys"). It exists only
/// when that option is on and someone reads the report, so any other decode pays one `nil` check
/// per keyed container and per key lookup.
///
/// During the decode it only appends to three logs (containers opened, values read, keys
/// missed), cut back together when an attempt is abandoned (``DecoderImpl/unusedKeysMark`` and
/// ``DecoderImpl/discardUnusedKeys(from:)``), so that they describe the value returned. Which
/// members nobody read is worked out once, after the decode (``DecoderImpl/reportUnusedKeys()``).
final class UnusedKeyTracker {
    /// A model's keyed container was opened on `object`, whose members get the path `path`;
    /// `model` is the model type (or, where the decoder cannot tell, the coding keys type).
    struct Opened {
        let object: Int
        let path: CodingPathNode
        let model: Any.Type
    }

    /// A lookup in `object` found nothing for `key` (its did-you-mean is worked out after the
    /// decode, and only where `object` has unused members).
    struct Missed {
        let object: Int
        let key: String
    }

    /// The lengths of the three logs at one point of the decode.
    struct Mark {
        let opened: Int
        let reads: Int
        let missed: Int
    }

    // Unchecked: one decode, on one thread, appends and cuts back, and no access to a log is
    // ever held across another.
    @exclusivity(unchecked) private(set) var opened: [Opened] = []
    /// The entries lookups found: a member's value, or (a key path) a value inside a member.
    @exclusivity(unchecked) private(set) var reads: [Int] = []
    @exclusivity(unchecked) private(set) var missed: [Missed] = []
    /// The model type decoded last and where: a container opened there is that model's.
    @exclusivity(unchecked) private var model: (entry: Int, type: Any.Type)?

    /// A tracker for a decode of `map`, with room for a read of every member of every object
    /// (at most half its entries), so that the log never grows during the decode.
    init(for map: ValueMap) {
        reads.reserveCapacity(map.nullEntry / 2 + 1)
    }

    var mark: Mark { Mark(opened: opened.count, reads: reads.count, missed: missed.count) }

    /// Notes that `type` is decoded at `entry`: the containers opened there next are its.
    func decoding(_ type: Any.Type, at entry: Int) {
        model = (entry, type)
    }

    /// Notes that a keyed container of `keys` was opened on `object` while the value at `entry`
    /// is being decoded.
    func opened(_ object: Int, path: CodingPathNode, decoding entry: Int, keys: Any.Type) {
        let type = model.flatMap { $0.entry == entry ? $0.type : nil } ?? keys
        opened.append(Opened(object: object, path: path, model: type))
    }

    @inline(__always) func read(_ entry: Int) {
        reads.append(entry)
    }

    func missed(_ key: String, in object: Int) {
        missed.append(Missed(object: object, key: key))
    }

    /// Forgets what was noted after `mark`.
    func discard(from mark: Mark) {
        if opened.count > mark.opened { opened.removeSubrange(mark.opened...) }
        if reads.count > mark.reads { reads.removeSubrange(mark.reads...) }
        if missed.count > mark.missed { missed.removeSubrange(mark.missed...) }
    }

    /// Forgets everything (a streamed element's logs are its own).
    func reset() {
        opened.removeAll(keepingCapacity: true)
        reads.removeAll(keepingCapacity: true)
        missed.removeAll(keepingCapacity: true)
        model = nil
    }
}

extension DecoderImpl {
    /// Where the unused-key records stand, for ``discardUnusedKeys(from:)``.
    var unusedKeysMark: UnusedKeyTracker.Mark? { unusedKeys?.mark }

    /// Forgets the unused-key records of an abandoned attempt, made after `mark`.
    func discardUnusedKeys(from mark: UnusedKeyTracker.Mark?) {
        if let unusedKeys, let mark { unusedKeys.discard(from: mark) }
    }

    /// Notes a keyed lookup of `key` in `object` that found `member` (or nothing), for
    /// ``LenientJSONDecoder/reportsUnusedKeys``.
    @inline(__always)
    func noteLookup<K: CodingKey>(_ key: K, found member: KeyedMember?, in object: Int) {
        guard let unusedKeys else { return }
        if let member {
            unusedKeys.read(member.entry)
        } else {
            noteMiss(key, in: object, tracker: unusedKeys)
        }
    }

    @inline(never)
    private func noteMiss<K: CodingKey>(_ key: K, in object: Int, tracker: UnusedKeyTracker) {
        tracker.missed(key.stringValue, in: object)
    }

    /// Adds one `unusedKey` event per member of an object a model's keyed container was opened
    /// on that no lookup read, after the decode (the TheReport article, "Unused keys"): in
    /// document order for `Data`; for `fromJSONObject`, whose dictionaries have no order, in the
    /// UTF-8 order of the members' pointers.
    func reportUnusedKeys() {
        guard let tracker = unusedKeys else { return }
        defer { tracker.reset() }
        guard report != nil, !tracker.opened.isEmpty else { return }
        var read = EntrySet(count: map.nullEntry &+ 3)
        for entry in tracker.reads { read.insert(entry) }
        var seen = EntrySet(count: map.nullEntry &+ 3)
        var unused: [(key: Int, value: Int, object: Int, name: String)] = []
        // The first container opened on an object names its model and path: by object, for the
        // objects that have unused members.
        var owners: [Int: UnusedKeyTracker.Opened] = [:]
        for opened in tracker.opened where seen.insert(opened.object) {
            var named = false
            for (key, value) in map.members(of: opened.object) {
                // Read when a lookup found this member's value or (a key path) a value inside it.
                if read.contains(value) || read.containsAny(in: value &+ 1..<map.next(after: value)) { continue }
                let name = (try? keyString(key, path: opened.path)) ?? ""
                unused.append((key, value, opened.object, name))
                if !named {
                    named = true
                    owners[opened.object] = opened
                }
            }
        }
        guard !unused.isEmpty else { return }
        var missed: [Int: [String]] = [:]
        for miss in tracker.missed where owners[miss.object] != nil {
            missed[miss.object, default: []].append(miss.key)
        }
        let likelyAliases = likelyAliases(among: unused, missed: missed, owners: owners)
        if map.keysHaveDocumentOrder {
            unused.sort { $0.key < $1.key }
        } else {
            let pointers = unused.map { member in
                JSONPath.pointer(for: owners[member.object]?.path.path(appending: NameKey(member.name)) ?? [])
            }
            let order = unused.indices.sorted { pointers[$0].utf8.lexicographicallyPrecedes(pointers[$1].utf8) }
            unused = order.map { unused[$0] }
        }
        for member in unused {
            guard let owner = owners[member.object] else { continue }
            let name = member.name
            let model = owner.model
            let missing = likelyAliases[member.object]?[name]
            // Described when the event is read (`Report/EventBatch.swift`).
            note(
                .unusedKey, .keyUnused, entry: member.value, path: owner.path.appending(NameKey(name)), type: model,
                Self.unusedKeySentence(name, in: model, missing: missing), countsAsLeniency: false)
        }
    }

    /// What an `unusedKey` event says: the member, the model, and the missed key it likely stands for.
    private static func unusedKeySentence(_ name: String, in model: Any.Type, missing: String?) -> String {
        let modelName = DecodingErrors.typeName(model)
        var description = "Unused key \"\(name)\" in \(modelName)"
        if let missing {
            description +=
                "; did you mean \"\(missing)\", which \(modelName) missed? " + "Register \"\(name)\" as an alias of it."
        }
        return description
    }

    /// For each object, its unused members that are the did-you-mean of a key the same object
    /// missed (the suggestion of that key's keyNotFound error), by the missed key: the first
    /// missed key that names a member wins. A missed key whose suggestion among the unused
    /// members alone is none cannot name one, so only the rest are checked against every member.
    private func likelyAliases(
        among unused: [(key: Int, value: Int, object: Int, name: String)], missed: [Int: [String]],
        owners: [Int: UnusedKeyTracker.Opened]
    ) -> [Int: [String: String]] {
        var unusedNames: [Int: [String]] = [:]
        for member in unused where missed[member.object] != nil {
            unusedNames[member.object, default: []].append(member.name)
        }
        var aliases: [Int: [String: String]] = [:]
        for (object, names) in unusedNames {
            var allNames: [String]?
            for key in missed[object] ?? [] {
                guard let near = KeyNormalization.suggestion(for: key, among: names) else { continue }
                let all =
                    allNames
                    ?? map.members(of: object).compactMap {
                        try? keyString($0.key, path: owners[object]?.path ?? .root)
                    }
                allNames = all
                guard KeyNormalization.suggestion(for: key, among: all) == near, aliases[object]?[near] == nil else {
                    continue
                }
                aliases[object, default: [:]][near] = key
            }
        }
        return aliases
    }
}

/// A set of a document's entries, one bit each: which values lookups read, and which objects
/// were looked at already.
struct EntrySet {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count &+ 63) / 64)
    }

    /// Adds `entry`; whether it was not in the set before.
    @discardableResult
    mutating func insert(_ entry: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(entry & 63)
        let old = words[entry >> 6]
        words[entry >> 6] = old | bit
        return old & bit == 0
    }

    func contains(_ entry: Int) -> Bool {
        words[entry >> 6] & (1 << UInt64(entry & 63)) != 0
    }

    /// Whether some entry of `range` is in the set.
    func containsAny(in range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        let first = range.lowerBound >> 6
        let last = (range.upperBound &- 1) >> 6
        for index in first...last {
            var word = words[index]
            if index == first { word &= ~0 << UInt64(range.lowerBound & 63) }
            if index == last { word &= ~0 >> UInt64(63 &- ((range.upperBound &- 1) & 63)) }
            if word != 0 { return true }
        }
        return false
    }
}
