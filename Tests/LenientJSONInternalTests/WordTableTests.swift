import Testing

@testable import LenientJSON

/// `WordTable` (Report/WordTable.swift), the map statistics group a decode's records with: it
/// must agree with `Dictionary` for any keys, the ones a decode gives it included (addresses,
/// whose low bits are all alike, and hashes, `0` among them).
@Suite("Word table")
struct WordTableTests {
    enum Keys: String, CaseIterable, Sendable {
        case addresses, hashes, small
    }

    @Test("A word table finds what a dictionary finds, for any keys", arguments: Keys.allCases, 0..<8)
    func agreesWithDictionary(keys: Keys, seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        var table = WordTable<Int>()
        var dictionary: [UInt64: Int] = [:]
        for step in 0..<2_000 {
            let key: UInt64
            switch keys {
            case .addresses: key = 0x7F00_0000_0000 &+ (generator.next() % 4_096) &* 16
            case .hashes: key = generator.next() % 8 == 0 ? 0 : generator.next()
            case .small: key = generator.next() % 300
            }
            // Keys already met come back often, as a parent node or a pattern does.
            let probe = generator.next() % 2 == 0 ? key : (dictionary.keys.randomElement(using: &generator) ?? key)
            #expect(table[probe] == dictionary[probe])
            if generator.next() % 3 != 0 {
                table.set(step, for: probe)
                dictionary[probe] = step
            }
        }
        for key in dictionary.keys { #expect(table[key] == dictionary[key]) }
        #expect(dictionary.count > 100)
    }
}
