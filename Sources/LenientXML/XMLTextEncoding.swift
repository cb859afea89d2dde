import Foundation
#if canImport(LenientJSON)
    // Scripts/fuzz.sh compiles LenientJSON's and LenientXML's sources into one module.
    import LenientJSON
#endif

/// Hands `XMLParser` only valid UTF-8: a document in UTF-16, UTF-32 or a declared legacy
/// encoding is converted to UTF-8 here (its declaration then says `UTF-8`), a document read as
/// UTF-8 must be valid UTF-8, and any other declared encoding is refused.
///
/// swift-corelibs-foundation's `XMLParser` traps when libxml2 passes it a name or text that is
/// not UTF-8 (`<\u{DB}p>`: fuzz finding `xml-invalid-utf8-element-name.bin`), and libxml2
/// crashes when the parser is stopped from inside its own encoding switch
/// (`xml-abort-inside-encoding-error.bin`). With UTF-8 input and no encoding to switch to,
/// neither can happen, and the parser can be stopped at its first error.
enum XMLTextEncoding {
    /// A refused document: why, and where (1-based line and column).
    struct Refusal: Error {
        var reason: String
        var line: Int
        var column: Int?
    }

    /// The legacy encodings read, by their lowercased IANA names.
    static let legacyEncodings: [String: String.Encoding] = [
        "iso-8859-1": .isoLatin1, "iso8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "us-ascii": .ascii, "ascii": .ascii,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
        "cp1252": .windowsCP1252, "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "shift_jis": .shiftJIS, "shift-jis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
    ]

    static func utf8Document(_ data: Data) throws(Refusal) -> Data {
        let (reader, declared) = data.withUnsafeBytes { bytes in
            let reader = XMLPrologCheck.UnitReader(bytes)
            return (reader, declaredEncoding(reader))
        }
        let name = declared?.name.lowercased()
        if reader.width == 1 && (name == nil || name == "utf-8" || name == "utf8") {
            let refusal: Refusal? = data.withUnsafeBytes { bytes in
                let text = UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[reader.index...])
                guard let bad = ForeignDocument.firstInvalidUTF8(in: text) else { return nil }
                return Refusal(
                    reason: "invalid UTF-8 (byte 0x\(String(text[bad.offset], radix: 16, uppercase: true)))",
                    line: bad.line, column: bad.column)
            }
            if let refusal { throw refusal }
            return data
        }
        let encoding: String.Encoding
        let encodingName: String
        switch (reader.width, reader.bigEndian) {
        case (1, _):
            guard let name, let legacy = legacyEncodings[name] else {
                throw Refusal(
                    reason: "the encoding \"\(declared?.name ?? "")\" is not read"
                        + " (UTF-8, UTF-16, UTF-32 and common legacy encodings are)",
                    line: 1, column: nil)
            }
            (encoding, encodingName) = (legacy, declared?.name ?? "")
        case (2, true): (encoding, encodingName) = (.utf16BigEndian, "UTF-16")
        case (2, false): (encoding, encodingName) = (.utf16LittleEndian, "UTF-16")
        case (_, true): (encoding, encodingName) = (.utf32BigEndian, "UTF-32")
        case (_, false): (encoding, encodingName) = (.utf32LittleEndian, "UTF-32")
        }
        guard let text = String(data: Data(data[(data.startIndex + reader.index)...]), encoding: encoding) else {
            throw Refusal(reason: "invalid \(encodingName)", line: 1, column: nil)
        }
        var utf8 = Array(text.utf8)
        // The declaration is ASCII, so its encoding's place in the UTF-8 is found in the UTF-8.
        if let range = utf8.withUnsafeBytes({ declaredEncoding(XMLPrologCheck.UnitReader($0))?.range }) {
            utf8.replaceSubrange(range, with: Array("UTF-8".utf8))
        }
        return Data(utf8)
    }

    /// The `encoding` of the XML declaration at the reader's place (`<?xml version="1.0"
    /// encoding="…"?>`) and the byte range of its value, or `nil` when there is no declaration
    /// or it names none.
    static func declaredEncoding(_ start: XMLPrologCheck.UnitReader) -> (name: String, range: Range<Int>)? {
        var reader = start
        guard reader.starts(with: "<?xml") else { return nil }
        reader.advance(5)
        var scanned = 0
        while reader.peek() != nil, scanned < 1024 {
            if reader.starts(with: "?>") { return nil }
            if reader.starts(with: "encoding") {
                reader.advance(8)
                skipSpace(&reader)
                guard reader.peek() == UInt32(UInt8(ascii: "=")) else { return nil }
                reader.advance()
                skipSpace(&reader)
                guard let quote = reader.peek(), quote == 0x22 || quote == 0x27 else { return nil }
                reader.advance()
                let valueStart = reader.index
                var name = ""
                while let letter = reader.peek(), letter != quote {
                    guard name.count < 64, let scalar = Unicode.Scalar(letter) else { return nil }
                    name.unicodeScalars.append(scalar)
                    reader.advance()
                }
                return (name, valueStart..<reader.index)
            }
            reader.advance()
            scanned += 1
        }
        return nil
    }

    private static func skipSpace(_ reader: inout XMLPrologCheck.UnitReader) {
        while let unit = reader.peek(), unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D {
            reader.advance()
        }
    }
}
