import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

extension LenientJSONDecoder {
    /// Decodes `type` from XML `data` (see ``decode(_:fromXML:)``), adding events to `report`.
    /// With ``collectsAllErrors`` set, a failure is a ``LenientDecodingErrors``: the XML's own
    /// error alone, or every problem of the decode, as for JSON.
    func decodeXML<T: Decodable>(_ type: T.Type, _ data: Data, report: ReportCollector?) throws -> T {
        let map: ValueMap
        do {
            map = try XMLDocumentParsing.map(of: data)
        } catch let error as DecodingError {
            throw failure(error) { [error] }
        }
        return try decodeRoot(type, of: map, report: report)
    }
}

/// Parses XML data into a ``ValueMap``, or throws `dataCorrupted` with the XML line and column.
enum XMLDocumentParsing {
    static func map(of data: Data) throws -> ValueMap {
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
        return try XMLValueMap.map(records: reader.records, text: reader.text)
    }

    /// `dataCorrupted` for XML that is refused: `The given data was not valid XML: … at $.a.b
    /// (line 3, column 7).`
    static func corrupted(_ reason: String, line: Int, column: Int?, path: [any CodingKey]) -> DecodingError {
        let place = column.map { "line \(line), column \($0)" } ?? "line \(line)"
        return .dataCorrupted(
            .init(
                codingPath: path,
                debugDescription:
                    "The given data was not valid XML: \(reason) at \(JSONPath.string(for: path)) (\(place))."))
    }
}
