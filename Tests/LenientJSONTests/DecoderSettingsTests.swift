// LenientJSONDecoder's settings (InputAndLimits article, "Threads"): `policy` and `dateFormats`
// are `open` properties: a subclass that overrides them is
// honoured, and each decode reads every setting once, at its start (one snapshot per decode).

import Foundation
import LenientJSON
import Testing

@Suite("Settings read through their properties")
struct DecoderSettingsTests {
    struct Reading: Decodable, Equatable {
        var age: Int
        var born: Date
        var tags: [Int]
    }

    static let json = #"{"age": "42", "born": "17.01.2016", "tags": ["1", "2", "3"]}"#

    /// Overrides `policy` and `dateFormats`, and counts how often a decode reads them.
    final class Overriding: LenientJSONDecoder, @unchecked Sendable {
        private let counter = NSLock()
        private var policyReads = 0
        private var formatReads = 0
        let fixedPolicy: LenientPolicy

        init(fixedPolicy: LenientPolicy) {
            self.fixedPolicy = fixedPolicy
            super.init()
        }

        override var policy: LenientPolicy {
            get { counter.withLock { policyReads += 1 }; return fixedPolicy }
            set {}
        }

        override var dateFormats: [String] {
            get { counter.withLock { formatReads += 1 }; return ["dd.MM.yyyy"] }
            set {}
        }

        var reads: (policy: Int, formats: Int) { counter.withLock { (policyReads, formatReads) } }
    }

    @Test("a subclass's policy and dateFormats are used, each read once per decode", arguments: [false, true])
    func overridesAreHonoured(_ fromJSONObject: Bool) throws {
        let data = Data(Self.json.utf8)
        let decode: (LenientJSONDecoder) throws -> Reading = { decoder in
            fromJSONObject
                ? try decoder.decode(Reading.self, fromJSONObject: JSONSerialization.jsonObject(with: data))
                : try decoder.decode(Reading.self, from: data)
        }
        let lenient = Overriding(fixedPolicy: .lenient)
        let value = try decode(lenient)
        #expect(value == Reading(age: 42, born: Date(timeIntervalSince1970: 1_452_988_800), tags: [1, 2, 3]))
        #expect(lenient.reads == (1, 1), "one snapshot per decode: \(lenient.reads)")
        _ = try decode(lenient)
        #expect(lenient.reads == (2, 2))

        // The stored policy is .lenient; the override says .strict, which rejects "42" as JSONDecoder does.
        let strict = Overriding(fixedPolicy: .strict)
        let error = thrownError { try decode(strict) }
        let foundation = thrownError { try JSONDecoder().decode(Reading.self, from: data) }
        #expect(error == foundation, "\(String(describing: error)) vs JSONDecoder \(String(describing: foundation))")
    }

    @Test("changing dateFormats between decodes takes effect at the next decode")
    func dateFormatsChangeBetweenDecodes() throws {
        let decoder = LenientJSONDecoder()
        let data = Data(#""2016/17/01""#.utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: data) }
        decoder.dateFormats = ["yyyy/dd/MM"]
        #expect(try decoder.decode(Date.self, from: data) == Date(timeIntervalSince1970: 1_452_988_800))
        decoder.dateFormats = []
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: data) }
    }
}
