import Foundation

/// Reading scalars: the strict path first (exactly `JSONDecoder`), and only where it fails,
/// the policy's fallback (`fallback(_:as:parent:key:strictError:)` in `Coercion/CoercionEntry.swift`).
extension DecoderImpl {
    // MARK: Strict readings (no path, no policy: exactly what JSONDecoder accepts, or nil)

    /// The integer at `entry` when it is a JSON number that fits `T`.
    @inline(__always) func strictInteger<T: FixedWidthInteger>(_ entry: Int, as type: T.Type) -> T? {
        guard map.kind(entry) == .number, !map.isJSON5, let shape = map.numberShape(entry) else { return nil }
        let text = map.text(entry)
        if shape.isPlainInteger, let value = NumberParsing.plainInteger(text, as: type) { return value }
        return NumberParsing.integer(text, shape: shape, as: type)
    }

    /// The floating-point value at `entry` when it is a JSON number `T` can hold.
    @inline(__always) func strictFloatingPoint<T: BinaryFloatingPoint>(_ entry: Int, as type: T.Type) -> T? {
        guard map.kind(entry) == .number, !map.isJSON5, let shape = map.numberShape(entry) else { return nil }
        return NumberParsing.floatingPoint(map.text(entry), shape: shape, as: type)
    }

    /// The string at `entry` when it is a well-formed JSON string.
    @inline(__always) func strictString(_ entry: Int) -> String? {
        guard map.kind(entry) == .string else { return nil }
        if let kept = map.keptStrings { return keptString(entry, in: kept) }
        return try? StringDecoding.decode(
            map.text(entry), flags: map.flags(entry), base: map.offset(entry), json5: map.isJSON5)
    }

    /// ``strictString(_:)`` in a decode that reads values again: the string as first decoded.
    @inline(never)
    private func keptString(_ entry: Int, in kept: KeptStrings) -> String? {
        kept.string(entry, length: map.length(entry)) {
            try? StringDecoding.decode(
                map.text(entry), flags: map.flags(entry), base: map.offset(entry), json5: map.isJSON5)
        }
    }

    /// The Boolean at `entry` when it is `true` or `false`.
    @inline(__always) func strictBool(_ entry: Int) -> Bool? {
        switch map.kind(entry) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    // MARK: Unwrapping: the strict reading, then the policy's fallback

    func unwrapInteger<T: FixedWidthInteger & Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        if let value = strictInteger(entry, as: type) { return value }
        if map.kind(entry) == .number {
            return try unreadNumber(entry, as: type, parent: parent, key: key) { $0.integer(as: type) }
        }
        return try fallback(entry, as: type, parent: parent, key: key, strictError: mismatch(entry, type, parent, key))
    }

    func unwrapFloatingPoint<T: BinaryFloatingPoint & Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        if let value = strictFloatingPoint(entry, as: type) { return value }
        switch map.kind(entry) {
        case .number:
            return try unreadNumber(entry, as: type, parent: parent, key: key) { $0.floatingPoint(as: type) }
        case .string:
            if case .convertFromString(let positive, let negative, let nan) =
                options.nonConformingFloatDecodingStrategy,
                map.flags(entry) & ValueMap.complexString == 0
            {
                let text = map.text(entry)
                if Self.equals(text, positive) { return T.infinity }
                if Self.equals(text, negative) { return -T.infinity }
                if Self.equals(text, nan) { return T.nan }
            }
        default:
            break
        }
        return try fallback(entry, as: type, parent: parent, key: key, strictError: mismatch(entry, type, parent, key))
    }

    func unwrapBool(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Bool {
        if let value = strictBool(entry) { return value }
        // JSONDecoder reports null as a type mismatch for Bool (not valueNotFound).
        return try fallback(
            entry, as: Bool.self, parent: parent, key: key,
            strictError: DecodingErrors.typeMismatch(
                Bool.self, path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors))
    }

    func unwrapString(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> String {
        if map.kind(entry) == .string {
            return try stringValue(entry, path: parent, key: key)
        }
        return try fallback(
            entry, as: String.self, parent: parent, key: key, strictError: mismatch(entry, String.self, parent, key))
    }

    func unwrapDecimal(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Decimal {
        if map.kind(entry) == .number {
            if !map.isJSON5, map.numberShape(entry) != nil, let value = NumberParsing.decimal(map.text(entry)) {
                return value
            }
            return try unreadNumber(entry, as: Decimal.self, parent: parent, key: key) { $0.decimal() }
        }
        return try fallback(
            entry, as: Decimal.self, parent: parent, key: key, strictError: mismatch(entry, Decimal.self, parent, key))
    }

    /// Number `entry`, which the strict reading of standard JSON did not turn into a `T`: a
    /// JSON5 number converted by `json5`; a valid number that does not fit `T` (out of range,
    /// overflow), whose error the policy's fallback may replace; or a malformed number, which
    /// is a syntax error no rule recovers.
    func unreadNumber<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, json5: (JSON5Number) -> T?
    ) throws -> T {
        if map.isJSON5 {
            guard let number = JSON5Number(map.text(entry)) else { throw invalidNumber(entry, parent, key) }
            if let value = json5(number) { return value }
        } else if map.numberShape(entry) == nil {
            throw invalidNumber(entry, parent, key)
        }
        return try fallback(
            entry, as: type, parent: parent, key: key, strictError: outOfRange(entry, type, parent, key))
    }

    /// The unescaped text of string `entry`.
    @inline(__always)
    func stringValue(_ entry: Int, path: CodingPathNode, key: ChildKey) throws -> String {
        do {
            return try StringDecoding.decode(
                map.text(entry), flags: map.flags(entry), base: map.offset(entry), json5: map.isJSON5)
        } catch {
            throw syntaxError(error, path.path(appending: key))
        }
    }

    /// The unescaped text of object key `entry`.
    @inline(__always)
    func keyString(_ entry: Int, path: CodingPathNode) throws -> String {
        try stringValue(entry, path: path, key: nil)
    }

    // MARK: Errors

    func mismatch(_ entry: Int, _ type: Any.Type, _ parent: CodingPathNode, _ key: ChildKey) -> DecodingError {
        if map.kind(entry) == .null {
            return DecodingErrors.valueNotFound(
                type, path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
        }
        return DecodingErrors.typeMismatch(
            type, path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
    }

    /// The error for a valid number that `type` cannot hold: for an integer type, a number
    /// whose fraction is not zero (`1.5`) and that is in range once truncated says so; any
    /// other names the type's bounds.
    func outOfRange(_ entry: Int, _ type: Any.Type, _ parent: CodingPathNode, _ key: ChildKey) -> DecodingError {
        if mode.describesErrors, map.kind(entry) == .number, let integer = type as? any FixedWidthInteger.Type,
            Self.hasFractionInRange(map.text(entry), as: integer)
        {
            return DecodingErrors.fractionForInteger(
                type, path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
        }
        return DecodingErrors.dataCorrupted(
            "Number does not fit in \(DecodingErrors.typeName(type))\(Self.bounds(of: type))",
            path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
    }

    /// Whether JSON number `text` has a nonzero fraction and its whole part fits `I`: the
    /// number fails only for its fraction.
    private static func hasFractionInRange<I: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: I.Type)
        -> Bool
    {
        NumberParsing.shape(of: text) != nil && NumberParsing.hasFraction(text)
            && NumberParsing.truncatedInteger(text, as: I.self) != nil
    }

    func invalidNumber(_ entry: Int, _ parent: CodingPathNode, _ key: ChildKey) -> DecodingError {
        DecodingErrors.malformedNumber(
            path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
    }

    func syntaxError(_ error: JSONSyntaxError, _ path: [any CodingKey]) -> DecodingError {
        DecodingErrors.syntax(
            error, path: path, bytes: map.hasSourcePositions ? UnsafeBufferPointer(map.bytes) : nil,
            leadingByteCount: map.leadingByteCount)
    }

    static func bounds(of type: Any.Type) -> String {
        func range<I: FixedWidthInteger>(_: I.Type) -> String { " (\(I.min)...\(I.max))" }
        switch type {
        case is Int.Type: return range(Int.self)
        case is Int8.Type: return range(Int8.self)
        case is Int16.Type: return range(Int16.self)
        case is Int32.Type: return range(Int32.self)
        case is Int64.Type: return range(Int64.self)
        case is UInt.Type: return range(UInt.self)
        case is UInt8.Type: return range(UInt8.self)
        case is UInt16.Type: return range(UInt16.self)
        case is UInt32.Type: return range(UInt32.self)
        case is UInt64.Type: return range(UInt64.self)
        default:
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
                if type is Int128.Type { return range(Int128.self) }
                if type is UInt128.Type { return range(UInt128.self) }
            }
            return ""
        }
    }

    static func equals(_ text: UnsafeBufferPointer<UInt8>, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { $0.elementsEqual(text) }
    }
}
