import Foundation
import Testing

@testable import LenientJSON

/// `ChildKey`, the key the decoding functions take for a value under its parent: the coding path
/// it makes is that of the `CodingKey` it stands for, whichever of its cases holds it.
@Suite("Child keys")
struct ChildKeyTests {
    /// A parent path two keys deep, under which every key is appended.
    static let parent = CodingPathNode.root.appending(NameKey("users")).appending(IndexKey(3))

    /// The keys a decode passes: none, array indices, names, an integer key, a model's own key.
    static let keys: [(any CodingKey)?] = [
        nil, IndexKey(0), IndexKey(41), NameKey("age"), NameKey("7"), NameKey(""), Model.CodingKeys.firstName,
    ]

    struct Model: Decodable {
        let firstName: String
        enum CodingKeys: String, CodingKey { case firstName = "first_name" }
    }

    /// The (stringValue, intValue) pairs of a path, which `DecodingError` contexts and events show.
    static func spelled(_ path: [any CodingKey]) -> [String] {
        path.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "nil")" }
    }

    @Test("A child key appends what the CodingKey it stands for appends", arguments: 0..<keys.count)
    func appendsAsItsKey(position: Int) {
        let key = Self.keys[position]
        let expected = key.map { Self.parent.appending($0).path } ?? Self.parent.path
        #expect(Self.spelled(Self.parent.path(appending: ChildKey(key))) == Self.spelled(expected))
    }

    @Test("An index key is kept as its index; none is nil; other keys as themselves", arguments: 0..<keys.count)
    func cases(position: Int) {
        let key = Self.keys[position]
        switch ChildKey(key) {
        case .none: #expect(key == nil)
        case .index(let index): #expect(key is IndexKey && key?.intValue == index)
        case .matched: Issue.record("only a member found by another spelling is kept as matched")
        case .key(let kept): #expect(!(key is IndexKey) && kept.stringValue == key?.stringValue)
        }
    }

    @Test("A respelled member's key keeps the model's key and the input's spelling")
    func matchedKey() throws {
        let map = try #require(ValueMap.parsing(#"{"FirstName": "Ada"}"#))
        let key = ChildKey.matched(MatchedKey(Model.CodingKeys.firstName, keyEntry: 1, in: map))
        let path = Self.parent.path(appending: key)
        #expect(Self.spelled(path) == ["users|nil", "Index 3|3", "first_name|nil"])
        let matched = try #require(path.last as? MatchedKey)
        #expect(matched.inputName == "FirstName")
    }
}
