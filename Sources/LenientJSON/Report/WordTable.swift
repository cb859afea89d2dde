/// A map from 64-bit words to values, for the loops that run once per event of a decode
/// (``EventBatch/patternGroups(among:)``) and the patterns of ``LenientDecodingStatistics``, whose keys
/// are words already: pattern hashes. A `Dictionary` hashes every key it is given again
/// with SipHash, which costs more than the rest of such a loop; this table spreads a key with
/// one multiplication (Fibonacci hashing) and probes linearly.
///
/// It keeps no order and removes nothing. Its values are integers (an index, a hash), so that an
/// empty slot's value is a plain `0`.
struct WordTable<Value: FixedWidthInteger> {
    /// The keys of the slots; `0` marks an empty slot (the key `0` itself is kept aside).
    private var keys: [UInt64]
    private var values: [Value]
    /// The value of the key `0`, which cannot be stored in a slot.
    private var valueOfZero: Value?
    /// The number of slots in use.
    private var count = 0
    /// `64 - log2(keys.count)`: a spread key's top bits index a slot.
    private var shift: UInt64

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 12) {
        var slots = 16
        var shift: UInt64 = 60
        while slots * 3 < capacity * 4 {
            slots *= 2
            shift -= 1
        }
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: 0, count: slots)
        self.shift = shift
    }

    /// The value of `key`, or `nil`.
    subscript(key: UInt64) -> Value? {
        if key == 0 { return valueOfZero }
        let slot = probe(key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Makes `value` the value of `key`, added or replacing the one it had.
    mutating func set(_ value: Value, for key: UInt64) {
        if key == 0 {
            valueOfZero = value
            return
        }
        let slot = probe(key)
        values[slot] = value
        guard keys[slot] != key else { return }
        keys[slot] = key
        count &+= 1
        // At most three quarters full, so that a probe stops soon at an empty slot.
        if count &* 4 > keys.count &* 3 { grow() }
    }

    /// The slot that holds `key`, or else the empty slot where it would go.
    private func probe(_ key: UInt64) -> Int {
        var slot = slot(of: key)
        while keys[slot] != 0 && keys[slot] != key { slot = (slot &+ 1) & (keys.count &- 1) }
        return slot
    }

    private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            set(value, for: key)
        }
    }
}
