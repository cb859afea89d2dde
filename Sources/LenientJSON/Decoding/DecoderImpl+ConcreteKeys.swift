/// Values decoded under a key whose type is known: an array element's index, a keyed
/// member's own `CodingKey`.
extension DecoderImpl {
    /// Decodes array element `index` (at `entry`) as `T`, as ``unwrap(_:as:parent:key:)``
    /// does with key `IndexKey(index)`.
    @inline(__always)
    func unwrapElement<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, index: Int) throws -> T {
        try unwrap(entry, as: type, parent: parent, concreteKey: IndexKey(index))
    }

    /// Decodes the value at `entry` as `T`, as ``unwrap(_:as:parent:key:)`` does with `key`.
    ///
    /// A model's coding-path node is made here, where the key's type is known: the key is
    /// stored into the node directly, where `unwrap`, which knows the key only as a
    /// ``ChildKey``, copies it through its type's value witnesses. Every other value (a scalar,
    /// an array, an optional…), and any value of a decode with registrations, takes `unwrap`
    /// itself, with an array element's key kept as its index.
    @inline(__always)
    func unwrap<T: Decodable, K: CodingKey>(_ entry: Int, as type: T.Type, parent: CodingPathNode, concreteKey key: K)
        throws -> T
    {
        guard options.registrations == nil else {
            return try unwrap(entry, as: type, parent: parent, key: ChildKey(key))
        }
        let dispatch = dispatchCache.pointee.dispatch(for: T.self)
        guard case .plain(let isDictionary) = dispatch else {
            return try unwrapValue(entry, as: type, dispatch: dispatch, parent: parent, key: ChildKey(key))
        }
        return try decodeModel(
            entry, as: type, parent: parent, key: ChildKey(key), node: .node(key, parent), isDictionary: isDictionary)
    }
}
