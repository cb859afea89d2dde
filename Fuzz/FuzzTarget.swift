// libFuzzer entry point: every byte sequence must give a value or a DecodingError, never a
// trap. Built by Scripts/fuzz.sh together with the library sources and Fuzz/FuzzModels.swift
// (not part of the package).
import Foundation

let decoders: [LenientJSONDecoder] = {
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

func attempt<T: Decodable>(_ type: T.Type, _ data: Data, _ decoder: LenientJSONDecoder) {
    var report = LenientDecodingReport()
    do {
        _ = try decoder.decode(type, from: data, report: &report)
    } catch is DecodingError {
    } catch {
        fatalError("non-DecodingError thrown: \(error)")
    }
}

/// The first byte picks the decoder and the model; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let data = Data(bytes: start + 1, count: count - 1)
    let decoder = decoders[selector % decoders.count]
    switch (selector / decoders.count) % 11 {
    case 0: attempt(FuzzModel.self, data, decoder)
    case 1: attempt([FuzzNested].self, data, decoder)
    case 2: attempt([String: Int?].self, data, decoder)
    case 3: attempt(Int8.self, data, decoder)
    case 4: attempt(String.self, data, decoder)
    case 5: attempt([[Double]].self, data, decoder)
    case 6: attempt([FuzzKind?].self, data, decoder)
    case 7: attempt(FuzzJSON<FuzzBoolThenArray>.self, data, decoder)
    case 8: attempt(FuzzJSON<FuzzNumberThenObject>.self, data, decoder)
    case 9: attempt([FuzzRecord].self, data, decoder)
    default:
        if let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            _ = try? decoder.decode(FuzzModel.self, fromJSONObject: object)
            _ = try? decoder.decode([String: [Int]].self, fromJSONObject: object)
            _ = try? decoder.decode(FuzzJSON<FuzzBoolThenArray>.self, fromJSONObject: object)
        }
    }
    return 0
}
