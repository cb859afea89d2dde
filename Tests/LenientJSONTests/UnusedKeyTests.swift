import Foundation
import LenientJSON
import Synchronization
import Testing

/// `reportsUnusedKeys`: one `unusedKey` event per object member no model read, after the decode,
/// in document order, under every policy (the TheReport article, "Unused keys").
@Suite("Unused keys")
struct UnusedKeyTests {
    struct User: Decodable, Equatable {
        var name: String
        var age: Int
    }
    struct Item: Decodable, Equatable { var id: Int }
    struct Order: Decodable, Equatable {
        var user: User
        var items: [Item]
    }

    static func decoder(_ policy: LenientPolicy = .lenient) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        decoder.reportsUnusedKeys = true
        return decoder
    }

    /// The unused-key events of decoding `json` as `T`, and the value.
    static func unused<T: Decodable>(
        _ type: T.Type, _ json: String, _ decoder: LenientJSONDecoder = decoder()
    ) throws -> (value: T, events: [LenientDecodingEvent]) {
        var report = LenientDecodingReport()
        let value = try decoder.decode(type, from: Data(json.utf8), report: &report)
        return (value, report.events.filter { $0.kind == .unusedKey })
    }

    static let policies: [LenientPolicy] = [.strict, .lenient, .permissive]

    @Test("a flat model: each unread member once, as data, under every policy", arguments: policies)
    func flatModel(policy: LenientPolicy) throws {
        let json = #"{"name":"Ada","extra":[1],"age":37,"more":{"a":null}}"#
        let (value, events) = try Self.unused(User.self, json, Self.decoder(policy))
        // The value is JSONDecoder's: reporting unused keys changes nothing decoded.
        #expect(value == (try JSONDecoder().decode(User.self, from: Data(json.utf8))))
        #expect(events.map(\.path) == ["$.extra", "$.more"])
        #expect(events.map(\.pointer) == ["/extra", "/more"])
        #expect(events.allSatisfy { $0.rule == .keyUnused && $0.type == "User" && $0.line == 1 })
        #expect(events.map(\.found) == [.array([.number("1")]), .object(["a": .null])])
        // `"extra":` is 9 bytes after the opening `{"name":"Ada",`: its value starts at byte 22.
        #expect(events.first?.offset == 22)
        #expect(events.first?.column == 23)
    }

    @Test("off by default: no event, nothing counted", arguments: policies)
    func offByDefault(policy: LenientPolicy) throws {
        let decoder = LenientJSONDecoder(policy: policy)
        let statistics = LenientDecodingStatistics()
        decoder.statistics = statistics
        #expect(decoder.reportsUnusedKeys == false)
        var report = LenientDecodingReport()
        _ = try decoder.decode(User.self, from: Data(#"{"name":"Ada","age":37,"extra":1}"#.utf8), report: &report)
        #expect(report.events.isEmpty)
        #expect(statistics.snapshot.patterns.isEmpty)
        #expect(statistics.snapshot.decodes == 1)
        // The same decoder with the option on counts the pattern.
        decoder.reportsUnusedKeys = true
        _ = try decoder.decode(User.self, from: Data(#"{"name":"Ada","age":37,"extra":1}"#.utf8))
        #expect(statistics.snapshot.patterns.map(\.rule) == [.keyUnused])
    }

    @Test("nested models and arrays of models, in document order")
    func nestedInDocumentOrder() throws {
        let json = #"""
            {"a":1,"user":{"name":"Ada","x":true,"age":37},"items":[{"id":1,"y":2},{"id":2}],"z":null}
            """#
        let (value, events) = try Self.unused(Order.self, json)
        #expect(value == (try JSONDecoder().decode(Order.self, from: Data(json.utf8))))
        #expect(events.map(\.path) == ["$.a", "$.user.x", "$.items[0].y", "$.z"])
        #expect(events.map(\.type) == ["Order", "User", "Item", "Order"])
    }

    struct WithDictionary: Decodable {
        var id: Int
        var counts: [String: Int]
        var byName: [String: Item]
    }

    @Test("a dictionary's members are all read; a model inside one still has unused keys")
    func dictionaries() throws {
        let json = #"{"id":1,"counts":{"a":1,"b":2},"byName":{"x":{"id":3,"w":4}}}"#
        let (_, events) = try Self.unused(WithDictionary.self, json)
        #expect(events.map(\.path) == ["$.byName.x.w"])
        #expect(events.first?.type == "Item")
    }

    struct WithJSONValue: Decodable {
        var id: Int
        var meta: JSONValue
    }

    @Test("a JSONValue member is taken as a whole")
    func jsonValueMembers() throws {
        let (_, events) = try Self.unused(WithJSONValue.self, #"{"id":1,"meta":{"a":1,"b":{"c":2}},"gone":0}"#)
        #expect(events.map(\.path) == ["$.gone"])
    }

    struct Money: Decodable, Equatable { var cents: Int }
    struct Price: Decodable { var price: Money }

    @Test("a value a registered closure decodes is taken as a whole")
    func registeredClosures() throws {
        let decoder = Self.decoder()
        decoder.register(Money.self) { value in
            guard case .number(let text)? = value["amount"], let amount = Double(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no amount"))
            }
            return Money(cents: Int(amount * 100))
        }
        let (value, events) = try Self.unused(
            Price.self, #"{"price":{"amount":12.5,"currency":"EUR"},"tax":1}"#, decoder)
        #expect(value.price == Money(cents: 1250))
        #expect(events.map(\.path) == ["$.tax"])
    }

    struct Person: Decodable {
        var name: String
        var city: String
        enum CodingKeys: String, CodingKey { case name, city = "address.city" }
    }

    @Test("an alias and a key path read their member; a key path's object is not checked")
    func aliasesAndKeyPaths() throws {
        let aliased = Self.decoder()
        aliased.register(aliases: ["name": ["full_name"]], for: User.self)
        let (user, aliasEvents) = try Self.unused(User.self, #"{"full_name":"Ada","age":37,"nick":"A"}"#, aliased)
        #expect(user.name == "Ada")
        #expect(aliasEvents.map(\.path) == ["$.nick"])

        let paths = Self.decoder()
        paths.keyPathSeparator = "."
        let json = #"{"name":"Ada","address":{"city":"Paris","zip":"75001"},"phone":"1"}"#
        let (person, pathEvents) = try Self.unused(Person.self, json, paths)
        #expect(person.city == "Paris")
        #expect(pathEvents.map(\.path) == ["$.phone"])
    }

    @Test("a normalized match reads its member", arguments: ["first_name", "FirstName", "first-name"])
    func normalizedMatches(spelling: String) throws {
        struct Named: Decodable { var firstName: String }
        let (value, events) = try Self.unused(Named.self, #"{"\#(spelling)":"Ada","x":1}"#)
        #expect(value.firstName == "Ada")
        #expect(events.map(\.path) == ["$.x"])
    }

    /// Reads every key `allKeys` lists, as a dynamic model does.
    struct AllKeys: Decodable {
        var values: [String: Int] = [:]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NameKey.self)
            for key in container.allKeys where key.stringValue != "skip" {
                values[key.stringValue] = try container.decode(Int.self, forKey: key)
            }
        }
        struct NameKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    @Test("a model that reads allKeys reads what it decodes; listing a key is no read")
    func allKeysUsers() throws {
        let (value, events) = try Self.unused(AllKeys.self, #"{"a":1,"skip":2,"b":3}"#)
        #expect(value.values == ["a": 1, "b": 3])
        #expect(events.map(\.path) == ["$.skip"])
    }

    /// Tests `legacy` with decodeNil and `probe` with contains only.
    struct NilTester: Decodable {
        var id: Int
        var hasLegacy: Bool
        var hasProbe: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            hasLegacy = try !container.decodeNil(forKey: .legacy)
            hasProbe = container.contains(.probe)
        }
        enum CodingKeys: CodingKey { case id, legacy, probe }
    }

    @Test("decodeNil reads a member; contains alone does not")
    func decodeNilReads() throws {
        let (value, events) = try Self.unused(NilTester.self, #"{"id":1,"legacy":null,"probe":2}"#)
        #expect(value.hasProbe && !value.hasLegacy)
        #expect(events.map(\.path) == ["$.probe"])
    }

    struct Stamp: Decodable { var id: Int; var at: Date }
    struct Holder: Decodable {
        var sub: Item?
        var stamps: [Stamp]
    }

    @Test("an Optional recovered as nil leaves no unused key")
    func recoveredAsNil() throws {
        var report = LenientDecodingReport()
        let json = #"{"sub":{"id":"nope","q":1},"stamps":[],"t":1}"#
        let value = try Self.decoder(.lenient).decode(Holder.self, from: Data(json.utf8), report: &report)
        #expect(value.sub == nil)
        #expect(report.events.map(\.kind) == [.recoveredAsNil, .unusedKey])
        #expect(report.events.last?.path == "$.t")
    }

    /// Tries `sub` with `try?`: a failed attempt is abandoned.
    struct Tried: Decodable {
        var sub: Stamp?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sub = try? container.decode(Stamp.self, forKey: .sub)
        }
        enum CodingKeys: CodingKey { case sub }
    }

    @Test("an attempt a hand-written decoder abandons leaves no unused key", arguments: policies)
    func abandonedAttempt(policy: LenientPolicy) throws {
        let (value, events) = try Self.unused(
            Tried.self, #"{"sub":{"id":1,"at":"never","q":1},"t":1}"#, Self.decoder(policy))
        #expect(value.sub == nil)
        #expect(events.map(\.path) == ["$.t"])
    }

    @Test("a dropped element leaves no unused key")
    func droppedElement() throws {
        let json = #"{"stamps":[{"id":1,"at":"never","r":2},{"id":2,"at":0,"s":3}]}"#
        var report = LenientDecodingReport()
        let value = try Self.decoder(.permissive).decode(Holder.self, from: Data(json.utf8), report: &report)
        #expect(value.stamps.map(\.id) == [2])
        #expect(report.events.contains { $0.kind == .droppedElement })
        #expect(report.events.filter { $0.kind == .unusedKey }.map(\.path) == ["$.stamps[1].s"])
    }

    struct Profile: Decodable {
        var name: String?
        var email: String
    }

    @Test("the did-you-mean of a missed key names it: a likely alias", arguments: policies)
    func didYouMean(policy: LenientPolicy) throws {
        let json = #"{"nmae":"Ada","email":"a@b.c","zzz":1}"#
        let (value, events) = try Self.unused(Profile.self, json, Self.decoder(policy))
        #expect(value.name == nil)
        #expect(
            events.map(\.description) == [
                #"$.nmae (line 1, column 9): unused key "nmae" in Profile; did you mean "name", which Profile missed? "#
                    + #"Register "nmae" as an alias of it."#,
                #"$.zzz (line 1, column 37): unused key "zzz" in Profile."#,
            ])
    }

    @Test("from fromJSONObject: no line, ordered by pointer, found as the tree holds it")
    func fromJSONObject() throws {
        var report = LenientDecodingReport()
        let object: [String: Any] = ["name": "Ada", "age": 37, "zeta": 1, "alpha": "x"]
        let user = try Self.decoder().decode(User.self, fromJSONObject: object, report: &report)
        #expect(user == User(name: "Ada", age: 37))
        let events = report.events.filter { $0.kind == .unusedKey }
        #expect(events.map(\.path) == ["$.alpha", "$.zeta"])
        #expect(events.allSatisfy { $0.line == nil && $0.offset == nil })
        #expect(events.first?.found == .string("x"))
    }

    @Test("onReport gets them, and a decode that throws reports none")
    func onReportGetsThem() throws {
        let received = Mutex<[LenientDecodingEvent]>([])
        let decoder = Self.decoder(.strict)
        decoder.onReport = { report in received.withLock { $0 += report.events } }
        _ = try decoder.decode(User.self, from: Data(#"{"name":"Ada","age":37,"x":1}"#.utf8))
        #expect(received.withLock { $0.map(\.path) } == ["$.x"])
        #expect(throws: DecodingError.self) {
            try decoder.decode(User.self, from: Data(#"{"name":"Ada","age":"37","y":1}"#.utf8))
        }
        #expect(received.withLock { $0.map(\.path) } == ["$.x"])
    }

    @Test("each streamed element reports its own unused keys")
    func streamedElements() async throws {
        let received = Mutex<[[String]]>([])
        let decoder = Self.decoder()
        decoder.onReport = { report in received.withLock { $0.append(report.events.map(\.path)) } }
        let text = Data(#"[{"id":1,"a":0},{"id":2},{"id":3,"b":0,"c":0}]"#.utf8)
        var ids: [Int] = []
        for try await item in decoder.elements(of: Item.self, from: AsyncDataBytes(data: text)) { ids.append(item.id) }
        #expect(ids == [1, 2, 3])
        #expect(received.withLock { $0 } == [["$[0].a"], ["$[2].b", "$[2].c"]])
    }
}
