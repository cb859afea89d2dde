// InputAndLimits article: invalid JSON is never recovered, in any policy. A malformed
// number or string that a decode reads is an error under `.strict`, `.lenient` and
// `.permissive` alike, whatever rule (an Optional's nil, a dropped element, a default, a
// number read as text) would otherwise have absorbed it; JSON5's malformed numbers too. A
// trailing comma, which JSONDecoder accepts, is not invalid JSON (TrailingCommaTests). Every
// row is checked against JSONDecoder first, so the table stays honest. These inputs are not
// JSON, so there is no `fromJSONObject` form (JSONSerialization has no tree for them).

import Foundation
import LenientJSON
import Testing

@Suite("Invalid JSON is never recovered")
struct InvalidJSONTests {
    // MARK: Models

    struct Item: Decodable, Equatable, Sendable {
        var a: Int?
        var b: String?
    }

    struct MaybeInt: Decodable, Equatable, Sendable { var a: Int? }
    struct MaybeString: Decodable, Equatable, Sendable { var a: String? }
    struct PlainString: Decodable, Equatable, Sendable { var a: String }
    struct OneInt: Decodable, Equatable, Sendable { var a: Int }
    struct IntAndList: Decodable, Equatable, Sendable {
        var a: Int
        var b: [Int]
    }

    /// The usual "any JSON" shape: a hand-written `init(from:)` that tries types in turn.
    indirect enum AnyJSON: Decodable, Equatable, Sendable {
        case null, bool(Bool), int(Int), double(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int.self) { self = .int(value); return }
            if let value = try? container.decode(Double.self) { self = .double(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode([AnyJSON].self) { self = .array(value); return }
            if let value = try? container.decode([String: AnyJSON].self) { self = .object(value); return }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
        }
    }

    // MARK: Rows

    /// A decode of one type through any `JSONDecoder` (a `LenientJSONDecoder` overrides
    /// `decode(_:from:)`, so the same closure serves both).
    struct Target: Sendable, CustomTestStringConvertible {
        var name: String
        var decode: @Sendable (JSONDecoder, Data) throws -> Void
        var testDescription: String { name }
    }

    static func target<T: Decodable & Sendable>(_ type: T.Type, _ name: String? = nil) -> Target {
        Target(name: name ?? "\(T.self)", decode: { decoder, data in _ = try decoder.decode(T.self, from: data) })
    }

    struct Document: Sendable, CustomTestStringConvertible {
        var label: String
        var data: Data
        var testDescription: String { label }
        init(_ text: String) {
            label = text
            data = Data(text.utf8)
        }
        init(label: String, bytes: [UInt8]) {
            self.label = label
            data = Data(bytes)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var document: Document
        var target: Target
        var testDescription: String { "\(document.label) as \(target.name)" }
    }

    static let malformedDocuments: [Document] = [
        Document("[-]"),
        Document("[-01]"),
        Document("[-1.0.]"),
        Document("[01]"),
        Document("[1e]"),
        Document("[1.]"),
        Document(#"{"a": 01}"#),
        Document(#"{"a": -}"#),
        Document(#"["\q"]"#),
        Document(label: #"["<FF>"] (invalid UTF-8)"#, bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D]),
        Document(
            label: #"{"a": "<C3 28>"} (invalid UTF-8)"#,
            bytes: Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
    ]

    static let targets: [Target] = [
        target([Int].self),
        target([Int?].self),
        target([String].self),
        target([Bool].self),
        target([Item].self),
        target([String: Int?].self),
        target([String: String].self),
        target(MaybeInt.self, "struct { a: Int? }"),
        target(MaybeString.self, "struct { a: String? }"),
        target(AnyJSON.self, "any-JSON enum"),
    ]

    static let malformedCases: [Case] = malformedDocuments.flatMap { document in
        targets.map { Case(document: document, target: $0) }
    }

    // MARK: Malformed numbers and strings

    @Test(
        "a malformed number or string that is read is an error in every policy, as in JSONDecoder",
        arguments: malformedCases, Preset.allCases)
    func malformedTokenIsAnError(_ testCase: Case, _ policy: Preset) {
        Self.expectNoRecovery(testCase.target, testCase.document.data, policy, label: testCase.testDescription)
    }

    static let json5Numbers = ["010", "1e2.3", "+0123", "."]

    /// Each target with the document that puts the number where it reads it.
    static let json5Targets: [(document: @Sendable (String) -> String, target: Target)] = [
        ({ $0 }, target(String.self)),
        ({ $0 }, target(String?.self)),
        ({ $0 }, target(Int?.self)),
        ({ "{a: \($0)}" }, target(PlainString.self, "struct { a: String }")),
        ({ "{a: \($0)}" }, target(MaybeString.self, "struct { a: String? }")),
        ({ "{a: \($0)}" }, target(MaybeInt.self, "struct { a: Int? }")),
        ({ "[\($0)]" }, target([String].self)),
        ({ "[\($0)]" }, target([String?].self)),
        ({ "[\($0)]" }, target([Int?].self)),
    ]

    static let json5Cases: [Case] = json5Numbers.flatMap { number in
        json5Targets.map { Case(document: Document($0.document(number)), target: $0.target) }
    }

    @Test(
        "JSON5: a malformed number read as String, String? or Int? is an error in every policy",
        arguments: json5Cases, Preset.allCases)
    func json5MalformedNumberIsAnError(_ testCase: Case, _ policy: Preset) {
        Self.expectNoRecovery(
            testCase.target, testCase.document.data, policy, label: "JSON5 " + testCase.testDescription
        ) {
            $0.allowsJSON5 = true
        }
    }

    // MARK: Invalid keys of a dictionary

    /// Objects whose second key is not valid JSON text, after a member that no target reads.
    static let invalidKeyDocuments: [Document] = [
        Document(
            label: #"{"1":"x","k<FF>":1} (invalid UTF-8)"#,
            bytes: Array(#"{"1":"x","k"#.utf8) + [0xFF] + Array(#"":1}"#.utf8)),
        Document(#"{"1":"x","k\q":1}"#),
        Document(#"{"1":"x","k\ud800":1}"#),
        Document(#"[{"1":"x","k\q":1}]"#),
    ]

    static let invalidKeyTargets: [Target] = [
        target([String: Int].self),
        target([String: Int?].self),
        target([Int: Int].self),
        target([[String: Int]].self),
    ]

    static let invalidKeyCases: [Case] = invalidKeyDocuments.flatMap { document in
        invalidKeyTargets.map { Case(document: document, target: $0) }
    }

    /// JSONDecoder reads every key of an object before its values, so a key that is not valid
    /// JSON text is the error even after a member that does not decode (found by the
    /// differential fuzz target: Fuzz/Findings/differential-strict-invalid-utf8-key.bin).
    @Test(
        "an invalid key of a dictionary is a syntax error before any member's error, as in JSONDecoder",
        arguments: invalidKeyCases, Preset.allCases)
    func invalidDictionaryKeyComesFirst(_ testCase: Case, _ policy: Preset) {
        Self.expectNoRecovery(testCase.target, testCase.document.data, policy, label: testCase.testDescription)
    }

    @Test(
        "JSON5: a control character in a dictionary key is a syntax error before any member's error, as in JSONDecoder",
        arguments: invalidKeyTargets, Preset.allCases)
    func json5ControlCharacterInDictionaryKeyComesFirst(_ target: Target, _ policy: Preset) {
        let data = Data(#"{"1":"x","f\#u{01}gs":1}"#.utf8)
        Self.expectNoRecovery(target, data, policy, label: #"JSON5 {"1":"x","f<01>gs":1} as "# + target.name) {
            $0.allowsJSON5 = true
        }
    }
}

// MARK: - Helpers

extension InvalidJSONTests {
    static func caseName(_ error: any Error) -> String { ErrorInfo(error).kind }

    /// `target` on `data` throws a `DecodingError` under `policy`; JSONDecoder throws too
    /// (else the row is wrong); `.strict` throws JSONDecoder's case; and where JSONDecoder
    /// reports the syntax error (`dataCorrupted`), every policy does.
    static func expectNoRecovery(
        _ target: Target, _ data: Data, _ policy: Preset, label: String,
        configure: (JSONDecoder) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let foundation = JSONDecoder()
        configure(foundation)
        let reference: (any Error)?
        do {
            try target.decode(foundation, paddedForFoundation(data))
            reference = nil
        } catch {
            reference = error
        }
        #expect(reference != nil, "JSONDecoder accepts \(label): drop the row", sourceLocation: sourceLocation)

        let decoder = LenientJSONDecoder(policy: policy.policy)
        configure(decoder)
        do {
            try target.decode(decoder, data)
            Issue.record(
                "\(label) decoded under \(policy.testDescription) (invalid JSON recovered)",
                sourceLocation: sourceLocation)
        } catch {
            #expect(error is DecodingError, "\(label): \(error)", sourceLocation: sourceLocation)
            guard let reference else { return }
            if policy == .strict {
                #expect(
                    caseName(error) == caseName(reference), "\(label): \(error)\nJSONDecoder: \(reference)",
                    sourceLocation: sourceLocation)
            } else if caseName(reference) == "dataCorrupted" {
                #expect(
                    caseName(error) == "dataCorrupted", "\(label): \(error)\nJSONDecoder: \(reference)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
