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
}
