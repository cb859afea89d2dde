import Foundation
import Testing

@testable import LenientJSON

/// The table of attempts' outcomes (Decoding/StrictAttemptTable.swift) answers as a dictionary
/// keyed by entry and type would: every attempt added is found with the last value added for
/// it, through every growth of the table, and no other attempt is found.
@Suite("Strict attempt table")
struct StrictAttemptTableTests {
    /// Types for attempts at the same entries: one entry may be tried as several types.
    private static let types = [
        ObjectIdentifier(Int.self), ObjectIdentifier(String.self), ObjectIdentifier([Int].self),
        ObjectIdentifier(Bool.self),
    ]

    @Test("an empty table knows no attempt")
    func emptyTable() {
        let table = StrictAttemptTable<Int>()
        #expect(table[DecoderImpl.StrictAttempt(entry: 0, type: Self.types[0])] == nil)
        #expect(table[DecoderImpl.StrictAttempt(entry: -1, type: ObjectIdentifier(Never.self))] == nil)
    }

    @Test("attempts added are found with their last value, others are not", arguments: [1, 7, 8, 9, 100, 5_000])
    func addedAttempts(count: Int) {
        var table = StrictAttemptTable<Int>()
        var expected: [Int: Int] = [:]
        var random = SplitMix64(seed: UInt64(count))
        func key(_ attempt: DecoderImpl.StrictAttempt) -> Int {
            attempt.entry &* 8 &+ Self.types.firstIndex(of: attempt.type)!
        }
        for step in 0..<count {
            // Entries close together and far apart, each with a random type; a third of the
            // steps repeat an earlier attempt with a new value.
            let entry = step % 3 == 2 ? Int(random.next() % UInt64(step + 1)) : step * 37 + Int(random.next() % 4)
            let attempt = DecoderImpl.StrictAttempt(
                entry: entry, type: Self.types[Int(random.next() % UInt64(Self.types.count))])
            table.insert(step, for: attempt)
            expected[key(attempt)] = step
        }
        // Every entry used, with every type (most were never added), and one past the last.
        let entries = Set(expected.keys.map { $0 / 8 }).union([count * 37 + 4])
        for entry in entries {
            for type in Self.types {
                let attempt = DecoderImpl.StrictAttempt(entry: entry, type: type)
                #expect(table[attempt] == expected[key(attempt)], "entry \(entry)")
            }
        }
    }

    @Test("a value that owns memory is kept across growth")
    func valuesSurviveGrowth() {
        var table = StrictAttemptTable<[String]>()
        for entry in 0..<300 {
            table.insert(["value \(entry)"], for: DecoderImpl.StrictAttempt(entry: entry, type: Self.types[1]))
        }
        for entry in 0..<300 {
            #expect(table[DecoderImpl.StrictAttempt(entry: entry, type: Self.types[1])] == ["value \(entry)"])
            #expect(table[DecoderImpl.StrictAttempt(entry: entry, type: Self.types[0])] == nil)
        }
    }
}
