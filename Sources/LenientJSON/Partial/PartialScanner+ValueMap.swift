import Foundation

/// The value map of a partial document, from the entries the scanner wrote as the bytes arrived
/// (SPEC 14, rule 7): a snapshot reads the bytes in place and the entries of every complete value
/// as they are, scanning nothing again. Only what the closed text adds is written for it (the
/// string in progress, the headers of the containers still open, closed where the text is cut),
/// and taken back afterwards.
extension PartialScanner {
    /// Runs `body` with the value map of the closed text (``closedParts(strings:from:)``): the
    /// same entries that `JSONScanner` writes for that text. `bytes` are the bytes read; the map
    /// borrows them for `body`, and keeps a copy of them and of the entries if something still
    /// holds it afterwards (an error, a kept `Decoder`).
    mutating func withMap<R>(
        of bytes: UnsafeBufferPointer<UInt8>, strings: PartialOptions.Strings, _ body: (ValueMap) throws -> R
    ) rethrows -> R {
        if !isKnownUniquelyReferenced(&entries) { entries = entries.copy() }
        let written = entries.entryCount
        // At most one entry follows the cut: the key of a member whose value has not ended.
        var pendingKey: (UInt32, UInt32, UInt32)?
        if written > cutEntries {
            let word = entries.base + cutEntries &* ValueMap.entryWidth
            pendingKey = (word[0], word[1], word[2])
        }
        let inString = phase == .string && strings == .prefix
        if inString {
            // The string shown: the text that has arrived up to its last whole character, after
            // its key.
            entries.append(ValueMap.Kind.string.rawValue | stringFlags, tokenStart &+ 1, wholeEnd &- tokenStart &- 1)
        } else {
            entries.truncate(to: cutEntries)
        }
        // The open containers end where the text is cut, each with the values that have ended and
        // the one in progress: the next open container, or the string shown.
        for (index, frame) in frames.enumerated() {
            var count = Self.childCount(of: frame)
            if inString || index < frames.count - 1 { count &+= frame.isObject ? 2 : 1 }
            entries.close(frame.entry, header: Self.header(of: frame), childCount: count)
        }
        snapshotWrites &+= entries.entryCount &- cutEntries &+ frames.count
        var map = ValueMap(
            entries: entries, bytes: UnsafeMutableBufferPointer(mutating: bytes), ownsBytes: false,
            hasSourcePositions: true, isJSON5: false)
        // A byte-order mark is in these bytes, where `decode(_:from:)` and
        // `decode(_:fromModelOutput:)` read the text after it: the mark takes column 0, so that
        // line 1's columns are those of the decode (`PartialByteOrderMarkTests`).
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            map.locator = SourceLocator(origin: SourceLocation(line: 1, column: 0))
        }
        defer {
            if !isKnownUniquelyReferenced(&map) {
                // Something keeps the map: it keeps these entries and its own bytes.
                map.keepBytes()
                entries = entries.copy(count: cutEntries)
            } else {
                entries.truncate(to: cutEntries)
            }
            if let pendingKey, let key = Int(exactly: pendingKey.0) {
                entries.append(key, Int(pendingKey.1), Int(pendingKey.2))
            }
        }
        return try body(map)
    }
}
