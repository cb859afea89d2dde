// SPEC 14, rule 7: a complete element already decoded by an earlier snapshot is not decoded
// again; one that a rule acted on is decoded again, so each snapshot's report still has its events.

import Foundation
import LenientJSON
import Testing

@Suite("Partial documents reuse complete elements")
struct PartialReuseTests {
    /// Counts the decodes of ``Counted`` values, per test (each test uses its own tag).
    final class DecodeCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func add(_ tag: String) { lock.withLock { counts[tag, default: 0] += 1 } }
        func count(_ tag: String) -> Int { lock.withLock { counts[tag, default: 0] } }
    }

    static let counter = DecodeCounter()

    struct Counted: Decodable, Equatable, Sendable {
        var tag: String
        var n: Int
        enum Keys: String, CodingKey { case tag, n }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            tag = try container.decode(String.self, forKey: .tag)
            n = try container.decode(Int.self, forKey: .n)
            PartialReuseTests.counter.add(tag)
        }
    }

    @Test("Each complete element is decoded once across snapshots")
    func completeElementsDecodeOnce() throws {
        var partial = LenientJSONDecoder().partial([Counted].self)
        try partial.append("[")
        for n in 0..<20 {
            try partial.append(#"{"tag": "once", "n": \#(n)}, "#)
            #expect(partial.snapshot().value?.count == n + 1)
        }
        #expect(Self.counter.count("once") == 20)
    }

    @Test("After an element a rule acted on, later complete elements are still decoded once")
    func elementsAfterAnEvent() throws {
        var partial = LenientJSONDecoder().partial([Counted].self)
        try partial.append(#"[{"tag": "head", "n": 0}, {"tag": "coerced", "n": "1"}, "#)
        var snapshots = 0
        for n in 2..<12 {
            try partial.append(#"{"tag": "tail", "n": \#(n)}, "#)
            let snapshot = partial.snapshot()
            snapshots += 1
            #expect(snapshot.value?.map(\.n) == Array(0...n))
            #expect(snapshot.report.events.map(\.path) == ["$[1].n"])
        }
        #expect(Self.counter.count("head") == 1)
        #expect(Self.counter.count("tail") == 10)
        #expect(Self.counter.count("coerced") >= snapshots)
    }

    struct Person: Decodable, Equatable, Sendable {
        var age: Int
    }

    @Test("An element a rule acted on is decoded again: every snapshot reports its event")
    func elementsWithEventsKeepTheirEvents() throws {
        var partial = LenientJSONDecoder().partial([Person].self)
        try partial.append(#"[{"age": "42"}, "#)
        #expect(partial.snapshot().report.events.map(\.path) == ["$[0].age"])
        try partial.append(#"{"age": 7}, "#)
        let snapshot = partial.snapshot()
        #expect(snapshot.value == [Person(age: 42), Person(age: 7)])
        #expect(snapshot.report.events.map(\.path) == ["$[0].age"])
    }

    @Test("A copy of a partial decoder that reads other bytes keeps its own elements")
    func copiesDiverge() throws {
        var first = LenientJSONDecoder().partial([Person].self)
        try first.append("[")
        var second = first
        try first.append(#"{"age": 1}, "#)
        _ = first.snapshot()
        try second.append(#"{"age": 2}, "#)
        #expect(second.snapshot().value == [Person(age: 2)])
        #expect(first.snapshot().value == [Person(age: 1)])
    }

    /// Reads `items` twice: as an array, and element by element through an unkeyed container.
    struct Twice: Decodable, Equatable, Sendable {
        var items: [Int]
        var count: Int
        var doubles: [Double]
        enum Keys: String, CodingKey { case items }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            items = try container.decode([Int].self, forKey: .items)
            doubles = try container.decode([Double].self, forKey: .items)
            var unkeyed = try container.nestedUnkeyedContainer(forKey: .items)
            var count = 0
            while !unkeyed.isAtEnd {
                _ = try unkeyed.decode(Int.self)
                count += 1
            }
            self.count = count
        }
    }

    struct Step: Decodable, Equatable, Sendable {
        var text: String
        var minutes: Int
    }

    struct Recipe: Decodable, Equatable, Sendable {
        var title: String
        var steps: [Step]
        var tags: [[String]]
    }

    /// Each snapshot of `text` appended in pieces of `size` bytes equals the snapshot of a new
    /// partial decoder given the same bytes at once (which has nothing to reuse).
    static func checkReuse<T: Decodable & Equatable>(
        _ type: T.Type, _ text: String, size: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = Array(text.utf8)
        let decoder = LenientJSONDecoder()
        var partial = decoder.partial(type)
        var end = 0
        while end < bytes.count {
            let next = min(end + size, bytes.count)
            try partial.append(bytes[end..<next])
            end = next
            var fresh = decoder.partial(type)
            try fresh.append(bytes[..<end])
            let reused = partial.snapshot()
            let expected = fresh.snapshot()
            #expect(reused.value == expected.value, "after \(end) bytes", sourceLocation: sourceLocation)
            #expect(reused.pending == expected.pending, sourceLocation: sourceLocation)
            #expect(
                reused.report.events.map(\.description) == expected.report.events.map(\.description),
                sourceLocation: sourceLocation)
        }
    }

    @Test("Snapshots that reuse elements equal snapshots made afresh", arguments: [1, 3, 16])
    func reuseChangesNothing(size: Int) throws {
        let items = (0..<12).map(String.init).joined(separator: ", ")
        try Self.checkReuse(Twice.self, #"{"items": [\#(items)]}"#, size: size)
        try Self.checkReuse([Int].self, "[\(items)]", size: size)
        try Self.checkReuse(JSONValue.self, #"{"a": [\#(items), {"b": [1, "x"]}]}"#, size: size)
        let steps = (0..<6).map { #"{"text": "step \#($0)", "minutes": "\#($0)"}"# }.joined(separator: ", ")
        try Self.checkReuse(
            Recipe.self, #"{"title": "Soup", "steps": [\#(steps)], "tags": [["a", "b"], ["c"], []]}"#, size: size)
        // Pretty-printed, with a coerced (reported) value after the elements kept: lines and
        // columns of its event are those of the whole text.
        let lines = (0..<8).map { #"    {"text": "step \#($0)", "minutes": \#($0)}"# }.joined(separator: ",\n")
        try Self.checkReuse(
            Recipe.self,
            "{\n  \"title\": \"Soup\",\n  \"steps\": [\n\(lines),\n    {\"text\": \"last\", \"minutes\": \"9\"}\n  ],\n"
                + "  \"tags\": []\n}",
            size: size)
    }

    @Test("isComplete(at:) sees the elements a snapshot reused")
    func completeAtReusedElements() throws {
        var partial = LenientJSONDecoder().partial([Int].self)
        try partial.append("[1, 2, ")
        _ = partial.snapshot()
        try partial.append("3, 4, ")
        _ = partial.snapshot()
        try partial.append("5, 6")
        let snapshot = partial.snapshot()
        #expect(snapshot.value == [1, 2, 3, 4, 5])
        #expect(snapshot.isComplete(at: "$[0]"))
        #expect(snapshot.isComplete(at: "$[4]"))
        #expect(!snapshot.isComplete(at: "$[5]"))
    }
}
