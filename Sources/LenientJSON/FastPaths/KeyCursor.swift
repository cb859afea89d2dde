/// Where the next key search starts in a large object searched in place.
///
/// Synthesized `init(from:)` reads keys in declaration order, which is usually the order the
/// server wrote them, so a search that starts after the key found last mostly succeeds at
/// once. That is only correct when the object has no duplicate keys (the first of duplicates
/// must win, as in `JSONDecoder`), so each object is checked once before its cursor is used.
extension DecoderImpl {
    /// Objects with more members than this (keys and values) get a cursor; smaller ones are
    /// cheaper to search from the start.
    static let cursorThreshold = 16

    /// The cursor of `object`: a pointer to the entry of the key where the next search
    /// starts, or `nil` when the object is small or may hold duplicate keys.
    @inline(__always)
    func keyCursor(for object: Int) -> UnsafeMutablePointer<Int>? {
        guard map.childCount(object) > Self.cursorThreshold else { return nil }
        let slot = keyCursors + ((object & (DecodeSession.keyCursorSlots &- 1)) &<< 1)
        if slot[0] != object {
            slot[0] = object
            slot[1] = map.keysAreDistinct(object) ? object &+ 1 : -1
        }
        return slot[1] < 0 ? nil : slot + 1
    }
}
