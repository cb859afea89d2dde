// Work that must grow linearly with the depth of a document where leniency helped at every
// level (the HandWrittenDecoders article): each value that a rule helped is read again strictly
// and, where a structural rule helped, once more without the structural rules. A value that
// failed one of those readings is remembered, so that the same reading of the value around it
// stops there at once instead of reading the inner one again. Counted, not timed: the model
// counts how often its `init(from:)` runs.
import Foundation
import LenientJSON
import Testing

@Suite struct NestedAttemptWorkTests {
    /// Counts the calls of `Level.init(from:)` in one decode (one thread).
    final class Calls: @unchecked Sendable {
        var count = 0
    }

    static let callsKey = CodingUserInfoKey(rawValue: "NestedAttemptWorkTests.calls")!

    /// A chain of levels. `next` is read before `items`, so that a reading of a level reaches
    /// the level inside it before the member where that reading fails.
    struct Level: Decodable, Equatable {
        var next: Box?
        var items: [Int]
        var count: Int

        enum CodingKeys: String, CodingKey { case next, items, count }

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[NestedAttemptWorkTests.callsKey] as? Calls)?.count += 1
            let container = try decoder.container(keyedBy: CodingKeys.self)
            next = try container.decodeIfPresent(Box.self, forKey: .next)
            items = try container.decode([Int].self, forKey: .items)
            count = try container.decode(Int.self, forKey: .count)
        }
    }

    /// `Level` behind a reference, so that the recursive value has a size.
    final class Box: Decodable, Equatable {
        let level: Level
        init(from decoder: any Decoder) throws { level = try Level(from: decoder) }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.level == rhs.level }
    }

    /// `depth` nested levels; messy: each level's `items` a single number where the model has
    /// an array (wrapped by a structural rule) and its `count` a string (a coercion).
    static func document(depth: Int, messy: Bool) -> Data {
        var text = ""
        for level in 0..<depth {
            let items = messy ? "\(level)" : "[\(level)]"
            let count = messy ? "\"\(level)\"" : "\(level)"
            text = #"{"next": \#(level == 0 ? "null" : text), "items": \#(items), "count": \#(count)}"#
        }
        return Data(text.utf8)
    }

    /// Counts the calls of `Leaf.init(from:)` in one decode (one thread). Large enough (its
    /// `values`) to be worth keeping rather than reading again.
    struct Leaf: Decodable, Equatable {
        var value: Int
        var values: [Int]

        enum CodingKeys: String, CodingKey { case value, values }

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[NestedAttemptWorkTests.callsKey] as? Calls)?.count += 1
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(Int.self, forKey: .value)
            values = try container.decode([Int].self, forKey: .values)
        }
    }

    /// A leaf read before the member where the reading without structural rules fails.
    struct Pair: Decodable, Equatable {
        var leaf: Leaf
        var items: [Int]
    }

    /// `count` pairs; messy: each leaf's value a string (a coercion) and each pair's `items` a
    /// single number (wrapped by a structural rule).
    static func pairs(_ count: Int, messy: Bool) -> Data {
        let values = "[" + (0..<64).map(String.init).joined(separator: ", ") + "]"
        let body = (0..<count).map { index in
            messy
                ? #"{"leaf": {"value": "\#(index)", "values": \#(values)}, "items": \#(index)}"#
                : #"{"leaf": {"value": \#(index), "values": \#(values)}, "items": [\#(index)]}"#
        }
        return Data(("[" + body.joined(separator: ", ") + "]").utf8)
    }

    @Test(arguments: [1, 16])
    func aValueReadBeforeTheStructuralRuleIsNotReadAgain(count: Int) throws {
        let expected = try JSONDecoder().decode([Pair].self, from: Self.pairs(count, messy: false))
        let calls = Calls()
        let decoder = LenientJSONDecoder()
        decoder.userInfo[Self.callsKey] = calls
        let value = try decoder.decode([Pair].self, from: Self.pairs(count, messy: true))
        #expect(value == expected)
        // Per leaf: the lenient reading and the strict one. The reading of its pair without
        // structural rules takes the leaf as read, except in the first pair: the document has
        // had no structural rule before it.
        #expect(calls.count <= 2 * count + 1, "\(calls.count) calls for \(count) pairs")
    }

    @Test(arguments: [8, 32])
    func eachLevelIsReadAConstantNumberOfTimes(depth: Int) throws {
        let expected = try JSONDecoder().decode(Level.self, from: Self.document(depth: depth, messy: false))
        let calls = Calls()
        let decoder = LenientJSONDecoder()
        decoder.userInfo[Self.callsKey] = calls
        let value = try decoder.decode(Level.self, from: Self.document(depth: depth, messy: true))
        #expect(value == expected)
        // Per level: the lenient reading, the strict one and the one without structural rules,
        // each stopping at the inner level's remembered failure. Reading the inner levels again
        // at every level would take about depth² / 2 calls.
        #expect(calls.count <= 3 * depth, "\(calls.count) calls for \(depth) levels")
    }
}
