import AsyncHTTPClient
import LenientJSON
import ModelStreams
import NIOCore

/// Reads a model's streamed answer (server-sent events) with AsyncHTTPClient and decodes it as it arrives: the
/// text each event carries goes to LenientJSONDecoder's `snapshots(of:fromText:options:)`, which yields the
/// answer's value as it grows, the last snapshot complete.
public struct ModelStreamClient: Sendable {
    public let httpClient: HTTPClient
    public let decoder: LenientJSONDecoder

    public init(httpClient: HTTPClient, decoder: LenientJSONDecoder = LenientJSONDecoder()) {
        self.httpClient = httpClient
        self.decoder = decoder
    }

    /// The snapshots of the answer streamed at `url` in `format`'s wire format. Throws
    /// `ModelStreamClientError` for an answer other than 200; iterating throws the decoder's errors.
    public func snapshots<T: Decodable>(
        of type: T.Type, from url: String, format: RecordedStream, timeout: TimeAmount = .seconds(30)
    ) async throws -> PartialSnapshots<T> {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await httpClient.execute(request, timeout: timeout)
        guard response.status == .ok else { throw ModelStreamClientError.unexpectedStatus(Int(response.status.code)) }
        return decoder.snapshots(
            of: type, fromText: EventTextDeltas(body: response.body, format: format), options: format.partialOptions)
    }
}

public enum ModelStreamClientError: Error, Equatable {
    case unexpectedStatus(Int)
}
