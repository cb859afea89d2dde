// `identityMap` / `IdentityMap` (Mapping article): with a map set, instances of
// `Identifiable` classes decode to one shared instance per type and id, within a document,
// across decodes that share the map, and across threads; the first instance decoded wins.
// Structures, non-`Identifiable` classes and decoders without a map are untouched. Values are
// checked against `JSONDecoder` where it decodes the same input.

import Foundation
import LenientJSON
import Testing

@Suite("Identity map")
struct IdentityMapTests {
    // MARK: Models

    final class User: Decodable, Identifiable, @unchecked Sendable {
        let id: Int
        let name: String
    }

    /// Same ids as `User`, another type: never shares with `User`.
    final class Team: Decodable, Identifiable, @unchecked Sendable {
        let id: Int
        let name: String
    }

    /// A class with a `String` id.
    final class Tag: Decodable, Identifiable, @unchecked Sendable {
        let id: String
    }

    /// A class that is not `Identifiable`.
    final class Note: Decodable, @unchecked Sendable {
        let id: Int
        let text: String
    }

    struct Post: Decodable {
        let author: User
        let editor: User
        let team: Team
        let tags: [Tag]
    }

    struct Thread: Decodable {
        let pages: [[User]]
        let pinned: User?
    }

    struct Item: Decodable, Identifiable, Equatable {
        let id: Int
        let label: String
    }

    struct Notes: Decodable {
        let first: Note
        let second: Note
    }

    static func decoder(_ policy: LenientPolicy = .lenient, map: IdentityMap? = IdentityMap()) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        decoder.identityMap = map
        return decoder
    }

    static let post = Data(
        #"""
        {"author": {"id": 1, "name": "Ada"}, "editor": {"id": 1, "name": "Ada L."},
         "team": {"id": 1, "name": "Core"}, "tags": [{"id": "swift"}, {"id": "json"}, {"id": "swift"}]}
        """#.utf8)

    // MARK: Within one document

    @Test(
        "one instance per id within a document; the first occurrence wins", arguments: InputKind.allCases,
        Preset.allCases)
    func withinADocument(input: InputKind, preset: Preset) throws {
        let post = try input.decode(Post.self, from: Self.post, with: Self.decoder(preset.policy))
        #expect(ObjectIdentifier(post.author) == ObjectIdentifier(post.editor))
        #expect(post.editor.name == "Ada")
        #expect(ObjectIdentifier(post.tags[0]) == ObjectIdentifier(post.tags[2]))
        #expect(ObjectIdentifier(post.tags[0]) != ObjectIdentifier(post.tags[1]))
        // Another type with the same id is another instance.
        #expect(ObjectIdentifier(post.team) != ObjectIdentifier(post.author))
        #expect(post.team.name == "Core")
    }

    @Test("nested arrays of identifiable classes share instances across levels", arguments: InputKind.allCases)
    func nestedArrays(input: InputKind) throws {
        let json = Data(
            #"""
            {"pages": [[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}],\#
             [{"id": 2, "name": "b"}, {"id": 3, "name": "c"}], []],
             "pinned": {"id": 3, "name": "c"}}
            """#.utf8)
        let thread = try input.decode(Thread.self, from: json, with: Self.decoder())
        #expect(ObjectIdentifier(thread.pages[0][1]) == ObjectIdentifier(thread.pages[1][0]))
        #expect(thread.pinned.map(ObjectIdentifier.init) == ObjectIdentifier(thread.pages[1][1]))
        #expect(ObjectIdentifier(thread.pages[0][0]) != ObjectIdentifier(thread.pages[0][1]))
        // The values are those JSONDecoder decodes.
        let plain = try JSONDecoder().decode(Thread.self, from: json)
        #expect(thread.pages.map { $0.map(\.id) } == plain.pages.map { $0.map(\.id) })
        #expect(thread.pages.map { $0.map(\.name) } == plain.pages.map { $0.map(\.name) })
    }

    @Test("a leniently decoded occurrence is shared like any other")
    func lenientOccurrence() throws {
        let json = Data(#"[{"id": "7", "name": "x"}, {"ID": 7, "name": "y"}]"#.utf8)
        let users = try Self.decoder().decode([User].self, from: json)
        #expect(ObjectIdentifier(users[0]) == ObjectIdentifier(users[1]))
        #expect(users[1].name == "x")
    }

    // MARK: Across decodes

    @Test("decodes that share a map share instances, through Data and fromJSONObject")
    func acrossDecodes() throws {
        let map = IdentityMap()
        let first = Self.decoder(map: map)
        let second = Self.decoder(.strict, map: map)
        let a = try first.decode(User.self, from: Data(#"{"id": 5, "name": "Grace"}"#.utf8))
        let b = try second.decode(
            [User].self, from: Data(#"[{"id": 5, "name": "G. Hopper"}, {"id": 6, "name": "Alan"}]"#.utf8))
        let c = try first.decode(User.self, fromJSONObject: ["id": 5, "name": "other"] as [String: Any])
        #expect(ObjectIdentifier(a) == ObjectIdentifier(b[0]))
        #expect(ObjectIdentifier(a) == ObjectIdentifier(c))
        #expect(b[0].name == "Grace")
        #expect(b[1].name == "Alan")
    }

    @Test("a new map, or none, starts afresh")
    func separateMaps() throws {
        let json = Data(#"{"id": 5, "name": "Grace"}"#.utf8)
        let a = try Self.decoder().decode(User.self, from: json)
        let b = try Self.decoder().decode(User.self, from: json)
        #expect(ObjectIdentifier(a) != ObjectIdentifier(b))
        let withoutMap = Self.decoder(map: nil)
        let post = try withoutMap.decode(Post.self, from: Self.post)
        #expect(ObjectIdentifier(post.author) != ObjectIdentifier(post.editor))
        #expect(post.editor.name == "Ada L.")
        #expect(ObjectIdentifier(post.tags[0]) != ObjectIdentifier(post.tags[2]))
    }

    @Test("an instance nothing keeps is forgotten; its id decodes to a new instance")
    func weakEntries() throws {
        let decoder = Self.decoder()
        let json = Data(#"{"id": 9, "name": "first"}"#.utf8)
        weak var dropped: User?
        do {
            let user = try decoder.decode(User.self, from: json)
            dropped = user
            #expect(dropped != nil)
        }
        #expect(dropped == nil)
        let later = try decoder.decode(User.self, from: Data(#"{"id": 9, "name": "second"}"#.utf8))
        #expect(later.name == "second")
    }

    @Test("a failed decode leaves the map usable and shares what it kept")
    func failedDecode() throws {
        let decoder = Self.decoder()
        let kept = try decoder.decode(User.self, from: Data(#"{"id": 1, "name": "Ada"}"#.utf8))
        #expect(throws: DecodingError.self) {
            try decoder.decode([User].self, from: Data(#"[{"id": 1, "name": "Ada"}, {"id": 2}]"#.utf8))
        }
        let again = try decoder.decode([User].self, from: Data(#"[{"id": 1, "name": "x"}]"#.utf8))
        #expect(ObjectIdentifier(again[0]) == ObjectIdentifier(kept))
    }

    // MARK: Threads

    @Test("many threads decoding the same ids get one instance per id")
    func acrossThreads() async throws {
        let map = IdentityMap()
        let decoder = Self.decoder(map: map)
        let json = Data((0..<50).map { #"{"id": \#($0 % 10), "name": "u\#($0 % 10)"}"# }.joined(separator: ",").utf8)
        let document = Data("[".utf8) + json + Data("]".utf8)
        let results = try await withThrowingTaskGroup(of: [User].self) { group in
            for _ in 0..<16 {
                group.addTask { try decoder.decode([User].self, from: document) }
            }
            var all: [[User]] = []
            for try await users in group { all.append(users) }
            return all
        }
        let reference = results[0]
        for users in results {
            for (index, user) in users.enumerated() {
                #expect(ObjectIdentifier(user) == ObjectIdentifier(reference[index % 10]))
            }
        }
    }

    // MARK: Untouched

    @Test("structures and classes that are not Identifiable are untouched", arguments: InputKind.allCases)
    func untouched(input: InputKind) throws {
        let items = Data(#"[{"id": 1, "label": "a"}, {"id": 1, "label": "b"}]"#.utf8)
        let decoded = try input.decode([Item].self, from: items, with: Self.decoder())
        #expect(decoded == [Item(id: 1, label: "a"), Item(id: 1, label: "b")])
        #expect(decoded == (try JSONDecoder().decode([Item].self, from: items)))
        let notes = try input.decode(
            Notes.self, from: Data(#"{"first": {"id": 1, "text": "a"}, "second": {"id": 1, "text": "b"}}"#.utf8),
            with: Self.decoder())
        #expect(ObjectIdentifier(notes.first) != ObjectIdentifier(notes.second))
        #expect(notes.second.text == "b")
    }
}
