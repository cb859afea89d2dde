import Foundation

/// A decoding error as data: what a server puts in an RFC 9457 `problem+json` body, and a
/// client in its log.
///
/// Made from any `DecodingError`, `JSONDecoder`'s too. For the errors `LenientJSONDecoder`
/// throws itself, the position (``line``, ``column``, ``offset`` for `Data` input) and the
/// ``found`` value come from the error's data, never from its text.
///
/// ```swift
/// do {
///     _ = try decoder.decode(User.self, from: data)
/// } catch let error as DecodingError {
///     let problem = LenientDecodingProblem(error)
///     // problem.pointer == "/users/2/age", problem.expected == "Int", problem.found == "twelve"
/// }
/// ```
public struct LenientDecodingProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The error's case: `"typeMismatch"`, `"valueNotFound"`, `"keyNotFound"` or `"dataCorrupted"`.
    public var kind: String
    /// The JSON path of the problem, such as `$.users[2].age`; for `keyNotFound`, the missing
    /// member's (`$.users[2].name`).
    public var path: String
    /// The RFC 6901 JSON Pointer of the same place: `/users/2/age`.
    public var pointer: String
    /// The 1-based line of the value, for `LenientJSONDecoder`'s own errors from `Data`.
    public var line: Int?
    /// The 1-based column of the value, for `LenientJSONDecoder`'s own errors from `Data`.
    public var column: Int?
    /// The 0-based byte offset of the value, for `LenientJSONDecoder`'s own errors from `Data`.
    public var offset: Int?
    /// The type that was expected, such as `"Int"`, for `typeMismatch` and `valueNotFound`.
    public var expected: String?
    /// The input's value there, for `LenientJSONDecoder`'s own errors.
    public var found: JSONValue?
    /// The error's `debugDescription`.
    public var message: String

    /// Creates the problem of a decoding error.
    ///
    /// - Parameter error: Any `DecodingError`, from `LenientJSONDecoder` or another decoder.
    public init(_ error: DecodingError) {
        let context: DecodingError.Context
        var codingPath: [any CodingKey]
        switch error {
        case .typeMismatch(let type, let errorContext):
            kind = "typeMismatch"
            context = errorContext
            codingPath = errorContext.codingPath
            expected = DecodingErrors.typeName(type)
        case .valueNotFound(let type, let errorContext):
            kind = "valueNotFound"
            context = errorContext
            codingPath = errorContext.codingPath
            expected = DecodingErrors.typeName(type)
        case .keyNotFound(let key, let errorContext):
            kind = "keyNotFound"
            context = errorContext
            codingPath = errorContext.codingPath + [key]
        case .dataCorrupted(let errorContext):
            kind = "dataCorrupted"
            context = errorContext
            codingPath = errorContext.codingPath
        @unknown default:
            kind = "unknown"
            context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            codingPath = []
        }
        // Another decoder's array index ("Index 2" with intValue 2) is an index here too.
        codingPath = codingPath.map { key in
            guard let index = key.intValue, key.stringValue == "Index \(index)" else { return key }
            return IndexKey(index)
        }
        path = JSONPath.string(for: codingPath)
        pointer = JSONPath.pointer(for: codingPath)
        message = context.debugDescription
        if let site = (context.underlyingError as? DescribedByDecoder)?.site {
            line = site.location?.line
            column = site.location?.column
            offset = site.offset
            found = site.found
            if expected == nil { expected = site.expected }
        } else if let syntax = context.underlyingError as? JSONSyntaxError {
            offset = syntax.offset
            line = syntax.location?.line
            column = syntax.location?.column
        }
    }

    /// The problem's message, which names its path and place.
    public var description: String { message }
}

extension LenientDecodingErrors {
    /// Every problem as data, in document order (the order of ``errors``).
    public var problems: [LenientDecodingProblem] { errors.map(LenientDecodingProblem.init) }
}
