import Foundation
#if canImport(LenientJSON)
    // Scripts/fuzz.sh compiles LenientJSON's and LenientXML's sources into one module.
    import LenientJSON
#endif
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// XML input: `import LenientXML` (the `LenientXML` library of the package) adds these to
/// ``LenientJSONDecoder``; `import LenientJSON` alone never links `FoundationXML` (libxml2 on
/// Linux). The README's "XML input" section describes the mapping.
extension LenientJSONDecoder {
    /// Decodes a value of the given type from an XML document, by the same rules as JSON.
    ///
    /// The root element is the value itself (`<person>` decodes `Person`). An element with
    /// attributes or child elements is an object: each attribute is a member, each child
    /// element a member named for it (an array when the name repeats), and the element's own
    /// text beside them the member `"#text"` (mixed content: its non-blank runs, trimmed,
    /// joined by one space). Any other element is its text, a string (`""` when empty). Then
    /// every rule of the ``policy`` applies, so `<age>25</age>` fills an `Int` and
    /// `<active>yes</active>` a `Bool`; a single `<item>` fills an array of items where
    /// ``LenientPolicy/Coercions/collectionWrapping`` is in the policy (``LenientPolicy/lenient``
    /// has it, ``LenientPolicy/strict`` decodes the tree exactly as `JSONDecoder` would).
    ///
    /// ```swift
    /// struct Person: Decodable { var id: Int; var name: String; var age: Int }
    ///
    /// let xml = #"<person id="7"><name>Ada</name><age>36</age></person>"#
    /// let person = try LenientJSONDecoder().decode(Person.self, fromXML: Data(xml.utf8))
    /// // Person(id: 7, name: "Ada", age: 36)
    /// ```
    ///
    /// External entities, DTDs and entity declarations are never read: no file or network
    /// access happens. Nesting is limited to 512 elements, as JSON's is.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: An XML document, in any encoding `XMLParser` reads.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`: `dataCorrupted` when the data is not well-formed XML, declares
    ///   entities (an internal DTD subset) or nests too deep, with its element path, line and
    ///   column; otherwise the errors of ``decode(_:from:)``, whose path starts at the root
    ///   element (`$.address.city`) and whose line and column are the XML's.
    public func decode<T: Decodable>(_ type: T.Type, fromXML data: Data) throws -> T {
        try decodeDocument(type) { try XMLDocumentParsing.document(of: data) }
    }

    /// Decodes a value of the given type from an XML document, adding to a report what
    /// leniency did.
    ///
    /// As ``decode(_:fromXML:)``; the events carry XML lines, as ``decode(_:from:report:)``'s
    /// carry JSON lines.
    ///
    /// ```swift
    /// var report = LenientDecodingReport()
    /// let person = try decoder.decode(Person.self, fromXML: data, report: &report)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: An XML document, as for ``decode(_:fromXML:)``.
    ///   - report: The report the decode's events are appended to; events already in it
    ///     are kept.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as ``decode(_:fromXML:)`` throws it.
    public func decode<T: Decodable>(_ type: T.Type, fromXML data: Data, report: inout LenientDecodingReport) throws
        -> T
    {
        try decodeDocument(type, reading: { try XMLDocumentParsing.document(of: data) }, report: &report)
    }
}

/// Parses XML data into a document the decoder reads (`ForeignDocument`), or throws `dataCorrupted`
/// with the XML line and column.
enum XMLDocumentParsing {
    static func document(of data: Data) throws -> ForeignDocument {
        if let refusal = data.withUnsafeBytes(XMLPrologCheck.refusal) {
            throw corrupted(refusal.reason, line: refusal.line, column: nil, path: [])
        }
        let utf8: Data
        do {
            utf8 = try XMLTextEncoding.utf8Document(data)
        } catch {
            throw corrupted(error.reason, line: error.line, column: error.column, path: [])
        }
        let parser = XMLParser(data: XMLProcessingInstructions.withData(utf8))
        let reader = XMLDocumentReader(documentSize: data.count)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let parsed = parser.parse()
        if let failure = reader.failure {
            throw corrupted(failure.reason, line: failure.line, column: failure.column, path: failure.path)
        }
        if let error = parser.parserError {
            throw corrupted(
                XMLDocumentReader.describe(error), line: max(parser.lineNumber, 1),
                column: max(parser.columnNumber, 0) + 1, path: [])
        }
        guard parsed, !reader.records.isEmpty else {
            throw corrupted("no root element", line: max(parser.lineNumber, 1), column: nil, path: [])
        }
        return try XMLValueMap.document(records: reader.records, text: reader.text)
    }

    /// `dataCorrupted` for XML that is refused: `The given data was not valid XML: … at $.a.b
    /// (line 3, column 7).`
    static func corrupted(_ reason: String, line: Int, column: Int?, path: [any CodingKey]) -> DecodingError {
        let place = column.map { "line \(line), column \($0)" } ?? "line \(line)"
        return .dataCorrupted(
            .init(
                codingPath: path,
                debugDescription:
                    "The given data was not valid XML: \(reason) at \(ForeignDocument.pathString(path)) (\(place))."))
    }
}
