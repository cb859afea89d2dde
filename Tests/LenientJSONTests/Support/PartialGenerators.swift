import Foundation
import LenientJSON

// Generated documents for the partial-document properties (PartialPropertyTests, SPEC §14): a
// random value of a model, written as JSON with random whitespace, that knows where each of its
// values begins and ends in the bytes. The models are ordinary synthesized `Codable` structs
// (nesting, arrays, enums with raw values, dates, optionals, a dictionary) and, in a model of
// their own so that their findings do not hide others, two hand-written `init(from:)` types
// (`Block` here, `EitherInit` from HandWrittenModels.swift).

// MARK: - Models

/// An enum with `String` raw values (one of them snake_case, which key respelling never touches).
enum OrderPriority: String, Codable, Equatable {
    case low, normal, high
    case urgentNow = "urgent_now"
}

/// An enum with `Int` raw values: a number that has no built-in default.
enum CustomerLevel: Int, Codable, Equatable {
    case one = 1, two = 2, ten = 10, hundred = 100
}

struct OrderCustomer: Codable, Equatable {
    var customerName: String
    var email: String?
    var isVip: Bool
    var level: CustomerLevel?
}

struct ShippingAddress: Codable, Equatable {
    var street: String
    var city: String
    var zipCode: String?
}

struct LineItem: Codable, Equatable {
    var sku: String
    var quantity: Int
    var unitPrice: Double
    var tags: [String]
    var priority: OrderPriority?
}

/// A content block as language models write them, decoded by hand: the `type` member chooses
/// which other member is read.
enum Block: Codable, Equatable {
    case text(String)
    case count(Int)

    enum CodingKeys: String, CodingKey { case type, text, count }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "text": self = .text(try container.decode(String.self, forKey: .text))
        case "count": self = .count(try container.decode(Int.self, forKey: .count))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown block type \(type)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
        case .count(let count):
            try container.encode("count", forKey: .type)
            try container.encode(count, forKey: .count)
        }
    }
}

extension EitherInit: Encodable where A: Encodable, B: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .first(let a): try container.encode(a)
        case .second(let b): try container.encode(b)
        }
    }
}

/// A deep model whose required members include an enum and a date: no value can be built
/// until they have arrived whole.
struct PurchaseOrder: Codable, Equatable {
    var orderId: Int
    var customer: OrderCustomer
    var lineItems: [LineItem]
    var priority: OrderPriority
    var placedAt: Date
    var shippedAt: Date?
    var note: String?
    var shippingAddress: ShippingAddress?
    var matrix: [[Int]]
    var counts: [String: Int]
}

/// The hand-written types, where a value in progress may make `init(from:)` throw.
struct Conversation: Codable, Equatable {
    var title: String
    var blocks: [Block]
    var reference: EitherInit<Int, String>?
}

struct Step: Codable, Equatable {
    var title: String
    var detail: String?
    var done: Bool
    var score: Double
    /// No built-in default: a step in progress is left out of its open array until this arrives.
    var priority: OrderPriority
}

/// A structured answer as a language model streams it: every member has a built-in default.
struct Reply: Codable, Equatable {
    var answer: String
    var steps: [Step]
    var confidence: Double
    var wordCount: Int
    var followUp: String?
    var keywords: [String]
    var section: DraftSection
}

struct DraftSection: Codable, Equatable {
    var heading: String
    var lines: [String]
    var depth: Int
}

// MARK: - The value tree that snapshots are compared as

/// A model value as `JSONEncoder` writes it (dates as ISO 8601), read back as a tree; members
/// whose value is `null` are left out, so that a `nil` Optional is a missing member either way.
indirect enum ValueTree: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ValueTree])
    case object([String: ValueTree])

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: ValueTree] = [:]
            for key in keyed.allKeys {
                let value = try keyed.decode(ValueTree.self, forKey: key)
                if value != .null { members[key.stringValue] = value }
            }
            self = .object(members)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [ValueTree] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(ValueTree.self)) }
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

    /// The tree of `value` as JSONEncoder writes it.
    static func of<T: Encodable>(_ value: T) -> ValueTree {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value), let tree = try? JSONDecoder().decode(ValueTree.self, from: data)
        else {
            return .string("<not encodable: \(value)>")
        }
        return tree
    }

    /// The value one step below this one.
    func child(_ step: PathStep) -> ValueTree? {
        switch (self, step) {
        case (.object(let members), .key(let key)): return members[key]
        case (.array(let elements), .index(let index)): return index < elements.count ? elements[index] : nil
        default: return nil
        }
    }

    /// This tree with the value at `steps` replaced (or, for `nil`, removed); unchanged where a
    /// step is missing.
    func replacing(_ steps: ArraySlice<PathStep>, with replacement: ValueTree?) -> ValueTree {
        guard let step = steps.first else { return replacement ?? .null }
        switch (self, step) {
        case (.object(var members), .key(let key)):
            guard let child = members[key] else { return self }
            members[key] = steps.count == 1 ? replacement : child.replacing(steps.dropFirst(), with: replacement)
            return .object(members)
        case (.array(var elements), .index(let index)) where index < elements.count:
            if steps.count == 1 {
                if let replacement { elements[index] = replacement } else { elements.remove(at: index) }
            } else {
                elements[index] = elements[index].replacing(steps.dropFirst(), with: replacement)
            }
            return .array(elements)
        default: return self
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): return s.debugDescription
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}

/// One step of a path through a model's tree: a member (by the model's key) or an element.
enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

// MARK: - Generated documents

/// One value of a generated document: what the model holds there, how the input writes it, and
/// (once written) where its bytes are.
struct GenNode {
    enum Value {
        /// An object: a model's members, or (`dictionary`) a `[String: T]`'s entries.
        case object([Member], dictionary: Bool)
        case array([GenNode])
        /// A number token decoded as `Int` or `Double` (`hasDefault`) or as an `Int`-raw enum.
        case number(text: String, value: Double, hasDefault: Bool)
        case bool(Bool)
        /// `null` for an Optional.
        case null
        /// A string decoded as `String`: shown in progress under `.prefix`.
        case string([StringUnit])
        /// A string read as a whole by a rule: an enum raw value, a date, a number sent as a
        /// string (`hasDefault`: decoded as a number).
        case wholeString(text: String, tree: ValueTree, hasDefault: Bool)
    }

    struct Member {
        var inputKey: String
        var modelKey: String
        var node: GenNode
    }

    var value: Value
    /// The model's type here is an `Optional`.
    var optional = false
    /// Decoded by a hand-written `init(from:)`: in progress, what it shows is not predicted.
    var opaque = false

    // Filled in by the writer.
    var start = 0
    var end = 0
    var path = "$"
    var modelPath: [PathStep] = []
    /// For a `.string`: the byte offset where each unit ends.
    var unitEnds: [Int] = []

    /// Whether this value is a number token (complete only once the byte after it has arrived).
    var isNumberToken: Bool { if case .number = value { return true } else { return false } }

    /// The model's value here, as `ValueTree.of` writes it (`nil`: a `nil` Optional).
    var modelTree: ValueTree? {
        switch value {
        case .object(let members, _):
            var result: [String: ValueTree] = [:]
            for member in members { if let tree = member.node.modelTree { result[member.modelKey] = tree } }
            return .object(result)
        case .array(let elements): return .array(elements.map { $0.modelTree ?? .null })
        case .number(_, let value, _): return .number(value)
        case .bool(let b): return .bool(b)
        case .null: return nil
        case .string(let units): return .string(units.map(\.text).joined())
        case .wholeString(_, let tree, _): return tree
        }
    }

    /// Calls `body` on this node and every node below it, parents first.
    func forEach(_ body: (GenNode) -> Void) {
        body(self)
        switch value {
        case .object(let members, _): for member in members { member.node.forEach(body) }
        case .array(let elements): for element in elements { element.forEach(body) }
        default: break
        }
    }
}

/// A piece of a string's text: its bytes in the document (an escape, a UTF-8 sequence or a
/// plain character) and the text it decodes to. A snapshot never shows part of a unit.
struct StringUnit {
    var json: String
    var text: String
}

/// How the keys of a document are spelled.
enum KeySpelling: String, Sendable, CaseIterable {
    case camel, snake
}

/// A generated document: its bytes and the tree of its values.
struct GeneratedDocument {
    var bytes: [UInt8]
    var root: GenNode
    /// Whether a rule other than key matching is needed to decode it (a number sent as a string):
    /// JSONDecoder is compared only on documents without.
    var usesCoercion: Bool
    var spelling: KeySpelling
    /// Offsets at which a byte that is never valid outside a string can be inserted: every
    /// offset not strictly inside a string (keys included).
    var outsideStrings: [Int]

    var text: String { describeInput(Data(bytes), limit: 4000) }
}

/// Draws the values of a document.
struct PartialDocumentGenerator {
    var rng: SplitMix64
    var spelling: KeySpelling
    var usesCoercion = false

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        spelling = rng.chance(0.5) ? .snake : .camel
    }

    // MARK: Members

    mutating func member(_ modelKey: String, _ node: GenNode) -> GenNode.Member {
        GenNode.Member(inputKey: spelling == .snake ? snakeCase(modelKey) : modelKey, modelKey: modelKey, node: node)
    }

    /// An Optional member: left out, `null`, or a value.
    mutating func optionalMember(_ modelKey: String, _ make: (inout PartialDocumentGenerator) -> GenNode) -> GenNode
        .Member?
    {
        let roll = rng.int(0...9)
        if roll < 2 { return nil }
        var node = roll < 4 ? GenNode(value: .null) : make(&self)
        node.optional = true
        return member(modelKey, node)
    }

    /// A model object whose members come in their declared order or shuffled.
    mutating func object(_ members: [GenNode.Member?]) -> GenNode {
        var present = members.compactMap { $0 }
        if rng.chance(0.5) { present.shuffle(using: &rng) }
        return GenNode(value: .object(present, dictionary: false))
    }

    // MARK: Scalars

    mutating func int(_ range: ClosedRange<Int> = -5...2_000_000, coercible: Bool = false) -> GenNode {
        let value = rng.chance(0.3) ? rng.int(0...9) : rng.int(range)
        if coercible && rng.chance(0.2) {
            usesCoercion = true
            return GenNode(value: .wholeString(text: String(value), tree: .number(Double(value)), hasDefault: true))
        }
        return GenNode(value: .number(text: String(value), value: Double(value), hasDefault: true))
    }

    mutating func double(coercible: Bool = false) -> GenNode {
        let text = rng.pick(["9.5", "0.25", "-3.75", "1e3", "12", "1000000", "2.5E-2", "0", "-0.5", "123456.789", "7"])
        if coercible && rng.chance(0.2) {
            usesCoercion = true
            return GenNode(value: .wholeString(text: text, tree: .number(Double(text)!), hasDefault: true))
        }
        return GenNode(value: .number(text: text, value: Double(text)!, hasDefault: true))
    }

    mutating func bool() -> GenNode { GenNode(value: .bool(rng.chance(0.5))) }

    mutating func priority() -> GenNode {
        let raw = rng.pick(["low", "normal", "high", "urgent_now"])
        return GenNode(value: .wholeString(text: raw, tree: .string(raw), hasDefault: false))
    }

    mutating func level() -> GenNode {
        let raw = rng.pick([1, 2, 10, 100])
        return GenNode(value: .number(text: String(raw), value: Double(raw), hasDefault: false))
    }

    mutating func date() -> GenNode {
        let text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", rng.int(1990...2030), rng.int(1...12), rng.int(1...28),
            rng.int(0...23), rng.int(0...59), rng.int(0...59))
        return GenNode(value: .wholeString(text: text, tree: .string(text), hasDefault: false))
    }

    /// Text of 0 to `maxUnits` units: plain characters, structural characters, escapes and
    /// multi-byte UTF-8, so that a piece can end inside any of them.
    mutating func string(maxUnits: Int = 14, plain: Bool = false) -> GenNode {
        var units: [StringUnit] = []
        for _ in 0..<rng.int(0...maxUnits) {
            if plain || rng.chance(0.6) {
                let letter = rng.pick(Array("abcdefghijklmnopqrstuvwxyz ABC"))
                units.append(StringUnit(json: String(letter), text: String(letter)))
            } else {
                units.append(
                    rng.pick([
                        StringUnit(json: "{", text: "{"), StringUnit(json: "}", text: "}"),
                        StringUnit(json: "[", text: "["), StringUnit(json: "]", text: "]"),
                        StringUnit(json: ",", text: ","), StringUnit(json: ":", text: ":"),
                        StringUnit(json: "1", text: "1"), StringUnit(json: "\\\"", text: "\""),
                        StringUnit(json: "\\\\", text: "\\"), StringUnit(json: "\\n", text: "\n"),
                        StringUnit(json: "\\t", text: "\t"), StringUnit(json: "\\/", text: "/"),
                        StringUnit(json: "\\u00e9", text: "é"), StringUnit(json: "\\u0041", text: "A"),
                        StringUnit(json: "\\ud83d\\ude00", text: "😀"), StringUnit(json: "é", text: "é"),
                        StringUnit(json: "中", text: "中"), StringUnit(json: "😀", text: "😀"),
                    ]))
            }
        }
        return GenNode(value: .string(units))
    }

    mutating func array(_ count: ClosedRange<Int>, _ make: (inout PartialDocumentGenerator) -> GenNode) -> GenNode {
        var elements: [GenNode] = []
        for _ in 0..<rng.int(count) { elements.append(make(&self)) }
        return GenNode(value: .array(elements))
    }

    // MARK: Models

    mutating func customer() -> GenNode {
        object([
            member("customerName", string()),
            optionalMember("email") { $0.string(maxUnits: 8) },
            member("isVip", bool()),
            optionalMember("level") { $0.level() },
        ])
    }

    mutating func address() -> GenNode {
        object([
            member("street", string(maxUnits: 8)),
            member("city", string(maxUnits: 6)),
            optionalMember("zipCode") { $0.string(maxUnits: 5, plain: true) },
        ])
    }

    mutating func lineItem() -> GenNode {
        object([
            member("sku", string(maxUnits: 6, plain: true)),
            member("quantity", int(0...1000, coercible: true)),
            member("unitPrice", double(coercible: true)),
            member("tags", array(0...3) { $0.string(maxUnits: 5) }),
            optionalMember("priority") { $0.priority() },
        ])
    }

    mutating func block() -> GenNode {
        var members: [GenNode.Member] = []
        if rng.chance(0.5) {
            members = [member("type", GenNode(value: .string(plainUnits("text")))), member("text", string())]
        } else {
            members = [member("type", GenNode(value: .string(plainUnits("count")))), member("count", int())]
        }
        if rng.chance(0.3) { members.reverse() }
        var node = GenNode(value: .object(members, dictionary: false))
        node.opaque = true
        return node
    }

    mutating func reference() -> GenNode {
        var node = rng.chance(0.5) ? int(0...99_999) : GenNode(value: .string(plainUnits(word())))
        node.opaque = true
        return node
    }

    mutating func word() -> String {
        String((0..<rng.int(1...6)).map { _ in rng.pick(Array("abcdefghij")) })
    }

    func plainUnits(_ text: String) -> [StringUnit] { text.map { StringUnit(json: String($0), text: String($0)) } }

    mutating func counts() -> GenNode {
        var entries: [GenNode.Member] = []
        for key in ["alpha", "beta", "gamma", "delta"].shuffled(using: &rng).prefix(rng.int(0...3)) {
            entries.append(GenNode.Member(inputKey: key, modelKey: key, node: int()))
        }
        return GenNode(value: .object(entries, dictionary: true))
    }

    mutating func order() -> GenNode {
        object([
            member("orderId", int(coercible: true)),
            member("customer", customer()),
            member("lineItems", array(0...3) { $0.lineItem() }),
            member("priority", priority()),
            member("placedAt", date()),
            optionalMember("shippedAt") { $0.date() },
            optionalMember("note") { $0.string() },
            optionalMember("shippingAddress") { $0.address() },
            member("matrix", array(0...3) { $0.array(0...3) { $0.int() } }),
            member("counts", counts()),
        ])
    }

    mutating func conversation() -> GenNode {
        object([
            member("title", string(maxUnits: 8)),
            member("blocks", array(0...4) { $0.block() }),
            optionalMember("reference") { $0.reference() },
        ])
    }

    mutating func step() -> GenNode {
        object([
            member("title", string(maxUnits: 10)),
            optionalMember("detail") { $0.string() },
            member("done", bool()),
            member("score", double()),
            member("priority", priority()),
        ])
    }

    mutating func draftSection() -> GenNode {
        object([
            member("heading", string(maxUnits: 8)),
            member("lines", array(0...3) { $0.string(maxUnits: 8) }),
            member("depth", int(0...9)),
        ])
    }

    mutating func reply() -> GenNode {
        object([
            member("answer", string(maxUnits: 24)),
            member("steps", array(0...3) { $0.step() }),
            member("confidence", double()),
            member("wordCount", int(0...100_000)),
            optionalMember("followUp") { $0.string() },
            member("keywords", array(0...4) { $0.string(maxUnits: 6, plain: true) }),
            member("section", draftSection()),
        ])
    }

    mutating func lineItems() -> GenNode { array(0...4) { $0.lineItem() } }
}

/// `unitPrice` → `unit_price`.
func snakeCase(_ key: String) -> String {
    var result = ""
    for character in key {
        if character.isUppercase {
            result += "_" + character.lowercased()
        } else {
            result.append(character)
        }
    }
    return result
}

// MARK: - Writing

/// Writes a generated tree as JSON with random whitespace, recording where each value is.
struct DocumentWriter {
    var rng: SplitMix64
    var bytes: [UInt8] = []
    /// Offsets strictly inside a string (between its quotes), where a stray byte may be text.
    var insideString: Set<Int> = []

    mutating func space() {
        if rng.chance(0.25) { bytes += Array(rng.pick([" ", "\n", "  ", "\t", "\r\n", "\n    "]).utf8) }
    }

    /// Writes `json` (already escaped) between quotes.
    mutating func writeString(_ json: String) {
        let open = bytes.count
        bytes.append(UInt8(ascii: "\""))
        bytes += Array(json.utf8)
        bytes.append(UInt8(ascii: "\""))
        for offset in (open + 1)..<bytes.count { insideString.insert(offset) }
    }

    mutating func write(_ node: inout GenNode, path: String, modelPath: [PathStep]) {
        node.path = path
        node.modelPath = modelPath
        node.start = bytes.count
        switch node.value {
        case .object(var members, let dictionary):
            bytes.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                space()
                writeString(members[index].inputKey)
                space()
                bytes.append(UInt8(ascii: ":"))
                space()
                write(
                    &members[index].node, path: path + "." + members[index].inputKey,
                    modelPath: modelPath + [.key(members[index].modelKey)])
                space()
            }
            bytes.append(UInt8(ascii: "}"))
            node.value = .object(members, dictionary: dictionary)
        case .array(var elements):
            bytes.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                space()
                write(&elements[index], path: path + "[\(index)]", modelPath: modelPath + [.index(index)])
                space()
            }
            bytes.append(UInt8(ascii: "]"))
            node.value = .array(elements)
        case .number(let text, _, _): bytes += Array(text.utf8)
        case .bool(let b): bytes += Array((b ? "true" : "false").utf8)
        case .null: bytes += Array("null".utf8)
        case .string(let units):
            let open = bytes.count
            bytes.append(UInt8(ascii: "\""))
            node.unitEnds = []
            for unit in units {
                bytes += Array(unit.json.utf8)
                node.unitEnds.append(bytes.count)
            }
            bytes.append(UInt8(ascii: "\""))
            for offset in (open + 1)..<bytes.count { insideString.insert(offset) }
        case .wholeString(let text, _, _): writeString(text)
        }
        node.end = bytes.count
    }
}

extension PartialDocumentGenerator {
    /// A document of the model that `make` draws, written with random whitespace.
    static func document(seed: UInt64, _ make: (inout PartialDocumentGenerator) -> GenNode) -> GeneratedDocument {
        var generator = PartialDocumentGenerator(seed: seed)
        var root = make(&generator)
        var writer = DocumentWriter(rng: SplitMix64(seed: seed ^ 0x5752_4954_4552_0001))
        writer.space()
        writer.write(&root, path: "$", modelPath: [])
        writer.space()
        let outside = (0...writer.bytes.count).filter { !writer.insideString.contains($0) }
        return GeneratedDocument(
            bytes: writer.bytes, root: root, usesCoercion: generator.usesCoercion, spelling: generator.spelling,
            outsideStrings: outside)
    }
}

// MARK: - Pieces

/// How a document is cut into the pieces given to `append`.
enum Feeding: String, Sendable, CaseIterable, CustomStringConvertible {
    /// One byte per `append`, a snapshot after each.
    case bytes
    /// Random sizes from 1 to 24 bytes (cutting UTF-8 sequences and escapes anywhere).
    case pieces
    /// Random runs of whole characters through `append(_: String)`.
    case text

    var description: String { rawValue }

    /// The end offsets of the pieces of a document of `count` bytes.
    func cuts(of bytes: [UInt8], rng: inout SplitMix64) -> [Int] {
        switch self {
        case .bytes: return Array(1...max(1, bytes.count)).filter { $0 <= bytes.count }
        case .pieces:
            var cuts: [Int] = []
            var offset = 0
            while offset < bytes.count {
                offset = min(bytes.count, offset + rng.int(1...24))
                cuts.append(offset)
            }
            return cuts
        case .text:
            // Cut only between characters: before a byte that begins a UTF-8 sequence.
            var cuts: [Int] = []
            var offset = 0
            while offset < bytes.count {
                offset = min(bytes.count, offset + rng.int(1...12))
                while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                cuts.append(offset)
            }
            return cuts
        }
    }
}
