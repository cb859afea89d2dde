// decode(_:fromXML:) (XMLAndObjectTrees article): element -> object, attribute -> key, repeated
// child -> array, text -> string, mixed content under "#text"; then every rule of the CoercionRules article under
// the decoder's policy. Expected values come from JSONDecoder decoding the same document
// written as typed JSON, or are written out by hand.
import Foundation
import LenientJSON
import LenientXML
import Testing

// MARK: - Models

/// An RSS 2.0 feed, as a client models it.
struct RSSFeed: Codable, Equatable {
    var version: Double
    var channel: Channel

    struct Channel: Codable, Equatable {
        var title: String
        var link: URL
        var ttl: Int
        var item: [Item]
    }

    struct Item: Codable, Equatable {
        var title: String
        var guid: GUID
        var comments: Int
        var rating: Double?
        var featured: Bool
        var enclosure: Enclosure?
        var category: [String]
    }

    struct GUID: Codable, Equatable {
        var isPermaLink: Bool
        var value: String
        enum CodingKeys: String, CodingKey {
            case isPermaLink
            case value = "#text"
        }
    }

    struct Enclosure: Codable, Equatable {
        var url: URL
        var length: Int
        var type: String
    }
}

struct XMLPerson: Decodable, Equatable {
    var name: String
    var age: Int
    var active: Bool
    var address: Address

    struct Address: Decodable, Equatable {
        var city: String
        var zip: Int
    }
}

struct XMLTextOnly: Decodable, Equatable { var a: String }
struct XMLTitled: Decodable, Equatable {
    var title: String
    var text: String?
    enum CodingKeys: String, CodingKey {
        case title
        case text = "#text"
    }
}

// MARK: - Helpers

func xmlOutcome<T: Decodable>(_ type: T.Type, _ xml: String, policy: LenientPolicy = .lenient) -> Outcome<T> {
    Outcome { try LenientJSONDecoder(policy: policy).decode(type, fromXML: Data(xml.utf8)) }
}

@Suite("XML input: decode(_:fromXML:)")
struct XMLInputTests {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
          <channel>
            <title>Example &amp; Co</title>
            <link>https://example.com/</link>
            <ttl> 60 </ttl>
            <item>
              <title>First post</title>
              <guid isPermaLink="false">a-1</guid>
              <comments>12</comments>
              <rating>4.5</rating>
              <featured>yes</featured>
              <enclosure url="https://example.com/a.mp3" length="12345" type="audio/mpeg"/>
              <category>swift</category>
              <category>xml</category>
            </item>
            <item>
              <title><![CDATA[Second <post>]]></title>
              <guid isPermaLink="true">https://example.com/2</guid>
              <comments>0</comments>
              <featured>0</featured>
              <category>news</category>
            </item>
          </channel>
        </rss>
        """

    /// The same feed as typed JSON, for JSONDecoder.
    static let rssAsJSON = """
        {"version": 2.0, "channel": {"title": "Example & Co", "link": "https://example.com/", "ttl": 60, "item": [
          {"title": "First post", "guid": {"isPermaLink": false, "#text": "a-1"}, "comments": 12, "rating": 4.5,
           "featured": true, "enclosure": {"url": "https://example.com/a.mp3", "length": 12345, "type": "audio/mpeg"},
           "category": ["swift", "xml"]},
          {"title": "Second <post>", "guid": {"isPermaLink": true, "#text": "https://example.com/2"}, "comments": 0,
           "featured": false, "category": ["news"]}
        ]}}
        """

    @Test(
        "an RSS feed with attributes, repeated elements and numeric text decodes as JSONDecoder decodes typed JSON"
    )
    func rssFeed() throws {
        let expected = try JSONDecoder().decode(RSSFeed.self, from: Data(Self.rssAsJSON.utf8))
        let feed = try LenientJSONDecoder().decode(RSSFeed.self, fromXML: Data(Self.rss.utf8))
        #expect(feed == expected)
        #expect(feed.channel.item.count == 2)
        #expect(feed.channel.item[1].category == ["news"])  // one <category> where an array is wanted
    }

    @Test("the feed also decodes under .permissive; under .strict text is not a number", arguments: [true, false])
    func feedUnderPresets(permissive: Bool) throws {
        let data = Data(Self.rss.utf8)
        if permissive {
            let feed = try LenientJSONDecoder(policy: .permissive).decode(RSSFeed.self, fromXML: data)
            #expect(feed == (try JSONDecoder().decode(RSSFeed.self, from: Data(Self.rssAsJSON.utf8))))
        } else {
            let outcome = Outcome { try LenientJSONDecoder(policy: .strict).decode(RSSFeed.self, fromXML: data) }
            #expect(outcome.error?.kind == "typeMismatch", "\(outcome)")
            #expect(outcome.error?.path == ["version"], "\(outcome)")
        }
    }

    @Test("a person: numeric and boolean text fill Int and Bool under the default policy")
    func person() throws {
        let xml = """
            <person>
              <name>Ada</name>
              <age>36</age>
              <active>yes</active>
              <address><city>London</city><zip>12345</zip></address>
            </person>
            """
        let person = try LenientJSONDecoder().decode(XMLPerson.self, fromXML: Data(xml.utf8))
        #expect(person == XMLPerson(name: "Ada", age: 36, active: true, address: .init(city: "London", zip: 12345)))
    }

    /// One row: an XML document, decoded as `[String: String]` or a model, and the value
    /// written out by hand.
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: String
        var expected: [String: String]
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "attributes are members", xml: #"<r id="7" kind="a"/>"#, expected: ["id": "7", "kind": "a"]),
        Shape(name: "child elements are members", xml: "<r><a>1</a><b>x</b></r>", expected: ["a": "1", "b": "x"]),
        Shape(
            name: "attribute and text: text under #text", xml: #"<r unit="kg">12</r>"#,
            expected: ["unit": "kg", "#text": "12"]),
        Shape(
            name: "mixed content: non-blank runs trimmed, joined by one space",
            xml: "<r>hello <a>x</a>\n  world  </r>", expected: ["a": "x", "#text": "hello world"]),
        Shape(name: "an empty element is an empty string", xml: "<r><a/><b></b></r>", expected: ["a": "", "b": ""]),
        Shape(
            name: "entities and character references are text",
            xml: "<r><a>&lt;&amp;&gt;&quot;&apos;&#65;&#x42;</a></r>", expected: ["a": "<&>\"'AB"]),
        Shape(
            name: "CDATA is text", xml: "<r><a><![CDATA[<b>not an element</b>]]></a></r>",
            expected: ["a": "<b>not an element</b>"]),
        Shape(
            name: "whitespace of a text-only element is kept", xml: "<r><a>  x y  </a></r>",
            expected: ["a": "  x y  "]),
        Shape(
            name: "comments and processing instructions are skipped",
            xml: "<?xml version=\"1.0\"?><!-- c --><r><?pi x?><a>1<!-- c --></a></r>", expected: ["a": "1"]),
        // Found by the xml fuzz target: swift-corelibs-foundation's XMLParser crashed on an
        // instruction without data (Fuzz/Findings/xml-processing-instruction-without-data.bin).
        Shape(
            name: "processing instructions without data", xml: "<?a?><r><?b?><a>1<?c?>2</a><![CDATA[<?d?>]]></r>",
            expected: ["a": "12", "#text": "<?d?>"]),
        Shape(
            name: "non-ASCII names and text", xml: "<r><größe>groß</größe><名前>值</名前></r>",
            expected: ["größe": "groß", "名前": "值"]),
        Shape(
            name: "qualified names are kept as written", xml: #"<r xmlns:dc="urn:dc"><dc:creator>Ada</dc:creator></r>"#,
            expected: ["xmlns:dc": "urn:dc", "dc:creator": "Ada"]),
    ]

    @Test("XML shapes become JSON shapes", arguments: shapes)
    func shapesOfValues(_ shape: Shape) {
        #expect(xmlOutcome([String: String].self, shape.xml, policy: .strict) == .value(shape.expected))
    }

    @Test("repeated children are an array, in document order; other children keep their place")
    func repeatedChildren() {
        struct R: Decodable, Equatable { var a: [Int]; var b: String }
        #expect(xmlOutcome(R.self, "<r><a>1</a><b>x</b><a>2</a><a>3</a></r>") == .value(R(a: [1, 2, 3], b: "x")))
        #expect(
            xmlOutcome([String: [String]].self, "<r><a>1</a><a>2</a></r>", policy: .strict)
                == .value(["a": ["1", "2"]]))
    }

    @Test("a single child where the model wants an array: collectionWrapping wraps it, .strict does not")
    func singleChildAsArray() {
        struct R: Decodable, Equatable { var a: [String] }
        #expect(xmlOutcome(R.self, "<r><a>1</a></r>") == .value(R(a: ["1"])))
        #expect(xmlOutcome(R.self, "<r><a>1</a></r>", policy: .strict).error?.kind == "typeMismatch")
    }

    @Test("the root element is the value: a text-only root decodes as a scalar")
    func rootScalar() {
        #expect(xmlOutcome(Int.self, "<count>42</count>") == .value(42))
        #expect(xmlOutcome(String.self, "<name>Ada</name>", policy: .strict) == .value("Ada"))
        #expect(
            xmlOutcome(XMLTitled.self, "<r><title>t</title>body</r>") == .value(XMLTitled(title: "t", text: "body")))
    }

    @Test("empty text: an Optional Int is nil under the default policy")
    func emptyTextAsNil() {
        struct R: Decodable, Equatable { var n: Int? }
        #expect(xmlOutcome(R.self, "<r><n/></r>") == .value(R(n: nil)))
    }

    @Test("UTF-16 documents are read")
    func utf16() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r><a>hé</a></r>"
        var data = Data([0xFF, 0xFE])
        data.append(xml.data(using: .utf16LittleEndian) ?? Data())
        #expect(try LenientJSONDecoder().decode(XMLTextOnly.self, fromXML: data) == XMLTextOnly(a: "hé"))
        // An instruction without data, given a space in UTF-16 (see XMLProcessingInstructions).
        let instruction = Data([0xFF, 0xFE]) + ("<r><?pi?><a>x</a></r>".data(using: .utf16LittleEndian) ?? Data())
        #expect(try LenientJSONDecoder().decode(XMLTextOnly.self, fromXML: instruction) == XMLTextOnly(a: "x"))
    }

    @Test("one decoder decodes XML on many threads at once")
    func concurrentDecodes() async throws {
        let decoder = LenientJSONDecoder()
        let data = Data(Self.rss.utf8)
        let expected = try JSONDecoder().decode(RSSFeed.self, from: Data(Self.rssAsJSON.utf8))
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? decoder.decode(RSSFeed.self, fromXML: data)) == expected }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
    }

    // MARK: Errors and report

    static let personWithBadZip = """
        <person>
          <name>Ada</name>
          <age>36</age>
          <active>yes</active>
          <address>
            <city>London</city>
            <zip>N1 9GU</zip>
          </address>
        </person>
        """

    @Test("a type error names the element path from the root and the XML line and column")
    func typeErrorPathAndLine() throws {
        let outcome = xmlOutcome(XMLPerson.self, Self.personWithBadZip)
        let error = try #require(outcome.error, "\(outcome)")
        #expect(error.kind == "typeMismatch")
        #expect(error.path == ["address", "zip"])
        #expect(error.message.contains("$.address.zip"), "\(error.message)")
        #expect(error.message.contains("line 7, column 10"), "\(error.message)")
        #expect(error.message.contains("N1 9GU"), "\(error.message)")
    }

    @Test("a missing key names the element that lacks it and its line")
    func missingKey() throws {
        let xml =
            "<person>\n<name>Ada</name>\n<age>3</age>\n<active>1</active>\n"
            + "<address>\n<city>x</city>\n</address>\n</person>"
        let error = try #require(xmlOutcome(XMLPerson.self, xml).error)
        #expect(error.kind == "keyNotFound")
        #expect(error.key == "zip")
        #expect(error.path == ["address"])
        #expect(error.message.contains("line 5"), "\(error.message)")
    }

    @Test("an error in a repeated element names its index and line")
    func repeatedElementError() throws {
        let xml = Self.rss.replacingOccurrences(of: "<comments>0</comments>", with: "<comments>none</comments>")
        let error = try #require(xmlOutcome(RSSFeed.self, xml).error)
        #expect(error.kind == "typeMismatch")
        #expect(error.path == ["channel", "item", "Index 1#1", "comments"])
        #expect(error.message.contains("$.channel.item[1].comments"), "\(error.message)")
        #expect(error.message.contains("line 20,"), "\(error.message)")
    }

    @Test("collectsAllErrors lists every problem of an XML document, with XML lines")
    func allErrors() throws {
        let xml =
            "<person>\n<name>Ada</name>\n<age>old</age>\n<active>maybe</active>\n"
            + "<address><city>L</city><zip>x</zip></address>\n</person>"
        let decoder = LenientJSONDecoder()
        decoder.collectsAllErrors = true
        do {
            _ = try decoder.decode(XMLPerson.self, fromXML: Data(xml.utf8))
            Issue.record("expected LenientDecodingErrors")
        } catch let errors as LenientDecodingErrors {
            let paths = errors.errors.map { ErrorInfo($0).path }
            #expect(paths == [["age"], ["active"], ["address", "zip"]], "\(errors)")
            #expect(ErrorInfo(errors.errors[0]).message.contains("line 3"), "\(errors)")
        }
    }

    @Test("the report overload lists coercions at XML lines")
    func report() throws {
        var report = LenientDecodingReport()
        let xml =
            "<person>\n  <name>Ada</name>\n  <age>36</age>\n  <active>yes</active>\n"
            + "  <address><city>L</city><zip>1</zip></address>\n</person>"
        _ = try LenientJSONDecoder().decode(XMLPerson.self, fromXML: Data(xml.utf8), report: &report)
        let descriptions = report.events.map { "\($0)" }
        #expect(descriptions.contains { $0.hasPrefix("$.age (line 3, column 8)") }, "\(descriptions)")
        #expect(descriptions.contains { $0.hasPrefix("$.active (line 4, column 11)") }, "\(descriptions)")
    }
}
