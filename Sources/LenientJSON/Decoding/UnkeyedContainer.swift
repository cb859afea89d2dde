/// The container for a JSON array: a cursor over its elements.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let impl: DecoderImpl
    let array: Int
    let pathNode: CodingPathNode
    /// The entry of the element at `currentIndex`.
    var cursor: Int
    private(set) var currentIndex = 0
    let elementCount: Int

    init(impl: DecoderImpl, array: Int, pathNode: CodingPathNode) {
        self.impl = impl
        self.array = array
        self.pathNode = pathNode
        cursor = array + 1
        elementCount = impl.map.childCount(array)
    }

    var codingPath: [any CodingKey] { pathNode.path }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    @inline(__always) mutating func advance() {
        cursor = impl.map.next(after: cursor)
        currentIndex += 1
    }

    func endError(_ type: Any.Type) -> DecodingError {
        DecodingErrors.endOfArray(
            type, path: pathNode.path(appending: IndexKey(currentIndex)), map: impl.map, array: array,
            describes: impl.mode.describesErrors)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw endError(Any?.self) }
        if impl.map.kind(cursor) == .null {
            advance()
            return true
        }
        return false
    }

    @inline(__always) mutating func next<T>(
        _ type: T.Type, _ read: (DecoderImpl, Int, CodingPathNode, ChildKey) throws -> T
    ) throws -> T {
        do {
            guard !isAtEnd else { throw endError(type) }
            let value = try read(impl, cursor, pathNode, .index(currentIndex))
            advance()
            return value
        } catch let error as DecodingError where impl.collection != nil {
            return try collectElement(type, error: error)
        }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next(type) { try $0.unwrapBool($1, parent: $2, key: $3) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try next(type) { try $0.unwrapString($1, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(type) { try $0.unwrapFloatingPoint($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(type) { try $0.unwrapFloatingPoint($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        try next(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try $0.unwrap($1, as: type, parent: $2, key: $3) }
    }

    // MARK: Optional values

    /// `nil` for `null`, and — as `JSONDecoder` does — `nil` past the end, counting the index on.
    @inline(__always) mutating func nextIfPresent<T>(
        _ type: T.Type, _ read: (DecoderImpl, Int, CodingPathNode, ChildKey) throws -> T
    ) throws -> T? {
        if isAtEnd {
            currentIndex += 1
            return nil
        }
        if impl.map.kind(cursor) == .null {
            advance()
            return nil
        }
        return try next(type, read)
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try nextIfPresent(type) { try $0.unwrapBool($1, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try nextIfPresent(type) { try $0.unwrapString($1, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try nextIfPresent(type) { try $0.unwrapFloatingPoint($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try nextIfPresent(type) { try $0.unwrapFloatingPoint($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? {
        try nextIfPresent(type) { try $0.unwrapInteger($1, as: type, parent: $2, key: $3) }
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent(type) { try $0.unwrap($1, as: type, parent: $2, key: $3) }
    }

    // MARK: Nested

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next(KeyedDecodingContainer<NestedKey>.self) { impl, entry, parent, key in
            let path = parent.appending(key)
            return try impl.keyedContainer(NestedKey.self, object: impl.objectEntry(entry, path: path), pathNode: path)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { impl, entry, parent, key in
            let path = parent.appending(key)
            return UnkeyedContainer(impl: impl, array: try impl.arrayEntry(entry, path: path), pathNode: path)
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { impl, entry, parent, key in
            impl.makeSubdecoder(entry: entry, path: parent.appending(key))
        }
    }
}
