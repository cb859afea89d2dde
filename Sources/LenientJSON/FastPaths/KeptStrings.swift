/// Strings that a decode's readings again take as its first reading decoded them.
///
/// Where leniency helped inside a value, the value is read again strictly, and where a
/// structural rule helped, without the structural rules (`DecoderImpl+Alternatives.swift`).
/// Each reading again decoded the value's strings again: a heap allocation, a copy and a UTF-8
/// validation each, for text that cannot have changed, since a string's decoded text depends
/// only on its entry of the map. So once a decode reads a value again, each string longer than
/// 15 bytes (the longest a `String` holds inline) that it decodes is kept in a slot chosen by its
/// entry, and a reading again of that entry takes it from there. A valid document reads no value
/// again and makes no slots; the slots are let go when the decode ends.
struct KeptStrings {
    private struct Slot {
        var entry: Int
        var string: String
    }

    /// Direct-mapped by the entry's low bits: a value read again is read again right after its
    /// first reading, within a few hundred entries. At most 1,024 slots, and no more than a
    /// document has entries: a small document's decode makes a small table.
    static let maximumCount = 1024
    /// Behind a pointer, as `DecodeSession`'s key cursors: every decoder reading the map copies
    /// this value out of it and writes through its copy, which an array would copy on the first
    /// write. A slot is `entry & mask`, never out of the table; a decode that reads no value
    /// again (every valid document) has no table and decodes each string as it always did.
    private let slots: UnsafeMutablePointer<Slot>
    /// The slot count minus one (the count is a power of two).
    private let mask: Int

    /// Slots for a document of `entryCount` entries.
    init(entryCount: Int) {
        var count = 16
        while count < Swift.min(entryCount, Self.maximumCount) { count &<<= 1 }
        mask = count &- 1
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slot(entry: -1, string: ""), count: count)
    }

    /// Frees the slots and the strings kept; called once, by the map that made them.
    func deallocate() {
        slots.deinitialize(count: mask &+ 1)
        slots.deallocate()
    }

    /// The decoded text of string entry `entry` (`length` bytes of JSON text), kept or made by
    /// `decode`.
    @inline(__always)
    func string(_ entry: Int, length: Int, _ decode: () -> String?) -> String? {
        let slot = slots + (entry & mask)
        if slot.pointee.entry == entry { return slot.pointee.string }
        guard let string = decode() else { return nil }
        if length > 15 { slot.pointee = Slot(entry: entry, string: string) }
        return string
    }
}
