// Normalized matching keeps what it works out about each key spelling (Keys/KeySpellings.swift):
// every answer the table gives must be the one the rules give for the same bytes
// (KeyNormalization, NormalizedKeyHashes), whatever was kept before and whatever was evicted.

import Testing

@testable import LenientJSON

@Suite("Key spellings kept by their bytes")
struct KeySpellingsTests {
    /// Words a spelling is made of: letters, digits, a non-ASCII letter, a non-letter symbol.
    static let words = ["user", "ID", "Name", "url", "2", "é", "Über", "X", "+1", "profile", "a"]
    /// What may come between words: nothing, a separator normalization drops, or a byte it keeps.
    static let joins = ["", "_", "-", ".", " ", "", "/", "\u{0}", "~"]

    /// A spelling of up to `maxWords` words, each in one of three cases, joined at random.
    static func spelling(_ random: inout SplitMix64, maxWords: Int) -> [UInt8] {
        var text = ""
        for index in 0..<random.int(0...maxWords) {
            if index > 0 { text += random.pick(joins) }
            let word = random.pick(words)
            switch random.int(0...2) {
            case 0: text += word.lowercased()
            case 1: text += word.uppercased()
            default: text += word
            }
        }
        return Array(text.utf8)
    }

    /// Spellings of lengths 0 to about 60 bytes: both sides of ``KeySpellings/longest``, and
    /// many that normalize alike.
    static func spellings(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in spelling(&random, maxWords: 8) }
    }

    @Test("Equal words and lengths are equal bytes, for every length up to the longest kept")
    func wordsAreTheBytes() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let count = random.int(0...KeySpellings.longest)
            var a = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.int(0...255)) }
            // Another text that differs in one byte, or in length only (a NUL more or less).
            var b = a
            switch random.int(0...2) {
            case 0 where !b.isEmpty: b[random.int(0...(b.count - 1))] ^= UInt8(truncatingIfNeeded: random.int(1...255))
            case 1 where b.count < KeySpellings.longest: b.append(0)
            default: if !b.isEmpty { b.removeLast() }
            }
            if random.chance(0.2) { b = a }
            let (wordsA, wordsB) = (words(of: &a), words(of: &b))
            let equalWords =
                wordsA.0 == wordsB.0 && wordsA.1 == wordsB.1 && wordsA.2 == wordsB.2 && wordsA.3 == wordsB.3
            #expect((equalWords && a.count == b.count) == (a == b), "\(a) \(b)")
        }
    }

    /// ``KeySpellings/words(_:count:)`` of `bytes`, read from a buffer of exactly their size.
    func words(of bytes: inout [UInt8]) -> (UInt64, UInt64, UInt64, UInt64) {
        let count = bytes.count
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (0, 0, 0, 0) }
            return KeySpellings.words(base, count: count)
        }
    }

    @Test(
        "Each spelling's hash, letter and normalized form are the rules', asked in any order",
        arguments: [0, 500, 100_000])
    func answersAreTheRules(entryCount: Int) {
        // A small table evicts often (16 slots for 0 entries); a large one mostly keeps.
        let table = KeySpellings(entryCount: entryCount)
        defer { table.deallocate() }
        let spellings = Self.spellings(seed: UInt64(entryCount) &+ 3, count: 400)
        var random = SplitMix64(seed: 5)
        for _ in 0..<3_000 {
            let a = random.pick(spellings)
            let b = random.pick(spellings)
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    let (hasLetter, hash) = table.letterAndHash(of: a)
                    #expect(hasLetter == KeyNormalization.hasLetter(a))
                    #expect(hash == NormalizedKeyHashes.hash(normalizing: a))
                    #expect(table.normalizedHash(of: a) == NormalizedKeyHashes.hash(normalizing: a))
                    #expect(
                        table.normalizeAlike(a, b) == KeyNormalization.normalizeAlike(a, b),
                        "\(String(decoding: a, as: UTF8.self)) \(String(decoding: b, as: UTF8.self))")
                    // Kept exactly where the table keeps spellings.
                    #expect((table.slot(of: a) == nil) == (a.isEmpty || a.count > KeySpellings.longest))
                }
            }
        }
    }

    @Test("Texts that differ in one byte get answers of their own, at every place of every length kept")
    func everyByteCounts() {
        // The two texts share a set wherever the table mixes in only some of the bytes: an
        // answer from the other's slot would be the other's hash.
        let table = KeySpellings(entryCount: 0)
        defer { table.deallocate() }
        for count in 1...KeySpellings.longest {
            for place in 0..<count {
                let a = [UInt8](repeating: UInt8(ascii: "k"), count: count)
                var b = a
                b[place] = UInt8(ascii: "q")
                for text in [a, b, a, b] {
                    text.withUnsafeBufferPointer { text in
                        #expect(table.slot(of: text)?.pointee.hash == NormalizedKeyHashes.hash(normalizing: text))
                    }
                }
            }
        }
    }

    @Test("Spellings that normalize alike are found alike, and others are not")
    func respellingsNormalizeAlike() {
        let table = KeySpellings(entryCount: 0)
        defer { table.deallocate() }
        let alike = ["userId", "user_id", "USER-ID", "User Id", "user.id", "userid", "U_S_E_R_I_D"]
        let other = ["userIds", "user_1d", "usr_id", "idUser", "user/id", "user~id"]
        func kept(_ a: String, alike b: String) -> Bool {
            var (a, b) = (a, b)
            return a.withUTF8 { a in b.withUTF8 { b in table.normalizeAlike(a, b) } }
        }
        for a in alike {
            for b in alike { #expect(kept(a, alike: b), "\(a) \(b)") }
            for b in other { #expect(!kept(a, alike: b), "\(a) \(b)") }
        }
    }
}
