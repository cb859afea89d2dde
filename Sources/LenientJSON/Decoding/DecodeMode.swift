import Foundation

/// How one decoder reads: the settings of the decode, where its events and problems go, and
/// which reading it is. A decoder's mode never changes; a reading in another mode (a
/// hand-written decoder's value read again strictly, a stand-in made while collecting errors)
/// is done by a nested decoder given that mode as its own (``DecoderImpl/nested(_:)``), so no
/// decode depends on a `defer` putting a setting back.
struct DecodeMode {
    /// The decoder's settings, read once when the decode started.
    let options: DecodingOptions
    /// What watches the decode: where its report events go and what it notes for unused keys
    /// (``DecodeObserver``), chosen when the decode starts.
    let observer: DecodeObserver
    /// The problems found while every problem of a document is listed
    /// (`DecoderImpl+ErrorCollection.swift`); `nil` in every other reading.
    let collection: ErrorCollection?
    /// Whether this is the strict reading of a value that leniency helped
    /// (`DecoderImpl+Alternatives.swift`): no rule applies, and a failed attempt is remembered.
    let readsStrictly: Bool
    /// Whether errors get their full message: `false` in readings whose errors nobody sees
    /// (strict attempts, stand-ins), which then skip the work of describing them.
    let describesErrors: Bool
    /// Whether this is the reading without structural rules (``withoutStructuralRules``), whose
    /// decoder remembers the values it failed to read (`DecoderImpl+Alternatives.swift`).
    let readsWithoutStructuralRules: Bool
    /// Whether a keyed read is the plain one: no registration, no default and no error
    /// collection can act on it. Chosen once; the other layers are in `KeyedContainer+Layers.swift`.
    let readsValuesPlainly: Bool
    /// Whether a keyed read is the plain one but for registrations: no default and no error
    /// collection can act on it. In a decode with registrations, a read that none of them
    /// applies to is then the plain one too (``KeyedContainer/readsPlainly(_:)``).
    let readsValuesPlainlyUnlessRegistered: Bool
    /// Whether a key is looked up by exact match alone: no normalized matching, no alias and no
    /// key path. Chosen once; the other matching is in `Keys/KeyedContainer+KeyMatching.swift`.
    let matchesKeysExactly: Bool
    /// What is still open in a document that has arrived in part (`Partial/PartialReading.swift`);
    /// `nil` in the decode of a whole document. A partial reading never reads values plainly:
    /// its members and elements still open pass through `Partial/KeyedContainer+Partial.swift`.
    let partial: PartialReading?

    /// The mode of a decode that the caller started: errors described, no strict reading; with
    /// `partial`, the reading of a document that has arrived in part.
    init(options: DecodingOptions, observer: DecodeObserver, partial: PartialReading? = nil) {
        self.init(
            options: options, observer: observer, collection: nil, readsStrictly: false, describesErrors: true,
            readsWithoutStructuralRules: false, partial: partial)
    }

    private init(
        options: DecodingOptions, observer: DecodeObserver, collection: ErrorCollection?, readsStrictly: Bool,
        describesErrors: Bool, readsWithoutStructuralRules: Bool, partial: PartialReading?
    ) {
        self.options = options
        self.observer = observer
        self.collection = collection
        self.readsStrictly = readsStrictly
        self.describesErrors = describesErrors
        self.readsWithoutStructuralRules = readsWithoutStructuralRules
        self.partial = partial
        let policy = options.policy
        let usesDefaults = policy.missingValues == .useDefault || policy.invalidValues == .recover
        readsValuesPlainlyUnlessRegistered = !usesDefaults && collection == nil && partial == nil
        readsValuesPlainly = readsValuesPlainlyUnlessRegistered && options.registrations == nil
        matchesKeysExactly =
            policy.keyMatching != .normalized && options.registrations == nil && options.keyPathSeparator == nil
    }

    /// Whether this is the reading the caller asked for, not an attempt that a reading around it
    /// tries first (a strict reading, or one without structural rules) and whose failure matters.
    var isOwnReading: Bool { !readsStrictly && !readsWithoutStructuralRules }

    /// Whether a plain type's `init(from:)` may run with no bookkeeping: no rule can apply and
    /// this is no strict reading.
    var decodesPlainTypesDirectly: Bool { !options.policy.allowsLeniency && !readsStrictly }

    /// This mode with `options` changed by `change` and each other value given replaced (`.some(nil)`
    /// sets an optional one to `nil`). A derived reading is never the one without structural
    /// rules unless it says so: that reading's remembered failures are its own.
    private func with(
        options change: (inout DecodingOptions) -> Void = { _ in }, observer: DecodeObserver? = nil,
        collection: ErrorCollection?? = nil, readsStrictly: Bool? = nil, describesErrors: Bool? = nil,
        readsWithoutStructuralRules: Bool = false, partial: PartialReading?? = nil
    ) -> DecodeMode {
        var options = self.options
        change(&options)
        return DecodeMode(
            options: options, observer: observer ?? self.observer, collection: collection ?? self.collection,
            readsStrictly: readsStrictly ?? self.readsStrictly,
            describesErrors: describesErrors ?? self.describesErrors,
            readsWithoutStructuralRules: readsWithoutStructuralRules, partial: partial ?? self.partial)
    }

    /// This reading of another document than the decode's (a `superDecoder()` of JSON text
    /// embedded in a string): the same, with no unused keys noted, since the decode's tracker
    /// knows its own document only.
    var readingAnotherDocument: DecodeMode {
        DecodeMode(
            options: options, observer: observer.withoutUnusedKeys, collection: collection,
            readsStrictly: readsStrictly, describesErrors: describesErrors,
            readsWithoutStructuralRules: readsWithoutStructuralRules, partial: partial)
    }

    /// The strict reading of a value leniency helped: the policy's strict reading, errors
    /// undescribed (the attempt's errors are thrown away), the same report.
    var strictReading: DecodeMode {
        with(options: { $0.policy = $0.policy.strictReading }, readsStrictly: true, describesErrors: false)
    }

    /// This reading with no report: a strict attempt that may fail, read again with the report
    /// only where it succeeds (``DecoderImpl/readStrictly(_:)``).
    var unrecorded: DecodeMode {
        with(observer: observer.withoutEvents)
    }

    /// A reading without the structural rules and without recovery: where a structural rule
    /// made one of a hand-written decoder's alternatives succeed, this reading says whether
    /// another alternative reads the value as it is (`DecoderImpl+Alternatives.swift`). Its
    /// errors are undescribed: an attempt that fails is abandoned, its error thrown away.
    var withoutStructuralRules: DecodeMode {
        with(
            options: {
                $0.policy.coercions.subtract(LenientPolicy.Coercions.structural)
                $0.policy.missingValues = .throw
                $0.policy.invalidValues = .throw
            }, describesErrors: false, readsWithoutStructuralRules: true)
    }

    /// The reading that lists every problem into `collection`: no report (collection runs
    /// only after the decode failed) and no identity map (its values are never returned).
    func collecting(into collection: ErrorCollection) -> DecodeMode {
        with(options: { $0.identityMap = nil }, observer: observer.withoutEvents, collection: collection)
    }

    /// The reading that makes a stand-in for a value whose problem was collected: every
    /// default the permissive policy has, nothing collected, errors undescribed.
    var makingStandIns: DecodeMode {
        with(options: { $0.policy = .permissive }, collection: .some(nil), describesErrors: false)
    }

    /// The reading that builds a default value: as this one, with no report (a default's own
    /// parts are not events; the default is one).
    var buildingDefaults: DecodeMode {
        with(observer: observer.withoutEvents)
    }

    /// The reading that builds the value of a member of a partial document that has not arrived
    /// (`Partial/KeyedContainer+Partial.swift`): as ``buildingDefaults``, with an empty object
    /// read as one still open, so that a nested model gets the defaults of its own members.
    var buildingPendingDefaults: DecodeMode {
        with(observer: observer.withoutEvents, partial: .some(partial?.openingEmptyObjects))
    }
}
