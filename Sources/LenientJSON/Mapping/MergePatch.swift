import Foundation

/// RFC 7396 JSON merge patches, for ``LenientJSONDecoder/update(_:from:)``.
enum MergePatch {
    /// `patch` merged into `target`: an object patch sets (merging objects) or, with `null`,
    /// removes each of its members; any other patch replaces the target.
    ///
    /// A patch key that the target does not have, but that names the same member as the
    /// decoder will read it, replaces that member, so that the patch is not outvoted by the old
    /// value: the target's key it is a registered alias of (`aliases`, for the top-level
    /// object), or, with `normalizing`, the one target key that normalizes like it
    /// (`first_name` for `firstName`).
    static func apply(
        _ patch: JSONValue, to target: JSONValue, aliases: [String: String] = [:], normalizing: Bool = false
    ) -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        var result: [String: JSONValue] = [:]
        if case .object(let existing) = target { result = existing }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            if result[key] == nil,
                let other = equivalentKey(key, in: result, aliases: aliases, normalizing: normalizing)
            {
                result[key] = result.removeValue(forKey: other)
            }
            if value == .null {
                result.removeValue(forKey: key)
            } else {
                result[key] = apply(value, to: result[key] ?? .null, normalizing: normalizing)
            }
        }
        return .object(result)
    }

    /// The key of `members` that patch key `key` stands for, when it is spelled otherwise.
    private static func equivalentKey(
        _ key: String, in members: [String: JSONValue], aliases: [String: String], normalizing: Bool
    ) -> String? {
        if let target = aliases[key], members[target] != nil { return target }
        guard normalizing else { return nil }
        let normalized = KeyNormalization.normalize(key)
        let matches = members.keys.filter { KeyNormalization.normalize($0) == normalized }
        return !normalized.isEmpty && matches.count == 1 ? matches[0] : nil
    }

    /// `value` with the merge patch `data` applied, decoded by `decoder`.
    static func updated<T: Codable>(_ value: T, from data: Data, using decoder: LenientJSONDecoder) throws -> T {
        let encoded = try encoder(matching: decoder).encode(value)
        let base = try LenientJSONDecoder(policy: .strict).decode(JSONValue.self, from: encoded)
        let patch = try decoder.decode(JSONValue.self, from: data)
        let options = decoder.snapshot()
        let aliases = options.registrations?[T.self].map { $0.aliasesAreRawValues ? [:] : $0.aliasTargets } ?? [:]
        let merged = apply(patch, to: base, aliases: aliases, normalizing: options.policy.keyMatching == .normalized)
        return try decoder.decode(T.self, from: Data(merged.description.utf8))
    }

    /// A `JSONEncoder` that writes what `decoder` reads back: the same strategies, the key
    /// strategy inverted (a `.custom` strategy, which cannot be inverted, becomes the default;
    /// so does `.formatted` outside Darwin, where Foundation makes it a `.custom` one).
    static func encoder(matching decoder: JSONDecoder) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.userInfo = decoder.userInfo
        switch decoder.dateDecodingStrategy {
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        #if canImport(Darwin)
            case .formatted(let formatter): encoder.dateEncodingStrategy = .formatted(formatter)
        #endif
        default: encoder.dateEncodingStrategy = .deferredToDate
        }
        switch decoder.dataDecodingStrategy {
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        default: encoder.dataEncodingStrategy = .base64
        }
        switch decoder.nonConformingFloatDecodingStrategy {
        case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
        default:
            encoder.nonConformingFloatEncodingStrategy = .throw
        }
        switch decoder.keyDecodingStrategy {
        case .convertFromSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        default: encoder.keyEncodingStrategy = .useDefaultKeys
        }
        return encoder
    }
}
