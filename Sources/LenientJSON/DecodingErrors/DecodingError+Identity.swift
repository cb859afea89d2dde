import Foundation

/// The underlying error of a `dataCorrupted` error whose message the decoder wrote (it names
/// the JSON path and the place), where no other underlying error is: it tells such an error
/// from one a model's `init(from:)` or the standard library threw, which
/// ``DecodingErrors/naming(_:in:map:entry:path:)`` rewords. Logic reads this value, never the
/// message (ErrorIdentityTests).
struct DescribedByDecoder: Error, CustomStringConvertible, CustomDebugStringConvertible {
    /// Where the problem is and what was there, as data (``LenientDecodingProblem`` reads it).
    var site: ProblemSite?

    /// One short phrase, so that printing the `DecodingError` that holds this value (a log line's
    /// `"\(error)"`) shows no internal type: the message already names the path and the place.
    var description: String { "described by LenientJSONDecoder" }
    var debugDescription: String { description }
}

/// The place and value of an error the decoder wrote: what ``LenientDecodingProblem`` gives
/// without reading the message.
struct ProblemSite: Sendable {
    var offset: Int?
    var location: SourceLocation?
    var found: JSONValue?
    var expected: String?
}

extension DecodingErrors {
    /// Whether the decoder wrote `context`'s message: its underlying error is one only the
    /// decoder makes (``DescribedByDecoder``, or ``JSONSyntaxError`` for text that is not JSON).
    static func isDescribed(_ context: DecodingError.Context) -> Bool {
        context.underlyingError is DescribedByDecoder || context.underlyingError is JSONSyntaxError
    }

    /// Whether `a` and `b` are the same error, told from their values (case, type or key,
    /// coding path, kind of underlying error), never from their text: while every problem is
    /// collected, whether the error that ended a run is the one a container call threw.
    static func isSame(_ a: DecodingError, _ b: DecodingError) -> Bool {
        switch (a, b) {
        case (.typeMismatch(let typeA, let contextA), .typeMismatch(let typeB, let contextB)),
            (.valueNotFound(let typeA, let contextA), .valueNotFound(let typeB, let contextB)):
            return typeA == typeB && isSame(contextA, contextB)
        case (.keyNotFound(let keyA, let contextA), .keyNotFound(let keyB, let contextB)):
            return isSame([keyA], [keyB]) && isSame(contextA, contextB)
        case (.dataCorrupted(let contextA), .dataCorrupted(let contextB)):
            return isSame(contextA, contextB)
        default:
            return false
        }
    }

    private static func isSame(_ a: DecodingError.Context, _ b: DecodingError.Context) -> Bool {
        guard isSame(a.codingPath, b.codingPath) else { return false }
        switch (a.underlyingError, b.underlyingError) {
        case (nil, nil): return true
        case (let errorA?, let errorB?): return type(of: errorA) == type(of: errorB)
        default: return false
        }
    }

    private static func isSame(_ a: [any CodingKey], _ b: [any CodingKey]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.stringValue == $1.stringValue && $0.intValue == $1.intValue }
    }
}
