// Issue #22 item 5: one function finds a member by its written name, for `decode(_:from:at:)`
// and for key paths alike, and it reads the object's keys as a keyed container does: a key
// that is not valid JSON (a bad escape) is the syntax error `JSONDecoder` throws for the same
// document, never skipped as if it were another key.

import Foundation
import LenientJSON
import Testing

@Suite("decode(_:from:at:) finds members as keyed containers do")
struct PathMemberTests {
    struct Wrapper: Decodable { var a: Int }

    static let documents = [
        #"{"a": 2}"#, #"{"b": 1, "a": 2}"#, #"{"b\x": 1, "a": 2}"#, #"{"a\u00": 1, "a": 2}"#,
        #"{"\ud800": 1, "a": 2}"#,
    ]

    @Test("a value at a path decodes exactly where JSONDecoder decodes its member", arguments: documents)
    func agreesWithJSONDecoder(json: String) {
        let data = Data(json.utf8)
        let theirs = Result { try JSONDecoder().decode(Wrapper.self, from: data).a }
        let ours = Result { try LenientJSONDecoder().decode(Int.self, from: data, at: ["a"]) }
        switch (ours, theirs) {
        case (.success(let value), .success(let expected)):
            #expect(value == expected)
        case (.failure(let error), .failure):
            guard case DecodingError.dataCorrupted = error else {
                Issue.record("\(json): expected dataCorrupted, got \(error)")
                return
            }
        default:
            Issue.record("\(json): LenientJSONDecoder \(ours), JSONDecoder \(theirs)")
        }
    }
}
