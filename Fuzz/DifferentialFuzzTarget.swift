// Differential libFuzzer entry point (SPEC 1.1, 1.2): on every input, `.strict` gives exactly
// JSONDecoder's value or error case, and `.lenient` and `.permissive` give JSONDecoder's value
// wherever JSONDecoder succeeds, for synthesized and hand-written models, through `Data` and
// (where JSONSerialization holds the document faithfully) `fromJSONObject`. A difference stops
// the run with a description on stderr, and libFuzzer keeps the input. Built by
// Scripts/fuzz.sh together with the library sources and Fuzz/FuzzModels.swift.
import Foundation

/// Strategies applied alike to JSONDecoder and to every LenientJSONDecoder of a comparison.
struct FuzzConfiguration {
    var name: String
    var apply: (JSONDecoder) -> Void
}

let configurations: [FuzzConfiguration] = [
    FuzzConfiguration(name: "default") { _ in },
    FuzzConfiguration(name: "JSON5") { $0.allowsJSON5 = true },
    FuzzConfiguration(name: "convertFromSnakeCase, iso8601, base64, convertFromString") {
        $0.keyDecodingStrategy = .convertFromSnakeCase
        $0.dateDecodingStrategy = .iso8601
        $0.dataDecodingStrategy = .base64
        $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    },
]

/// The decoders of one configuration: JSONDecoder and each preset, the lenient ones also with
/// exact key matching (normalized matching may fill an Optional that JSONDecoder leaves `nil`,
/// the one documented difference of SPEC 1.1).
struct FuzzDecoders {
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

let decoderSets = configurations.map(FuzzDecoders.init)

/// A model under test and its comparison.
struct FuzzModelCase {
    var name: String
    var compare: (Data, FuzzDecoders, String) -> Void

    static func of<T: Decodable & Equatable>(_ type: T.Type) -> FuzzModelCase {
        FuzzModelCase(name: String(describing: T.self)) { data, decoders, configuration in
            compareOutcomes(type, data, decoders, configuration)
        }
    }
}

let allModelCases: [FuzzModelCase] = [
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

/// The models compared: all, or those whose name contains one of the comma-separated words of
/// `FUZZ_MODELS` (`FUZZ_MODELS=Fuzz,Int8` leaves out a model whose known mismatches would stop
/// every run). The first byte of an input indexes this list.
let modelCases: [FuzzModelCase] = {
    guard let filter = ProcessInfo.processInfo.environment["FUZZ_MODELS"], !filter.isEmpty else { return allModelCases }
    let words = filter.split(separator: ",").map(String.init)
    let chosen = allModelCases.filter { model in words.contains { model.name.contains($0) } }
    return chosen.isEmpty ? allModelCases : chosen
}()

// MARK: - Comparison

/// The `DecodingError` case of `error`, or its type for anything else.
func errorCase(_ error: any Error) -> String {
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
func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
    a == b || String(reflecting: a) == String(reflecting: b)
}

/// Stops the run: libFuzzer saves the input that caused it.
func mismatch(_ what: String, _ data: Data, _ model: String, _ configuration: String, _ details: String) -> Never {
    let input = String(decoding: data.prefix(600), as: UTF8.self)
    fatalError("differential mismatch: \(what)\n  model: \(model)\n  configuration: \(configuration)\n  input: \(input)\n\(details)")
}

/// JSONDecoder traps (instead of throwing) on a document that ends with the `[` opening the
/// 513th level; such inputs are compared no further (LenientJSON alone still decodes them).
func crashesJSONDecoder(_ data: Data) -> Bool {
    guard let last = data.last(where: { $0 != 0 }), last == UInt8(ascii: "[") else { return false }
    return data.lazy.filter { $0 == UInt8(ascii: "[") }.count >= 513
}

/// JSONDecoder's JSON5 scanner traps (an assertion in `BufferView._decodeScalars`) on invalid
/// UTF-8 in an unquoted key; JSON5 inputs that are not valid UTF-8 are not compared.
func crashesJSON5Scanner(_ data: Data, _ decoders: FuzzDecoders) -> Bool {
    decoders.foundation.allowsJSON5 && String(data: data, encoding: .utf8) == nil
}

/// The same bytes, followed in memory by a space: JSONDecoder's JSON5 scanner reads past the
/// end of its input (`+1`, `.5` at the end of a document) and traps on a stray digit.
func paddedForFoundation(_ data: Data) -> Data {
    var padded = Data(data)
    padded.append(0x20)
    return padded.prefix(data.count)
}

func compareOutcomes<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, _ decoders: FuzzDecoders, _ configuration: String) {
    let model = String(describing: T.self)
    let foundation = Result { try decoders.foundation.decode(type, from: paddedForFoundation(data)) }
    let strict = Result { try decoders.strict.decode(type, from: data) }
    switch (foundation, strict) {
    case (.success(let expected), .success(let value)):
        if !same(expected, value) { mismatch(".strict value differs", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(value)") }
    case (.success(let expected), .failure(let error)):
        mismatch(".strict threw", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(error)")
    case (.failure(let expected), .success(let value)):
        mismatch(".strict succeeded", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(value)")
    case (.failure(let expected), .failure(let error)):
        if errorCase(expected) != errorCase(error) {
            mismatch(".strict error case differs", data, model, configuration, "  JSONDecoder: \(expected)\n  .strict:     \(error)")
        }
    }
    guard case .success(let expected) = foundation else {
        // Each lenient preset must still give a value or a DecodingError, never trap.
        for (_, decoder, _) in decoders.lenient { _ = try? decoder.decode(type, from: data) }
        return
    }
    for (name, decoder, exactKeys) in decoders.lenient {
        compareLenient(name, expected, data, model, configuration,
                       value: { try decoder.decode(type, from: data) }, exactKeys: { try exactKeys.decode(type, from: data) })
    }
    // fromJSONObject, where JSONSerialization's tree, written back, reads as the same value.
    guard !decoders.foundation.allowsJSON5,
          let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
          let written = try? JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed]),
          let reread = try? decoders.foundation.decode(type, from: written), same(reread, expected)
    else { return }
    compareLenient("strict, fromJSONObject", expected, data, model, configuration,
                   value: { try decoders.strict.decode(type, fromJSONObject: tree) }, exactKeys: nil)
    for (name, decoder, exactKeys) in decoders.lenient {
        compareLenient("\(name), fromJSONObject", expected, data, model, configuration,
                       value: { try decoder.decode(type, fromJSONObject: tree) }, exactKeys: { try exactKeys.decode(type, fromJSONObject: tree) })
    }
}

/// A preset's value where JSONDecoder returned `expected`: equal, or equal with exact key matching.
func compareLenient<T: Equatable>(_ name: String, _ expected: T, _ data: Data, _ model: String, _ configuration: String,
                                  value: () throws -> T, exactKeys: (() throws -> T)?) {
    switch Result(catching: value) {
    case .success(let value) where same(expected, value):
        return
    case .success(let value):
        if let exactKeys, let exact = try? exactKeys(), same(expected, exact) { return }
        mismatch(".\(name) value differs", data, model, configuration, "  JSONDecoder: \(expected)\n  .\(name): \(value)")
    case .failure(let error):
        mismatch(".\(name) threw where JSONDecoder succeeded", data, model, configuration, "  JSONDecoder: \(expected)\n  .\(name): \(error)")
    }
}

/// The first byte picks the model and the configuration; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func differentialFuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let data = Data(bytes: start + 1, count: count - 1)
    guard !crashesJSONDecoder(data) else { return 0 }
    let model = modelCases[selector % modelCases.count]
    let index = (selector / modelCases.count) % configurations.count
    guard !crashesJSON5Scanner(data, decoderSets[index]) else { return 0 }
    model.compare(data, decoderSets[index], configurations[index].name)
    return 0
}
