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
/// Errors and events of a value decoded again point back into the text: for an offset before
/// the last one, a table of checkpoints (the location of every `checkpointStride`-th byte) is
/// built once, in one pass, and the lookup walks on from the checkpoint before the offset. So
/// no lookup rescans the document, or a long line, from its start: a one-line document with an
/// event in each of its rows costs one pass too (`Tests/LenientJSONTests/LinearWorkTests.swift`).
struct SourceLocator {
    private var offset = 0
    /// The location of byte `offset`.
    private var current: SourceLocation
    /// The location of every `checkpointStride`-th byte, built on the first backward lookup.
    private var checkpoints: [SourceLocation]?
    /// The location of byte 0: line 1, column 1, unless the text starts inside a larger stream.
    private let origin: SourceLocation
    /// Bytes between checkpoints: a backward lookup walks at most this many.
    static let checkpointStride = 256
    /// Bytes walked by backward lookups so far (for the tests of `LinearWorkTests.swift`).
    private(set) var bytesWalkedBack = 0

    init(origin: SourceLocation = .start) {
        self.origin = origin
        current = origin
    }

    /// A locator of the same text that has located nothing yet.
    func restarted() -> SourceLocator { SourceLocator(origin: origin) }

    /// Whether the text starts inside a line of a larger stream (an error excerpt marks its first line cut).
    var startsMidLine: Bool { origin.column > 1 }

    mutating func location(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = Swift.min(target, bytes.count)
        guard end >= offset else { return lookBack(to: end, in: bytes) }
        current.advance(over: bytes, from: offset, to: end)
        offset = end
        return current
    }

    /// The location of `end`, before the last located offset, from the table of checkpoints.
    private mutating func lookBack(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        if checkpoints == nil { checkpoints = Self.checkpoints(of: bytes, origin: origin) }
        let table = checkpoints ?? [origin]
        let index = Swift.max(0, Swift.min(end / Self.checkpointStride, table.count - 1))
        var location = table[index]
        let start = index * Self.checkpointStride
        if start < end {
            bytesWalkedBack &+= end - start
            location.advance(over: bytes, from: start, to: end)
        }
        return location
    }

    /// The location of byte `k * checkpointStride` of `bytes`, for every `k`.
    private static func checkpoints(of bytes: UnsafeBufferPointer<UInt8>, origin: SourceLocation) -> [SourceLocation] {
        var table: [SourceLocation] = []
        table.reserveCapacity(bytes.count / checkpointStride + 1)
        var location = origin
        var start = 0
        while start < bytes.count {
            table.append(location)
            let end = Swift.min(start + checkpointStride, bytes.count)
            location.advance(over: bytes, from: start, to: end)
            start = end
        }
        if table.isEmpty { table.append(origin) }
        return table
    }
}
