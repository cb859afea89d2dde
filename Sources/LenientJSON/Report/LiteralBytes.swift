extension [UInt8] {
    /// Appends the UTF-8 bytes of `literal` as one buffer. Appended as a `String.UTF8View`, a
    /// literal went through a generic append that read its bytes one at a time: about 110
    /// instructions a literal, 4 % of a messy twitter's summary (Benchmarks
    /// `instructions lenient-report-summary`).
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
