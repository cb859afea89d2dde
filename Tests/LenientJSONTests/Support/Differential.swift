import Foundation
import LenientJSON
import Testing

/// Applies one configuration (strategies, JSON5, userInfo…) to a decoder; the same closure
/// configures `JSONDecoder` and both `LenientJSONDecoder`s of a comparison.
typealias Configure = @Sendable (JSONDecoder) -> Void

let noConfiguration: Configure = { _ in }

// MARK: - Outcomes

/// What a decode threw: the `DecodingError` case, the coding path (as strings) and, for
/// `keyNotFound`, the missing key. The message is kept for reports but never compared.
struct ErrorInfo: Equatable, Sendable, CustomStringConvertible {
    var kind: String
    var path: [String]
    var key: String?
    /// The message before the input excerpt that ends LenientJSONDecoder's messages for `Data`
    /// input (`ErrorExcerptTests` checks the excerpt itself): the text these tests compare.
    var message: String

    init(_ error: any Error) {
        defer { message = messageWithoutExcerpt(message) }
        key = nil
        switch error {
        case DecodingError.typeMismatch(_, let context):
            kind = "typeMismatch"; path = pathStrings(context.codingPath); message = context.debugDescription
        case DecodingError.valueNotFound(_, let context):
            kind = "valueNotFound"; path = pathStrings(context.codingPath); message = context.debugDescription
        case DecodingError.keyNotFound(let missing, let context):
            kind = "keyNotFound"; path = pathStrings(context.codingPath); message = context.debugDescription
            key = keyString(missing)
        case DecodingError.dataCorrupted(let context):
            kind = "dataCorrupted"; path = pathStrings(context.codingPath); message = context.debugDescription
        default:
            kind = "other(\(type(of: error)))"; path = []; message = String(describing: error)
        }
    }

    static func == (a: ErrorInfo, b: ErrorInfo) -> Bool {
        a.kind == b.kind && a.path == b.path && a.key == b.key
    }

    var pathDescription: String { "[" + path.joined(separator: ", ") + "]" }
    var description: String {
        "\(kind)\(key.map { " key \"\($0)\"" } ?? "") at \(pathDescription): \(message)"
    }
}

/// A coding key as a comparable string: `name`, or `Index 3#3` for a key with an `intValue`.
func keyString(_ key: any CodingKey) -> String {
    if let int = key.intValue { return "\(key.stringValue)#\(int)" }
    return key.stringValue
}

func pathStrings(_ path: [any CodingKey]) -> [String] { path.map(keyString) }

/// The result of one decode: a value or an error.
enum Outcome<T>: CustomStringConvertible {
    case value(T)
    case failure(ErrorInfo)

    init(_ body: () throws -> T) {
        do { self = .value(try body()) } catch { self = .failure(ErrorInfo(error)) }
    }

    var value: T? { if case .value(let v) = self { return v } else { return nil } }
    var error: ErrorInfo? { if case .failure(let e) = self { return e } else { return nil } }
    var succeeded: Bool { value != nil }

    var description: String {
        switch self {
        case .value(let v): return "value \(describeValue(v))"
        case .failure(let e): return "error \(e)"
        }
    }
}

extension Outcome: Equatable where T: Equatable {
    static func == (a: Outcome, b: Outcome) -> Bool {
        switch (a, b) {
        case (.value(let x), .value(let y)): return sameValue(x, y)
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }
}

extension Outcome: Sendable where T: Sendable {}

func describeValue<T>(_ value: T) -> String {
    var text = String(reflecting: value)
    if text.count > 300 { text = String(text.prefix(300)) + "…" }
    return text
}

/// `==`, except that floating-point values must also agree on sign of zero, and NaN equals NaN.
func sameValue<T: Equatable>(_ a: T, _ b: T) -> Bool {
    if let x = a as? Double, let y = b as? Double { return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) }
    if let x = a as? Float, let y = b as? Float { return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) }
    if let x = a as? [Double], let y = b as? [Double] {
        return x.count == y.count && zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
    }
    if let x = a as? [Float], let y = b as? [Float] {
        return x.count == y.count && zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
    }
    return a == b
}

// MARK: - Decoding with all three decoders

/// The outcomes of `JSONDecoder`, `LenientJSONDecoder(policy: .strict)` and
/// `LenientJSONDecoder()` on the same input and configuration.
struct Parity<T> {
    var foundation: Outcome<T>
    var strict: Outcome<T>
    var lenient: Outcome<T>
    /// The default policy with `keyMatching = .exact`, decoded only when the default policy's
    /// value differs from JSONDecoder's: normalized key matching may fill an Optional that
    /// JSONDecoder leaves `nil` (DifferencesFromJSONDecoder article), and nothing else may differ.
    var lenientExactKeys: Outcome<T>? = nil
}

extension Parity: Sendable where T: Sendable {}

func makeDecoders(_ configure: Configure) -> (JSONDecoder, LenientJSONDecoder, LenientJSONDecoder) {
    let foundation = JSONDecoder()
    let strict = LenientJSONDecoder(policy: .strict)
    let lenient = LenientJSONDecoder()
    configure(foundation)
    configure(strict)
    configure(lenient)
    return (foundation, strict, lenient)
}

/// The same bytes for `JSONDecoder`, followed in memory by a space: JSONDecoder's JSON5 number
/// scanner reads past the end of its input (`+1`, `.5`, `-0x10`, `0x8000000000000000` at the
/// end of a document) and traps when the stray byte happens to be a digit. The space keeps it
/// from crashing the test process; the data is unchanged (a prefix of a longer buffer).
func paddedForFoundation(_ data: Data) -> Data {
    var padded = Data(data)
    padded.append(0x20)
    return padded.prefix(data.count)
}

func decodeAll<T: Decodable>(_ type: T.Type, from data: Data, configure: Configure = noConfiguration) -> Parity<T> {
    let (foundation, strict, lenient) = makeDecoders(configure)
    let foundationData = paddedForFoundation(data)
    var parity = Parity(
        foundation: Outcome { try foundation.decode(type, from: foundationData) },
        strict: Outcome { try strict.decode(type, from: data) },
        lenient: Outcome { try lenient.decode(type, from: data) })
    if parity.foundation.succeeded, !sameDescription(parity.foundation, parity.lenient) {
        var policy = LenientPolicy.lenient
        policy.keyMatching = .exact
        lenient.policy = policy
        parity.lenientExactKeys = Outcome { try lenient.decode(type, from: data) }
    }
    return parity
}

/// A cheap pre-check (the exact comparison needs `Equatable`).
func sameDescription<T>(_ a: Outcome<T>, _ b: Outcome<T>) -> Bool {
    switch (a, b) {
    case (.value(let x), .value(let y)): return String(reflecting: x) == String(reflecting: y)
    default: return false
    }
}

/// Why `parity` breaks the rules, or `nil` when it keeps them:
/// - `.strict` matches Foundation in success or failure, value, error case, the missing key
///   of `keyNotFound`, and the coding path where Foundation's is not empty;
/// - the default policy returns an equal value wherever Foundation succeeds.
func parityProblem<T: Equatable>(_ parity: Parity<T>) -> String? {
    var problems: [String] = []
    switch (parity.foundation, parity.strict) {
    case (.value(let f), .value(let s)):
        if !sameValue(f, s) { problems.append(".strict returned a different value") }
    case (.value, .failure):
        problems.append(".strict threw where JSONDecoder succeeded")
    case (.failure, .value):
        problems.append(".strict succeeded where JSONDecoder threw")
    case (.failure(let f), .failure(let s)):
        if f.kind != s.kind { problems.append(".strict threw \(s.kind), JSONDecoder \(f.kind)") }
        if f.key != s.key { problems.append(".strict keyNotFound key differs") }
        // LenientJSON reports the full path where JSONDecoder reports a shorter one for
        // dataCorrupted (`[]` at the top, or the parent's path for a bad .iso8601 date).
        let fullerPath =
            f.kind == "dataCorrupted" && f.path.count < s.path.count && Array(s.path.prefix(f.path.count)) == f.path
        if !f.path.isEmpty && f.path != s.path && !fullerPath { problems.append(".strict codingPath differs") }
    }
    if case .value(let f) = parity.foundation {
        switch parity.lenient {
        case .value(let l):
            if !sameValue(f, l) {
                // Allowed only where normalized key matching alone made the difference.
                if case .value(let exact)? = parity.lenientExactKeys, sameValue(f, exact) {
                } else {
                    problems.append("default policy returned a different value")
                }
            }
        case .failure: problems.append("default policy threw where JSONDecoder succeeded")
        }
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
}

func report<T>(_ parity: Parity<T>) -> String {
    var text = """
          JSONDecoder:   \(parity.foundation)
          .strict:       \(parity.strict)
          default:       \(parity.lenient)\(parity.foundation.succeeded ? "" : " (not compared: JSONDecoder threw)")
        """
    if let f = parity.foundation.value {
        for (name, other) in [(".strict", parity.strict.value), ("default", parity.lenient.value)] {
            if let other, let diff = lineDiff(f, other) {
                text += "\n  \(name) vs JSONDecoder, differing lines:\n\(diff)"
            }
        }
    }
    return text
}

/// For long multi-line values: the lines of `b`'s description that differ from `a`'s.
func lineDiff<T>(_ a: T, _ b: T) -> String? {
    let x = String(describing: a).components(separatedBy: "\n")
    let y = String(describing: b).components(separatedBy: "\n")
    guard x.count > 1 || y.count > 1, x != y else { return nil }
    var out: [String] = []
    for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : "") != (i < y.count ? y[i] : "") {
        out.append("    - \(i < x.count ? x[i] : "")\n    + \(i < y.count ? y[i] : "")")
        if out.count == 12 { break }
    }
    return out.joined(separator: "\n")
}

/// Decodes `data` as `T` with all three decoders and records an issue (at the caller's source
/// location) when `.strict` or the default policy breaks parity with `JSONDecoder`.
@discardableResult
func expectParity<T: Decodable & Equatable>(
    _ type: T.Type,
    from data: Data,
    configure: Configure = noConfiguration,
    label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) -> Parity<T> {
    let parity = decodeAll(type, from: data, configure: configure)
    if let problem = parityProblem(parity) {
        let input = "input: \(describeInput(data)) as \(T.self)"
        Issue.record(
            "\(problem)\n  \(label.isEmpty ? "" : label + "\n  ")\(input)\n\(report(parity))",
            sourceLocation: sourceLocation)
    }
    return parity
}

@discardableResult
func expectParity<T: Decodable & Equatable>(
    _ type: T.Type,
    json: String,
    configure: Configure = noConfiguration,
    label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) -> Parity<T> {
    expectParity(type, from: Data(json.utf8), configure: configure, label: label, sourceLocation: sourceLocation)
}

// MARK: - JSON object input

/// Where `JSONDecoder` decodes `data`, `decode(_:fromJSONObject:)` on `JSONSerialization`'s
/// tree of the same data must return the same value (`.strict` and default policy). Returns
/// whether the comparison was made.
///
/// The comparison is skipped where the tree does not faithfully hold the document, judged by
/// JSONDecoder itself: the tree, written back by `JSONSerialization`, must decode to the same
/// value as the original data. (JSONSerialization keeps the last of duplicate keys, rounds long
/// numbers through `Double`, turns `-0` into `0` and drops U+FEFF from strings.)
@discardableResult
func expectObjectParity<T: Decodable & Equatable>(
    _ type: T.Type,
    from data: Data,
    configure: Configure = noConfiguration,
    label: String = "",
    checkDefaultPolicy: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let (foundation, strict, lenient) = makeDecoders(configure)
    guard let expected = try? foundation.decode(type, from: paddedForFoundation(data)) else { return false }
    // JSONSerialization on Linux reads neither JSON5 nor brace-less dictionaries.
    guard !foundation.assumesTopLevelDictionary, !foundation.allowsJSON5 else { return false }
    guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
        let written = try? JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed]),
        let reread = try? foundation.decode(type, from: paddedForFoundation(written)),
        sameValue(reread, expected)
    else { return false }
    let strictOutcome = Outcome { try strict.decode(type, fromJSONObject: tree) }
    var lenientOutcome = Outcome { try lenient.decode(type, fromJSONObject: tree) }
    if lenientOutcome != .value(expected) {
        // Normalized key matching may fill an Optional that JSONDecoder leaves nil (DifferencesFromJSONDecoder).
        var policy = LenientPolicy.lenient
        policy.keyMatching = .exact
        lenient.policy = policy
        let exact = Outcome { try lenient.decode(type, fromJSONObject: tree) }
        if lenientOutcome.succeeded && exact == .value(expected) { lenientOutcome = exact }
    }
    for (name, outcome) in [(".strict", strictOutcome), ("default", lenientOutcome)]
    where name == ".strict" || checkDefaultPolicy {
        if outcome != .value(expected) {
            let diff = outcome.value.flatMap { lineDiff(expected, $0) }.map { "\n  differing lines:\n" + $0 } ?? ""
            Issue.record(
                """
                fromJSONObject (\(name)) differs from Data input
                  \(label.isEmpty ? "" : label + "\n  ")input: \(describeInput(data)) as \(T.self)
                  tree: \(describeValue(tree))
                  Data (JSONDecoder): \(describeValue(expected))
                  fromJSONObject:     \(outcome)\(diff)
                """,
                sourceLocation: sourceLocation)
        }
    }
    return true
}

// MARK: - Shared helper types

/// Runs `body` on a thread with a large stack (deep recursion in debug builds) and waits.
func onLargeStack<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
    let box = LargeStackBox<R>()
    let thread = Thread {
        box.value = body()
        box.done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    box.done.wait()
    return box.value!
}

final class LargeStackBox<R>: @unchecked Sendable {
    var value: R?
    let done = DispatchSemaphore(value: 0)
}
