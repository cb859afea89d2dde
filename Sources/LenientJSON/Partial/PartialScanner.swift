import Foundation

/// Reads a JSON document as its bytes arrive, each byte once, or twice where a token that begins
/// in a piece is cut at its end (SPEC 14, rule 7: ``unreadToken``): a state machine that resumes
/// wherever the last piece ended (inside a key, a string, an escape, a `\u` escape, a UTF-8
/// sequence, a number or a literal). It accepts what `JSONScanner` accepts (a trailing
/// comma before `}` or `]` included) and says at which byte the text stops being the beginning
/// of such a document. It knows the containers still open, the value in progress and where the
/// last complete piece ends, and it writes the document's value map as it goes: the entries
/// `JSONScanner` writes for the same text, each written once, when its value ends (a container's
/// when it begins, its header when it ends). A snapshot reads those entries with the open
/// containers closed where the text is cut (`PartialScanner+ValueMap.swift`), and ``closedParts(strings:from:)``
/// says where that is.
struct PartialScanner {
    /// What the next byte may be.
    enum Phase {
        /// A value (the top-level value, or after `:`).
        case value
        /// A value or `]`: after `[` or a comma in an array.
        case valueOrClose
        /// A key or `}`: after `{` or a comma in an object.
        case keyOrClose
        /// Inside a key.
        case key
        /// `:` after a key.
        case colon
        /// Inside a string value.
        case string
        /// Inside a number, which ends at the first byte that cannot continue it.
        case number
        /// Inside `true`, `false` or `null`.
        case literal
        /// A comma or the end of the container, after a value.
        case afterValue
        /// Whitespace only, after the top-level value.
        case done
    }

    /// An object or array still open.
    struct Frame {
        let isObject: Bool
        /// The byte offset of its `{` or `[`.
        let start: Int
        /// Its entry in the value map.
        let entry: Int
        /// Its complete members or elements so far.
        var count = 0
        /// The bytes of the key of the member being read, as the input spells it (without quotes).
        var key = 0..<0
        /// The flags of its keys' entries, ORed (an object's header flag, as `JSONScanner` sets it).
        var keyFlags = 0
    }

    static let maxDepth = JSONScanner.maxDepth

    private(set) var phase = Phase.value
    private(set) var frames: [Frame] = []
    /// The bytes read so far.
    private(set) var offset = 0
    /// Where the last complete piece ends: a value, or the `{` or `[` of a container still open.
    private(set) var cut = 0
    /// The entries written up to ``cut``: those of the complete values and of the open containers
    /// (a key whose value has not ended is written after them).
    private(set) var cutEntries = 0
    /// Where the token being read (string, number, literal) starts.
    private(set) var tokenStart = 0
    /// Where the last whole character of the string value being read ends: never inside an
    /// escape, a UTF-8 sequence, or between the two `\u` escapes of a surrogate pair.
    private(set) var wholeEnd = 0
    /// The value map's entries so far (``EntryBuffer``), shared by copies of this scanner until
    /// one of them writes (``read(_:from:stopsAtEnd:)`` copies them first).
    var entries = EntryBuffer(capacity: 0)
    /// The bytes read, each counted once when it is first read (rule 7's measure of the scan: tests
    /// read it; a token left unread and read again with the next piece is not counted again).
    private(set) var scannedBytes = 0
    /// The entries that snapshots wrote or wrote again for their maps (the string in progress,
    /// the headers of the open containers): a few per snapshot, however long the document.
    var snapshotWrites = 0

    /// 0: plain text; 1: after a backslash; 2...5: after `\u` and that many hex digits less 2.
    private var escape = 0
    private var hex: UInt32 = 0
    private var quoteInHex = false
    private var utf8Remaining = 0
    private var highSurrogate = false
    /// The flags of the string or key being read (``ValueMap/complexString``,
    /// ``ValueMap/nonASCIIString``), as `JSONScanner` sets them.
    private(set) var stringFlags = 0
    /// The literal being read, and how many of its bytes have matched.
    private var literal = ValueMap.Kind.null
    private var literalIndex = 0
    private(set) var bomMatched = 0
    /// Where a key, string, number or literal begins that the last read found cut short by the end
    /// of the bytes and left unread (-1: none). The next read begins there (rule 7 lets it read
    /// that token again), and ``settle(_:)`` reads it byte by byte when the state must show it.
    /// Only a token that begins in the bytes that read brought is left so: one read again and
    /// still cut short is read byte by byte as the rest arrives, so that no byte is read more
    /// than twice.
    private var unreadToken = -1

    /// Whether the top-level value has ended.
    var isDone: Bool { phase == .done }

    /// Whether a string value, number or literal is being read.
    var hasScalarInProgress: Bool { phase == .string || phase == .number || phase == .literal }

    /// The paths of the values begun and not ended, outermost first; `bytes` are the bytes read.
    func pending(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var paths: [String] = []
        paths.reserveCapacity(frames.count + 1)
        var path = "$"
        for (index, frame) in frames.enumerated() {
            paths.append(path)
            // The value in progress of a frame is the next frame, or the scalar in progress.
            if index < frames.count - 1 || hasScalarInProgress { path += childSegment(frame, in: bytes) }
        }
        if hasScalarInProgress { paths.append(path) }
        return paths
    }

    /// The path segment of the value that begins next (or is being read) in `frame`.
    private func childSegment(_ frame: Frame, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard frame.isObject else { return "[\(frame.count)]" }
        let key = frame.key.upperBound <= bytes.count ? Array(bytes[frame.key]) : []
        return JSONPath.segment(forKey: Self.keyName(key))
    }

    /// Reads `bytes[from...]` (the bytes before were read already) and returns the offset of the
    /// first byte that no document this scanner accepts can have there, or `nil`. With
    /// `stopsAtEnd`, it reads nothing after the top-level value (a model's prose may follow it).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtEnd: Bool = false) -> Int? {
        // A copy of this scanner (a partial decoder copied) may have read other bytes.
        if !isKnownUniquelyReferenced(&entries) { entries = entries.copy() }
        if start < bytes.count { scannedBytes &+= bytes.count &- start }
        var from = start
        if unreadToken >= 0 {
            from = unreadToken
            unreadToken = -1
        }
        // Between tokens inside a container (most pieces begin so, or with the token left
        // unread): the whole tokens are read at once before anything else looks at the state.
        let end = bytes.count
        if !frames.isEmpty && phase != .key && !hasScalarInProgress {
            while from < end && JSONText.isWhitespace(bytes[from]) { from &+= 1 }
            if from < end { from = readRun(bytes, from: from, fresh: start) }
            if from == end {
                offset = end
                return nil
            }
        }
        return read(bytes, from: from, fresh: start, stopsAtEnd: stopsAtEnd)
    }

    /// Appends `piece` to `bytes`, the bytes read so far, and reads it (``read(_:from:stopsAtEnd:)``):
    /// the offset of the first byte that no document this scanner accepts can have there, or `nil`.
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Int? {
        let start = bytes.count
        bytes.append(contentsOf: piece)
        return bytes.withUnsafeBufferPointer { read($0, from: start) }
    }

    /// Reads the token that the last read left unread (``unreadToken``), byte by byte, so that the
    /// state shows it in progress (``pending(in:)``, ``closedParts(strings:from:)``, ``withMap(of:strings:_:)``).
    /// `bytes` are the bytes read.
    mutating func settle(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard unreadToken >= 0 else { return }
        let from = unreadToken
        unreadToken = -1
        // A token left unread is the beginning of a valid one: reading it finds no error.
        _ = read(bytes, from: from, fresh: bytes.count, stopsAtEnd: false)
    }

    /// ``read(_:from:stopsAtEnd:)`` from `start`, where the bytes from `fresh` on are new: a token
    /// cut short at the end that begins in them is left unread (``unreadToken``).
    private mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, fresh: Int, stopsAtEnd: Bool
    ) -> Int? {
        var i = start
        let end = bytes.count
        while i < end {
            if stopsAtEnd && phase == .done { return nil }
            // Runs of plain text in a string, of a number's bytes and of whitespace between
            // tokens take no step each.
            switch phase {
            case .string, .key:
                guard escape == 0 && utf8Remaining == 0 else { break }
                var j = i
                while j < end {
                    let byte = bytes[j]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { break }
                    j &+= 1
                }
                guard j > i else { break }
                if phase == .string {
                    highSurrogate = false
                    wholeEnd = j
                }
                i = j
                continue
            case .number:
                while i < end && JSONScanner.continuesNumber(bytes[i]) { i &+= 1 }
                guard i < end else { continue }
                // The number ends before the byte that cannot continue it.
                offset = i
                recordNumber(bytes, endingAt: i)
                if stopsAtEnd && phase == .done { return nil }
            case .literal:
                break
            default:
                while i < end && JSONText.isWhitespace(bytes[i]) { i &+= 1 }
                guard i < end else { continue }
                // Inside a container, the tokens that have arrived whole are read at once; the
                // byte where that stops (a token cut short, or an error) is read by `step`.
                if !frames.isEmpty {
                    i = readRun(bytes, from: i, fresh: fresh)
                    guard i < end && phase != .done else { continue }
                }
            }
            let byte = bytes[i]
            offset = i
            if !step(byte) { return i }
            i += 1
        }
        offset = end
        return nil
    }

    /// Reads the tokens from `start` on inside the open containers, each key, string, number,
    /// literal and bracket at once where all of it has arrived (as `JSONScanner` reads it), until
    /// a token that is cut short, one that is not valid where it is, or the end of the top-level
    /// value; returns where it stopped, from where ``step(_:)`` reads byte by byte (and finds the
    /// byte that makes an error), or at the end with a token cut short there that begins at or
    /// after `fresh` (in the new bytes) left unread (``unreadToken``). `bytes[start]` is not
    /// whitespace.
    ///
    /// One loop with the phase, the innermost container and the cut in locals, written back once
    /// when it stops: like `JSONScanner`'s loop, a token costs no call and no store of the
    /// scanner's state (in `compare --partial-run appends`, this loop and ``unreadToken`` took
    /// the appends of the 100 KB catalog from 8.3 to 6.0 million instructions).
    private mutating func readRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, fresh: Int) -> Int {
        guard let address = bytes.baseAddress, var top = frames.last else { return start }
        let base = UnsafeRawPointer(address)
        let end = bytes.count
        let entries = self.entries
        let quote = UInt8(ascii: "\"")
        var phase = self.phase
        var depth = frames.count
        var cut = self.cut
        var cutEntries = self.cutEntries
        var i = start
        run: while i < end {
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            // What ends a value: its container counts it, and the cut moves past it.
            var ended = -1
            switch phase {
            case .keyOrClose where byte == quote:
                var flags = 0
                let after = Self.stringEnd(base, end, quote: i, flags: &flags)
                guard after > i else {
                    if after == Self.cutShort && i >= fresh {
                        unreadToken = i
                        i = end
                    }
                    break run
                }
                entries.append(ValueMap.Kind.string.rawValue | flags, i &+ 1, after &- i &- 2)
                top.key = (i &+ 1)..<(after &- 1)
                top.keyFlags |= flags
                i = after
                // Most often the colon follows at once: read with the key.
                if i < end && base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: ":") {
                    phase = .value
                    i &+= 1
                } else {
                    phase = .colon
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { break run }
                phase = .value
                i &+= 1
            case .value, .valueOrClose:
                switch byte {
                case quote:
                    var flags = 0
                    let after = Self.stringEnd(base, end, quote: i, flags: &flags)
                    guard after > i else {
                        if after == Self.cutShort && i >= fresh {
                            unreadToken = i
                            i = end
                        }
                        break run
                    }
                    entries.append(ValueMap.Kind.string.rawValue | flags, i &+ 1, after &- i &- 2)
                    ended = after
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let match = NumberParsing.grammarPrefix(of: bytes, from: i, to: end)
                    var after = match.end
                    var valid = match.isValid
                    while after < end && JSONScanner.continuesNumber(bytes[after]) {
                        valid = false
                        after &+= 1
                    }
                    // Complete once the byte after it has arrived.
                    guard after < end else {
                        if i >= fresh {
                            unreadToken = i
                            i = end
                        }
                        break run
                    }
                    let integer = match.isInteger ? ValueMap.integerNumber : 0
                    let flags = valid ? ValueMap.validNumber | integer : 0
                    entries.append(ValueMap.Kind.number.rawValue | flags, i, after &- i)
                    ended = after
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard depth < Self.maxDepth else { break run }
                    frames[depth &- 1] = top
                    let isObject = byte == UInt8(ascii: "{")
                    top = Frame(isObject: isObject, start: i, entry: entries.entryCount)
                    entries.append(isObject ? ValueMap.Kind.object.rawValue : ValueMap.Kind.array.rawValue, i, 0)
                    frames.append(top)
                    depth &+= 1
                    i &+= 1
                    cut = i
                    cutEntries = entries.entryCount
                    phase = isObject ? .keyOrClose : .valueOrClose
                case UInt8(ascii: "]") where phase == .valueOrClose:
                    ended = i &+ 1
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let kind: ValueMap.Kind =
                        byte == UInt8(ascii: "t") ? .true : byte == UInt8(ascii: "f") ? .false : .null
                    var index = 1
                    while let expected = Self.literalByte(kind, index) {
                        guard i &+ index < end else {
                            if i >= fresh {
                                unreadToken = i
                                i = end
                            }
                            break run
                        }
                        guard bytes[i &+ index] == expected else { break run }
                        index &+= 1
                    }
                    entries.append(kind.rawValue, i, index)
                    ended = i &+ index
                default:
                    break run
                }
            case .afterValue where byte == UInt8(ascii: ","):
                phase = top.isObject ? .keyOrClose : .valueOrClose
                i &+= 1
            case .afterValue, .keyOrClose:
                guard byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { break run }
                ended = i &+ 1
            default:
                break run
            }
            if ended >= 0 {
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    // The innermost container ends here.
                    entries.close(top.entry, header: Self.header(of: top), childCount: Self.childCount(of: top))
                    frames.removeLast()
                    depth &-= 1
                    if depth == 0 {
                        cut = ended
                        cutEntries = entries.entryCount
                        phase = .done
                        i = ended
                        break run
                    }
                    top = frames[depth &- 1]
                }
                cut = ended
                cutEntries = entries.entryCount
                top.count &+= 1
                i = ended
                // Most often a comma follows at once: read with the value.
                if i < end && base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: ",") {
                    phase = top.isObject ? .keyOrClose : .valueOrClose
                    i &+= 1
                } else {
                    phase = .afterValue
                }
            }
            while i < end && JSONText.isWhitespace(base.load(fromByteOffset: i, as: UInt8.self)) { i &+= 1 }
        }
        if depth > 0 { frames[depth &- 1] = top }
        self.phase = phase
        self.cut = cut
        self.cutEntries = cutEntries
        return i
    }

    /// Writes the entry of the number from ``tokenStart`` to `end` (the byte at `end` cannot
    /// continue it), with `JSONScanner`'s flags, and notes it complete.
    private mutating func recordNumber(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) {
        let match = NumberParsing.grammarPrefix(of: bytes, from: tokenStart, to: end)
        let valid = match.isValid && match.end == end
        let flags = valid ? (match.isInteger ? ValueMap.validNumber | ValueMap.integerNumber : ValueMap.validNumber) : 0
        entries.append(ValueMap.Kind.number.rawValue | flags, tokenStart, end &- tokenStart)
        completeValue(endingAt: end)
    }

    /// Reads one byte at `offset`; `false` where it is an error.
    @inline(__always)
    private mutating func step(_ byte: UInt8) -> Bool {
        switch phase {
        case .value, .valueOrClose:
            if JSONText.isWhitespace(byte) { return true }
            if phase == .valueOrClose && byte == UInt8(ascii: "]") { return close(byte) }
            if frames.isEmpty && offset < 3 && offset == bomMatched && byte == [0xEF, 0xBB, 0xBF][offset] {
                bomMatched += 1
                return true
            }
            if bomMatched > 0 && bomMatched < 3 { return false }
            return beginValue(byte)
        case .keyOrClose:
            if JSONText.isWhitespace(byte) { return true }
            if byte == UInt8(ascii: "}") { return close(byte) }
            guard byte == UInt8(ascii: "\"") else { return false }
            beginString()
            phase = .key
            return true
        case .key:
            if escape == 0 && byte == UInt8(ascii: "\"") {
                entries.append(ValueMap.Kind.string.rawValue | stringFlags, tokenStart &+ 1, offset &- tokenStart &- 1)
                let top = frames.count - 1
                frames[top].key = (tokenStart + 1)..<offset
                frames[top].keyFlags |= stringFlags
                phase = .colon
                return true
            }
            return stringByte(byte)
        case .colon:
            if JSONText.isWhitespace(byte) { return true }
            guard byte == UInt8(ascii: ":") else { return false }
            phase = .value
            return true
        case .string:
            if escape == 0 && byte == UInt8(ascii: "\"") {
                entries.append(ValueMap.Kind.string.rawValue | stringFlags, tokenStart &+ 1, offset &- tokenStart &- 1)
                completeValue(endingAt: offset + 1)
                return true
            }
            return stringByte(byte)
        case .number:
            // (`read(_:from:stopsAtEnd:)` ends a number before it steps.)
            return false
        case .literal:
            guard byte == Self.literalByte(literal, literalIndex) else { return false }
            literalIndex += 1
            if Self.literalByte(literal, literalIndex) == nil {
                entries.append(literal.rawValue, tokenStart, literalIndex)
                completeValue(endingAt: offset + 1)
            }
            return true
        case .afterValue:
            if JSONText.isWhitespace(byte) { return true }
            guard !frames.isEmpty else { return false }
            if byte == UInt8(ascii: ",") {
                phase = frames[frames.count - 1].isObject ? .keyOrClose : .valueOrClose
                return true
            }
            return close(byte)
        case .done:
            return JSONText.isWhitespace(byte)
        }
    }

    /// Byte `index` of literal `kind` (`true`, `false` or `null`); `nil` past its end.
    private static func literalByte(_ kind: ValueMap.Kind, _ index: Int) -> UInt8? {
        let text: StaticString
        switch kind {
        case .true: text = "true"
        case .false: text = "false"
        default: text = "null"
        }
        return index < text.utf8CodeUnitCount ? text.utf8Start[index] : nil
    }

    /// Begins a string (a key's or a value's) whose quote is at `offset`.
    private mutating func beginString() {
        tokenStart = offset
        escape = 0
        utf8Remaining = 0
        highSurrogate = false
        stringFlags = 0
    }

    /// Begins the value whose first byte is `byte`.
    private mutating func beginValue(_ byte: UInt8) -> Bool {
        tokenStart = offset
        switch byte {
        case UInt8(ascii: "\""):
            beginString()
            wholeEnd = offset + 1
            phase = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            phase = .number
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < Self.maxDepth else { return false }
            let isObject = byte == UInt8(ascii: "{")
            let entry = entries.entryCount
            entries.append(isObject ? ValueMap.Kind.object.rawValue : ValueMap.Kind.array.rawValue, offset, 0)
            frames.append(Frame(isObject: isObject, start: offset, entry: entry))
            cut = offset + 1
            cutEntries = entries.entryCount
            phase = isObject ? .keyOrClose : .valueOrClose
        case UInt8(ascii: "t"): beginLiteral(.true)
        case UInt8(ascii: "f"): beginLiteral(.false)
        case UInt8(ascii: "n"): beginLiteral(.null)
        default: return false
        }
        return true
    }

    private mutating func beginLiteral(_ kind: ValueMap.Kind) {
        literal = kind
        literalIndex = 1
        phase = .literal
    }

    /// Ends the innermost container with `byte`, if `byte` is its closing bracket.
    private mutating func close(_ byte: UInt8) -> Bool {
        guard let frame = frames.last, byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            return false
        }
        frames.removeLast()
        entries.close(frame.entry, header: Self.header(of: frame), childCount: Self.childCount(of: frame))
        completeValue(endingAt: offset + 1)
        return true
    }

    /// The header of `frame`'s entry (without its count), as `JSONScanner` writes it.
    static func header(of frame: Frame) -> Int {
        guard frame.isObject else { return ValueMap.Kind.array.rawValue }
        return ValueMap.Kind.object.rawValue | (frame.keyFlags == 0 ? 0 : ValueMap.hasSpecialKeys)
    }

    /// The children of `frame` written so far (keys and values for an object).
    static func childCount(of frame: Frame) -> Int {
        frame.isObject ? frame.count &* 2 : frame.count
    }

    /// Notes a value that ends before `end`.
    private mutating func completeValue(endingAt end: Int) {
        cut = end
        cutEntries = entries.entryCount
        if frames.isEmpty {
            phase = .done
        } else {
            frames[frames.count - 1].count += 1
            phase = .afterValue
        }
    }

    /// Reads one byte inside a string (a key's or a value's), other than its closing quote.
    /// `JSONScanner` checks only that a `\u` escape has four bytes, none of them a quote;
    /// everything else in a string is checked when it is decoded. The string's flags are those
    /// `JSONScanner` sets: a backslash or a control character makes it complex, a byte above
    /// 0x7F outside an escape non-ASCII.
    private mutating func stringByte(_ byte: UInt8) -> Bool {
        switch escape {
        case 0:
            if byte == UInt8(ascii: "\\") {
                escape = 1
                stringFlags |= ValueMap.complexString
            } else if byte < 0x80 || byte >= 0xC0 {
                if byte < 0x20 { stringFlags |= ValueMap.complexString }
                if byte >= 0x80 { stringFlags |= ValueMap.nonASCIIString }
                utf8Remaining = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
                if utf8Remaining == 0 { wholeCharacter() }
            } else {
                stringFlags |= ValueMap.nonASCIIString
                if utf8Remaining > 1 {
                    utf8Remaining -= 1
                } else {
                    utf8Remaining = 0
                    wholeCharacter()
                }
            }
        case 1:
            if byte == UInt8(ascii: "u") {
                escape = 2
                hex = 0
                quoteInHex = false
            } else {
                escape = 0
                wholeCharacter()
            }
        default:
            if byte == UInt8(ascii: "\"") { quoteInHex = true }
            hex = hex << 4 | UInt32(Self.hexValue(byte))
            escape += 1
            guard escape == 6 else { return true }
            escape = 0
            if quoteInHex { return false }
            if (0xD800...0xDBFF).contains(hex) && !highSurrogate {
                highSurrogate = true
            } else {
                wholeCharacter()
            }
        }
        return true
    }

    private mutating func wholeCharacter() {
        highSurrogate = false
        wholeEnd = offset + 1
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return 0
        }
    }

    /// A key's name as the input spells it: its escapes decoded (the raw text where they are malformed).
    static func keyName(_ raw: [UInt8]) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = [UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]
        return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: raw, as: UTF8.self)
    }

    // MARK: Closed text

    /// What a decoder reads of the bytes so far: the bytes up to the end of the last complete
    /// piece (with a string value in progress up to its last whole character and a closing quote,
    /// under ``PartialOptions/Strings/prefix``), then the brackets that close the containers
    /// still open. Only a suffix is cut, so every offset, line and column stays where it is.
    /// `nil` while nothing can be shown; text before `start` (a model's prose) is skipped.
    func closedParts(strings: PartialOptions.Strings, from start: Int = 0) -> ClosedParts? {
        let inString = phase == .string && strings == .prefix
        let end = inString ? wholeEnd : cut
        guard end > Swift.max(start, bomMatched) else { return nil }
        var suffix: [UInt8] = inString ? [UInt8(ascii: "\"")] : []
        for frame in frames.reversed() { suffix.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
        return ClosedParts(
            start: start, end: end, suffix: suffix, stringStart: inString ? tokenStart + 1 : nil,
            openContainers: Set(frames.map(\.start)))
    }

    /// `bytes` with every byte but a line feed made a space: skipped text, at the same offsets and
    /// on the same lines.
    static func blanked(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var text = Array(bytes)
        text.withUnsafeMutableBufferPointer { blank($0, 0..<$0.count) }
        return text
    }

    /// Makes every byte of `text[range]` but a line feed a space: `memset` between the line feeds
    /// that `memchr` finds.
    static func blank(_ text: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
        guard let base = text.baseAddress, range.lowerBound >= 0, range.upperBound <= text.count else { return }
        var start = range.lowerBound
        while start < range.upperBound {
            let found = memchr(base + start, 0x0A, range.upperBound - start)
            let stop = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? range.upperBound
            memset(base + start, 0x20, stop - start)
            start = stop + 1
        }
    }
}

/// The parts of a partial document's closed text (``PartialScanner/closedParts(strings:from:)``).
struct ClosedParts {
    /// Where the text read begins; the bytes before it are skipped (blanked).
    let start: Int
    /// Where the bytes taken end.
    let end: Int
    /// What closes the string in progress and the containers still open.
    let suffix: [UInt8]
    /// The offset of the first character of the string in progress shown, if any.
    let stringStart: Int?
    /// The offsets of the `{` and `[` of the containers still open.
    let openContainers: Set<Int>

    /// The closed text of `bytes`.
    func text(of bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8]
        if start == 0 {
            text = Array(bytes[..<end])
        } else {
            text = PartialScanner.blanked(bytes[..<start])
            text.append(contentsOf: bytes[start..<end])
        }
        text.append(contentsOf: suffix)
        return text
    }
}
