/// Scans JSON5 text (`allowsJSON5`) into the same entries as ``JSONScanner``: comments,
/// single-quoted strings, unquoted keys, trailing commas, hex, `Infinity` and `NaN`.
///
/// As `JSONDecoder` does in JSON5 mode, the length of `\x` and `\u` escapes is checked
/// while scanning, and only ASCII whitespace separates tokens.
struct JSON5Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    let words: EntryBuffer

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        words = EntryBuffer(capacity: bytes.count / 2)
    }

    mutating func scan(assumesTopLevelDictionary: Bool) throws(JSONSyntaxError) -> EntryBuffer {
        if assumesTopLevelDictionary {
            if try peekAfterWhitespace() == UInt8(ascii: "{") {
                try scanObject()
            } else {
                try scanMembers(braced: false, start: index)
            }
        } else {
            try scanValue()
        }
        if let trailing = try peekAfterWhitespace() {
            throw .unexpected(trailing, "after top-level value", at: index)
        }
        return words
    }

    @inline(__always) func record(_ tag: Int, _ offset: Int, _ third: Int) {
        words.append(tag, offset, third)
    }

    /// Skips whitespace (JSON5's wider set) and comments; returns the next byte, if any.
    mutating func peekAfterWhitespace() throws(JSONSyntaxError) -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
            case UInt8(ascii: "/"):
                guard index + 1 < bytes.count else { throw .unexpected(byte, "at start of comment", at: index) }
                if bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while true {
                        guard index + 1 < bytes.count else { throw JSONSyntaxError("unterminated comment", at: start) }
                        if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                            index += 2; break
                        }
                        index += 1
                    }
                } else {
                    throw .unexpected(bytes[index + 1], "after '/'", at: index + 1)
                }
            default:
                return byte
            }
        }
        return nil
    }

    mutating func nextNonWhitespace() throws(JSONSyntaxError) -> UInt8 {
        guard let byte = try peekAfterWhitespace() else { throw .endOfInput(at: index) }
        return byte
    }

    mutating func scanValue() throws(JSONSyntaxError) {
        let byte = try nextNonWhitespace()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try scanString(quote: byte)
        case UInt8(ascii: "{"): try scanObject()
        case UInt8(ascii: "["): try scanArray()
        case UInt8(ascii: "t"): try scanLiteral("true", .true)
        case UInt8(ascii: "f"): try scanLiteral("false", .false)
        case UInt8(ascii: "n"): try scanLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "I"), UInt8(ascii: "N"):
            scanNumber()
        default: throw .unexpected(byte, "at start of value", at: index)
        }
    }

    mutating func scanLiteral(_ literal: StaticString, _ kind: ValueMap.Kind) throws(JSONSyntaxError) {
        let start = index
        index = try JSONScanner.matchLiteral(literal, in: bytes, at: start)
        record(kind.rawValue, start, index - start)
    }

    mutating func scanNumber() {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            let isWordByte =
                NumberParsing.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            guard isWordByte else { break }
            index += 1
        }
        record(ValueMap.Kind.number.rawValue, start, index - start)
    }

    mutating func scanString(quote: UInt8) throws(JSONSyntaxError) {
        let open = index
        index += 1
        let start = index
        var flags = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                record(ValueMap.Kind.string.rawValue | flags, start, index - start)
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                flags |= ValueMap.complexString
                index = try skipEscape(at: index, quote: quote)
                continue
            }
            if byte < 0x20 { flags |= ValueMap.complexString } else if byte >= 0x80 { flags |= ValueMap.nonASCIIString }
            index += 1
        }
        throw JSONSyntaxError("unterminated string starting", at: open)
    }

    /// As `JSONDecoder` does while scanning JSON5: `\x` must be followed by two bytes and `\u`
    /// by four, none of them the closing quote; they are skipped, and whether they are hex
    /// digits is checked when the string is decoded (like everything else in it). Returns the
    /// index after the escape.
    func skipEscape(at backslash: Int, quote: UInt8) throws(JSONSyntaxError) -> Int {
        guard backslash + 1 < bytes.count else { throw .endOfInput(at: bytes.count) }
        let digits: Int
        switch bytes[backslash + 1] {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        default: return backslash + 2
        }
        let first = backslash + 2
        guard first + digits <= bytes.count else { throw .endOfInput(at: bytes.count) }
        for at in first..<first + digits where bytes[at] == quote {
            throw JSONSyntaxError("invalid hex digits in escape sequence", at: backslash)
        }
        return first + digits
    }

    /// An unquoted key: identifier characters (ASCII letters, digits, `_`, `$`, escapes, and the
    /// non-ASCII characters of an ECMAScript identifier: a letter first, then also combining
    /// marks, digits, connector punctuation and the zero-width joiners, as JSON5 and
    /// `JSONDecoder` read it); the key ends before any other character.
    mutating func scanIdentifierKey() throws(JSONSyntaxError) {
        let start = index
        var flags = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                // JSONDecoder takes an escape in an unquoted key literally, but only a `\uXXXX`
                // whose character could stand in an identifier.
                index = try identifierEscapeEnd(at: index)
                continue
            }
            if byte >= 0x80 {
                if Self.isUnicodeSeparator(bytes, at: index) {
                    throw .unexpected(byte, "in an unquoted key", at: index)
                }
                guard let (scalar, length) = Self.scalar(in: bytes, at: index) else {
                    throw JSONSyntaxError("invalid UTF-8 in an unquoted key", at: index)
                }
                if index == start {
                    guard Self.startsIdentifier(scalar) else {
                        throw .unexpected(byte, "at start of an unquoted key", at: index)
                    }
                } else if !Self.continuesIdentifier(scalar) {
                    break
                }
                flags |= ValueMap.nonASCIIString
                index += length
                continue
            }
            guard Self.isIdentifierByte(byte) else { break }
            index += 1
        }
        guard index > start else {
            if index < bytes.count { throw .unexpected(bytes[index], "where an object key was expected", at: index) }
            throw .endOfInput(at: index)
        }
        if NumberParsing.isDigit(bytes[start]) {
            throw .unexpected(bytes[start], "at start of an unquoted key", at: start)
        }
        record(ValueMap.Kind.string.rawValue | flags, start, Swift.min(index, bytes.count) - start)
    }

    /// The end of the escape at `backslash` in an unquoted key: `\u` and four hex digits naming
    /// a letter, a digit, `_`, `$` or `\` (what JSONDecoder's JSON5 reading accepts there);
    /// anything else is a syntax error.
    func identifierEscapeEnd(at backslash: Int) throws(JSONSyntaxError) -> Int {
        let first = backslash + 2
        guard first + 4 <= bytes.count, bytes[backslash + 1] == UInt8(ascii: "u") else {
            throw .unexpected(UInt8(ascii: "\\"), "in an unquoted key", at: backslash)
        }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = StringDecoding.hexValue(bytes[first + offset]) else {
                throw JSONSyntaxError("invalid hex digits in escape sequence", at: backslash)
            }
            value = value << 4 | UInt32(digit)
        }
        guard let scalar = Unicode.Scalar(value),
            scalar.isASCII
                ? Self.isIdentifierByte(UInt8(value)) || value == 0x5C
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        else {
            throw .unexpected(UInt8(ascii: "\\"), "in an unquoted key", at: backslash)
        }
        return first + 4
    }

    /// An ASCII letter, digit, `_` or `$`.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        NumberParsing.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// The character whose UTF-8 encoding starts at `index`, and its length in bytes; `nil` where
    /// the bytes there are no well-formed UTF-8.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<Swift.min(index + 4, bytes.count)]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }

    /// Whether non-ASCII `scalar` may start an unquoted key: a letter (`Lu`, `Ll`, `Lt`, `Lm`,
    /// `Lo`) or a letter number (`Nl`), ECMAScript's `UnicodeLetter`.
    static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        default:
            return false
        }
    }

    /// Whether non-ASCII `scalar` may stand in an unquoted key after its first character: a
    /// letter, a combining mark (`Mn`, `Mc`), a decimal digit (`Nd`), connector punctuation
    /// (`Pc`), U+200C or U+200D, ECMAScript's `IdentifierPart`.
    static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        if startsIdentifier(scalar) || scalar.value == 0x200C || scalar.value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// U+00A0, U+2028, U+2029 or U+FEFF at `index`.
    static func isUnicodeSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let rest = bytes.count - index
        if rest >= 2, bytes[index] == 0xC2, bytes[index + 1] == 0xA0 { return true }
        if rest >= 3, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
            bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
            return true
        }
        if rest >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return true }
        return false
    }

    mutating func enter(at offset: Int) throws(JSONSyntaxError) {
        try JSONScanner.checkDepth(depth, at: offset)
        depth += 1
    }

    mutating func scanArray() throws(JSONSyntaxError) {
        let open = index
        try enter(at: open)
        defer { depth -= 1 }
        index += 1
        let entry = words.entryCount
        record(ValueMap.Kind.array.rawValue, open, 0)
        var count = 0
        while true {
            if try nextNonWhitespace() == UInt8(ascii: "]") { index += 1; break }
            try scanValue()
            count += 1
            let byte = try nextNonWhitespace()
            if byte == UInt8(ascii: "]") { index += 1; break }
            guard byte == UInt8(ascii: ",") else { throw .unexpected(byte, "in array", at: index) }
            index += 1
        }
        words.close(entry, header: ValueMap.Kind.array.rawValue, childCount: count)
    }

    mutating func scanObject() throws(JSONSyntaxError) {
        let open = index
        try enter(at: open)
        defer { depth -= 1 }
        index += 1
        try scanMembers(braced: true, start: open)
    }

    mutating func scanMembers(braced: Bool, start: Int) throws(JSONSyntaxError) {
        let entry = words.entryCount
        record(ValueMap.Kind.object.rawValue, start, 0)
        var count = 0
        var keyFlags = 0
        defer {
            words.close(
                entry, header: ValueMap.Kind.object.rawValue | (keyFlags == 0 ? 0 : ValueMap.hasSpecialKeys),
                childCount: count)
        }
        while true {
            guard let byte = try peekAfterWhitespace() else {
                if braced { throw .endOfInput(at: index) }
                return
            }
            if byte == UInt8(ascii: "}") {
                guard braced else { throw .unexpected(byte, "in object without braces", at: index) }
                index += 1
                return
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                try scanString(quote: byte)
            } else {
                try scanIdentifierKey()
            }
            keyFlags |= words.lastFlags
            let colon = try nextNonWhitespace()
            guard colon == UInt8(ascii: ":") else { throw .unexpected(colon, "after object key", at: index) }
            index += 1
            try scanValue()
            count += 2
            guard let separator = try peekAfterWhitespace() else {
                if braced { throw .endOfInput(at: index) }
                return
            }
            if separator == UInt8(ascii: ",") { index += 1; continue }
            if separator == UInt8(ascii: "}") && braced { index += 1; return }
            throw .unexpected(separator, "in object", at: index)
        }
    }
}
