import Foundation
import LenientJSON
import Testing

/// One decoder shared by many tasks at once (InputAndLimits article); run under `--sanitize=thread` by
/// `Scripts/sanitizers.sh`.
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 tasks share one decoder and decode all three corpora at once, each getting JSONDecoder's value")
    func sharedDecoder() async throws {
        let twitter = CorpusName.twitter.data
        let canada = CorpusName.canada.data
        let citm = CorpusName.citmCatalog.data
        let expectedTwitter = try JSONDecoder().decode(TwitterCorpus.Root.self, from: twitter)
        let expectedCanada = try JSONDecoder().decode(CanadaCorpus.Root.self, from: canada)
        let expectedCitm = try JSONDecoder().decode(CitmCatalogCorpus.Root.self, from: citm)
        let shared = LenientJSONDecoder()

        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task starts with a different corpus, so all three are decoded at once.
                    var same = true
                    for round in 0..<3 {
                        switch (task + round) % 3 {
                        case 0:
                            same = try shared.decode(TwitterCorpus.Root.self, from: twitter) == expectedTwitter && same
                        case 1: same = try shared.decode(CanadaCorpus.Root.self, from: canada) == expectedCanada && same
                        default:
                            same = try shared.decode(CitmCatalogCorpus.Root.self, from: citm) == expectedCitm && same
                        }
                    }
                    return same
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("changing settings while other tasks decode is safe, and each decode sees one policy")
    func settingsChangedDuringDecodes() async throws {
        let decoder = LenientJSONDecoder()
        let data = Data(#"{"value": "42"}"#.utf8)
        struct Box: Decodable, Sendable { var value: Int }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<200 {
                    decoder.policy = index.isMultiple(of: 2) ? .strict : .lenient
                    decoder.dateFormats = index.isMultiple(of: 3) ? ["yyyy"] : []
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<200 {
                        // Either 42 (lenient) or a typeMismatch (strict): never anything else.
                        do {
                            #expect(try decoder.decode(Box.self, from: data).value == 42)
                        } catch let error as DecodingError {
                            guard case .typeMismatch = error else {
                                Issue.record("unexpected error \(error)")
                                return
                            }
                        } catch {
                            Issue.record("not a DecodingError: \(error)")
                        }
                    }
                }
            }
        }
    }
}
