// Report events are recorded compactly when a rule fires and made into `LenientDecodingEvent`
// values when first read (Report/ReportCollector.swift, Report/EventBatch.swift). These tests rebuild each event's
// place from the input text by a slow, independent path (a scan from the first byte for the line
// and column, the value's own text for the found value, the path string for the pointer) and
// check that the events of abandoned attempts never appear (the TheReport article).

import Foundation
import LenientJSON
import Synchronization
import Testing

@Suite("Report events checked against the text")
struct ReportLazyTests {
    /// The seeds of the messy corpora: 7 (the numbers) and 1 (`compare`'s).
    static let seeds: [UInt64] = [7, 1]

    /// The 1-based line and column of each byte offset in `offsets`, counted from the first byte
    /// in one pass (an event's place is checked against the text, not against the decoder's own
    /// counting); columns count Unicode scalars, lines end at `\n`, `\r\n` or a lone `\r`.
    static func places(_ bytes: [UInt8], at offsets: Set<Int>) -> [Int: (line: Int, column: Int)] {
        var places: [Int: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        var previousWasCR = false
        for index in 0...bytes.count {
            if offsets.contains(index) { places[index] = (line, column) }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                if !previousWasCR { line += 1 }
                column = 1
            case UInt8(ascii: "\r"):
                line += 1
                column = 1
            default:
                // A byte that is not a UTF-8 continuation byte starts a scalar.
                if byte & 0xC0 != 0x80 { column += 1 }
            }
            previousWasCR = byte == UInt8(ascii: "\r")
        }
        return places
    }

    /// The end of the JSON value starting at `start`: after its closing quote or bracket, or
    /// before the delimiter that ends a number or literal.
    static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index }
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return index
    }

    /// Whether `found` is the value `JSONSerialization` reads from the same text.
    static func matches(_ found: JSONValue, _ any: Any) -> Bool {
        switch found {
        case .null: return any is NSNull
        case .bool(let bool): return (any as? NSNumber).map { $0.boolValue == bool } ?? false
        case .number(let text):
            guard let number = any as? NSNumber, let value = Double(text) else { return false }
            // JSONSerialization on Linux may round a long literal's last digit differently.
            return abs(number.doubleValue - value) <= 1e-12 * Swift.max(1, abs(value))
        case .string(let string): return (any as? String) == string
        case .array(let elements):
            guard let array = any as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let object = any as? [String: Any], object.count == members.count else { return false }
            return members.allSatisfy { key, value in object[key].map { matches(value, $0) } ?? false }
        }
    }

    /// The RFC 6901 pointer of a path string made only of names and indices (`$.a[3].b`).
    static func pointer(ofPath path: String) -> String? {
        guard path.hasPrefix("$") else { return nil }
        var result = ""
        var rest = Substring(path.dropFirst())
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                result += "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                let index = rest.dropFirst().prefix { $0 != "]" }
                guard !index.isEmpty, index.allSatisfy(\.isNumber) else { return nil }
                result += "/" + index
                rest = rest.dropFirst(index.count + 2)
            } else {
                return nil
            }
        }
        return result
    }

    @Test(
        "Each event's place, pointer and found value agree with the input text", arguments: CorpusName.allCases, seeds
    )
    func eventsAgreeWithTheText(_ corpus: CorpusName, seed: UInt64) throws {
        let data = try corpus.messy(seed: seed).data
        let bytes = [UInt8](data)
        let events = try corpus.accept(ReportedCorpusDecode(data: data)).events
        #expect(events.count > 100, "\(corpus) seed \(seed): \(events.count) events")
        var mismatches: [String] = []
        let places = Self.places(bytes, at: Set(events.compactMap(\.offset)))
        for event in events {
            guard let offset = event.offset, let place = places[offset] else {
                mismatches.append("no offset: \(event)")
                continue
            }
            if event.line != place.line || event.column != place.column {
                mismatches.append(
                    "\(event.path): line/column \(String(describing: event.line))/"
                        + "\(String(describing: event.column)), the text says \(place.line)/\(place.column)")
            }
            let placeText = "line \(place.line), column \(place.column)"
            if !event.description.hasPrefix(event.path + " (" + placeText + "): ") {
                mismatches.append("\(event.path): description \(event.description)")
            }
            if let pointer = Self.pointer(ofPath: event.path), pointer != event.pointer {
                mismatches.append("\(event.path): pointer \(event.pointer), the path says \(pointer)")
            }
            let slice = Data(bytes[offset..<Self.valueEnd(bytes, offset)])
            let any = try JSONSerialization.jsonObject(with: slice, options: .fragmentsAllowed)
            if let found = event.found, !Self.matches(found, any) {
                mismatches.append(
                    "\(event.path): found \(found), the text has \(String(decoding: slice, as: UTF8.self))")
            }
            if event.found == nil { mismatches.append("\(event.path): no found value") }
            if event.type.isEmpty { mismatches.append("\(event.path): no type") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(events.count): \(mismatches.prefix(5))")
    }

    @Test("A report:, onReport and statistics see the same events", arguments: CorpusName.allCases)
    func everyReaderSeesTheSameEvents(_ corpus: CorpusName) throws {
        let data = try corpus.messy(seed: 7).data
        let expected = try corpus.accept(ReportedCorpusDecode(data: data)).events
        let seen = Mutex<[LenientDecodingEvent]>([])
        let statistics = LenientDecodingStatistics()
        struct Decode2: CorpusModelVisitor {
            let data: Data
            let decoder: LenientJSONDecoder
            func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
                _ = try decoder.decode(model, from: data)
            }
        }
        let decoder = LenientJSONDecoder()
        decoder.onReport = { report in seen.withLock { $0 += report.events } }
        decoder.statistics = statistics
        try corpus.accept(Decode2(data: data, decoder: decoder))
        #expect(seen.withLock { $0 } == expected)
        #expect(statistics.snapshot.patterns.reduce(0) { $0 + $1.count } == expected.count)
    }

    struct Tagged: Decodable, Equatable {
        var tags: FuzzEither<[Int], [String]>
        var age: Int
    }

    /// `[Int]` is tried first: it coerces `"1"`, `"2"` and `"3"` and fails on `"x"`; those three
    /// events are removed with the attempt, and the event kept after them has its own place.
    @Test("Events of an abandoned attempt never appear; the events kept have their own places")
    func abandonedAttemptsLeaveNothing() throws {
        let text = "{\"tags\": [\"1\",\n \"2\", \"3\",\n \"x\"],\n \"age\": \"12\"}"
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(Tagged.self, from: Data(text.utf8), report: &report)
        #expect(value == Tagged(tags: .second(["1", "2", "3", "x"]), age: 12))
        #expect(report.events.map(\.path) == ["$.age"], "\(report.events)")
        let quote = try #require(text.range(of: "\"12\"")?.lowerBound)
        #expect(report.events.first?.offset == text.utf8.distance(from: text.startIndex, to: quote))
        #expect(report.events.first?.line == 4)
        #expect(report.events.first?.column == 9)
        #expect(report.events.first?.found == .string("12"))
    }
}
