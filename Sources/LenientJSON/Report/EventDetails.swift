import Foundation

/// The fields of a batch's ``LenientDecodingEvent``s that cost the most to make and that reading
/// a report mostly skips — each event's found value, its type's name, its sentence, its line and
/// column — made from the event's record (``ReportCollector/Record``) the first time each is
/// read. An event refers to its batch's details and its own position in them.
///
/// Reading every event's rule, path and pointer (a test's assertion, a metrics exporter) made
/// each of these too when ``EventBatch`` made its events: about two thirds of the instructions of
/// a messy twitter report read (Benchmarks `instructions lenient-report-read messy_twitter`).
/// One object per event, holding a copy of its record, then cost half of what was left: one
/// object per batch, holding the records it was given, costs one reference per event.
/// `ReportLazyDetailsTests` checks that the fields made so equal those made at once.
///
/// Safe to read from any thread: every access takes `lock`. The records, and the documents they
/// point into, are let go once every event has its found value, type and sentence made (the
/// sentence makes the line and column).
final class EventDetails: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`. `records` is emptied once every event's fields are made.
    private var records: [ReportCollector.Record]
    /// The path string of each event, which its sentence starts with: as it was made, whatever
    /// a user later sets on a copy of the event.
    private var paths: [String] = []
    /// The fields made so far, by event; each array is made at the first read of its field.
    private var madeFound: [JSONValue??] = []
    private var madeType: [String?] = []
    private var madeDescription: [String?] = []
    private var madeLocation: [SourceLocation??] = []
    /// How many events have their found value, type and sentence made: at `records.count`, the
    /// records are let go.
    private var settledCount = 0
    /// Whether each event has its found value, type and sentence made.
    private var settled: [Bool] = []
    /// The names of the types the events name, each made once.
    private var names = TypeNames()
    private var readers: [ObjectIdentifier: DecoderImpl] = [:]
    /// A locator of each document, where its lines start counting (a streamed element's first
    /// line is a line of the stream); each walks on from the place it last found, so reading
    /// the events' lines in document order costs one pass over the text, and in any other
    /// order one more (``SourceLocator``).
    private var locators: [ObjectIdentifier: SourceLocator]

    /// Details whose documents' lines are counted by `locators`, by document, and whose events
    /// are given by ``fill(records:paths:)``.
    init(locators: [ObjectIdentifier: SourceLocator]) {
        records = []
        self.locators = locators
    }

    /// Gives the details their events: those of `records`, at `paths` (what their sentences start
    /// with). Called once, before any event that refers to these details is read.
    func fill(records: consuming [ReportCollector.Record], paths: consuming [String]) {
        lock.lock()
        defer { lock.unlock() }
        self.records = records
        self.paths = paths
    }

    /// The line and column of event `index`'s value, `nil` where there is no text (a JSON object
    /// tree) or no value (a missing key).
    func location(of index: Int) -> SourceLocation? {
        lock.lock()
        defer { lock.unlock() }
        return makeLocation(of: index)
    }

    /// The line and column, made if not yet. Called with `lock` held.
    private func makeLocation(of index: Int) -> SourceLocation? {
        if madeLocation.isEmpty { madeLocation = Array(repeating: nil, count: paths.count) }
        if let made = madeLocation[index] { return made }
        var location: SourceLocation?
        if index < records.count, let entry = records[index].entry, records[index].map.hasSourcePositions {
            let map = records[index].map
            let key = ObjectIdentifier(map)
            var locator = locators.removeValue(forKey: key) ?? map.locator.restarted()
            location = map.location(of: entry, using: &locator)
            locators[key] = locator
        }
        madeLocation[index] = .some(location)
        return location
    }

    /// The input's value at event `index`'s place, or `nil` where there is none.
    func found(of index: Int) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        if madeFound.isEmpty { madeFound = Array(repeating: nil, count: paths.count) }
        if let made = madeFound[index] { return made }
        var found: JSONValue?
        if index < records.count, let entry = records[index].entry {
            let map = records[index].map
            let reader: DecoderImpl
            if let known = readers[ObjectIdentifier(map)] {
                reader = known
            } else {
                reader = DecoderImpl(map: map, options: DecodingOptions(), entry: 0, pathNode: .root)
                readers[ObjectIdentifier(map)] = reader
            }
            found = try? reader.jsonValue(entry, path: .root)
        }
        madeFound[index] = .some(found)
        settleIfDone(index)
        return found
    }

    /// The name of the Swift type decoded at event `index`'s place.
    func type(of index: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        if madeType.isEmpty { madeType = Array(repeating: nil, count: paths.count) }
        if let made = madeType[index] { return made }
        var name = ""
        if index < records.count, let type = records[index].type { name = names.name(of: type) }
        madeType[index] = name
        settleIfDone(index)
        return name
    }

    /// Event `index`'s sentence: its path, its line and column, what the rule did.
    func description(of index: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        if madeDescription.isEmpty { madeDescription = Array(repeating: nil, count: paths.count) }
        if let made = madeDescription[index] { return made }
        let what = index < records.count ? records[index].whatItDid(names: &names) : ""
        let description = LenientDecodingEvent.sentence(what, at: paths[index], makeLocation(of: index))
        madeDescription[index] = description
        settleIfDone(index)
        return description
    }

    /// Which of event `index`'s fields are not made yet.
    func unmade(_ index: Int) -> (found: Bool, type: Bool, description: Bool, location: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (
            madeFound.isEmpty || madeFound[index] == nil, madeType.isEmpty || madeType[index] == nil,
            madeDescription.isEmpty || madeDescription[index] == nil,
            madeLocation.isEmpty || madeLocation[index] == nil
        )
    }

    /// Whether event `index`'s record, and the document it points into, are still needed: until
    /// its found value, type and sentence are made.
    func holdsRecord(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return !records.isEmpty && (settled.isEmpty || !settled[index])
    }

    /// Notes event `index` settled once its found value, type and sentence are made, and lets
    /// the records, and with them their documents, go once every event is. Called with `lock` held.
    private func settleIfDone(_ index: Int) {
        guard !madeFound.isEmpty, !madeType.isEmpty, !madeDescription.isEmpty,
            madeFound[index] != nil, madeType[index] != nil, madeDescription[index] != nil
        else { return }
        if settled.isEmpty { settled = Array(repeating: false, count: paths.count) }
        guard !settled[index] else { return }
        settled[index] = true
        settledCount += 1
        if settledCount == paths.count {
            records = []
            readers = [:]
            locators = [:]
        }
    }
}
