import AsyncHTTPClient
import ExportClient
import Foundation
import LenientJSON
import OrderWebhook
import Testing

/// The resident memory of this process, from /proc/self/status (Linux).
enum ProcessMemory {
    static var isAvailable: Bool { FileManager.default.isReadableFile(atPath: "/proc/self/status") }

    /// `VmRSS` or `VmHWM` (the peak since the last reset), in bytes.
    static func kilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets `VmHWM` to the current `VmRSS` (Linux 4.0 and later); false where that is not possible.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}

extension Examples {
    /// `GET /export` read with AsyncHTTPClient and decoded as it arrives by `elements(of:from:)`.
    @Suite(.timeLimit(.minutes(10)))
    struct ExportStreamTests {
        /// Line `index` of the feed as the models want it, written from the feed's definition (not read back).
        static func expectedLine(_ index: Int) -> ExportLine {
            ExportLine(
                id: index, sku: "SKU-\(index)", quantity: index % 7, unitPrice: Double(index % 1_000) * 0.25,
                inStock: index % 7 > 0, updatedAt: Date(timeIntervalSince1970: TimeInterval(1_700_000_000 + index)))
        }

        @Test(arguments: Framework.allCases)
        func smallFeedDecodesEveryLine(framework: Framework) async throws {
            let count = 2_345  // not a whole number of chunks
            let lines = try await framework.withServer(makeService()) { base in
                var lines: [ExportLine] = []
                let client = ExportClient(httpClient: .shared)
                let counted = try await client.forEachLine(of: base + "/export?count=\(count)") { lines.append($0) }
                #expect(counted == count)
                return lines
            }
            #expect(lines == (0..<count).map(Self.expectedLine))
        }

        @Test(arguments: Framework.allCases)
        func badCountIsRefused(framework: Framework) async throws {
            let status = try await framework.withServer(makeService()) { base in
                try await send(.GET, base + "/export?count=lots").status
            }
            #expect(status == 400)
        }

        @Test(
            .enabled(if: ProcessMemory.isAvailable, "peak memory is read from /proc/self/status (Linux only)"),
            arguments: Framework.allCases)
        func hundredThousandLinesStreamInBoundedMemory(framework: Framework) async throws {
            let count = 100_000
            let limit = 32 << 20
            let (mismatches, counted, growth) = try await framework.withServer(makeService()) { base in
                let client = ExportClient(httpClient: .shared)
                // Warm up (connections, buffers, first-use allocations), then measure from here.
                try await client.forEachLine(of: base + "/export?count=10") { _ in }
                try #require(ProcessMemory.resetPeak(), "cannot reset VmHWM through /proc/self/clear_refs")
                let baseline = try #require(ProcessMemory.kilobytes("VmRSS"))
                var mismatches = 0
                var next = 0
                let counted = try await client.forEachLine(of: base + "/export?count=\(count)") { line in
                    if line != Self.expectedLine(next) { mismatches += 1 }
                    next += 1
                }
                let peak = try #require(ProcessMemory.kilobytes("VmHWM"))
                return (mismatches, counted, peak - baseline)
            }
            #expect(counted == count)
            #expect(mismatches == 0)
            #expect(growth < limit, "peak RSS grew by \(growth >> 10) KiB while streaming \(count) lines")
            // Streamed, not gathered: a client that collects the body first grows by more than the body itself.
            let bodyBytes = (0..<count).reduce(0) { $0 + ExportFeed.line($1).utf8.count }
            #expect(growth < bodyBytes / 2, "the body is \(bodyBytes >> 10) KiB; peak RSS grew by \(growth >> 10) KiB")
            print("\(framework): \(count) lines, peak RSS growth \(growth >> 10) KiB")
        }
    }
}
