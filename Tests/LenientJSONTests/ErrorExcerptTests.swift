import Foundation
import LenientJSON
import Testing

// The input excerpt with a caret that ends an error's message for `Data` input (the "Input
// excerpt" section of the ErrorMessages article). Expected excerpts are written by hand from the
// documented rules, or computed from them on plain ASCII text.

private struct ExcerptIntB: Decodable { var b: Int }
private struct ExcerptStringAIntB: Decodable {
    var a: String
    var b: Int
}
private struct ExcerptNeedsA: Decodable { var a: Int }
private struct ExcerptListing: Decodable { var list: [ExcerptNeedsA] }
private struct ExcerptItem: Decodable {
    var sku: String
    var qty: Int
}
private struct ExcerptOrder: Decodable { var items: [ExcerptItem] }

/// One document, the type it fails to decode as, and the excerpt expected at the end of the message.
struct ExcerptCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var decode: @Sendable (LenientJSONDecoder, Data) throws -> Void
    var excerpt: String
    var testDescription: String { name }
}

private func decoding<T: Decodable & SendableMetatype>(_ type: T.Type)
    -> @Sendable (LenientJSONDecoder, Data) throws -> Void
{
    { decoder, data in _ = try decoder.decode(T.self, from: data) }
}

private func caret(_ spaces: Int) -> String { "\n" + String(repeating: " ", count: spaces) + "^" }

/// A minified order with 30 items, item 17's quantity a word: the error is deep inside one long line.
private let minifiedOrder: String = {
    let items = (0..<30).map { i in #"{"sku":"s\#(i)","qty":\#(i == 17 ? #""x""# : "\(i)")}"# }
    return #"{"items":["# + items.joined(separator: ",") + "]}"
}()

/// The excerpt of `text` (ASCII, one line) at the byte offset of `marker`, by the documented rule:
/// at most 40 bytes each side (the marker's first byte counted after), `…` where cut.
private func asciiExcerpt(_ text: String, at marker: String) -> String {
    let bytes = Array(text.utf8)
    guard let range = text.range(of: marker) else { return "marker not found" }
    let position = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let start = max(0, position - 40)
    let end = min(bytes.count, position + 40)
    let before = (start > 0 ? "…" : "") + String(decoding: bytes[start..<position], as: UTF8.self)
    let after = String(decoding: bytes[position..<end], as: UTF8.self) + (end < bytes.count ? "…" : "")
    return before + after + caret(before.count)
}

let excerptCases: [ExcerptCase] = [
    ExcerptCase(
        name: "minified one-line document, error deep inside: cut both sides",
        input: Array(minifiedOrder.utf8), decode: decoding(ExcerptOrder.self),
        excerpt: asciiExcerpt(minifiedOrder, at: #""x""#)),
    ExcerptCase(
        name: "error at the start of the line", input: Array(#""x""#.utf8), decode: decoding(Int.self),
        excerpt: #""x""# + caret(0)),
    ExcerptCase(
        name: "error at the end of a line of a multi-line document: only that line",
        input: Array("{\n  \"a\": \"one\",\n  \"b\": \"x\"\n}".utf8), decode: decoding(ExcerptStringAIntB.self),
        excerpt: #"  "b": "x""# + caret(7)),
    ExcerptCase(
        name: "tab and carriage return escaped, caret after the escapes",
        input: Array("{\"a\":\"t\",\r\"b\":\t\"x\"}".utf8), decode: decoding(ExcerptStringAIntB.self),
        excerpt: #"{"a":"t",\r"b":\t"x"}"# + caret(17)),
    ExcerptCase(
        name: "DEL and a C1 control character escaped",
        input: Array("{\"a\":\"\u{7F}\u{85}\",\"b\":\"x\"}".utf8), decode: decoding(ExcerptStringAIntB.self),
        excerpt: #"{"a":"\u{7F}\u{85}","b":"x"}"# + caret(24)),
    ExcerptCase(
        name: "multibyte UTF-8 at the cut before: no broken scalar",
        input: Array(("{\"a\":\"" + String(repeating: "€", count: 20) + "\",\"b\":\"x\"}").utf8),
        decode: decoding(ExcerptStringAIntB.self),
        excerpt: "…" + String(repeating: "€", count: 11) + #"","b":"x"}"# + caret(18)),
    ExcerptCase(
        name: "multibyte UTF-8 at the cut after: no broken scalar",
        input: Array(("{\"b\":\"x\",\"a\":\"" + String(repeating: "€", count: 20) + "\"}").utf8),
        decode: decoding(ExcerptStringAIntB.self),
        excerpt: #"{"b":"x","a":""# + String(repeating: "€", count: 10) + "…" + caret(5)),
    ExcerptCase(
        name: "invalid UTF-8 in the line shown as bytes",
        input: Array(#"{"a":"x","c":""#.utf8) + [0xFF, 0xC3] + Array(#"","b":1}"#.utf8),
        decode: decoding(ExcerptNeedsA.self),
        excerpt: #"{"a":"x","c":"\xFF\xC3","b":1}"# + caret(5)),
    ExcerptCase(
        name: "keyNotFound points at the object",
        input: Array(#"{"list":[{"a":1},{"b":2}]}"#.utf8), decode: decoding(ExcerptListing.self),
        excerpt: #"{"list":[{"a":1},{"b":2}]}"# + caret(17)),
    ExcerptCase(
        name: "UTF-16 input: the text as read, caret under the value",
        input: [0xFF, 0xFE] + #"{"a":"x"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        decode: decoding(ExcerptNeedsA.self), excerpt: #"{"a":"x"}"# + caret(5)),
]

@Suite struct ErrorExcerptTests {
    @Test(arguments: excerptCases)
    func excerptEndsTheMessage(_ example: ExcerptCase) throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        let error = #expect(throws: DecodingError.self) { try example.decode(decoder, Data(example.input)) }
        let message = debugMessage(try #require(error))
        #expect(excerptLines(message) == example.excerpt, "\(message)")
        // The text before the excerpt is the message as it was: one line naming the place.
        #expect(!messageWithoutExcerpt(message).contains("\n"))
        #expect(LenientDecodingProblem(try #require(error)).message == message)
    }

    /// Syntax errors: the caret is under the column the message names (one ASCII line, nothing cut).
    @Test(arguments: [#"{"a":1,"b":tru}"#, #"{"a":1"#, #"[1,2 3]"#, #"{"a" 1}"#])
    func syntaxErrorCaretUnderItsColumn(_ text: String) throws {
        let error = #expect(throws: DecodingError.self) {
            try LenientJSONDecoder(policy: .strict).decode(ExcerptNeedsA.self, from: Data(text.utf8))
        }
        let message = debugMessage(try #require(error))
        let match = try #require(message.firstMatch(of: /column (\d+)\)/))
        let column = try #require(Int(match.1))
        #expect(excerptLines(message) == text + caret(column - 1), "\(message)")
        // JSONDecoder fails on the same text.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ExcerptNeedsA.self, from: Data(text.utf8)) }
    }

    /// With `collectsAllErrors`, each problem has its own excerpt, at its own value.
    @Test func everyCollectedErrorHasItsOwnExcerpt() throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.collectsAllErrors = true
        let text = #"[{"a":"x"},{"a":"y"}]"#
        let error = #expect(throws: LenientDecodingErrors.self) {
            try decoder.decode([ExcerptNeedsA].self, from: Data(text.utf8))
        }
        let errors = try #require(error).errors
        #expect(errors.map { excerptLines(debugMessage($0)) } == [text + caret(6), text + caret(16)])
        #expect(try #require(error).problems.map { excerptLines($0.message) } == [text + caret(6), text + caret(16)])
    }

    /// A JSON object tree has no text: no excerpt.
    @Test func noExcerptForJSONObjectInput() throws {
        let error = #expect(throws: DecodingError.self) {
            try LenientJSONDecoder(policy: .strict).decode(ExcerptNeedsA.self, fromJSONObject: ["a": "x"])
        }
        let message = debugMessage(try #require(error))
        #expect(excerptLines(message) == nil)
        #expect(!message.contains("\n"))
    }

    /// The excerpt is shown for every kind of error the decoder describes: a type mismatch
    /// (the deep case above), a `null` for a non-optional value, and a value no rule reads.
    @Test func valueNotFoundHasAnExcerpt() throws {
        let text = #"{"b":null}"#
        let error = #expect(throws: DecodingError.self) {
            try LenientJSONDecoder().decode(ExcerptIntB.self, from: Data(text.utf8))
        }
        #expect(excerptLines(debugMessage(try #require(error))) == text + caret(5))
    }
}
