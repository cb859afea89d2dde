import Foundation

/// JSON text inside a string where an object or array is expected (`"{\"a\":1}"`): decoded
/// as that JSON under `.lenient`, for a property, an element or the root, and reported.
extension DecoderImpl {
    /// The value decoded from the JSON text held in string `entry`, or `nil` when the rule is
    /// off, the string holds no JSON object or array, or that JSON does not decode as `T`.
    func decodeEmbeddedJSON<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey)
        throws -> T?
    {
        guard coercions.contains(.jsonInStrings), map.kind(entry) == .string,
            let text = try? stringValue(entry, path: parent, key: key),
            let first = text.utf8.first(where: { !JSONText.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let embedded = ValueMap.parsing(text)
        else { return nil }
        let nested = DecoderImpl(map: embedded, options: options, entry: 0, pathNode: parent, report: report)
        guard let value = try? nested.unwrap(0, as: type, parent: parent, key: key) else { return nil }
        session.unrepeatedCount &+= 1
        try recordLeniency(
            .coerced, .jsonEmbedded, entry: entry, parent: parent, key: key, type: T.self,
            .text("Decoded the JSON text in a string as \(DecodingErrors.typeName(T.self))."))
        return value
    }
}

extension ValueMap {
    /// The map of standard JSON `text` (positions relative to it, so none are reported), or
    /// `nil` when it is not valid JSON.
    static func parsing(_ text: String) -> ValueMap? {
        var text = text
        return text.withUTF8 { source -> ValueMap? in
            let bytes = ownedCopy(of: UnsafeRawBufferPointer(source))
            var scanner = JSONScanner(bytes: UnsafeBufferPointer(rebasing: bytes[..<source.count]))
            guard let entries = try? scanner.scan(assumesTopLevelDictionary: false) else {
                bytes.deallocate()
                return nil
            }
            return ValueMap(entries: entries, bytes: bytes, ownsBytes: true, hasSourcePositions: false, isJSON5: false)
        }
    }
}
