/// Numbers written as text (`"42"`, `"+4.2e1"`, `"007"`), judged exactly on their digits.
///
/// A numeric string is the characters of a JSON number with an optional leading `+` and
/// leading zeros. Hex, `_`, `,` and locale decimals are not numbers. Surrounding whitespace is
/// the caller's business: it passes ``DecoderImpl/scalarText(_:)``, trimmed or not by policy.
struct NumericText {
    /// The number as JSON number text, followed by a NUL byte (for `strtod`).
    let bytes: [UInt8]
    let shape: NumberParsing.Shape

    /// Parses `text` as a whole; `nil` when it is not a numeric string.
    init?(_ text: Substring) {
        var body = Array(text.utf8)
        var negative = false
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            body.removeFirst()
        }
        // Drop leading zeros, keeping one before a point, an exponent or the end.
        var zeros = 0
        while zeros + 1 < body.count, body[zeros] == UInt8(ascii: "0"), NumberParsing.isDigit(body[zeros + 1]) {
            zeros += 1
        }
        body.removeFirst(zeros)
        var normalized: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        normalized.append(contentsOf: body)
        let shape = normalized.withUnsafeBufferPointer { NumberParsing.shape(of: $0) }
        guard let shape else { return nil }
        normalized.append(0)
        self.bytes = normalized
        self.shape = shape
    }

    /// Parses `string` as a whole; `nil` when it is not a numeric string.
    init?(_ string: String) { self.init(Substring(string)) }

    /// Runs `body` with the number's text (the NUL byte follows it in memory).
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<($0.count - 1)])) }
    }

    /// The first number inside free text that stands as a word of its own (`"the 21.5
    /// slices"` → `21.5`), for the lossy rule: `[+-]digits[.digits][e[+-]digits]` with a word
    /// boundary (``isWordBoundary(_:at:outward:)``) on both sides, so digits inside a word
    /// (`"v2"`, `"QmV0"`, `"0x10"`, `"12abc"`) are not a number. Text that is a malformed
    /// number as a whole (`"1_000"`, `"1,5"`, `"1 000"`) is not free text: never a number.
    static func firstNumber(in string: Substring) -> NumericText? {
        if isNumberLike(string) { return nil }
        let scalars = Array(string.unicodeScalars)
        func isDigit(_ index: Int) -> Bool {
            index < scalars.count && scalars[index].isASCII && NumberParsing.isDigit(UInt8(scalars[index].value))
        }
        func digitsEnd(from index: Int) -> Int {
            var end = index
            while isDigit(end) { end += 1 }
            return end
        }
        var start = 0
        while start < scalars.count {
            var end = start
            if scalars[start] == "-" || scalars[start] == "+" { end += 1 }
            guard isDigit(end) else {
                start += 1
                continue
            }
            end = digitsEnd(from: end)
            if end < scalars.count, scalars[end] == ".", isDigit(end + 1) { end = digitsEnd(from: end + 1) }
            if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
                var exponent = end + 1
                if exponent < scalars.count, scalars[exponent] == "-" || scalars[exponent] == "+" { exponent += 1 }
                if isDigit(exponent) { end = digitsEnd(from: exponent) }
            }
            if isWordBoundary(scalars, at: start - 1, outward: -1) && isWordBoundary(scalars, at: end, outward: 1) {
                return NumericText(Substring(String(String.UnicodeScalarView(scalars[start..<end]))))
            }
            start += 1
        }
        return nil
    }

    /// Whether the scalar at `index`, next to a number, ends the number's word: there is
    /// none (the text ends), or it is neither part of a word (a letter, a digit, `_`) nor a
    /// joining mark (`.`, `,`, `'`, `-`, `+`, `/`, `:`) that has a word character on its other
    /// side (`outward`, -1 before the number, +1 after it), as in `1,5`, `v-2` or `10:30`.
    /// This is the one definition of a word boundary for the number-in-text rule.
    static func isWordBoundary(_ scalars: [Unicode.Scalar], at index: Int, outward: Int) -> Bool {
        guard scalars.indices.contains(index) else { return true }
        func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        let scalar = scalars[index]
        if isWordCharacter(scalar) { return false }
        if ".,'-+/:".unicodeScalars.contains(scalar) {
            let beyond = index + outward
            return !(scalars.indices.contains(beyond) && isWordCharacter(scalars[beyond]))
        }
        return true
    }

    /// Whether the text as a whole (whitespace aside) is a malformed number: hex (`0x10`), or
    /// digits with signs, `.`, `,`, `_`, `'`, spaces and exponent letters (`1_000`, `1,5`,
    /// `1.000,5`).
    static func isNumberLike(_ string: Substring) -> Bool {
        var body = Array(Whitespace.trimmed(string).utf8)
        guard !body.isEmpty else { return false }
        if body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-") { body.removeFirst() }
        if body.count > 2, body[0] == UInt8(ascii: "0"), body[1] | 0x20 == UInt8(ascii: "x") {
            return body.dropFirst(2).allSatisfy { StringDecoding.hexValue($0) != nil }
        }
        let allowed: Set<UInt8> = [
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "_"),
            UInt8(ascii: "'"), UInt8(ascii: " "), UInt8(ascii: "e"), UInt8(ascii: "E"),
        ]
        return body.allSatisfy { NumberParsing.isDigit($0) || allowed.contains($0) }
    }

    /// Whether the text is empty or only whitespace (by ``Whitespace``'s one definition).
    static func isBlank(_ string: String) -> Bool {
        Whitespace.isBlank(string)
    }
}

extension DecoderImpl {
    /// The text and shape of string `entry` when the text is a JSON number exactly as JSON writes
    /// it (`"42"`, `"-7.5e3"`), read from the document's bytes: the numeric-string rule's fast path
    /// for every number type, which makes no `String`. ``NumericText`` would change nothing in
    /// such text, so a value read from it is the one the rule's full path gives; any other text (a
    /// sign, leading zeros, whitespace, an escape) is `nil` and takes that path
    /// (`NumericStringPropertyTests`).
    @inline(__always)
    func numberInString(_ entry: Int) -> (UnsafeBufferPointer<UInt8>, NumberParsing.Shape)? {
        guard map.flags(entry) & (ValueMap.complexString | ValueMap.nonASCIIString) == 0 else { return nil }
        let text = map.text(entry)
        guard let shape = NumberParsing.shape(of: text) else { return nil }
        return (text, shape)
    }
}
