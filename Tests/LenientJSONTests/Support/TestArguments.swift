import Foundation
import LenientJSON
import Testing

// Arguments that many suites' parameterized tests share: the two ways a document reaches the
// decoder, and the three presets.

/// How a document reaches the decoder: as `Data`, or as `JSONSerialization`'s tree of the same
/// bytes through `decode(_:fromJSONObject:)`.
enum InputKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case data = "Data"
    case jsonObject = "fromJSONObject"

    var testDescription: String { rawValue }

    /// `data` decoded as `type` by `decoder` through this input, collecting `report`.
    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, with decoder: LenientJSONDecoder,
        report: inout LenientDecodingReport
    ) throws -> T {
        switch self {
        case .data: return try decoder.decode(type, from: data, report: &report)
        case .jsonObject:
            let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return try decoder.decode(type, fromJSONObject: tree, report: &report)
        }
    }

    /// `data` decoded as `type` by `decoder` through this input.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, with decoder: LenientJSONDecoder) throws -> T {
        switch self {
        case .data: return try decoder.decode(type, from: data)
        case .jsonObject:
            return try decoder.decode(
                type, fromJSONObject: JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
        }
    }
}

/// The three presets of ``LenientPolicy``.
enum Preset: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case strict, lenient, permissive

    var policy: LenientPolicy {
        switch self {
        case .strict: return .strict
        case .lenient: return .lenient
        case .permissive: return .permissive
        }
    }

    var testDescription: String { "." + rawValue }
}
