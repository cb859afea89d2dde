/// Walking the members of an object entry or the elements of an array entry: the one walk
/// over a container's children (a child's next sibling is ``ValueMap/next(after:)``).
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

    /// The elements of array `array` in document order: each element's entry.
    @inline(__always) func elements(of array: Int) -> Elements {
        Elements(map: self, position: array &+ 1, end: containerEnd(array))
    }

    /// Element `index` of array `array`, which has more than `index` elements.
    func element(_ index: Int, of array: Int) -> Int {
        var elements = elements(of: array)
        for _ in 0..<index { _ = elements.next() }
        return elements.position
    }

    /// The element entries of one array.
    struct Elements: Sequence, IteratorProtocol {
        let map: ValueMap
        var position: Int
        let end: Int

        @inline(__always) mutating func next() -> Int? {
            guard position < end else { return nil }
            let element = position
            position = map.next(after: element)
            return element
        }
    }
}
