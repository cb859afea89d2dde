/// Numbers written as text (`"42"`, `" +4.2e1 "`, `"007"`), judged exactly on their digits.
///
/// A numeric string is the characters of a JSON number after trimming whitespace, with an
/// optional leading `+` and leading zeros. Hex, `_`, `,` and locale decimals are not numbers.
struct NumericText {
    /// The number as JSON number text, followed by a NUL byte (for `strtod`).
    let bytes: [UInt8]
    let shape: NumberParsing.Shape

    /// Parses `text`; `nil` when it is not a numeric string.
    init?(_ text: Substring.UTF8View) {
        var body = Array(text)
        while let first = body.first, Self.isSpace(first) { body.removeFirst() }
        while let last = body.last, Self.isSpace(last) { body.removeLast() }
        var negative = false
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            body.removeFirst()
        }
        // Drop leading zeros, keeping one before a point, an exponent or the end.
        var zeros = 0
        while zeros + 1 < body.count, body[zeros] == UInt8(ascii: "0"), NumberParsing.isDigit(body[zeros + 1]) { zeros += 1 }
        body.removeFirst(zeros)
        var normalized: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        normalized.append(contentsOf: body)
        let shape = normalized.withUnsafeBufferPointer { NumberParsing.shape(of: $0) }
        guard let shape else { return nil }
        normalized.append(0)
        self.bytes = normalized
        self.shape = shape
    }

    init?(_ string: String) { self.init(Substring(string).utf8) }

    /// Runs `body` with the number's text (the NUL byte follows it in memory).
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<($0.count - 1)])) }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// The first number inside free text (`"the 21.5 slices"` → `21.5`), for the lossy rule.
    /// Text that is a malformed number as a whole (`"0x10"`, `"1_000"`, `"1,5"`) is not free
    /// text: those are never numbers.
    static func firstNumber(in string: String) -> NumericText? {
        let bytes = Array(string.utf8)
        if isNumberLike(bytes) { return nil }
        var i = 0
        while i < bytes.count {
            let startsNumber = NumberParsing.isDigit(bytes[i])
                || (bytes[i] == UInt8(ascii: "-") && i + 1 < bytes.count && NumberParsing.isDigit(bytes[i + 1]))
            if startsNumber {
                var j = i + 1
                while j < bytes.count, NumberParsing.isDigit(bytes[j]) { j += 1 }
                if j + 1 < bytes.count, bytes[j] == UInt8(ascii: "."), NumberParsing.isDigit(bytes[j + 1]) {
                    j += 1
                    while j < bytes.count, NumberParsing.isDigit(bytes[j]) { j += 1 }
                }
                return NumericText(String(decoding: bytes[i ..< j], as: UTF8.self))
            }
            i += 1
        }
        return nil
    }

    /// Whether the trimmed text as a whole is a malformed number: hex (`0x10`), or digits
    /// with signs, `.`, `,`, `_`, `'`, spaces and exponent letters (`1_000`, `1,5`, `1.000,5`).
    static func isNumberLike(_ bytes: [UInt8]) -> Bool {
        var body = Array(bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        guard !body.isEmpty else { return false }
        if body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-") { body.removeFirst() }
        if body.count > 2, body[0] == UInt8(ascii: "0"), body[1] | 0x20 == UInt8(ascii: "x") {
            return body.dropFirst(2).allSatisfy { StringDecoding.hexValue($0) != nil }
        }
        let allowed: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "_"),
                                   UInt8(ascii: "'"), UInt8(ascii: " "), UInt8(ascii: "e"), UInt8(ascii: "E")]
        return body.allSatisfy { NumberParsing.isDigit($0) || allowed.contains($0) }
    }

    /// Whether the text is empty or only whitespace.
    static func isBlank(_ string: String) -> Bool {
        string.utf8.allSatisfy(isSpace)
    }
}
