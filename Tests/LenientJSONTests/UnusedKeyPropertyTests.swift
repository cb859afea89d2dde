import Foundation
import LenientJSON
import Testing

/// `reportsUnusedKeys` for any document and any choice of members a hand-written model reads:
/// the events are exactly the members nobody read, in document order, whether a member was
/// read while its model was decoded or afterwards, through its parent's nested container (the
/// TheReport article, "Unused keys").
@Suite("Unused keys, for any document")
struct UnusedKeyPropertyTests {
    /// A generated JSON value: an object, an array of objects, or a number. A member's name
    /// starts with its value's kind (`o`, `a`, `n`), so that a model knows what to decode it as.
    indirect enum Value {
        case object([(name: String, value: Value)])
        case array([Value])
        case number(Int)

        var json: String {
            switch self {
            case .object(let members):
                return "{" + members.map { "\"\($0.name)\":\($0.value.json)" }.joined(separator: ",") + "}"
            case .array(let elements):
                return "[" + elements.map(\.json).joined(separator: ",") + "]"
            case .number(let number):
                return String(number)
            }
        }
    }

    /// An object of up to five members, each named uniquely within it.
    static func object(depth: Int, _ rng: inout SplitMix64) -> Value {
        var members: [(name: String, value: Value)] = []
        for index in 0..<Int(rng.next() % 6) {
            let letter = "xyzw".randomElement(using: &rng) ?? "x"
            switch rng.next() % (depth > 0 ? 4 : 1) {
            case 1: members.append(("o\(letter)\(index)", object(depth: depth - 1, &rng)))
            case 2:
                let elements = (0..<Int(rng.next() % 3)).map { _ in object(depth: depth - 1, &rng) }
                members.append(("a\(letter)\(index)", .array(elements)))
            default: members.append(("n\(letter)\(index)", .number(Int(rng.next() % 100))))
            }
        }
        return .object(members)
    }

    /// Whether a model reads the member `name`: one of the names ending in the letter the
    /// decode's seed picks is left unread.
    static func reads(_ name: String, seed: Int) -> Bool {
        guard let letter = name.dropFirst().first else { return true }
        return letter != Array("xyzw")[seed % 4]
    }

    /// The member of an object its parent reads after the object's model is decoded: its first
    /// number that the model left unread.
    static func lateRead(among names: [String], seed: Int) -> String? {
        names.first { $0.hasPrefix("n") && !reads($0, seed: seed) }
    }

    struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let seedKey = CodingUserInfoKey(rawValue: "seed")!

    /// Reads the members ``reads(_:seed:)`` picks: objects as itself, arrays as `[Picky]`,
    /// numbers as `Int`; after each object member, reads the member ``lateRead(among:seed:)``
    /// names through a nested container.
    struct Picky: Decodable {
        init(from decoder: any Decoder) throws {
            let seed = decoder.userInfo[UnusedKeyPropertyTests.seedKey] as? Int ?? 0
            let container = try decoder.container(keyedBy: Name.self)
            for key in container.allKeys where UnusedKeyPropertyTests.reads(key.stringValue, seed: seed) {
                switch key.stringValue.first {
                case "o":
                    _ = try container.decode(Picky.self, forKey: key)
                    let nested = try container.nestedContainer(keyedBy: Name.self, forKey: key)
                    let names = nested.allKeys.map(\.stringValue)
                    if let late = UnusedKeyPropertyTests.lateRead(among: names, seed: seed) {
                        _ = try nested.decode(Int.self, forKey: Name(stringValue: late))
                    }
                case "a": _ = try container.decode([Picky].self, forKey: key)
                default: _ = try container.decode(Int.self, forKey: key)
                }
            }
        }
    }

    /// The pointers of the members of `value` (at `pointer`) that a ``Picky`` leaves unread,
    /// in document order; `late` is read afterwards by its parent.
    static func unread(_ value: Value, at pointer: String, seed: Int, late: String? = nil) -> [String] {
        guard case .object(let members) = value else { return [] }
        var unread: [String] = []
        for (name, member) in members {
            let path = pointer + "/" + name
            guard reads(name, seed: seed) else {
                if name != late { unread.append(path) }
                continue
            }
            switch member {
            case .object(let inner):
                let late = lateRead(among: inner.map(\.name), seed: seed)
                unread += Self.unread(member, at: path, seed: seed, late: late)
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    unread += Self.unread(element, at: path + "/\(index)", seed: seed)
                }
            case .number: break
            }
        }
        return unread
    }

    @Test(
        "every unread member is reported once, in document order",
        arguments: [LenientPolicy.strict, .lenient, .permissive])
    func unreadMembers(policy: LenientPolicy) throws {
        for seed in 0..<64 {
            var rng = SplitMix64(seed: UInt64(seed))
            let document = Self.object(depth: 3, &rng)
            let decoder = LenientJSONDecoder(policy: policy)
            decoder.reportsUnusedKeys = true
            decoder.userInfo[Self.seedKey] = seed
            var report = LenientDecodingReport()
            _ = try decoder.decode(Picky.self, from: Data(document.json.utf8), report: &report)
            let events = report.events.filter { $0.kind == .unusedKey }
            #expect(
                events.map(\.pointer) == Self.unread(document, at: "", seed: seed),
                "seed \(seed): \(document.json)")
        }
    }
}
