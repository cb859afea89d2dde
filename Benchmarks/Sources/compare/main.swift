// Side-by-side timing of JSONDecoder and LenientJSONDecoder in one process, interleaved, on
// the standard corpora; prints a Markdown table of medians.
//
//   cd Benchmarks && swift build -c release && .build/release/compare [iterations=30] [warmup=3]
//
// Also times LenientJSON on each corpus made messy (MessyCorpus, seed 1) against JSONDecoder on
// the clean original, counts instructions per decode beside the times where valgrind is present
// (Instructions.swift), measures peak memory of one decode per decoder on every corpus and a
// generated 100 MB document in fresh child processes (PeakMemory.swift, `compare --peak
// lenient|foundation <corpus> [copies]`), counts the mallocs of one decode with the
// `malloc-count` executable built beside it, and ends with one PASS/FAIL line per
// performance target; then the report, streaming and partial-document rows (ReportRows.swift,
// StreamingRows.swift, PartialRows.swift).

import Foundation
import LenientJSON

let usage = """
    usage: compare [iterations=30] [warmup=3]
           compare --reports [iterations=30] [warmup=3]
           compare --partial [iterations=3]
           compare --partial-run snapshots-16|snapshots-256|snapshots-256-n|appends|decode [times=1]
           compare --peak lenient|foundation <corpus> [copies]
    """
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(usage)
    exit(0)
}

// MARK: Peak memory (child mode)

if arguments.first == "--peak" { runPeakChild(Array(arguments.dropFirst())) }
// `compare --stream-peak <mode> <directory>`: one streaming measurement (StreamingRows.swift);
// `compare --streaming [megabytes]`: the streaming rows alone.
if arguments.first == "--stream-peak" {
    try StreamingBenchmark.peakChild(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--streaming" {
    try StreamingBenchmark.report(megabytes: arguments.dropFirst().first.flatMap { Int($0) } ?? 100)
    exit(0)
}
// `compare --partial [iterations]`: the partial-document rows alone (PartialRows.swift);
// `compare --partial-run <way> [times]`: one of them, untimed, for a profiler.
if arguments.first == "--partial" {
    print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (nproc), \(cpuModel())")
    try PartialRows.report(iterations: max(1, arguments.dropFirst().first.flatMap { Int($0) } ?? 3))
    exit(0)
}
if arguments.first == "--partial-run" {
    try PartialRows.profile(Array(arguments.dropFirst()))
    exit(0)
}
// `compare --reports [iterations] [warmup]`: the report rows alone (ReportRows.swift).
let reportsOnly = arguments.first == "--reports"
let numbers = arguments.dropFirst(reportsOnly ? 1 : 0).compactMap { Int($0) }
guard numbers.count == arguments.count - (reportsOnly ? 1 : 0), numbers.count <= 2, numbers.allSatisfy({ $0 >= 0 })
else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
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
print(
    "Method: one process; per corpus \(warmup) warm-up run(s) each, then \(iterations) interleaved runs each; medians\n"
)
if reportsOnly {
    try ReportRows.report(iterations: iterations, warmup: warmup)
    exit(0)
}

/// LenientJSON (default policy) on a messy corpus vs JSONDecoder on its clean original: the
/// messy path against what users would otherwise run (issue #36 item 1).
struct MeasureMessy: CorpusModelVisitor {
    let seed: UInt64

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws
        -> (Row, MessyCorpus)
    {
        let clean = corpus.data
        let messy = try corpus.messy(seed: seed)
        let foundation = JSONDecoder()
        let lenient = LenientJSONDecoder()
        let expected = try foundation.decode(Model.self, from: clean)
        do {
            if try lenient.decode(Model.self, from: messy.data) != expected {
                print("WARNING: LenientJSONDecoder decodes messy \(corpus) to another value than JSONDecoder the clean")
            }
        } catch {
            print("WARNING: LenientJSONDecoder fails on messy \(corpus): \(error)")
            throw error
        }
        let (baseline, lenientTime) = try interleave(
            { withExtendedLifetime(try foundation.decode(Model.self, from: clean)) {} },
            { withExtendedLifetime(try lenient.decode(Model.self, from: messy.data)) {} }
        )
        return (Row(label: "messy \(corpus) (default policy)²", baseline: baseline, lenient: lenientTime), messy)
    }
}

/// This executable (the child processes are it, or built beside it).
let thisExecutable = URL(
    fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0])

/// Runs `executable` with `arguments` and returns what it printed, or `nil` when it could not
/// be run or failed.
func runChild(_ executable: URL, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
    } catch {
        return nil
    }
}

/// Mallocs of one decode, from the `malloc-count` executable built beside this one (it links
/// the malloc interposer, which this timing process must not).
func mallocCount(_ decoder: String, _ corpus: CorpusName) -> Int? {
    let counter = thisExecutable.deletingLastPathComponent().appendingPathComponent("malloc-count")
    guard FileManager.default.isExecutableFile(atPath: counter.path),
        let output = runChild(counter, [decoder, corpus.rawValue])
    else { return nil }
    return Int(output.trimmingCharacters(in: .whitespacesAndNewlines))
}

var dataRows: [Row] = []
var objectRows: [Row] = []
for corpus in CorpusName.allCases {
    let rows = try corpus.accept(Measure())
    dataRows.append(rows[0])
    objectRows.append(rows[1])
}
let messySeed: UInt64 = 1
let messyMeasures = try CorpusName.allCases.map { try $0.accept(MeasureMessy(seed: messySeed)) }
let messyRows = messyMeasures.map(\.0)
let messyTwitter = messyMeasures[0].1
let registrationsRow = try measureTwitterWithRegistrations()

func format(_ value: Double) -> String { String(format: "%.2f", value) }

/// Instructions per decode for the Data rows (JSONDecoder, LenientJSON), where valgrind is present.
var instructionColumns: [String: (Int?, Int?)] = [:]
if InstructionCounts.isAvailable {
    for corpus in CorpusName.allCases {
        instructionColumns["\(corpus)"] = (
            InstructionCounts.perDecode("foundation", corpus.rawValue),
            InstructionCounts.perDecode("lenient", corpus.rawValue)
        )
    }
    for (corpus, row) in zip(CorpusName.allCases, messyRows) {
        instructionColumns[row.label] = (
            instructionColumns["\(corpus)"]?.0, InstructionCounts.perDecode("lenient", "messy_\(corpus.rawValue)")
        )
    }
}

print(
    """
    | corpus | JSONDecoder median ms | LenientJSON median ms | ratio (Lenient/JSONDecoder) | JSONDecoder instructio\
    ns | LenientJSON instructions | ratio |
    """
)
print("|---|---:|---:|---:|---:|---:|---:|")
for row in dataRows + messyRows + [registrationsRow] + objectRows {
    let counts = instructionColumns[row.label]
    let countRatio =
        counts.flatMap { pair in pair.0.flatMap { base in pair.1.map { format(Double($0) / Double(base)) } } } ?? "n/a"
    print(
        "| \(row.label) | \(format(row.baseline)) | \(format(row.lenient)) | \(format(row.lenient / row.baseline)) "
            + "| \(InstructionCounts.millions(counts?.0)) | \(InstructionCounts.millions(counts?.1)) | \(countRatio) |")
}
if !InstructionCounts.isAvailable {
    print("\n(instructions: n/a, valgrind or the `instructions` executable beside this one is missing)")
}
let peakVerdictLines = reportPeakMemory()
let messyCounts = MessyRewrite.allCases.map {
    "\($0) \(messyTwitter.rewrites[$0, default: 0])/\(messyTwitter.eligible[$0, default: 0])"
}
print(
    """

    ¹ fromJSONObject rows decode `JSONSerialization.jsonObject(with:)` output: JSONDecoder column = \
    `JSONSerialization.data(withJSONObject:)` + `JSONDecoder.decode`, LenientJSON column = \
    `LenientJSONDecoder().decode(_:fromJSONObject:)`. Instructions: per decode under callgrind \
    (\(InstructionCounts.decodes) counted after one warm-up, Data input, SWIFT_DETERMINISTIC_HASHING=1),\
     as Scripts/instructions.sh counts them.
    ² LenientJSON on each corpus made messy (MessyCorpus, seed \(messySeed); twitter's rewrites made/eligible: \
    \(messyCounts.joined(separator: ", "))), JSONDecoder on the clean original.
    \(registrationsFootnote)
    """)

// MARK: Targets

func verdict(_ pass: Bool) -> String { pass ? "PASS" : "FAIL" }

print("\nTargets:")
/// Issue #15's targets: ratio to JSONDecoder, in time and in instructions.
let roundTwoTargets = ["twitter": 0.27, "canada": 0.13, "citm_catalog": 0.20]
for row in dataRows {
    let ratio = row.lenient / row.baseline
    print(
        """
        \(verdict(ratio <= 0.5)) \(row.label) Data ratio \(format(ratio)) <= 0.50 (earlier target <= 1.\
        00: \(verdict(ratio <= 1.0)))
        """
    )
    guard let target = roundTwoTargets[row.label] else { continue }
    print("\(verdict(ratio <= target)) \(row.label) Data time ratio \(format(ratio)) <= \(format(target)) (#15)")
    if let counts = instructionColumns[row.label], let base = counts.0, let lenient = counts.1 {
        let countRatio = Double(lenient) / Double(base)
        print(
            """
            \(verdict(countRatio <= target)) \(row.label) instructions ratio \(format(countRatio)) <\
            = \(format(target)) (#15)
            """
        )
    }
}
if let twitterRow = dataRows.first {
    let ratio = registrationsRow.lenient / registrationsRow.baseline, plain = twitterRow.lenient / twitterRow.baseline
    print(
        """
        \(verdict(ratio <= plain * 1.05)) twitter with unrelated registrations ratio \(format(ratio)) <= plain twit\
        ter ratio \(format(plain)) + 5%
        """
    )
}
/// Issue #36 item 1: a messy corpus at most 0.8 of JSONDecoder's time and instructions on the
/// clean one (canada, at 0.77 when the issue was filed, must not pass that).
let messyTargets = ["twitter": 0.8, "canada": 0.77, "citm_catalog": 0.8]
for (corpus, row) in zip(CorpusName.allCases, messyRows) {
    let target = messyTargets["\(corpus)"] ?? 0.8
    let ratio = row.lenient / row.baseline
    let line = "messy \(corpus) vs clean JSONDecoder time ratio \(format(ratio)) <= \(format(target))"
    print("\(verdict(ratio <= target)) \(line)")
    if let counts = instructionColumns[row.label], let base = counts.0, let lenient = counts.1 {
        let countRatio = Double(lenient) / Double(base)
        print(
            """
            \(verdict(countRatio <= target)) messy \(corpus) vs clean JSONDecoder instructions ratio \
            \(format(countRatio)) <= \(format(target))
            """
        )
    }
}
for (row, corpus) in zip(objectRows, CorpusName.allCases) {
    let ratio = row.lenient / row.baseline
    print("\(verdict(ratio <= 0.5)) \(corpus) fromJSONObject ratio \(format(ratio)) <= 0.50")
}
for line in peakVerdictLines { print(line) }
for corpus in CorpusName.allCases {
    if let lenient = mallocCount("lenient", corpus), let foundation = mallocCount("foundation", corpus) {
        print(
            """
            \(verdict(lenient <= foundation)) \(corpus) allocations per decode (malloc calls) LenientJSO\
            N \(lenient) <= JSONDecoder \(foundation)
            """
        )
    } else {
        print(
            "FAIL \(corpus) allocations: malloc-count missing beside this executable (swift build -c release builds it)"
        )
    }
}

try ReportRows.report(iterations: iterations, warmup: warmup)
try StreamingBenchmark.report()
try PartialRows.report()
