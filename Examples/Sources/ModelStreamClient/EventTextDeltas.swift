import AsyncHTTPClient
import ModelStreams
import NIOCore

/// The text pieces of a server-sent-events response body, as they arrive: each body buffer goes through a
/// ``ModelStreams/ServerSentEventParser``, and each event's text (``ModelStreams/RecordedStream/text(in:)``)
/// is one element.
struct EventTextDeltas: AsyncSequence, Sendable {
    typealias Element = String
    let body: HTTPClientResponse.Body
    let format: RecordedStream

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffers: HTTPClientResponse.Body.AsyncIterator
        let format: RecordedStream
        var parser = ServerSentEventParser()
        var ready: [String] = []

        mutating func next() async throws -> String? {
            while ready.isEmpty {
                guard let buffer = try await buffers.next() else { return nil }
                ready = parser.append(buffer.readableBytesView).compactMap(format.text(in:)).reversed()
            }
            return ready.popLast()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(buffers: body.makeAsyncIterator(), format: format)
    }
}
