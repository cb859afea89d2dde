import Foundation
import LenientJSON
import Testing

// MARK: - Row type

/// One row of the parity table: input bytes, a decoder configuration, and the comparison for
/// one target type (type-erased in the closures).
struct ParityCase: Sendable, CustomTestStringConvertible {
    let name: String
    let data: Data
    let configure: Configure
    /// Whether `fromJSONObject` on `JSONSerialization`'s tree is compared too.
    let objectInput: Bool
    let sourceLocation: SourceLocation
    let checkData: @Sendable (ParityCase) -> Void
    let checkObject: @Sendable (ParityCase) -> Bool

    var testDescription: String { name }

    /// A row from JSON text; `«FF»` in the text stands for the raw byte 0xFF (`«C2A0»` for
    /// several bytes), so invalid UTF-8 and control characters can be written.
    static func row<T: Decodable & Equatable & Sendable>(
        _ json: String, as type: T.Type, _ note: String = "",
        checkDefaultPolicy: Bool = true, objectInput: Bool = true, largeStack: Bool = false,
        configure: @escaping Configure = noConfiguration,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityCase {
        bytes(
            raw(json), as: type, note, checkDefaultPolicy: checkDefaultPolicy, objectInput: objectInput,
            largeStack: largeStack, configure: configure, sourceLocation: sourceLocation)
    }

    static func bytes<T: Decodable & Equatable & Sendable>(
        _ bytes: [UInt8], as type: T.Type, _ note: String = "",
        checkDefaultPolicy: Bool = true, objectInput: Bool = true, largeStack: Bool = false,
        configure: @escaping Configure = noConfiguration,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityCase {
        let data = Data(bytes)
        let name = (note.isEmpty ? "" : "[\(note)] ") + describeInput(data, limit: 70) + " as \(T.self)"
        return ParityCase(
            name: name, data: data, configure: configure,
            objectInput: objectInput && isObjectSafe(bytes), sourceLocation: sourceLocation,
            checkData: { row in
                var parity =
                    largeStack
                    ? onLargeStack { decodeAll(T.self, from: row.data, configure: row.configure) }
                    : decodeAll(T.self, from: row.data, configure: row.configure)
                if !checkDefaultPolicy { parity.lenient = parity.foundation }
                if let problem = parityProblem(parity) {
                    Issue.record(
                        "\(problem)\n  row: \(row.name)\n\(report(parity))", sourceLocation: row.sourceLocation)
                }
            },
            checkObject: { row in
                expectObjectParity(
                    T.self, from: row.data, configure: row.configure, label: row.name,
                    checkDefaultPolicy: checkDefaultPolicy, sourceLocation: row.sourceLocation)
            })
    }

    /// `JSONSerialization` rounds long numbers through `Double` and drops the sign of `-0`;
    /// such rows are not compared as object trees.
    static func isObjectSafe(_ bytes: [UInt8]) -> Bool {
        var digits = 0
        var inExponent = false
        var exponentDigits = 0
        var previous: UInt8 = 0
        for b in bytes {
            if b >= 0x30 && b <= 0x39 {
                if inExponent { exponentDigits += 1 } else { digits += 1 }
                if digits > 15 || exponentDigits > 2 { return false }
                if previous == UInt8(ascii: "-") && b == UInt8(ascii: "0") { return false }
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                inExponent = digits > 0
            } else if b == UInt8(ascii: ".") || ((b == UInt8(ascii: "-") || b == UInt8(ascii: "+")) && inExponent) {
            } else {
                digits = 0; inExponent = false; exponentDigits = 0
            }
            previous = b
        }
        return true
    }
}

/// Bytes of `text`, with `«hex»` replaced by raw bytes.
func raw(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "«") {
        out += Array(rest[..<open].utf8)
        let close = rest[open...].firstIndex(of: "»")!
        let hex = rest[rest.index(after: open)..<close].filter { $0 != " " }
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        rest = rest[rest.index(after: close)...]
    }
    return out + Array(rest.utf8)
}

// MARK: - Models

struct Wrap<T: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
    var v: T
    static func == (a: Wrap, b: Wrap) -> Bool { sameValue(a.v, b.v) }
}
struct OptWrap<T: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
    var v: T?
    static func == (a: OptWrap, b: OptWrap) -> Bool {
        switch (a.v, b.v) {
        case (nil, nil): return true
        case (let x?, let y?): return sameValue(x, y)
        default: return false
        }
    }
}
struct Used: Decodable, Equatable, Sendable { var used: Int }

struct Address: Decodable, Equatable, Sendable { var street: String; var zip: Int }
struct Person: Decodable, Equatable, Sendable {
    var name: String
    var age: Int
    var address: Address?
    var tags: [String]?
}

enum Color: String, Decodable, Equatable, Sendable { case red, green, blue = "BLUE" }
enum Level: Int, Decodable, Equatable, Sendable { case low = 1, high = 2 }
struct Palette: Decodable, Equatable, Sendable { var main: Color; var level: Level?; var others: [Color] }

struct Many: Decodable, Equatable, Sendable { var k0: Int; var k50: Int; var k99: Int }
struct Accented: Decodable, Equatable, Sendable { var é: Int }  // NFC key

struct SnakeModel: Decodable, Equatable, Sendable {
    var firstName: String?
    var _leading: Int?
    var trailing_: Int?
    var aB: Int?
    var urlValue: Int?
    var a1: Int?
    var __: Int?
    var _aB_: Int?
    var allCaps: Int?
    var already: Int?
    var userID: Int?
}

/// The keys of an object (sorted) and of every nested object, as the decoder presents them.
struct KeyNames: Decodable, Equatable, Sendable {
    var names: [String]
    var children: [String: KeyNames]
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        names = Set(c.allKeys.map(\.stringValue)).sorted()
        var children: [String: KeyNames] = [:]
        for key in c.allKeys where (try? c.nestedContainer(keyedBy: AnyKey.self, forKey: key)) != nil {
            children[key.stringValue] = try c.decode(KeyNames.self, forKey: key)
        }
        self.children = children
    }
}

/// Decodes any value without looking inside it.
struct Ignore: Decodable, Equatable, Sendable {
    init(from decoder: any Decoder) throws {}
}

/// The nesting depth of `[[[…]]]` or `{"a":{"a":…}}`, decoded recursively.
struct Depth: Decodable, Equatable, Sendable {
    var depth: Int
    init(from decoder: any Decoder) throws {
        if var u = try? decoder.unkeyedContainer() {
            depth = u.isAtEnd ? 1 : try u.decode(Depth.self).depth + 1
        } else if let c = try? decoder.container(keyedBy: AnyKey.self) {
            depth = try c.allKeys.first.map { try c.decode(Depth.self, forKey: $0).depth + 1 } ?? 1
        } else {
            depth = 0
        }
    }
}

let infoKey = CodingUserInfoKey(rawValue: "parity.info")!

/// Reads `userInfo` and records it with the coding path it was read at.
struct UserInfoReader: Decodable, Equatable, Sendable {
    var info: String
    var inner: [InnerInfo]
    struct InnerInfo: Decodable, Equatable, Sendable {
        var info: String
        init(from decoder: any Decoder) throws {
            info = "\(decoder.userInfo[infoKey] ?? "none")@\(pathStrings(decoder.codingPath))"
        }
    }
    init(from decoder: any Decoder) throws {
        info = "\(decoder.userInfo[infoKey] ?? "none")"
        inner = try decoder.container(keyedBy: AnyKey.self).decode([InnerInfo].self, forKey: AnyKey("inner"))
    }
}

/// The structure of any JSON value, with the coding path seen at every node. Tries several
/// types in turn, so the default policy is exempt (HandWrittenDecoders article).
indirect enum Recorder: Decodable, Equatable, Sendable {
    case null([String]), bool(Bool, [String]), number(String, [String]), string(String, [String])
    case array([Recorder], [String]), object([String: Recorder], [String])

    init(from decoder: any Decoder) throws {
        let path = pathStrings(decoder.codingPath)
        let s = try decoder.singleValueContainer()
        if s.decodeNil() { self = .null(path); return }
        if let b = try? s.decode(Bool.self) { self = .bool(b, path); return }
        if let d = try? s.decode(Decimal.self) { self = .number("\(d)", path); return }
        if let t = try? s.decode(String.self) { self = .string(t, path); return }
        if var u = try? decoder.unkeyedContainer() {
            var items: [Recorder] = []
            while !u.isAtEnd { items.append(try u.decode(Recorder.self)) }
            self = .array(items, path)
            return
        }
        let c = try decoder.container(keyedBy: AnyKey.self)
        var members: [String: Recorder] = [:]
        for key in c.allKeys { members[key.stringValue] = try c.decode(Recorder.self, forKey: key) }
        self = .object(members, path)
    }
}

// MARK: - Container probes

/// A log of container operations and their results (or error case and path).
struct Log: Equatable, Sendable, CustomStringConvertible {
    var entries: [String] = []
    mutating func step<R>(_ name: String, _ body: () throws -> R) {
        do { entries.append("\(name) = \(try body())") } catch { entries.append("\(name) ! \(short(error))") }
    }
    var description: String { entries.joined(separator: "\n    ") }
}

/// An error's case and path; the path is left out for `dataCorrupted` (LenientJSON reports
/// the full path where Foundation reports `[]`).
func short(_ error: any Error) -> String {
    let info = ErrorInfo(error)
    if info.kind == "dataCorrupted" { return info.kind }
    // JSONDecoder throws its internal JSONError inside `init(from:)` for out-of-range numbers
    // and turns it into dataCorrupted only at the top level; LenientJSON throws dataCorrupted.
    if info.kind == "other(JSONError)" { return "dataCorrupted" }
    return "\(info.kind)\(info.key.map { "(\($0))" } ?? "") \(info.pathDescription)"
}

/// Exercises a keyed container: `contains`, `allKeys`, `decodeNil`, `decodeIfPresent`, nested
/// containers, `superDecoder()` / `superDecoder(forKey:)` (present and missing), and the
/// coding path seen by nested `init(from:)`.
struct KeyedProbe: Decodable, Equatable, Sendable {
    var log = Log()
    enum K: String, CodingKey, CaseIterable { case name, inner, list, child, missing, nothing, wrong, `super`, number }

    init(from decoder: any Decoder) throws {
        var log = Log()
        log.step("decoder.codingPath") { pathStrings(decoder.codingPath) }
        let c = try decoder.container(keyedBy: K.self)
        log.step("codingPath") { pathStrings(c.codingPath) }
        log.step("allKeys") { Set(c.allKeys.map(\.stringValue)).sorted() }
        for k in K.allCases {
            let k = k.stringValue
            log.step("contains \(k)") { c.contains(K(rawValue: k)!) }
            let key = K(rawValue: k)!
            log.step("decodeNil \(k)") { try c.decodeNil(forKey: key) }
            log.step("Int? \(k)") { try c.decodeIfPresent(Int.self, forKey: key) }
            log.step("String? \(k)") { try c.decodeIfPresent(String.self, forKey: key) }
            log.step("[Int]? \(k)") { try c.decodeIfPresent([Int].self, forKey: key) }
            log.step("Address? \(k)") { try c.decodeIfPresent(Address.self, forKey: key) }
            log.step("Bool \(k)") { try c.decode(Bool.self, forKey: key) }
            log.step("UInt8 \(k)") { try c.decode(UInt8.self, forKey: key) }
        }
        log.step("inner keyed") {
            let n = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .inner)
            return
                """
                \(pathStrings(n.codingPath)) \(Set(n.allKeys.map(\.stringValue)).sorted()) a\
                =\(try n.decode(Int.self, forKey: AnyKey("a")))
                """
        }
        log.step("inner keyed nested") {
            let n = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .inner)
            var u = try n.nestedUnkeyedContainer(forKey: AnyKey("b"))
            return "\(pathStrings(u.codingPath)) \(u.count ?? -1) \(try u.decode(Int.self))"
        }
        log.step("inner as unkeyed") { try c.nestedUnkeyedContainer(forKey: .inner).count }
        log.step("missing keyed") { try c.nestedContainer(keyedBy: AnyKey.self, forKey: .missing).allKeys.count }
        log.step("missing unkeyed") { try c.nestedUnkeyedContainer(forKey: .missing).count }
        log.step("nothing keyed") { try c.nestedContainer(keyedBy: AnyKey.self, forKey: .nothing).allKeys.count }
        log.step("list unkeyed") {
            var u = try c.nestedUnkeyedContainer(forKey: .list)
            var parts = ["count=\(u.count ?? -1)", "path=\(pathStrings(u.codingPath))"]
            while !u.isAtEnd {
                parts.append("i=\(u.currentIndex)")
                if try u.decodeNil() { parts.append("nil"); continue }
                do { parts.append("int \(try u.decode(Int.self))"); continue } catch { parts.append(short(error)) }
                parts.append("after failure i=\(u.currentIndex)")
                parts.append("\(try u.decode(Recorder.self))")
            }
            parts.append("end i=\(u.currentIndex) atEnd=\(u.isAtEnd)")
            do { _ = try u.decode(Int.self) } catch { parts.append("past end: " + short(error)) }
            parts.append("i=\(u.currentIndex)")
            do { _ = try u.decodeNil() } catch { parts.append("past end nil: " + short(error)) }
            parts.append("i=\(u.currentIndex)")
            do { _ = try u.nestedContainer(keyedBy: AnyKey.self) } catch {
                parts.append("past end keyed: " + short(error))
            }
            do { _ = try u.nestedUnkeyedContainer() } catch { parts.append("past end unkeyed: " + short(error)) }
            do { _ = try u.superDecoder() } catch { parts.append("past end super: " + short(error)) }
            parts.append("i=\(u.currentIndex)")
            do { _ = try u.decodeIfPresent(Int.self) } catch { parts.append("past end ifPresent: " + short(error)) }
            parts.append("after ifPresent past end i=\(u.currentIndex)")
            return parts
        }
        log.step("superDecoder()") {
            let s = try c.superDecoder()
            return "\(pathStrings(s.codingPath)) \(try Recorder(from: s))"
        }
        for k in [K.child, .missing, .nothing, .super] {
            log.step("superDecoder(forKey: \(k.stringValue))") {
                let s = try c.superDecoder(forKey: k)
                let single = try s.singleValueContainer()
                var parts = [
                    "\(pathStrings(s.codingPath))", "single path \(pathStrings(single.codingPath))",
                    "nil=\(single.decodeNil())",
                ]
                do {
                    parts.append(
                        "keys \(Set(try s.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)).sorted())")
                } catch { parts.append(short(error)) }
                do { parts.append("\(try Recorder(from: s))") } catch { parts.append(short(error)) }
                do { parts.append("Int? \(String(describing: try Int?(from: s)))") } catch {
                    parts.append(short(error))
                }
                return parts
            }
        }
        log.step("child Recorder") { try c.decode(Recorder.self, forKey: .child) }
        log.step("list Recorder") { try c.decode(Recorder.self, forKey: .list) }
        log.step("name") { try c.decode(String.self, forKey: .name) }
        self.log = log
    }
}

/// Exercises an unkeyed container: `count`, `isAtEnd`, `currentIndex` after success and
/// failure, `decodeNil`, nested containers, `superDecoder()`, and decoding past the end.
struct UnkeyedProbe: Decodable, Equatable, Sendable {
    var log = Log()
    init(from decoder: any Decoder) throws {
        var log = Log()
        var u = try decoder.unkeyedContainer()
        func state(_ u: any UnkeyedDecodingContainer) -> String {
            "i=\(u.currentIndex) end=\(u.isAtEnd) count=\(u.count ?? -1)"
        }
        log.step("start") { "\(state(u)) path=\(pathStrings(u.codingPath))" }
        log.step("decodeNil") { "\(try u.decodeNil()) \(state(u))" }
        log.step("String") { try u.decode(String.self) }
        log.step("after String") { state(u) }
        log.step("Int") { try u.decode(Int.self) }
        log.step("after Int") { state(u) }
        log.step("Int?") { try u.decodeIfPresent(Int.self) }
        log.step("after Int?") { state(u) }
        log.step("keyed") {
            let k = try u.nestedContainer(keyedBy: AnyKey.self)
            return
                """
                \(pathStrings(k.codingPath)) \(Set(k.allKeys.map(\.stringValue)).sorted())\
                 \(String(describing: try k.decodeIfPresent(Int.self, forKey: AnyKey("a"))))
                """
        }
        log.step("after keyed") { state(u) }
        log.step("unkeyed") {
            var n = try u.nestedUnkeyedContainer()
            var items: [Int] = []
            while !n.isAtEnd { items.append(try n.decode(Int.self)) }
            return "\(pathStrings(n.codingPath)) \(items) \(state(n))"
        }
        log.step("after unkeyed") { state(u) }
        log.step("superDecoder") {
            let s = try u.superDecoder()
            return "\(pathStrings(s.codingPath)) \(try Recorder(from: s))"
        }
        log.step("after superDecoder") { state(u) }
        log.step("Recorder") { try u.decode(Recorder.self) }
        log.step("after Recorder") { state(u) }
        while !u.isAtEnd {
            log.step("drain") { try u.decode(Ignore.self) }
        }
        log.step("past end Int") { try u.decode(Int.self) }
        log.step("past end nil") { try u.decodeNil() }
        log.step("past end keyed") { try u.nestedContainer(keyedBy: AnyKey.self).allKeys.count }
        log.step("past end unkeyed") { try u.nestedUnkeyedContainer().count }
        log.step("past end super") { pathStrings(try u.superDecoder().codingPath) }
        log.step("past end state") { state(u) }
        log.step("past end Int?") { try u.decodeIfPresent(Int.self) }
        log.step("final") { state(u) }
        self.log = log
    }
}

/// Records the coding path seen inside `init(from:)` at several depths.
struct PathRecorder: Decodable, Equatable, Sendable {
    var path: [String]
    var single: [String]
    var children: [PathRecorder]
    init(from decoder: any Decoder) throws {
        path = pathStrings(decoder.codingPath)
        single = pathStrings(try decoder.singleValueContainer().codingPath)
        if var u = try? decoder.unkeyedContainer() {
            var items: [PathRecorder] = []
            while !u.isAtEnd { items.append(try u.decode(PathRecorder.self)) }
            children = items
        } else if let c = try? decoder.container(keyedBy: AnyKey.self) {
            children = try c.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                try c.decode(PathRecorder.self, forKey: $0)
            }
        } else {
            children = []
        }
    }
}

// MARK: - The table

enum ParityTable {
    typealias Row = ParityCase

    static let rows: [ParityCase] =
        numbers + scalarsAgainstKinds + strings + literals + topLevel + encodings + containers
        + structs + enums + optionals + dateStrategies + dataStrategies + floatStrategies
        + keyStrategies + json5 + topLevelDictionary + nesting + probes + misc

    /// Number texts (valid, malformed, out of range, rounding cases).
    static let numberTexts = [
        "0", "-0", "1", "-1", "0.0", "-0.0", "1.0", "1.5", "-1.5", "1e2", "1E2", "1e+2", "100e-2", "1e-2", "2.5e-3",
        "0e10",
        "0.0e-5", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769", "65535", "65536",
        "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-18446744073709551615", "9007199254740992", "9007199254740993",
        "9007199254740993.5", "9007199254740992.0", "-9007199254740993", "12345678901234567890.5",
        "1e19", "1.8446744073709552e19", "9.223372036854775807e18", "123456789012345678901234567890",
        "1.00000000000000000000000000000000000001", "0.1000000000000000055511151231257827",
        "3.141592653589793238462643383279",
        "1e400", "-1e400", "1e-400", "-1e-400", "1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324",
        "2.4e-324",
        "3.4028235e38", "3.5e38", "1e-45", "1e-46", "1.17549435e-38", "1e38", "1e39", "1e-129", "1e127", "1e128",
        "01", "-01", "00", "1.", "-", "--1", "1e", "1e+", "1e-", "1.e1", "1.5e", "-.5", "1-", "1+1", "1e1.5", "1ee1",
        "0.0.0",
    ]

    static func numberRows(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Row] {
        func all<T: Decodable & Equatable & Sendable>(_ t: T.Type) -> [Row] {
            [
                Row.row(json, as: T.self, sourceLocation: sourceLocation),
                Row.row("{\"v\": \(json)}", as: Wrap<T>.self, sourceLocation: sourceLocation),
                Row.row("[1, \(json)]", as: [T].self, sourceLocation: sourceLocation),
            ]
        }
        return all(Int.self) + all(Int8.self) + all(Int16.self) + all(Int32.self) + all(Int64.self)
            + all(UInt.self) + all(UInt8.self) + all(UInt16.self) + all(UInt32.self) + all(UInt64.self)
            + all(Double.self) + all(Float.self) + all(Decimal.self)
            + [
                Row.row(json, as: Bool.self), Row.row(json, as: String.self),
                Row.row("{\"v\": \(json)}", as: OptWrap<Int>.self),
            ]
    }

    static let numbers: [Row] =
        numberTexts.flatMap { numberRows($0) } + [
            // Syntax-level number errors (not delimited as numbers).
            Row.row("+1", as: Int.self), Row.row(".5", as: Double.self), Row.row("[.5]", as: [Double].self),
            Row.row("0x10", as: Int.self), Row.row("1_000", as: Int.self), Row.row("Infinity", as: Double.self),
            Row.row("NaN", as: Double.self), Row.row("-Infinity", as: Double.self), Row.row("1,5", as: Double.self),
            Row.row("[1.5e3, -0.0, 0]", as: [Double].self), Row.row("[1 , 2 ,3 ]", as: [Int].self),
            // Malformed numbers nobody decodes.
            Row.row("{\"used\": 1, \"unused\": 01}", as: Used.self),
            Row.row("{\"used\": 1, \"unused\": 1.}", as: Used.self),
            Row.row("{\"used\": 1, \"unused\": -}", as: Used.self),
            Row.row("{\"used\": 1, \"unused\": 1e400}", as: Used.self),
            Row.row("{\"used\": 1, \"unused\": [1e, --2]}", as: Used.self),
            Row.row("[1, 01]", as: [Ignore].self),
            Row.row("{\"used\": 01}", as: Used.self),
        ]

    /// Every scalar type against every kind of JSON value.
    static let scalarsAgainstKinds: [Row] = {
        let inputs = ["null", "true", "false", "\"1\"", "1", "1.5", "\"\"", "[1]", "[]", "{}", "{\"a\":1}", "\"abc\""]
        func all<T: Decodable & Equatable & Sendable>(_ t: T.Type) -> [Row] {
            inputs.flatMap { json in
                [
                    Row.row(json, as: T.self),
                    Row.row(json, as: T?.self),
                    Row.row("{\"v\": \(json)}", as: Wrap<T>.self),
                    Row.row("{\"v\": \(json)}", as: OptWrap<T>.self),
                    Row.row("[\(json)]", as: [T].self),
                ]
            }
        }
        return all(Bool.self) + all(String.self) + all(Double.self) + all(Float.self) + all(Int.self)
            + all(Int8.self) + all(Int16.self) + all(Int32.self) + all(Int64.self) + all(UInt.self)
            + all(UInt8.self) + all(UInt16.self) + all(UInt32.self) + all(UInt64.self) + all(Decimal.self)
            + all(Date.self) + all(Data.self) + all(URL.self)
    }()

    /// String texts: escapes, surrogates, control characters, invalid UTF-8.
    static let stringTexts = [
        "\"\"", "\"abc\"", "\"é\"", "\"日本語\"", "\"😀\"", "\"\\u00e9\"", "\"\\u00E9\"", "\"\\ud83d\\ude00\"",
        "\"\\uD83D\\uDE00\"",
        "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"\\ud83dx\"", "\"\\ud83d\\ud83d\"", "\"\\u0000\"",
        "\"a\\u0000b\"",
        "\"\\\"\"", "\"\\\\\"", "\"\\/\"", "\"\\b\\f\\n\\r\\t\"", "\"\\x41\"", "\"\\q\"", "\"\\'\"", "\"\\u12\"",
        "\"\\u12G4\"",
        "\"\\u\"", "\"\\\"", "\"abc", "\"", "\"a«01»b\"", "\"a«1F»b\"", "\"a«09»b\"", "\"a«0A»b\"", "\"a«7F»b\"",
        "\"«00»\"",
        "\"a«FF»b\"", "\"«C0 80»\"", "\"«ED A0 80»\"", "\"«E2 82»\"", "\"«F4 90 80 80»\"", "\"«80»\"", "\"«C3»\"",
        "\"«EF BB BF»x\"", "\"e«CC 81»\"", "\"\\u00e9\\u0301\"", "\"a\\nb\\u2028\"", "\"«E2 80 A8»\"",
        "\"https://example.com/a?b=c#d\"", "\"https://example.com/a b\"", "\"not a url\"", "\"http://[::1]:80/\"",
        "\"aGVsbG8=\"", "\"aGVsbG8\"", "\"aGVs bG8=\"", "\"2016-01-17T16:13:00Z\"", "\"\\u0031\"", "\"1\"", "\"true\"",
    ]

    static let strings: [Row] = stringTexts.flatMap { json -> [Row] in
        [
            Row.row(json, as: String.self),
            Row.row("{\"v\": \(json)}", as: Wrap<String>.self),
            Row.row("[\(json), \"x\"]", as: [String].self),
            Row.row(json, as: URL.self),
            Row.row(json, as: Data.self),
            Row.row(json, as: Int.self),
            Row.row("{\"used\": 1, \"unused\": \(json)}", as: Used.self),
            Row.row("{\"used\": 1, \(json): 2}", as: Used.self),
            Row.row("{\(json): 2}", as: [String: Int].self),
            Row.row("{\"used\": 3, \(json): 2}", as: [String: Ignore].self),
            Row.row("[\(json)]", as: [Ignore].self),
        ]
    }

    static let literals: [Row] = [
        "true", "false", "null", "tru", "nul", "True", "NULL", "nulll", "truex", "t", "fals", "falsey",
        "[true,false,null]", "[true false]", "nan",
    ].flatMap { json -> [Row] in
        [
            Row.row(json, as: Bool.self), Row.row(json, as: Bool?.self), Row.row(json, as: Int?.self),
            Row.row(json, as: String?.self), Row.row(json, as: [Bool?].self), Row.row(json, as: Ignore.self),
            Row.row(json, as: Int??.self),
        ]
    }

    static let topLevel: [Row] = [
        "", " ", "\n", "1", " 1 ", "\t\n\r 1 \r\n\t", "1 2", "[] []", "{}x", "{} ", "1 «00»", "«00»1", "«0B»1", "«0C»1",
        "«C2 A0»1", "1«C2 A0»", "«E2 80 A8»1", "[1]«0A»", "«EF BB BF»", "«EF BB BF»1", "«EF BB BF» [1]",
        "«EF BB BF»«EF BB BF»1",
        "1«EF BB BF»", "[1,«EF BB BF»2]", "«EF BB»1", "/* c */ 1", "// c\n1", "1 // c", "#1",
    ].flatMap { json -> [Row] in
        [
            Row.row(json, as: Int.self), Row.row(json, as: [Int].self), Row.row(json, as: Ignore.self),
            Row.row(json, as: String.self),
        ]
    }

    // MARK: Encodings

    static func encode(_ text: String, _ form: String, bom: Bool) -> [UInt8] {
        var out: [UInt8] = []
        switch form {
        case "16LE":
            if bom { out += [0xFF, 0xFE] }
            for u in text.utf16 { out += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        case "16BE":
            if bom { out += [0xFE, 0xFF] }
            for u in text.utf16 { out += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        case "32LE":
            if bom { out += [0xFF, 0xFE, 0, 0] }
            for s in text.unicodeScalars {
                let v = s.value; out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            }
        case "32BE":
            if bom { out += [0, 0, 0xFE, 0xFF] }
            for s in text.unicodeScalars {
                let v = s.value; out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            }
        default:
            if bom { out += [0xEF, 0xBB, 0xBF] }
            out += Array(text.utf8)
        }
        return out
    }

    struct Enc: Decodable, Equatable, Sendable { var a: String; var b: [Int] }

    static let encodings: [Row] = {
        var rows: [Row] = []
        for form in ["8", "16LE", "16BE", "32LE", "32BE"] {
            for bom in [false, true] {
                let note = "UTF-\(form)\(bom ? " BOM" : "")"
                rows += [
                    Row.bytes(encode("{\"a\":\"é😀\\u00e9\",\"b\":[1,2]}", form, bom: bom), as: Enc.self, note),
                    Row.bytes(encode(" {\"a\" : \"x\", \"b\" : [ ] } ", form, bom: bom), as: Enc.self, note),
                    Row.bytes(encode("7", form, bom: bom), as: Int.self, note),
                    Row.bytes(encode("12", form, bom: bom), as: Int.self, note),
                    Row.bytes(encode("\"x\"", form, bom: bom), as: String.self, note),
                    Row.bytes(encode("\"日本\"", form, bom: bom), as: String.self, note),
                    Row.bytes(encode("[]", form, bom: bom), as: [Int].self, note),
                    Row.bytes(encode("", form, bom: bom), as: Int.self, note),
                    Row.bytes(encode(" ", form, bom: bom), as: Int.self, note),
                    Row.bytes(encode("{\"a\":1", form, bom: bom), as: [String: Int].self, note),
                    Row.bytes(encode("[1,\n 2,\n x]", form, bom: bom), as: [Int].self, note),
                    Row.bytes(encode("{\"a\":\"\\ud800\",\"b\":[]}", form, bom: bom), as: Enc.self, note),
                ]
            }
        }
        rows += [
            Row.bytes([0x37, 0x00, 0x38], as: Int.self, "UTF-16LE odd length"),
            Row.bytes([0x00, 0x37, 0x00], as: Int.self, "UTF-16BE odd length"),
            Row.bytes([0xFF, 0xFE, 0x37], as: Int.self, "UTF-16LE BOM odd length"),
            Row.bytes([0xFF, 0xFE, 0x00, 0xD8, 0x37, 0x00], as: Ignore.self, "UTF-16LE lone surrogate"),
            Row.bytes([0x22, 0x00, 0x00, 0xD8, 0x22, 0x00], as: String.self, "UTF-16LE lone surrogate in string"),
            Row.bytes([0xFE, 0xFF], as: Int.self, "UTF-16BE BOM only"),
            Row.bytes([0xFF, 0xFE, 0x00, 0x00], as: Int.self, "UTF-32LE BOM only"),
            Row.bytes([0x00, 0x00, 0xFE, 0xFF], as: Int.self, "UTF-32BE BOM only"),
            Row.bytes([0x37, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00], as: Ignore.self, "UTF-32LE beyond U+10FFFF"),
            Row.bytes([0x00], as: Int.self, "NUL"),
            Row.bytes([0x00, 0x00], as: Int.self, "two NULs"),
            Row.bytes([0x31, 0x00], as: Int.self, "1 NUL"),
        ]
        return rows
    }()

    // MARK: Containers

    static let containers: [Row] = [
        Row.row("[]", as: [Int].self), Row.row("[1,2,3]", as: [Int].self), Row.row("[1,]", as: [Int].self),
        Row.row("[1,2,]", as: [Int].self), Row.row("[,1]", as: [Int].self), Row.row("[1,,2]", as: [Int].self),
        Row.row("[,]", as: [Int].self), Row.row("[1 2]", as: [Int].self), Row.row("[", as: [Int].self),
        Row.row("]", as: [Int].self), Row.row("[1", as: [Int].self), Row.row("[1,", as: [Int].self),
        Row.row("[1}", as: [Int].self), Row.row("[[1,2],[3],[]]", as: [[Int]].self),
        Row.row("[[1],[2,\"x\"]]", as: [[Int]].self),
        Row.row("[[[\"a\"]],[[]]]", as: [[[String]]].self), Row.row("[1,null,3]", as: [Int].self),
        Row.row("[1,null,3]", as: [Int?].self),
        Row.row("[[]]", as: [[Int]].self), Row.row("[{}]", as: [[String: Int]].self), Row.row("{}", as: [Int].self),
        Row.row("[]", as: [String: Int].self), Row.row("[1.5, 2, -0.0]", as: [Float].self),
        Row.row("[1.5, 2]", as: [Decimal].self),
        Row.row("{\"a\":1,\"b\":2}", as: [String: Int].self), Row.row("{\"a\":1,\"a\":2}", as: [String: Int].self),
        Row.row("{\"a\":1,\"a\":\"x\"}", as: [String: Int].self),
        Row.row("{\"a\":\"x\",\"a\":1}", as: [String: Int].self),
        Row.row("{\"a\":1,}", as: [String: Int].self), Row.row("{,}", as: [String: Int].self),
        Row.row("{\"a\" 1}", as: [String: Int].self),
        Row.row("{\"a\":}", as: [String: Int].self), Row.row("{\"a\"}", as: [String: Int].self),
        Row.row("{a:1}", as: [String: Int].self),
        Row.row("{\"a\":1 \"b\":2}", as: [String: Int].self), Row.row("{1:2}", as: [String: Int].self),
        Row.row("{\"a\":1", as: [String: Int].self),
        Row.row("{\"a\":1]", as: [String: Int].self), Row.row("{\"a\":null}", as: [String: Int].self),
        Row.row("{\"a\":null}", as: [String: Int?].self),
        Row.row("{\"a\":[1],\"b\":[]}", as: [String: [Int]].self),
        Row.row("{\"a\":{\"b\":{\"c\":1}}}", as: [String: [String: [String: Int]]].self),
        Row.row("{\"a\":{\"b\":{\"c\":\"x\"}}}", as: [String: [String: [String: Int]]].self),
        Row.row("{\"1\":null}", as: [String: Int].self), Row.row("{\"1\":\"x\",\"a\":1}", as: [String: Int].self),
        Row.row("{\"v\":{\"0\":[1,\"x\"]}}", as: Wrap<[String: [Int]]>.self),
        Row.row("{\"1\":\"a\",\"2\":\"b\"}", as: [Int: String].self), Row.row("{\"-1\":\"a\"}", as: [Int: String].self),
        Row.row("{\"01\":\"a\"}", as: [Int: String].self), Row.row("{\"x\":\"a\"}", as: [Int: String].self),
        Row.row("{\"1\":\"a\",\"1\":\"b\"}", as: [Int: String].self),
        Row.row("{\"1.5\":\"a\"}", as: [Int: String].self),
        Row.row("{}", as: [Int: String].self), Row.row("{\"1\":1}", as: [Int: String].self),
        Row.row("[1,\"a\"]", as: [Int: String].self),
        Row.row("[\"1\",\"a\"]", as: [Int: String].self), Row.row("[\"a\",1]", as: [String: Int].self),
        Row.row("{\"1\":null}", as: [Int: Int?].self),
        Row.row("{\"a\":{\"name\":\"x\",\"age\":1},\"b\":null}", as: [String: Person?].self),
        Row.row("{\"a\":{\"name\":\"x\",\"age\":\"1\"}}", as: [String: Person].self),
        Row.row("{\"é\":1,\"e«CC 81»\":2}", as: [String: Int].self, "NFC and NFD keys"),
        Row.row("{\"e«CC 81»\":2}", as: Accented.self, "NFD key for NFC property"),
        Row.row("{\"é\":2}", as: Accented.self),
        Row.row("{\"\\u00e9\":3}", as: Accented.self),
        Row.row("{\"a\\\"b\":1,\"\\u0061\":2}", as: [String: Int].self),
        Row.row("{\"\\u0075sed\":5}", as: Used.self, "escaped key"),
        Row.row("{\"used\":5,\"\\u0075sed\":6}", as: Used.self, "duplicate via escape"),
        Row.row("{\"\\u0075sed\":6,\"used\":5}", as: Used.self, "duplicate via escape, escaped first"),
        Row.row("{\"used\":1,\"used\":2}", as: Used.self), Row.row("{\"used\":1,\"used\":\"x\"}", as: Used.self),
        Row.row("{\"used\":\"x\",\"used\":1}", as: Used.self), Row.row("{\"used\":1,\"used\":}", as: Used.self),
        Row.row(manyKeys(duplicate: false), as: Many.self), Row.row(manyKeys(duplicate: true), as: Many.self),
        Row.row(manyKeys(duplicate: true), as: [String: Int].self),
        Row.row(manyKeys(duplicate: true), as: KeyNames.self),
        Row.row("{\"k0\":1,\"k50\":2,\"k99\":3,\"k0\":4}", as: Many.self),
        Row.row("{\"k0\":1,\"k50\":2}", as: Many.self),
    ]

    static func manyKeys(duplicate: Bool) -> String {
        var members = (0..<100).map { "\"k\($0)\": \($0)" }
        if duplicate { members += ["\"k0\": \"dup\"", "\"k99\": -1"] }
        return "{" + members.joined(separator: ", ") + "}"
    }

    // MARK: Structs, enums, optionals

    static let structs: [Row] =
        [
            "{\"name\":\"A\",\"age\":30}",
            "{\"name\":\"A\",\"age\":30,\"address\":{\"street\":\"S\",\"zip\":12345},\"tags\":[\"x\"]}",
            "{\"name\":\"A\"}", "{\"age\":30}", "{}", "{\"name\":\"A\",\"age\":null}", "{\"name\":null,\"age\":1}",
            "{\"name\":\"A\",\"age\":\"30\"}", "{\"name\":\"A\",\"age\":30,\"address\":{\"street\":\"S\"}}",
            "{\"name\":\"A\",\"age\":30,\"address\":{\"street\":\"S\",\"zip\":\"1\"}}",
            "{\"name\":\"A\",\"age\":30,\"address\":null}", "{\"name\":\"A\",\"age\":30,\"address\":[]}",
            "{\"name\":\"A\",\"age\":30,\"tags\":[1]}", "{\"name\":\"A\",\"age\":30,\"tags\":[\"a\",null]}",
            "{\"name\":\"A\",\"age\":30,\"tags\":null}", "{\"name\":\"A\",\"age\":30,\"tags\":\"a\"}",
            "{\"name\":\"A\",\"age\":30,\"name\":\"B\"}", "{\"age\":30,\"name\":\"A\",\"age\":\"bad\"}",
            "{\"name\":\"A\",\"age\":30.0}", "{\"name\":\"A\",\"age\":3e1}", "{\"name\":\"A\",\"age\":30.5}",
            "{\"Name\":\"A\",\"age\":30}", "{\"name\":\"A\",\"age\":30,\"extra\":[1,{\"x\":null}]}",
            "{\"name\":\"A\",\"age\":30,\"extra\":tru}", "{\"name\":\"A\",\"age\":30,\"extra\":\"\\q\"}",
            "null", "[]", "\"x\"", "1", "{\"name\":\"A\",\"age\":30}}", "{\"name\":\"A\",\"age\":30,}",
        ].flatMap { json -> [Row] in
            [
                Row.row(json, as: Person.self), Row.row("[\(json)]", as: [Person].self),
                Row.row("{\"p\": \(json)}", as: [String: Person].self),
                Row.row("[\(json)]", as: [Person?].self),
            ]
        } + [
            Row.row("[{\"name\":\"A\",\"age\":1},{\"name\":\"B\",\"age\":\"x\"}]", as: [Person].self),
            Row.row(
                "{\"v\":[{\"name\":\"A\",\"age\":1,\"address\":{\"street\":\"s\",\"zip\":null}}]}",
                as: Wrap<[Person]>.self),
        ]

    static let enums: [Row] = [
        Row.row("\"red\"", as: Color.self), Row.row("\"Red\"", as: Color.self), Row.row("\"BLUE\"", as: Color.self),
        Row.row("\"blue\"", as: Color.self), Row.row("1", as: Color.self), Row.row("null", as: Color.self),
        Row.row("null", as: Color?.self), Row.row("[\"red\",\"green\"]", as: [Color].self),
        Row.row("[\"red\",\"purple\"]", as: [Color].self),
        Row.row("{\"v\":\"purple\"}", as: Wrap<Color>.self), Row.row("1", as: Level.self), Row.row("2", as: Level.self),
        Row.row("3", as: Level.self), Row.row("\"1\"", as: Level.self), Row.row("1.0", as: Level.self),
        Row.row("1.5", as: Level.self),
        Row.row("{\"main\":\"red\",\"level\":2,\"others\":[]}", as: Palette.self),
        Row.row("{\"main\":\"red\",\"level\":5,\"others\":[]}", as: Palette.self),
        Row.row("{\"main\":\"red\",\"others\":[\"BLUE\",\"red\"]}", as: Palette.self),
        Row.row("{\"main\":\"red\",\"others\":[\"BLUE\",\"Red\"]}", as: Palette.self),
        Row.row("{\"main\":\"red\",\"level\":null,\"others\":[]}", as: Palette.self),
        Row.row("{\"main\":\"red\",\"level\":\"2\",\"others\":[]}", as: Palette.self),
    ]

    static let optionals: [Row] = [
        Row.row("null", as: Int?.self), Row.row("1", as: Int?.self), Row.row("\"x\"", as: Int?.self),
        Row.row("null", as: Int.self),
        Row.row("[null]", as: [Int?].self), Row.row("[null]", as: [Int].self),
        Row.row("{\"v\":null}", as: OptWrap<Int>.self),
        Row.row("{}", as: OptWrap<Int>.self), Row.row("{\"v\":\"x\"}", as: OptWrap<Int>.self),
        Row.row("{}", as: Wrap<Int?>.self),
        Row.row("{\"v\":null}", as: Wrap<Int?>.self), Row.row("null", as: [Int]?.self), Row.row("null", as: Int??.self),
        Row.row("[null,1]", as: [Int??].self), Row.row("{\"v\":null}", as: OptWrap<Int?>.self),
        Row.row("{\"v\":[null]}", as: OptWrap<[Int?]>.self),
        Row.row("{\"v\":{}}", as: OptWrap<Person>.self), Row.row("{\"v\":null}", as: OptWrap<Person>.self),
        Row.row("{\"v\":{\"name\":\"a\",\"age\":1}}", as: OptWrap<Person>.self),
        Row.row("{\"a\":null,\"b\":1}", as: [String: Int?].self),
    ]

    // MARK: Strategies

    static func dates(_ strategy: @escaping @Sendable () -> JSONDecoder.DateDecodingStrategy) -> Configure {
        { $0.dateDecodingStrategy = strategy() }
    }

    static let customDate: @Sendable (any Decoder) throws -> Date = { decoder in
        let c = try decoder.singleValueContainer()
        let depth = Double(decoder.codingPath.count) * 1_000_000
        if let n = try? c.decode(Double.self) { return Date(timeIntervalSince1970: n * 86400 + depth) }
        let s = try c.decode(String.self)
        guard s.hasPrefix("day:"), let d = Double(s.dropFirst(4)) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a day")
        }
        return Date(timeIntervalSince1970: d * 86400 + depth)
    }

    static let dateInputs = [
        "0", "12345.5", "-1", "1e9", "1500000000123", "1e400", "\"1\"", "null", "true", "[1]", "{}",
        "\"2016-01-17T16:13:00Z\"", "\"2016-01-17T16:13:00-08:00\"", "\"2016-01-17T16:13:00-0800\"",
        "\"2016-01-17T16:13:00.123Z\"",
        "\"2016-01-17\"", "\"2016-01-17 16:13:00Z\"", "\"2016-01-17t16:13:00z\"", "\"2016-02-30T00:00:00Z\"",
        "\"garbage\"", "\"\"",
        "\"day:2\"", "\"day:x\"", "\"2016-01-17T16:13:00+14:00\"", "\"20160117T161300Z\"",
    ]

    static let dateStrategies: [Row] = {
        let strategies: [(String, Configure)] = [
            ("deferredToDate", dates { .deferredToDate }), ("secondsSince1970", dates { .secondsSince1970 }),
            ("millisecondsSince1970", dates { .millisecondsSince1970 }), ("iso8601", dates { .iso8601 }),
            ("custom", dates { .custom(customDate) }),
        ]
        return strategies.flatMap { name, configure in
            dateInputs.flatMap { json -> [Row] in
                [
                    Row.row(json, as: Date.self, name, configure: configure),
                    Row.row("{\"v\": \(json)}", as: Wrap<Date>.self, name, configure: configure),
                    Row.row("{\"v\": \(json)}", as: OptWrap<Date>.self, name, configure: configure),
                    Row.row("[[\(json)]]", as: [[Date]].self, name, configure: configure),
                    Row.row("{\"k\": \(json)}", as: [String: Date].self, name, configure: configure),
                ]
            }
        }
    }()

    static let customData: @Sendable (any Decoder) throws -> Data = { decoder in
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard text.count % 2 == 0 else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "odd hex") }
        var bytes: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: 2)
            guard let b = UInt8(text[i..<j], radix: 16) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "bad hex")
            }
            bytes.append(b)
            i = j
        }
        return Data(bytes + [UInt8(decoder.codingPath.count)])
    }

    static let dataStrategies: [Row] = {
        let strategies: [(String, Configure)] = [
            ("base64", { $0.dataDecodingStrategy = .base64 }),
            ("deferredToData", { $0.dataDecodingStrategy = .deferredToData }),
            ("custom", { $0.dataDecodingStrategy = .custom(customData) }),
        ]
        let inputs = [
            "\"aGVsbG8=\"", "\"aGVsbG8\"", "\"aGVsbG8=\\n\"", "\"aGVs\\nbG8=\"", "\"aGV-bG8_\"", "\"!!\"", "\"\"",
            "\"AA==\"", "\"A===\"",
            "\"0a1B\"", "\"0a1\"", "\"zz\"", "12", "null", "[104,101]", "[]", "[256]", "[-1]", "[1.5]", "[\"1\"]",
            "[null]", "{}", "true",
        ]
        return strategies.flatMap { name, configure in
            inputs.flatMap { json -> [Row] in
                [
                    Row.row(json, as: Data.self, name, configure: configure),
                    Row.row("{\"v\": \(json)}", as: Wrap<Data>.self, name, configure: configure),
                    Row.row("{\"v\": \(json)}", as: OptWrap<Data>.self, name, configure: configure),
                    Row.row("[\(json)]", as: [Data].self, name, configure: configure),
                ]
            }
        }
    }()

    static let floatStrategies: [Row] = {
        let configure: Configure = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        }
        let inputs = [
            "\"+Inf\"", "\"-Inf\"", "\"NaN\"", "\"nan\"", "\"Infinity\"", "\"+inf\"", "\"\\u004EaN\"", "\"+Inf \"",
            "1.5", "\"1.5\"", "1e400", "null", "true",
        ]
        func all<T: Decodable & Equatable & Sendable>(_ t: T.Type) -> [Row] {
            inputs.flatMap { json in
                [
                    Row.row(json, as: T.self, "convertFromString", configure: configure),
                    Row.row("[\(json)]", as: [T].self, "convertFromString", configure: configure),
                ]
            }
        }
        return all(Double.self) + all(Float.self) + [
            Row.row("\"NaN\"", as: Decimal.self, "convertFromString", configure: configure),
            Row.row("\"+Inf\"", as: Int.self, "convertFromString", configure: configure),
            Row.row("\"+Inf\"", as: String.self, "convertFromString", configure: configure),
            Row.row("\"NaN\"", as: Double.self), Row.row("\"Infinity\"", as: Double.self),
        ]
    }()

    static let snakeKeys = """
        {"first_name":"A","_leading":1,"trailing_":2,"a__b":3,"URL_value":4,"a_1":5,"__":6,"_a_b_":7,\
        "ALL_CAPS":8,"already":9,\
        "user_id":10,"user_ID":11,"a_bC":12,"é_é":13,"snake_case_key_here":14,"_":15,\
        "a":{"inner_key":16,"x__":17},"b_c":[{"d_e":18}]}
        """

    static let keyStrategies: [Row] = {
        let snake: Configure = { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let upper: Configure = {
            $0.keyDecodingStrategy = .custom { path in AnyKey("\(path.count):" + path.last!.stringValue.uppercased()) }
        }
        let prefix: Configure = {
            $0.keyDecodingStrategy = .custom { path in
                AnyKey(
                    path.last!.stringValue.hasPrefix("x_")
                        ? String(path.last!.stringValue.dropFirst(2)) : path.last!.stringValue)
            }
        }
        return [
            Row.row(snakeKeys, as: SnakeModel.self, "snake", configure: snake),
            Row.row(snakeKeys, as: KeyNames.self, "snake", configure: snake),
            Row.row(snakeKeys, as: [String: Ignore].self, "snake", configure: snake),
            // "user_id" and "user_ID" both convert to "userId": first in document order wins, and a
            // JSONSerialization tree has no order, so the recorder (which reads every key) is Data-only.
            Row.row(
                snakeKeys, as: Recorder.self, "snake", checkDefaultPolicy: false, objectInput: false, configure: snake),
            Row.row(snakeKeys, as: SnakeModel.self),
            Row.row(
                "{\"first_name\":\"x\",\"firstName\":\"y\"}", as: SnakeModel.self, "snake", objectInput: false,
                configure: snake),
            // Two keys that convert alike: the first in document order wins, and a JSONSerialization
            // dictionary has no order, so these two are not compared as object trees.
            Row.row(
                "{\"firstName\":\"y\",\"first_name\":\"x\"}", as: SnakeModel.self, "snake", objectInput: false,
                configure: snake),
            Row.row("{\"user_id\":1}", as: SnakeModel.self, "snake", configure: snake),
            Row.row("{\"user_iD\":1,\"userID\":2}", as: SnakeModel.self, "snake", configure: snake),
            Row.row(
                "{\"name\":\"a\",\"age\":1,\"address\":{\"street\":\"s\",\"zip\":\"z\"}}", as: Person.self, "snake",
                configure: snake),
            Row.row("{\"na_me\":\"a\",\"age\":1}", as: Person.self, "snake", configure: snake),
            Row.row("{\"a_b\":{\"c_d\":1}}", as: [String: [String: Int]].self, "snake", configure: snake),
            Row.row("{\"a\\u005fb\":1}", as: KeyNames.self, "snake escaped underscore", configure: snake),
            Row.row("{\"v\":{\"first_name\":\"x\"}}", as: Wrap<SnakeModel>.self, "snake", configure: snake),
            Row.row(snakeKeys, as: KeyNames.self, "custom upper", configure: upper),
            Row.row(snakeKeys, as: [String: Ignore].self, "custom upper", configure: upper),
            Row.row("{\"1:NAME\":1}", as: KeyNames.self, "custom upper", configure: upper),
            Row.row(
                "{\"x_name\":\"a\",\"x_age\":1,\"x_address\":{\"x_street\":\"s\",\"zip\":2}}", as: Person.self,
                "custom prefix", configure: prefix),
            Row.row(
                "{\"x_name\":\"a\",\"name\":\"b\",\"age\":1}", as: Person.self, "custom prefix", objectInput: false,
                configure: prefix),
            Row.row(
                "{\"name\":\"b\",\"x_name\":\"a\",\"age\":1}", as: Person.self, "custom prefix", objectInput: false,
                configure: prefix),
            Row.row("[{\"x_name\":\"a\",\"x_age\":\"1\"}]", as: [Person].self, "custom prefix", configure: prefix),
            Row.row(
                "{\"inner\":[{\"a\":1}]}", as: UserInfoReader.self, "userInfo",
                configure: { $0.userInfo[infoKey] = "hello" }),
            Row.row("{\"inner\":[{\"a\":1},2]}", as: UserInfoReader.self, "no userInfo"),
        ]
    }()

    // MARK: JSON5

    static let json5: [Row] = {
        let j5: Configure = { $0.allowsJSON5 = true }
        func r<T: Decodable & Equatable & Sendable>(
            _ json: String, _ t: T.Type, sourceLocation: SourceLocation = #_sourceLocation
        ) -> [Row] {
            [
                Row.row(json, as: T.self, "JSON5", configure: j5, sourceLocation: sourceLocation),
                Row.row(json, as: T.self, "JSON5 off", sourceLocation: sourceLocation),
            ]
        }
        var rows: [Row] = []
        rows += r("{a:1}", [String: Int].self) + r("{'a':'b'}", [String: String].self) + r("{a:1,}", [String: Int].self)
        rows += r("[1,2,]", [Int].self) + r("// c\n1", Int.self) + r("/* c */1", Int.self) + r("1 /* c */", Int.self)
        rows +=
            r("/* unterminated", Int.self) + r("1 /* unterminated", Int.self) + r("// only", Int.self)
            + r("1 //", Int.self)
        rows += r("{a:1, // c\n b:2}", [String: Int].self) + r("[1 /* , */ , 2]", [Int].self)
        for number in [
            "0x1F", "0X1f", "-0x10", "+0x10", "+1", ".5", "5.", "+.5", "-.5", "Infinity", "-Infinity", "+Infinity",
            "NaN",
            "-NaN", "0xFFFFFFFFFFFFFFFF", "0x8000000000000000", "0x7FFFFFFFFFFFFFFF", "-0x8000000000000000", "0x",
            "0xG",
            "1e5", "1.5", "01", "0.e1", ".e1", "5.e2", "0x1.8", "1_0", "infinity", "+", "-", "0", "-0", "00", "1E+2",
            "123456789012345678901234567890", "9007199254740993", "0x20000000000001", "1e400", "-0x0", "0xff", "+0",
            "9223372036854775807", "9223372036854775806", "-9223372036854775808", "18446744073709551615",
            "18446744073709551614",
        ] {
            rows +=
                r(number, Int.self) + r(number, Double.self) + r(number, Decimal.self) + r(number, UInt64.self)
                + r(number, Int64.self) + r(number, Float.self) + r(number, UInt8.self) + r(number, String.self)
                + r("[\(number)]", [Int8].self) + r("{\"v\":\(number)}", Wrap<Double>.self)
        }
        for string in [
            "'single'", "'it\\'s'", "\"it\\'s\"", "'say \"hi\"'", "\"a\\\nb\"", "\"a\\\r\nb\"", "\"\\x41\"", "\"\\x4\"",
            "\"\\v\"", "\"\\0\"", "\"\\01\"", "\"\\a\"", "\"\\9\"", "\"«E2 80 A8»\"", "\"\\«E2 80 A8»\"", "\"\\u0000\"",
            "\"a«09»b\"", "\"a«0B»b\"", "\"a«0A»b\"", "'a«01»'", "'unterminated", "\"\\ud83d\\ude00\"", "\"\\ud83d\"",
            "'\\u00e9'", "'a\"b'", "\"«FF»\"", "\"\\q\"", "\"\\u12\"",
        ] {
            rows +=
                r(string, String.self) + r("[\(string)]", [String].self)
                + r("{\"used\":1,\"unused\":\(string)}", Used.self)
        }
        for key in [
            "a", "$_a1", "_", "\\u0061", "a\\u0062", "é", "a b", "1a", "a-b", "'a'", "\"a\"", "null", "true", "1",
            "ab«E2 80 A8»",
        ] {
            rows += r("{\(key):1}", [String: Int].self) + r("{\(key):1, used: 2}", Used.self)
        }
        for space in ["«0B»", "«0C»", "«C2 A0»", "«EF BB BF»", "«E2 80 A8»", "«E2 80 A9»", "«E3 80 80»", "«00»"] {
            rows += r("\(space)[1,\(space)2]\(space)", [Int].self)
        }
        rows += r("{\"name\":'a',age:0x1E,address:{street:\"s\",zip:+1,},}", Person.self)
        rows += r("{name:'a',age:1.5}", Person.self)
        rows += r("{name:'a',age:Infinity}", Person.self)
        rows += r("{a:{b:[1,2,]},}", [String: [String: [Int]]].self)
        rows += r("{\"v\": \"2016-01-17T16:13:00Z\"}", Wrap<Date>.self)
        rows += [Row.row("[Infinity, NaN, -Infinity]", as: [Double].self, "JSON5", configure: j5)]
        return rows
    }()

    static let topLevelDictionary: [Row] = {
        let atld: Configure = { $0.assumesTopLevelDictionary = true }
        let both: Configure = {
            $0.assumesTopLevelDictionary = true; $0.allowsJSON5 = true
        }
        let inputs = [
            "\"a\":1,\"b\":2", "{\"a\":1}", "", " ", "\"a\":1,", "a:1", "[1]", "\"a\":1}", "1", "\"a\":1 \"b\":2",
            "{\"a\":1} ",
            "\"a\":{\"b\":1}", "\"a\"", "\"a\":", ",", "// c\n a:1", "\"a\":1,\"a\":2", "{}", "{} {}", "\"a\":1}{",
        ]
        return inputs.flatMap { json -> [Row] in
            [
                Row.row(json, as: [String: Int].self, "assumesTopLevelDictionary", configure: atld),
                Row.row(json, as: [String: Int].self, "assumesTopLevelDictionary JSON5", configure: both),
                Row.row(json, as: KeyNames.self, "assumesTopLevelDictionary", configure: atld),
                Row.row(json, as: Ignore.self, "assumesTopLevelDictionary JSON5", configure: both),
                Row.row(json, as: [Int].self, "assumesTopLevelDictionary", configure: atld),
            ]
        }
    }()

    // MARK: Nesting

    static func nestedArrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    static func nestedObjects(_ depth: Int) -> String {
        String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    }
    static func nestedMixed(_ depth: Int) -> String {
        var open = "", close = ""
        for i in 0..<depth {
            if i % 2 == 0 { open += "["; close = "]" + close } else { open += "{\"a\":"; close = "}" + close }
        }
        return open.hasSuffix(":") ? open + "1" + close : open + close
    }

    static let nesting: [Row] =
        [511, 512, 513, 600, 10_000].flatMap { depth -> [Row] in
            [
                Row.row(nestedArrays(depth), as: Ignore.self, "depth \(depth)", objectInput: false),
                Row.row(nestedObjects(depth), as: Ignore.self, "depth \(depth)", objectInput: false),
                Row.row(nestedMixed(depth), as: Ignore.self, "depth \(depth)", objectInput: false),
                Row.row(
                    "{\"x\":1,\"y\":\(nestedArrays(depth))}", as: Ignore.self, "depth \(depth) nested",
                    objectInput: false),
                Row.row(nestedArrays(depth), as: [Ignore].self, "depth \(depth)", objectInput: false),
            ]
                + (depth <= 600
                    ? [
                        Row.row(
                            nestedArrays(depth), as: Depth.self, "depth \(depth)", objectInput: false,
                            largeStack: true),
                        Row.row(
                            nestedObjects(depth), as: Depth.self, "depth \(depth)", objectInput: false, largeStack: true
                        ),
                    ] : [])
        } + [
            Row.row(
                "[" + nestedArrays(511) + "," + nestedArrays(511) + "]", as: Ignore.self, "siblings at depth 512",
                objectInput: false),
            // (Exactly 513 "[" and nothing else crashes JSONDecoder itself; see ErrorLocationTests.)
            Row.row(String(repeating: "[", count: 513) + "]", as: Ignore.self, "unclosed 513", objectInput: false),
            Row.row(String(repeating: "[", count: 100), as: Ignore.self, "unclosed 100", objectInput: false),
        ]

    // MARK: Container probes

    static let keyedInputs = [
        """
        {"name":"x","inner":{"a":1,"b":[1,2]},"list":[1,"two",null,{"k":true},[3]],"child":{"c":2},\
        "nothing":null,"wrong":"str","super":{"s":1},"number":300}
        """,
        "{\"name\":\"x\",\"inner\":[1],\"list\":{},\"child\":[],\"wrong\":5,\"super\":null,\"number\":-1}",
        """
        {\"name\":5,\"inner\":{\"a\":\"1\"},\"list\":[true,1.5,\"\\u0000\"],\"child\":\"c\",\"nothing\":{}\
        ,\"number\":1e3}
        """,
        "{}", "[]", "null", "1", "{\"name\":\"x\",\"name\":\"y\",\"list\":[],\"list\":[1]}",
        "{\"inner\":{\"a\":1,\"a\":2,\"b\":[]},\"list\":[null,null],\"number\":255.0}",
    ]

    static let unkeyedInputs = [
        "[null,\"s\",5,null,{\"a\":1},[1,2],{\"x\":null},[true,{}],9]",
        "[1,\"s\",\"t\",7,[1],{\"a\":1},null,{}]", "[null]", "[]", "[null,null,null,null,null,null,null,null]",
        "[\"s\",5,6,{\"a\":\"x\"},[1,\"y\"],3,4]", "{}", "null", "[\"s\",5,6,[],{},\"z\"]", "[\"«FF»\",1]", "[\"\\q\"]",
    ]

    static let probes: [Row] =
        keyedInputs.flatMap { json -> [Row] in
            [
                Row.row(json, as: KeyedProbe.self, checkDefaultPolicy: false),
                Row.row("[\(json), \(json)]", as: [KeyedProbe].self, checkDefaultPolicy: false),
                Row.row(
                    "{\"outer\": {\"p\": \(json)}}", as: [String: [String: KeyedProbe]].self,
                    checkDefaultPolicy: false),
                Row.row(
                    json, as: KeyedProbe.self, "snake", checkDefaultPolicy: false,
                    configure: { $0.keyDecodingStrategy = .convertFromSnakeCase }),
                Row.row(json, as: Recorder.self, checkDefaultPolicy: false),
                Row.row(json, as: PathRecorder.self, checkDefaultPolicy: false),
            ]
        }
        + unkeyedInputs.flatMap { json -> [Row] in
            [
                Row.row(json, as: UnkeyedProbe.self, checkDefaultPolicy: false),
                Row.row("{\"a\": [\(json)]}", as: [String: [UnkeyedProbe]].self, checkDefaultPolicy: false),
                Row.row(json, as: PathRecorder.self, checkDefaultPolicy: false),
            ]
        } + [
            Row.row("{\"a\":[{\"b\":[1,{\"c\":null}]}],\"d\":{}}", as: PathRecorder.self, checkDefaultPolicy: false),
            Row.row("{\"a\":[{\"b\":[1,{\"c\":null}]}],\"d\":{}}", as: Recorder.self, checkDefaultPolicy: false),
            Row.row("[[[[[[]]]]],{\"a\":{\"b\":{}}}]", as: PathRecorder.self, checkDefaultPolicy: false),
        ]

    // MARK: Miscellaneous

    static let misc: [Row] = [
        Row.row("{\"v\":[[1,2],[3]]}", as: Wrap<[[Int]]>.self),
        Row.row("{\"v\":{\"a\":[1]}}", as: Wrap<[String: [Int]]>.self),
        Row.row("{\"v\":{\"1\":[1]}}", as: Wrap<[Int: [Int]]>.self),
        Row.row("{\"v\":{\"a\":[1]}}", as: Wrap<[Int: [Int]]>.self),
        Row.row("[{\"v\":1},{\"v\":\"1\"}]", as: [Wrap<Int>].self), Row.row("[{\"v\":1},{}]", as: [Wrap<Int>].self),
        Row.row("[{\"v\":1},null]", as: [Wrap<Int>].self), Row.row("[{\"v\":1},null]", as: [Wrap<Int>?].self),
        Row.row("{\"v\":\"\\u0000\"}", as: Wrap<String>.self),
        Row.row("[1,2,3]", as: Set<Int>.self), Row.row("[1,1]", as: Set<Int>.self),
        Row.row("[1,2]", as: ContiguousArray<Int>.self),
        Row.row("{\"a\":1}", as: [String: Int8].self), Row.row("{\"a\":128}", as: [String: Int8].self),
        Row.row("[\"a\",1]", as: [String].self), Row.row("[[1],[\"a\"]]", as: [[String]].self),
        Row.row("{\"lowerBound\":1,\"upperBound\":3}", as: Range<Int>.self), Row.row("[1,3]", as: Range<Int>.self),
        Row.row("[3,1]", as: ClosedRange<Int>.self),
    ]
}

// MARK: - Tests

@Suite("Parity table: LenientJSONDecoder vs JSONDecoder")
struct ParityTableTests {
    @Test("Table row", arguments: ParityTable.rows)
    func row(_ row: ParityCase) {
        row.checkData(row)
    }

    @Test("Same decoder from several threads at once")
    func concurrentUse() async {
        let strict = LenientJSONDecoder(policy: .strict)
        let rows = ParityTable.structs
        let problems = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var problems: [String] = []
                    for row in rows.shuffled() {
                        var parity = Parity(
                            foundation: Outcome { try JSONDecoder().decode(Person.self, from: row.data) },
                            strict: Outcome { try strict.decode(Person.self, from: row.data) },
                            lenient: Outcome { try strict.decode(Person.self, from: row.data) })
                        if parity.foundation.succeeded == false { parity.lenient = parity.foundation }
                        if let problem = parityProblem(parity) { problems.append("\(row.name): \(problem)") }
                    }
                    return problems
                }
            }
            var all: [String] = []
            for await p in group { all += p }
            return all
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
