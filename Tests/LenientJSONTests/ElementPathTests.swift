import Foundation
import LenientJSON
import Testing

/// A model that is an array element gets its coding-path node where its index is known
/// (`unwrapElement`). The path must be `JSONDecoder`'s everywhere it shows: the decoder's and
/// its containers' `codingPath` while the element decodes, a container or decoder the model
/// keeps and reads after the decode, and every error thrown inside the element.
@Suite("Array element paths")
struct ElementPathTests {
    /// Records the paths it sees while it decodes, and keeps its container and decoder.
    struct Recorder: Decodable, Equatable {
        let name: String
        let decoderPath: [String]
        let containerPath: [String]
        let keptContainer: KeyedDecodingContainer<CodingKeys>
        let keptDecoder: any Decoder

        enum CodingKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            decoderPath = pathStrings(decoder.codingPath)
            containerPath = pathStrings(container.codingPath)
            keptContainer = container
            keptDecoder = decoder
        }

        static func == (a: Recorder, b: Recorder) -> Bool {
            a.name == b.name && a.decoderPath == b.decoderPath && a.containerPath == b.containerPath
                && pathStrings(a.keptContainer.codingPath) == pathStrings(b.keptContainer.codingPath)
        }
    }

    struct Outer: Decodable, Equatable {
        let items: [Recorder]
        let grid: [[Recorder]]
    }

    static let document = """
        {"items": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
         "grid": [[{"name": "d"}], [], [{"name": "e"}, {"name": "f"}]]}
        """

    @Test(
        "Paths seen inside array elements, and kept, are JSONDecoder's",
        arguments: [LenientPolicy.lenient, .strict, .permissive])
    func paths(policy: LenientPolicy) throws {
        let data = Data(Self.document.utf8)
        let expected = try JSONDecoder().decode(Outer.self, from: data)
        let lenient = try LenientJSONDecoder(policy: policy).decode(Outer.self, from: data)
        #expect(lenient == expected)
        #expect(
            lenient.items.map(\.decoderPath) == [
                ["items", "Index 0#0"], ["items", "Index 1#1"], ["items", "Index 2#2"],
            ])
        #expect(
            lenient.grid.flatMap { $0 }.map(\.containerPath) == [
                ["grid", "Index 0#0", "Index 0#0"], ["grid", "Index 2#2", "Index 0#0"],
                ["grid", "Index 2#2", "Index 1#1"],
            ])
        // A kept decoder tells where its decode is now, as JSONDecoder's does.
        #expect(
            lenient.grid.flatMap { $0 }.map { pathStrings($0.keptDecoder.codingPath) }
                == expected.grid.flatMap { $0 }.map { pathStrings($0.keptDecoder.codingPath) })
        let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        #expect(try LenientJSONDecoder(policy: policy).decode(Outer.self, fromJSONObject: tree) == expected)
    }

    struct Item: Codable, Equatable {
        let id: Int
        let tags: [String]
        let child: Child?
    }

    struct Child: Codable, Equatable {
        let flag: Bool
    }

    /// Elements that fail at various depths: the error's case and path are JSONDecoder's.
    static let failing = [
        #"[{"id": 1, "tags": []}, {"id": "x", "tags": []}]"#,
        #"[{"id": 1, "tags": []}, {"id": 2, "tags": [1]}]"#,
        #"[{"id": 1, "tags": [], "child": {"flag": 3}}]"#,
        #"[{"id": 1, "tags": []}, {"id": 2}]"#,
        #"[{"id": 1, "tags": []}, {"id": 2, "tags": [], "child": {}}]"#,
        #"[{"id": 1, "tags": []}, null]"#,
        #"[{"id": 1, "tags": []}, 7]"#,
        #"[[{"id": 1, "tags": []}], [{"id": 1, "tags": [], "child": {"flag": null}}]]"#,
    ]

    @Test("Errors inside array elements carry JSONDecoder's path", arguments: failing)
    func errors(json: String) {
        if json.hasPrefix("[[") {
            #expect(!expectParity([[Item]].self, json: json).foundation.succeeded)
        } else {
            #expect(!expectParity([Item].self, json: json).foundation.succeeded)
        }
    }

    /// Under `.recover`, an element that cannot be decoded is dropped and reported at its
    /// own index; the elements around it keep theirs.
    @Test("Dropped elements are reported at their index")
    func droppedElements() throws {
        let json = #"[{"id": 1, "tags": []}, 7, {"id": 3, "tags": ["a"]}, "x", {"id": 5, "tags": []}]"#
        var report = LenientDecodingReport()
        let items = try LenientJSONDecoder(policy: .permissive).decode(
            [Item].self, from: Data(json.utf8), report: &report)
        #expect(
            items == [
                Item(id: 1, tags: [], child: nil), Item(id: 3, tags: ["a"], child: nil),
                Item(id: 5, tags: [], child: nil),
            ])
        #expect(report.events.filter { $0.kind == .droppedElement }.map(\.path) == ["$[1]", "$[3]"])
    }

    /// A model element that only a coercion reads (JSON text in a string) is reported, and
    /// its inner values are located, at its own index: the element's key is made only on
    /// this path, and must be the index.
    @Test("A coerced model element is reported at its index")
    func coercedElement() throws {
        let json = #"[{"id": 1, "tags": []}, "{\"id\": 2, \"tags\": [\"t\"]}", {"id": 3, "tags": []}]"#
        var report = LenientDecodingReport()
        var policy = LenientPolicy.lenient
        policy.coercions.insert(.jsonInStrings)
        let items = try LenientJSONDecoder(policy: policy).decode([Item].self, from: Data(json.utf8), report: &report)
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items[1].tags == ["t"])
        #expect(report.events.filter { $0.kind == .coerced }.map(\.path) == ["$[1]"])
    }

    /// An element that fails as a model throws an error naming the element's index, under
    /// every policy (the error's path is built from the element's key, made only then).
    @Test("A failing model element names its index", arguments: [LenientPolicy.lenient, .strict])
    func failingElement(policy: LenientPolicy) {
        let json = #"[{"id": 1, "tags": []}, {"id": 2, "tags": []}, true]"#
        do {
            _ = try LenientJSONDecoder(policy: policy).decode([Item].self, from: Data(json.utf8))
            Issue.record("decoded an array with a Bool element as [Item]")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(pathStrings(context.codingPath) == ["Index 2#2"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
