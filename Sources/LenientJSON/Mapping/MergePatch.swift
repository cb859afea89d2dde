import Foundation

/// RFC 7396 JSON merge patches, for ``LenientJSONDecoder/update(_:from:)``.
enum MergePatch {
    /// `patch` merged into `target`: an object patch sets (merging objects) or, with `null`,
    /// removes each of its members; any other patch replaces the target.
    static func apply(_ patch: JSONValue, to target: JSONValue) -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        var result: [String: JSONValue] = [:]
        if case .object(let existing) = target { result = existing }
        for (key, value) in members {
            result[key] = value == .null ? nil : apply(value, to: result[key] ?? .null)
        }
        return .object(result)
    }

    /// `value` with the merge patch `data` applied, decoded by `decoder`.
    static func updated<T: Codable>(_ value: T, from data: Data, using decoder: LenientJSONDecoder) throws -> T {
        let encoded = try encoder(matching: decoder).encode(value)
        let base = try LenientJSONDecoder(policy: .strict).decode(JSONValue.self, from: encoded)
        let patch = try decoder.decode(JSONValue.self, from: data)
        let merged = apply(patch, to: base)
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
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
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
