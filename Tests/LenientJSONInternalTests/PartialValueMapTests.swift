// SPEC 14, rule 7: a partial document's value map is written as its bytes arrive, each byte
// read once; a snapshot reads the entries of the complete values as they are, and `finish()`
// decodes from them. The entries must be those `JSONScanner` writes for the same text, or
// `finish()` would not be `decode(_:from:)`.
import Foundation
@testable import LenientJSON
import Testing

@Suite("Partial documents keep their value map as the bytes arrive")
struct PartialValueMapTests {
    /// The words `JSONScanner` writes for `bytes`, a whole document.
    static func scannedWords(_ bytes: [UInt8]) throws -> [UInt32] {
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            let entries = try scanner.scan(assumesTopLevelDictionary: false)
            return Array(UnsafeBufferPointer(start: entries.base, count: entries.count))
        }
    }

    /// The words a partial decoder wrote for `bytes`, appended in pieces of `size` bytes.
    static func partialWords(_ bytes: [UInt8], size: Int) throws -> [UInt32] {
        var partial = LenientJSONDecoder().partial(JSONValue.self)
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try partial.append(bytes[start..<end])
            // A snapshot writes entries of its own and takes them back.
            _ = partial.snapshot()
            start = end
        }
        #expect(partial.isComplete)
        let entries = partial.scanner.entries
        return Array(UnsafeBufferPointer(start: entries.base, count: entries.count))
    }

    static let documents: [String] = [
        #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
        #"[1, -0, 01, 1.5e3, 1e, -, 2E+2, 0.5, 12345678901234567890, 3.]"#,
        #"["plain", "tab\there", "quote \" and \\ slash", "\u00e9\ud83d\ude00", "naïve 中文 😀", ""]"#,
        #"{"ké y": 1, "esc\"aped": 2, "plain": {"x\u0041": [], "y": {}}}"#,
        "[\"control \u{01} byte\", {\"k\": \"v\"},]",
        #"{"trailing": [1, 2,], "comma": {"a": 1,},}"#,
        "  \"top-level string\"  ",
        "42 ",
        "true",
        "[[], {}, [[]], [{}], {\"a\": []}]",
        "\n{\n  \"pretty\": [\n    1,\n    2\n  ]\n}\n",
    ]

    @Test(
        "The entries written as the bytes arrive are JSONScanner's for the whole document",
        arguments: documents, [1, 2, 7, 1000])
    func entriesAreTheScannersOwn(document: String, size: Int) throws {
        let bytes = Array(document.utf8)
        #expect(try Self.partialWords(bytes, size: size) == Self.scannedWords(bytes))
    }

    @Test("Generated documents: the entries are JSONScanner's, in any pieces", arguments: PartialModel.allCases)
    func generatedEntriesAreTheScannersOwn(model: PartialModel) throws {
        for seed in UInt64(1)...6 {
            let bytes = model.document(seed: seed).bytes
            for size in [1, 5, 64] {
                #expect(try Self.partialWords(bytes, size: size) == Self.scannedWords(bytes), "seed \(seed)")
            }
        }
    }

    /// The words a partial decoder wrote for `bytes`, appended in pieces of `size` bytes with no
    /// snapshot, and what `finish()` returned: a token cut short at the end of a piece is left
    /// unread until the next one (`PartialScanner.unreadToken`), and nothing reads it before.
    static func wordsWithoutSnapshots(_ bytes: [UInt8], size: Int) throws -> ([UInt32], String) {
        var partial = LenientJSONDecoder().partial(JSONValue.self)
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try partial.append(bytes[start..<end])
            start = end
        }
        #expect(partial.isComplete)
        let entries = partial.scanner.entries
        let words = Array(UnsafeBufferPointer(start: entries.base, count: entries.count))
        return (words, outcome { try partial.finish() })
    }

    /// The value `body` returns, or the error it throws, as text (some documents are not valid
    /// for a `JSONValue`: finish() must throw the same error as decode(_:from:)).
    static func outcome(_ body: () throws -> JSONValue) -> String {
        do {
            return "value: \(try body())"
        } catch {
            return "error: \(error)"
        }
    }

    @Test(
        "Without snapshots, the entries are JSONScanner's and finish() is decode(_:from:), in any pieces",
        arguments: documents, [1, 2, 3, 7, 16])
    func entriesWithoutSnapshots(document: String, size: Int) throws {
        let bytes = Array(document.utf8)
        let (words, finished) = try Self.wordsWithoutSnapshots(bytes, size: size)
        #expect(try words == Self.scannedWords(bytes))
        #expect(finished == Self.outcome { try LenientJSONDecoder().decode(JSONValue.self, from: Data(bytes)) })
    }

    struct CutErrorRow: Sendable, CustomTestStringConvertible {
        var pieces: [String]
        var testDescription: String { pieces.joined(separator: " | ") }
    }

    @Test(
        "A token cut short at a piece's end is read again with the next, which throws decode's error if it is wrong",
        arguments: [
            CutErrorRow(pieces: [#"{"a": tr"#, #"ux"#]),
            CutErrorRow(pieces: [#"{"a": [1, nu"#, #"ll, nul"#, #"x]}"#]),
            CutErrorRow(pieces: [#"["ab"#, #"c" 1]"#]),
            CutErrorRow(pieces: [#"{"ke"#, #"y" 1}"#]),
            CutErrorRow(pieces: [#"[12"#, #"3 4]"#]),
            CutErrorRow(pieces: [#"["\u0"#, #"0"1"]"#]),
            CutErrorRow(pieces: [#"{"k": "a\"#, #"u12"x"}"#]),
        ])
    func cutTokenErrors(_ row: CutErrorRow) throws {
        let whole = Data(row.pieces.joined().utf8)
        let expected = #expect(throws: DecodingError.self) {
            try LenientJSONDecoder().decode(JSONValue.self, from: whole)
        }
        var partial = LenientJSONDecoder().partial(JSONValue.self)
        for piece in row.pieces.dropLast() { try partial.append(piece) }
        let thrown = #expect(throws: DecodingError.self) { try partial.append(row.pieces[row.pieces.count - 1]) }
        #expect(thrown.map { String(describing: $0) } == expected.map { String(describing: $0) })
    }

    struct Item: Decodable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
    }

    @Test("Each byte is read once, and each snapshot writes a few entries, however long the document")
    func snapshotsDoLinearWork() throws {
        let items = (0..<400).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "b"]}"# }
        let bytes = Array(("[" + items.joined(separator: ", ") + "]").utf8)
        var partial = LenientJSONDecoder().partial([Item].self)
        var snapshots = 0
        var start = 0
        while start < bytes.count {
            let end = min(start + 16, bytes.count)
            try partial.append(bytes[start..<end])
            _ = partial.snapshot()
            snapshots += 1
            start = end
        }
        #expect(partial.scanner.scannedBytes == bytes.count)
        // At most three containers are open (the array, an item, its tags) and one string shown.
        #expect(partial.scanner.snapshotWrites <= snapshots * 4)
        #expect(partial.snapshot().value?.count == 400)
    }

    /// Keeps the decoder it was decoded with, to read it again later.
    struct Kept: Decodable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    struct Member: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test("A decoder kept from a snapshot still reads its own text after the document grows")
    func keptDecoderOutlivesTheSnapshot() throws {
        var partial = LenientJSONDecoder().partial(Kept.self)
        try partial.append(#"{"a": "first", "items": ["#)
        let kept = try #require(partial.snapshot().value)
        // Enough entries after it that the scanner's storage grows (and would move).
        for n in 0..<300 {
            try partial.append(#""item \#(n)", "#)
            _ = partial.snapshot()
        }
        let container = try kept.decoder.container(keyedBy: Member.self)
        #expect(try container.decode(String.self, forKey: Member(stringValue: "a")) == "first")
        #expect(try container.decode([String].self, forKey: Member(stringValue: "items")) == [])
    }

    struct Person: Decodable, Equatable {
        var name: String
        var age: Int
    }

    @Test(
        "finish() from the scan equals decode(_:from:): value, events and error",
        arguments: [
            #"{"name": "Ann", "age": "42"}"#,
            #"{"name": "Ann", "age": 42}  "#,
            #"{"name": "Ann", "age": [1]}"#,
            #"{"name": "Ann"}"#,
            #"[1, 2]"#,
        ])
    func finishEqualsDecode(document: String) throws {
        let decoder = LenientJSONDecoder()
        decoder.policy = .lenient
        var partial = decoder.partial(Person.self)
        try partial.append(document)
        var finished = LenientDecodingReport()
        var decoded = LenientDecodingReport()
        let finish = Result { try partial.finish(report: &finished) }
        let decode = Result { try decoder.decode(Person.self, from: Data(document.utf8), report: &decoded) }
        switch (finish, decode) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(String(describing: a) == String(describing: b))
        default: Issue.record("finish: \(finish), decode: \(decode)")
        }
        #expect(finished.events.map(\.description) == decoded.events.map(\.description))
    }
}
