// Streaming rows of `compare` (issue #16): the same ~100 MB of records decoded
//   - from one in-memory `Data` as a whole array (`decode([Record].self, from:)`), the baseline;
//   - streamed from a file holding the array (`elements(of:from: URL)`);
//   - streamed from a file holding the records as JSON Lines;
//   - streamed from the JSON Lines bytes in memory as an `AsyncSequence` of bytes, and of chunks;
//   - from the JSON Lines file read in 256 KiB pieces, split at line breaks, and decoded line by
//     line with `JSONDecoder` (and, for scale, with `LenientJSONDecoder`);
// each with its peak memory (VmHWM growth) in a fresh child process
// (`compare --stream-peak <mode> <file>`).

import Foundation
import LenientJSON

/// A typical exported record: a few scalars, an array and a nested object (about 260 bytes).
struct StreamRecord: Codable, Equatable, Sendable {
    struct Address: Codable, Equatable, Sendable {
        var street: String
        var city: String
        var zip: String
    }
    var id: Int
    var name: String
    var email: String
    var active: Bool
    var score: Double
    var createdAt: String
    var tags: [String]
    var address: Address

    static func make(_ id: Int) -> StreamRecord {
        StreamRecord(
            id: id, name: "User Número \(id)", email: "user\(id)@example.com", active: id % 3 != 0,
            score: Double(id % 1000) / 8, createdAt: "2024-03-\(10 + id % 18)T10:\(10 + id % 50):00Z",
            tags: ["tag\(id % 7)", "group \(id % 13)", "ünïcödé"],
            address: Address(
                street: "\(id % 500) Main Street, Apt \(id % 40)", city: "Springfield", zip: String(10000 + id % 89999))
        )
    }
}

/// The bytes of a `Data`, one at a time, as an `AsyncSequence` (a stand-in for a network or
/// pipe byte sequence, without its waiting).
struct AsyncBytesOfData: AsyncSequence, Sendable {
    typealias Element = UInt8
    let data: Data
    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        var index: Data.Index
        mutating func next() async -> UInt8? {
            guard index < data.endIndex else { return nil }
            defer { index += 1 }
            return data[index]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data, index: data.startIndex) }
}

/// The bytes of a `Data` in chunks of 64 KiB, as an `AsyncSequence` of `Data`.
struct AsyncChunksOfData: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        var index: Data.Index
        mutating func next() async -> Data? {
            guard index < data.endIndex else { return nil }
            let end = Swift.min(data.endIndex, index + 65_536)
            defer { index = end }
            return data[index..<end]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(data: data, index: data.startIndex) }
}

enum StreamingBenchmark {
    /// The two files (array and JSON Lines) of `megabytes` of records, written once per run.
    struct Files {
        let array: URL
        let lines: URL
        let count: Int
        let bytes: Int

        static func make(megabytes: Int) throws -> Files {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lenient-stream-bench-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let array = directory.appendingPathComponent("records.json")
            let lines = directory.appendingPathComponent("records.jsonl")
            let encoder = JSONEncoder()
            var arrayText = Data("[".utf8)
            var linesText = Data()
            var count = 0
            while linesText.count < megabytes * 1_000_000 {
                let record = try encoder.encode(StreamRecord.make(count))
                if count > 0 { arrayText.append(UInt8(ascii: ",")) }
                arrayText.append(record)
                linesText.append(record)
                linesText.append(UInt8(ascii: "\n"))
                count += 1
            }
            arrayText.append(UInt8(ascii: "]"))
            try arrayText.write(to: array)
            try linesText.write(to: lines)
            return Files(array: array, lines: lines, count: count, bytes: linesText.count)
        }

        func remove() {
            try? FileManager.default.removeItem(at: array.deletingLastPathComponent())
        }
    }

    /// The ways of decoding the records that are timed and measured.
    enum Mode: String, CaseIterable {
        case wholeArray = "whole-array"
        case streamArray = "stream-array"
        case streamLines = "stream-lines"
        case streamBytes = "stream-bytes"
        case streamChunks = "stream-chunks"
        case linesFoundation = "lines-jsondecoder"
        case linesLenient = "lines-lenient"

        var label: String {
            switch self {
            case .wholeArray: return "whole array from one in-memory Data (LenientJSON)"
            case .streamArray: return "elements(of:from:) array file"
            case .streamLines: return "elements(of:from:) JSON Lines file"
            case .streamBytes: return "elements(of:from:) JSON Lines as an AsyncSequence of UInt8"
            case .streamChunks: return "elements(of:from:) JSON Lines as an AsyncSequence of 64 KiB Data chunks"
            case .linesFoundation: return "JSON Lines read line by line, JSONDecoder per line"
            case .linesLenient: return "JSON Lines read line by line, LenientJSONDecoder per line"
            }
        }

        /// Decodes every record of `files` this way; the number of records.
        func run(_ files: Files, data: Data?) throws -> Int {
            switch self {
            case .wholeArray:
                let data = try data ?? Data(contentsOf: files.array)
                return try LenientJSONDecoder().decode([StreamRecord].self, from: data).count
            case .streamArray:
                return try blocking {
                    try await countElements(LenientJSONDecoder().elements(of: StreamRecord.self, from: files.array))
                }
            case .streamLines:
                return try blocking {
                    try await countElements(LenientJSONDecoder().elements(of: StreamRecord.self, from: files.lines))
                }
            case .streamBytes:
                let bytes = try Data(contentsOf: files.lines)
                return try blocking {
                    try await countElements(
                        LenientJSONDecoder().elements(of: StreamRecord.self, from: AsyncBytesOfData(data: bytes)))
                }
            case .streamChunks:
                let bytes = try Data(contentsOf: files.lines)
                return try blocking {
                    try await countElements(
                        LenientJSONDecoder().elements(of: StreamRecord.self, from: AsyncChunksOfData(data: bytes)))
                }
            case .linesFoundation:
                return try decodeLines(files.lines, with: JSONDecoder())
            case .linesLenient:
                return try decodeLines(files.lines, with: LenientJSONDecoder())
            }
        }
    }

    static func countElements(_ elements: LenientJSONElements<StreamRecord>) async throws -> Int {
        var count = 0
        for try await record in elements { count += record.id >= 0 ? 1 : 0 }
        return count
    }

    /// Reads `url` in 256 KiB pieces, splits it at line breaks (`memchr`) and decodes each line
    /// from a `Data` of its own, as a line reader hands it out.
    static func decodeLines(_ url: URL, with decoder: JSONDecoder) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var pending = Data()
        var count = 0
        while let piece = try handle.read(upToCount: 256 * 1024), !piece.isEmpty {
            pending.append(piece)
            let consumed = try pending.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                var start = 0
                while start < raw.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), raw.count - start)
                {
                    let newline = base.distance(to: UnsafeRawPointer(found))
                    if newline > start {
                        _ = try decoder.decode(StreamRecord.self, from: Data(raw[start..<newline]))
                        count += 1
                    }
                    start = newline + 1
                }
                return start
            }
            pending.removeSubrange(..<(pending.startIndex + consumed))
        }
        return count
    }

    /// Where a task leaves its result for the thread that waits on it (written before the
    /// semaphore is signalled, read after it is waited on).
    final class ResultBox<R>: @unchecked Sendable { var result: Result<R, any Error>? }

    /// Runs `body` in a task and waits for it (the timing loop is synchronous).
    static func blocking<R: Sendable>(_ body: @escaping @Sendable () async throws -> R) throws -> R {
        let box = ResultBox<R>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// `compare --stream-peak <mode> <file-directory>`: decodes once, prints VmHWM before and
    /// after in kB.
    static func peakChild(_ arguments: [String]) throws {
        guard arguments.count == 2, let mode = Mode(rawValue: arguments[0]) else {
            FileHandle.standardError.write(Data("usage: compare --stream-peak <mode> <directory>\n".utf8))
            exit(2)
        }
        let directory = URL(fileURLWithPath: arguments[1])
        let files = Files(
            array: directory.appendingPathComponent("records.json"),
            lines: directory.appendingPathComponent("records.jsonl"), count: 0, bytes: 0)
        let before = peakResidentKilobytes() ?? -1
        let count = try mode.run(files, data: nil)
        print("\(before) \(peakResidentKilobytes() ?? -1) \(count)")
    }

    /// Times each mode (median of `runs`, interleaved) and measures its peak memory in a child
    /// process; prints a table and the targets.
    static func report(megabytes: Int = 100, runs: Int = 3) throws {
        let files = try Files.make(megabytes: megabytes)
        defer { files.remove() }
        let data = try Data(contentsOf: files.array)
        let megabytesRead = Double(files.bytes) / 1_000_000
        var times: [Mode: [Double]] = [:]
        for mode in Mode.allCases { _ = try mode.run(files, data: data) }  // warm-up, and the counts agree
        for run in 0..<runs {
            let order = run.isMultiple(of: 2) ? Mode.allCases : Mode.allCases.reversed()
            for mode in order {
                var count = 0
                let time = try milliseconds { count = try mode.run(files, data: data) }
                guard count == files.count else {
                    print("WARNING: \(mode.rawValue) decoded \(count) records, not \(files.count)")
                    return
                }
                times[mode, default: []].append(time)
            }
        }
        print(
            """
            \nStreaming: \(files.count) records, \(String(format: "%.0f", megabytesRead)) MB as JSON Lines (the arr\
            ay adds one comma a record); median of \(runs) runs; peak memory is VmHWM growth in a fresh process
            """
        )
        print("| decode | median ms | MB/s | vs whole array | peak memory growth MB |")
        print("|---|---:|---:|---:|---:|")
        let whole = median(times[.wholeArray] ?? [1])
        // Not main.swift's `thisExecutable`: `--streaming` runs before that global is set.
        let executable = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        var peaks: [Mode: Double] = [:]
        for mode in Mode.allCases {
            let time = median(times[mode] ?? [1])
            var peak = "?"
            if let output = runChild(
                executable, ["--stream-peak", mode.rawValue, files.array.deletingLastPathComponent().path])
            {
                let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
                if fields.count == 3, fields[0] > 0 {
                    peaks[mode] = Double(fields[1] - fields[0]) / 1024
                    peak = String(format: "%.1f", Double(fields[1] - fields[0]) / 1024)
                }
            }
            print(
                """
                | \(mode.label) | \(format(time)) | \(String(format: "%.0f", megabytesRead / time * 1000))\
                 | \(format(whole / time)) | \(peak) |
                """
            )
        }
        print("\nStreaming targets:")
        for mode in [Mode.streamArray, .streamLines] {
            let ratio = whole / median(times[mode] ?? [1])
            print(
                "\(verdict(ratio >= 0.8)) \(mode.label) throughput \(format(ratio)) of the whole-array decode >= 0.80")
            let versus = median(times[.linesFoundation] ?? [1]) / median(times[mode] ?? [1])
            print("\(verdict(versus > 1)) \(mode.label) \(format(versus))x the throughput of JSONDecoder line by line")
            if let peak = peaks[mode] {
                print(
                    "\(verdict(peak < 64)) \(mode.label) peak memory growth \(String(format: "%.1f", peak)) MB < 64 MB")
            }
        }
    }
}
