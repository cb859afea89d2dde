/// Scans standard JSON text into a ``ValueMap``'s entries in one pass.
///
/// The scanner finds where every value starts and ends; it does not parse strings or numbers
/// (that happens on demand, as `JSONDecoder` does: a malformed number or escape in a value
/// nobody decodes is not an error). Nesting is limited to 512 levels.
///
/// One loop scans the whole document (``scanDocument(unbracedObject:)``): the open containers
/// live on a small stack rather than in nested calls, so that a value costs no call of its own
/// and the read position stays in a register.
struct JSONScanner {
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    let words: EntryBuffer

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        words = EntryBuffer(capacity: bytes.count / 2)
    }

    /// Scans the whole input; `assumesTopLevelDictionary` allows an object without braces.
    mutating func scan(assumesTopLevelDictionary: Bool) throws(JSONSyntaxError) -> EntryBuffer {
        let first = peekAfterWhitespace()
        if assumesTopLevelDictionary && first != UInt8(ascii: "{") {
            try scanDocument(unbracedObject: true)
        } else {
            guard first != nil else { throw .endOfInput(at: index) }
            try scanDocument(unbracedObject: false)
        }
        if let trailing = peekAfterWhitespace() {
            throw .unexpected(trailing, "after top-level value", at: index)
        }
        return words
    }

    // MARK: Bytes

    mutating func peekAfterWhitespace() -> UInt8? {
        guard let address = bytes.baseAddress else { return nil }
        return Self.skipWhitespace(UnsafeRawPointer(address), &index, bytes.count)
    }

    /// The first byte at or after `i` that is not whitespace, with `i` moved to it; `nil`, with
    /// `i` at `end`, when only whitespace is left. Runs of spaces (the indentation of
    /// pretty-printed JSON) are skipped eight bytes at a time, never reading at or past `end`.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafeRawPointer, _ i: inout Int, _ end: Int) -> UInt8? {
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while i < end {
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte > 0x20 || !JSONText.isWhitespace(byte) { return byte }
            i &+= 1
            while i &+ 8 <= end {
                let differing = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ spaces
                if differing != 0 {
                    // In little-endian order, the lowest set byte is the first non-space.
                    i &+= differing.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
        }
        return nil
    }

    @inline(__always) func record(_ tag: Int, _ offset: Int, _ third: Int) {
        words.append(tag, offset, third)
    }

    // MARK: Document

    /// The words of an open container on ``scanDocument(unbracedObject:)``'s stack: its entry,
    /// its values so far, the byte that closes it (``bareClosing`` for the unbraced object,
    /// ``noClosing`` below the top-level value) and its keys' flags, ORed.
    private enum Frame {
        static let entry = 0
        static let values = 1
        static let closing = 2
        static let keyFlags = 3
        static let width = 4
    }

    /// The closing byte of the unbraced top-level object: like `}`, it has bit 0x20 set (an
    /// object, whose values follow keys), and no byte equals it.
    static let bareClosing = 0x100 | Int(UInt8(ascii: "}"))
    /// The closing byte of the frame below the top-level value: no byte equals it, and without
    /// bit 0x20 it expects no key.
    static let noClosing = 0x400

    /// Scans the value at `index` (whose first byte the caller found), or with `unbracedObject`
    /// the members of an object without braces up to the end of the input, leaving `index`
    /// after it.
    ///
    /// One loop, no recursion: the open containers are frames on `stack` (see ``Frame``), so
    /// that a value costs no call and the read position stays in a register. Errors are thrown
    /// where the grammar first fails, at `JSONDecoder`'s positions.
    mutating func scanDocument(unbracedObject: Bool) throws(JSONSyntaxError) {
        let words = self.words
        let objectKind = ValueMap.Kind.object.rawValue
        let arrayKind = ValueMap.Kind.array.rawValue
        let quote = UInt8(ascii: "\"")
        let end = bytes.count
        guard let address = bytes.baseAddress else {
            // Empty input: the caller found no first byte, so this is the unbraced object.
            words.append(objectKind, 0, 0)
            words.close(0, header: objectKind, childCount: 0)
            return
        }
        let base = UnsafeRawPointer(address)
        // A level takes at least one byte, so no more than `end` + 1 are ever open.
        let stack = UnsafeMutablePointer<Int>.allocate(capacity: (Swift.min(Self.maxDepth, end) &+ 2) &* Frame.width)
        defer { stack.deallocate() }
        // The unbraced object is not a nesting level of its own.
        let deepest = (Self.maxDepth &+ (unbracedObject ? 1 : 0)) &* Frame.width
        var top = stack
        top[Frame.closing] = Self.noClosing
        var i = index
        var byte: UInt8  // the first byte of the key or value at `i`

        if unbracedObject {
            let entry = words.entryCount
            words.append(objectKind, i, 0)
            guard let first = Self.skipWhitespace(base, &i, end) else {
                words.close(entry, header: objectKind, childCount: 0)
                index = i
                return
            }
            top += Frame.width
            top[Frame.entry] = entry
            top[Frame.values] = 0
            top[Frame.closing] = Self.bareClosing
            top[Frame.keyFlags] = 0
            byte = first
        } else {
            guard let first = Self.skipWhitespace(base, &i, end) else { throw .endOfInput(at: i) }
            byte = first
        }

        scanning: while true {
            if top[Frame.closing] & 0x20 != 0 {
                // In an object, a key and a colon come first.
                guard byte == quote else {
                    if byte == UInt8(ascii: "}") && top[Frame.closing] == Self.bareClosing {
                        throw .unexpected(byte, "in object without braces", at: i)
                    }
                    throw .unexpected(byte, "where an object key was expected", at: i)
                }
                let start = i &+ 1
                let flags = try Self.scanString(base, end, at: &i)
                words.append(ValueMap.Kind.string.rawValue | flags, start, i &- 1 &- start)
                top[Frame.keyFlags] |= flags
                guard let colon = Self.skipWhitespace(base, &i, end) else { throw .endOfInput(at: i) }
                guard colon == UInt8(ascii: ":") else { throw .unexpected(colon, "after object key", at: i) }
                i &+= 1
                // Most often one space, then the value (`"key": value`): no word load for it.
                if i &+ 1 < end && base.load(fromByteOffset: i, as: UInt8.self) == 0x20
                    && base.load(fromByteOffset: i &+ 1, as: UInt8.self) > 0x20
                {
                    i &+= 1
                    byte = base.load(fromByteOffset: i, as: UInt8.self)
                } else {
                    guard let next = Self.skipWhitespace(base, &i, end) else { throw .endOfInput(at: i) }
                    byte = next
                }
            }
            switch byte {
            case quote:
                let start = i &+ 1
                let flags = try Self.scanString(base, end, at: &i)
                words.append(ValueMap.Kind.string.rawValue | flags, start, i &- 1 &- start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = i
                scanNumber()
                i = index
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.distance(to: top) < deepest else {
                    throw JSONSyntaxError("nesting deeper than \(Self.maxDepth) levels", at: i)
                }
                let isObject = byte == UInt8(ascii: "{")
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let entry = words.entryCount
                words.append(isObject ? objectKind : arrayKind, i, 0)
                i &+= 1
                guard let first = Self.skipWhitespace(base, &i, end) else { throw .endOfInput(at: i) }
                guard first != closing else {
                    // Empty: closed at once, without a frame.
                    i &+= 1
                    words.close(entry, header: isObject ? objectKind : arrayKind, childCount: 0)
                    break
                }
                top += Frame.width
                top[Frame.entry] = entry
                top[Frame.values] = 0
                top[Frame.closing] = Int(closing)
                top[Frame.keyFlags] = 0
                byte = first
                continue scanning
            case UInt8(ascii: "t"): i = try scanLiteral("true", .true, word: Self.trueWord, at: i)
            case UInt8(ascii: "f"): i = try scanLiteral("false", .false, word: Self.falseWord, at: i)
            case UInt8(ascii: "n"): i = try scanLiteral("null", .null, word: Self.nullWord, at: i)
            default: throw .unexpected(byte, "at start of value", at: i)
            }
            // A value is complete: what follows it continues its container or closes it (and
            // then perhaps the containers around it).
            // The frame below the top-level value (``noClosing``) ends the loop: no pointer
            // comparison with the stack's base, which would keep one more value in a register.
            while true {
                let closing = top[Frame.closing]
                if closing == Self.noClosing { break }
                top[Frame.values] &+= 1
                let separator = Self.skipWhitespace(base, &i, end)
                if separator == UInt8(ascii: ",") {
                    i &+= 1
                    let next = Self.skipWhitespace(base, &i, end)
                    if let next, Int(next) != closing {
                        byte = next
                        continue scanning
                    }
                    // JSONDecoder accepts a trailing comma (the unbraced object: before the end),
                    // so it is valid input here, decoded by every rule like the same text without it.
                    if next == nil && closing != Self.bareClosing { throw .endOfInput(at: i) }
                    if next != nil { i &+= 1 }
                } else if let separator, Int(separator) == closing {
                    i &+= 1
                } else if separator != nil || closing != Self.bareClosing {
                    throw Self.separatorError(separator, closing: closing, at: i)
                }
                let values = top[Frame.values]
                let header =
                    closing & 0x20 == 0
                    ? arrayKind
                    : objectKind | (top[Frame.keyFlags] == 0 ? 0 : ValueMap.hasSpecialKeys)
                words.close(top[Frame.entry], header: header, childCount: closing & 0x20 == 0 ? values : values &* 2)
                top -= Frame.width
            }
            index = i
            return
        }
    }

    /// The error for `byte` (`nil`: the end) where a container closed by `closing` expected a
    /// comma or its end.
    static func separatorError(_ byte: UInt8?, closing: Int, at offset: Int) -> JSONSyntaxError {
        guard let byte else { return .endOfInput(at: offset) }
        if closing == bareClosing && byte == UInt8(ascii: "}") {
            return .unexpected(byte, "in object without braces", at: offset)
        }
        return .unexpected(byte, closing & 0x20 == 0 ? "in array" : "in object", at: offset)
    }

    // MARK: Scalars

    /// `true`, `null` and the last four bytes of `false`, as little-endian words.
    static let trueWord: UInt32 = 0x6575_7274
    static let nullWord: UInt32 = 0x6C6C_756E
    static let falseWord: UInt32 = 0x6573_6C61

    /// Records `literal` at `start` and returns the offset after it; its last four bytes are
    /// compared as one word load (`word`), on a mismatch or near the end of the input byte by
    /// byte, for the error.
    @inline(__always)
    func scanLiteral(_ literal: StaticString, _ kind: ValueMap.Kind, word: UInt32, at start: Int)
        throws(JSONSyntaxError) -> Int
    {
        let count = literal.utf8CodeUnitCount
        let tail = start &+ count &- 4
        let end: Int
        if start &+ count <= bytes.count, let address = bytes.baseAddress,
            UInt32(littleEndian: UnsafeRawPointer(address).loadUnaligned(fromByteOffset: tail, as: UInt32.self)) == word
        {
            end = start &+ count
        } else {
            end = try JSONScanner.matchLiteral(literal, in: bytes, at: start)
        }
        record(kind.rawValue, start, count)
        return end
    }

    /// The offset after `literal` (`true`, `false`, `null`) at `start`, or the error at the first
    /// byte that differs. Shared with ``JSON5Scanner``.
    static func matchLiteral(_ literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        throws(JSONSyntaxError) -> Int
    {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for i in 0..<count {
            guard start + i < bytes.count else { throw .endOfInput(at: start + i) }
            guard bytes[start + i] == expected[i] else {
                throw .unexpected(bytes[start + i], "in literal \(literal)", at: start + i)
            }
        }
        return start + count
    }

    /// Delimits a number and checks it against the JSON grammar, recording the verdict in
    /// the entry's flags. A malformed number is not an error here: like `JSONDecoder`, only
    /// decoding it fails. The number ends at the first byte that cannot continue one.
    mutating func scanNumber() {
        let start = index
        let end = bytes.count
        let bytes = self.bytes
        let match = NumberParsing.grammarPrefix(of: bytes, from: index, to: end)
        index = match.end
        var valid = match.isValid
        let integer = match.isInteger
        // Whatever else could continue a number makes this one malformed (`01`, `1.2.3`, `1-2`).
        while index < end && Self.continuesNumber(bytes[index]) {
            valid = false
            index &+= 1
        }
        let flags = valid ? (integer ? ValueMap.validNumber | ValueMap.integerNumber : ValueMap.validNumber) : 0
        record(ValueMap.Kind.number.rawValue | flags, start, index &- start)
    }

    /// Whether `byte` can continue number text (a digit, `.`, `+`, `-`, `e`, `E`): a number
    /// ends at the first byte that cannot.
    @inline(__always) static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    // MARK: Strings

    /// Delimits the string whose opening quote is at `i`, leaving `i` after its closing quote,
    /// and returns its flags; escapes and control characters are checked when it is decoded.
    @inline(__always)
    static func scanString(_ base: UnsafeRawPointer, _ end: Int, at i: inout Int) throws(JSONSyntaxError) -> Int {
        let quote = i
        i &+= 1
        var flags = 0
        while i < end {
            // Eight bytes at a time up to the first quote, backslash or control character.
            while i &+ 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let special = specialBytes(word)
                if special != 0 {
                    // The lowest flagged byte is the first special one; the bytes before it
                    // are ordinary text.
                    let before = special.trailingZeroBitCount &>> 3
                    let ordinary = (UInt64(1) &<< UInt64(before &<< 3)) &- 1
                    if word & ordinary & 0x8080_8080_8080_8080 != 0 { flags |= ValueMap.nonASCIIString }
                    i &+= before
                    break
                }
                if word & 0x8080_8080_8080_8080 != 0 { flags |= ValueMap.nonASCIIString }
                i &+= 8
            }
            guard i < end else { break }
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte == UInt8(ascii: "\"") {
                i &+= 1
                return flags
            }
            if byte == UInt8(ascii: "\\") {
                flags |= ValueMap.complexString
                i &+= 1
                guard i < end else { break }
                if base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: "u") {
                    guard i + 4 < end else { throw .endOfInput(at: end) }
                    for k in 1...4 where base.load(fromByteOffset: i + k, as: UInt8.self) == UInt8(ascii: "\"") {
                        throw JSONSyntaxError("invalid \\u escape: too few hex digits", at: i - 1)
                    }
                    i &+= 4
                }
                i &+= 1
                continue
            }
            if byte < 0x20 {
                flags |= ValueMap.complexString
            } else if byte >= 0x80 {
                flags |= ValueMap.nonASCIIString
            }
            i &+= 1
        }
        throw JSONSyntaxError("unterminated string starting", at: quote)
    }

    /// The high bit of each of the eight bytes (little-endian) that is `"`, `\` or below
    /// 0x20, exact up to and including the lowest one set (bytes above it may be flagged
    /// falsely); zero when none is.
    ///
    /// Two byte tests, not three: flipping bit 0x02 turns `"` (0x22) into 0x20 and keeps
    /// control characters below 0x20, so "below 0x21 after the flip" finds both; a byte
    /// equal to `\` is a zero byte after XOR with `\`. Each test (`x - n` borrows only out
    /// of a byte below `n`, and `~x` drops bytes from 0x80 up) is exact up to its lowest hit.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quoteOrControl = word ^ (ones &* 0x02)
        let backslashes = word ^ (ones &* 0x5C)
        let belowQuote = (quoteOrControl &- ones &* 0x21) & ~quoteOrControl
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        return (belowQuote | zeroBackslash) & highs
    }

    // MARK: Nesting

    /// Throws when one more level of nesting would pass ``maxDepth``. Shared with ``JSON5Scanner``.
    static func checkDepth(_ depth: Int, at offset: Int) throws(JSONSyntaxError) {
        guard depth < maxDepth else {
            throw JSONSyntaxError("nesting deeper than \(maxDepth) levels", at: offset)
        }
    }
}
