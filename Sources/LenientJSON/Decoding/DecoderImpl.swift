import Foundation

/// The `Decoder` handed to `init(from:)`. One instance serves a whole decode: it moves to a
/// nested value, runs the nested `init(from:)`, and moves back. It is also the single-value
/// container.
final class DecoderImpl: Decoder {
    let map: ValueMap
    let options: DecodingOptions
    /// The entry of the value being decoded.
    var entry: Int
    var pathNode: CodingPathNode
    /// Where report events go; `nil` when the caller passed no report.
    var report: ReportCollector?
    /// Where the last key lookup in an object ended, for objects searched in place: pairs of
    /// (object entry, entry of the key after the one found), indexed by the object entry's
    /// low bits. Models read keys mostly in document order, so the next lookup starts there.
    let keyCursors: UnsafeMutablePointer<Int>
    static let keyCursorSlots = 64
    /// How deep default values are being built (a guard against recursive types).
    var defaultDepth = 0
    /// How `unwrap` decodes each type met so far.
    var dispatchCache = TypeDispatchCache()

    init(map: ValueMap, options: DecodingOptions, entry: Int, pathNode: CodingPathNode, report: ReportCollector? = nil) {
        self.map = map
        self.options = options
        self.entry = entry
        self.pathNode = pathNode
        self.report = report
        keyCursors = .allocate(capacity: 2 * Self.keyCursorSlots)
        keyCursors.initialize(repeating: -1, count: 2 * Self.keyCursorSlots)
    }

    deinit { keyCursors.deallocate() }

    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try KeyedDecodingContainer(KeyedContainer<Key>(impl: self, object: objectEntry(entry, path: pathNode), pathNode: pathNode))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedContainer(impl: self, array: try arrayEntry(entry, path: pathNode), pathNode: pathNode)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// `entry` itself when it is an object, else the error `JSONDecoder` throws.
    func objectEntry(_ entry: Int, path: CodingPathNode) throws -> Int {
        switch map.kind(entry) {
        case .object: return entry
        case .null: throw DecodingErrors.valueNotFound([String: Any].self, path: path.path, map: map, entry: entry)
        default: throw DecodingErrors.typeMismatch([String: Any].self, path: path.path, map: map, entry: entry)
        }
    }

    /// `entry` itself when it is an array, else the error `JSONDecoder` throws.
    func arrayEntry(_ entry: Int, path: CodingPathNode) throws -> Int {
        switch map.kind(entry) {
        case .array: return entry
        case .null: throw DecodingErrors.valueNotFound([Any].self, path: path.path, map: map, entry: entry)
        default: throw DecodingErrors.typeMismatch([Any].self, path: path.path, map: map, entry: entry)
        }
    }

    /// Runs `body` with this decoder moved to `entry` at `path`, then moves back.
    @inline(__always)
    func with<T>(entry newEntry: Int, path: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let savedEntry = entry
        let savedPath = pathNode
        entry = newEntry
        pathNode = path
        defer {
            entry = savedEntry
            pathNode = savedPath
        }
        return try body()
    }

    /// Decodes the value at `entry` as `T`; `parent` and `key` make up its coding path.
    func unwrap<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?) throws -> T {
        // Scalars first: Array and Dictionary decode their elements through here.
        if T.self == Double.self { return unsafeBitCast(try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key), to: T.self) }
        if T.self == String.self { return unsafeBitCast(try unwrapString(entry, parent: parent, key: key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try unwrapInteger(entry, as: Int.self, parent: parent, key: key), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try unwrapBool(entry, parent: parent, key: key), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try unwrapFloatingPoint(entry, as: Float.self, parent: parent, key: key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try unwrapInteger(entry, as: Int64.self, parent: parent, key: key), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try unwrapInteger(entry, as: UInt64.self, parent: parent, key: key), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try unwrapInteger(entry, as: Int32.self, parent: parent, key: key), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try unwrapInteger(entry, as: UInt.self, parent: parent, key: key), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(try unwrapDate(entry, parent: parent, key: key), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try unwrapData(entry, parent: parent, key: key), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try unwrapURL(entry, parent: parent, key: key), to: T.self) }
        if T.self == Decimal.self { return unsafeBitCast(try unwrapDecimal(entry, parent: parent, key: key), to: T.self) }
        let isDictionary: Bool
        switch dispatchCache.dispatch(for: T.self) {
        case .array(let arrayType):
            return try arrayType.decodeArray(entry, using: self, parent: parent, key: key, as: type)
        case .optional(let optionalType):
            return try optionalType.decodeOptional(entry, using: self, parent: parent, key: key, as: type)
        case .stringKeyedDictionary(let dictionaryType):
            return try dictionaryType.decodeMembers(of: entry, using: self, parent: parent, key: key, as: type)
        case .plain(let dictionary):
            isDictionary = dictionary
        }
        if coercions.isEmpty {
            return try with(entry: entry, path: parent.appending(key)) { try T(from: self) }
        }
        if isDictionary, map.kind(entry) == .array, map.childCount(entry) == 0,
           coercions.contains(.collectionWrapping) {
            note(.coerced, entry: entry, path: parent.path(appending: key), "Read [] as an empty dictionary.")
            return try unwrap(map.emptyObjectEntry, as: type, parent: parent, key: key)
        }
        return try decodeCoercing(entry, as: type, parent: parent, key: key)
    }

    /// `T(from:)`, and when it rejects the value, the coercions for types such as UUID, enums
    /// and one-element arrays. Kept out of line: its `T?` would make every call of `unwrap`
    /// ask the runtime for `Optional<T>`'s metadata.
    @inline(never)
    func decodeCoercing<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?) throws -> T {
        do {
            return try with(entry: entry, path: parent.appending(key)) { try T(from: self) }
        } catch let error as DecodingError {
            return try coerce(entry, as: type, parent: parent, key: key, orThrow: error)
        }
    }

    /// The coerced value, or `error` when no coercion applies. Out of line for the same
    /// reason as ``decodeCoercing(_:as:parent:key:)``.
    @inline(never)
    func coerce<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?, orThrow error: DecodingError) throws -> T {
        guard let value = try coerce(entry, as: type, parent: parent, key: key) else { throw error }
        return value
    }

    /// Decodes a `DecodableWithConfiguration` value at `entry`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func unwrap<T: DecodableWithConfiguration>(_ entry: Int, as type: T.Type, configuration: T.DecodingConfiguration, parent: CodingPathNode, key: (any CodingKey)?) throws -> T {
        try with(entry: entry, path: parent.appending(key)) { try T(from: self, configuration: configuration) }
    }

    /// A decoder of its own for `entry` of `map` (this decoder's when `nil`), for `superDecoder()`.
    func makeSubdecoder(entry: Int, path: CodingPathNode, in other: ValueMap? = nil) -> DecoderImpl {
        DecoderImpl(map: other ?? map, options: options, entry: entry, pathNode: path, report: report)
    }
}

/// `[String: V]`: decoded member by member, with keys never converted (as `JSONDecoder` does).
protocol StringKeyedDictionary {
    static func decodeMembers(of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?) throws -> Self
}

extension StringKeyedDictionary {
    /// ``decodeMembers(of:using:parent:key:)`` for a caller that knows `Self` only as `T`
    /// (they are the same type), without a dynamic cast.
    @inline(__always)
    static func decodeMembers<T>(of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?, as _: T.Type) throws -> T {
        unsafeBitCast(try decodeMembers(of: entry, using: impl, parent: parent, key: key), to: T.self)
    }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeMembers(of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?) throws -> Self {
        let map = impl.map
        let path = parent.appending(key)
        if map.kind(entry) == .array, map.childCount(entry) == 0, impl.coercions.contains(.collectionWrapping) {
            impl.note(.coerced, entry: entry, path: path.path, "Read [] as an empty dictionary.")
            return [:]
        }
        let object = try impl.objectEntry(entry, path: path)
        var result = [String: Value](minimumCapacity: map.childCount(object) / 2)
        let drops = impl.options.policy.invalidValues == .recover
        var child = object + 1
        let end = map.length(object)
        while child < end {
            let name = try impl.keyString(child, path: path)
            let value = map.next(after: child)
            child = map.next(after: value)
            if result[name] != nil { continue }  // the first of duplicate keys wins
            guard drops else {
                result[name] = try impl.unwrap(value, as: Value.self, parent: path, key: NameKey(name))
                continue
            }
            do {
                result[name] = try impl.unwrap(value, as: Value.self, parent: path, key: NameKey(name))
            } catch let error as DecodingError {
                impl.note(.droppedElement, entry: value, path: path.path(appending: NameKey(name)),
                          "Dropped a member that could not be decoded as \(DecodingErrors.typeName(Value.self)): \(DecoderImpl.reason(error))")
            }
        }
        return result
    }
}
