import Foundation

/// A drop-in replacement for `JSONDecoder` that decodes ordinary `Decodable` types tolerantly.
///
/// `LenientJSONDecoder` is a subclass of `JSONDecoder`, so it is accepted by every API that
/// takes one. Where `JSONDecoder` succeeds, it returns an equal value; where `JSONDecoder`
/// would throw, the ``policy`` decides whether the value is coerced, defaulted or recovered.
/// With ``LenientPolicy/strict`` it behaves exactly like `JSONDecoder`.
///
/// ```swift
/// struct User: Decodable { var firstName: String; var age: Int }
/// let user = try LenientJSONDecoder().decode(User.self, from: data)
/// ```
///
/// Inherited settings are honoured: `dateDecodingStrategy`, `dataDecodingStrategy`,
/// `nonConformingFloatDecodingStrategy`, `keyDecodingStrategy`, `userInfo`, `allowsJSON5`
/// and `assumesTopLevelDictionary`. One decoder may be used from many threads at once.
open class LenientJSONDecoder: JSONDecoder, @unchecked Sendable {
    private let lock = NSLock()
    private var _policy: LenientPolicy
    private var _dateFormats: [String] = []
    /// The formatters of the patterns last read for a decode (``dateFormats``, or a subclass's
    /// override of it), built once per change of patterns.
    private var formatterCache: (patterns: [String], formatters: [DateFormatterBox]) = ([], [])

    /// Creates a decoder with the ``LenientPolicy/lenient`` policy.
    public override init() {
        _policy = .lenient
        super.init()
    }

    /// Creates a decoder with the given policy.
    public convenience init(policy: LenientPolicy) {
        self.init()
        self.policy = policy
    }

    /// How tolerant decoding is. The default is ``LenientPolicy/lenient``.
    open var policy: LenientPolicy {
        get { lock.withLock { _policy } }
        set { lock.withLock { _policy = newValue } }
    }

    /// Extra date patterns (`DateFormatter` syntax) tried in order when the date strategy
    /// fails; read in `en_US_POSIX`, in UTC unless the pattern has a zone. Empty by default.
    open var dateFormats: [String] {
        get { lock.withLock { _dateFormats } }
        set { lock.withLock { _dateFormats = newValue } }
    }

    // MARK: Decoding Data

    /// Decodes a value of `type` from JSON data.
    ///
    /// - Throws: `DecodingError` naming the JSON path, line and column when the data is not
    ///   valid JSON or the value cannot be decoded under the policy.
    open override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try withDocument(data) { impl in try impl.unwrap(0, as: type, parent: .root, key: nil) }
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON data.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    open override func decode<T: DecodableWithConfiguration>(_ type: T.Type, from data: Data, configuration: T.DecodingConfiguration) throws -> T {
        try withDocument(data) { impl in try impl.unwrap(0, as: type, configuration: configuration, parent: .root, key: nil) }
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON data, with the configuration
    /// of a `DecodingConfigurationProviding` type.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    open override func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// Decodes a value of `type` from JSON data, adding to `report` what leniency did.
    ///
    /// Each coercion, fuzzy key match, default, dropped element and recovery to `nil` adds
    /// one ``LenientDecodingEvent`` with its JSON path, line and column. The report describes
    /// the value returned: an attempt that was abandoned (a `try?` in a hand-written
    /// `init(from:)`, a recovery that fell back further, a decode that throws) adds nothing.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, report: inout LenientDecodingReport) throws -> T {
        let collector = ReportCollector()
        defer { report.events.append(contentsOf: collector.events) }
        return try withDocument(data, report: collector) { impl in try impl.unwrap(0, as: type, parent: .root, key: nil) }
    }

    /// Decodes a value of `type` found at `path` inside the JSON data.
    ///
    /// ```swift
    /// let baby = try decoder.decode(Cat.self, from: data, at: ["Animals", 1, "Cat", "Babies", 1])
    /// ```
    /// - Throws: `DecodingError.keyNotFound` or `.valueNotFound` when the path leads nowhere.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: [JSONPathComponent]) throws -> T {
        try withDocument(data) { impl in
            let (entry, node) = try impl.locate(path)
            return try impl.unwrap(entry, as: type, parent: node, key: nil)
        }
    }

    // MARK: Decoding JSON object trees

    /// Decodes a value of `type` from the output of `JSONSerialization` or a hand-written
    /// tree of `[String: Any]`, `[Any]`, `NSNumber`, `String`, `Bool`, `Int`, `Double`,
    /// `Decimal`, `NSNull`, `Date` and `Optional.none` values.
    ///
    /// - Throws: `DecodingError.typeMismatch` for a value of any other type.
    open func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try decodeTree(type, object, report: nil)
    }

    /// Decodes a value of `type` from a JSON object tree, adding to `report` what leniency did.
    /// Events carry paths but no line or column (a tree has no text).
    open func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any, report: inout LenientDecodingReport) throws -> T {
        let collector = ReportCollector()
        defer { report.events.append(contentsOf: collector.events) }
        return try decodeTree(type, object, report: collector)
    }

    func decodeTree<T: Decodable>(_ type: T.Type, _ object: Any, report: ReportCollector?) throws -> T {
        let map = try JSONObjectTree.map(of: object)
        let impl = DecoderImpl(map: map, options: snapshot(), entry: 0, pathNode: .root, report: report)
        return try impl.unwrap(0, as: type, parent: .root, key: nil)
    }

    // MARK: Internals

    /// The decoder's settings, each read once, through its property (so that a subclass's
    /// override counts), at the start of one decode: the whole decode sees these values,
    /// whatever changes meanwhile.
    func snapshot() -> DecodingOptions {
        var options = DecodingOptions()
        options.dateDecodingStrategy = dateDecodingStrategy
        options.dataDecodingStrategy = dataDecodingStrategy
        options.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        options.keyDecodingStrategy = keyDecodingStrategy
        options.userInfo = userInfo
        options.allowsJSON5 = allowsJSON5
        options.assumesTopLevelDictionary = assumesTopLevelDictionary
        options.policy = policy
        options.dateFormatters = formatters(for: dateFormats)
        return options
    }

    /// The formatters of `patterns`: the cached ones when the patterns are those of the last
    /// decode (comparing arrays that share storage costs nothing), else new ones, cached.
    private func formatters(for patterns: [String]) -> [DateFormatterBox] {
        if let cached = lock.withLock({ formatterCache.patterns == patterns ? formatterCache.formatters : nil }) {
            return cached
        }
        let formatters = patterns.map(DateFormatterBox.init(pattern:))
        lock.withLock { formatterCache = (patterns, formatters) }
        return formatters
    }

    /// Scans `data` and runs `body` with a decoder at the document's root.
    ///
    /// UTF-8 input ending in `}`, `]`, a quote or whitespace is decoded in place; the bytes are
    /// copied only if the map outlives the decode (``ValueMap/keepBytes()``).
    func withDocument<R>(_ data: Data, report: ReportCollector? = nil, _ body: (DecoderImpl) throws -> R) throws -> R {
        let options = snapshot()
        do {
            return try InputEncoding.withUTF8(data) { raw, isOriginal in
                let borrows = isOriginal && !options.allowsJSON5 && ValueMap.canBorrow(raw)
                let bytes = borrows
                    // Borrowed bytes are typed as mutable only to share the owned copy's type;
                    // nothing writes through them (the scanner and decoder only read), and
                    // `Data`'s bytes are UInt8 already, so no rebinding is needed.
                    ? UnsafeMutableBufferPointer(mutating: raw.assumingMemoryBound(to: UInt8.self))
                    : ValueMap.ownedCopy(of: raw)
                let text = UnsafeBufferPointer(rebasing: bytes[..<raw.count])
                var map: ValueMap
                let words: EntryBuffer
                do throws(JSONSyntaxError) {
                    if options.allowsJSON5 {
                        var scanner = JSON5Scanner(bytes: text)
                        words = try scanner.scan(assumesTopLevelDictionary: options.assumesTopLevelDictionary)
                    } else {
                        var scanner = JSONScanner(bytes: text)
                        words = try scanner.scan(assumesTopLevelDictionary: options.assumesTopLevelDictionary)
                    }
                    map = ValueMap(entries: words, bytes: bytes, ownsBytes: !borrows, hasSourcePositions: true, isJSON5: options.allowsJSON5)
                } catch {
                    defer { if !borrows { bytes.deallocate() } }
                    throw DecodingErrors.syntax(error, path: [], bytes: text)
                }
                var options = options
                if words.hasTrailingComma && !options.allowsJSON5 {
                    // Invalid JSON is never recovered (SPEC 1.3); JSONDecoder accepts a trailing
                    // comma, so such a document is decoded exactly as JSONDecoder decodes it.
                    options.policy = .strict
                }
                var impl: DecoderImpl? = DecoderImpl(map: map, options: options, entry: 0, pathNode: .root, report: report)
                defer {
                    impl = nil
                    if borrows && !isKnownUniquelyReferenced(&map) { map.keepBytes() }
                }
                return try body(impl!)
            }
        } catch let error as JSONSyntaxError {
            throw DecodingErrors.syntax(error, path: [], bytes: nil)
        }
    }
}
