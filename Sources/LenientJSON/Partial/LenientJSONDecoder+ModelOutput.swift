import Foundation

extension LenientJSONDecoder {
    /// Decodes the JSON value in a language model's complete answer.
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - text: The model's answer: prose and Markdown around one JSON value.
    /// - Returns: The first `{` or `[` in `text` that begins a JSON value which decodes as `T`.
    /// - Throws: The error of the last candidate tried.
    public func decode<T: Decodable>(_ type: T.Type, fromModelOutput text: String) throws -> T {
        try decode(type, from: Data(text.utf8))
    }

    /// Decodes the JSON value in a language model's complete answer, recording what leniency did.
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - text: The model's answer: prose and Markdown around one JSON value.
    ///   - report: The report that receives the events, each skipped span of text among them.
    /// - Returns: The first `{` or `[` in `text` that begins a JSON value which decodes as `T`.
    /// - Throws: The error of the last candidate tried.
    public func decode<T: Decodable>(
        _ type: T.Type, fromModelOutput text: String, report: inout LenientDecodingReport
    ) throws -> T {
        try decode(type, from: Data(text.utf8), report: &report)
    }
}
