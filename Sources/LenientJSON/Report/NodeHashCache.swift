/// The pattern hashes of the path nodes met last, by ``CodingPathNode/identity``, in a fixed
/// number of slots: a node whose slot another node took is hashed again from its parent's. The
/// events of a decode mostly share their nearest parents, so few slots serve them, in memory
/// that does not grow with the events (``PatternHashes``).
///
/// An identity names a node only while it is alive: ``forgetAll()`` forgets every node at once
/// (a slot keeps the generation it was filled in), for when nodes a slot may name can be freed
/// and their addresses reused (``ReportCollector`` removing records).
struct NodeHashCache {
    private struct Slot {
        var identity: UInt = 0
        var hash: UInt64 = 0
        var generation: UInt32 = 0
    }

    /// Empty until the first node is kept.
    private var slots: [Slot] = []
    private var generation: UInt32 = 1

    /// The number of slots is `1 << slotBits`.
    private static let slotBits: UInt64 = 10
    private static let slotCount = 1 << slotBits

    /// The hash kept for the node of `identity`, or `nil`.
    subscript(identity: UInt) -> UInt64? {
        guard !slots.isEmpty else { return nil }
        let slot = slots[Self.slot(of: identity)]
        return slot.identity == identity && slot.generation == generation ? slot.hash : nil
    }

    /// Keeps `hash` for the node of `identity`, in place of the node its slot held.
    mutating func set(_ hash: UInt64, for identity: UInt) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
        slots[Self.slot(of: identity)] = Slot(identity: identity, hash: hash, generation: generation)
    }

    /// Forgets every node kept.
    mutating func forgetAll() {
        generation &+= 1
        // After 2³² generations a slot's old generation could match again: start over.
        if generation == 0 {
            slots = []
            generation = 1
        }
    }

    private static func slot(of identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }
}
