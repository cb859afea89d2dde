/// What watches one decode: where its report events go (``ReportCollector``) and what it notes of
/// the members models read (``UnusedKeyTracker``, for ``LenientJSONDecoder/reportsUnusedKeys``).
///
/// Chosen once, when the decode starts, from the decoder's settings and whether anyone reads the
/// report (``DecoderImpl/init(map:options:entry:pathNode:report:reusesContainers:tracksUnusedKeys:partial:)``),
/// and carried by the decode's mode (``DecodeMode/observer``). The decoding code tells it what
/// happened (a key looked up, a container opened, an attempt abandoned) and never asks which of
/// these is on; each hook tests its own part once. ``none`` watches nothing: a decode without a
/// report pays one failed test per hook and records nothing.
struct DecodeObserver {
    /// Where report events go; `nil` when nobody reads them.
    let report: ReportCollector?
    /// What the decode read of the objects its models opened, kept by the decode's session
    /// (``DecodeSession``); `nil` unless unused keys are reported.
    let unusedKeys: UnsafeMutablePointer<UnusedKeyTracker>?

    /// The observer of a decode whose report nobody reads.
    static var none: DecodeObserver { DecodeObserver(report: nil, unusedKeys: nil) }

    /// This observer with no report events: a reading whose events are not the value's (a strict
    /// attempt read again where it succeeds, the parts of a default value). Its reads are still
    /// noted for unused keys, and taken back with the attempt where it fails.
    var withoutEvents: DecodeObserver { DecodeObserver(report: nil, unusedKeys: unusedKeys) }

    /// This observer with no unused keys noted: a reading of another document than the one the
    /// tracker knows.
    var withoutUnusedKeys: DecodeObserver { DecodeObserver(report: report, unusedKeys: nil) }

    /// Whether events are recorded: a reading that may fail then removes its own.
    var recordsEvents: Bool { report != nil }

    /// How many events are recorded so far: where an attempt's own begin.
    @inline(__always)
    var eventCount: Int { report?.events.count ?? 0 }

    /// Where the unused-key logs stand, for ``discardUnusedKeys(from:)``.
    @inline(__always)
    var unusedKeysMark: UnusedKeyTracker.Mark? { unusedKeys?.pointee.mark }

    /// The events recorded from the `mark`th on, kept to be recorded again by ``record(kept:)``:
    /// what a value's reading recorded; `nil` when there are none (always without a report).
    @inline(__always)
    func keepEvents(since mark: Int) -> Int? {
        report?.keep(since: mark)
    }

    /// Records again, after the events recorded so far, the events ``keepEvents(since:)`` kept
    /// as `kept`: a value's reading's, where the value is taken instead of read again.
    @inline(__always)
    func record(kept: Int?) {
        if let kept, let report { report.append(kept: kept) }
    }

    /// Removes the events recorded from the `mark`th on (an abandoned attempt's).
    @inline(__always)
    func removeEvents(from mark: Int) {
        report?.removeEvents(from: mark)
    }

    /// Removes the events of `range` (a reading's that another reading replaced).
    @inline(__always)
    func removeEvents(_ range: Range<Int>) {
        if !range.isEmpty { report?.removeEvents(range) }
    }

    /// Forgets what was noted for unused keys after `mark` (an abandoned attempt's reads).
    @inline(__always)
    func discardUnusedKeys(from mark: UnusedKeyTracker.Mark?) {
        if let unusedKeys, let mark { unusedKeys.pointee.discard(from: mark) }
    }

    /// Notes that `type` is decoded at `entry`: the keyed containers opened there next are its.
    @inline(__always)
    func decoding(_ type: Any.Type, at entry: Int) {
        if let unusedKeys { unusedKeys.pointee.decoding(type, at: entry) }
    }

    /// Notes that a keyed container of `keys` was opened on `object`, whose members have the
    /// path `path`, while the value at `entry` is decoded.
    @inline(__always)
    func opened<Key: CodingKey>(_ object: Int, path: CodingPathNode, decoding entry: Int, keys: Key.Type) {
        if let unusedKeys { unusedKeys.pointee.opened(object, path: path, decoding: entry, keys: Key.self) }
    }

    /// How many containers are noted as opened: where the containers of a value about to be
    /// decoded begin (``forgetFullyRead(openedSince:in:)``); `nil` when nothing is noted.
    @inline(__always)
    var openedCount: Int? { unusedKeys?.pointee.opened.count }

    /// Forgets the containers opened since `count` whose objects had every member read: a model
    /// has ended there.
    @inline(__always)
    func forgetFullyRead(openedSince count: Int?, in map: ValueMap) {
        if let unusedKeys, let count { unusedKeys.pointee.forgetFullyRead(openedSince: count, in: map) }
    }

    /// Notes a keyed lookup of `key` in `object` that found `member`, or nothing.
    @inline(__always)
    func noteLookup<K: CodingKey>(_ key: K, found member: KeyedMember?, in object: Int) {
        guard let unusedKeys else { return }
        if let member {
            unusedKeys.pointee.read(member.entry)
        } else {
            Self.noteMiss(key, in: object, tracker: unusedKeys)
        }
    }

    @inline(never)
    private static func noteMiss<K: CodingKey>(
        _ key: K, in object: Int, tracker: UnsafeMutablePointer<UnusedKeyTracker>
    ) {
        tracker.pointee.missed(key.stringValue, in: object)
    }

    /// Gives `type`, the type read from `member`, to the events its lookup recorded (a key
    /// matched by another spelling, an alias, a key path), which knew no type yet. The events
    /// are found by the member itself (``KeyedMember/keyEvents``), so no other lookup's or
    /// read's events can take the type.
    @inline(__always)
    func typeKeyEvents(_ type: Any.Type, of member: KeyedMember) {
        if member.awaitsType, let report { report.assignType(type, from: member.keyEvents) }
    }

    /// ``typeKeyEvents(_:of:)`` with `Optional<T>`, what `decodeIfPresent(T.self, forKey:)`
    /// decodes (a present value or `null` alike).
    @inline(__always)
    func typeOptionalKeyEvents<T>(_ type: T.Type, of member: KeyedMember) {
        if member.awaitsType, let report { Self.assignOptionalType(T.self, from: member.keyEvents, in: report) }
    }

    /// Out of line, so that a decode without a report never asks for `Optional<T>`'s metadata.
    @inline(never)
    private static func assignOptionalType<T>(_ type: T.Type, from first: Int, in report: ReportCollector) {
        report.assignType(T?.self, from: first)
    }
}
