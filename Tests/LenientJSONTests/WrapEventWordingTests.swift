// The event of wrapping a single value as a one-element array (CoercionRules article, row
// "Array: a single non-null, non-array value"): its sentence names the value found, for every
// kind of value it can name, in grammatical English.

import Foundation
import LenientJSON
import Testing

@Suite("The wrapping event's sentence")
struct WrapEventWordingTests {
    struct Inner: Decodable, Equatable { var a: Int }

    /// A value, the element type it is decoded as, and the words the sentence names it with.
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var element: String
        var named: String
        var testDescription: String { json }

        /// The element count of the array decoded from `{"v": json}`.
        func decode(_ decoder: LenientJSONDecoder, _ data: Data, _ report: inout LenientDecodingReport) throws -> Int {
            switch element {
            case "Int": return try decoder.decode(Box<Int>.self, from: data, report: &report).v.count
            case "Double": return try decoder.decode(Box<Double>.self, from: data, report: &report).v.count
            case "String": return try decoder.decode(Box<String>.self, from: data, report: &report).v.count
            case "Bool": return try decoder.decode(Box<Bool>.self, from: data, report: &report).v.count
            default: return try decoder.decode(Box<Inner>.self, from: data, report: &report).v.count
            }
        }
    }

    struct Box<T: Decodable>: Decodable { var v: [T] }

    static let cases: [Case] = [
        Case(json: "12", element: "Int", named: "number 12"),
        Case(json: "-0.5", element: "Double", named: "number -0.5"),
        Case(json: #""tag""#, element: "String", named: #"string "tag""#),
        Case(json: #"{"a": 1}"#, element: "Inner", named: "an object"),
        Case(json: "true", element: "Bool", named: "true"),
        Case(json: "false", element: "Bool", named: "false"),
    ]

    @Test("the sentence names the value and reads as English", arguments: cases)
    func sentence(_ testCase: Case) throws {
        var report = LenientDecodingReport()
        let count = try testCase.decode(LenientJSONDecoder(), Data(#"{"v": \#(testCase.json)}"#.utf8), &report)
        #expect(count == 1)
        let event = try #require(report.events.first)
        #expect(report.events.count == 1)
        #expect(event.kind == .coerced)
        #expect(
            event.description.hasSuffix(": wrapped \(testCase.named) in a one-element array."), "\(event.description)")
        #expect(!event.description.contains("a single a"), "\(event.description)")
    }

    @Test("a Date of a JSON object tree is named as a date")
    func dateInTree() throws {
        let date = Date(timeIntervalSince1970: 0)
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(Box<Date>.self, fromJSONObject: ["v": date], report: &report)
        #expect(value.v == [date])
        let event = try #require(report.events.first)
        #expect(event.description == "$.v: wrapped a date in a one-element array.", "\(event.description)")
    }
}
