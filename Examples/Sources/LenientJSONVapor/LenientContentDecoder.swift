import Foundation
import LenientJSON
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Vapor

/// Vapor's `ContentDecoder` that decodes every request with one ``LenientJSON/LenientJSONDecoder``: its policy,
/// registrations, strategies and reporting apply to `req.content.decode(_:)`, `req.content.get(_:at:)` and to a
/// decode given a non-empty `userInfo`.
///
/// ```swift
/// let decoder = LenientJSONDecoder()
/// ContentConfiguration.global.use(decoder: LenientContentDecoder(decoder), for: .json)
/// ```
///
/// Why not `ContentConfiguration.global.use(decoder: decoder, for: .json)`? A `LenientJSONDecoder` is a
/// `JSONDecoder`, so Vapor accepts it through its own `extension JSONDecoder: ContentDecoder`, but that
/// conformance decodes with a fresh `JSONDecoder()` (copying only the strategies) whenever the decode is given a
/// non-empty `userInfo`, and `req.content.get(_:at:)` always is: such a decode is strict and unreported, silently.
/// The "Frameworks" article of the LenientJSON documentation describes the trap; `VaporTests` in this package's
/// tests pins it.
///
/// A non-empty `userInfo` is merged over the decoder's own (the decode's wins) and seen by the `init(from:)` of
/// the type decoded, which is what Vapor's key-path lookups (`get(_:at:)`) need; values nested inside it are
/// decoded by the decoder as usual and see its own `userInfo`. A registration made for the type decoded itself
/// (not for the types inside it) is not consulted at the root of such a decode. The decoder itself is never
/// changed, so one decoder serves every request at once.
public struct LenientContentDecoder: ContentDecoder, Sendable {
    /// The decoder every decode goes through.
    public let decoder: LenientJSONDecoder

    /// A content decoder that decodes with `decoder` (shared, never changed).
    public init(_ decoder: LenientJSONDecoder) {
        self.decoder = decoder
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: Sendable]
    ) throws -> D {
        let data = body.getData(at: body.readerIndex, length: body.readableBytes) ?? Data()
        if userInfo.isEmpty {
            return try decoder.decode(D.self, from: data)
        }
        // Decoded by the same decoder (policy, registrations and reporting kept); only the root's
        // `init(from:)` is handed a decoder that shows the merged `userInfo` (see `UserInfoScope`).
        return try UserInfoScopes.$extraUserInfo.withValue(userInfo) {
            try decoder.decode(UserInfoScope<D>.self, from: data).value
        }
    }
}
