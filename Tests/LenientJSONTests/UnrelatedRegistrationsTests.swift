// Registrations for types a document does not contain change nothing in its decode (the Mapping
// article): a keyed read of a type no registration applies to, in an object whose type has no
// per-property defaults, takes the plain read (`KeyedContainer.readsPlainly`), as in a decode
// without registrations. Checked on every corpus, clean and made messy, under every preset:
// the same value or the same error, and the same report events, field by field.

import Foundation
import LenientJSON
import Testing

@Suite("Registrations for types a document does not contain")
struct UnrelatedRegistrationsTests {
    enum OtherKind: String, Codable, Sendable { case photo, video, unknown }
    struct OtherMoney: Codable, Sendable { var cents: Int }
    struct OtherModel: Codable, Sendable { var name: String; var count: Int }

    /// A decoder with `policy` and one of each kind of registration, all for types the corpora do
    /// not contain.
    static func registered(_ policy: LenientPolicy) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        decoder.register(aliases: ["name": ["title", "label"]], for: OtherModel.self)
        decoder.register(aliases: ["video": ["VIDEO"]], for: OtherKind.self)
        decoder.register(OtherMoney.self) { _ in OtherMoney(cents: 0) }
        decoder.register(fallback: OtherKind.unknown)
        decoder.register(defaults: ["count": 0], for: OtherModel.self)
        return decoder
    }

    /// What a decode gave: its value's JSON form or its error, and its report's events.
    struct Outcome: Equatable, CustomStringConvertible {
        var value: Data?
        var error: String?
        var events: [LenientDecodingEvent]
        var description: String { "\(value.map { "\($0.count) bytes" } ?? error ?? "-"), \(events.count) events" }
    }

    struct Decode: CorpusModelVisitor {
        let data: Data
        let decoder: LenientJSONDecoder
        func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Outcome {
            var report = LenientDecodingReport()
            do {
                let value = try decoder.decode(model, from: data, report: &report)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                return Outcome(value: try encoder.encode(value), error: nil, events: report.events)
            } catch {
                return Outcome(value: nil, error: "\(error)", events: report.events)
            }
        }
    }

    static let presets: [(String, LenientPolicy)] = [
        ("strict", .strict), ("lenient", .lenient), ("permissive", .permissive),
    ]

    @Test(
        "decode alike with and without them: value or error, and every event",
        arguments: CorpusName.allCases, [0, 1, 7] as [UInt64])
    func decodeAlike(_ corpus: CorpusName, seed: UInt64) throws {
        let data = seed == 0 ? corpus.data : try corpus.messy(seed: seed).data
        for (name, policy) in Self.presets {
            let plain = try corpus.accept(Decode(data: data, decoder: LenientJSONDecoder(policy: policy)))
            let registered = try corpus.accept(Decode(data: data, decoder: Self.registered(policy)))
            #expect(plain == registered, "\(corpus), seed \(seed), \(name): \(plain) against \(registered)")
            if seed != 0, policy != .strict { #expect(!plain.events.isEmpty, "\(corpus), seed \(seed), \(name)") }
        }
    }

    struct Price: Decodable, Equatable { var cents: Int }
    struct Item: Decodable, Equatable {
        var id: Int
        var price: Price
        var note: String?
        var extra: Price?
        var tags: [String]
    }

    @Test("a registration that applies acts beside the plain reads of the same object", arguments: presets.map(\.1))
    func appliesBesidePlainReads(_ policy: LenientPolicy) throws {
        let decoder = Self.registered(policy)
        decoder.register(Price.self) { _ in Price(cents: 99) }
        let json = #"{"id": 1, "price": {"amount": "1.00"}, "note": "n", "extra": 5, "tags": ["a"]}"#
        let item = try decoder.decode(Item.self, from: Data(json.utf8))
        #expect(item == Item(id: 1, price: Price(cents: 99), note: "n", extra: Price(cents: 99), tags: ["a"]))
    }
}
