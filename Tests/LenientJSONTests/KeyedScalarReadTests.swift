import Foundation
import LenientJSON
import Testing

/// A keyed `Bool`, `String`, `Double`, `Float`, `Int` or `Int64` member is read strictly in
/// the container before its coding-path key is made. Whatever the value, that shortcut must
/// give what the general path gives (`decode(_:forKey:)` of a type that decodes the scalar
/// through a single-value container, and `decode(T?.self, forKey:)` for `decodeIfPresent`):
/// the same value, the same error at the same path, the same report events.
@Suite("Keyed scalar reads")
struct KeyedScalarReadTests {
    /// A scalar decoded through `singleValueContainer()`, which takes the general path.
    struct Boxed<T: Decodable & Equatable>: Decodable, Equatable {
        var value: T
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(T.self)
        }
    }

    /// Reads member `"value"` (spelled `"Value"` in the document when `respelled`, so that
    /// normalized matching finds it) by one of the four calls.
    struct Model<T: Decodable & Equatable>: Decodable, Equatable {
        enum Read: Int, CaseIterable { case direct, boxed, ifPresent, optional }
        enum CodingKeys: String, CodingKey { case value }
        static var readKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "read")! }

        var value: T?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch decoder.userInfo[Self.readKey] as? Int {
            case Read.direct.rawValue: value = try Self.concrete(container, ifPresent: false)
            case Read.boxed.rawValue: value = try container.decode(Boxed<T>.self, forKey: .value).value
            case Read.ifPresent.rawValue: value = try Self.concrete(container, ifPresent: true)
            default: value = try container.decode(T?.self, forKey: .value)
            }
        }

        /// The member read by the container's overload for the concrete scalar type (a call
        /// with a generic `T` would take the generic `decode`).
        static func concrete(_ container: KeyedDecodingContainer<CodingKeys>, ifPresent: Bool) throws -> T? {
            let key = CodingKeys.value
            switch T.self {
            case is Bool.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(Bool.self, forKey: key) : container.decode(Bool.self, forKey: key))
                    as? T
            case is String.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(String.self, forKey: key) : container.decode(String.self, forKey: key))
                    as? T
            case is Double.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(Double.self, forKey: key) : container.decode(Double.self, forKey: key))
                    as? T
            case is Float.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(Float.self, forKey: key) : container.decode(Float.self, forKey: key))
                    as? T
            case is Int.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(Int.self, forKey: key) : container.decode(Int.self, forKey: key)) as? T
            case is Int64.Type:
                return try
                    (ifPresent
                    ? container.decodeIfPresent(Int64.self, forKey: key) : container.decode(Int64.self, forKey: key))
                    as? T
            default:
                return try ifPresent
                    ? container.decodeIfPresent(T.self, forKey: .value) : container.decode(T.self, forKey: .value)
            }
        }
    }

    struct Outcome<T: Equatable>: Equatable {
        var value: T??
        var error: String?
        var events: [String]
    }

    static func outcome<T: Decodable & Equatable>(
        _: T.Type, _ json: String, _ policy: LenientPolicy, _ read: Model<T>.Read
    ) -> Outcome<T> {
        let decoder = LenientJSONDecoder(policy: policy)
        decoder.userInfo[Model<T>.readKey] = read.rawValue
        var report = LenientDecodingReport()
        var outcome = Outcome<T>(value: nil, error: nil, events: [])
        do {
            outcome.value = .some(try decoder.decode(Model<T>.self, from: Data(json.utf8), report: &report).value)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context)
        {
            outcome.error = context.codingPath.map(\.stringValue).joined(separator: "/")
        } catch {
            outcome.error = "\(error)"
        }
        outcome.events = report.events.map { "\($0.kind) \($0.path) \($0.line ?? -1):\($0.column ?? -1)" }
        return outcome
    }

    /// Whether the direct read agrees with the boxed one, and `decodeIfPresent` with
    /// `decode(T?.self)`, on member value `value`. (Not under policies with defaults, where
    /// a boxed value, which is no scalar, has none; and not where the key is missing, which
    /// `decodeIfPresent` reads as `nil` and `decode(T?.self)` as an error.)
    static func agree<T: Decodable & Equatable>(
        _ type: T.Type, _ value: String, _ policy: LenientPolicy, respelled: Bool
    ) -> Bool {
        let json = respelled ? #"{"Value": \#(value)}"# : #"{"value": \#(value)}"#
        let found = !respelled || policy.keyMatching == .normalized
        return outcome(type, json, policy, .direct) == outcome(type, json, policy, .boxed)
            && (!found || outcome(type, json, policy, .ifPresent) == outcome(type, json, policy, .optional))
    }

    static let values = [
        "1", "-7", "1.5", "-0.0", "1e3", "1e400", "9223372036854775808", #""12""#, #"" 7 ""#, #""""#,
        "true", "false", #""true""#, #""no""#, "null", #""text""#, #""a\nb""#, #""é""#, "[1]", #"{"a": 1}"#,
    ]
    static let policies: [(String, LenientPolicy)] = [("strict", .strict), ("lenient", .lenient)]
    static let types: [(String, @Sendable (String, LenientPolicy, Bool) -> Bool)] = [
        ("Bool", { agree(Bool.self, $0, $1, respelled: $2) }),
        ("String", { agree(String.self, $0, $1, respelled: $2) }),
        ("Double", { agree(Double.self, $0, $1, respelled: $2) }),
        ("Float", { agree(Float.self, $0, $1, respelled: $2) }),
        ("Int", { agree(Int.self, $0, $1, respelled: $2) }), ("Int64", { agree(Int64.self, $0, $1, respelled: $2) }),
    ]

    @Test("the strict shortcut gives what the general path gives", arguments: values)
    func sameAsGeneralPath(value: String) {
        for (policyName, policy) in Self.policies {
            for respelled in [false, true] {
                for (typeName, agree) in Self.types {
                    #expect(agree(value, policy, respelled), "\(typeName) \(policyName), respelled: \(respelled)")
                }
            }
        }
    }

    struct Plain: Decodable, Equatable {
        var flag: Bool
        var name: String
        var ratio: Double
        var count: Int
        var big: Int64?
        var small: Float?
    }

    @Test("keyed scalars read as JSONDecoder reads them (Data and fromJSONObject)")
    func matchesJSONDecoder() throws {
        let data = Data(
            #"{"flag": true, "name": "a\u00e9", "ratio": 0.1, "count": -3, "big": 9007199254740993, "small": 2.5}"#.utf8
        )
        let expected = try JSONDecoder().decode(Plain.self, from: data)
        #expect(try LenientJSONDecoder().decode(Plain.self, from: data) == expected)
        let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        #expect(try LenientJSONDecoder().decode(Plain.self, fromJSONObject: object) == expected)
    }

    @Test("an Optional rule still applies to a keyed scalar: an empty string is nil under lenient")
    func optionalRuleStillApplies() throws {
        var report = LenientDecodingReport()
        let decoder = LenientJSONDecoder(policy: .lenient)
        decoder.userInfo[Model<Int>.readKey] = Model<Int>.Read.ifPresent.rawValue
        let model = try decoder.decode(Model<Int>.self, from: Data(#"{"value": ""}"#.utf8), report: &report)
        #expect(model.value == nil)
        #expect(report.events.map(\.path) == ["$.value"])
    }
}
