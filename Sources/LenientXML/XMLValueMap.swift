#if canImport(LenientJSON)
    // Scripts/fuzz.sh compiles LenientJSON's and LenientXML's sources into one module.
    import LenientJSON
#endif

/// Turns the elements ``XMLDocumentReader`` read into a `ForeignDocument` (LenientJSON's
/// entries), so that XML is decoded by the same code and the same rules as JSON.
///
/// The root element is the value itself. An element with attributes or child elements is an
/// object: each attribute a member, each child element a member named for it (an array when
/// the name repeats), and its text, if any, the member ``textKey``. Any other element is its
/// text, a string (`""` when empty). Offsets point into the ``XMLPositionedText``, so errors
/// and report events give XML lines.
enum XMLValueMap {
    /// The key of an element's text beside attributes or child elements (mixed content).
    static let textKey = "#text"

    /// Throws `dataCorrupted` when the text or the entries pass what a document holds (4 GiB).
    static func document(records: [XMLElementRecord], text: XMLPositionedText) throws -> ForeignDocument {
        var text = text
        let textKeySpan = text.write(textKey)
        let words = ForeignDocument.Builder(valueCount: records.count * 2)
        if !records.isEmpty { add(0, records: records, textKey: textKeySpan, to: words) }
        return try words.document(text: text.bytes)
    }

    private static func addString(_ span: XMLPositionedText.Span, to words: ForeignDocument.Builder) {
        words.addString(offset: span.offset, length: span.length, isNonASCII: span.isNonASCII)
    }

    /// Adds a key; returns whether it is non-ASCII (its object then compares keys as `String`s).
    private static func addKey(_ span: XMLPositionedText.Span, to words: ForeignDocument.Builder) -> Bool {
        addString(span, to: words)
        return span.isNonASCII
    }

    private static func add(
        _ index: Int, records: [XMLElementRecord], textKey: XMLPositionedText.Span, to words: ForeignDocument.Builder
    ) {
        let record = records[index]
        guard record.isObject else {
            // An element without attributes or children always has a text span ("" when empty).
            return addString(
                record.text ?? XMLPositionedText.Span(offset: record.offset, length: 0, isNonASCII: false), to: words)
        }
        let entry = words.startObject(offset: record.offset)
        var members = 0
        var specialKeys = false
        for attribute in record.attributes {
            specialKeys = addKey(attribute.name, to: words) || specialKeys
            addString(attribute.value, to: words)
            members += 1
        }
        if let span = record.text {
            specialKeys = addKey(textKey, to: words) || specialKeys
            addString(span, to: words)
            members += 1
        }
        // Children grouped by name, in the order each name first appears.
        var groups: [[Int]] = []
        var groupOfName: [String: Int] = [:]
        for child in record.children {
            if let group = groupOfName[records[child].name] {
                groups[group].append(child)
            } else {
                groupOfName[records[child].name] = groups.count
                groups.append([child])
            }
        }
        for group in groups {
            specialKeys = addKey(records[group[0]].nameSpan, to: words) || specialKeys
            members += 1
            guard group.count > 1 else {
                add(group[0], records: records, textKey: textKey, to: words)
                continue
            }
            let array = words.startArray(offset: records[group[0]].offset)
            for child in group { add(child, records: records, textKey: textKey, to: words) }
            words.endArray(array, elementCount: group.count)
        }
        words.endObject(entry, memberCount: members, hasNonASCIIKeys: specialKeys)
    }
}
