import Foundation

/// Every problem of a document that failed to decode, thrown when
/// ``LenientJSONDecoder/collectsAllErrors`` is set.
///
/// Each element of ``errors`` is the `DecodingError` the decoder throws for that problem when it
/// stops at the first one: its case, coding path and message (JSON path, line and column,
/// what was expected and what was found) are the same. The errors are in document order (a
/// missing key at the object that lacks it), each problem once: a value that fails because a
/// value inside it fails is not listed again.
///
/// ```swift
/// decoder.collectsAllErrors = true
/// do {
///     _ = try decoder.decode(Order.self, from: data)
/// } catch let problems as LenientDecodingErrors {
///     print(problems)
///     // 2 problems:
///     // - Expected Int at $.quantity (line 1, column 14), found string "two".
///     // - No value for key "sku" at $.items[0].sku (line 1, column 35).
/// }
/// ```
public struct LenientDecodingErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in document order; never empty when thrown by a decoder.
    public var errors: [DecodingError]

    /// Creates a list of problems.
    ///
    /// ```swift
    /// let problems = LenientDecodingErrors(errors: [error])
    /// ```
    ///
    /// - Parameter errors: The problems, in document order.
    public init(errors: [DecodingError]) {
        self.errors = errors
    }

    /// The number of problems, then one line per problem with its message.
    public var description: String {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        // A message's input excerpt is indented under its line (ErrorMessages article).
        return errors.reduce(count + ":") { text, error in
            text + "\n- " + Self.message(of: error).replacingOccurrences(of: "\n", with: "\n  ")
        }
    }

    /// The error's `debugDescription`, which names its path and place.
    static func message(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
