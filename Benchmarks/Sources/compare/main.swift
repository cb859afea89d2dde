// Side-by-side timing of JSONDecoder and LenientJSONDecoder in one process, interleaved, on
// the standard corpora; prints a Markdown table of medians.
//
//   cd Benchmarks && swift run -c release compare [iterations=30] [warmup=3]

import Foundation
import LenientJSON

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print("usage: compare [iterations=30] [warmup=3]")
    exit(0)
}
let numbers = arguments.compactMap { Int($0) }
guard numbers.count == arguments.count, numbers.count <= 2, numbers.allSatisfy({ $0 >= 0 }) else {
    FileHandle.standardError.write(Data("usage: compare [iterations=30] [warmup=3]\n".utf8))
    exit(2)
}
let iterations = max(1, numbers.first ?? 30)
let warmup = numbers.dropFirst().first ?? 3

// MARK: Machine

func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
    return "unknown"
}

func swiftVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first(where: {
            $0.contains("Swift version")
        }) {
            return String(line)
        }
    } catch {}
    #if compiler(>=6.3)
    return "compiled by Swift 6.3 or later (`swift --version` unavailable)"
    #else
    return "compiled by Swift before 6.3 (`swift --version` unavailable)"
    #endif
}

// MARK: Timing

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

struct Row {
    let label: String
    let baseline: Double
    let lenient: Double
}

/// Runs `baseline` and `lenient` `warmup` times each, then `iterations` times each, alternating
/// which goes first, and returns both medians in milliseconds.
func interleave(_ baseline: () throws -> Void, _ lenient: () throws -> Void) rethrows -> (Double, Double) {
    for _ in 0..<warmup {
        try baseline()
        try lenient()
    }
    var baselineTimes: [Double] = []
    var lenientTimes: [Double] = []
    for iteration in 0..<iterations {
        if iteration.isMultiple(of: 2) {
            baselineTimes.append(try milliseconds(baseline))
            lenientTimes.append(try milliseconds(lenient))
        } else {
            lenientTimes.append(try milliseconds(lenient))
            baselineTimes.append(try milliseconds(baseline))
        }
    }
    return (median(baselineTimes), median(lenientTimes))
}

struct Measure: CorpusModelVisitor {
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> [Row] {
        let data = corpus.data
        let object = try JSONSerialization.jsonObject(with: data)
        let foundation = JSONDecoder()
        let lenient = LenientJSONDecoder()

        // The values must agree, or the timings compare different work.
        let expected = try foundation.decode(Model.self, from: data)
        if try lenient.decode(Model.self, from: data) != expected {
            print("WARNING: LenientJSONDecoder decodes \(corpus).json to a different value than JSONDecoder")
        }
        let expectedFromObject = try foundation.decode(Model.self, from: JSONSerialization.data(withJSONObject: object))
        if try lenient.decode(Model.self, fromJSONObject: object) != expectedFromObject {
            print("WARNING: decode(_:fromJSONObject:) on \(corpus).json differs from JSONDecoder on the same object")
        }

        let (dataBaseline, dataLenient) = try interleave(
            { withExtendedLifetime(try foundation.decode(Model.self, from: data)) {} },
            { withExtendedLifetime(try lenient.decode(Model.self, from: data)) {} }
        )
        let (objectBaseline, objectLenient) = try interleave(
            {
                let bytes = try JSONSerialization.data(withJSONObject: object)
                withExtendedLifetime(try foundation.decode(Model.self, from: bytes)) {}
            },
            { withExtendedLifetime(try lenient.decode(Model.self, fromJSONObject: object)) {} }
        )
        return [
            Row(label: "\(corpus)", baseline: dataBaseline, lenient: dataLenient),
            Row(label: "\(corpus) fromJSONObject¹", baseline: objectBaseline, lenient: objectLenient),
        ]
    }
}

// MARK: Report

#if DEBUG
print("WARNING: debug build; use `swift run -c release compare` for meaningful numbers\n")
#endif
print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (nproc), \(cpuModel())")
print("Toolchain: \(swiftVersion())")
print("Method: one process; per corpus \(warmup) warm-up run(s) each, then \(iterations) interleaved runs each; medians\n")

var dataRows: [Row] = []
var objectRows: [Row] = []
for corpus in CorpusName.allCases {
    let rows = try corpus.accept(Measure())
    dataRows.append(rows[0])
    objectRows.append(rows[1])
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

print("| corpus | JSONDecoder median ms | LenientJSON median ms | ratio (Lenient/JSONDecoder) |")
print("|---|---:|---:|---:|")
for row in dataRows + objectRows {
    print("| \(row.label) | \(format(row.baseline)) | \(format(row.lenient)) | \(format(row.lenient / row.baseline)) |")
}
print("""

¹ fromJSONObject rows decode `JSONSerialization.jsonObject(with:)` output: JSONDecoder column = \
`JSONSerialization.data(withJSONObject:)` + `JSONDecoder.decode`, LenientJSON column = \
`LenientJSONDecoder().decode(_:fromJSONObject:)`.
""")
