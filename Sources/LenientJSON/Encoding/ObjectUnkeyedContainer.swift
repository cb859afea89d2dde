import Foundation

/// The unkeyed container of ``ObjectEncoderImpl``: appends elements to an ``EncodedArray``.
struct ObjectUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ObjectEncoderImpl
    let array: EncodedArray
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [EncodingKey(index: count)] }

    private func append(_ node: EncodedNode) { array.elements.append(node) }

    mutating func encodeNil() throws { append(.scalar(NSNull())) }
    mutating func encode(_ value: Bool) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: String) throws { append(.scalar(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.box(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try encoder.box(value, at: nextPath)) }
    mutating func encode(_ value: Int) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: Int8) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: Int16) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: Int32) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: Int64) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: UInt) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: UInt8) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: UInt16) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: UInt32) throws { append(.scalar(NSNumber(value: value))) }
    mutating func encode(_ value: UInt64) throws { append(.scalar(NSNumber(value: value))) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func encode(_ value: Int128) throws { append(.scalar(ObjectEncoderImpl.number(value))) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    mutating func encode(_ value: UInt128) throws { append(.scalar(ObjectEncoderImpl.number(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try encoder.box(value, at: nextPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = nextPath
        let nested = EncodedObject()
        append(.object(nested))
        return KeyedEncodingContainer(
            ObjectKeyedContainer<NestedKey>(encoder: encoder, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = EncodedArray()
        append(.array(nested))
        return ObjectUnkeyedContainer(encoder: encoder, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = ObjectEncoderImpl(options: encoder.options, codingPath: nextPath)
        append(.deferred(nested))
        return nested
    }
}
