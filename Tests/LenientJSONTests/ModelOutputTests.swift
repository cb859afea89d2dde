import Foundation
import LenientJSON
import Synchronization
import Testing

/// `decode(_:fromModelOutput:)`: the JSON value found in a model's answer (the PartialDocuments
/// article, "Model output"), the text around it skipped and reported, places counted in the
/// whole text.
@Suite("Model output")
struct ModelOutputTests {
    struct Person: Decodable, Equatable, Sendable {
        var name: String
        var age: Int?
    }

    struct Order: Decodable, Equatable, Sendable {
        var id: Int
        var items: [String]
        var paid: Bool
    }

    /// The problem of the error `body` throws, or `nil` when it throws none or another kind.
    static func problem(_ body: () throws -> Void) -> LenientDecodingProblem? {
        do {
            try body()
            return nil
        } catch let error as DecodingError {
            return LenientDecodingProblem(error)
        } catch {
            return nil
        }
    }

    // MARK: Finding the value

    @Test(
        "prose and Markdown fences around the value are skipped",
        arguments: [
            #"Here is the person: {"name": "Ada", "age": 36}"#,
            #"{"name": "Ada", "age": 36} — that is all I found."#,
            "Sure! Here it is:\n```json\n{\"name\": \"Ada\", \"age\": 36}\n```\nAnything else?",
            "```\n{\"name\": \"Ada\",\n \"age\": 36}\n```",
            "Voilà → {\"name\": \"Ada\", \"age\": 36} ✅",
        ])
    func proseAndFences(text: String) throws {
        let person = try LenientJSONDecoder().decode(Person.self, fromModelOutput: text)
        #expect(person == Person(name: "Ada", age: 36))
    }

    @Test("a { in prose that is not JSON is abandoned for the next one")
    func braceInProse() throws {
        let text = #"Fill in {name} and {age}, like this: {"name": "Ada", "age": 36}"#
        var report = LenientDecodingReport()
        let person = try LenientJSONDecoder().decode(Person.self, fromModelOutput: text, report: &report)
        #expect(person == Person(name: "Ada", age: 36))
        // The abandoned candidates leave no event: only the text before the value is skipped.
        #expect(report.events.map(\.rule) == [.textSkipped])
        #expect(report.events.first?.found == .string("Fill in {name} and {age}, like this:"))
    }

    @Test("a { that never closes is abandoned for the next { or [ after its start")
    func unclosedCandidate() throws {
        let text = #"Note {this is open: {"name": "Ada"}"#
        #expect(try LenientJSONDecoder().decode(Person.self, fromModelOutput: text) == Person(name: "Ada"))
    }

    @Test("a candidate that is JSON but not T is abandoned for the next one")
    func validJSONOfAnotherType() throws {
        let text = #"Steps: [1, 2, 3]. Totals: {"count": 3}. Person: {"name": "Ada", "age": 36}"#
        let strict = LenientJSONDecoder(policy: .strict)
        #expect(try strict.decode(Person.self, fromModelOutput: text) == Person(name: "Ada", age: 36))
        #expect(try LenientJSONDecoder().decode([Int].self, fromModelOutput: text) == [1, 2, 3])
    }

    @Test("the next candidate may begin inside an abandoned one")
    func nestedCandidate() throws {
        var report = LenientDecodingReport()
        let person = try LenientJSONDecoder(policy: .strict).decode(
            Person.self, fromModelOutput: #"[{"name": "Ada"}]"#, report: &report)
        #expect(person == Person(name: "Ada"))
        // The array's brackets are text around the value.
        #expect(report.events.map(\.found) == [.string("["), .string("]")])
        #expect(report.events.map(\.offset) == [0, 16])
    }

    @Test("brackets inside strings do not end a candidate")
    func bracketsInStrings() throws {
        let text = #"Answer: {"id": 7, "items": ["a}", "[b", "\"]"], "paid": true} }"#
        let order = try LenientJSONDecoder(policy: .strict).decode(Order.self, fromModelOutput: text)
        #expect(order == Order(id: 7, items: ["a}", "[b", "\"]"], paid: true))
    }

    @Test("JSON5 where allowsJSON5: single quotes and comments may hold brackets")
    func json5() throws {
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = true
        let text = "Result: {name: 'A}da', /* } ] */ age: 36, // {\n} and done."
        #expect(try decoder.decode(Person.self, fromModelOutput: text) == Person(name: "A}da", age: 36))
        // Without JSON5, the same text has no JSON value of type Person.
        #expect(throws: DecodingError.self) { try LenientJSONDecoder().decode(Person.self, fromModelOutput: text) }
    }

    @Test("at most 16 candidates are tried", arguments: [15, 16])
    func candidateLimit(abandoned: Int) throws {
        let text = String(repeating: "{x} ", count: abandoned) + #"{"name": "Ada"}"#
        let decoder = LenientJSONDecoder()
        if abandoned < 16 {
            #expect(try decoder.decode(Person.self, fromModelOutput: text) == Person(name: "Ada"))
            return
        }
        // The error is the 16th candidate's: `{x}` decoded alone, 60 bytes (and columns) later.
        let alone = try #require(Self.problem { _ = try decoder.decode(Person.self, from: Data("{x}".utf8)) })
        let thrown = try #require(Self.problem { _ = try decoder.decode(Person.self, fromModelOutput: text) })
        #expect(thrown.kind == "dataCorrupted")
        #expect(thrown.offset == alone.offset.map { $0 + 60 })
        #expect(thrown.column == alone.column.map { $0 + 60 })
        #expect(thrown.line == 1)
    }

    @Test("text without a { or [ is a dataCorrupted error", arguments: ["", "I cannot help with that.", "42", "  \n"])
    func noJSON(text: String) throws {
        let problem = try #require(
            Self.problem { _ = try LenientJSONDecoder().decode(Person.self, fromModelOutput: text) })
        #expect(problem.kind == "dataCorrupted")
        #expect(problem.path == "$")
    }

    @Test("collectsAllErrors lists the error of the last candidate")
    func collectsAllErrors() throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.collectsAllErrors = true
        do {
            _ = try decoder.decode(Order.self, fromModelOutput: #"Order: {"id": "x", "items": 3, "paid": true}"#)
            Issue.record("expected an error")
        } catch let errors as LenientDecodingErrors {
            #expect(errors.problems.map(\.path) == ["$.id", "$.items"])
            #expect(errors.problems.map(\.column) == [15, 29])
        }
    }

    // MARK: Places in the whole text

    @Test("an error inside the value has the line, column and offset of the whole text")
    func errorPlace() throws {
        let text = "Here you go:\n```json\n{\"name\": \"Ada\",\n \"age\": \"x\"}\n```"
        let problem = try #require(
            Self.problem { _ = try LenientJSONDecoder(policy: .strict).decode(Person.self, fromModelOutput: text) })
        #expect(problem.kind == "typeMismatch")
        #expect(problem.path == "$.age")
        // Line 4 is ` "age": "x"}`; the string opens at its 9th column, 13 + 8 + 16 + 8 bytes in.
        #expect(problem.line == 4)
        #expect(problem.column == 9)
        #expect(problem.offset == 45)
    }

    @Test("columns count characters of prose before the value on its line")
    func columnsAfterUnicodeProse() throws {
        // "Voilà → " is 8 characters in 11 bytes; `"y"` is 21 bytes and characters into the value.
        let text = #"Voilà → {"name": "x", "age": "y"}"#
        let strict = LenientJSONDecoder(policy: .strict)
        let problem = try #require(Self.problem { _ = try strict.decode(Person.self, fromModelOutput: text) })
        #expect(problem.path == "$.age")
        #expect(problem.line == 1)
        #expect(problem.column == 8 + 22)
        #expect(problem.offset == 11 + 21)
    }

    @Test("a syntax error inside the value is placed in the whole text")
    func syntaxErrorPlace() throws {
        let value = #"{"name": "Ada", "age": 3 6}"#
        let decoder = LenientJSONDecoder()
        let alone = try #require(Self.problem { _ = try decoder.decode(Person.self, from: Data(value.utf8)) })
        let text = "Line one\nLine two: " + value + "\nbye"
        let thrown = try #require(Self.problem { _ = try decoder.decode(Person.self, fromModelOutput: text) })
        #expect(thrown.kind == "dataCorrupted")
        #expect(thrown.line == 2)
        #expect(thrown.column == alone.column.map { $0 + 10 })
        #expect(thrown.offset == alone.offset.map { $0 + 19 })
    }

    @Test("a value cut short is the decoder's error at the end of the text")
    func cutShort() throws {
        let value = #"{"name": "Ada", "age": 3"#
        let decoder = LenientJSONDecoder()
        let alone = try #require(Self.problem { _ = try decoder.decode(Person.self, from: Data(value.utf8)) })
        let thrown = try #require(
            Self.problem { _ = try decoder.decode(Person.self, fromModelOutput: "Result: " + value) })
        #expect(thrown.kind == alone.kind)
        #expect(thrown.column == alone.column.map { $0 + 8 })
        #expect(thrown.offset == alone.offset.map { $0 + 8 })
    }

    // MARK: Events

    @Test("skipped text before and after the value is one event each, around the value's events")
    func events() throws {
        let text = "Sure! Here it is:\n```json\n{\"name\": \"Ada\", \"age\": \"36\"}\n```\nAnything else?"
        var report = LenientDecodingReport()
        let person = try LenientJSONDecoder().decode(Person.self, fromModelOutput: text, report: &report)
        #expect(person == Person(name: "Ada", age: 36))
        let events = report.events
        #expect(events.map(\.kind) == [.skippedText, .coerced, .skippedText])
        #expect(events.map(\.rule) == [.textSkipped, .numberFromString, .textSkipped])
        // The value starts at byte 26 (line 3); its "36" 23 bytes later, at column 24.
        #expect(events.map(\.offset) == [0, 49, 55])
        #expect(events.map(\.line) == [1, 3, 4])
        #expect(events.map(\.column) == [1, 24, 1])
        #expect(events[0].found == .string("Sure! Here it is:\n```json"))
        #expect(events[2].found == .string("```\nAnything else?"))
        #expect(events[0].path == "$")
        #expect(events[0].pointer == "")
        #expect(events[0].type == "Person")
        #expect(events[0].description.hasPrefix("$ (line 1, column 1): skipped 25 characters of text before"))
        #expect(events[2].description.hasPrefix("$ (line 4, column 1): skipped 18 characters of text after"))
    }

    @Test("a skipped span's found text is cut to 200 characters")
    func foundCut() throws {
        let prose = String(repeating: "é", count: 250)
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(Person.self, fromModelOutput: prose + #" {"name": "Ada"}"#, report: &report)
        #expect(report.events.map(\.found) == [.string(String(repeating: "é", count: 200))])
    }

    @Test(
        "plain JSON decodes as decode(_:from:report:) does, with the same events",
        arguments: [
            #"{"name": "Ada", "age": 36}"#,
            "  \n{\"Name\": \"Ada\", \"age\": \"36\"}\n\n",
            "\u{FEFF}{\"name\": 7, \"age\": \"36.0\"}",
            "{\"name\": \"Ada\",\n  \"age\": [\"36\"]}\t",
        ])
    func differential(json: String) throws {
        let decoder = LenientJSONDecoder()
        var expectedReport = LenientDecodingReport()
        let expected = try decoder.decode(Person.self, from: Data(json.utf8), report: &expectedReport)
        var report = LenientDecodingReport()
        let value = try decoder.decode(Person.self, fromModelOutput: json, report: &report)
        #expect(value == expected)
        #expect(report == expectedReport)
    }

    @Test(
        "plain JSON without a nested { or [ fails as decode(_:from:) does",
        arguments: [#"{"age": 1}"#, #"{"name": true}"#, #"{"name": "Ada", "age": 3 6}"#, #"{"name": "Ada""#])
    func differentialErrors(json: String) throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        let expected = try #require(Self.problem { _ = try decoder.decode(Person.self, from: Data(json.utf8)) })
        let thrown = try #require(Self.problem { _ = try decoder.decode(Person.self, fromModelOutput: json) })
        #expect(thrown == expected)
    }

    @Test("when every candidate fails, the error is the last candidate's")
    func lastCandidateError() throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        // The object fails at $.name; the array inside it is the last candidate, and not a Person.
        let problem = try #require(
            Self.problem { _ = try decoder.decode(Person.self, fromModelOutput: #"{"name": [1, 2]}"#) })
        #expect(problem.kind == "typeMismatch")
        #expect(problem.path == "$")
        #expect(problem.offset == 9)
    }

    @Test("onReport and statistics see one decode, with the skipped text, and nothing of abandoned candidates")
    func onReportAndStatistics() throws {
        let reports = Mutex<[LenientDecodingReport]>([])
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = statistics
        decoder.onReport = { report in reports.withLock { $0.append(report) } }
        let text = #"First {"id": 1} then {"name": "Ada", "age": "36"} ok"#
        _ = try decoder.decode(Person.self, fromModelOutput: text)
        let received = reports.withLock { $0 }
        #expect(received.count == 1)
        #expect(received.first?.events.map(\.rule) == [.textSkipped, .numberFromString, .textSkipped])
        #expect(statistics.snapshot.decodes == 1)
        #expect(statistics.snapshot.patterns.map(\.rule) == [.textSkipped, .numberFromString])
        #expect(statistics.snapshot.patterns.first?.count == 2)

        // A decode that throws counts as one decode, without events.
        #expect(throws: DecodingError.self) { try decoder.decode(Person.self, fromModelOutput: "nothing here") }
        #expect(statistics.snapshot.decodes == 2)
        #expect(reports.withLock { $0.count } == 1)

        // With a report: argument as well, all three get the same events.
        var report = LenientDecodingReport()
        _ = try decoder.decode(Person.self, fromModelOutput: text, report: &report)
        #expect(report == reports.withLock { $0.last })
        #expect(reports.withLock { $0.count } == 2)
    }

    @Test("without a report the decode makes no events, and a report keeps the events already in it")
    func reportAppends() throws {
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(
            Person.self, from: Data(#"{"name": "Ada", "age": "1"}"#.utf8), report: &report)
        _ = try LenientJSONDecoder().decode(Person.self, fromModelOutput: #"x {"name": "Ada"}"#, report: &report)
        #expect(report.events.map(\.rule) == [.numberFromString, .textSkipped])
    }
}
