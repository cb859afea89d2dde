/// The complete elements of open arrays (and members of open dictionaries) already decoded by an
/// earlier snapshot of the same document, by the byte offset where each begins and the type it
/// was decoded as (SPEC 14, rule 7: a complete element is decoded once). A complete element's
/// text never changes (rule 3), and what the decode of one element gives depends only on its
/// text, its type and the decoder's settings, which a ``PartialDecoder`` reads once. Only an
/// element that no rule acted on is kept: its decode made no event and counted no leniency,
/// so using it again changes nothing around it.
final class PartialElementCache {
    private struct Key: Hashable {
        let offset: Int
        let type: ObjectIdentifier
    }

    private var values: [Key: Any] = [:]

    init() {}

    /// A copy, for a partial decoder copied before it appends (its copies may diverge).
    func copy() -> PartialElementCache {
        let copy = PartialElementCache()
        copy.values = values
        return copy
    }

    /// The value of the element at `offset` decoded as `E` by an earlier snapshot.
    func value<E>(at offset: Int, as type: E.Type) -> E? {
        // Unwrapped first: a missing value cast to an `Optional` type would be a value, `nil`.
        guard let stored = values[Key(offset: offset, type: ObjectIdentifier(E.self))] else { return nil }
        return stored as? E
    }

    /// Keeps `value`, the element at `offset` decoded as `E`.
    func store<E>(_ value: E, at offset: Int) {
        values[Key(offset: offset, type: ObjectIdentifier(E.self))] = value
    }
}
