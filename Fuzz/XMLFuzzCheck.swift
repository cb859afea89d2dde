// The check of the XML fuzz target (Fuzz/XMLFuzzTarget.swift): every byte sequence given to
// decode(_:fromXML:) gives a value or a DecodingError, never a trap or another error. The
// regression test of its findings (Tests/LenientXMLTests/XMLFuzzFindingsTests.swift) sees this
// file through a symlink in its Support folder. Built by Scripts/fuzz.sh with the library
// sources, Fuzz/FuzzModels.swift and Fuzz/FuzzChecks.swift.
import Foundation
#if canImport(LenientJSON)
    import LenientJSON
#endif
#if canImport(LenientXML)
    import LenientXML
#endif

/// A small feed model: attributes, repeated elements, numbers and booleans in text.
struct FuzzXMLFeed: Decodable, Equatable {
    var version: Double?
    var title: String?
    var item: [FuzzXMLItem]?
}

struct FuzzXMLItem: Decodable, Equatable {
    var id: Int?
    var title: String
    var price: Decimal?
    var featured: Bool?
    var tag: [String]?
    var text: String?
    enum CodingKeys: String, CodingKey { case id, title, price, featured, tag, text = "#text" }
}

enum FuzzXMLCheck {
    /// The decoders an input's first byte chooses from: the three presets.
    static let decoders: [LenientJSONDecoder] = [LenientPolicy.strict, .lenient, .permissive].map {
        LenientJSONDecoder(policy: $0)
    }

    /// How many models the selector chooses from (the cases of ``run(selector:document:)``).
    static let modelCount = 6

    /// Decodes `document` as XML with the decoder (`selector % 3`) and the model
    /// (`selector / 3 % modelCount`) that `selector` picks. Returns what went wrong, or `nil`;
    /// a trap stops the process.
    static func run(selector: Int, document data: Data) -> String? {
        let decoder = decoders[selector % decoders.count]
        switch (selector / decoders.count) % modelCount {
        case 0: return attempt(FuzzXMLFeed.self, data, decoder)
        case 1: return attempt(FuzzModel.self, data, decoder)
        case 2: return attempt([String: [String]].self, data, decoder)
        case 3: return attempt(FuzzJSON<FuzzBoolThenArray>.self, data, decoder)
        case 4: return attempt(String.self, data, decoder)
        default: return attempt([String: FuzzNested].self, data, decoder)
        }
    }

    /// `nil` when decoding `data` gives a value or a `DecodingError`, else what was thrown.
    static func attempt<T: Decodable>(_ type: T.Type, _ data: Data, _ decoder: LenientJSONDecoder) -> String? {
        do {
            var report = LenientDecodingReport()
            _ = try decoder.decode(type, fromXML: data, report: &report)
            return nil
        } catch is DecodingError {
            return nil
        } catch {
            return "non-DecodingError thrown decoding \(T.self) from XML: \(error)"
        }
    }
}
