/// The path from the document root to the value being decoded, as a linked list that becomes
/// `[CodingKey]` only when asked for (an error, or `codingPath`).
indirect enum CodingPathNode: Sendable {
    case root
    case node(any CodingKey, CodingPathNode)

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .node(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    @inline(__always) func appending(_ key: (any CodingKey)?) -> CodingPathNode {
        guard let key else { return self }
        return .node(key, self)
    }

    @inline(__always) func path(appending key: (any CodingKey)?) -> [any CodingKey] {
        appending(key).path
    }

    /// Feeds the path's pattern to `hasher`: its keys as the input spells them, every array
    /// index the same (the `[*]` of ``LenientDecodingReport/pattern(of:)``), without making a
    /// string. Two paths with the same pattern feed the same values (``hasSamePattern(as:)``).
    func combinePattern(into hasher: inout Hasher) {
        var node = self
        while case .node(let key, let parent) = node {
            if let name = Self.patternName(of: key) {
                hasher.combine(1 as UInt8)
                hasher.combine(name)
            } else {
                hasher.combine(0 as UInt8)
            }
            node = parent
        }
    }

    /// Whether this path and `other` have the same pattern (as ``combinePattern(into:)`` reads it).
    func hasSamePattern(as other: CodingPathNode) -> Bool {
        var a = self
        var b = other
        while true {
            switch (a, b) {
            case (.root, .root): return true
            case (.node(let keyA, let parentA), .node(let keyB, let parentB)):
                guard Self.patternName(of: keyA) == Self.patternName(of: keyB) else { return false }
                a = parentA
                b = parentB
            default: return false
            }
        }
    }

    /// The name a key has in a path pattern: `nil` for an array index, else the key as the
    /// input spells it (as `JSONPath` writes it).
    private static func patternName(of key: any CodingKey) -> String? {
        if type(of: key) == IndexKey.self { return nil }
        if type(of: key) == MatchedKey.self, let matched = key as? MatchedKey { return matched.inputName }
        return key.stringValue
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
