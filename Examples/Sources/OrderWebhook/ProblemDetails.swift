import Foundation
import LenientJSON

/// An RFC 9457 problem body (`application/problem+json`) for a request whose JSON could not be decoded, with an
/// `errors` member listing every problem of the document (``LenientJSON/LenientDecodingErrors/problems``), each
/// with its path, JSON pointer, line and column.
public struct ProblemDetails: Codable, Equatable, Sendable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var errors: [LenientDecodingProblem]

    /// The media type of a problem body.
    public static let mediaType = "application/problem+json"

    public init(type: String, title: String, status: Int, detail: String, errors: [LenientDecodingProblem]) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// The problem body for a decode's error: every problem of a ``LenientJSON/LenientDecodingErrors`` (the
    /// decoder's `collectsAllErrors`), or the one `DecodingError`; `nil` for any other error (not the client's).
    public init?(decodingFailure error: any Error) {
        let problems: [LenientDecodingProblem]
        switch error {
        case let all as LenientDecodingErrors: problems = all.problems
        case let one as DecodingError: problems = [LenientDecodingProblem(one)]
        default: return nil
        }
        let count = problems.count
        self.init(
            type: "https://example.com/problems/invalid-order",
            title: "The order could not be decoded",
            status: 400,
            detail: count == 1 ? "1 problem in the request body." : "\(count) problems in the request body.",
            errors: problems)
    }

    /// The body as JSON.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data(#"{"status":400}"#.utf8)
    }
}
