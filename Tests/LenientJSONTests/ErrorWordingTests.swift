// Error messages that name what the input says (the DocC article "Error
// messages"): a missing member's error names its full path as the input would spell it (the
// key strategy's spelling, with the model's key beside it where they differ), and a number
// with a fraction where an integer is needed says so. The `codingPath` and the missing key
// stay exactly what `JSONDecoder` gives; only the `debugDescription` is ours.

import Foundation
import LenientJSON
import Testing

@Suite("Error messages name the input's spelling")
struct ErrorWordingTests {
    // MARK: Missing keys

    struct Option: Decodable { var id: Int; var name: String }
    struct Product: Decodable { var options: [Option] }
    struct Shop: Decodable { var product: Product }

    struct Tweet: Decodable { var idStr: String; var text: String }
    struct UserInfo: Decodable { var screenName: String }
    struct Profile: Decodable { var userInfo: UserInfo }
    struct Spaced: Decodable {
        var firstName: String
        enum CodingKeys: String, CodingKey { case firstName = "first name" }
    }

    /// A case: the document, the model, the key strategy, and the text the message must hold.
    struct MissingKeyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var decode: @Sendable (JSONDecoder, Data) throws -> Void
        var snakeCase: Bool
        var expected: String
        var testDescription: String { name }
    }

    static let missingKeyCases: [MissingKeyCase] = [
        MissingKeyCase(
            name: "default keys, nested in an array", json: #"{"product": {"options": [{"name": "S"}]}}"#,
            decode: { _ = try $0.decode(Shop.self, from: $1) }, snakeCase: false,
            expected: #"No value for key "id" at $.product.options[0].id"#),
        MissingKeyCase(
            name: ".convertFromSnakeCase, at the root's element", json: #"[{"text": "hi", "id": 1}]"#,
            decode: { _ = try $0.decode([Tweet].self, from: $1) }, snakeCase: true,
            expected: #"No value for key "id_str" (model key "idStr") at $[0].id_str"#),
        MissingKeyCase(
            name: ".convertFromSnakeCase, under a respelled parent", json: #"{"user_info": {"name": "ann"}}"#,
            decode: { _ = try $0.decode(Profile.self, from: $1) }, snakeCase: true,
            expected: #"No value for key "screen_name" (model key "screenName") at $.user_info.screen_name"#),
        MissingKeyCase(
            name: "a key that is no plain name", json: #"{"last name": "Li"}"#,
            decode: { _ = try $0.decode(Spaced.self, from: $1) }, snakeCase: false,
            expected: #"No value for key "first name" at $['first name']"#),
    ]

    @Test(
        "a missing key's message names the member's path as the input would spell it; the error is JSONDecoder's",
        arguments: missingKeyCases, InputKind.allCases)
    func missingKey(_ testCase: MissingKeyCase, _ input: InputKind) throws {
        let data = Data(testCase.json.utf8)
        let foundation = JSONDecoder()
        if testCase.snakeCase { foundation.keyDecodingStrategy = .convertFromSnakeCase }
        let expected = try #require(Result { try testCase.decode(foundation, data) }.failureError)
        for preset in [Preset.strict, .lenient] {
            let decoder = LenientJSONDecoder(policy: preset.policy)
            if testCase.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            let error = try #require(Result { try Self.decode(testCase.decode, decoder, data, input) }.failureError)
            #expect(ErrorInfo(error) == ErrorInfo(expected), "\(preset)")
            let message = ErrorInfo(error).message
            #expect(message.hasPrefix(testCase.expected), "\(preset): \(message)")
            #expect(input == .data ? message.contains("(line ") : !message.contains("(line "), "\(message)")
        }
    }

    @Test("the did-you-mean stays, after the input's spelling", arguments: InputKind.allCases)
    func suggestionStays(_ input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let data = Data(#"[{"text": "hi", "id_sr": "1"}]"#.utf8)
        let error = try #require(
            Result { try Self.decode({ _ = try $0.decode([Tweet].self, from: $1) }, decoder, data, input) }.failureError
        )
        let message = ErrorInfo(error).message
        #expect(message.hasPrefix(#"No value for key "id_str" (model key "idStr") at $[0].id_str"#), "\(message)")
        #expect(message.hasSuffix(#"; did you mean "id_sr"?"#), "\(message)")
    }

    @Test("a .custom key strategy's missing key is named as the model spells it", arguments: InputKind.allCases)
    func customStrategy(_ input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in path.last! }
        let data = Data(#"{"product": {"options": [{"name": "S"}]}}"#.utf8)
        let error = try #require(
            Result { try Self.decode({ _ = try $0.decode(Shop.self, from: $1) }, decoder, data, input) }.failureError)
        #expect(
            ErrorInfo(error).message.hasPrefix(#"No value for key "id" at $.product.options[0].id"#),
            "\(ErrorInfo(error).message)")
    }

    // MARK: Fractions into integers

    /// A number, an integer type, and whether the message is about its fraction (else its range).
    struct NumberCase: Sendable, CustomTestStringConvertible {
        var number: String
        var type: String
        var fraction: Bool
        var testDescription: String { "\(number) as \(type)" }
    }

    static let numberCases: [NumberCase] = [
        NumberCase(number: "1.5", type: "Int", fraction: true),
        NumberCase(number: "-2.25", type: "Int64", fraction: true),
        NumberCase(number: "15e-1", type: "Int", fraction: true),
        NumberCase(number: "0.5", type: "UInt8", fraction: true),
        NumberCase(number: "-0.5", type: "UInt", fraction: true),
        NumberCase(number: "300.5", type: "Int8", fraction: false),
        NumberCase(number: "-1.5", type: "UInt8", fraction: false),
        NumberCase(number: "99999999999999999999.5", type: "Int", fraction: false),
        NumberCase(number: "300", type: "UInt8", fraction: false),
        NumberCase(number: "1e400", type: "Int", fraction: false),
    ]

    struct Box<T: Decodable>: Decodable { var value: T }

    static func decodeBox(_ type: String, _ decoder: JSONDecoder, _ data: Data) throws {
        switch type {
        case "Int": _ = try decoder.decode(Box<Int>.self, from: data)
        case "Int8": _ = try decoder.decode(Box<Int8>.self, from: data)
        case "Int64": _ = try decoder.decode(Box<Int64>.self, from: data)
        case "UInt": _ = try decoder.decode(Box<UInt>.self, from: data)
        case "UInt8": _ = try decoder.decode(Box<UInt8>.self, from: data)
        default: Issue.record("no type \(type)")
        }
    }

    @Test(
        "a number with a fraction where an integer is needed says so; one out of range names the bounds",
        arguments: numberCases, [Preset.strict, .lenient])
    func fractionMessage(_ testCase: NumberCase, _ preset: Preset) throws {
        let data = Data(#"{"value": \#(testCase.number)}"#.utf8)
        let expected = try #require(Result { try Self.decodeBox(testCase.type, JSONDecoder(), data) }.failureError)
        let error = try #require(
            Result { try Self.decodeBox(testCase.type, LenientJSONDecoder(policy: preset.policy), data) }.failureError)
        let info = ErrorInfo(error)
        #expect(info.kind == ErrorInfo(expected).kind)
        #expect(info.path == ["value"])
        if testCase.fraction {
            #expect(
                info.message.hasPrefix(
                    "Number has a fractional part, but \(testCase.type) needs a whole number at $.value"),
                "\(info.message)")
            #expect(!info.message.contains("does not fit"), "\(info.message)")
        } else {
            #expect(info.message.hasPrefix("Number does not fit in \(testCase.type) ("), "\(info.message)")
        }
        #expect(info.message.contains("found number \(testCase.number)"), "\(info.message)")
    }

    // MARK: Helpers

    static func decode(
        _ body: (JSONDecoder, Data) throws -> Void, _ decoder: LenientJSONDecoder, _ data: Data, _ input: InputKind
    ) throws {
        switch input {
        case .data: try body(decoder, data)
        case .jsonObject:
            // The same model through the tree: a decoder whose `decode(_:from:)` reads the tree.
            try body(TreeDecoder(decoder), data)
        }
    }

    /// Forwards `decode(_:from:)` to `decode(_:fromJSONObject:)` of the tree of the same bytes.
    final class TreeDecoder: JSONDecoder, @unchecked Sendable {
        let base: LenientJSONDecoder
        init(_ base: LenientJSONDecoder) {
            self.base = base
            super.init()
        }
        override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            try base.decode(type, fromJSONObject: JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
        }
    }
}

extension Result {
    /// The error of a failure, `nil` for a success.
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
