/// A 1-based line and column in the input, computed from a byte offset only when an error or
/// a report event needs it.
struct SourceLocation: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The location of byte `offset`; columns count Unicode scalars, not bytes.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var locator = SourceLocator()
        self = locator.location(of: offset, in: bytes)
    }

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    var description: String { "line \(line), column \(column)" }
}

/// Finds the locations of many offsets in one document cheaply: it remembers where it last
/// stopped and walks on from there when the next offset is further on (report events come in
/// document order), so a report costs one pass over the text, not one pass per event.
struct SourceLocator {
    private var offset = 0
    private var line = 1
    private var column = 1

    mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = Swift.min(target, bytes.count)
        if end < offset {
            offset = 0
            line = 1
            column = 1
        }
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
}
