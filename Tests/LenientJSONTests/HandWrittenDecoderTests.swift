// The HandWrittenDecoders article for hand-written `init(from:)`: a type that tries several readings in turn ("any
// JSON" enums in both orders, `AnyCodable`, `Either`, a class hierarchy decoded through a base
// metatype, 128-bit integers) gets exactly JSONDecoder's value wherever JSONDecoder succeeds,
// under every policy, through `Data` and `fromJSONObject`; `.strict` also fails where
// JSONDecoder fails, with the same `DecodingError` case. The models are in
// Support/HandWrittenModels.swift.

import Foundation
import LenientJSON
import Testing

// MARK: - Table

/// The three presets, by name.
enum HandWrittenPolicy: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case strict, lenient, permissive

    var policy: LenientPolicy {
        switch self {
        case .strict: .strict
        case .lenient: .lenient
        case .permissive: .permissive
        }
    }

    var testDescription: String { "." + rawValue }
}

/// One input document of the table.
struct HandWrittenInput: Sendable, CustomTestStringConvertible {
    var label: String
    var json: String

    init(_ json: String, label: String? = nil) {
        self.json = json
        self.label = label ?? json
    }

    var data: Data { Data(json.utf8) }
    var containsObject: Bool { json.contains("{") }
    /// Holds a string no reading accepts (a lone surrogate escape): JSONDecoder rejects the
    /// document, and a type that tries `[Self]` last wraps that string again and again.
    var containsUnreadableString: Bool { json.contains(#"\ud8"#) || json.contains(#"\udc"#) }
    var testDescription: String { label }

    /// Arrays and objects nested `depth` levels deep, around `1`.
    static func deep(_ depth: Int) -> HandWrittenInput {
        let json = String(repeating: #"[{"a":"#, count: depth) + "1" + String(repeating: "}]", count: depth)
        return HandWrittenInput(json, label: "array of object × \(depth)")
    }

    static let all: [HandWrittenInput] = [
        // Scalars.
        "null", "true", "false", "1", "0", "-1", "-0", "1.0", "1.5", "-2.5", "1e2", "1E-2", "0.1",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "1e300",
        #""1""#, #""0""#, #""1.5""#, #""true""#, #""false""#, #""yes""#, #""x""#, #""""#, #"" 42 ""#, #""null""#,
        #""[1]""#, #""{\"a\":1}""#, #""2016-01-17T16:13:00Z""#,
        // Arrays.
        "[]", "[1]", "[0]", "[1,2,3]", "[1.5]", "[1, 2.5]", #"["1","2"]"#, #"["1","x"]"#, #"["a"]"#, "[true,false]",
        "[true,1]", #"[1,"a",true,null,1.5,[],{}]"#, "[null]", "[[1],[2]]", "[[]]", "[[[]]]", "[{}]", #"[{"a":1}]"#,
        // Objects.
        "{}", #"{"a":1}"#, #"{"a":"1"}"#, #"{"a":true}"#, #"{"a":null}"#, #"{"a":[]}"#, #"{"a":{}}"#,
        #"{"a":{"b":[1,{"c":null}]}}"#, #"{"0":1,"1":2}"#, #"{"3":"x","17":"y"}"#, #"{"a":1,"b":"2","c":[true]}"#,
        // The class hierarchy's documents.
        #"{"name":"Ann","age":30}"#, #"{"name":"Ann","age":"30"}"#, #"{"name":"Ann","age":30,"company":"Acme"}"#,
        #"{"name":"Ann","age":30.0,"company":"Acme"}"#, #"{"name":"Ann","age":"30","company":"Acme"}"#,
        #"{"reports":3,"super":{"name":"Bo","age":41}}"#, #"{"reports":"3","super":{"name":"Bo","age":41}}"#,
        #"{"reports":3,"name":"Bo","age":41}"#, #"{"Name":"Ann","AGE":30,"company":"Acme"}"#,
        // Strings that no reading accepts.
        #""\ud800""#, #""\udc00x""#, #"["\ud800"]"#, #"{"a":"\ud800"}"#,
        // Deep nesting.
        HandWrittenInput("[[[[[[[[[[1]]]]]]]]]]", label: "[ × 10"),
        deep(40),
    ]

    /// A few inputs for the embedded checks (each appears four times in one document).
    static let embedded: [HandWrittenInput] = [
        "null", "true", "1", "0", "1.0", "1.5", #""1""#, #""true""#, #""x""#, "[]", "[1,2,3]", #"["1","2"]"#,
        #"[1,"a",null]"#, "[[1],[2]]", "{}", #"{"a":1}"#, #"{"a":{"b":[1,{"c":null}]}}"#,
        #"{"name":"Ann","age":30,"company":"Acme"}"#, #"{"reports":3,"super":{"name":"Bo","age":41}}"#,
        HandWrittenInput("[[[[[[[[[[1]]]]]]]]]]", label: "[ × 10"),
    ]
}

extension HandWrittenInput: ExpressibleByStringLiteral {
    init(stringLiteral json: String) { self.init(json) }
}

/// The checks of one model, generic over the type decoded.
protocol HandWrittenChecks: Sendable {
    func check(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String]
    func checkEmbedded(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String]
}

/// Decodes `Dynamic.self as Static.Type` (a subclass through its base class's metatype) where
/// `Dynamic` is a subclass of `Static`, and `Static` otherwise. Embedded, the static type is used
/// (a synthesized `init(from:)` decodes its property's declared type).
struct Checks<Static: Decodable & Equatable, Dynamic>: HandWrittenChecks {
    var metatype: Static.Type { Dynamic.self as? Static.Type ?? Static.self }

    func check(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String] {
        handWrittenProblems(metatype, input.data, policies: policies)
    }

    func checkEmbedded(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String] {
        embeddedProblems(Static.self, input.json, policies: policies)
    }
}

/// A hand-written model: its name, and the checks run on one input.
struct HandWrittenModel: Sendable, CustomTestStringConvertible {
    var name: String
    /// Whether decoding an input can recurse without bound in today's core under `.lenient`
    /// and `.permissive` (a type that tries `[Self]` before `[String: Self]` on an object, or an
    /// unkeyed container on a scalar): those checks run only in ``HandWrittenDecoderTests/overflowCases``.
    var mayOverflow: @Sendable (HandWrittenInput) -> Bool
    var checks: any HandWrittenChecks
    var testDescription: String { name }

    func check(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String] { checks.check(input, policies) }
    func checkEmbedded(_ input: HandWrittenInput, _ policies: [HandWrittenPolicy]) -> [String] {
        checks.checkEmbedded(input, policies)
    }

    static func make<T: Decodable & Equatable>(
        _ name: String, _: T.Type, mayOverflow: @escaping @Sendable (HandWrittenInput) -> Bool = { _ in false }
    ) -> HandWrittenModel {
        HandWrittenModel(name: name, mayOverflow: mayOverflow, checks: Checks<T, T>())
    }

    /// `Dynamic` decoded through `Base`'s metatype.
    static func make<Base: Decodable & Equatable, Dynamic: Decodable>(_ name: String, _: Dynamic.Type, as _: Base.Type)
        -> HandWrittenModel
    {
        HandWrittenModel(name: name, mayOverflow: { _ in false }, checks: Checks<Base, Dynamic>())
    }

    /// Overflows today on any input with an object or an unreadable string in it.
    static let onObjects: @Sendable (HandWrittenInput) -> Bool = { $0.containsObject || $0.containsUnreadableString }
    /// Overflows today on any input with an unreadable string in it.
    static let onUnreadable: @Sendable (HandWrittenInput) -> Bool = { $0.containsUnreadableString }
    /// Overflows today on any input with a scalar in it.
    static let onScalars: @Sendable (HandWrittenInput) -> Bool = { input in
        input.json.contains { !"[]{} ,\n".contains($0) }
    }

    static let all: [HandWrittenModel] = [
        make("AnyJSON Bool first, [Self] first", FuzzJSON<FuzzBoolThenArray>.self, mayOverflow: onObjects),
        make("AnyJSON Bool first, [String: Self] first", FuzzJSON<FuzzBoolThenObject>.self, mayOverflow: onUnreadable),
        make("AnyJSON numbers first, [Self] first", FuzzJSON<FuzzNumberThenArray>.self, mayOverflow: onObjects),
        make(
            "AnyJSON numbers first, [String: Self] first", FuzzJSON<FuzzNumberThenObject>.self,
            mayOverflow: onUnreadable),
        make("AnyJSON keyed, unkeyed, then single value", ContainerJSON.self, mayOverflow: onScalars),
        make("AnyCodable", AnyCodableValue.self, mayOverflow: onObjects),
        make("Either<[String], [Int]>", FuzzEither<[String], [Int]>.self),
        make("Either<[Int], [String]>", FuzzEither<[Int], [String]>.self),
        make("Either<Int, String>", FuzzEither<Int, String>.self),
        make("Either<String, Int>", FuzzEither<String, Int>.self),
        make("Either<Bool, Int>", FuzzEither<Bool, Int>.self),
        make("Either<Int, Bool>", FuzzEither<Int, Bool>.self),
        make("Either<Int, Double>", FuzzEither<Int, Double>.self),
        make("Either<Bool, String>", FuzzEither<Bool, String>.self),
        make("Either<[Int], [String: Int]>", FuzzEither<[Int], [String: Int]>.self),
        make("Either<[String: Int], [Int]>", FuzzEither<[String: Int], [Int]>.self),
        make("Either<Int?, String>", FuzzEither<Int?, String>.self),
        make("Either<[Either<Int, String>], String>", FuzzEither<[FuzzEither<Int, String>], String>.self),
        make("EitherInit<Int, String>", EitherInit<Int, String>.self),
        make("EitherInit<[Int], Int>", EitherInit<[Int], Int>.self),
        make("EitherInit<Employee, StaffMember>", EitherInit<Employee, StaffMember>.self),
        make("StaffMember", StaffMember.self),
        make("Employee", Employee.self),
        make("Employee.self as StaffMember.Type", Employee.self, as: StaffMember.self),
        make("Manager (superDecoder)", Manager.self),
        make("Manager.self as StaffMember.Type", Manager.self, as: StaffMember.self),
        make("[Employee]", [Employee].self),
    ]
}

// MARK: - Checks

/// The problems of decoding `data` as `type` with `policies` against JSONDecoder's outcome,
/// through `Data` and, where JSONSerialization holds the document faithfully, `fromJSONObject`.
func handWrittenProblems<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, policies: [HandWrittenPolicy])
    -> [String]
{
    let foundation = Outcome { try JSONDecoder().decode(type, from: paddedForFoundation(data)) }
    let tree = faithfulTree(of: data, as: type, foundation: foundation)
    var problems: [String] = []
    for policy in policies {
        let decoder = LenientJSONDecoder(policy: policy.policy)
        var outcomes = [("Data", Outcome { try decoder.decode(type, from: data) })]
        if let tree {
            outcomes.append(("fromJSONObject", Outcome { try decoder.decode(type, fromJSONObject: tree) }))
        }
        for (input, outcome) in outcomes {
            let place = "\(policy.testDescription), \(input)"
            switch (foundation, outcome) {
            case (.value(let expected), .value(let value)):
                if expected != value {
                    problems.append("\(place): \(describeValue(value)), JSONDecoder \(describeValue(expected))")
                }
            case (.value(let expected), .failure(let error)):
                problems.append("\(place): threw \(error), JSONDecoder returned \(describeValue(expected))")
            case (.failure(let expected), .value(let value)) where policy == .strict:
                problems.append("\(place): returned \(describeValue(value)), JSONDecoder threw \(expected)")
            case (.failure(let expected), .failure(let error)) where policy == .strict && expected.kind != error.kind:
                problems.append("\(place): threw \(error.kind), JSONDecoder \(expected.kind): \(error)")
            default:
                break
            }
        }
    }
    return problems
}

/// JSONSerialization's tree of `data`, if JSONDecoder reads that tree (written back) exactly as
/// it reads `data`: the same value, or an error of the same case.
func faithfulTree<T: Decodable & Equatable>(of data: Data, as type: T.Type, foundation: Outcome<T>) -> Any? {
    guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
        let written = try? JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed])
    else { return nil }
    let reread = Outcome { try JSONDecoder().decode(type, from: paddedForFoundation(written)) }
    switch (foundation, reread) {
    case (.value(let x), .value(let y)) where x == y: return tree
    case (.failure(let x), .failure(let y)) where x.kind == y.kind: return tree
    default: return nil
    }
}

/// `json` embedded four times (as `T`, in `[T]` and as `T?`) next to `"age": "12"`, which only
/// leniency reads: each part must equal what JSONDecoder gives for that part alone.
func embeddedProblems<T: Decodable & Equatable>(_ type: T.Type, _ json: String, policies: [HandWrittenPolicy])
    -> [String]
{
    let foundation = JSONDecoder()
    guard let value = try? foundation.decode(T.self, from: Data(json.utf8)),
        let list = try? foundation.decode([T].self, from: Data("[\(json), \(json)]".utf8)),
        let maybe = try? foundation.decode(T?.self, from: Data(json.utf8))
    else { return [] }
    let expected = Embedded(value: value, age: 12, list: list, maybe: maybe)
    let data = Data(#"{"value": \#(json), "age": "12", "list": [\#(json), \#(json)], "maybe": \#(json)}"#.utf8)
    let foundationOutcome = Outcome { try foundation.decode(Embedded<T>.self, from: data) }
    guard let foundationError = foundationOutcome.error else {
        return ["JSONDecoder decoded the document with \"age\": \"12\": \(foundationOutcome)"]
    }
    // The tree is used where the part alone survives JSONSerialization.
    let partTree = faithfulTree(of: Data(json.utf8), as: T.self, foundation: .value(value))
    let tree = partTree == nil ? nil : try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    var problems: [String] = []
    for policy in policies {
        let decoder = LenientJSONDecoder(policy: policy.policy)
        var outcomes = [("Data", Outcome { try decoder.decode(Embedded<T>.self, from: data) })]
        if let tree {
            outcomes.append(("fromJSONObject", Outcome { try decoder.decode(Embedded<T>.self, fromJSONObject: tree) }))
        }
        for (input, outcome) in outcomes {
            let place = "embedded, \(policy.testDescription), \(input)"
            switch (policy, outcome) {
            case (.strict, .value(let value)):
                problems.append("\(place): returned \(describeValue(value)), JSONDecoder threw \(foundationError)")
            case (.strict, .failure(let error)):
                if error.kind != foundationError.kind {
                    problems.append("\(place): threw \(error), JSONDecoder \(foundationError)")
                }
            case (_, .value(let value)):
                if value != expected {
                    problems.append("\(place): \(describeValue(value)), expected \(describeValue(expected))")
                }
            case (_, .failure(let error)):
                problems.append("\(place): threw \(error), expected \(describeValue(expected))")
            }
        }
    }
    return problems
}

/// Records `problems` (if any) as one issue naming the model and the input.
func recordProblems(
    _ problems: [String], _ model: HandWrittenModel, _ input: HandWrittenInput,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard !problems.isEmpty else { return }
    Issue.record(
        "\(model.name) on \(input.label):\n  \(problems.joined(separator: "\n  "))", sourceLocation: sourceLocation)
}

// MARK: - Tests

@Suite("Hand-written decoders")
struct HandWrittenDecoderTests {
    static let policies = HandWrittenPolicy.allCases

    /// Policies whose checks run in the main tests: all but those that may overflow today.

    @Test(
        "Same value as JSONDecoder wherever it succeeds; .strict fails where it fails",
        arguments: HandWrittenModel.all, HandWrittenInput.all)
    func parity(model: HandWrittenModel, input: HandWrittenInput) {
        let problems = onLargeStack { model.check(input, Self.policies) }
        recordProblems(problems, model, input)
    }

    @Test(
        "Embedded next to a field that needs leniency, each part equals JSONDecoder's value for it alone",
        arguments: HandWrittenModel.all, HandWrittenInput.embedded)
    func embedded(model: HandWrittenModel, input: HandWrittenInput) {
        let problems = onLargeStack { model.checkEmbedded(input, Self.policies) }
        recordProblems(problems, model, input)
    }

    /// The rows that overflowed the stack before a value was never wrapped inside its own
    /// wrapping (issue 10, item 1): `[Self]` tried on an object, and any order on a string no
    /// reading accepts. Checked once more on their own.
    @Test(
        "Rows that recursed without bound (trying [Self] on an object or an unreadable string)",
        arguments: HandWrittenModel.all)
    func overflowCases(model: HandWrittenModel) {
        for input in HandWrittenInput.all where model.mayOverflow(input) {
            recordProblems(onLargeStack { model.check(input, [.lenient, .permissive]) }, model, input)
        }
        for input in HandWrittenInput.embedded where model.mayOverflow(input) {
            recordProblems(onLargeStack { model.checkEmbedded(input, [.lenient, .permissive]) }, model, input)
        }
    }

    @Test("The metatype passed in is the type decoded (issue 10, item 3)", arguments: HandWrittenPolicy.allCases)
    func baseMetatype(policy: HandWrittenPolicy) throws {
        let employeeJSON = Data(#"{"name":"Ann","age":30,"company":"Acme"}"#.utf8)
        let managerJSON = Data(#"{"reports":3,"super":{"name":"Bo","age":41}}"#.utf8)
        let employeeType: StaffMember.Type = Employee.self
        let managerType: StaffMember.Type = Manager.self
        // JSONDecoder calls the metatype's init(from:).
        #expect(try JSONDecoder().decode(employeeType, from: employeeJSON) is Employee)
        let decoder = LenientJSONDecoder(policy: policy.policy)
        let employee = try decoder.decode(employeeType, from: employeeJSON)
        #expect(employee is Employee, "\(employee)")
        #expect((employee as? Employee)?.company == "Acme")
        let tree = try JSONSerialization.jsonObject(with: employeeJSON)
        #expect(try decoder.decode(employeeType, fromJSONObject: tree) is Employee)
        let manager = try decoder.decode(managerType, from: managerJSON)
        #expect((manager as? Manager)?.reports == 3 && manager.name == "Bo", "\(manager)")
        #expect(
            try decoder.decode(managerType, fromJSONObject: JSONSerialization.jsonObject(with: managerJSON)) is Manager)
    }

    /// Issue 10, item 5: `[Int]` is tried first and abandoned; the value returned is `[String]`,
    /// which needed no leniency, so no event is left.
    @Test(
        "An abandoned attempt leaves no event in the report",
        arguments: [HandWrittenPolicy.lenient, .permissive], InputKind.allCases)
    func abandonedAttemptLeavesNoEvent(policy: HandWrittenPolicy, input: InputKind) throws {
        let data = Data(#"["1","x"]"#.utf8)
        let decoder = LenientJSONDecoder(policy: policy.policy)
        var report = LenientDecodingReport()
        let value = try input.decode(FuzzEither<[Int], [String]>.self, from: data, with: decoder, report: &report)
        #expect(value == .second(["1", "x"]))
        #expect(!report.events.contains { $0.kind == .coerced }, "\(report.events)")
        #expect(report.events.isEmpty, "\(report.events)")
    }

    struct Tagged: Decodable, Equatable {
        var tags: FuzzEither<[Int], [String]>
        var age: Int
    }

    /// Next to a value that does need leniency, only that value's event is kept.
    @Test(
        "Only the events of the value returned are kept", arguments: [HandWrittenPolicy.lenient, .permissive],
        InputKind.allCases)
    func onlyEventsOfTheValueReturned(policy: HandWrittenPolicy, input: InputKind) throws {
        let data = Data(#"{"tags": ["1", "x"], "age": "12"}"#.utf8)
        let decoder = LenientJSONDecoder(policy: policy.policy)
        var report = LenientDecodingReport()
        let value = try input.decode(Tagged.self, from: data, with: decoder, report: &report)
        #expect(value == Tagged(tags: .second(["1", "x"]), age: 12))
        #expect(report.events.map(\.kind) == [.coerced], "\(report.events)")
        #expect(report.events.map(\.path) == ["$.age"], "\(report.events)")
    }
}

// MARK: - Int128

/// A document of ``WideIntegers`` and, where the lenient presets must do more than
/// JSONDecoder, the value they must return.
struct WideIntegerInput: Sendable, CustomTestStringConvertible {
    var json: String
    /// `signed unsigned` under `.lenient` (and `.permissive`, unless given below) where
    /// JSONDecoder throws; `nil`: `.lenient` throws.
    var lenient: String?
    /// `signed unsigned` under `.permissive` where JSONDecoder throws: an out-of-range member is
    /// defaulted (MissingNullAndInvalidValues article), never wrapped or clamped.
    var permissive: String?
    var testDescription: String { json }

    static let all: [WideIntegerInput] = [
        WideIntegerInput(
            json:
                #"""
                {"signed": -170141183460469231731687303715884105728, "unsigned": 340282366920938463463374607431768\#
                211455}
                """#
        ),
        WideIntegerInput(
            json: #"{"signed": 170141183460469231731687303715884105727, "unsigned": 0, "list": [1, -1, 1e3, 12.0, -0]}"#
        ),
        WideIntegerInput(json: #"{"signed": 9223372036854775808, "unsigned": 18446744073709551616, "list": []}"#),
        WideIntegerInput(
            json: #"{"signed": 170141183460469231731687303715884105728, "unsigned": 0}"#, permissive: "0 0"),
        WideIntegerInput(
            json: #"{"signed": 0, "unsigned": 340282366920938463463374607431768211456}"#, permissive: "0 0"),
        WideIntegerInput(json: #"{"signed": 1e40, "unsigned": 1}"#, permissive: "0 1"),
        WideIntegerInput(json: #"{"signed": 1, "unsigned": -1}"#, permissive: "1 0"),
        WideIntegerInput(json: #"{"signed": -1e39, "unsigned": 1e39}"#, permissive: "0 0"),
        WideIntegerInput(json: #"{"signed": "-12", "unsigned": "+34"}"#, lenient: "-12 34"),
        WideIntegerInput(
            json: #"{"signed": " 170141183460469231731687303715884105727 ", "unsigned": "007"}"#,
            lenient: "170141183460469231731687303715884105727 7"),
        WideIntegerInput(
            json: #"{"signed": "170141183460469231731687303715884105728", "unsigned": "1"}"#, permissive: "0 1"),
        WideIntegerInput(json: #"{"signed": -2.5, "unsigned": 3.9}"#, permissive: "-2 3"),
    ]

    /// Numbers out of range of `Int128` (`signed`) or `UInt128`, for decoding at the root.
    static let outOfRange: [(text: String, signed: Bool)] = [
        ("170141183460469231731687303715884105728", true), ("-170141183460469231731687303715884105729", true),
        ("1e39", true),
        ("340282366920938463463374607431768211456", false), ("-1", false), ("1e39", false),
    ]
}

extension HandWrittenDecoderTests {
    /// Issue 10, item 6. **Fails until Int128 support lands** (another engineer is adding it:
    /// today every row throws "Decoder has not implemented support for Int128"). The
    /// out-of-range rows guard against the trap the issue reports under `.permissive`.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(
        "Int128 and UInt128 decode as in JSONDecoder; out of range is never wrapped or clamped",
        arguments: WideIntegerInput.all)
    func wideIntegers(input: WideIntegerInput) throws {
        let data = Data(input.json.utf8)
        let problems = handWrittenProblems(WideIntegers.self, data, policies: HandWrittenPolicy.allCases)
        if !problems.isEmpty { Issue.record("\(input.json):\n  \(problems.joined(separator: "\n  "))") }
        guard (try? JSONDecoder().decode(WideIntegers.self, from: data)) == nil else { return }
        let tree = try JSONSerialization.jsonObject(with: data)
        for policy in [HandWrittenPolicy.lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy.policy)
            let expected = policy == .permissive ? input.permissive ?? input.lenient : input.lenient
            // JSONSerialization keeps at most 38 significant digits (NSDecimalNumber): a longer
            // number is already another number in the tree, so only Data is checked for it.
            let treeIsExact = input.json.split(whereSeparator: { !$0.isNumber }).allSatisfy { $0.count <= 38 }
            var outcomes = [Outcome { try decoder.decode(WideIntegers.self, from: data) }]
            if treeIsExact { outcomes.append(Outcome { try decoder.decode(WideIntegers.self, fromJSONObject: tree) }) }
            for outcome in outcomes {
                if let expected {
                    #expect(
                        outcome.value.map { "\($0.signed) \($0.unsigned)" } == expected,
                        "\(policy.testDescription): \(outcome)")
                } else {
                    #expect(outcome.error != nil, "\(policy.testDescription): \(outcome)")
                }
            }
        }
    }

    /// Out of range at the root: an error naming the type's bounds in every policy (as for the
    /// other integer types), `dataCorrupted` in `.strict` as in JSONDecoder. **Fails until
    /// Int128 support lands.**
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(
        "Int128 and UInt128 out of range at the root: an error naming the bounds",
        arguments: WideIntegerInput.outOfRange.indices)
    func wideIntegerBounds(index: Int) {
        let (text, signed) = WideIntegerInput.outOfRange[index]
        let bounds = signed ? [String(Int128.min), String(Int128.max)] : [String(UInt128.min), String(UInt128.max)]
        for policy in HandWrittenPolicy.allCases {
            let decoder = LenientJSONDecoder(policy: policy.policy)
            for data in [Data(text.utf8), Data("\"\(text)\"".utf8)] {
                let outcome =
                    signed
                    ? Outcome { _ = try decoder.decode(Int128.self, from: data) }
                    : Outcome { _ = try decoder.decode(UInt128.self, from: data) }
                guard let error = outcome.error else {
                    Issue.record("\(policy.testDescription): \(describeInput(data)) decoded")
                    continue
                }
                // `.strict` reads no numeric text: a string is a typeMismatch there.
                if policy == .strict && data.first == UInt8(ascii: "\"") { continue }
                #expect(bounds.allSatisfy(error.message.contains), "\(policy.testDescription): \(error)")
                if policy == .strict { #expect(error.kind == "dataCorrupted", "\(error)") }
            }
        }
    }
}
