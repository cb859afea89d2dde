/// What one decode read of the objects its models opened keyed containers on, for
/// ``LenientJSONDecoder/reportsUnusedKeys`` (the TheReport article, "Unused keys"). It exists only
/// when that option is on and someone reads the report, so any other decode pays one `nil` check
/// per keyed container and per key lookup.
///
/// Its records are appended in decode order and cut back with the events when an attempt is
/// abandoned (``DecoderImpl/unusedKeysMark`` and ``DecoderImpl/discardUnusedKeys(from:)``), so
/// they describe the value returned.
final class UnusedKeyTracker {
    enum Record {
        /// A model's keyed container was opened on `object`, whose members get the path `path`;
        /// `model` is the model type (or, where the decoder cannot tell, the coding keys type).
        case opened(object: Int, path: CodingPathNode, model: Any.Type)
        /// A lookup in `object` found the value at `entry` (a member's value, or a value inside a
        /// member for a key path).
        case read(object: Int, entry: Int)
        /// A lookup in `object` found nothing for `key` (its did-you-mean is worked out after the
        /// decode, and only where `object` has unused members).
        case missed(object: Int, key: String)
    }

    private(set) var records: [Record] = []
    /// The model type decoded at each entry so far.
    private var models: [Int: Any.Type] = [:]

    /// Notes that `type` is decoded at `entry`: the containers opened there are its.
    func decoding(_ type: Any.Type, at entry: Int) {
        models[entry] = type
    }

    /// Notes that a keyed container of `keys` was opened on `object` while the value at `entry`
    /// is being decoded.
    func opened(_ object: Int, path: CodingPathNode, decoding entry: Int, keys: Any.Type) {
        records.append(.opened(object: object, path: path, model: models[entry] ?? keys))
    }

    func read(_ entry: Int, in object: Int) {
        records.append(.read(object: object, entry: entry))
    }

    func missed(_ key: String, in object: Int) {
        records.append(.missed(object: object, key: key))
    }

    /// Forgets the records after the first `mark`.
    func discard(from mark: Int) {
        if records.count > mark { records.removeSubrange(mark...) }
    }

    /// Takes the records, leaving none (a streamed element's are its own).
    func takeRecords() -> [Record] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }
}

extension DecoderImpl {
    /// Where the unused-key records stand, for ``discardUnusedKeys(from:)``.
    var unusedKeysMark: Int { unusedKeys?.records.count ?? 0 }

    /// Forgets the unused-key records of an abandoned attempt, made after `mark`.
    func discardUnusedKeys(from mark: Int) {
        unusedKeys?.discard(from: mark)
    }

    /// Notes a keyed lookup of `key` in `object` that found `member` (or nothing), for
    /// ``LenientJSONDecoder/reportsUnusedKeys``.
    @inline(never)
    func noteLookup<K: CodingKey>(
        _ key: K, found member: KeyedMember?, in object: Int, path: CodingPathNode, tracker: UnusedKeyTracker
    ) {
        if let member {
            tracker.read(member.entry, in: object)
        } else {
            tracker.missed(key.stringValue, in: object)
        }
    }

    /// Adds one `unusedKey` event per member of an object a model's keyed container was opened
    /// on that no lookup read, after the decode (the TheReport article, "Unused keys"): in
    /// document order for `Data`; for `fromJSONObject`, whose dictionaries have no order, in the
    /// UTF-8 order of the members' pointers.
    func reportUnusedKeys() {
        guard let unusedKeys else { return }
        let records = unusedKeys.takeRecords()
        guard report != nil, !records.isEmpty else { return }
        struct Candidate {
            let path: CodingPathNode
            let model: Any.Type
        }
        var candidates: [Int: Candidate] = [:]
        var reads: [Int: [Int]] = [:]
        var missed: [Int: [String]] = [:]
        for record in records {
            switch record {
            case .opened(let object, let path, let model):
                if candidates[object] == nil { candidates[object] = Candidate(path: path, model: model) }
            case .read(let object, let entry):
                reads[object, default: []].append(entry)
            case .missed(let object, let key):
                missed[object, default: []].append(key)
            }
        }
        var unused: [(key: Int, value: Int, object: Int, name: String)] = []
        for (object, candidate) in candidates {
            let read = (reads[object] ?? []).sorted()
            for (key, value) in map.members(of: object) {
                // Read when a lookup found this member's value or (a key path) a value inside it.
                var low = 0
                var high = read.count
                while low < high {
                    let middle = (low + high) / 2
                    if read[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low < read.count && read[low] < map.next(after: value) { continue }
                let name = (try? keyString(key, path: candidate.path)) ?? ""
                unused.append((key, value, object, name))
            }
        }
        let likelyAliases = likelyAliases(among: unused, missed: missed, paths: candidates.mapValues(\.path))
        if map.keysHaveDocumentOrder {
            unused.sort { $0.key < $1.key }
        } else {
            let pointers = unused.map { member in
                JSONPath.pointer(for: candidates[member.object]?.path.path(appending: NameKey(member.name)) ?? [])
            }
            let order = unused.indices.sorted { pointers[$0].utf8.lexicographicallyPrecedes(pointers[$1].utf8) }
            unused = order.map { unused[$0] }
        }
        for member in unused {
            guard let candidate = candidates[member.object] else { continue }
            let model = candidate.model
            let name = member.name
            let missing = likelyAliases[member.object]?[name]
            // Described when the event is read (`Report/EventBatch.swift`).
            note(
                .unusedKey, .keyUnused, entry: member.value, path: candidate.path.appending(NameKey(name)),
                type: model, Self.unusedKeySentence(name, in: model, missing: missing), countsAsLeniency: false)
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
        paths: [Int: CodingPathNode]
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
                    ?? map.members(of: object).compactMap { try? keyString($0.key, path: paths[object] ?? .root) }
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
