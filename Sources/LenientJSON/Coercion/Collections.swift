/// Collection rules: a single non-null, non-array value as a one-element array and `[]` as
/// an empty dictionary (lenient); an object with keys `"0"`…`"n-1"` as an array (permissive).
/// A collection element that cannot be decoded is dropped under `.recover`.
protocol DecodableArray {
    static func decodeArray(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?) throws -> Self
}

extension DecodableArray {
    /// ``decodeArray(_:using:parent:key:)`` for a caller that knows `Self` only as `T` (they
    /// are the same type), without a dynamic cast.
    @inline(__always)
    static func decodeArray<T>(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?, as _: T.Type) throws -> T {
        unsafeBitCast(try decodeArray(entry, using: impl, parent: parent, key: key), to: T.self)
    }
}

/// A scalar whose strict reading (``DecoderImpl/strictInteger(_:as:)`` and its kin) can be
/// tried on an array element before any coding path is built.
protocol StrictScalar: Decodable {
    static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Self?
}

extension Double: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Double? { impl.strictFloatingPoint(entry, as: Double.self) }
}
extension Float: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Float? { impl.strictFloatingPoint(entry, as: Float.self) }
}
extension Int: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Int? { impl.strictInteger(entry, as: Int.self) }
}
extension Int64: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Int64? { impl.strictInteger(entry, as: Int64.self) }
}
extension String: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> String? { impl.strictString(entry) }
}
extension Bool: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Bool? { impl.strictBool(entry) }
}

/// Any `Dictionary`, for the `[]` → `[:]` rule.
protocol DecodableDictionary {}
extension Dictionary: DecodableDictionary {}

extension Array: DecodableArray where Element: Decodable {
    static func decodeArray(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?) throws -> Self {
        let map = impl.map
        if map.kind(entry) == .array {
            let count = map.childCount(entry)
            // Arrays of the common scalars take a loop specialized for their element type,
            // which builds no coding path unless an element needs more than a strict reading.
            if Element.self == Double.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [Double].self), to: Self.self) }
            if Element.self == Int.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [Int].self), to: Self.self) }
            if Element.self == String.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [String].self), to: Self.self) }
            if Element.self == Int64.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [Int64].self), to: Self.self) }
            if Element.self == Float.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [Float].self), to: Self.self) }
            if Element.self == Bool.self { return unsafeBitCast(try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: [Bool].self), to: Self.self) }
            // `Self`, not `[Element]`: the metadata of `Self` comes with the call, while
            // naming `[Element]` would look it up in the runtime for every array.
            return try impl.elements(of: entry, count: count, path: parent.appending(key), as: Self.self)
        }
        let path = parent.appending(key)
        switch map.kind(entry) {
        case .null:
            break
        default:
            if map.kind(entry) == .object, impl.coercions.contains(.arraysFromIndexedObjects),
               let elements = impl.indexedMembers(of: entry) {
                let result = try impl.decodeElements(elements, path: path, as: Element.self)
                impl.note(.coerced, entry: entry, path: path.path, "Read an object with keys \"0\"…\"\(elements.count - 1)\" as an array.")
                return result
            }
            if impl.coercions.contains(.collectionWrapping) {
                let element = try impl.unwrap(entry, as: Element.self, parent: path, key: IndexKey(0))
                impl.note(.coerced, entry: entry, path: path.path, "Wrapped a single \(DecodingErrors.found(map, entry)) in an array.")
                return [element]
            }
        }
        // The error JSONDecoder throws (from unkeyedContainer()).
        _ = try impl.arrayEntry(entry, path: path)
        return []
    }
}

extension DecoderImpl {
    /// The elements of array `entry` as a collection `C`, dropping undecodable ones under
    /// `.recover`.
    func elements<C: RangeReplaceableCollection>(of entry: Int, count: Int, path: CodingPathNode, as _: C.Type) throws -> C
    where C.Element: Decodable {
        var result = C()
        result.reserveCapacity(count)
        try appendElements(to: &result, from: 0, child: entry + 1, count: count, path: path)
        return result
    }

    /// ``elements(of:count:path:as:)`` for scalar elements: each is read strictly, and only
    /// from the first element that needs more (a coercion, a recovery, an error with its
    /// path) on does the general loop take over, with the array's path built then.
    func scalarElements<C: RangeReplaceableCollection>(of entry: Int, count: Int, parent: CodingPathNode, key: (any CodingKey)?, as _: C.Type) throws -> C
    where C.Element: StrictScalar {
        var result = C()
        result.reserveCapacity(count)
        var child = entry + 1
        for index in 0 ..< count {
            guard let value = C.Element.strictValue(child, in: self) else {
                try appendElements(to: &result, from: index, child: child, count: count, path: parent.appending(key))
                break
            }
            result.append(value)
            child = map.next(after: child)
        }
        return result
    }

    /// Appends elements `first..<count` of an array, the first of them at entry `child`.
    private func appendElements<C: RangeReplaceableCollection>(to result: inout C, from first: Int, child: Int, count: Int, path: CodingPathNode) throws
    where C.Element: Decodable {
        var child = child
        if options.policy.invalidValues != .recover {
            for index in first ..< count {
                result.append(try unwrap(child, as: C.Element.self, parent: path, key: IndexKey(index)))
                child = map.next(after: child)
            }
            return
        }
        for index in first ..< count {
            do {
                result.append(try unwrap(child, as: C.Element.self, parent: path, key: IndexKey(index)))
            } catch let error as DecodingError {
                note(.droppedElement, entry: child, path: path.path(appending: IndexKey(index)),
                     "Dropped an element that could not be decoded as \(DecodingErrors.typeName(C.Element.self)): \(Self.reason(error))")
            }
            child = map.next(after: child)
        }
    }

    func decodeElements<E: Decodable>(_ entries: [Int], path: CodingPathNode, as type: E.Type) throws -> [E] {
        var result: [E] = []
        for (index, child) in entries.enumerated() {
            do {
                result.append(try unwrap(child, as: type, parent: path, key: IndexKey(index)))
            } catch let error as DecodingError where options.policy.invalidValues == .recover {
                note(.droppedElement, entry: child, path: path.path(appending: IndexKey(index)),
                     "Dropped an element that could not be decoded as \(DecodingErrors.typeName(E.self)): \(Self.reason(error))")
            }
        }
        return result
    }

    /// The value entries of an object whose keys are exactly `"0"`…`"n-1"`, in index order.
    func indexedMembers(of object: Int) -> [Int]? {
        let count = map.childCount(object) / 2
        guard count > 0 else { return nil }
        var slots = [Int?](repeating: nil, count: count)
        var child = object + 1
        let end = map.length(object)
        while child < end {
            let name = String(decoding: map.text(child), as: UTF8.self)
            guard let index = Int(name), String(index) == name, index >= 0, index < count, slots[index] == nil else { return nil }
            slots[index] = child + 1
            child = map.next(after: child + 1)
        }
        return slots.compactMap { $0 }
    }

    static func reason(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
