import Foundation
import LenientJSON
import Testing

// MARK: - Schemas

enum Scalar: CaseIterable, Sendable {
    case bool, string, int, int8, uint8, int16, uint16, int32, uint32, int64, uint64, uint, double, float, decimal,
        date, data, url
}

/// The shape a document is decoded as. `Node` reads it from `userInfo` and finds its own
/// part by its `codingPath`, so a wrong coding path shows up as a different outcome.
indirect enum Schema: Sendable, CustomStringConvertible {
    /// `generic`: decoded through `decode<T: Decodable>` instead of the concrete overload.
    case scalar(Scalar, generic: Bool)
    /// `viaIfPresent`: `decodeIfPresent(Node.self…)` instead of `decodeNil` + decode.
    case optional(Schema, viaIfPresent: Bool)
    /// `generic`: `[Node]` / `[T]` instead of a hand-driven unkeyed container.
    case array(Schema, generic: Bool)
    /// `generic`: `[String: Node]` / `[String: T]` instead of a keyed container over `allKeys`.
    case dict(Schema, generic: Bool)
    /// `nested`: fields read through `nestedContainer` instead of `decode(Node.self…)`.
    case object([Field], nested: Bool)

    struct Field: Sendable { var name: String; var schema: Schema }

    /// Whether a `[String: T]` decoded by `Dictionary`'s own `init(from:)` appears anywhere.
    var hasGenericDictionary: Bool {
        switch self {
        case .scalar: return false
        case .optional(let inner, _), .array(let inner, _): return inner.hasGenericDictionary
        case .dict(let inner, let generic): return generic || inner.hasGenericDictionary
        case .object(let fields, _): return fields.contains { $0.schema.hasGenericDictionary }
        }
    }

    var description: String {
        switch self {
        case .scalar(let s, let g): return "\(s)\(g ? "*" : "")"
        case .optional(let s, let p): return "\(s)?\(p ? "p" : "")"
        case .array(let s, let g): return "[\(s)]\(g ? "*" : "")"
        case .dict(let s, let g): return "[:\(s)]\(g ? "*" : "")"
        case .object(let f, let n):
            return "{\(f.map { "\($0.name): \($0.schema)" }.joined(separator: ", "))}\(n ? "n" : "")"
        }
    }

    var unwrapped: Schema {
        if case .optional(let inner, _) = self { return inner.unwrapped }
        return self
    }

    /// The schema of the value at `path` below this one.
    func resolve(_ path: ArraySlice<any CodingKey>) throws -> Schema {
        guard let key = path.first else { return self }
        switch self {
        case .optional(let inner, _): return try inner.resolve(path)
        case .array(let element, _):
            guard key.intValue != nil else { throw SchemaError.badPath(key.stringValue) }
            return try element.resolve(path.dropFirst())
        case .dict(let element, _): return try element.resolve(path.dropFirst())
        case .object(let fields, _):
            guard let field = fields.first(where: { $0.name == key.stringValue }) else {
                throw SchemaError.badPath(key.stringValue)
            }
            return try field.schema.resolve(path.dropFirst())
        case .scalar: throw SchemaError.badPath(key.stringValue)
        }
    }
}

enum SchemaError: Error { case badPath(String), noSchema }

let schemaKey = CodingUserInfoKey(rawValue: "random.schema")!

// MARK: - The decoded value

/// A decoded document: scalars as exact text tags (bit patterns for floating point).
indirect enum Node: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null
    case scalar(String)
    case array([Node])
    case object([String: Node])

    var description: String {
        switch self {
        case .null: return "null"
        case .scalar(let s): return s
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
        }
    }

    init(from decoder: any Decoder) throws {
        guard let root = decoder.userInfo[schemaKey] as? Schema else { throw SchemaError.noSchema }
        let schema = try root.resolve(ArraySlice(decoder.codingPath))
        self = try Node.decode(schema, from: decoder)
    }

    static func tag(_ value: Any) -> Node {
        switch value {
        case let d as Double: return .scalar("D:\(d.bitPattern):\(d)")
        case let f as Float: return .scalar("F:\(f.bitPattern):\(f)")
        case let d as Decimal: return .scalar("M:\(d)")
        case let d as Date: return .scalar("T:\(d.timeIntervalSinceReferenceDate.bitPattern)")
        case let d as Data: return .scalar("B:\(d.base64EncodedString())")
        case let u as URL: return .scalar("U:\(u.absoluteString)")
        case let s as String: return .scalar("S:\(s.debugDescription)")
        default: return .scalar("\(type(of: value)):\(value)")
        }
    }

    // From a Decoder (this value is the decoder's whole value).
    static func decode(_ schema: Schema, from decoder: any Decoder) throws -> Node {
        switch schema {
        case .scalar(let s, let generic):
            let c = try decoder.singleValueContainer()
            return try generic ? s.accept(SingleGeneric(c: c)) : single(s, c)
        case .optional(let inner, _):
            return try decoder.singleValueContainer().decodeNil() ? .null : decode(inner, from: decoder)
        case .array(let element, true):
            return try genericArray(element, decoder.singleValueContainer())
        case .array(let element, false):
            var u = try decoder.unkeyedContainer()
            var items: [Node] = []
            while !u.isAtEnd { items.append(try decode(element, from: &u)) }
            return .array(items)
        case .dict(let element, true):
            return try genericDict(element, decoder.singleValueContainer())
        case .dict(let element, false):
            return try members(element, decoder.container(keyedBy: AnyKey.self))
        case .object(let fields, _):
            return try object(fields, decoder.container(keyedBy: AnyKey.self))
        }
    }

    static func members(_ element: Schema, _ c: KeyedDecodingContainer<AnyKey>) throws -> Node {
        var result: [String: Node] = [:]
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            result[key.stringValue] = try decode(element, from: c, key)
        }
        return .object(result)
    }

    static func object(_ fields: [Schema.Field], _ c: KeyedDecodingContainer<AnyKey>) throws -> Node {
        var result: [String: Node] = [:]
        for field in fields { result[field.name] = try decode(field.schema, from: c, AnyKey(field.name)) }
        return .object(result)
    }

    // From a keyed container.
    static func decode(_ schema: Schema, from c: KeyedDecodingContainer<AnyKey>, _ k: AnyKey) throws -> Node {
        switch schema {
        case .scalar(let s, let generic):
            return try generic ? s.accept(KeyedGeneric(c: c, k: k)) : keyed(s, c, k)
        case .optional(let inner, let viaIfPresent):
            if case .scalar(let s, false) = inner, !viaIfPresent { return try keyedIfPresent(s, c, k) }
            if viaIfPresent { return try c.decodeIfPresent(Node.self, forKey: k) ?? .null }
            guard c.contains(k), try !c.decodeNil(forKey: k) else { return .null }
            return try decode(inner, from: c, k)
        case .array(let element, true):
            if case .scalar(let s, _) = element { return try s.accept(KeyedArray(c: c, k: k)) }
            return .array(try c.decode([Node].self, forKey: k))
        case .array(let element, false):
            var u = try c.nestedUnkeyedContainer(forKey: k)
            var items: [Node] = []
            while !u.isAtEnd { items.append(try decode(element, from: &u)) }
            return .array(items)
        case .dict(let element, true):
            if case .scalar(let s, _) = element { return try s.accept(KeyedDict(c: c, k: k)) }
            return .object(try c.decode([String: Node].self, forKey: k))
        case .dict(let element, false):
            return try members(element, c.nestedContainer(keyedBy: AnyKey.self, forKey: k))
        case .object(let fields, let nested):
            if nested { return try object(fields, c.nestedContainer(keyedBy: AnyKey.self, forKey: k)) }
            return try c.decode(Node.self, forKey: k)
        }
    }

    // From an unkeyed container (the next element).
    static func decode(_ schema: Schema, from u: inout any UnkeyedDecodingContainer) throws -> Node {
        switch schema {
        case .scalar(let s, let generic):
            if generic { let box = UnkeyedBox(u); defer { u = box.u }; return try s.accept(UnkeyedGeneric(box: box)) }
            return try unkeyed(s, &u)
        case .optional(let inner, let viaIfPresent):
            if viaIfPresent { return try u.decodeIfPresent(Node.self) ?? .null }
            if try u.decodeNil() { return .null }
            return try decode(inner, from: &u)
        case .array(let element, true):
            if case .scalar(let s, _) = element {
                let box = UnkeyedBox(u); defer { u = box.u }; return try s.accept(UnkeyedArray(box: box))
            }
            return .array(try u.decode([Node].self))
        case .array(let element, false):
            var n = try u.nestedUnkeyedContainer()
            var items: [Node] = []
            while !n.isAtEnd { items.append(try decode(element, from: &n)) }
            return .array(items)
        case .dict(let element, true):
            if case .scalar(let s, _) = element {
                let box = UnkeyedBox(u); defer { u = box.u }; return try s.accept(UnkeyedDict(box: box))
            }
            return .object(try u.decode([String: Node].self))
        case .dict(let element, false):
            return try members(element, u.nestedContainer(keyedBy: AnyKey.self))
        case .object(let fields, let nested):
            if nested { return try object(fields, u.nestedContainer(keyedBy: AnyKey.self)) }
            return try u.decode(Node.self)
        }
    }

    static func genericArray(_ element: Schema, _ c: any SingleValueDecodingContainer) throws -> Node {
        if case .scalar(let s, _) = element { return try s.accept(SingleArray(c: c)) }
        return .array(try c.decode([Node].self))
    }

    static func genericDict(_ element: Schema, _ c: any SingleValueDecodingContainer) throws -> Node {
        if case .scalar(let s, _) = element { return try s.accept(SingleDict(c: c)) }
        return .object(try c.decode([String: Node].self))
    }

    // Concrete overloads (the fast paths of a decoder).
    static func single(_ s: Scalar, _ c: any SingleValueDecodingContainer) throws -> Node {
        switch s {
        case .bool: return tag(try c.decode(Bool.self))
        case .string: return tag(try c.decode(String.self))
        case .int: return tag(try c.decode(Int.self))
        case .int8: return tag(try c.decode(Int8.self))
        case .uint8: return tag(try c.decode(UInt8.self))
        case .int16: return tag(try c.decode(Int16.self))
        case .uint16: return tag(try c.decode(UInt16.self))
        case .int32: return tag(try c.decode(Int32.self))
        case .uint32: return tag(try c.decode(UInt32.self))
        case .int64: return tag(try c.decode(Int64.self))
        case .uint64: return tag(try c.decode(UInt64.self))
        case .uint: return tag(try c.decode(UInt.self))
        case .double: return tag(try c.decode(Double.self))
        case .float: return tag(try c.decode(Float.self))
        case .decimal: return tag(try c.decode(Decimal.self))
        case .date: return tag(try c.decode(Date.self))
        case .data: return tag(try c.decode(Data.self))
        case .url: return tag(try c.decode(URL.self))
        }
    }

    static func keyed(_ s: Scalar, _ c: KeyedDecodingContainer<AnyKey>, _ k: AnyKey) throws -> Node {
        switch s {
        case .bool: return tag(try c.decode(Bool.self, forKey: k))
        case .string: return tag(try c.decode(String.self, forKey: k))
        case .int: return tag(try c.decode(Int.self, forKey: k))
        case .int8: return tag(try c.decode(Int8.self, forKey: k))
        case .uint8: return tag(try c.decode(UInt8.self, forKey: k))
        case .int16: return tag(try c.decode(Int16.self, forKey: k))
        case .uint16: return tag(try c.decode(UInt16.self, forKey: k))
        case .int32: return tag(try c.decode(Int32.self, forKey: k))
        case .uint32: return tag(try c.decode(UInt32.self, forKey: k))
        case .int64: return tag(try c.decode(Int64.self, forKey: k))
        case .uint64: return tag(try c.decode(UInt64.self, forKey: k))
        case .uint: return tag(try c.decode(UInt.self, forKey: k))
        case .double: return tag(try c.decode(Double.self, forKey: k))
        case .float: return tag(try c.decode(Float.self, forKey: k))
        case .decimal: return tag(try c.decode(Decimal.self, forKey: k))
        case .date: return tag(try c.decode(Date.self, forKey: k))
        case .data: return tag(try c.decode(Data.self, forKey: k))
        case .url: return tag(try c.decode(URL.self, forKey: k))
        }
    }

    static func keyedIfPresent(_ s: Scalar, _ c: KeyedDecodingContainer<AnyKey>, _ k: AnyKey) throws -> Node {
        func t(_ v: Any?) -> Node { v.map(tag) ?? .null }
        switch s {
        case .bool: return t(try c.decodeIfPresent(Bool.self, forKey: k))
        case .string: return t(try c.decodeIfPresent(String.self, forKey: k))
        case .int: return t(try c.decodeIfPresent(Int.self, forKey: k))
        case .int8: return t(try c.decodeIfPresent(Int8.self, forKey: k))
        case .uint8: return t(try c.decodeIfPresent(UInt8.self, forKey: k))
        case .int16: return t(try c.decodeIfPresent(Int16.self, forKey: k))
        case .uint16: return t(try c.decodeIfPresent(UInt16.self, forKey: k))
        case .int32: return t(try c.decodeIfPresent(Int32.self, forKey: k))
        case .uint32: return t(try c.decodeIfPresent(UInt32.self, forKey: k))
        case .int64: return t(try c.decodeIfPresent(Int64.self, forKey: k))
        case .uint64: return t(try c.decodeIfPresent(UInt64.self, forKey: k))
        case .uint: return t(try c.decodeIfPresent(UInt.self, forKey: k))
        case .double: return t(try c.decodeIfPresent(Double.self, forKey: k))
        case .float: return t(try c.decodeIfPresent(Float.self, forKey: k))
        case .decimal: return t(try c.decodeIfPresent(Decimal.self, forKey: k))
        case .date: return t(try c.decodeIfPresent(Date.self, forKey: k))
        case .data: return t(try c.decodeIfPresent(Data.self, forKey: k))
        case .url: return t(try c.decodeIfPresent(URL.self, forKey: k))
        }
    }

    static func unkeyed(_ s: Scalar, _ u: inout any UnkeyedDecodingContainer) throws -> Node {
        switch s {
        case .bool: return tag(try u.decode(Bool.self))
        case .string: return tag(try u.decode(String.self))
        case .int: return tag(try u.decode(Int.self))
        case .int8: return tag(try u.decode(Int8.self))
        case .uint8: return tag(try u.decode(UInt8.self))
        case .int16: return tag(try u.decode(Int16.self))
        case .uint16: return tag(try u.decode(UInt16.self))
        case .int32: return tag(try u.decode(Int32.self))
        case .uint32: return tag(try u.decode(UInt32.self))
        case .int64: return tag(try u.decode(Int64.self))
        case .uint64: return tag(try u.decode(UInt64.self))
        case .uint: return tag(try u.decode(UInt.self))
        case .double: return tag(try u.decode(Double.self))
        case .float: return tag(try u.decode(Float.self))
        case .decimal: return tag(try u.decode(Decimal.self))
        case .date: return tag(try u.decode(Date.self))
        case .data: return tag(try u.decode(Data.self))
        case .url: return tag(try u.decode(URL.self))
        }
    }
}

// MARK: - Generic access to scalar types

protocol ScalarVisitor {
    func visit<T: Decodable>(_ type: T.Type) throws -> Node
}

extension Scalar {
    func accept<V: ScalarVisitor>(_ v: V) throws -> Node {
        switch self {
        case .bool: return try v.visit(Bool.self)
        case .string: return try v.visit(String.self)
        case .int: return try v.visit(Int.self)
        case .int8: return try v.visit(Int8.self)
        case .uint8: return try v.visit(UInt8.self)
        case .int16: return try v.visit(Int16.self)
        case .uint16: return try v.visit(UInt16.self)
        case .int32: return try v.visit(Int32.self)
        case .uint32: return try v.visit(UInt32.self)
        case .int64: return try v.visit(Int64.self)
        case .uint64: return try v.visit(UInt64.self)
        case .uint: return try v.visit(UInt.self)
        case .double: return try v.visit(Double.self)
        case .float: return try v.visit(Float.self)
        case .decimal: return try v.visit(Decimal.self)
        case .date: return try v.visit(Date.self)
        case .data: return try v.visit(Data.self)
        case .url: return try v.visit(URL.self)
        }
    }
}

final class UnkeyedBox {
    var u: any UnkeyedDecodingContainer
    init(_ u: any UnkeyedDecodingContainer) { self.u = u }
}

struct SingleGeneric: ScalarVisitor {
    let c: any SingleValueDecodingContainer
    func visit<T: Decodable>(_: T.Type) throws -> Node { Node.tag(try c.decode(T.self)) }
}
struct SingleArray: ScalarVisitor {
    let c: any SingleValueDecodingContainer
    func visit<T: Decodable>(_: T.Type) throws -> Node { .array(try c.decode([T].self).map(Node.tag)) }
}
struct SingleDict: ScalarVisitor {
    let c: any SingleValueDecodingContainer
    func visit<T: Decodable>(_: T.Type) throws -> Node { .object(try c.decode([String: T].self).mapValues(Node.tag)) }
}
struct KeyedGeneric: ScalarVisitor {
    let c: KeyedDecodingContainer<AnyKey>, k: AnyKey
    func visit<T: Decodable>(_: T.Type) throws -> Node { Node.tag(try c.decode(T.self, forKey: k)) }
}
struct KeyedArray: ScalarVisitor {
    let c: KeyedDecodingContainer<AnyKey>, k: AnyKey
    func visit<T: Decodable>(_: T.Type) throws -> Node { .array(try c.decode([T].self, forKey: k).map(Node.tag)) }
}
struct KeyedDict: ScalarVisitor {
    let c: KeyedDecodingContainer<AnyKey>, k: AnyKey
    func visit<T: Decodable>(_: T.Type) throws -> Node {
        .object(try c.decode([String: T].self, forKey: k).mapValues(Node.tag))
    }
}
struct UnkeyedGeneric: ScalarVisitor {
    let box: UnkeyedBox
    func visit<T: Decodable>(_: T.Type) throws -> Node { Node.tag(try box.u.decode(T.self)) }
}
struct UnkeyedDict: ScalarVisitor {
    let box: UnkeyedBox
    func visit<T: Decodable>(_: T.Type) throws -> Node {
        .object(try box.u.decode([String: T].self).mapValues(Node.tag))
    }
}
struct UnkeyedArray: ScalarVisitor {
    let box: UnkeyedBox
    func visit<T: Decodable>(_: T.Type) throws -> Node { .array(try box.u.decode([T].self).map(Node.tag)) }
}

// MARK: - Documents

/// A JSON document as a tree of already-escaped text, so invalid pieces can be planted.
indirect enum J {
    case token(String)  // number or literal, as written
    case string([UInt8])  // the bytes between the quotes, escapes included
    case array([J])
    case object([(key: [UInt8], value: J)])
}

/// How the decoders are configured for one case.
struct RandomConfig: Sendable, CustomStringConvertible {
    var dateStrategy: Int  // 0 deferredToDate, 1 secondsSince1970, 2 millisecondsSince1970, 3 iso8601
    var json5: Bool
    var description: String {
        """
        date strategy \(["deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601"][dateStrategy])\
        \(json5 ? ", allowsJSON5" : "")
        """
    }

    func configure(_ schema: Schema) -> Configure {
        let strategy = dateStrategy, json5 = json5
        return { d in
            d.userInfo[schemaKey] = schema
            d.allowsJSON5 = json5
            switch strategy {
            case 1: d.dateDecodingStrategy = .secondsSince1970
            case 2: d.dateDecodingStrategy = .millisecondsSince1970
            case 3: d.dateDecodingStrategy = .iso8601
            default: d.dateDecodingStrategy = .deferredToDate
            }
        }
    }
}

/// One random case: a schema, a document made for it (maybe mutated), and a configuration.
struct RandomCase {
    var seed: UInt64
    var schema: Schema
    var document: Data
    var config: RandomConfig
    var mutation: String

    /// `objectSafe` keeps numbers to what `JSONSerialization` reads exactly (15 digits, no
    /// `-0`, integers within 2^53) and never uses JSON5, garbage bytes or bad strings.
    static func make(seed: UInt64, objectSafe: Bool = false) -> RandomCase {
        var g = DocumentGenerator(rng: SplitMix64(seed: seed), objectSafe: objectSafe)
        let config = RandomConfig(dateStrategy: g.rng.int(0...3), json5: !objectSafe && g.rng.chance(0.1))
        g.dateStrategy = config.dateStrategy
        let schema = g.schema(depth: 0)
        var tree = g.value(for: schema, depth: 0)
        var mutation = "none"
        if g.rng.chance(objectSafe ? 0.0 : 0.5) { mutation = g.mutate(&tree) }
        var bytes = g.serialize(tree)
        if mutation == "none" && !objectSafe && g.rng.chance(0.08) { mutation = g.mutateBytes(&bytes) }
        return RandomCase(seed: seed, schema: schema, document: Data(bytes), config: config, mutation: mutation)
    }

    var label: String {
        """
        seed \(seed) (RandomCase.make(seed: \(seed))), \(config), mutation \(mutation)\n  schema: \(schema)\n  docu\
        ment: \(describeInput(document, limit: 600))
        """
    }
}

struct DocumentGenerator {
    var rng: SplitMix64
    var objectSafe: Bool
    var dateStrategy = 0

    // Field names never normalize alike (so normalized key matching cannot fill an Optional).
    static let fieldNames = [
        "a", "b", "id", "name", "value", "x1", "_u", "camelCase", "snake_case", "with space", "é", "q\"t", "k\\s", "日本",
        "emoji😀", "Z",
    ]

    mutating func schema(depth: Int) -> Schema {
        let roll = rng.int(0...9)
        if depth >= 3 || roll < 3 { return .scalar(rng.pick(Scalar.allCases), generic: rng.chance(0.3)) }
        switch roll {
        case 3: return .optional(schema(depth: depth + 1).unwrapped, viaIfPresent: rng.chance(0.4))
        case 4, 5: return .array(schema(depth: depth + 1), generic: rng.chance(0.5))
        case 6: return .dict(schema(depth: depth + 1), generic: rng.chance(0.5))
        default:
            var names = Self.fieldNames.shuffled(using: &rng).prefix(rng.int(1...5))
            if names.isEmpty { names = ["a"] }
            return .object(
                names.map { Schema.Field(name: $0, schema: schema(depth: depth + 1)) }, nested: rng.chance(0.4))
        }
    }

    // MARK: Values

    mutating func value(for schema: Schema, depth: Int) -> J {
        switch schema {
        case .scalar(let s, _): return scalar(s)
        case .optional(let inner, _): return rng.chance(0.3) ? .token("null") : value(for: inner, depth: depth + 1)
        case .array(let element, _):
            return .array((0..<rng.int(0...4)).map { _ in value(for: element, depth: depth + 1) })
        case .dict(let element, _):
            var keys = Set<String>()
            for _ in 0..<rng.int(0...4) {
                keys.insert(rng.pick(["k", "key", "a b", "1", "", "é", "ü\u{308}", "\\u00e9x", "z\\n", "K"]))
            }
            return .object(keys.sorted().map { (key: Array($0.utf8), value: value(for: element, depth: depth + 1)) })
        case .object(let fields, _):
            var members: [(key: [UInt8], value: J)] = []
            for field in fields {
                if case .optional = field.schema, rng.chance(0.2) { continue }  // absent Optional
                members.append((key: escapeKey(field.name), value: value(for: field.schema, depth: depth + 1)))
            }
            if rng.chance(0.2) {
                members.append((key: Array("zz_extra\(rng.int(0 ... 9))".utf8), value: .token("[1,{\"x\":null}]")))
            }
            members.shuffle(using: &rng)
            return .object(members)
        }
    }

    /// A key as JSON string content: non-ASCII sometimes as `\u` escapes.
    mutating func escapeKey(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            default:
                if scalar.value > 0x7F && rng.chance(0.5) {
                    for unit in String(scalar).utf16 {
                        out += Array(("\\u" + String(unit, radix: 16).leftPadded(4)).utf8)
                    }
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        return out
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> J {
        var value: T
        switch rng.int(0...9) {
        case 0: value = T.min
        case 1: value = T.max
        case 2: value = 0
        case 3...5: value = T(clamping: rng.int(-100...100))
        default: value = T.random(in: T.min...T.max, using: &rng)
        }
        if objectSafe {
            value = T(clamping: Int64(clamping: value).clamped(to: -9_007_199_254_740_991...9_007_199_254_740_991))
        }
        let text = String(value)
        if value.magnitude < 1_000_000_000_000, rng.chance(0.15) {
            return .token(rng.pick([text + ".0", text + "e0", text + "E+0", text + ".000"]))
        }
        return .token(text)
    }

    mutating func double(digits: Int = 17) -> String {
        switch rng.int(0...5) {
        case 0: return String(rng.int(-1000...1000))
        case 1:
            let whole = rng.int(-99999...99999)
            return "\(whole).\(rng.int(0 ... 999))"
        case 2: return "\(rng.int(1 ... 9)).\(rng.int(0 ... 999_999))e\(rng.int(-20 ... 20))"
        case 3 where !objectSafe:
            var d: Double
            repeat { d = Double(bitPattern: rng.next()) } while !d.isFinite
            return "\(d)".replacingOccurrences(of: "e+", with: "e")
        case 4 where !objectSafe:
            return rng.pick([
                "0.1000000000000000055511151231257827", "-0.0", "1e-320", "123456789012345678",
                "1.7976931348623157e308", "2.2250738585072014e-308",
            ])
        default: return "\(Double(rng.int(-1_000_000 ... 1_000_000)) / 64)"
        }
    }

    mutating func scalar(_ s: Scalar) -> J {
        switch s {
        case .bool: return .token(rng.chance(0.5) ? "true" : "false")
        case .string: return .string(stringContent())
        case .int: return integer(Int.self)
        case .int8: return integer(Int8.self)
        case .uint8: return integer(UInt8.self)
        case .int16: return integer(Int16.self)
        case .uint16: return integer(UInt16.self)
        case .int32: return integer(Int32.self)
        case .uint32: return integer(UInt32.self)
        case .int64: return integer(Int64.self)
        case .uint64: return integer(UInt64.self)
        case .uint: return integer(UInt.self)
        case .double: return .token(double())
        case .float:
            // Within Float's range: a value outside it is an error (planted only by mutations).
            if rng.chance(0.5) {
                return .token(
                    """
                    \(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7F7F_FFFF)
                        * (rng.chance(0.5) ? 1 : -1))
                    """
                    .replacingOccurrences(of: "e+", with: "e"))
            }
            var text: String
            repeat {
                text = double()
            } while !(Double(text).map { $0 == 0 || (abs($0) < 3.4e38 && abs($0) > 1.2e-38) } ?? false)
            return .token(text)
        case .decimal:
            let digits = (0..<rng.int(1...(objectSafe ? 15 : 30))).map { _ in String(rng.int(0...9)) }.joined()
            var text =
                (rng.chance(0.3) ? "-" : "")
                + (digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" }))
            if rng.chance(0.5) { text += "." + String(rng.int(0...99999)) }
            if rng.chance(0.3) { text += "e\(rng.int(-10 ... 10))" }
            return .token(text)
        case .date:
            switch dateStrategy {
            case 3:
                let y = rng.int(1970...2100), mo = rng.int(1...12), d = rng.int(1...28), h = rng.int(0...23),
                    mi = rng.int(0...59), se = rng.int(0...59)
                let zone = rng.pick(["Z", "+01:00", "-08:00", "+05:30", "Z"])
                func p(_ v: Int, _ w: Int) -> String { String(v).leftPadded(w) }
                return .string(
                    Array("\(p(y, 4))-\(p(mo, 2))-\(p(d, 2))T\(p(h, 2)):\(p(mi, 2)):\(p(se, 2))\(zone)".utf8))
            case 2: return .token(String(rng.int(-2_000_000_000_000...4_000_000_000_000)))
            default: return .token(rng.chance(0.5) ? String(rng.int(-2_000_000_000...4_000_000_000)) : double())
            }
        case .data:
            let bytes = (0..<rng.int(0...12)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            return .string(Array(Data(bytes).base64EncodedString().utf8))
        case .url:
            return .string(
                Array(
                    rng.pick([
                        "https://example.com/a?b=c#d", "http://localhost:8080/", "file:///tmp/x", "mailto:a@b.c",
                        "relative/path", "https://example.com/\\u00e9", "https:\\/\\/x.org",
                    ]).utf8))
        }
    }

    mutating func stringContent() -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<rng.int(0...6) {
            out += Array(
                rng.pick([
                    "a", "Hello", " ", "é", "日本", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\u00e9", "\\u0041",
                    "\\ud83d\\ude00", "\\u2028",
                    "\\b\\f\\r", "1", "e\u{301}", "\u{7F}", "\\u0000",
                ]).utf8)
        }
        return out
    }

    // MARK: Mutations

    /// Paths to every value in the tree (as child indices).
    func paths(_ tree: J, prefix: [Int] = []) -> [[Int]] {
        var result = [prefix]
        switch tree {
        case .array(let items): for (i, item) in items.enumerated() { result += paths(item, prefix: prefix + [i]) }
        case .object(let members): for (i, m) in members.enumerated() { result += paths(m.value, prefix: prefix + [i]) }
        default: break
        }
        return result
    }

    func replace(_ tree: inout J, at path: ArraySlice<Int>, with body: (inout J) -> Void) {
        guard let first = path.first else { return body(&tree) }
        switch tree {
        case .array(var items):
            replace(&items[first], at: path.dropFirst(), with: body)
            tree = .array(items)
        case .object(var members):
            replace(&members[first].value, at: path.dropFirst(), with: body)
            tree = .object(members)
        default: break
        }
    }

    mutating func mutate(_ tree: inout J) -> String {
        let all = paths(tree)
        let target = rng.pick(all)
        let kind = rng.int(0...7)
        var description = ""
        var rng = self.rng
        defer { self.rng = rng }
        replace(&tree, at: target[...]) { node in
            switch kind {
            case 0:
                let replacement = rng.pick(["\"str\"", "17", "-3.5", "true", "[]", "{}", "[1,2]", "{\"a\":1}", "\"\""])
                description = "wrong type \(replacement) at \(target)"
                node =
                    replacement.hasPrefix("\"")
                    ? .string(Array(replacement.dropFirst().dropLast().utf8)) : .token(replacement)
            case 1:
                description = "null at \(target)"
                node = .token("null")
            case 2:
                if case .object(var members) = node, !members.isEmpty {
                    let removed = members.remove(at: rng.int(0...members.count - 1))
                    description = "removed key \(String(decoding: removed.key, as: UTF8.self)) at \(target)"
                    node = .object(members)
                } else {
                    description = "null at \(target)"
                    node = .token("null")
                }
            case 3:
                let number = rng.pick([
                    "1e400", "-1e400", "300", "-1", "1.5", "99999999999999999999", "-9223372036854775809",
                    "18446744073709551616",
                    "1e-400", "0.5e1", "65536", "-129", "4294967296", "1e38", "3.5e38", "-0", "01", "1.", "-",
                ])
                description = "number \(number) at \(target)"
                node = .token(number)
            case 4:
                let bad =
                    Array(rng.pick(["\\q", "\\ud800", "\\udc00x", "\u{01}", "\\u12", "\\x41", "\u{09}"]).utf8)
                    + (rng.chance(0.5) ? [0xFF] : [])
                description = "bad string at \(target)"
                node = .string(Array(bad))
            case 5:
                if case .object(var members) = node, !members.isEmpty {
                    let source = rng.pick(members)
                    let replacement: J = rng.chance(0.5) ? .token("\"dup\"") : .token("null")
                    let index = rng.int(0...members.count)
                    members.insert((key: source.key, value: replacement), at: index)
                    description =
                        "duplicate key \(String(decoding: source.key, as: UTF8.self)) at \(target) position \(index)"
                    node = .object(members)
                } else {
                    description = "wrong type [] at \(target)"
                    node = .token("[]")
                }
            case 6:
                description = "array wrapper at \(target)"
                node = .array([node])
            default:
                if case .array(let items) = node, !items.isEmpty {
                    description = "array truncated at \(target)"
                    node = .array(Array(items.dropLast()))
                } else {
                    description = "string \"1\" at \(target)"
                    node = .string(Array("1".utf8))
                }
            }
        }
        return description
    }

    mutating func mutateBytes(_ bytes: inout [UInt8]) -> String {
        let position = rng.int(0...bytes.count)
        switch rng.int(0...3) {
        case 0:
            let byte = rng.pick([
                UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""),
                UInt8(ascii: "\\"), 0x00, 0xFF, UInt8(ascii: "x"), 0x0B,
            ])
            bytes.insert(byte, at: position)
            return "inserted byte \(byte) at \(position)"
        case 1:
            guard !bytes.isEmpty else { return "none" }
            let removed = bytes.remove(at: min(position, bytes.count - 1))
            return "removed byte \(removed) at \(min(position, bytes.count))"
        case 2:
            bytes = Array(bytes.prefix(position))
            return "truncated to \(position)"
        default:
            guard !bytes.isEmpty else { return "none" }
            bytes[min(position, bytes.count - 1)] = rng.pick([0xC3, 0x80, 0xED, 0x22, 0x5C])
            return "replaced byte at \(min(position, bytes.count - 1))"
        }
    }

    // MARK: Text

    mutating func whitespace() -> [UInt8] {
        guard !objectSafe, rng.chance(0.2) else { return [] }
        return Array(rng.pick([" ", "\n", "\t", "\r\n", "  \n    "]).utf8)
    }

    mutating func serialize(_ tree: J) -> [UInt8] {
        var out = whitespace()
        write(tree, into: &out)
        out += whitespace()
        return out
    }

    mutating func write(_ tree: J, into out: inout [UInt8]) {
        switch tree {
        case .token(let t): out += Array(t.utf8)
        case .string(let s): out.append(UInt8(ascii: "\"")); out += s; out.append(UInt8(ascii: "\""))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out += whitespace()
                write(item, into: &out)
            }
            if !objectSafe, !items.isEmpty, rng.chance(0.05) { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out += whitespace()
                out.append(UInt8(ascii: "\"")); out += m.key; out.append(UInt8(ascii: "\""))
                out += whitespace()
                out.append(UInt8(ascii: ":"))
                out += whitespace()
                write(m.value, into: &out)
            }
            if !objectSafe, !members.isEmpty, rng.chance(0.05) { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

// MARK: - Running cases

enum RandomDifferential {
    static let batches = 10
    static let casesPerBatch = 1_000

    static func seed(batch: Int, index: Int) -> UInt64 {
        var g = SplitMix64(seed: 0x4C45_4E49_454E_5400 &+ UInt64(batch) &* 0x1_0000_0000 &+ UInt64(index))
        return g.next()
    }

    /// Runs one case; returns a description of the mismatch, or `nil`.
    static func check(_ c: RandomCase) -> (problem: String, parity: Parity<Node>)? {
        let parity = decodeAll(Node.self, from: c.document, configure: c.config.configure(c.schema))
        guard let problem = parityProblem(parity) else { return nil }
        // A `[String: T]` decodes its members in hash order in JSONDecoder (random per process)
        // and in document order in LenientJSON (DifferencesFromJSONDecoder article): with
        // several bad members, the first error may differ. Both must still fail.
        if c.schema.hasGenericDictionary, parity.foundation.error != nil, parity.strict.error != nil {
            return nil
        }
        return (problem, parity)
    }
}

@Suite("Random differential: LenientJSONDecoder(.strict) and default vs JSONDecoder")
struct RandomDifferentialTests {
    @Test("Random documents and shapes", arguments: 0..<RandomDifferential.batches)
    func batch(_ batch: Int) {
        var mismatches = 0
        var successes = 0
        var failures = 0
        for index in 0..<RandomDifferential.casesPerBatch {
            let c = RandomCase.make(seed: RandomDifferential.seed(batch: batch, index: index))
            guard let (problem, parity) = RandomDifferential.check(c) else {
                if c.mutation == "none" { successes += 1 } else { failures += 1 }
                continue
            }
            mismatches += 1
            if mismatches <= 10 {
                Issue.record("\(problem)\n  \(c.label)\n\(report(parity))")
            }
        }
        if mismatches > 10 {
            Issue.record(
                "batch \(batch): \(mismatches) of \(RandomDifferential.casesPerBatch) cases differ (first 10 recorded)")
        }
    }

    /// The generator is deterministic and produces both outcomes.
    @Test func generatorCoversSuccessAndFailure() {
        var succeeded = 0, failed = 0
        for index in 0..<300 {
            let c = RandomCase.make(seed: RandomDifferential.seed(batch: 99, index: index))
            let again = RandomCase.make(seed: c.seed)
            #expect(again.document == c.document)
            let outcome = Outcome {
                try {
                    let d = JSONDecoder(); c.config.configure(c.schema)(d); return d
                }().decode(Node.self, from: paddedForFoundation(c.document))
            }
            if outcome.succeeded { succeeded += 1 } else { failed += 1 }
        }
        #expect(succeeded > 60)
        #expect(failed > 60)
    }
}
