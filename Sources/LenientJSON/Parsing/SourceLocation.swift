/// A 1-based line and column in the input, computed from a byte offset only when an error or
/// a report event needs it.
struct SourceLocation: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The location of byte `offset`; columns count Unicode scalars, not bytes.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = Swift.min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        var column = 1
        i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        self.line = line
        self.column = column
    }

    var description: String { "line \(line), column \(column)" }
}
