import Foundation

/// The `Decoder` handed to `init(from:)`. One instance serves a whole decode: it moves to a
/// nested value, runs the nested `init(from:)`, and moves back. It is also the single-value
/// container.
final class DecoderImpl: Decoder {
    let map: ValueMap
    /// How this decoder reads; it never changes. Another reading of a value (a strict one, a
    /// stand-in's) is made by a nested decoder with its own mode (``nested(_:)``).
    let mode: DecodeMode
    /// What this decoder shares with the nested decoders that read the same document.
    let session: DecodeSession
    /// The session's key cursors and type dispatch cache, held here as well so that a lookup
    /// costs no load of the session.
    let keyCursors: UnsafeMutablePointer<Int>
    let dispatchCache: UnsafeMutablePointer<TypeDispatchCache>
    /// What watches the decode (the mode's ``DecodeMode/observer``), held here as well so that a
    /// hook costs no load of the mode.
    let observer: DecodeObserver
    /// Whether `unwrap` may call a plain type's `init(from:)` with no bookkeeping (the mode's
    /// ``DecodeMode/decodesPlainTypesDirectly``, read once).
    let decodesPlainTypesDirectly: Bool
    /// The entry of the value being decoded.
    var entry: Int
    /// The coding path of the value being decoded; `with(entry:path:_:)` swaps it in and out
    /// for every nested value.
    var pathNode: CodingPathNode
    /// The registrations of the type being decoded (its key aliases and per-property
    /// defaults apply to the objects it reads); set only while the decode has registrations.
    var currentRegistration: TypeRegistration?
    /// The keyed-container makers of this decode (`FastPaths/KeyedContainerMakers.swift`);
    /// `nil` for a decoder whose end no caller marks with ``endDecode()`` (a `superDecoder()`'s),
    /// and after the end (a decoder a model kept), which then make every container afresh.
    private var containerSlots: KeyedContainerSlots?
    /// The decoder of this one's strict readings, made at the first (`strictDecoder`).
    private var strictNested: DecoderImpl?
    /// The decoder of this one's strict attempts that record no event, made at the first
    /// (`unrecordedStrictDecoder`).
    private var unrecordedStrictNested: DecoderImpl?
    /// The decoder of this one's readings without structural rules, made at the first
    /// (`unstructuredDecoder`).
    private var unstructuredNested: DecoderImpl?
    /// What the readings without structural rules of this decoder's values know: made by this
    /// decoder at its first such reading or first value kept, and shared with that reading's
    /// decoder (`UnstructuredReadings.swift`).
    private(set) var unstructuredReadings: UnstructuredReadings?
    /// Whether this decoder keeps the values it reads for its readings without structural
    /// rules: it reads under a policy with structural rules, and records nothing those readings
    /// would have to record again (no unused keys, no error collection, no identity map). A
    /// report's events are kept with the value (``UnstructuredReadings/Kept/events``) and
    /// recorded again where it is taken.
    let keepsValuesForUnstructured: Bool

    /// The decode's settings (the mode's).
    var options: DecodingOptions { mode.options }
    /// Where report events go (the observer's); `nil` when nobody reads them.
    var report: ReportCollector? { observer.report }
    /// The problems being collected (the mode's); `nil` unless every problem is listed.
    var collection: ErrorCollection? { mode.collection }

    /// A decoder at `entry` of a decode the caller starts; with `reusesContainers`, the caller
    /// calls ``endDecode()`` once the decode is over (else the decoder and its container
    /// makers keep each other alive). With `tracksUnusedKeys`, a decode whose options and
    /// report ask for them tracks unused keys; the caller then calls ``reportUnusedKeys()``.
    /// With `partial`, the map is the closed text of a document that has arrived in part.
    convenience init(
        map: ValueMap, options: DecodingOptions, entry: Int, pathNode: CodingPathNode, report: ReportCollector? = nil,
        reusesContainers: Bool = false, tracksUnusedKeys: Bool = false, partial: PartialReading? = nil
    ) {
        let tracks = tracksUnusedKeys && options.reportsUnusedKeys && report != nil
        let session = DecodeSession(map: map, tracksUnusedKeys: tracks)
        let observer = DecodeObserver(report: report, unusedKeys: session.unusedKeys)
        self.init(
            map: map, mode: DecodeMode(options: options, observer: observer, partial: partial), session: session,
            entry: entry, pathNode: pathNode, reusesContainers: reusesContainers)
    }

    /// A decoder reading `map` in `mode`, sharing `session`.
    init(
        map: ValueMap, mode: DecodeMode, session: DecodeSession, entry: Int, pathNode: CodingPathNode,
        reusesContainers: Bool, unstructuredReadings: UnstructuredReadings? = nil
    ) {
        containerSlots = reusesContainers ? KeyedContainerSlots() : nil
        self.map = map
        self.mode = mode
        self.session = session
        self.entry = entry
        self.pathNode = pathNode
        keyCursors = session.keyCursors
        dispatchCache = session.dispatchCache
        observer = mode.observer
        decodesPlainTypesDirectly = mode.decodesPlainTypesDirectly
        self.unstructuredReadings = unstructuredReadings
        keepsValuesForUnstructured =
            !mode.readsStrictly && !mode.readsWithoutStructuralRules && mode.collection == nil
            && mode.observer.unusedKeys == nil && mode.options.identityMap == nil
            && !mode.options.policy.coercions.isDisjoint(with: LenientPolicy.Coercions.structural)
    }

    /// A decoder of the same document in `mode`, sharing this one's session; it makes its
    /// containers afresh (nobody marks its end).
    func nested(_ mode: DecodeMode) -> DecoderImpl {
        DecoderImpl(map: map, mode: mode, session: session, entry: entry, pathNode: pathNode, reusesContainers: false)
    }

    /// The decoder of this one's strict readings: one per decoder, reusing its containers
    /// (strict readings are frequent where leniency acts), ended with this one.
    var strictDecoder: DecoderImpl {
        if let strictNested { return strictNested }
        let decoder = DecoderImpl(
            map: map, mode: mode.strictReading, session: session, entry: entry, pathNode: pathNode,
            reusesContainers: containerSlots != nil)
        strictNested = decoder
        return decoder
    }

    /// The decoder of this one's strict attempts where a report is collected: the strict
    /// reading with no report, ended with this one. An attempt reads by it first and again by
    /// ``strictDecoder`` only where it succeeds (``readStrictly(_:)``); without a report, it is
    /// ``strictDecoder``.
    var unrecordedStrictDecoder: DecoderImpl {
        guard observer.recordsEvents else { return strictDecoder }
        if let unrecordedStrictNested { return unrecordedStrictNested }
        let decoder = DecoderImpl(
            map: map, mode: mode.strictReading.unrecorded, session: session, entry: entry, pathNode: pathNode,
            reusesContainers: containerSlots != nil)
        unrecordedStrictNested = decoder
        return decoder
    }

    /// The decoder of this one's readings without structural rules (``DecodeMode/withoutStructuralRules``):
    /// one per decoder, as ``strictDecoder``, so that the failures it remembers serve every
    /// enclosing value this decoder reads so.
    var unstructuredDecoder: DecoderImpl {
        if let unstructuredNested { return unstructuredNested }
        let decoder = DecoderImpl(
            map: map, mode: mode.withoutStructuralRules, session: session, entry: entry, pathNode: pathNode,
            reusesContainers: containerSlots != nil, unstructuredReadings: readingsWithoutStructure)
        unstructuredNested = decoder
        return decoder
    }

    /// ``unstructuredReadings``, made at the first call.
    var readingsWithoutStructure: UnstructuredReadings {
        if let unstructuredReadings { return unstructuredReadings }
        let readings = UnstructuredReadings()
        unstructuredReadings = readings
        return readings
    }

    deinit {
        containerSlots?.deallocate()
    }

    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(type, object: objectEntry(entry, path: pathNode), pathNode: pathNode)
    }

    /// The keyed container of `object`, by its key type's maker where this decoder has makers
    /// (see `FastPaths/KeyedContainerMakers.swift`).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        observer.opened(object, path: pathNode, decoding: entry, keys: Key.self)
        guard let containerSlots else {
            return try KeyedContainerSlots.make(type, impl: self, object: object, pathNode: pathNode)
        }
        return try containerSlots.container(type, impl: self, object: object, pathNode: pathNode)
    }

    /// Drops the containers kept for reuse; called when the decode this decoder made is over.
    func endDecode() {
        map.dropKeptStrings()
        containerSlots?.deallocate()
        containerSlots = nil
        strictNested?.endDecode()
        strictNested = nil
        unrecordedStrictNested?.endDecode()
        unrecordedStrictNested = nil
        unstructuredNested?.endDecode()
        unstructuredNested = nil
        unstructuredReadings = nil
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
            return DecodingErrors.valueNotFound(
                expected, path: path.path, map: map, entry: entry, describes: mode.describesErrors)
        }
        return DecodingErrors.typeMismatch(
            expected, path: path.path, map: map, entry: entry, describes: mode.describesErrors)
    }

    /// Runs `body` with this decoder moved to `entry` at `path`, then moves back. A model
    /// decoded there is done with the containers it opened: those whose objects had every
    /// member read are forgotten by the unused-key tracker, if there is one.
    @inline(__always)
    func with<T>(entry newEntry: Int, path: consuming CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let savedEntry = entry
        // Swapped, not copied: moving the path in and out costs no retain or release.
        var savedPath = path
        swap(&pathNode, &savedPath)
        entry = newEntry
        let opened = observer.openedCount
        defer {
            observer.forgetFullyRead(openedSince: opened, in: map)
            entry = savedEntry
            swap(&pathNode, &savedPath)
        }
        return try body()
    }

    /// Decodes the value at `entry` as `T`; `parent` and `key` make up its coding path.
    /// A decode with registrations takes them into account (`Mapping/DecoderImpl+Registrations.swift`).
    func unwrap<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey) throws -> T {
        if let registrations = options.registrations,
            registrations.hasRegistration(T.self) || currentRegistration != nil
        {
            return try unwrapRegistered(entry, as: type, parent: parent, key: key, registrations)
        }
        return try unwrapValue(entry, as: type, parent: parent, key: key)
    }

    /// Decodes the value at `entry` as `T` by the policy's rules alone.
    @inline(__always)
    func unwrapValue<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey) throws
        -> T
    {
        try unwrapValue(
            entry, as: type, dispatch: dispatchCache.pointee.dispatch(for: T.self), parent: parent, key: key)
    }

    /// ``unwrapValue(_:as:parent:key:)`` for a caller that has looked up `T`'s dispatch.
    @inline(__always)
    func unwrapValue<T: Decodable>(
        _ entry: Int, as type: T.Type, dispatch: TypeDispatch, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        switch dispatch {
        case .scalar(let kind):
            return try unwrapScalar(entry, kind, as: type, parent: parent, key: key)
        case .array(let arrayType, let elements):
            guard observer.recordsEvents else {
                return try arrayType.decodeArray(
                    entry, using: self, parent: parent, key: key, elements: elements, as: type)
            }
            return try rollingBackOnFailure {
                try arrayType.decodeArray(entry, using: self, parent: parent, key: key, elements: elements, as: type)
            }
        case .optional(let optionalType):
            guard observer.recordsEvents else {
                return try optionalType.decodeOptional(entry, using: self, parent: parent, key: key, as: type)
            }
            return try rollingBackOnFailure {
                try optionalType.decodeOptional(entry, using: self, parent: parent, key: key, as: type)
            }
        case .memberwiseDictionary(let dictionaryType):
            guard observer.recordsEvents else {
                return try dictionaryType.decodeMembers(of: entry, using: self, parent: parent, key: key, as: type)
            }
            return try rollingBackOnFailure {
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
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
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
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> ChildKey,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        observer.decoding(type, at: entry)
        if decodesPlainTypesDirectly {
            let unusedMark = observer.unusedKeysMark
            do {
                return try with(entry: entry, path: node) { try type.init(from: self) }
            } catch {
                observer.discardUnusedKeys(from: unusedMark)
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
        return DecodingErrors.naming(
            type, in: error, map: map, entry: entry, path: path, describes: mode.describesErrors)
    }

    /// The coerced value, or `error` when no coercion applies. Kept out of line: its `T?`
    /// would make every call of `unwrap` ask the runtime for `Optional<T>`'s metadata.
    @inline(never)
    func coerce<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, isDictionary: Bool,
        orThrow error: DecodingError
    ) throws -> T {
        if isDictionary, let value = try emptyArrayAsDictionary(entry, as: type, parent: parent, key: key) {
            return value
        }
        if let value = try decodeEmbeddedJSON(entry, as: type, parent: parent, key: key) { return value }
        guard let value = try coerce(entry, as: type, parent: parent, key: key) else {
            throw DecodingErrors.naming(
                type, in: error, map: map, entry: entry, path: parent.path(appending: key),
                describes: mode.describesErrors)
        }
        return value
    }

    /// Decodes a `DecodableWithConfiguration` value at `entry`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func unwrap<T: DecodableWithConfiguration>(
        _ entry: Int, as type: T.Type, configuration: T.DecodingConfiguration, parent: CodingPathNode,
        key: ChildKey
    ) throws -> T {
        try with(entry: entry, path: parent.appending(key)) { try type.init(from: self, configuration: configuration) }
    }

    /// A decoder of its own for `entry` of `map` (this decoder's when `nil`), for `superDecoder()`:
    /// in this decoder's mode, sharing its session when it reads the same document.
    func makeSubdecoder(entry: Int, path: CodingPathNode, in other: ValueMap? = nil) -> DecoderImpl {
        guard let other else {
            return DecoderImpl(
                map: map, mode: mode, session: session, entry: entry, pathNode: path, reusesContainers: false)
        }
        return DecoderImpl(
            map: other, mode: mode.readingAnotherDocument, session: DecodeSession(), entry: entry, pathNode: path,
            reusesContainers: false)
    }
}
