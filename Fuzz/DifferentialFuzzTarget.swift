// Differential libFuzzer entry point (DifferencesFromJSONDecoder article): on every input, `.strict` gives exactly
// JSONDecoder's value or error case, and `.lenient` and `.permissive` give JSONDecoder's value
// wherever JSONDecoder succeeds (the check is ``FuzzDifferentialCheck``). A difference stops
// the run with a description on stderr, and libFuzzer keeps the input. Built by
// Scripts/fuzz.sh together with the library sources, Fuzz/FuzzModels.swift and Fuzz/FuzzChecks.swift.
import Foundation

/// The models compared: all, or those whose name contains one of the comma-separated words of
/// `FUZZ_MODELS` (`FUZZ_MODELS=Fuzz,Int8` leaves out a model whose known mismatches would stop
/// every run). The first byte of an input indexes this list.
let modelCases: [FuzzModelCase] = {
    let all = FuzzDifferentialCheck.allModelCases
    guard let filter = ProcessInfo.processInfo.environment["FUZZ_MODELS"], !filter.isEmpty else { return all }
    let words = filter.split(separator: ",").map(String.init)
    let chosen = all.filter { model in words.contains { model.name.contains($0) } }
    return chosen.isEmpty ? all : chosen
}()

/// The first byte picks the model and the configuration; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func differentialFuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let data = Data(bytes: start + 1, count: count - 1)
    if let mismatch = FuzzDifferentialCheck.run(selector: selector, document: data, models: modelCases) {
        fatalError(mismatch)
    }
    return 0
}
