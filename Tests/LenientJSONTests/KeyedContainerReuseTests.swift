import Foundation
import LenientJSON
import Testing

/// A keyed container is reused for the next object of its key type once its model has
/// dropped it. A container still held — by a recursive model reading a nested value of its
/// own type, or kept by a model past its `init(from:)` — must keep reading its own object,
/// and the reuse must not keep the decoder alive after the decode.
@Suite("Keyed container reuse")
struct KeyedContainerReuseTests {
    /// A tree: each node reads its children while its own container is held.
    struct Node: Codable, Equatable {
        let name: String
        let value: Int
        let children: [Node]
    }

    static func tree(depth: Int, width: Int, prefix: String = "n") -> Node {
        Node(
            name: prefix, value: prefix.count * 7 + depth,
            children: depth == 0
                ? [] : (0..<width).map { tree(depth: depth - 1, width: width, prefix: "\(prefix).\($0)") })
    }

    @Test("a recursive model reads every level's own object", arguments: [(0, 0), (1, 3), (4, 2), (3, 5), (40, 1)])
    func recursiveModel(depth: Int, width: Int) throws {
        let data = try JSONEncoder().encode(Self.tree(depth: depth, width: width))
        let expected = try JSONDecoder().decode(Node.self, from: data)
        #expect(try LenientJSONDecoder().decode(Node.self, from: data) == expected)
        #expect(try LenientJSONDecoder(policy: .strict).decode(Node.self, from: data) == expected)
        let tree = try JSONSerialization.jsonObject(with: data)
        #expect(try LenientJSONDecoder().decode(Node.self, fromJSONObject: tree) == expected)
    }

    /// Keeps its container past `init(from:)`; `later()` reads `name` through it again.
    final class Keeper: Decodable, @unchecked Sendable {
        enum CodingKeys: String, CodingKey { case name, id }
        let container: KeyedDecodingContainer<CodingKeys>
        let id: Int

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
        }

        func later() throws -> String { try container.decode(String.self, forKey: .name) }
        var path: [String] { container.codingPath.map(\.stringValue) }
    }

    /// Each kept container still reads its own object (and path) after objects of the same key
    /// type were read with other containers.
    @Test("containers kept by models read their own objects", arguments: [1, 2, 5, 40])
    func keptContainers(count: Int) throws {
        let json = "[" + (0..<count).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",") + "]"
        let data = Data(json.utf8)
        for decoder in [JSONDecoder(), LenientJSONDecoder(), LenientJSONDecoder(policy: .strict)] {
            let keepers = try decoder.decode([Keeper].self, from: data)
            #expect(try keepers.map { try $0.later() } == (0..<count).map { "item \($0)" })
            #expect(keepers.map(\.id) == Array(0..<count))
            #expect(keepers.map(\.path) == (0..<count).map { ["Index \($0)"] })
        }
    }

    /// Reads one container, drops it, and reads a second container of the same key type on
    /// the same object, which the first read's values must not leak into.
    struct Twice: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case a, b }
        let a: Int
        let b: Int
        let inner: [Twice]?

        init(a: Int, b: Int, inner: [Twice]?) {
            self.a = a
            self.b = b
            self.inner = inner
        }

        init(from decoder: any Decoder) throws {
            a = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .a)
            b = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .b)
            inner = try? decoder.singleValueContainer().decode(Inner.self).inner
        }

        struct Inner: Decodable {
            let inner: [Twice]?
        }
    }

    @Test("a container asked for again on the same object, between nested ones")
    func containerAskedTwice() throws {
        let data = Data(#"{"a": 1, "b": 2, "inner": [{"a": 3, "b": 4}, {"a": 5, "b": 6, "inner": []}]}"#.utf8)
        let expected = try JSONDecoder().decode(Twice.self, from: data)
        #expect(expected == Twice(a: 1, b: 2, inner: [Twice(a: 3, b: 4, inner: nil), Twice(a: 5, b: 6, inner: [])]))
        #expect(try LenientJSONDecoder().decode(Twice.self, from: data) == expected)
    }

    struct Item: Decodable {
        let id: Int
        let tags: [String]
    }

    /// An error in the n-th object of a key type names that object's path and position, not
    /// the path of an object a reused container read before.
    @Test("errors name the object being read", arguments: [0, 1, 7, 30])
    func errorPath(bad: Int) throws {
        let items = (0..<32).map { $0 == bad ? #"{"id": "x\#($0)", "tags": []}"# : #"{"id": \#($0), "tags": ["a"]}"# }
        let data = Data(("[\n" + items.joined(separator: ",\n") + "\n]").utf8)
        func path(_ decoder: JSONDecoder) -> [String]? {
            do {
                _ = try decoder.decode([Item].self, from: data)
                return nil
            } catch let DecodingError.typeMismatch(_, context) {
                return context.codingPath.map(\.stringValue)
            } catch {
                return nil
            }
        }
        let expected = path(JSONDecoder())
        #expect(expected == ["Index \(bad)", "id"])
        #expect(path(LenientJSONDecoder(policy: .strict)) == expected)
        do {
            _ = try LenientJSONDecoder(policy: .strict).decode([Item].self, from: data)
        } catch {
            #expect("\(error)".contains("line \(bad + 2)"))
        }
    }

    /// Holds the decoder weakly, to see whether anything keeps it alive after the decode.
    struct WeaklySeen: Decodable {
        enum CodingKeys: String, CodingKey { case a }
        nonisolated(unsafe) static weak var lastDecoder: AnyObject?
        let a: Int

        init(from decoder: any Decoder) throws {
            Self.lastDecoder = decoder as AnyObject
            a = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .a)
        }
    }

    /// Reused containers hold their decoder; the decode ends by letting them go.
    @Test("no decoder outlives its decode", .serialized, arguments: ["data", "object", "failing"])
    func decoderReleased(input: String) throws {
        let decoder = LenientJSONDecoder()
        func decode() throws {
            switch input {
            case "data":
                #expect(
                    try decoder.decode([WeaklySeen].self, from: Data(#"[{"a": 1}, {"a": 2}]"#.utf8)).map(\.a) == [1, 2])
            case "object":
                #expect(
                    try decoder.decode([WeaklySeen].self, fromJSONObject: [["a": 1], ["a": 2]]).map(\.a) == [1, 2])
            default:
                #expect(throws: DecodingError.self) {
                    try decoder.decode([WeaklySeen].self, from: Data(#"[{"a": 1}, {"b": 2}]"#.utf8))
                }
            }
        }
        try decode()
        #expect(WeaklySeen.lastDecoder == nil)
    }
}
