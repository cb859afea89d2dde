import Foundation
import LenientJSON
import Testing

/// The value map keeps a container's child count in 24 bits of its 12-byte entry; a container
/// with 16,777,215 children or more stores that limit, and its children are counted when
/// asked. Arrays at and just past the limit must decode whole.
@Suite("Large containers")
struct LargeContainerTests {
    /// The `count` of an unkeyed container, which comes from the map.
    struct Counted: Decodable {
        var count: Int?
        init(from decoder: any Decoder) throws {
            count = try decoder.unkeyedContainer().count
        }
    }

    @Test(
        "arrays at and past the 24-bit child count decode every element",
        arguments: [16_777_215, 16_777_216])
    func arraysPastTheCountLimit(count: Int) throws {
        // `count - 1` ones, then a 2.
        let data = Data(("[" + String(repeating: "1,", count: count - 1) + "2]").utf8)
        let values = try LenientJSONDecoder().decode([Int].self, from: data)
        #expect(values.count == count)
        #expect(values.first == 1)
        #expect(values.last == 2)
        let counted = try LenientJSONDecoder().decode(Counted.self, from: data)
        #expect(counted.count == count)
    }
}
