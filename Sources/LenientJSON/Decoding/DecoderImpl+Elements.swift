/// Array elements decoded with their index as a concrete key.
extension DecoderImpl {
    /// Decodes array element `index` (at `entry`) as `T`, as ``unwrap(_:as:parent:key:)``
    /// does with key `IndexKey(index)`.
    ///
    /// A model element's coding-path node is made here, where the key's type is known: the
    /// key is stored into the node directly, where `unwrap`, which knows the key only as
    /// `(any CodingKey)?`, copies it through its type's value witnesses. Every other element
    /// (a scalar, an array, an optional…), and any element of a decode with registrations,
    /// takes `unwrap` itself.
    @inline(__always)
    func unwrapElement<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, index: Int) throws -> T {
        guard options.registrations == nil, case .plain(let isDictionary) = dispatchCache.pointee.dispatch(for: T.self) else {
            return try unwrap(entry, as: type, parent: parent, key: IndexKey(index))
        }
        return try decodeModel(entry, as: type, parent: parent, key: IndexKey(index), node: .node(IndexKey(index), parent), isDictionary: isDictionary)
    }
}
