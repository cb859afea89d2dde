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
        var key = key
        return key.withUTF8 { NameShape(of: $0).isPlain }
    }

    // MARK: Paths and pointers as bytes
    //
    // What a report's events are written with (`Report/EventBatch.swift`): each event's path and
    // pointer are its parent's bytes, kept, and its last key's, appended to one buffer, then made
    // into a string once. Appending to strings, with a string per segment, cost four fifths of
    // reading a messy twitter report's paths and pointers (Benchmarks, `lenient-report-read`).

    /// Appends what `key` adds to a path (`path`, as ``appendSegments(of:to:)``) and to a JSON
    /// Pointer (`pointer`, as ``appendPointerTokens(of:to:)``), as UTF-8 bytes.
    static func appendKey(_ key: any CodingKey, path: inout [UInt8], pointer: inout [UInt8]) {
        let keyType = type(of: key)
        if keyType == IndexKey.self, let index = key.intValue {
            appendIndex(index, path: &path, pointer: &pointer)
        } else if keyType == MatchedKey.self, let matched = key as? MatchedKey {
            appendName(matched.inputName, path: &path, pointer: &pointer)
        } else if keyType == KeyPathKey.self, let keyPath = key as? KeyPathKey {
            for step in keyPath.steps { appendKey(step, path: &path, pointer: &pointer) }
        } else {
            appendName(key.stringValue, path: &path, pointer: &pointer)
        }
    }

    /// Appends `[index]` to `path` and `/index` to `pointer`.
    static func appendIndex(_ index: Int, path: inout [UInt8], pointer: inout [UInt8]) {
        path.append(UInt8(ascii: "["))
        appendDecimal(index, to: &path)
        path.append(UInt8(ascii: "]"))
        pointer.append(UInt8(ascii: "/"))
        appendDecimal(index, to: &pointer)
    }

    /// Calls `body` with the texts that `first`, then `second` where there is one, add to a path
    /// (`[first][second]`) and to a pointer (`/first/second`), as ``appendIndex(_:path:pointer:)``
    /// writes them, written in a buffer on the stack: an array element's path and pointer are made
    /// from them and its array's texts in one piece each (`EventBatch`'s builder). Appended to a
    /// buffer a byte at a time and cut off again for the next event, the indices of a messy
    /// canada's events (two per event, each in both texts) made reading its events' paths and
    /// pointers 356.5 M instructions, 344.0 M so (Benchmarks `instructions lenient-report-read`).
    static func withIndexTexts<Result>(
        _ first: Int, _ second: Int?,
        _ body: (_ path: UnsafeBufferPointer<UInt8>, _ pointer: UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // Unsafe (a buffer on the stack) for the figure above. Bound: the path's text from 0 and the
        // pointer's from 48, each at most 44 bytes (`[` and `]` around at most 20 characters,
        // `Int.min`, twice); DecimalDigitsTests write `Int.min` and `Int.max` as both indices.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buffer in
            var count = writeBracketed(first, into: buffer, at: 0)
            if let second { count = writeBracketed(second, into: buffer, at: count) }
            // The pointer's text is the path's with each `[` a `/` and no `]`.
            var written = 48
            for index in 0..<count where buffer[index] != UInt8(ascii: "]") {
                buffer[written] = buffer[index] == UInt8(ascii: "[") ? UInt8(ascii: "/") : buffer[index]
                written += 1
            }
            return body(
                UnsafeBufferPointer(rebasing: buffer[0..<count]), UnsafeBufferPointer(rebasing: buffer[48..<written]))
        }
    }

    /// Writes `[`, `value` as ``appendDecimal(_:to:)`` writes it, and `]` into `buffer` from
    /// `start`, which leaves room for 22 bytes; returns where they end.
    private static func writeBracketed(
        _ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        buffer[start] = UInt8(ascii: "[")
        var end = start + 1
        if value < 0 {
            buffer[end] = UInt8(ascii: "-")
            end += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        end += digits
        var position = end
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        buffer[end] = UInt8(ascii: "]")
        return end + 1
    }

    /// Appends the member `name` to `path` (`.name` or `['…']`) and to `pointer` (`/name`, `~`
    /// written `~0` and `/` written `~1`).
    static func appendName(_ name: String, path: inout [UInt8], pointer: inout [UInt8]) {
        var name = name
        name.withUTF8 { appendName(bytes: $0, path: &path, pointer: &pointer) }
    }

    /// ``appendName(_:path:pointer:)`` of a name given as its UTF-8 bytes, which must be valid.
    static func appendName(bytes name: UnsafeBufferPointer<UInt8>, path: inout [UInt8], pointer: inout [UInt8]) {
        let shape = NameShape(of: name)
        if shape.isPlain {
            path.append(UInt8(ascii: "."))
            path.append(contentsOf: name)
        } else {
            appendQuotedSegment(name, to: &path)
        }
        pointer.append(UInt8(ascii: "/"))
        guard shape.needsPointerEscapes else {
            pointer.append(contentsOf: name)
            return
        }
        for byte in name {
            switch byte {
            case UInt8(ascii: "~"), UInt8(ascii: "/"):
                pointer.append(UInt8(ascii: "~"))
                pointer.append(byte == UInt8(ascii: "~") ? UInt8(ascii: "0") : UInt8(ascii: "1"))
            default: pointer.append(byte)
            }
        }
    }

    /// Appends `['name']` to `path`, escaped as ``segment(forKey:)`` escapes it
    /// (`JSONText.appendEscaped(_:quote:to:)`: `'` and `\` after a backslash, `\n`, `\r`, `\t`,
    /// other control characters as `\u00XX`), byte by byte: every byte escaped is ASCII, and a
    /// UTF-8 continuation byte never equals one of them.
    static func appendQuotedSegment(_ name: UnsafeBufferPointer<UInt8>, to path: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        path.append(UInt8(ascii: "["))
        path.append(UInt8(ascii: "'"))
        for byte in name {
            switch byte {
            case UInt8(ascii: "'"), backslash:
                path.append(backslash)
                path.append(byte)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                path.append(backslash)
                path.append(
                    byte == UInt8(ascii: "\n")
                        ? UInt8(ascii: "n") : byte == UInt8(ascii: "\r") ? UInt8(ascii: "r") : UInt8(ascii: "t"))
            case 0..<0x20:
                path.append(backslash)
                path.append(UInt8(ascii: "u"))
                path.append(UInt8(ascii: "0"))
                path.append(UInt8(ascii: "0"))
                path.append(hexDigit(byte >> 4))
                path.append(hexDigit(byte & 0xF))
            default: path.append(byte)
            }
        }
        path.append(UInt8(ascii: "'"))
        path.append(UInt8(ascii: "]"))
    }

    /// The lowercase hexadecimal digit of `value` (0 to 15), as `String(_:radix:)` writes it.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }

    /// What a name's bytes need in a path and a pointer, found in one pass over them: whether it
    /// is a plain identifier (`[A-Za-z_][A-Za-z0-9_]*`, written `.name` in a path, else
    /// `['name']`), and whether it has a `~` or `/` (escaped in a pointer as `~0` and `~1`).
    struct NameShape {
        let isPlain: Bool
        let needsPointerEscapes: Bool

        /// The shape of the name whose UTF-8 bytes are `name`.
        init(of name: UnsafeBufferPointer<UInt8>) {
            // Each byte's classes read from a table of 256 and gathered without a branch: two
            // scans of each name's bytes, with range tests, made reading every event of a messy
            // twitter 91.99 M instructions, 90.80 M so (Benchmarks `instructions
            // lenient-report-read`). JSONPathBytesTests check every byte against the ranges.
            let table = Self.classes
            var every = Self.continues
            var some: UInt8 = 0
            for byte in name {
                let classes = table[Int(byte)]
                every &= classes
                some |= classes
            }
            isPlain = !name.isEmpty && table[Int(name[0])] & Self.starts != 0 && every & Self.continues != 0
            needsPointerEscapes = some & Self.escaped != 0
        }

        /// A byte's classes: it may start an identifier (a letter or `_`), it may continue one (a
        /// letter, a digit or `_`), a pointer escapes it (`~`, `/`).
        private static let starts: UInt8 = 1
        private static let continues: UInt8 = 2
        private static let escaped: UInt8 = 4

        /// The classes of each byte.
        private static let classes: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
            let isLetter = (65...90).contains(byte) || (97...122).contains(byte) || byte == 95
            let isDigit = (48...57).contains(byte)
            return (isLetter ? starts | continues : 0) | (isDigit ? continues : 0)
                | (byte == 126 || byte == 47 ? escaped : 0)
        }
    }

    /// Appends `value` in decimal digits, as `String(value)` writes it.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // The digits are appended first to last, after their count is found (an index has one
        // to four, most one or two: those by constant divisions): a buffer of digits written
        // last first, then appended at once, cost about 110 instructions per index of a messy
        // canada's paths and pointers (Benchmarks `lenient-report-read`).
        let zero = UInt8(ascii: "0")
        if magnitude < 10 {
            bytes.append(zero &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        if magnitude < 100 {
            bytes.append(zero &+ UInt8(truncatingIfNeeded: magnitude / 10))
            bytes.append(zero &+ UInt8(truncatingIfNeeded: magnitude % 10))
            return
        }
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor &*= 10 }
        repeat {
            bytes.append(zero &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }
}
