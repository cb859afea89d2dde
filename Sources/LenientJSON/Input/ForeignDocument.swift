import Foundation

/// A document of another format than JSON, read by another library of this package (XML, by
/// `LenientXML`), made into the entries a JSON document is decoded from, so that it is decoded
/// by the same code and the same rules (the article "XML Input and JSON Object Trees",
/// `XMLAndObjectTrees.md`).
///
/// This file is all that the package's other libraries see of LenientJSON's internals
/// (`package` access): a ``Builder`` that makes a document from values in document order,
/// ``LenientJSONDecoder/decodeDocument(_:reading:)`` and its report variant that decode one,
/// and the few helpers a reader needs to word its errors as JSON's are worded.
package struct ForeignDocument {
    let map: ValueMap

    /// Makes a document: every value is added in document order (an object's members as key,
    /// value, key, value…) as a span of a text the caller writes, whose lines and columns are
    /// the original document's, so that errors and report events give them.
    ///
    /// Only strings, objects and arrays are made: a reader of text hands every scalar over as
    /// text, and the decoder's rules read numbers and booleans from it.
    package final class Builder {
        let entries: EntryBuffer

        /// Room for about `valueCount` values (the buffer grows past it).
        package init(valueCount: Int) {
            entries = EntryBuffer(capacity: Swift.max(valueCount, 16) &* ValueMap.entryWidth)
        }

        /// The number of values added so far.
        package var valueCount: Int { entries.entryCount }

        /// Adds a string (or an object's key): `length` bytes of the text at `offset`, which
        /// hold bytes above 0x7F when `isNonASCII` is set. The byte before `offset` must not be
        /// part of the string (an opening quote), and the string must be valid UTF-8.
        package func addString(offset: Int, length: Int, isNonASCII: Bool) {
            entries.append(
                ValueMap.Kind.string.rawValue | (isNonASCII ? ValueMap.nonASCIIString : 0), offset, length)
        }

        /// Opens an object located at byte `offset` of the text; returns the handle that
        /// ``endObject(_:memberCount:hasNonASCIIKeys:)`` closes it by, after its members.
        package func startObject(offset: Int) -> Int {
            let entry = entries.entryCount
            entries.append(ValueMap.Kind.object.rawValue, offset, 0)
            return entry
        }

        /// Closes the object `handle` opened, once its `memberCount` keys and values are added;
        /// `hasNonASCIIKeys` when some key holds bytes above 0x7F (keys are then compared as
        /// `String`s).
        package func endObject(_ handle: Int, memberCount: Int, hasNonASCIIKeys: Bool) {
            entries.close(
                handle, header: ValueMap.Kind.object.rawValue | (hasNonASCIIKeys ? ValueMap.hasSpecialKeys : 0),
                childCount: memberCount &* 2)
        }

        /// Opens an array located at byte `offset` of the text; returns the handle that
        /// ``endArray(_:elementCount:)`` closes it by, after its elements.
        package func startArray(offset: Int) -> Int {
            let entry = entries.entryCount
            entries.append(ValueMap.Kind.array.rawValue, offset, 0)
            return entry
        }

        /// Closes the array `handle` opened, once its `elementCount` elements are added.
        package func endArray(_ handle: Int, elementCount: Int) {
            entries.close(handle, header: ValueMap.Kind.array.rawValue, childCount: elementCount)
        }

        /// The document of the values added over `text` (copied). Throws `dataCorrupted` when the
        /// text or the values pass what a document holds (4 GiB, as for JSON input).
        package func document(text: [UInt8]) throws -> ForeignDocument {
            guard text.count <= EntryBuffer.maxBytes, entries.entryCount <= EntryBuffer.maxBytes else {
                throw DecodingErrors.inputTooLarge(byteCount: text.count)
            }
            let bytes = text.withUnsafeBytes { ValueMap.ownedCopy(of: $0) }
            return ForeignDocument(
                map: ValueMap(entries: entries, bytes: bytes, hasSourcePositions: true, isJSON5: false))
        }
    }

    /// The deepest nesting a document may have: JSON's (512).
    package static var maxDepth: Int { JSONScanner.maxDepth }

    /// The coding key of an object member named `name`, as the decoder makes it for JSON.
    package static func key(_ name: String) -> any CodingKey { NameKey(name) }

    /// A coding path as errors and report events write it: `$.channel.item[1].comments`.
    package static func pathString(_ path: [any CodingKey]) -> String { JSONPath.string(for: path) }

    /// The first ill-formed UTF-8 sequence of `text`, with its 1-based line and column, or
    /// `nil` when it is all valid.
    package static func firstInvalidUTF8(in text: UnsafeBufferPointer<UInt8>) -> (
        offset: Int, line: Int, column: Int
    )? {
        guard let offset = UTF8Validation.firstInvalidByte(text) else { return nil }
        let location = SourceLocation(offset: offset, in: text)
        return (offset, location.line, location.column)
    }
}

extension LenientJSONDecoder {
    /// Decodes `type` from the root of the document `read` makes, as ``decode(_:from:)`` does
    /// from JSON. A `DecodingError` that `read` throws (the input is not a valid document) is
    /// thrown as a JSON syntax error is: alone in a ``LenientDecodingErrors`` when
    /// ``collectsAllErrors`` is set.
    package func decodeDocument<T: Decodable>(_ type: T.Type, reading read: () throws -> ForeignDocument) throws -> T {
        try reporting(into: nil) { try decodeDocument(type, read, report: $0) }
    }

    /// As ``decodeDocument(_:reading:)``, appending what leniency did to `report`.
    package func decodeDocument<T: Decodable>(
        _ type: T.Type, reading read: () throws -> ForeignDocument, report: inout LenientDecodingReport
    ) throws -> T {
        try reporting(into: &report) { try decodeDocument(type, read, report: $0) }
    }

    private func decodeDocument<T: Decodable>(
        _ type: T.Type, _ read: () throws -> ForeignDocument, report: ReportCollector?
    ) throws -> T {
        let document: ForeignDocument
        do {
            document = try read()
        } catch let error as DecodingError {
            throw failure(error) { [error] }
        }
        return try decodeRoot(type, of: document.map, report: report)
    }
}
