// Instructions per decode beside the times: when valgrind is on the PATH and the
// `instructions` executable is built beside this one, each corpus is decoded under callgrind
// (counting only the decode loop, as Scripts/instructions.sh does). Instruction counts do
// not depend on what else the machine runs, unlike the medians.
//
// valgrind 3.19 reads DWARF 4 only: build with
//   swift build -c release -Xswiftc -dwarf-version=4
// for these columns (without valgrind, or if callgrind fails, the columns say n/a).

import Foundation

/// Runs of the `instructions` executable under callgrind.
enum InstructionCounts {
    /// Decodes counted per run (after one warm-up decode): one keeps `compare` quick.
    static let decodes = 1

    /// `valgrind` on the PATH, or `nil`.
    static let valgrind: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("valgrind")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The `instructions` executable beside this one, or `nil`.
    static var executable: URL? {
        let candidate = thisExecutable.deletingLastPathComponent().appendingPathComponent("instructions")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Whether the columns can be filled.
    static var isAvailable: Bool { valgrind != nil && executable != nil }

    /// Instructions of one decode of `corpus` (`twitter`, …, `messy_twitter`) by `decoder`
    /// (`foundation` or `lenient`), or `nil` when callgrind could not count them.
    static func perDecode(_ decoder: String, _ corpus: String) -> Int? {
        guard let valgrind, let executable else { return nil }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "compare-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(decoder)-\(corpus)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = valgrind
        process.arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*countedDecodes*",
            "--callgrind-out-file=\(output.path)", executable.path, decoder, corpus, "\(decodes)",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        guard process.terminationStatus == 0,
            let text = try? String(contentsOf: output, encoding: .utf8)
        else { return nil }
        // The totals line: "totals: N" (or "summary: N").
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            guard let total = Int(line.split(separator: " ").last ?? ""), total > 0 else { return nil }
            return total / decodes
        }
        return nil
    }

    /// `12345678` as `12.3 M`.
    static func millions(_ count: Int?) -> String {
        guard let count else { return "n/a" }
        return String(format: "%.1f M", Double(count) / 1_000_000)
    }
}
