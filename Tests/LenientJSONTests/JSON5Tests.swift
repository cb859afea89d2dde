// JSON5 details where LenientJSON must read exactly what JSONDecoder (allowsJSON5) reads:
// a `\x00` escape is an error like `\u0000`, and `-NaN` keeps its sign bit.

import Foundation
import LenientJSON
import Testing

@Suite("JSON5 strings and NaN")
struct JSON5Tests {
    static let json5: Configure = { $0.allowsJSON5 = true }

    @Test(
        "\\x00 in a string is an error where JSONDecoder reads the string",
        arguments: [
            #""\x00""#, #"'\x00'"#, #""a\x00b""#, #""\x00\x01""#,
        ])
    func nulEscape(_ json: String) {
        check(json, as: String.self)
        check("[\(json)]", as: [String].self)
        check("{s: \(json)}", as: [String: String].self)
        check("{s: \(json)}", as: OnlyS.self)
    }

    private func check<T: Decodable & Equatable>(
        _ json: String, as type: T.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let parity = expectParity(type, json: json, configure: Self.json5, sourceLocation: sourceLocation)
        #expect(
            !parity.foundation.succeeded, "JSONDecoder is expected to reject \(json)", sourceLocation: sourceLocation)
        // .strict throws JSONDecoder's error case, and so does the default policy for a
        // non-Optional. (Whether an Optional or .permissive recovers from a syntax error is
        // InputAndLimits article's rule, tested with it.)
        let data = Data(json.utf8)
        let strict = LenientJSONDecoder(policy: .strict)
        strict.allowsJSON5 = true
        #expect(
            Outcome { try strict.decode(T?.self, from: data) }.error?.kind == "dataCorrupted",
            sourceLocation: sourceLocation)
        let lenient = LenientJSONDecoder()
        lenient.allowsJSON5 = true
        #expect(
            Outcome { try lenient.decode(type, from: data) }.error?.kind == "dataCorrupted",
            sourceLocation: sourceLocation)
    }

    @Test(
        "\\x escapes other than 00, and \\x00 in keys and unread values, as JSONDecoder",
        arguments: [
            #"{a: "1", b: "\x01\x7F\x41"}"#, #"{a: "1", b: "\xff"}"#, #"{a: "1", b: "\x00"}"#,
            #"{a: "1", 'b\x00': "2"}"#, #"{a: "1", '\x00': "1"}"#,
        ])
    func otherEscapes(_ json: String) {
        expectParity(OnlyA.self, json: json, configure: Self.json5)
        expectParity([String: String].self, json: json, configure: Self.json5)
    }

    @Test(
        "-NaN keeps its sign bit (Double, Float), as JSONDecoder reads it",
        arguments: ["-NaN", "NaN", "+NaN", "-Infinity"])
    func negativeNaN(_ text: String) throws {
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            decoder.allowsJSON5 = true
            for document in [text, "[\(text)]", "{v: \(text)}"] {
                let data = Data(document.utf8)
                let expectedDouble = try foundation.decode(AnyShape<Double>.self, from: paddedForFoundation(data)).value
                let expectedFloat = try foundation.decode(AnyShape<Float>.self, from: paddedForFoundation(data)).value
                let double = try decoder.decode(AnyShape<Double>.self, from: data).value
                let float = try decoder.decode(AnyShape<Float>.self, from: data).value
                #expect(double.bitPattern == expectedDouble.bitPattern, "\(document) as Double, \(policy)")
                #expect(float.bitPattern == expectedFloat.bitPattern, "\(document) as Float, \(policy)")
            }
        }
        if text == "-NaN" {
            // And the sign is really there (JSONDecoder's reading is strtod's).
            let decoder = LenientJSONDecoder()
            decoder.allowsJSON5 = true
            #expect(try decoder.decode(Double.self, from: Data("-NaN".utf8)).sign == .minus)
            #expect(try decoder.decode(Float.self, from: Data("-NaN".utf8)).sign == .minus)
        }
    }

    @Test("\"-nan\" text (.permissive's non-conforming words) keeps its sign as well")
    func negativeNaNText() throws {
        let decoder = LenientJSONDecoder(policy: .permissive)
        #expect(try decoder.decode(Double.self, from: Data(#""-NaN""#.utf8)).sign == .minus)
        #expect(try decoder.decode(Float.self, from: Data(#""-nan""#.utf8)).sign == .minus)
        #expect(try decoder.decode(Double.self, from: Data(#""NaN""#.utf8)).sign == .plus)
    }

    /// Expects `json`, read as JSON5 into `[String: Int]`, to give under every preset what
    /// `JSONDecoder` gives (the same dictionary, or an error for both).
    static func expectDecodedAsJSONDecoderDoes(_ json: String) {
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        let expected = try? foundation.decode([String: Int].self, from: Data(json.utf8))
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            decoder.allowsJSON5 = true
            let value = try? decoder.decode([String: Int].self, from: Data(json.utf8))
            #expect(value == expected, "\(json) under \(policy == .strict ? "strict" : "a lenient policy")")
        }
    }

    /// JSONDecoder keeps an escape in an unquoted key as written, and takes only `\uXXXX`
    /// naming a letter, a digit, `_`, `$` or `\\` (fuzz finding: `{\:-0x888888888}`).
    @Test(
        "escapes in unquoted keys are accepted and rejected as JSONDecoder does",
        arguments: [
            #"{\:1}"#, #"{a\:1}"#, #"{\x:1}"#, #"{\u:1}"#, #"{\u123:1}"#, #"{\u00zz:1}"#, #"{\\:1}"#, #"{\n:1}"#,
            #"{\u0061:1}"#, #"{a\u0061b:1}"#, #"{\u1234:1}"#, #"{\u0030:1}"#, #"{\u005C:1}"#, #"{\u00ff:1}"#,
            #"{\uAbCd:1}"#,
            #"{\uFFFF:1}"#, #"{\u0020:1}"#, #"{\u002D:1}"#, #"{\uD800:1}"#, #"{\u00A0:1}"#, #"{\uFFFD:1}"#,
            #"{\uE000:1}"#,
        ])
    func escapedUnquotedKeys(_ json: String) {
        Self.expectDecodedAsJSONDecoderDoes(json)
    }

    /// An unquoted key is an ECMAScript identifier: a non-ASCII character may start it only if it
    /// is a letter or a letter number, and may follow only if it is one of those, a combining
    /// mark, a decimal digit, connector punctuation or a zero-width joiner; the key ends before
    /// any other, which is then a syntax error (fuzz finding: `{\u{356}ac:{k:NaN}}` was read
    /// with a key that starts with a combining mark). Each decodes as `JSONDecoder` decodes it.
    @Test(
        "non-ASCII characters in unquoted keys are accepted and rejected as JSONDecoder does",
        arguments: [
            "{\u{356}ac:1}", "{a\u{356}c:1}", "{\u{E9}t\u{E9}:1}", "{\u{1C5}x:1}", "{\u{2177}:1}",
            "{\u{2B0}a:1}", "{\u{4E2D}\u{6587}:1}", "{a\u{203F}b:1}", "{\u{203F}b:1}", "{a\u{663}:1}",
            "{\u{663}a:1}", "{a\u{200C}b:1}", "{\u{200D}b:1}", "{a\u{20AC}:1}", "{\u{20AC}:1}",
            "{a\u{1F600}:1}", "{\u{1F600}:1}", "{a\u{903}:1}", "{a\u{2028}b:1}", "{\u{10400}x:1}",
            "{a\u{B7}b:1}", "{a\u{300}:1, b\u{E9}:2}",
        ])
    func nonASCIIUnquotedKeys(_ json: String) {
        Self.expectDecodedAsJSONDecoderDoes(json)
    }
}

/// A document's value, as a single value, the element of a one-element array, or member `v`.
private struct AnyShape<F: Decodable>: Decodable {
    var value: F

    enum Key: String, CodingKey { case v }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = try object.decode(F.self, forKey: .v)
        } else if var array = try? decoder.unkeyedContainer() {
            value = try array.decode(F.self)
        } else {
            value = try decoder.singleValueContainer().decode(F.self)
        }
    }
}

private struct OnlyS: Decodable, Equatable {
    var s: String
}

private struct OnlyA: Decodable, Equatable {
    var a: String
}
