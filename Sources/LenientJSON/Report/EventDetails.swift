import Foundation

/// The fields of a ``LenientDecodingEvent`` that cost the most to make and that reading a report
/// mostly skips — its found value, its type's name, its sentence, its line and column — made from
/// its record (``ReportCollector/Record``) the first time each is read.
///
/// Reading every event's rule, path and pointer (a test's assertion, a metrics exporter) made
/// each of these too when ``EventBatch`` made its events: about two thirds of the instructions of
/// a messy twitter report read (Benchmarks `instructions lenient-report-read messy_twitter`).
/// Its line and column, a walk over the text, cost about a third of the rest (the same read of a
/// messy twitter). `ReportLazyDetailsTests` checks that the fields made so equal those made at once.
///
/// Safe to read from any thread: the events of one batch share one ``Context`` and its lock.
/// The record, and the document it points into, are let go once the found value, the type and
/// the sentence are made (the sentence makes the line and column).
final class EventDetails: @unchecked Sendable {
    /// What the details of one batch's events share: a lock, and what making them reuses from one
    /// event to the next (the names of the types, a reader of each document's values, a locator
    /// of each document's lines).
    final class Context: @unchecked Sendable {
        let lock = NSLock()
        // Guarded by `lock`.
        /// `String(describing:)` of a type is slow (it demangles), and a batch names few types.
        private var names: [ObjectIdentifier: String] = [:]
        private var readers: [ObjectIdentifier: DecoderImpl] = [:]
        /// A locator of each document, where its lines start counting (a streamed element's first
        /// line is a line of the stream); each walks on from the place it last found, so reading
        /// the events' lines in document order costs one pass over the text, and in any other
        /// order one more (``SourceLocator``).
        private var locators: [ObjectIdentifier: SourceLocator]

        /// A context whose documents' lines are counted by `locators`, by document.
        init(locators: [ObjectIdentifier: SourceLocator] = [:]) { self.locators = locators }

        /// The name of `type`, `""` for none. Called with `lock` held.
        func name(of type: Any.Type?) -> String {
            guard let type else { return "" }
            if let name = names[ObjectIdentifier(type)] { return name }
            let name = String(describing: type)
            names[ObjectIdentifier(type)] = name
            return name
        }

        /// A reader of `map`'s values. Called with `lock` held.
        func reader(of map: ValueMap) -> DecoderImpl {
            if let reader = readers[ObjectIdentifier(map)] { return reader }
            let reader = DecoderImpl(map: map, options: DecodingOptions(), entry: 0, pathNode: .root)
            readers[ObjectIdentifier(map)] = reader
            return reader
        }

        /// The line and column of the value at `entry` of `map`. Called with `lock` held.
        func location(of entry: Int, in map: ValueMap) -> SourceLocation {
            let key = ObjectIdentifier(map)
            var locator = locators.removeValue(forKey: key) ?? SourceLocator()
            let location = map.location(of: entry, using: &locator)
            locators[key] = locator
            return location
        }
    }

    private let context: Context
    /// The event's path string, which its sentence starts with.
    private let path: String
    // Guarded by `context.lock`. `record` is `nil` once every field is made.
    private var record: ReportCollector.Record?
    private var madeFound: JSONValue??
    private var madeType: String?
    private var madeDescription: String?
    private var madeLocation: SourceLocation??

    /// The details of `record`'s event, at `path` (what its sentence starts with).
    init(record: ReportCollector.Record, path: String, context: Context) {
        (self.record, self.path, self.context) = (record, path, context)
    }

    /// The line and column of the event's value, `nil` where there is no text (a JSON object
    /// tree) or no value (a missing key).
    var location: SourceLocation? {
        context.lock.lock()
        defer { context.lock.unlock() }
        return makeLocation()
    }

    /// The line and column, made if not yet. Called with `context.lock` held.
    private func makeLocation() -> SourceLocation? {
        if let madeLocation { return madeLocation }
        var location: SourceLocation?
        if let record, let entry = record.entry, record.map.hasSourcePositions {
            location = context.location(of: entry, in: record.map)
        }
        madeLocation = .some(location)
        return location
    }

    /// The input's value at the event's place, or `nil` where there is none.
    var found: JSONValue? {
        context.lock.lock()
        defer { context.lock.unlock() }
        if let madeFound { return madeFound }
        var found: JSONValue?
        if let record, let entry = record.entry {
            found = try? context.reader(of: record.map).jsonValue(entry, path: .root)
        }
        madeFound = .some(found)
        releaseRecordIfDone()
        return found
    }

    /// The name of the Swift type decoded at the event's place.
    var type: String {
        context.lock.lock()
        defer { context.lock.unlock() }
        if let madeType { return madeType }
        let type = context.name(of: record?.type)
        madeType = type
        releaseRecordIfDone()
        return type
    }

    /// The event's sentence: its path, its line and column, what the rule did.
    var description: String {
        context.lock.lock()
        defer { context.lock.unlock() }
        if let madeDescription { return madeDescription }
        var what = ""
        if let record {
            switch record.describe {
            case .made(let describe): what = describe()
            case .keyMatch(let spellings):
                what = DecoderImpl.keyMatchSentence(record.path, spellings: spellings, in: record.map)
            case .coercedScalar(let bits):
                let value = CoercedScalar.value(of: bits, as: record.type) ?? bits
                what = DecoderImpl.coercionSentence(value, at: record.entry, as: record.type, in: record.map)
            }
        }
        let description = LenientDecodingEvent.sentence(what, at: path, makeLocation())
        madeDescription = description
        releaseRecordIfDone()
        return description
    }

    /// Which fields are not made yet.
    var unmade: (found: Bool, type: Bool, description: Bool, location: Bool) {
        context.lock.lock()
        defer { context.lock.unlock() }
        return (madeFound == nil, madeType == nil, madeDescription == nil, madeLocation == nil)
    }

    /// Whether the record, and the document it points into, are still held.
    var holdsRecord: Bool {
        context.lock.lock()
        defer { context.lock.unlock() }
        return record != nil
    }

    /// Lets the record, and with it its document, go once nothing is left to make from it.
    /// Called with `context.lock` held.
    private func releaseRecordIfDone() {
        if madeFound != nil, madeType != nil, madeDescription != nil { record = nil }
    }
}
