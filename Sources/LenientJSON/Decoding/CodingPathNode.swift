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
