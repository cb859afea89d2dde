// Helpers for CorpusParityTests: JSONSerialization trees in a comparable form, their
// differences by JSON path, and an encoder that lists every key a model encodes, nil or not.

import Foundation

/// A JSONSerialization tree with numbers compared by value: an integral floating-point number
/// equals the integer (`-55` and `-55.0`), as number formatting differs between JSONEncoder's
/// output and the corpora's text.
///
/// On Linux, JSONSerialization returns numbers with more significant digits than a `Double`
/// holds (most of canada.json's) as `NSDecimalNumber`, whose `doubleValue` is not correctly
/// rounded (`43.420273000000009` gives 43.420273000000016, 2 ULPs off 43.42027300000001); such
/// numbers are read from their exact decimal text instead.
indirect enum CorpusTree: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([CorpusTree])
    case object([String: CorpusTree])

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// `data` parsed by JSONSerialization.
    init(json data: Data) throws {
        self.init(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// `object` from `JSONSerialization.jsonObject(with:)`.
    init(_ object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let decimal as NSDecimalNumber:
            self = CorpusTree(decimalText: decimal.description)
        case let number as NSNumber:
            self = CorpusTree(number: number)
        case let array as [Any]:
            self = .array(array.map(CorpusTree.init))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(CorpusTree.init))
        default:
            fatalError("not a JSONSerialization value: \(type(of: object))")
        }
    }

    private init(number: NSNumber) {
        if ObjectIdentifier(type(of: number)) == Self.booleanClass {
            self = .bool(number.boolValue)
            return
        }
        switch String(cString: number.objCType) {
        case "d", "f":
            self = CorpusTree(double: number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let value = number.uint64Value
            self = Int64(exactly: value).map(CorpusTree.integer) ?? .unsigned(value)
        default:
            self = .integer(number.int64Value)
        }
    }

    private init(decimalText text: String) {
        if let integer = Int64(text) {
            self = .integer(integer)
        } else if let unsigned = UInt64(text) {
            self = .unsigned(unsigned)
        } else if let value = Double(text) {
            self = CorpusTree(double: value)
        } else {
            fatalError("unreadable NSDecimalNumber text \(text)")
        }
    }

    private init(double value: Double) {
        if value.rounded() == value, let integer = Int64(exactly: value) {
            self = .integer(integer)
        } else {
            self = .double(value)
        }
    }

    /// The same tree without object members whose value is `null` (at any depth).
    var removingNullMembers: CorpusTree {
        switch self {
        case .array(let elements):
            return .array(elements.map(\.removingNullMembers))
        case .object(let members):
            return .object(members.filter { $0.value != .null }.mapValues(\.removingNullMembers))
        default:
            return self
        }
    }

    /// Paths (`$.a[0].b`) of every object member whose value is `null`.
    func nullMemberPaths(at path: String = "$") -> [String] {
        switch self {
        case .array(let elements):
            return elements.indices.flatMap { elements[$0].nullMemberPaths(at: "\(path)[\($0)]") }
        case .object(let members):
            return members.keys.sorted().flatMap { key -> [String] in
                let member = members[key]!
                let memberPath = CorpusTree.path(path, key)
                return member == .null ? [memberPath] : member.nullMemberPaths(at: memberPath)
            }
        default:
            return []
        }
    }

    /// Up to `limit` differences between `self` (expected) and `other` (actual), by path.
    func differences(from other: CorpusTree, at path: String = "$", limit: Int = 20) -> [String] {
        var found: [String] = []
        collectDifferences(other, path, limit, &found)
        return found
    }

    private func collectDifferences(_ other: CorpusTree, _ path: String, _ limit: Int, _ found: inout [String]) {
        guard found.count < limit else { return }
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            if lhs.count != rhs.count {
                found.append("\(path): \(lhs.count) elements, found \(rhs.count)")
            }
            for index in 0..<min(lhs.count, rhs.count) {
                lhs[index].collectDifferences(rhs[index], "\(path)[\(index)]", limit, &found)
            }
        case (.object(let lhs), .object(let rhs)):
            for key in Set(lhs.keys).union(rhs.keys).sorted() {
                let memberPath = CorpusTree.path(path, key)
                switch (lhs[key], rhs[key]) {
                case (let expected?, let actual?):
                    expected.collectDifferences(actual, memberPath, limit, &found)
                case (let expected?, nil):
                    found.append("\(memberPath): missing, expected \(expected.summary)")
                case (nil, let actual?):
                    found.append("\(memberPath): unexpected \(actual.summary)")
                case (nil, nil):
                    break
                }
                if found.count >= limit { return }
            }
        default:
            if self != other {
                found.append("\(path): expected \(summary), found \(other.summary)")
            }
        }
    }

    private static func path(_ parent: String, _ key: String) -> String {
        let plain =
            key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain ? "\(parent).\(key)" : "\(parent)['\(key)']"
    }

    private var summary: String {
        switch self {
        case .array(let elements): return "array of \(elements.count)"
        case .object(let members): return "object of \(members.count)"
        default: return description
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .unsigned(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return String(reflecting: value)
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{"
                + members.keys.sorted().map { "\(String(reflecting: $0)): \(members[$0]!)" }
                .joined(separator: ", ") + "}"
        }
    }
}

/// Lists the JSON path of every keyed member a value encodes, including `nil` Optionals that
/// synthesized `Encodable` passes to `encodeIfPresent` and JSONEncoder then leaves out.
final class CodingKeyRecorder {
    private(set) var paths: Set<String> = []

    static func paths(of value: some Encodable) throws -> Set<String> {
        let recorder = CodingKeyRecorder()
        try value.encode(to: RecordingEncoder(recorder: recorder, path: "$"))
        return recorder.paths
    }

    fileprivate func record(_ path: String) { paths.insert(path) }

    fileprivate static func path(_ parent: String, _ key: any CodingKey) -> String {
        let name = key.stringValue
        let plain =
            name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain ? "\(parent).\(name)" : "\(parent)['\(name)']"
    }
}

private struct RecordingEncoder: Encoder {
    let recorder: CodingKeyRecorder
    let path: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordingKeyedContainer<Key>(recorder: recorder, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordingUnkeyedContainer(recorder: recorder, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordingSingleValueContainer(recorder: recorder, path: path)
    }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: CodingKeyRecorder
    let path: String
    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key) -> String {
        let memberPath = CodingKeyRecorder.path(path, key)
        recorder.record(memberPath)
        return memberPath
    }

    mutating func encodeNil(forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: String, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { _ = member(key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { _ = member(key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: RecordingEncoder(recorder: recorder, path: member(key)))
    }

    // Synthesized Encodable calls these for Optionals: record the key even for nil.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { _ = member(key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        let memberPath = member(key)
        try value?.encode(to: RecordingEncoder(recorder: recorder, path: memberPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordingKeyedContainer<NestedKey>(recorder: recorder, path: member(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RecordingUnkeyedContainer(recorder: recorder, path: member(key))
    }

    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, path: path) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RecordingEncoder(recorder: recorder, path: member(key))
    }
}

private struct RecordingUnkeyedContainer: UnkeyedEncodingContainer {
    let recorder: CodingKeyRecorder
    let path: String
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(recorder: CodingKeyRecorder, path: String) {
        self.recorder = recorder
        self.path = path
    }

    private mutating func nextPath() -> String {
        defer { count += 1 }
        return "\(path)[\(count)]"
    }

    mutating func encodeNil() throws { _ = nextPath() }
    mutating func encode(_ value: Bool) throws { _ = nextPath() }
    mutating func encode(_ value: String) throws { _ = nextPath() }
    mutating func encode(_ value: Double) throws { _ = nextPath() }
    mutating func encode(_ value: Float) throws { _ = nextPath() }
    mutating func encode(_ value: Int) throws { _ = nextPath() }
    mutating func encode(_ value: Int8) throws { _ = nextPath() }
    mutating func encode(_ value: Int16) throws { _ = nextPath() }
    mutating func encode(_ value: Int32) throws { _ = nextPath() }
    mutating func encode(_ value: Int64) throws { _ = nextPath() }
    mutating func encode(_ value: UInt) throws { _ = nextPath() }
    mutating func encode(_ value: UInt8) throws { _ = nextPath() }
    mutating func encode(_ value: UInt16) throws { _ = nextPath() }
    mutating func encode(_ value: UInt32) throws { _ = nextPath() }
    mutating func encode(_ value: UInt64) throws { _ = nextPath() }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: RecordingEncoder(recorder: recorder, path: nextPath()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(RecordingKeyedContainer<NestedKey>(recorder: recorder, path: nextPath()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordingUnkeyedContainer(recorder: recorder, path: nextPath())
    }

    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, path: nextPath()) }
}

private struct RecordingSingleValueContainer: SingleValueEncodingContainer {
    let recorder: CodingKeyRecorder
    let path: String
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: RecordingEncoder(recorder: recorder, path: path))
    }
}
