import Foundation
import LenientJSON
import Testing

// MARK: - Helpers

/// The 1-based line and column of the `occurrence`-th `marker` in `text`, computed here
/// independently: lines split at "\n", columns counted in Unicode scalars.
func location(of marker: String, in text: String, occurrence: Int = 0, offset: Int = 0) -> String {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0...occurrence {
        found = text.range(of: marker, range: searchStart..<text.endIndex)
        guard let f = found else { break }
        searchStart = text.index(after: f.lowerBound)
    }
    guard let found else { return "marker \(marker) not found" }
    let scalars =
        Array(text[..<found.lowerBound].unicodeScalars) + Array(text[found.lowerBound...].unicodeScalars.prefix(offset))
    let line = 1 + scalars.filter { $0 == "\n" }.count
    let lastNewline = scalars.lastIndex(of: "\n").map { $0 + 1 } ?? 0
    return "line \(line), column \(scalars.count - lastNewline + 1)"
}

/// The error thrown by `body`, or an issue.
func thrownError<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> ErrorInfo? {
    do {
        let value = try body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return ErrorInfo(error)
    }
}

/// Checks the error of decoding `text` as `T` with `.strict` and the default policy: its case,
/// its coding path, that its description names `jsonPath` and the location of `marker`; and
/// that `JSONDecoder` agrees on the case (and on the path, where it reports one).
func expectLocatedError<T: Decodable>(
    _ type: T.Type, _ text: String, kind: String, path: [String], jsonPath: String,
    marker: String, occurrence: Int = 0, configure: Configure = noConfiguration,
    policies: [LenientPolicy] = [.strict, .lenient],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let data = Data(text.utf8)
    let foundation = JSONDecoder()
    configure(foundation)
    let reference = thrownError(
        { try foundation.decode(type, from: paddedForFoundation(data)) }, sourceLocation: sourceLocation)
    #expect(reference?.kind == kind, "JSONDecoder: \(String(describing: reference))", sourceLocation: sourceLocation)
    if let reference, !reference.path.isEmpty {
        // For dataCorrupted JSONDecoder may report only a prefix (the parent's path).
        let prefixOK = reference.kind == "dataCorrupted" && Array(path.prefix(reference.path.count)) == reference.path
        #expect(reference.path == path || prefixOK, "JSONDecoder: \(reference)", sourceLocation: sourceLocation)
    }
    let expectedLocation = location(of: marker, in: text, occurrence: occurrence)
    for policy in policies {
        let decoder = LenientJSONDecoder(policy: policy)
        configure(decoder)
        guard let error = thrownError({ try decoder.decode(type, from: data) }, sourceLocation: sourceLocation) else {
            continue
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.path == path, "\(error)", sourceLocation: sourceLocation)
        #expect(
            error.message.contains(jsonPath), "expected \(jsonPath) in: \(error.message)",
            sourceLocation: sourceLocation)
        #expect(
            error.message.contains(expectedLocation), "expected \(expectedLocation) in: \(error.message)",
            sourceLocation: sourceLocation)
    }
}

/// A syntax error: `dataCorrupted` (from JSONDecoder too) whose description names the line and
/// column of one of the acceptable fault positions (`markers`: substring and offset in it).
func expectSyntaxError<T: Decodable>(
    _ bytes: [UInt8], as type: T.Type = [Ignore].self, at markers: [(String, Int)],
    configure: Configure = noConfiguration,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let data = Data(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let foundation = JSONDecoder()
    configure(foundation)
    let reference = thrownError(
        { try foundation.decode(type, from: paddedForFoundation(data)) }, sourceLocation: sourceLocation)
    #expect(
        reference?.kind == "dataCorrupted", "JSONDecoder: \(String(describing: reference))",
        sourceLocation: sourceLocation)
    let expected = markers.map { location(of: $0.0, in: text, offset: $0.1) }
    for policy in [LenientPolicy.strict, .lenient] {
        let decoder = LenientJSONDecoder(policy: policy)
        configure(decoder)
        guard let error = thrownError({ try decoder.decode(type, from: data) }, sourceLocation: sourceLocation) else {
            continue
        }
        #expect(error.kind == "dataCorrupted", "\(error)", sourceLocation: sourceLocation)
        #expect(
            expected.contains { error.message.contains("(\($0))") }, "expected one of \(expected) in: \(error.message)",
            sourceLocation: sourceLocation)
    }
}

// MARK: - Models

struct User: Decodable, Equatable { var name: String; var age: Int }
struct Users: Decodable, Equatable { var users: [User] }
struct NamedPerson: Decodable, Equatable {
    var firstName: String
    enum CodingKeys: String, CodingKey { case firstName = "first name" }
}
struct People: Decodable, Equatable { var people: [NamedPerson] }
struct Item: Decodable, Equatable { var id: Int }
struct Items: Decodable, Equatable { var items: [Item] }
struct Event: Decodable, Equatable { var at: Date }
struct Events: Decodable, Equatable { var events: [Event] }
struct Baby: Decodable, Equatable { var name: String; var age: Int? }
struct Cat: Decodable, Equatable {
    var name: String
    var babies: [Baby]
    enum CodingKeys: String, CodingKey { case name, babies = "Babies" }
}
struct Zoo: Decodable, Equatable { var Animals: [[String: Cat]] }

// MARK: - Tests

@Suite("Error locations: coding path, JSON path, line and column")
struct ErrorLocationTests {
    static let usersText = """
        {
          "users": [
            {"name": "a", "age": 1},
            {"name": "b", "age": 2},
            {"name": "c", "age": 3},
            {"name": "d", "age": "forty"}
          ]
        }
        """

    @Test func typeMismatchDeepInArray() {
        expectLocatedError(
            Users.self, Self.usersText, kind: "typeMismatch", path: ["users", "Index 3#3", "age"],
            jsonPath: "$.users[3].age", marker: "\"forty\"")
        // The same with Windows line endings and tabs.
        let crlf = Self.usersText.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(
            of: "    ", with: "\t")
        expectLocatedError(
            Users.self, crlf, kind: "typeMismatch", path: ["users", "Index 3#3", "age"],
            jsonPath: "$.users[3].age", marker: "\"forty\"")
    }

    @Test func valueNotFoundUnderKeyThatIsNotAnIdentifier() {
        let text = """
            {"people": [
              {"first name": "x"},
              {"first name": null}
            ]}
            """
        expectLocatedError(
            People.self, text, kind: "valueNotFound", path: ["people", "Index 1#1", "first name"],
            jsonPath: "$.people[1]['first name']", marker: "null")
    }

    @Test func keyNotFoundNamesTheObject() {
        let text = "{\"items\": [\n  {\"id\": 1},\n  {\"idd\": 2}\n]}"
        expectLocatedError(
            Items.self, text, kind: "keyNotFound", path: ["items", "Index 1#1"],
            jsonPath: "$.items[1]", marker: "{\"idd\"")
        let decoder = LenientJSONDecoder(policy: .strict)
        let error = thrownError { try decoder.decode(Items.self, from: Data(text.utf8)) }
        #expect(error?.key == "id")
        #expect(error?.message.contains("id") == true)
    }

    @Test func outOfRangeNumberHasTheFullPath() {
        let text = "{\"a\": {\"b\": [1,\n   300]}}"
        expectLocatedError(
            [String: [String: [UInt8]]].self, text, kind: "dataCorrupted", path: ["a", "b", "Index 1#1"],
            jsonPath: "$.a.b[1]", marker: "300")
        expectLocatedError(
            [String: [String: [Int8]]].self, "{\"a\": {\"b\": [1,\n   1.5]}}", kind: "dataCorrupted",
            path: ["a", "b", "Index 1#1"], jsonPath: "$.a.b[1]", marker: "1.5", policies: [.strict])
        expectLocatedError(
            [Double].self, "[1,\n 2,\n    1e400]", kind: "dataCorrupted", path: ["Index 2#2"],
            jsonPath: "$[2]", marker: "1e400")
    }

    @Test func badDateHasTheFullPath() {
        let text = "{\"events\": [\n  {\"at\": \"2016-01-17T16:13:00Z\"},\n  {\"at\": \"yesterday\"}]}"
        expectLocatedError(
            Events.self, text, kind: "dataCorrupted", path: ["events", "Index 1#1", "at"],
            jsonPath: "$.events[1].at", marker: "\"yesterday\"",
            configure: { $0.dateDecodingStrategy = .iso8601 }, policies: [.strict])
    }

    @Test func badStringInsideAValue() {
        expectLocatedError(
            Wrap<[String]>.self, "{\"v\": [\"ok\",\n  \"bad \\q\"]}", kind: "dataCorrupted",
            path: ["v", "Index 1#1"], jsonPath: "$.v[1]", marker: "\\q")
        expectLocatedError(
            Wrap<[String]>.self, "{\"v\": [\"ok\",\n  \"\\ud800\"]}", kind: "dataCorrupted",
            path: ["v", "Index 1#1"], jsonPath: "$.v[1]", marker: "\\ud800")
    }

    @Test func pathsOfUnusualKeys() {
        let cases: [(String, String)] = [
            ("{\"a'b\": {\"x\\\\y\": null}}", "$['a\\'b']['x\\\\y']"),
            ("{\"\": {\"0abc\": null}}", "$['']['0abc']"),
            ("{\"$\": {\"_ok9\": null}}", "$['$']._ok9"),
            ("{\"é\": {\"a b\": null}}", "$['é']['a b']"),
        ]
        for (text, jsonPath) in cases {
            let decoder = LenientJSONDecoder(policy: .strict)
            let error = thrownError { try decoder.decode([String: [String: Int]].self, from: Data(text.utf8)) }
            #expect(error?.kind == "valueNotFound")
            #expect(error?.message.contains(jsonPath) == true, "expected \(jsonPath) in \(String(describing: error))")
        }
    }

    @Test func syntaxErrorsNameTheFault() {
        expectSyntaxError(raw("{\n  \"a\": 1,\n  \"b\": @\n}"), at: [("@", 0)])
        expectSyntaxError(raw("[1,\n 2\n 3]"), at: [(" 3]", 1)])
        expectSyntaxError(raw("{\"a\": 1 \"b\": 2}"), at: [("\"b\"", 0)])
        expectSyntaxError(raw("[1, 2,, 3]"), at: [(",, 3", 1)])
        expectSyntaxError(raw("[1] x"), at: [("x", 0)])
        expectSyntaxError(raw("\n\n   ]"), at: [("]", 0)])
        expectSyntaxError(raw("{\"a\": [1, 2}"), at: [("}", 0)])
        expectSyntaxError(raw("[\"ok\",\n \"a«01»b\"]"), as: [String].self, at: [("\u{01}", 0)])
        expectSyntaxError(raw("[\"ok\",\n \"a«FF»b\"]"), as: [String].self, at: [("\u{FFFD}", 0)])
        expectSyntaxError(raw("[\"ok\",\n  \"bad \\q\"]"), as: [String].self, at: [("\\q", 0), ("\\q", 1)])
        expectSyntaxError(raw("[\n\"\\ud800\"]"), as: [String].self, at: [("\\ud800", 0), ("\"\\ud800", 0)])
        expectSyntaxError(raw("{\"a\":\n tru}"), at: [("tru}", 0), ("tru}", 3)])
        expectSyntaxError(raw("{\"a\":\n nul }"), at: [("nul }", 0), ("nul }", 3)])
        expectSyntaxError(raw("{\"a\": \"unterminated"), at: [("\"unterminated", 0), ("\"unterminated", 13)])
        expectSyntaxError(raw("[\n  01]"), as: [Int].self, at: [("01", 0), ("01", 1)])
        expectSyntaxError(raw("[\n  -]"), as: [Int].self, at: [("-]", 0), ("-]", 1)])
        expectSyntaxError(raw("[1,\n  1.]"), as: [Double].self, at: [("1.]", 0), ("1.]", 2)])
        expectSyntaxError(raw("{\n\"a\": 1,\n\"b\": 2,\n\"c\" 3}"), at: [(" 3}", 1)])
    }

    @Test("Exactly 513 unclosed arrays (this input crashes JSONDecoder itself)")
    func unclosedDeepNestingIsAnError() {
        for count in [513, 514, 10_000] {
            let data = Data(String(repeating: "[", count: count).utf8)
            let error = thrownError { try LenientJSONDecoder(policy: .strict).decode(Ignore.self, from: data) }
            #expect(error?.kind == "dataCorrupted")
            let lenient = thrownError { try LenientJSONDecoder().decode(Ignore.self, from: data) }
            #expect(lenient?.kind == "dataCorrupted")
        }
    }

    // MARK: decode(_:from:at:)

    static let zoo = """
        {"Animals": [
          {"Dog": {"name": "Rex", "Babies": []}},
          {"Cat": {"name": "Tom", "Babies": [{"name": "a"}, {"name": "b", "age": "x"}, {"name": "c", "age": 2}]}}
        ]}
        """

    @Test func decodeAtPath() throws {
        let data = Data(Self.zoo.utf8)
        let full = try JSONDecoder().decode([String: [[String: Ignore]]].self, from: data)
        #expect(full["Animals"]?.count == 2)
        for policy in [LenientPolicy.strict, .lenient] {
            let decoder = LenientJSONDecoder(policy: policy)
            let baby = try decoder.decode(Baby.self, from: data, at: ["Animals", 1, "Cat", "Babies", 2])
            #expect(baby == Baby(name: "c", age: 2))
            let first = try decoder.decode(Baby.self, from: data, at: ["Animals", 1, "Cat", "Babies", 0])
            #expect(first == Baby(name: "a", age: nil))
            let name = try decoder.decode(String.self, from: data, at: ["Animals", 0, "Dog", "name"])
            #expect(name == "Rex")
            let dog = try decoder.decode([String: Ignore].self, from: data, at: ["Animals", 0])
            #expect(Set(dog.keys) == ["Dog"])
            let empty = try decoder.decode([Baby].self, from: data, at: ["Animals", 0, "Dog", "Babies"])
            #expect(empty == [])
            // An empty path is the whole document.
            let whole = try decoder.decode([String: [[String: Ignore]]].self, from: data, at: [])
            #expect(whole.keys.sorted() == full.keys.sorted())
        }
        // Equal to what JSONDecoder decodes at the same place.
        struct CatZoo: Decodable { var Animals: [CatEntry] }
        struct CatEntry: Decodable { var Cat: Cat? }
        let fixed = Data(Self.zoo.replacingOccurrences(of: "\"age\": \"x\"", with: "\"age\": 1").utf8)
        let reference = try JSONDecoder().decode(CatZoo.self, from: fixed)
        let located = try LenientJSONDecoder(policy: .strict).decode(Cat.self, from: fixed, at: ["Animals", 1, "Cat"])
        #expect(located.babies.count == 3)
        #expect(reference.Animals[1].Cat == located)
    }

    @Test func decodeAtPathErrors() {
        let data = Data(Self.zoo.utf8)
        let decoder = LenientJSONDecoder(policy: .strict)
        // An error inside the located value: full path from the document root, and its location.
        let inner = thrownError { try decoder.decode(Cat.self, from: data, at: ["Animals", 1, "Cat"]) }
        #expect(inner?.kind == "typeMismatch")
        #expect(
            inner?.path == ["Animals", "Index 1#1", "Cat", "Babies", "Index 1#1", "age"], "\(String(describing: inner))"
        )
        #expect(inner?.message.contains("$.Animals[1].Cat.Babies[1].age") == true, "\(String(describing: inner))")
        #expect(inner?.message.contains(location(of: "\"x\"", in: Self.zoo)) == true, "\(String(describing: inner))")

        let missingKey = thrownError { try decoder.decode(Cat.self, from: data, at: ["Animals", 0, "Cat"]) }
        #expect(missingKey?.kind == "keyNotFound")
        #expect(missingKey?.key == "Cat")
        #expect(missingKey?.path == ["Animals", "Index 0#0"])
        #expect(missingKey?.message.contains("$.Animals[0]") == true, "\(String(describing: missingKey))")

        let missingRoot = thrownError { try decoder.decode(Cat.self, from: data, at: ["Plants"]) }
        #expect(missingRoot?.kind == "keyNotFound")
        #expect(missingRoot?.path == [])

        for index in [2, 5, -1, Int.max, Int.min] {
            let outOfRange = thrownError {
                try decoder.decode(Ignore.self, from: data, at: ["Animals", JSONPathComponent.index(index)])
            }
            #expect(
                outOfRange?.kind == "valueNotFound" || outOfRange?.kind == "keyNotFound",
                "index \(index): \(String(describing: outOfRange))")
            #expect(outOfRange?.path.first == "Animals", "index \(index): \(String(describing: outOfRange))")
        }

        let keyOnArray = thrownError { try decoder.decode(Ignore.self, from: data, at: ["Animals", "Cat"]) }
        #expect(keyOnArray?.kind == "typeMismatch", "\(String(describing: keyOnArray))")
        #expect(keyOnArray?.path == ["Animals"], "\(String(describing: keyOnArray))")

        let indexOnObject = thrownError { try decoder.decode(Ignore.self, from: data, at: [0]) }
        #expect(indexOnObject?.kind == "typeMismatch", "\(String(describing: indexOnObject))")

        let indexOnString = thrownError {
            try decoder.decode(Ignore.self, from: data, at: ["Animals", 1, "Cat", "name", 0])
        }
        #expect(indexOnString?.kind == "typeMismatch", "\(String(describing: indexOnString))")

        let throughNull = thrownError {
            try decoder.decode(Ignore.self, from: Data("{\"a\": null}".utf8), at: ["a", "b"])
        }
        #expect(
            throughNull?.kind == "valueNotFound" || throughNull?.kind == "typeMismatch",
            "\(String(describing: throughNull))")

        let syntax = thrownError { try decoder.decode(Ignore.self, from: Data("{\"a\": [1,]]".utf8), at: ["a"]) }
        #expect(syntax?.kind == "dataCorrupted")
    }

    @Test func decodeAtPathWithUnusualKeys() throws {
        let text = "{\"a\\\"b\": {\"c d\": [10, 20, \"x\"]}, \"k\": 1, \"k\": 2, \"\\u00e9\": true}"
        let data = Data(text.utf8)
        let decoder = LenientJSONDecoder(policy: .strict)
        #expect(try decoder.decode(Int.self, from: data, at: ["a\"b", "c d", 1]) == 20)
        let reference = try JSONDecoder().decode([String: Int8?].self, from: Data("{\"k\": 1, \"k\": 2}".utf8))
        #expect(try decoder.decode(Int8.self, from: data, at: ["k"]) == reference["k"]!)
        #expect(try decoder.decode(Bool.self, from: data, at: ["é"]) == true)
        let error = thrownError { try decoder.decode(Int.self, from: data, at: ["a\"b", "c d", 2]) }
        #expect(error?.kind == "typeMismatch")
        #expect(error?.path == ["a\"b", "c d", "Index 2#2"])
        #expect(error?.message.contains("$['a\"b']['c d'][2]") == true, "\(String(describing: error))")
    }

    @Test func decodeAtPathHonoursStrategies() throws {
        let text = "{\"outer_key\": {\"inner_key\": [{\"first_name\": \"x\", \"when\": 86400}]}}"
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        struct Entry: Decodable, Equatable { var firstName: String; var when: Date }
        let entry = try decoder.decode(Entry.self, from: Data(text.utf8), at: ["outer_key", "inner_key", 0])
        #expect(entry == Entry(firstName: "x", when: Date(timeIntervalSince1970: 86400)))
    }
}
