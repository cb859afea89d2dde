import Foundation
import LenientJSON
import Testing

/// Arrays of `Double`, `Float`, `Int`, `Int64`, `String` and `Bool` read their elements
/// strictly first and build no coding path until an element needs more. Whatever the
/// elements, that shortcut must give what the general element loop gives: the same values,
/// the same error, the same report events at the same paths. The general loop is reached by
/// wrapping each element in a type that decodes it through a single-value container.
@Suite("Scalar arrays")
struct ScalarArrayTests {
    /// An element decoded through `singleValueContainer()`, which takes the general path.
    struct Boxed<T: Decodable & Equatable>: Decodable, Equatable {
        var value: T
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(T.self)
        }
    }

    struct Outcome<T: Equatable>: Equatable {
        var values: [T]?
        var error: String?
        var events: [String]
    }

    /// Decodes `json` as `[T]` and as `[Boxed<T>]`, at the top level or (`nested`) as the
    /// member `"list"` of an object, so that the array has a path of its own.
    static func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ policy: LenientPolicy, nested: Bool)
        -> (direct: Outcome<T>, general: Outcome<T>)
    {
        let decoder = LenientJSONDecoder(policy: policy)
        let data = Data((nested ? "{\"list\": \(json)}" : json).utf8)
        func read<E: Decodable>(_: E.Type, _ report: inout LenientDecodingReport) throws -> [E] {
            nested
                ? try decoder.decode([String: [E]].self, from: data, report: &report)["list"] ?? []
                : try decoder.decode([E].self, from: data, report: &report)
        }
        func events(_ report: LenientDecodingReport) -> [String] {
            report.events.map { "\($0.kind) \($0.path) \($0.line ?? -1):\($0.column ?? -1)" }
        }
        func errorText(_ error: any Error) -> String {
            switch error {
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                DecodingError.dataCorrupted(let context):
                return "\(error)".prefix(while: { $0 != "(" }) + " at "
                    + context.codingPath.map(\.stringValue).joined(separator: "/")
            default:
                return "\(error)"
            }
        }
        var report = LenientDecodingReport()
        var direct = Outcome<T>(values: nil, error: nil, events: [])
        do { direct.values = try read(T.self, &report) } catch { direct.error = errorText(error) }
        direct.events = events(report)
        report = LenientDecodingReport()
        var general = Outcome<T>(values: nil, error: nil, events: [])
        do { general.values = try read(Boxed<T>.self, &report).map(\.value) } catch { general.error = errorText(error) }
        general.events = events(report)
        return (direct, general)
    }

    static let documents = [
        #"[1, 2, 3]"#, #"[1, "2", 3]"#, #"[1, null, 3]"#, #"["x", 2]"#, #"[1, [2], 3]"#, #"[1, {"a": 1}, 3]"#,
        #"[1.5, -0.0, 1e3, 1e400]"#, #"["true", false, "no", 1, 0]"#, #"["a", 1, true, null, "b\n"]"#,
        #"[" 7 ", "", 2.0, 300]"#, #"[9223372036854775807, 9223372036854775808, "12"]"#, #"[]"#,
        "[1,\n 2,\n \"3\",\n x]",
    ]
    static let policies: [(String, LenientPolicy)] = [
        ("strict", .strict), ("lenient", .lenient), ("permissive", .permissive),
    ]

    /// Whether `[T]` and `[Boxed<T>]` agree on `json`.
    static func agree<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ policy: LenientPolicy, nested: Bool)
        -> Bool
    {
        let outcomes = decode(type, json, policy, nested: nested)
        return outcomes.direct == outcomes.general
    }

    static let elementTypes: [(String, @Sendable (String, LenientPolicy, Bool) -> Bool)] = [
        ("Double", { agree(Double.self, $0, $1, nested: $2) }), ("Float", { agree(Float.self, $0, $1, nested: $2) }),
        ("Int", { agree(Int.self, $0, $1, nested: $2) }), ("Int64", { agree(Int64.self, $0, $1, nested: $2) }),
        ("String", { agree(String.self, $0, $1, nested: $2) }), ("Bool", { agree(Bool.self, $0, $1, nested: $2) }),
    ]

    @Test("the strict shortcut gives what the general loop gives", arguments: documents)
    func sameAsGeneralLoop(json: String) {
        for (policyName, policy) in Self.policies {
            for nested in [false, true] {
                for (typeName, agree) in Self.elementTypes {
                    #expect(agree(json, policy, nested), "[\(typeName)] \(policyName), nested: \(nested)")
                }
            }
        }
    }

    @Test("a coerced element in the middle is reported at its own index")
    func coercedElementPath() throws {
        var report = LenientDecodingReport()
        let values = try LenientJSONDecoder().decode([Int].self, from: Data(#"[1, "2", 3]"#.utf8), report: &report)
        #expect(values == [1, 2, 3])
        #expect(report.events.map(\.path) == ["$[1]"])
        #expect(report.events.first?.column == 5)

        report = LenientDecodingReport()
        let nested = try LenientJSONDecoder().decode(
            [String: [Int]].self, from: Data(#"{"a": [1, "2"]}"#.utf8), report: &report)
        #expect(nested == ["a": [1, 2]])
        #expect(report.events.map(\.path) == ["$.a[1]"])
    }
}
