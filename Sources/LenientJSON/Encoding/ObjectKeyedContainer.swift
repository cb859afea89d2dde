import Foundation

/// The keyed container of ``ObjectEncoderImpl``: adds members to an ``EncodedObject``, their
/// keys written by the key encoding strategy.
struct ObjectKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ObjectEncoderImpl
    let object: EncodedObject
    let codingPath: [any CodingKey]

    private func name(_ key: Key) -> String {
        KeyEncoding.key(key, at: codingPath, strategy: encoder.options.keyEncodingStrategy)
    }

    private func set(_ node: EncodedNode, for key: Key) {
        object.members[name(key)] = node
    }

    mutating func encodeNil(forKey key: Key) throws { set(.scalar(NSNull()), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.scalar(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.box(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.box(value, at: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.scalar(NSNumber(value: value)), for: key) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        set(.scalar(ObjectEncoderImpl.number(value)), for: key)
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        set(.scalar(ObjectEncoderImpl.number(value)), for: key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.box(value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let name = name(key)
        let nested: EncodedObject
        if case .object(let existing) = object.members[name] {
            nested = existing
        } else {
            nested = EncodedObject()
            object.members[name] = .object(nested)
        }
        return KeyedEncodingContainer(
            ObjectKeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = name(key)
        let nested: EncodedArray
        if case .array(let existing) = object.members[name] {
            nested = existing
        } else {
            nested = EncodedArray()
            object.members[name] = .array(nested)
        }
        return ObjectUnkeyedContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: "super", key: EncodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: name(key), key: key)
    }

    /// An encoder whose value becomes member `name` when the tree is built.
    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let nested = ObjectEncoderImpl(options: encoder.options, codingPath: codingPath + [key])
        object.members[name] = .deferred(nested)
        return nested
    }
}
