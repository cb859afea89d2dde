// Parity on the three standard corpora (twitter, canada, citm_catalog): LenientJSONDecoder must
// decode each to the value JSONDecoder decodes (DifferencesFromJSONDecoder article), also from JSONSerialization
// output, without reporting any leniency; and the corpus models must be complete, so that
// parity covers every byte of the corpora.

import Foundation
import LenientJSON
import Testing

@Suite("Corpus parity")
struct CorpusParityTests {
    @Test(
        "JSONDecoder and LenientJSONDecoder (.strict, default, .permissive) decode equal values from Data",
        arguments: CorpusName.allCases)
    func dataDecodersAgree(_ corpus: CorpusName) throws {
        try corpus.accept(DataDecodersAgree())
    }

    @Test(
        "decode(_:fromJSONObject:) on JSONSerialization output equals JSONDecoder's value",
        arguments: CorpusName.allCases)
    func jsonObjectDecodingAgrees(_ corpus: CorpusName) throws {
        try corpus.accept(JSONObjectDecodingAgrees())
    }

    @Test("valid corpora report no leniency events", arguments: CorpusName.allCases)
    func noLeniencyReported(_ corpus: CorpusName) throws {
        try corpus.accept(NoLeniencyReported())
    }

    /// Documented exceptions: synthesized `Encodable` omits `nil` Optionals (`encodeIfPresent`),
    /// so members that are `null` in the corpus are absent from JSONEncoder's output; those are
    /// checked instead to be keys the model encodes. Numbers are compared by value (`-55` equals
    /// `-55.0`; see `CorpusTree`).
    @Test("corpus models are complete: JSONEncoder re-encodes the corpus", arguments: CorpusName.allCases)
    func modelsAreComplete(_ corpus: CorpusName) throws {
        try corpus.accept(ModelsAreComplete())
    }
}

// MARK: - Checks

private struct DataDecodersAgree: CorpusModelVisitor {
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let data = corpus.data
        let expected = try JSONDecoder().decode(Model.self, from: data)

        let decoders: [(String, JSONDecoder)] = [
            ("LenientJSONDecoder(policy: .strict)", LenientJSONDecoder(policy: .strict)),
            ("LenientJSONDecoder()", LenientJSONDecoder()),
            ("LenientJSONDecoder(policy: .permissive)", LenientJSONDecoder(policy: .permissive)),
        ]
        for (label, decoder) in decoders {
            // Called through a `JSONDecoder` reference: the override must be what runs.
            let actual = attempt("\(label) on \(corpus).json") { try decoder.decode(Model.self, from: data) }
            if let actual {
                expectParity(actual, expected, "\(label) on \(corpus).json")
            }
        }
    }
}

/// The reference is JSONDecoder on the corpus bytes. JSONDecoder on
/// `JSONSerialization.data(withJSONObject:)` of the same object must give it too (the object
/// keeps every number exactly; on Linux long decimals arrive as `NSDecimalNumber`), so the
/// object carries the same values as the bytes.
private struct JSONObjectDecodingAgrees: CorpusModelVisitor {
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let data = corpus.data
        let expected = try JSONDecoder().decode(Model.self, from: data)
        let object = try JSONSerialization.jsonObject(with: data)
        let roundTrip = try JSONDecoder().decode(Model.self, from: JSONSerialization.data(withJSONObject: object))
        expectParity(roundTrip, expected, "JSONDecoder on JSONSerialization's round trip of \(corpus).json")

        for (label, decoder) in [
            ("LenientJSONDecoder()", LenientJSONDecoder()),
            ("LenientJSONDecoder(policy: .strict)", LenientJSONDecoder(policy: .strict)),
        ] {
            let context = "\(label).decode(_:fromJSONObject:) on \(corpus).json"
            let actual = attempt(context) { try decoder.decode(Model.self, fromJSONObject: object) }
            if let actual {
                expectParity(actual, expected, context)
            }
        }
    }
}

private struct NoLeniencyReported: CorpusModelVisitor {
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let data = corpus.data
        let decoder = LenientJSONDecoder()

        var dataReport = LenientDecodingReport()
        _ = attempt("decode(_:from:report:) on \(corpus).json") {
            try decoder.decode(Model.self, from: data, report: &dataReport)
        }
        #expect(dataReport.events.isEmpty, "\(corpus).json from Data: \(dataReport.events.prefix(5))")

        let object = try JSONSerialization.jsonObject(with: data)
        var objectReport = LenientDecodingReport()
        _ = attempt("decode(_:fromJSONObject:report:) on \(corpus).json") {
            try decoder.decode(Model.self, fromJSONObject: object, report: &objectReport)
        }
        #expect(objectReport.events.isEmpty, "\(corpus).json from JSON object: \(objectReport.events.prefix(5))")
    }
}

private struct ModelsAreComplete: CorpusModelVisitor {
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let data = corpus.data
        let value = try JSONDecoder().decode(Model.self, from: data)
        let original = try CorpusTree(json: data)
        let reencoded = try CorpusTree(json: JSONEncoder().encode(value))

        let differences = original.removingNullMembers.differences(from: reencoded)
        let reencodesCorpus = differences.isEmpty
        #expect(
            reencodesCorpus,
            """
            \(corpus).json re-encoded by JSONEncoder differs from the corpus (model incomplete or mistyped):
            \(differences.joined(separator: "\n"))
            """)

        let encodedKeys = try CodingKeyRecorder.paths(of: value)
        let unmodelled = original.nullMemberPaths().filter { !encodedKeys.contains($0) }
        let encodesEveryNullMember = unmodelled.isEmpty
        #expect(
            encodesEveryNullMember,
            """
            \(corpus).json has null members that the model does not encode:
            \(unmodelled.prefix(20).joined(separator: "\n"))
            """)
    }
}

// MARK: - Helpers

/// Runs `body`, recording a thrown error as an issue (with `context`) instead of ending the test.
private func attempt<T>(
    _ context: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> T? {
    do {
        return try body()
    } catch {
        Issue.record("\(context) threw where JSONDecoder succeeds: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects `actual == expected`; on failure names the differing JSON paths rather than printing
/// both (multi-megabyte) values.
private func expectParity<Model: Codable & Equatable>(
    _ actual: Model, _ expected: Model, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let differences: [String]
    do {
        let encoder = JSONEncoder()
        differences = try CorpusTree(json: encoder.encode(expected))
            .differences(from: CorpusTree(json: encoder.encode(actual)))
    } catch {
        differences = ["(could not re-encode to locate the difference: \(error))"]
    }
    Issue.record(
        """
        \(context) differs from JSONDecoder (expected = JSONDecoder's value, found = LenientJSON's):
        \(differences.joined(separator: "\n"))
        """, sourceLocation: sourceLocation)
}
