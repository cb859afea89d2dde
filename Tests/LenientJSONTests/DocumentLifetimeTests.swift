import Foundation
import LenientJSON
import Testing

/// `Data` input is decoded in place, without a copy. Anything that outlives the decode (a
/// `Decoder` kept by a model) must still read the document as it was, even after the caller
/// overwrites or frees its buffer.
@Suite("Document lifetime")
struct DocumentLifetimeTests {
    /// Keeps the decoder it was decoded with; `later()` reads `name` through it again.
    final class KeepsDecoder: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        let name: String

        enum CodingKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }

        func later() throws -> String {
            try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    @Test(
        "a decoder kept past the decode reads the original bytes",
        arguments: [
            #"{"name": "Ada Lovelace", "padding": "\#(String(repeating: "x", count: 64))"}"#,
            #"{"name": "Grace"}  "#,
            #"  {"name": "Zoë", "n": [1, 2, 3]}"# + "\n",
        ])
    func keptDecoder(json: String) throws {
        var data = Data(json.utf8)
        let kept = try LenientJSONDecoder().decode(KeepsDecoder.self, from: data)
        let expected = kept.name
        // Overwrite the caller's buffer in place (it is uniquely referenced, so no copy).
        data.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "#")) }
        #expect(try kept.later() == expected)
        data = Data()
        #expect(try kept.later() == expected)
    }
}
