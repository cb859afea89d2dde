// A value that a reading under the policy read without structural rules is kept, and the
// reading without structural rules of the value around it takes it instead of reading it again
// (NestedAttemptWorkTests). With a report, the events its reading recorded go with it: the
// report holds them once, as a reading of it again would have recorded them (the TheReport
// article: the report describes the value returned, nothing else).
import Foundation
import LenientJSON
import Testing

@Suite struct KeptValueEventsTests {
    /// Counts the calls of `Leaf.init(from:)` in one decode (one thread).
    final class Calls: @unchecked Sendable {
        var count = 0
    }

    static let callsKey = CodingUserInfoKey(rawValue: "KeptValueEventsTests.calls")!

    /// Large enough (its `values`) to be kept rather than read again.
    struct Leaf: Decodable, Equatable {
        var value: Int
        var values: [Int]

        enum CodingKeys: String, CodingKey { case value, values }

        init(value: Int, values: [Int]) {
            (self.value, self.values) = (value, values)
        }

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[KeptValueEventsTests.callsKey] as? Calls)?.count += 1
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(Int.self, forKey: .value)
            values = try container.decode([Int].self, forKey: .values)
        }
    }

    /// A leaf read before the member where a structural rule helps: the pair is read again
    /// without structural rules, which take the leaf as read.
    struct Pair: Decodable, Equatable {
        var leaf: Leaf
        var tag: Tag
    }

    /// One string, or several: a single string is the one-element array only for a reading
    /// with the structural rules, so the reading without them picks `.one`, which the pair
    /// returns.
    enum Tag: Decodable, Equatable {
        case many([String])
        case one(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                self = .many(try container.decode([String].self))
            } catch {
                self = .one(try container.decode(String.self))
            }
        }
    }

    /// A pair inside a value read again too: the pair's reading without structural rules, which
    /// replaced its first reading's events with its own, is read once more at this level, and
    /// takes the leaf again.
    struct Outer: Decodable, Equatable {
        var pair: Pair
        var tag: Tag
    }

    /// Leaves, or one leaf: an object is a one-element array of leaves only for a reading with
    /// the structural rules, so the reading without them reads the leaf where it is.
    enum Leaves: Decodable, Equatable {
        case many([Leaf])
        case one(Leaf)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                self = .many(try container.decode([Leaf].self))
            } catch {
                self = .one(try container.decode(Leaf.self))
            }
        }
    }

    /// Holds ``Leaves``.
    struct Holder: Decodable, Equatable {
        var leaves: Leaves
    }

    static let values = (0..<64).map { $0 }

    /// `count` outer values, each around one of ``pairs(_:)``'s pairs, its own `tag` a string.
    static func outers(_ count: Int) -> Data {
        let values = "[" + Self.values.map(String.init).joined(separator: ", ") + "]"
        let body = (0..<count).map { index in
            #"{"pair": {"leaf": {"value": "\#(index)", "values": \#(values)}, "tag": "t\#(index)"}, "tag": "o"}"#
        }
        return Data(("[" + body.joined(separator: ", ") + "]").utf8)
    }

    /// `count` pairs, each leaf's `value` a numeric string (a coercion) and each `tag` a string.
    static func pairs(_ count: Int) -> Data {
        let values = "[" + Self.values.map(String.init).joined(separator: ", ") + "]"
        let body = (0..<count).map { index in
            #"{"leaf": {"value": "\#(index)", "values": \#(values)}, "tag": "t\#(index)"}"#
        }
        return Data(("[" + body.joined(separator: ", ") + "]").utf8)
    }

    @Test(arguments: [1, 3, 16])
    func aKeptValueKeepsItsEventsOnceInDocumentOrder(count: Int) throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode([Pair].self, from: Self.pairs(count), report: &report)
        #expect(value == (0..<count).map { Pair(leaf: Leaf(value: $0, values: Self.values), tag: .one("t\($0)")) })
        // One coercion per leaf, at its place; `.one` needs no rule.
        #expect(report.events.map(\.path) == (0..<count).map { "$[\($0)].leaf.value" }, "\(report.events)")
        #expect(report.events.allSatisfy { $0.rule == .numberFromString && $0.type == "Int" }, "\(report.events)")
    }

    @Test(arguments: [1, 3, 16])
    func aKeptValueTakenAgainAfterItsFirstEventsWereReplacedKeepsThem(count: Int) throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode([Outer].self, from: Self.outers(count), report: &report)
        let expected = (0..<count).map {
            Outer(pair: Pair(leaf: Leaf(value: $0, values: Self.values), tag: .one("t\($0)")), tag: .one("o"))
        }
        #expect(value == expected)
        #expect(report.events.map(\.path) == (0..<count).map { "$[\($0)].pair.leaf.value" }, "\(report.events)")
        #expect(report.events.allSatisfy { $0.rule == .numberFromString && $0.type == "Int" }, "\(report.events)")
    }

    @Test(arguments: [1, 3])
    func aValueKeptAtAnotherPathHasItsEventsAtThePlaceItIsTakenAt(count: Int) throws {
        let values = "[" + Self.values.map(String.init).joined(separator: ", ") + "]"
        let body = (0..<count).map { #"{"leaves": {"value": "\#($0)", "values": \#(values)}}"# }
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(
            [Holder].self, from: Data(("[" + body.joined(separator: ", ") + "]").utf8), report: &report)
        #expect(value == (0..<count).map { Holder(leaves: .one(Leaf(value: $0, values: Self.values))) })
        #expect(report.events.map(\.path) == (0..<count).map { "$[\($0)].leaves.value" }, "\(report.events)")
    }

    @Test(arguments: [1, 16])
    func withAReportAKeptValueIsNotReadAgain(count: Int) throws {
        let calls = Calls()
        let decoder = LenientJSONDecoder()
        decoder.userInfo[Self.callsKey] = calls
        var report = LenientDecodingReport()
        _ = try decoder.decode([Pair].self, from: Self.pairs(count), report: &report)
        // Per leaf: the lenient reading and the strict one. The reading of its pair without
        // structural rules takes the leaf as read, except in the first pair: the document has
        // had no structural rule before it.
        #expect(calls.count <= 2 * count + 1, "\(calls.count) calls for \(count) pairs")
        #expect(report.events.count == count, "\(report.events)")
    }

    @Test func statisticsCountAKeptValuesEventsOnce() throws {
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = statistics
        _ = try decoder.decode([Pair].self, from: Self.pairs(4))
        let patterns = statistics.snapshot.patterns
        #expect(patterns.map(\.path) == ["$[*].leaf.value"], "\(patterns)")
        #expect(patterns.map(\.count) == [4], "\(patterns)")
    }
}
