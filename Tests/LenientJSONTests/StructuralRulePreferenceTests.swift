// A hand-written `init(from:)` that tries alternatives in turn picks the one that succeeds.
// Where it succeeds only through a structural rule (a value wrapped as an array, a one-element
// array unwrapped) while another alternative succeeds without one, the reading without it
// wins: an object is the `File` it is, not a one-element directory, even when one of its
// members also needs a coercion. An array in the input still reads as the array case. Each
// expectation is JSONDecoder's pick on the clean form of the same document.

import Foundation
import LenientJSON
import Testing

@Suite("Structural rules never change a hand-written decoder's pick")
struct StructuralRulePreferenceTests {
    struct File: Decodable, Equatable { var name: String; var size: Int }

    /// Tries `[File]` first, then `File`.
    enum Node: Decodable, Equatable {
        case directory([File]), file(File)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let files = try? container.decode([File].self) {
                self = .directory(files)
            } else {
                self = .file(try container.decode(File.self))
            }
        }
    }

    /// Tries `Int` first, then `[Int]`.
    enum Amount: Decodable, Equatable {
        case single(Int), list([Int])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int.self) {
                self = .single(value)
            } else {
                self = .list(try container.decode([Int].self))
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var messy: String
        var clean: String
        var preset: Preset
        var check: @Sendable (String, String, Preset) throws -> Void
        var testDescription: String { "\(messy) (\(preset.testDescription))" }
    }

    static func row<T: Decodable & Equatable & SendableMetatype>(
        _ type: T.Type, _ messy: String, clean: String, _ presets: [Preset] = [.lenient, .permissive]
    ) -> [Row] {
        presets.map { preset in
            Row(messy: messy, clean: clean, preset: preset) { messy, clean, preset in
                let expected = try JSONDecoder().decode(T.self, from: Data(clean.utf8))
                var report = LenientDecodingReport()
                let value = try LenientJSONDecoder(policy: preset.policy).decode(
                    T.self, from: Data(messy.utf8), report: &report)
                #expect(value == expected, "events: \(report.events)")
                #expect(!report.events.contains { $0.description.contains("rapped") }, "\(report.events)")
            }
        }
    }

    static let rows: [Row] =
        row(Node.self, #"{"name": "a", "size": "12"}"#, clean: #"{"name": "a", "size": 12}"#)
        + row(Node.self, #"{"Name": "a", "size": 12}"#, clean: #"{"name": "a", "size": 12}"#)
        + row(
            [Node].self, #"[{"name": "a", "size": "12"}, [{"name": "b", "size": 1}]]"#,
            clean: #"[{"name": "a", "size": 12}, [{"name": "b", "size": 1}]]"#)
        + row(Amount.self, #"["5"]"#, clean: "[5]", [.permissive])
        + row([Amount].self, #"[["5"], "6", [7]]"#, clean: "[[5], 6, [7]]", [.permissive])

    @Test("The reading without a structural rule wins where it succeeds", arguments: rows)
    func preferUnstructured(_ row: Row) throws {
        try row.check(row.messy, row.clean, row.preset)
    }

    @Test("An array in the input still reads as the array case, with its coercions reported")
    func arrayStaysArray() throws {
        var report = LenientDecodingReport()
        let json = Data(#"[{"name": "a", "size": "12"}]"#.utf8)
        let value = try LenientJSONDecoder().decode(Node.self, from: json, report: &report)
        #expect(value == .directory([File(name: "a", size: 12)]))
        #expect(report.events.map(\.path) == ["$[0].size"])
    }

    @Test("The object's own coercion is reported once, at its place")
    func reportOfTheWinningReading() throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(
            Node.self, from: Data(#"{"name": "a", "size": "12"}"#.utf8), report: &report)
        #expect(value == .file(File(name: "a", size: 12)))
        #expect(report.events.map(\.path) == ["$.size"])
    }
}
