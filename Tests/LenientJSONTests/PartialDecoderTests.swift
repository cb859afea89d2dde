// SPEC 14, rules 1-5: a document that arrives in pieces shows only what is whole, gives members
// not yet arrived their defaults (or leaves them missing), reads every closed container as a whole
// document does, throws decode(_:from:)'s syntax error as soon as it is certain, and finishes
// with decode(_:from:)'s value, error and events. Expected values follow from the rules.

import Foundation
import LenientJSON
import Testing

@Suite("Partial documents")
struct PartialDecoderTests {
    struct Step: Decodable, Equatable, Sendable {
        var text: String
        var minutes: Int
    }

    struct Recipe: Decodable, Equatable, Sendable {
        var title: String
        var servings: Int
        var steps: [Step]
        var note: String?
    }

    enum Level: String, Decodable, Equatable, Sendable { case easy, hard }

    struct Chore: Decodable, Equatable, Sendable {
        var name: String
        var level: Level
    }

    struct MaybeLevel: Decodable, Equatable, Sendable {
        var name: String
        var level: Level?
    }

    struct Meeting: Decodable, Equatable, Sendable {
        var name: String
        var at: Date
    }

    struct Flags: Decodable, Equatable, Sendable {
        var ok: Bool
        var maybe: Bool?
        var count: Int
        var ratio: Double?
    }

    struct Person: Decodable, Equatable, Sendable {
        var age: Int
    }

    /// A hand-written decoder: `count` is -1 when absent.
    struct Tally: Decodable, Equatable, Sendable {
        var name: String
        var count: Int
        enum Keys: String, CodingKey { case name, count }
        init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? -1
        }
    }

    /// The snapshot after appending each of `pieces` in turn.
    static func snapshot<T: Decodable>(
        _ type: T.Type, _ pieces: [[UInt8]], options: PartialOptions = .init(),
        decoder: LenientJSONDecoder = LenientJSONDecoder()
    ) throws -> PartialSnapshot<T> {
        var partial = decoder.partial(type, options: options)
        for piece in pieces { try partial.append(piece) }
        return partial.snapshot()
    }

    static func snapshot<T: Decodable>(
        _ type: T.Type, _ text: String, options: PartialOptions = .init(),
        decoder: LenientJSONDecoder = LenientJSONDecoder()
    ) throws -> PartialSnapshot<T> {
        try snapshot(type, [Array(text.utf8)], options: options, decoder: decoder)
    }

    // MARK: Rule 1: nothing cut shows

    struct IntsRow: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: [Int]
        var testDescription: String { text }
    }

    @Test(
        "A number shows only once the byte after it has arrived",
        arguments: [
            IntsRow(text: "[1, 2, 100", expected: [1, 2]),
            IntsRow(text: "[1, 2, 1000000", expected: [1, 2]),
            IntsRow(text: "[1, 2, 1000000 ", expected: [1, 2, 1_000_000]),
            IntsRow(text: "[1, 2, 1000000,", expected: [1, 2, 1_000_000]),
            IntsRow(text: "[1, -", expected: [1]),
            IntsRow(text: "[1, -5", expected: [1]),
            IntsRow(text: "[1, -5]", expected: [1, -5]),
            IntsRow(text: "[1e", expected: []),
            IntsRow(text: "[", expected: []),
        ])
    func numbersAreWholeOrAbsent(_ row: IntsRow) throws {
        #expect(try Self.snapshot([Int].self, row.text).value == row.expected)
    }

    @Test("A top-level number is not shown before the byte after it")
    func topLevelNumber() throws {
        let cut = try Self.snapshot(Int.self, "12")
        #expect(cut.value == nil)
        #expect(!cut.isComplete)
        #expect(cut.pending == ["$"])
        let whole = try Self.snapshot(Int.self, "12\n")
        #expect(whole.value == 12)
        #expect(whole.isComplete)
        #expect(whole.pending.isEmpty)
    }

    struct FlagsRow: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: Flags
        var testDescription: String { text }
    }

    @Test(
        "Literals and numbers in an open object show once whole; until then they are defaults or nil",
        arguments: [
            FlagsRow(text: #"{"ok": tru"#, expected: Flags(ok: false, maybe: nil, count: 0, ratio: nil)),
            FlagsRow(text: #"{"ok": true"#, expected: Flags(ok: true, maybe: nil, count: 0, ratio: nil)),
            FlagsRow(text: #"{"ok": true, "maybe": fals"#, expected: Flags(ok: true, maybe: nil, count: 0, ratio: nil)),
            FlagsRow(
                text: #"{"ok": true, "maybe": false, "count": 4"#,
                expected: Flags(ok: true, maybe: false, count: 0, ratio: nil)),
            FlagsRow(
                text: #"{"ok": true, "maybe": false, "count": 42, "ratio": 0.5"#,
                expected: Flags(ok: true, maybe: false, count: 42, ratio: nil)),
            FlagsRow(
                text: #"{"ok": true, "maybe": false, "count": 42, "ratio": 0.5}"#,
                expected: Flags(ok: true, maybe: false, count: 42, ratio: 0.5)),
            FlagsRow(text: #"{"ok": true, "cou"#, expected: Flags(ok: true, maybe: nil, count: 0, ratio: nil)),
            FlagsRow(text: #"{"ok": true, "count":"#, expected: Flags(ok: true, maybe: nil, count: 0, ratio: nil)),
        ])
    func scalarsInAnOpenObject(_ row: FlagsRow) throws {
        #expect(try Self.snapshot(Flags.self, row.text).value == row.expected)
    }

    struct StringRow: Sendable, CustomTestStringConvertible {
        var pieces: [[UInt8]]
        var expected: String
        var testDescription: String { String(decoding: pieces.joined(), as: UTF8.self) }
    }

    @Test(
        "A string in progress shows up to its last whole character",
        arguments: [
            StringRow(pieces: [Array(#""Hel"#.utf8)], expected: "Hel"),
            StringRow(pieces: [Array(#""a\"#.utf8)], expected: "a"),
            StringRow(pieces: [Array(#""a\n"#.utf8)], expected: "a\n"),
            StringRow(pieces: [Array(#""a\u00"#.utf8)], expected: "a"),
            StringRow(pieces: [Array(#""a\u00e9"#.utf8)], expected: "aé"),
            StringRow(pieces: [Array(#""a\ud83d"#.utf8)], expected: "a"),
            StringRow(pieces: [Array(#""a\ud83d\ude0"#.utf8)], expected: "a"),
            StringRow(pieces: [Array(#""a\ud83d\ude00"#.utf8)], expected: "a😀"),
            StringRow(pieces: [[0x22, 0x61, 0xC3]], expected: "a"),
            StringRow(pieces: [[0x22, 0x61, 0xC3], [0xA9]], expected: "aé"),
            StringRow(pieces: [[0x22, 0xF0, 0x9F, 0x98]], expected: ""),
            StringRow(pieces: [[0x22, 0xF0, 0x9F], [0x98, 0x80]], expected: "😀"),
        ])
    func stringPrefix(_ row: StringRow) throws {
        let snapshot = try Self.snapshot(String.self, row.pieces)
        #expect(snapshot.value == row.expected)
        #expect(!snapshot.isComplete)
        #expect(snapshot.pending == ["$"])
    }

    @Test("Under .complete a string in progress is not shown: a member is not arrived, an element left out")
    func completeStrings() throws {
        let options = PartialOptions(strings: .complete)
        #expect(try Self.snapshot(String.self, #""Hel"#, options: options).value == nil)
        #expect(try Self.snapshot([String].self, #"["a", "b"#, options: options).value == ["a"])
        let recipe = try Self.snapshot(Recipe.self, #"{"title": "Sou"#, options: options)
        #expect(recipe.value == Recipe(title: "", servings: 0, steps: [], note: nil))
        let prefix = try Self.snapshot(Recipe.self, #"{"title": "Sou"#)
        #expect(prefix.value == Recipe(title: "Sou", servings: 0, steps: [], note: nil))
        let note = try Self.snapshot(Recipe.self, #"{"note": "sal"#, options: options)
        #expect(note.value?.note == nil)
    }

    @Test("A string in progress read as another type than String is not arrived")
    func stringInProgressAsOtherTypes() throws {
        #expect(try Self.snapshot(Person.self, #"{"age": "4"#).value == Person(age: 0))
        #expect(try Self.snapshot(Person.self, #"{"age": "42""#).value == Person(age: 42))
        #expect(
            try Self.snapshot(MaybeLevel.self, #"{"name": "n", "level": "eas"#).value
                == MaybeLevel(name: "n", level: nil))
        #expect(try Self.snapshot(Level.self, #""eas"#).value == nil)
        #expect(try Self.snapshot([Level].self, #"["easy", "ha"#).value == [.easy])
    }

    // MARK: Rule 2: members not yet arrived

    @Test("Members not arrived take their defaults under .defaults and are missing under .absent")
    func defaultsAndAbsent() throws {
        let text = #"{"title": "Soup", "servings": 2, "steps": [{"text": "chop""#
        let defaults = try Self.snapshot(Recipe.self, text)
        #expect(
            defaults.value
                == Recipe(title: "Soup", servings: 2, steps: [Step(text: "chop", minutes: 0)], note: nil))
        // Under .absent the step lacks `minutes`: it cannot be built, so the open array leaves it out.
        let absent = try Self.snapshot(Recipe.self, text, options: PartialOptions(pendingMembers: .absent))
        #expect(absent.value == Recipe(title: "Soup", servings: 2, steps: [], note: nil))
        let noSteps = try Self.snapshot(
            Recipe.self, #"{"title": "Soup", "servings": 2,"#, options: .init(pendingMembers: .absent))
        #expect(noSteps.value == nil)
        let arrived = #"{"title": "Soup", "servings": 2, "steps": [{"text": "chop", "minutes": 5}"#
        let absentArrived = try Self.snapshot(Recipe.self, arrived, options: PartialOptions(pendingMembers: .absent))
        #expect(
            absentArrived.value
                == Recipe(title: "Soup", servings: 2, steps: [Step(text: "chop", minutes: 5)], note: nil))
        #expect(try Self.snapshot(Recipe.self, "{").value == Recipe(title: "", servings: 0, steps: [], note: nil))
        #expect(try Self.snapshot(Recipe.self, "{", options: PartialOptions(pendingMembers: .absent)).value == nil)
    }

    @Test("Types with no default (an enum, a Date) leave their holder unbuildable until they arrive")
    func typesWithoutDefaults() throws {
        #expect(try Self.snapshot(Chore.self, #"{"name": "dishes""#).value == nil)
        #expect(try Self.snapshot(Chore.self, #"{"name": "dishes", "level": "ha"#).value == nil)
        #expect(
            try Self.snapshot(Chore.self, #"{"name": "dishes", "level": "hard""#).value
                == Chore(name: "dishes", level: .hard))
        #expect(
            try Self.snapshot(MaybeLevel.self, #"{"name": "dishes""#).value == MaybeLevel(name: "dishes", level: nil))
        #expect(try Self.snapshot(Meeting.self, #"{"name": "standup""#).value == nil)
        #expect(try Self.snapshot(Meeting?.self, #"{"name": "standup""#).value == .some(nil))
    }

    @Test("A member not arrived takes its registered default or fallback before the built-in one")
    func registeredDefaults() throws {
        let decoder = LenientJSONDecoder()
        decoder.register(defaults: ["servings": 4], for: Recipe.self)
        decoder.register(fallback: Level.easy)
        #expect(try Self.snapshot(Recipe.self, "{", decoder: decoder).value?.servings == 4)
        #expect(
            try Self.snapshot(Chore.self, #"{"name": "dishes""#, decoder: decoder).value
                == Chore(name: "dishes", level: .easy))
    }

    struct Owner: Decodable, Equatable, Sendable {
        var name: String
        var chore: Chore?
    }

    @Test("An unbuildable nested model is nil in an Optional and makes its parent unbuildable otherwise")
    func unbuildableNesting() throws {
        let text = #"{"name": "Ada", "chore": {"name": "dishes""#
        #expect(try Self.snapshot(Owner.self, text).value == Owner(name: "Ada", chore: nil))
        #expect(try Self.snapshot([String: Chore].self, #"{"a": {"name": "x""#).value == [:])
        #expect(
            try Self.snapshot(Chore.self, #"{"name": "x", "level": "easy", "extra": [1, {"#).value
                == Chore(name: "x", level: .easy))
    }

    @Test("An open array leaves out the element in progress that cannot be built yet")
    func openArrayDropsUnbuildable() throws {
        let text = #"[{"name": "a", "level": "easy"}, {"name": "b""#
        #expect(try Self.snapshot([Chore].self, text).value == [Chore(name: "a", level: .easy)])
        #expect(try Self.snapshot([Chore?].self, text).value == [Chore(name: "a", level: .easy), nil])
        let steps = #"{"steps": [{"text": "a", "minutes": 1}, {"text": "b"#
        #expect(
            try Self.snapshot(Recipe.self, steps).value?.steps
                == [Step(text: "a", minutes: 1), Step(text: "b", minutes: 0)])
    }

    @Test("An open dictionary leaves out the member that cannot be built yet")
    func openDictionary() throws {
        let text = #"{"a": "easy", "b": "ha"#
        #expect(try Self.snapshot([String: Level].self, text).value == ["a": .easy])
        #expect(try Self.snapshot([String: String].self, text).value == ["a": "easy", "b": "ha"])
        #expect(try Self.snapshot([String: Int].self, #"{"a": 1, "b": 2"#).value == ["a": 1])
    }

    @Test("A hand-written init(from:) reads an open object through the same rules")
    func handWrittenDecoder() throws {
        #expect(try Self.snapshot(Tally.self, #"{"name": "ab"#).value == Tally(name: "ab", count: -1))
        #expect(try Self.snapshot(Tally.self, #"{"name": "ab", "count": 3"#).value == Tally(name: "ab", count: -1))
        #expect(try Self.snapshot(Tally.self, #"{"name": "ab", "count": 3}"#).value == Tally(name: "ab", count: 3))
        #expect(try Self.snapshot(Tally.self, #"{"count": 3,"#).value == Tally(name: "", count: 3))
    }

    /// A hand-written decoder that asks `decodeNil(forKey:)` first.
    struct NilFirst: Decodable, Equatable, Sendable {
        var value: Int?
        enum Keys: String, CodingKey { case value }
        init(value: Int?) { self.value = value }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            value = try container.decodeNil(forKey: .value) ? nil : container.decode(Int.self, forKey: .value)
        }
    }

    @Test("decodeNil(forKey:) of a member not arrived leaves the value unbuildable, not an error")
    func decodeNilOfPendingMember() throws {
        #expect(try Self.snapshot([NilFirst].self, #"[{"value": 1}, {"value": nu"#).value == [NilFirst(value: 1)])
        #expect(try Self.snapshot([NilFirst].self, #"[{"value": null}, {"#).value == [NilFirst(value: nil)])
        #expect(try Self.snapshot(NilFirst?.self, #"{"#).value == .some(nil))
    }

    // MARK: Pending and isComplete(at:)

    struct PendingRow: Sendable, CustomTestStringConvertible {
        var text: String
        var pending: [String]
        var testDescription: String { text }
    }

    @Test(
        "pending lists the values begun and not ended, outermost first",
        arguments: [
            PendingRow(text: "", pending: []),
            PendingRow(text: "  ", pending: []),
            PendingRow(text: #"{"steps": [{"text": "ab"#, pending: ["$", "$.steps", "$.steps[0]", "$.steps[0].text"]),
            PendingRow(text: #"{"steps": [{"text": "ab"}, 1"#, pending: ["$", "$.steps", "$.steps[1]"]),
            PendingRow(text: #"{"a": 1"#, pending: ["$", "$.a"]),
            PendingRow(text: #"{"a": 1,"#, pending: ["$"]),
            PendingRow(text: #"{"a": 1, "b"#, pending: ["$"]),
            PendingRow(text: #"{"a": 1, "b":"#, pending: ["$"]),
            PendingRow(text: #"{"first name": "A"#, pending: ["$", "$['first name']"]),
            PendingRow(text: #"[[1], [tr"#, pending: ["$", "$[1]", "$[1][0]"]),
            PendingRow(text: #"{"a": {}}"#, pending: []),
        ])
    func pendingPaths(_ row: PendingRow) throws {
        #expect(try Self.snapshot(JSONValue.self, row.text).pending == row.pending)
    }

    @Test("isComplete(at:) is true exactly for values that have begun and ended")
    func completeAtPaths() throws {
        let snapshot = try Self.snapshot(
            Recipe.self, #"{"title": "Soup", "steps": [{"text": "ab", "minutes": 2}, {"text": "c"#)
        #expect(snapshot.isComplete(at: "$.title"))
        #expect(snapshot.isComplete(at: "$.steps[0]"))
        #expect(snapshot.isComplete(at: "$.steps[0].text"))
        #expect(snapshot.isComplete(at: "$.steps[0].minutes"))
        #expect(!snapshot.isComplete(at: "$"))
        #expect(!snapshot.isComplete(at: "$.steps"))
        #expect(!snapshot.isComplete(at: "$.steps[1]"))
        #expect(!snapshot.isComplete(at: "$.steps[1].text"))
        #expect(!snapshot.isComplete(at: "$.steps[2]"))
        #expect(!snapshot.isComplete(at: "$.servings"))
        #expect(!snapshot.isComplete(at: "not a path"))
        let quoted = try Self.snapshot(JSONValue.self, #"{"first name": "Ada", "a'b": 1, "x": 2"#)
        #expect(quoted.isComplete(at: "$['first name']"))
        #expect(quoted.isComplete(at: #"$['a\'b']"#))
        #expect(!quoted.isComplete(at: "$.x"))
        let whole = try Self.snapshot(JSONValue.self, #"{"a": [1]}"#)
        #expect(whole.isComplete(at: "$"))
        #expect(whole.isComplete(at: "$.a[0]"))
    }

    // MARK: Rule 3: closed is final

    @Test("Inside a closed container the policy acts as in a whole document, with its events")
    func closedContainersFollowThePolicy() throws {
        let snapshot = try Self.snapshot([Person].self, #"[{"age": "42"}, {"age": "4"#)
        #expect(snapshot.value == [Person(age: 42), Person(age: 0)])
        #expect(snapshot.report.events.map(\.path) == ["$[0].age"])
        #expect(snapshot.report.events.map(\.kind) == [.coerced])
        let strict = try Self.snapshot(
            [Person].self, #"[{"age": "42"}, {"age": 4"#, decoder: LenientJSONDecoder(policy: .strict))
        #expect(strict.value == nil)
        #expect(strict.report.events.isEmpty)
    }

    @Test("A snapshot of a complete document is the value decode(_:from:) returns")
    func completeSnapshotIsTheDecode() throws {
        let text = #"{"title": "Soup", "servings": "2", "steps": [{"text": "chop", "minutes": 5.0}]}  "#
        let decoder = LenientJSONDecoder()
        var partial = decoder.partial(Recipe.self)
        for byte in text.utf8 { try partial.append([byte]) }
        let snapshot = partial.snapshot()
        var report = LenientDecodingReport()
        let decoded = try decoder.decode(Recipe.self, from: Data(text.utf8), report: &report)
        #expect(snapshot.isComplete)
        #expect(partial.isComplete)
        #expect(snapshot.value == decoded)
        #expect(snapshot.report.events.map(\.description) == report.events.map(\.description))
        #expect(snapshot.bytesRead == text.utf8.count)
    }

    @Test("Snapshots taken after every byte only grow: complete elements stay, a string prefix grows")
    func snapshotsGrow() throws {
        let text =
            #"{"title": "Soup of the day", "servings": 4, "steps": [{"text": "chop", "minutes": 5}, "#
            + #"{"text": "boil", "minutes": 20}]}"#
        var partial = LenientJSONDecoder().partial(Recipe.self)
        var last: Recipe?
        for byte in text.utf8 {
            try partial.append([byte])
            let value = partial.snapshot().value
            if let last, let value {
                #expect(value.title.hasPrefix(last.title))
                #expect(value.steps.count >= last.steps.count)
            }
            if value != nil { last = value }
        }
        #expect(
            last
                == Recipe(
                    title: "Soup of the day", servings: 4,
                    steps: [Step(text: "chop", minutes: 5), Step(text: "boil", minutes: 20)], note: nil))
    }

    // MARK: Rule 4: errors as soon as they are certain

    struct ErrorRow: Sendable, CustomTestStringConvertible {
        var good: String
        var bad: String
        var testDescription: String { good + "|" + bad }
    }

    @Test(
        "append throws decode(_:from:)'s error at the first byte no document can have, and again after",
        arguments: [
            ErrorRow(good: #"{"a""#, bad: " x"),
            ErrorRow(good: "[1, 2", bad: " 3]"),
            ErrorRow(good: "[tr", bad: "ue, nul!"),
            ErrorRow(good: "{}", bad: " {}"),
            ErrorRow(good: "12 ", bad: "3"),
            ErrorRow(good: "[1,", bad: ",]"),
            ErrorRow(good: #"{"a": 1,"#, bad: " 2}"),
            ErrorRow(good: #"["\u12"#, bad: #"3"]"#),
            ErrorRow(good: "", bad: "]"),
        ])
    func appendThrowsTheDecodeError(_ row: ErrorRow) throws {
        let decoder = LenientJSONDecoder()
        let whole = Data((row.good + row.bad).utf8)
        let expected = #expect(throws: DecodingError.self) { try decoder.decode(JSONValue.self, from: whole) }
        var partial = decoder.partial(JSONValue.self)
        try partial.append(row.good)
        let thrown = #expect(throws: DecodingError.self) { try partial.append(row.bad) }
        #expect(thrown.map { String(describing: $0) } == expected.map { String(describing: $0) })
        let again = #expect(throws: DecodingError.self) { try partial.append(" ") }
        #expect(again.map { String(describing: $0) } == expected.map { String(describing: $0) })
        let finished = #expect(throws: DecodingError.self) { try partial.finish() }
        #expect(finished.map { String(describing: $0) } == expected.map { String(describing: $0) })
    }

    @Test("A trailing comma, a byte order mark and whitespace are accepted as decode(_:from:) accepts them")
    func acceptedSyntax() throws {
        var partial = LenientJSONDecoder().partial([Int].self)
        try partial.append([0xEF, 0xBB])
        try partial.append([0xBF] + Array(" [1, 2, ] \n".utf8))
        #expect(partial.isComplete)
        #expect(partial.snapshot().value == [1, 2])
        #expect(try partial.finish() == [1, 2])
    }

    // MARK: Rule 5: the end is the whole document

    @Test("finish returns decode(_:from:)'s value and events, and its error for a document cut short")
    func finishIsTheDecode() throws {
        let decoder = LenientJSONDecoder()
        let text = #"[{"age": "42"}, {"age": 7.0}]"#
        var partial = decoder.partial([Person].self)
        for piece in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            try partial.append((piece.offset == 0 ? "" : ",") + piece.element)
        }
        var finishReport = LenientDecodingReport()
        var decodeReport = LenientDecodingReport()
        #expect(
            try partial.finish(report: &finishReport)
                == decoder.decode([Person].self, from: Data(text.utf8), report: &decodeReport))
        #expect(finishReport.events.map(\.description) == decodeReport.events.map(\.description))
        #expect(!finishReport.events.isEmpty)

        var cut = decoder.partial([Person].self)
        try cut.append(#"[{"age": 1}"#)
        let expected = #expect(throws: DecodingError.self) {
            try decoder.decode([Person].self, from: Data(#"[{"age": 1}"#.utf8))
        }
        let thrown = #expect(throws: DecodingError.self) { try cut.finish() }
        #expect(thrown.map { String(describing: $0) } == expected.map { String(describing: $0) })
        #expect(cut.bytesRead == 11)
        #expect(!cut.isComplete)
    }
}
