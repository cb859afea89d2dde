/// What one decode read of the objects its models opened keyed containers on, for
/// ``LenientJSONDecoder/reportsUnusedKeys`` (the TheReport article, "Unused keys"). It exists only
/// when that option is on and someone reads the report, so any other decode pays one `nil` check
/// per keyed container, per key lookup and per model decoded. Its session holds it behind a
/// pointer, so that noting a read retains nothing.
///
/// During the decode it notes the containers opened, the values read and the keys missed, and
/// takes them back when an attempt is abandoned (``DecodeObserver/unusedKeysMark`` and
/// ``DecodeObserver/discardUnusedKeys(from:)``), so that they describe the value returned. A
/// container whose object had every member read by the time its model was decoded is
/// forgotten then (``forgetFullyRead(openedSince:in:)``): no member of it can be unused, and its
/// path is let go while the decode still holds it. Which members of the rest nobody read is
/// worked out once, after the decode (``DecoderImpl/reportUnusedKeys()``).
struct UnusedKeyTracker {
    /// A model's keyed container was opened on `object`, whose members get the path `path`;
    /// `model` is the model type (or, where the decoder cannot tell, the coding keys type).
    struct Opened {
        let object: Int
        let path: CodingPathNode
        let model: Any.Type
        /// Whether a model's end found a member of `object` unread (it is then left to the end
        /// of the decode).
        var checked = false
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

    private(set) var opened: [Opened] = []
    private(set) var reads: ReadEntries
    private(set) var missed: [Missed] = []
    /// The model type decoded last and where: a container opened there is that model's.
    private var model: (entry: Int, type: Any.Type)?

    /// A tracker for a decode of `map`.
    init(for map: ValueMap) {
        reads = ReadEntries(entries: map.nullEntry &+ 3)
        // Containers are forgotten as their models end: the log holds about one per level of
        // nesting, and the objects left with unused members.
        opened.reserveCapacity(32)
    }

    /// Frees the read log; the tracker is not used again.
    func deallocate() {
        reads.deallocate()
    }

    var mark: Mark { Mark(opened: opened.count, reads: reads.count, missed: missed.count) }

    /// Notes that `type` is decoded at `entry`: the containers opened there next are its.
    mutating func decoding(_ type: Any.Type, at entry: Int) {
        model = (entry, type)
    }

    /// Notes that a keyed container of `keys` was opened on `object` while the value at `entry`
    /// is being decoded.
    mutating func opened(_ object: Int, path: CodingPathNode, decoding entry: Int, keys: Any.Type) {
        let type = model.flatMap { $0.entry == entry ? $0.type : nil } ?? keys
        opened.append(Opened(object: object, path: path, model: type))
    }

    @inline(__always) mutating func read(_ entry: Int) {
        reads.insert(entry)
    }

    mutating func missed(_ key: String, in object: Int) {
        missed.append(Missed(object: object, key: key))
    }

    /// Forgets the containers opened since the log held `start` of them whose objects had every
    /// member read, once the model that opened them is decoded; the others are checked again
    /// only after the decode.
    mutating func forgetFullyRead(openedSince start: Int, in map: ValueMap) {
        guard start >= 0 else { return }
        var kept = start
        var index = start
        while index < opened.count {
            defer { index &+= 1 }
            if !opened[index].checked {
                if isFullyRead(opened[index].object, in: map) { continue }
                opened[index].checked = true
            }
            if kept != index { opened.swapAt(kept, index) }
            kept &+= 1
        }
        while opened.count > kept { opened.removeLast() }
    }

    /// Whether a lookup read every member of `object`: its value, or (a key path) a value
    /// inside it.
    func isFullyRead(_ object: Int, in map: ValueMap) -> Bool {
        for (_, value) in map.members(of: object) where !isRead(value, in: map) { return false }
        return true
    }

    /// Whether a lookup read the member value `value` or (a key path) a value inside it.
    func isRead(_ value: Int, in map: ValueMap) -> Bool {
        reads.set.contains(value) || reads.set.containsAny(in: value &+ 1..<map.next(after: value))
    }

    /// Forgets what was noted after `mark`.
    mutating func discard(from mark: Mark) {
        if opened.count > mark.opened { opened.removeSubrange(mark.opened...) }
        reads.removeLast(downTo: mark.reads)
        if missed.count > mark.missed { missed.removeSubrange(mark.missed...) }
    }

    /// Forgets everything (a streamed element's logs are its own).
    mutating func reset() {
        opened.removeAll(keepingCapacity: true)
        reads.removeLast(downTo: 0)
        missed.removeAll(keepingCapacity: true)
        model = nil
    }
}

extension DecoderImpl {
    /// Adds one `unusedKey` event per member of an object a model's keyed container was opened
    /// on that no lookup read, after the decode (the TheReport article, "Unused keys"): in
    /// document order for `Data`; for `fromJSONObject`, whose dictionaries have no order, in the
    /// UTF-8 order of the members' pointers.
    func reportUnusedKeys() {
        guard let unusedKeys = observer.unusedKeys else { return }
        defer { unusedKeys.pointee.reset() }
        let tracker = unusedKeys.pointee
        guard report != nil, !tracker.opened.isEmpty else { return }
        let seen = EntrySet(count: map.nullEntry &+ 3)
        defer { seen.deallocate() }
        var unused: [(key: Int, value: Int, object: Int, name: String)] = []
        // The first container opened on an object names its model and path: by object, for the
        // objects that have unused members.
        var owners: [Int: UnusedKeyTracker.Opened] = [:]
        for opened in tracker.opened where seen.insert(opened.object) {
            var named = false
            for (key, value) in map.members(of: opened.object) {
                if tracker.isRead(value, in: map) { continue }
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
                .text(Self.unusedKeySentence(name, in: model, missing: missing)), countsAsLeniency: false)
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
