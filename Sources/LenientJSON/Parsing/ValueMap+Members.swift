/// Walking the members of an object entry.
extension ValueMap {
    /// The members of object `object` in document order: each key's entry and its value's entry.
    func members(of object: Int) -> Members {
        Members(map: self, first: object &+ 1, end: containerEnd(object))
    }

    /// The entry after the last descendant of container `entry`: where its next sibling is.
    @inline(__always) func containerEnd(_ entry: Int) -> Int { length(entry) }

    /// The (key entry, value entry) pairs of one object.
    struct Members: Sequence, IteratorProtocol {
        let map: ValueMap
        var position: Int
        let end: Int

        init(map: ValueMap, first: Int, end: Int) {
            self.map = map
            position = first
            self.end = end
        }

        @inline(__always) mutating func next() -> (key: Int, value: Int)? {
            guard position < end else { return nil }
            let key = position
            position = map.next(after: key &+ 1)
            return (key, key &+ 1)
        }
    }
}
