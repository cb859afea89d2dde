/// Builds the JSON path strings of errors and report events: `$`, `$.name`, `$.items[0]`,
/// `$['first name']` (RFC 9535 normalized paths, with the dot shorthand for plain names).
enum JSONPath {
    static func string(for codingPath: [any CodingKey]) -> String {
        var result = "$"
        for key in inputKeys(of: codingPath) {
            if let index = key as? IndexKey {
                result += "[\(index.index)]"
            } else if let matched = key as? MatchedKey {
                result += segment(forKey: matched.inputName)
            } else {
                result += segment(forKey: key.stringValue)
            }
        }
        return result
    }

    /// `codingPath` with each ``KeyPathKey`` replaced by the steps it took in the input.
    private static func inputKeys(of codingPath: [any CodingKey]) -> [any CodingKey] {
        guard codingPath.contains(where: { $0 is KeyPathKey }) else { return codingPath }
        return codingPath.flatMap { key -> [any CodingKey] in (key as? KeyPathKey)?.steps ?? [key] }
    }

    /// The RFC 6901 JSON Pointer of `codingPath`: `/users/3/age`, `""` for the root; keys as the
    /// input spells them (as in ``string(for:)``), `~` written `~0` and `/` written `~1`.
    static func pointer(for codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in inputKeys(of: codingPath) {
            result += "/"
            let name: String
            if let index = key as? IndexKey {
                name = String(index.index)
            } else if let matched = key as? MatchedKey {
                name = matched.inputName
            } else {
                name = key.stringValue
            }
            // Most names need no escaping: append them whole.
            guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
                result += name
                continue
            }
            for character in name.unicodeScalars {
                switch character {
                case "~": result += "~0"
                case "/": result += "~1"
                default: result.unicodeScalars.append(character)
                }
            }
        }
        return result
    }

    /// `.name` for a plain identifier, else `['…']` with `'` and `\` escaped.
    static func segment(forKey key: String) -> String {
        if isPlainName(key) { return "." + key }
        var escaped = ""
        JSONText.appendEscaped(key, quote: "'", to: &escaped)
        return "['" + escaped + "']"
    }

    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        func isAlpha(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        }
        guard isAlpha(first) else { return false }
        return key.utf8.allSatisfy { isAlpha($0) || NumberParsing.isDigit($0) }
    }
}
