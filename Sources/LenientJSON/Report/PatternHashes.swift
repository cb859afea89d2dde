/// The hashes of a decode's event patterns (kind, rule, and the path with every array index
/// alike), each path's worked out once: the events of a decode share most of their paths (the
/// siblings of an array, the members of an object), so an event hashes its own last key and
/// reads its parent's pattern hash where the parent node keeps it (``CodingPathLink/patternHash``). What
/// ``EventBatch/patternGroups(among:)`` groups records by; a collector for statistics hashes each
/// record's path when the rule fires (``ReportCollector``), while its nodes are in the cache.
struct PatternHashes {
    /// The (kind, rule) pairs met, with their hashes: few per decode, so that their names are
    /// hashed once, not for every event.
    private var rules: [(kind: LenientDecodingEvent.Kind, rule: LenientRule, hash: Int)] = []
    /// The pair of ``rules`` met last: consecutive events mostly have the same rule.
    private var lastRule: (kind: LenientDecodingEvent.Kind, rule: LenientRule, hash: Int)?
    /// The hashes of the (kind, rule) pairs of records met, by their codes;
    /// `nil` where a pair has not been met. Equal to the hash of the pair's public forms, so that
    /// a record's pattern and its event's hash alike.
    private var codeHashes: [Int?] = []
    /// The slot of ``codeHashes`` read last, and its hash: consecutive records mostly have the
    /// same kind and rule.
    private var lastSlot = -1
    private var lastSlotHash = 0

    /// The hash of a record's pattern: its kind, rule and path (the path's hash as recorded,
    /// ``ReportCollector/Record/pathHash``, or worked out now).
    /// Read through a pointer, field by field: a record passed as a value is copied whole, its
    /// references retained and released.
    mutating func hash(_ record: UnsafePointer<ReportCollector.Record>) -> Int {
        var pathHash = record.pointee.pathHash
        if pathHash == 0 { pathHash = Self.pathHash(of: record) }
        return hash(record.pointee.kind, record.pointee.rule, pathHash: pathHash)
    }

    /// The pattern hash of the path that `last` ends after `node` (the parts of a record being
    /// made; ``pathHash(of:)`` reads a made one's in place): a key match's last key as the input
    /// spells it at `keyEntry` of `map`. `mutating` though it changes nothing: called on the
    /// collector's optional table, a non-mutating call copied the table, its arrays retained, for
    /// every record (messy canada's `statistics` 197.4 M instructions a decode, so 214.1 M).
    mutating func pathHash(
        node: CodingPathNode, last: ReportCollector.LastKey, keyEntry: Int, in map: ValueMap
    ) -> UInt64 {
        switch last {
        case .none: return Self.hash(of: node)
        case .index: return Self.indexHash(after: Self.hash(of: node))
        case .indices: return Self.indicesHash(after: Self.hash(of: node))
        case .matchedKey: return Self.spellingHash(after: Self.hash(of: node), map.text(keyEntry))
        case .name(var name): return name.withUTF8 { Self.spellingHash(after: Self.hash(of: node), $0) }
        }
    }

    /// The pattern hash of `record`'s path (its node and the last key after it; a key match's last
    /// key as the input spells it), read in place: its node and last key passed as values were
    /// copied, their references retained and released, for every record a summary groups
    /// (Benchmarks `lenient-report-summary`).
    static func pathHash(of record: UnsafePointer<ReportCollector.Record>) -> UInt64 {
        switch record.pointee.last {
        case .none: return hash(of: record.pointee.node)
        case .index: return indexHash(after: hash(of: record.pointee.node))
        case .indices: return indicesHash(after: hash(of: record.pointee.node))
        case .matchedKey:
            return spellingHash(after: hash(of: record.pointee.node), record.pointee.map.text(record.pointee.keyEntry))
        case .name(var name): return name.withUTF8 { spellingHash(after: hash(of: record.pointee.node), $0) }
        }
    }

    /// The pattern hash of the member spelled `spelling` (UTF-8) of the object whose pattern hash
    /// is `parent`.
    private static func spellingHash(after parent: UInt64, _ spelling: UnsafeBufferPointer<UInt8>) -> UInt64 {
        CodingPathNode.patternHash(parent, appendingSpelling: spelling)
    }

    /// The pattern hash of an array element of the array whose pattern hash is `parent`.
    private static func indexHash(after parent: UInt64) -> UInt64 {
        CodingPathNode.patternHash(parent, appending: IndexKey(0))
    }

    /// The pattern hash of an element of an element of the array whose pattern hash is `parent`.
    private static func indicesHash(after parent: UInt64) -> UInt64 {
        indexHash(after: indexHash(after: parent))
    }

    /// The hash of the pattern of a record of `kind` and `rule` at a path whose pattern hash is
    /// `pathHash` (``pathHash(node:last:keyEntry:in:)``, ``pathHash(of:)``).
    mutating func hash(_ kind: EventKindCode, _ rule: RuleCode, pathHash: UInt64) -> Int {
        Self.chain(ruleHash(kind, rule), pathHash)
    }

    /// The hash of the pattern of an event of `kind` and `rule` at `path`, whose parents the
    /// caller keeps alive while these hashes are used.
    mutating func hash(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, _ path: CodingPathNode) -> Int {
        combine(kind, rule, Self.hash(of: path))
    }

    /// Whether records `a` and `b` have the same pattern because it is made of the same parts:
    /// the same kind and rule, the same path node, and after it no key, one index or two in
    /// both (a pattern writes every index as `[*]`, whatever its value). `false` says nothing: a
    /// key match's or a member's last key is not compared.
    static func samePattern(
        _ a: UnsafePointer<ReportCollector.Record>, _ b: UnsafePointer<ReportCollector.Record>
    ) -> Bool {
        switch (a.pointee.last, b.pointee.last) {
        case (.none, .none), (.index, .index), (.indices, .indices): break
        default: return false
        }
        guard a.pointee.node.isSameNode(as: b.pointee.node) else { return false }
        return a.pointee.kind == b.pointee.kind && a.pointee.rule == b.pointee.rule
    }

    /// The pattern hash of `kind` and `rule` at a path whose pattern hash is `pathHash`: both
    /// are hashes made with the process's random seed, chained as a path's keys are.
    private mutating func combine(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, _ pathHash: UInt64) -> Int {
        Self.chain(ruleHash(kind, rule), pathHash)
    }

    /// A (kind, rule) pair's hash chained with a path's pattern hash: the pattern's hash, whether
    /// the pair is given by its codes (a record) or by its public forms (an event).
    private static func chain(_ ruleHash: Int, _ pathHash: UInt64) -> Int {
        Int(truncatingIfNeeded: CodingPathNode.chain(UInt64(truncatingIfNeeded: ruleHash), pathHash))
    }

    /// The hash of a record's (kind, rule) pair, by its codes: a table read where the public
    /// forms are strings to compare.
    private mutating func ruleHash(_ kind: EventKindCode, _ rule: RuleCode) -> Int {
        // Fewer than 64 rules and 8 kinds (`RuleCodesTests`): a kind's six bits, then its rule's.
        let slot = Int(kind.rawValue) &<< 6 | Int(rule.rawValue)
        if slot == lastSlot { return lastSlotHash }
        if slot < codeHashes.count, let known = codeHashes[slot] {
            (lastSlot, lastSlotHash) = (slot, known)
            return known
        }
        if codeHashes.isEmpty { codeHashes = Array(repeating: nil, count: 8 << 6) }
        let hash = ruleHash(kind.kind, rule.rule)
        codeHashes[slot] = hash
        return hash
    }

    private mutating func ruleHash(_ kind: LenientDecodingEvent.Kind, _ rule: LenientRule) -> Int {
        // A rule's kind and code are mostly the same constants: equal strings that share their
        // storage compare without reading their characters.
        if let lastRule, lastRule.rule == rule, lastRule.kind == kind { return lastRule.hash }
        if let known = rules.first(where: { $0.rule == rule && $0.kind == kind }) {
            lastRule = known
            return known.hash
        }
        var hasher = Hasher()
        hasher.combine(kind)
        hasher.combine(rule)
        let hash = hasher.finalize()
        rules.append((kind, rule, hash))
        lastRule = (kind, rule, hash)
        return hash
    }

    /// The pattern hash of `node`: the one it keeps, else made from its parent's and kept there.
    static func hash(of node: CodingPathNode) -> UInt64 {
        guard case .link(let link) = node else { return CodingPathNode.rootPatternHash }
        if link.patternHash != 0 { return link.patternHash }
        var hash = CodingPathNode.patternHash(hash(of: link.parent), appending: link.key)
        if hash == 0 { hash = 1 }  // 0 marks a hash not made yet
        link.patternHash = hash
        return hash
    }
}
