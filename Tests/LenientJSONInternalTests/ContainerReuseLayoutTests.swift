// In-module checks of what black-box tests cannot see. Keyed containers are reused only where
// `KeyedDecodingContainer`'s layout is what the reuse assumes (FastPaths/KeyedContainerReuse.swift);
// on a toolchain where it is not, the check says no, every decode makes a container per object
// (~15 % slower on the corpora) and no result changes. This suite makes that visible: it fails,
// saying what changed, when reuse is off.

import Foundation
@testable import LenientJSON
import Testing

@Suite("Keyed container reuse is on for this toolchain")
struct ContainerReuseLayoutTests {
    @Test("KeyedDecodingContainer is one reference to its box, so containers are reused")
    func reuseIsOn() {
        let size = MemoryLayout<KeyedDecodingContainer<NameKey>>.size
        let alignment = MemoryLayout<KeyedDecodingContainer<NameKey>>.alignment
        #expect(
            size == MemoryLayout<AnyObject>.size && alignment == MemoryLayout<AnyObject>.alignment,
            """
            KeyedDecodingContainer is \(size) bytes aligned to \(alignment), not one reference \
            (\(MemoryLayout<AnyObject>.size) bytes): the standard library changed its layout, and \
            keyed containers are no longer reused (see FastPaths/KeyedContainerReuse.swift)
            """)
        #expect(
            ContainerBoxLayout.isKnown,
            """
            ContainerBoxLayout.isKnown is false: two KeyedDecodingContainers made from different \
            values do not hold distinct, aligned heap addresses in their one word, so keyed \
            containers are no longer reused and every decode makes one per object (see \
            FastPaths/KeyedContainerReuse.swift)
            """)
    }

    /// A recursive model: a node reads its children, of its own type, while its own container is
    /// still open, so that reuse must hand out a second container of the same key type.
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

    @Test("without reuse, every container is made afresh and every value reads alike", arguments: [false, true])
    func fallbackReadsAlike(reuses: Bool) throws {
        let text = Self.document(depth: 4, width: 3)
        let map = try #require(ValueMap.parsing(text))
        var options = DecodingOptions()
        options.policy = .lenient
        let impl = DecoderImpl(
            map: map, options: options, entry: 0, pathNode: .root, report: ReportCollector(), reusesContainers: reuses)
        defer { impl.endDecode() }
        let value = try impl.unwrap(0, as: Node.self, parent: .root, key: nil)
        let expected = try LenientJSONDecoder().decode(Node.self, from: Data(text.utf8))
        #expect(value == expected)
        #expect(value.children.count == 3 && value.children[2].children[1].name == "root.2.1")
        #expect(value.weight == 4.5 && value.tags == ["a", "1"])
    }
}
