// `lenient-demo --stream [megabytes=1024]`: writes a large messy JSON Lines log to a temporary
// file, streams it with `elements(of:from:)`, and prints a progress line every tenth of the
// file with the throughput and the peak memory so far, then the totals. The memory stays flat
// however large the file: only the line being decoded and one read buffer are held.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import LenientJSON

/// One line of the generated log, as the model declares it.
struct LogEvent: Decodable, Sendable {
    enum Level: String, Decodable, CaseIterable, Sendable { case debug, info, warning, error }
    var id: Int
    var level: Level
    var message: String
    var durationMs: Double
    var ok: Bool
    var at: Date
}

enum StreamDemo {
    /// Log lines as a real service writes them: most are clean, one in 50 is messy (the id and
    /// numbers as strings, "yes"/"no", an upper-case level, a date with a space instead of
    /// `T`), and one in 100,000 is not a log event at all (dropped under `.permissive`).
    static func line(_ id: Int) -> String {
        if id % 100_000 == 99_999 { return #""(log rotated)""# }
        let levels = ["debug", "info", "warning", "error"]
        if id % 50 == 49 {
            return
                #"""
                {"id": "\#(id)", "level": "\#(levels[id % 4].uppercased())", "message": "request \#(id) served fro\#
                m cache \#(id % 17)", 
                """#
                    + #"""
                    "duration_ms": "\#(id % 1000).\#(id % 10)", "ok": "\#(id % 9 == 0 ? "no" : "yes")", "at": "2024-03\#
                    -01 10:\#(10 + id % 50):00"}
                    """#
        }
        return
            #"""
            {"id": \#(id), "level": "\#(levels[id % 4])", "message": "request \#(id) served from cache \#(id % 17)\#
            ", 
            """#
                + #"""
                "durationMs": \#(id % 1000).\#(id % 10), "ok": \#(id % 9 != 0), "at": "2024-03-01T10:\#(10 + id % 50):\#
                00Z"}
                """#
    }

    /// Writes about `megabytes` MB of log lines to a new temporary file, in 4 MB batches.
    static func writeLog(megabytes: Int) throws -> (url: URL, bytes: Int, lines: Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lenient-demo-\(getpid()).jsonl")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var written = 0
        var lines = 0
        var batch = ""
        while written < megabytes * 1_000_000 {
            batch += line(lines) + "\n"
            lines += 1
            if batch.utf8.count >= 4_000_000 {
                try handle.write(contentsOf: Data(batch.utf8))
                written += batch.utf8.count
                batch = ""
            }
        }
        return (url, written, lines)
    }

    /// Starts the peak resident size afresh from the current size (Linux: `/proc/self/clear_refs`),
    /// so that writing the log does not count; elsewhere the peak stays the process's.
    static func resetPeakResidentSize() {
        #if os(Linux)
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #endif
    }

    /// The peak resident size of this process so far, in MB (VmHWM on Linux, else `getrusage`).
    static func peakResidentMegabytes() -> Double {
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Double(line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first ?? "")
            {
                return kilobytes / 1024
            }
        #endif
        var usage = rusage()
        #if canImport(Glibc)
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #endif
        #if canImport(Darwin)
            return Double(usage.ru_maxrss) / 1_048_576  // bytes
        #else
            return Double(usage.ru_maxrss) / 1024  // kilobytes
        #endif
    }

    /// Counts what leniency did, from the `onEvent` closure.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func add(_ event: LenientDecodingEvent) { lock.withLock { counts["\(event.kind)", default: 0] += 1 } }
        var summary: String {
            lock.withLock { counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
        }
    }

    /// Writes a line to standard output at once (unbuffered, so progress shows through a pipe).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(arguments: [String]) {
        let megabytes = arguments.first.flatMap { Int($0) } ?? 1024
        say("== Streaming a \(megabytes) MB JSON Lines log with elements(of:from:)")
        let log: (url: URL, bytes: Int, lines: Int)
        do {
            log = try writeLog(megabytes: megabytes)
        } catch {
            say("error: could not write the log: \(error)")
            return
        }
        defer { try? FileManager.default.removeItem(at: log.url) }
        say("wrote \(log.lines) lines (\(log.bytes / 1_000_000) MB) to \(log.url.path)")

        resetPeakResidentSize()
        let baseline = peakResidentMegabytes()
        say(String(format: "peak resident size before streaming: %.1f MB", baseline))
        let decoder = LenientJSONDecoder(policy: .permissive)
        decoder.dateDecodingStrategy = .iso8601
        let counter = Counter()
        let elements = decoder.elements(of: LogEvent.self, from: log.url) { counter.add($0) }
        let done = DispatchSemaphore(value: 0)
        Task {
            defer { done.signal() }
            let start = Date()
            var count = 0
            var failures = 0
            var nextReport = 1
            do {
                for try await event in elements {
                    count += 1
                    if !event.ok { failures += 1 }
                    if count * 10 >= log.lines * nextReport {
                        let seconds = Date().timeIntervalSince(start)
                        let megabytesRead = Double(log.bytes) * Double(count) / Double(log.lines) / 1_000_000
                        say(
                            String(
                                format: "%3d%%  %9d events  %7.0f MB  %6.1f MB/s  peak resident +%.1f MB",
                                nextReport * 10, count, megabytesRead, megabytesRead / seconds,
                                peakResidentMegabytes() - baseline))
                        nextReport += 1
                    }
                }
            } catch {
                say("error after \(count) events: \(error)")
            }
            let seconds = Date().timeIntervalSince(start)
            say(
                String(
                    format: "decoded %d events (%d not ok) in %.1f s: %.1f MB/s", count, failures, seconds,
                    Double(log.bytes) / 1_000_000 / seconds))
            say(
                String(
                    format: "peak resident size: %.1f MB, %.1f MB above the baseline", peakResidentMegabytes(),
                    peakResidentMegabytes() - baseline))
            say("what leniency did: \(counter.summary)")
        }
        done.wait()
    }
}
