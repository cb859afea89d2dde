import Foundation

/// Gives every processing instruction some data before `XMLParser` sees the document:
/// `<?target?>` becomes `<?target ?>`.
///
/// swift-corelibs-foundation's `XMLParser` calls `strlen` on the data of a processing
/// instruction, which libxml2 passes as a null pointer when there is none: `<r><?pi?></r>`,
/// valid XML, crashes it (fuzz finding `xml-processing-instruction-without-data.bin`). The space
/// makes the data empty instead of absent; instructions are skipped by the decoder anyway. Only
/// markup is changed, never a comment or a CDATA section, and the data is copied only when such
/// an instruction is there (columns after it on its line move by one).
enum XMLProcessingInstructions {
    static func withData(_ data: Data) -> Data {
        let insertions: [Int] = data.withUnsafeBytes(offsetsOfEmptyInstructionEnds)
        guard !insertions.isEmpty else { return data }
        let reader = data.withUnsafeBytes { XMLPrologCheck.UnitReader($0) }
        var space = [UInt8](repeating: 0, count: reader.width)
        space[reader.bigEndian ? reader.width - 1 : 0] = 0x20
        var patched = Data(capacity: data.count + insertions.count * reader.width)
        var start = data.startIndex
        for offset in insertions {
            let index = data.startIndex + offset
            patched.append(data[start..<index])
            patched.append(contentsOf: space)
            start = index
        }
        patched.append(data[start...])
        return patched
    }

    /// The byte offsets of the `?>` of each instruction without data, outside comments and
    /// CDATA sections.
    static func offsetsOfEmptyInstructionEnds(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        var reader = XMLPrologCheck.UnitReader(bytes)
        var offsets: [Int] = []
        var line = 1
        while reader.peek() != nil {
            if reader.starts(with: "<!--") {
                reader.skip(past: "-->", line: &line)
            } else if reader.starts(with: "<![CDATA[") {
                reader.skip(past: "]]>", line: &line)
            } else if reader.starts(with: "<?") {
                reader.advance(2)
                // The target: up to white space or the end of the instruction.
                while let unit = reader.peek(), !(unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D),
                    !reader.starts(with: "?>")
                {
                    reader.advance()
                }
                if reader.starts(with: "?>") { offsets.append(reader.index) }
                reader.skip(past: "?>", line: &line)
            } else {
                reader.advance()
            }
        }
        return offsets
    }
}
