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
struct NameKey: CodingKey, Sendable {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
    var intValue: Int? { nil }

    static let `super` = NameKey("super")
}
