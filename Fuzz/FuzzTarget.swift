// libFuzzer entry point: every byte sequence must give a value or a DecodingError, never a
// trap. Built by Scripts/fuzz.sh together with the library sources, Fuzz/FuzzModels.swift and
// Fuzz/FuzzChecks.swift (not part of the package); the check is ``FuzzDecoderCheck``.
import Foundation

/// The first byte picks the decoder and the model; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let data = Data(bytes: start + 1, count: count - 1)
    if let failure = FuzzDecoderCheck.run(selector: selector, document: data) { fatalError(failure) }
    return 0
}
