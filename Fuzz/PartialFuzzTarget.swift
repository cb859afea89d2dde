// Partial-document libFuzzer entry point (SPEC §14 rules 4 and 5): any bytes fed to a
// `PartialDecoder` in pieces never trap, and `finish()` gives `decode(_:from:)`'s value or error
// (the check is ``FuzzPartialCheck``). A difference stops the run with a description on stderr,
// and libFuzzer keeps the input. Built by Scripts/fuzz.sh together with the library sources,
// Fuzz/FuzzModels.swift and Fuzz/PartialFuzzCheck.swift.
import Foundation

/// The first byte picks the decoder, options and model; the second the piece sizes; the rest is
/// the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func partialFuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let pieces = start.load(fromByteOffset: 1, as: UInt8.self)
    let data = Data(bytes: start + 2, count: count - 2)
    if let mismatch = FuzzPartialCheck.run(selector: selector, pieces: pieces, document: data) {
        fatalError(mismatch)
    }
    return 0
}
