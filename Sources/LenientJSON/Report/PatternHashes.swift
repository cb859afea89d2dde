/// The hashes of a decode's event patterns (kind, rule, and the path with every array index
/// alike), each path's worked out once: the events of a decode share most of their paths (the
/// siblings of an array, the members of an object), so an event hashes its own last key and
/// looks its parent's pattern hash up by the parent node's ``CodingPathNode/identity``. What
/// ``EventBatch/patternGroups(among:)`` groups records by; a collector for statistics hashes each
/// record's path when the rule fires (``ReportCollector``), while its nodes are in the cache.
struct PatternHashes {
    /// The pattern hashes of the parent nodes met lately, by address: every path passed in
    /// must stay alive until ``forgetNodes()`` (``NodeHashCache``).
    private var parents = NodeHashCache()
    /// The (kind, rule) pairs met, with the words that store them and their hashes: few per
    /// decode, so that their names are hashed once, not for every event.
    private var rules: [(kind: LenientDecodingEvent.Kind, rule: LenientRule, bits: SIMD4<UInt64>?, hash: Int)] = []
    /// The pair of ``rules`` met last, by its words.
    private var lastRule: (bits: SIMD4<UInt64>, hash: Int)?
    /// What reads a node's key and parent in its box without copying them, where boxes are laid
    /// out as it reads them.
    private let boxes = CodingPathNodeBox.shared

    /// Forgets the nodes met, some of which the caller is about to free.
    mutating func forgetNodes() {
        parents.forgetAll()
    }

    /// The hash of a record's pattern: its kind, rule and path (the path's hash as recorded,
    /// ``ReportCollector/Record/pathHash``, or worked out now).
    /// Read through a pointer, field by field: a record passed as a value is copied whole, its
    /// references retained and released.
    mutating func hash(_ record: UnsafePointer<ReportCollector.Record>) -> Int {
        var pathHash = record.pointee.pathHash
        if pathHash == 0 {
            pathHash = self.pathHash(
                node: record.pointee.node, last: record.pointee.last, keyEntry: record.pointee.keyEntry,
                in: record.pointee.map)
        }
        return combine(record.pointee.kind, record.pointee.rule, pathHash)
    }

    /// The pattern hash of the path that `last` ends after `node` (a record's parts): a key
    /// match's last key as the input spells it at `keyEntry` of `map`.
    mutating func pathHash(
        node: CodingPathNode, last: ReportCollector.LastKey, keyEntry: Int, in map: ValueMap
    ) -> UInt64 {
        switch last {
        case .none: return leafHash(node)
        case .index: return CodingPathNode.patternHash(parentHash(node), appending: IndexKey(0))
        case .indices:
            let outer = CodingPathNode.patternHash(parentHash(node), appending: IndexKey(0))
            return CodingPathNode.patternHash(outer, appending: IndexKey(0))
        case .matchedKey:
            return CodingPathNode.patternHash(parentHash(node), appendingSpelling: map.text(keyEntry))
        case .name(var name):
            return name.withUTF8 { CodingPathNode.patternHash(parentHash(node), appendingSpelling: $0) }
        }
    }

    /// The hash of the pattern of an event of `kind` and `rule` at a path whose pattern hash is
    /// `pathHash` (``pathHash(node:last:keyEntry:in:)``).
    mutating func hash(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, pathHash: UInt64) -> Int {
        combine(kind, rule, pathHash)
    }

    /// The hash of the pattern of an event of `kind` and `rule` at `path`, whose parents the
    /// caller keeps alive while these hashes are used.
    mutating func hash(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, _ path: CodingPathNode) -> Int {
        combine(kind, rule, leafHash(path))
    }

    /// The pattern hash of `kind` and `rule` at a path whose pattern hash is `pathHash`: both
    /// are hashes made with the process's random seed, chained as a path's keys are.
    private mutating func combine(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, _ pathHash: UInt64) -> Int {
        Int(truncatingIfNeeded: CodingPathNode.chain(UInt64(truncatingIfNeeded: ruleHash(kind, rule)), pathHash))
    }

    private mutating func ruleHash(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule) -> Int {
        // A rule's kind and code are mostly the same constants, stored alike: compared by their
        // bits first, which is cheap where comparing two different strings is not; consecutive
        // events mostly have the same rule.
        let bits = Self.bits(of: kind.rawValue, rule.rawValue)
        if let bits, let lastRule, lastRule.bits == bits { return lastRule.hash }
        if let bits, let known = rules.first(where: { $0.bits == bits }) {
            lastRule = (bits, known.hash)
            return known.hash
        }
        if let known = rules.first(where: { $0.kind == kind && $0.rule == rule }) { return known.hash }
        var hasher = Hasher()
        hasher.combine(kind)
        hasher.combine(rule)
        let hash = hasher.finalize()
        rules.append((kind, rule, bits, hash))
        return hash
    }

    /// The words that store `kind` and `rule` (equal words are equal strings, not the other way),
    /// or `nil` where a string is not two 64-bit words.
    private static func bits(of kind: String, _ rule: String) -> SIMD4<UInt64>? {
        guard MemoryLayout<String>.size == 16 else { return nil }
        let kindBits = withUnsafeBytes(of: kind) { $0.loadUnaligned(as: SIMD2<UInt64>.self) }
        let ruleBits = withUnsafeBytes(of: rule) { $0.loadUnaligned(as: SIMD2<UInt64>.self) }
        return SIMD4(lowHalf: kindBits, highHalf: ruleBits)
    }

    /// The pattern hash of `node`, an event's whole path: from its parent's, without keeping it
    /// in the cache, where it would take the slot of a parent that later events share (an
    /// event's own path is mostly a node made for it alone).
    private mutating func leafHash(_ node: CodingPathNode) -> UInt64 {
        if let boxes, let identity = node.identity { return hash(ofBoxAt: identity, boxes, keeps: false) }
        guard case .node(let key, let parent) = node else { return CodingPathNode.rootPatternHash }
        return CodingPathNode.patternHash(parentHash(parent), appending: key)
    }

    /// The pattern hash of `node`, a parent of an event's path.
    private mutating func parentHash(_ node: CodingPathNode) -> UInt64 {
        guard let identity = node.identity else { return Self.uncachedHash(node) }
        if let boxes { return hash(ofBoxAt: identity, boxes, keeps: true) }
        if let known = parents[identity] { return known }
        guard case .node(let key, let parent) = node else { return CodingPathNode.rootPatternHash }
        let hash = CodingPathNode.patternHash(parentHash(parent), appending: key)
        parents.set(hash, identity: identity)
        return hash
    }

    /// The pattern hash of the node of `identity`, its key and parent read in its box by `boxes`;
    /// kept in the cache if `keeps` (a parent), as its parents are.
    private mutating func hash(ofBoxAt identity: UInt, _ boxes: CodingPathNodeBox, keeps: Bool) -> UInt64 {
        if keeps, let known = parents[identity] { return known }
        let parent = boxes.parent(of: identity)
        let parentHash =
            parent == boxes.rootWord ? CodingPathNode.rootPatternHash : hash(ofBoxAt: parent, boxes, keeps: true)
        var part = CodingPathNode.indexPatternPart
        if !boxes.hasIndexKey(identity), let key = boxes.key(of: identity) {
            part = CodingPathNode.patternPart(of: key.pointee)
        }
        let hash = CodingPathNode.chain(parentHash, part)
        if keeps { parents.set(hash, identity: identity) }
        return hash
    }

    /// The pattern hash of `node` worked out from the root (a node without an identity).
    private static func uncachedHash(_ node: CodingPathNode) -> UInt64 {
        var keys: [any CodingKey] = []
        var node = node
        while case .node(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed().reduce(CodingPathNode.rootPatternHash) { CodingPathNode.patternHash($0, appending: $1) }
    }
}
