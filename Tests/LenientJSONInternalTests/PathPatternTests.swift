import Foundation
import Testing

@testable import LenientJSON

/// `LenientDecodingReport.pattern(of:)`, which groups events in `summary` and in
/// `LenientDecodingStatistics`: every array index becomes `[*]`, and nothing inside a quoted name
/// changes (the report article, "The report").
@Suite("Path patterns")
struct PathPatternTests {
    @Test(
        "Indices become [*]; quoted names, escapes and non-ASCII names are kept",
        arguments: [
            ("$", "$"),
            ("$[0]", "$[*]"),
            ("$.users[12].tags[0]", "$.users[*].tags[*]"),
            ("$['a[1]'][2]", "$['a[1]'][*]"),
            (#"$['it\'s [3]'].x[4]"#, #"$['it\'s [3]'].x[*]"#),
            ("$.prénom[7].naïve", "$.prénom[*].naïve"),
            ("$['日本[1]'][10]", "$['日本[1]'][*]"),
            ("$.a[]", "$.a[]"),
            ("$.a[1x]", "$.a[1x]"),
            ("$.a[١]", "$.a[١]"),
            ("$['unterminated [1]", "$['unterminated [1]"),
        ])
    func pattern(path: String, expected: String) {
        #expect(LenientDecodingReport.pattern(of: path) == expected)
    }

    /// Every path the decoder itself writes for a generated key and index keeps its keys and
    /// loses only its indices.
    @Test("A generated path keeps every key and loses every index", arguments: 0..<64)
    func generated(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let names = ["id", "first name", "a[1]", "it's", "back\\slash", "ü", "日本", "x.y", "~/"]
        var keys: [any CodingKey] = []
        var patternKeys: [any CodingKey] = []
        for _ in 0..<Int(generator.next() % 6) {
            if generator.next() % 2 == 0 {
                let index = Int(generator.next() % 1000)
                keys.append(IndexKey(index))
                patternKeys.append(IndexKey(0))
            } else {
                let name = names[Int(generator.next() % UInt64(names.count))]
                keys.append(NameKey(name))
                patternKeys.append(NameKey(name))
            }
        }
        let expected = JSONPath.string(for: patternKeys).replacingOccurrences(of: "[0]", with: "[*]")
        // No name in the list is written with `[0]` in it, so only the indices were replaced.
        #expect(LenientDecodingReport.pattern(of: JSONPath.string(for: keys)) == expected)
    }

    /// Statistics group a decode's records by `PatternHashes` (Report/PatternHashes.swift): over
    /// a tree of paths that share parents, as a decode's do, two paths hash alike exactly when
    /// their pattern strings are equal, whether a parent's hash was worked out before or not.
    @Test("Paths hash alike exactly when their patterns are equal", arguments: 0..<16)
    func patternHashes(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let names = ["id", "ids", "a[1]", "it's", "ü", "日本", "x.y", "Index 1"]
        var nodes: [CodingPathNode] = [.root]
        for _ in 0..<300 {
            let parent = nodes[Int(generator.next() % UInt64(nodes.count))]
            let key: any CodingKey =
                generator.next() % 3 == 0
                ? IndexKey(Int(generator.next() % 4)) : NameKey(names[Int(generator.next() % UInt64(names.count))])
            nodes.append(parent.appending(key))
        }
        var hashes = PatternHashes()
        var byHash: [Int: String] = [:]
        var byPattern: [String: Int] = [:]
        // Visited in a random order, so that a node's parent is sometimes new to `hashes`.
        for index in nodes.indices.shuffled(using: &generator) {
            let hash = hashes.hash(.coerced, .numberFromString, nodes[index])
            let pattern = LenientDecodingReport.pattern(of: JSONPath.string(for: nodes[index].path))
            #expect(byHash[hash, default: pattern] == pattern)
            #expect(byPattern[pattern, default: hash] == hash)
            byHash[hash] = pattern
            byPattern[pattern] = hash
        }
        #expect(byPattern.count > 50)
        #expect(hashes.hash(.coerced, .numberFromString, .root) != hashes.hash(.matchedKey, .numberFromString, .root))
    }

    /// A normalized key match records its object's path and the model key, and makes its own
    /// path (ending in the input's spelling) only when read: its pattern hash, made from the key
    /// entry's bytes, is the hash of that path, so that it is found again by a pattern met
    /// through a built path.
    @Test(
        "A key match recorded without its path hashes as its built path does",
        arguments: [CodingPathNode.root, CodingPathNode.root.appending(NameKey("users")).appending(IndexKey(3))])
    func keyMatchHash(object: CodingPathNode) throws {
        let json = #"{"first_name": 1, "user-id": {"x": 2}, "ü x": 3, "a\"b": 4}"#
        let records = try LenientJSONDecoder().withDocument(Data(json.utf8)) { impl in
            impl.map.members(of: 0).map { member in
                ReportCollector.Record(
                    kind: .matchedKey, rule: .keyNormalized, entry: member.value,
                    place: .matchedKey(object: object, stringValue: "model", intValue: nil), type: nil,
                    describe: .keyMatch(spellings: 1), map: impl.map)
            }
        }
        // The input's names, unescaped, after the object's path, as a path of plain names is written.
        let expected = ["first_name", "user-id", "ü x", #"a"b"#].map {
            JSONPath.string(for: object.path + [NameKey($0)])
        }
        #expect(records.map { JSONPath.string(for: $0.path.path) } == expected)
        var fromRecords = PatternHashes()
        var fromPaths = PatternHashes()
        let hashes = records.map { record in withUnsafePointer(to: record) { fromRecords.hash($0) } }
        #expect(hashes == records.map { fromPaths.hash(.matchedKey, .keyNormalized, $0.path) })
        #expect(Set(hashes).count == records.count)
    }

    /// A kind and rule are hashed by their names, however their strings are stored: a code made
    /// at run time (a registration's, a decoded report's) hashes as the constant does.
    @Test("A rule hashes by its name, not by how its string is stored")
    func ruleHashByName() {
        let path = CodingPathNode.root.appending(NameKey("users")).appending(IndexKey(2))
        let madeRule = LenientRule(rawValue: ["number", "fromString"].joined(separator: "."))
        let madeKind = LenientDecodingEvent.Kind(rawValue: String("coerced".reversed().reversed()))
        var hashes = PatternHashes()
        let constant = hashes.hash(.coerced, .numberFromString, path)
        #expect(hashes.hash(madeKind, madeRule, path) == constant)
        #expect(hashes.hash(.coerced, .boolFromString, path) != constant)
        #expect(hashes.hash(madeKind, madeRule, path) == constant)
        var fresh = PatternHashes()
        #expect(fresh.hash(madeKind, madeRule, path) == constant)
    }

    @Test("A path node keeps its pattern hash: made once, equal in its copies, and the same as a new path's")
    func nodeKeepsItsHash() {
        let parent = CodingPathNode.root.appending(NameKey("users"))
        let first = parent.appending(IndexKey(0))
        let copy = first
        let sibling = parent.appending(IndexKey(7))
        guard case .link(let link) = first else {
            Issue.record("a path with a key is a link")
            return
        }
        #expect(link.patternHash == 0)
        let hash = PatternHashes.hash(of: first)
        #expect(link.patternHash == hash)
        #expect(PatternHashes.hash(of: copy) == hash)
        // An index is any index in a pattern; a path made anew hashes alike.
        #expect(PatternHashes.hash(of: sibling) == hash)
        #expect(PatternHashes.hash(of: CodingPathNode.root.appending(NameKey("users")).appending(IndexKey(3))) == hash)
        #expect(PatternHashes.hash(of: parent) != hash)
    }
}

/// A small deterministic generator for the generated cases.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
