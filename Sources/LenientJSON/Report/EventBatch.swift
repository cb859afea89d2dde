import Foundation

/// The events of one decode (or of one streamed element), kept as the records the rules made
/// (``ReportCollector/Record``) until someone reads them: a report nobody reads, and statistics,
/// which count patterns, never make an event's strings. The first read of ``events`` makes
/// every event's path and pointer; each event's line and column, found value, type and sentence
/// are made when first read (``EventDetails``), which keeps its record (and the document it
/// points into) until then.
///
/// Safe to read from any thread: a report is `Sendable`, so copies of it may be read at once.
final class EventBatch: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`; `records` is emptied once `built` is made.
    private var records: [ReportCollector.Record]
    /// The pattern hash of each of ``records``, made as its rule fired
    /// (``ReportCollector/eventHashes``); empty where none were made.
    private var recordHashes: [UInt64]
    private var built: [LenientDecodingEvent]?
    /// Where each record's document starts counting lines (a streamed element's first line is
    /// a line of the stream), read when the batch was made, on the decode's own thread; handed
    /// to the events' details (``EventDetails``), which count lines when first read.
    private var locators: [ObjectIdentifier: SourceLocator]

    /// A batch of `records`, made when their decode has ended, with the pattern hash of each
    /// (`hashes`, or none) and the `documents` they point into, where known (else read from the
    /// records).
    init(records: [ReportCollector.Record], hashes: [UInt64] = [], documents: [ValueMap]? = nil) {
        self.records = records
        recordHashes = hashes.count == records.count ? hashes : []
        var locators: [ObjectIdentifier: SourceLocator] = [:]
        if let documents {
            for map in documents where locators[ObjectIdentifier(map)] == nil {
                locators[ObjectIdentifier(map)] = map.locator.restarted()
            }
            self.locators = locators
            return
        }
        // Read in place, not `for record in records`, which copies each record whole; records
        // in a row mostly share their document.
        records.withUnsafeBufferPointer { records in
            var last: ObjectIdentifier?
            for index in records.indices {
                let map = records[index].map
                guard ObjectIdentifier(map) != last else { continue }
                last = ObjectIdentifier(map)
                if locators[ObjectIdentifier(map)] == nil { locators[ObjectIdentifier(map)] = map.locator.restarted() }
            }
        }
        self.locators = locators
    }

    /// A batch of events made already (a report's `events` set by its user, or decoded).
    init(events: [LenientDecodingEvent]) {
        records = []
        recordHashes = []
        built = events
        locators = [:]
    }

    /// The records, taken out of a batch that no one reads again (its events only counted):
    /// their storage is reused (``LenientJSONDecoder/keepSpareRecords(_:)``); `nil` once its
    /// events are made.
    func takeRecords() -> [ReportCollector.Record]? {
        lock.lock()
        defer { lock.unlock() }
        guard built == nil else { return nil }
        var taken: [ReportCollector.Record] = []
        swap(&taken, &records)
        recordHashes = []
        locators = [:]
        return taken
    }

    /// The events, made at the first read.
    var events: [LenientDecodingEvent] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let events = makeEvents(of: nil)
        built = events
        records = []
        recordHashes = []
        locators = [:]
        return events
    }

    /// Event `index`, made on its own unless every event is made already (the first event of a
    /// pattern that statistics has not seen), with every field made: statistics keep it, and
    /// not the document its details would read (``LenientDecodingEvent/settled()``).
    func event(at index: Int) -> LenientDecodingEvent {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built[index].settled() }
        return makeEvents(of: [index])[0].settled()
    }

    /// Events `indices`, made with one builder (which writes each parent path once) and one
    /// details object unless every event is made already.
    func events(at indices: [Int]) -> [LenientDecodingEvent] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return indices.map { built[$0] } }
        return makeEvents(of: indices)
    }

    /// The public events of the records at `indices` (every record's when `nil`, which then moves
    /// the records into their details), whose lines, columns, found values, types and
    /// descriptions are made when first read (``EventDetails``), all in one details object.
    /// Called with `lock` held.
    private func makeEvents(of indices: [Int]?) -> [LenientDecodingEvent] {
        let details = EventDetails(locators: locators)
        var builder = Builder(records: indices?.count ?? records.count)
        let count = indices?.count ?? records.count
        var events: [LenientDecodingEvent] = []
        var paths: [String] = []
        events.reserveCapacity(count)
        paths.reserveCapacity(count)
        // Read in place: a record taken out of the array would be copied, its references retained.
        records.withUnsafeBufferPointer { records in
            guard let first = records.baseAddress else { return }
            for position in 0..<count {
                let record = first + (indices?[position] ?? position)
                let (path, pointer) = builder.texts(of: record)
                paths.append(path)
                events.append(
                    LenientDecodingEvent(
                        kind: record.pointee.kind.kind, rule: record.pointee.rule.rule, path: path,
                        pointer: pointer,
                        offset: record.pointee.entry.flatMap { record.pointee.map.sourceOffset(of: $0) },
                        details: details, index: position))
            }
        }
        if let indices {
            details.fill(records: indices.map { records[$0] }, paths: paths)
        } else {
            var moved: [ReportCollector.Record] = []
            swap(&moved, &records)
            details.fill(records: moved, paths: paths)
        }
        return events
    }

    /// Calls `body` with the position and ``PatternHashes`` hash of each record's pattern (kind,
    /// rule and path pattern), in order, and returns `true`; or returns `false` once the events
    /// are made. What ``LenientDecodingStatistics`` counts the patterns it knows by, before it
    /// groups only the others (``patternGroups(among:)``): the hashes made as the rules fired
    /// where statistics were set (``ReportCollector/eventHashes``), else each made as it is read.
    func forEachPatternHash(_ body: (Int, UInt64) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard built == nil else { return false }
        if !recordHashes.isEmpty {
            for (index, hash) in recordHashes.enumerated() { body(index, hash) }
            return true
        }
        var hashes = PatternHashes()
        // Read in place: a record taken out of the array would be copied, its references retained.
        records.withUnsafeBufferPointer { records in
            guard let first = records.baseAddress else { return }
            for index in records.indices { body(index, UInt64(truncatingIfNeeded: hashes.hash(first + index))) }
        }
        return true
    }

    /// The events grouped by kind, rule and path pattern (the path with every array index
    /// written `[*]`), in the order of each group's first event: what ``LenientDecodingStatistics``
    /// counts. Made from the records without making any event or path string; `among`, when
    /// given, the indices (in order) of the only events to group.
    func patternGroups(among: [Int]? = nil) -> [PatternGroup] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return Self.groups(of: among.map { $0.map { built[$0] } } ?? built, among: among) }
        return recordGroups(among: among)
    }

    /// ``patternGroups(among:)`` of the records. Called with `lock` held, before the events are made.
    private func recordGroups(among: [Int]? = nil) -> [PatternGroup] {
        var groups: [PatternGroup] = []
        // Grouped by the 64-bit hash of (kind, rule, pattern) alone: comparing each event's path
        // with its group's would cost more than the decode (a path is a linked list of
        // existentials). Two patterns of one decode share a group only if their hashes collide
        // (``PatternHashes``: keys hashed under the process's random seed, chained), with a
        // probability of about 2⁻⁶⁴ per pair.
        // Sized for a decode's patterns, which are at most its records and mostly fewer than half
        // of them: grown from sixteen slots at every decode, the table rehashed its keys at each
        // doubling, and grown from 1,024 keys, twice for messy twitter's 3,481 patterns of 7,476
        // records (0.6 M instructions of its summary; the groups array 0.3 M more).
        let expected = Swift.min((among?.count ?? records.count) / 2 + 16, 8192)
        var byHash = WordTable<Int>(capacity: expected)
        groups.reserveCapacity(expected)
        var hashes = PatternHashes()
        // A local copy: each read of the stored property was checked for exclusivity, two of them
        // per record.
        let recordHashes = self.recordHashes
        // Read in place: a record taken out of the array would be copied, its references retained.
        // One loop over positions, not a local function called from two loops: a local function
        // captures `groups` in a box whose every access is checked for exclusivity at run time
        // (about 120 instructions a record of a messy twitter's summary, Benchmarks
        // `lenient-report-summary`).
        records.withUnsafeBufferPointer { records in
            guard let first = records.baseAddress else { return }
            // The record grouped last and its group: a record whose pattern is made of the same
            // parts (``PatternHashes/samePattern(_:_:)``: the elements of one array, coerced
            // alike) joins it without being hashed. Hashing each of a messy canada's 44,420
            // records, its references retained to be read, cost about 400 instructions a record
            // of its summary (Benchmarks `lenient-report-summary`).
            var previous: (record: UnsafePointer<ReportCollector.Record>, group: Int)?
            for position in 0..<(among?.count ?? records.count) {
                let index = among?[position] ?? position
                let record = first + index
                if recordHashes.isEmpty, let previous, PatternHashes.samePattern(record, previous.record) {
                    groups[previous.group].count += 1
                    continue
                }
                let hash =
                    recordHashes.isEmpty ? hashes.hash(record) : Int(truncatingIfNeeded: recordHashes[index])
                if let group = byHash[UInt64(truncatingIfNeeded: hash)] {
                    groups[group].count += 1
                    previous = (record, group)
                } else {
                    byHash.set(groups.count, for: UInt64(truncatingIfNeeded: hash))
                    previous = (record, groups.count)
                    groups.append(
                        PatternGroup(
                            kind: record.pointee.kind.kind, rule: record.pointee.rule.rule, hash: hash, builtPath: nil,
                            count: 1, first: index))
                }
            }
        }
        return groups
    }

    /// Adds the summary lines of this batch's events to `writer` (``LenientDecodingReport/summary``)
    /// from the records, and returns `true`; or returns `false` once the events are made.
    ///
    /// Each pattern group's key is its kind and the pattern of its first event's path, written as
    /// bytes; only a line's first event gets its description, and no event is made: its path
    /// (and pointer) bytes are written once by the builder, its line and column found in the
    /// order of the offsets (one walk over the text, where the events' own order, the models'
    /// order of keys, goes back and forth), and its sentence written after them.
    func addSummaryLines(to writer: inout SummaryWriter) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard built == nil else { return false }
        let groups = recordGroups()
        // A line's key and first description take about 150 bytes (a messy twitter's).
        writer.reserve(lines: groups.count, bytesPerLine: 160)
        var builder = Builder(records: groups.count)
        // The lines this batch starts: their number, the record of their first event, where its
        // path bytes are kept (in `paths`), and its line and column once found.
        var started: [(line: Int, record: Int, path: Range<Int>, location: SourceLocation?)] = []
        var paths: [UInt8] = []
        started.reserveCapacity(groups.count)
        paths.reserveCapacity(groups.count * 64)
        records.withUnsafeBufferPointer { records in
            guard let first = records.baseAddress else { return }
            for group in groups {
                let record = first + group.first
                builder.writeTexts(of: record)
                writer.startKey()
                var kind = group.kind.rawValue
                kind.withUTF8 { writer.appendKeyBytes($0) }
                writer.appendKeyBytes(CollectionOfOne(UInt8(ascii: " ")))
                builder.path.withUnsafeBufferPointer { writer.appendKeyPattern(of: $0) }
                guard let line = writer.endKey(count: group.count) else { continue }
                let path = paths.count..<(paths.count + builder.path.count)
                paths.append(contentsOf: builder.path)
                started.append((line, group.first, path, nil))
            }
            // Lines and columns in the order of their offsets, each document's with its own locator.
            var byOffset: [(offset: Int, index: Int)] = []
            byOffset.reserveCapacity(started.count)
            for (index, line) in started.enumerated() {
                let record = first + line.record
                guard let entry = record.pointee.entry, record.pointee.map.hasSourcePositions else { continue }
                byOffset.append((record.pointee.map.valueStart(entry), index))
            }
            if !byOffset.indices.dropFirst().allSatisfy({ byOffset[$0 - 1].offset <= byOffset[$0].offset }) {
                byOffset.sort { $0.offset < $1.offset }
            }
            var locators = locators
            // The locator of the document read last is kept at hand, and the table asked only when
            // another document comes: hashed twice per line, it cost a tenth of writing a messy
            // twitter's summary's lines (Benchmarks `lenient-report-summary`).
            var current: ValueMap?
            var locator = SourceLocator()
            for (_, index) in byOffset {
                let record = first + started[index].record
                guard let entry = record.pointee.entry else { continue }
                let map = record.pointee.map
                if current !== map {
                    if let current { locators[ObjectIdentifier(current)] = locator }
                    locator = locators.removeValue(forKey: ObjectIdentifier(map)) ?? map.locator.restarted()
                    current = map
                }
                started[index].location = map.location(of: entry, using: &locator)
            }
            var names = TypeNames()
            for line in started {
                writer.setDescription(of: line.line) { bytes in
                    bytes.append(contentsOf: paths[line.path])
                    LenientDecodingEvent.appendSentence(after: line.location, to: &bytes) {
                        records[line.record].appendWhatItDid(names: &names, to: &$0)
                    }
                }
            }
        }
        return true
    }

    /// One group of ``patternGroups(among:)``: `count` events, the first of them event `first`.
    struct PatternGroup {
        let kind: LenientDecodingEvent.Kind
        let rule: LenientRule
        /// The ``PatternHashes`` hash of the group; `nil` for a group of events made already, which
        /// has only its ``builtPath``.
        let hash: Int?
        /// The path pattern of events made already.
        let builtPath: String?
        var count: Int
        let first: Int
    }

    /// The path pattern of `group`: `$.users[*].age`.
    func path(of group: PatternGroup) -> String {
        if let builtPath = group.builtPath { return builtPath }
        lock.lock()
        defer { lock.unlock() }
        // Events may have been made since the groups were (a stream's `onEvent` reads them).
        if let built { return LenientDecodingReport.pattern(of: built[group.first].path) }
        return CodingPathNode.patternString(of: records[group.first].path.patternNames)
    }

    /// The groups of `events`, event `n` of which is event `among[n]` of the batch, where given.
    private static func groups(of events: [LenientDecodingEvent], among: [Int]?) -> [PatternGroup] {
        var groups: [PatternGroup] = []
        var index: [LenientDecodingStatistics.PatternKey: Int] = [:]
        for (offset, event) in events.enumerated() {
            let position = among?[offset] ?? offset
            let key = LenientDecodingStatistics.PatternKey(
                kind: event.kind, rule: event.rule, path: LenientDecodingReport.pattern(of: event.path))
            if let group = index[key] {
                groups[group].count += 1
            } else {
                index[key] = groups.count
                groups.append(
                    PatternGroup(
                        kind: key.kind, rule: key.rule, hash: nil, builtPath: key.path, count: 1, first: position))
            }
        }
        return groups
    }

    /// What making a batch's events reuses from one event to the next: the path texts of their
    /// parents.
    private struct Builder {
        /// The path and pointer of each node that is the parent of an event's place, as ranges of
        /// ``arena``, found by the node's address (``prefixIndex``): the events of a batch share
        /// most of their parents (the members of an object, the elements of an array), which are
        /// then written once. The records hold the nodes alive while the builder is used, so no
        /// two of them share an address.
        var prefixes: [(path: Range<Int>, pointer: Range<Int>)] = []
        /// The position in ``prefixes`` of each node's, by its address: a `Dictionary` hashed each
        /// `ObjectIdentifier` with SipHash, a tenth of reading a messy twitter's paths.
        var prefixIndex: WordTable<Int>
        /// The bytes of every prefix, one after the other (an array per prefix was allocated and
        /// freed for each parent of a summary's sparse first events); starts with the root's `$`.
        var arena: [UInt8] = [UInt8(ascii: "$")]
        /// Where an event's path and pointer are written, their storage reused from one event to
        /// the next (``JSONPath``'s byte forms).
        var path: [UInt8] = []
        var pointer: [UInt8] = []

        /// A builder for the events of `records` records, whose parents are fewer.
        init(records: Int) { prefixIndex = WordTable(capacity: Swift.min(records / 2, 1 << 14)) }

        /// The path and pointer of `node`, as ranges of ``arena``, kept for the next events
        /// under it. Leaves ``path`` and ``pointer`` changed.
        mutating func prefix(of node: CodingPathNode) -> (path: Range<Int>, pointer: Range<Int>) {
            guard case .link(let link) = node else { return (0..<1, 1..<1) }
            let address = UInt64(UInt(bitPattern: ObjectIdentifier(link)))
            if let known = prefixIndex[address] { return prefixes[known] }
            let parent = prefix(of: link.parent)
            path.removeAll(keepingCapacity: true)
            pointer.removeAll(keepingCapacity: true)
            path.append(contentsOf: arena[parent.path])
            pointer.append(contentsOf: arena[parent.pointer])
            JSONPath.appendKey(link.key, path: &path, pointer: &pointer)
            let pathRange = arena.count..<(arena.count + path.count)
            arena.append(contentsOf: path)
            let pointerRange = arena.count..<(arena.count + pointer.count)
            arena.append(contentsOf: pointer)
            prefixIndex.set(prefixes.count, for: address)
            prefixes.append((pathRange, pointerRange))
            return (pathRange, pointerRange)
        }

        /// The node ``path`` and ``pointer`` were last started at (``start(at:)``, by its address, `0`
        /// for the root), and how long its texts are in them; `nil` once they are written otherwise.
        var started: (address: UInt64, path: Int, pointer: Int)?

        /// Starts ``path`` and ``pointer`` with those of `node`.
        mutating func start(at node: CodingPathNode) {
            let address: UInt64
            if case .link(let link) = node {
                address = UInt64(UInt(bitPattern: ObjectIdentifier(link)))
            } else {
                address = 0
            }
            // Events under one node follow each other where a model reads an object's members or
            // an array's elements: the texts start with the node's already, and are cut back to it
            // rather than copied again (messy twitter, Benchmarks `lenient-report-read`: starting
            // the texts cost 5.04 M instructions per decode, now 4.48 M).
            if let started, started.address == address, path.count >= started.path, pointer.count >= started.pointer {
                path.removeLast(path.count &- started.path)
                pointer.removeLast(pointer.count &- started.pointer)
                return
            }
            let prefix = prefix(of: node)
            // One replacement each, from the arena's storage: emptied, then appended a slice, the
            // buffers cost two generic calls each per event.
            arena.withUnsafeBufferPointer { arena in
                path.replaceSubrange(path.indices, with: UnsafeBufferPointer(rebasing: arena[prefix.path]))
                pointer.replaceSubrange(pointer.indices, with: UnsafeBufferPointer(rebasing: arena[prefix.pointer]))
            }
            started = (address, prefix.path.count, prefix.pointer.count)
        }

        /// The path and pointer of `record`'s place, as strings. An array element's are made from
        /// its array's texts and its indices' (``JSONPath/withIndexTexts(_:_:_:)``) at once, not
        /// written into ``path`` and ``pointer``, where they were appended and cut off again for
        /// the next event.
        mutating func texts(of record: UnsafePointer<ReportCollector.Record>) -> (path: String, pointer: String) {
            let indices: (Int, Int?)
            switch record.pointee.last {
            case .index(let index): indices = (index, nil)
            case .indices(let outer, let index): indices = (outer, index)
            case .none, .matchedKey, .name:
                writeTexts(of: record)
                return (String(decoding: path, as: UTF8.self), String(decoding: pointer, as: UTF8.self))
            }
            let prefix = prefix(of: record.pointee.node)
            // ``prefix(of:)`` may have written another node's texts in ``path`` and ``pointer``.
            started = nil
            return JSONPath.withIndexTexts(indices.0, indices.1) { pathText, pointerText in
                arena.withUnsafeBufferPointer { arena in
                    (
                        Self.string(UnsafeBufferPointer(rebasing: arena[prefix.path]), pathText),
                        Self.string(UnsafeBufferPointer(rebasing: arena[prefix.pointer]), pointerText)
                    )
                }
            }
        }

        /// The string of the UTF-8 bytes `head` and then `tail`, made in one piece: copied into a
        /// string's storage of exactly their count (what ``texts(of:)`` saves), and checked as
        /// UTF-8 by the string's initializer as `String(decoding:as:)` would.
        private static func string(_ head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>) -> String {
            String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
                let bytes = UnsafeMutableRawBufferPointer(buffer)
                bytes.copyMemory(from: UnsafeRawBufferPointer(head))
                UnsafeMutableRawBufferPointer(rebasing: bytes[head.count...])
                    .copyMemory(from: UnsafeRawBufferPointer(tail))
                return head.count + tail.count
            }
        }

        /// Writes the path and pointer of `record`'s place to ``path`` and ``pointer``. Reads the
        /// record in place: a record passed as a value is copied, its references retained.
        mutating func writeTexts(of record: UnsafePointer<ReportCollector.Record>) {
            switch record.pointee.last {
            case .none:
                // The node is mostly the event's own: its parent's texts are kept, not its own.
                guard case .link(let link) = record.pointee.node else {
                    started = nil
                    path.removeAll(keepingCapacity: true)
                    pointer.removeAll(keepingCapacity: true)
                    path.append(UInt8(ascii: "$"))
                    return
                }
                start(at: link.parent)
                JSONPath.appendKey(link.key, path: &path, pointer: &pointer)
            case .index(let index):
                start(at: record.pointee.node)
                JSONPath.appendIndex(index, path: &path, pointer: &pointer)
            case .indices(let outer, let index):
                start(at: record.pointee.node)
                JSONPath.appendIndex(outer, path: &path, pointer: &pointer)
                JSONPath.appendIndex(index, path: &path, pointer: &pointer)
            case .matchedKey(let stringValue, let intValue):
                start(at: record.pointee.node)
                // The key as the input spells it (``MatchedKey/inputName``): its text itself when
                // it has no escapes and is ASCII, as `StringDecoding.decode` reads such a string.
                let map = record.pointee.map
                let keyEntry = record.pointee.keyEntry
                if map.flags(keyEntry) & (ValueMap.complexString | ValueMap.nonASCIIString) == 0 {
                    JSONPath.appendName(bytes: map.text(keyEntry), path: &path, pointer: &pointer)
                } else {
                    let key = MatchedKey(stringValue: stringValue, intValue: intValue, keyEntry: keyEntry, in: map)
                    JSONPath.appendName(key.inputName, path: &path, pointer: &pointer)
                }
            case .name(let name):
                start(at: record.pointee.node)
                JSONPath.appendName(name, path: &path, pointer: &pointer)
            }
        }
    }
}
