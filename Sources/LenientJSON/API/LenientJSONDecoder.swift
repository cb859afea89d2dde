import Foundation

/// A drop-in replacement for `JSONDecoder` that decodes ordinary `Decodable` types tolerantly.
///
/// `LenientJSONDecoder` is a subclass of `JSONDecoder`, so it is accepted by every API that
/// takes one. Where `JSONDecoder` succeeds, it returns an equal value; where `JSONDecoder`
/// would throw, the ``policy`` decides whether the value is coerced, defaulted or recovered.
/// With ``LenientPolicy/strict`` it behaves exactly like `JSONDecoder`. Models need no
/// change: no property wrappers, macros or protocols.
///
/// ```swift
/// struct User: Decodable { var firstName: String; var age: Int }
///
/// let json = #"{"first_name": "Ada", "age": "36"}"#
/// let user = try LenientJSONDecoder().decode(User.self, from: Data(json.utf8))
/// // User(firstName: "Ada", age: 36)
/// ```
///
/// Inherited settings are honoured: `dateDecodingStrategy`, `dataDecodingStrategy`,
/// `nonConformingFloatDecodingStrategy`, `keyDecodingStrategy`, `userInfo`, `allowsJSON5`
/// and `assumesTopLevelDictionary`. Each setting is read once, when a decode starts. One
/// decoder may be used from many threads at once.
///
/// Pass a ``LenientDecodingReport`` to ``decode(_:from:report:)`` to see what leniency did,
/// decode a `JSONSerialization` tree with ``decode(_:fromJSONObject:)``, or a value inside a
/// document with ``decode(_:from:at:)``.
// `@unchecked Sendable` is sound: every stored property of its own is read and written only
// while holding `lock` (JSONDecoder's settings are behind JSONDecoder's own lock).
open class LenientJSONDecoder: JSONDecoder, @unchecked Sendable {
    private let lock = NSLock()
    private var _policy: LenientPolicy
    private var _dateFormats: [String] = []
    /// The formatters of the patterns last read for a decode (``dateFormats``, or a subclass's
    /// override of it), built once per change of patterns.
    private var formatterCache: (patterns: [String], formatters: [DateFormatterBox]) = ([], [])

    /// Creates a decoder with the default policy, ``LenientPolicy/lenient``.
    ///
    /// The inherited strategies start with `JSONDecoder`'s defaults, and ``dateFormats`` is
    /// empty; set them before the decoder is shared between threads.
    ///
    /// ```swift
    /// let decoder = LenientJSONDecoder()
    /// decoder.dateDecodingStrategy = .iso8601
    /// ```
    public override init() {
        _policy = .lenient
        super.init()
    }

    /// Creates a decoder with the given policy.
    ///
    /// ```swift
    /// let strict = LenientJSONDecoder(policy: .strict)        // exactly JSONDecoder
    /// let permissive = LenientJSONDecoder(policy: .permissive)
    /// ```
    ///
    /// - Parameter policy: How tolerant decoding is: a preset (``LenientPolicy/strict``,
    ///   ``LenientPolicy/lenient``, ``LenientPolicy/permissive``) or a policy of your own.
    public convenience init(policy: LenientPolicy) {
        self.init()
        self.policy = policy
    }

    /// How tolerant decoding is.
    ///
    /// The policy decides which coercions apply, how keys are matched, and what happens to a
    /// missing or invalid value; see ``LenientPolicy``. A decode reads it once, when it
    /// starts, through this property, so a subclass that overrides it is honoured and a
    /// change while a decode runs affects only the next one.
    ///
    /// ```swift
    /// decoder.policy = .permissive
    /// decoder.policy.keyMatching = .exact
    /// ```
    ///
    /// The default is ``LenientPolicy/lenient``.
    open var policy: LenientPolicy {
        get { lock.withLock { _policy } }
        set { lock.withLock { _policy = newValue } }
    }

    /// Extra date patterns (`DateFormatter` syntax) tried in order when the date strategy
    /// and the built-in date fallbacks fail.
    ///
    /// Each pattern is read in the `en_US_POSIX` locale, in UTC unless the pattern has a zone.
    /// The patterns are tried only while ``LenientPolicy/Coercions/dateFallbacks`` is in the
    /// policy's ``LenientPolicy/coercions``, and each date they read adds a
    /// ``LenientDecodingEvent/Kind/coerced`` event naming the pattern.
    ///
    /// ```swift
    /// decoder.dateFormats = ["dd.MM.yyyy", "MMM d, yyyy HH:mm"]
    /// ```
    ///
    /// The default is an empty list.
    open var dateFormats: [String] {
        get { lock.withLock { _dateFormats } }
        set { lock.withLock { _dateFormats = newValue } }
    }

    private var _identityMap: IdentityMap?
    private var _collectsAllErrors = false

    /// Where instances of `Identifiable` classes are shared, one per type and `id`.
    ///
    /// With a map set, a class that conforms to `Identifiable` decodes to the first instance
    /// decoded for its `id`, within one document and across every decode that uses the same
    /// map; see ``IdentityMap``. Structures and other types are not affected. Share one map
    /// between decoders, or set a new one to start afresh.
    ///
    /// ```swift
    /// decoder.identityMap = IdentityMap()
    /// let first = try decoder.decode([User].self, from: page1)
    /// let second = try decoder.decode([User].self, from: page2)   // same User objects per id
    /// ```
    ///
    /// The default is `nil`: every occurrence decodes to an instance of its own.
    open var identityMap: IdentityMap? {
        get { lock.withLock { _identityMap } }
        set { lock.withLock { _identityMap = newValue } }
    }

    /// Whether a decode that fails lists every problem of the document instead of the first.
    ///
    /// When `true` and a decode fails, the decoder goes on to the end of the document, standing
    /// in for each value that cannot be decoded only to keep going, and throws one
    /// ``LenientDecodingErrors`` listing every problem, in document order, each once: the same
    /// `DecodingError`s, with path, line, column, expected and found, that the decoder throws
    /// one at a time. A document without problems decodes as it does when this is `false`, at
    /// the same cost; a document with one problem throws a ``LenientDecodingErrors`` of one
    /// error. Invalid JSON is listed alone: the first syntax error ends the document.
    ///
    /// ```swift
    /// decoder.collectsAllErrors = true
    /// do {
    ///     let order = try decoder.decode(Order.self, from: data)
    /// } catch let problems as LenientDecodingErrors {
    ///     for error in problems.errors { print(error) }
    /// }
    /// ```
    ///
    /// The default is `false`: a decode throws its first `DecodingError`, as `JSONDecoder` does.
    open var collectsAllErrors: Bool {
        get { lock.withLock { _collectsAllErrors } }
        set { lock.withLock { _collectsAllErrors = newValue } }
    }

    private var _reportsUnusedKeys = false

    /// Whether a decode that produces a report also reports every object member no model read.
    ///
    /// When `true`, a decode with a `report:` argument, an ``onReport`` or a ``statistics``
    /// adds, after the decode, one ``LenientDecodingEvent/Kind/unusedKey`` event (rule
    /// ``LenientRule/keyUnused``) per member of an object a model read through a keyed container
    /// that nothing read: not decoded by its key, an alias, a key path or a normalized match,
    /// nor tested by `decodeNil`. Its `found` is the member's value and its `type` the model
    /// whose container skipped it. Values taken as a whole (a `Dictionary`, a ``JSONValue``, a
    /// registered decoding closure) have no unused members. Where the same container missed a
    /// key whose did-you-mean is the unused member, the event names that key: a likely alias.
    ///
    /// ```swift
    /// decoder.reportsUnusedKeys = true
    /// var report = LenientDecodingReport()
    /// let user = try decoder.decode(User.self, from: data, report: &report)
    /// // $.firstname (line 1, column 14): unused key "firstname" in User; did you mean "firstName", …
    /// ```
    ///
    /// Every policy reports them, `.strict` included. The default is `false`: nothing is
    /// tracked. See "Unused keys" in the report article.
    open var reportsUnusedKeys: Bool {
        get { lock.withLock { _reportsUnusedKeys } }
        set { lock.withLock { _reportsUnusedKeys = newValue } }
    }

    // MARK: Reporting without a report: argument (see LenientJSONDecoder+Reporting.swift)

    private var _onReport: (@Sendable (LenientDecodingReport) -> Void)?
    private var _statistics: LenientDecodingStatistics?
    /// The record storage kept between this decoder's decodes with a report (Report/RecordBufferPool.swift).
    let recordBuffers = RecordBufferPool()

    /// Called once after each decode that produced at least one event, with that decode's events.
    ///
    /// Every decode counts: ``decode(_:from:)`` and the other overloads, `decode(_:fromXML:)`,
    /// and each element of ``elements(of:from:)-(_,URL)`` (one call per element with events). It is
    /// called after the decode returns or throws, with the same events a `report:` argument
    /// would get; with a `report:` argument as well, the events go to both. Where a framework
    /// calls ``decode(_:from:)`` and nothing else, this is how its decodes are reported:
    ///
    /// ```swift
    /// decoder.onReport = { report in logger.info("\(report.summary)") }
    /// ```
    ///
    /// `nil` (the default) costs nothing: a decode collects its events only when this, a
    /// ``statistics`` or a `report:` argument reads them.
    open var onReport: (@Sendable (LenientDecodingReport) -> Void)? {
        get { lock.withLock { _onReport } }
        set { lock.withLock { _onReport = newValue } }
    }

    /// Counters that every decode is added to, with or without events.
    ///
    /// As for ``onReport``, every overload counts and each streamed element is one decode.
    /// `nil` (the default) costs nothing.
    ///
    /// ```swift
    /// let statistics = LenientDecodingStatistics()
    /// decoder.statistics = statistics
    /// // later:
    /// print(statistics.snapshot.summary)
    /// ```
    open var statistics: LenientDecodingStatistics? {
        get { lock.withLock { _statistics } }
        set { lock.withLock { _statistics = newValue } }
    }

    /// ``onReport`` and ``statistics``, read at once when a decode starts.
    func reportReaders() -> (
        onReport: (@Sendable (LenientDecodingReport) -> Void)?, statistics: LenientDecodingStatistics?
    ) {
        lock.withLock { (_onReport, _statistics) }
    }

    // MARK: Mapping (registrations, key paths and updates; see Mapping/)

    private var _registrations: Registrations?
    private var _keyPathSeparator: String?

    /// The separator of key paths in coding keys: with `"."`, a key such as `"address.city"`
    /// that the object does not have as it is spelled is looked up as a nested path.
    ///
    /// Each step of the path is a key spelled exactly as in the input (or an index, where the
    /// step meets an array). With any separator set, the empty key `""` that the object does
    /// not have reads the enclosing object itself, so a nested model can be filled from its
    /// parent's keys. Key paths are tried after the exact key and its registered aliases, and
    /// before normalized matching; `contains` and `decodeIfPresent` agree.
    ///
    /// ```swift
    /// struct Person: Decodable {
    ///     var name: String
    ///     var city: String
    ///     var address: Address          // filled from Person's own object
    ///     enum CodingKeys: String, CodingKey { case name, city = "address.city", address = "" }
    /// }
    /// decoder.keyPathSeparator = "."
    /// ```
    ///
    /// The default is `nil`: keys are only looked up as they are.
    open var keyPathSeparator: String? {
        get { lock.withLock { _keyPathSeparator } }
        set { lock.withLock { _keyPathSeparator = newValue } }
    }

    /// Changes the decoder's registrations under its lock, so that a registration is safe
    /// while other threads decode (each decode works with the registrations it started with).
    func changeRegistrations(_ change: (Registrations) -> Registrations) {
        lock.withLock { _registrations = change(_registrations ?? Registrations()) }
    }

    /// Updates a value from a JSON merge patch (RFC 7396): the value is encoded, the patch is
    /// merged into its encoded form, and the result is decoded leniently.
    ///
    /// The value is encoded with a `JSONEncoder` whose strategies match the decoder's (a
    /// `.custom` date, data or key strategy is encoded with the default one). In the patch, a
    /// member sets or merges the value of its key, `null` removes it, and anything but an
    /// object replaces the whole value. The merged document is decoded by
    /// ``decode(_:from:)``, so every rule of the policy and every registration applies.
    ///
    /// ```swift
    /// var user = User(name: "Ada", age: 36, email: "ada@example.com")
    /// try decoder.update(&user, from: Data(#"{"age": "37", "email": null}"#.utf8))
    /// // User(name: "Ada", age: 37, email: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to update; it is left unchanged when anything fails.
    ///   - data: The merge patch, JSON text as for ``decode(_:from:)``.
    /// - Throws: `DecodingError` when the patch is not valid JSON or the merged document does
    ///   not decode as `T`; `EncodingError` when `value` cannot be encoded.
    open func update<T: Codable>(_ value: inout T, from data: Data) throws {
        value = try MergePatch.updated(value, from: data, using: self)
    }

    // MARK: Decoding Data

    /// Decodes a value of the given type from JSON data.
    ///
    /// Where `JSONDecoder` would decode the data, the value is equal to `JSONDecoder`'s; where
    /// it would throw, the ``policy`` decides whether a value is coerced, its key matched by
    /// its normalized spelling, defaulted, dropped or recovered as `nil`. Invalid JSON is
    /// never recovered.
    ///
    /// ```swift
    /// let user = try decoder.decode(User.self, from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode. A subclass passed as its base class's metatype
    ///     (`Employee.self as Person.Type`) decodes as the subclass.
    ///   - data: JSON text in UTF-8, UTF-16 or UTF-32, with or without a byte order mark
    ///     (JSON5 when `allowsJSON5` is set).
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, of the case `JSONDecoder` throws: `dataCorrupted` when the
    ///   data is not valid JSON, `typeMismatch`, `valueNotFound` or `keyNotFound` when the
    ///   value cannot be decoded under the policy. Its `debugDescription` names the JSON path,
    ///   the line and column, what was expected and what was found.
    open override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try reporting(into: nil) { try decode(type, from: data, collector: $0) }
    }

    /// ``decode(_:from:)`` with `collector` getting the events, where someone reads them.
    private func decode<T: Decodable>(_ type: T.Type, from data: Data, collector: ReportCollector?) throws -> T {
        do {
            return try withDocument(data, report: collector) { impl in
                try impl.unwrap(0, as: type, parent: .root, key: nil)
            }
        } catch let error as DecodingError {
            throw failure(error) {
                try withDocument(data) { $0.collectProblems(of: type, at: 0, parent: .root, firstError: error) }
            }
        }
    }

    /// Decodes a value of a type that needs a configuration from JSON data.
    ///
    /// The value's `init(from:configuration:)` is given `configuration`; everything else is
    /// as in ``decode(_:from:)``.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON text, as for ``decode(_:from:)``.
    ///   - configuration: The configuration passed to the type's `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as ``decode(_:from:)`` throws it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    open override func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        do {
            return try reporting(into: nil) { collector in
                try withDocument(data, report: collector) { impl in
                    try impl.unwrap(0, as: type, configuration: configuration, parent: .root, key: nil)
                }
            }
        } catch let error as DecodingError {
            throw failure(error) {
                try withDocument(data) {
                    $0.collectProblems(of: type, configuration: configuration, at: 0, firstError: error)
                }
            }
        }
    }

    /// Decodes a value of a type that needs a configuration from JSON data, with the
    /// configuration a provider type supplies.
    ///
    /// The value's `init(from:configuration:)` is given the provider's
    /// `decodingConfiguration`; everything else is as in ``decode(_:from:)``.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON text, as for ``decode(_:from:)``.
    ///   - configuration: The type whose `decodingConfiguration` is passed to the decoded
    ///     type's `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as ``decode(_:from:)`` throws it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    open override func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where
        T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
        T.DecodingConfiguration == C.DecodingConfiguration
    {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// Decodes a value of the given type from JSON data, adding to a report what leniency did.
    ///
    /// Each coercion, fuzzy key match, default, dropped element and recovery to `nil` adds
    /// one ``LenientDecodingEvent`` with its JSON path, line and column, in the order they
    /// happened. The report describes the value returned: an attempt that was abandoned (a
    /// `try?` in a hand-written `init(from:)`, a recovery that fell back further, a value
    /// built and then discarded) adds nothing, and a decode that throws adds nothing.
    ///
    /// ```swift
    /// var report = LenientDecodingReport()
    /// let user = try decoder.decode(User.self, from: data, report: &report)
    /// for event in report.events { print(event) }
    /// // $.id (line 1, column 8): coerced string "1001" to Int 1001.
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON text, as for ``decode(_:from:)``.
    ///   - report: The report the decode's events are appended to; events already in it
    ///     are kept.
    /// - Returns: The decoded value, as ``decode(_:from:)`` returns it.
    /// - Throws: `DecodingError`, as ``decode(_:from:)`` throws it.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, report: inout LenientDecodingReport) throws -> T {
        try reporting(into: &report) { try decode(type, from: data, collector: $0) }
    }

    /// Decodes a value of the given type found at a path inside the JSON data.
    ///
    /// Each step of the path is an object key or an array index (see ``JSONPathComponent``).
    /// Keys are matched exactly as written, without the key decoding strategy or normalized
    /// matching; the value at the end of the path is decoded under the policy, as by
    /// ``decode(_:from:)``, and its errors carry the full path from the document's root.
    ///
    /// ```swift
    /// let baby = try decoder.decode(Cat.self, from: data, at: ["Animals", 1, "Cat", "Babies", 1])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON text, as for ``decode(_:from:)``.
    ///   - path: The steps from the document's root to the value; `[]` is the root itself.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError.keyNotFound` when an object has no member for a key,
    ///   `.valueNotFound` when an index is past the end of its array or a step meets `null`,
    ///   `.typeMismatch` when a step meets a value of the other kind, and any error of
    ///   ``decode(_:from:)``.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: [JSONPathComponent]) throws -> T {
        do {
            return try reporting(into: nil) { collector in
                try withDocument(data, report: collector) { impl in
                    let (entry, node) = try impl.locate(path)
                    return try impl.unwrap(entry, as: type, parent: node, key: nil)
                }
            }
        } catch let error as DecodingError {
            throw failure(error) {
                try withDocument(data) { impl in
                    let (entry, node) = try impl.locate(path)
                    return impl.collectProblems(of: type, at: entry, parent: node, firstError: error)
                }
            }
        }
    }

    // MARK: Decoding JSON object trees

    /// Decodes a value of the given type from a JSON object tree: the output of
    /// `JSONSerialization`, or a hand-written tree.
    ///
    /// The tree is decoded by the same rules as JSON data, and to the value `JSONDecoder`
    /// would decode from the tree written out as JSON. `Bool` is told apart from `NSNumber`
    /// integers, and a `Date` in the tree decodes to itself.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    /// let user = try decoder.decode(User.self, fromJSONObject: object)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - object: A tree of `[String: Any]`, `[Any]`, `NSNumber`, `String`, `Bool`, `Int`,
    ///     `Double`, `Decimal`, `NSNull`, `Date` and `Optional.none` values.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError.typeMismatch` for a value in the tree of any other type, and
    ///   the errors of ``decode(_:from:)`` (without a line and column: a tree has no text).
    open func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try reporting(into: nil) { try decodeTree(type, object, report: $0) }
    }

    /// Decodes a value of the given type from a JSON object tree, adding to a report what
    /// leniency did.
    ///
    /// As ``decode(_:from:report:)``, except that events carry paths but no line or column
    /// (a tree has no text).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - object: A tree of values, as for ``decode(_:fromJSONObject:)``.
    ///   - report: The report the decode's events are appended to; events already in it
    ///     are kept.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as ``decode(_:fromJSONObject:)`` throws it.
    open func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any, report: inout LenientDecodingReport)
        throws -> T
    {
        try reporting(into: &report) { try decodeTree(type, object, report: $0) }
    }

    func decodeTree<T: Decodable>(_ type: T.Type, _ object: Any, report: ReportCollector?) throws -> T {
        try decodeRoot(type, of: JSONObjectTree.map(of: object), report: report)
    }

    /// Decodes `type` from the root of `map` (a `fromJSONObject` tree's or an XML document's),
    /// listing every problem instead of the first when ``collectsAllErrors`` is set.
    func decodeRoot<T: Decodable>(_ type: T.Type, of map: ValueMap, report: ReportCollector?) throws -> T {
        let impl = DecoderImpl(
            map: map, options: snapshot(), entry: 0, pathNode: .root, report: report, reusesContainers: true,
            tracksUnusedKeys: true)
        defer { impl.endDecode() }
        do {
            let value = try impl.unwrap(0, as: type, parent: .root, key: nil)
            impl.reportUnusedKeys()
            return value
        } catch let error as DecodingError {
            throw failure(error) {
                DecoderImpl(map: map, options: snapshot(), entry: 0, pathNode: .root).collectProblems(
                    of: type, at: 0, parent: .root, firstError: error)
            }
        }
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
        options.registrations = lock.withLock { _registrations }
        options.keyPathSeparator = keyPathSeparator
        options.identityMap = identityMap
        options.reportsUnusedKeys = reportsUnusedKeys
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
    /// copied only if the map outlives the decode (``ValueMap/keepBytes()``). `options` are the
    /// settings read when a stream started (else they are read now); `origin` places a
    /// stream's element in the whole stream, for the lines, columns and paths of its errors;
    /// `partial` marks what is still open in the closed text of a document arrived in part.
    func withDocument<R>(
        _ data: Data, report: ReportCollector? = nil, options: DecodingOptions? = nil, origin: DocumentOrigin? = nil,
        partial: PartialReading? = nil, _ body: (DecoderImpl) throws -> R
    ) throws -> R {
        let options = options ?? snapshot()
        do {
            return try InputEncoding.withUTF8(data) { raw, isOriginal, leadingByteCount in
                guard raw.count <= EntryBuffer.maxBytes else {
                    throw DecodingErrors.inputTooLarge(byteCount: raw.count)
                }
                let borrows = isOriginal && !options.allowsJSON5 && ValueMap.canBorrow(raw)
                let bytes =
                    borrows
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
                    map = ValueMap(
                        entries: words, bytes: bytes, ownsBytes: !borrows, hasSourcePositions: true,
                        isJSON5: options.allowsJSON5)
                } catch {
                    defer { if !borrows { bytes.deallocate() } }
                    throw DecodingErrors.syntax(
                        error, path: origin?.path ?? [], bytes: text, origin: origin?.location ?? .start,
                        leadingByteCount: leadingByteCount)
                }
                if let origin { map.locator = SourceLocator(origin: origin.location) }
                map.leadingByteCount = leadingByteCount
                // The decoder lives only inside `decodeRoot`, so that once it returns, the map is
                // uniquely referenced unless something (an error, a kept `Decoder`) still holds it.
                func decodeRoot(_ map: ValueMap) throws -> R {
                    let impl = DecoderImpl(
                        map: map, options: options, entry: 0, pathNode: .root, report: report, reusesContainers: true,
                        tracksUnusedKeys: true, partial: partial)
                    defer { impl.endDecode() }
                    let value = try body(impl)
                    impl.reportUnusedKeys()
                    return value
                }
                defer {
                    report?.documentEnded()
                    if borrows && !isKnownUniquelyReferenced(&map) { map.keepBytes() }
                }
                return try decodeRoot(map)
            }
        } catch let error as JSONSyntaxError {
            throw DecodingErrors.syntax(error, path: origin?.path ?? [], bytes: nil)
        }
    }
}
