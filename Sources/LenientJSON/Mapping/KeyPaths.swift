import Foundation

/// Key lookups past an exact miss, before normalized matching (the Mapping article): the registered aliases
/// of the type being decoded, each matched as written (or as a key path), then the key itself
/// as a key path when the decoder has a ``LenientJSONDecoder/keyPathSeparator``.
extension KeyedContainer {
    /// The member for `key` through an alias or a key path, or `nil`. A member found through an
    /// alias or a key path is reported as `matchedKey` (when `notes`).
    func mappedMember<K: CodingKey>(_ key: K, notes: Bool) throws -> KeyedMember? {
        let name = key.stringValue
        if let registration = impl.currentRegistration, !registration.aliasesAreRawValues,
            let aliases = registration.aliases[name]
        {
            for alias in aliases {
                if let entry = try impl.member(named: alias, in: object, path: pathNode) {
                    if notes {
                        let pathKey = MatchedKey(key, keyEntry: entry - 1, in: impl.map)
                        impl.note(
                            .matchedKey, .keyAlias, entry: entry, path: pathNode.appending(pathKey), type: nil,
                            .text("Matched key \"\(alias)\" to \"\(name)\" (a registered alias)."))
                    }
                    return KeyedMember(entry: entry, respelled: true)
                }
                if let (entry, steps) = try impl.keyPathMember(alias, in: object, path: pathNode) {
                    if notes {
                        impl.note(
                            .matchedKey, .keyPath, entry: entry,
                            path: pathNode.appending(KeyPathKey(key, steps: steps)), type: nil,
                            .text("Matched key path \"\(alias)\" to \"\(name)\" (a registered alias)."))
                    }
                    return KeyedMember(entry: entry, keyPath: steps, awaitsType: notes)
                }
            }
        }
        if let (entry, steps) = try impl.keyPathMember(name, in: object, path: pathNode) {
            if notes {
                // Reported as an alias's key path is, above (ReportRuleFixTests).
                impl.note(
                    .matchedKey, .keyPath, entry: entry, path: pathNode.appending(KeyPathKey(key, steps: steps)),
                    type: nil,
                    .text(
                        name.isEmpty
                            ? "Matched key \"\" to the enclosing object (an empty key path)."
                            : "Matched key path \"\(name)\"."))
            }
            return KeyedMember(entry: entry, keyPath: steps, awaitsType: notes)
        }
        return nil
    }

    /// The `Key` that JSON key `name` is a registered alias of, when ``contains(_:)`` finds it;
    /// for ``allKeys``.
    func aliasKey(for name: String) -> Key? {
        guard let registration = impl.currentRegistration, !registration.aliasesAreRawValues,
            let target = registration.aliasTargets[name], let key = Key(stringValue: target), contains(key)
        else { return nil }
        return key
    }
}

extension DecoderImpl {
    /// The value entry of the member of `object` whose key is spelled exactly `name` in the
    /// input (no key strategy), the first of duplicates; `nil` when there is none.
    func member(named name: String, in object: Int, path: CodingPathNode) throws -> Int? {
        var name = name
        return try name.withUTF8 { bytes -> Int? in
            for (key, value) in map.members(of: object) {
                if map.flags(key) == 0
                    ? map.stringEquals(key, bytes) : try keyString(key, path: path).utf8.elementsEqual(bytes)
                {
                    return value
                }
            }
            return nil
        }
    }

    /// The entry that key path `name` leads to from `object` with the decoder's separator: each
    /// step a key spelled as written (or an index, in an array), and the steps taken, as keys of a
    /// path (``KeyPathKey``). The empty key is `object` itself. `nil` without a separator, for a
    /// name with no separator, or where a step is missing.
    func keyPathMember(
        _ name: String, in object: Int, path: CodingPathNode
    ) throws -> (entry: Int, steps: [any CodingKey & Sendable])? {
        guard let separator = options.keyPathSeparator else { return nil }
        if name.isEmpty { return (object, []) }
        guard !separator.isEmpty, name.contains(separator) else { return nil }
        var current = object
        var steps: [any CodingKey & Sendable] = []
        for step in name.components(separatedBy: separator) {
            switch map.kind(current) {
            case .object:
                guard let value = try member(named: step, in: current, path: path) else { return nil }
                current = value
                steps.append(NameKey(step))
            case .array:
                guard let index = Int(step), index >= 0, index < map.childCount(current) else { return nil }
                current = map.element(index, of: current)
                steps.append(IndexKey(index))
            default:
                return nil
            }
        }
        return (current, steps)
    }
}
