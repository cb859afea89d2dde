import Foundation
import LenientJSON
import Testing

/// Normalized key matching keeps a hash of each key's normalized form and, per object, starts
/// a search after the key matched last (a performance index). Whatever order a model reads
/// respelled keys in, and whatever keys share a hash, the member found must be the one a plain
/// scan of the object finds.
@Suite("Normalized key index")
struct NormalizedKeyIndexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var keyCount: Int
        /// A position whose key repeats the spelling of an earlier one (identical duplicates:
        /// the first wins).
        var duplicate: (position: Int, of: Int)?
        var order: KeyLookupOrderTests.Order
        var testDescription: String {
            "\(keyCount) keys, duplicate \(duplicate.map { "\($0.position)→\($0.of)" } ?? "none"), \(order)"
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // 64 and 65: either side of the most keys whose summary is checked without sorting.
        for keyCount in [3, 9, 40, 64, 65, 120] {
            for duplicate in [nil, (keyCount - 1, 0), (keyCount / 2 + 1, keyCount / 2)] {
                for order in KeyLookupOrderTests.Order.allCases {
                    cases.append(Case(keyCount: keyCount, duplicate: duplicate, order: order))
                }
            }
        }
        return cases
    }()

    /// The JSON spelling of model key `keyN` at `position`: each spelled differently from the
    /// model, so that every read goes through normalized matching.
    static func spelling(_ index: Int) -> String {
        ["Key_\(index)", "KEY-\(index)", "key \(index)", "K_e_y_\(index)"][index % 4]
    }

    @Test("respelled keys read in any order find the first matching member", arguments: cases)
    func respelledKeys(_ testCase: Case) throws {
        var indices: [Int] = []
        var members: [String] = []
        for position in 0..<testCase.keyCount {
            let index = testCase.duplicate.flatMap { $0.position == position ? indices[$0.of] : nil } ?? position
            indices.append(index)
            members.append("\"\(Self.spelling(index))\": \(position == 2 ? "null" : String(position * 10))")
        }
        let json = "{" + members.joined(separator: ", ") + "}"
        var distinct: [String] = []
        for index in indices where !distinct.contains("key\(index)") { distinct.append("key\(index)") }
        distinct.append("absent")
        let order = testCase.order.arrange(distinct)
        let decoder = LenientJSONDecoder()
        decoder.userInfo[.readOrder] = order
        let value = try decoder.decode(KeyLookupOrderTests.OrderedReader.self, from: Data(json.utf8))
        for (name, read) in zip(order, value.values) {
            guard let index = Int(name.dropFirst(3)), let position = indices.firstIndex(of: index) else {
                #expect(read == nil, "\(name) read as \(String(describing: read))")
                continue
            }
            #expect(
                read == (position == 2 ? nil : position * 10), "\(name) read as \(String(describing: read)) in \(json)")
        }
        #expect(value.present == order.map { $0 != "absent" })
    }

    // "glbvs" and "yacxa" have the same 32-bit FNV-1a hash, the hash the index keeps. Two
    // respelled keys are read first, so that the object's index exists when `glbvs` is read.

    struct Glbvs: Decodable, Equatable { var firstName: String; var lastName: String; var glbvs: Int }
    struct OptionalGlbvs: Decodable, Equatable { var firstName: String; var lastName: String; var glbvs: Int? }
    struct Yacxa: Decodable, Equatable { var firstName: String; var lastName: String; var yacxa: Int }

    @Test(
        "keys whose hashes collide are told apart",
        arguments: [
            #"{"first_name": "A", "last_name": "B", "yacxa": 1, "GLBVS": 2}"#,
            #"{"GLBVS": 2, "yacxa": 1, "first_name": "A", "last_name": "B"}"#,
            #"""
            {"first_name": "A", "YACXA": 1, "a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 0, "g": 0, "h": 0, "i": 0\#
            , "GLBVS": 2, "last_name": "B"}
            """#,
        ])
    func collidingKeys(_ json: String) throws {
        let expected = Glbvs(firstName: "A", lastName: "B", glbvs: 2)
        for policy in [LenientPolicy.lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            #expect(try decoder.decode(Glbvs.self, from: Data(json.utf8)) == expected)
            let tree = try JSONSerialization.jsonObject(with: Data(json.utf8))
            #expect(try decoder.decode(Glbvs.self, fromJSONObject: tree) == expected)
        }
    }

    @Test("a key with the same hash but another spelling is no match")
    func sameHashIsNoMatch() throws {
        let json = Data(#"{"first_name": "A", "last_name": "B", "YACXA": 1, "other": 2}"#.utf8)
        let decoder = LenientJSONDecoder()
        #expect(
            try decoder.decode(OptionalGlbvs.self, from: json)
                == OptionalGlbvs(firstName: "A", lastName: "B", glbvs: nil))
        #expect(try decoder.decode(Yacxa.self, from: json) == Yacxa(firstName: "A", lastName: "B", yacxa: 1))
        #expect {
            try decoder.decode(Glbvs.self, from: json)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "glbvs"
        }
    }
}
