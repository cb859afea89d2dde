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
    /// first reading, within a few hundred entries.
    private static let count = 1024
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: Slot(entry: -1, string: ""), count: Self.count)
    }

    /// Frees the slots and the strings kept; called once, by the map that made them.
    func deallocate() {
        slots.deinitialize(count: Self.count)
        slots.deallocate()
    }

    /// The decoded text of string entry `entry` (`length` bytes of JSON text), kept or made by
    /// `decode`.
    @inline(__always)
    func string(_ entry: Int, length: Int, _ decode: () -> String?) -> String? {
        let slot = slots + (entry & (Self.count &- 1))
        if slot.pointee.entry == entry { return slot.pointee.string }
        guard let string = decode() else { return nil }
        if length > 15 { slot.pointee = Slot(entry: entry, string: string) }
        return string
    }
}
