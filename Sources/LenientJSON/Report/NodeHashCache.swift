/// The pattern hashes of the path nodes met last, by ``CodingPathNode/identity``, in a fixed
/// number of slots: a node whose slot another node took is hashed again from its parent's. The
/// events of a decode mostly share their nearest parents, so few slots serve them, in memory
/// that does not grow with the events (``PatternHashes``).
///
/// A slot keeps its node alive: an identity (an address) names one node only while that node
/// lives, so no node a slot names is freed and its address given to another node while the
/// slot holds it, whatever records are removed meanwhile.
struct NodeHashCache {
    private struct Slot {
        var node: CodingPathNode = .root
        var hash: UInt64 = 0
    }

    /// Empty until the first node is kept.
    private var slots: [Slot] = []

    /// The number of slots is `1 << slotBits`.
    private static let slotBits: UInt64 = 10
    private static let slotCount = 1 << slotBits

    /// The hash kept for the node of `identity`, or `nil`.
    subscript(identity: UInt) -> UInt64? {
        guard !slots.isEmpty else { return nil }
        let slot = Self.slot(of: identity)
        return slots[slot].node.identity == identity ? slots[slot].hash : nil
    }

    /// Keeps `hash` for `node`, whose identity is `identity`, in place of the node its slot held.
    mutating func set(_ hash: UInt64, for node: CodingPathNode, identity: UInt) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
        slots[Self.slot(of: identity)] = Slot(node: node, hash: hash)
    }

    private static func slot(of identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }
}
