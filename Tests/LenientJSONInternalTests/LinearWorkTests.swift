// Work that must grow linearly with the input, counted rather than timed (the times are in
// `Benchmarks/Scaling`, run by `Scripts/scaling.sh`): the locations of events and errors that
// point back into a long line, and the locations themselves, checked against a count from
// the start of the text.
import Foundation
@testable import LenientJSON
import Testing

@Suite struct LinearWorkTests {
    /// The location of `offset` counted from the start of `text`, as the tests of
    /// `ErrorLocationTests.swift` count it: lines after each `\n`, columns in Unicode scalars.
    static func expected(_ text: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in text[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// A one-line text of `rows` rows (with non-ASCII letters), or one row per line.
    static func text(rows: Int, oneLine: Bool) -> [UInt8] {
        let body = (0..<rows).map { #"{"näme":"Ådä \#($0)","age":"\#($0)"}"# }.joined(separator: oneLine ? "," : ",\n")
        return Array(("[" + body + "]").utf8)
    }

    /// Offsets visited as a report with strict re-decodes visits them: each row's last value,
    /// then back to the row's first byte.
    static func offsets(in text: [UInt8]) -> [Int] {
        var result: [Int] = []
        var rowStart = 0
        for (i, byte) in text.enumerated() {
            if byte == UInt8(ascii: "{") { rowStart = i }
            if byte == UInt8(ascii: "}") { result += [i, rowStart, rowStart + 3] }
        }
        return result
    }

    @Test(arguments: [true, false])
    func backwardLookupsWalkAtMostOneStrideEach(oneLine: Bool) {
        let text = Self.text(rows: 2_000, oneLine: oneLine)
        let offsets = Self.offsets(in: text)
        text.withUnsafeBufferPointer { bytes in
            var locator = SourceLocator()
            for offset in offsets {
                let location = locator.location(of: offset, in: bytes)
                let expected = Self.expected(text, offset)
                #expect(location.line == expected.line && location.column == expected.column, "offset \(offset)")
            }
            // Two of every three lookups go back; none walks more than the checkpoints' stride
            // (from the start of a long line, each would walk the whole line so far).
            #expect(locator.bytesWalkedBack <= offsets.count * SourceLocator.checkpointStride)
            #expect(locator.bytesWalkedBack > 0)
        }
    }

    @Test func backwardLookupsCountFromTheOrigin() {
        let text = Array("{\"a\": 1,\n \"b\": [1, 2, \"é\"]}".utf8)
        let origin = SourceLocation(line: 7, column: 5)
        text.withUnsafeBufferPointer { bytes in
            var locator = SourceLocator(origin: origin)
            _ = locator.location(of: text.count, in: bytes)
            for offset in (0...text.count).reversed() {
                let location = locator.location(of: offset, in: bytes)
                let plain = Self.expected(text, offset)
                let line = origin.line + plain.line - 1
                let column = plain.line == 1 ? origin.column + plain.column - 1 : plain.column
                #expect(location.line == line && location.column == column, "offset \(offset)")
            }
        }
    }

    /// Through the decoder: a one-line array whose rows are decoded twice (a respelled key and
    /// a numeric string, so the strict re-decode notes the key again) gets every event's
    /// location right, as counted from the text.
    @Test func oneLineReportLocations() throws {
        struct Row: Decodable, Equatable { var firstName: String; var age: Int }
        let rows = 300
        let json = "[" + (0..<rows).map { #"{"first_name":"é\#($0)","age":"\#($0)"}"# }.joined(separator: ",") + "]"
        let text = Array(json.utf8)
        var report = LenientDecodingReport()
        let decoded = try LenientJSONDecoder().decode([Row].self, from: Data(text), report: &report)
        #expect(decoded == (0..<rows).map { Row(firstName: "é\($0)", age: $0) })
        #expect(report.events.count == 2 * rows)
        let keyOffsets = text.indices.filter { text[$0...].starts(with: Array(#""é"#.utf8)) }
        let ageOffsets = text.indices.filter { text[$0...].starts(with: Array(#""age":""#.utf8)) }.map { $0 + 6 }
        for (index, event) in report.events.enumerated() {
            let offset = event.kind == .matchedKey ? keyOffsets[index / 2] : ageOffsets[index / 2]
            let expected = Self.expected(text, offset)
            #expect(event.line == expected.line && event.column == expected.column, "\(event)")
        }
    }

    /// An object with thousands of keys that normalize alike: under `.permissive` the first
    /// wins, under `.lenient` the error names every distinct spelling once.
    @Test func manyKeysThatNormalizeAlike() throws {
        struct Model: Decodable { var userName: String }
        let spellings = (0..<3_000).map {
            "user" + String(repeating: "_", count: $0 % 5 + 1) + "name\($0 % 2 == 0 ? "" : "_")" + String($0)
        }
        // Only the spellings without digits normalize to "username"; make them distinct by case.
        let alike = (0..<512).map { bits in
            String(
                "username".enumerated().map {
                    bits & (1 << $0.offset) != 0 ? Character($0.element.uppercased()) : $0.element
                })
        }.filter { $0 != "userName" }
        let members =
            (alike + alike).enumerated().map { #""\#($0.element)":"v\#($0.offset)""# }
            + spellings.map { #""\#($0)":"x""# }
        let data = Data(("{" + members.joined(separator: ",") + "}").utf8)
        let value = try LenientJSONDecoder(policy: .permissive).decode(Model.self, from: data)
        #expect(value.userName == "v0")
        do {
            _ = try LenientJSONDecoder().decode(Model.self, from: data)
            Issue.record("an ambiguous key decoded")
        } catch DecodingError.dataCorrupted(let context) {
            for spelling in alike {
                let message = messageWithoutExcerpt(context.debugDescription)
                #expect(message.components(separatedBy: "\"\(spelling)\"").count == 2, "\(spelling)")
            }
        }
    }

    /// The did-you-mean suggestion skips keys too long to be close, and still finds the
    /// closest one among them.
    @Test(
        arguments: [
            (["emial", String(repeating: "e", count: 10_000)], "emial"),
            ([String(repeating: "x", count: 100), "emaill", "EMAIL_ADDRESS_LONG"], "emaill"),
            (["phone", "zzzzzzzz"], nil),
        ] as [([String], String?)])
    func suggestion(candidates: [String], expected: String?) {
        #expect(KeyNormalization.suggestion(for: "email", among: candidates) == expected)
    }
}
