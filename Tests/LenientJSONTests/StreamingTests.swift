// Streaming (the Streaming article): `elements(of:from:)` over a file, an AsyncSequence of bytes
// and one of chunks yields what a whole-document decode of the same elements gives: JSONDecoder's
// values where JSONDecoder succeeds, and otherwise the same values, errors (index, path, line,
// column in the whole stream) and report events as `LenientJSONDecoder` decoding the array.

import Foundation
import LenientJSON
import Testing

@Suite("Streaming: layouts, errors, recovery and reports")
struct StreamingTests {
    struct Person: Decodable, Equatable, Sendable {
        var name: String
        var age: Int
        var email: String?
    }

    /// The same three people in each layout the stream recognizes.
    enum Layout: String, CaseIterable, Sendable, CustomStringConvertible {
        case array, prettyArray, jsonLines, concatenated, trailingComma, empty, emptyArray
        var description: String { rawValue }

        var text: String {
            let people = [
                #"{"name": "Ada", "age": 36}"#, #"{"name": "Alan", "age": 41, "email": "alan@example.com"}"#,
                #"{"name": "Grace", "age": 85}"#,
            ]
            switch self {
            case .array: return "[" + people.joined(separator: ",") + "]"
            case .prettyArray: return "[\n" + people.map { "    " + $0 }.joined(separator: ",\n") + "\n]"
            case .jsonLines: return people.joined(separator: "\n") + "\n"
            case .concatenated: return people.joined()
            case .trailingComma: return "[" + people.joined(separator: ",") + ",]"
            case .empty: return " \n "
            case .emptyArray: return " [ ] "
            }
        }

        /// The elements as one JSON array, for the whole-document decode.
        var asArray: String {
            switch self {
            case .array, .prettyArray, .trailingComma, .emptyArray: return text
            case .jsonLines, .concatenated:
                return "["
                    + text.replacingOccurrences(of: "}{", with: "},{").split(separator: "\n").joined(separator: ",")
                    + "]"
            case .empty: return "[]"
            }
        }
    }

    @Test("Each layout through each input gives JSONDecoder's array", arguments: Layout.allCases, StreamInput.allCases)
    func layouts(layout: Layout, input: StreamInput) async throws {
        let expected = try JSONDecoder().decode([Person].self, from: Data(layout.asArray.utf8))
        #expect(expected.count == ([.empty, .emptyArray].contains(layout) ? 0 : 3))
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let result = await input.read(
                Person.self, Array(layout.text.utf8), decoder: LenientJSONDecoder(policy: policy))
            #expect(result.error == nil, "\(String(describing: result.error))")
            #expect(result.elements == expected, "\(policy)")
        }
        // The tree input agrees too.
        let object = try JSONSerialization.jsonObject(with: Data(layout.asArray.utf8), options: .fragmentsAllowed)
        #expect(try LenientJSONDecoder().decode([Person].self, fromJSONObject: object) == expected)
    }

    /// Messy elements: each decodes as it decodes inside the whole array, with the decoder's
    /// strategies (snake case keys, a date strategy) applied to every element.
    @Test("Leniency and strategies apply to every element", arguments: StreamInput.allCases)
    func leniencyAndStrategies(input: StreamInput) async throws {
        struct Visit: Decodable, Equatable, Sendable { var userId: Int; var at: Date; var paid: Bool }
        let lines = [
            #"{"user_id": "7", "at": "2024-03-01T10:00:00Z", "paid": "yes"}"#,
            #"{"user_id": 8.0, "at": 1709287200, "paid": 1}"#,
        ]
        let decoder = LenientJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let expected = try decoder.decode([Visit].self, from: Data(("[" + lines.joined(separator: ",") + "]").utf8))
        let result = await input.read(Visit.self, Array(lines.joined(separator: "\n").utf8), decoder: decoder)
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.elements == expected)
        #expect(result.elements.map(\.userId) == [7, 8])
    }

    /// `allowsJSON5` applies inside elements (unquoted keys, single quotes, hex numbers);
    /// `assumesTopLevelDictionary` does not apply to a stream's elements, which are whole values.
    @Test("JSON5 elements, and assumesTopLevelDictionary left aside", arguments: StreamInput.allCases)
    func decoderSettings(input: StreamInput) async throws {
        let json5 = "{name: 'Ada', age: 0x24}\n{name: 'Alan', age: +41,}\n"
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        let expected = try json5.split(separator: "\n").map {
            try foundation.decode(Person.self, from: paddedForFoundation(Data($0.utf8)))
        }
        let result = await input.read(Person.self, Array(json5.utf8), decoder: decoder)
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.elements == expected)

        let topLevel = LenientJSONDecoder()
        topLevel.assumesTopLevelDictionary = true
        let lines = await input.read(Person.self, Array(Layout.jsonLines.text.utf8), decoder: topLevel)
        #expect(lines.error == nil, "\(String(describing: lines.error))")
        #expect(lines.elements.map(\.name) == ["Ada", "Alan", "Grace"])
        let numbers = await input.read(Int.self, Array("36\n41 85\n".utf8), decoder: topLevel)
        #expect(numbers.error == nil, "\(String(describing: numbers.error))")
        #expect(numbers.elements == [36, 41, 85])
    }

    // MARK: Errors

    static let badThird = """
        [
          {"name": "Ada", "age": 36},
          {"name": "Alan", "age": 41},
          {"name": "Grace",
           "age": "eighty-five"},
          {"name": "Linus", "age": 54}
        ]
        """

    /// The error of element 2 is the error the whole-array decode throws: same case, coding
    /// path and description (path `$[2].age`, line and column in the whole text).
    @Test("An element's error is the whole-array decode's error", arguments: StreamInput.allCases)
    func elementErrorMatchesArray(input: StreamInput) async throws {
        let whole = thrownError { try LenientJSONDecoder().decode([Person].self, from: Data(Self.badThird.utf8)) }
        let reference = try #require(whole)
        #expect(reference.message.contains("$[2].age (\(location(of: "\"eighty-five\"", in: Self.badThird)))"))
        let result = await input.read(Person.self, Array(Self.badThird.utf8), decoder: LenientJSONDecoder())
        #expect(result.elements.map(\.name) == ["Ada", "Alan"])
        let error = try #require(result.errorInfo)
        #expect(error == reference)
        #expect(error.message == reference.message)
        // JSONDecoder fails the array with the same case and path.
        let foundation = thrownError { try JSONDecoder().decode([Person].self, from: Data(Self.badThird.utf8)) }
        #expect(foundation?.kind == error.kind && foundation?.path == error.path)
    }

    @Test("JSON Lines: an element's error names its index, line and column", arguments: StreamInput.allCases)
    func jsonLinesErrorLocation(input: StreamInput) async throws {
        let text =
            (0..<40).map { #"{"name": "p\#($0)", "age": \#($0)}"# }.joined(separator: "\n")
            + "\n" + #"{"name": "late", "agee": 1}"# + "\n" + #"{"name": "q", "age": 2}"#
        let result = await input.read(Person.self, Array(text.utf8), decoder: LenientJSONDecoder())
        #expect(result.elements.count == 40)
        let error = try #require(result.errorInfo)
        #expect(error.kind == "keyNotFound")
        #expect(error.path == ["Index 40#40"])
        #expect(error.message.contains("at $[40].age (line 41, column 1)"), "\(error.message)")
        #expect(error.message.contains(#"did you mean "agee"?"#), "\(error.message)")
    }

    /// The Streaming article's example, word for word.
    @Test("The Streaming article's error example")
    func readmeExample() async throws {
        let text =
            (0..<41).map { #"{"name": "p\#($0)", "age": \#($0)}"# }.joined(separator: "\n") + "\n"
            + #"{"name": "Linus", "age": "forty"}"# + "\n"
        let result = await StreamInput.file.read(Person.self, Array(text.utf8), decoder: LenientJSONDecoder())
        #expect(result.elements.count == 41)
        #expect(result.errorInfo?.message == #"Expected Int at $[41].age (line 42, column 26), found string "forty"."#)
    }

    static let truncations: [(String, String)] = [
        (#"[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}, {"name": "Gr"#, "array cut in a string"),
        (#"[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41},"#, "array cut after a comma"),
        (#"[{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}"#, "array not closed"),
        (
            "{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Alan\", \"age\": 41}\n{\"name\": \"Grace\", \"age\"",
            "JSON Lines cut in a line"
        ),
    ]

    @Test(
        "A truncated stream yields every complete element, then the error at its end", arguments: truncations,
        StreamInput.allCases)
    func truncated(_ truncation: (text: String, name: String), input: StreamInput) async throws {
        let result = await input.read(
            Person.self, Array(truncation.text.utf8), decoder: LenientJSONDecoder(policy: .permissive))
        #expect(result.elements.map(\.name) == ["Ada", "Alan"])
        let error = try #require(result.errorInfo)
        #expect(error.kind == "dataCorrupted")
        #expect(error.path == ["Index 2#2"])
        let end = location(
            of: String(truncation.text.suffix(1)), in: truncation.text,
            occurrence: truncation.text.filter { $0 == truncation.text.last }.count - 1, offset: 1)
        #expect(error.message.contains("unexpected end of input at $[2] (\(end))"), "\(error.message)")
        // The whole document is invalid JSON for JSONDecoder too.
        #expect(
            thrownError { try JSONDecoder().decode([Person].self, from: Data(truncation.text.utf8)) }?.kind
                == "dataCorrupted")
    }

    static let malformed: [(String, String, String)] = [
        (
            #"[{"name": "Ada", "age": 36} {"name": "Alan", "age": 41}]"#, #"unexpected character '{' in array at $[1]"#,
            #" {"name": "Alan""#
        ),
        (
            #"[{"name": "Ada", "age": 36},, {"name": "Alan", "age": 41}]"#, "unexpected character ',' in array at $[1]",
            ",,"
        ),
        (
            #"[{"name": "Ada", "age": 36}] {"name": "Alan", "age": 41}"#,
            "unexpected character '{' after the top-level array at $[1]", #" {"name": "Alan""#
        ),
    ]

    /// Commas and brackets of the top-level array are checked by the stream itself: an error
    /// there is `dataCorrupted`, named by the index of the element it stands before.
    @Test("Malformed array punctuation", arguments: malformed)
    func malformedPunctuation(_ text: String, message: String, marker: String) async throws {
        let result = await StreamInput.chunks.read(
            Person.self, Array(text.utf8), decoder: LenientJSONDecoder(policy: .permissive))
        #expect(result.elements.map(\.name) == ["Ada"])
        let error = try #require(result.errorInfo)
        #expect(error.kind == "dataCorrupted")
        let at = location(of: marker, in: text, offset: 1)
        #expect(error.message.contains(message + " (\(at))"), "\(error.message)")
        #expect(thrownError { try JSONDecoder().decode([Person].self, from: Data(text.utf8)) }?.kind == "dataCorrupted")
    }

    /// An element that is not valid JSON ends the stream under every policy, `.permissive`
    /// included (a syntax error is never recovered: InputAndLimits article), at its line and column.
    @Test("A syntax error inside an element ends the stream", arguments: [LenientPolicy.strict, .lenient, .permissive])
    func syntaxErrorInElement(policy: LenientPolicy) async throws {
        let text =
            "{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Alan\", \"age\": 4x1}\n{\"name\": \"Grace\", \"age\": 85}\n"
        let result = await StreamInput.file.read(
            Person.self, Array(text.utf8), decoder: LenientJSONDecoder(policy: policy))
        #expect(result.elements.map(\.name) == ["Ada"])
        let error = try #require(result.errorInfo)
        #expect(error.kind == "dataCorrupted")
        #expect(error.path.first == "Index 1#1")
        #expect(error.message.contains("(line 2, column"), "\(error.message)")
    }

    /// A trailing comma (which JSONDecoder accepts) changes nothing: its element gets every
    /// rule, as do the others, with the events the same element gets without the comma.
    @Test("An element with a trailing comma keeps every rule", arguments: StreamInput.allCases)
    func trailingCommaInElement(input: StreamInput) async throws {
        let text =
            """
            {\"name\": \"Ada\", \"age\": \"36\"}\n{\"NAME\": \"Alan\", \"age\": \"41\",\
            }\n{\"name\": \"Grace\", \"age\": \"85\",}\n
            """
        let result = await input.read(Person.self, Array(text.utf8), decoder: LenientJSONDecoder())
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.elements.map(\.age) == [36, 41, 85])
        #expect(result.elements.map(\.name) == ["Ada", "Alan", "Grace"])
    }

    // MARK: Recovery and reports

    static let messyLines = """
        {"name": "Ada", "age": "36"}
        {"name": "Alan", "age": [41, 42]}
        {"name": "Grace", "AGE": 85}
        "not a person"
        {"name": "Linus", "age": 54, "email": false}
        """

    /// Under `.permissive` a value that cannot be decoded is dropped and reported, and the
    /// stream goes on; the events (kind, path, line, column, description) are those of the
    /// whole-array decode.
    @Test("Permissive drops and reports, as the whole array does", arguments: StreamInput.allCases)
    func permissiveDropsAndReports(input: StreamInput) async throws {
        let decoder = LenientJSONDecoder(policy: .permissive)
        let arrayText = "[" + Self.messyLines.split(separator: "\n").joined(separator: ",\n") + "]"
        var report = LenientDecodingReport()
        let whole = try decoder.decode([Person].self, from: Data(arrayText.utf8), report: &report)

        // The same elements as one array, streamed: identical events.
        let log = EventLog()
        let streamed = await input.read(Person.self, Array(arrayText.utf8), decoder: decoder) { log.append($0) }
        #expect(streamed.error == nil, "\(String(describing: streamed.error))")
        #expect(streamed.elements == whole)
        #expect(log.events.map(\.description) == report.events.map(\.description))
        #expect(log.events.map(\.kind) == report.events.map(\.kind))
        #expect(log.events.map(\.line) == report.events.map(\.line))
        #expect(log.events.map(\.column) == report.events.map(\.column))

        // As JSON Lines: the same values, paths and kinds; lines and columns of the lines.
        let lineLog = EventLog()
        let lines = await input.read(Person.self, Array(Self.messyLines.utf8), decoder: decoder) { lineLog.append($0) }
        #expect(lines.error == nil)
        #expect(lines.elements == whole)
        #expect(lines.elements.map(\.name) == ["Ada", "Alan", "Grace", "Linus"])
        #expect(lineLog.events.map(\.path) == report.events.map(\.path))
        #expect(lineLog.events.map(\.kind) == report.events.map(\.kind))
        let dropped = try #require(lineLog.events.first { $0.kind == .droppedElement })
        #expect(dropped.path == "$[3]")
        #expect(dropped.line == 4 && dropped.column == 1)
        let coerced = try #require(lineLog.events.first)
        #expect(coerced.path == "$[0].age")
        #expect(
            "line \(coerced.line ?? 0), column \(coerced.column ?? 0)" == location(of: #""36""#, in: Self.messyLines))
    }

    @Test("Under .lenient the first undecodable element ends the stream", arguments: StreamInput.allCases)
    func lenientStops(input: StreamInput) async throws {
        let log = EventLog()
        let result = await input.read(Person.self, Array(Self.messyLines.utf8), decoder: LenientJSONDecoder()) {
            log.append($0)
        }
        #expect(result.elements.map(\.name) == ["Ada"])
        #expect(result.errorInfo?.path == ["Index 1#1", "age"])
        let at = location(of: "[41, 42]", in: Self.messyLines)
        #expect(
            result.errorInfo?.message.contains("$[1].age (\(at))") == true, "\(String(describing: result.errorInfo))")
        // Only the returned element's events: the failed one reports nothing.
        #expect(log.events.map(\.path) == ["$[0].age"])
    }

    @Test("Without a report closure, the same values")
    func noReport() async throws {
        let decoder = LenientJSONDecoder(policy: .permissive)
        let without = await StreamInput.chunks.read(Person.self, Array(Self.messyLines.utf8), decoder: decoder)
        let with = await StreamInput.chunks.read(Person.self, Array(Self.messyLines.utf8), decoder: decoder) { _ in }
        #expect(without.elements == with.elements)
        #expect(without.elements.count == 4)
    }

    // MARK: Sources

    /// A stream is iterated from the main actor as from anywhere (the iterator is not
    /// `Sendable`, and needs not be: it stays in the iterating task).
    @MainActor
    @Test("Iterating on the main actor")
    func mainActor() async throws {
        let text = Array("{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Alan\", \"age\": \"41\"}".utf8)
        var names: [String] = []
        for try await person in LenientJSONDecoder().elements(
            of: Person.self, from: ChunkedBytes(bytes: text, sizes: [5]))
        {
            names.append(person.name)
        }
        #expect(names == ["Ada", "Alan"])
    }

    @Test("A byte sequence's error ends the stream after the elements before it")
    func sequenceError() async throws {
        let text = Array("{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Alan\", \"age\": 41}\n".utf8)
        let result = await collect(
            LenientJSONDecoder().elements(of: Person.self, from: SingleBytes(bytes: text, failAfter: 40)))
        #expect(result.elements.map(\.name) == ["Ada"])
        #expect(result.error is SingleBytes.ReadFailure)
    }

    /// A chunk larger than the reader's buffer is handed on in pieces, none lost.
    @Test("Chunks larger than the read buffer")
    func largeChunks() async throws {
        let lines = (0..<6_000).map { #"{"name": "person \#($0) with a name long enough", "age": \#($0)}"# }
        let text = Array(lines.joined(separator: "\n").utf8)
        #expect(text.count > 3 * 64 * 1024)
        for sizes in [[text.count], [100_000, 7, 150_000]] {
            let result = await collect(
                LenientJSONDecoder().elements(of: Person.self, from: ChunkedBytes(bytes: text, sizes: sizes)))
            #expect(result.error == nil, "\(String(describing: result.error))")
            #expect(result.elements.map(\.age) == Array(0..<6_000))
        }
    }

    @Test("A file that cannot be opened throws the file's error")
    func missingFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lenient-stream-missing-\(UUID().uuidString).json")
        let result = await collect(LenientJSONDecoder().elements(of: Person.self, from: url))
        #expect(result.elements.isEmpty)
        #expect(result.error != nil)
        #expect(!(result.error is DecodingError))
    }

    @Test("Elements larger than a read buffer, and the sequence can be iterated again")
    func largeElements() async throws {
        struct Blob: Decodable, Equatable, Sendable { var id: Int; var text: String }
        let big = String(repeating: "ab\\\"c😀", count: 120_000)  // about 1.3 MB of JSON text
        let text = "[" + (0..<3).map { #"{"id": \#($0), "text": "\#(big)"}"# }.joined(separator: ", ") + "]"
        let url = temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try JSONDecoder().decode([Blob].self, from: Data(text.utf8))
        let elements = LenientJSONDecoder().elements(of: Blob.self, from: url)
        #expect(await collect(elements).elements == expected)
        #expect(await collect(elements).elements == expected)
    }
}
