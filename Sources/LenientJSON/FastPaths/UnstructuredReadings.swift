import Foundation

/// What the reading without structural rules of a decoder's values knows before it reads one
/// (`DecoderImpl+Alternatives.swift`): the values it failed to read, and the values the
/// decoder read under the policy with no structural rule and no recovery, which that reading
/// reads alike. A value where a structural rule helped is read again without the structural
/// rules at every level around it; with these, such a reading reads only what it has not read.
final class UnstructuredReadings {
    /// A value read under the policy: as `Any`, since the values of one decode have many types;
    /// whether a rule helped read it, and whether its reading found a key (what the counts of
    /// ``DecodeSession`` would have seen of a reading of it again); and the report events its
    /// reading recorded, which a reading of it again would record alike: the index
    /// ``ReportCollector/keep(since:)`` gave them, `nil` where there are none.
    struct Kept {
        let value: Any
        let helped: Bool
        let foundKeys: Bool
        let events: Int?
    }

    /// The fewest entries (``ValueMap`` entries: the value's own, and its members' keys and
    /// values) of a value kept: keeping a smaller one (boxing it and storing it) costs more than
    /// reading it again: keeping every value cost the messy citm_catalog, whose prices and areas
    /// have a few entries each, 6 % more instructions than keeping none.
    static let keptEntries = 32

    /// The attempts without structural rules that failed, by entry and type.
    ///
    /// Why `@exclusivity(unchecked)` (both tables): each access is one lookup or one insertion
    /// (`DecoderImpl+Alternatives.swift`), which reaches no code of ours before it ends, so no two
    /// accesses can overlap, as for ``DecodeSession/strictFailures``.
    @exclusivity(unchecked) var failures = StrictAttemptTable<DecodingError>()
    /// The values read under the policy that the reading without structural rules reads alike,
    /// by entry and type.
    @exclusivity(unchecked) var values = StrictAttemptTable<Kept>()
}
