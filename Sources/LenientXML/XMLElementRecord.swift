/// One element of an XML document, as ``XMLDocumentReader`` read it: its name, attributes,
/// child elements and text, each a span of the document's ``XMLPositionedText``.
struct XMLElementRecord {
    /// The element's name, the key it has in its parent's object.
    var name: String
    var nameSpan: XMLPositionedText.Span
    /// Where the element's value is (just after its start tag).
    var offset: Int
    /// Attribute name and value spans, in name order.
    var attributes: [(name: XMLPositionedText.Span, value: XMLPositionedText.Span)] = []
    /// The indices of the child elements in the reader's records, in document order.
    var children: [Int] = []
    /// The element's text: all of it when it has no child elements, else its non-blank text
    /// runs, trimmed and joined by one space (mixed content); `nil` when it has none.
    var text: XMLPositionedText.Span?
    /// Non-blank text runs met beside child elements, joined into ``text`` at the end tag.
    var mixedRuns: [String] = []

    /// Whether the element is written as an object (attributes or child elements); otherwise
    /// it is its text, a string (`""` when empty).
    var isObject: Bool { !attributes.isEmpty || !children.isEmpty }
}
