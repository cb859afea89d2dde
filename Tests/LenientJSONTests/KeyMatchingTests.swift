// KeyMatching article: exact match first (after the key decoding strategy), then normalized matching;
// ambiguity; contains / decodeNil / allKeys / decodeIfPresent agreeing; Dictionary keys never
// normalized; keyNotFound suggestions; `.convertFromSnakeCase`; `keyMatching = .exact`; and the
// documented parity exception (an Optional filled where JSONDecoder leaves it nil).
// Every case runs through `Data` and through `decode(_:fromJSONObject:)`.

import Foundation
import LenientJSON
import Testing

@Suite("Key matching")
struct KeyMatchingTests {
    // MARK: Models

    struct Person: Decodable, Equatable {
        var firstName: String
    }

    struct OptionalPerson: Decodable, Equatable {
        var firstName: String?
    }

    struct Account: Decodable, Equatable {
        var name: String
        var age: Int
    }

    struct Scores: Decodable, Equatable {
        var scores: [String: Int]
    }

    /// A model whose property is spelled in snake case: `.convertFromSnakeCase` turns the JSON's
    /// `first_name` into `firstName`, so JSONDecoder never finds `first_name`.
    struct SnakeModel: Decodable, Equatable {
        var first_name: String
    }

    struct UserID: Decodable, Equatable {
        var userID: Int
    }

    struct Nick: Decodable, Equatable {
        var name: String
        var nickName: String?
    }

    /// Reports what each container method answers, with a hand-written `init(from:)`.
    struct Probe: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case firstName, lastName, middleName }
        var containsFirst: Bool
        var containsLast: Bool
        var containsMiddle: Bool
        var firstIsNil: Bool
        var lastIsNil: Bool
        var allKeys: [String]
        var first: String?
        var last: String?
        var middle: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            containsFirst = container.contains(.firstName)
            containsLast = container.contains(.lastName)
            containsMiddle = container.contains(.middleName)
            firstIsNil = containsFirst ? try container.decodeNil(forKey: .firstName) : true
            lastIsNil = containsLast ? try container.decodeNil(forKey: .lastName) : true
            allKeys = container.allKeys.map(\.stringValue).sorted()
            first = try container.decodeIfPresent(String.self, forKey: .firstName)
            last = try container.decodeIfPresent(String.self, forKey: .lastName)
            middle = try container.decodeIfPresent(String.self, forKey: .middleName)
        }

        init(
            containsFirst: Bool, containsLast: Bool, containsMiddle: Bool, firstIsNil: Bool, lastIsNil: Bool,
            allKeys: [String], first: String?, last: String?, middle: String?
        ) {
            self.containsFirst = containsFirst
            self.containsLast = containsLast
            self.containsMiddle = containsMiddle
            self.firstIsNil = firstIsNil
            self.lastIsNil = lastIsNil
            self.allKeys = allKeys
            self.first = first
            self.last = last
            self.middle = middle
        }
    }

    // MARK: 1–2. Exact first, then normalized spellings

    static let spellings = [
        "firstName", "first_name", "first-name", "FirstName", "FIRST NAME", "FIRST_NAME", "firstname", "First Name",
        "first__name",
    ]

    @Test(
        "normalized spellings match in .lenient and .permissive, not in .strict",
        arguments: spellings, InputKind.allCases)
    func normalizedSpellings(_ spelling: String, _ input: InputKind) throws {
        let json = #"{"\#(spelling)": "Ann"}"#
        for preset in [Preset.lenient, .permissive] {
            var report = LenientDecodingReport()
            let person = try Self.decode(Person.self, json, preset.policy, input, report: &report)
            #expect(person == Person(firstName: "Ann"), "\(preset)")
            let matches = report.events.filter { $0.kind == .matchedKey }
            if spelling == "firstName" {
                #expect(matches.isEmpty, "an exact match is not a fuzzy match: \(report.events)")
            } else {
                #expect(matches.count == 1, "\(preset): \(report.events)")
                #expect(
                    matches.first?.path == Self.path(forKey: spelling),
                    "\(preset): the path names the key as the input spells it")
            }
        }
        let strict = Result { try Self.decode(Person.self, json, .strict, input) }
        let foundation = Result { try JSONDecoder().decode(Person.self, from: Data(json.utf8)) }
        Self.expectSameOutcome(strict, foundation)
        if spelling != "firstName" {
            #expect(Self.errorCase(strict) == "keyNotFound")
        }
    }

    @Test(
        "exact match wins over normalized matches, whatever the document order",
        arguments: [
            #"{"first_name": "fuzzy", "firstName": "exact"}"#,
            #"{"firstName": "exact", "first_name": "fuzzy"}"#,
            #"{"FIRST NAME": "fuzzy", "firstName": "exact", "first-name": "fuzzy too"}"#,
        ], InputKind.allCases)
    func exactWins(_ json: String, _ input: InputKind) throws {
        for preset in Preset.allCases {
            var report = LenientDecodingReport()
            let person = try Self.decode(Person.self, json, preset.policy, input, report: &report)
            #expect(person.firstName == "exact", "\(preset)")
            #expect(report.events.isEmpty, "\(preset): \(report.events)")
        }
    }

    // MARK: 3. Ambiguity

    struct AmbiguityCase: Sendable, CustomTestStringConvertible {
        var json: String
        var keys: [String]
        var testDescription: String { json }
    }

    static let ambiguous: [AmbiguityCase] = [
        AmbiguityCase(json: #"{"first_name": "A", "FirstName": "B"}"#, keys: ["first_name", "FirstName"]),
        AmbiguityCase(json: #"{"FirstName": "B", "first_name": "A"}"#, keys: ["FirstName", "first_name"]),
        AmbiguityCase(
            json: #"{"first-name": "A", "FIRST NAME": "B", "first_name": "C"}"#,
            keys: ["first-name", "FIRST NAME", "first_name"]),
    ]

    @Test(
        ".lenient: several keys normalize alike and none is exact → dataCorrupted naming them all",
        arguments: ambiguous, InputKind.allCases)
    func ambiguityIsAnErrorInLenient(_ testCase: AmbiguityCase, _ input: InputKind) {
        do {
            let person = try Self.decode(Person.self, testCase.json, .lenient, input)
            Issue.record("expected an ambiguity error, decoded \(person)")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                return
            }
            for key in testCase.keys {
                #expect(context.debugDescription.contains(key), "the error names \(key): \(context.debugDescription)")
            }
            #expect(context.codingPath.map(\.stringValue) == ["firstName"])
        } catch {
            Issue.record("not a DecodingError: \(error)")
        }
    }

    @Test(
        ".lenient: an ambiguous key of an Optional property recovers to nil", arguments: ambiguous, InputKind.allCases)
    func ambiguityRecoversOptionalInLenient(_ testCase: AmbiguityCase, _ input: InputKind) throws {
        var report = LenientDecodingReport()
        let person = try Self.decode(OptionalPerson.self, testCase.json, .lenient, input, report: &report)
        #expect(person.firstName == nil)
        #expect(report.events.map(\.kind) == [.recoveredAsNil], "\(report.events)")
        #expect(report.events.first?.path == "$.firstName")
    }

    @Test(".permissive: the first key in document order wins, and is reported", arguments: ambiguous)
    func ambiguityTakesFirstInPermissive(_ testCase: AmbiguityCase) throws {
        // Document order is that of the text, so this is a Data-only case (a dictionary has no order).
        let object = try JSONSerialization.jsonObject(with: Data(testCase.json.utf8)) as! [String: String]
        let first = object[testCase.keys[0]]!
        for type in [0, 1] {
            var report = LenientDecodingReport()
            let value: String?
            if type == 0 {
                value = try Self.decode(Person.self, testCase.json, .permissive, .data, report: &report).firstName
            } else {
                value = try Self.decode(OptionalPerson.self, testCase.json, .permissive, .data, report: &report)
                    .firstName
            }
            #expect(value == first)
            let matches = report.events.filter { $0.kind == .matchedKey }
            #expect(matches.count == 1, "\(report.events)")
            #expect(matches.first?.path == Self.path(forKey: testCase.keys[0]))
        }
    }

    // MARK: 4. contains, decodeNil, allKeys, decodeIfPresent agree

    @Test(
        "contains, decodeNil, allKeys and decodeIfPresent agree with normalized matching", arguments: InputKind.allCases
    )
    func containerMethodsAgree(_ input: InputKind) throws {
        let json = #"{"first_name": "Ann", "LAST-NAME": null, "other": 1}"#
        let expected = Probe(
            containsFirst: true, containsLast: true, containsMiddle: false, firstIsNil: false, lastIsNil: true,
            allKeys: ["firstName", "lastName"], first: "Ann", last: nil, middle: nil)
        for preset in [Preset.lenient, .permissive] {
            let probe = try Self.decode(Probe.self, json, preset.policy, input)
            #expect(probe.containsFirst == expected.containsFirst, "\(preset) contains(.firstName)")
            #expect(probe.containsLast == expected.containsLast, "\(preset) contains(.lastName)")
            #expect(probe.containsMiddle == expected.containsMiddle, "\(preset) contains(.middleName)")
            #expect(probe.firstIsNil == expected.firstIsNil, "\(preset) decodeNil(forKey: .firstName)")
            #expect(probe.lastIsNil == expected.lastIsNil, "\(preset) decodeNil(forKey: .lastName)")
            #expect(probe.allKeys == expected.allKeys, "\(preset) allKeys")
            #expect(probe.first == expected.first, "\(preset) decodeIfPresent(.firstName)")
            #expect(probe.last == expected.last && probe.middle == expected.middle, "\(preset)")
        }
        // .strict is JSONDecoder: no key is found by another spelling.
        let strict = Result { try Self.decode(Probe.self, json, .strict, input) }
        let foundation = Result { try JSONDecoder().decode(Probe.self, from: Data(json.utf8)) }
        Self.expectSameOutcome(strict, foundation)
    }

    @Test(
        "exact keys: contains, decodeNil, allKeys and decodeIfPresent are JSONDecoder's", arguments: InputKind.allCases)
    func containerMethodsOnExactKeys(_ input: InputKind) throws {
        let json = #"{"firstName": "Ann", "lastName": null}"#
        let foundation = try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
        for preset in Preset.allCases {
            #expect(try Self.decode(Probe.self, json, preset.policy, input) == foundation, "\(preset)")
        }
    }

    @Test("Dictionary keys are never normalized", arguments: InputKind.allCases)
    func dictionaryKeysKeepTheirSpelling(_ input: InputKind) throws {
        let json = #"{"scores": {"First_Name": 1, "first-name": 2, "firstName": 3}}"#
        let expected = Scores(scores: ["First_Name": 1, "first-name": 2, "firstName": 3])
        for preset in Preset.allCases {
            var report = LenientDecodingReport()
            #expect(try Self.decode(Scores.self, json, preset.policy, input, report: &report) == expected, "\(preset)")
            #expect(report.events.isEmpty, "\(preset): \(report.events)")
            // Nor converted by .convertFromSnakeCase (JSONDecoder does not convert them either).
            let snake = try Self.decode(
                Scores.self, json, preset.policy, input, configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
            #expect(snake == expected, "\(preset), .convertFromSnakeCase")
        }
        let top = try Self.decode([String: Int].self, #"{"a_b": 1, "A-B": 2}"#, .lenient, input)
        #expect(top == ["a_b": 1, "A-B": 2])
    }

    // MARK: 5. keyNotFound suggests the closest key

    @Test(
        "a missing required key's error suggests the closest key present", arguments: InputKind.allCases,
        [Preset.lenient, .strict])
    func keyNotFoundSuggestion(_ input: InputKind, _ preset: Preset) {
        let json = #"{"nmae": "Ann", "age": 3}"#
        let result = Result { try Self.decode(Account.self, json, preset.policy, input) }
        guard case .failure(let error) = result,
            case DecodingError.keyNotFound(let key, let context)? = error as? DecodingError
        else {
            Issue.record("expected keyNotFound, got \(result)")
            return
        }
        #expect(key.stringValue == "name")
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription.contains(#"did you mean "nmae"?"#), "\(context.debugDescription)")
    }

    @Test(
        "the suggestion names the key as the input spells it, also under .convertFromSnakeCase",
        arguments: InputKind.allCases)
    func keyNotFoundSuggestionWithSnakeCase(_ input: InputKind) {
        let json = #"{"nmae": "Ann", "user_aeg": 3}"#
        let result = Result { try Self.decode(Account.self, #"{"name": "Ann", "aeg": 3}"#, .lenient, input) }
        if case .failure(let error) = result,
            case DecodingError.keyNotFound(let key, let context)? = error as? DecodingError
        {
            #expect(key.stringValue == "age")
            #expect(context.debugDescription.contains(#"did you mean "aeg"?"#), "\(context.debugDescription)")
        } else {
            Issue.record("expected keyNotFound, got \(result)")
        }
        struct UserAge: Decodable { var userAge: Int }
        let snake = Result {
            try Self.decode(
                UserAge.self, json, .lenient, input, configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
        }
        if case .failure(let error) = snake,
            case DecodingError.keyNotFound(let key, let context)? = error as? DecodingError
        {
            #expect(key.stringValue == "userAge")
            #expect(context.debugDescription.contains(#"did you mean "user_aeg"?"#), "\(context.debugDescription)")
        } else {
            Issue.record("expected keyNotFound, got \(snake)")
        }
    }

    // MARK: .convertFromSnakeCase

    @Test(
        ".convertFromSnakeCase: exact match after the strategy, as JSONDecoder applies it",
        arguments: InputKind.allCases)
    func snakeCaseExact(_ input: InputKind) throws {
        let json = #"{"first_name": "Ann"}"#
        let configure: KMConfigure = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = try foundationDecoder.decode(Person.self, from: Data(json.utf8))
        for preset in Preset.allCases {
            var report = LenientDecodingReport()
            #expect(
                try Self.decode(Person.self, json, preset.policy, input, configure: configure, report: &report)
                    == foundation, "\(preset)")
            #expect(report.events.isEmpty, "\(preset): the strategy's match is exact: \(report.events)")
        }
    }

    @Test(
        ".convertFromSnakeCase: normalized matching still finds what the strategy's conversion misses",
        arguments: InputKind.allCases)
    func snakeCaseNormalized(_ input: InputKind) throws {
        let configure: KMConfigure = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let cases: [(String, any KMDecodableEquatable)] = [
            // "user_id" converts to "userId", not "userID".
            (#"{"user_id": 7}"#, UserID(userID: 7)),
            // "first_name" converts to "firstName", which the snake-case property is not.
            (#"{"first_name": "Ann"}"#, SnakeModel(first_name: "Ann")),
            (#"{"First-Name": "Ann"}"#, Person(firstName: "Ann")),
        ]
        for (json, expected) in cases {
            #expect(throws: DecodingError.self, "JSONDecoder misses \(json)") {
                try expected.decodeAgain(with: foundationDecoder, from: Data(json.utf8))
            }
            for preset in [Preset.lenient, .permissive] {
                let decoder = LenientJSONDecoder(policy: preset.policy)
                configure(decoder)
                #expect(try expected.decodesEqual(with: decoder, json: json, input: input), "\(json), \(preset)")
            }
            let strict = LenientJSONDecoder(policy: .strict)
            configure(strict)
            #expect(throws: DecodingError.self, "\(json), .strict") {
                _ = try expected.decodesEqual(with: strict, json: json, input: input)
            }
        }
    }

    // MARK: keyMatching = .exact

    @Test("keyMatching = .exact turns normalized matching off, and nothing else", arguments: InputKind.allCases)
    func exactKeyMatchingPolicy(_ input: InputKind) throws {
        for base in [Preset.lenient, .permissive] {
            var policy = base.policy
            policy.keyMatching = .exact
            // Missing under .exact: keyNotFound in lenient, the default in permissive (§5).
            let result = Result { try Self.decode(Person.self, #"{"first_name": "Ann"}"#, policy, input) }
            if base == .lenient {
                guard case .failure(let error) = result, case DecodingError.keyNotFound? = error as? DecodingError
                else {
                    Issue.record("expected keyNotFound, got \(result)")
                    continue
                }
            } else {
                #expect((try? result.get()) == Person(firstName: ""))
            }
            #expect(
                try Self.decode(OptionalPerson.self, #"{"first_name": "Ann"}"#, policy, input)
                    == OptionalPerson(firstName: nil))
            // Coercions are still on.
            #expect(
                try Self.decode(Account.self, #"{"name": 12, "age": "42"}"#, policy, input)
                    == Account(name: "12", age: 42))
        }
    }

    // MARK: Documented parity exception

    @Test(
        "an Optional filled by normalized matching where JSONDecoder leaves it nil (documented exception)",
        arguments: InputKind.allCases)
    func optionalFilledByNormalizedMatching(_ input: InputKind) throws {
        let json = #"{"name": "Al", "nick_name": "Ally"}"#
        let foundation = try JSONDecoder().decode(Nick.self, from: Data(json.utf8))
        #expect(foundation == Nick(name: "Al", nickName: nil))
        #expect(try Self.decode(Nick.self, json, .strict, input) == foundation)
        for preset in [Preset.lenient, .permissive] {
            var report = LenientDecodingReport()
            #expect(
                try Self.decode(Nick.self, json, preset.policy, input, report: &report)
                    == Nick(name: "Al", nickName: "Ally"), "\(preset)")
            #expect(report.events.map(\.kind) == [.matchedKey], "\(preset): \(report.events)")
            #expect(report.events.first?.path == "$.nick_name")
        }
    }
}

// MARK: - Helpers

typealias KMConfigure = (LenientJSONDecoder) -> Void

/// Decodes `Self` again through a decoder of the caller's choice, for tables of models.
protocol KMDecodableEquatable: Decodable {
    func decodeAgain(with decoder: JSONDecoder, from data: Data) throws
    func decodesEqual(with decoder: LenientJSONDecoder, json: String, input: InputKind) throws -> Bool
}

extension KMDecodableEquatable where Self: Equatable {
    func decodeAgain(with decoder: JSONDecoder, from data: Data) throws {
        _ = try decoder.decode(Self.self, from: data)
    }
    func decodesEqual(with decoder: LenientJSONDecoder, json: String, input: InputKind) throws -> Bool {
        try input.decode(Self.self, from: Data(json.utf8), with: decoder) == self
    }
}

extension KeyMatchingTests.Person: KMDecodableEquatable {}
extension KeyMatchingTests.UserID: KMDecodableEquatable {}
extension KeyMatchingTests.SnakeModel: KMDecodableEquatable {}

extension KeyMatchingTests {
    static func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ policy: LenientPolicy, _ input: InputKind, configure: KMConfigure? = nil
    ) throws -> T {
        var report = LenientDecodingReport()
        return try decode(type, json, policy, input, configure: configure, report: &report)
    }

    static func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ policy: LenientPolicy, _ input: InputKind, configure: KMConfigure? = nil,
        report: inout LenientDecodingReport
    ) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy)
        configure?(decoder)
        let data = Data(json.utf8)
        return try input.decode(type, from: data, with: decoder, report: &report)
    }

    /// `$.name`, or `$['first name']` for a key that is not a plain identifier (RFC 9535).
    static func path(forKey key: String) -> String {
        let plain =
            key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        return plain ? "$." + key : "$['" + key + "']"
    }

    static func errorCase<T>(_ result: Result<T, any Error>) -> String? {
        guard case .failure(let error) = result else { return nil }
        switch error as? DecodingError {
        case .typeMismatch?: return "typeMismatch"
        case .valueNotFound?: return "valueNotFound"
        case .keyNotFound?: return "keyNotFound"
        case .dataCorrupted?: return "dataCorrupted"
        default: return "other"
        }
    }

    /// The same value, or the same `DecodingError` case and (where Foundation's is not empty) path.
    static func expectSameOutcome<T: Equatable>(
        _ actual: Result<T, any Error>, _ foundation: Result<T, any Error>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch (actual, foundation) {
        case (.success(let a), .success(let f)):
            #expect(a == f, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let f)):
            #expect(
                errorCase(actual) == errorCase(foundation), "\(a) vs JSONDecoder's \(f)", sourceLocation: sourceLocation
            )
        default:
            Issue.record(".strict: \(actual) vs JSONDecoder: \(foundation)", sourceLocation: sourceLocation)
        }
    }
}
