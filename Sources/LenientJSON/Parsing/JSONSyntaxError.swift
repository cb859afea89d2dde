/// A fault in the text of a document, found while scanning or while reading a scalar.
///
/// It carries the byte offset of the fault; ``DecodingErrors`` turns it into a
/// `DecodingError.dataCorrupted` that names the line and column.
struct JSONSyntaxError: Error, CustomStringConvertible, CustomDebugStringConvertible {
    /// What is wrong, as a phrase ("unexpected character 'x' in array").
    var message: String
    /// Byte offset of the fault in the UTF-8 text, when known.
    var offset: Int?
    /// Line and column of the fault, where the text is at hand (`LenientDecodingProblem` reads them).
    var location: SourceLocation?

    /// The fault as one short phrase ("unexpected end of input"), so that printing the
    /// `DecodingError` that holds this value shows no internal type.
    var description: String { message }
    var debugDescription: String { message }

    init(_ message: String, at offset: Int?) {
        self.message = message
        self.offset = offset
    }

    static func unexpected(_ byte: UInt8, _ context: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError("unexpected character \(describe(byte)) \(context)", at: offset)
    }

    static func endOfInput(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError("unexpected end of input", at: offset)
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
