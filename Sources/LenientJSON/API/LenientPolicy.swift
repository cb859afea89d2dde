/// How tolerant a ``LenientJSONDecoder`` is.
///
/// A policy is four independent settings: which ``coercions`` are allowed, how keys are
/// matched (``keyMatching``), what happens to a missing or `null` value (``missingValues``),
/// and what happens to a value that cannot be decoded (``invalidValues``). Three presets
/// cover the common cases:
///
/// | preset | behaviour |
/// |---|---|
/// | ``strict`` | exactly `JSONDecoder` |
/// | ``lenient`` | lossless coercions and normalized keys (the default) |
/// | ``permissive`` | everything, lossy rules and defaults included |
///
/// Start from a preset and change the settings you need:
///
/// ```swift
/// let decoder = LenientJSONDecoder(policy: .strict)
/// var policy = LenientPolicy.lenient
/// policy.keyMatching = .exact
/// decoder.policy = policy
/// ```
///
/// Whatever the policy, a value that `JSONDecoder` decodes is decoded to an equal value, and
/// invalid JSON is never recovered.
public struct LenientPolicy: Sendable, Equatable {
    /// The coercion rule families that may be applied where a value does not decode as is.
    ///
    /// A rule applies only where the value does not already decode as `JSONDecoder` would
    /// decode it. Remove a flag to turn its rules off:
    ///
    /// ```swift
    /// var policy = LenientPolicy.lenient
    /// policy.coercions.remove(.stringFromScalars)   // a number is no longer a String
    /// ```
    ///
    /// The default is ``Coercions/lossless``, the set of ``lenient``.
    public var coercions: Coercions
    /// How a `CodingKey` is matched against the keys of a JSON object.
    ///
    /// The default is ``KeyMatching/normalized``.
    public var keyMatching: KeyMatching
    /// What happens when a non-`Optional` value is missing or `null`.
    ///
    /// The default is ``MissingValueHandling/throw``.
    public var missingValues: MissingValueHandling
    /// What happens when a value cannot be decoded or coerced.
    ///
    /// The default is ``InvalidValueHandling/nilForOptionals``.
    public var invalidValues: InvalidValueHandling

    /// Creates a policy from its four settings.
    ///
    /// ```swift
    /// let policy = LenientPolicy(
    ///     coercions: [.numericStrings, .boolFromNumbersAndStrings],
    ///     keyMatching: .exact,
    ///     missingValues: .throw,
    ///     invalidValues: .nilForOptionals)
    /// ```
    ///
    /// - Parameters:
    ///   - coercions: The coercion rule families that may be applied.
    ///   - keyMatching: How a `CodingKey` is matched against the keys of a JSON object.
    ///   - missingValues: What happens when a non-`Optional` value is missing or `null`.
    ///   - invalidValues: What happens when a value cannot be decoded or coerced.
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
    ///
    /// The decoder accepts and rejects what `JSONDecoder` accepts and rejects, and throws the
    /// same `DecodingError` case; only the error's coding path and message say more (see
    /// <doc:DifferencesFromJSONDecoder>).
    public static let strict = LenientPolicy(
        coercions: [], keyMatching: .exact, missingValues: .throw, invalidValues: .throw)

    /// Lossless coercions, normalized key matching, and `nil` for an `Optional` whose value
    /// cannot be decoded.
    ///
    /// No rule of this preset loses information: `"42"` becomes `42`, `first_name` matches
    /// `firstName`, an unreadable `Optional` becomes `nil`; a missing non-`Optional` value
    /// still throws. See <doc:CoercionRules>.
    ///
    /// This is the default.
    public static let lenient = LenientPolicy(
        coercions: .lossless, keyMatching: .normalized, missingValues: .throw,
        invalidValues: .nilForOptionals)

    /// Every coercion including the lossy ones, defaults for missing values, and recovery of
    /// invalid values (dropped collection elements, defaults, `nil`).
    ///
    /// Use it where a value of some kind matters more than a faithful one, and read the
    /// ``LenientDecodingReport`` to see what was changed: `1.5` is truncated into an `Int`, a
    /// missing `Int` is `0`, an element that cannot be decoded is dropped from its array.
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
    ///
    /// The lossless flags make up ``lossless``, the set of ``LenientPolicy/lenient``; ``all``
    /// adds the lossy ones, for ``LenientPolicy/permissive``. Each rule is described in
    /// <doc:CoercionRules>.
    ///
    /// ```swift
    /// var policy = LenientPolicy.lenient
    /// policy.coercions.insert(.truncateFractions)   // 1.5 into an Int is 1
    /// ```
    public struct Coercions: OptionSet, Sendable, Hashable {
        /// The raw bits of the set.
        public let rawValue: UInt32
        /// Creates a set from raw bits.
        ///
        /// - Parameter rawValue: The bits of the flags in the set; bits of no flag are kept
        ///   and ignored.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Numeric strings (`"42"`, `"+42"`, `"4.2e1"`) decode as numbers, judged exactly on
        /// their decimal digits.
        public static let numericStrings = Coercions(rawValue: 1 << 0)
        /// `0`/`1` and `"true"`, `"yes"`, `"y"`, `"t"`, `"on"` (and their opposites), any
        /// case, decode as `Bool`.
        public static let boolFromNumbersAndStrings = Coercions(rawValue: 1 << 1)
        /// Numbers and booleans decode as `String` (numbers keep their literal text).
        public static let stringFromScalars = Coercions(rawValue: 1 << 2)
        /// `""` or whitespace only decodes as `nil` for an `Optional` non-`String` scalar.
        public static let emptyStringAsNil = Coercions(rawValue: 1 << 3)
        /// Surrounding whitespace is trimmed for `URL`, `UUID`, `Bool`, numbers and dates; without
        /// this flag, no rule trims.
        public static let trimWhitespace = Coercions(rawValue: 1 << 4)
        /// A single value decodes as a one-element array; `[]` decodes as an empty dictionary
        /// (only where `JSONDecoder` does not already read it).
        public static let collectionWrapping = Coercions(rawValue: 1 << 5)
        /// A `String`-raw-value `CaseIterable` enum matches the one case that differs only in
        /// case, `_`, `-` or spaces; an `Int`-raw-value enum decodes from a numeric string.
        public static let enumMatching = Coercions(rawValue: 1 << 6)
        /// UUIDs without hyphens, braced, or with a `urn:uuid:` prefix, in any case.
        public static let uuidForms = Coercions(rawValue: 1 << 7)
        /// The base64url alphabet, missing padding and line breaks (`\r`, `\n`) in `.base64`
        /// data; any other character is still an error.
        public static let base64Variants = Coercions(rawValue: 1 << 8)
        /// Fallback date forms (Unix numbers, ISO 8601 variants, RFC 2822, `yyyy/MM/dd`, then
        /// ``LenientJSONDecoder/dateFormats``) when the date strategy fails; see <doc:DateDecoding>.
        public static let dateFallbacks = Coercions(rawValue: 1 << 9)
        /// A string holding JSON text where an object or array is expected
        /// (`"{\"a\":1}"`) decodes as that JSON.
        public static let jsonInStrings = Coercions(rawValue: 1 << 10)
        /// `false` where an `Optional` of any type but `Bool` is expected is `nil` (PHP's
        /// "no value": `"email": false`).
        public static let falseAsNil = Coercions(rawValue: 1 << 11)

        /// Lossy: numbers with a fraction are truncated toward zero into integers.
        public static let truncateFractions = Coercions(rawValue: 1 << 16)
        /// Lossy: the first number standing as a word of its own inside text
        /// (`"the 21.5 slices"`); digits inside a word (`"v2"`, `"0x10"`) are no number.
        public static let numberInText = Coercions(rawValue: 1 << 17)
        /// Lossy: `true`/`false` decode as `1`/`0`; any non-zero number is `true`.
        public static let numbersFromBools = Coercions(rawValue: 1 << 18)
        /// Lossy: `"NaN"`, `"Infinity"`, `"inf"`, any case, into `Float`/`Double`.
        public static let nonConformingFloats = Coercions(rawValue: 1 << 19)
        /// Lossy: a one-element array (not nested) decodes as its element.
        public static let unwrapSingleElementArrays = Coercions(rawValue: 1 << 20)
        /// Lossy: an object whose keys are all non-negative integers (`"0"`…`"n-1"`, or with
        /// gaps and in any order) decodes as an array in numeric key order.
        public static let arraysFromIndexedObjects = Coercions(rawValue: 1 << 21)
        /// Lossy: `""` decodes as the type's default (`0`, `false`) for a non-`Optional` scalar.
        public static let emptyStringAsDefault = Coercions(rawValue: 1 << 22)

        /// Every rule that loses no information: the set of ``LenientPolicy/lenient``.
        ///
        /// This is the default.
        /// The rules that change a value's shape: wrapping as an array (and `[]` as `[:]`),
        /// unwrapping a one-element array, an object with integer keys as an array.
        static let structural: Coercions = [.collectionWrapping, .unwrapSingleElementArrays, .arraysFromIndexedObjects]

        public static let lossless: Coercions = [
            .numericStrings, .boolFromNumbersAndStrings, .stringFromScalars, .emptyStringAsNil,
            .trimWhitespace, .collectionWrapping, .enumMatching, .uuidForms, .base64Variants,
            .dateFallbacks, .jsonInStrings, .falseAsNil,
        ]
        /// Every rule, lossy ones included: the set of ``LenientPolicy/permissive``.
        public static let all: Coercions = lossless.union([
            .truncateFractions, .numberInText, .numbersFromBools, .nonConformingFloats,
            .unwrapSingleElementArrays, .arraysFromIndexedObjects, .emptyStringAsDefault,
        ])
    }

    /// How a `CodingKey` is matched against the keys of a JSON object.
    ///
    /// The exact key is always tried first, after the decoder's `keyDecodingStrategy`, so
    /// input that `JSONDecoder` reads is read the same way. See <doc:KeyMatching>.
    public enum KeyMatching: Sendable, Equatable {
        /// Only the exact key (after the decoder's `keyDecodingStrategy`), as `JSONDecoder` does.
        case exact
        /// The exact key first, then keys that are equal when lowercased with everything but
        /// ASCII letters and digits removed (`first_name` matches `firstName`).
        ///
        /// Several keys of one object that normalize alike, none exact, are a `dataCorrupted`
        /// error naming them all, unless ``LenientPolicy/invalidValues`` is
        /// ``InvalidValueHandling/recover`` (as in ``LenientPolicy/permissive``): then the first
        /// in document order wins (the first in UTF-8 byte order for a JSON object tree).
        ///
        /// This is the default.
        case normalized
    }

    /// What happens when a non-`Optional` value is missing or `null`.
    ///
    /// An `Optional` that is missing or `null` is `nil` in every policy, as in `JSONDecoder`.
    public enum MissingValueHandling: Sendable, Equatable {
        /// Throw `keyNotFound` or `valueNotFound`, as `JSONDecoder` does.
        ///
        /// This is the default.
        case `throw`
        /// Use the type's default: `0`, `false`, `""`, `[]`, `[:]`, or a nested type decoded from `{}`.
        ///
        /// A type with no default (`Date`, `URL`, `UUID`, `Data`, a nested type whose `{}`
        /// decode fails) still throws. Each default adds a
        /// ``LenientDecodingEvent/Kind/usedDefault`` event.
        case useDefault
    }

    /// What happens when a value cannot be decoded or coerced.
    ///
    /// Recovery happens at the nearest enclosing `Optional`, collection element or
    /// defaultable value; see <doc:MissingNullAndInvalidValues>.
    public enum InvalidValueHandling: Sendable, Equatable {
        /// Throw, as `JSONDecoder` does.
        case `throw`
        /// An `Optional` becomes `nil`; anything else throws.
        ///
        /// This is the default.
        case nilForOptionals
        /// An `Optional` becomes `nil`, a collection element is dropped, and a defaultable value
        /// takes its default.
        ///
        /// Arrays, `Set`s, `[String: V]` and `[Int: V]` drop a bad element alike.
        case recover
    }
}
