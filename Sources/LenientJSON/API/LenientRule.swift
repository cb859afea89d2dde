/// Which leniency rule acted, by a stable code: what a log, a metrics system or a test filters on.
///
/// Each ``LenientDecodingEvent`` has one; its ``rawValue`` is a code such as `number.fromString`
/// (a family, a dot, the rule), and each code has a static member named after it (``numberFromString``).
/// It is `Codable` as its code, a JSON string (the standard library's coding of a `String`
/// raw value).
public struct LenientRule: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule's code, such as `"number.fromString"`.
    public let rawValue: String

    /// Creates a rule from its code.
    ///
    /// - Parameter rawValue: The rule's code, such as `"number.fromString"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The rule's code: `number.fromString`.
    public var description: String { rawValue }

    /// `number.fromString`: A numeric string read as an integer, `Float`, `Double` or `Decimal`.
    public static let numberFromString = LenientRule(rawValue: "number.fromString")
    /// `number.truncated`: A number's fraction truncated for an integer.
    public static let numberTruncated = LenientRule(rawValue: "number.truncated")
    /// `number.fromText`: The first number in a text read as a number.
    public static let numberFromText = LenientRule(rawValue: "number.fromText")
    /// `number.fromBool`: `true` or `false` read as 1 or 0.
    public static let numberFromBool = LenientRule(rawValue: "number.fromBool")
    /// `number.nonConforming`: `"NaN"`, `"Infinity"` or `"inf"` read as a floating-point number.
    public static let numberNonConforming = LenientRule(rawValue: "number.nonConforming")
    /// `bool.fromNumber`: A number read as a `Bool` (0 and 1, or any number).
    public static let boolFromNumber = LenientRule(rawValue: "bool.fromNumber")
    /// `bool.fromString`: A word such as `"yes"`, `"on"` or `"1"` read as a `Bool`.
    public static let boolFromString = LenientRule(rawValue: "bool.fromString")
    /// `string.fromNumber`: A number read as its text.
    public static let stringFromNumber = LenientRule(rawValue: "string.fromNumber")
    /// `string.fromBool`: `true` or `false` read as `"true"` or `"false"`.
    public static let stringFromBool = LenientRule(rawValue: "string.fromBool")
    /// `whitespace.trimmed`: Surrounding whitespace trimmed, where that alone made the value readable.
    public static let whitespaceTrimmed = LenientRule(rawValue: "whitespace.trimmed")
    /// `array.wrapped`: A single value read as a one-element array.
    public static let arrayWrapped = LenientRule(rawValue: "array.wrapped")
    /// `array.fromObject`: An object with integer keys read as an array.
    public static let arrayFromObject = LenientRule(rawValue: "array.fromObject")
    /// `value.unwrapped`: A one-element array read as its element.
    public static let valueUnwrapped = LenientRule(rawValue: "value.unwrapped")
    /// `dictionary.fromEmptyArray`: `[]` read as an empty dictionary.
    public static let dictionaryFromEmptyArray = LenientRule(rawValue: "dictionary.fromEmptyArray")
    /// `enum.normalized`: An enum raw value differing in case, `_`, `-` or spaces.
    public static let enumNormalized = LenientRule(rawValue: "enum.normalized")
    /// `enum.fromNumericString`: A numeric string read as an enum's `Int` raw value.
    public static let enumFromNumericString = LenientRule(rawValue: "enum.fromNumericString")
    /// `enum.alias`: A registered raw-value alias of an enum case.
    public static let enumAlias = LenientRule(rawValue: "enum.alias")
    /// `uuid.normalized`: A UUID without hyphens, braced, or with a `urn:uuid:` prefix.
    public static let uuidNormalized = LenientRule(rawValue: "uuid.normalized")
    /// `data.base64Normalized`: Base64url, missing padding or line breaks in base64 data.
    public static let dataBase64Normalized = LenientRule(rawValue: "data.base64Normalized")
    /// `json.embedded`: JSON text inside a string decoded.
    public static let jsonEmbedded = LenientRule(rawValue: "json.embedded")
    /// `date.fromNumericString`: A date from a numeric string.
    public static let dateFromNumericString = LenientRule(rawValue: "date.fromNumericString")
    /// `date.unixSeconds`: A date from a number of seconds since 1970.
    public static let dateUnixSeconds = LenientRule(rawValue: "date.unixSeconds")
    /// `date.unixMilliseconds`: A date from a number of milliseconds since 1970.
    public static let dateUnixMilliseconds = LenientRule(rawValue: "date.unixMilliseconds")
    /// `date.unixMicroseconds`: A date from a number of microseconds since 1970.
    public static let dateUnixMicroseconds = LenientRule(rawValue: "date.unixMicroseconds")
    /// `date.iso8601`: A date from ISO 8601 text.
    public static let dateIso8601 = LenientRule(rawValue: "date.iso8601")
    /// `date.rfc2822`: A date from RFC 2822 text.
    public static let dateRfc2822 = LenientRule(rawValue: "date.rfc2822")
    /// ``dateIso8601``, spelled as Swift spells acronyms.
    public static let dateISO8601 = dateIso8601
    /// ``dateRfc2822``, spelled as Swift spells acronyms.
    public static let dateRFC2822 = dateRfc2822
    /// `date.slashed`: A date from slashed text such as `03/14/2024`.
    public static let dateSlashed = LenientRule(rawValue: "date.slashed")
    /// `date.format`: A date read by one of the decoder's `dateFormats`.
    public static let dateFormat = LenientRule(rawValue: "date.format")
    /// `optional.emptyString`: `""` read as `nil`.
    public static let optionalEmptyString = LenientRule(rawValue: "optional.emptyString")
    /// `optional.phpFalse`: `false` read as `nil` (PHP's "no value").
    public static let optionalPhpFalse = LenientRule(rawValue: "optional.phpFalse")
    /// `optional.invalid`: An undecodable value in an `Optional` read as `nil`.
    public static let optionalInvalid = LenientRule(rawValue: "optional.invalid")
    /// `element.dropped`: An undecodable element or dictionary member dropped.
    public static let elementDropped = LenientRule(rawValue: "element.dropped")
    /// `default.builtIn`: A built-in default (`0`, `""`, `[]`, a type decoded from `{}`) used.
    public static let defaultBuiltIn = LenientRule(rawValue: "default.builtIn")
    /// `default.registered`: A registered fallback or default used.
    public static let defaultRegistered = LenientRule(rawValue: "default.registered")
    /// `key.normalized`: A key found by normalized matching.
    public static let keyNormalized = LenientRule(rawValue: "key.normalized")
    /// `key.alias`: A key found through a registered alias.
    public static let keyAlias = LenientRule(rawValue: "key.alias")
    /// `key.path`: A key found through a key path.
    public static let keyPath = LenientRule(rawValue: "key.path")
    /// `key.unused`: An object member that no model read.
    public static let keyUnused = LenientRule(rawValue: "key.unused")
    /// `text.skipped`: Text around a model's JSON answer (prose, a Markdown fence) skipped.
    public static let textSkipped = LenientRule(rawValue: "text.skipped")

    /// Every rule, in the order of the README's table.
    public static let allRules: [LenientRule] = [
        .numberFromString,
        .numberTruncated,
        .numberFromText,
        .numberFromBool,
        .numberNonConforming,
        .boolFromNumber,
        .boolFromString,
        .stringFromNumber,
        .stringFromBool,
        .whitespaceTrimmed,
        .arrayWrapped,
        .arrayFromObject,
        .valueUnwrapped,
        .dictionaryFromEmptyArray,
        .enumNormalized,
        .enumFromNumericString,
        .enumAlias,
        .uuidNormalized,
        .dataBase64Normalized,
        .jsonEmbedded,
        .dateFromNumericString,
        .dateUnixSeconds,
        .dateUnixMilliseconds,
        .dateUnixMicroseconds,
        .dateIso8601,
        .dateRfc2822,
        .dateSlashed,
        .dateFormat,
        .optionalEmptyString,
        .optionalPhpFalse,
        .optionalInvalid,
        .elementDropped,
        .defaultBuiltIn,
        .defaultRegistered,
        .keyNormalized,
        .keyAlias,
        .keyPath,
        .keyUnused,
        .textSkipped,
    ]
}
