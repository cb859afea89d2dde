import Foundation

/// `message` without the input excerpt that ends a message for `Data` input (the ErrorMessages
/// article): the excerpt line and the caret line. Written here on its own, from the documented
/// form: a last line of spaces and one `^`, after the excerpt line.
func messageWithoutExcerpt(_ message: String) -> String {
    let lines = message.components(separatedBy: "\n")
    guard lines.count >= 3, let caret = lines.last, caret.hasSuffix("^"), caret.dropLast().allSatisfy({ $0 == " " })
    else { return message }
    return lines.dropLast(2).joined(separator: "\n")
}

/// The excerpt of `message`: its last two lines (the input line and the caret line), or `nil`.
func excerptLines(_ message: String) -> String? {
    let lines = message.components(separatedBy: "\n")
    guard lines.count >= 3, let caret = lines.last, caret.hasSuffix("^"), caret.dropLast().allSatisfy({ $0 == " " })
    else { return nil }
    return lines.suffix(2).joined(separator: "\n")
}

/// The `debugDescription` of a `DecodingError`, or the description of another error.
func debugMessage(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
        .dataCorrupted(let context)?:
        return context.debugDescription
    default:
        return "\(error)"
    }
}
