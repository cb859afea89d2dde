import Foundation

/// `Data` by the `dataDecodingStrategy` and `URL` from a string, as `JSONDecoder` does them.
extension DecoderImpl {
    func unwrapData(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Data {
        if map.kind(entry) == .null {
            return try fallback(
                entry, as: Data.self, parent: parent, key: key, strictError: mismatch(entry, Data.self, parent, key))
        }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(entry: entry, path: parent.appending(key)) { try Data(from: self) }
        case .base64:
            guard map.kind(entry) == .string else {
                return try fallback(
                    entry, as: Data.self, parent: parent, key: key,
                    strictError: DecodingErrors.typeMismatch(
                        String.self, path: parent.path(appending: key), map: map, entry: entry,
                        describes: mode.describesErrors))
            }
            let string = try stringValue(entry, path: parent, key: key)
            guard let data = Data(base64Encoded: string) else {
                return try fallback(
                    entry, as: Data.self, parent: parent, key: key,
                    strictError: DecodingErrors.dataCorrupted(
                        "Encountered Data is not valid Base64", path: parent.path(appending: key), map: map,
                        entry: entry, describes: mode.describesErrors))
            }
            return data
        case .custom(let closure):
            return try with(entry: entry, path: parent.appending(key)) { try closure(self) }
        @unknown default:
            return try with(entry: entry, path: parent.appending(key)) { try Data(from: self) }
        }
    }

    func unwrapURL(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> URL {
        if map.kind(entry) != .string {
            return try fallback(
                entry, as: URL.self, parent: parent, key: key,
                strictError: mismatch(entry, map.kind(entry) == .null ? URL.self : String.self, parent, key))
        }
        let string = try stringValue(entry, path: parent, key: key)
        guard let url = URL(string: string) else {
            return try fallback(
                entry, as: URL.self, parent: parent, key: key,
                strictError: DecodingErrors.dataCorrupted(
                    "Invalid URL string", path: parent.path(appending: key), map: map, entry: entry,
                    describes: mode.describesErrors))
        }
        return url
    }
}
