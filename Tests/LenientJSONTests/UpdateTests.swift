// update(_:from:) (Mapping article): RFC 7396 merge patch of the value's encoded form (JSONEncoder with the
// decoder's strategies), then a lenient decode; the value is unchanged when anything fails.

import Foundation
import LenientJSON
import Testing

struct UpdateAddress: Codable, Equatable {
    var street: String
    var city: String
}

struct UpdateUser: Codable, Equatable {
    var firstName: String
    var age: Int
    var email: String?
    var address: UpdateAddress
    var joined: Date
}

@Suite("update(_:from:)")
struct UpdateTests {
    static let ada = UpdateUser(
        firstName: "Ada", age: 36, email: "ada@example.com",
        address: UpdateAddress(street: "1 Main St", city: "London"), joined: Date(timeIntervalSince1970: 1_000_000))

    @Test("members are set, merged and removed; values are read leniently")
    func merge() throws {
        var user = Self.ada
        try LenientJSONDecoder().update(
            &user, from: Data(#"{"age": "37", "email": null, "address": {"city": "Paris"}}"#.utf8))
        var expected = Self.ada
        expected.age = 37
        expected.email = nil
        expected.address.city = "Paris"
        #expect(user == expected)
    }

    @Test(
        "the value is unchanged when the merged document does not decode or the patch is not JSON",
        arguments: [
            #"{"age": "old"}"#, #"{"address": null}"#, #"{"age": 1,"#, "[1]",
        ])
    func unchanged(patch: String) {
        var user = Self.ada
        #expect(throws: DecodingError.self) { try LenientJSONDecoder().update(&user, from: Data(patch.utf8)) }
        #expect(user == Self.ada)
    }

    @Test("the encoder uses the decoder's strategies; a patch key spelled otherwise replaces the member")
    func strategies() throws {
        let decoder = LenientJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        var user = Self.ada
        try decoder.update(&user, from: Data(#"{"first_name": "Grace", "joined": "2020-01-02T03:04:05Z"}"#.utf8))
        #expect(user.firstName == "Grace")
        #expect(user.joined == Date(timeIntervalSince1970: 1_577_934_245))
        let plain = LenientJSONDecoder()
        try plain.update(&user, from: Data(#"{"FIRST-NAME": "Ada"}"#.utf8))
        #expect(user.firstName == "Ada")
    }

    @Test("a patch through a registered alias replaces the member")
    func alias() throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.register(aliases: ["firstName": ["given"]], for: UpdateUser.self)
        var user = Self.ada
        try decoder.update(&user, from: Data(#"{"given": "Grace"}"#.utf8))
        #expect(user.firstName == "Grace")
    }

    struct Vector: Sendable, CustomTestStringConvertible {
        var original: String
        var patch: String
        var result: String
        var testDescription: String { "\(original) + \(patch)" }
    }

    /// RFC 7396, Appendix A.
    static let rfcVectors: [Vector] = [
        Vector(original: #"{"a":"b"}"#, patch: #"{"a":"c"}"#, result: #"{"a":"c"}"#),
        Vector(original: #"{"a":"b"}"#, patch: #"{"b":"c"}"#, result: #"{"a":"b","b":"c"}"#),
        Vector(original: #"{"a":"b"}"#, patch: #"{"a":null}"#, result: #"{}"#),
        Vector(original: #"{"a":"b","b":"c"}"#, patch: #"{"a":null}"#, result: #"{"b":"c"}"#),
        Vector(original: #"{"a":["b"]}"#, patch: #"{"a":"c"}"#, result: #"{"a":"c"}"#),
        Vector(original: #"{"a":"c"}"#, patch: #"{"a":["b"]}"#, result: #"{"a":["b"]}"#),
        Vector(original: #"{"a":{"b":"c"}}"#, patch: #"{"a":{"b":"d","c":null}}"#, result: #"{"a":{"b":"d"}}"#),
        Vector(original: #"{"a":[{"b":"c"}]}"#, patch: #"{"a":[1]}"#, result: #"{"a":[1]}"#),
        Vector(original: #"["a","b"]"#, patch: #"["c","d"]"#, result: #"["c","d"]"#),
        Vector(original: #"{"a":"b"}"#, patch: #"["c"]"#, result: #"["c"]"#),
        Vector(original: #"{"a":"foo"}"#, patch: "null", result: "null"),
        Vector(original: #"{"a":"foo"}"#, patch: #""bar""#, result: #""bar""#),
        Vector(original: #"{"e":null}"#, patch: #"{"a":1}"#, result: #"{"a":1,"e":null}"#),
        Vector(original: "[1,2]", patch: #"{"a":"b","c":null}"#, result: #"{"a":"b"}"#),
        Vector(original: "{}", patch: #"{"a":{"bb":{"ccc":null}}}"#, result: #"{"a":{"bb":{}}}"#),
    ]

    @Test("RFC 7396 test vectors", arguments: rfcVectors)
    func rfc7396(vector: Vector) throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        var value = try decoder.decode(JSONValue.self, from: Data(vector.original.utf8))
        try decoder.update(&value, from: Data(vector.patch.utf8))
        #expect(value == (try decoder.decode(JSONValue.self, from: Data(vector.result.utf8))))
    }
}
