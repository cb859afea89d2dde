import Foundation

/// Turns the bytes of a JSON string (between the quotes) into a `String`: UTF-8 validation,
/// escape sequences, and the control-character check, as `JSONDecoder` does them.
enum StringDecoding {
    /// Decodes string text. `flags` are the entry's ``ValueMap`` flags; `base` is the byte
    /// offset of the text in the document, for error positions.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, flags: Int, base: Int, json5: Bool) throws(JSONSyntaxError)
        -> String
    {
        if flags & ValueMap.complexString == 0 {
            if flags & ValueMap.nonASCIIString != 0 {
                if let string = UTF8Validation.validString(text) { return string }
                throw JSONSyntaxError(
                    "invalid UTF-8 in string", at: base + (UTF8Validation.firstInvalidByte(text) ?? 0))
            }
            return String(decoding: text, as: UTF8.self)
        }
        return try unescape(text, flags: flags, base: base, json5: json5)
    }

    /// The text with its escapes replaced, written straight into the new string's storage
    /// (the result is never longer than the escaped text). Non-ASCII text is validated first;
    /// escapes only ever produce well-formed UTF-8.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>, flags: Int, base: Int, json5: Bool) throws(JSONSyntaxError)
        -> String
    {
        if flags & ValueMap.nonASCIIString != 0 {
            return try unescapeValidatingOnce(text, base: base, json5: json5)
        }
        var failure: JSONSyntaxError?
        let string = String(unsafeUninitializedCapacity: text.count) { buffer -> Int in
            var output = UTF8Writer(start: buffer.baseAddress!)
            do throws(JSONSyntaxError) {
                try unescape(text, into: &output, base: base, json5: json5)
            } catch {
                failure = error
                return 0
            }
            return output.count
        }
        if let failure { throw failure }
        return string
    }

    /// Unescapes non-ASCII `text` into a scratch buffer and makes the string from it with one
    /// UTF-8 validation (the standard library's, which a `String` gets anyway, see
    /// ``UTF8Validation/validString(_:)``), instead of validating the text first and the string
    /// again. Invalid UTF-8 is reported before any escape error, as when the text is validated first.
    private static func unescapeValidatingOnce(_ text: UnsafeBufferPointer<UInt8>, base: Int, json5: Bool)
        throws(JSONSyntaxError) -> String
    {
        var failure: JSONSyntaxError?
        let string = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(text.count, 1)) {
            buffer -> String? in
            guard let start = buffer.baseAddress else { return nil }
            var output = UTF8Writer(start: start)
            do throws(JSONSyntaxError) {
                try unescape(text, into: &output, base: base, json5: json5)
            } catch {
                failure = error
                return nil
            }
            return UTF8Validation.validString(UnsafeBufferPointer(start: start, count: output.count))
        }
        if let string { return string }
        if let bad = UTF8Validation.firstInvalidByte(text) { throw invalidUTF8(text, at: bad, base: base) }
        throw failure ?? invalidUTF8(text, at: 0, base: base)
    }

    /// The error for invalid UTF-8 at byte `bad` of `text`.
    private static func invalidUTF8(_ text: UnsafeBufferPointer<UInt8>, at bad: Int, base: Int) -> JSONSyntaxError {
        JSONSyntaxError("invalid UTF-8 in string", at: base + bad)
    }

    /// Writes the unescaped bytes of `text` to `output`.
    private static func unescape(
        _ text: UnsafeBufferPointer<UInt8>, into output: inout UTF8Writer, base: Int, json5: Bool
    ) throws(JSONSyntaxError) {
        var i = 0
        let n = text.count
        let raw = UnsafeRawPointer(text.baseAddress!)
        while i < n {
            // Copy the run of plain bytes up to the next backslash or control character,
            // finding it eight bytes at a time.
            let run = i
            while i &+ 8 <= n {
                let special = JSONScanner.specialBytes(
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if special != 0 {
                    i &+= special.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            while i < n && text[i] != UInt8(ascii: "\\") && text[i] >= 0x20 { i &+= 1 }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
            guard i < n else { break }
            let byte = text[i]
            if byte == UInt8(ascii: "\\") {
                i += 1
                guard i < n else { throw JSONSyntaxError("unterminated escape sequence", at: base + i - 1) }
                let escape = text[i]
                i += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    appendUTF8(try unicodeEscape(text, &i, base: base, allowNUL: !json5), to: &output)
                case UInt8(ascii: "'") where json5: output.append(escape)
                case UInt8(ascii: "x") where json5:
                    guard i + 2 <= n, let high = hexValue(text[i]), let low = hexValue(text[i + 1]) else {
                        throw JSONSyntaxError("invalid \\x escape", at: base + i - 2)
                    }
                    // NUL is refused in JSON5 strings, as `\u0000` is (JSONDecoder does both).
                    guard high | low != 0 else { throw JSONSyntaxError("invalid \\x00 escape", at: base + i - 2) }
                    i += 2
                    appendUTF8(Unicode.Scalar(UInt8(high << 4 | low)), to: &output)
                case 0x0A where json5, 0x0D where json5:
                    // A line continuation keeps its line break, as JSONDecoder does.
                    output.append(escape)
                    if escape == 0x0D, i < n, text[i] == 0x0A {
                        output.append(0x0A)
                        i += 1
                    }
                default:
                    throw JSONSyntaxError(
                        "invalid escape sequence \\\(Character(Unicode.Scalar(escape)))", at: base + i - 2)
                }
                continue
            }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    "unescaped control character \(JSONSyntaxError.describe(byte)) in string", at: base + i)
            }
            output.append(byte)
            i += 1
        }
    }

    /// Appends the UTF-8 encoding of `scalar`.
    @inline(__always) static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout UTF8Writer) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | value >> 6))
            output.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | value >> 12))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        default:
            output.append(UInt8(0xF0 | value >> 18))
            output.append(UInt8(0x80 | value >> 12 & 0x3F))
            output.append(UInt8(0x80 | value >> 6 & 0x3F))
            output.append(UInt8(0x80 | value & 0x3F))
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ i: Int, base: Int) throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= text.count else {
            throw JSONSyntaxError("invalid \\u escape: too few hex digits", at: base + i - 2)
        }
        var value: UInt32 = 0
        for k in 0..<4 {
            guard let digit = hexValue(text[i + k]) else {
                throw JSONSyntaxError("invalid hex digit in \\u escape", at: base + i + k)
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Reads the four hex digits after `\u` (and a following low surrogate escape).
    static func unicodeEscape(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int, base: Int, allowNUL: Bool)
        throws(JSONSyntaxError) -> Unicode.Scalar
    {
        let start = i - 2
        let unit = try hex4(text, i, base: base)
        i += 4
        if unit == 0 && !allowNUL {
            throw JSONSyntaxError("invalid \\u0000 escape", at: base + start)
        }
        if UTF16.isLeadSurrogate(UInt16(unit)) {
            guard i + 6 <= text.count, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u") else {
                throw JSONSyntaxError("lone high surrogate in \\u escape", at: base + start)
            }
            let low = try hex4(text, i + 2, base: base)
            guard UTF16.isTrailSurrogate(UInt16(low)) else {
                throw JSONSyntaxError("high surrogate not followed by a low surrogate", at: base + start)
            }
            i += 6
            let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value)!
        }
        if UTF16.isTrailSurrogate(UInt16(unit)) {
            throw JSONSyntaxError("lone low surrogate in \\u escape", at: base + start)
        }
        return Unicode.Scalar(unit)!
    }
}

/// Appends bytes to memory with room for them (a new string's storage).
struct UTF8Writer {
    let start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(start: UnsafeMutablePointer<UInt8>) { self.start = start }

    @inline(__always) mutating func append(_ byte: UInt8) {
        start[count] = byte
        count &+= 1
    }

    @inline(__always) mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (start + count).initialize(from: source, count: bytes.count)
        count &+= bytes.count
    }
}

/// Checks bytes for well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    /// `text` as a `String` when it is well-formed UTF-8, validated once.
    ///
    /// `String(decoding:as:)` validates (and repairs) in the standard library's specialized,
    /// non-generic code; `String(validating:as:)` goes through the unspecialized generic
    /// `String._validate`, which looks up generic metadata on every call (about 450
    /// instructions before any byte is read). A `String` always holds well-formed UTF-8, so the
    /// text is well-formed exactly when the repaired string has the text's own bytes: a repair
    /// writes U+FFFD (`EF BF BD`), which differs from the bytes it replaces. Comparing is one
    /// `memcmp`, much cheaper than validating a second time.
    @inline(__always) static func validString(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        var string = String(decoding: text, as: UTF8.self)
        let unrepaired = string.withUTF8 { utf8 -> Bool in
            guard utf8.count == text.count else { return false }
            guard let decoded = utf8.baseAddress, let original = text.baseAddress else { return true }
            return memcmp(decoded, original, text.count) == 0
        }
        return unrepaired ? string : nil
    }

    /// The index of the first byte of the first ill-formed sequence, or `nil` if all is well.
    /// Runs of ASCII are skipped eight bytes at a time.
    static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        var i = 0
        while i < n {
            while i &+ 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i &+= 8
            }
            guard i < n else { break }
            let b0 = bytes[i]
            if b0 < 0x80 {
                i &+= 1
            } else if b0 < 0xC2 {
                return i  // a continuation byte, or an overlong two-byte lead
            } else if b0 < 0xE0 {
                guard i &+ 1 < n, isContinuation(bytes[i &+ 1]) else { return i }
                i &+= 2
            } else if b0 < 0xF0 {
                guard i &+ 2 < n else { return i }
                let b1 = bytes[i &+ 1]
                guard isContinuation(b1), isContinuation(bytes[i &+ 2]) else { return i }
                // No overlongs (E0 80...9F) and no surrogates (ED A0...BF).
                if b0 == 0xE0 && b1 < 0xA0 || b0 == 0xED && b1 > 0x9F { return i }
                i &+= 3
            } else if b0 < 0xF5 {
                guard i &+ 3 < n else { return i }
                let b1 = bytes[i &+ 1]
                guard isContinuation(b1), isContinuation(bytes[i &+ 2]), isContinuation(bytes[i &+ 3]) else { return i }
                // No overlongs (F0 80...8F) and nothing above U+10FFFF (F4 90...).
                if b0 == 0xF0 && b1 < 0x90 || b0 == 0xF4 && b1 > 0x8F { return i }
                i &+= 4
            } else {
                return i
            }
        }
        return nil
    }
}
