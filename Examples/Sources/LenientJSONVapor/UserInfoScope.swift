import Foundation

/// The root of a decode given a `userInfo` of its own: decodes `Value` by calling its `init(from:)` with the
/// LenientJSONDecoder's own `Decoder`, seen through ``UserInfoDecoder`` so that `userInfo` shows the decoder's
/// entries merged with ``extraUserInfo`` (which win).
///
/// The containers handed out are the LenientJSONDecoder's, so every value inside the root is decoded leniently,
/// with the decoder's registrations and reporting. Only the root value itself is built by its own `init(from:)`
/// instead of going through the decoder's dispatch (a registration made for the root's own type is not consulted
/// there). Vapor's `get(_:at:)` puts its own key-path reader at the root, so the value it looks up is decoded
/// with everything the decoder has.
struct UserInfoScope<Value: Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        let extra = UserInfoScopes.extraUserInfo
        value = try Value(from: UserInfoDecoder(base: decoder, extra: extra))
    }
}

enum UserInfoScopes {
    /// The `userInfo` of the decode in progress on this task, set by ``LenientContentDecoder`` around the
    /// (synchronous) decode whose root is a ``UserInfoScope``.
    @TaskLocal static var extraUserInfo: [CodingUserInfoKey: any Sendable] = [:]
}

/// A `Decoder` that is `base` in everything but `userInfo`, which has `extra` merged over `base`'s.
struct UserInfoDecoder: Decoder {
    let base: any Decoder
    let extra: [CodingUserInfoKey: any Sendable]

    var codingPath: [any CodingKey] { base.codingPath }

    var userInfo: [CodingUserInfoKey: Any] {
        base.userInfo.merging(extra.mapValues { $0 as Any }) { $1 }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try base.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try base.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}
