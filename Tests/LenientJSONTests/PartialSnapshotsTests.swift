import Foundation
import LenientJSON
import Synchronization
import Testing

/// `snapshots(of:from:)` and `snapshots(of:fromText:)` (the PartialDocuments article): at most
/// one snapshot per piece read, only the newest while the consumer is busy, the last one
/// complete or an error, and a cancelled consumer stops the reading of the source.
@Suite("Partial snapshots")
struct PartialSnapshotsTests {
    struct Recipe: Decodable, Equatable, Sendable {
        var title: String
        var steps: [String]
        var minutes: Int
    }

    static let document = #"{"title": "Soup", "steps": ["chop", "boil", "serve"], "minutes": "25"}"#

    /// `text` cut into pieces of `size` bytes (the last one shorter).
    static func pieces(of text: String, size: Int) -> [String] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map {
            String(decoding: bytes[$0..<Swift.min($0 + size, bytes.count)], as: UTF8.self)
        }
    }

    /// Fragments given one by one, each pull of the source counted; after `fragments`, the
    /// source ends, fails with `failure`, or (`endless`) keeps giving `"1,"`.
    struct CountedFragments: AsyncSequence, Sendable {
        typealias Element = String
        struct ReadFailure: Error, Equatable {}
        let fragments: [String]
        var failure: ReadFailure?
        var endless = false
        let pulls = Pulls()

        final class Pulls: Sendable {
            private let count = Mutex(0)
            func add() { count.withLock { $0 += 1 } }
            var value: Int { count.withLock { $0 } }
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            let source: CountedFragments
            var index = 0
            mutating func next() async throws -> String? {
                source.pulls.add()
                await Task.yield()
                defer { index += 1 }
                if index < source.fragments.count { return source.fragments[index] }
                if source.endless { return "1," }
                if let failure = source.failure { throw failure }
                return nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
    }

    /// Every snapshot of `sequence`, and the error that ended it.
    static func collect<T>(_ sequence: PartialSnapshots<T>) async -> (
        snapshots: [PartialSnapshot<T>], error: (any Error)?
    ) {
        var snapshots: [PartialSnapshot<T>] = []
        do {
            for try await snapshot in sequence { snapshots.append(snapshot) }
            return (snapshots, nil)
        } catch {
            return (snapshots, error)
        }
    }

    /// Waits (at most five seconds) until `condition` holds.
    static func wait(until condition: () -> Bool) async throws {
        for _ in 0..<5000 where !condition() { try await Task.sleep(nanoseconds: 1_000_000) }
    }

    @Test("the last snapshot is complete, with the value decode(_:from:) returns", arguments: [1, 7, 200])
    func lastIsComplete(pieceSize: Int) async throws {
        let decoder = LenientJSONDecoder()
        let expected = try decoder.decode(Recipe.self, from: Data(Self.document.utf8))
        let source = CountedFragments(fragments: Self.pieces(of: Self.document, size: pieceSize))
        let (snapshots, error) = await Self.collect(decoder.snapshots(of: Recipe.self, fromText: source))
        #expect(error == nil)
        let last = try #require(snapshots.last)
        #expect(last.isComplete)
        #expect(last.value == expected)
        #expect(last.pending.isEmpty)
        #expect(last.bytesRead == Self.document.utf8.count)
        // Only the last one is complete.
        #expect(snapshots.dropLast().allSatisfy { !$0.isComplete })
    }

    @Test("the last snapshot carries the whole decode's events")
    func lastReport() async throws {
        let decoder = LenientJSONDecoder()
        var expected = LenientDecodingReport()
        _ = try decoder.decode(Recipe.self, from: Data(Self.document.utf8), report: &expected)
        let source = CountedFragments(fragments: Self.pieces(of: Self.document, size: 10))
        let (snapshots, _) = await Self.collect(decoder.snapshots(of: Recipe.self, fromText: source))
        #expect(snapshots.last?.report == expected)
        #expect(expected.events.map(\.rule) == [.numberFromString])
    }

    @Test("at most one snapshot per piece read, each of more bytes than the one before")
    func atMostOnePerPiece() async throws {
        let pieces = Self.pieces(of: Self.document, size: 5)
        let source = CountedFragments(fragments: pieces)
        let (snapshots, _) = await Self.collect(LenientJSONDecoder().snapshots(of: Recipe.self, fromText: source))
        #expect(!snapshots.isEmpty)
        #expect(snapshots.count <= pieces.count)
        let counts = snapshots.map(\.bytesRead)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("a byte sequence is read byte by byte, at most one snapshot per byte")
    func bytes() async throws {
        let bytes = Array(Self.document.utf8)
        let decoder = LenientJSONDecoder()
        let (snapshots, error) = await Self.collect(
            decoder.snapshots(of: Recipe.self, from: SingleBytes(bytes: bytes, failAfter: nil)))
        #expect(error == nil)
        #expect(snapshots.count <= bytes.count)
        #expect(snapshots.last?.value == (try decoder.decode(Recipe.self, from: Data(bytes))))
        #expect(snapshots.last?.isComplete == true)
    }

    @Test("while the consumer is busy, pieces pile up and the next snapshot is of all of them")
    func newestOnly() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let pulls = CountedFragments.Pulls()
        struct Counted: AsyncSequence, Sendable {
            let stream: AsyncStream<String>
            let pulls: CountedFragments.Pulls
            struct AsyncIterator: AsyncIteratorProtocol {
                var base: AsyncStream<String>.AsyncIterator
                let pulls: CountedFragments.Pulls
                mutating func next() async -> String? {
                    pulls.add()
                    return await base.next()
                }
            }
            func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator(), pulls: pulls) }
        }
        let pieces = Self.pieces(of: Self.document, size: 8)
        var iterator = LenientJSONDecoder().snapshots(of: Recipe.self, fromText: Counted(stream: stream, pulls: pulls))
            .makeAsyncIterator()
        continuation.yield(pieces[0])
        let first = try #require(try await iterator.next())
        #expect(first.bytesRead == 8)
        // The consumer is busy: four pieces arrive, and the source is asked for a sixth.
        for piece in pieces[1...4] { continuation.yield(piece) }
        try await Self.wait { pulls.value >= 6 }
        let second = try #require(try await iterator.next())
        #expect(second.bytesRead == 5 * 8)
        for piece in pieces[5...] { continuation.yield(piece) }
        continuation.finish()
        var last = second
        while let snapshot = try await iterator.next() { last = snapshot }
        #expect(last.isComplete)
        #expect(last.bytesRead == Self.document.utf8.count)
    }

    @Test("a document cut short throws finish's error, that of decode(_:from:)")
    func cutShort() async throws {
        let decoder = LenientJSONDecoder()
        let text = #"{"title": "Soup", "steps": ["chop""#
        let expected = Self.problem { _ = try decoder.decode(Recipe.self, from: Data(text.utf8)) }
        let source = CountedFragments(fragments: Self.pieces(of: text, size: 4))
        let (snapshots, error) = await Self.collect(decoder.snapshots(of: Recipe.self, fromText: source))
        let thrown = try #require(error as? DecodingError)
        #expect(LenientDecodingProblem(thrown) == expected)
        #expect(snapshots.allSatisfy { !$0.isComplete })
    }

    @Test("bytes after the value throw append's error, that of decode(_:from:)")
    func trailingBytes() async throws {
        let decoder = LenientJSONDecoder()
        let text = Self.document + " and more"
        let expected = Self.problem { _ = try decoder.decode(Recipe.self, from: Data(text.utf8)) }
        let source = CountedFragments(fragments: Self.pieces(of: text, size: 16))
        let (_, error) = await Self.collect(decoder.snapshots(of: Recipe.self, fromText: source))
        let thrown = try #require(error as? DecodingError)
        #expect(LenientDecodingProblem(thrown) == expected)
    }

    @Test("append's error ends the sequence as soon as it is certain, the source still open", .timeLimit(.minutes(1)))
    func appendErrorEarly() async throws {
        let decoder = LenientJSONDecoder()
        let source = CountedFragments(fragments: [#"{"title": x"#], endless: true)
        let (_, error) = await Self.collect(decoder.snapshots(of: Recipe.self, fromText: source))
        let thrown = try #require(error as? DecodingError)
        #expect(LenientDecodingProblem(thrown).offset == 10)
    }

    @Test("the source's error ends the sequence")
    func sourceError() async throws {
        let source = CountedFragments(fragments: [#"{"title": "#], failure: .init())
        let (_, error) = await Self.collect(LenientJSONDecoder().snapshots(of: Recipe.self, fromText: source))
        #expect(error as? CountedFragments.ReadFailure == .init())
    }

    @Test("cancelling the consumer throws CancellationError and stops reading the source")
    func cancellation() async throws {
        let source = CountedFragments(fragments: ["["], endless: true)
        let snapshots = LenientJSONDecoder().snapshots(of: [Int].self, fromText: source)
        let started = Mutex(false)
        let task = Task { () -> (any Error)? in
            do {
                for try await _ in snapshots {
                    started.withLock { $0 = true }
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
                return nil
            } catch {
                return error
            }
        }
        try await Self.wait { started.withLock { $0 } && source.pulls.value > 10 }
        task.cancel()
        #expect(await task.value is CancellationError)
        // The reading task ends: the source is pulled no more (one pull may have begun).
        let stopped = source.pulls.value
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(source.pulls.value <= stopped + 1)
    }

    @Test("an iteration left with break stops reading the source")
    func abandoned() async throws {
        let source = CountedFragments(fragments: ["["], endless: true)
        for try await _ in LenientJSONDecoder().snapshots(of: [Int].self, fromText: source) { break }
        try await Self.wait { source.pulls.value > 0 }
        try await Task.sleep(nanoseconds: 20_000_000)
        let stopped = source.pulls.value
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(source.pulls.value <= stopped + 1)
    }

    @Test("an empty source throws the error of an empty document")
    func emptySource() async throws {
        let decoder = LenientJSONDecoder()
        let expected = Self.problem { _ = try decoder.decode(Recipe.self, from: Data()) }
        let (snapshots, error) = await Self.collect(
            decoder.snapshots(of: Recipe.self, fromText: CountedFragments(fragments: [])))
        #expect(snapshots.isEmpty)
        let thrown = try #require(error as? DecodingError)
        #expect(LenientDecodingProblem(thrown) == expected)
    }

    /// A model that is not `Sendable`: its snapshots are made in the consumer's task, never sent.
    final class Note: Decodable {
        var text: String
    }

    @MainActor
    @Test("a main-actor loop reads snapshots of a model that is not Sendable")
    func mainActorLoop() async throws {
        var texts: [String] = []
        let source = CountedFragments(fragments: [#"{"text": "a"#, #"bc"}"#])
        for try await snapshot in LenientJSONDecoder().snapshots(of: Note.self, fromText: source) {
            texts.append(snapshot.value?.text ?? "")
        }
        #expect(texts.last == "abc")
        #expect(texts.allSatisfy { "abc".hasPrefix($0) && !$0.isEmpty })
    }

    /// The problem of the `DecodingError` `body` throws.
    static func problem(_ body: () throws -> Void) -> LenientDecodingProblem? {
        do {
            try body()
            return nil
        } catch let error as DecodingError {
            return LenientDecodingProblem(error)
        } catch {
            return nil
        }
    }
}
