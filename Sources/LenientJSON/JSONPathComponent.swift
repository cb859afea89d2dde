/// One step of a path into a JSON document: an object key or an array index.
///
/// ```swift
/// let cat = try decoder.decode(Cat.self, from: data, at: ["Animals", 1, "Cat"])
/// ```
public struct JSONPathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, Sendable, Hashable, CustomStringConvertible {
    enum Storage: Sendable, Hashable {
        case key(String)
        case index(Int)
    }
    let storage: Storage

    /// A step into the object member named `key`.
    public static func key(_ key: String) -> JSONPathComponent { JSONPathComponent(storage: .key(key)) }
    /// A step to the array element at `index` (0-based).
    public static func index(_ index: Int) -> JSONPathComponent { JSONPathComponent(storage: .index(index)) }

    init(storage: Storage) { self.storage = storage }
    /// Creates a key step from a string literal.
    public init(stringLiteral value: String) { storage = .key(value) }
    /// Creates an index step from an integer literal.
    public init(integerLiteral value: Int) { storage = .index(value) }

    /// The step as it appears in a JSON path: `.name`, `['first name']` or `[3]`.
    public var description: String {
        switch storage {
        case .key(let key): return JSONPath.segment(forKey: key)
        case .index(let index): return "[\(index)]"
        }
    }
}
