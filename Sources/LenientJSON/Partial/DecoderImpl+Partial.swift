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
    func openElement<E: Decodable, K: CodingKey>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: K, _ partial: PartialReading
    ) throws -> E? {
        if partial.isInProgress(entry, in: map) && !PartialReading.readsPrefix(E.self) { return nil }
        do {
            return try discardingEventsOnFailure { try element(entry, as: E.self, parent: parent, key: key) }
        } catch is PartialValueNotBuilt {
            return nil
        }
    }
}
