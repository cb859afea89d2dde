// `collectsAllErrors`: an error a type's own `init(from:)` throws (an unknown enum raw value's
// `dataCorrupted`, a hand-written decoder's own `dataCorrupted`) is a problem like any other,
// and collection goes on past it; only a syntax error ends it. The DecodableWithConfiguration
// overloads collect too. Expected paths are written from the payloads by hand.

import Foundation
import LenientJSON
import Testing

@Suite("Every error at once: a type's own errors do not end collection")
struct CollectsTypeErrorsTests {
    enum Status: String, Decodable { case active, closed }
    enum Level: Int, Decodable { case low = 1, high = 2 }

    /// Throws its own `dataCorrupted` for any text but "ok".
    struct Checked: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            guard try container.decode(String.self) == "ok" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not ok")
            }
        }
    }

    struct StatusFirst: Decodable { var status: Status; var name: String; var age: Int }
    struct StatusMiddle: Decodable { var name: String; var status: Status; var age: Int }
    struct StatusLast: Decodable { var name: String; var age: Int; var status: Status }
    struct LevelFirst: Decodable { var level: Level; var name: String; var age: Int }
    struct CheckedFirst: Decodable { var status: Checked; var name: String; var age: Int }

    /// Each model, with its members' problems: an unknown raw value, a missing `name` and a
    /// string for `age`.
    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var decode: @Sendable (JSONDecoder, Data) throws -> Void
        var json: String
    }

    static func row<T: Decodable & SendableMetatype>(_ type: T.Type, _ json: String) -> Row {
        Row(testDescription: "\(T.self)", decode: { _ = try $0.decode(T.self, from: $1) }, json: json)
    }

    static let rows: [Row] = [
        row(StatusFirst.self, #"{"status": "weird", "age": "x"}"#),
        row(StatusMiddle.self, #"{"status": "weird", "age": "x"}"#),
        row(StatusLast.self, #"{"status": "weird", "age": "x"}"#),
        row(LevelFirst.self, #"{"level": 7, "age": "x"}"#),
        row(CheckedFirst.self, #"{"status": "no", "age": "x"}"#),
    ]

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context): return "typeMismatch " + path(context.codingPath)
        case .valueNotFound(_, let context): return "valueNotFound " + path(context.codingPath)
        case .keyNotFound(let key, let context): return "keyNotFound " + path(context.codingPath + [key])
        case .dataCorrupted(let context): return "dataCorrupted " + path(context.codingPath)
        @unknown default: return "unknown"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }

    static func problems(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return ["no error"]
        } catch let errors as LenientDecodingErrors {
            return errors.errors.map(describe)
        } catch {
            return ["other error \(error)"]
        }
    }

    @Test(
        "An unknown raw value, a missing key and a wrong type: three problems", arguments: rows,
        [Preset.strict, .lenient])
    func threeProblems(_ row: Row, _ preset: Preset) throws {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.collectsAllErrors = true
        let enumKey = row.json.contains("level") ? "level" : "status"
        // JSONDecoder fails on the same document: these are real problems.
        #expect(throws: DecodingError.self) { try row.decode(JSONDecoder(), Data(row.json.utf8)) }
        let found = Self.problems { try row.decode(decoder, Data(row.json.utf8)) }
        #expect(Set(found) == ["keyNotFound $.name", "dataCorrupted $.\(enumKey)", "typeMismatch $.age"], "\(found)")
        #expect(found.count == 3)
    }

    @Test("In an array, every element's problems")
    func arrayOfModels() throws {
        let decoder = LenientJSONDecoder()
        decoder.collectsAllErrors = true
        let json =
            #"""
            [{"status": "weird", "age": "x"}, {"status": "active", "name": "n", "age": [1]}\#
            , {"status": "gone", "name": "m", "age": 3}]
            """#
        let found = Self.problems { _ = try decoder.decode([StatusFirst].self, from: Data(json.utf8)) }
        #expect(
            found == [
                "keyNotFound $[0].name", "dataCorrupted $[0].status", "typeMismatch $[0].age",
                "typeMismatch $[1].age", "dataCorrupted $[2].status",
            ])
    }

    @Test("A syntax error still ends collection: it is listed alone")
    func syntaxErrorAlone() throws {
        let decoder = LenientJSONDecoder()
        decoder.collectsAllErrors = true
        let json = #"{"status": "weird", "age": "x", "name": 1.e5}"#
        let found = Self.problems { _ = try decoder.decode(StatusFirst.self, from: Data(json.utf8)) }
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("dataCorrupted") == true, "\(found)")
    }

    /// A type decoded with a configuration, whose members fail as above.
    struct Configured: DecodableWithConfiguration {
        struct Settings: Sendable { var prefix: String }
        enum CodingKeys: String, CodingKey { case status, name, age }
        var label: String
        var age: Int

        init(from decoder: any Decoder, configuration: Settings) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            _ = try container.decode(Status.self, forKey: .status)
            label = configuration.prefix + (try container.decode(String.self, forKey: .name))
            age = try container.decode(Int.self, forKey: .age)
        }
    }

    struct SettingsProvider: DecodingConfigurationProviding {
        static let decodingConfiguration = Configured.Settings(prefix: "p-")
    }

    @Test("The DecodableWithConfiguration overloads collect every problem")
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func withConfiguration() throws {
        let decoder = LenientJSONDecoder()
        decoder.collectsAllErrors = true
        let data = Data(#"{"status": "weird", "age": "x"}"#.utf8)
        let expected: Set = ["keyNotFound $.name", "dataCorrupted $.status", "typeMismatch $.age"]
        let direct = Self.problems {
            _ = try decoder.decode(Configured.self, from: data, configuration: .init(prefix: "p-"))
        }
        #expect(Set(direct) == expected && direct.count == 3, "\(direct)")
        let provided = Self.problems {
            _ = try decoder.decode(Configured.self, from: data, configuration: SettingsProvider.self)
        }
        #expect(Set(provided) == expected && provided.count == 3, "\(provided)")
        // Without problems, the value, as JSONDecoder gives it.
        let good = Data(#"{"status": "active", "name": "n", "age": "4"}"#.utf8)
        let value = try decoder.decode(Configured.self, from: good, configuration: .init(prefix: "p-"))
        #expect(value.label == "p-n" && value.age == 4)
    }
}
