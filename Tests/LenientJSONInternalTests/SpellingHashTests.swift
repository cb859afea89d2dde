// Statistics hash every key of an event's path by its UTF-8 spelling (SpellingHash.swift, read
// eight bytes at a step, the last bytes by loads that may overlap). Two spellings that differ
// in a byte or two, at any length, must hash apart, or two patterns would be counted as one.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Spelling hash")
struct SpellingHashTests {
    /// Every one-byte change of a spelling, at every position, every change of two top bits, and
    /// every shorter prefix, hash apart from the spelling and from each other; the same bytes
    /// always hash alike.
    @Test("Spellings that differ in a byte, two bits or in length hash apart", arguments: 0...40)
    func differentSpellingsHashApart(length: Int) {
        var generator = SystemRandomNumberGenerator()
        let base = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var spellings: [[UInt8]] = [base]
        for position in 0..<length {
            for change: UInt8 in [1, 0x80, 0xFF] {
                var changed = base
                changed[position] ^= change
                spellings.append(changed)
            }
        }
        // Two top bits flipped: where the words' mixing is too linear, a difference carried from
        // one word cancels one in the next.
        for first in 0..<length {
            for second in (first + 1)..<max(first + 1, length) {
                var changed = base
                changed[first] ^= 0x80
                changed[second] ^= 0x80
                spellings.append(changed)
            }
        }
        for prefix in 0..<length { spellings.append(Array(base[..<prefix])) }
        let hashes = spellings.map { spelling in spelling.withUnsafeBytes { SpellingHash.hash($0) } }
        #expect(Set(hashes).count == spellings.count)
        #expect(base.withUnsafeBytes { SpellingHash.hash($0) } == hashes[0])
        // A copy of the bytes elsewhere in memory hashes alike.
        let copy = Array(base)
        #expect(copy.withUnsafeBytes { SpellingHash.hash($0) } == hashes[0])
    }
}
