/// The input excerpt at the end of an error's message for `Data` input: the line around the
/// error's position and a caret under it, so that an error in a minified one-line document
/// shows where it is (the "Input excerpt" section of the ErrorMessages article):
///
/// ```
/// Expected Int at $.items[2].qty (line 1, column 58), found string "x".
/// …"sku":"b","qty":2},{"sku":"c","qty":"x"},{"sku":"d","qty…
///                                      ^
/// ```
///
/// The excerpt is the position's line (a line feed ends it), at most ``reach`` bytes before the
/// position and ``reach`` bytes from it on, each cut end marked `…`; a cut never splits a UTF-8
/// scalar (the cut moves inward to a scalar boundary). Control characters show as `\t`, `\r`,
/// `\n` or `\u{1B}`, line and paragraph separators as `\u{2028}`, `\u{2029}`, and invalid UTF-8
/// bytes as `\xFF`. The caret is under the position: its column counts the characters shown
/// before it (an escape counts as the characters it is written with). ErrorExcerptTests checks
/// all of this.
enum ErrorExcerpt {
    /// The most bytes shown on each side of the position.
    static let reach = 40

    /// A newline, the excerpt line, a newline and the caret line, for the byte at `offset` of
    /// `bytes` (`offset == bytes.count`: the end of the text); empty where there is no text.
    /// `startsMidLine`: `bytes` starts inside a line of a larger stream (its first line is cut).
    static func lines(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, startsMidLine: Bool = false) -> String {
        guard !bytes.isEmpty, offset >= 0, offset <= bytes.count else { return "" }
        let lineFeed: UInt8 = 0x0A
        var start = offset
        while start > 0, offset - start < reach, bytes[start - 1] != lineFeed { start -= 1 }
        let cutBefore = start > 0 ? bytes[start - 1] != lineFeed : startsMidLine
        if start > 0 && cutBefore {
            var steps = 0
            while start < offset, steps < 3, isContinuation(bytes[start]) {
                start += 1
                steps += 1
            }
        }
        var end = offset
        while end < bytes.count, end - offset < reach, bytes[end] != lineFeed { end += 1 }
        let cutAfter = end < bytes.count && bytes[end] != lineFeed
        if cutAfter {
            var steps = 0
            while end > offset, steps < 3, isContinuation(bytes[end]) {
                end -= 1
                steps += 1
            }
        }
        var before = cutBefore ? "…" : ""
        append(UnsafeBufferPointer(rebasing: bytes[start..<offset]), to: &before)
        var after = ""
        append(UnsafeBufferPointer(rebasing: bytes[offset..<end]), to: &after)
        if cutAfter { after += "…" }
        return "\n" + before + after + "\n" + String(repeating: " ", count: before.count) + "^"
    }

    /// The excerpt for `entry` of `map` (a string at its opening quote), or empty for a map
    /// without source positions (`fromJSONObject`) or without the text.
    static func lines(for entry: Int, in map: ValueMap) -> String {
        guard map.hasSourcePositions, entry < map.nullEntry else { return "" }
        var offset = map.offset(entry)
        if map.kind(entry) == .string { offset -= 1 }
        return lines(at: offset, in: map)
    }

    /// The excerpt for byte `offset` of `map`'s text.
    static func lines(at offset: Int, in map: ValueMap) -> String {
        guard map.hasSourcePositions else { return "" }
        var text = UnsafeBufferPointer(map.bytes)
        // An owned copy ends in one NUL byte that is not part of the input (ValueMap.ownedCopy).
        if let last = text.last, last == 0 { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
        return lines(at: offset, in: text, startsMidLine: map.locator.startsMidLine)
    }

    /// `message` without the excerpt ``lines(at:in:startsMidLine:)`` appended: for the event
    /// sentence that quotes an error's message (a report's description is one line per event).
    static func removing(from message: String) -> String {
        guard message.hasSuffix("^") else { return message }
        let parts = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count >= 3, let caret = parts.last, caret.dropLast().allSatisfy({ $0 == " " }) else {
            return message
        }
        return parts.dropLast(2).joined(separator: "\n")
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Appends `bytes` as text: UTF-8 scalars as they are, control characters and line
    /// separators escaped, invalid bytes as `\xHH`.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout String) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                index += encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                text += escaped(scalar)
            case .error(let length):
                for byte in bytes[index..<index + length] { text += "\\x" + hex(byte, digits: 2) }
                index += length
            case .emptyInput:
                return
            }
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\n": return "\\n"
        default:
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                return "\\u{" + hex(scalar.value, digits: 1) + "}"
            default:
                return String(scalar)
            }
        }
    }

    private static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
