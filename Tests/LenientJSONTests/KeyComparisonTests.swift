import Foundation
import LenientJSON
import Testing

/// Object keys are compared with the model's keys inline, a word or a few bytes at a time
/// (first and last words overlapping). A key that differs from the wanted one in any single
/// byte, at any length, must not be taken for it; `JSONDecoder` is the reference.
@Suite("Key comparison")
struct KeyComparisonTests {
    struct NameKey: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static let wantedKey = CodingUserInfoKey(rawValue: "wanted")!

    /// The value of the member named by `userInfo[wantedKey]`, or `nil` when there is none.
    struct Member: Decodable, Equatable {
        var value: Int?
        init(from decoder: any Decoder) throws {
            let name = decoder.userInfo[KeyComparisonTests.wantedKey] as? String ?? ""
            value = try decoder.container(keyedBy: NameKey.self).decodeIfPresent(
                Int.self, forKey: NameKey(stringValue: name))
        }
    }

    static func decode(_ json: String, wanted: String) -> (lenient: Member?, foundation: Member?) {
        let lenient = LenientJSONDecoder(policy: .strict)
        let foundation = JSONDecoder()
        lenient.userInfo[wantedKey] = wanted
        foundation.userInfo[wantedKey] = wanted
        let data = Data(json.utf8)
        return (try? lenient.decode(Member.self, from: data), try? foundation.decode(Member.self, from: data))
    }

    @Test("a key differing in one byte is another key, at every length and position", arguments: 1...24)
    func oneByteOff(length: Int) {
        let wanted = String("abcdefghijklmnopqrstuvwxyz".prefix(length))
        for position in 0..<length {
            var bytes = Array(wanted.utf8)
            bytes[position] = UInt8(ascii: "Z")
            let nearMiss = String(decoding: bytes, as: UTF8.self)
            let alone = Self.decode(#"{"\#(nearMiss)": 1}"#, wanted: wanted)
            #expect(alone.lenient == alone.foundation, "\(nearMiss) for \(wanted)")
            #expect(alone.lenient?.value == nil, "\(nearMiss) for \(wanted)")
            let both = Self.decode(#"{"\#(nearMiss)": 1, "\#(wanted)": 2, "\#(wanted)x": 3}"#, wanted: wanted)
            #expect(both.lenient == both.foundation, "\(nearMiss) and \(wanted)")
            #expect(both.lenient?.value == 2, "\(nearMiss) and \(wanted)")
        }
    }
}
