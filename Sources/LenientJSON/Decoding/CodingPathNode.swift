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

    /// Feeds the path's pattern to `hasher`: its keys as the input spells them (as UTF-8 bytes),
    /// every array index the same (the `[*]` of ``LenientDecodingReport/pattern(of:)``), without
    /// making a string.
    func combinePattern(into hasher: inout Hasher) {
        var node = self
        while case .node(let key, let parent) = node {
            let keyType = type(of: key)
            if keyType == IndexKey.self {
                hasher.combine(0 as UInt8)
            } else if keyType == MatchedKey.self, let matched = key as? MatchedKey {
                hasher.combine(1 as UInt8)
                matched.combineInputSpelling(into: &hasher)
            } else {
                hasher.combine(1 as UInt8)
                var name = key.stringValue
                name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
            node = parent
        }
    }

    /// Whether the path's pattern is `names` (``patternNames``).
    func hasPattern(_ names: [String?]) -> Bool {
        var node = self
        var index = names.count
        while case .node(let key, let parent) = node {
            index -= 1
            guard index >= 0, Self.patternName(of: key) == names[index] else { return false }
            node = parent
        }
        return index == 0
    }

    /// The path's keys from the root as ``combinePattern(into:)`` reads them: `nil` for an
    /// array index, else the key as the input spells it.
    var patternNames: [String?] {
        var names: [String?] = []
        var node = self
        while case .node(let key, let parent) = node {
            names.append(Self.patternName(of: key))
            node = parent
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
