import Foundation

extension LenientJSONDecoder {
    /// The error a failed decode throws: `error` itself, or, when ``collectsAllErrors`` is set,
    /// every problem of the document (`collect` decodes it again, listing them); a syntax error
    /// is listed alone.
    func failure(_ error: DecodingError, _ collect: () throws -> [DecodingError]) -> any Error {
        guard collectsAllErrors else { return error }
        if DecoderImpl.isSyntaxError(error) { return LenientDecodingErrors(errors: [error]) }
        let errors = (try? collect()) ?? []
        return LenientDecodingErrors(errors: errors.isEmpty ? [error] : errors)
    }
}
