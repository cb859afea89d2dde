import Testing

@testable import LenientJSON

/// `KeptStrings`, the strings a decode's readings again take as first decoded: a long string is
/// decoded once per entry, a short one every time, and an entry that shares a slot with another
/// is never answered with the other's string.
@Suite("Kept strings")
struct KeptStringsTests {
    /// Reads `entry` through `kept`, counting the decodes in `decodes`.
    static func read(_ entry: Int, length: Int, _ kept: KeptStrings, decodes: inout Int) -> String? {
        kept.string(entry, length: length) {
            decodes += 1
            return "text of entry \(entry), \(length) bytes"
        }
    }

    @Test("A long string is decoded once; a short one at every read", arguments: [0, 15, 16, 200])
    func decodedOnce(length: Int) {
        let kept = KeptStrings(entryCount: 5_000)
        defer { kept.deallocate() }
        var decodes = 0
        let first = Self.read(7, length: length, kept, decodes: &decodes)
        let second = Self.read(7, length: length, kept, decodes: &decodes)
        #expect(first == second)
        #expect(decodes == (length > 15 ? 1 : 2))
    }

    @Test(
        "Entries that share a slot each read their own text, in a table sized for any document",
        arguments: [1, 10, 100, 5_000])
    func sharedSlots(entryCount: Int) {
        let kept = KeptStrings(entryCount: entryCount)
        defer { kept.deallocate() }
        var decodes = 0
        // Entries 16, 64, 1,024 and 2,048 apart fall in one slot of a table of that many slots or
        // fewer; each read must give its own entry's text, in two rounds.
        let entries = [3, 19, 67, 1_027, 2_051, 4]
        for _ in 0..<2 {
            for entry in entries {
                #expect(Self.read(entry, length: 40, kept, decodes: &decodes) == "text of entry \(entry), 40 bytes")
            }
        }
        #expect(decodes >= entries.count)
    }

    @Test("A string that fails to decode is not kept")
    func failureNotKept() {
        let kept = KeptStrings(entryCount: 5_000)
        defer { kept.deallocate() }
        var calls = 0
        for _ in 0..<2 {
            let string = kept.string(9, length: 30) {
                calls += 1
                return nil
            }
            #expect(string == nil)
        }
        #expect(calls == 2)
    }
}
