// Peak memory (VmHWM) of one decode per decoder, in fresh child processes of this executable,
// on every corpus and on a generated document of about 100 MB (copies of canada, the corpus
// with the most values per byte, in one array).

import Foundation
import LenientJSON

/// VmHWM (peak resident set size) of this process in kB, from /proc/self/status.
func peakResidentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first ?? "")  // "\t  1234 kB"
    }
    return nil
}

/// What one child process decodes: a corpus, or `copies` copies of it in one JSON array.
struct PeakDocument {
    let corpus: CorpusName
    let copies: Int

    /// The generated document: canada repeated to about 100 MB.
    static let generated = PeakDocument(corpus: .canada, copies: 100_000_000 / CorpusName.canada.data.count + 1)

    /// The child's arguments after `--peak lenient|foundation`.
    var arguments: [String] { copies > 1 ? [corpus.rawValue, "\(copies)"] : [corpus.rawValue] }

    var label: String {
        copies > 1 ? "generated \(data.count / 1_000_000) MB (\(copies) × \(corpus) in one array)" : "\(corpus)"
    }

    /// The bytes decoded.
    var data: Data {
        guard copies > 1 else { return corpus.data }
        var bytes = Data("[".utf8)
        for copy in 0..<copies {
            if copy > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(corpus.data)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}

/// Decodes a document once and reports VmHWM after it, the value still alive.
struct DecodeOnce: CorpusModelVisitor {
    let lenient: Bool
    let data: Data
    let copies: Int

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Int {
        let decoder: JSONDecoder = lenient ? LenientJSONDecoder() : JSONDecoder()
        if copies > 1 {
            let value = try decoder.decode([Model].self, from: data)
            return withExtendedLifetime(value) { peakResidentKilobytes() ?? -1 }
        }
        let value = try decoder.decode(Model.self, from: data)
        return withExtendedLifetime(value) { peakResidentKilobytes() ?? -1 }
    }
}

/// `compare --peak lenient|foundation <corpus> [copies]`: builds the document, decodes it
/// once, prints VmHWM before and after in kB. Run by the parent in a fresh process each time.
func runPeakChild(_ arguments: [String]) -> Never {
    guard (2...3).contains(arguments.count), arguments[0] == "lenient" || arguments[0] == "foundation",
        let corpus = CorpusName(rawValue: arguments[1]),
        let copies = arguments.count == 3 ? Int(arguments[2]) : 1, copies >= 1
    else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
    // The document is built (and cached by neither decoder) before the baseline.
    let data = PeakDocument(corpus: corpus, copies: copies).data
    let before = peakResidentKilobytes() ?? -1
    do {
        let after = try corpus.accept(DecodeOnce(lenient: arguments[0] == "lenient", data: data, copies: copies))
        print("\(before) \(after)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("decode failed: \(error)\n".utf8))
        exit(1)
    }
}

/// Median VmHWM in kB after one decode, over `runs` fresh child processes of this executable.
func childPeak(_ decoder: String, _ document: PeakDocument, runs: Int = 3) -> (before: Int, after: Int)? {
    var samples: [(Int, Int)] = []
    for _ in 0..<runs {
        guard let output = runChild(thisExecutable, ["--peak", decoder] + document.arguments) else { return nil }
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2, fields[1] > 0 else { return nil }
        samples.append((fields[0], fields[1]))
    }
    samples.sort { $0.1 < $1.1 }
    return samples[samples.count / 2]
}

/// Prints the peak memory table; returns one PASS/FAIL line per document (LenientJSON's peak
/// at or below JSONDecoder's), printed with the other targets.
func reportPeakMemory() -> [String] {
    let documents = CorpusName.allCases.map { PeakDocument(corpus: $0, copies: 1) } + [PeakDocument.generated]
    var verdicts: [String] = []
    print("\nPeak memory (VmHWM after one decode, value alive, fresh process each, median of 3; kB):\n")
    print("| document | JSONDecoder peak | LenientJSON peak | before decoding (JSONDecoder / LenientJSON) |")
    print("|---|---:|---:|---:|")
    for document in documents {
        guard let foundation = childPeak("foundation", document), let lenient = childPeak("lenient", document) else {
            print("| \(document.label) | n/a | n/a | n/a |")
            verdicts.append(
                """
                FAIL \(document.label) peak memory: could not run `\(CommandLine.arguments[0]) --peak …` or read /p\
                roc/self/status
                """
            )
            continue
        }
        print(
            "| \(document.label) | \(foundation.after) | \(lenient.after) | \(foundation.before) / \(lenient.before) |")
        verdicts.append(
            """
            \(lenient.after <= foundation.after ? "PASS" : "FAIL") \(document.label) peak memory\
             LenientJSON \(lenient.after) kB \
            <= JSONDecoder \(foundation.after) kB (growth \(lenient.after - lenient.before) /\
             \(foundation.after - foundation.before) kB)
            """)
    }
    return verdicts
}
