/// Collects report events during one decode. It exists only when someone reads the events (a
/// `report:` argument, ``LenientJSONDecoder/onReport`` or ``LenientJSONDecoder/statistics``), so
/// a decode without them records nothing.
///
/// A rule that fires stores only what it knows (a ``Record``: kind, rule, entry, coding path,
/// type, and how to describe it); the event's path string, pointer, line and column, offset,
/// found value and sentence are made when someone reads the events (``EventBatch``), not during
/// the decode. When the decode ends, its records move to an ``EventBatch`` (``takeBatch()``).
final class ReportCollector {
    /// What a rule recorded, in document order; an attempt that fails removes its own
    /// (``DecoderImpl/rollBack(to:)``).
    ///
    /// Unchecked exclusivity, measured: every attempt reads `events.count` as its mark, and the
    /// dynamic check of each read cost 1.6 M instructions (3 %) of a clean citm_catalog decode with
    /// a report, which records no event. Safe: one decode, on one thread, appends, reads and
    /// removes, and no access to `events` is ever held across another (each is one call). The
    /// other stored properties a record touches are unchecked for the same reason: their checks
    /// cost about 300 instructions per event of a messy twitter (Benchmarks `lenient-report`).
    @exclusivity(unchecked) private(set) var events: [Record] = []
    /// The hashes of the records' path patterns, made as each rule fires, when statistics count
    /// the events (``Record/pathHash``); `nil` otherwise.
    @exclusivity(unchecked) private(set) var patternHashes: PatternHashes?
    /// The pattern hash (kind, rule and path: ``PatternHashes``) of each of ``events``, in step
    /// with them, made as each rule fires, when statistics count the events; empty otherwise.
    /// Kept apart from the records, so that counting a decode's events reads eight bytes per
    /// event, not the records, which a large decode has pushed out of the processor's caches
    /// by its end.
    @exclusivity(unchecked) private(set) var eventHashes: [UInt64] = []
    /// The documents the records point into, each once in a row: what their batch counts lines
    /// in (``EventBatch``), known without a pass over the records.
    @exclusivity(unchecked) private var documents: [ValueMap] = []
    /// The records kept for a reading again (``keep(since:)``), by the index it gave.
    private var kept: [KeptRecords] = []
    /// The indices in ``kept`` of those whose records are still in ``events``.
    private var keptInPlace: [Int] = []
    /// The most records held at once: what the records of an abandoned attempt added to those
    /// kept (``RecordBufferPool/newRecords()``).
    var mostRecords: Int { Swift.max(mostEvents, events.count) }
    /// The most records held before a removal.
    @exclusivity(unchecked) private var mostEvents = 0
    /// What is done with the records when the document they point into ends, before its bytes
    /// would be copied to outlive the decode (`LenientJSONDecoder.withDocument`): a decode whose
    /// events only statistics read counts them then and lets them go. Runs once
    /// (``documentEnded()``).
    var whenDocumentEnds: ((ReportCollector) -> Void)?

    /// Runs ``whenDocumentEnds``, if it has not run.
    func documentEnded() {
        guard let whenDocumentEnds else { return }
        self.whenDocumentEnds = nil
        whenDocumentEnds(self)
    }

    /// A collector; `hashesPatterns` when its records will be counted by path pattern. Its
    /// records go into `storage`, an empty array whose capacity is reused.
    init(hashesPatterns: Bool = false, storage: [Record] = []) {
        if hashesPatterns {
            patternHashes = PatternHashes()
            eventHashes.reserveCapacity(storage.capacity)
        }
        events = storage
    }

    /// Adds a record of what a rule did at `place` after the others, its path pattern hashed
    /// when ``patternHashes`` are made.
    @inline(__always)
    func append(
        _ kind: EventKindCode, _ rule: RuleCode, entry: Int?, place: Place, type: Any.Type?,
        describe: Description, map: ValueMap
    ) {
        let (node, last) = place.parts
        var pathHash: UInt64 = 0
        if let hash = patternHashes?.pathHash(node: node, last: last, keyEntry: Record.keyEntry(of: entry), in: map) {
            pathHash = hash
            if let patternHash = patternHashes?.hash(kind, rule, pathHash: hash) {
                eventHashes.append(UInt64(truncatingIfNeeded: patternHash))
            }
        }
        if documents.last !== map { documents.append(map) }
        events.append(
            Record(
                kind: kind, rule: rule, entry: entry, node: node, last: last, pathHash: pathHash, type: type,
                describe: describe, map: map))
    }

    /// The records from the `mark`th on, kept for ``append(kept:)``: what a value's reading
    /// recorded, which a reading of it again would record alike. `nil` when there are none.
    ///
    /// The records stay where they are: what is kept is their range, moved as records before
    /// it are removed, and the records are copied only where a removal takes them (an enclosing
    /// value read again), so that keeping them costs no copy of the many that are never taken.
    func keep(since mark: Int) -> Int? {
        guard mark < events.count else { return nil }
        kept.append(KeptRecords(range: mark..<events.count))
        keptInPlace.append(kept.count - 1)
        return kept.count - 1
    }

    /// Appends again, after the others, the records ``keep(since:)`` kept as `index`.
    func append(kept index: Int) {
        guard index < kept.count else { return }
        if let records = kept[index].records {
            for record in records where documents.last !== record.map { documents.append(record.map) }
            events.append(contentsOf: records)
            if patternHashes != nil { eventHashes.append(contentsOf: kept[index].hashes) }
            return
        }
        // Element by element, not through a slice, which would share the array's storage and
        // make the appends copy all of it.
        let range = kept[index].range
        events.reserveCapacity(events.count + range.count)
        for position in range {
            let record = events[position]
            if documents.last !== record.map { documents.append(record.map) }
            events.append(record)
        }
        if patternHashes != nil, range.upperBound <= eventHashes.count {
            eventHashes.reserveCapacity(eventHashes.count + range.count)
            for position in range { eventHashes.append(eventHashes[position]) }
        }
    }

    /// Records kept for a reading again (``keep(since:)``): where they are in ``events``, or
    /// their copies once a removal took them from there.
    struct KeptRecords {
        /// Where the records are in ``events``, while ``records`` is `nil`.
        var range: Range<Int>
        /// The records, copied before a removal took them.
        var records: [Record]?
        /// Their pattern hashes, copied with them (empty where none are made).
        var hashes: [UInt64] = []
    }

    /// Before `range` is removed from ``events``: the kept records after it move down, and the
    /// kept records it takes are copied.
    private func moveKept(removing range: Range<Int>) {
        var index = 0
        while index < keptInPlace.count {
            let keptIndex = keptInPlace[index]
            let keptRange = kept[keptIndex].range
            if keptRange.upperBound <= range.lowerBound {
                index += 1
            } else if keptRange.lowerBound >= range.upperBound {
                kept[keptIndex].range = (keptRange.lowerBound - range.count)..<(keptRange.upperBound - range.count)
                index += 1
            } else {
                kept[keptIndex].records = Array(events[keptRange])
                if keptRange.upperBound <= eventHashes.count { kept[keptIndex].hashes = Array(eventHashes[keptRange]) }
                keptInPlace.swapAt(index, keptInPlace.count - 1)
                keptInPlace.removeLast()
            }
        }
    }

    /// Removes the records from `mark` on (an abandoned attempt's).
    func removeEvents(from mark: Int) {
        if events.count > mark { removeEvents(mark..<events.count) }
    }

    /// Removes the records of `range`.
    func removeEvents(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if !keptInPlace.isEmpty { moveKept(removing: range) }
        mostEvents = Swift.max(mostEvents, events.count)
        events.removeSubrange(range)
        if !eventHashes.isEmpty { eventHashes.removeSubrange(range) }
        // No document kept for records that are gone: a document no record points into need not
        // outlive its decode.
        if events.isEmpty { documents.removeAll(keepingCapacity: true) }
    }

    /// Removes every record.
    func removeAllEvents() {
        if !keptInPlace.isEmpty { moveKept(removing: 0..<events.count) }
        mostEvents = Swift.max(mostEvents, events.count)
        events.removeAll(keepingCapacity: true)
        eventHashes.removeAll(keepingCapacity: true)
        documents.removeAll(keepingCapacity: true)
    }

    /// Changes the record at `index` (its rule, type and description; never its place).
    func update(at index: Int, _ change: (inout Record) -> Void) {
        change(&events[index])
        guard index < eventHashes.count else { return }
        let record = events[index]
        if let hash = patternHashes?.hash(record.kind, record.rule, pathHash: record.pathHash) {
            eventHashes[index] = UInt64(truncatingIfNeeded: hash)
        }
    }

    /// One event as recorded: what the rule knew when it fired.
    struct Record {
        let kind: EventKindCode
        var rule: RuleCode
        let entry: Int?
        /// The coding path of the event, as the decode's linked list (a string only when built),
        /// or where ``last`` is a key, the path it follows.
        let node: CodingPathNode
        /// The key that ends the path after ``node``, where it is kept apart.
        let last: LastKey
        /// The hash of the path's pattern (``PatternHashes``), made when the record was, or `0`
        /// where it is made when the records are grouped.
        var pathHash: UInt64 = 0
        /// The Swift type decoded at the place; `nil` for a key lookup until its read
        /// (``ReportCollector/assignType(_:)``).
        var type: Any.Type?
        /// How what the rule did is told, as a sentence, when the event is built.
        var describe: Description
        /// The document `entry` points into.
        let map: ValueMap

        init(
            kind: EventKindCode, rule: RuleCode, entry: Int?, node: CodingPathNode, last: LastKey,
            pathHash: UInt64 = 0, type: Any.Type?, describe: Description, map: ValueMap
        ) {
            (self.kind, self.rule, self.entry, self.node, self.last, self.pathHash) = (
                kind, rule, entry, node, last, pathHash
            )
            (self.type, self.describe, self.map) = (type, describe, map)
        }

        /// A record of an event at `place`.
        init(
            kind: EventKindCode, rule: RuleCode, entry: Int?, place: Place, type: Any.Type?,
            describe: Description, map: ValueMap
        ) {
            let (node, last) = place.parts
            self.init(
                kind: kind, rule: rule, entry: entry, node: node, last: last, type: type, describe: describe, map: map)
        }

        /// The coding path of the event.
        var path: CodingPathNode {
            switch last {
            case .none: return node
            case .index(let index): return node.appending(IndexKey(index))
            case .indices(let outer, let index): return node.appending(IndexKey(outer)).appending(IndexKey(index))
            case .matchedKey(let stringValue, let intValue):
                return node.appending(
                    MatchedKey(stringValue: stringValue, intValue: intValue, keyEntry: keyEntry, in: map))
            case .name(let name): return node.appending(NameKey(name))
            }
        }

        /// The key entry of the member a key match found: the entry before its value's.
        var keyEntry: Int { Self.keyEntry(of: entry) }

        /// The entry before `entry`, the key of the member whose value is at `entry`.
        static func keyEntry(of entry: Int?) -> Int { (entry ?? 1) - 1 }
    }

    /// The last key of a record's path, where the record keeps it apart from the path before
    /// it (``Record/node``), so that recording the event allocates no path node.
    enum LastKey {
        /// The path is ``Record/node`` itself.
        case none
        /// An array element: an ``IndexKey``.
        case index(Int)
        /// An element of an array that is element `outer` of ``Record/node``: two ``IndexKey``s.
        case indices(outer: Int, index: Int)
        /// A key match: a ``MatchedKey`` of the model key and the record's key entry.
        case matchedKey(stringValue: String, intValue: Int?)
        /// A member of the object at ``Record/node`` by a model key named `name`: a ``NameKey``,
        /// which a path writes as it writes the model key (by its name).
        case name(String)

        /// Which of the keys a pattern writes alike whatever their values this is: 0 for none, 1
        /// for an index, 2 for two; `nil` for a named key. Told without binding a case's values,
        /// so that reading it from a record in place retains nothing.
        var positionalShape: Int? {
            switch self {
            case .none: return 0
            case .index: return 1
            case .indices: return 2
            case .matchedKey, .name: return nil
            }
        }
    }

    /// Where a record's event is: its coding path, or what makes it.
    enum Place {
        /// The coding path of the place.
        case path(CodingPathNode)
        /// Element `index` of the array at `array`; its path is made only when read.
        case element(of: CodingPathNode, index: Int)
        /// Element `index` of the array that is element `outer` of the array at `outerArray` (a
        /// pair of coordinates): the record holds the node that the inner arrays share, not one
        /// node per inner array until the decode ends.
        case nestedElement(of: CodingPathNode, outer: Int, index: Int)
        /// A member found by another spelling than its model key's (a normalized key match):
        /// the path of its object, `object`, and the model key; the member's path ends in a
        /// ``MatchedKey`` of the key entry before the record's entry, made only when the path is
        /// read, so that recording it allocates nothing.
        case matchedKey(object: CodingPathNode, stringValue: String, intValue: Int?)
        /// The member of the object at `object` by a model key named `name`: the record keeps the
        /// name apart from the object's path, so that recording it allocates no node.
        case member(of: CodingPathNode, name: String)

        /// The path a record keeps, and the last key it keeps apart from it.
        var parts: (node: CodingPathNode, last: LastKey) {
            switch self {
            case .path(let path): return (path, .none)
            case .element(let array, let index): return (array, .index(index))
            case .nestedElement(let outerArray, let outer, let index):
                return (outerArray, .indices(outer: outer, index: index))
            case .matchedKey(let object, let stringValue, let intValue):
                return (object, .matchedKey(stringValue: stringValue, intValue: intValue))
            case .member(let object, let name): return (object, .name(name))
            }
        }

        /// The place of the value at `key` after `parent`: an array element's is kept as its
        /// index (and an element of an element as both indices), an object member's as its
        /// key's name (a path writes a key by its name, `JSONPath`), and only a member found by
        /// another spelling (a ``MatchedKey``, written as the input spells it) or a key path (a
        /// ``KeyPathKey``, written as its steps) as a path made now. A member found by another
        /// spelling whose value is `entry` of `map` is kept as its model key, as a key match's
        /// own event keeps it (``matchedKey(object:stringValue:intValue:)``): a path node made for
        /// each value a rule changed under a respelled key was a fifteenth of what recording a
        /// messy citm_catalog's report costs (Benchmarks `instructions lenient-report`).
        static func value(after parent: CodingPathNode, at key: ChildKey, entry: Int?, in map: ValueMap) -> Place {
            switch key {
            case .none: return .path(parent)
            case .index(let index): return elementPlace(of: parent, index: index)
            case .matched(let key):
                if let entry, key.isSpelled(atKeyEntry: Record.keyEntry(of: entry), in: map) {
                    return .matchedKey(object: parent, stringValue: key.stringValue, intValue: key.intValue)
                }
                return .path(parent.appending(key))
            case .key(let key):
                switch shape(of: key) {
                case .path: return .path(parent.appending(key))
                case .member: return .member(of: parent, name: key.stringValue)
                case .index(let index): return elementPlace(of: parent, index: index)
                }
            }
        }

        /// The place of element `index` of the array at `parent`: an element of an element keeps
        /// both indices.
        private static func elementPlace(of parent: CodingPathNode, index: Int) -> Place {
            if case .link(let link) = parent, let outer = arrayIndex(link.key) {
                return .nestedElement(of: link.parent, outer: outer, index: index)
            }
            return .element(of: parent, index: index)
        }

        /// What ``value(after:at:)`` keeps of a key.
        private enum KeyShape {
            /// The path with the key appended: a ``MatchedKey`` (written as the input spells
            /// it) or a ``KeyPathKey`` (written as its steps).
            case path
            /// The key's name.
            case member
            /// An array element's index.
            case index(Int)
        }

        /// The shape of `key`, with its type opened: comparing a generic parameter with a type
        /// asks the runtime nothing, where `type(of:)` of an existential key asked it twice per
        /// record (Benchmarks `instructions lenient-report messy_canada`). The place is made from
        /// the caller's existential, which a ``MatchedKey`` too large for its inline buffer
        /// shares where a key boxed anew here would allocate.
        private static func shape<Key: CodingKey>(of key: Key) -> KeyShape {
            if Key.self == MatchedKey.self || Key.self == KeyPathKey.self { return .path }
            guard Key.self == IndexKey.self, let index = key.intValue else { return .member }
            return .index(index)
        }

        /// The index `key` names where it is an array element's (an ``IndexKey``), else `nil`.
        private static func arrayIndex<Key: CodingKey>(_ key: Key) -> Int? {
            Key.self == IndexKey.self ? key.intValue : nil
        }
    }

    /// How a record's sentence is made when its event is built.
    ///
    /// A rule passes its description as an autoclosure that makes one of these only when a
    /// report is collected: without one, no closure is allocated for its sentence.
    enum Description {
        /// By the closure, which reads only values fixed when the rule fired and the document,
        /// whose bytes the map keeps (``ValueMap/keepBytes()``) while a record refers to it.
        case made(() -> String)
        /// A key matched by normalization, told from the path's last key (a ``MatchedKey``):
        /// `spellings` keys of its object match it (``DecoderImpl/keyMatchSentence(_:spellings:in:)``).
        /// Nothing to capture, so nothing to allocate, for the most common event of a messy input.
        case keyMatch(spellings: Int)
        /// A coercion that gave a number or Boolean of the record's type, kept as its bits
        /// (``CoercedScalar``), for the record's entry (``DecoderImpl/coercionSentence(_:at:as:in:)``):
        /// nothing is allocated for the most common event of a messy input after key matches.
        case coercedScalar(UInt64)

        /// The sentence `text` makes when the event is built.
        static func text(_ text: @autoclosure @escaping () -> String) -> Description { .made(text) }
    }

    /// Gives `type` to the key events from the `first`th on that wait for one: those of the
    /// lookup that found the member read as `type` (``DecodeObserver/typeKeyEvents(_:of:)``).
    func assignType(_ type: Any.Type, from first: Int) {
        // The lookup's events may have been removed with an abandoned attempt.
        for index in Swift.min(first, events.count)..<events.count
        where events[index].type == nil && events[index].kind == .matchedKey {
            events[index].type = type
        }
    }

    /// The records of `range` as a batch whose events are made when first read, or `nil` when
    /// the range is empty. Called when the decode that recorded them has ended.
    func batch(_ range: Range<Int>) -> EventBatch? {
        guard !range.isEmpty else { return nil }
        return EventBatch(
            records: Array(events[range]), hashes: eventHashes.isEmpty ? [] : Array(eventHashes[range]))
    }

    /// Every record, moved into a batch (the collector keeps none, so that no record's
    /// description keeps the decoder that holds this collector alive).
    func takeBatch() -> EventBatch? {
        defer {
            events = []
            eventHashes = []
            documents = []
            kept = []
            keptInPlace = []
        }
        guard !events.isEmpty else { return nil }
        // Moved, not copied, so that the batch's records keep this array's storage.
        var records: [Record] = []
        swap(&records, &events)
        var hashes: [UInt64] = []
        swap(&hashes, &eventHashes)
        return EventBatch(records: records, hashes: hashes, documents: documents)
    }
}

extension ReportCollector.Record {
    /// What the rule did, as the sentence its ``describe`` tells (`Coerced string "12" to Int
    /// 12.`): the part of an event's description after its place. Types are named by `names`,
    /// which a batch's events share.
    func whatItDid(names: inout TypeNames) -> String {
        if case .made(let describe) = describe { return describe() }
        var text: [UInt8] = []
        appendWhatItDid(names: &names, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``whatItDid(names:)`` to `text`: a summary line writes its
    /// first event's sentence into its own buffer so. A key match's sentence and a number's or
    /// Boolean's coercion, the most common first events of a messy input's summary lines, are
    /// written as bytes (``DecoderImpl/appendKeyMatchSentence(_:spellings:in:to:)``,
    /// ``DecoderImpl/appendCoercionSentence(shown:at:typeName:in:to:)``), not made strings first.
    func appendWhatItDid(names: inout TypeNames, to text: inout [UInt8]) {
        switch describe {
        case .made(let describe):
            text.append(utf8Of: describe())
        case .keyMatch(let spellings):
            // The key as ``path`` would end, without making its node.
            guard case .matchedKey(let stringValue, let intValue) = last else {
                text.append(utf8Of: DecoderImpl.keyMatchSentence(path, spellings: spellings, in: map))
                return
            }
            let matched = MatchedKey(stringValue: stringValue, intValue: intValue, keyEntry: keyEntry, in: map)
            DecoderImpl.appendKeyMatchSentence(matched, spellings: spellings, in: map, to: &text)
        case .coercedScalar(let bits):
            guard let type, let shown = CoercedScalar.text(of: bits, as: type) else {
                let value = CoercedScalar.value(of: bits, as: type) ?? bits
                text.append(utf8Of: DecoderImpl.coercionSentence(value, at: entry, as: type, in: map))
                return
            }
            DecoderImpl.appendCoercionSentence(
                shown: shown, at: entry, typeName: names.name(of: type), in: map, to: &text)
        }
    }
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; the path node, and what `description`
    /// needs, are kept; the description and everything else about the event are made when someone
    /// reads it (``EventBatch``). Every kind but `matchedKey` counts as leniency, unless
    /// `countsAsLeniency` is `false` (what a registration did: see
    /// `Mapping/DecoderImpl+Registrations.swift`). `type` is the Swift type decoded at the place;
    /// `nil` for a key lookup, whose read gives it later (``DecodeObserver/typeKeyEvents(_:of:)``).
    ///
    /// `description` runs after the decode, maybe on another thread: it may read only values
    /// that do not change (its parameters, the document), never this decoder's current state.
    @inline(__always)
    func note(
        _ kind: EventKindCode, _ rule: @autoclosure () -> RuleCode, entry: Int?,
        path: @autoclosure () -> CodingPathNode, type: Any.Type?,
        _ description: @autoclosure () -> ReportCollector.Description, countsAsLeniency: Bool = true
    ) {
        note(
            kind, rule(), entry: entry, place: .path(path()), type: type, description(),
            countsAsLeniency: countsAsLeniency)
    }

    /// ``note(_:_:entry:path:type:_:countsAsLeniency:)`` at `place`, made only when a report is
    /// being collected.
    @inline(__always)
    func note(
        _ kind: EventKindCode, _ rule: @autoclosure () -> RuleCode, entry: Int?,
        place: @autoclosure () -> ReportCollector.Place, type: Any.Type?,
        _ description: @autoclosure () -> ReportCollector.Description, countsAsLeniency: Bool = true
    ) {
        if kind != .matchedKey {
            if countsAsLeniency { session.leniencyCount &+= 1 }
            if kind != .coerced { session.unrepeatedCount &+= 1 }
        }
        guard let report else { return }
        record(kind, rule(), entry: entry, place: place(), type: type, description: description(), in: report)
    }

    /// Adds a record to `report` (``note(_:_:entry:path:type:_:countsAsLeniency:)`` for a rule
    /// that counts itself).
    @inline(never)
    func record(
        _ kind: EventKindCode, _ rule: RuleCode, entry: Int?, place: ReportCollector.Place,
        type: Any.Type?, description: ReportCollector.Description, in report: ReportCollector
    ) {
        report.append(kind, rule, entry: entry, place: place, type: type, describe: description, map: map)
    }

}

extension ValueMap {
    /// The byte offset of the first byte of the value at `entry` (a string's opening quote) in
    /// the caller's `Data` (a byte-order mark counted), or `nil` for a map without source
    /// positions (a JSON object tree).
    func sourceOffset(of entry: Int) -> Int? {
        guard hasSourcePositions, entry < nullEntry else { return nil }
        return valueStart(entry) + leadingByteCount
    }

    /// Where the value at `entry` starts in the text: a string at its opening quote, which its
    /// entry's offset (the first byte of its contents) is one past.
    func valueStart(_ entry: Int) -> Int {
        kind(entry) == .string ? offset(entry) - 1 : offset(entry)
    }
}

extension LenientDecodingEvent {
    /// An event's description: what happened, after its place, so that a logged event stands
    /// on its own: `$.users[3].age (line 12, column 15): coerced "12" to Int 12.` (no line and
    /// column for `fromJSONObject`). `what` is a sentence (`Coerced "12" to Int 12.`); its first
    /// letter is lowercased unless it starts a word in capitals (`UUID`), and it ends in a period
    /// (or the `?` or `!` it has).
    static func sentence(_ what: String, at path: String, _ location: SourceLocation?) -> String {
        // Room for the whole sentence at once: grown append by append, the text was copied at
        // each doubling (a summary's first events, Benchmarks `lenient-report-summary`).
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count + what.utf8.count + 48)
        result.append(contentsOf: path.utf8)
        appendSentence(what, after: location, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends what ``sentence(_:at:_:)`` writes after the path to `result`, as UTF-8 bytes:
    /// what a summary written from a decode's records writes after each first event's path
    /// (``SummaryWriter``).
    static func appendSentence(_ what: String, after location: SourceLocation?, to result: inout [UInt8]) {
        appendSentence(after: location, to: &result) { result in
            // Copied from the text's own storage: appended through a `UTF8View`, a byte at a
            // time, the sentences cost a fifth of a messy twitter's summary.
            result.append(utf8Of: what)
        }
    }

    /// ``appendSentence(_:after:to:)`` of the sentence `writeWhat` appends to `result` as UTF-8
    /// bytes: a summary line writes a key match's sentence into its own buffer so, without
    /// making it a string first (``ReportCollector/Record/appendWhatItDid(names:to:)``).
    static func appendSentence(
        after location: SourceLocation?, to result: inout [UInt8], _ writeWhat: (inout [UInt8]) -> Void
    ) {
        if let location {
            result.append(literal: " (line ")
            JSONPath.appendDecimal(location.line, to: &result)
            result.append(literal: ", column ")
            JSONPath.appendDecimal(location.column, to: &result)
            result.append(literal: "): ")
        } else {
            result.append(literal: ": ")
        }
        let start = result.count
        writeWhat(&result)
        guard result.count > start else { return }
        if result[start] < 0x80 {
            // The rules' sentences start with an ASCII letter: told by its byte, not its Character
            // properties, which cost more than the rest of the event.
            if result.count - start > 1, (0x41...0x5A).contains(result[start]),
                (0x61...0x7A).contains(result[start + 1])
            {
                result[start] |= 0x20
            }
        } else {
            let what = String(decoding: result[start...], as: UTF8.self)
            result.removeSubrange(start...)
            if let first = what.first, first.isUppercase, what.dropFirst().first?.isLowercase == true {
                result.append(contentsOf: (first.lowercased() + what.dropFirst()).utf8)
            } else {
                result.append(contentsOf: what.utf8)
            }
        }
        if let last = result.last, last != UInt8(ascii: "."), last != UInt8(ascii: "?"), last != UInt8(ascii: "!") {
            result.append(UInt8(ascii: "."))
        }
    }
}
