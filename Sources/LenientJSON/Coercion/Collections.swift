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

/// Any `Dictionary`, for the `[]` → `[:]` rule.
protocol DecodableDictionary {}
extension Dictionary: DecodableDictionary {}

extension Array: DecodableArray where Element: Decodable {
    static func decodeArray(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: (any CodingKey)?) throws -> Self {
        let map = impl.map
        let path = parent.appending(key)
        switch map.kind(entry) {
        case .array:
            let count = map.childCount(entry)
            // Arrays of the common scalars take a loop specialized for their element type.
            if Element.self == Double.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [Double].self), to: Self.self) }
            if Element.self == Int.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [Int].self), to: Self.self) }
            if Element.self == String.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [String].self), to: Self.self) }
            if Element.self == Int64.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [Int64].self), to: Self.self) }
            if Element.self == Float.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [Float].self), to: Self.self) }
            if Element.self == Bool.self { return unsafeBitCast(try impl.elements(of: entry, count: count, path: path, as: [Bool].self), to: Self.self) }
            // `Self`, not `[Element]`: the metadata of `Self` comes with the call, while
            // naming `[Element]` would look it up in the runtime for every array.
            return try impl.elements(of: entry, count: count, path: path, as: Self.self)
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
        var child = entry + 1
        if options.policy.invalidValues != .recover {
            for index in 0 ..< count {
                result.append(try unwrap(child, as: C.Element.self, parent: path, key: IndexKey(index)))
                child = map.next(after: child)
            }
            return result
        }
        for index in 0 ..< count {
            do {
                result.append(try unwrap(child, as: C.Element.self, parent: path, key: IndexKey(index)))
            } catch let error as DecodingError {
                note(.droppedElement, entry: child, path: path.path(appending: IndexKey(index)),
                     "Dropped an element that could not be decoded as \(DecodingErrors.typeName(C.Element.self)): \(Self.reason(error))")
            }
            child = map.next(after: child)
        }
        return result
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
