import Foundation

/// The `Encoder` of ``JSONObjectEncoder``, and its single-value container: encodes one value
/// into an ``EncodedNode``.
final class ObjectEncoderImpl: Encoder, SingleValueEncodingContainer {
    let options: EncodingOptions
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }
    /// What the value encoded so far: `nil` until it encodes something.
    var storage: EncodedNode?

    init(options: EncodingOptions, codingPath: [any CodingKey]) {
        self.options = options
        self.codingPath = codingPath
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = storage {
            object = existing
        } else {
            object = EncodedObject()
            storage = .object(object)
        }
        return KeyedEncodingContainer(ObjectKeyedContainer<Key>(encoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = storage {
            array = existing
        } else {
            array = EncodedArray()
            storage = .array(array)
        }
        return ObjectUnkeyedContainer(encoder: self, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Single value

    func encodeNil() throws { storage = .scalar(NSNull()) }
    func encode(_ value: Bool) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: String) throws { storage = .scalar(value) }
    func encode(_ value: Double) throws { storage = try box(value, at: codingPath) }
    func encode(_ value: Float) throws { storage = try box(value, at: codingPath) }
    func encode(_ value: Int) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: Int8) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: Int16) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: Int32) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: Int64) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: UInt) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: UInt8) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: UInt16) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: UInt32) throws { storage = .scalar(NSNumber(value: value)) }
    func encode(_ value: UInt64) throws { storage = .scalar(NSNumber(value: value)) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func encode(_ value: Int128) throws { storage = .scalar(Self.number(value)) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func encode(_ value: UInt128) throws { storage = .scalar(Self.number(value)) }
    func encode<T: Encodable>(_ value: T) throws { storage = try box(value, at: codingPath) }

    /// A 128-bit integer as an `NSDecimalNumber` of its digits (exact: a `Decimal`'s mantissa
    /// holds 128 bits), the number `JSONSerialization` reads from `JSONEncoder`'s digits.
    static func number<I: BinaryInteger>(_ value: I) -> NSNumber {
        NSDecimalNumber(string: String(value), locale: Locale(identifier: "en_US_POSIX"))
    }

    // MARK: Boxing

    /// The node of `value`, encoded at `path`: Foundation types as `JSONEncoder` writes them
    /// (under the strategies), a `[String: V]` with its keys as they are, anything else by
    /// its own `encode(to:)` (`{}` when it encodes nothing).
    func box<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> EncodedNode {
        try boxIfEncoded(value, at: path) ?? .object(EncodedObject())
    }

    /// The node of `value`, as ``box(_:at:)``, or `nil` when its `encode(to:)` encodes nothing
    /// (an error at the top level, `{}` below it, as in `JSONEncoder`).
    func boxIfEncoded<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> EncodedNode? {
        switch value {
        case let date as Date: return try box(date, at: path)
        case let data as Data: return try box(data, at: path)
        case let url as URL: return .scalar(url.absoluteString)
        case let decimal as Decimal: return .scalar(NSDecimalNumber(decimal: decimal))
        case let double as Double: return try box(double, at: path)
        case let float as Float: return try box(float, at: path)
        case let dictionary as any StringKeyedEncodable: return try dictionary.encodeMembers(with: self, at: path)
        default:
            let encoder = ObjectEncoderImpl(options: options, codingPath: path)
            try value.encode(to: encoder)
            return encoder.storage
        }
    }

    /// Runs `body` with a new encoder at `path`; its value, or `{}` when it encoded nothing.
    func encodeNested(at path: [any CodingKey], _ body: (ObjectEncoderImpl) throws -> Void) throws -> EncodedNode {
        let encoder = ObjectEncoderImpl(options: options, codingPath: path)
        try body(encoder)
        return encoder.storage ?? .object(EncodedObject())
    }

    func box(_ double: Double, at path: [any CodingKey]) throws -> EncodedNode {
        guard !double.isFinite else { return .scalar(NSNumber(value: double)) }
        return try nonConforming(double, at: path)
    }

    /// A `Float` as the number its shortest text reads as (`0.1`, not `0.10000000149…`), the
    /// number `JSONEncoder`'s output holds.
    func box(_ float: Float, at path: [any CodingKey]) throws -> EncodedNode {
        guard float.isFinite else { return try nonConforming(Double(float), at: path) }
        return .scalar(NSNumber(value: Double("\(float)") ?? Double(float)))
    }

    func nonConforming(_ value: Double, at path: [any CodingKey]) throws -> EncodedNode {
        guard case .convertToString(let positive, let negative, let nan) = options.nonConformingFloatEncodingStrategy
        else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: path,
                    debugDescription:
                        "Unable to encode \(value) directly in JSON. Use "
                        + "JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the "
                        + "value should be encoded."
                ))
        }
        return .scalar(value.isNaN ? nan : (value < 0 ? negative : positive))
    }

    func box(_ date: Date, at path: [any CodingKey]) throws -> EncodedNode {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            return try encodeNested(at: path) { try date.encode(to: $0) }
        case .secondsSince1970:
            return .scalar(NSNumber(value: date.timeIntervalSince1970))
        case .millisecondsSince1970:
            return .scalar(NSNumber(value: date.timeIntervalSince1970 * 1000))
        case .iso8601:
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = .withInternetDateTime
            return .scalar(formatter.string(from: date))
        #if canImport(Darwin)
            // A case of Darwin's Foundation; swift-corelibs-foundation makes it a `.custom` closure.
            case .formatted(let formatter):
                return .scalar(formatter.string(from: date))
        #endif
        case .custom(let encode):
            return try encodeNested(at: path) { try encode(date, $0) }
        @unknown default:
            return try encodeNested(at: path) { try date.encode(to: $0) }
        }
    }

    func box(_ data: Data, at path: [any CodingKey]) throws -> EncodedNode {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            return try encodeNested(at: path) { try data.encode(to: $0) }
        case .base64:
            return .scalar(data.base64EncodedString())
        case .custom(let encode):
            return try encodeNested(at: path) { try encode(data, $0) }
        @unknown default:
            return .scalar(data.base64EncodedString())
        }
    }
}

/// A `[String: V]`: encoded with its keys as they are, without the key encoding strategy, as
/// `JSONEncoder` encodes it.
protocol StringKeyedEncodable {
    func encodeMembers(with encoder: ObjectEncoderImpl, at path: [any CodingKey]) throws -> EncodedNode
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeMembers(with encoder: ObjectEncoderImpl, at path: [any CodingKey]) throws -> EncodedNode {
        let object = EncodedObject()
        for (key, value) in self {
            object.members[key] = try encoder.box(value, at: path + [EncodingKey(key)])
        }
        return .object(object)
    }
}

/// A coding key for a dictionary member or an array index in an encoding path.
struct EncodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = "Index \(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
    static let `super` = EncodingKey("super")
}
