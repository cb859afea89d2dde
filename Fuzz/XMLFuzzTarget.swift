// libFuzzer entry point for XML input: every byte sequence must give a value or a
// DecodingError from decode(_:fromXML:), never a trap. Built by Scripts/fuzz.sh (target `xml`)
// together with the library sources, Fuzz/FuzzModels.swift, Fuzz/FuzzChecks.swift and
// Fuzz/XMLFuzzCheck.swift (not part of the package); the check is ``FuzzXMLCheck``.
import Foundation

/// The first byte picks the decoder and the model; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlFuzzTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = Int(start.load(as: UInt8.self))
    let data = Data(bytes: start + 1, count: count - 1)
    if let failure = FuzzXMLCheck.run(selector: selector, document: data) { fatalError(failure) }
    return 0
}
