import Foundation

/// Finds the encoding of JSON bytes as `JSONDecoder` does (a BOM, or the pattern of zero
/// bytes among the first four) and gives UTF-8 without a BOM.
enum InputEncoding {
    /// Calls `body` with the input as UTF-8, whether that is the caller's own bytes (UTF-8
    /// input is passed through without a copy) or a converted copy, and how many bytes of the
    /// caller's own UTF-8 came before it (a byte-order mark's 3, else 0): byte offsets in a report
    /// or an error are offsets in the `Data` as given (SPEC 11), so they add it.
    static func withUTF8<R>(
        _ data: Data, _ body: (UnsafeRawBufferPointer, _ isOriginal: Bool, _ leadingByteCount: Int) throws -> R
    ) throws -> R {
        try data.withUnsafeBytes { raw -> R in
            let b = Array(raw.prefix(4))
            func at(_ i: Int) -> UInt8? { i < b.count ? b[i] : nil }
            let (encoding, bom) = detect(at(0), at(1), at(2), at(3))
            if encoding == .utf8 {
                return try body(UnsafeRawBufferPointer(rebasing: raw[bom...]), true, bom)
            }
            guard let string = String(bytes: raw[bom...], encoding: encoding) else {
                throw JSONSyntaxError("the data is not valid \(encoding)", at: nil)
            }
            var utf8 = string
            return try utf8.withUTF8 { try body(UnsafeRawBufferPointer($0), false, 0) }
        }
    }

    static func detect(_ b0: UInt8?, _ b1: UInt8?, _ b2: UInt8?, _ b3: UInt8?) -> (String.Encoding, Int) {
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        case (0, 0, 0, .some(let x)) where x != 0: return (.utf32BigEndian, 0)
        case (0, .some(let x), 0, .some(let y)) where x != 0 && y != 0: return (.utf16BigEndian, 0)
        case (.some(let x), 0, 0, 0) where x != 0: return (.utf32LittleEndian, 0)
        case (.some(let x), 0, .some(let y), 0) where x != 0 && y != 0: return (.utf16LittleEndian, 0)
        case (0, .some(let x), nil, nil) where x != 0: return (.utf16BigEndian, 0)
        case (.some(let x), 0, nil, nil) where x != 0: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}
