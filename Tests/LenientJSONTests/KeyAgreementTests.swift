// KeyMatching article, items 4 and 7: `allKeys` lists exactly the keys `contains` finds, also for key types that
// are not `CaseIterable` (a synthesized `CodingKeys`) and keys with acronyms (`userID`,
// `avatarURL`); `contains` and `allKeys` add no report event; identical duplicate keys are not
// ambiguous (the first wins, as in JSONDecoder); the choice among keys that normalize alike is
// deterministic through `fromJSONObject`; `superDecoder()` finds `super` as `decode(_:forKey:)`
// finds a key, and a missing `super` member's error points at its object.

import Foundation
import LenientJSON
import Testing

@Suite("Key matching: allKeys, duplicates, superDecoder")
struct KeyAgreementTests {
    static func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ policy: LenientPolicy, _ input: InputKind,
        report: inout LenientDecodingReport
    ) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy)
        let data = Data(json.utf8)
        return try input.decode(type, from: data, with: decoder, report: &report)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String, _ policy: LenientPolicy, _ input: InputKind) throws
        -> T
    {
        var report = LenientDecodingReport()
        return try decode(type, json, policy, input, report: &report)
    }

    // MARK: allKeys agrees with contains

    /// What `allKeys` and `contains` answer for a synthesized `CodingKeys` (not `CaseIterable`,
    /// no raw type): the struct's `Encodable` conformance makes the compiler write `CodingKeys`,
    /// which the hand-written `init(from:)` uses.
    struct Synthesized: Codable, Equatable {
        var userID: Int?
        var avatarURL: String?
        var firstName: String?
        var allKeys: [String] = []
        var contained: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            allKeys = container.allKeys.map(\.stringValue)
            let candidates: [CodingKeys] = [.userID, .avatarURL, .firstName, .allKeys, .contained]
            contained = candidates.filter { container.contains($0) }.map(\.stringValue)
            userID = try container.decodeIfPresent(Int.self, forKey: .userID)
            avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
            firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        }
    }

    /// The same keys with `String` raw values, not `CaseIterable`.
    struct RawKeys: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case userID, avatarURL, firstName, urlString = "URLString" }
        var allKeys: [String]
        var contained: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            allKeys = container.allKeys.map(\.stringValue)
            contained = [CodingKeys.userID, .avatarURL, .firstName, .urlString].filter { container.contains($0) }.map(
                \.stringValue)
        }
    }

    /// The same keys, `CaseIterable`.
    struct IterableKeys: Decodable, Equatable {
        enum CodingKeys: String, CodingKey, CaseIterable { case userID, avatarURL, firstName, urlString = "URLString" }
        var allKeys: [String]
        var contained: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            allKeys = container.allKeys.map(\.stringValue)
            contained = CodingKeys.allCases.filter { container.contains($0) }.map(\.stringValue)
        }
    }

    struct AllKeysCase: Sendable, CustomTestStringConvertible {
        var json: String
        /// The model keys present, in document order.
        var keys: [String]
        var testDescription: String { json }
    }

    static let allKeysCases: [AllKeysCase] = [
        AllKeysCase(
            json: #"{"user_id": 1, "avatar_url": "a", "first_name": "A"}"#, keys: ["userID", "avatarURL", "firstName"]),
        AllKeysCase(json: #"{"first_name": "A", "user_id": 1}"#, keys: ["firstName", "userID"]),
        AllKeysCase(
            json: #"{"userId": 1, "AvatarUrl": "a", "FIRST_NAME": "A"}"#, keys: ["userID", "avatarURL", "firstName"]),
        AllKeysCase(json: #"{"USER-ID": 1, "avatar url": "a", "other": 0}"#, keys: ["userID", "avatarURL"]),
        AllKeysCase(json: #"{"UserID": 1, "user_id": 2, "firstName": "A"}"#, keys: ["userID", "firstName"]),
        AllKeysCase(json: #"{"other": 1}"#, keys: []),
    ]

    @Test(
        "allKeys lists exactly the keys contains finds, for a synthesized CodingKeys with acronyms",
        arguments: allKeysCases, InputKind.allCases)
    func allKeysAgreesWithContainsForSynthesizedKeys(_ testCase: AllKeysCase, _ input: InputKind) throws {
        for policy in [LenientPolicy.lenient, .permissive] {
            let probe = try Self.decode(Synthesized.self, testCase.json, policy, input)
            #expect(Set(probe.allKeys) == Set(probe.contained), "allKeys \(probe.allKeys), contains \(probe.contained)")
            #expect(Set(probe.contained) == Set(testCase.keys), "\(probe.contained)")
            #expect(probe.allKeys.count == Set(probe.allKeys).count, "no key twice: \(probe.allKeys)")
            if input == .data { #expect(probe.allKeys == testCase.keys, "document order") }
        }
    }

    @Test("allKeys agrees with contains for raw-valued and CaseIterable keys", arguments: InputKind.allCases)
    func allKeysAgreesWithContainsForOtherKeyTypes(_ input: InputKind) throws {
        let json = #"{"user_id": 1, "avatar-url": "a", "First Name": "A", "url_string": "u"}"#
        let expected: Set = ["userID", "avatarURL", "firstName", "URLString"]
        let raw = try Self.decode(RawKeys.self, json, .lenient, input)
        #expect(Set(raw.allKeys) == Set(raw.contained) && Set(raw.contained) == expected, "\(raw)")
        let iterable = try Self.decode(IterableKeys.self, json, .lenient, input)
        #expect(Set(iterable.allKeys) == Set(iterable.contained) && Set(iterable.contained) == expected, "\(iterable)")
    }

    @Test(
        "exact keys and .strict: allKeys and contains are JSONDecoder's",
        arguments: [
            #"{"userID": 1, "avatarURL": "a", "firstName": "A"}"#,
            #"{"user_id": 1, "avatar_url": "a", "first_name": "A"}"#,
            #"{"firstName": "A", "other": 2}"#,
        ], InputKind.allCases)
    func allKeysParity(_ json: String, _ input: InputKind) throws {
        let foundation = try JSONDecoder().decode(Synthesized.self, from: Data(json.utf8))
        let strict = try Self.decode(Synthesized.self, json, .strict, input)
        #expect(
            Set(strict.allKeys) == Set(foundation.allKeys) && strict.contained == foundation.contained,
            "\(strict) vs \(foundation)")
        #expect(strict.userID == foundation.userID && strict.firstName == foundation.firstName)
        if !json.contains("_") {
            let lenient = try Self.decode(Synthesized.self, json, .lenient, input)
            #expect(Set(lenient.allKeys) == Set(foundation.allKeys) && lenient.contained == foundation.contained)
        }
    }

    /// Calls `contains` and `allKeys` before decoding `firstName`.
    struct AskFirst: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case firstName }
        var firstName: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            _ = container.contains(.firstName)
            _ = container.allKeys
            firstName = try container.decode(String.self, forKey: .firstName)
        }
    }

    @Test("contains and allKeys add no event: one matchedKey for one key read", arguments: InputKind.allCases)
    func lookingForAKeyIsNotReported(_ input: InputKind) throws {
        var report = LenientDecodingReport()
        let value = try Self.decode(AskFirst.self, #"{"first_name": "A"}"#, .lenient, input, report: &report)
        #expect(value.firstName == "A")
        #expect(report.events.map(\.kind) == [.matchedKey], "\(report.events)")
    }

    // MARK: Duplicate keys

    struct Person: Decodable, Equatable {
        var firstName: String
    }

    struct OptionalPerson: Decodable, Equatable {
        var firstName: String?
    }

    @Test(
        "identical duplicate keys are not ambiguous: the first wins, as in JSONDecoder",
        arguments: [
            #"{"first_name": "A", "first_name": "B"}"#,
            #"{"first_name": "A", "other": 1, "first_name": "B", "first_name": "C"}"#,
            #"{"FIRST NAME": "A", "FIRST NAME": "B"}"#,
        ])
    func identicalDuplicatesAreNotAmbiguous(_ json: String) throws {
        // JSONDecoder finds the snake-case key through its strategy: the first of the duplicates.
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .custom { path in
            let name = path.last!.stringValue.replacingOccurrences(of: " ", with: "_").lowercased()
            return KeyAgreementTests.NameKey(name == "first_name" ? "firstName" : name)
        }
        let expected = try foundation.decode(Person.self, from: Data(json.utf8))
        #expect(expected.firstName == "A")
        for policy in [LenientPolicy.lenient, .permissive] {
            var report = LenientDecodingReport()
            #expect(try Self.decode(Person.self, json, policy, .data, report: &report) == expected)
            #expect(try Self.decode(OptionalPerson.self, json, policy, .data).firstName == "A")
            #expect(report.events.map(\.kind) == [.matchedKey], "\(report.events)")
            #expect(report.events.first.map { !$0.description.contains("keys that match") } == true, "\(report.events)")
        }
    }

    @Test("keys spelled differently stay ambiguous next to identical duplicates: .lenient names each once")
    func differentSpellingsStayAmbiguous() throws {
        let json = #"{"first_name": "A", "FirstName": "B", "first_name": "C"}"#
        let error = thrownError { try Self.decode(Person.self, json, .lenient, .data) }
        #expect(error?.kind == "dataCorrupted")
        let message = error?.message ?? ""
        #expect(
            message.contains(#""first_name", "FirstName""#) && message.components(separatedBy: "first_name").count == 2,
            "\(message)")
        #expect(try Self.decode(Person.self, json, .permissive, .data).firstName == "A")
    }

    struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Sets of spellings that all normalize like `firstName`; none is exact.
    static let spellingSets: [[String]] = [
        ["first_name", "FirstName", "first-name"],
        ["FIRST_NAME", "first_name"],
        ["first name", "First Name", "FIRST NAME", "first_name"],
        ["firstname", "FIRSTNAME", "Firstname"],
        ["first-name", "FIRST-NAME", "first__name", "_first_name"],
        ["first.name", "first-name", "first_name", "First_Name", "FIRST.NAME"],
    ]

    @Test(
        "fromJSONObject: .permissive picks the first key in UTF-8 byte order, whatever the dictionary's order",
        arguments: spellingSets)
    func treeChoiceIsDeterministic(_ spellings: [String]) throws {
        let winner = spellings.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }!
        // The same members inserted in every rotation, in Swift and Foundation dictionaries.
        for rotation in spellings.indices {
            let ordered = Array(spellings[rotation...] + spellings[..<rotation])
            var dictionary: [String: Any] = [:]
            for spelling in ordered { dictionary[spelling] = "value of " + spelling }
            let nsDictionary = NSMutableDictionary()
            for spelling in ordered.reversed() { nsDictionary[spelling] = "value of " + spelling }
            for tree in [dictionary as Any, nsDictionary as Any] {
                var report = LenientDecodingReport()
                let person = try LenientJSONDecoder(policy: .permissive).decode(
                    Person.self, fromJSONObject: tree, report: &report)
                #expect(person.firstName == "value of " + winner, "\(ordered)")
                #expect(report.events.map(\.path) == [KeyAgreementTests.path(forKey: winner)], "\(report.events)")
            }
        }
    }

    @Test("fromJSONObject: the .lenient ambiguity error names the keys in UTF-8 byte order", arguments: spellingSets)
    func treeAmbiguityMessageIsDeterministic(_ spellings: [String]) throws {
        let sorted = spellings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let listed = sorted.map { "\"\($0)\"" }.joined(separator: ", ")
        for rotation in spellings.indices {
            var dictionary: [String: Any] = [:]
            for spelling in spellings[rotation...] + spellings[..<rotation] { dictionary[spelling] = "x" }
            let error = thrownError { try LenientJSONDecoder().decode(Person.self, fromJSONObject: dictionary) }
            #expect(error?.kind == "dataCorrupted")
            #expect(error?.message.contains(listed) == true, "\(String(describing: error))")
        }
    }

    static func path(forKey key: String) -> String {
        let plain =
            key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        return plain ? "$." + key : "$['" + key + "']"
    }

    // MARK: superDecoder

    class Base: Decodable, Equatable {
        var name: String
        static func == (a: Base, b: Base) -> Bool { a.name == b.name && type(of: a) == type(of: b) }
    }

    /// Decodes its superclass from `superDecoder()`, as JSONEncoder's `superEncoder()` writes it.
    final class Child: Base {
        var id: Int
        enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            try super.init(from: container.superDecoder())
        }
        static func == (a: Child, b: Child) -> Bool { a.id == b.id && a.name == b.name }
    }

    /// Decodes its superclass from `superDecoder(forKey: .base)`.
    final class KeyedChild: Base {
        var id: Int
        enum CodingKeys: String, CodingKey { case id, base }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            try super.init(from: container.superDecoder(forKey: .base))
        }
    }

    struct Holder<T: Decodable>: Decodable {
        var child: T
    }

    @Test(
        "superDecoder() finds \"super\" as decode(_:forKey:) finds a key",
        arguments: ["super", "Super", "SUPER", "_super"], InputKind.allCases)
    func superDecoderUsesTheKeyLookup(_ spelling: String, _ input: InputKind) throws {
        let json = #"{"id": 1, "\#(spelling)": {"name": "A"}}"#
        let foundation = Result { try JSONDecoder().decode(Child.self, from: Data(json.utf8)) }
        let strict = Result { try Self.decode(Child.self, json, .strict, input) }
        switch (foundation, strict) {
        case (.success(let f), .success(let s)): #expect(f == s)
        case (.failure(let f), .failure(let s)): #expect(ErrorInfo(f) == ErrorInfo(s), "\(s) vs \(f)")
        default: Issue.record(".strict \(strict) vs JSONDecoder \(foundation)")
        }
        for policy in [LenientPolicy.lenient, .permissive] {
            var report = LenientDecodingReport()
            let child = try Self.decode(Child.self, json, policy, input, report: &report)
            #expect(child.id == 1 && child.name == "A")
            #expect(report.events.map(\.kind) == (spelling == "super" ? [] : [.matchedKey]), "\(report.events)")
            if spelling != "super" { #expect(report.events.first?.path == Self.path(forKey: spelling)) }
        }
    }

    @Test(
        "superDecoder() and superDecoder(forKey:): a missing member's error points at its object",
        arguments: ["super", "base"], InputKind.allCases)
    func missingSuperPointsAtItsObject(_ member: String, _ input: InputKind) throws {
        let json = """
            {
              "other": [1, 2],
              "child":   {
                "id": 1
              }
            }
            """
        let data = Data(json.utf8)
        let decode: (LenientJSONDecoder) throws -> Base = { decoder in
            switch (member, input) {
            case ("super", .data): return try decoder.decode(Holder<Child>.self, from: data).child
            case ("super", .jsonObject):
                return try decoder.decode(Holder<Child>.self, fromJSONObject: JSONSerialization.jsonObject(with: data))
                    .child
            case (_, .data): return try decoder.decode(Holder<KeyedChild>.self, from: data).child
            case (_, .jsonObject):
                return try decoder.decode(
                    Holder<KeyedChild>.self, fromJSONObject: JSONSerialization.jsonObject(with: data)
                ).child
            }
        }
        let foundation = thrownError {
            member == "super"
                ? try JSONDecoder().decode(Holder<Child>.self, from: data).child as Base
                : try JSONDecoder().decode(Holder<KeyedChild>.self, from: data).child
        }
        for policy in [LenientPolicy.strict, .lenient] {
            let error = thrownError { try decode(LenientJSONDecoder(policy: policy)) }
            #expect(
                error == foundation, "\(String(describing: error)) vs JSONDecoder \(String(describing: foundation))")
            let message = error?.message ?? ""
            #expect(message.contains("$.child.\(member)"), "\(message)")
            if input == .data {
                #expect(message.contains(location(of: "{\n    \"id\"", in: json)), "\(message)")
            } else {
                #expect(!message.contains("line"), "\(message)")
            }
        }
    }
}
