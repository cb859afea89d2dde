import Foundation

/// The entry point of every coercion rule (the "slow path"): the strict reading failed, and
/// the policy's coercions get one chance to produce the value. Each rule family lives in its
/// own file in this folder and is used by every container and by both inputs.
extension DecoderImpl {
    var coercions: LenientPolicy.Coercions { options.policy.coercions }

    /// Where the strict path failed: a rule the policy allows may produce the value (and is
    /// reported); otherwise `strictError`, the error `JSONDecoder` throws, is thrown.
    func fallback<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey,
        strictError: @autoclosure () -> DecodingError
    ) throws -> T {
        if !coercions.isEmpty, let value = try coerce(entry, as: type, parent: parent, key: key) {
            return value
        }
        throw strictError()
    }

    /// The value a coercion rule gives for `entry` as `T`, or `nil` when no rule applies.
    /// Throws where a rule applies but the value is unusable (a number out of range).
    func coerce<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey) throws -> T? {
        let kind = map.kind(entry)
        if kind == .null { return nil }
        if kind == .array, let element = singleScalarElement(entry) {
            let value = try unwrap(element, as: type, parent: parent, key: key)
            try recordLeniency(
                .coerced, .valueUnwrapped, entry: entry, parent: parent, key: key, type: T.self,
                .text("Unwrapped a one-element array into \(DecodingErrors.typeName(T.self))."))
            session.structuralCount += 1
            return value
        }
        if kind == .string, coercions.contains(.emptyStringAsDefault), T.self != String.self,
            NumericText.isBlank(try stringValue(entry, path: parent, key: key)), let value = scalarDefault(T.self)
        {
            try recordLeniency(
                .usedDefault, .defaultBuiltIn, entry: entry, parent: parent, key: key, type: T.self,
                .text("Used the default \(value) for an empty string."))
            return value
        }
        let value: T?
        // The numeric rules say which of them read the value; the others are told apart below.
        var numberRule: RuleCode?
        var readBy = RuleCode.numberFromString
        // Where `T` is matched by identity, the value is taken as `T` by ``knownType(_:as:)``:
        // `as? T` would be a dynamic cast, a runtime call for every coerced scalar.
        if T.self == Bool.self {
            value = try coerceBool(entry, parent: parent, key: key).map { knownType($0, as: T.self) }
        } else if T.self == Int.self {
            // The common integers by name, so that their rules run specialized: through the
            // existential below, every `I?` asks the runtime for `Optional<I>`'s metadata.
            value = try coerceInteger(entry, as: Int.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == Int64.self {
            value = try coerceInteger(entry, as: Int64.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == UInt64.self {
            value = try coerceInteger(entry, as: UInt64.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == Int32.self {
            value = try coerceInteger(entry, as: Int32.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == Double.self {
            value = try coerceFloatingPoint(entry, as: Double.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == Float.self {
            value = try coerceFloatingPoint(entry, as: Float.self, parent: parent, key: key, rule: &readBy).map {
                knownType($0, as: T.self)
            }
            numberRule = readBy
        } else if T.self == Decimal.self {
            value = try coerceDecimal(entry, parent: parent, key: key, rule: &readBy).map { knownType($0, as: T.self) }
            numberRule = readBy
        } else if T.self == String.self {
            value = coerceString(entry).map { knownType($0, as: T.self) }
        } else if T.self == Data.self {
            value = try coerceData(entry, parent: parent, key: key).map { knownType($0, as: T.self) }
        } else if T.self == URL.self {
            value = try coerceURL(entry, parent: parent, key: key).map { knownType($0, as: T.self) }
        } else if T.self == UUID.self {
            value = try coerceUUID(entry, parent: parent, key: key).map { knownType($0, as: T.self) }
        } else if let integerType = T.self as? any FixedWidthInteger.Type {
            // After every type matched by identity: this cast asks the runtime for a conformance, and a
            // coerced Double paid for it (7.5 % of the messy canada's instructions).
            value = try coerceInteger(entry, as: integerType, parent: parent, key: key, rule: &readBy) as? T
            numberRule = readBy
        } else if let enumType = T.self as? any (CaseIterable & RawRepresentable).Type {
            value = try coerceEnum(entry, as: enumType, parent: parent, key: key) as? T
        } else {
            value = nil
        }
        if let value {
            try recordLeniency(
                .coerced, numberRule ?? coercionRule(entry, as: T.self), entry: entry, parent: parent, key: key,
                type: T.self,
                coercionDescription(value, of: entry))
        }
        return value
    }

    /// The element of a one-element array whose element is a scalar, when the lossy
    /// single-element rule is on.
    func singleScalarElement(_ entry: Int) -> Int? {
        guard coercions.contains(.unwrapSingleElementArrays), map.childCount(entry) == 1 else { return nil }
        let element = entry + 1
        switch map.kind(element) {
        case .array, .object, .null: return nil
        default: return element
        }
    }

    /// The text of a string entry, trimmed when the whitespace rule is on.
    func coercibleText(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> String? {
        guard map.kind(entry) == .string else { return nil }
        return String(scalarText(try stringValue(entry, path: parent, key: key)))
    }

    /// The rule by which ``coerce(_:as:parent:key:)`` read `entry` as `T`, for the types other
    /// than numbers (whose rules say which of them read the value), told apart as the rule files
    /// tell them: by the value's kind, then its text.
    func coercionRule<T>(_ entry: Int, as type: T.Type) -> RuleCode {
        let kind = map.kind(entry)
        if T.self == Bool.self { return kind == .number ? .boolFromNumber : .boolFromString }
        if T.self == String.self { return kind == .number ? .stringFromNumber : .stringFromBool }
        if T.self == Data.self { return .dataBase64Normalized }
        if T.self == URL.self { return .whitespaceTrimmed }
        if T.self == UUID.self {
            let text = kind == .string ? (try? stringValue(entry, path: .root, key: nil)).map { scalarText($0) } : nil
            return text.flatMap { UUID(uuidString: String($0)) } != nil ? .whitespaceTrimmed : .uuidNormalized
        }
        return .enumNormalized
    }

    /// How the event of a coercion that gave `value` for `entry` is told: a number or Boolean
    /// by its bits, any other value by a closure that keeps it.
    private func coercionDescription<T>(_ value: T, of entry: Int) -> ReportCollector.Description {
        if let bits = CoercedScalar.bits(of: value) { return .coercedScalar(bits) }
        let map = self.map
        return .text(Self.coercionSentence(value, at: entry, as: T.self, in: map))
    }

    /// What a coercion event says: `Coerced string "12" to Int 12.`, from the value found at
    /// `entry` of `map`, the type read and `value`, what the coercion gave.
    static func coercionSentence(_ value: Any, at entry: Int?, as type: Any.Type?, in map: ValueMap) -> String {
        let typeName = type.map { DecodingErrors.typeName($0) } ?? "\(Swift.type(of: value))"
        return coercionSentence(shown: show(value), at: entry, typeName: typeName, in: map)
    }

    /// ``coercionSentence(_:at:as:in:)`` of a value shown as `shown` (``show(_:)``), read as the
    /// type named `typeName`: a record's event names its type and shows its number once, not
    /// by `String(describing:)` and an interpolation of `Any`, which cost most of its sentence.
    static func coercionSentence(shown: String, at entry: Int?, typeName: String, in map: ValueMap) -> String {
        var text: [UInt8] = []
        appendCoercionSentence(shown: shown, at: entry, typeName: typeName, in: map, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``coercionSentence(shown:at:typeName:in:)`` to `text`: what a
    /// summary line writes into its own buffer. Written as bytes, not interpolated: the six
    /// appends of an interpolation and the excerpt's own string cost about two thirds of a
    /// messy twitter's coercion sentences (Benchmarks `instructions lenient-report-summary`).
    static func appendCoercionSentence(
        shown: String, at entry: Int?, typeName: String, in map: ValueMap, to text: inout [UInt8]
    ) {
        text.append(literal: "Coerced ")
        if let entry {
            DecodingErrors.appendFound(map, entry, to: &text)
        } else {
            text.append(literal: "a value")
        }
        text.append(literal: " to ")
        text.append(utf8Of: typeName)
        text.append(UInt8(ascii: " "))
        text.append(utf8Of: shown)
        text.append(UInt8(ascii: "."))
    }

    static func show(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        return "\(value)"
    }

    /// `value`, to be shown by ``show(_:)`` when its event is read, after the decode: a class
    /// instance, which the model holding it may change by then, is described now.
    static func frozen(_ value: Any) -> Any {
        type(of: value) is AnyClass ? DescribedValue(description: show(value)) : value
    }

    /// A value described already (``frozen(_:)``).
    private struct DescribedValue: CustomStringConvertible {
        let description: String
    }
}
