import Foundation

/// The arrays still open in a partial document (SPEC 14, rule 2): each element is read as in a
/// whole document, and one that cannot be built yet (an object still open that lacks a member
/// with no default, a string in progress read as another type than `String`) is left out,
/// without an event. `Partial/KeyedContainer+Partial.swift` reads the objects still open.
extension DecoderImpl {
    /// The elements of array `entry`, still open, as a collection `C`.
    func openElements<C: RangeReplaceableCollection>(
        of entry: Int, count: Int, path: CodingPathNode, _ partial: PartialReading, as _: C.Type
    ) throws -> C where C.Element: Decodable {
        var result = C()
        result.reserveCapacity(count)
        var child = entry &+ 1
        for index in 0..<count {
            defer { child = map.next(after: child) }
            if partial.isInProgress(child, in: map) && !PartialReading.readsPrefix(C.Element.self) { continue }
            do {
                let element = try discardingEventsOnFailure {
                    try self.element(child, as: C.Element.self, parent: path, key: IndexKey(index))
                }
                if let element { result.append(element) }
            } catch is PartialValueNotBuilt {}
        }
        return result
    }
}
