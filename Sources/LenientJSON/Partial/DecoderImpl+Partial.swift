import Foundation

/// The arrays and dictionaries still open in a partial document (SPEC 14, rule 2): each element
/// is read as in a whole document, and one that cannot be built yet (an object still open that
/// lacks a member with no default, a string in progress read as another type than `String`) is
/// left out, without an event. `Partial/KeyedContainer+Partial.swift` reads the other objects
/// still open.
extension DecoderImpl {
    /// The elements of array `entry`, still open, as a collection `C`.
    func openElements<C: RangeReplaceableCollection>(
        of entry: Int, count: Int, path: CodingPathNode, _ partial: PartialReading, as _: C.Type
    ) throws -> C where C.Element: Decodable {
        var result = C()
        result.reserveCapacity(count)
        var child = entry &+ 1
        for index in 0..<count {
            if let element = try openElement(child, as: C.Element.self, parent: path, key: IndexKey(index), partial) {
                result.append(element)
            }
            child = map.next(after: child)
        }
        return result
    }

    /// Element or dictionary member `entry` of a container still open; `nil` where it cannot be
    /// built yet, or is dropped by the policy.
    /// A complete element is decoded once: later snapshots take it from the reading's cache
    /// (``PartialElementCache``).
    func openElement<E: Decodable, K: CodingKey>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: K, _ partial: PartialReading
    ) throws -> E? {
        if partial.isInProgress(entry, in: map) {
            guard PartialReading.readsPrefix(E.self) else { return nil }
        } else if let cache = partial.cache, unusedKeys == nil, !partial.isOpen(entry, in: map) {
            return try cachedElement(entry, as: E.self, parent: parent, key: key, cache)
        }
        do {
            return try discardingEventsOnFailure { try element(entry, as: E.self, parent: parent, key: key) }
        } catch is PartialValueNotBuilt {
            return nil
        }
    }

    /// Complete element `entry` as `E`: from `cache`, else decoded and kept there if no rule acted.
    private func cachedElement<E: Decodable, K: CodingKey>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: K, _ cache: PartialElementCache
    ) throws -> E? {
        let offset = map.offset(entry)
        if let value = cache.value(at: offset, as: E.self) { return value }
        let events = report?.events.count ?? 0
        let leniency = session.leniencyCount
        let structural = session.structuralCount
        let value = try discardingEventsOnFailure { try element(entry, as: E.self, parent: parent, key: key) }
        if let value, report?.events.count ?? 0 == events, session.leniencyCount == leniency,
            session.structuralCount == structural
        {
            cache.store(value, at: offset)
        }
        return value
    }
}
