/// The decoder is its own single-value container: each call reads the current value.
extension DecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool { map.kind(entry) == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try unwrapBool(entry, parent: pathNode, key: nil) }
    func decode(_ type: String.Type) throws -> String { try unwrapString(entry, parent: pathNode, key: nil) }
    func decode(_ type: Double.Type) throws -> Double {
        try unwrapFloatingPoint(entry, as: type, parent: pathNode, key: nil)
    }
    func decode(_ type: Float.Type) throws -> Float {
        try unwrapFloatingPoint(entry, as: type, parent: pathNode, key: nil)
    }
    func decode(_ type: Int.Type) throws -> Int { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try unwrapInteger(entry, as: type, parent: pathNode, key: nil) }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 {
        try unwrapInteger(entry, as: type, parent: pathNode, key: nil)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try unwrap(entry, as: type, parent: pathNode, key: nil)
        } catch let error as DecodingError where collection != nil {
            return try collectCall(
                .init(entry: entry, name: nil, type: ObjectIdentifier(type)), position: entry, error: error,
                child: (entry, type, pathNode, nil)
            ) { placeholder(type) }
        }
    }
}
