// Streaming (issue #16): cancelling the consuming task stops reading, and the file is closed
// on every path: the end of the stream, an error, cancellation, and an iteration abandoned
// with `break`. Whether the file is open is read from /proc/self/fd (Linux), by the file's
// own path, so other tests opening files at the same time do not matter.

import Foundation
import LenientJSON
import Testing

@Suite("Streaming: cancellation and closing the file")
struct StreamingCancellationTests {
    struct Line: Decodable, Equatable, Sendable { var id: Int; var text: String }

    /// A JSON Lines file of `count` lines (about 50 bytes each); line `badAt` (0-based) is a
    /// string, which no policy decodes as a `Line`.
    static func linesFile(count: Int, badAt: Int? = nil) -> URL {
        var text = ""
        for id in 0..<count {
            text += id == badAt ? #""not a line""# : #"{"id": \#(id), "text": "line number \#(id) of the file"}"#
            text += "\n"
        }
        return temporaryFile(Array(text.utf8), suffix: ".jsonl")
    }

    /// Whether this process has `url`'s file open; `nil` where that cannot be seen.
    static func isOpen(_ url: URL) -> Bool? {
        #if os(Linux)
            let path = url.resolvingSymlinksInPath().path
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path
            }
        #else
            return nil
        #endif
    }

    @Test("Cancelling the task stops the stream with CancellationError and closes the file")
    func cancellation() async throws {
        let url = Self.linesFile(count: 100_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let elements = LenientJSONDecoder().elements(of: Line.self, from: url)
        let task = Task { () -> (count: Int, wasOpen: Bool?, error: (any Error)?) in
            var count = 0
            var wasOpen: Bool?
            do {
                for try await _ in elements {
                    count += 1
                    if count == 10 {
                        wasOpen = Self.isOpen(url)
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                }
            } catch {
                return (count, wasOpen, error)
            }
            return (count, wasOpen, nil)
        }
        let outcome = await task.value
        #expect(outcome.error is CancellationError, "\(String(describing: outcome.error))")
        #expect(outcome.count == 10)
        if let wasOpen = outcome.wasOpen { #expect(wasOpen) }
        if let open = Self.isOpen(url) { #expect(!open) }
    }

    @Test("Cancelling the task stops reading a byte sequence")
    func cancellationOfSequence() async throws {
        let text = (0..<50_000).map { #"{"id": \#($0), "text": "t"}"# }.joined(separator: "\n")
        let elements = LenientJSONDecoder().elements(
            of: Line.self, from: ChunkedBytes(bytes: Array(text.utf8), sizes: [4096]))
        let task = Task { () -> (count: Int, error: (any Error)?) in
            var count = 0
            do {
                for try await _ in elements {
                    count += 1
                    if count == 100 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                return (count, error)
            }
            return (count, nil)
        }
        let outcome = await task.value
        #expect(outcome.error is CancellationError)
        #expect(outcome.count == 100)
    }

    @Test("The file is closed at the end, after an error and when the loop breaks")
    func closedOnEveryPath() async throws {
        let url = Self.linesFile(count: 20_000, badAt: 15_000)
        defer { try? FileManager.default.removeItem(at: url) }

        // Break: the iterator goes away with the loop.
        var seen = 0
        for try await _ in LenientJSONDecoder().elements(of: Line.self, from: url) {
            seen += 1
            if seen == 5 {
                if let open = Self.isOpen(url) { #expect(open) }
                break
            }
        }
        if let open = Self.isOpen(url) { #expect(!open) }

        // An element's error ends the stream and closes the file, even while the iterator lives.
        var iterator = LenientJSONDecoder().elements(of: Line.self, from: url).makeAsyncIterator()
        var count = 0
        do {
            while try await iterator.next() != nil { count += 1 }
            Issue.record("expected an error")
        } catch let error as DecodingError {
            #expect(ErrorInfo(error).path == ["Index 15000#15000"])
            #expect(ErrorInfo(error).message.contains("$[15000] (line 15001, column 1)"), "\(ErrorInfo(error).message)")
        }
        #expect(count == 15_000)
        if let open = Self.isOpen(url) { #expect(!open) }
        #expect(try await iterator.next() == nil)

        // The end: permissive drops the bad line and reads to the end.
        var permissive = LenientJSONDecoder(policy: .permissive).elements(of: Line.self, from: url).makeAsyncIterator()
        count = 0
        while try await permissive.next() != nil { count += 1 }
        #expect(count == 19_999)
        if let open = Self.isOpen(url) { #expect(!open) }
    }
}
