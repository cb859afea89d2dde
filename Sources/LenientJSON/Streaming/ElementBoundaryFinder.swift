#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Finds where each element of a JSON stream starts and ends, over bytes that arrive in pieces.
///
/// The layout is read from the first byte that is not whitespace (after a UTF-8 byte order
/// mark): `[` opens a top-level array whose elements are the stream's elements; anything else
/// starts a sequence of values separated by whitespace (JSON Lines among them).
///
/// The finder does not validate: it follows only nesting depth, strings and their escapes,
/// which is enough to find where a well-formed element ends. Each element is then decoded on
/// its own by the normal whole-document path, which validates it. What the finder does check
/// is what no element's decode sees: the commas and brackets of the top-level array, and the
/// end of the stream. It also keeps the line and column of each element's first byte, so that
/// an element's errors and report events name their place in the whole stream.
///
/// The bytes are the caller's buffer: the finder keeps offsets into it, which the caller
/// shifts with ``discard(_:in:)`` when it drops bytes that are no longer needed.
struct ElementBoundaryFinder {
    /// What the finder found next.
    enum Step: Equatable {
        /// A whole element: bytes `range` of the buffer, the `index` of the element in the
        /// stream, and the line and column of its first byte.
        case element(Range<Int>, index: Int, origin: SourceLocation)
        /// The bytes end inside an element or between elements: more are needed.
        case needsMoreBytes
        /// The stream ended where it may end.
        case end
        /// The stream is not a JSON array or sequence of values: why (a phrase, as a syntax
        /// error of the scanner words it), the index of the element concerned, and where.
        case malformed(String, index: Int, location: SourceLocation)
    }

    /// How the stream holds its elements.
    enum Layout: Equatable {
        /// The elements of a top-level JSON array.
        case array
        /// JSON values one after another, separated by whitespace (JSON Lines).
        case values
    }

    private enum Phase {
        /// Before the first value: a byte order mark or whitespace may come.
        case start
        /// After an array's `[`: an element or `]`.
        case arrayStart
        /// After a comma: an element, or `]` (a trailing comma, which `JSONDecoder` accepts).
        case afterComma
        /// After an array element: `,` or `]`.
        case afterElement
        /// After the top-level array's `]`: only whitespace.
        case afterArray
        /// Between values of a sequence: whitespace, then the next value.
        case betweenValues
        /// Inside an element that is an array or object.
        case inContainer
        /// Inside an element that is a string.
        case inString
        /// Inside an element that is a number or a literal, which ends at a delimiter.
        case inScalar
    }

    private(set) var layout: Layout?
    private var phase = Phase.start
    /// The offset of the next byte to look at.
    private var position = 0
    /// The offset of the current element's first byte.
    private var elementStart = 0
    private var elementOrigin = SourceLocation.start
    /// The index of the next element (or of the one being read).
    private var index = 0
    /// Nesting depth inside a container element.
    private var depth = 0
    /// Whether the scan is inside a string of a container element.
    private var inString = false
    /// Whether the byte at `position` is escaped by a backslash before it.
    private var escaped = false
    /// Whether a byte order mark may still come (nothing has been read yet).
    private var atStreamStart = true

    /// The current line, and a point of it whose column is known: `columnMark.offset` is a
    /// buffer offset at or after the line's start, at column `columnMark.column`. Columns
    /// count Unicode scalars, and are counted only up to where an element starts.
    private var line = 1
    private var columnMark = (offset: 0, column: 1)

    /// The offset of the first byte still needed: the start of the element being read, or
    /// the next byte to look at. Bytes before it may be dropped (see ``discard(_:in:)``).
    var firstNeededByte: Int {
        switch phase {
        case .inContainer, .inString, .inScalar: return elementStart
        default: return position
        }
    }

    /// Tells the finder that the first `count` bytes of `bytes` are about to be dropped (and
    /// the rest moved to the front); `bytes` is the buffer before the move.
    mutating func discard(_ count: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        guard count > 0 else { return }
        if columnMark.offset < count {
            columnMark.column += Self.scalarCount(bytes, columnMark.offset..<count)
            columnMark.offset = 0
        } else {
            columnMark.offset -= count
        }
        position -= count
        elementStart -= count
    }

    /// Finds the next element in `bytes` (the buffer's filled part), going on from where the
    /// last call stopped. `isComplete` says no more bytes will come.
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> Step {
        let count = bytes.count
        while position < count {
            switch phase {
            case .inContainer:
                if let step = scanContainer(bytes) { return step }
            case .inString:
                if scanString(bytes) { return finishElement() }
            case .inScalar:
                let byte = bytes[position]
                if Self.endsScalar(byte) { return finishElement() }
                position += 1
            default:
                let byte = bytes[position]
                if phase == .start, atStreamStart, byte == 0xEF {
                    guard count - position >= 3 || isComplete else { return .needsMoreBytes }
                    atStreamStart = false
                    if count - position >= 3, bytes[position + 1] == 0xBB, bytes[position + 2] == 0xBF {
                        position += 3
                        columnMark = (position, 1)
                        continue
                    }
                }
                atStreamStart = false
                if JSONText.isWhitespace(byte) {
                    if byte == UInt8(ascii: "\n") { newLine(at: position) }
                    position += 1
                    continue
                }
                if let step = betweenElements(byte, bytes) { return step }
            }
        }
        guard isComplete else { return .needsMoreBytes }
        switch phase {
        case .start, .afterArray, .betweenValues:
            return .end
        case .inScalar where layout == .values:
            return finishElement()
        default:
            return .malformed("unexpected end of input", index: index, location: location(at: position, bytes))
        }
    }

    // MARK: Between elements

    /// Reads `byte`, the next one that is not whitespace outside an element: a bracket or
    /// comma of the top-level array, or an element's first byte.
    private mutating func betweenElements(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) -> Step? {
        switch phase {
        case .start:
            if byte == UInt8(ascii: "[") {
                layout = .array
                phase = .arrayStart
                position += 1
                return nil
            }
            layout = .values
        case .arrayStart, .afterComma:
            if byte == UInt8(ascii: "]") {
                phase = .afterArray
                position += 1
                return nil
            }
            if byte == UInt8(ascii: ",") { return unexpected(byte, "in array", bytes) }
        case .afterElement:
            if byte == UInt8(ascii: ",") {
                phase = .afterComma
                position += 1
                return nil
            }
            if byte == UInt8(ascii: "]") {
                phase = .afterArray
                position += 1
                return nil
            }
            return unexpected(byte, "in array", bytes)
        case .afterArray:
            return unexpected(byte, "after the top-level array", bytes)
        default:
            break
        }
        beginElement(byte, bytes)
        return nil
    }

    private mutating func beginElement(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) {
        elementStart = position
        elementOrigin = location(at: position, bytes)
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            phase = .inContainer
            depth = 1
            inString = false
        case UInt8(ascii: "\""):
            phase = .inString
        default:
            phase = .inScalar
        }
        escaped = false
        position += 1
    }

    private mutating func finishElement() -> Step {
        let step = Step.element(elementStart..<position, index: index, origin: elementOrigin)
        index += 1
        phase = layout == .array ? .afterElement : .betweenValues
        return step
    }

    private mutating func unexpected(_ byte: UInt8, _ context: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Step {
        .malformed(
            JSONSyntaxError.unexpected(byte, context, at: position).message, index: index,
            location: location(at: position, bytes))
    }

    // MARK: Inside an element

    /// Scans a container element from `position`: the element when it closes, else `nil`
    /// with `position` at the end of the bytes.
    private mutating func scanContainer(_ bytes: UnsafeBufferPointer<UInt8>) -> Step? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        while position < count {
            if inString {
                guard scanString(bytes) else { return nil }
                inString = false
                continue
            }
            let byte = base[position]
            if !Self.isStructural(byte) {
                position += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                escaped = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return finishElement()
                }
            default:
                newLine(at: position)
            }
            position += 1
        }
        return nil
    }

    /// Scans a string's content from `position` (after its opening quote, or where the last
    /// piece of bytes ended): `true` with `position` after the closing quote, or `false` with
    /// `position` at the end of the bytes and `escaped` telling whether the next byte is.
    /// Short strings (keys, most values) are read byte by byte; past 16 bytes, `memchr` finds
    /// the next quote and only the backslashes right before it are looked at.
    private mutating func scanString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let shortEnd = Swift.min(count, position + 16)
        while position < shortEnd {
            let byte = base[position]
            position += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return true
            }
        }
        while position < count {
            let start = position
            guard let found = memchr(base + start, Int32(UInt8(ascii: "\"")), count - start) else {
                escaped = Self.endsEscaping(base, from: start, to: count, escapedAtStart: escaped)
                position = count
                return false
            }
            // Safe: memchr returns a pointer into `base`'s bytes, which are UInt8; it buys a word-wide search.
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let quoteIsEscaped = Self.endsEscaping(base, from: start, to: quote, escapedAtStart: escaped)
            position = quote + 1
            escaped = false
            if !quoteIsEscaped { return true }
        }
        return false
    }

    /// Whether the byte at `end` is escaped: the run of backslashes right before it (within
    /// `start..<end`) is odd, counting that the byte at `start` is itself escaped when
    /// `escapedAtStart`.
    private static func endsEscaping(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, escapedAtStart: Bool)
        -> Bool
    {
        var runStart = end
        while runStart > start, base[runStart - 1] == UInt8(ascii: "\\") { runStart -= 1 }
        var backslashes = end - runStart
        if runStart == start && escapedAtStart {
            // The first byte is escaped: a backslash there is a character, not an escape.
            if backslashes == 0 { return end == start }
            backslashes -= 1
        }
        return backslashes % 2 == 1
    }

    // MARK: Bytes and places

    /// Whether `byte` is one a container's scan stops at: a quote, a bracket or brace, or a
    /// line break (two 64-bit masks, for the bytes below 0x80).
    @inline(__always)
    private static func isStructural(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x22 | 1 << 0x0A
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        let mask = byte < 64 ? low : byte < 128 ? high : 0
        return mask & (1 << UInt64(byte & 63)) != 0
    }

    /// Whether `byte` cannot continue a number or literal: whitespace or punctuation.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        if JSONText.isWhitespace(byte) { return true }
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: "\""), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        columnMark = (offset + 1, 1)
    }

    /// The line and column of byte `offset`, which is at or after every offset asked before.
    private mutating func location(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        if offset > columnMark.offset {
            columnMark.column += Self.scalarCount(bytes, columnMark.offset..<offset)
            columnMark.offset = offset
        }
        return SourceLocation(line: line, column: columnMark.column)
    }

    /// The number of Unicode scalars that start in `range` (bytes that are not UTF-8
    /// continuation bytes).
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var scalars = 0
        for i in range where JSONText.startsColumn(bytes[i]) { scalars &+= 1 }
        return scalars
    }
}
