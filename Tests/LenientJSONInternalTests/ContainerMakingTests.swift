// In-module checks of what black-box tests cannot see. A root decoder makes its keyed containers
// through one maker per key type, which reuses a container's state once the container is gone
// (FastPaths/KeyedContainerMakers.swift); every other decoder makes each container and its
// state afresh. Both must read every value alike.

import Foundation
@testable import LenientJSON
import Testing

@Suite("Keyed containers made by makers and afresh")
struct ContainerMakingTests {
    /// A recursive model: a node reads its children, of its own type, while its own container is
    /// still open, so that a maker must make a second state for the same key type.
    private struct Node: Decodable, Equatable {
        var name: String
        var weight: Double
        var tags: [String]
        var children: [Node]
    }

    private static func document(depth: Int, width: Int) -> String {
        func node(_ name: String, _ depth: Int) -> String {
            let children = depth == 0 ? "" : (0..<width).map { node("\(name).\($0)", depth - 1) }.joined(separator: ",")
            return #"{"name": "\#(name)", "weight": "\#(depth).5", "tags": ["a", 1], "children": [\#(children)]}"#
        }
        return node("root", depth)
    }

    @Test("with makers and without, every value reads alike", arguments: [false, true])
    func fallbackReadsAlike(makers: Bool) throws {
        let text = Self.document(depth: 4, width: 3)
        let map = try #require(ValueMap.parsing(text))
        var options = DecodingOptions()
        options.policy = .lenient
        let impl = DecoderImpl(
            map: map, options: options, entry: 0, pathNode: .root, report: ReportCollector(), reusesContainers: makers)
        defer { impl.endDecode() }
        let value = try impl.unwrap(0, as: Node.self, parent: .root, key: nil)
        let expected = try LenientJSONDecoder().decode(Node.self, from: Data(text.utf8))
        #expect(value == expected)
        #expect(value.children.count == 3 && value.children[2].children[1].name == "root.2.1")
        #expect(value.weight == 4.5 && value.tags == ["a", "1"])
    }

    private enum PairKeys: String, CodingKey { case a, b }

    /// A maker hands out a new state while its last container is held, and the held one's again
    /// once it is dropped: two containers held at once read their own objects.
    @Test("a maker's state is reused only when its container is gone")
    func stateReusedOnlyWhenFree() throws {
        let map = try #require(ValueMap.parsing(#"[{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5, "b": 6}]"#))
        let impl = DecoderImpl(
            map: map, options: DecodingOptions(), entry: 0, pathNode: .root, reusesContainers: true)
        defer { impl.endDecode() }
        let objects = Array(map.elements(of: 0))
        let first = try impl.keyedContainer(PairKeys.self, object: objects[0], pathNode: .root)
        let second = try impl.keyedContainer(PairKeys.self, object: objects[1], pathNode: .root)
        #expect(try first.decode(Int.self, forKey: .a) == 1)
        #expect(try second.decode(Int.self, forKey: .a) == 3)
        var third: KeyedDecodingContainer<PairKeys>? = try impl.keyedContainer(
            PairKeys.self, object: objects[2], pathNode: .root)
        #expect(try third?.decode(Int.self, forKey: .b) == 6)
        third = nil
        let fourth = try impl.keyedContainer(PairKeys.self, object: objects[0], pathNode: .root)
        #expect(try fourth.decode(Int.self, forKey: .b) == 2)
        #expect(try first.decode(Int.self, forKey: .b) == 2)
        #expect(try second.decode(Int.self, forKey: .b) == 4)
        #expect(third == nil)
    }
}
