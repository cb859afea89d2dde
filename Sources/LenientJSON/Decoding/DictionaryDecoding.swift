import Foundation

/// `[String: V]` and `[Int: V]`: decoded member by member, as `Dictionary.init(from:)` does
/// through `JSONDecoder` (keys are never converted or normalized), with the collection rules
/// of `Decoding/ArrayDecoding.swift`: `[]` reads as `[:]`, and under `.recover` a member that
/// cannot be decoded is dropped.
protocol MemberwiseDictionary {
    static func decodeMembers(of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey)
        throws -> Self
}

extension MemberwiseDictionary {
    /// ``decodeMembers(of:using:parent:key:)`` for a caller that knows `Self` only as `T`
    /// (they are the same type), without a dynamic cast.
    @inline(__always)
    static func decodeMembers<T>(
        of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey, as _: T.Type
    ) throws -> T {
        knownType(try decodeMembers(of: entry, using: impl, parent: parent, key: key), as: T.self)
    }
}

/// A dictionary key type that `Dictionary.init(from:)` reads from a JSON object's member names.
protocol MemberName: Hashable, Decodable {
    /// The key for member name `name`, or the error `Dictionary.init(from:)` throws at `path`.
    static func key(for name: String, path: [any CodingKey]) throws -> Self
}

extension String: MemberName {
    @inline(__always) static func key(for name: String, path: [any CodingKey]) throws -> String { name }
}

extension Int: MemberName {
    static func key(for name: String, path: [any CodingKey]) throws -> Int {
        guard let value = Int(name) else {
            throw DecodingError.typeMismatch(
                Int.self,
                DecodingError.Context(
                    codingPath: path + [NameKey(name)],
                    debugDescription: "Expected Int key but found String key instead."))
        }
        return value
    }
}

extension Dictionary: MemberwiseDictionary where Key: MemberName, Value: Decodable {
    static func decodeMembers(of entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey)
        throws -> Self
    {
        let map = impl.map
        if map.kind(entry) != .object {
            if let empty = try impl.emptyArrayAsDictionary(entry, as: Self.self, parent: parent, key: key) {
                return empty
            }
            if let embedded = try impl.decodeEmbeddedJSON(entry, as: Self.self, parent: parent, key: key) {
                return embedded
            }
        }
        let path = parent.appending(key)
        let object = try impl.objectEntry(entry, path: path)
        // As JSONDecoder: without a key strategy, `Dictionary.init(from:)` makes a keyed
        // container, which reads every key before any value (a malformed key is the error,
        // whatever the values hold), and decodes one value per distinct key. Under a key
        // strategy, JSONDecoder reads key and value member by member, duplicates included,
        // the first of duplicate keys winning.
        let readsKeysFirst = impl.options.usesDefaultKeys
        if readsKeysFirst, map.flags(object) & ValueMap.hasSpecialKeys != 0 {
            for (keyEntry, _) in map.members(of: object) { _ = try impl.keyString(keyEntry, path: path) }
        }
        var result = Self(minimumCapacity: map.childCount(object) / 2)
        // An object still open in a partial document leaves out a member not yet built
        // (`Partial/DecoderImpl+Partial.swift`).
        let partial = impl.mode.partial.flatMap { $0.isOpen(object, in: map) ? $0 : nil }
        for (keyEntry, value) in map.members(of: object) {
            let name = try impl.keyString(keyEntry, path: path)
            let member: Key
            do {
                member = try Key.key(for: name, path: path.path)
            } catch let error as DecodingError where impl.options.policy.invalidValues == .recover {
                try impl.recordLeniency(
                    .droppedElement, .elementDropped, entry: value, path: path.appending(NameKey(name)),
                    type: Value.self,
                    .text(
                        "Dropped a member whose key is not \(DecodingErrors.typeName(Key.self)): "
                            + DecoderImpl.reason(error))
                )
                continue
            }
            if result[member] != nil {  // the first of duplicate keys wins
                if !readsKeysFirst { _ = try impl.element(value, as: Value.self, parent: path, key: NameKey(name)) }
                continue
            }
            if let partial {
                if let element = try impl.openElement(value, as: Value.self, parent: path, key: NameKey(name), partial)
                {
                    result[member] = element
                }
            } else if let element = try impl.element(value, as: Value.self, parent: path, key: NameKey(name)) {
                result[member] = element
            }
        }
        return result
    }
}
