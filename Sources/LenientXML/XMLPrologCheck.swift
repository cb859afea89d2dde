/// Refuses a document type declaration with an internal subset (`<!DOCTYPE r [ … ]>`), before
/// `XMLParser` sees the document.
///
/// The internal subset is where entities are declared: the billion-laughs expansion and
/// external entities (`<!ENTITY x SYSTEM "file:///…">`) both need one. `XMLParser` differs by
/// platform in what it does with declared entities (swift-corelibs-foundation drops their
/// text silently, Darwin's expands it), so none is read anywhere. A declaration without an
/// internal subset (`<!DOCTYPE rss PUBLIC "…" "http://…">`, as old feeds have) is allowed: the
/// DTD it names is never loaded.
///
/// The prolog is read in UTF-8 (or any encoding where ASCII is one byte), UTF-16 or UTF-32,
/// told by the byte order mark or by how `<` is written.
enum XMLPrologCheck {
    /// Why the document is refused, and the 1-based line of its `<!DOCTYPE`; `nil` when it is not.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> (reason: String, line: Int)? {
        var reader = UnitReader(bytes)
        var line = 1
        while let unit = reader.peek() {
            if unit == 0x0A { line += 1 }
            if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D {
                reader.advance()
            } else if reader.starts(with: "<?") {
                reader.skip(past: "?>", line: &line)
            } else if reader.starts(with: "<!--") {
                reader.skip(past: "-->", line: &line)
            } else if reader.starts(with: "<!DOCTYPE") {
                let start = line
                return hasInternalSubset(&reader, line: &line)
                    ? (
                        "a document type declaration with an internal subset ([…]): entities and DTDs are not read",
                        start
                    )
                    : nil
            } else {
                return nil  // the root element, or text XMLParser rejects itself
            }
        }
        return nil
    }

    /// Whether the declaration at the reader has a `[` before its closing `>` (outside quotes).
    private static func hasInternalSubset(_ reader: inout UnitReader, line: inout Int) -> Bool {
        var quote: UInt32?
        while let unit = reader.peek() {
            reader.advance()
            if unit == 0x0A { line += 1 }
            if let open = quote {
                if unit == open { quote = nil }
            } else if unit == 0x22 || unit == 0x27 {
                quote = unit
            } else if unit == UInt32(UInt8(ascii: "[")) {
                return true
            } else if unit == UInt32(UInt8(ascii: ">")) {
                return false
            }
        }
        return false
    }

    /// Reads code units of 1, 2 or 4 bytes, in either byte order.
    struct UnitReader {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var width = 1
        var bigEndian = true

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
            switch (b[0], b[1], b[2], b[3]) {
            case (0x00, 0x00, 0xFE, 0xFF): (width, bigEndian, index) = (4, true, 4)
            case (0xFF, 0xFE, 0x00, 0x00): (width, bigEndian, index) = (4, false, 4)
            case (0x00, 0x00, 0x00, 0x3C): (width, bigEndian) = (4, true)
            case (0x3C, 0x00, 0x00, 0x00): (width, bigEndian) = (4, false)
            case (0xFE, 0xFF, _, _): (width, bigEndian, index) = (2, true, 2)
            case (0xFF, 0xFE, _, _): (width, bigEndian, index) = (2, false, 2)
            case (0x00, 0x3C, _, _): (width, bigEndian) = (2, true)
            case (0x3C, 0x00, _, _): (width, bigEndian) = (2, false)
            case (0xEF, 0xBB, 0xBF, _): index = 3
            default: break
            }
        }

        func peek(at offset: Int = 0) -> UInt32? {
            let start = index + offset * width
            guard start + width <= bytes.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<width {
                let byte = UInt32(bytes[bigEndian ? start + i : start + width - 1 - i])
                value = value << 8 | byte
            }
            return value
        }

        mutating func advance(_ count: Int = 1) { index += count * width }

        func starts(with literal: StaticString) -> Bool {
            var offset = 0
            for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
                guard peek(at: offset) == UInt32(byte) else { return false }
                offset += 1
            }
            return true
        }

        /// Moves past the next `literal` (or to the end), counting lines.
        mutating func skip(past literal: StaticString, line: inout Int) {
            while let unit = peek() {
                if starts(with: literal) { return advance(literal.utf8CodeUnitCount) }
                if unit == 0x0A { line += 1 }
                advance()
            }
        }
    }
}
