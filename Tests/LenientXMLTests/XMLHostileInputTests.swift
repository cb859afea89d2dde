// decode(_:fromXML:) on malformed and hostile input (issue 14 item 1): every such document
// gives DecodingError.dataCorrupted with a line, never a crash, never a file or network read.
import Foundation
import LenientJSON
import LenientXML
import Testing

@Suite("XML input: malformed and hostile documents")
struct XMLHostileInputTests {
    /// One refused document, with the line its error must name.
    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: String
        var line: Int
        var testDescription: String { name }
    }

    static let malformed: [Refused] = [
        Refused(name: "empty data", xml: "", line: 1),
        Refused(name: "not XML", xml: "{\"a\": 1}", line: 1),
        Refused(name: "mismatched end tag", xml: "<a>\n<b>\n</a>", line: 3),
        Refused(name: "unclosed element", xml: "<a>\n<b>x</b>", line: 2),
        Refused(name: "two root elements", xml: "<a/>\n<b/>", line: 2),
        Refused(name: "duplicate attribute", xml: "<a x=\"1\" x=\"2\"/>", line: 1),
        Refused(name: "undefined entity", xml: "<a>\n&nope;</a>", line: 2),
        Refused(name: "bad character reference", xml: "<a>&#0;</a>", line: 1),
        Refused(name: "text after the root", xml: "<a/>\ntrailing", line: 2),
        Refused(name: "unquoted attribute", xml: "<a x=1/>", line: 1),
        Refused(name: "ampersand alone", xml: "<a>fish & chips</a>", line: 1),
    ]

    static let hostile: [Refused] = [
        Refused(
            name: "billion laughs",
            xml: """
                <?xml version="1.0"?>
                <!DOCTYPE lolz [
                 <!ENTITY lol "lol">
                 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
                 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
                 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
                 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
                 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
                 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
                 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
                ]>
                <lolz><a>&lol9;</a></lolz>
                """, line: 2),
        Refused(
            name: "external entity naming a file",
            xml: "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<r><a>&x;</a></r>", line: 1),
        Refused(
            name: "external entity naming a URL",
            xml: "<!DOCTYPE r [<!ENTITY x SYSTEM \"http://127.0.0.1:9/x\">]><r><a>&x;</a></r>", line: 1),
        Refused(
            name: "parameter entity",
            xml: "<!DOCTYPE r [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><r><a>x</a></r>", line: 1),
        Refused(
            name: "internal subset after comments and a declaration",
            xml: "<?xml version=\"1.0\"?>\n<!-- a -->\n<!DOCTYPE r [<!ELEMENT r ANY>]><r><a>x</a></r>", line: 3),
        Refused(
            name: "entity of an external DTD is never loaded",
            xml: "<!DOCTYPE r SYSTEM \"file:///etc/xml/catalog\"><r><a>&e;</a></r>", line: 1),
        // Found by the xml fuzz target: stopping the parser from its error callback here crashed
        // libxml2 (Fuzz/Findings/xml-abort-inside-encoding-error.bin).
        Refused(name: "unreadable encoding, cut off", xml: "<?xml version=\"1.0\" encoding=\"UTF7\"\u{0}", line: 1),
        Refused(name: "unreadable encoding", xml: "<?xml version=\"1.0\" encoding=\"bogus\"?><r><a>x</a></r>", line: 1),
        Refused(
            name: "513 nested elements",
            xml: String(repeating: "<a>", count: 513) + String(repeating: "</a>", count: 513), line: 1),
        Refused(name: "100 000 nested elements", xml: String(repeating: "<a>", count: 100_000), line: 1),
    ]

    @Test("malformed XML is dataCorrupted with the line", arguments: malformed)
    func malformedXML(_ row: Refused) throws {
        try expectRefused(row)
    }

    @Test("hostile XML is dataCorrupted with the line, nothing is read or expanded", arguments: hostile)
    func hostileXML(_ row: Refused) throws {
        try expectRefused(row)
    }

    func expectRefused(_ row: Refused, sourceLocation: SourceLocation = #_sourceLocation) throws {
        struct R: Decodable { var a: String }
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let outcome = Outcome { try LenientJSONDecoder(policy: policy).decode(R.self, fromXML: Data(row.xml.utf8)) }
            let error = try #require(outcome.error, "\(outcome)", sourceLocation: sourceLocation)
            #expect(error.kind == "dataCorrupted", "\(error)", sourceLocation: sourceLocation)
            #expect(
                error.message.hasPrefix("The given data was not valid XML: "), "\(error)",
                sourceLocation: sourceLocation)
            #expect(error.message.contains("(line \(row.line)"), "\(error)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("root:"), "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Raw bytes no `String` literal can hold: invalid UTF-8 and UTF-16.
    static let invalidBytes: [(name: String, bytes: [UInt8], line: Int)] = [
        // Found by the xml fuzz target: swift-corelibs-foundation's XMLParser trapped on an
        // element name that is not UTF-8 (Fuzz/Findings/xml-invalid-utf8-element-name.bin).
        ("invalid UTF-8 in an element name", Array("<r><".utf8) + [0xDB] + Array("p/></r>".utf8), 1),
        ("invalid UTF-8 in text on line 2", Array("<r>\n<a>caf".utf8) + [0xE9] + Array("</a></r>".utf8), 2),
        (
            "invalid UTF-8 under a UTF-8 declaration",
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><".utf8) + [0xFF] + Array("/>".utf8), 1
        ),
        (
            "UTF-16 with a lone surrogate",
            [0xFF, 0xFE] + Array("<r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) + [0x00, 0xD8]
                + Array("</r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), 1
        ),
    ]

    @Test(
        "invalid UTF-8 or UTF-16 is dataCorrupted with its line, before XMLParser sees it",
        arguments: invalidBytes.indices)
    func invalidEncoding(_ row: Int) throws {
        let (name, bytes, line) = Self.invalidBytes[row]
        let outcome = Outcome { try LenientJSONDecoder().decode([String: String].self, fromXML: Data(bytes)) }
        let error = try #require(outcome.error, "\(name): \(outcome)")
        #expect(error.kind == "dataCorrupted", "\(name): \(error)")
        #expect(error.message.contains("invalid UTF-"), "\(name): \(error)")
        #expect(error.message.contains("(line \(line)"), "\(name): \(error)")
    }

    @Test(
        "declared legacy encodings are read",
        arguments: [("ISO-8859-1", UInt8(0xE9), "é"), ("windows-1252", 0x80, "€"), ("iso-8859-2", 0xB9, "š")])
    func legacyEncoding(_ name: String, _ byte: UInt8, _ expected: String) throws {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<r><a>x".utf8) + [byte] + Array("</a></r>".utf8)
        #expect(try LenientJSONDecoder().decode([String: String].self, fromXML: Data(bytes)) == ["a": "x" + expected])
    }

    @Test(
        "an encoding that is not read is refused before parsing",
        arguments: ["UTF-7", "UTF7", "EBCDIC-US", "bogus", "UTF-16"])
    func unreadEncoding(_ name: String) throws {
        let xml = "<?xml version=\"1.0\" encoding=\"\(name)\"?><r><a>x</a></r>"
        let outcome = Outcome { try LenientJSONDecoder().decode([String: String].self, fromXML: Data(xml.utf8)) }
        #expect(outcome.error?.kind == "dataCorrupted", "\(outcome)")
        #expect(outcome.error?.message.contains("line 1") == true, "\(outcome)")
    }

    @Test("UTF-16 and UTF-32 with a declaration are converted, the declaration with them")
    func unicodeDeclared() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r><a>日本 é</a></r>"
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32LittleEndian] {
            let bom: [UInt8] =
                switch encoding {
                case .utf16BigEndian: [0xFE, 0xFF]
                case .utf16LittleEndian: [0xFF, 0xFE]
                default: [0xFF, 0xFE, 0x00, 0x00]
                }
            let data = Data(bom) + (xml.data(using: encoding) ?? Data())
            #expect(
                try LenientJSONDecoder().decode([String: String].self, fromXML: data) == ["a": "日本 é"], "\(encoding)")
        }
    }

    @Test("a UTF-16 document with an internal subset is refused too")
    func utf16InternalSubset() throws {
        let xml = "<!DOCTYPE r [<!ENTITY x \"y\">]><r><a>&x;</a></r>"
        for (bom, encoding) in [
            ([UInt8]([0xFF, 0xFE]), String.Encoding.utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
        ] {
            let data = Data(bom) + (xml.data(using: encoding) ?? Data())
            let outcome = Outcome { try LenientJSONDecoder().decode([String: String].self, fromXML: data) }
            #expect(outcome.error?.kind == "dataCorrupted", "\(outcome)")
            #expect(outcome.error?.message.contains("internal subset") == true, "\(outcome)")
        }
    }

    @Test("512 nested elements decode, as 512 nested JSON arrays do")
    func depthLimit() throws {
        indirect enum Nest: Decodable {
            case leaf(String), node(Nest)
            init(from decoder: any Decoder) throws {
                if let text = try? decoder.singleValueContainer().decode(String.self) {
                    self = .leaf(text)
                } else {
                    self = .node(try decoder.container(keyedBy: AnyKey.self).decode(Nest.self, forKey: AnyKey("a")))
                }
            }
        }
        let xml = String(repeating: "<a>", count: 512) + "x" + String(repeating: "</a>", count: 512)
        let error = onLargeStack {
            Outcome { try LenientJSONDecoder().decode(Nest.self, fromXML: Data(xml.utf8)) }.error
        }
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test("a DOCTYPE without an internal subset is allowed, and its DTD is not loaded")
    func externalDTDNotLoaded() throws {
        let xml =
            #"<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://127.0.0.1:9/rss-0.91.dtd">"#
            + "\n<rss><a>x</a></rss>"
        #expect(try LenientJSONDecoder().decode([String: String].self, fromXML: Data(xml.utf8)) == ["a": "x"])
    }

    @Test("the element path of a syntax error is the open elements below the root")
    func syntaxErrorPath() throws {
        let xml = "<feed>\n<entry>\n<title>x</titel>\n</entry>\n</feed>"
        let error = try #require(
            Outcome { try LenientJSONDecoder().decode([String: String].self, fromXML: Data(xml.utf8)) }.error)
        #expect(error.path == ["entry", "title"], "\(error)")
        #expect(error.message.contains("$.entry.title (line 3"), "\(error)")
        #expect(error.message.contains("an end tag that does not match its start tag"), "\(error)")
    }
}
