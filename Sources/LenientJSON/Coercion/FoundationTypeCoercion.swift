import Foundation

/// `URL`, `UUID` and `Data` rules (lenient): surrounding whitespace is trimmed; UUIDs without
/// hyphens, braced, or with a `urn:uuid:` prefix, in any case; base64url, missing padding and
/// line breaks (`\r`, `\n` only) in `.base64` data.
extension DecoderImpl {
    func coerceURL(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> URL? {
        guard coercions.contains(.trimWhitespace), let text = try coercibleText(entry, parent: parent, key: key),
            !text.isEmpty
        else { return nil }
        return URL(string: text)
    }

    func coerceUUID(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> UUID? {
        guard let text = try coercibleText(entry, parent: parent, key: key) else { return nil }
        if let uuid = UUID(uuidString: text) { return uuid }
        guard coercions.contains(.uuidForms) else { return nil }
        var body = Substring(text.lowercased())
        if body.hasPrefix("urn:uuid:") { body = body.dropFirst(9) }
        if body.hasPrefix("{") && body.hasSuffix("}") { body = body.dropFirst().dropLast() }
        let hex = body.filter { $0 != "-" }
        guard hex.count == 32, hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        let chars = Array(hex)
        let canonical =
            String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16])
            + "-" + String(chars[16..<20]) + "-" + String(chars[20..<32])
        return UUID(uuidString: canonical)
    }

    func coerceData(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Data? {
        guard case .base64 = options.dataDecodingStrategy, coercions.contains(.base64Variants),
            map.kind(entry) == .string
        else { return nil }
        return Self.base64Variant(try stringValue(entry, path: parent, key: key))
    }

    /// The bytes of base64 text in the lenient forms: the base64url alphabet (`-`, `_`),
    /// missing `=` padding, and line breaks (`\r`, `\n`) anywhere. Any other character,
    /// spaces included, makes it not base64 (`nil`): `"hello world"` is text, not data.
    static func base64Variant(_ string: String) -> Data? {
        var text: [UInt8] = []
        text.reserveCapacity(string.utf8.count + 3)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
            case UInt8(ascii: "-"): text.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): text.append(UInt8(ascii: "/"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                text.append(byte)
            default:
                return nil
            }
        }
        while text.count % 4 != 0 { text.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(text))
    }
}
