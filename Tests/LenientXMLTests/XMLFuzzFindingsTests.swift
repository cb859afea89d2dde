// The XML fuzz target's findings (Fuzz/Findings/xml-*.bin, described in Fuzz/Findings/README.md)
// replayed through the target's own check (Fuzz/XMLFuzzCheck.swift, linked into Support/), so a
// finding stays fixed once fixed. The other targets' findings are replayed by
// Tests/LenientJSONTests/FuzzFindingsTests.swift, whose target does not link LenientXML.
import Foundation
import Testing

@Suite("XML fuzz findings: each input replayed through the XML target's check")
struct XMLFuzzFindingsTests {
    /// One `xml-*.bin` file of `Fuzz/Findings/`: its first byte is the selector, the rest the document.
    struct Finding: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        var testDescription: String { name }
    }

    /// `Fuzz/Findings/`, found from this file's place in the repository.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Findings")

    /// Every `xml-*.bin` file of ``directory``, by name.
    static let findings: [Finding] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("xml-") && $0.hasSuffix(".bin") }.sorted().map { name in
            Finding(name: name, bytes: (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data())
        }
    }()

    @Test("the findings folder holds the XML target's findings")
    func findingsArePresent() {
        #expect(!Self.findings.isEmpty, "no xml-*.bin file in \(Self.directory.path)")
    }

    @Test("each XML finding passes the check with every decoder of the XML target", arguments: findings)
    func findingPassesItsCheck(_ finding: Finding) throws {
        let selector = Int(try #require(finding.bytes.first, "\(finding.name): empty file, no selector byte"))
        let document = finding.bytes.dropFirst()
        // The model the selector picks, with every decoder of the XML target.
        let count = FuzzXMLCheck.decoders.count
        let first = selector - selector % count
        let failures = onLargeStack {
            (first..<first + count).compactMap { FuzzXMLCheck.run(selector: $0, document: Data(document)) }
        }
        #expect(failures.isEmpty, "\(finding.name):\n\(failures.joined(separator: "\n"))")
    }
}
