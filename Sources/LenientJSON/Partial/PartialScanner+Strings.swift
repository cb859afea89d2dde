/// The strings (keys and values) of a partial document that have arrived whole, delimited at
/// once as `JSONScanner.scanString` delimits them, and those cut short by the end of the bytes.
extension PartialScanner {
    /// What ``stringEnd(_:_:quote:flags:)`` returns for a string that goes on to the end of the
    /// bytes with no error yet: more bytes may close it.
    static let cutShort = -1
    /// What ``stringEnd(_:_:quote:flags:)`` returns for a string that `JSONScanner` rejects, or
    /// may reject, before its end (a quote among the four bytes of a `\u` escape): the byte-by-byte
    /// reading (``step(_:)``) finds the error.
    static let readsByteByByte = -2

    /// Where the string whose opening quote is at `quote` ends (the offset after its closing
    /// quote), with `flags` ORed with those `JSONScanner.scanString` sets for it; else
    /// ``cutShort`` or ``readsByteByByte``. Without a throw: a string cut short by the end of a
    /// piece is the usual case here, about once per piece (in `compare --partial-run appends`,
    /// `JSONScanner.scanString`'s throw and its catch cost 1.5% of the appends' instructions).
    @inline(__always)
    static func stringEnd(_ base: UnsafeRawPointer, _ end: Int, quote: Int, flags: inout Int) -> Int {
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = quote &+ 1
        while i < end {
            // Eight bytes at a time up to the first quote, backslash or control character.
            while i &+ 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let special = JSONScanner.specialBytes(word)
                if special != 0 {
                    let before = special.trailingZeroBitCount &>> 3
                    let ordinary = (UInt64(1) &<< UInt64(before &<< 3)) &- 1
                    if word & ordinary & highs != 0 { flags |= ValueMap.nonASCIIString }
                    i &+= before
                    break
                }
                if word & highs != 0 { flags |= ValueMap.nonASCIIString }
                i &+= 8
            }
            guard i < end else { break }
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte == UInt8(ascii: "\"") { return i &+ 1 }
            if byte == UInt8(ascii: "\\") {
                flags |= ValueMap.complexString
                i &+= 1
                guard i < end else { break }
                if base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: "u") {
                    // `JSONScanner` wants four bytes after `u`, none of them a quote.
                    var k = i &+ 1
                    while k < end && k <= i &+ 4 {
                        if base.load(fromByteOffset: k, as: UInt8.self) == UInt8(ascii: "\"") { return readsByteByByte }
                        k &+= 1
                    }
                    guard i &+ 4 < end else { break }
                    i &+= 4
                }
                i &+= 1
                continue
            }
            if byte < 0x20 {
                flags |= ValueMap.complexString
            } else if byte >= 0x80 {
                flags |= ValueMap.nonASCIIString
            }
            i &+= 1
        }
        return cutShort
    }
}
