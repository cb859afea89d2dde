/// One step of a path into a JSON document: an object key or an array index.
///
/// A path is an array of steps, written with string and integer literals, for
/// ``LenientJSONDecoder/decode(_:from:at:)``. A key is matched exactly as written.
///
/// ```swift
/// let cat = try decoder.decode(Cat.self, from: data, at: ["Animals", 1, "Cat"])
/// let key: JSONPathComponent = .key(name)           // from a variable
/// ```
public struct JSONPathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, Sendable, Hashable,
    CustomStringConvertible
{
    enum Storage: Sendable, Hashable {
        case key(String)
        case index(Int)
    }
    let storage: Storage

    /// A step into the object member with the given key.
    ///
    /// - Parameter key: The member's key, exactly as the JSON spells it.
    /// - Returns: The step.
    public static func key(_ key: String) -> JSONPathComponent { JSONPathComponent(storage: .key(key)) }
    /// A step to the array element at the given position.
    ///
    /// - Parameter index: The element's 0-based position in its array.
    /// - Returns: The step.
    public static func index(_ index: Int) -> JSONPathComponent { JSONPathComponent(storage: .index(index)) }

    init(storage: Storage) { self.storage = storage }
    /// Creates a key step from a string literal: `"Animals"` is `.key("Animals")`.
    ///
    /// - Parameter value: The member's key, exactly as the JSON spells it.
    public init(stringLiteral value: String) { storage = .key(value) }
    /// Creates an index step from an integer literal: `1` is `.index(1)`.
    ///
    /// - Parameter value: The element's 0-based position in its array.
    public init(integerLiteral value: Int) { storage = .index(value) }

    /// The step as it appears in a JSON path: `.name`, `['first name']` or `[3]`.
    ///
    /// ```swift
    /// let path: [JSONPathComponent] = ["users", 3, "first name"]
    /// print("$" + path.map(\.description).joined())   // $.users[3]['first name']
    /// ```
    public var description: String {
        switch storage {
        case .key(let key): return JSONPath.segment(forKey: key)
        case .index(let index): return "[\(index)]"
        }
    }
}
