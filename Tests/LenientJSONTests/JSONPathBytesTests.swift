// A report's paths and pointers are written as bytes (Decoding/JSONPath.swift, "Paths and pointers
// as bytes"): each name must come out as the string forms write it (RFC 9535 normalized paths with
// the dot shorthand, RFC 6901 pointers), for plain, quoted, escaped and non-ASCII names alike.

import Testing

@testable import LenientJSON

@Suite("JSON paths and pointers written as bytes")
struct JSONPathBytesTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let path: String
        let pointer: String
        var description: String { name.debugDescription }
    }

    static let cases: [Case] = [
        Case(name: "age", path: ".age", pointer: "/age"),
        Case(name: "_id2", path: "._id2", pointer: "/_id2"),
        Case(name: "first name", path: "['first name']", pointer: "/first name"),
        Case(name: "2fa", path: "['2fa']", pointer: "/2fa"),
        Case(name: "", path: "['']", pointer: "/"),
        Case(name: "it's", path: #"['it\'s']"#, pointer: "/it's"),
        Case(name: #"a\b"#, path: #"['a\\b']"#, pointer: #"/a\b"#),
        Case(name: "a\nb\tc\rd", path: #"['a\nb\tc\rd']"#, pointer: "/a\nb\tc\rd"),
        Case(name: "\u{1}\u{1F}", path: #"['\u0001\u001f']"#, pointer: "/\u{1}\u{1F}"),
        Case(name: "a~b/c", path: "['a~b/c']", pointer: "/a~0b~1c"),
        Case(name: "café", path: "['café']", pointer: "/café"),
        Case(name: "名前", path: "['名前']", pointer: "/名前"),
    ]

    @Test("A name is written as its path segment and pointer token", arguments: cases)
    func nameBytes(_ testCase: Case) {
        var path: [UInt8] = [UInt8(ascii: "$")]
        var pointer: [UInt8] = []
        JSONPath.appendName(testCase.name, path: &path, pointer: &pointer)
        #expect(String(decoding: path, as: UTF8.self) == "$" + testCase.path)
        #expect(String(decoding: pointer, as: UTF8.self) == testCase.pointer)
        // The string forms, which errors write paths with, agree.
        #expect(JSONPath.segment(forKey: testCase.name) == testCase.path)
        var stringPointer = ""
        JSONPath.appendPointerToken(testCase.name, to: &stringPointer)
        #expect(stringPointer == testCase.pointer)
    }

    @Test("An index is written as [n] and /n", arguments: [0, 7, 10, 99, 12_345, Int.max])
    func indexBytes(_ index: Int) {
        var path: [UInt8] = []
        var pointer: [UInt8] = []
        JSONPath.appendIndex(index, path: &path, pointer: &pointer)
        #expect(String(decoding: path, as: UTF8.self) == "[\(index)]")
        #expect(String(decoding: pointer, as: UTF8.self) == "/\(index)")
    }
}
