#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif
import Foundation

/// The parsed form of one JSON document: a flat array of entries over a byte buffer.
///
/// Every value is one entry of three 32-bit words (12 bytes), in document order (see
/// ``EntryBuffer`` for the limits this sets):
///
/// | word | scalar (string, number, literal) | container (array, object) |
/// |---|---|---|
/// | 0 | kind, flags | kind, flags, child count << 8 |
/// | 1 | byte offset of the text (after the opening quote for strings) | byte offset of `[` / `{` |
/// | 2 | byte length of the text | entry index of the next sibling |
///
/// An object's children alternate key, value. Strings and numbers stay as bytes until a
/// `Decodable` asks for them, and then are parsed only as the type asked for.
///
/// Why `@unchecked Sendable` is sound: a map belongs to one decode, which runs on one thread.
/// It is `Sendable` only because errors carry it (a ``MatchedKey`` in a coding path reads the
/// input's spelling of a key), and an error may travel to another thread after the decode has
/// ended. By then nothing mutates it any more: the words are written once by the scanner, and
/// the state that changes during a decode (`locator`, `normalizedKeyHashes`, `keptStrings`, and `bytes`, replaced
/// by an owned copy in ``keepBytes()`` once, at the end of the decode, before the map can
/// escape) is only touched by the decode that owns the map. What escapes therefore only reads
/// memory the map owns.
final class ValueMap: @unchecked Sendable {
    /// The kinds of value an entry can hold.
    enum Kind: Int {
        case null = 0, `true`, `false`, number, string, array, object
        /// A `Date` from a `fromJSONObject` tree; word 1 indexes `dates`.
        case date
    }

    /// Flag on a string entry: it holds a backslash or a control character and must be unescaped.
    static let complexString = 1 << 4
    /// Flag on a string entry: it holds bytes above 0x7F and must be UTF-8 validated.
    static let nonASCIIString = 1 << 5
    /// Flag on a number entry: the scanner checked its text against the JSON number grammar.
    static let validNumber = 1 << 4
    /// Flag on a number entry with ``validNumber``: the text is `-?digits` with nothing else.
    static let integerNumber = 1 << 5
    /// Flag on an object entry: some key is complex or non-ASCII (keys are then checked as
    /// `JSONDecoder` checks them, when a keyed container is made).
    static let hasSpecialKeys = 1 << 4

    static let entryWidth = 3

    /// The entries, three 32-bit words each.
    let entries: EntryBuffer
    /// `entries`' storage, read directly on the hot path. Safe to cache: the buffer is
    /// complete before the map is made and never grows again (`entries` keeps it alive).
    let words: UnsafeMutablePointer<UInt32>
    /// The UTF-8 text the entries point into: an owned copy followed by one NUL byte (so
    /// `strtod` stops), or the caller's own bytes, borrowed for the decode, when they end in a
    /// byte that cannot continue a number (see ``canBorrow(_:)`` and ``keepBytes()``).
    private(set) var bytes: UnsafeMutableBufferPointer<UInt8>
    /// Whether `bytes` was allocated here (and is freed with the map).
    private var ownsBytes: Bool
    /// Dates met in a `fromJSONObject` tree.
    let dates: [Date]
    /// Whether byte offsets are positions in the caller's input (false for `fromJSONObject`).
    let hasSourcePositions: Bool
    /// Whether strings and numbers follow JSON5 syntax.
    let isJSON5: Bool

    /// Remembers the last located offset, so that report events cost one pass over the text.
    var locator = SourceLocator()
    /// The bytes of the caller's `Data` before the text (a UTF-8 byte-order mark's 3): a report's
    /// or an error's offset is one in the `Data` as given (``sourceOffset(of:)``).
    var leadingByteCount = 0
    /// Normalized key hashes, made the first time a key is matched by normalization.
    private var normalizedKeyHashes: NormalizedKeyHashes?
    /// The strings the decode's readings again take as it first decoded them (``KeptStrings``),
    /// from its first value read again (``keepStrings()``) until it ends (``dropKeptStrings()``).
    private(set) var keptStrings: KeptStrings?
    /// Whether normalized matching has found a respelled key in some object yet (lookups may
    /// then go through ``NormalizedKeyHashes``).
    var hasRespelledObjects = false

    /// Where every value of this map is, for a map made by ``missingMember(of:)``.
    private var pinnedLocation: SourceLocation?

    /// The line and column of byte `offset` of the text.
    func location(ofOffset offset: Int) -> SourceLocation {
        if let pinnedLocation { return pinnedLocation }
        return locator.location(of: offset, in: UnsafeBufferPointer(bytes))
    }

    /// The line and column of the value at `entry` (a string's opening quote), found by
    /// `locator` rather than this map's own: a report builds its events after the decode, maybe
    /// on another thread (`Report/EventBatch.swift`), and touches no state of the map.
    func location(of entry: Int, using locator: inout SourceLocator) -> SourceLocation {
        if let pinnedLocation { return pinnedLocation }
        return locator.location(of: valueStart(entry), in: UnsafeBufferPointer(bytes))
    }

    /// A map of one `null` (its ``nullEntry``) standing for a member missing from `object`
    /// (`superDecoder()` without a `"super"` key), located at `object`: errors about it point
    /// at the object, and the map keeps nothing of this one.
    func missingMember(of object: Int) -> ValueMap {
        let map = ValueMap(
            entries: EntryBuffer(capacity: 0), bytes: Self.ownedCopy(of: UnsafeRawBufferPointer(start: nil, count: 0)),
            hasSourcePositions: hasSourcePositions, isJSON5: isJSON5)
        if hasSourcePositions { map.pinnedLocation = location(ofOffset: offset(object)) }
        return map
    }

    /// A `null` entry past the document, standing for a missing member in `superDecoder(forKey:)`.
    let nullEntry: Int
    /// An empty object past the document: a nested type's default is its decode from `{}`.
    var emptyObjectEntry: Int { nullEntry + 1 }
    /// An empty array past the document, for the default of a collection.
    var emptyArrayEntry: Int { nullEntry + 2 }

    /// Takes the scanned entries (a `null` entry is appended for ``nullEntry``) and the bytes.
    init(
        entries: EntryBuffer, bytes: UnsafeMutableBufferPointer<UInt8>, ownsBytes: Bool = true, dates: [Date] = [],
        hasSourcePositions: Bool, isJSON5: Bool
    ) {
        nullEntry = entries.entryCount
        entries.append(Kind.null.rawValue, 0, 0)
        entries.append(Kind.object.rawValue, 0, nullEntry + 2)
        entries.append(Kind.array.rawValue, 0, nullEntry + 3)
        self.entries = entries
        self.words = entries.base
        self.bytes = bytes
        self.ownsBytes = ownsBytes
        self.dates = dates
        self.hasSourcePositions = hasSourcePositions
        self.isJSON5 = isJSON5
    }

    deinit {
        if ownsBytes { bytes.deallocate() }
        normalizedKeyHashes?.deallocate()
        keptStrings?.deallocate()
    }

    /// Starts keeping decoded strings (``keptStrings``), if not started yet.
    func keepStrings() {
        if keptStrings == nil { keptStrings = KeptStrings(entryCount: entries.entryCount) }
    }

    /// Lets the kept strings go: the decode has ended, and nothing reads a value again.
    func dropKeptStrings() {
        keptStrings?.deallocate()
        keptStrings = nil
    }

    /// The normalized key hashes of this map's keys (see ``NormalizedKeyHashes``), made on first use.
    @inline(__always) func keyHashes() -> NormalizedKeyHashes {
        if let normalizedKeyHashes { return normalizedKeyHashes }
        let made = NormalizedKeyHashes(entryCount: entries.entryCount)
        normalizedKeyHashes = made
        return made
    }

    /// Whether standard JSON text can be scanned and decoded in place, without a copy: its
    /// last byte must not be one that can continue a number, so that `strtod` stops inside it.
    static func canBorrow(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let last = text.last else { return false }
        return !JSONScanner.continuesNumber(last)
    }

    /// Replaces borrowed bytes by an owned copy. Called when a decode ends while something
    /// still holds the map (an error's coding path, a decoder kept by a model), so that it
    /// never reads the caller's buffer after the decode.
    func keepBytes() {
        guard !ownsBytes else { return }
        bytes = Self.ownedCopy(of: UnsafeRawBufferPointer(bytes))
        ownsBytes = true
    }

    /// Copies `count` bytes into a new buffer with a trailing NUL byte.
    static func ownedCopy(of source: UnsafeRawBufferPointer) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: source.count + 1)
        if let base = source.baseAddress, source.count > 0 {
            // Safe: `source` is UTF-8 text, bytes bound to UInt8 by whoever made them.
            buffer.baseAddress!.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: source.count)
        }
        buffer[source.count] = 0
        return buffer
    }

    // MARK: Entry access

    /// The kind of `entry`. A `switch` rather than `Kind(rawValue:)`, which the optimizer
    /// leaves as a call in some of the hot loops.
    @inline(__always) func kind(_ entry: Int) -> Kind {
        switch words[entry &* Self.entryWidth] & 0xF {
        case 0: return .null
        case 1: return .true
        case 2: return .false
        case 3: return .number
        case 4: return .string
        case 5: return .array
        case 6: return .object
        default: return .date
        }
    }
    @inline(__always) func flags(_ entry: Int) -> Int { Int(words[entry &* Self.entryWidth] & 0xF0) }
    /// The number of children of a container (keys and values for an object).
    @inline(__always) func childCount(_ entry: Int) -> Int {
        let stored = Int(words[entry &* Self.entryWidth] &>> 8)
        return stored < EntryBuffer.countLimit ? stored : countedChildren(entry)
    }
    @inline(__always) func offset(_ entry: Int) -> Int { Int(words[entry &* Self.entryWidth &+ 1]) }
    /// Word 2: a scalar's byte length; for a container, the entry of its next sibling (see
    /// ``containerEnd(_:)``, the name to use for containers).
    @inline(__always) func length(_ entry: Int) -> Int { Int(words[entry &* Self.entryWidth &+ 2]) }

    /// The entry after `entry` and all of its descendants.
    @inline(__always) func next(after entry: Int) -> Int {
        let tag = Int(words[entry &* Self.entryWidth] & 0xF)
        if tag == Kind.array.rawValue || tag == Kind.object.rawValue {
            return Int(words[entry &* Self.entryWidth &+ 2])
        }
        return entry &+ 1
    }

    /// The children of a container whose header holds ``EntryBuffer/countLimit`` (more than
    /// 16 million of them), counted.
    @inline(never)
    private func countedChildren(_ entry: Int) -> Int {
        var count = 0
        for _ in elements(of: entry) { count &+= 1 }
        return count
    }

    /// The text of a scalar entry (without quotes for strings).
    @inline(__always) func text(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        let start = offset(entry)
        return UnsafeBufferPointer(rebasing: bytes[start..<start &+ length(entry)])
    }

    /// The shape of number `entry`'s text, from the scanner's flags when it checked the text,
    /// else by checking it now; `nil` when it is not a valid JSON number.
    @inline(__always) func numberShape(_ entry: Int) -> NumberParsing.Shape? {
        let flags = self.flags(entry)
        guard flags & Self.validNumber != 0 else { return NumberParsing.shape(of: text(entry)) }
        return NumberParsing.Shape(
            isPlainInteger: flags & Self.integerNumber != 0,
            isNegative: bytes[offset(entry)] == UInt8(ascii: "-"))
    }

    /// Whether the text of string `entry` equals `key` byte for byte (both unescaped).
    @inline(__always) func stringEquals(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = length(entry)
        guard count == key.count else { return false }
        if count == 0 { return true }
        return Self.bytesEqual(
            UnsafeRawPointer(bytes.baseAddress! + offset(entry)), UnsafeRawPointer(key.baseAddress!), count: count)
    }

    /// Whether the `count` (> 0) bytes at `a` and `b` are equal, compared inline (keys are short,
    /// and a `memcmp` call costs more than the comparison): eight bytes at a time with the last
    /// word overlapping, else two overlapping four-byte words, else first, middle and last byte.
    /// Reads only the `count` bytes of each.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var index = 0
            while index &+ 8 < count {
                if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                {
                    return false
                }
                index &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        let middle = count &>> 1, last = count &- 1
        return a.load(as: UInt8.self) == b.load(as: UInt8.self)
            && a.load(fromByteOffset: middle, as: UInt8.self) == b.load(fromByteOffset: middle, as: UInt8.self)
            && a.load(fromByteOffset: last, as: UInt8.self) == b.load(fromByteOffset: last, as: UInt8.self)
    }
}
