import Foundation

/// Writes ``LenientDecodingReport/summary``: one line per kind and path pattern, with its count
/// and the description of its first event, as UTF-8 bytes in one buffer.
///
/// A decode's batch adds its lines from its records (``EventBatch/addSummaryLines(to:)``),
/// making no event, no pointer and no string per line; a batch of events made already adds them
/// from its events. Lines are found by their key (the kind, a space, the pattern) through a hash
/// of its bytes, compared byte for byte where two hashes are equal, so the lines are those of
/// grouping by the key's text: a `Dictionary` of key strings cost more than the rest of a messy
/// twitter's summary (Benchmarks `instructions lenient-report-summary`).
struct SummaryWriter {
    /// One line: where its key and its first event's description are in ``bytes``.
    private struct Line {
        let key: Range<Int>
        var count: Int
        var description: Range<Int>
    }

    /// The keys and descriptions of the lines, one after the other.
    private var bytes: [UInt8] = []
    private var lines: [Line] = []
    /// The lines by the hash of their key's bytes.
    private var byHash = WordTable<Int>()
    /// The lines whose key's hash another line's has already, by key: almost never used.
    private var collided: [String: Int] = [:]
    /// The key being written (``startKey()``), its bytes at the end of ``bytes``.
    private var keyStart = 0
    /// How a key's bytes are hashed: ``SpellingHash/hash(_:)``, or in a test one that makes keys
    /// collide.
    private let hash: (UnsafeRawBufferPointer) -> UInt64

    /// A writer of no lines yet, whose keys are hashed by `hash`.
    init(hash: @escaping (UnsafeRawBufferPointer) -> UInt64 = SpellingHash.hash) { self.hash = hash }

    /// Makes room for `count` more lines of about `bytesPerLine` bytes each (key and description)
    /// before any is written: grown line by line, the table of hashes was rehashed at each
    /// doubling and the bytes copied (Benchmarks `instructions lenient-report-summary`).
    mutating func reserve(lines count: Int, bytesPerLine: Int) {
        if lines.isEmpty { byHash = WordTable(capacity: count) }
        lines.reserveCapacity(lines.count + count)
        bytes.reserveCapacity(bytes.count + count * bytesPerLine)
    }

    /// Starts a key: what the caller appends to ``bytes`` next (``appendKeyBytes(_:)``) is its text.
    mutating func startKey() { keyStart = bytes.count }

    /// Appends `part` to the key being written.
    mutating func appendKeyBytes(_ part: some Sequence<UInt8>) { bytes.append(contentsOf: part) }

    /// Appends the pattern of the path `path` (``LenientDecodingReport/appendPattern(of:to:)``) to
    /// the key being written.
    mutating func appendKeyPattern(of path: UnsafeBufferPointer<UInt8>) {
        LenientDecodingReport.appendPattern(of: path, to: &bytes)
    }

    /// Ends the key being written: adds `count` events to its line and returns `nil` when there
    /// is one, else starts one and returns its number, whose first event's description the
    /// caller writes (``setDescription(of:_:)``).
    mutating func endKey(count: Int) -> Int? {
        let key = keyStart..<bytes.count
        // The seeded word-at-a-time hash of key spellings, not `Hasher`'s SipHash: which keys
        // collide cannot be known from the input, and a collision costs a comparison, not a
        // wrong line (SummaryWriterTests). SipHash was 1.4 M instructions of a messy twitter's
        // summary (Benchmarks `instructions lenient-report-summary`).
        let hash = bytes.withUnsafeBytes { self.hash(UnsafeRawBufferPointer(rebasing: $0[key])) }
        if let known = byHash[hash] {
            if bytes[lines[known].key].elementsEqual(bytes[key]) {
                lines[known].count += count
                bytes.removeLast(key.count)
                return nil
            }
            let text = String(decoding: bytes[key], as: UTF8.self)
            if let other = collided[text] {
                lines[other].count += count
                bytes.removeLast(key.count)
                return nil
            }
            collided[text] = lines.count
        } else {
            byHash.set(lines.count, for: hash)
        }
        lines.append(Line(key: key, count: count, description: key.upperBound..<key.upperBound))
        return lines.count - 1
    }

    /// Appends `description` as the description of line `line`'s first event: `write` appends
    /// its bytes to the buffer it is given.
    mutating func setDescription(of line: Int, _ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        lines[line].description = start..<bytes.count
    }

    /// The summary: each line's key, ` ×`, its count, ` — first: ` and its first event's
    /// description, lines apart by line feeds; `""` for none. Written as bytes and made a string
    /// once: appended to a string piece by piece, it cost more than checking the whole text as
    /// UTF-8 does.
    var text: String { Self.joined(lines, bytes) }

    /// The summary of `lines`, whose keys and descriptions are in `bytes`, written as bytes.
    private static func joined(_ lines: [Line], _ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + lines.count * 40)
        for (number, line) in lines.enumerated() {
            if number > 0 { text.append(UInt8(ascii: "\n")) }
            text.append(contentsOf: bytes[line.key])
            text.append(literal: " ×")
            JSONPath.appendDecimal(line.count, to: &text)
            text.append(literal: " — first: ")
            text.append(contentsOf: bytes[line.description])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
