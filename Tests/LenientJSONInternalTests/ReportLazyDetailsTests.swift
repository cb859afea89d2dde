// An event's line, column, found value, type and description are made when first read
// (Report/EventDetails.swift), not when the report's events are: reading every event's rule, path and
// pointer makes none of them.
// Whatever order and whatever threads read them, they equal the fields of the same event made
// from its JSON form (Codable stores every field), and an event made so holds no record.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Report events' line, column, found value, type and description made on first read")
struct ReportLazyDetailsTests {
    /// Every field of `events`, each read in turn from the JSON form of the report.
    static func stored(_ report: LenientDecodingReport) throws -> [LenientDecodingEvent] {
        try JSONDecoder().decode(LenientDecodingReport.self, from: JSONEncoder().encode(report)).events
    }

    @Test(
        "Reading rule, path and pointer makes no found value, type or description",
        arguments: CorpusName.allCases)
    func pathsMakeNoDetails(_ corpus: CorpusName) throws {
        let report = try corpus.accept(ReportedCorpusDecode(data: try corpus.messy(seed: 1).data))
        let events = report.events
        #expect(events.count > 100)
        let read = events.reduce(0) { $0 + $1.rule.rawValue.count + $1.path.count + $1.pointer.count }
        #expect(read > 0)
        #expect(events.allSatisfy { $0.unmadeFieldCount == 3 && $0.holdsRecord })
        _ = events.map(\.description)
        #expect(events.allSatisfy { $0.unmadeFieldCount == 2 })
        _ = events.map(\.type)
        _ = events.map(\.found)
        #expect(events.allSatisfy { $0.unmadeFieldCount == 0 && !$0.holdsRecord })
    }

    @Test("Reading rule, path and pointer makes no line or column", arguments: CorpusName.allCases)
    func pathsMakeNoPlaces(_ corpus: CorpusName) throws {
        let report = try corpus.accept(ReportedCorpusDecode(data: try corpus.messy(seed: 1).data))
        let events = report.events
        #expect(events.count > 100)
        let read = events.reduce(0) { $0 + $1.rule.rawValue.count + $1.path.count + $1.pointer.count }
        #expect(read > 0)
        #expect(events.allSatisfy { $0.hasUnmadeLocation })
        _ = events.map(\.line)
        #expect(events.allSatisfy { !$0.hasUnmadeLocation && $0.unmadeFieldCount == 3 })
    }

    @Test("A sentence makes its event's line and column with it", arguments: CorpusName.allCases)
    func sentenceMakesPlace(_ corpus: CorpusName) throws {
        let events = try corpus.accept(ReportedCorpusDecode(data: try corpus.messy(seed: 1).data)).events
        _ = events.map(\.description)
        #expect(events.allSatisfy { !$0.hasUnmadeLocation && $0.unmadeFieldCount == 2 })
    }

    /// The 1-based line and column of each byte of `data` (and of its end): a line feed starts a
    /// line, and a column is a Unicode scalar, so a UTF-8 continuation byte (`10xxxxxx`) starts
    /// none (the `line` and `column` of ``LenientDecodingEvent``).
    static func places(in data: Data) -> [(line: Int, column: Int)] {
        var places: [(line: Int, column: Int)] = []
        places.reserveCapacity(data.count + 1)
        var (line, column) = (1, 1)
        for byte in data {
            places.append((line, column))
            if byte == 0x0A {
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        places.append((line, column))
        return places
    }

    @Test(
        "Lines and columns made on first read, in either order, are those of each event's offset",
        arguments: CorpusName.allCases, [false, true])
    func placesMadeLaterMatchOffsets(_ corpus: CorpusName, reversed: Bool) throws {
        let data = try corpus.messy(seed: 1).data
        let events = try corpus.accept(ReportedCorpusDecode(data: data)).events
        let places = Self.places(in: data)
        #expect(events.contains { $0.offset != nil })
        var wrong = 0
        for event in reversed ? events.reversed() : events {
            guard let offset = event.offset, offset < places.count else {
                if event.line != nil || event.column != nil || event.offset != nil { wrong += 1 }
                continue
            }
            if event.line != places[offset].line || event.column != places[offset].column {
                if wrong == 0 { Issue.record("\(event.path): \(String(describing: event.line)), \(places[offset])") }
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test(
        "Fields made on first read, in any order, on any thread, equal those of the event's JSON form",
        arguments: CorpusName.allCases, [UInt64(1), 7])
    func fieldsMadeLaterEqualStoredOnes(_ corpus: CorpusName, seed: UInt64) async throws {
        let data = try corpus.messy(seed: seed).data
        let expected = try Self.stored(try corpus.accept(ReportedCorpusDecode(data: data)))
        let events = try corpus.accept(ReportedCorpusDecode(data: data)).events
        #expect(events.count == expected.count)
        #expect(events.allSatisfy { $0.unmadeFieldCount == 3 })
        // Four tasks read the same events, each its own field first and from its own end.
        let reads = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<4 {
                group.addTask {
                    let order = task.isMultiple(of: 2) ? Array(events.indices) : events.indices.reversed()
                    var texts = [String](repeating: "", count: events.count)
                    for index in order {
                        let event = events[index]
                        switch task {
                        case 0: texts[index] = event.description + event.type + "\(String(describing: event.found))"
                        case 3: texts[index] = "\(String(describing: event.column))" + event.type + event.description
                        case 1: texts[index] = "\(String(describing: event.found))" + event.description + event.type
                        default: texts[index] = event.type + "\(String(describing: event.found))" + event.description
                        }
                    }
                    return texts
                }
            }
            var all: [[String]] = []
            for try await texts in group { all.append(texts) }
            return all
        }
        #expect(reads.count == 4)
        for (index, (event, stored)) in zip(events, expected).enumerated() where event != stored {
            Issue.record("event \(index): \(event) differs from its JSON form \(stored)")
            break
        }
        #expect(events.map(\.hashValue) == expected.map(\.hashValue))
        #expect(events.allSatisfy { $0.unmadeFieldCount == 0 && !$0.holdsRecord })
    }

    @Test("Statistics keep each pattern's first event with every field made, holding no document")
    func statisticsKeepSettledEvents() throws {
        struct User: Decodable { var age: Int }
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = statistics
        _ = try decoder.decode(User.self, from: Data(#"{"age": "12"}"#.utf8))
        let first = try #require(statistics.snapshot.patterns.first?.first)
        #expect(first.unmadeFieldCount == 0 && !first.holdsRecord)
        #expect(first.found == .string("12") && first.type == "Int")
        #expect(!first.hasUnmadeLocation && first.line == 1 && first.column == 9)
        #expect(first.description.hasPrefix("$.age (line 1, column 9): "))
    }

    @Test("A field set on a decode's event replaces the one made; the others are still made, copies apart")
    func settingAFieldKeepsTheOthers() throws {
        struct User: Decodable { var age: Int }
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(User.self, from: Data(#"{"age": "12"}"#.utf8), report: &report)
        let original = try #require(report.events.first)
        var changed = original
        changed.found = .number("13")
        #expect(changed.found == .number("13"))
        #expect(original.found == .string("12"))
        #expect(changed.type == "Int")
        #expect(changed.description == original.description)
        #expect(changed.description.hasPrefix("$.age (line 1, column 9): "))
        changed.line = 5
        #expect(changed.line == 5 && changed.column == 9 && original.line == 1)
        changed.type = "Age"
        changed.description = "set"
        #expect(changed.unmadeFieldCount == 0 && !changed.holdsRecord)
        #expect((changed.found, changed.type, changed.description) == (.number("13"), "Age", "set"))
        #expect(changed != original)
        #expect(original.type == "Int")
    }
}
