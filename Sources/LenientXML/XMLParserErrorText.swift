/// Words for the libxml2 error codes `XMLParser` reports (`XMLParser.ErrorCode`'s raw values,
/// which Darwin and libxml2 number alike; swift-corelibs-foundation's enum names are shifted,
/// so the names are not taken from it).
enum XMLParserErrorText {
    static func describe(code: Int) -> String {
        let words: String? =
            switch code {
            case 3: "the document does not start like XML"
            case 4: "no root element ('<' not found)"
            case 5: "the document does not end where its root element does"
            case 6, 7, 8, 9: "an invalid character or character reference"
            case 10, 14, 18: "a reference cut off by the end of the document"
            case 22, 23, 68: "a name or ';' is missing (a lone '&' must be written '&amp;')"
            case 26, 27: "an undefined entity"
            case 31, 32, 6000...6004: "an encoding that cannot be read"
            case 33, 34, 43, 44: "a quoted value is not closed"
            case 38: "'<' inside an attribute value"
            case 39, 40, 41: "an attribute without a quoted value"
            case 42: "an attribute given twice"
            case 45: "a comment is not closed"
            case 63: "a CDATA section is not closed"
            case 73: "'>' expected"
            case 74, 76: "an end tag that does not match its start tag"
            case 77: "an element is not closed"
            default: nil
            }
        return words.map { "\($0) (XMLParser error \(code))" } ?? "XMLParser error \(code)"
    }
}
