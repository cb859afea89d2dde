import Testing

@testable import LenientJSON

/// `CodingPathNodeBox` (Decoding/CodingPathNode+Box.swift) reads a node's key and parent where
/// its box stores them, so that statistics hash an event's path without copying them out; what it
/// reads must be what matching the case gives, for every kind of key a path holds.
@Suite("Path nodes read in their boxes")
struct CodingPathNodeBoxTests {
    private enum ModelKeys: String, CodingKey, CaseIterable {
        case id, name, emailAddress
    }

    /// A key whose value does not fit an existential's inline buffer, so that it is boxed.
    private struct WideKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        let padding: (Int, Int, Int) = (1, 2, 3)
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
        init?(intValue: Int) { nil }
    }

    @Test("Boxes are read in place on 64-bit platforms")
    func availableOn64Bit() {
        #expect((CodingPathNodeBox.shared != nil) == (MemoryLayout<Int>.size == 8))
    }

    @Test("A node's parent, key type and key read in its box are those matching the node gives", arguments: 0..<8)
    func readsAsMatching(seed: Int) throws {
        let boxes = try #require(CodingPathNodeBox.shared)
        var generator = SplitMix64(seed: UInt64(seed))
        var nodes: [CodingPathNode] = [.root]
        for step in 0..<400 {
            let parent = nodes.randomElement(using: &generator) ?? .root
            let key: any CodingKey
            switch (step + seed) % 5 {
            case 0: key = IndexKey(Int.random(in: 0..<10_000, using: &generator))
            case 1: key = NameKey("name \(step)")
            case 2: key = ModelKeys.allCases[step % 3]
            case 3: key = MatchedKey(stringValue: "first_name \(step)") ?? IndexKey(step)
            default: key = WideKey(stringValue: "wide \(step)")
            }
            nodes.append(parent.appending(key))
        }
        for node in nodes {
            guard case .node(let key, let parent) = node, let identity = node.identity else {
                #expect(node.identity == nil)
                continue
            }
            #expect(boxes.parent(of: identity) == (parent.identity ?? boxes.rootWord))
            #expect(boxes.hasIndexKey(identity) == (type(of: key) == IndexKey.self))
            let read = try #require(boxes.key(of: identity)).pointee
            #expect(type(of: read) == type(of: key))
            #expect(read.stringValue == key.stringValue)
            #expect(read.intValue == key.intValue)
            #expect(CodingPathNode.patternPart(of: read) == CodingPathNode.patternPart(of: key))
        }
    }
}
