import Foundation
import LenientJSON
import Testing

// MARK: - Helpers

func treeOutcome<T: Decodable>(
    _ type: T.Type, _ tree: Any, policy: LenientPolicy = .strict, configure: Configure = noConfiguration
) -> Outcome<T> {
    let decoder = LenientJSONDecoder(policy: policy)
    configure(decoder)
    return Outcome { try decoder.decode(type, fromJSONObject: tree) }
}

/// `tree` decodes as `expected` under `.strict` and the default policy.
func expectTree<T: Decodable & Equatable>(
    _ tree: Any, as type: T.Type, equals expected: T, configure: Configure = noConfiguration,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for policy in [LenientPolicy.strict, .lenient] {
        let outcome = treeOutcome(type, tree, policy: policy, configure: configure)
        #expect(
            outcome == .value(expected), "policy \(policy == .strict ? ".strict" : "default"): \(outcome)",
            sourceLocation: sourceLocation)
    }
}

/// `tree` fails as `type` under `.strict` with the error case `kind` (and `path`, if given).
@discardableResult
func expectTreeError<T: Decodable>(
    _ tree: Any, as type: T.Type, kind: String, path: [String]? = nil, alsoDefaultPolicy: Bool = false,
    configure: Configure = noConfiguration, sourceLocation: SourceLocation = #_sourceLocation
) -> ErrorInfo? {
    var first: ErrorInfo?
    for policy in alsoDefaultPolicy ? [LenientPolicy.strict, .lenient] : [.strict] {
        let outcome = treeOutcome(type, tree, policy: policy, configure: configure)
        guard let error = outcome.error else {
            Issue.record("expected \(kind), got \(outcome)", sourceLocation: sourceLocation)
            continue
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        if let path { #expect(error.path == path, "\(error)", sourceLocation: sourceLocation) }
        first = first ?? error
    }
    return first
}

final class NotJSON: @unchecked Sendable {}

struct Resident: Decodable, Equatable { var age: Int; var zip: Int; var ssn: String? }
struct StrictResident: Decodable, Equatable { var age: Int; var zip: Int; var ssn: String }
struct Flag: Decodable, Equatable { var flag: Bool }
struct Count: Decodable, Equatable { var n: Int }
struct Stamp: Decodable, Equatable { var d: Date }
struct Tree: Decodable, Equatable {
    var a: [[Int]]
    var b: [String: [String: String]]
    var c: [Person?]
}

// MARK: - Tests

@Suite("decode(_:fromJSONObject:)")
struct JSONObjectInputTests {
    static let rows = ParityTable.rows.filter(\.objectInput)

    @Test("Parity table rows as JSONSerialization trees", arguments: rows)
    func tableRow(_ row: ParityCase) {
        _ = row.checkObject(row)
    }

    @Test("Random cases as JSONSerialization trees")
    func randomSample() {
        var compared = 0
        for index in 0..<1_500 {
            let c = RandomCase.make(seed: RandomDifferential.seed(batch: 500, index: index), objectSafe: true)
            if expectObjectParity(Node.self, from: c.document, configure: c.config.configure(c.schema), label: c.label)
            {
                compared += 1
            }
        }
        #expect(compared > 700)
    }

    @Test func residentWithNSNull() {
        let tree: [String: Any] = ["age": 25, "zip": 94015, "ssn": NSNull()]
        expectTree(tree, as: Resident.self, equals: Resident(age: 25, zip: 94015, ssn: nil))
        expectTree(tree, as: [String: Int?].self, equals: ["age": 25, "zip": 94015, "ssn": nil])
        expectTreeError(tree, as: StrictResident.self, kind: "valueNotFound", path: ["ssn"], alsoDefaultPolicy: true)
        expectTreeError(tree, as: [String: Int].self, kind: "valueNotFound", path: ["ssn"])
        expectTreeError(
            ["age": 25] as [String: Any], as: Resident.self, kind: "keyNotFound", path: [], alsoDefaultPolicy: true)
    }

    @Test func boolIsToldApartFromIntegers() {
        expectTree(["flag": NSNumber(value: true)] as [String: Any], as: Flag.self, equals: Flag(flag: true))
        expectTree(["flag": NSNumber(value: false)] as [String: Any], as: Flag.self, equals: Flag(flag: false))
        expectTree(["flag": true] as [String: Any], as: Flag.self, equals: Flag(flag: true))
        expectTree(["flag": false] as [String: Any], as: Flag.self, equals: Flag(flag: false))
        expectTreeError(
            ["flag": NSNumber(value: 1)] as [String: Any], as: Flag.self, kind: "typeMismatch", path: ["flag"])
        expectTreeError(
            ["flag": NSNumber(value: 0)] as [String: Any], as: Flag.self, kind: "typeMismatch", path: ["flag"])
        expectTreeError(["flag": 1] as [String: Any], as: Flag.self, kind: "typeMismatch", path: ["flag"])
        expectTreeError(
            ["flag": NSNumber(value: 1.0)] as [String: Any], as: Flag.self, kind: "typeMismatch", path: ["flag"])
        expectTreeError(["n": true] as [String: Any], as: Count.self, kind: "typeMismatch", path: ["n"])
        expectTreeError(
            ["n": NSNumber(value: true)] as [String: Any], as: Count.self, kind: "typeMismatch", path: ["n"])
        expectTree(["n": NSNumber(value: 1)] as [String: Any], as: Count.self, equals: Count(n: 1))
        expectTree([true, false, NSNumber(value: true)] as [Any], as: [Bool].self, equals: [true, false, true])
        // JSONSerialization's own booleans and integers.
        let parsed = try? JSONSerialization.jsonObject(with: Data("[true, 1, false, 0]".utf8))
        #expect(parsed != nil)
        if let parsed {
            expectTreeError(parsed, as: [Bool].self, kind: "typeMismatch", path: ["Index 1#1"])
            expectTreeError(parsed, as: [Int].self, kind: "typeMismatch", path: ["Index 0#0"])
        }
    }

    @Test("NSNumber(value: Int8(1)) is an integer, not a Bool")
    func int8NumbersAreIntegers() {
        expectTree(["n": NSNumber(value: Int8(1))] as [String: Any], as: Count.self, equals: Count(n: 1))
        expectTree(["n": NSNumber(value: Int8(0))] as [String: Any], as: Count.self, equals: Count(n: 0))
        expectTree(["n": NSNumber(value: UInt8(1))] as [String: Any], as: Count.self, equals: Count(n: 1))
        expectTreeError(
            ["flag": NSNumber(value: Int8(1))] as [String: Any], as: Flag.self, kind: "typeMismatch", path: ["flag"])
    }

    @Test func optionalNoneIsNull() {
        let none: Int? = nil
        expectTree(["v": none as Any] as [String: Any], as: OptWrap<Int>.self, equals: OptWrap(v: nil))
        expectTree([Optional(3) as Any, none as Any] as [Any], as: [Int?].self, equals: [3, nil])
        expectTree(none as Any, as: Int?.self, equals: nil)
        expectTreeError(
            ["v": none as Any] as [String: Any], as: Wrap<Int>.self, kind: "valueNotFound", path: ["v"],
            alsoDefaultPolicy: true)
        let nested: String?? = .some(nil)
        expectTree(["v": nested as Any] as [String: Any], as: OptWrap<String>.self, equals: OptWrap(v: nil))
    }

    @Test("A Date in the tree decodes to itself whatever the strategy")
    func datesDecodeToThemselves() {
        let date = Date(timeIntervalSince1970: 1_453_075_980.25)
        let strategies: [(String, Configure)] = [
            ("deferredToDate", { $0.dateDecodingStrategy = .deferredToDate }),
            ("secondsSince1970", { $0.dateDecodingStrategy = .secondsSince1970 }),
            ("millisecondsSince1970", { $0.dateDecodingStrategy = .millisecondsSince1970 }),
            ("iso8601", { $0.dateDecodingStrategy = .iso8601 }),
            ("custom", { $0.dateDecodingStrategy = .custom { _ in Date(timeIntervalSince1970: 0) } }),
        ]
        for (_, configure) in strategies {
            expectTree(["d": date] as [String: Any], as: Stamp.self, equals: Stamp(d: date), configure: configure)
            expectTree([date, date] as [Any], as: [Date].self, equals: [date, date], configure: configure)
            expectTree(date, as: Date.self, equals: date, configure: configure)
        }
        expectTreeError(["v": date] as [String: Any], as: Wrap<String>.self, kind: "typeMismatch", path: ["v"])
        expectTreeError(["v": date] as [String: Any], as: Wrap<Double>.self, kind: "typeMismatch", path: ["v"])
        // Numbers and strings still go through the strategy.
        expectTree(
            ["d": 1_453_075_980.25] as [String: Any], as: Stamp.self, equals: Stamp(d: date),
            configure: { $0.dateDecodingStrategy = .secondsSince1970 })
        expectTree(
            ["d": "2016-01-18T00:13:00Z"] as [String: Any], as: Stamp.self,
            equals: Stamp(d: Date(timeIntervalSince1970: 1_453_075_980)),
            configure: { $0.dateDecodingStrategy = .iso8601 })
    }

    @Test func decimals() {
        let pi = Decimal(string: "3.14159265358979323846264338327950288")!
        expectTree(pi, as: Decimal.self, equals: pi)
        expectTree(["v": pi] as [String: Any], as: Wrap<Decimal>.self, equals: Wrap(v: pi))
        let big = Decimal(string: "12345678901234567890")!
        expectTree(big, as: UInt64.self, equals: 12_345_678_901_234_567_890)
        expectTree(Decimal(string: "-42")!, as: Int8.self, equals: -42)
        let asDouble = treeOutcome(Double.self, pi).value
        #expect(asDouble.map { abs($0 - Double.pi) < 1e-15 } == true, "\(String(describing: asDouble))")
        expectTreeError(Decimal(string: "1.5")!, as: Int.self, kind: "dataCorrupted")
        expectTreeError(Decimal(string: "300")!, as: UInt8.self, kind: "dataCorrupted")
    }

    /// Seeded decimals of 1 to 38 digits: the tree's number text must give back the same
    /// `Decimal`, the `Double` that Foundation's own route (`JSONSerialization.data` +
    /// `JSONDecoder`) gives, and, as a `String`, the text `JSONSerialization` writes.
    @Test("NSDecimalNumber values keep their exact value and text", arguments: 0..<4)
    func randomDecimals(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xDEC1_3A15 &+ seed)
        for _ in 0..<250 {
            let count = Int.random(in: 1...38, using: &rng)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            if Bool.random(using: &rng) { digits = "-" + digits }
            let exponent = Int.random(in: -60...60, using: &rng)
            let decimal = try #require(Decimal(string: "\(digits)e\(exponent)"))
            let number = NSDecimalNumber(decimal: decimal)
            expectTree(number, as: Decimal.self, equals: decimal)
            expectTree([number] as [Any], as: [Decimal].self, equals: [decimal])
            let foundation = try JSONDecoder().decode(
                [Double].self, from: JSONSerialization.data(withJSONObject: [number]))
            expectTree([number] as [Any], as: [Double].self, equals: foundation)
            #expect(
                treeOutcome(String.self, number, policy: .lenient).value == decimal.description, "\(digits)e\(exponent)"
            )
        }
        // Mantissas written without compaction (trailing zeros kept).
        for (significand, exponent) in [(1500, -2), (100, 0), (10, 3), (120, -5), (7, -1)] {
            let decimal = Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
            #expect(
                treeOutcome(String.self, NSDecimalNumber(decimal: decimal), policy: .lenient).value
                    == decimal.description)
            expectTree(NSDecimalNumber(decimal: decimal), as: Decimal.self, equals: decimal)
        }
    }

    @Test func integerExtremes() {
        expectTree(Int64.max, as: Int64.self, equals: .max)
        expectTree(Int64.min, as: Int64.self, equals: .min)
        expectTree(NSNumber(value: Int64.max), as: Int64.self, equals: .max)
        expectTree(NSNumber(value: Int64.min), as: Int64.self, equals: .min)
        expectTree(UInt64.max, as: UInt64.self, equals: .max)
        expectTree(NSNumber(value: UInt64.max), as: UInt64.self, equals: .max)
        expectTree(Int.min, as: Int.self, equals: .min)
        expectTree(UInt.max, as: UInt.self, equals: .max)
        expectTree(Int32.min, as: Int32.self, equals: .min)
        expectTree(UInt8(200), as: UInt8.self, equals: 200)
        expectTree(Int16(-5), as: Int8.self, equals: -5)
        expectTree(
            [Int64.max, Int64.min] as [Any], as: [Decimal].self, equals: [Decimal(Int64.max), Decimal(Int64.min)])
        expectTree(3.0, as: Int.self, equals: 3)
        expectTree(9_007_199_254_740_993 as Int64, as: Int64.self, equals: 9_007_199_254_740_993)
        expectTree(9_007_199_254_740_993 as Int64, as: Double.self, equals: 9_007_199_254_740_992)
        expectTree(Float(0.1), as: Float.self, equals: 0.1)
        expectTree(0.1, as: Double.self, equals: 0.1)
        expectTree(NSNumber(value: 1.5), as: Double.self, equals: 1.5)
        expectTree(-0.0, as: Double.self, equals: -0.0)
        expectTreeError(UInt64.max, as: Int64.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(NSNumber(value: UInt64.max), as: Int64.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(Int64.min, as: UInt64.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(-1, as: UInt.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(1e300, as: Int.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(2.5, as: Int.self, kind: "dataCorrupted")
        expectTreeError(NSNumber(value: 2.5), as: Int.self, kind: "dataCorrupted")
        expectTreeError(1e300, as: Float.self, kind: "dataCorrupted", alsoDefaultPolicy: true)
        expectTreeError(
            ["v": 256] as [String: Any], as: Wrap<UInt8>.self, kind: "dataCorrupted", path: ["v"],
            alsoDefaultPolicy: true)
    }

    @Test func nestedArraysAndDictionaries() {
        let tree: [String: Any] = [
            "a": [[1, 2], [3], []] as [Any],
            "b": ["c": ["d": "e"], "f": [:] as [String: Any]] as [String: Any],
            "c": [["name": "x", "age": 1, "tags": ["t"]] as [String: Any], NSNull()] as [Any],
        ]
        expectTree(
            tree, as: Tree.self,
            equals: Tree(
                a: [[1, 2], [3], []], b: ["c": ["d": "e"], "f": [:]], c: [Person(name: "x", age: 1, tags: ["t"]), nil]))
        expectTree(
            tree, as: PathRecorder.self,
            equals: {
                let data = try! JSONSerialization.data(withJSONObject: tree)
                return try! JSONDecoder().decode(PathRecorder.self, from: data)
            }())
        var bad = tree
        bad["a"] = [[1, 2], [3, "x"]] as [Any]
        expectTreeError(
            bad, as: Tree.self, kind: "typeMismatch", path: ["a", "Index 1#1", "Index 1#1"], alsoDefaultPolicy: true)
        expectTree(
            ["first_name": "x", "age_years": 3] as [String: Any], as: [String: Ignore].self,
            equals: ["first_name": Ignore.instance, "age_years": Ignore.instance],
            configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
        expectTree(
            ["first_name": "x", "last_name": NSNull()] as [String: Any], as: SnakeModel.self,
            equals: {
                var m = try! JSONDecoder().decode(SnakeModel.self, from: Data("{}".utf8)); m.firstName = "x"; return m
            }(),
            configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }

    @Test("Unsupported values are a typeMismatch, never a crash")
    func unsupportedValues() {
        expectTreeError(NotJSON(), as: Int.self, kind: "typeMismatch", path: [], alsoDefaultPolicy: true)
        expectTreeError(
            ["a": NotJSON()] as [String: Any], as: [String: Int].self, kind: "typeMismatch", path: ["a"],
            alsoDefaultPolicy: true)
        expectTreeError(
            ["a": [1, NotJSON()] as [Any]] as [String: Any], as: [String: [Int]].self, kind: "typeMismatch",
            path: ["a", "Index 1#1"], alsoDefaultPolicy: true)
        expectTreeError(
            ["a": NotJSON()] as [String: Any], as: Ignore.self, kind: "typeMismatch", path: ["a"],
            alsoDefaultPolicy: true)
        expectTreeError(Set([1, 2]), as: [Int].self, kind: "typeMismatch", alsoDefaultPolicy: true)
        expectTreeError(Set([1, 2]), as: Set<Int>.self, kind: "typeMismatch", alsoDefaultPolicy: true)
        expectTreeError(
            [1: "a"] as [Int: String], as: [Int: String].self, kind: "typeMismatch", alsoDefaultPolicy: true)
        expectTreeError(
            ["u": UUID()] as [String: Any], as: Ignore.self, kind: "typeMismatch", path: ["u"], alsoDefaultPolicy: true)
        expectTreeError(
            ["d": Data([1, 2])] as [String: Any], as: Ignore.self, kind: "typeMismatch", path: ["d"],
            alsoDefaultPolicy: true)
        expectTreeError(
            ["u": URL(string: "https://x.org")!] as [String: Any], as: Ignore.self, kind: "typeMismatch", path: ["u"],
            alsoDefaultPolicy: true)
        expectTreeError((1, 2), as: [Int].self, kind: "typeMismatch", alsoDefaultPolicy: true)
        expectTreeError(
            ["f": { (x: Int) in x }] as [String: Any], as: Ignore.self, kind: "typeMismatch", path: ["f"],
            alsoDefaultPolicy: true)
        expectTreeError(
            [Character("a")] as [Any], as: [String].self, kind: "typeMismatch", path: ["Index 0#0"],
            alsoDefaultPolicy: true)
    }

    @Test("Deeply nested trees do not crash")
    func deepTrees() {
        var tree: Any = 1
        for _ in 0..<600 { tree = [tree] }
        let box = UncheckedBox(tree)
        let result = onLargeStack { ErrorInfo.kindOrValue(treeOutcome(Ignore.self, box.value)) }
        #expect(result == "value" || result == "dataCorrupted")
        var shallow: Any = 1
        for _ in 0..<100 { shallow = ["a": shallow] }
        expectTree(shallow, as: Ignore.self, equals: Ignore.instance)
    }

    @Test("Reference types as JSONSerialization produces them on Darwin")
    func foundationReferenceTypes() {
        expectTree(NSString(string: "x"), as: String.self, equals: "x")
        expectTree(NSArray(array: [1, 2]), as: [Int].self, equals: [1, 2])
        expectTree(NSDictionary(dictionary: ["k": 1]), as: [String: Int].self, equals: ["k": 1])
        expectTree(
            ["k": NSArray(array: [NSString(string: "a")])] as [String: Any], as: [String: [String]].self,
            equals: ["k": ["a"]])
    }
}

struct UncheckedBox: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}

extension Ignore {
    static var instance: Ignore { try! JSONDecoder().decode(Ignore.self, from: Data("0".utf8)) }
}

extension ErrorInfo {
    static func kindOrValue<T>(_ outcome: Outcome<T>) -> String { outcome.error?.kind ?? "value" }
}
