/// The path from the document root to the value being decoded, as a linked list that becomes
/// `[CodingKey]` only when asked for (an error, or `codingPath`).
enum CodingPathNode: Sendable {
    case root
    case link(CodingPathLink)

    /// The path of `parent` and then `key`.
    @inline(__always) static func node(_ key: any CodingKey, _ parent: CodingPathNode) -> CodingPathNode {
        .link(CodingPathLink(key: key, parent: parent))
    }

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .link(let link) = node {
            keys.append(link.key)
            node = link.parent
        }
        return keys.reversed()
    }

    /// Whether this is `other` itself: both the root, or the same link.
    func isSameNode(as other: CodingPathNode) -> Bool {
        switch (self, other) {
        case (.root, .root): return true
        case (.link(let link), .link(let otherLink)): return link === otherLink
        default: return false
        }
    }

    /// The last key, or `nil` for the root.
    var lastKey: (any CodingKey)? {
        guard case .link(let link) = self else { return nil }
        return link.key
    }

    @inline(__always) func appending(_ key: (any CodingKey)?) -> CodingPathNode {
        guard let key else { return self }
        return .node(key, self)
    }

    @inline(__always) func path(appending key: (any CodingKey)?) -> [any CodingKey] {
        appending(key).path
    }

    /// The hash of the empty path's pattern, where ``patternHash(_:appending:)`` starts.
    static var rootPatternHash: UInt64 { 0x243F_6A88_85A3_08D3 }

    /// The hash of a path's pattern (its keys as the input spells them, every array index the
    /// same: the `[*]` of ``LenientDecodingReport/pattern(of:)``) from its parent's,
    /// `parentHash`, and its last key, made without a string. A named key is hashed on its own
    /// with the process's random seed (an index is a constant), and chained to its parent's, so
    /// that two paths with the same pattern hash alike, whatever values hold their keys.
    static func patternHash(_ parentHash: UInt64, appending key: any CodingKey) -> UInt64 {
        hash(parentHash, appending: key)
    }

    /// ``patternHash(_:appending:)`` with the key's type opened: a ``KeyPathKey`` is hashed as
    /// its steps, one after another, as its path's string writes it.
    private static func hash<Key: CodingKey>(_ parentHash: UInt64, appending key: Key) -> UInt64 {
        if Key.self == KeyPathKey.self, let keyPath = key as? KeyPathKey {
            return keyPath.steps.reduce(parentHash) { hash($0, appending: $1) }
        }
        return chain(parentHash, part(of: key))
    }

    /// ``patternHash(_:appending:)`` for a key spelled in the input as `spelling`, the bytes of
    /// a key entry (what a ``MatchedKey`` of that entry hashes as), without making the key.
    static func patternHash(_ parentHash: UInt64, appendingSpelling spelling: UnsafeBufferPointer<UInt8>) -> UInt64 {
        chain(parentHash, SpellingHash.hash(UnsafeRawBufferPointer(spelling)))
    }

    /// `parentHash` and `part`, two hashes, mixed into one: a multiplication and a shift, which
    /// tell apart any two `parentHash ^ part` (the product of an odd constant is a bijection).
    static func chain(_ parentHash: UInt64, _ part: UInt64) -> UInt64 {
        var chain = (parentHash ^ part) &* 0x9E37_79B9_7F4A_7C15
        chain ^= chain >> 29
        return chain
    }

    /// One key's part of ``patternHash(_:appending:)``.
    static func patternPart(of key: any CodingKey) -> UInt64 {
        part(of: key)
    }

    /// An array index's part of ``patternHash(_:appending:)``: the same for every index.
    static let indexPatternPart: UInt64 = 0x5851_F42D_4C95_7F2D

    /// ``patternPart(of:)`` with the key's type opened, so that a `MatchedKey` is read as one
    /// without a dynamic cast (which costs more than the hash).
    private static func part<Key: CodingKey>(of key: Key) -> UInt64 {
        if Key.self == IndexKey.self { return indexPatternPart }
        if Key.self == MatchedKey.self, let matched = key as? MatchedKey {
            return matched.withInputSpelling { SpellingHash.hash($0) }
        }
        var name = key.stringValue
        return name.withUTF8 { SpellingHash.hash(UnsafeRawBufferPointer($0)) }
    }

    /// The path's keys from the root as ``patternHash(_:appending:)`` reads them: `nil` for an
    /// array index, else the key as the input spells it.
    var patternNames: [String?] {
        var names: [String?] = []
        var node = self
        while case .link(let link) = node {
            if let keyPath = link.key as? KeyPathKey {
                names += keyPath.steps.reversed().map(Self.patternName(of:))
            } else {
                names.append(Self.patternName(of: link.key))
            }
            node = link.parent
        }
        return names.reversed()
    }

    /// The pattern string of `names` (``patternNames``): `$.users[*].age`, as
    /// ``LenientDecodingReport/pattern(of:)`` makes it from the path's string.
    static func patternString(of names: [String?]) -> String {
        var result = "$"
        for name in names { result += name.map { JSONPath.segment(forKey: $0) } ?? "[*]" }
        return result
    }

    /// The name a key has in a path pattern: `nil` for an array index, else the key as the
    /// input spells it (as `JSONPath` writes it).
    private static func patternName(of key: any CodingKey) -> String? {
        let keyType = type(of: key)
        if keyType == IndexKey.self { return nil }
        if keyType == MatchedKey.self, let matched = key as? MatchedKey { return matched.inputName }
        return key.stringValue
    }
}

/// One step of a ``CodingPathNode``: a key and the path before it, and, once a report's
/// statistics have hashed it, the hash of its pattern (``PatternHashes``), so that the events
/// that share a parent hash it once. A class rather than an `indirect` case so that the hash has
/// a place the language guarantees; it costs the same one allocation per node.
///
/// Unchecked `Sendable`: ``patternHash`` is written only by the decode that made the node, or
/// after that decode has handed its records on (under the statistics' lock), never by two
/// threads at once; every other property is a constant.
final class CodingPathLink: @unchecked Sendable {
    let key: any CodingKey
    let parent: CodingPathNode
    /// The hash of the path's pattern, `0` until it is made (a made hash is never `0`).
    var patternHash: UInt64 = 0

    init(key: any CodingKey, parent: CodingPathNode) {
        self.key = key
        self.parent = parent
    }
}

/// The coding key of an array element: `intValue` is the index, `stringValue` is
/// `"Index N"` as in `JSONDecoder`.
struct IndexKey: CodingKey, Sendable {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// A coding key made from a string: object keys in `decode(_:from:at:)` paths, `"super"`,
/// and the keys of a `String`-keyed dictionary.
/// Like `JSONDecoder`'s own key, `intValue` is the key read as an integer when it is one.
struct NameKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?
    init(_ string: String) {
        stringValue = string
        intValue = Int(string)
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    static let `super` = NameKey("super")
}
