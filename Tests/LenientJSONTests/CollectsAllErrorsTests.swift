// `collectsAllErrors` / `LenientDecodingErrors` (ErrorMessages article): a failing decode
// lists every problem of the document, in document order, each once, with the path, line,
// column, expected and found of the error the decoder throws one at a time; a document
// without problems decodes as before; with the flag unset nothing changes. Errors that a
// hand-written `init(from:)` catches with `try?` (an any-JSON enum, an `Either`) are not
// problems. Expected places are computed from the payload text, not copied from a run.

import Foundation
import LenientJSON
import Testing

@Suite("Every error at once")
struct CollectsAllErrorsTests {
    // MARK: Models

    struct Address: Decodable, Equatable { var city: String; var zip: Int }
    struct Customer: Decodable, Equatable { var name: String; var address: Address }
    struct Item: Decodable, Equatable { var sku: String; var price: Double }

    /// "Any JSON", picking its case by which `try?` succeeds.
    indirect enum AnyJSON: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([AnyJSON].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: AnyJSON].self))
            }
        }
    }

    /// `[Int]` when that decodes, else `[String]`.
    enum Either: Decodable, Equatable {
        case ints([Int]), strings([String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let ints = try? container.decode([Int].self) {
                self = .ints(ints)
            } else {
                self = .strings(try container.decode([String].self))
            }
        }
    }

    struct Order: Decodable, Equatable {
        var id: Int
        var quantity: Int
        var customer: Customer
        var items: [Item]
        var placed: Date
        var extra: AnyJSON
        var choice: Either
    }

    static let payload = """
        {
          "id": 1,
          "quantity": "two",
          "customer": {"name": "Ada", "address": {"city": "London", "zip": [1]}},
          "items": [
            {"sku": "a", "price": 1},
            {"price": 2},
            {"sku": "c", "price": "free"}
          ],
          "placed": "yesterday",
          "extra": {"any": [1, "x", null, {"k": true}], "n": 2},
          "choice": ["a", "b"]
        }
        """

    static let valid = """
        {"id": 1, "quantity": 2, "customer": {"name": "Ada", "address": {"city": "London", "zip": 1}},
         "items": [{"sku": "a", "price": 1}], "placed": "2024-05-01T10:00:00Z", "extra": [1, "x", null],\
         "choice": [1, 2]}
        """

    /// A problem as a test expects it: its error case, JSON path (a missing key included) and
    /// the text its line and column point at (`nil` for none).
    struct Expected: CustomStringConvertible {
        var kind: String
        var path: String
        var at: String?
        var description: String { "\(kind) \(path)" }
    }

    static let quantity = Expected(kind: "typeMismatch", path: "$.quantity", at: #""two""#)
    static let zip = Expected(kind: "typeMismatch", path: "$.customer.address.zip", at: "[1]")
    static let sku = Expected(kind: "keyNotFound", path: "$.items[1].sku", at: #"{"price": 2}"#)
    static let price = Expected(kind: "typeMismatch", path: "$.items[2].price", at: #""free""#)
    static let placed = Expected(kind: "dataCorrupted", path: "$.placed", at: #""yesterday""#)

    /// The problems of ``payload`` under each preset: `.permissive` recovers all but the date.
    static let problemsByPreset: [(Preset, [Expected])] = [
        (.strict, [quantity, zip, sku, price, placed]),
        (.lenient, [quantity, zip, sku, price, placed]),
        (.permissive, [placed]),
    ]

    // MARK: Helpers

    static func decoder(_ preset: Preset = .lenient, collects: Bool = true) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.dateDecodingStrategy = .iso8601
        decoder.collectsAllErrors = collects
        return decoder
    }

    static func kind(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound: return "keyNotFound"
        case .dataCorrupted: return "dataCorrupted"
        @unknown default: return "unknown"
        }
    }

    /// The JSON path of `error`, its missing key included.
    static func path(_ error: DecodingError) -> String {
        var keys: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            keys = context.codingPath
        case .keyNotFound(let key, let context): keys = context.codingPath + [key]
        @unknown default: keys = []
        }
        return keys.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }

    static func message(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default: return ""
        }
    }

    /// "line L, column C" of the first occurrence of `marker` in `text` (1-based; columns
    /// count characters).
    static func place(of marker: String, in text: String) -> String {
        guard let range = text.range(of: marker) else { return "marker not found" }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    static func problems<T: Decodable>(
        _ type: T.Type, _ text: String, _ decoder: LenientJSONDecoder, input: InputKind = .data,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DecodingError] {
        do {
            _ = try input.decode(type, from: Data(text.utf8), with: decoder)
            Issue.record("decoded without an error", sourceLocation: sourceLocation)
        } catch let problems as LenientDecodingErrors {
            return problems.errors
        } catch {
            Issue.record("threw \(error), not LenientDecodingErrors", sourceLocation: sourceLocation)
        }
        return []
    }

    // MARK: Every problem, in order, each once

    @Test(
        "every problem of the payload, in document order, with its path, line and column", arguments: problemsByPreset)
    func everyProblem(preset: Preset, expected: [Expected]) {
        let errors = Self.problems(Order.self, Self.payload, Self.decoder(preset))
        #expect(errors.map(Self.path) == expected.map(\.path))
        #expect(errors.map(Self.kind) == expected.map(\.kind))
        for (error, problem) in Swift.zip(errors, expected) {
            let message = Self.message(error)
            if let marker = problem.at {
                #expect(message.contains("(\(Self.place(of: marker, in: Self.payload)))"), "\(problem): \(message)")
            }
            // A missing key's message names the missing member's full path (ErrorWordingTests).
            #expect(
                message.contains(problem.path + " ") || message.contains(problem.path + ","), "\(problem): \(message)")
        }
    }

    @Test("through fromJSONObject: the same problems, each once, without lines", arguments: problemsByPreset)
    func jsonObjectInput(preset: Preset, expected: [Expected]) {
        let errors = Self.problems(Order.self, Self.payload, Self.decoder(preset), input: .jsonObject)
        // A JSONSerialization tree keeps no member order, so only the set is compared.
        #expect(errors.map(Self.path).sorted() == expected.map(\.path).sorted())
        #expect(!errors.contains { Self.message($0).contains("line ") })
    }

    @Test("each listed error is the one the decoder throws for that problem alone", arguments: Preset.allCases)
    func sameErrors(preset: Preset) throws {
        let all = Self.problems(Order.self, Self.payload, Self.decoder(preset))
        // Fix every problem but one; the decode without the flag throws exactly that error.
        let fixes: [String: (String, String)] = [
            "$.quantity": (#""two""#, "2"), "$.customer.address.zip": ("[1]", "1"),
            "$.items[1].sku": (#"{"price": 2}"#, #"{"sku": "b", "price": 2}"#), "$.items[2].price": (#""free""#, "3"),
            "$.placed": (#""yesterday""#, #""2024-05-01T10:00:00Z""#),
        ]
        for error in all {
            var text = Self.payload
            for (path, fix) in fixes where path != Self.path(error) {
                text = text.replacingOccurrences(of: fix.0, with: fix.1)
            }
            #expect(throws: DecodingError.self) {
                try Self.decoder(preset, collects: false).decode(Order.self, from: Data(text.utf8))
            }
            do {
                _ = try Self.decoder(preset, collects: false).decode(Order.self, from: Data(text.utf8))
            } catch let alone as DecodingError {
                #expect(Self.message(alone) == Self.message(error))
                #expect(Self.path(alone) == Self.path(error))
            }
        }
    }

    @Test(
        "every bad element of an array and every bad member of a dictionary, each once", arguments: InputKind.allCases)
    func collections(input: InputKind) {
        struct Lists: Decodable { var numbers: [Int]; var scores: [String: Int]; var nested: [[Int]] }
        let text =
            #"{"numbers": [1, "x", 3, {}], "scores": {"a": 1, "b": [], "c": null}, "nested": [[1], [true, 2, "y"]]}"#
        let errors = Self.problems(Lists.self, text, Self.decoder(.strict), input: input)
        let expected = ["$.numbers[1]", "$.numbers[3]", "$.scores.b", "$.scores.c", "$.nested[1][0]", "$.nested[1][2]"]
        if input == .data {
            #expect(errors.map(Self.path) == expected)
        } else {
            #expect(errors.map(Self.path).sorted() == expected.sorted())
        }
    }

    // MARK: Alternatives tried by hand-written decoders

    @Test("try? alternatives are not problems; a failing alternative's real problem is listed once")
    func alternatives() {
        struct Holder: Decodable { var values: [AnyJSON]; var choices: [Either]; var count: Int }
        // AnyJSON's and Either's failed attempts at valid values are not listed; the Either
        // whose every alternative fails is listed at its element, from its last alternative.
        let text =
            #"{"values": [1, "a", [true, {"x": null}]], "choices": [[1], ["a", "b"], ["a", {}]], "count": "many"}"#
        let errors = Self.problems(Holder.self, text, Self.decoder(.strict))
        #expect(errors.map(Self.path) == ["$.choices[2][1]", "$.count"])
        #expect(errors.map(Self.kind) == ["typeMismatch", "typeMismatch"])
        #expect(
            Self.message(errors.first ?? .dataCorrupted(.init(codingPath: [], debugDescription: ""))).contains(
                "Expected String"))
    }

    @Test("a hand-written init(from:) that throws its own error lists it once")
    func ownError() {
        struct Even: Decodable {
            var value: Int
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self)
                guard value.isMultiple(of: 2) else {
                    throw DecodingError.dataCorruptedError(
                        in: try decoder.singleValueContainer(), debugDescription: "odd")
                }
            }
        }
        let errors = Self.problems([Even].self, "[2, 3, 4, 5]", Self.decoder(.strict))
        #expect(errors.map(Self.path) == ["$[1]", "$[3]"])
        #expect(errors.map(Self.kind) == ["dataCorrupted", "dataCorrupted"])
    }

    // MARK: Unchanged behaviour

    @Test(
        "a document without problems decodes as without the flag, and as JSONDecoder", arguments: InputKind.allCases,
        Preset.allCases)
    func noProblems(input: InputKind, preset: Preset) throws {
        let data = Data(Self.valid.utf8)
        let value = try input.decode(Order.self, from: data, with: Self.decoder(preset))
        #expect(value == (try input.decode(Order.self, from: data, with: Self.decoder(preset, collects: false))))
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        #expect(value == (try foundation.decode(Order.self, from: data)))
    }

    @Test("flag unset: the first error, exactly as before", arguments: InputKind.allCases, Preset.allCases)
    func flagUnset(input: InputKind, preset: Preset) throws {
        let decoder = Self.decoder(preset, collects: false)
        #expect(decoder.collectsAllErrors == false)
        #expect(LenientJSONDecoder().collectsAllErrors == false)
        do {
            _ = try input.decode(Order.self, from: Data(Self.payload.utf8), with: decoder)
            Issue.record("decoded")
        } catch let error as DecodingError {
            let all = Self.problems(Order.self, Self.payload, Self.decoder(preset), input: input)
            #expect(all.contains { Self.message($0) == Self.message(error) })
        }
    }

    @Test("one problem is a list of one", arguments: InputKind.allCases)
    func oneProblem(input: InputKind) {
        let text = Self.valid.replacingOccurrences(of: #""quantity": 2"#, with: #""quantity": "two""#)
        let errors = Self.problems(Order.self, text, Self.decoder(), input: input)
        #expect(errors.map(Self.path) == ["$.quantity"])
    }

    @Test(
        "invalid JSON is listed alone: the first syntax error",
        arguments: [
            #"{"quantity": "two", "id": , "items": 3}"#,
            #"{"quantity": "two", "id": 1, "items": [1, 2"#,
        ])
    func syntaxError(text: String) {
        let errors = Self.problems(Order.self, text, Self.decoder())
        #expect(errors.count == 1)
        #expect(errors.map(Self.kind) == ["dataCorrupted"])
        #expect(errors.first.map(Self.message)?.contains("not valid JSON") == true)
    }

    @Test("decode(_:from:report:) and decode(_:from:at:) list every problem too")
    func otherEntryPoints() throws {
        var report = LenientDecodingReport()
        #expect(throws: LenientDecodingErrors.self) {
            try Self.decoder().decode(Order.self, from: Data(Self.payload.utf8), report: &report)
        }
        #expect(report.events.isEmpty)
        do {
            _ = try Self.decoder(.strict).decode([Item].self, from: Data(Self.payload.utf8), at: ["items"])
            Issue.record("decoded")
        } catch let problems as LenientDecodingErrors {
            #expect(problems.errors.map(Self.path) == ["$.items[1].sku", "$.items[2].price"])
        }
    }

    @Test("the description counts the problems and gives one line each, with its input excerpt indented under it")
    func description() {
        let errors = Self.problems(Order.self, Self.payload, Self.decoder(.strict))
        let text = "\(LenientDecodingErrors(errors: errors))"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "5 problems:")
        let expected = errors.flatMap { error -> [String] in
            let message = Self.message(error)
            let excerpt = excerptLines(message).map { $0.split(separator: "\n").map { "  " + $0 } } ?? []
            return ["- " + messageWithoutExcerpt(message)] + excerpt
        }
        #expect(lines.dropFirst().map { String($0) } == expected)
        #expect("\(LenientDecodingErrors(errors: Array(errors.prefix(1))))".hasPrefix("1 problem:\n- "))
    }
}
