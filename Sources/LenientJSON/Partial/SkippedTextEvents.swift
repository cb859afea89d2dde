import Foundation

/// The report events of the text around a model's JSON value (the PartialDocuments article): one
/// ``LenientDecodingEvent/Kind/skippedText`` event (rule ``LenientRule/textSkipped``) per span
/// skipped, before the value and after it, at the root (`$`).
///
/// A span is its text without the JSON whitespace around it (space, tab, line feed, carriage
/// return); a span of whitespace alone is no event, so plain JSON text reports what
/// ``LenientJSONDecoder/decode(_:from:report:)`` reports. The event's place is the span's first
/// byte, and its ``LenientDecodingEvent/found`` the span's text as a string, cut to
/// ``foundLimit`` characters.
enum SkippedTextEvents {
    /// The most characters of a span that an event's `found` holds.
    static let foundLimit = 200
    /// The most characters of a span that an event's description quotes.
    static let quotedLimit = 40

    /// The event of `range` of `bytes`, or `nil` when the range holds only whitespace.
    ///
    /// - Parameters:
    ///   - range: The span skipped.
    ///   - bytes: The whole answer.
    ///   - isBeforeValue: Whether the span comes before the value (else after it).
    ///   - type: The type the value decoded as.
    ///   - leadingByteCount: The bytes of the text as given before `bytes` (a byte-order mark),
    ///     which the event's offset counts.
    static func event(
        skipping range: Range<Int>, of bytes: [UInt8], isBeforeValue: Bool, type: Any.Type, leadingByteCount: Int = 0
    ) -> LenientDecodingEvent? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return nil }
        let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
        let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: lower, in: $0) }
        let characters = text.count
        var quoted = ""
        JSONValue.writeString(String(text.prefix(quotedLimit)), to: &quoted)
        if characters > quotedLimit { quoted += "…" }
        let what =
            "Skipped \(characters) character\(characters == 1 ? "" : "s") of text "
            + (isBeforeValue ? "before" : "after") + " the JSON value: " + quoted
        return LenientDecodingEvent(
            kind: .skippedText, rule: .textSkipped, path: "$", pointer: "", line: location.line,
            column: location.column, offset: lower + leadingByteCount, found: .string(String(text.prefix(foundLimit))),
            type: String(describing: type), description: LenientDecodingEvent.sentence(what, at: "$", location))
    }

    /// Whether `byte` is JSON whitespace.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
