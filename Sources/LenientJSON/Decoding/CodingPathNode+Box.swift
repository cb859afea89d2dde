/// Reads a path node's key and parent where its box stores them, for the loops that hash the
/// paths of many events (``PatternHashes``): matching `.node(let key, let parent)` copies both out
/// of the box, which retains the parent and copies the key through its existential's value
/// witnesses, and that copy cost more than hashing the key.
///
/// A node's ``CodingPathNode/identity`` is the address of its box: a heap object's two-word
/// header, then the case's payload, a key (an existential: three words of buffer, its type's
/// metadata, its witness table) and the parent (one word). The layout is checked once, with raw
/// words only, on a node made for the check; where it does not hold, there is no reader
/// (``shared``) and the caller matches the case instead.
struct CodingPathNodeBox {
    /// The word that stores ``CodingPathNode/root``: a node whose parent is this word is at the top.
    let rootWord: UInt
    /// The type metadata of ``IndexKey``, as a key's existential stores it.
    let indexKeyType: UInt

    /// The reader, where boxes are laid out as it reads them; checked once.
    static let shared = CodingPathNodeBox()

    /// A reader, or `nil` where boxes are not laid out as it reads them: 64-bit words, and a
    /// node made for the check found with its key's index, its key's type and its parent's
    /// identity where the reader reads them.
    private init?() {
        guard MemoryLayout<UInt>.size == 8, MemoryLayout<CodingPathNode>.size == 8,
            MemoryLayout<any CodingKey>.size == Self.parentOffset,
            MemoryLayout<(any CodingKey, CodingPathNode)>.size == Self.parentOffset + 8
        else { return nil }
        rootWord = withUnsafeBytes(of: CodingPathNode.root) { $0.load(as: UInt.self) }
        indexKeyType = unsafeBitCast(IndexKey.self, to: UInt.self)
        let index = 0x5A5A_1234
        let parent = CodingPathNode.node(NameKey("check"), .root)
        let node = CodingPathNode.node(IndexKey(index), parent)
        guard let identity = node.identity, let parentIdentity = parent.identity else { return nil }
        let laidOutAsRead = withExtendedLifetime(node) {
            Self.payload(of: identity)?.load(as: Int.self) == index && self.keyType(of: identity) == indexKeyType
                && self.parent(of: identity) == parentIdentity
                && self.parent(of: parentIdentity) == rootWord
        }
        guard laidOutAsRead else { return nil }
    }

    /// The identity of the parent of the node of `identity`, or ``rootWord``.
    func parent(of identity: UInt) -> UInt {
        Self.payload(of: identity)?.load(fromByteOffset: Self.parentOffset, as: UInt.self) ?? rootWord
    }

    /// Whether the key of the node of `identity` is an array index (an ``IndexKey``).
    func hasIndexKey(_ identity: UInt) -> Bool {
        keyType(of: identity) == indexKeyType
    }

    /// The key of the node of `identity`, in place: the node must stay alive while it is read.
    func key(of identity: UInt) -> UnsafePointer<any CodingKey>? {
        Self.payload(of: identity)?.assumingMemoryBound(to: (any CodingKey).self)
    }

    /// The type metadata of the key of the node of `identity`, from its existential.
    private func keyType(of identity: UInt) -> UInt {
        Self.payload(of: identity)?.load(fromByteOffset: 3 * 8, as: UInt.self) ?? 0
    }

    /// Where the payload of the node of `identity` starts: after the type's metadata and the
    /// reference counts (`nil` only for an identity that is no address).
    private static func payload(of identity: UInt) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: identity &+ 16)
    }

    /// Where a payload's parent is: after the key's existential.
    private static let parentOffset = 40
}
