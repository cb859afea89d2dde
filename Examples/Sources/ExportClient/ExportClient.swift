import AsyncHTTPClient
import Foundation
import LenientJSON
import NIOCore
import NIOFoundationCompat
import OrderWebhook

/// Reads a service's `GET /export` feed (JSON Lines) with AsyncHTTPClient and decodes it as it arrives, with
/// LenientJSONDecoder's `elements(of:from:)` over the response body's chunks: memory stays bounded by one chunk
/// and one line, whatever the feed's length.
public struct ExportClient: Sendable {
    public let httpClient: HTTPClient
    public let decoder: LenientJSONDecoder

    /// A client reading with `httpClient`. The default decoder reads the feed's Unix-seconds times.
    public init(httpClient: HTTPClient, decoder: LenientJSONDecoder? = nil) {
        self.httpClient = httpClient
        self.decoder = decoder ?? Self.makeDecoder()
    }

    /// A lenient decoder for the feed: `.lenient`, dates as seconds since 1970.
    public static func makeDecoder() -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// Streams `url`'s lines, decoded, to `body` one at a time; returns how many there were. Throws
    /// `ExportClientError` for an answer other than 200, and the decoder's `DecodingError` (naming the line) for a
    /// line that cannot be decoded.
    @discardableResult
    public func forEachLine(
        of url: String, timeout: TimeAmount = .seconds(60), _ body: (ExportLine) throws -> Void
    ) async throws -> Int {
        let request = HTTPClientRequest(url: url)
        let response = try await httpClient.execute(request, timeout: timeout)
        guard response.status == .ok else {
            throw ExportClientError.unexpectedStatus(Int(response.status.code))
        }
        var count = 0
        for try await line in decoder.elements(of: ExportLine.self, from: ResponseChunks(body: response.body)) {
            try body(line)
            count += 1
        }
        return count
    }
}

public enum ExportClientError: Error, Equatable {
    case unexpectedStatus(Int)
}

/// The response body's `ByteBuffer`s as `Data`-like chunks (each buffer's `readableBytesView`), the shape that
/// `elements(of:from:)` copies a chunk at a time.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = ByteBufferView
    let body: HTTPClientResponse.Body

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPClientResponse.Body.AsyncIterator

        mutating func next() async throws -> ByteBufferView? {
            try await base.next()?.readableBytesView
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: body.makeAsyncIterator())
    }
}
