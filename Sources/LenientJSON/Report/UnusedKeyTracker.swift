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
        /// A lookup in `object` found nothing for `key`, whose did-you-mean is `suggestion`.
        case missed(object: Int, key: String, suggestion: String)
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

    func missed(_ key: String, in object: Int, suggestion: String?) {
        guard let suggestion else { return }
        records.append(.missed(object: object, key: key, suggestion: suggestion))
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
            tracker.missed(key.stringValue, in: object, suggestion: suggestion(for: key, in: object, path: path))
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
        var likelyAliases: [Int: [String: String]] = [:]
        for record in records {
            switch record {
            case .opened(let object, let path, let model):
                if candidates[object] == nil { candidates[object] = Candidate(path: path, model: model) }
            case .read(let object, let entry):
                reads[object, default: []].append(entry)
            case .missed(let object, let key, let suggestion):
                if likelyAliases[object]?[suggestion] == nil { likelyAliases[object, default: [:]][suggestion] = key }
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
            let modelName = DecodingErrors.typeName(candidate.model)
            var description = "Unused key \"\(member.name)\" in \(modelName)"
            if let missing = likelyAliases[member.object]?[member.name] {
                description +=
                    "; did you mean \"\(missing)\", which \(modelName) missed? "
                    + "Register \"\(member.name)\" as an alias of it."
            }
            note(
                .unusedKey, .keyUnused, entry: member.value,
                path: candidate.path.appending(NameKey(member.name)), type: candidate.model, description,
                countsAsLeniency: false)
        }
    }
}
