import Foundation

/// The container for a JSON object.
///
/// Small objects with plain keys are searched in place, comparing the key's UTF-8 bytes with
/// the input (no `String` is built per key). Large objects, objects with escaped or non-ASCII
/// keys, and any object under a key conversion strategy get a key table first, as
/// `JSONDecoder` builds one. Either way, the first of duplicate keys wins.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder, the object and its path: a reference, so that the state can be reused for
    /// the next object of its key type once this container is gone (see
    /// `FastPaths/KeyedContainerMakers.swift`) and copying it
    /// (the standard library's box copies it for every call) costs one retain.
    let state: KeyedContainerState

    var impl: DecoderImpl { state.impl }
    var object: Int { state.object }
    var pathNode: CodingPathNode { state.pathNode }
    /// Key (after the key strategy) → value entry; `nil` when the object is searched in place.
    var table: [String: Int]? { state.table }

    var codingPath: [any CodingKey] { pathNode.path }

    /// The value entry for `key` by exact match (after the key strategy), or `nil`.
    @inline(__always)
    func findExact<K: CodingKey>(_ key: K) -> Int? {
        if let table { return table[key.stringValue] }
        var name = key.stringValue
        let object = self.object
        return state.withImpl { impl in
            let map = impl.map
            return name.withUTF8 { bytes -> Int? in
                let first = object &+ 1
                let end = map.containerEnd(object)
                // In a large object without duplicate keys, start after the key found last and
                // wrap around: models read keys mostly in document order.
                guard let cursor = impl.keyCursor(for: object) else {
                    for (key, value) in map.members(of: object) where map.stringEquals(key, bytes) { return value }
                    return nil
                }
                let start = cursor.pointee
                var child = start
                while child < end {
                    if map.stringEquals(child, bytes) { return Self.found(child, cursor, in: map) }
                    child = map.next(after: child &+ 1)
                }
                child = first
                while child < start {
                    if map.stringEquals(child, bytes) { return Self.found(child, cursor, in: map) }
                    child = map.next(after: child &+ 1)
                }
                return nil
            }
        }
    }

    /// The value entry of key entry `child`, remembering where the next search starts.
    @inline(__always)
    private static func found(_ child: Int, _ cursor: UnsafeMutablePointer<Int>, in map: ValueMap) -> Int {
        let value = child &+ 1
        cursor.pointee = map.next(after: value)
        return value
    }

    /// The member for `key`: by exact match where this decode matches keys exactly, else as
    /// `Keys/KeyedContainer+KeyMatching.swift` says (normalized matching, aliases, key paths). The
    /// one lookup of every keyed read, `contains`, `allKeys` and `superDecoder`; `notes` is `false`
    /// where the member is only looked for, not read (no report event).
    /// A lookup that reads (`notes`) is noted for ``LenientJSONDecoder/reportsUnusedKeys``.
    @inline(__always)
    func lookup<K: CodingKey>(_ key: K, notes: Bool = true) throws -> KeyedMember? {
        let member = try findMember(key, notes: notes)
        if notes { impl.observer.noteLookup(key, found: member, in: object) }
        return member
    }

    @inline(__always)
    private func findMember<K: CodingKey>(_ key: K, notes: Bool) throws -> KeyedMember? {
        guard impl.mode.matchesKeysExactly else {
            // The events this lookup records (a key matched by another spelling, an alias, a key
            // path) wait for the type the member is read as: the member carries where they begin.
            let keyEvents = impl.observer.eventCount
            var member = try matchingMember(for: key, notes: notes)
            member?.keyEvents = keyEvents
            return member
        }
        guard let entry = findExact(key) else { return nil }
        impl.session.keysFound &+= 1
        return KeyedMember(entry: entry, respelled: table != nil && !impl.options.usesDefaultKeys)
    }

    /// The coding-path key of `member`: `key`, or the input's spelling of it (read only if a
    /// path is built). Made a ``ChildKey`` here, once: the `unwrap` functions take one, and
    /// wrapping it at each call would copy and destroy the existential again.
    @inline(__always)
    func pathKey<K: CodingKey>(_ key: K, _ member: KeyedMember) -> ChildKey {
        if member.respelled { return .matched(MatchedKey(key, keyEntry: member.entry - 1, in: impl.map)) }
        if let steps = member.keyPath { return .key(KeyPathKey(key, steps: steps)) }
        return ChildKey(key)
    }

    /// The keys present, as `Key`s, in document order (the first of keys that give the same
    /// `Key`): exactly the keys for which ``contains(_:)`` is true, as far as they can be
    /// named.
    ///
    /// A JSON key that is a `Key` as spelled (after the key strategy) counts as that `Key`.
    /// Under normalized matching, a JSON key that is no `Key` as spelled counts as every `Key`
    /// that normalizes like it and that ``contains(_:)`` finds: for a `CaseIterable` key type,
    /// among all its cases (exact); for any other key type, which cannot list its keys, among
    /// `Key(stringValue:)` of the JSON key's usual respellings
    /// (``KeyNormalization/spellings(of:)``: `user_id` → `userId`, `userID`, `UserID`…), so a
    /// `Key` spelled otherwise is found by `contains` and `decode` but not listed here.
    var allKeys: [Key] {
        var names: [String]
        if let table {
            names = table.sorted { $0.value < $1.value }.map(\.key)
        } else {
            let map = impl.map
            names = map.members(of: object).map { String(decoding: map.text($0.key), as: UTF8.self) }
        }
        var seen = Set<String>()
        var keys: [Key] = []
        let normalized = impl.options.policy.keyMatching == .normalized
        for name in names {
            if let key = Key(stringValue: name) {
                if seen.insert(key.stringValue).inserted { keys.append(key) }
            } else if let key = aliasKey(for: name), seen.insert(key.stringValue).inserted {
                keys.append(key)
            } else if normalized {
                for key in Self.normalizedKeys(for: name) where !seen.contains(key.stringValue) && contains(key) {
                    seen.insert(key.stringValue)
                    keys.append(key)
                }
            }
        }
        return keys
    }

    /// The `Key`s whose names normalize like JSON key `name`: among all cases of a
    /// `CaseIterable` key type, else among `Key(stringValue:)` of `name`'s respellings.
    static func normalizedKeys(for name: String) -> [Key] {
        let wanted = KeyNormalization.normalize(name)
        guard !wanted.isEmpty else { return [] }
        if let cases = Key.self as? any CaseIterable.Type {
            var keys: [Key] = []
            for candidate in cases.allCases as any Collection {
                if let key = candidate as? Key, KeyNormalization.normalized(key) == wanted { keys.append(key) }
            }
            return keys
        }
        return KeyNormalization.spellings(of: name).compactMap { spelling in
            Key(stringValue: spelling).flatMap { KeyNormalization.normalized($0) == wanted ? $0 : nil }
        }
    }

    /// Whether the object has a member for `key`, by the lookup of ``decode(_:forKey:)``; a key
    /// that several JSON keys match ambiguously is there (reading it throws).
    func contains(_ key: Key) -> Bool {
        do { return try lookup(key, notes: false) != nil } catch { return true }
    }

    func require(_ key: Key) throws -> KeyedMember {
        if let found = try lookup(key) { return found }
        throw keyNotFound(key)
    }

    func keyNotFound(_ key: Key) -> DecodingError {
        guard impl.mode.describesErrors else {
            return DecodingErrors.keyNotFound(
                key, path: [], map: impl.map, object: object, describes: impl.mode.describesErrors)
        }
        let suggestion = impl.suggestion(for: key, in: object, path: pathNode)
        return DecodingErrors.keyNotFound(
            key, inputName: Self.inputName(of: key, strategy: impl.options.keyDecodingStrategy),
            path: pathNode.path, map: impl.map, object: object, suggestion: suggestion,
            describes: impl.mode.describesErrors)
    }

    /// How the input would spell model key `key` for the key strategy to find it, as a missing
    /// key's error names it: `id_str` for `idStr` under `.convertFromSnakeCase` (as
    /// `JSONEncoder`'s `.convertToSnakeCase` writes it); the key itself under `.useDefaultKeys`
    /// and `.custom`, whose conversion cannot be reversed.
    static func inputName(of key: Key, strategy: JSONDecoder.KeyDecodingStrategy) -> String {
        if case .convertFromSnakeCase = strategy { return KeyEncoding.snakeCase(key.stringValue) }
        return key.stringValue
    }

    /// A respelled key's event gets the type `Optional<Any>`: the model asks whether the value is
    /// `null`, not yet for a type (`LenientJSON.docc/Articles/TheReport.md`, `type`).
    func decodeNil(forKey key: Key) throws -> Bool {
        guard let found = try lookup(key) else {
            // In an object still open, a member not arrived may yet be anything.
            if let partial = impl.mode.partial, partial.isOpen(object, in: impl.map) { throw PartialValueNotBuilt() }
            throw keyNotFound(key)
        }
        impl.observer.typeKeyEvents(Any?.self, of: found)
        return impl.map.kind(found.entry) == .null
    }

    /// Whether a member read as `T` takes the plain read: always where the decode's mode says so
    /// (``DecodeMode/readsValuesPlainly``); in a decode with registrations, also where none
    /// applies to `T` and this object's type has no per-property defaults
    /// (``DecoderImpl/registrationsApply(to:)``), through which the layered read would only
    /// pass (``registeredOrDefaultValue(_:_:)``, ``registeredValueOrPresent(_:_:)``). Registrations
    /// for types a document does not contain cost twitter's decode 24 % more instructions when
    /// every read took the layered one (26.6 M against 21.4 M, callgrind), 2 % now (21.9 M).
    @inline(__always) func readsPlainly<T>(_ type: T.Type) -> Bool {
        impl.mode.readsValuesPlainly
            || (impl.mode.readsValuesPlainlyUnlessRegistered && !impl.registrationsApply(to: T.self))
    }

    // MARK: Required values

    /// Reads the member for `key` with `read` (its value entry and coding-path key). A member the
    /// input spells as `key` itself is read with `exact`, which knows that its path key is `key`
    /// (as `Key`, not yet an existential) and must read it as `read` would. Where registrations,
    /// defaults or error collection can act, the read is ``layeredValue(_:_:)``'s.
    @inline(__always) func value<T: Decodable>(
        _ key: Key, exact: (Int) throws -> T, _ read: (Int, ChildKey) throws -> T
    ) throws -> T {
        guard readsPlainly(T.self) else { return try layeredValue(key, read) }
        let found = try require(key)
        guard found.awaitsType else { return try exact(found.entry) }
        impl.observer.typeKeyEvents(T.self, of: found)
        return try read(found.entry, pathKey(key, found))
    }

    /// ``value(_:exact:_:)`` for a scalar whose strict reading is `strict`, tried before `read`: a
    /// value it reads is the value `read` returns first under every policy, and trying it
    /// first spares making the member's coding-path key (an existential copied and
    /// destroyed) for every scalar member. (Not for a generic `T`: its `T?` would ask the
    /// runtime for `Optional<T>`'s metadata on every call.)
    @inline(__always) func value<T: Decodable>(
        _ key: Key, strict: (DecoderImpl, Int) -> T?, _ read: (Int, ChildKey) throws -> T
    ) throws -> T {
        guard readsPlainly(T.self) else { return try layeredValue(key, read) }
        let found = try require(key)
        impl.observer.typeKeyEvents(T.self, of: found)
        if let value = state.withImpl({ strict($0, found.entry) }) { return value }
        return try read(found.entry, pathKey(key, found))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try value(key, strict: { $0.strictBool($1) }) { try impl.unwrapBool($0, parent: pathNode, key: $1) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try value(key, strict: { $0.strictString($1) }) { try impl.unwrapString($0, parent: pathNode, key: $1) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try value(key, strict: { $0.strictFloatingPoint($1, as: type) }) {
            try impl.unwrapFloatingPoint($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try value(key, strict: { $0.strictFloatingPoint($1, as: type) }) {
            try impl.unwrapFloatingPoint($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try value(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(key, exact: { try impl.unwrap($0, as: type, parent: pathNode, concreteKey: key) }) {
            try impl.unwrap($0, as: type, parent: pathNode, key: $1)
        }
    }

    // MARK: Optional values

    /// `nil` for a missing key or `null`; otherwise `read`'s value, recovered to `nil` when
    /// it cannot be read and the policy allows it. Where registrations or error collection can
    /// act, the read is ``layeredValueIfPresent(_:_:)``'s.
    @inline(__always) func valueIfPresent<T: Decodable>(_ key: Key, _ read: (Int, ChildKey) throws -> T) throws
        -> T?
    {
        guard readsPlainly(T.self) else { return try layeredValueIfPresent(key, read) }
        return try presentValue(key, read)
    }

    /// ``valueIfPresent(_:_:)`` for a scalar whose strict reading is `strict`, as in
    /// ``value(_:strict:_:)``: no `Optional` rule turns a value that reads strictly into `nil`
    /// (`""` and `false` never read strictly as the scalars those rules apply to).
    @inline(__always) func valueIfPresent<T: Decodable>(
        _ key: Key, strict: (DecoderImpl, Int) -> T?, _ read: (Int, ChildKey) throws -> T
    ) throws -> T? {
        guard readsPlainly(T.self) else { return try layeredValueIfPresent(key, read) }
        guard let found = try presentMember(key, as: T.self) else { return nil }
        if let value = state.withImpl({ strict($0, found.entry) }) { return value }
        return try optionalValue(key, found, read)
    }

    /// ``valueIfPresent(_:_:)`` by the policy's rules alone. (No `strict` closure here: a
    /// generic one would be a closure context allocated per call.)
    @inline(__always) func presentValue<T: Decodable>(_ key: Key, _ read: (Int, ChildKey) throws -> T) throws
        -> T?
    {
        guard let found = try presentMember(key, as: T.self) else { return nil }
        return try optionalValue(key, found, read)
    }

    /// The member for `key` unless it is missing or `null`; a lookup error is recovered as
    /// missing where the policy recovers invalid values. A respelled key's events get the type
    /// `Optional<T>`, `null` or not.
    @inline(__always) func presentMember<T>(_ key: Key, as type: T.Type) throws -> KeyedMember? {
        let found: KeyedMember?
        do {
            found = try lookup(key)
        } catch let error as DecodingError where impl.options.policy.invalidValues != .throw {
            impl.note(
                .recoveredAsNil, .optionalInvalid, entry: object, path: pathNode.appending(key), type: nil,
                .text("Recovered as nil: \(DecoderImpl.reason(error))"))
            return nil
        }
        guard let found else { return nil }
        impl.observer.typeOptionalKeyEvents(T.self, of: found)
        guard impl.map.kind(found.entry) != .null else { return nil }
        return found
    }

    /// `read`'s value of present member `found`, under the Optional rules.
    @inline(__always) func optionalValue<T: Decodable>(
        _ key: Key, _ found: KeyedMember, _ read: (Int, ChildKey) throws -> T
    ) throws -> T? {
        let foundKey = pathKey(key, found)
        return try impl.optional(found.entry, as: T.self, parent: pathNode, key: foundKey) {
            try read(found.entry, foundKey)
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try valueIfPresent(key, strict: { $0.strictBool($1) }) { try impl.unwrapBool($0, parent: pathNode, key: $1) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try valueIfPresent(key, strict: { $0.strictString($1) }) {
            try impl.unwrapString($0, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try valueIfPresent(key, strict: { $0.strictFloatingPoint($1, as: type) }) {
            try impl.unwrapFloatingPoint($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try valueIfPresent(key, strict: { $0.strictFloatingPoint($1, as: type) }) {
            try impl.unwrapFloatingPoint($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try valueIfPresent(key, strict: { $0.strictInteger($1, as: type) }) {
            try impl.unwrapInteger($0, as: type, parent: pathNode, key: $1)
        }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try valueIfPresent(key) { try impl.unwrap($0, as: type, parent: pathNode, key: $1) }
    }

    // MARK: Nested

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try nested(key, empty: impl.map.emptyObjectEntry) { entry, path in
            try impl.keyedContainer(NestedKey.self, object: impl.objectEntry(entry, path: path), pathNode: path)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nested(key, empty: impl.map.emptyArrayEntry) { entry, path in
            UnkeyedContainer(impl: impl, array: try impl.arrayEntry(entry, path: path), pathNode: path)
                as any UnkeyedDecodingContainer
        }
    }

    /// The nested container for `key`, made by `make` from a value entry. Where defaults or
    /// error collection can act, it is ``layeredNested(_:empty:_:)``'s.
    private func nested<C>(_ key: Key, empty: Int, _ make: (Int, CodingPathNode) throws -> C) throws -> C {
        // The layers of a nested container are the policy's defaults and error collection: no
        // registration acts on it (``layeredNested(_:empty:_:)``).
        guard impl.mode.readsValuesPlainlyUnlessRegistered else { return try layeredNested(key, empty: empty, make) }
        let found = try require(key)
        impl.observer.typeKeyEvents(C.self, of: found)
        return try make(found.entry, pathNode.appending(pathKey(key, found)))
    }

    /// A decoder for the member `"super"`, found as ``decode(_:forKey:)`` finds a key (a `null`
    /// value when there is none).
    func superDecoder() throws -> any Decoder {
        try subdecoder(forKey: NameKey.super)
    }

    /// A decoder for the member `key` (a `null` value when there is none).
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try subdecoder(forKey: key)
    }

    /// A decoder for the member `key`; for a missing member, a decoder of a `null` located at
    /// this object, so that its errors point at the object.
    private func subdecoder<K: CodingKey>(forKey key: K) throws -> any Decoder {
        if let found = try lookup(key) {
            // The model that reads the subdecoder is not known here.
            impl.observer.typeKeyEvents((any Decoder).self, of: found)
            return impl.makeSubdecoder(entry: found.entry, path: pathNode.appending(pathKey(key, found)))
        }
        let missing = impl.map.missingMember(of: object)
        return impl.makeSubdecoder(entry: missing.nullEntry, path: pathNode.appending(key), in: missing)
    }
}

/// The key table of an object: each key as `String` (after the key decoding strategy) mapped
/// to its value entry, the first of duplicates winning.
enum KeyTable {
    static func build(for object: Int, impl: DecoderImpl, pathNode: CodingPathNode) throws -> [String: Int] {
        let map = impl.map
        var table = [String: Int](minimumCapacity: map.childCount(object) / 2)
        let strategy = impl.options.keyDecodingStrategy
        let basePath: [any CodingKey]?
        if case .custom = strategy { basePath = pathNode.path } else { basePath = nil }
        for (key, value) in map.members(of: object) {
            let raw = try impl.keyString(key, path: pathNode)
            let name: String
            switch strategy {
            case .useDefaultKeys: name = raw
            case .convertFromSnakeCase: name = SnakeCase.convert(raw)
            case .custom(let converter): name = converter((basePath ?? []) + [NameKey(raw)]).stringValue
            @unknown default: name = raw
            }
            if table[name] == nil { table[name] = value }
        }
        return table
    }
}

/// A member found for a key (outside ``KeyedContainer`` so that it is not generic, which
/// would cost a metadata lookup per use): its value entry, and whether the input spells its key
/// differently from the `CodingKey` (a key strategy or a normalized match), so that a
/// path names it as the input does. `awaitsType` is true where the lookup recorded a key event
/// whose `type` the read gives (``DecodeObserver/typeKeyEvents(_:of:)``): a respelled key, and a key
/// path (`Mapping/KeyPaths.swift`), whose coding path keeps the model's key.
struct KeyedMember {
    let entry: Int
    let respelled: Bool
    /// Whether the lookup recorded events that wait for the type the member is read as
    /// (``DecodeObserver/typeKeyEvents(_:of:)``).
    let awaitsType: Bool
    /// Where the lookup's events begin among the report's; `Int.max` for a lookup that records
    /// none (an exact match).
    var keyEvents = Int.max
    /// The steps of the key path that found the member (``KeyPathKey``), else `nil`.
    let keyPath: [any CodingKey & Sendable]?

    init(entry: Int, respelled: Bool) {
        self.entry = entry
        self.respelled = respelled
        awaitsType = respelled
        keyPath = nil
    }

    init(entry: Int, respelled: Bool, awaitsType: Bool) {
        self.entry = entry
        self.respelled = respelled
        self.awaitsType = awaitsType
        keyPath = nil
    }

    /// A member found through a key path, whose steps a report's path writes.
    init(entry: Int, keyPath: [any CodingKey & Sendable], awaitsType: Bool) {
        self.entry = entry
        respelled = false
        self.awaitsType = awaitsType
        self.keyPath = keyPath
    }
}
