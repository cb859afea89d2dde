import Foundation
import Testing

import LenientJSON

/// Strings of values read again: where leniency helped inside a value, the parity rule reads the
/// value again strictly (and, where a structural rule helped, without the structural rules), and
/// those readings take each long string as the first reading decoded it (`KeptStrings`). Whatever
/// the document, every string read again is the text at its own place: the values equal
/// `JSONDecoder`'s on the clean form, with documents of more strings than the kept slots, strings
/// with escapes and bytes outside ASCII, and a hand-written decoder that reads a key twice and
/// picks between alternatives.
@Suite("Strings of values read again")
struct ReadAgainStringTests {
    /// A record whose hand-written decoder reads `title` twice, and whose `count` is a number or,
    /// where a number cannot be read, the string: where `count` is a numeric string, the lenient
    /// reading takes the number, and the strict reading again (the value `JSONDecoder` reads) the
    /// string, with every other field as it reads them again.
    struct Record: Decodable, Equatable {
        enum Count: Equatable {
            case number(Int)
            case text(String)
        }

        let title: String
        let titleAgain: String
        let note: String
        let count: Count
        let tags: [String]
        let rank: Int

        enum CodingKeys: String, CodingKey { case title, note, count, tags, rank }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            note = try container.decode(String.self, forKey: .note)
            if let number = try? container.decode(Int.self, forKey: .count) {
                count = .number(number)
            } else {
                count = .text(try container.decode(String.self, forKey: .count))
            }
            tags = try container.decode([String].self, forKey: .tags)
            rank = try container.decode(Int.self, forKey: .rank)
            titleAgain = try container.decode(String.self, forKey: .title)
        }
    }

    struct Page: Decodable, Equatable {
        let pageNumber: Int
        let records: [Record]
    }

    /// JSON text of `string`, escaped as `JSONEncoder` would.
    static func quoted(_ string: String) -> String {
        String(decoding: try! JSONEncoder().encode(string), as: UTF8.self)
    }

    /// A page of `count` records as `JSONDecoder` reads it (`expected`) and as sent (`messy`: a
    /// respelled key and the page number as a string, and in each record, where `generator` says,
    /// a numeric string for `count` (read again strictly, that reading's value kept), or the rank
    /// as a string and a single tag without its array (read again, that reading dropped)).
    static func page(records count: Int, seed: UInt64) -> (expected: String, messy: String) {
        var generator = SplitMix64(seed: seed)
        let words = ["Zürich", "tab\there", "quote \"q\"", "plain words", "ünïcödé", "emoji 🙂", "back\\slash"]
        var expected: [String] = []
        var messy: [String] = []
        for index in 0..<count {
            let word = words[Int(generator.next() % UInt64(words.count))]
            let title = quoted("record \(index): \(word) \(String(repeating: "x", count: Int(generator.next() % 40)))")
            let note = quoted(index.isMultiple(of: 3) ? "n\(index)" : "a longer note for record \(index)")
            let tag = quoted("tag number \(index) of the page")
            let number = Int(generator.next() % 1000)
            let rank = Int(generator.next() % 100)
            func record(count: String, tags: String, rank: String) -> String {
                #"{"title": \#(title), "note": \#(note), "count": \#(count), "tags": \#(tags), "rank": \#(rank)}"#
            }
            switch generator.next() % 3 {
            case 0:
                let text = #""\#(number)""#
                expected.append(record(count: text, tags: "[\(tag)]", rank: "\(rank)"))
                messy.append(record(count: text, tags: "[\(tag)]", rank: "\(rank)"))
            case 1:
                expected.append(record(count: "\(number)", tags: "[\(tag)]", rank: "\(rank)"))
                messy.append(record(count: "\(number)", tags: tag, rank: #""\#(rank)""#))
            default:
                let text = quoted("about \(number)")
                expected.append(record(count: text, tags: "[\(tag)]", rank: "\(rank)"))
                messy.append(record(count: text, tags: "[\(tag)]", rank: #""\#(rank)""#))
            }
        }
        return (
            #"{"pageNumber": 1, "records": [\#(expected.joined(separator: ", "))]}"#,
            #"{"page_number": "1", "records": [\#(messy.joined(separator: ", "))]}"#
        )
    }

    /// The first record of `page` that differs from `expected`'s, or `nil`: a page of 1,500
    /// records compared whole would print both pages.
    static func firstDifference(_ page: Page, _ expected: Page) -> String? {
        guard page.pageNumber == expected.pageNumber, page.records.count == expected.records.count else {
            return "page \(page.pageNumber) of \(page.records.count) records"
        }
        guard let index = page.records.indices.first(where: { page.records[$0] != expected.records[$0] }) else {
            return nil
        }
        return "record \(index): \(page.records[index]), expected \(expected.records[index])"
    }

    @Test(
        "Every string read again is its own place's text, as JSONDecoder reads it",
        arguments: [(1, 1), (40, 2), (700, 3), (1_500, 4)] as [(Int, UInt64)])
    func stringsReadAgain(records: Int, seed: UInt64) throws {
        let (text, messy) = Self.page(records: records, seed: seed)
        let expected = try JSONDecoder().decode(Page.self, from: Data(text.utf8))
        let decoder = LenientJSONDecoder()
        // Twice with one decoder: the second decode keeps nothing of the first's strings.
        for _ in 0..<2 {
            let page = try decoder.decode(Page.self, from: Data(messy.utf8))
            #expect(Self.firstDifference(page, expected) == nil)
        }
        var report = LenientDecodingReport()
        let reported = try decoder.decode(Page.self, from: Data(messy.utf8), report: &report)
        #expect(Self.firstDifference(reported, expected) == nil)
        #expect(!report.events.isEmpty)
    }
}
