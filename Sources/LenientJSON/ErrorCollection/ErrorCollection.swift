import Foundation

/// The state of a decode that lists every problem (``LenientJSONDecoder/collectsAllErrors``);
/// see `DecoderImpl+ErrorCollection.swift` for how it is used.
final class ErrorCollection {
    /// The model value whose `init(from:)` runs now.
    var frame: Frame

    /// The number of problems found so far: each problem's ``Problem/id``.
    private var problemCount = 0

    init() { frame = Frame() }

    /// A new problem: `error`, placed at `position`, with an identity of its own.
    func problem(at position: Int, _ error: DecodingError) -> Problem {
        problemCount += 1
        return Problem(position: position, error: error, id: problemCount)
    }

    /// Where a container call of a hand-written or synthesized `init(from:)` reads a value: the
    /// value's entry and the type asked for, or for a member that is not there, the object's
    /// entry and the key.
    struct Site: Hashable {
        let entry: Int
        let name: String?
        let type: ObjectIdentifier
    }

    /// A problem found: the error, and the entry it names (for document order). A problem that
    /// a later run finds again (a collected call's, kept in ``Frame/collected``) is the same
    /// value with the same `id`, which is how the list is deduplicated.
    struct Problem {
        let position: Int
        let error: DecodingError
        let id: Int
    }

    /// One model value being collected: its `init(from:)` runs again, each time with one more
    /// of its container calls known to end the decode (`repairs`), until it returns.
    final class Frame {
        /// Calls whose error ended a run of the `init(from:)`: they are collected and stood in for.
        var repairs: Set<Site> = []
        /// What a collected call found and returned, kept for the next runs.
        var collected: [Site: (problems: [Problem], value: Any?)] = [:]
        /// The last container call that threw in this run, with its error: the call whose error
        /// ended the run when the run's error is the same (``DecodingErrors/isSame(_:_:)``).
        var candidate: (site: Site, error: DecodingError)?
        /// The problems of this run so far.
        var problems: [Problem] = []
    }
}
