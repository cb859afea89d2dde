#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// The C library's correctly rounded `strtod`/`strtof`, read in the C locale whatever the
/// process's or thread's `LC_NUMERIC` says (a comma-decimal locale would stop them at the
/// `.`), and only when they consume the whole text: a short read is `nil`, never a value.
///
/// Darwin and Windows have `strtod_l`; Glibc and Musl declare theirs only for `_GNU_SOURCE`,
/// so there the calling thread switches to a C locale made once, for the call alone
/// (`uselocale` costs a couple of nanoseconds).
enum CLocaleNumbers {
    #if canImport(Darwin)
        // A null locale_t is the C locale for Darwin's *_l functions.
    #elseif canImport(ucrt)
        nonisolated(unsafe) private static let cLocale: _locale_t? = _create_locale(LC_ALL, "C")
    #elseif canImport(Glibc) || canImport(Musl)
        /// The C locale. With no base locale, the categories outside the mask are C's as well.
        nonisolated(unsafe) private static let cLocale: locale_t? = newlocale(LC_NUMERIC_MASK, "C", nil)
    #endif

    /// The `Double` nearest `text`, or `nil` when `strtod` does not read exactly all of it.
    /// The byte after `text` must be readable and must not continue a number (a NUL byte or
    /// a JSON delimiter).
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        read(text) { start, end in
            #if canImport(Darwin)
                strtod_l(start, end, nil)
            #elseif canImport(ucrt)
                _strtod_l(start, end, cLocale)
            #else
                strtod(start, end)
            #endif
        }
    }

    /// The `Float` nearest `text` (rounded once, from the decimal text), or `nil` when
    /// `strtof` does not read exactly all of it. Same requirements as ``double(_:)``.
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float? {
        read(text) { start, end in
            #if canImport(Darwin)
                strtof_l(start, end, nil)
            #elseif canImport(ucrt)
                _strtof_l(start, end, cLocale)
            #else
                strtof(start, end)
            #endif
        }
    }

    @inline(__always)
    private static func read<T>(
        _ text: UnsafeBufferPointer<UInt8>,
        _ parse: (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T
    ) -> T? {
        guard let base = text.baseAddress, text.count > 0 else { return nil }
        #if (canImport(Glibc) || canImport(Musl)) && !canImport(Darwin)
            guard let cLocale else { return nil }
            let previous = uselocale(cLocale)
            defer { uselocale(previous) }
        #endif
        return base.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { start -> T? in
            var end: UnsafeMutablePointer<CChar>?
            let value = parse(start, &end)
            guard let end, UnsafePointer(end) == start + text.count else { return nil }
            return value
        }
    }
}
