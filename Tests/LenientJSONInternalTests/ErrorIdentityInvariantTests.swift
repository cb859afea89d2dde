// In-module checks of how errors are told apart (Errors/DecodingError+Identity.swift): by their
// values, never by their text. `isSame` decides, while every problem is collected, whether the
// error that ended a model's run is the one a container call threw; `isDescribed` whether a
// `dataCorrupted` message is the decoder's own.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Errors are told apart by their values")
struct ErrorIdentityInvariantTests {
    static func context(_ path: [String], _ text: String, _ underlying: (any Error)? = nil) -> DecodingError.Context {
        .init(codingPath: path.map { NameKey($0) }, debugDescription: text, underlyingError: underlying)
    }

    @Test("the same case, type and path are the same error, whatever the text")
    func same() {
        let a = DecodingError.typeMismatch(Int.self, Self.context(["a"], "one text"))
        #expect(DecodingErrors.isSame(a, .typeMismatch(Int.self, Self.context(["a"], "another text"))))
        #expect(!DecodingErrors.isSame(a, .typeMismatch(String.self, Self.context(["a"], "one text"))))
        #expect(!DecodingErrors.isSame(a, .typeMismatch(Int.self, Self.context(["b"], "one text"))))
        #expect(!DecodingErrors.isSame(a, .valueNotFound(Int.self, Self.context(["a"], "one text"))))
        #expect(!DecodingErrors.isSame(a, .dataCorrupted(Self.context(["a"], "one text"))))
        #expect(
            !DecodingErrors.isSame(
                .dataCorrupted(Self.context(["a"], "x")),
                .dataCorrupted(Self.context(["a"], "x", DescribedByDecoder()))))
        #expect(
            DecodingErrors.isSame(
                .keyNotFound(NameKey("k"), Self.context([], "x")), .keyNotFound(NameKey("k"), Self.context([], "y"))))
        #expect(
            !DecodingErrors.isSame(
                .keyNotFound(NameKey("k"), Self.context([], "x")), .keyNotFound(NameKey("j"), Self.context([], "x"))))
    }

    @Test("the decoder's own messages are told by their underlying error, not by \" at $\"")
    func described() {
        #expect(!DecodingErrors.isDescribed(Self.context(["a"], "Bad value at $.a")))
        #expect(DecodingErrors.isDescribed(Self.context(["a"], "Bad value", DescribedByDecoder())))
        #expect(DecodingErrors.isDescribed(Self.context(["a"], "Bad", JSONSyntaxError("malformed number", at: 0))))
    }
}
