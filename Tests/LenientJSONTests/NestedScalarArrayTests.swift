import Foundation
import LenientJSON
import Testing

/// Arrays of arrays of `Double`, `Float`, `Int`, `Int64`, `String` and `Bool` (`[[Double]]`:
/// GeoJSON coordinates) build each inner array directly, with no coding path or dispatch per
/// element. That shortcut must give what the general element loop gives: the values
/// `JSONDecoder` gives where it succeeds, and otherwise the same values, error and report
/// events as inner arrays decoded one by one through a single-value container.
@Suite("Nested scalar arrays")
struct NestedScalarArrayTests {
    /// An inner array decoded through `singleValueContainer()`, which takes the general path.
    struct Inner<T: Decodable & Equatable>: Decodable, Equatable {
        var values: [T]
        init(from decoder: any Decoder) throws {
            values = try decoder.singleValueContainer().decode([T].self)
        }
    }

    struct Outcome<T: Equatable>: Equatable {
        var values: [[T]]?
        var error: String?
        var events: [String]
    }

    static func errorText(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context):
            return "\(error)".prefix(while: { $0 != "(" }) + " at "
                + context.codingPath.map(\.stringValue).joined(separator: "/")
                + ": " + context.debugDescription
        default:
            return "\(error)"
        }
    }

    /// Decodes `json` as `[[T]]` (`direct`) and as `[Inner<T>]` (`general`), as the member
    /// `"coordinates"` of an object, so that the arrays have a path of their own.
    static func outcomes<T: Decodable & Equatable>(_: T.Type, _ json: String, _ policy: LenientPolicy) -> (
        direct: Outcome<T>, general: Outcome<T>
    ) {
        let decoder = LenientJSONDecoder(policy: policy)
        let data = Data("{\"coordinates\": \(json)}".utf8)
        func events(_ report: LenientDecodingReport) -> [String] {
            report.events.map { "\($0.kind) \($0.path) \($0.line ?? -1):\($0.column ?? -1) \($0.description)" }
        }
        var report = LenientDecodingReport()
        var direct = Outcome<T>(values: nil, error: nil, events: [])
        do {
            direct.values = try decoder.decode([String: [[T]]].self, from: data, report: &report)["coordinates"]
        } catch {
            direct.error = errorText(error)
        }
        direct.events = events(report)
        report = LenientDecodingReport()
        // The general loop's errors and events name the wrapper `Inner<T>` where the direct
        // loop names the array it stands for, `Array<T>`: that name is all that may differ.
        var general = Outcome<T>(values: nil, error: nil, events: [])
        do {
            general.values = try decoder.decode([String: [Inner<T>]].self, from: data, report: &report)["coordinates"]?
                .map(\.values)
        } catch {
            general.error = errorText(error).replacingOccurrences(of: "Inner<", with: "Array<")
        }
        general.events = events(report).map { $0.replacingOccurrences(of: "Inner<", with: "Array<") }
        return (direct, general)
    }

    /// `nil` when `[[T]]` and `[Inner<T>]` agree on `json`, else both outcomes.
    static func disagreement<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ policy: LenientPolicy)
        -> String?
    {
        let both = outcomes(type, json, policy)
        return both.direct == both.general ? nil : "direct: \(both.direct)\ngeneral: \(both.general)"
    }

    /// Documents with an element that needs more than a strict reading, at the start, in the
    /// middle and at the end of the outer array and of an inner one.
    static let documents = [
        #"[[1.5, 2], [3, "4"], [5, 6]]"#, #"[["1", 2], [3, 4]]"#, #"[[1, 2], [3, null]]"#, #"[[1, 2], null, [3, 4]]"#,
        #"[[1, 2], 7, [3, 4]]"#, #"[[1, 2], "x", [3, 4]]"#, #"[[1, 2], {"a": 1}, [3, 4]]"#, #"[[1, [2]], [3, 4]]"#,
        #"[[1, 2], [3, 1e400], [-0.0, 0e5]]"#, #"[[true, false], ["true", 0], [1, "no"]]"#,
        #"[["a", "b\n"], ["c", 1]]"#,
        #"[[9223372036854775807, 9223372036854775808], ["12"]]"#, #"[[], [1], []]"#, "[[1,\n 2],\n [\"3\",\n x]]",
        #"[[" 7 ", 2.0], [300, ""]]"#, #"[[1, 2], [3, 4.5], [1e2, -7]]"#, #"[]"#,
    ]
    static let policies: [(String, LenientPolicy)] = [
        ("strict", .strict), ("lenient", .lenient), ("permissive", .permissive),
    ]
    static let elementTypes: [(String, @Sendable (String, LenientPolicy) -> String?)] = [
        ("Double", { disagreement(Double.self, $0, $1) }), ("Float", { disagreement(Float.self, $0, $1) }),
        ("Int", { disagreement(Int.self, $0, $1) }), ("Int64", { disagreement(Int64.self, $0, $1) }),
        ("String", { disagreement(String.self, $0, $1) }), ("Bool", { disagreement(Bool.self, $0, $1) }),
    ]

    @Test("the direct loop gives the general loop's values, error and events", arguments: documents)
    func sameAsGeneralLoop(json: String) {
        for (policyName, policy) in Self.policies {
            for (typeName, disagreement) in Self.elementTypes {
                let difference = disagreement(json, policy)
                #expect(difference == nil, "[[\(typeName)]] \(policyName): \(difference ?? "")")
            }
        }
    }

    @Test("a bad element: the error JSONDecoder throws, or the report's coercion and drop")
    func badElementUnderEachPolicy() throws {
        let data = Data(#"{"coordinates": [[1.5, 2], [3, "4"], [5, 6]]}"#.utf8)
        struct Model: Decodable, Equatable { var coordinates: [[Double]] }

        // .strict: JSONDecoder's error, at JSONDecoder's path.
        var expected = ""
        do { _ = try JSONDecoder().decode(Model.self, from: data) } catch { expected = Self.errorText(error) }
        var actual = ""
        do { _ = try LenientJSONDecoder(policy: .strict).decode(Model.self, from: data) } catch {
            actual = Self.errorText(error)
        }
        #expect(!expected.isEmpty)
        #expect(actual.hasPrefix(expected.prefix(while: { $0 != ":" })), "\(actual) vs \(expected)")
        #expect(actual.contains("coordinates/Index 1/Index 1"))

        // The default policy coerces the string, reported at its own index.
        var report = LenientDecodingReport()
        let lenient = try LenientJSONDecoder().decode(Model.self, from: data, report: &report)
        #expect(lenient.coordinates == [[1.5, 2], [3, 4], [5, 6]])
        #expect(report.events.map(\.path) == ["$.coordinates[1][1]"])

        // .recover drops an element that cannot be read, and reports the drop.
        let broken = Data(#"{"coordinates": [[1.5, 2], [3, "x"], [5, 6]]}"#.utf8)
        report = LenientDecodingReport()
        let recovered = try LenientJSONDecoder(policy: .permissive).decode(Model.self, from: broken, report: &report)
        #expect(recovered.coordinates == [[1.5, 2], [3], [5, 6]])
        #expect(report.events.map(\.path) == ["$.coordinates[1][1]"])
        #expect(report.events.map(\.kind) == [.droppedElement])
    }

    @Test(
        "well-formed nested arrays equal JSONDecoder's, from Data and from a JSONSerialization tree",
        arguments: [
            #"[[-65.613616999999977, 43.420273000000009], [-65.619720000000029, 43.418052999999986]]"#,
            #"[[1, 2, 3], [], [4], [5, 6]]"#, #"[[0, -0.0, 1e-7, 123456789012345678]]"#, #"[]"#, #"[[]]"#,
        ])
    func matchesJSONDecoder(json: String) throws {
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode([[Double]].self, from: data)
        #expect(
            try LenientJSONDecoder().decode([[Double]].self, from: data).map { $0.map(\.bitPattern) }
                == expected.map { $0.map(\.bitPattern) })
        #expect(try LenientJSONDecoder(policy: .strict).decode([[Double]].self, from: data) == expected)
        let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        #expect(try LenientJSONDecoder().decode([[Double]].self, fromJSONObject: tree) == expected)
        // Three levels, as GeoJSON polygons nest them.
        let polygon = Data("[\(json), \(json)]".utf8)
        #expect(
            try LenientJSONDecoder().decode([[[Double]]].self, from: polygon)
                == JSONDecoder().decode([[[Double]]].self, from: polygon))
    }

    @Test("the other element types equal JSONDecoder's")
    func otherElementTypes() throws {
        let integers = Data(#"[[1, -2, 9223372036854775807], [], [0]]"#.utf8)
        #expect(
            try LenientJSONDecoder().decode([[Int]].self, from: integers)
                == JSONDecoder().decode([[Int]].self, from: integers))
        #expect(
            try LenientJSONDecoder().decode([[Int64]].self, from: integers)
                == JSONDecoder().decode([[Int64]].self, from: integers))
        let floats = Data(#"[[1.5, 3.4028234e38], [1e-45]]"#.utf8)
        #expect(
            try LenientJSONDecoder().decode([[Float]].self, from: floats)
                == JSONDecoder().decode([[Float]].self, from: floats))
        let strings = Data(#"[["a", "\u00e9\n"], [""]]"#.utf8)
        #expect(
            try LenientJSONDecoder().decode([[String]].self, from: strings)
                == JSONDecoder().decode([[String]].self, from: strings))
        let bools = Data(#"[[true], [false, true]]"#.utf8)
        #expect(
            try LenientJSONDecoder().decode([[Bool]].self, from: bools)
                == JSONDecoder().decode([[Bool]].self, from: bools))
    }

    @Test("a registered element type still decodes every element of a nested array")
    func registeredElementType() throws {
        let decoder = LenientJSONDecoder()
        decoder.register(Double.self) { _ in 42 }
        let values = try decoder.decode([[Double]].self, from: Data(#"[[1, 2], [3]]"#.utf8))
        #expect(values == [[42, 42], [42]])
    }
}
