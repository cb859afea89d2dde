extension [UInt8] {
    /// Appends the UTF-8 bytes of `literal` as one buffer. Appended as a `String.UTF8View`, a
    /// literal went through a generic append that read its bytes one at a time: about 110
    /// instructions a literal, 4 % of a messy twitter's summary (Benchmarks
    /// `instructions lenient-report-summary`).
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `string` from the string's own storage, not a byte at a time
    /// through its `UTF8View`: a report's sentences and summary lines, written as bytes.
    mutating func append(utf8Of string: String) {
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }
}
