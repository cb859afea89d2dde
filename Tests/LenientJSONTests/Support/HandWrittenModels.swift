import Foundation

// Hand-written `init(from:)` implementations as they are found in real code: types that try
// several readings in turn with `try?` and keep the first that works. HandWrittenDecoders article: wherever
// JSONDecoder succeeds, LenientJSONDecoder must pick the same alternative and return an equal
// value, and must never recurse without bound.

// MARK: - Any JSON

// The any-JSON enum in four orders of trying (`FuzzJSON<FuzzBoolThenArray>` …) and `FuzzEither`
// are shared with the fuzz targets: Support/FuzzModels.swift is a link to Fuzz/FuzzModels.swift.

/// An "any JSON" enum that asks the decoder for a keyed, then an unkeyed container before it
/// reads a single value (the other common shape).
enum ContainerJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ContainerJSON])
    case object([String: ContainerJSON])

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: ContainerJSON] = [:]
            for key in keyed.allKeys {
                members[key.stringValue] = try keyed.decode(ContainerJSON.self, forKey: key)
            }
            self = .object(members)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [ContainerJSON] = []
            while !unkeyed.isAtEnd {
                elements.append(try unkeyed.decode(ContainerJSON.self))
            }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }
}

/// The usual `AnyCodable` shape: the value as `Any` (`NSNull`, `Bool`, `Int`, `UInt`, `Double`,
/// `String`, `[Any]`, `[String: Any]`), readings tried Bool first and arrays before objects.
struct AnyCodableValue: Decodable, Equatable, CustomStringConvertible {
    var value: Any

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = NSNull()
        } else if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let int = try? container.decode(Int.self) {
            value = int
        } else if let uint = try? container.decode(UInt.self) {
            value = uint
        } else if let double = try? container.decode(Double.self) {
            value = double
        } else if let string = try? container.decode(String.self) {
            value = string
        } else if let array = try? container.decode([AnyCodableValue].self) {
            value = array.map(\.value)
        } else if let dictionary = try? container.decode([String: AnyCodableValue].self) {
            value = dictionary.mapValues(\.value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "AnyCodable value cannot be decoded")
        }
    }

    static func == (a: AnyCodableValue, b: AnyCodableValue) -> Bool { same(a.value, b.value) }

    /// Equal values of the same Swift type, compared through arrays and dictionaries.
    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let x as Bool, let y as Bool): return x == y
        case (let x as Int, let y as Int): return x == y
        case (let x as UInt, let y as UInt): return x == y
        case (let x as Double, let y as Double): return x.bitPattern == y.bitPattern
        case (let x as String, let y as String): return x == y
        case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy(same)
        case (let x as [String: Any], let y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: return false
        }
    }

    var description: String { "AnyCodable(\(type(of: value)): \(value))" }
}

// MARK: - Either

/// Tries `A`, then `B`, by calling their `init(from:)` on the same decoder.
enum EitherInit<A: Decodable & Equatable, B: Decodable & Equatable>: Decodable, Equatable {
    case first(A)
    case second(B)

    init(from decoder: any Decoder) throws {
        do {
            self = .first(try A(from: decoder))
        } catch {
            self = .second(try B(from: decoder))
        }
    }
}

// MARK: - A class hierarchy

/// The base class: equal only to an instance of the same dynamic class with equal fields.
class StaffMember: Decodable, Equatable, CustomStringConvertible {
    let name: String
    let age: Int

    enum CodingKeys: String, CodingKey { case name, age }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        age = try container.decode(Int.self, forKey: .age)
    }

    static func == (a: StaffMember, b: StaffMember) -> Bool {
        type(of: a) == type(of: b) && a.hasEqualFields(b)
    }

    func hasEqualFields(_ other: StaffMember) -> Bool { name == other.name && age == other.age }

    var description: String { "\(type(of: self))(\(fields))" }
    var fields: String { "name: \(String(reflecting: name)), age: \(age)" }
}

/// Decodes its own key, then calls `super.init(from: decoder)` on the same decoder.
final class Employee: StaffMember {
    let company: String

    enum CodingKeys: String, CodingKey { case company }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        company = try container.decode(String.self, forKey: .company)
        try super.init(from: decoder)
    }

    override func hasEqualFields(_ other: StaffMember) -> Bool {
        guard let other = other as? Employee else { return false }
        return company == other.company && super.hasEqualFields(other)
    }

    override var fields: String { super.fields + ", company: \(String(reflecting: company))" }
}

/// Keeps its superclass's members under `"super"` and decodes them through `superDecoder()`.
final class Manager: StaffMember {
    let reports: Int

    enum CodingKeys: String, CodingKey { case reports }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reports = try container.decode(Int.self, forKey: .reports)
        try super.init(from: container.superDecoder())
    }

    override func hasEqualFields(_ other: StaffMember) -> Bool {
        guard let other = other as? Manager else { return false }
        return reports == other.reports && super.hasEqualFields(other)
    }

    override var fields: String { super.fields + ", reports: \(reports)" }
}

// MARK: - Embedding

/// A hand-written type next to a field that needs leniency (`"age": "12"`): the document fails
/// in JSONDecoder, while each hand-written part must still decode as JSONDecoder decodes it alone.
struct Embedded<T: Decodable & Equatable>: Decodable, Equatable {
    var value: T
    var age: Int
    var list: [T]
    var maybe: T?
}

// MARK: - Int128

/// 128-bit integers (JSONDecoder decodes them; InputAndLimits article).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct WideIntegers: Decodable, Equatable {
    var signed: Int128
    var unsigned: UInt128
    var list: [Int128]?
}
