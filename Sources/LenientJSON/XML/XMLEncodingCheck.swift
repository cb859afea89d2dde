import Foundation

/// Refuses text `XMLParser` would hand on in an invalid form, before it sees the document.
///
/// swift-corelibs-foundation's `XMLParser` traps when libxml2 passes it an element name that is
/// not valid UTF-8 (`<r><\u{DB}p/></r>` in a document read as UTF-8: fuzz finding
/// `xml-invalid-utf8-element-name.bin`), and libxml2 keeps calling back after an error, so an
/// error alone does not stop it. A document read as UTF-8 (no byte order mark of UTF-16 or
/// UTF-32, and no other encoding declared) must therefore be valid UTF-8; a document in
/// UTF-16 or UTF-32 must be valid in its encoding. A declared legacy encoding
/// (`ISO-8859-1`, `windows-1252`, …) is converted to UTF-8 by libxml2 itself.
enum XMLEncodingCheck {
    /// Why the document is refused, and the place of the first invalid byte; `nil` when it is not.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> (reason: String, line: Int, column: Int)? {
        let reader = XMLPrologCheck.UnitReader(bytes)
        switch reader.width {
        case 1:
            if let declared = declaredEncoding(reader)?.lowercased(), !Self.namesUnicode(declared) { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[reader.index...])
            guard let bad = UTF8Validation.firstInvalidByte(text) else { return nil }
            let location = SourceLocation(offset: bad, in: text)
            return ("invalid UTF-8 (byte 0x\(String(text[bad], radix: 16, uppercase: true)))", location.line, location.column)
        default:
            let encoding: String.Encoding = switch (reader.width, reader.bigEndian) {
            case (2, true): .utf16BigEndian
            case (2, false): .utf16LittleEndian
            case (_, true): .utf32BigEndian
            case (_, false): .utf32LittleEndian
            }
            let body = Data(bytes[reader.index...])
            guard String(data: body, encoding: encoding) == nil else { return nil }
            return ("invalid \(reader.width == 2 ? "UTF-16" : "UTF-32")", 1, 1)
        }
    }

    /// Whether a declared encoding is a Unicode one (`utf-8`, `UTF-16`, `ucs-4`, …): in a
    /// document of single bytes, libxml2 reads those bytes as UTF-8, so they are checked.
    static func namesUnicode(_ name: String) -> Bool {
        name.hasPrefix("utf") || name.hasPrefix("ucs") || name.hasPrefix("iso-10646") || name == "unicode"
    }

    /// The `encoding` of the XML declaration at the reader's place (`<?xml version="1.0"
    /// encoding="…"?>`), or `nil` when there is no declaration or it names none.
    static func declaredEncoding(_ start: XMLPrologCheck.UnitReader) -> String? {
        var reader = start
        guard reader.starts(with: "<?xml") else { return nil }
        reader.advance(5)
        var scanned = 0
        while reader.peek() != nil, scanned < 1024 {
            if reader.starts(with: "?>") { return nil }
            if reader.starts(with: "encoding") {
                reader.advance(8)
                while let space = reader.peek(), space == 0x20 || space == 0x09 || space == 0x0A || space == 0x0D { reader.advance() }
                guard reader.peek() == UInt32(UInt8(ascii: "=")) else { return nil }
                reader.advance()
                while let space = reader.peek(), space == 0x20 || space == 0x09 || space == 0x0A || space == 0x0D { reader.advance() }
                guard let quote = reader.peek(), quote == 0x22 || quote == 0x27 else { return nil }
                reader.advance()
                var name = ""
                while let letter = reader.peek(), letter != quote, name.count < 64 {
                    guard let scalar = Unicode.Scalar(letter) else { return nil }
                    name.unicodeScalars.append(scalar)
                    reader.advance()
                }
                return name
            }
            reader.advance()
            scanned += 1
        }
        return nil
    }
}
