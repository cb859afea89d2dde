import Foundation
import LenientJSON
import Testing

/// A byte stream as `AsyncSequence` of chunks (`[UInt8]`) of chosen sizes: `sizes` is cycled
/// until the bytes run out (a size of 0 yields an empty chunk).
struct ChunkedBytes: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    let sizes: [Int]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let sizes: [Int]
        var offset = 0
        var turn = 0

        mutating func next() async -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let size = sizes.isEmpty ? bytes.count : sizes[turn % sizes.count]
            turn += 1
            let end = Swift.min(bytes.count, offset + size)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, sizes: sizes) }
}

/// A byte stream as `AsyncSequence` of single bytes, optionally failing after `failAfter` bytes.
struct SingleBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    var failAfter: Int? = nil

    struct ReadFailure: Error, Equatable {}

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let failAfter: Int?
        var offset = 0

        mutating func next() async throws -> UInt8? {
            if let failAfter, offset >= failAfter { throw ReadFailure() }
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, failAfter: failAfter) }
}

/// Where a stream's bytes come from in a test: the same bytes through each entry point.
enum StreamInput: String, CaseIterable, Sendable, CustomStringConvertible {
    case file, singleBytes, chunks
    var description: String { rawValue }

    /// The elements of `text` read through this input, and the error that ended them (if any).
    func read<T: Decodable & Sendable>(
        _ type: T.Type, _ bytes: [UInt8], decoder: LenientJSONDecoder,
        onEvent: (@Sendable (LenientDecodingEvent) -> Void)? = nil
    ) async -> StreamResult<T> {
        switch self {
        case .file:
            let url = temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            if let onEvent { return await collect(decoder.elements(of: type, from: url, onEvent: onEvent)) }
            return await collect(decoder.elements(of: type, from: url))
        case .singleBytes:
            if let onEvent {
                return await collect(decoder.elements(of: type, from: SingleBytes(bytes: bytes), onEvent: onEvent))
            }
            return await collect(decoder.elements(of: type, from: SingleBytes(bytes: bytes)))
        case .chunks:
            return await collect(
                decoder.elements(of: type, from: ChunkedBytes(bytes: bytes, sizes: [7]), onEvent: onEvent))
        }
    }
}

/// The elements a stream yielded, and the error that ended it.
struct StreamResult<T: Sendable>: Sendable {
    var elements: [T] = []
    var error: (any Error)?
    var errorInfo: ErrorInfo? { error.map(ErrorInfo.init) }
}

func collect<T>(_ elements: LenientJSONElements<T>) async -> StreamResult<T> {
    var result = StreamResult<T>()
    do {
        for try await element in elements { result.elements.append(element) }
    } catch {
        result.error = error
    }
    return result
}

/// A new file in the temporary directory holding `bytes`.
func temporaryFile(_ bytes: [UInt8], suffix: String = ".json") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lenient-stream-\(UUID().uuidString)\(suffix)")
    _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
    return url
}

/// Collects a stream's report events (the `onEvent` closure runs in the iterating task).
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LenientDecodingEvent] = []
    var events: [LenientDecodingEvent] { lock.withLock { stored } }
    func append(_ event: LenientDecodingEvent) { lock.withLock { stored.append(event) } }
}
