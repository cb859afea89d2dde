/// What a decode of a partial document's closed text (`PartialScanner.swift`) must know beyond
/// the text: which objects and arrays are still open, which string is still in progress, and
/// what a member that has not arrived becomes (SPEC 14, rules 1 and 2). Carried by the decode's
/// mode (``DecodeMode/partial``); every container that is not open is read as in a whole
/// document (rule 3).
final class PartialReading {
    /// The byte offsets of the `{` or `[` of each object and array still open.
    let openContainers: Set<Int>
    /// The byte offset of the first character of the string value still in progress, if one is
    /// shown (``PartialOptions/Strings/prefix``).
    let stringInProgress: Int?
    /// What a member not arrived becomes.
    let pendingMembers: PartialOptions.PendingMembers
    /// Whether the map's empty object (where a default nested model is built from) is read as an
    /// object still open: in the reading that builds a member not arrived.
    let opensEmptyObject: Bool
    /// The complete elements decoded by earlier snapshots of the document (rule 7); `nil` where
    /// none are kept.
    let cache: PartialElementCache?

    init(
        openContainers: Set<Int>, stringInProgress: Int?, pendingMembers: PartialOptions.PendingMembers,
        opensEmptyObject: Bool = false, cache: PartialElementCache? = nil
    ) {
        self.openContainers = openContainers
        self.stringInProgress = stringInProgress
        self.pendingMembers = pendingMembers
        self.opensEmptyObject = opensEmptyObject
        self.cache = cache
    }

    /// This reading with the map's empty object read as one still open (it builds defaults, whose
    /// elements are no elements of the document: it keeps none).
    var openingEmptyObjects: PartialReading {
        PartialReading(
            openContainers: openContainers, stringInProgress: stringInProgress, pendingMembers: pendingMembers,
            opensEmptyObject: true)
    }

    /// Whether `entry` of `map` is an object or array that has not ended.
    func isOpen(_ entry: Int, in map: ValueMap) -> Bool {
        if entry >= map.nullEntry { return opensEmptyObject && entry == map.emptyObjectEntry }
        return openContainers.contains(map.offset(entry))
    }

    /// Whether `entry` of `map` is the string still in progress, which only a `String` reads
    /// (any other type reads a value from its whole text: rule 1).
    func isInProgress(_ entry: Int, in map: ValueMap) -> Bool {
        guard let stringInProgress, entry < map.nullEntry, map.kind(entry) == .string else { return false }
        return map.offset(entry) == stringInProgress
    }

    /// Whether a value of type `type` may be read from the string in progress: a `String`, or an
    /// `Optional` of one.
    static func readsPrefix(_ type: Any.Type) -> Bool {
        type == String.self || type == String?.self
    }
}

/// Thrown where a value of a partial document cannot be built yet (SPEC 14, rule 2): a member
/// not arrived with no default, a string in progress read as another type, or a value made of
/// such. It is no `DecodingError`, so no rule of the policy recovers from it: an `Optional`
/// reads it as `nil`, an array still open leaves the element out, an object still open reads
/// the member as not arrived, and the root as no value yet. It makes no event.
struct PartialValueNotBuilt: Error {}
