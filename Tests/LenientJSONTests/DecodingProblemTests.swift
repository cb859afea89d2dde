import Foundation
import LenientJSON
import Testing

/// Errors as data: `LenientDecodingProblem` from our errors and from `JSONDecoder`'s, `problems`
/// in document order.
@Suite("Decoding problems")
struct DecodingProblemTests {
    struct User: Decodable { var name: String, age: Int }
    struct Users: Decodable { var users: [User] }

    static let json = #"{"users":[{"name":"a","age":1},{"name":"b","age":2},{"name":"c","age":"twelve"}]}"#

    static func error<T: Decodable>(_ type: T.Type, _ json: String, _ decoder: JSONDecoder) -> DecodingError? {
        do {
            _ = try decoder.decode(type, from: Data(json.utf8))
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    @Test("a type mismatch of ours and JSONDecoder's agree on kind, path, pointer and expected; ours has the place")
    func typeMismatch() throws {
        let ours = try #require(Self.error(Users.self, Self.json, LenientJSONDecoder(policy: .strict)))
        let theirs = try #require(Self.error(Users.self, Self.json, JSONDecoder()))
        let problem = LenientDecodingProblem(ours)
        let foundation = LenientDecodingProblem(theirs)
        for p in [problem, foundation] {
            #expect(p.kind == "typeMismatch")
            #expect(p.path == "$.users[2].age")
            #expect(p.pointer == "/users/2/age")
            #expect(p.expected == "Int")
        }
        let offset = try #require(Self.json.utf8.firstIndex(of: UInt8(ascii: "t")))
        #expect(problem.offset == Self.json.utf8.distance(from: Self.json.utf8.startIndex, to: offset) - 1)
        #expect(problem.line == 1)
        #expect(problem.column == problem.offset.map { $0 + 1 })
        #expect(problem.found == "twelve")
        #expect(foundation.found == nil && foundation.line == nil)
    }

    @Test("keyNotFound names the missing member's path; valueNotFound finds null")
    func missingAndNull() throws {
        let missing = try #require(Self.error(User.self, #"{"name":"a"}"#, LenientJSONDecoder(policy: .strict)))
        let problem = LenientDecodingProblem(missing)
        #expect(problem.kind == "keyNotFound")
        #expect(problem.path == "$.age")
        #expect(problem.pointer == "/age")
        #expect(problem.line == 1 && problem.column == 1)
        let null = try #require(Self.error(User.self, #"{"name":"a","age":null}"#, LenientJSONDecoder(policy: .strict)))
        let nullProblem = LenientDecodingProblem(null)
        #expect(nullProblem.kind == "valueNotFound")
        #expect(nullProblem.found == .null)
        #expect(nullProblem.offset == 18)
        #expect(nullProblem.expected == "Int")
        let foundation = LenientDecodingProblem(try #require(Self.error(User.self, #"{"name":"a"}"#, JSONDecoder())))
        #expect(foundation.kind == "keyNotFound" && foundation.path == "$.age")
    }

    @Test("problems come in document order and are Codable")
    func problems() throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.collectsAllErrors = true
        let json = #"{"users":[{"name":1,"age":1},{"name":"b"},{"name":"c","age":"x"}]}"#
        do {
            _ = try decoder.decode(Users.self, from: Data(json.utf8))
            Issue.record("no error")
        } catch let errors as LenientDecodingErrors {
            let problems = errors.problems
            #expect(problems.map(\.pointer) == ["/users/0/name", "/users/1/age", "/users/2/age"])
            #expect(problems.map(\.kind) == ["typeMismatch", "keyNotFound", "typeMismatch"])
            let data = try JSONEncoder().encode(problems)
            #expect(try JSONDecoder().decode([LenientDecodingProblem].self, from: data) == problems)
        }
    }

    @Test("a problem from a JSON object tree has its found value and no position")
    func noExcerptForTrees() throws {
        let tree: [String: Any] = ["name": "a", "age": "twelve"]
        do {
            _ = try LenientJSONDecoder(policy: .strict).decode(User.self, fromJSONObject: tree)
            Issue.record("no error")
        } catch let error as DecodingError {
            let problem = LenientDecodingProblem(error)
            #expect(problem.found == "twelve" && problem.offset == nil)
        }
    }
}
