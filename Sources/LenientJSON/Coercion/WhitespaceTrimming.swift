/// The one definition of whitespace for the scalar rules (numbers, `Bool`, `URL`, `UUID`,
/// dates, non-conforming floats): Unicode's `White_Space` (space, tab, line breaks, no-break
/// space, …). Surrounding whitespace is trimmed only where the policy's `.trimWhitespace`
/// coercion is on; ``DecoderImpl/scalarText(_:)`` is the only place that decides.
enum Whitespace {
    @inline(__always) static func contains(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII answered without the Unicode property tables: space, and tab through carriage return.
        if scalar.value < 0x80 { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }

    /// `string` without leading and trailing whitespace.
    static func trimmed(_ string: Substring) -> Substring {
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !contains($0) }),
            let last = scalars.lastIndex(where: { !contains($0) })
        else { return string[string.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// Whether `string` is empty or only whitespace.
    static func isBlank(_ string: some StringProtocol) -> Bool {
        string.unicodeScalars.allSatisfy(contains)
    }
}

extension DecoderImpl {
    /// The text a scalar rule reads from a string: trimmed of surrounding whitespace when the
    /// policy has `.trimWhitespace`, exactly as written otherwise.
    func scalarText(_ string: String) -> Substring {
        coercions.contains(.trimWhitespace) ? Whitespace.trimmed(Substring(string)) : Substring(string)
    }
}
