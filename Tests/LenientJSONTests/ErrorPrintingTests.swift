// Printing an error the decoder wrote (a log line's "\(error)") shows the DecodingError, its path and
// its message, and no internal type of the library: the data `LenientDecodingProblem` reads stays
// behind the error, printed as one short phrase (DecodingProblemTests read that data).

import Foundation
import LenientJSON
import Testing

private struct PrintedModel: Decodable {
    var id: Int
    var tags: [String]
    var when: Date
}

@Suite("Printed errors show no internal types")
struct ErrorPrintingTests {
    static let inputs = [
        #"{"id": "twelve", "tags": [], "when": 0}"#,  // a value that cannot be read
        #"{"id": 1, "tags": {}, "when": 0}"#,  // a container of the wrong kind
        #"{"id": 1, "tags": []}"#,  // a missing key
        #"{"id": 1, "tags": [], "when": "someday"}"#,  // a date no form reads
        #"{"id": 1, "tags": [null], "when": 0}"#,  // null in an array
        #"{"id": 1, "tags": [], "when": 0"#,  // the end of input
        #"{"id": 1, "tags": [], "when": @}"#,  // a bad byte
    ]

    @Test("print(error) names no LenientJSON type", arguments: inputs, [LenientPolicy.lenient, .strict])
    func printedError(_ json: String, policy: LenientPolicy) throws {
        do {
            _ = try LenientJSONDecoder(policy: policy).decode(PrintedModel.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch {
            for text in [String(describing: error), String(reflecting: error), "\(error)"] {
                #expect(!text.contains("LenientJSON."), "\(text)")
                #expect(!text.contains("ProblemSite"), "\(text)")
                #expect(!text.contains("DescribedByDecoder"), "\(text)")
                #expect(!text.contains("SourceLocation"), "\(text)")
            }
            // The data behind the message is still there.
            let problem = LenientDecodingProblem(try #require(error as? DecodingError))
            #expect(problem.line == 1, "\(error)")
        }
    }

    @Test("every problem of a collected failure prints without internal types")
    func collectedErrors() throws {
        let decoder = LenientJSONDecoder()
        decoder.collectsAllErrors = true
        do {
            _ = try decoder.decode([PrintedModel].self, from: Data(#"[{"id": "x"}, {"tags": 1}]"#.utf8))
            Issue.record("expected an error")
        } catch {
            let text = String(describing: error)
            #expect(!text.contains("ProblemSite") && !text.contains("DescribedByDecoder"), "\(text)")
        }
    }
}
