/// Arrays of strict scalars, and arrays of such arrays (`[[Double]]`, a GeoJSON ring), built
/// directly: each element is read strictly into the new array's storage, with no coding path,
/// key or type dispatch. Only from the first element that needs more than a strict reading
/// (a coercion, a recovery, an error with its path) on does the general element loop take
/// over, so values, errors and report events are those of the general loop.
extension DecoderImpl {
    /// The elements of array `entry` (with `count` children) read strictly as `E`, up to the
    /// first that does not read: that prefix, and how many elements it holds (`count` when
    /// all did). Element `i` of the prefix is entry `entry + 1 + i` (scalars have no children).
    @inline(__always)
    func strictPrefix<E: StrictScalar>(of entry: Int, count: Int, as _: E.Type) -> (elements: [E], read: Int) {
        var elements: [E] = []
        elements.reserveCapacity(count)
        var read = 0
        // Each child is the one after the last: a strict scalar read has no children, and the
        // walk stops at the first element that does not read (a container among them).
        var child = entry &+ 1
        while read < count, let value = E.strictValue(child, in: self) {
            elements.append(value)
            read &+= 1
            child &+= 1
        }
        return (elements, read)
    }

    /// An array whose elements are arrays of the strict scalar `E` (`[[Double]]`, `[[Int]]`…):
    /// each inner array is built by ``strictPrefix(of:count:as:)``; from the first element
    /// that is not an array of strict `E`s on, the general loop decodes the rest (that element
    /// included, from scratch), with the array's path built then.
    func nestedScalarElements<E: StrictScalar>(
        of entry: Int, count: Int, parent: CodingPathNode, key: ChildKey, as _: E.Type
    ) throws -> [[E]] {
        var result: [[E]] = []
        result.reserveCapacity(count)
        for (index, child) in map.elements(of: entry).enumerated() {
            guard map.kind(child) == .array else {
                try appendElements(to: &result, from: index, child: child, count: count, path: parent.appending(key))
                break
            }
            let innerCount = map.childCount(child)
            let inner = strictPrefix(of: child, count: innerCount, as: E.self)
            guard inner.read == innerCount else {
                try appendElements(to: &result, from: index, child: child, count: count, path: parent.appending(key))
                break
            }
            result.append(inner.elements)
        }
        return result
    }
}
