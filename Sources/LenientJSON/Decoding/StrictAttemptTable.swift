/// What is known of attempts (``DecoderImpl/StrictAttempt``: an entry and a type), by attempt:
/// the strict readings that failed (``DecodeSession/strictFailures``), and the readings without
/// structural rules that failed and the values they take as read (``UnstructuredReadings``).
///
/// Every plain value those readings meet is looked up here. A `Dictionary` hashes each attempt
/// with SipHash (a seeding, two combines and a finalization per lookup); this table mixes the
/// entry with the type by one multiplication and probes linearly over a power-of-two capacity
/// at most half full. Its slots hold plain bits and an index into the values, so that growing
/// it copies no value. It only adds and looks up: an attempt's outcome never changes.
struct StrictAttemptTable<Value> {
    /// One slot of the hash table: an attempt and where its value is in ``stored``; an index of
    /// -1 marks an empty slot. Plain bits, so that growing the table copies no value.
    private struct Slot {
        var attempt: DecoderImpl.StrictAttempt
        var index: Int
    }

    /// The hash table; its count is a power of two, or zero before the first value.
    private var slots: [Slot] = []
    /// The values, in the order they were first added.
    private var stored: [Value] = []
    /// How far a mixed hash is shifted right to give a slot (64 minus the capacity's bits).
    private var shift: UInt64 = 64

    /// The value known for `attempt`, or `nil` when it has none.
    @inline(__always)
    subscript(attempt: DecoderImpl.StrictAttempt) -> Value? {
        guard !stored.isEmpty else { return nil }
        let mask = slots.count &- 1
        var slot = self.slot(of: attempt)
        while true {
            let found = slots[slot]
            if found.index < 0 { return nil }
            if found.attempt == attempt { return stored[found.index] }
            slot = (slot &+ 1) & mask
        }
    }

    /// Records `value` for `attempt`, replacing what was known of it.
    mutating func insert(_ value: Value, for attempt: DecoderImpl.StrictAttempt) {
        if (stored.count &+ 1) &* 2 > slots.count { grow() }
        let mask = slots.count &- 1
        var slot = self.slot(of: attempt)
        while true {
            let found = slots[slot]
            if found.index < 0 {
                slots[slot] = Slot(attempt: attempt, index: stored.count)
                stored.append(value)
                return
            }
            if found.attempt == attempt {
                stored[found.index] = value
                return
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// The first slot probed for `attempt`: the top bits of its entry and type mixed by a
    /// multiplication by 2^64 over the golden ratio (Fibonacci hashing).
    @inline(__always)
    private func slot(of attempt: DecoderImpl.StrictAttempt) -> Int {
        let type = UInt64(UInt(bitPattern: attempt.type))
        let mixed = (UInt64(bitPattern: Int64(attempt.entry)) ^ (type &>> 4)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> shift)
    }

    /// Doubles the capacity (16 slots at first) and puts every slot in its new place; the
    /// values stay where they are.
    private mutating func grow() {
        let old = slots
        let capacity = Swift.max(16, old.count &* 2)
        let empty = Slot(attempt: DecoderImpl.StrictAttempt(entry: -1, type: ObjectIdentifier(Never.self)), index: -1)
        slots = Array(repeating: empty, count: capacity)
        shift = UInt64(64 &- capacity.trailingZeroBitCount)
        let mask = capacity &- 1
        for moved in old where moved.index >= 0 {
            var slot = self.slot(of: moved.attempt)
            while slots[slot].index >= 0 { slot = (slot &+ 1) & mask }
            slots[slot] = moved
        }
    }
}
