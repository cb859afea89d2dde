// Messy-rewrite libFuzzer entry point: the input's bytes are the generator's choices (one byte
// per small choice, then a SplitMix64 seeded from the input), so libFuzzer's mutations steer
// which model, values, syntax variations and rewrites a run tries. On every input, a messy
// rewrite of a generated value decodes under `.lenient` to what JSONDecoder decodes from the
// clean document, with one report event per rewrite (the check is ``MessyRewriteCheck``, in
// Fuzz/MessyRewrite.swift, which Tests/LenientJSONTests/MessyRewritePropertyTests.swift runs
// on fixed seeds). A failure stops the run with both documents on stderr, and libFuzzer keeps
// the input. Built by `Scripts/fuzz.sh SECONDS 1 messy`.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func messyRewriteFuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var choices = MessyChoices(bytes: UnsafeRawBufferPointer(start: start, count: count))
    if let failure = MessyRewriteCheck.run(&choices) { fatalError(failure) }
    return 0
}
