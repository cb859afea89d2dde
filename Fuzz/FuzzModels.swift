// Models shared by the fuzz targets (Fuzz/FuzzTarget.swift, Fuzz/DifferentialFuzzTarget.swift)
// and the test target (through a symlink in Tests/LenientJSONTests/Support/): synthesized ones
// and hand-written `init(from:)` that try readings in turn. Built by Scripts/fuzz.sh together
// with the library sources, and by SwiftPM as part of the tests.
import Foundation

// MARK: - Synthesized

struct FuzzNested: Codable, Equatable { var a: Int?; var b: [String]?; var c: [String: Double]?; var d: FuzzKind? }
enum FuzzKind: String, Codable, CaseIterable { case alpha, beta_gamma }
struct FuzzModel: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double?
    var flags: [Bool]
    var nested: FuzzNested?
    var children: [FuzzNested]?
    var kind: FuzzKind?
    var when: Date?
    var blob: Data?
    var link: URL?
    var amount: Decimal?
}

/// Optionals, arrays and nesting, every member optional: most documents reach its leaves.
struct FuzzOptionals: Codable, Equatable {
    var i: Int?
    var u8: UInt8?
    var d: Double?
    var f: Float?
    var s: String?
    var b: Bool?
    var list: [Int?]?
    var grid: [[Double]]?
    var map: [String: [String: Int]]?
    var inner: FuzzNested?
    var items: [FuzzNested]?
    var kind: FuzzKind?
}

// MARK: - Hand-written

/// The order in which a ``FuzzJSON`` tries its readings.
protocol FuzzAttemptOrder {
    /// `Bool` before `Int` and `Double` (else after them).
    static var boolFirst: Bool { get }
    /// `[Self]` before `[String: Self]` (else after it).
    static var arrayFirst: Bool { get }
}

/// The usual `AnyCodable` order: Bool first, arrays before objects.
enum FuzzBoolThenArray: FuzzAttemptOrder { static let boolFirst = true; static let arrayFirst = true }
/// Bool first, objects before arrays.
enum FuzzBoolThenObject: FuzzAttemptOrder { static let boolFirst = true; static let arrayFirst = false }
/// Numbers before Bool, arrays before objects.
enum FuzzNumberThenArray: FuzzAttemptOrder { static let boolFirst = false; static let arrayFirst = true }
/// The reverse of the usual order: numbers before Bool, objects before arrays.
enum FuzzNumberThenObject: FuzzAttemptOrder { static let boolFirst = false; static let arrayFirst = false }

/// A recursive "any JSON" enum whose `init(from:)` decodes a single value container as each
/// type in turn with `try?` (`try? c.decode(Bool.self)`, `try? c.decode([Self].self)` …), in `Order`.
enum FuzzJSON<Order: FuzzAttemptOrder>: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([FuzzJSON])
    case object([String: FuzzJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if Order.boolFirst, let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if !Order.boolFirst, let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if Order.arrayFirst, let array = try? container.decode([FuzzJSON].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: FuzzJSON].self) {
            self = .object(object)
        } else if !Order.arrayFirst, let array = try? container.decode([FuzzJSON].self) {
            self = .array(array)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Doubles compare by bit pattern (`-0.0` differs from `0.0`, NaN equals NaN).
    static func == (a: FuzzJSON, b: FuzzJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x == y
        default: false
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "bool(\(value))"
        case .int(let value): "int(\(value))"
        case .double(let value): "double(\(value))"
        case .string(let value): "string(\(String(reflecting: value)))"
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "["
                + members.sorted { $0.key < $1.key }.map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(
                    separator: ", ") + "]"
        }
    }
}

/// Tries `A`, then `B`, through a single value container.
enum FuzzEither<A: Decodable & Equatable, B: Decodable & Equatable>: Decodable, Equatable {
    case first(A)
    case second(B)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let first = try? container.decode(A.self) {
            self = .first(first)
        } else {
            self = .second(try container.decode(B.self))
        }
    }
}

/// A hand-written struct: a member read as one of two types, and a nested any-JSON value.
struct FuzzRecord: Decodable, Equatable {
    var id: FuzzEither<Int, String>
    var tags: FuzzEither<[String], [Int]>?
    var extra: FuzzJSON<FuzzNumberThenObject>?

    enum CodingKeys: String, CodingKey { case id, tags, extra }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(FuzzEither<Int, String>.self, forKey: .id)
        tags = try? container.decode(FuzzEither<[String], [Int]>.self, forKey: .tags)
        extra = try container.decodeIfPresent(FuzzJSON<FuzzNumberThenObject>.self, forKey: .extra)
    }
}
