/// Collection rules: a single non-null, non-array value as a one-element array and `[]` as
/// an empty dictionary (lenient); an object with keys `"0"`…`"n-1"` as an array (permissive).
/// A collection element that cannot be decoded is dropped under `.recover`.
protocol DecodableArray {
    /// What the elements are, for the loops specialized by element type: asked once per type by
    /// the type dispatch (``TypeDispatch/array(_:_:)``), which passes it to each decode.
    static var elements: ArrayElements { get }

    /// Decodes the collection at `entry`, whose elements are `elements` (``elements``).
    static func decodeArray(
        _ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, elements: ArrayElements
    ) throws -> Self
}

extension DecodableArray {
    /// ``decodeArray(_:using:parent:key:elements:)`` for a caller that knows `Self` only as `T`
    /// (they are the same type), without a dynamic cast.
    @inline(__always)
    static func decodeArray<T>(
        _ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, elements: ArrayElements,
        as _: T.Type
    ) throws -> T {
        knownType(try decodeArray(entry, using: impl, parent: parent, key: key, elements: elements), as: T.self)
    }
}

/// A scalar whose strict reading (``DecoderImpl/strictInteger(_:as:)`` and its kin) can be
/// tried on an array element before any coding path is built.
protocol StrictScalar: Decodable {
    static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Self?
}

extension Double: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Double? {
        impl.strictFloatingPoint(entry, as: Double.self)
    }
}
extension Float: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Float? {
        impl.strictFloatingPoint(entry, as: Float.self)
    }
}
extension Int: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Int? {
        impl.strictInteger(entry, as: Int.self)
    }
}
extension Int64: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Int64? {
        impl.strictInteger(entry, as: Int64.self)
    }
}
extension String: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> String? {
        impl.strictString(entry)
    }
}
extension Bool: StrictScalar {
    @inline(__always) static func strictValue(_ entry: Int, in impl: DecoderImpl) -> Bool? { impl.strictBool(entry) }
}

/// Any `Dictionary`, for the `[]` → `[:]` rule.
protocol DecodableDictionary {}
extension Dictionary: DecodableDictionary {}

/// Any `Array`, with what its elements are. A `Set` is not one: `[Set<Double>]` is no array of
/// scalar arrays.
protocol ArrayOfElements {
    static var arrayElements: ArrayElements { get }
}

extension Array: ArrayOfElements {
    /// Scalars with a loop of their own (``ScalarKind/hasStrictArrayLoop``), arrays of them, or
    /// anything else.
    static var arrayElements: ArrayElements {
        if let kind = ScalarKind(Element.self), kind.hasStrictArrayLoop { return .scalars(kind) }
        if let inner = Element.self as? any ArrayOfElements.Type, case .scalars(let kind) = inner.arrayElements {
            return .scalarArrays(kind)
        }
        return .other
    }
}

extension Array: DecodableArray where Element: Decodable {
    static var elements: ArrayElements { arrayElements }

    static func decodeArray(
        _ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, elements: ArrayElements
    ) throws -> Self {
        let map = impl.map
        if map.kind(entry) == .array {
            let count = map.childCount(entry)
            if let partial = impl.mode.partial, partial.isOpen(entry, in: map) {
                // An array still open in a partial document (`Partial/DecoderImpl+Partial.swift`).
                return try impl.openElements(
                    of: entry, count: count, path: parent.appending(key), partial, as: Self.self)
            }
            // An empty array has no element to decode, register, coerce or report.
            if count == 0 { return Self() }
            if let registrations = impl.options.registrations, registrations[Element.self] != nil {
                // A registered element type is read element by element, through its registrations.
                return try impl.elements(of: entry, count: count, path: parent.appending(key), as: Self.self)
            }
            switch elements {
            case .scalars(let kind):
                // Arrays of the common scalars take a loop specialized for their element type,
                // which builds no coding path unless an element needs more than a strict reading.
                switch kind {
                case .double:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: Double.self),
                        as: Self.self)
                case .int:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: Int.self),
                        as: Self.self)
                case .string:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: String.self),
                        as: Self.self)
                case .int64:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: Int64.self),
                        as: Self.self)
                case .float:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: Float.self),
                        as: Self.self)
                case .bool:
                    return knownType(
                        try impl.scalarElements(of: entry, count: count, parent: parent, key: key, as: Bool.self),
                        as: Self.self)
                default: break
                }
            case .scalarArrays(let kind) where impl.options.registrations == nil:
                // Arrays of such arrays (`[[Double]]`: coordinates) build each inner array directly
                // (see `StrictScalarArrays.swift`); a registration anywhere takes the general loop.
                switch kind {
                case .double:
                    return knownType(
                        try impl.nestedScalarElements(
                            of: entry, count: count, parent: parent, key: key, as: Double.self), as: Self.self)
                case .int:
                    return knownType(
                        try impl.nestedScalarElements(of: entry, count: count, parent: parent, key: key, as: Int.self),
                        as: Self.self)
                case .string:
                    return knownType(
                        try impl.nestedScalarElements(
                            of: entry, count: count, parent: parent, key: key, as: String.self), as: Self.self)
                case .int64:
                    return knownType(
                        try impl.nestedScalarElements(
                            of: entry, count: count, parent: parent, key: key, as: Int64.self), as: Self.self)
                case .float:
                    return knownType(
                        try impl.nestedScalarElements(
                            of: entry, count: count, parent: parent, key: key, as: Float.self), as: Self.self)
                case .bool:
                    return knownType(
                        try impl.nestedScalarElements(of: entry, count: count, parent: parent, key: key, as: Bool.self),
                        as: Self.self)
                default: break
                }
            default: break
            }
            // `Self`, not `[Element]`: the metadata of `Self` comes with the call, while
            // naming `[Element]` would look it up in the runtime for every array.
            return try impl.elements(of: entry, count: count, path: parent.appending(key), as: Self.self)
        }
        return try impl.arrayFromOtherValue(entry, parent: parent, key: key, as: Self.self)
    }
}

/// A `Set` is read as an array is (JSONDecoder reads it from an unkeyed container), so it
/// gets the same collection rules and drops an undecodable element under `.recover`.
extension Set: DecodableArray where Element: Decodable {
    /// The elements of the array a set is read into.
    static var elements: ArrayElements { [Element].arrayElements }

    static func decodeArray(
        _ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, elements: ArrayElements
    ) throws -> Self {
        Set(try [Element].decodeArray(entry, using: impl, parent: parent, key: key, elements: elements))
    }
}

extension DecoderImpl {
    /// An array from a value that is not one: an object with index keys (permissive), a
    /// single value wrapped as one element (lenient), else the error `JSONDecoder` throws.
    func arrayFromOtherValue<C: RangeReplaceableCollection & Decodable>(
        _ entry: Int, parent: CodingPathNode, key: ChildKey, as _: C.Type
    ) throws -> C
    where C.Element: Decodable {
        let path = parent.appending(key)
        if map.kind(entry) != .null {
            if let value = try decodeEmbeddedJSON(entry, as: C.self, parent: parent, key: key) { return value }
            if map.kind(entry) == .object, coercions.contains(.arraysFromIndexedObjects),
                let members = indexedMembers(of: entry)
            {
                var result = C()
                // Each element at the input's own key (`$.plugins['17']`), not an index the input lacks.
                for member in members {
                    let name = NameKey(String(decoding: map.text(member.name), as: UTF8.self))
                    if let element = try element(member.value, as: C.Element.self, parent: path, key: name) {
                        result.append(element)
                    }
                }
                try recordLeniency(
                    .coerced, .arrayFromObject, entry: entry, path: path, type: C.self,
                    .text("Read an object with integer keys as an array in key order."))
                session.structuralCount += 1
                return result
            }
            if coercions.contains(.collectionWrapping), !session.entriesBeingWrapped.contains(entry),
                let element = try wrappedElement(entry, as: C.Element.self, parent: parent, key: key)
            {
                try recordLeniency(
                    .coerced, .arrayWrapped, entry: entry, path: path, type: C.self,
                    .text("Wrapped \(DecodingErrors.found(self.map, entry)) in a one-element array."))
                session.structuralCount += 1
                return C(CollectionOfOne(element))
            }
        }
        // The error JSONDecoder throws (from unkeyedContainer()), naming the model's type.
        do {
            _ = try arrayEntry(entry, path: path)
        } catch let error as DecodingError {
            throw DecodingErrors.naming(
                C.self, in: error, map: map, entry: entry, path: path.path, describes: mode.describesErrors)
        }
        return C()
    }

    /// The value at `entry` decoded as the single element of an array, at the value's own
    /// path (an error names the value as it is in the input, not a made-up element); `nil`
    /// when it is not one (a `DecodingError`), and then the array's own error is thrown. An
    /// error of the element's own `init(from:)` that is no `DecodingError` (a model refusing a
    /// value it read) is thrown as it is, as `JSONDecoder` throws it for the array written out.
    private func wrappedElement<E: Decodable>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> E? {
        session.entriesBeingWrapped.append(entry)
        defer { session.entriesBeingWrapped.removeLast() }
        do {
            return try unwrap(entry, as: type, parent: parent, key: key)
        } catch is DecodingError {
            return nil
        }
    }

    /// `[:]` for `[]` where a dictionary is expected (lenient), else `nil`. Called only
    /// after the strict reading failed: JSONEncoder writes an empty dictionary whose keys
    /// are neither `String` nor `Int` as `[]`, and JSONDecoder reads that back.
    func emptyArrayAsDictionary<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T? {
        guard map.kind(entry) == .array, map.childCount(entry) == 0, coercions.contains(.collectionWrapping) else {
            return nil
        }
        let value = try unwrap(map.emptyObjectEntry, as: type, parent: parent, key: key)
        try recordLeniency(
            .coerced, .dictionaryFromEmptyArray, entry: entry, parent: parent, key: key, type: T.self,
            .text("Read [] as an empty dictionary."))
        session.structuralCount += 1
        return value
    }

    /// Collection element (or dictionary member) `entry`; under `.recover`, `nil` for one that
    /// cannot be decoded, which is then dropped and reported.
    @inline(__always)
    func element<E: Decodable, K: CodingKey>(_ entry: Int, as type: E.Type, parent: CodingPathNode, key: K) throws -> E?
    {
        guard options.policy.invalidValues == .recover else {
            return try unwrap(entry, as: type, parent: parent, key: ChildKey(key))
        }
        return try elementOrDrop(entry, as: type, parent: parent, key: key)
    }

    @inline(never)
    func elementOrDrop<E: Decodable, K: CodingKey>(_ entry: Int, as type: E.Type, parent: CodingPathNode, key: K) throws
        -> E?
    {
        do {
            return try unwrap(entry, as: type, parent: parent, key: ChildKey(key))
        } catch let error as DecodingError {
            try recordLeniency(
                .droppedElement, .elementDropped, entry: entry, parent: parent, key: ChildKey(key), type: E.self,
                .text(
                    "Dropped a value that could not be decoded as \(DecodingErrors.typeName(E.self)): "
                        + Self.reason(error)
                )
            )
            return nil
        }
    }

    /// The elements of array `entry` as a collection `C`, dropping undecodable ones under
    /// `.recover`.
    func elements<C: RangeReplaceableCollection>(of entry: Int, count: Int, path: CodingPathNode, as _: C.Type) throws
        -> C
    where C.Element: Decodable {
        var result = C()
        result.reserveCapacity(count)
        try appendElements(to: &result, from: 0, child: entry + 1, count: count, path: path)
        return result
    }

    /// ``elements(of:count:path:as:)`` for scalar elements: each is read strictly (see
    /// ``strictPrefix(of:count:as:)``), and only from the first element that needs more (a
    /// coercion, a recovery, an error with its path) on does the general loop take over, with
    /// the array's path built then.
    func scalarElements<E: StrictScalar>(
        of entry: Int, count: Int, parent: CodingPathNode, key: ChildKey, as _: E.Type
    ) throws -> [E] {
        var (result, read) = strictPrefix(of: entry, count: count, as: E.self)
        if read < count {
            try appendElements(
                to: &result, from: read, child: entry &+ 1 &+ read, count: count, path: parent.appending(key))
        }
        return result
    }

    /// Appends elements `first..<count` of an array, the first of them at entry `child`.
    func appendElements<C: RangeReplaceableCollection>(
        to result: inout C, from first: Int, child: Int, count: Int, path: CodingPathNode
    ) throws
    where C.Element: Decodable {
        guard options.policy.invalidValues == .recover else {
            var child = child
            for index in first..<count {
                result.append(try unwrapElement(child, as: C.Element.self, parent: path, index: index))
                child = map.next(after: child)
            }
            return
        }
        try appendElementsDroppingInvalid(to: &result, from: first, child: child, count: count, path: path)
    }

    /// ``appendElements(to:from:child:count:path:)`` under `.recover`. Kept out of line: its
    /// `C.Element?` would make every array ask the runtime for `Optional<C.Element>`'s metadata.
    @inline(never)
    private func appendElementsDroppingInvalid<C: RangeReplaceableCollection>(
        to result: inout C, from first: Int, child: Int, count: Int, path: CodingPathNode
    ) throws
    where C.Element: Decodable {
        var child = child
        for index in first..<count {
            if let element = try elementOrDrop(child, as: C.Element.self, parent: path, key: IndexKey(index)) {
                result.append(element)
            }
            child = map.next(after: child)
        }
    }

    /// The key and value entries of an object whose keys are all non-negative integers written
    /// without sign or leading zero (`"0"`, `"17"`), in numeric key order (gaps allowed, as
    /// PHP's `array_filter` leaves them); `nil` for any other object.
    func indexedMembers(of object: Int) -> [(name: Int, value: Int)]? {
        guard map.childCount(object) > 0 else { return nil }
        var members: [(index: Int, name: Int, value: Int)] = []
        for (name, value) in map.members(of: object) {
            guard let index = Self.arrayIndex(map.text(name)) else { return nil }
            members.append((index, name, value))
        }
        members.sort { $0.index < $1.index }
        for position in members.indices.dropFirst() where members[position].index == members[position - 1].index {
            return nil
        }
        return members.map { ($0.name, $0.value) }
    }

    /// The value of `text` when it is a non-negative integer without sign or leading zero
    /// that fits `Int`.
    static func arrayIndex(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = text.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
            first != UInt8(ascii: "0") || text.count == 1
        else { return nil }
        var value = 0
        for byte in text {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// Why `error` was thrown, as a clause for an event's sentence (no final period).
    static func reason(_ error: DecodingError) -> String {
        var text: String
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            text = ErrorExcerpt.removing(from: context.debugDescription)
        @unknown default:
            text = "\(error)"
        }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
