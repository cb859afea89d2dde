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

    /// Whether `bytes` is a plain identifier, `[A-Za-z_][A-Za-z0-9_]*`, by the ranges themselves:
    /// what ``JSONPath/NameShape`` reads from its bit tables.
    static func isIdentifier(_ bytes: [UInt8]) -> Bool {
        func startsOne(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
        }
        guard let first = bytes.first, startsOne(first) else { return false }
        return bytes.allSatisfy { startsOne($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    @Test("Every byte, first or after a letter, is classed as the identifier ranges and the pointer escapes say")
    func everyByteShape() {
        for byte in UInt8.min...UInt8.max {
            for name in [[byte], [UInt8(ascii: "a"), byte], [byte, UInt8(ascii: "_"), byte]] {
                let shape = name.withUnsafeBufferPointer { JSONPath.NameShape(of: $0) }
                #expect(shape.isPlain == Self.isIdentifier(name), "\(name)")
                let escaped = byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
                #expect(shape.needsPointerEscapes == escaped, "\(name)")
            }
        }
        #expect(!JSONPath.NameShape(of: UnsafeBufferPointer(start: nil, count: 0)).isPlain)
    }

    @Test("Random names are classed as the ranges say", arguments: [UInt64(1), 2, 3])
    func randomNameShapes(_ seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Bytes mostly from the identifier ranges, so that plain names come up, with any byte now and then.
        let common = Array("azAZ_09mQ~/ ".utf8)
        for _ in 0..<2_000 {
            let name = (0..<Int(next() % 12)).map { _ in
                next() % 8 == 0 ? UInt8(truncatingIfNeeded: next()) : common[Int(next() % UInt64(common.count))]
            }
            let shape = name.withUnsafeBufferPointer { JSONPath.NameShape(of: $0) }
            #expect(shape.isPlain == Self.isIdentifier(name), "\(name)")
            #expect(shape.needsPointerEscapes == name.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
        }
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
