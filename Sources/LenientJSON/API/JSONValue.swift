import Foundation

/// A JSON value as it is in the input: dynamic JSON for "any JSON" properties, and what a
/// decoding closure registered with ``LenientJSONDecoder/register(_:decode:)`` is given.
///
/// A number keeps its literal text (`.number("68.50")`, `.number("12345678901234567890")`), so
/// no precision is lost and nothing is rounded. No coercion rule ever changes what a
/// `JSONValue` holds: `"12"` stays `.string("12")`, `1` stays `.number("1")`.
///
/// ```swift
/// struct Event: Decodable {
///     var name: String
///     var payload: [String: JSONValue]   // whatever the server sends
/// }
/// let event = try LenientJSONDecoder().decode(Event.self, from: data)
/// if case .number(let text)? = event.payload["amount"] { print(text) }   // "12.50"
/// ```
///
/// `JSONValue` is `Decodable` through `JSONDecoder` too. There a number is the text of the
/// value `JSONDecoder` reads (`Int64`, `UInt64` or `Double`, in that order), so `68.50` becomes
/// `"68.5"`; through ``LenientJSONDecoder`` it is exactly the input's text. Encoding writes a
/// number as `Int64`, `UInt64` or `Double`, and an object's keys in any order. Its
/// ``description`` is JSON text with the numbers as they are held and the keys sorted.
public enum JSONValue: Sendable, Hashable, Decodable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (`"-12.50e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are unique (the first of duplicate keys wins, as in `JSONDecoder`).
    case object([String: JSONValue])

    /// Decodes any JSON value.
    ///
    /// ```swift
    /// let value = try LenientJSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [1, 2.50]}"#.utf8))
    /// // .object(["a": .array([.number("1"), .number("2.50")])])
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from: ``LenientJSONDecoder`` reads the input's
    ///   own text; any other decoder is asked for `null`, `Bool`, `String`, `Int64`, `UInt64`,
    ///   `Double`, `[JSONValue]` and `[String: JSONValue]` in turn.
    /// - Throws: `DecodingError` when the decoder holds no JSON value.
    public init(from decoder: any Decoder) throws {
        if let impl = decoder as? DecoderImpl {
            self = try impl.jsonValue(impl.entry, path: impl.pathNode)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? container.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let double = try? container.decode(Double.self) {
            // A number no Double holds exactly (more digits than it keeps) is read through Decimal.
            if let decimal = try? container.decode(Decimal.self), decimal != Self.exactDecimal("\(double)") {
                self = .number(decimal.description)
            } else {
                self = .number("\(double)")
            }
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The member `key` of an object; `nil` for a missing key or a value that is no object.
    ///
    /// ```swift
    /// if case .string(let kind)? = value["type"] { … }
    /// ```
    ///
    /// - Parameter key: The member's name, as the input spells it.
    /// - Returns: The member's value, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; `nil` past its end or for a value that is no array.
    ///
    /// ```swift
    /// let first = value[0]
    /// ```
    ///
    /// - Parameter index: The element's position, from 0.
    /// - Returns: The element, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSONValue: Encodable {
    /// Encodes the value: a number as `Int64`, `UInt64` or `Double` (the first that reads its
    /// text), so `JSONEncoder` writes `.number("68.50")` as `68.5`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(JSONValue.object(["a": .number("1")]))   // {"a":1}
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for number text that is not a number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        case .number(let text):
            if let integer = Int64(text) {
                try container.encode(integer)
            } else if let integer = UInt64(text) {
                try container.encode(integer)
            } else if let double = Double(text), double.isFinite,
                Self.exactDecimal(text) == nil || Self.exactDecimal(text) == Self.exactDecimal("\(double)")
            {
                try container.encode(double)
            } else if let decimal = Self.exactDecimal(text) {
                try container.encode(decimal)
            } else if let double = Double(text) {
                try container.encode(double)
            } else {
                throw EncodingError.invalidValue(
                    self, .init(codingPath: encoder.codingPath, debugDescription: "\"\(text)\" is not a number."))
            }
        }
    }
}

extension JSONValue {
    /// The number `text` writes, exactly, as a `Decimal`; `nil` where Decimal cannot hold it.
    static func exactDecimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text: numbers as they are held, object keys sorted.
    ///
    /// ```swift
    /// JSONValue.object(["b": .number("2.50"), "a": .null]).description   // {"a":null,"b":2.50}
    /// ```
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the value's JSON text to `text`.
    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): Self.writeString(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.writeString(key, to: &text)
                text += ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// `string` as a JSON string literal.
    static func writeString(_ string: String, to text: inout String) {
        text += "\""
        JSONText.appendEscaped(string, quote: "\"", to: &text)
        text += "\""
    }
}

/// Literals build values (`let value: JSONValue = ["id": 1, "tags": ["a"], "parent": .null]`).
/// There is no `nil` literal: `null` is always written `.null`, so that `nil` keeps meaning "no
/// value" in a `JSONValue?` or a dictionary's subscript.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A Boolean: `let value: JSONValue = true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A string: `let value: JSONValue = "text"`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number with the integer's text: `let value: JSONValue = 42` is `.number("42")`.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    /// A number with the `Double`'s shortest text: `let value: JSONValue = 2.5` is `.number("2.5")`.
    public init(floatLiteral value: Double) { self = .number("\(value)") }
    /// An array: `let value: JSONValue = [1, "two", .null]`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object (the first of duplicate keys wins): `let value: JSONValue = ["id": 1]`.
    public init(dictionaryLiteral members: (String, JSONValue)...) {
        var object: [String: JSONValue] = [:]
        for (key, value) in members where object[key] == nil { object[key] = value }
        self = .object(object)
    }
}

extension DecoderImpl {
    /// The JSON value at `entry`, read from the input as it is (no rule of the policy applies;
    /// keys are the input's, without the key strategy). Only invalid JSON (a malformed number or
    /// string) throws.
    func jsonValue(_ entry: Int, path: CodingPathNode) throws -> JSONValue {
        switch map.kind(entry) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            let valid = map.isJSON5 ? JSON5Number(map.text(entry)) != nil : map.numberShape(entry) != nil
            guard valid else {
                throw DecodingErrors.malformedNumber(
                    path: path.path, map: map, entry: entry, describes: mode.describesErrors)
            }
            return .number(String(decoding: map.text(entry), as: UTF8.self))
        case .string:
            return .string(try stringValue(entry, path: path, key: nil))
        case .date:
            return .string(Self.iso8601(map.dates[map.offset(entry)]))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(map.childCount(entry))
            for (index, child) in map.elements(of: entry).enumerated() {
                elements.append(try jsonValue(child, path: path.appending(IndexKey(index))))
            }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            for (keyEntry, value) in map.members(of: entry) {
                let name = try keyString(keyEntry, path: path)
                if members[name] == nil { members[name] = try jsonValue(value, path: path.appending(NameKey(name))) }
            }
            return .object(members)
        }
    }

    /// A `Date` of a `fromJSONObject` tree as ISO 8601 text with milliseconds, in UTC.
    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
