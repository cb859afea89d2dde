// The scanner skips whitespace runs eight bytes at a time and scans the whole document in one
// loop (issue 15). These tests put runs of every length 0...40 before and after every kind of
// token, at both ends of the buffer, with tabs, carriage returns and line feeds mixed in, and
// a byte that is not whitespace inside a run; every outcome is compared with JSONDecoder's on
// the same bytes: the same value, or a syntax error at the same line and column.

import Foundation
import LenientJSON
import Testing

@Suite("Whitespace runs around every token, compared with JSONDecoder")
struct WhitespaceScanningTests {
    /// Any JSON value, decoded through a single-value container.
    indirect enum AnyValue: Decodable, Equatable, Sendable {
        case null, bool(Bool), number(Double), string(String), array([AnyValue]), object([String: AnyValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Double.self) { self = .number(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode([AnyValue].self) { self = .array(value); return }
            self = .object(try container.decode([String: AnyValue].self))
        }
    }

    /// How a run is made: its length and the bytes it repeats.
    struct Run: Sendable, CustomTestStringConvertible {
        var length: Int
        var pattern: [UInt8]
        var bytes: [UInt8] { (0..<length).map { pattern[$0 % pattern.count] } }
        var testDescription: String { "\(length) × \(pattern)" }
    }

    /// Spaces; a line feed then spaces (pretty-printed JSON); every whitespace byte mixed.
    static let patterns: [[UInt8]] = [
        [0x20], [0x0A] + Array(repeating: 0x20, count: 11), [0x20, 0x09, 0x0D, 0x0A, 0x20, 0x20, 0x20],
    ]
    static let runs: [Run] = patterns.flatMap { pattern in (0...40).map { Run(length: $0, pattern: pattern) } }

    /// A document with a `W` at every place whitespace may go: around `{ } [ ] : ,`, strings,
    /// numbers, `true`, `false`, `null` and empty containers.
    static let template =
        #"W{W"a"W:W[W1W,W"s\"t"W,Wtrue,Wfalse,Wnull,W{W}W,W[W]W,W-2.5e1W]W,W"b"W:W{W"c"W:W"x"W}W,W"é"W:W0W}W"#

    static func document(_ template: String, _ run: [UInt8]) -> [UInt8] {
        Array(template.utf8).flatMap { $0 == UInt8(ascii: "W") ? run : [$0] }
    }

    /// The "(line L, column C)" of byte `offset` of `bytes`, computed here: lines split at line
    /// feeds, columns counted in scalars (bytes that do not continue a UTF-8 sequence).
    static func place(of offset: Int, in bytes: [UInt8]) -> String {
        let before = bytes.prefix(max(offset, 0))
        let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        let line = 1 + before.filter { $0 == 0x0A }.count
        let column = 1 + before[lineStart...].filter { $0 & 0xC0 != 0x80 }.count
        return "(line \(line), column \(column))"
    }

    /// Decodes `bytes` with JSONDecoder and LenientJSONDecoder (`.strict` and the default
    /// policy): equal values, or both a syntax error, LenientJSON's at byte `errorAt`.
    static func expectSameOutcome(_ bytes: [UInt8], errorAt: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(bytes)
        let reference = Outcome { try JSONDecoder().decode(AnyValue.self, from: paddedForFoundation(data)) }
        for policy in [LenientPolicy.strict, .lenient] {
            let outcome = Outcome { try LenientJSONDecoder(policy: policy).decode(AnyValue.self, from: data) }
            switch (reference, outcome) {
            case (.value(let expected), .value(let value)):
                #expect(value == expected, "\(describeInput(data))", sourceLocation: sourceLocation)
            case (.failure(let expected), .failure(let error)):
                #expect(
                    error.kind == "dataCorrupted" && expected.kind == "dataCorrupted",
                    "\(error) / JSONDecoder: \(expected)", sourceLocation: sourceLocation)
                let place = place(of: errorAt, in: bytes)
                #expect(
                    error.message.contains(place), "\(describeInput(data)): expected \(place) in \(error.message)",
                    sourceLocation: sourceLocation)
            default:
                Issue.record(
                    "\(describeInput(data)): \(outcome) / JSONDecoder: \(reference)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Runs around every token", arguments: runs)
    func runsAroundEveryToken(run: Run) {
        let bytes = Self.document(Self.template, run.bytes)
        Self.expectSameOutcome(bytes, errorAt: -1)
        #expect(
            expectObjectParity(AnyValue.self, from: Data(bytes)), "JSONSerialization read \(describeInput(Data(bytes)))"
        )
    }

    @Test("Runs around top-level scalars and at the buffer's ends", arguments: runs)
    func runsAtTheEnds(run: Run) {
        for template in [
            "W1W", "W-0.5W", "W\"s\"W", "WtrueW", "WnullW", "W[]W", "W{}W", "[W", "{W", "{\"a\"W", "{\"a\"W:W", "[1,W",
            "{\"a\":1,W", "W",
        ] {
            // The incomplete documents end early: the error is at the end of the input.
            let bytes = Self.document(template, run.bytes)
            Self.expectSameOutcome(bytes, errorAt: bytes.count)
        }
    }

    /// A byte that is not JSON whitespace (form feed, vertical tab, NUL, no-break space, a
    /// letter) at every place inside a run: the error is where that byte is.
    @Test("A byte that is not whitespace inside a run", arguments: runs.filter { $0.length > 0 })
    func foreignByteInsideRun(run: Run) {
        for foreign: [UInt8] in [[0x0C], [0x0B], [0x00], [0xC2, 0xA0], [UInt8(ascii: "x")]] {
            for at in Set([0, run.length / 2, run.length - 1, run.length]) {
                var spoiled = run.bytes
                spoiled.insert(contentsOf: foreign, at: at)
                for template in [
                    "[W1]", "[1,W2]", "{\"a\":W1}", "{\"a\"W:1}", "[1W]", "W[1]", "[1]W", "{W}", "{\"a\":1W}",
                ] {
                    let prefix = Self.document(String(template.prefix { $0 != "W" }), [])
                    Self.expectSameOutcome(Self.document(template, spoiled), errorAt: prefix.count + at)
                }
            }
        }
    }
}
