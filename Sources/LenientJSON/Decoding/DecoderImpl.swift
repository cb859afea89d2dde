import Foundation

/// The `Decoder` handed to `init(from:)`. One instance serves a whole decode: it moves to a
/// nested value, runs the nested `init(from:)`, and moves back. It is also the single-value
/// container.
final class DecoderImpl: Decoder {
    let map: ValueMap
    /// The settings of this decode. Its policy is swapped for its strict reading while a
    /// value is decoded again strictly (see `DecoderImpl+Alternatives.swift`).
    var options: DecodingOptions {
        didSet { decodesPlainTypesDirectly = !options.policy.allowsLeniency && !isDecodingStrictly }
    }
    /// The entry of the value being decoded.
    var entry: Int
    /// The coding path of the value being decoded. Unchecked: `with(entry:path:_:)` swaps it
    /// in and out for every nested value, and nothing else holds an access to it meanwhile.
    @exclusivity(unchecked) var pathNode: CodingPathNode
    /// Where report events go; `nil` when the caller passed no report.
    var report: ReportCollector?
    /// Where the last key lookup in an object ended, for objects searched in place: pairs of
    /// (object entry, entry of the key after the one found), indexed by the object entry's
    /// low bits. Models read keys mostly in document order, so the next lookup starts there.
    let keyCursors: UnsafeMutablePointer<Int>
    static let keyCursorSlots = 64
    /// How deep default values are being built (a guard against recursive types).
    var defaultDepth = 0
    /// How `unwrap` decodes each type met so far. Behind a pointer: a stored `var` of a class
    /// would pay a runtime exclusivity check on every `unwrap`.
    let dispatchCache: UnsafeMutablePointer<TypeDispatchCache>
    /// How many times a rule changed an outcome so far (every report event but `matchedKey`),
    /// counted with or without a report: a value whose decode moved it was helped by leniency.
    var leniencyCount = 0
    /// How many times a structural rule (a value wrapped as an array, a one-element array
    /// unwrapped, an object read as an array, `[]` read as `[:]`) acted so far: a hand-written
    /// decoder's pick that needed one is checked against a reading without them
    /// (`DecoderImpl+Alternatives.swift`).
    var structuralCount = 0
    /// How many keyed lookups found their member so far (an `Optional` model whose object
    /// supplied none of its keys is `nil` under defaults).
    var keysFound = 0
    /// Whether a value is being decoded again under the policy's strict reading.
    var isDecodingStrictly = false {
        didSet { decodesPlainTypesDirectly = !options.policy.allowsLeniency && !isDecodingStrictly }
    }
    /// Whether `unwrap` may call a plain type's `init(from:)` with no bookkeeping: no rule can
    /// apply and no strict decode is under way.
    private(set) var decodesPlainTypesDirectly: Bool
    /// The strict decodes that failed, so that an enclosing value decoded again strictly
    /// stops there at once.
    var strictFailures: [StrictAttempt: DecodingError] = [:]
    /// The entries being wrapped as one-element arrays right now: a value is never wrapped
    /// inside its own wrapping (an any-JSON type that tries `[Self]` first would recurse).
    var entriesBeingWrapped: [Int] = []
    /// The registrations of the type being decoded (its key aliases and per-property
    /// defaults apply to the objects it reads); set only while the decode has registrations.
    var currentRegistration: TypeRegistration?
    /// The problems found so far while every problem of a document is listed
    /// (`DecoderImpl+ErrorCollection.swift`); `nil` in every other decode.
    var collection: ErrorCollection?
    /// Keyed containers kept for reuse (`KeyedContainerReuse.swift`); `nil` for a decoder
    /// whose end no caller marks with ``endDecode()`` (a `superDecoder()`'s), and after the
    /// end (a decoder a model kept), which then make every container afresh. Unchecked: it
    /// changes once, in `endDecode()`, and is read for every container.
    @exclusivity(unchecked) private var containerSlots: KeyedContainerSlots?

    /// A decoder at `entry`; with `reusesContainers`, the caller calls ``endDecode()`` once
    /// the decode is over (else the decoder and its reused containers keep each other alive).
    init(
        map: ValueMap, options: DecodingOptions, entry: Int, pathNode: CodingPathNode, report: ReportCollector? = nil,
        reusesContainers: Bool = false
    ) {
        containerSlots = reusesContainers ? KeyedContainerSlots() : nil
        self.map = map
        self.options = options
        self.entry = entry
        self.pathNode = pathNode
        self.report = report
        decodesPlainTypesDirectly = !options.policy.allowsLeniency
        keyCursors = .allocate(capacity: 2 * Self.keyCursorSlots)
        keyCursors.initialize(repeating: -1, count: 2 * Self.keyCursorSlots)
        dispatchCache = .allocate(capacity: 1)
        dispatchCache.initialize(to: TypeDispatchCache())
    }

    deinit {
        containerSlots?.deallocate()
        keyCursors.deallocate()
        dispatchCache.deinitialize(count: 1)
        dispatchCache.deallocate()
    }

    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(type, object: objectEntry(entry, path: pathNode), pathNode: pathNode)
    }

    /// The keyed container of `object`, reused where it can be (see `KeyedContainerReuse.swift`).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        guard let containerSlots else {
            return try KeyedContainerSlots.make(type, impl: self, object: object, pathNode: pathNode)
        }
        return try containerSlots.container(type, impl: self, object: object, pathNode: pathNode)
    }

    /// Drops the containers kept for reuse; called when the decode this decoder made is over.
    func endDecode() {
        containerSlots?.deallocate()
        containerSlots = nil
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedContainer(impl: self, array: try arrayEntry(entry, path: pathNode), pathNode: pathNode)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// `entry` itself when it is an object, else the error `JSONDecoder` throws. Inline: every
    /// model's `container(keyedBy:)` asks; the error is made out of line.
    @inline(__always)
    func objectEntry(_ entry: Int, path: CodingPathNode) throws -> Int {
        if map.kind(entry) == .object { return entry }
        throw wrongKind(entry, expected: [String: Any].self, path: path)
    }

    /// `entry` itself when it is an array, else the error `JSONDecoder` throws.
    @inline(__always)
    func arrayEntry(_ entry: Int, path: CodingPathNode) throws -> Int {
        if map.kind(entry) == .array { return entry }
        throw wrongKind(entry, expected: [Any].self, path: path)
    }

    /// The error `JSONDecoder` throws where a container of type `expected` is asked for and
    /// the value at `entry` is of another kind: `valueNotFound` for `null`, else `typeMismatch`.
    @inline(never)
    private func wrongKind(_ entry: Int, expected: Any.Type, path: CodingPathNode) -> DecodingError {
        if map.kind(entry) == .null {
            return DecodingErrors.valueNotFound(expected, path: path.path, map: map, entry: entry)
        }
        return DecodingErrors.typeMismatch(expected, path: path.path, map: map, entry: entry)
    }

    /// Runs `body` with this decoder moved to `entry` at `path`, then moves back.
    @inline(__always)
    func with<T>(entry newEntry: Int, path: consuming CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let savedEntry = entry
        // Swapped, not copied: moving the path in and out costs no retain or release.
        var savedPath = path
        swap(&pathNode, &savedPath)
        entry = newEntry
        defer {
            entry = savedEntry
            swap(&pathNode, &savedPath)
        }
        return try body()
    }

    /// Decodes the value at `entry` as `T`; `parent` and `key` make up its coding path.
    /// A decode with registrations takes them into account (`Mapping/DecoderImpl+Registrations.swift`).
    func unwrap<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?) throws -> T
    {
        if let registrations = options.registrations,
            registrations.hasRegistration(T.self) || currentRegistration != nil
        {
            return try unwrapRegistered(entry, as: type, parent: parent, key: key, registrations)
        }
        return try unwrapValue(entry, as: type, parent: parent, key: key)
    }

    /// Decodes the value at `entry` as `T` by the policy's rules alone.
    @inline(__always)
    func unwrapValue<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?) throws
        -> T
    {
        try unwrapValue(
            entry, as: type, dispatch: dispatchCache.pointee.dispatch(for: T.self), parent: parent, key: key)
    }

    /// ``unwrapValue(_:as:parent:key:)`` for a caller that has looked up `T`'s dispatch.
    @inline(__always)
    func unwrapValue<T: Decodable>(
        _ entry: Int, as type: T.Type, dispatch: TypeDispatch, parent: CodingPathNode, key: (any CodingKey)?
    ) throws -> T {
        switch dispatch {
        case .scalar(let kind):
            return try unwrapScalar(entry, kind, as: type, parent: parent, key: key)
        case .array(let arrayType):
            guard report != nil else {
                return try arrayType.decodeArray(entry, using: self, parent: parent, key: key, as: type)
            }
            return try discardingEventsOnFailure {
                try arrayType.decodeArray(entry, using: self, parent: parent, key: key, as: type)
            }
        case .optional(let optionalType):
            guard report != nil else {
                return try optionalType.decodeOptional(entry, using: self, parent: parent, key: key, as: type)
            }
            return try discardingEventsOnFailure {
                try optionalType.decodeOptional(entry, using: self, parent: parent, key: key, as: type)
            }
        case .memberwiseDictionary(let dictionaryType):
            guard report != nil else {
                return try dictionaryType.decodeMembers(of: entry, using: self, parent: parent, key: key, as: type)
            }
            return try discardingEventsOnFailure {
                try dictionaryType.decodeMembers(of: entry, using: self, parent: parent, key: key, as: type)
            }
        case .plain(let isDictionary):
            return try decodeModel(
                entry, as: type, parent: parent, key: key, node: parent.appending(key), isDictionary: isDictionary)
        case .identifiableClass:
            return try decodeIdentifiable(entry, as: type, parent: parent, key: key)
        }
    }

    /// An `Identifiable` class, decoded as a plain type and then shared through the decode's
    /// identity map, if it has one. Out of line: its value takes stack space sized by `T`,
    /// which `unwrap` would otherwise reserve on every call.
    @inline(never)
    private func decodeIdentifiable<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?
    ) throws -> T {
        let value = try decodeModel(
            entry, as: type, parent: parent, key: key, node: parent.appending(key), isDictionary: false)
        guard let identityMap = options.identityMap else { return value }
        return identityMap.shared(value, as: type)
    }

    /// Decodes a type by its own `init(from:)`: directly where no rule can apply, else under
    /// the policy (see `DecoderImpl+Alternatives.swift`). `node` is the value's coding path
    /// (`parent` and `key`), made by the caller, which may know `key`'s type; `key` is made
    /// only where a value fails or leniency acts, never for a value decoded as it is.
    @inline(__always)
    func decodeModel<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> (any CodingKey)?,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        if decodesPlainTypesDirectly {
            do {
                return try with(entry: entry, path: node) { try type.init(from: self) }
            } catch {
                throw naming(type, in: error, entry: entry, path: parent.path(appending: key()))
            }
        }
        return try decodePlain(entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
    }

    /// `error`, when it is a `DecodingError`, naming `type` as `JSONDecoder`'s does; any
    /// other error as it is. Out of line, so that `unwrap` names no `DecodingError` (whose
    /// metadata and stack space it would ask for on every call).
    @inline(never)
    func naming(_ type: Any.Type, in error: any Error, entry: Int, path: [any CodingKey]) -> any Error {
        guard let error = error as? DecodingError else { return error }
        return DecodingErrors.naming(type, in: error, map: map, entry: entry, path: path)
    }

    /// The coerced value, or `error` when no coercion applies. Kept out of line: its `T?`
    /// would make every call of `unwrap` ask the runtime for `Optional<T>`'s metadata.
    @inline(never)
    func coerce<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?, isDictionary: Bool,
        orThrow error: DecodingError
    ) throws -> T {
        if isDictionary, let value = try emptyArrayAsDictionary(entry, as: type, parent: parent, key: key) {
            return value
        }
        if let value = try decodeEmbeddedJSON(entry, as: type, parent: parent, key: key) { return value }
        guard let value = try coerce(entry, as: type, parent: parent, key: key) else {
            throw DecodingErrors.naming(type, in: error, map: map, entry: entry, path: parent.path(appending: key))
        }
        return value
    }

    /// Decodes a `DecodableWithConfiguration` value at `entry`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func unwrap<T: DecodableWithConfiguration>(
        _ entry: Int, as type: T.Type, configuration: T.DecodingConfiguration, parent: CodingPathNode,
        key: (any CodingKey)?
    ) throws -> T {
        try with(entry: entry, path: parent.appending(key)) { try type.init(from: self, configuration: configuration) }
    }

    /// A decoder of its own for `entry` of `map` (this decoder's when `nil`), for `superDecoder()`.
    func makeSubdecoder(entry: Int, path: CodingPathNode, in other: ValueMap? = nil) -> DecoderImpl {
        DecoderImpl(map: other ?? map, options: options, entry: entry, pathNode: path, report: report)
    }
}
