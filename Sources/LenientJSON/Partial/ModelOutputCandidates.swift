import Foundation

/// Where a JSON value may be in a language model's answer (the PartialDocuments article): each `{` or `[`
/// of the text is a candidate, tried in order, at most ``limit`` of them (``candidate(from:)``); a candidate's
/// complete value ends at the bracket that closes it (``end(ofValueAt:)``).
///
/// A candidate is decoded from a copy of the text in which every byte before it is a space and
/// nothing after it is kept (``maskedCopy(of:)``), its first line's columns counted from
/// ``origin(of:)``: so every line, column and byte offset of its errors and events is the one
/// of the whole text, without a second way of counting them
/// (`Tests/LenientJSONTests/ModelOutputTests.swift`).
struct ModelOutputCandidates {
    /// The most candidates tried before the last one's error is thrown.
    static let limit = 16

    /// The answer's UTF-8 bytes.
    let bytes: [UInt8]
    /// Whether the values are JSON5 (the decoder's `allowsJSON5`): `'` quotes a string and
    /// comments may hold brackets.
    let allowsJSON5: Bool

    /// One candidate: where it starts, and where its complete value ends, or `nil` when the
    /// brackets from its start do not close before the text ends (it is not a JSON value).
    struct Candidate: Equatable {
        let start: Int
        let end: Int?
    }

    /// The first candidate at or after `index`: the next `{` or `[`, or `nil` when none is left.
    func candidate(from index: Int) -> Candidate? {
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                return Candidate(start: index, end: end(ofValueAt: index))
            }
            index += 1
        }
        return nil
    }

    /// One past the bracket that closes the bracket at `start`, or `nil` when none does.
    ///
    /// Brackets inside strings (and, in JSON5, comments) do not count. Only where the value
    /// ends is found here: whether it is JSON, and of the right type, is the decode's to say.
    func end(ofValueAt start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: "\""):
                guard let close = endOfString(from: index) else { return nil }
                index = close
            case UInt8(ascii: "'") where allowsJSON5:
                guard let close = endOfString(from: index) else { return nil }
                index = close
            case UInt8(ascii: "/") where allowsJSON5:
                guard let close = endOfComment(from: index) else { return nil }
                index = close
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that closes the string opened at `open`, or `nil`.
    private func endOfString(from open: Int) -> Int? {
        let quote = bytes[open]
        var index = open + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            index += 1
        }
        return nil
    }

    /// The index of the last byte of the comment that starts at `slash` (or `slash` itself
    /// where no comment starts there), or `nil` for a block comment never closed.
    private func endOfComment(from slash: Int) -> Int? {
        guard slash + 1 < bytes.count else { return slash }
        switch bytes[slash + 1] {
        case UInt8(ascii: "/"):
            var index = slash + 2
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            return index - 1
        case UInt8(ascii: "*"):
            var index = slash + 2
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 1 }
                index += 1
            }
            return nil
        default:
            return slash
        }
    }

    /// The text a candidate is decoded from: a space for every byte before its start, then its
    /// bytes to its end (to the end of the text for one whose brackets never close, so that its
    /// error is the decoder's own, at its place).
    func maskedCopy(of candidate: Candidate) -> Data {
        let end = candidate.end ?? bytes.count
        var copy = Data(repeating: UInt8(ascii: " "), count: end)
        copy.withUnsafeMutableBytes { copy in
            bytes.withUnsafeBytes { text in
                guard let target = copy.baseAddress, let source = text.baseAddress else { return }
                (target + candidate.start).copyMemory(from: source + candidate.start, byteCount: end - candidate.start)
            }
        }
        return copy
    }

    /// The location of the masked copy's first byte: one that makes its start's location, after
    /// as many spaces as it has bytes before it, its location in the whole text (the column may
    /// be 0 or less; only locations from the start on are ever asked for).
    func origin(of candidate: Candidate) -> SourceLocation {
        let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: candidate.start, in: $0) }
        return SourceLocation(line: location.line, column: location.column - candidate.start)
    }
}
