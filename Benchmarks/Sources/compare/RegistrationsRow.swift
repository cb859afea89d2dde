// The cost of registrations for types a document does not contain (issue #13): twitter decoded
// by a LenientJSONDecoder with an alias, a decoding closure, a fallback and per-property
// defaults registered for unrelated types, against JSONDecoder, in the same interleaved way as
// the plain twitter row. The ratio should match the plain row's: registrations cost a decode
// nothing where they do not apply.

import Foundation
import LenientJSON

/// Types that twitter does not contain.
enum UnrelatedKind: String, Codable, Sendable { case photo, video, unknown }
struct UnrelatedMoney: Codable, Sendable { var cents: Int }
struct UnrelatedModel: Codable, Sendable { var name: String; var count: Int }

/// A decoder with registrations for unrelated types only.
func decoderWithUnrelatedRegistrations() -> LenientJSONDecoder {
    let decoder = LenientJSONDecoder()
    decoder.register(aliases: ["name": ["title", "label"]], for: UnrelatedModel.self)
    decoder.register(aliases: ["video": ["VIDEO"]], for: UnrelatedKind.self)
    decoder.register(UnrelatedMoney.self) { _ in UnrelatedMoney(cents: 0) }
    decoder.register(fallback: UnrelatedKind.unknown)
    decoder.register(defaults: ["count": 0], for: UnrelatedModel.self)
    return decoder
}

/// twitter with unrelated registrations present, vs JSONDecoder.
func measureTwitterWithRegistrations() throws -> Row {
    let data = CorpusName.twitter.data
    let foundation = JSONDecoder()
    let lenient = decoderWithUnrelatedRegistrations()
    if try lenient.decode(TwitterCorpus.Root.self, from: data) != foundation.decode(TwitterCorpus.Root.self, from: data)
    {
        print("WARNING: LenientJSONDecoder with registrations decodes twitter to a different value than JSONDecoder")
    }
    let (baseline, lenientTime) = try interleave(
        { withExtendedLifetime(try foundation.decode(TwitterCorpus.Root.self, from: data)) {} },
        { withExtendedLifetime(try lenient.decode(TwitterCorpus.Root.self, from: data)) {} }
    )
    return Row(label: "twitter, registrations for unrelated types³", baseline: baseline, lenient: lenientTime)
}

/// The footnote of the registrations row.
let registrationsFootnote = """
    ³ twitter with `register(aliases:for:)`, `register(_:decode:)`, `register(fallback:)` and \
    `register(defaults:for:)` made for types twitter does not contain; its ratio should match the twitter row's.
    """
