// The checks of the two fuzz targets, in one place: the targets (Fuzz/FuzzTarget.swift,
// Fuzz/DifferentialFuzzTarget.swift) trap on a failed check so that libFuzzer keeps the input,
// and the regression test of their findings (Tests/LenientJSONTests/FuzzFindingsTests.swift,
// which sees this file through a symlink in its Support folder) records it as an issue.
// Built by Scripts/fuzz.sh together with the library sources and Fuzz/FuzzModels.swift.
import Foundation
#if canImport(LenientJSON)
    // The test target imports the library; Scripts/fuzz.sh compiles its sources into one module.
    import LenientJSON
#endif

// MARK: - Decoder target

/// The decoder target's check: every input gives a value or a `DecodingError`, never a trap.
enum FuzzDecoderCheck {
    /// The decoders an input's first byte chooses from.
    static let decoders: [LenientJSONDecoder] = {
        let presets: [LenientPolicy] = [.strict, .lenient, .permissive]
        var result = presets.map { LenientJSONDecoder(policy: $0) }
        let json5 = LenientJSONDecoder()
        json5.allowsJSON5 = true
        let snake = LenientJSONDecoder(policy: .permissive)
        snake.keyDecodingStrategy = .convertFromSnakeCase
        snake.dateDecodingStrategy = .iso8601
        result.append(contentsOf: [json5, snake])
        return result
    }()

    /// How many models the selector chooses from (the cases of ``run(selector:document:)``).
    static let modelCount = 11

    /// Decodes `document` with the decoder (`selector % decoders.count`) and the model
    /// (`selector / decoders.count % modelCount`) that `selector`, an input's first byte,
    /// picks. Returns what went wrong, or `nil`; a trap stops the process.
    static func run(selector: Int, document data: Data) -> String? {
        let decoder = decoders[selector % decoders.count]
        switch (selector / decoders.count) % modelCount {
        case 0: return attempt(FuzzModel.self, data, decoder)
        case 1: return attempt([FuzzNested].self, data, decoder)
        case 2: return attempt([String: Int?].self, data, decoder)
        case 3: return attempt(Int8.self, data, decoder)
        case 4: return attempt(String.self, data, decoder)
        case 5: return attempt([[Double]].self, data, decoder)
        case 6: return attempt([FuzzKind?].self, data, decoder)
        case 7: return attempt(FuzzJSON<FuzzBoolThenArray>.self, data, decoder)
        case 8: return attempt(FuzzJSON<FuzzNumberThenObject>.self, data, decoder)
        case 9: return attempt([FuzzRecord].self, data, decoder)
        default:
            guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                return nil
            }
            return attempt(FuzzModel.self, object, decoder)
                ?? attempt([String: [Int]].self, object, decoder)
                ?? attempt(FuzzJSON<FuzzBoolThenArray>.self, object, decoder)
        }
    }

    /// `nil` when decoding `data` gives a value or a `DecodingError`, else what was thrown.
    static func attempt<T: Decodable>(_ type: T.Type, _ data: Data, _ decoder: LenientJSONDecoder) -> String? {
        var report = LenientDecodingReport()
        return outcome(T.self) { try decoder.decode(type, from: data, report: &report) }
    }

    /// `nil` when decoding the tree `object` gives a value or a `DecodingError`, else what was thrown.
    static func attempt<T: Decodable>(_ type: T.Type, _ object: Any, _ decoder: LenientJSONDecoder) -> String? {
        outcome(T.self) { try decoder.decode(type, fromJSONObject: object) }
    }

    private static func outcome<T>(_: T.Type, _ decode: () throws -> T) -> String? {
        do {
            _ = try decode()
            return nil
        } catch is DecodingError {
            return nil
        } catch {
            return "non-DecodingError thrown decoding \(T.self): \(error)"
        }
    }
}

// MARK: - Differential target

/// Strategies applied alike to JSONDecoder and to every LenientJSONDecoder of a comparison.
struct FuzzConfiguration: Sendable {
    var name: String
    var apply: @Sendable (JSONDecoder) -> Void
}

/// The decoders of one configuration: JSONDecoder and each preset, the lenient ones also with
/// exact key matching (normalized matching may fill an Optional that JSONDecoder leaves `nil`,
/// the one documented difference of the DifferencesFromJSONDecoder article).
struct FuzzDecoders: Sendable {
    let foundation = JSONDecoder()
    let strict = LenientJSONDecoder(policy: .strict)
    let lenient: [(name: String, decoder: LenientJSONDecoder, exactKeys: LenientJSONDecoder)]

    init(_ configuration: FuzzConfiguration) {
        configuration.apply(foundation)
        configuration.apply(strict)
        lenient = [("lenient", LenientPolicy.lenient), ("permissive", .permissive)].map { name, policy in
            var exact = policy
            exact.keyMatching = .exact
            let decoders = (LenientJSONDecoder(policy: policy), LenientJSONDecoder(policy: exact))
            configuration.apply(decoders.0)
            configuration.apply(decoders.1)
            return (name, decoders.0, decoders.1)
        }
    }
}

/// A model under test and its comparison.
struct FuzzModelCase: Sendable {
    var name: String
    var comparison: any FuzzComparison

    static func of<T: Decodable & Equatable>(_: T.Type) -> FuzzModelCase {
        FuzzModelCase(name: String(describing: T.self), comparison: FuzzComparisonOf<T>())
    }

    /// The mismatch the comparison finds on `data`, or `nil`.
    func compare(_ data: Data, _ decoders: FuzzDecoders, _ configuration: String) -> String? {
        comparison.compare(data, decoders, configuration)
    }
}

/// The comparison of one model type.
protocol FuzzComparison: Sendable {
    func compare(_ data: Data, _ decoders: FuzzDecoders, _ configuration: String) -> String?
}

struct FuzzComparisonOf<T: Decodable & Equatable>: FuzzComparison {
    func compare(_ data: Data, _ decoders: FuzzDecoders, _ configuration: String) -> String? {
        FuzzDifferentialCheck.compareOutcomes(T.self, data, decoders, configuration)
    }
}

/// The differential target's check (DifferencesFromJSONDecoder article): on every input, `.strict` gives exactly
/// JSONDecoder's value or error case, and `.lenient` and `.permissive` give JSONDecoder's value
/// wherever JSONDecoder succeeds, for synthesized and hand-written models, through `Data` and
/// (where JSONSerialization holds the document faithfully) `fromJSONObject`.
enum FuzzDifferentialCheck {
    static let configurations: [FuzzConfiguration] = [
        FuzzConfiguration(name: "default") { _ in },
        FuzzConfiguration(name: "JSON5") { $0.allowsJSON5 = true },
        FuzzConfiguration(name: "convertFromSnakeCase, iso8601, base64, convertFromString") {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .iso8601
            $0.dataDecodingStrategy = .base64
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        },
    ]

    static let decoderSets = configurations.map(FuzzDecoders.init)

    /// Every model compared; an input's first byte indexes this list (or the target's
    /// `FUZZ_MODELS` selection of it).
    static let allModelCases: [FuzzModelCase] = [
        .of(FuzzModel.self),
        .of(FuzzOptionals.self),
        .of([FuzzNested].self),
        .of([String: Int?].self),
        .of([Int8].self),
        .of(String.self),
        .of([Double].self),
        .of([Decimal].self),
        .of([Bool?].self),
        .of([FuzzKind].self),
        .of([Date].self),
        .of(FuzzJSON<FuzzBoolThenArray>.self),
        .of(FuzzJSON<FuzzNumberThenObject>.self),
        .of(FuzzEither<[String], [Int]>.self),
        .of(FuzzEither<Int, String>.self),
        .of(FuzzEither<Bool, Int>.self),
        .of([FuzzRecord].self),
    ]

    /// Compares the decoders on `document` for the model (`selector % models.count`) and the
    /// configuration (`selector / models.count % configurations.count`) that `selector`, an
    /// input's first byte, picks. Returns the mismatch, or `nil`. Inputs on which JSONDecoder
    /// itself traps are not compared.
    static func run(selector: Int, document data: Data, models: [FuzzModelCase] = allModelCases) -> String? {
        guard !crashesJSONDecoder(data) else { return nil }
        let model = models[selector % models.count]
        let index = (selector / models.count) % configurations.count
        guard !crashesJSON5Scanner(data, decoderSets[index]) else { return nil }
        return model.compare(data, decoderSets[index], configurations[index].name)
    }

    /// The `DecodingError` case of `error`, or its type for anything else.
    static func errorCase(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch: "typeMismatch"
        case DecodingError.valueNotFound: "valueNotFound"
        case DecodingError.keyNotFound: "keyNotFound"
        case DecodingError.dataCorrupted: "dataCorrupted"
        default: "\(type(of: error))"
        }
    }

    /// Equal values; NaN (only JSON5 and `convertFromString` produce one) compares through the
    /// values' descriptions.
    static func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
        a == b || String(reflecting: a) == String(reflecting: b)
    }

    /// The description of a mismatch: what differs, where, on which input.
    static func mismatch(_ what: String, _ data: Data, _ model: String, _ configuration: String, _ details: String)
        -> String
    {
        let input = String(decoding: data.prefix(600), as: UTF8.self)
        return
            """
            differential mismatch: \(what)\n  model: \(model)\n  configuration: \(configuration)\n  input: \(input)\
            \n\(details)
            """
    }

    /// JSONDecoder traps (instead of throwing) on a document that ends with the `[` opening the
    /// 513th level; such inputs are compared no further (LenientJSON alone still decodes them).
    static func crashesJSONDecoder(_ data: Data) -> Bool {
        guard let last = data.last(where: { $0 != 0 }), last == UInt8(ascii: "[") else { return false }
        return data.lazy.filter { $0 == UInt8(ascii: "[") }.count >= 513
    }

    /// JSONDecoder's JSON5 scanner traps (an assertion in `BufferView._decodeScalars`) on invalid
    /// UTF-8 in an unquoted key; JSON5 inputs that are not valid UTF-8 are not compared.
    /// It also traps on some JSON5 numbers with an exponent but no exponent digits
    /// (`[0e+20,100e-,3292]`), which it otherwise reads leniently: those are not compared either,
    /// nor are hex numbers followed by `.` (`0x888888777773888.687` traps in its
    /// `validateNumber`; `0xA.` it reads as 10, a documented difference) or by another `x`
    /// (`0X0X` traps in `validateNumber` too).
    static func crashesJSON5Scanner(_ data: Data, _ decoders: FuzzDecoders) -> Bool {
        decoders.foundation.allowsJSON5
            && (String(data: data, encoding: .utf8) == nil || hasIncompleteExponent(data)
                || hasHexNumber(data, followedBy: [UInt8(ascii: "."), UInt8(ascii: "x"), UInt8(ascii: "X")]))
    }

    /// Whether `error` says the input is not valid JSON (a syntax error LenientJSON read).
    static func isSyntaxError(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error else { return false }
        return context.debugDescription.hasPrefix("The given data was not valid JSON")
    }

    /// Whether `error` is a malformed-number syntax error.
    static func isMalformedNumberError(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error else { return false }
        return context.debugDescription.contains("malformed number")
    }

    /// Whether `data` holds a digit followed by an exponent with no digits (`500e-`, `1e`),
    /// which JSONDecoder's JSON5 number reading accepts.
    static func hasIncompleteExponent(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        for i in bytes.indices.dropFirst() where bytes[i] | 0x20 == UInt8(ascii: "e") && isDigit(bytes[i - 1]) {
            var next = i + 1
            if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
            if next >= bytes.count || !isDigit(bytes[next]) { return true }
        }
        return false
    }

    /// Whether `data` holds a hex number followed by `.` (`0xA.`) or by a binary exponent
    /// (`0x1P4`, which JSONDecoder reads as the integer 16), which JSONDecoder's JSON5 number
    /// reading accepts (DifferencesFromJSONDecoder article), or a digitless exponent.
    static func hasLaxJSON5Number(_ data: Data) -> Bool {
        hasIncompleteExponent(data)
            || hasHexNumber(data, followedBy: [UInt8(ascii: "."), UInt8(ascii: "p"), UInt8(ascii: "P")])
    }

    /// Whether `data` holds `0x` and hex digits followed by one of `bytes`.
    static func hasHexNumber(_ data: Data, followedBy next: Set<UInt8>) -> Bool {
        let bytes = [UInt8](data)
        for i in bytes.indices.dropFirst().dropLast()
        where bytes[i] | 0x20 == UInt8(ascii: "x") && bytes[i - 1] == UInt8(ascii: "0") {
            var j = i + 1
            while j < bytes.count, StringHex.isHexDigit(bytes[j]) { j += 1 }
            if j < bytes.count, next.contains(bytes[j]) { return true }
        }
        return false
    }

    /// Whether `data` holds a number that JSONDecoder rejects as a `Double` or `Float` though it
    /// is zero (DifferencesFromJSONDecoder article). Where a number's value is zero, JSONDecoder
    /// checks that its text has no nonzero digit before the exponent, reading the text four bytes
    /// at a time from the start but its last `count % 4` bytes from the end: an exponent whose `e`
    /// is among those last bytes and which has a nonzero digit reads as an underflow (`0e5`,
    /// `0.00e2`, `-0.0e1`, JSON5's `-.00e2`; `0e12`, `-0e5`, `0.0e5` and `0.00e0` pass).
    /// NumberReadingTests checks this against JSONDecoder on every zero of up to twelve bytes.
    static func hasZeroWithExponent(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            // A number's text: the bytes a JSON or JSON5 decimal number is made of, after a byte
            // that cannot continue a name (`a0e5` is a JSON5 key, not a number).
            guard isNumberByte(bytes[start]), start == 0 || !continuesName(bytes[start - 1]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
            if isRejectedZero(bytes[start..<end]) { return true }
            start = end
        }
        return false
    }

    /// Whether JSONDecoder rejects `number` as a `Double` (``hasZeroWithExponent(_:)``).
    static func isRejectedZero(_ number: ArraySlice<UInt8>) -> Bool {
        func isNonzeroDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") }
        guard let exponent = number.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }),
            number[..<exponent].contains(UInt8(ascii: "0")), !number[..<exponent].contains(where: isNonzeroDigit)
        else { return false }
        let lastBytes = number.endIndex - number.count % 4
        return exponent >= lastBytes && number[(exponent + 1)...].contains(where: isNonzeroDigit)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "\\") || byte >= 0x80
    }

    /// The same bytes, followed in memory by a space: JSONDecoder's JSON5 scanner reads past the
    /// end of its input (`+1`, `.5` at the end of a document) and traps on a stray digit.
    static func paddedForFoundation(_ data: Data) -> Data {
        var padded = Data(data)
        padded.append(0x20)
        return padded.prefix(data.count)
    }

    static func compareOutcomes<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, _ decoders: FuzzDecoders,
        _ configuration: String
    ) -> String? {
        let model = String(describing: T.self)
        let foundation = Result { try decoders.foundation.decode(type, from: paddedForFoundation(data)) }
        let strict = Result { try decoders.strict.decode(type, from: data) }
        switch (foundation, strict) {
        case (.success(let expected), .success(let value)):
            if !same(expected, value) {
                return mismatch(
                    ".strict value differs", data, model, configuration,
                    "  JSONDecoder: \(expected)\n  .strict:     \(value)")
            }
        case (.success(let expected), .failure(let error)):
            // DifferencesFromJSONDecoder article: JSONDecoder's JSON5 number reading lets some malformed
            // numbers through (`500e-`, `0e-`, `0x00.0`; it also reads past its input there).
            if decoders.foundation.allowsJSON5, isMalformedNumberError(error) || hasLaxJSON5Number(data) { return nil }
            return mismatch(
                ".strict threw", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(error)")
        case (.failure(let expected), .success(let value)):
            // DifferencesFromJSONDecoder article: JSONDecoder rejects some zeros with an exponent (`0e5`,
            // `0.00e2`), which are valid JSON and read as 0.
            if hasZeroWithExponent(data) { return nil }
            return mismatch(
                ".strict succeeded", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(value)")
        case (.failure(let expected), .failure(let error)):
            if errorCase(expected) != errorCase(error) {
                // JSONDecoder's error is its rejection of `0e5` (see above), ours a later value's.
                if hasZeroWithExponent(data) { return nil }
                // DifferencesFromJSONDecoder article: a dictionary's values are decoded in hash order by
                // JSONDecoder, in document order here, so with several bad members the first
                // error can differ (both fail).
                if T.self is any FuzzDictionaryModel.Type { return nil }
                return mismatch(
                    ".strict error case differs", data, model, configuration,
                    "  JSONDecoder: \(expected)\n  .strict:     \(error)")
            }
        }
        guard case .success(let expected) = foundation else {
            // Each lenient preset must still give a value or a DecodingError, never trap.
            for (_, decoder, _) in decoders.lenient { _ = try? decoder.decode(type, from: data) }
            return nil
        }
        for (name, decoder, exactKeys) in decoders.lenient {
            if let problem = compareLenient(
                name, expected, data, model, configuration,
                value: { try decoder.decode(type, from: data) },
                exactKeys: { try exactKeys.decode(type, from: data) })
            {
                return problem
            }
        }
        // fromJSONObject, where JSONSerialization's tree, written back, reads as the same value.
        guard !decoders.foundation.allowsJSON5,
            let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let written = try? JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed]),
            let reread = try? decoders.foundation.decode(type, from: written), same(reread, expected)
        else { return nil }
        if let problem = compareLenient(
            "strict, fromJSONObject", expected, data, model, configuration,
            value: { try decoders.strict.decode(type, fromJSONObject: tree) }, exactKeys: nil)
        {
            return problem
        }
        for (name, decoder, exactKeys) in decoders.lenient {
            if let problem = compareLenient(
                "\(name), fromJSONObject", expected, data, model, configuration,
                value: { try decoder.decode(type, fromJSONObject: tree) },
                exactKeys: { try exactKeys.decode(type, fromJSONObject: tree) })
            {
                return problem
            }
        }
        return nil
    }

    /// A preset's value where JSONDecoder returned `expected`: equal, or equal with exact key
    /// matching. Returns the mismatch, or `nil`.
    static func compareLenient<T: Equatable>(
        _ name: String, _ expected: T, _ data: Data, _ model: String, _ configuration: String,
        value: () throws -> T, exactKeys: (() throws -> T)?
    ) -> String? {
        switch Result(catching: value) {
        case .success(let value) where same(expected, value):
            return nil
        case .success(let value):
            if let exactKeys, let exact = try? exactKeys(), same(expected, exact) { return nil }
            return mismatch(
                ".\(name) value differs", data, model, configuration, "  JSONDecoder: \(expected)\n  .\(name): \(value)"
            )
        case .failure(let error):
            // InputAndLimits article: a key matched by normalization may lead to a value JSONDecoder never
            // reads; when that value is invalid JSON, it is an error (never recovered). Where
            // exact keys give JSONDecoder's value, that is the only difference.
            if isSyntaxError(error), let exactKeys, let exact = try? exactKeys(), same(expected, exact) { return nil }
            return mismatch(
                ".\(name) threw where JSONDecoder succeeded", data, model, configuration,
                "  JSONDecoder: \(expected)\n  .\(name): \(error)")
        }
    }
}

/// A dictionary model, whose values JSONDecoder decodes in hash order.
protocol FuzzDictionaryModel {}
extension Dictionary: FuzzDictionaryModel {}

/// Hex digits, for the JSON5 number forms the check recognizes.
enum StringHex {
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
