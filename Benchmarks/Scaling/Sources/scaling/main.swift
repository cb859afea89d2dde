// The scaling benchmark (`Scripts/scaling.sh`): each input shape that once made decoding
// super-linear is decoded at n and 4n rows (or members), the fastest of a few runs each; a
// shape whose 4n time is more than 5x its n time (4x is linear) is a FAIL, and any FAIL makes
// the exit status 1. The shapes are those of the Benchmarks DocC article's notes:
// reports, collected errors, positions in long lines, key matching in wide objects; and the
// snapshots of a partial document (SPEC 14, rule 7).
//
//   scaling [n=5000] [runs=3] [shape ...]     (`scaling --list` lists the shapes)
//   scaling --partial [items=500] [runs=3]    (partial-document snapshots at n, 2n and 4n items)

import Foundation
import LenientJSON

// MARK: Models

struct Row: Decodable {
    var firstName: String
    var lastName: String
    var age: Int
    var email: String
    var active: Bool
}

struct Wide: Decodable {
    var firstName: String
    var lastName: String
    var age: Int
    var email: String?
    var nickname: String?
}

struct WideRequired: Decodable {
    var firstName: String
    var email: String
    var phone: String
    var age: Int
}

struct Ambiguous: Decodable {
    var firstName: String
}

/// An item of the catalog that arrives in pieces (the `partial-snapshots-256` shape).
struct CatalogItem: Codable {
    struct Owner: Codable {
        var name: String
        var email: String
    }
    var id: Int
    var name: String
    var price: Double
    var inStock: Bool
    var tags: [String]
    var owner: Owner
}

/// The catalog: a title and its items.
struct Catalog: Codable {
    var title: String
    var items: [CatalogItem]
}

// MARK: Inputs

/// A row whose keys are respelled and whose age is a numeric string.
func respelledRow(_ i: Int) -> String {
    #"""
    {"first_name":"Ada\#(i)","last_name":"Lovelace","age":"\#(i % 90)","email":"ada\#(i)@example.com","is_active":\#
    true,"active":true}
    """#
}

/// A row with wrong types and missing keys (every collected problem of it).
func badRow(_ i: Int) -> String {
    #"{"first_name":{"a":\#(i)},"age":[\#(i)],"active":"maybe"}"#
}

func array(_ n: Int, pretty: Bool, _ row: (Int) -> String) -> Data {
    var text = pretty ? "[\n" : "["
    for i in 0..<n {
        if i > 0 { text += pretty ? ",\n" : "," }
        var element = row(i)
        if pretty { element = element.replacingOccurrences(of: "\",\"", with: "\",\n    \"") }
        text += pretty ? "  " + element : element
    }
    text += pretty ? "\n]\n" : "]"
    return Data(text.utf8)
}

/// An object of `n` filler members, then the model's keys respelled.
func wideObject(_ n: Int, tail: String) -> Data {
    var text = "{"
    for i in 0..<n { text += #""field\#(i)":\#(i),"# }
    text += tail + "}"
    return Data(text.utf8)
}

/// `n` distinct spellings of `firstName` (case and separators vary), one object.
func ambiguousObject(_ n: Int) -> Data {
    let letters = Array("firstname")
    let separators = ["", "_", "-", " "]
    var text = "{"
    for i in 0..<n {
        var code = i
        var key = ""
        for (index, letter) in letters.enumerated() {
            if index > 0 {
                key += separators[code % 4]
                code /= 4
            }
            key += code % 2 == 0 ? String(letter) : letter.uppercased()
            code /= 2
        }
        // The model's own spelling would be an exact match, which wins without ambiguity.
        if key == "firstName" { continue }
        if text.count > 1 { text += "," }
        text += #""\#(key)":"v\#(i)""#
    }
    return Data((text + "}").utf8)
}

/// A catalog of `n` small items (about 150 bytes each), as compact JSON.
func catalog(_ n: Int) -> [UInt8] {
    let items = (0..<n).map { id in
        CatalogItem(
            id: id, name: "Item número \(id)", price: Double(id % 1000) / 8 + 0.5, inStock: id % 3 != 0,
            tags: ["tag\(id % 7)", "group \(id % 13)"],
            owner: .init(name: "Owner \(id % 97)", email: "owner\(id % 97)@example.com"))
    }
    return (try? Array(JSONEncoder().encode(Catalog(title: "A catalog of \(n) items", items: items)))) ?? []
}

/// `bytes` appended in pieces of `piece` bytes with a snapshot after each (SPEC 14, rule 7);
/// the number of items the snapshots showed.
func partialSnapshots(_ bytes: [UInt8], piece: Int) throws -> Int {
    var partial = LenientJSONDecoder().partial(Catalog.self)
    var shown = 0
    var start = 0
    while start < bytes.count {
        let end = min(start + piece, bytes.count)
        try partial.append(bytes[start..<end])
        shown += partial.snapshot().value?.items.count ?? 0
        start = end
    }
    return shown
}

// MARK: Shapes

struct Shape {
    let name: String
    /// The size decoded is `n * scale`: fewer rows where collecting every error costs much
    /// per row, more members where a wide object costs little per member.
    var scale = 1.0
    /// What is decoded at size `n`; returns a number that depends on the work (kept alive).
    let make: (Int) -> () throws -> Int
}

func lenient(_ policy: LenientPolicy = .lenient, collects: Bool = false) -> LenientJSONDecoder {
    let decoder = LenientJSONDecoder(policy: policy)
    decoder.collectsAllErrors = collects
    return decoder
}

func collected(_ body: () throws -> Any) -> Int {
    do {
        _ = try body()
        return -1
    } catch let errors as LenientDecodingErrors {
        return errors.errors.count
    } catch {
        return -2
    }
}

func failed(_ body: () throws -> Any) -> Int {
    do {
        _ = try body()
        return -1
    } catch {
        return "\(error)".utf8.count
    }
}

/// The elements of `data` as chunks of 64 KiB.
struct Chunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        var index: Int
        mutating func next() async -> Data? {
            guard index < data.count else { return nil }
            let end = Swift.min(index + 65536, data.count)
            defer { index = end }
            return data.subdata(in: index..<end)
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data, index: 0) }
}

/// Runs `body` to completion from synchronous code.
func blocking<R: Sendable>(_ body: @escaping @Sendable () async throws -> R) throws -> R {
    let semaphore = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<R, any Error>?
    Task {
        do { result = .success(try await body()) } catch { result = .failure(error) }
        semaphore.signal()
    }
    semaphore.wait()
    return try result!.get()
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

let shapes: [Shape] = [
    Shape(name: "rows-line-noreport") { n in
        let data = array(n, pretty: false, respelledRow)
        return { try lenient().decode([Row].self, from: data).count }
    },
    Shape(name: "rows-line-report") { n in
        let data = array(n, pretty: false, respelledRow)
        return {
            var report = LenientDecodingReport()
            _ = try lenient().decode([Row].self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "rows-pretty-report") { n in
        let data = array(n, pretty: true, respelledRow)
        return {
            var report = LenientDecodingReport()
            _ = try lenient().decode([Row].self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "rows-line-summary") { n in
        let data = array(n, pretty: false, respelledRow)
        return {
            var report = LenientDecodingReport()
            _ = try lenient().decode([Row].self, from: data, report: &report)
            return report.summary.utf8.count
        }
    },
    Shape(name: "bad-rows-line-collect", scale: 0.2) { n in
        let data = array(n, pretty: false, badRow)
        return { collected { try lenient(collects: true).decode([Row].self, from: data) } }
    },
    Shape(name: "bad-rows-pretty-collect", scale: 0.2) { n in
        let data = array(n, pretty: true, badRow)
        return { collected { try lenient(collects: true).decode([Row].self, from: data) } }
    },
    Shape(name: "bad-rows-line-first-error") { n in
        let data = array(n, pretty: false) { $0 == n - 1 ? badRow($0) : respelledRow($0) }
        return { failed { try lenient().decode([Row].self, from: data) } }
    },
    Shape(name: "wide-respelled-report", scale: 10) { n in
        let data = wideObject(n, tail: #""first_name":"Ada","LAST-NAME":"L","Age":"36""#)
        return {
            var report = LenientDecodingReport()
            _ = try lenient().decode(Wide.self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "wide-missing-first-error", scale: 10) { n in
        let data = wideObject(n, tail: #""first_name":"Ada","age":1"#)
        return { failed { try lenient().decode(WideRequired.self, from: data) } }
    },
    Shape(name: "wide-missing-collect", scale: 10) { n in
        let data = wideObject(n, tail: #""first_name":"Ada","age":"x""#)
        return { collected { try lenient(collects: true).decode(WideRequired.self, from: data) } }
    },
    Shape(name: "wide-ambiguous-lenient", scale: 10) { n in
        let data = ambiguousObject(n)
        return { failed { try lenient().decode(Ambiguous.self, from: data) } }
    },
    Shape(name: "wide-ambiguous-permissive-report", scale: 10) { n in
        let data = ambiguousObject(n)
        return {
            var report = LenientDecodingReport()
            _ = try lenient(.permissive).decode(Ambiguous.self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "long-line-coerced-report") { n in
        let data = Data(("[" + (0..<8 * n).map { #""\#($0)""# }.joined(separator: ",") + "]").utf8)
        return {
            var report = LenientDecodingReport()
            _ = try lenient().decode([Int].self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "permissive-dropped-report") { n in
        let data = array(n, pretty: false) { $0 % 2 == 0 ? badRow($0) : respelledRow($0) }
        return {
            var report = LenientDecodingReport()
            _ = try lenient(.permissive).decode([Row].self, from: data, report: &report)
            return report.events.count
        }
    },
    Shape(name: "partial-snapshots-256", scale: 0.1) { n in
        let bytes = catalog(n)
        return { try partialSnapshots(bytes, piece: 256) }
    },
    Shape(name: "stream-line-events") { n in
        let data = array(n, pretty: false, respelledRow)
        return {
            try blocking {
                let events = Counter()
                var rows = 0
                for try await _ in lenient().elements(
                    of: Row.self, from: Chunks(data: data), onEvent: { _ in events.add() })
                { rows += 1 }
                return rows + events.count
            }
        }
    },
]

// MARK: Running

/// Prints a line at once (unbuffered), so that a run cut short still shows its lines.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--list" {
    for shape in shapes { say(shape.name) }
    exit(0)
}
// `scaling --partial [items=500] [runs=3]`: the total time of the snapshots of a catalog of n,
// 2n and 4n items arriving in 256-byte pieces, a snapshot after each, and the ratios to n.
let partialMode = arguments.first == "--partial"
if partialMode { arguments.removeFirst() }
let n = arguments.first.flatMap(Int.init) ?? (partialMode ? 500 : 5_000)
if !arguments.isEmpty, Int(arguments[0]) != nil { arguments.removeFirst() }
let runs = arguments.first.flatMap(Int.init) ?? 3
if !arguments.isEmpty, Int(arguments[0]) != nil { arguments.removeFirst() }
if partialMode {
    say("scaling --partial: a snapshot every 256 bytes, fastest of \(runs) runs; FAIL when 4n is above 5.0x n")
    say("items      bytes  snapshots   total (s)  per snapshot (µs)  ratio to n")
    var base = 0.0
    var ratio = 0.0
    for size in [n, 2 * n, 4 * n] {
        let bytes = catalog(size)
        let snapshots = (bytes.count + 255) / 256
        let (seconds, shown) = fastest { try partialSnapshots(bytes, piece: 256) }
        if size == n { base = max(seconds, 1e-9) }
        ratio = seconds / base
        say(
            String(
                format: "%5d %10d %10d %11.4f %18.2f %10.2fx%@", size, bytes.count, snapshots, seconds,
                seconds / Double(snapshots) * 1e6, ratio, shown < 0 ? " (failed)" : ""))
    }
    say("partial-snapshots-256 4n/n \(String(format: "%.2f", ratio))x  \(ratio <= 5 ? "PASS" : "FAIL")")
    exit(ratio <= 5 ? 0 : 1)
}
let selected = arguments.isEmpty ? shapes : shapes.filter { arguments.contains($0.name) }
if selected.isEmpty {
    FileHandle.standardError.write(
        Data("scaling: no shape named \(arguments.joined(separator: ", ")) (see --list)\n".utf8))
    exit(2)
}

/// The least time of `runs` runs of `body`, in seconds, and the result of the last run: the
/// run least disturbed by other processes (the first run also warms the allocator up).
func fastest(_ body: () throws -> Int) -> (seconds: Double, result: Int) {
    var times: [Double] = []
    var result = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        do { result = try body() } catch { result = -3 }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (times.min() ?? 0, result)
}

say("scaling: n = \(n), 4n = \(4 * n), fastest of \(runs) runs; FAIL above 5.0x")
say("shape".padding(toLength: 34, withPad: " ", startingAt: 0) + "      n (s)     4n (s)   ratio  verdict")
var failures = 0
for shape in selected {
    let size = Swift.max(1, Int(Double(n) * shape.scale))
    let small = fastest(shape.make(size))
    let large = fastest(shape.make(4 * size))
    // Below 5 ms, timer and scheduling noise decide the ratio; such a shape is fast enough.
    let ratio = large.seconds / max(small.seconds, 0.005)
    let pass = ratio <= 5.0 && small.result >= 0 && large.result >= 0
    if !pass { failures += 1 }
    say(
        shape.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: " %10.4f %10.4f %6.2fx  %@", small.seconds, large.seconds, ratio, pass ? "PASS" : "FAIL")
            + (small.result < 0 || large.result < 0 ? " (unexpected outcome \(small.result), \(large.result))" : ""))
}
say(
    failures == 0
        ? "scaling: all \(selected.count) shapes PASS" : "scaling: \(failures) of \(selected.count) shapes FAIL")
exit(failures == 0 ? 0 : 1)
