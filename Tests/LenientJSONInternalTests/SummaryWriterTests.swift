// A summary finds each line by the hash of its key's bytes (Report/SummaryWriter.swift) and
// compares the bytes where two hashes are equal: keys whose hashes collide still make lines of
// their own, each with its own count and first description, in the order of their first event.

import Testing

@testable import LenientJSON

@Suite("Summary lines found by hash")
struct SummaryWriterTests {
    /// Writes a line for each of `keys` in turn, each of one event, its description the key's
    /// position, and returns the summary.
    static func summary(of keys: [String], hash: @escaping (UnsafeRawBufferPointer) -> UInt64) -> String {
        var writer = SummaryWriter(hash: hash)
        for (position, key) in keys.enumerated() {
            writer.startKey()
            writer.appendKeyBytes(key.utf8)
            if let line = writer.endKey(count: 1) {
                writer.setDescription(of: line) { $0.append(contentsOf: "event \(position)".utf8) }
            }
        }
        return writer.text
    }

    /// The summary the grouping of `keys` by their text makes, written from its definition.
    static func expected(of keys: [String]) -> String {
        var order: [String] = []
        var counts: [String: (count: Int, first: Int)] = [:]
        for (position, key) in keys.enumerated() {
            if let known = counts[key] {
                counts[key] = (known.count + 1, known.first)
            } else {
                order.append(key)
                counts[key] = (1, position)
            }
        }
        return order.map { key in
            let (count, first) = counts[key] ?? (0, 0)
            return "\(key) ×\(count) — first: event \(first)"
        }.joined(separator: "\n")
    }

    static let keys = [
        "coerced $.a", "matchedKey $.b", "coerced $.a", "coerced $.c", "matchedKey $.b", "coerced $.a",
        "usedDefault $.items[*].id", "coerced $.c", "", "coerced $.a",
    ]

    @Test("Keys whose hashes all collide make the lines their texts make")
    func everyHashEqual() {
        #expect(Self.summary(of: Self.keys, hash: { _ in 42 }) == Self.expected(of: Self.keys))
    }

    @Test("Keys hashed by their length, some colliding, make the lines their texts make")
    func someHashesEqual() {
        #expect(Self.summary(of: Self.keys, hash: { UInt64($0.count % 3) }) == Self.expected(of: Self.keys))
    }

    @Test("Keys hashed by the process's spelling hash make the lines their texts make")
    func spellingHash() {
        #expect(Self.summary(of: Self.keys, hash: SpellingHash.hash) == Self.expected(of: Self.keys))
    }
}
