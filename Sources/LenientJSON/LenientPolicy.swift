/// How tolerant a ``LenientJSONDecoder`` is.
///
/// A policy is four independent settings: which coercions are allowed, how keys are
/// matched, what happens to a missing or `null` value, and what happens to a value that
/// cannot be decoded. Three presets cover the common cases:
///
/// | preset | behaviour |
/// |---|---|
/// | ``strict`` | exactly `JSONDecoder` |
/// | ``lenient`` | lossless coercions and normalized keys (the default) |
/// | ``permissive`` | everything, lossy rules and defaults included |
///
/// ```swift
/// let decoder = LenientJSONDecoder(policy: .strict)
/// var policy = LenientPolicy.lenient
/// policy.keyMatching = .exact
/// decoder.policy = policy
/// ```
public struct LenientPolicy: Sendable, Equatable {
    /// The coercion rule families that may be applied where a value does not decode as is.
    public var coercions: Coercions
    /// How a `CodingKey` is matched against the keys of a JSON object.
    public var keyMatching: KeyMatching
    /// What happens when a non-`Optional` value is missing or `null`.
    public var missingValues: MissingValueHandling
    /// What happens when a value cannot be decoded or coerced.
    public var invalidValues: InvalidValueHandling

    /// Creates a policy from its four settings.
    public init(
        coercions: Coercions,
        keyMatching: KeyMatching,
        missingValues: MissingValueHandling,
        invalidValues: InvalidValueHandling
    ) {
        self.coercions = coercions
        self.keyMatching = keyMatching
        self.missingValues = missingValues
        self.invalidValues = invalidValues
    }

    /// Exactly `JSONDecoder`'s behaviour: no coercions, exact keys, every failure throws.
    public static let strict = LenientPolicy(
        coercions: [], keyMatching: .exact, missingValues: .throw, invalidValues: .throw)

    /// Lossless coercions, normalized key matching, and `nil` for an `Optional` whose value
    /// cannot be decoded. This is the default.
    public static let lenient = LenientPolicy(
        coercions: .lossless, keyMatching: .normalized, missingValues: .throw,
        invalidValues: .nilForOptionals)

    /// Every coercion including the lossy ones, defaults for missing values, and recovery of
    /// invalid values (dropped collection elements, defaults, `nil`).
    public static let permissive = LenientPolicy(
        coercions: .all, keyMatching: .normalized, missingValues: .useDefault,
        invalidValues: .recover)

    /// Whether any rule other than key matching can change a value.
    var allowsLeniency: Bool {
        !coercions.isEmpty || missingValues != .throw || invalidValues != .throw
    }

    /// This policy without coercions or recovery, keeping its key matching: how a value is
    /// decoded again to find `JSONDecoder`'s choice among a hand-written decoder's alternatives.
    var strictReading: LenientPolicy {
        LenientPolicy(coercions: [], keyMatching: keyMatching, missingValues: .throw, invalidValues: .throw)
    }
}

extension LenientPolicy {
    /// The coercion rule families, one flag per family of the rule table.
    public struct Coercions: OptionSet, Sendable, Hashable {
        /// The raw bits of the set.
        public let rawValue: UInt32
        /// Creates a set from raw bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Numeric strings (`"42"`, `" 4.2e1 "`) decode as numbers.
        public static let numericStrings = Coercions(rawValue: 1 << 0)
        /// `0`/`1` and `"yes"`, `"no"`, `"on"`, `"off"`, … decode as `Bool`.
        public static let boolFromNumbersAndStrings = Coercions(rawValue: 1 << 1)
        /// Numbers and booleans decode as `String` (numbers keep their literal text).
        public static let stringFromScalars = Coercions(rawValue: 1 << 2)
        /// `""` decodes as `nil` for an `Optional` non-`String` scalar.
        public static let emptyStringAsNil = Coercions(rawValue: 1 << 3)
        /// Surrounding whitespace is trimmed for URL, UUID, Bool and numbers.
        public static let trimWhitespace = Coercions(rawValue: 1 << 4)
        /// A single value decodes as a one-element array; `[]` decodes as an empty dictionary.
        public static let collectionWrapping = Coercions(rawValue: 1 << 5)
        /// String-raw-value enums match case-insensitively; Int-raw-value enums from numeric strings.
        public static let enumMatching = Coercions(rawValue: 1 << 6)
        /// UUIDs without hyphens, braced, or with a `urn:uuid:` prefix.
        public static let uuidForms = Coercions(rawValue: 1 << 7)
        /// base64url, missing padding and line breaks in `.base64` data.
        public static let base64Variants = Coercions(rawValue: 1 << 8)
        /// Fallback date parsing when the date strategy fails.
        public static let dateFallbacks = Coercions(rawValue: 1 << 9)
        /// A string holding JSON text where an object or array is expected
        /// (`"{\"a\":1}"`) decodes as that JSON.
        public static let jsonInStrings = Coercions(rawValue: 1 << 10)
        /// `false` where an `Optional` of any type but `Bool` is expected is `nil` (PHP's
        /// "no value").
        public static let falseAsNil = Coercions(rawValue: 1 << 11)

        /// Lossy: numbers with a fraction are truncated into integers.
        public static let truncateFractions = Coercions(rawValue: 1 << 16)
        /// Lossy: the first number inside text (`"the 21.5 slices"`).
        public static let numberInText = Coercions(rawValue: 1 << 17)
        /// Lossy: `true`/`false` decode as `1`/`0`; any non-zero number is `true`.
        public static let numbersFromBools = Coercions(rawValue: 1 << 18)
        /// Lossy: `"NaN"`, `"Infinity"`, `"inf"`, any case, into `Float`/`Double`.
        public static let nonConformingFloats = Coercions(rawValue: 1 << 19)
        /// Lossy: a one-element array decodes as its element.
        public static let unwrapSingleElementArrays = Coercions(rawValue: 1 << 20)
        /// Lossy: an object whose keys are all non-negative integers (`"0"`…`"n-1"`, or with
        /// gaps and in any order) decodes as an array in numeric key order.
        public static let arraysFromIndexedObjects = Coercions(rawValue: 1 << 21)
        /// Lossy: `""` decodes as the type's default for a non-`Optional` scalar.
        public static let emptyStringAsDefault = Coercions(rawValue: 1 << 22)

        /// Every rule that loses no information (the `.lenient` set).
        public static let lossless: Coercions = [
            .numericStrings, .boolFromNumbersAndStrings, .stringFromScalars, .emptyStringAsNil,
            .trimWhitespace, .collectionWrapping, .enumMatching, .uuidForms, .base64Variants,
            .dateFallbacks, .jsonInStrings, .falseAsNil,
        ]
        /// Every rule, lossy ones included (the `.permissive` set).
        public static let all: Coercions = lossless.union([
            .truncateFractions, .numberInText, .numbersFromBools, .nonConformingFloats,
            .unwrapSingleElementArrays, .arraysFromIndexedObjects, .emptyStringAsDefault,
        ])
    }

    /// How a `CodingKey` is matched against the keys of a JSON object.
    public enum KeyMatching: Sendable, Equatable {
        /// Only the exact key (after the decoder's `keyDecodingStrategy`), as `JSONDecoder` does.
        case exact
        /// The exact key first, then keys that are equal when lowercased with everything but
        /// ASCII letters and digits removed (`first_name` matches `firstName`). This is the
        /// default.
        case normalized
    }

    /// What happens when a non-`Optional` value is missing or `null`.
    public enum MissingValueHandling: Sendable, Equatable {
        /// Throw `keyNotFound` or `valueNotFound`, as `JSONDecoder` does. This is the default.
        case `throw`
        /// Use the type's default: `0`, `false`, `""`, `[]`, `[:]`, or a nested type decoded from `{}`.
        case useDefault
    }

    /// What happens when a value cannot be decoded or coerced.
    public enum InvalidValueHandling: Sendable, Equatable {
        /// Throw, as `JSONDecoder` does.
        case `throw`
        /// An `Optional` becomes `nil`; anything else throws. This is the default.
        case nilForOptionals
        /// An `Optional` becomes `nil`, a collection element is dropped, and a defaultable value
        /// takes its default.
        case recover
    }
}
