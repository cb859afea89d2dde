import Foundation

/// The container for a JSON object.
///
/// Small objects with plain keys are searched in place, comparing the key's UTF-8 bytes with
/// the input (no `String` is built per key). Large objects, objects with escaped or non-ASCII
/// keys, and any object under a key conversion strategy get a key table first, as
/// `JSONDecoder` builds one. Either way, the first of duplicate keys wins.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder, the object and its path: a reference, so that a container can be reused
    /// for the next object of its key type (see `KeyedContainerReuse.swift`) and copying it
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

    /// The member for `key`: exact first, then normalized when the policy says so. The one
    /// lookup of every keyed read, `contains`, `allKeys` and `superDecoder`; `notes` is
    /// `false` where the member is only looked for, not read (no report event).
    @inline(__always)
    func lookup<K: CodingKey>(_ key: K, notes: Bool = true) throws -> KeyedMember? {
        if table == nil && impl.map.hasRespelledObjects && impl.options.policy.keyMatching == .normalized
            && !impl.mapsKeys,
            let member = try impl.indexedMember(for: key, in: object, path: pathNode, notes: notes)
        {
            if member != nil { impl.keysFound &+= 1 }
            return member
        }
        if let entry = findExact(key) {
            impl.keysFound &+= 1
            return KeyedMember(entry: entry, respelled: table != nil && !impl.options.usesDefaultKeys)
        }
        if impl.mapsKeys, let member = try mappedMember(key, notes: notes) {
            impl.keysFound &+= 1
            return member
        }
        guard impl.options.policy.keyMatching == .normalized,
            let entry = try impl.normalizedMatch(for: key, in: object, path: pathNode, notes: notes)
        else { return nil }
        impl.keysFound &+= 1
        return KeyedMember(entry: entry, respelled: true)
    }

    /// The coding-path key of `member`: `key`, or the input's spelling of it (read only if a
    /// path is built). Made optional here, once: the `unwrap` functions take an optional key,
    /// and wrapping it at each call would copy and destroy the existential again.
    @inline(__always)
    func pathKey<K: CodingKey>(_ key: K, _ member: KeyedMember) -> (any CodingKey)? {
        member.respelled ? MatchedKey(key, keyEntry: member.entry - 1, in: impl.map) : key
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
        guard impl.map.describesErrors else {
            return DecodingErrors.keyNotFound(key, path: [], map: impl.map, object: object)
        }
        let suggestion = impl.suggestion(for: key, in: object, path: pathNode)
        return DecodingErrors.keyNotFound(
            key, inputName: Self.inputName(of: key, strategy: impl.options.keyDecodingStrategy),
            path: pathNode.path, map: impl.map, object: object, suggestion: suggestion)
    }

    /// How the input would spell model key `key` for the key strategy to find it, as a missing
    /// key's error names it: `id_str` for `idStr` under `.convertFromSnakeCase` (as
    /// `JSONEncoder`'s `.convertToSnakeCase` writes it); the key itself under `.useDefaultKeys`
    /// and `.custom`, whose conversion cannot be reversed.
    static func inputName(of key: Key, strategy: JSONDecoder.KeyDecodingStrategy) -> String {
        if case .convertFromSnakeCase = strategy { return KeyEncoding.snakeCase(key.stringValue) }
        return key.stringValue
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        impl.map.kind(try require(key).entry) == .null
    }

    // MARK: Required values

    /// Reads the member for `key` with `read` (its value entry and coding-path key); under a
    /// policy with defaults, a missing, null or invalid value becomes the type's default. A
    /// member the input spells as `key` itself is read with `exact`, which knows that its path
    /// key is `key` (as `Key`, not yet an existential) and must read it as `read` would.
    @inline(__always) func value<T: Decodable>(
        _ key: Key, exact: (Int) throws -> T, _ read: (Int, (any CodingKey)?) throws -> T
    ) throws -> T {
        do {
            guard impl.usesDefaults || impl.registrationsApply(to: T.self) else {
                let found = try require(key)
                guard found.respelled else { return try exact(found.entry) }
                return try read(found.entry, pathKey(key, found))
            }
            return try valueOrDefault(key, read)
        } catch let error as DecodingError where impl.collection != nil {
            return try collectMember(key, error: error, child: T.self) { impl.placeholder(T.self) }
        }
    }

    /// ``value(_:exact:_:)`` for a scalar whose strict reading is `strict`, tried before `read`: a
    /// value it reads is the value `read` returns first under every policy, and trying it
    /// first spares making the member's coding-path key (an existential copied and
    /// destroyed) for every scalar member. (Not for a generic `T`: its `T?` would ask the
    /// runtime for `Optional<T>`'s metadata on every call.)
    @inline(__always) func value<T: Decodable>(
        _ key: Key, strict: (DecoderImpl, Int) -> T?, _ read: (Int, (any CodingKey)?) throws -> T
    ) throws -> T {
        do {
            guard impl.usesDefaults || impl.registrationsApply(to: T.self) else {
                let found = try require(key)
                if let value = state.withImpl({ strict($0, found.entry) }) { return value }
                return try read(found.entry, pathKey(key, found))
            }
            return try valueOrDefault(key, read)
        } catch let error as DecodingError where impl.collection != nil {
            return try collectMember(key, error: error, child: T.self) { impl.placeholder(T.self) }
        }
    }

    /// ``value(_:exact:_:)`` under a policy with defaults. Kept out of line: its `T?` would make
    /// every generic call ask the runtime for `Optional<T>`'s metadata.
    @inline(never) func valueOrDefault<T: Decodable>(_ key: Key, _ read: (Int, (any CodingKey)?) throws -> T) throws
        -> T
    {
        if impl.registrationsApply(to: T.self), let registrations = impl.options.registrations {
            return try registeredValue(key, as: T.self, registrations)
        }
        guard let found = try lookup(key) else {
            if let value = try impl.defaultForMissing(T.self, parent: pathNode, key: key) { return value }
            throw keyNotFound(key)
        }
        do {
            return try read(found.entry, pathKey(key, found))
        } catch let error as DecodingError {
            return try impl.recover(T.self, from: error, entry: found.entry, parent: pathNode, key: pathKey(key, found))
        }
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
    /// it cannot be read and the policy allows it.
    @inline(__always) func valueIfPresent<T: Decodable>(_ key: Key, _ read: (Int, (any CodingKey)?) throws -> T) throws
        -> T?
    {
        do {
            return try memberIfPresent(key, read)
        } catch let error as DecodingError where impl.collection != nil {
            return try collectMember(key, error: error, child: T.self) { T?.none }
        }
    }

    /// ``valueIfPresent(_:_:)`` for a scalar whose strict reading is `strict`, as in
    /// ``value(_:strict:_:)``: no `Optional` rule turns a value that reads strictly into `nil`
    /// (`""` and `false` never read strictly as the scalars those rules apply to).
    @inline(__always) func valueIfPresent<T: Decodable>(
        _ key: Key, strict: (DecoderImpl, Int) -> T?, _ read: (Int, (any CodingKey)?) throws -> T
    ) throws -> T? {
        do {
            return try memberIfPresent(key, strict: strict, read)
        } catch let error as DecodingError where impl.collection != nil {
            return try collectMember(key, error: error, child: T.self) { T?.none }
        }
    }

    @inline(__always) private func memberIfPresent<T: Decodable>(
        _ key: Key, _ read: (Int, (any CodingKey)?) throws -> T
    ) throws -> T? {
        if impl.registrationsApply(to: T.self), let registrations = impl.options.registrations {
            return try registeredValueIfPresent(key, as: T.self, registrations)
        }
        return try presentValue(key, read)
    }

    @inline(__always) private func memberIfPresent<T: Decodable>(
        _ key: Key, strict: (DecoderImpl, Int) -> T?, _ read: (Int, (any CodingKey)?) throws -> T
    ) throws -> T? {
        if impl.registrationsApply(to: T.self), let registrations = impl.options.registrations {
            return try registeredValueIfPresent(key, as: T.self, registrations)
        }
        guard let found = try presentMember(key) else { return nil }
        if let value = state.withImpl({ strict($0, found.entry) }) { return value }
        return try optionalValue(key, found, read)
    }

    /// ``valueIfPresent(_:_:)`` by the policy's rules alone. (No `strict` closure here: a
    /// generic one would be a closure context allocated per call.)
    @inline(__always) func presentValue<T>(_ key: Key, _ read: (Int, (any CodingKey)?) throws -> T) throws -> T? {
        guard let found = try presentMember(key) else { return nil }
        return try optionalValue(key, found, read)
    }

    /// The member for `key` unless it is missing or `null`; a lookup error is recovered as
    /// missing where the policy recovers invalid values.
    @inline(__always) private func presentMember(_ key: Key) throws -> KeyedMember? {
        let found: KeyedMember?
        do {
            found = try lookup(key)
        } catch let error as DecodingError where impl.options.policy.invalidValues != .throw {
            impl.note(
                .recoveredAsNil, entry: object, path: pathNode.path(appending: key),
                "Recovered as nil: \(DecoderImpl.reason(error))")
            return nil
        }
        guard let found, impl.map.kind(found.entry) != .null else { return nil }
        return found
    }

    /// `read`'s value of present member `found`, under the Optional rules.
    @inline(__always) private func optionalValue<T>(
        _ key: Key, _ found: KeyedMember, _ read: (Int, (any CodingKey)?) throws -> T
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
        }
    }

    /// The nested container for `key`, made by `make` from a value entry; under a policy with
    /// defaults, an empty one (from `empty`) where the value is missing, `null` or of the
    /// wrong kind, as ``value(_:exact:_:)`` recovers a value.
    private func nested<C>(_ key: Key, empty: Int, _ make: (Int, CodingPathNode) throws -> C) throws -> C {
        do {
            return try nestedOrEmpty(key, empty: empty, make)
        } catch let error as DecodingError where impl.collection != nil {
            return try collectMember(key, error: error, child: nil) { try? make(empty, pathNode.appending(key)) }
        }
    }

    private func nestedOrEmpty<C>(_ key: Key, empty: Int, _ make: (Int, CodingPathNode) throws -> C) throws -> C {
        guard impl.usesDefaults else {
            let found = try require(key)
            return try make(found.entry, pathNode.appending(pathKey(key, found)))
        }
        guard let found = try lookup(key) else {
            guard impl.options.policy.missingValues == .useDefault else { throw keyNotFound(key) }
            let container = try make(empty, pathNode.appending(key))
            try impl.recordLeniency(
                .usedDefault, entry: nil, path: pathNode.path(appending: key),
                "Used an empty container for a missing key.")
            return container
        }
        let path = pathNode.appending(pathKey(key, found))
        do {
            return try make(found.entry, path)
        } catch let error as DecodingError {
            let isMissing = impl.map.kind(found.entry) == .null
            guard
                isMissing
                    ? impl.options.policy.missingValues == .useDefault : impl.options.policy.invalidValues == .recover
            else { throw error }
            let container = try make(empty, path)
            try impl.recordLeniency(
                .usedDefault, entry: found.entry, path: path.path,
                "Used an empty container for \(isMissing ? "null" : "an invalid value") (\(DecoderImpl.reason(error)))")
            return container
        }
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
/// path names it as the input does.
struct KeyedMember {
    let entry: Int
    let respelled: Bool
}
