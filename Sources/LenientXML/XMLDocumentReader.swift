import Foundation
#if canImport(LenientJSON)
    // Scripts/fuzz.sh compiles LenientJSON's and LenientXML's sources into one module.
    import LenientJSON
#endif
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an XML document with `XMLParser` into ``XMLElementRecord``s over an
/// ``XMLPositionedText``, checking the limits that keep hostile input harmless.
///
/// The parser never resolves external entities and never loads a DTD; a document type
/// declaration with an internal subset (where entities are declared) is refused before
/// parsing (``XMLPrologCheck``). Nesting deeper than `ForeignDocument.maxDepth` and text far larger
/// than the document (entity expansion) stop the parse with an error.
final class XMLDocumentReader: NSObject, XMLParserDelegate {
    /// The largest amount of text, in UTF-8 bytes, a document may expand to: eight times its
    /// own size plus 1 MiB (only entities make text longer than the document).
    let textLimit: Int

    private(set) var text = XMLPositionedText()
    private(set) var records: [XMLElementRecord] = []
    /// The records of the elements open at the parser's position, outermost first.
    private var open: [Int] = []
    /// The text met since the last tag, and where it started (1-based line and column).
    private var run = ""
    private var runStart = (line: 1, column: 1)
    /// Where the parser was after the last tag (1-based line and column).
    private var lastTagEnd = (line: 1, column: 1)
    private var textBytes = 0
    /// The first problem met: why, and where.
    private(set) var failure: (reason: String, line: Int, column: Int, path: [any CodingKey])?

    init(documentSize: Int) {
        textLimit = documentSize.multipliedReportingOverflow(by: 8).partialValue + (1 << 20)
    }

    /// The 1-based place of the parser: libxml2 reports the column as the count of characters
    /// before the position, so the next character is one further.
    private func position(_ parser: XMLParser) -> (line: Int, column: Int) {
        (max(parser.lineNumber, 1), max(parser.columnNumber, 0) + 1)
    }

    /// The names of the open elements below the root: the coding path of the innermost one.
    var openPath: [any CodingKey] {
        open.dropFirst().map { ForeignDocument.key(records[$0].name) }
    }

    /// Records the first problem, and stops the parser unless `abort` is false; every later
    /// event is ignored.
    ///
    /// The parser must stop at an error: libxml2 goes on calling back after one, with names
    /// and data that swift-corelibs-foundation's `XMLParser` crashes on (a processing
    /// instruction without data, for one). Stopping it is safe because its input is UTF-8 with no
    /// encoding to switch to (``XMLTextEncoding``): stopped from inside an encoding switch,
    /// libxml2 crashed (fuzz finding `xml-abort-inside-encoding-error.bin`). An entity
    /// callback only records: libxml2 reports the undefined entity as an error right after.
    func fail(_ reason: String, _ parser: XMLParser, abort: Bool = true) {
        guard failure == nil else { return }
        let place = position(parser)
        failure = (reason, place.line, place.column, openPath)
        if abort { parser.abortParsing() }
    }

    // MARK: Elements

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        endRun(beforeChild: true)
        if open.isEmpty && !records.isEmpty {
            return fail("a second root element <\(elementName)>", parser)
        }
        guard open.count < ForeignDocument.maxDepth else {
            return fail("elements nested deeper than \(ForeignDocument.maxDepth) levels", parser)
        }
        let place = position(parser)
        let nameSpan = text.write(elementName)
        var attributes: [(name: XMLPositionedText.Span, value: XMLPositionedText.Span)] = []
        for name in attributeDict.keys.sorted() {
            attributes.append((text.write(name), text.write(attributeDict[name] ?? "")))
        }
        text.move(toLine: place.line, column: place.column)
        var record = XMLElementRecord(name: elementName, nameSpan: nameSpan, offset: text.bytes.count)
        record.attributes = attributes
        records.append(record)
        if let parent = open.last { records[parent].children.append(records.count - 1) }
        open.append(records.count - 1)
        lastTagEnd = place
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard failure == nil, let index = open.last else { return }
        endRun(beforeChild: false)
        let place = position(parser)
        if !records[index].mixedRuns.isEmpty {
            text.move(toLine: place.line, column: place.column)
            records[index].text = text.write(records[index].mixedRuns.joined(separator: " "))
            records[index].mixedRuns = []
        } else if records[index].text == nil && !records[index].isObject {
            records[index].text = text.write("")
        }
        open.removeLast()
        lastTagEnd = place
    }

    // MARK: Text

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        addText(string, parser)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        addText(String(decoding: CDATABlock, as: UTF8.self), parser)
    }

    private func addText(_ string: String, _ parser: XMLParser) {
        guard failure == nil, !open.isEmpty else { return }
        textBytes += string.utf8.count
        guard textBytes <= textLimit else {
            return fail("text longer than \(textLimit) bytes (entity expansion)", parser)
        }
        if run.isEmpty { runStart = lastTagEnd }
        run += string
    }

    /// Ends the text run at a tag: an element's whole text when the element ends without
    /// child elements, else one run of mixed content (kept unless blank).
    private func endRun(beforeChild: Bool) {
        defer { run = "" }
        guard let index = open.last else { return }
        if !beforeChild && records[index].children.isEmpty && records[index].mixedRuns.isEmpty {
            guard !run.isEmpty else { return }
            text.move(toLine: runStart.line, column: runStart.column)
            records[index].text = text.write(run)
            return
        }
        let trimmed = run.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { records[index].mixedRuns.append(trimmed) }
    }

    // MARK: Refusals

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("the entity &\(name); is not defined (external entities and DTDs are not read)", parser, abort: false)
        return nil
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail("an entity declaration (<!ENTITY \(name) …>): entities are not read", parser)
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        fail("an external entity declaration (<!ENTITY \(name) …>): entities are not read", parser)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        fail(Self.describe(parseError), parser)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        fail(Self.describe(validationError), parser)
    }

    /// `XMLParser`'s error in words: `an end tag that does not match its start tag (XMLParser error 76)`.
    static func describe(_ error: any Error) -> String {
        XMLParserErrorText.describe(code: (error as NSError).code)
    }
}
