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

    /// The first complete elements of an open array, as the collection they were decoded into
    /// (followed by `extra` elements that were in progress), and how many.
    struct Prefix<C> {
        var value: C
        let count: Int
        let extra: Int
    }

    private var values: [Key: Any] = [:]
    private var prefixes: [Key: Any] = [:]

    init() {}

    /// A copy, for a partial decoder copied before it appends (its copies may diverge).
    func copy() -> PartialElementCache {
        let copy = PartialElementCache()
        copy.values = values
        copy.prefixes = prefixes
        return copy
    }

    /// The prefix of the array at `offset` decoded as `C`, no longer kept: its collection is then
    /// the only one of its storage unless an earlier snapshot's value holds it too, and may grow in
    /// place. Its reader keeps it again (``storePrefix(_:count:extra:at:)``).
    func takePrefix<C>(at offset: Int, as type: C.Type) -> Prefix<C>? {
        prefixes.removeValue(forKey: Key(offset: offset, type: ObjectIdentifier(C.self))) as? Prefix<C>
    }

    /// Keeps the first `count` elements of the array at `offset`, decoded as `value` with `extra`
    /// more after them.
    func storePrefix<C>(_ value: C, count: Int, extra: Int, at offset: Int) {
        prefixes[Key(offset: offset, type: ObjectIdentifier(C.self))] = Prefix(value: value, count: count, extra: extra)
    }

    /// Forgets the kept elements of every array but those at `open` (the arrays still open): an
    /// array that has ended is read as in a whole document, and its elements need not stay in memory.
    func keepArrays(_ open: Set<Int>) {
        if prefixes.keys.contains(where: { !open.contains($0.offset) }) {
            prefixes = prefixes.filter { open.contains($0.key.offset) }
        }
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
