/// The pattern hashes of the path nodes met last, by ``CodingPathNode/identity``, in a fixed
/// number of slots: a node whose slot another node took is hashed again from its parent's. The
/// events of a decode mostly share their nearest parents, so few slots serve them, in memory
/// that does not grow with the events (``PatternHashes``).
///
/// A slot names its node by address alone and keeps nothing alive: touching no node but to
/// hash it, it costs no reference counting on nodes long out of the processor's cache. An
/// address names one node only while that node lives, so whoever fills the cache keeps every
/// node it hashed alive until it calls ``forgetAll()`` (a report's collector: its records hold
/// their paths, and it forgets the cache whenever it removes records).
struct NodeHashCache {
    private struct Slot {
        var identity: UInt = 0
        var generation: UInt = 0
        var hash: UInt64 = 0
    }

    /// Empty until the first node is kept.
    private var slots: [Slot] = []
    /// The generation of the slots that count; a slot of an earlier one is empty.
    private var generation: UInt = 1

    /// The number of slots is `1 << slotBits`.
    private static let slotBits: UInt64 = 10
    private static let slotCount = 1 << slotBits

    /// The hash kept for the node of `identity`, or `nil`.
    subscript(identity: UInt) -> UInt64? {
        guard !slots.isEmpty else { return nil }
        let slot = slots[Self.slot(of: identity)]
        return slot.identity == identity && slot.generation == generation ? slot.hash : nil
    }

    /// Keeps `hash` for the node of `identity`, in place of the node its slot named.
    mutating func set(_ hash: UInt64, identity: UInt) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
        slots[Self.slot(of: identity)] = Slot(identity: identity, generation: generation, hash: hash)
    }

    /// Forgets every node, whose addresses may now name other nodes.
    mutating func forgetAll() {
        generation &+= 1
    }

    private static func slot(of identity: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(identity) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }
}
