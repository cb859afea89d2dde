// JSONObjectEncoder (XMLAndObjectTrees article): its tree equals JSONSerialization's reading of
// JSONEncoder's output under the same strategies (differential, over the corpora and models
// of every Foundation type the strategies touch), JSONSerialization accepts it, and it
// round-trips through decode(_:fromJSONObject:).
import Foundation
import LenientJSON
import Testing

extension JSONObjectEncoderTests {
    // MARK: - Comparing trees

    /// A JSON tree in a form that compares by value: numbers by their integer value when they are
    /// whole (JSONEncoder writes `2.0` as `2`), else by their `Double` value.
    indirect enum CanonicalJSON: Equatable, CustomStringConvertible {
        case null, bool(Bool), number(String), string(String), array([CanonicalJSON]), object([String: CanonicalJSON])

        static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

        init(_ value: Any) throws {
            switch value {
            case let string as String: self = .string(string)
            case is NSNull: self = .null
            case let number as NSNumber where ObjectIdentifier(type(of: number)) == Self.booleanClass:
                self = .bool(number.boolValue)
            case let number as NSNumber: self = .number(Self.text(number))
            case let array as [Any]: self = .array(try array.map(CanonicalJSON.init))
            case let object as [String: Any]: self = .object(try object.mapValues(CanonicalJSON.init))
            default:
                throw CocoaError(
                    .coderInvalidValue,
                    userInfo: [NSDebugDescriptionErrorKey: "not a JSON tree value: \(type(of: value))"])
            }
        }

        static func text(_ number: NSNumber) -> String {
            if let decimal = number as? NSDecimalNumber {
                // Its text read as a Double, as JSONSerialization reads short numbers (an
                // NSDecimalNumber's doubleValue is not always the nearest Double).
                var value = decimal.decimalValue
                var rounded = Decimal()
                NSDecimalRound(&rounded, &value, 0, .plain)
                return rounded == value ? "\(value)" : "\(Double(decimal.description) ?? .nan)"
            }
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "f"), UInt8(ascii: "d"):
                let double = number.doubleValue
                if double == double.rounded(), abs(double) < 9_007_199_254_740_992 { return "\(Int64(double))" }
                return "\(double)"
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
                return "\(number.uint64Value)"
            default:
                return "\(number.int64Value)"
            }
        }

        /// Where two trees differ: the paths and both values, first few only.
        func differences(from other: CanonicalJSON, at path: String = "$") -> [String] {
            switch (self, other) {
            case (.array(let a), .array(let b)) where a.count == b.count:
                return zip(a, b).enumerated().flatMap { $1.0.differences(from: $1.1, at: path + "[\($0)]") }
            case (.object(let a), .object(let b)) where Set(a.keys) == Set(b.keys):
                return a.keys.sorted().flatMap { a[$0]!.differences(from: b[$0]!, at: path + "." + $0) }
            default:
                return self == other ? [] : ["\(path): \(self) vs \(other)"]
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let value): "\(value)"
            case .number(let text): text
            case .string(let text): text.debugDescription
            case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
            case .object(let members):
                "{"
                    + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(
                        separator: ",") + "}"
            }
        }
    }

    // MARK: - Strategies

    /// One configuration of JSONEncoder's strategies, applied alike to JSONEncoder and
    /// JSONObjectEncoder, and the decoder settings that read the output back (`nil`: a custom
    /// strategy with no inverse, compared but not decoded back).
    struct EncodingSetup: Sendable, CustomTestStringConvertible {
        var name: String
        var key: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var date: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var data: JSONEncoder.DataEncodingStrategy = .base64
        var float: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var decoding: Configure? = noConfiguration
        var testDescription: String { name }

        var jsonEncoder: JSONEncoder {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = key
            encoder.dateEncodingStrategy = date
            encoder.dataEncodingStrategy = data
            encoder.nonConformingFloatEncodingStrategy = float
            return encoder
        }

        var objectEncoder: JSONObjectEncoder {
            var encoder = JSONObjectEncoder()
            encoder.keyEncodingStrategy = key
            encoder.dateEncodingStrategy = date
            encoder.dataEncodingStrategy = data
            encoder.nonConformingFloatEncodingStrategy = float
            return encoder
        }

        static let posixFormatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            return formatter
        }()

        static let all: [EncodingSetup] = [
            EncodingSetup(name: "defaults"),
            EncodingSetup(
                name: "snake-case keys", key: .convertToSnakeCase,
                decoding: { $0.keyDecodingStrategy = .convertFromSnakeCase }),
            EncodingSetup(
                name: "custom keys", key: .custom { path in AnyKey("k_" + (path.last?.stringValue ?? "")) },
                decoding: nil),
            EncodingSetup(
                name: "seconds since 1970", date: .secondsSince1970,
                decoding: { $0.dateDecodingStrategy = .secondsSince1970 }),
            EncodingSetup(
                name: "milliseconds since 1970", date: .millisecondsSince1970,
                decoding: { $0.dateDecodingStrategy = .millisecondsSince1970 }),
            // ISO 8601 keeps whole seconds only (JSONEncoder's too), so the model's fractional dates
            // do not read back equal: compared with JSONEncoder, not decoded back.
            EncodingSetup(name: "ISO 8601 dates", date: .iso8601, decoding: nil),
            EncodingSetup(
                name: "formatted dates", date: .formatted(posixFormatter),
                decoding: { $0.dateDecodingStrategy = .formatted(posixFormatter) }),
            EncodingSetup(
                name: "custom dates",
                date: .custom { date, encoder in
                    var container = encoder.unkeyedContainer()
                    try container.encode(Int(date.timeIntervalSince1970))
                    try container.encode("s")
                }, decoding: nil),
            EncodingSetup(name: "custom date that encodes nothing", date: .custom { _, _ in }, decoding: nil),
            EncodingSetup(
                name: "data as bytes", data: .deferredToData, decoding: { $0.dataDecodingStrategy = .deferredToData }),
            EncodingSetup(
                name: "custom data",
                data: .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(data.count)
                }, decoding: nil),
            EncodingSetup(
                name: "non-conforming floats as strings",
                float: .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"),
                decoding: {
                    $0.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
                }),
        ]
    }

    // MARK: - Models

    enum Suit: String, Codable, Equatable, Sendable { case hearts, spades }
    enum Rank: Int, Codable, Equatable, Sendable { case ace = 1, king = 13 }
    enum Shape: Codable, Equatable, Sendable {
        case circle(radius: Double)
        case rectangle(width: Int, height: Int)
        case point
    }

    /// Every kind of value JSONEncoder treats specially, and keys that snake case changes.
    struct EveryKind: Codable, Equatable, Sendable {
        var plainName: String = "x"
        var myURLProperty: URL = URL(string: "https://example.com/a?b=c")!
        var date: Date = Date(timeIntervalSince1970: 1_453_075_980.25)
        var dates: [Date] = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: -86_400)]
        var data: Data = Data([0, 1, 2, 254, 255])
        var decimal: Decimal = Decimal(string: "12345678901234567890.125")!
        var smallDecimal: Decimal = Decimal(string: "3.14")!
        var integers: [Int64] = [0, -1, .max, .min]
        var unsigned: [UInt64] = [0, UInt64(Int64.max)]
        var small: [Int8] = [.min, .max]
        var float: Float = 0.1
        var double: Double = 2.0
        var fraction: Double = -1.5e-7
        var bool: Bool = true
        var nested: Int?? = .some(.some(4))
        var nestedValue: Int?? = .some(3)
        var missing: String? = nil
        var optionals: [Int?] = [1, nil, 3]
        var suit: Suit = .spades
        var rank: Rank = .king
        var shapes: [Shape] = [.circle(radius: 1.5), .rectangle(width: 2, height: 3), .point]
        var stringKeyed: [String: Int] = ["camelCaseKey": 1, "snake_key": 2, "": 3]
        var intKeyed: [Int: String] = [1: "one", 20: "twenty"]
        var matrix: [[Double]] = [[1, 2.5], [], [-0.0]]
        var uuid: UUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var empty: Empty = Empty()
        var text: String = "quote \" slash \\ unicode é 💡 control \u{1}"
        struct Empty: Codable, Equatable, Sendable {}
    }

    struct NonConforming: Codable, Equatable, Sendable {
        var values: [Double] = [.infinity, -.infinity, 1]
        var float: Float = -.infinity
        static func == (a: NonConforming, b: NonConforming) -> Bool {
            a.values.count == b.values.count
                && zip(a.values, b.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) } && a.float == b.float
        }
    }

    /// A class hierarchy whose subclass encodes its superclass through `superEncoder()`, one
    /// through `superEncoder(forKey:)`, and one into the same container.
    class Animal: Codable, Equatable, @unchecked Sendable {
        var name: String
        init(name: String) { self.name = name }
        static func == (a: Animal, b: Animal) -> Bool { a.isEqual(to: b) }
        func isEqual(to other: Animal) -> Bool { type(of: self) == type(of: other) && name == other.name }
    }

    final class Dog: Animal, @unchecked Sendable {
        var breed: String
        init(name: String, breed: String) { self.breed = breed; super.init(name: name) }
        enum CodingKeys: String, CodingKey { case breed }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && breed == (other as? Dog)?.breed }
    }

    final class Cat: Animal, @unchecked Sendable {
        var lives: Int
        init(name: String, lives: Int) { self.lives = lives; super.init(name: name) }
        enum CodingKeys: String, CodingKey { case lives, parentData }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lives = try container.decode(Int.self, forKey: .lives)
            try super.init(from: container.superDecoder(forKey: .parentData))
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
            try super.encode(to: container.superEncoder(forKey: .parentData))
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && lives == (other as? Cat)?.lives }
    }

    final class Bird: Animal, @unchecked Sendable {
        var wings: Int
        init(name: String, wings: Int) { self.wings = wings; super.init(name: name) }
        enum CodingKeys: String, CodingKey { case wings }
        required init(from decoder: any Decoder) throws {
            wings = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .wings)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(wings, forKey: .wings)
            try super.encode(to: encoder)
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && wings == (other as? Bird)?.wings }
    }

    /// Hand-written containers: nested keyed and unkeyed containers, an unkeyed super encoder,
    /// and a super encoder that encodes nothing (`{}` in JSONEncoder's output).
    struct HandWritten: Codable, Equatable, Sendable {
        var a: Int = 1
        var list: [String] = ["x", "y"]
        enum Keys: String, CodingKey { case outer, inner, list, unused }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let outer = try container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
            a = try outer.decode(Int.self, forKey: .inner)
            var unkeyed = try container.nestedUnkeyedContainer(forKey: .list)
            var list: [String] = []
            var inner = try unkeyed.nestedUnkeyedContainer()
            while !inner.isAtEnd { list.append(try inner.decode(String.self)) }
            self.list = list
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var outer = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
            try outer.encode(a, forKey: .inner)
            var unkeyed = container.nestedUnkeyedContainer(forKey: .list)
            var inner = unkeyed.nestedUnkeyedContainer()
            for item in list { try inner.encode(item) }
            try "tail".encode(to: unkeyed.superEncoder())
            _ = container.superEncoder(forKey: .unused)
        }
    }
}

// MARK: - Tests

@Suite("JSONObjectEncoder: a JSONSerialization tree, as JSONEncoder writes it")
struct JSONObjectEncoderTests {
    /// `value` under `setup`: the tree equals JSONSerialization's reading of JSONEncoder's
    /// output, JSONSerialization writes it, and, where the setup can be read back, it decodes
    /// to `value` through decode(_:fromJSONObject:) (strict and default policies) and, written
    /// out, through JSONDecoder.
    func check<T: Codable & Equatable>(
        _ value: T, _ setup: EncodingSetup, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let tree = try setup.objectEncoder.encode(value)
        let reference = try JSONSerialization.jsonObject(
            with: setup.jsonEncoder.encode(value), options: .fragmentsAllowed)
        let canonical = try CanonicalJSON(tree), expected = try CanonicalJSON(reference)
        #expect(
            canonical == expected, "\(canonical.differences(from: expected).prefix(5))", sourceLocation: sourceLocation)
        let data = try JSONSerialization.data(withJSONObject: tree, options: .fragmentsAllowed)
        guard let configure = setup.decoding else { return }
        for policy in [LenientPolicy.strict, .lenient] {
            let decoder = LenientJSONDecoder(policy: policy)
            configure(decoder)
            #expect(
                try decoder.decode(T.self, fromJSONObject: tree) == value,
                "policy \(policy == .strict ? "strict" : "lenient")", sourceLocation: sourceLocation)
        }
        let decoder = JSONDecoder()
        configure(decoder)
        #expect(try decoder.decode(T.self, from: data) == value, sourceLocation: sourceLocation)
    }

    @Test("the corpora encode as JSONEncoder encodes them, and round-trip", arguments: CorpusName.allCases)
    func corpora(_ corpus: CorpusName) throws {
        struct Visitor: CorpusModelVisitor {
            let test: JSONObjectEncoderTests
            func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
                let value = try JSONDecoder().decode(Model.self, from: corpus.data)
                try test.check(value, EncodingSetup.all[0])
            }
        }
        try corpus.accept(Visitor(test: self))
    }

    @Test("a model of every special kind, under each strategy", arguments: EncodingSetup.all)
    func everyKind(_ setup: EncodingSetup) throws {
        // Snake case does not round-trip an acronym through JSONDecoder (myURLProperty ->
        // my_url_property -> myUrlProperty), so that setup compares only with JSONEncoder.
        try check(
            EveryKind(),
            setup.name == "snake-case keys" ? EncodingSetup(name: setup.name, key: setup.key, decoding: nil) : setup)
    }

    @Test("snake-case keys round-trip through the default policy's normalized key matching")
    func snakeCaseRoundTrip() throws {
        var encoder = JSONObjectEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let tree = try encoder.encode(EveryKind())
        #expect((tree as? [String: Any])?["my_url_property"] != nil)
        #expect(try LenientJSONDecoder().decode(EveryKind.self, fromJSONObject: tree) == EveryKind())
    }

    @Test(
        "snake case splits words as JSONEncoder does",
        arguments: [
            "myProperty", "myURLProperty", "aBC", "AB", "_leading", "trailing_", "already_snake", "value2Name",
            "myURL2Thing", "URLs", "a", "", "ÉtéÀPlage", "html5Parser", "oneTWOThree", "x__Y",
        ])
    func snakeCaseKeys(_ key: String) throws {
        struct Wrapper: Encodable {
            var key: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(key))
            }
        }
        let setup = EncodingSetup(name: "snake", key: .convertToSnakeCase)
        let tree = try setup.objectEncoder.encode(Wrapper(key: key))
        let reference = try JSONSerialization.jsonObject(with: setup.jsonEncoder.encode(Wrapper(key: key)))
        #expect(try CanonicalJSON(tree) == CanonicalJSON(reference))
    }

    @Test("non-conforming floats: strings under convertToString, JSONEncoder's error under .throw")
    func nonConformingFloats() throws {
        try check(NonConforming(), EncodingSetup.all.first { $0.name == "non-conforming floats as strings" }!)
        let thrown = #expect(throws: EncodingError.self) { try JSONObjectEncoder().encode(NonConforming()) }
        let reference = #expect(throws: EncodingError.self) { try JSONEncoder().encode(NonConforming()) }
        if case .invalidValue(_, let context) = thrown, case .invalidValue(_, let expected) = reference {
            #expect(pathStrings(context.codingPath) == pathStrings(expected.codingPath))
        } else {
            Issue.record(
                "expected invalidValue from both: \(String(describing: thrown)), \(String(describing: reference))")
        }
    }

    @Test("a nested Optional holding nil is null, as in JSONEncoder (JSONDecoder reads it back as the outer nil)")
    func nestedOptionalNil() throws {
        struct Nested: Codable { var value: Int?? = .some(nil); var list: [Int??] = [.some(nil), nil, 1] }
        let tree = try JSONObjectEncoder().encode(Nested())
        let reference = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Nested()))
        #expect(try CanonicalJSON(tree) == CanonicalJSON(reference))
        #expect(try CanonicalJSON(tree) == .object(["value": .null, "list": .array([.null, .null, .number("1")])]))
    }

    @Test("class hierarchies through superEncoder(), superEncoder(forKey:) and a shared container")
    func classHierarchies() throws {
        let animals: [Animal] = [
            Dog(name: "Rex", breed: "collie"), Cat(name: "Tom", lives: 9), Bird(name: "Tweety", wings: 2),
        ]
        try check(animals[0] as? Dog, EncodingSetup.all[0])
        try check(animals[1] as? Cat, EncodingSetup.all[0])
        try check(animals[2] as? Bird, EncodingSetup.all[0])
        let dog = try #require(try JSONObjectEncoder().encode(animals[0] as? Dog) as? [String: Any])
        #expect((dog["super"] as? [String: Any])?["name"] as? String == "Rex")
    }

    @Test("nested containers, an unkeyed super encoder and an unused super encoder")
    func handWrittenContainers() throws {
        let tree = try JSONObjectEncoder().encode(HandWritten())
        let reference = try JSONSerialization.jsonObject(with: JSONEncoder().encode(HandWritten()))
        #expect(try CanonicalJSON(tree) == CanonicalJSON(reference))
        #expect(try LenientJSONDecoder(policy: .strict).decode(HandWritten.self, fromJSONObject: tree) == HandWritten())
    }

    @Test("top-level fragments", arguments: [0, 1, 2, 3, 4, 5])
    func fragments(_ row: Int) throws {
        let setup = EncodingSetup.all[0]
        switch row {
        case 0: try check(42, setup)
        case 1: try check("text", setup)
        case 2: try check(true, setup)
        case 3: try check(Int?.none, setup)
        case 4: try check(Date(timeIntervalSince1970: 0), setup)
        default: try check([Suit.hearts], setup)
        }
    }

    @Test("128-bit integers are exact")
    func int128() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        let values: [Int128] = [.max, .min, 0, -1]
        let tree = try JSONObjectEncoder().encode(values)
        #expect(try LenientJSONDecoder(policy: .strict).decode([Int128].self, fromJSONObject: tree) == values)
        #expect(try JSONDecoder().decode([Int128].self, from: JSONSerialization.data(withJSONObject: tree)) == values)
        let unsigned: [UInt128] = [.max]
        #expect(
            try LenientJSONDecoder(policy: .strict).decode(
                [UInt128].self, fromJSONObject: JSONObjectEncoder().encode(unsigned)) == unsigned)
    }

    @Test("a value that encodes nothing is JSONEncoder's invalidValue")
    func encodesNothing() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(throws: EncodingError.self) { try JSONObjectEncoder().encode(Nothing()) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Nothing()) }
    }

    @Test("userInfo reaches the encoded types")
    func userInfo() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "version"))
        struct Versioned: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[key] as? Int ?? -1)
            }
        }
        var encoder = JSONObjectEncoder()
        encoder.userInfo[key] = 2
        #expect(try CanonicalJSON(encoder.encode(Versioned(key: key))) == .number("2"))
    }

    @Test("the tree holds only JSONSerialization's types: booleans are NSNumber booleans, Decimal an NSDecimalNumber")
    func treeTypes() throws {
        let tree = try #require(try JSONObjectEncoder().encode(EveryKind()) as? [String: Any])
        #expect(JSONSerialization.isValidJSONObject(tree))
        #expect(tree["bool"] is NSNumber)
        #expect(ObjectIdentifier(type(of: try #require(tree["bool"] as? NSNumber))) == CanonicalJSON.booleanClass)
        #expect(tree["decimal"] is NSDecimalNumber)
        #expect(((tree["optionals"] as? [Any])?[1] as? NSNull) != nil)
        #expect(tree["missing"] == nil)
        #expect(tree["myURLProperty"] as? String == "https://example.com/a?b=c")
    }
}
