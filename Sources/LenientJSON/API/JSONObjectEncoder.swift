import Foundation

/// Encodes an `Encodable` value into a `JSONSerialization`-compatible tree, without JSON text.
///
/// The tree is made of `[String: Any]`, `[Any]`, `NSNumber` (`Bool`s as `NSNumber` booleans),
/// `String` and `NSNull`, with a `Decimal` as an `NSDecimalNumber`: it is the tree
/// `JSONSerialization.jsonObject(with:)` returns for `JSONEncoder`'s output, made directly.
/// `JSONSerialization.data(withJSONObject:)` accepts it, and ``LenientJSONDecoder/decode(_:fromJSONObject:)``
/// decodes it back to an equal value. The strategies are `JSONEncoder`'s, with the same
/// defaults.
///
/// ```swift
/// struct User: Codable { var firstName: String; var age: Int }
///
/// var encoder = JSONObjectEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let object = try encoder.encode(User(firstName: "Ada", age: 36))
/// // ["first_name": "Ada", "age": 36] as [String: Any]
/// ```
public struct JSONObjectEncoder: Sendable {
    /// How the keys of a model's coding keys are written; `[String: V]` keys are written as
    /// they are.
    ///
    /// ```swift
    /// encoder.keyEncodingStrategy = .convertToSnakeCase   // firstName -> first_name
    /// ```
    ///
    /// The default is `.useDefaultKeys`.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys

    /// How a `Date` is written.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .iso8601   // "2016-01-17T16:13:00Z"
    /// ```
    ///
    /// The default is `.deferredToDate` (seconds since 2001-01-01, as `Date` encodes itself).
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate

    /// How `Data` is written.
    ///
    /// ```swift
    /// encoder.dataEncodingStrategy = .deferredToData   // an array of bytes
    /// ```
    ///
    /// The default is `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64

    /// How infinite and NaN `Double` and `Float` values are written.
    ///
    /// ```swift
    /// encoder.nonConformingFloatEncodingStrategy = .convertToString(
    ///     positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    /// ```
    ///
    /// The default is `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw

    /// Values the encoded types can read from their encoder's `userInfo`.
    ///
    /// ```swift
    /// encoder.userInfo[.init(rawValue: "version")!] = 2
    /// ```
    ///
    /// The default is empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with `JSONEncoder`'s default strategies.
    ///
    /// ```swift
    /// let object = try JSONObjectEncoder().encode(user)
    /// ```
    public init() {}

    /// Encodes a value into a `JSONSerialization`-compatible tree.
    ///
    /// Each value is written as `JSONEncoder` writes it: a model as `[String: Any]`, a
    /// collection as `[Any]`, numbers and booleans as `NSNumber`, `nil` as `NSNull`, a `URL`
    /// as its absolute string, `Date` and `Data` by their strategies; a top-level scalar is
    /// returned as it is (a fragment).
    ///
    /// ```swift
    /// let object = try JSONObjectEncoder().encode(user)
    /// let data = try JSONSerialization.data(withJSONObject: object)
    /// let again = try LenientJSONDecoder().decode(User.self, fromJSONObject: object)
    /// ```
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: A tree of `[String: Any]`, `[Any]`, `NSNumber`, `NSDecimalNumber`, `String`
    ///   and `NSNull`.
    /// - Throws: `EncodingError.invalidValue` when the value encodes nothing, when a
    ///   non-conforming float meets the `.throw` strategy, and any error the value's
    ///   `encode(to:)` or a custom strategy throws.
    public func encode<T: Encodable>(_ value: T) throws -> Any {
        let options = EncodingOptions(
            keyEncodingStrategy: keyEncodingStrategy, dateEncodingStrategy: dateEncodingStrategy,
            dataEncodingStrategy: dataEncodingStrategy,
            nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
            userInfo: userInfo.mapValues { $0 as Any })
        let encoder = ObjectEncoderImpl(options: options, codingPath: [])
        guard let node = try encoder.boxIfEncoded(value, at: []) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return node.tree
    }
}
