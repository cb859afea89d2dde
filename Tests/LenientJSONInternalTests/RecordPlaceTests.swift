import Foundation
import Testing

@testable import LenientJSON

/// `ReportCollector.Place.value(after:at:entry:in:)`: a value under a member found by another
/// spelling is recorded by its model key alone only where the record's entry and map name that
/// spelling (the key entry is the one before the value's), and otherwise by a path node of the
/// key itself; both give the same path.
@Suite("Record places")
struct RecordPlaceTests {
    enum Keys: String, CodingKey { case firstName }

    static let parent = CodingPathNode.root.appending(NameKey("users")).appending(IndexKey(3))

    /// The path of a record at `place` (its node and its last key, kept apart), each key as the
    /// input spells it.
    static func path(of place: ReportCollector.Place, entry: Int?, in map: ValueMap) -> [String] {
        let record = ReportCollector.Record(
            kind: .coerced, rule: .numberFromString, entry: entry, place: place, type: Int.self,
            describe: .made({ "" }), map: map)
        return record.path.path.map { ($0 as? MatchedKey)?.inputName ?? $0.stringValue }
    }

    @Test("A value whose key entry is the one before it, in the record's map, is kept by its model key")
    func keptByModelKey() throws {
        let map = try #require(ValueMap.parsing(#"{"first_name": "12"}"#))
        let key = ChildKey.matched(MatchedKey(Keys.firstName, keyEntry: 1, in: map))
        let place = ReportCollector.Place.value(after: Self.parent, at: key, entry: 2, in: map)
        guard case .matchedKey(_, let stringValue, _) = place else {
            Issue.record("expected the model key, got \(place)")
            return
        }
        #expect(stringValue == "firstName")
        #expect(Self.path(of: place, entry: 2, in: map) == ["users", "Index 3", "first_name"])
    }

    @Test(
        "Any other value under a respelled key is kept by a node of the key itself",
        arguments: [
            (entry: Int?.none, sameMap: true), (entry: 0, sameMap: true), (entry: 2, sameMap: false),
        ])
    func keptByNode(entry: Int?, sameMap: Bool) throws {
        let map = try #require(ValueMap.parsing(#"{"first_name": "12"}"#))
        let other = try #require(ValueMap.parsing(#"{"first_name": "12"}"#))
        let key = ChildKey.matched(MatchedKey(Keys.firstName, keyEntry: 1, in: map))
        let recordMap = sameMap ? map : other
        let place = ReportCollector.Place.value(after: Self.parent, at: key, entry: entry, in: recordMap)
        guard case .path = place else {
            Issue.record("expected a path node, got \(place)")
            return
        }
        #expect(Self.path(of: place, entry: entry, in: recordMap) == ["users", "Index 3", "first_name"])
    }
}
