/// A 1-based line and column in the input, computed from a byte offset only when an error or
/// a report event needs it.
struct SourceLocation: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The location of byte `offset`; columns count Unicode scalars, not bytes. `origin` is
    /// the location of the first byte (a document that starts inside a larger stream).
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, origin: SourceLocation = .start) {
        var locator = SourceLocator(origin: origin)
        self = locator.location(of: offset, in: bytes)
    }

    /// Line 1, column 1.
    static let start = SourceLocation(line: 1, column: 1)

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    var description: String { "line \(line), column \(column)" }
}

/// Finds the locations of many offsets in one document cheaply. Report events come in document
/// order, so it walks on from where it last stopped (a report costs one pass over the text).
/// Errors raised while a value is decoded again can point back into the text: for an offset
/// before the last one, a table of line starts is built once and searched, so no lookup
/// rescans the document from its start.
struct SourceLocator {
    private var offset = 0
    private var line = 1
    private var column = 1
    /// The offset of the first byte of each line, built on the first backward lookup.
    private var lineStarts: [Int]?
    /// The location of byte 0: line 1, column 1, unless the text starts inside a larger stream.
    private let origin: SourceLocation

    init(origin: SourceLocation = .start) {
        self.origin = origin
        line = origin.line
        column = origin.column
    }

    mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = Swift.min(target, bytes.count)
        guard end >= offset else { return lookBack(to: end, in: bytes) }
        var i = offset
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        offset = end
        return SourceLocation(line: line, column: column)
    }

    /// The location of `end`, before the last located offset, from the table of line starts.
    private mutating func lookBack(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        if lineStarts == nil {
            var starts = [0]
            for i in bytes.indices where bytes[i] == 0x0A { starts.append(i + 1) }
            lineStarts = starts
        }
        let starts = lineStarts ?? [0]
        // The last line start at or before `end`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= end { low = middle } else { high = middle - 1 }
        }
        var column = low == 0 ? origin.column : 1
        for i in starts[low] ..< end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: origin.line + low, column: column)
    }
}
