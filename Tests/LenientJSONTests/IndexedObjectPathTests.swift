// Under `.permissive` an object whose keys are integers (`{"17": …, "3": …}`, WordPress.org's
// `plugins`) is read as an array in key order. Events and errors inside its members name the
// input's own keys (`$.plugins['17'].version`), never an index the input does not have.

import Foundation
import LenientJSON
import Testing

@Suite("Objects read as arrays: paths name the input's keys")
struct IndexedObjectPathTests {
    struct Plugin: Decodable, Equatable { var name: String; var version: Double; var active: Bool }
    struct Response: Decodable, Equatable { var plugins: [Plugin] }
    struct Strict: Decodable, Equatable { var plugins: [Int] }

    static let json = """
        {"plugins": {"17": {"name": "akismet", "version": "5.3", "active": true},
                     "3": {"Name": "jetpack", "version": 13.1, "active": "yes"}}}
        """

    @Test("Each member's events are at the member's own key")
    func eventPaths() throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder(policy: .permissive).decode(
            Response.self, from: Data(Self.json.utf8), report: &report)
        #expect(
            value.plugins == [
                Plugin(name: "jetpack", version: 13.1, active: true),
                Plugin(name: "akismet", version: 5.3, active: true),
            ])
        let paths = report.events.map(\.path)
        #expect(paths.contains("$.plugins['17'].version"), "\(paths)")
        #expect(paths.contains("$.plugins['3'].Name"), "\(paths)")
        #expect(paths.contains("$.plugins['3'].active"), "\(paths)")
        #expect(paths.contains("$.plugins"), "\(paths)")
        #expect(!paths.contains { $0.contains("[0]") || $0.contains("[1]") }, "\(paths)")
        // Every event's place is in the input: its line and column point at the member's value.
        for event in report.events where event.path.hasPrefix("$.plugins['") {
            #expect(event.line != nil && event.column != nil)
        }
    }

    @Test("A member's error names its key and coding path")
    func errorPath() throws {
        let json = #"{"plugins": {"5": 1, "2": [true, false]}}"#
        do {
            _ = try LenientJSONDecoder(
                policy: .init(
                    coercions: LenientPolicy.permissive.coercions, keyMatching: .normalized,
                    missingValues: .throw, invalidValues: .throw)
            )
            .decode(Strict.self, from: Data(json.utf8))
            Issue.record("decoded")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["plugins", "2"])
            #expect(context.debugDescription.contains("$.plugins['2']"), "\(context.debugDescription)")
        }
    }
}
