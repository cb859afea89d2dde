import Foundation

/// What the decoders reading one document share: a decoder and the nested decoders it makes
/// for other readings of the same values (``DecodeMode``) keep their caches and counts here.
/// None of it is a setting: these are the decode's running records.
final class DecodeSession {
    /// Where the last key lookup in an object ended, for objects searched in place: pairs of
    /// (object entry, entry of the key after the one found), indexed by the object entry's
    /// low bits. Models read keys mostly in document order, so the next lookup starts there.
    let keyCursors: UnsafeMutablePointer<Int>
    static let keyCursorSlots = 64
    /// How the decode reads each type met so far. Behind a pointer: a stored `var` of a class
    /// would pay a runtime exclusivity check on every `unwrap`.
    let dispatchCache: UnsafeMutablePointer<TypeDispatchCache>
    /// The strict readings that failed, and the error each threw, so that an enclosing value read
    /// strictly stops there at once (`DecoderImpl+Alternatives.swift`).
    ///
    /// Why `@exclusivity(unchecked)`: it is read and changed only by
    /// ``DecoderImpl/decodeStrictlyOnce(_:as:parent:key:registration:)``, by a lookup or an
    /// insertion that reaches no code of ours before it ends, so no two accesses can overlap; the
    /// runtime's check of each (about 190 instructions a strict attempt with its thread-local
    /// access set) cost the messy citm_catalog 1.4 % of its decode (Benchmarks `instructions lenient`).
    @exclusivity(unchecked) var strictFailures = StrictAttemptTable<any Error>()
    /// How many times a rule changed an outcome so far (every report event but `matchedKey`),
    /// counted with or without a report: a value whose decode moved it was helped by leniency.
    var leniencyCount = 0
    /// How many times a structural rule (a value wrapped as an array, a one-element array
    /// unwrapped, an object read as an array, `[]` read as `[:]`) acted so far: a hand-written
    /// decoder's pick that needed one is checked against a reading without them
    /// (`DecoderImpl+Alternatives.swift`).
    var structuralCount = 0
    /// How many times a rule acted so far that the reading without structural rules may not
    /// repeat: an event other than a coercion or a key match (a default used, an element
    /// dropped, a value recovered as `nil`, what a registration did), and JSON text in a string
    /// read as a value (by a decoder whose structural rules this session does not count). A
    /// value whose decode moved neither this nor ``structuralCount`` reads alike without the
    /// structural rules (`DecoderImpl+Alternatives.swift`).
    var unrepeatedCount = 0
    /// How many keyed lookups found their member so far (an `Optional` model whose object
    /// supplied none of its keys is `nil` under defaults).
    var keysFound = 0
    /// The entries being wrapped as one-element arrays right now: a value is never wrapped
    /// inside its own wrapping (an any-JSON type that tries `[Self]` first would recurse).
    var entriesBeingWrapped: [Int] = []
    /// How deep default values and stand-ins are being built (a guard against recursive types).
    var defaultDepth = 0
    /// What the decode read, for ``LenientJSONDecoder/reportsUnusedKeys``; `nil` unless that is on
    /// and someone reads the report. Behind a pointer, as `dispatchCache`: noting a read then
    /// retains nothing.
    let unusedKeys: UnsafeMutablePointer<UnusedKeyTracker>?

    /// A session of a decode of `map`, tracking unused keys where `tracksUnusedKeys`.
    init(map: ValueMap? = nil, tracksUnusedKeys: Bool = false) {
        if let map, tracksUnusedKeys {
            let tracker = UnsafeMutablePointer<UnusedKeyTracker>.allocate(capacity: 1)
            tracker.initialize(to: UnusedKeyTracker(for: map))
            unusedKeys = tracker
        } else {
            unusedKeys = nil
        }
        keyCursors = .allocate(capacity: 2 * Self.keyCursorSlots)
        keyCursors.initialize(repeating: -1, count: 2 * Self.keyCursorSlots)
        dispatchCache = .allocate(capacity: 1)
        dispatchCache.initialize(to: TypeDispatchCache())
    }

    deinit {
        keyCursors.deallocate()
        dispatchCache.deinitialize(count: 1)
        dispatchCache.deallocate()
        if let unusedKeys {
            unusedKeys.pointee.deallocate()
            unusedKeys.deinitialize(count: 1)
            unusedKeys.deallocate()
        }
    }
}
