/// Builds the JSON path strings of errors and report events: `$`, `$.name`, `$.items[0]`,
/// `$['first name']` (RFC 9535 normalized paths, with the dot shorthand for plain names).
enum JSONPath {
    static func string(for codingPath: [any CodingKey]) -> String {
        var result = "$"
        for key in codingPath { appendSegments(of: key, to: &result) }
        return result
    }

    /// The RFC 6901 JSON Pointer of `codingPath`: `/users/3/age`, `""` for the root; keys as the
    /// input spells them (as in ``string(for:)``), `~` written `~0` and `/` written `~1`.
    static func pointer(for codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath { appendPointerTokens(of: key, to: &result) }
        return result
    }

    /// Appends what `key` adds to a path string: `[3]` for an array index, `.name` or `['…']` for
    /// a member as the input spells it (a ``MatchedKey``'s input spelling), and a key path's steps
    /// (``KeyPathKey``). Keys are told by their type, compared, not cast: a cast per key was most
    /// of what reading a report's paths cost.
    static func appendSegments(of key: any CodingKey, to result: inout String) {
        let keyType = type(of: key)
        if keyType == IndexKey.self, let index = key.intValue {
            appendIndex(index, to: &result)
        } else if keyType == MatchedKey.self, let matched = key as? MatchedKey {
            result += segment(forKey: matched.inputName)
        } else if keyType == KeyPathKey.self, let keyPath = key as? KeyPathKey {
            for step in keyPath.steps { appendSegments(of: step, to: &result) }
        } else {
            result += segment(forKey: key.stringValue)
        }
    }

    /// Appends `[index]` to a path string.
    static func appendIndex(_ index: Int, to result: inout String) {
        result += "["
        result += String(index)
        result += "]"
    }

    /// Appends what `key` adds to a JSON Pointer, as ``appendSegments(of:to:)`` does to a path.
    static func appendPointerTokens(of key: any CodingKey, to result: inout String) {
        let keyType = type(of: key)
        if keyType == IndexKey.self, let index = key.intValue {
            result += "/"
            result += String(index)
        } else if keyType == MatchedKey.self, let matched = key as? MatchedKey {
            appendPointerToken(matched.inputName, to: &result)
        } else if keyType == KeyPathKey.self, let keyPath = key as? KeyPathKey {
            for step in keyPath.steps { appendPointerTokens(of: step, to: &result) }
        } else {
            appendPointerToken(key.stringValue, to: &result)
        }
    }

    /// Appends `/name` to a JSON Pointer, `~` written `~0` and `/` written `~1`.
    static func appendPointerToken(_ name: String, to result: inout String) {
        result += "/"
        // Most names need no escaping: append them whole.
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            result += name
            return
        }
        for character in name.unicodeScalars {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.unicodeScalars.append(character)
            }
        }
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
