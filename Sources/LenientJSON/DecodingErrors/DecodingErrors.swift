import Foundation

/// Builds every `DecodingError` the decoder throws, so that each one names the JSON path, the
/// line and column (for `Data` input), what was expected and what was found.
///
/// The error cases are the ones `JSONDecoder` throws in the same situation.
enum DecodingErrors {
    /// `dataCorrupted`: the input (`byteCount` bytes of text) is past what the value map
    /// addresses (``EntryBuffer/maxBytes``, 4 GiB).
    static func inputTooLarge(byteCount: Int) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: [],
                debugDescription:
                    "The input is \(byteCount) bytes; LenientJSONDecoder reads documents of up to "
                    + "\(EntryBuffer.maxBytes) bytes (4 GiB)."
            ))
    }

    /// `typeMismatch`: the value is of another kind than `type` needs.
    static func typeMismatch(
        _ type: Any.Type, path: @autoclosure () -> [any CodingKey], map: ValueMap, entry: Int, describes: Bool
    ) -> DecodingError {
        guard describes else { return .typeMismatch(type, quiet) }
        let path = path()
        return .typeMismatch(
            type,
            .init(
                codingPath: path,
                debugDescription: sentence(
                    "Expected \(typeName(type))", path: path, map: map, entry: entry, found: found(map, entry)),
                underlyingError: DescribedByDecoder(site: site(map, entry, expected: typeName(type)))))
    }

    /// `valueNotFound`: the value is `null` where `type` was needed.
    static func valueNotFound(
        _ type: Any.Type, path: @autoclosure () -> [any CodingKey], map: ValueMap, entry: Int?, describes: Bool
    ) -> DecodingError {
        guard describes else { return .valueNotFound(type, quiet) }
        let path = path()
        return .valueNotFound(
            type,
            .init(
                codingPath: path,
                debugDescription: sentence(
                    "Expected \(typeName(type))", path: path, map: map, entry: entry, found: "null"),
                underlyingError: DescribedByDecoder(site: site(map, entry, expected: typeName(type)))))
    }

    /// `valueNotFound` at the end of an array: no element left to decode.
    static func endOfArray(
        _ type: Any.Type, path: @autoclosure () -> [any CodingKey], map: ValueMap, array: Int, describes: Bool
    ) -> DecodingError {
        guard describes else { return .valueNotFound(type, quiet) }
        let path = path()
        return .valueNotFound(
            type,
            .init(
                codingPath: path,
                debugDescription: sentence(
                    "Expected \(typeName(type))", path: path, map: map, entry: array,
                    found: "the end of the array (unkeyed container is at end)")))
    }

    /// `keyNotFound`: the object has no member for `key`; `suggestion` is a close key that is there.
    ///
    /// The message names the missing member's path in the spelling the input would use,
    /// `inputName` (`id_str` for the model key `idStr` under `.convertFromSnakeCase`), with the
    /// model's key beside it where the two differ: `No value for key "id_str" (model key
    /// "idStr") at $[0].id_str`. The error's `codingPath` is the object's, as `JSONDecoder` gives.
    static func keyNotFound(
        _ key: any CodingKey, inputName: String? = nil, path: @autoclosure () -> [any CodingKey], map: ValueMap,
        object: Int, suggestion: String? = nil, describes: Bool
    ) -> DecodingError {
        guard describes else { return .keyNotFound(key, quiet) }
        let path = path()
        let spelling = inputName ?? key.stringValue
        var message = "No value for key \"\(spelling)\""
        if spelling != key.stringValue { message += " (model key \"\(key.stringValue)\")" }
        message += " at " + JSONPath.string(for: path) + JSONPath.segment(forKey: spelling)
        if let location = location(map, object) { message += " (\(location.description))" }
        if let suggestion { message += "; did you mean \"\(suggestion)\"?" } else { message += "." }
        message += ErrorExcerpt.lines(for: object, in: map)
        var site = site(map, object, expected: nil)
        site.found = nil
        return .keyNotFound(
            key,
            .init(
                codingPath: path, debugDescription: message,
                underlyingError: DescribedByDecoder(site: site)))
    }

    /// `dataCorrupted`: the value is of the right kind but unusable (`reason` says why).
    static func dataCorrupted(
        _ reason: String, path: @autoclosure () -> [any CodingKey], map: ValueMap, entry: Int?,
        underlying: (any Error)? = nil, describes: Bool
    ) -> DecodingError {
        guard describes else {
            return .dataCorrupted(.init(codingPath: [], debugDescription: reason, underlyingError: underlying))
        }
        let path = path()
        var message = reason + " at " + JSONPath.string(for: path)
        if let entry, let location = location(map, entry) { message += " (\(location.description))" }
        if let entry { message += ", found \(found(map, entry))" }
        message += "."
        if let entry { message += ErrorExcerpt.lines(for: entry, in: map) }
        return .dataCorrupted(
            .init(
                codingPath: path, debugDescription: message,
                underlyingError: underlying ?? DescribedByDecoder(site: site(map, entry, expected: nil))))
    }

    /// `dataCorrupted` for a number with a fraction (`1.5`, `"1.5"`) where integer `type`
    /// needs a whole number (and truncation is off).
    static func fractionForInteger(
        _ type: Any.Type, path: @autoclosure () -> [any CodingKey], map: ValueMap, entry: Int, describes: Bool
    ) -> DecodingError {
        dataCorrupted(
            "Number has a fractional part, but \(typeName(type)) needs a whole number", path: path(), map: map,
            entry: entry, describes: describes)
    }

    /// `dataCorrupted` for number `entry` whose text is not a valid number: a syntax error.
    static func malformedNumber(
        path: @autoclosure () -> [any CodingKey], map: ValueMap, entry: Int, describes: Bool
    ) -> DecodingError {
        var fault = JSONSyntaxError("malformed number", at: map.sourceOffset(of: entry))
        fault.location = location(map, entry)
        return dataCorrupted(
            "The given data was not valid JSON: malformed number", path: path(), map: map, entry: entry,
            underlying: fault, describes: describes)
    }

    /// A `Date` that neither the strategy nor a fallback reads: `typeMismatch` with `type` (what
    /// the strategy reads) for a value of the wrong kind, else `dataCorrupted`, as `JSONDecoder`;
    /// the message names `Date`, the value found and the forms tried.
    static func dateNotRead(
        mismatching type: Any.Type?, tried forms: [String], path: [any CodingKey], map: ValueMap, entry: Int,
        describes: Bool
    ) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path,
            debugDescription: sentence(
                "Expected Date", path: path, map: map, entry: entry, describes: describes,
                found: found(map, entry) + "; tried " + forms.joined(separator: ", ")),
            underlyingError: DescribedByDecoder(site: describes ? site(map, entry, expected: "Date") : nil))
        guard let type else { return .dataCorrupted(context) }
        return .typeMismatch(type, context)
    }

    /// `dataCorrupted` for text that is not valid JSON, at the fault's line and column
    /// (counted from `origin`, the location of the text's first byte).
    /// `leadingByteCount` is what came before `bytes` in the caller's `Data` (a byte-order mark),
    /// added to the error's offset so that it is an offset in the `Data` as given.
    static func syntax(
        _ error: JSONSyntaxError, path: [any CodingKey], bytes: UnsafeBufferPointer<UInt8>?,
        origin: SourceLocation = .start, leadingByteCount: Int = 0
    ) -> DecodingError {
        var message = "The given data was not valid JSON: " + error.message + " at " + JSONPath.string(for: path)
        var error = error
        if let offset = error.offset, let bytes {
            let location = SourceLocation(offset: offset, in: bytes, origin: origin)
            error.location = location
            error.offset = offset + leadingByteCount
            message += " (\(location.description))"
            message += ErrorExcerpt.lines(at: offset, in: bytes, startsMidLine: origin.column > 1)
        }
        return .dataCorrupted(.init(codingPath: path, debugDescription: message, underlyingError: error))
    }

    /// `error`, thrown while decoding model type `type` at `entry`, with a message that
    /// names the model type and points at the input: where the standard library or a model's
    /// own `init(from:)` threw about this value (an unknown enum case: "Cannot initialize Kind
    /// from invalid String value x"), or a container said `Dictionary<String, Any>` for
    /// what the model calls `Banners`. The error's case, type and coding path stay as thrown.
    static func naming(
        _ type: Any.Type, in error: DecodingError, map: ValueMap, entry: Int, path: [any CodingKey], describes: Bool
    ) -> DecodingError {
        guard describes else { return error }
        switch error {
        case .dataCorrupted(let context)
        where context.codingPath.count == path.count && !isDescribed(context):
            var reason = context.debugDescription
            if reason.hasSuffix(".") { reason.removeLast() }
            return dataCorrupted(
                reason, path: context.codingPath, map: map, entry: entry, underlying: context.underlyingError,
                describes: describes)
        case .typeMismatch(let expected, let context)
        where context.codingPath.count == path.count && isContainerType(expected):
            return .typeMismatch(
                expected,
                .init(
                    codingPath: context.codingPath,
                    debugDescription: sentence(
                        "Expected \(typeName(type))", path: context.codingPath, map: map, entry: entry,
                        found: found(map, entry)),
                    underlyingError: context.underlyingError))
        case .valueNotFound(let expected, let context)
        where context.codingPath.count == path.count && isContainerType(expected):
            return .valueNotFound(
                expected,
                .init(
                    codingPath: context.codingPath,
                    debugDescription: sentence(
                        "Expected \(typeName(type))", path: context.codingPath, map: map, entry: entry, found: "null"),
                    underlyingError: context.underlyingError))
        default:
            return error
        }
    }

    /// Whether `type` is what a container reports (`[String: Any]`, `[Any]`) rather than a model type.
    private static func isContainerType(_ type: Any.Type) -> Bool {
        type == [String: Any].self || type == [Any].self
    }

    // MARK: Pieces

    /// The context of an error made while a value is decoded again strictly: such an error
    /// only fails that attempt (nobody reads its path or text), so none is built.
    static let quiet = DecodingError.Context(codingPath: [], debugDescription: "A strict attempt failed.")

    static func sentence(
        _ expected: String, path: [any CodingKey], map: ValueMap, entry: Int?, describes: Bool = true,
        found: @autoclosure () -> String
    ) -> String {
        guard describes else { return expected }
        var message = expected + " at " + JSONPath.string(for: path)
        if let entry, let location = location(map, entry) { message += " (\(location.description))" }
        message += ", found \(found())."
        if let entry { message += ErrorExcerpt.lines(for: entry, in: map) }
        return message
    }

    /// Where `entry` is and what it holds, for ``LenientDecodingProblem``.
    static func site(_ map: ValueMap, _ entry: Int?, expected: String?) -> ProblemSite {
        guard let entry else { return ProblemSite(expected: expected) }
        return ProblemSite(
            offset: map.sourceOffset(of: entry), location: location(map, entry),
            found: ValueMap.foundValue(map, entry), expected: expected)
    }

    static func location(_ map: ValueMap, _ entry: Int) -> SourceLocation? {
        guard map.hasSourcePositions else { return nil }
        return map.location(ofOffset: map.valueStart(entry))
    }

    /// What the value is, with a short excerpt: `string "twelve"`, `number 12`, `an array`.
    static func found(_ map: ValueMap, _ entry: Int) -> String {
        var text: [UInt8] = []
        appendFound(map, entry, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``found(_:_:)`` to `text`: what a summary line's sentence
    /// writes into its own buffer (``DecoderImpl/appendCoercionSentence(shown:at:typeName:in:to:)``).
    static func appendFound(_ map: ValueMap, _ entry: Int, to text: inout [UInt8]) {
        switch map.kind(entry) {
        case .null: text.append(literal: "null")
        case .true: text.append(literal: "true")
        case .false: text.append(literal: "false")
        case .number:
            text.append(literal: "number ")
            appendExcerpt(map.text(entry), to: &text)
        case .string:
            text.append(literal: "string \"")
            appendExcerpt(map.text(entry), to: &text)
            text.append(UInt8(ascii: "\""))
        case .array: text.append(literal: "an array")
        case .object: text.append(literal: "an object")
        case .date: text.append(literal: "a date")
        }
    }

    /// Appends the first 40 bytes of `value` to `text`, and `…` when there are more. A UTF-8
    /// sequence the limit cuts is left cut: the string made of `text` repairs it to one U+FFFD,
    /// as it would the cut bytes alone, since what follows it (`…`, a quote, a space) starts a
    /// sequence of its own (`ReportSentenceTests`).
    private static func appendExcerpt(_ value: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        let limit = 40
        guard value.count > limit else {
            text.append(contentsOf: value)
            return
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: value[..<limit]))
        text.append(literal: "…")
    }

    static func typeName(_ type: Any.Type) -> String {
        TypeNames.name(of: type)
    }
}
