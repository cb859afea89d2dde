import Foundation
import LenientJSON
import Testing

/// Events, reports and `JSONValue` leave the process as JSON and come back equal.
@Suite("Report Codable")
struct ReportCodableTests {
    static func report() throws -> LenientDecodingReport {
        struct Model: Decodable { var id: Int, count: Int? }
        var report = LenientDecodingReport()
        let json = #"{"id":"12","count":""}"#
        _ = try LenientJSONDecoder(policy: .lenient).decode(Model.self, from: Data(json.utf8), report: &report)
        return report
    }

    @Test("an event encodes as one flat object with the members of the contract")
    func flatEvent() throws {
        let event = try #require(try Self.report().events.first)
        let data = try JSONEncoder().encode(event)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys)
                == ["kind", "rule", "path", "pointer", "line", "column", "offset", "found", "type", "description"])
        #expect(object["kind"] as? String == "coerced")
        #expect(object["rule"] as? String == "number.fromString")
        #expect(object["pointer"] as? String == "/id")
        #expect(object["found"] as? String == "12")
        #expect(object["offset"] as? Int == 6)
        #expect(try JSONDecoder().decode(LenientDecodingEvent.self, from: data) == event)
    }

    @Test("absent members are omitted, and a found null stays null")
    func absentMembers() throws {
        var event = LenientDecodingEvent(kind: .usedDefault, path: "$.a", line: nil, column: nil, description: "d")
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any])
        #expect(Set(object.keys) == ["kind", "rule", "path", "pointer", "type", "description"])
        event.found = .null
        let data = try JSONEncoder().encode(event)
        object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["found"] is NSNull)
        #expect(try JSONDecoder().decode(LenientDecodingEvent.self, from: data).found == .null)
    }

    @Test("a report round-trips as {\"events\": [...]}")
    func reportRoundTrip() throws {
        let report = try Self.report()
        #expect(report.events.count == 2)
        let data = try JSONEncoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Array(object.keys) == ["events"])
        #expect(try JSONDecoder().decode(LenientDecodingReport.self, from: data) == report)
        #expect(try LenientJSONDecoder().decode(LenientDecodingReport.self, from: data) == report)
    }

    @Test(
        "a JSONValue round-trips through JSONEncoder and JSONDecoder",
        arguments: [
            "12", "-7", "18446744073709551615", "12345678901234567890123", "0.1", "68.5", "1e-7",
            "3.14159265358979323846264338327950288",
        ])
    func jsonValueNumbers(text: String) throws {
        let value = JSONValue.array([.number(text), .string("s"), .bool(true), .null, .object(["k": .number(text)])])
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(JSONValue.self, from: data)
        let lenient = try LenientJSONDecoder().decode(JSONValue.self, from: data)
        // The same number, whatever the spelling the encoder chose.
        guard case .array(let elements) = back, case .number(let number) = elements[0],
            case .array(let lenientElements) = lenient, case .number(let lenientNumber) = lenientElements[0]
        else {
            Issue.record("not an array of a number: \(back)")
            return
        }
        let expected = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        #expect(Decimal(string: number, locale: Locale(identifier: "en_US_POSIX")) == expected)
        #expect(Decimal(string: lenientNumber, locale: Locale(identifier: "en_US_POSIX")) == expected)
        #expect(elements.dropFirst().first == .string("s"))
    }
}
