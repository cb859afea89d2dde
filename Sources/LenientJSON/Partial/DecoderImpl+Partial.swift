import Foundation

/// The arrays and dictionaries still open in a partial document (SPEC 14, rule 2): each element
/// is read as in a whole document, and one that cannot be built yet (an object still open that
/// lacks a member with no default, a string in progress read as another type than `String`) is
/// left out, without an event. `Partial/KeyedContainer+Partial.swift` reads the other objects
/// still open.
extension DecoderImpl {
    /// The elements of array `entry`, still open, as a collection `C`. Every element but the last
    /// has ended; the first of them that no rule acted on are taken from the reading's cache as
    /// the collection an earlier snapshot made of them, so that each snapshot decodes only the
    /// elements that arrived since (SPEC 14, rule 7).
    func openElements<C: RangeReplaceableCollection>(
        of entry: Int, count: Int, path: CodingPathNode, _ partial: PartialReading, as _: C.Type
    ) throws -> C where C.Element: Decodable {
        let cache = observer.unusedKeys == nil ? partial.cache : nil
        let offset = map.offset(entry)
        var result: C
        var index = 0
        var child = entry &+ 1
        // Taken out of the cache (it is kept again below): where no earlier snapshot's value still
        // holds the collection, it grows in place rather than being copied.
        if var prefix = cache?.takePrefix(at: offset, as: C.self), prefix.count <= count {
            // Kept with the element that was in progress after it (so that the snapshot that
            // showed it shared its storage): dropped here. (A kept prefix dropped no element: its
            // `count` elements come first.)
            if prefix.extra > 0 {
                prefix.value.removeSubrange(
                    prefix.value.index(prefix.value.startIndex, offsetBy: prefix.count)..<prefix.value.endIndex)
            }
            result = C()
            swap(&result, &prefix.value)
            index = prefix.count
            for _ in 0..<index { child = map.next(after: child) }
        } else {
            result = C()
            result.reserveCapacity(count)
        }
        var clean = cache != nil
        while index < count {
            if index == count &- 1 && (partial.isOpen(child, in: map) || partial.isInProgress(child, in: map)) {
                let element = try openElement(child, as: C.Element.self, parent: path, key: IndexKey(index), partial)
                if let element { result.append(element) }
                if clean {
                    cache?.storePrefix(result, count: index, extra: element == nil ? 0 : 1, at: offset)
                }
                return result
            }
            if !clean, let cache {
                // After an element a rule acted on, each later one is kept on its own.
                if let element = try cachedElement(child, as: C.Element.self, parent: path, key: IndexKey(index), cache)
                {
                    result.append(element)
                }
                index &+= 1
                child = map.next(after: child)
                continue
            }
            let start = checkpoint()
            let element: C.Element?
            do {
                element = try rollingBackOnFailure {
                    try self.element(child, as: C.Element.self, parent: path, key: IndexKey(index))
                }
            } catch is PartialValueNotBuilt {
                element = nil
            }
            if clean && (hasActed(since: start) || element == nil) {
                cache?.storePrefix(result, count: index, extra: 0, at: offset)
                clean = false
            }
            if let element { result.append(element) }
            index &+= 1
            child = map.next(after: child)
        }
        if clean { cache?.storePrefix(result, count: index, extra: 0, at: offset) }
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
        } else if let cache = partial.cache, observer.unusedKeys == nil, !partial.isOpen(entry, in: map) {
            return try cachedElement(entry, as: E.self, parent: parent, key: key, cache)
        }
        do {
            return try rollingBackOnFailure { try element(entry, as: E.self, parent: parent, key: key) }
        } catch is PartialValueNotBuilt {
            return nil
        } catch  where partial.isOpen(entry, in: map) && mode.isOwnReading {
            // An element still open that its type cannot read yet (a hand-written `init(from:)`
            // that throws for a member not arrived) cannot be built yet: left out until it has ended.
            // Not in an attempt (a strict reading, or one without structural rules), whose failure
            // tells the reading around it to read the value otherwise.
            return nil
        }
    }

    /// Complete element `entry` as `E`: from `cache`, else decoded and kept there if no rule acted.
    private func cachedElement<E: Decodable, K: CodingKey>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: K, _ cache: PartialElementCache
    ) throws -> E? {
        let offset = map.offset(entry)
        if let value = cache.value(at: offset, as: E.self) { return value }
        let start = checkpoint()
        let value = try rollingBackOnFailure { try element(entry, as: E.self, parent: parent, key: key) }
        if let value, !hasActed(since: start) {
            cache.store(value, at: offset)
        }
        return value
    }
}
