// Every input the fuzz targets found (Fuzz/Findings/*.bin, described in Fuzz/Findings/README.md)
// replayed through the check of the target that found it: the same function the target calls
// (Fuzz/FuzzChecks.swift, linked into Support/), so a finding stays fixed once fixed. A new
// file in that folder is picked up without editing this test.
import Foundation
import LenientJSON
import Testing

@Suite("Fuzz findings: each input replayed through its fuzz target's check")
struct FuzzFindingsTests {
    /// The fuzz target that found an input, told by the start of the file name.
    enum Target: String, Sendable, CaseIterable {
        case decoder, differential, xml, messy
    }

    /// One file of `Fuzz/Findings/`: its first byte is the target's selector, the rest the document.
    struct Finding: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        var target: Target? { Target.allCases.first { name.hasPrefix($0.rawValue + "-") } }
        var selector: Int? { bytes.first.map(Int.init) }
        var document: Data { bytes.dropFirst() }
        var testDescription: String { name }
    }

    /// `Fuzz/Findings/`, found from this file's place in the repository.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Findings")

    /// Every `.bin` file of ``directory``, by name.
    static let findings: [Finding] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".bin") }.sorted().map { name in
            Finding(name: name, bytes: (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data())
        }
    }()

    /// Findings where LenientJSON differs from JSONDecoder on purpose, with the mismatch the
    /// differential check must report (the README of the findings says why).
    ///
    /// `{"I":"\xFF"}` into `FuzzOptionals`: JSONDecoder never reads member `I` (the model's key
    /// is `i`) and so never sees its invalid UTF-8; normalized key matching reads it, and a
    /// syntax error that is read is never recovered (InputAndLimits article), so `.lenient` and
    /// `.permissive` throw `dataCorrupted`.
    /// The check itself knows this difference (it accepts a syntax error where exact keys give
    /// JSONDecoder's value), so no finding is listed here today.
    static let intendedDifferences: [String: String] = [:]

    /// Findings not fixed yet, with what is wrong (the README of the findings tracks them):
    /// their check fails as a known issue, and the test fails once one passes, so that its
    /// entry is removed with the fix.
    /// (`[0e2]`, the `0e5` difference of the DifferencesFromJSONDecoder article, is now known to the check.)
    static let openFindings: [String: String] = [:]

    @Test("the findings folder holds .bin files, each named for the target that found it")
    func findingsArePresent() {
        #expect(!Self.findings.isEmpty, "no .bin file in \(Self.directory.path)")
        for finding in Self.findings {
            #expect(
                finding.target != nil,
                "\(finding.name): the name starts with none of decoder-, differential-, xml-, messy-")
            #expect(finding.selector != nil, "\(finding.name): empty file, no selector byte")
        }
    }

    /// The findings replayed here: the XML target's are replayed by the `LenientXMLTests` target
    /// (`Tests/LenientXMLTests/XMLFuzzFindingsTests.swift`), which links the `LenientXML` library.
    static let nonXMLFindings = findings.filter { $0.target != .xml }

    @Test("each finding passes the check of the target that found it", arguments: nonXMLFindings)
    func findingPassesItsCheck(_ finding: Finding) throws {
        let target = try #require(finding.target, "\(finding.name): no target in the name")
        let selector = try #require(finding.selector, "\(finding.name): no selector byte")
        let document = finding.document
        let failures: [String] = onLargeStack {
            switch target {
            case .decoder:
                // The model the selector picks, with every decoder of the target (the one the
                // selector picks among them).
                let count = FuzzDecoderCheck.decoders.count
                let first = selector - selector % count
                return (first..<first + count).compactMap { FuzzDecoderCheck.run(selector: $0, document: document) }
            case .differential:
                return FuzzDifferentialCheck.run(selector: selector, document: document).map { [$0] } ?? []
            case .messy:
                // The whole input is the generator's choices (Fuzz/MessyRewriteFuzzTarget.swift).
                var choices = MessyChoices(bytes: finding.bytes)
                return MessyRewriteCheck.run(&choices).map { [$0] } ?? []
            case .xml:
                return ["an XML finding, replayed by LenientXMLTests, not here"]
            }
        }
        if let open = Self.openFindings[finding.name] {
            withKnownIssue("open finding: \(open)") {
                #expect(failures.isEmpty, "\(finding.name):\n\(failures.joined(separator: "\n"))")
            }
        } else if let intended = Self.intendedDifferences[finding.name] {
            #expect(
                failures.count == 1 && failures.allSatisfy { $0.hasPrefix(intended) },
                "\(finding.name): expected the intended difference \"\(intended)\", got \(failures)")
        } else {
            #expect(failures.isEmpty, "\(finding.name):\n\(failures.joined(separator: "\n"))")
        }
    }

    /// The intended difference, stated directly: exact key matching gives JSONDecoder's value
    /// (all `nil`), normalized matching reads the invalid string and throws `dataCorrupted`.
    /// (`Data` only: JSONSerialization rejects the bytes, so there is no tree to decode.)
    @Test(
        "a fuzzy-matched key whose string is invalid UTF-8 is read and rejected, never recovered",
        arguments: [Preset.lenient, .permissive])
    func fuzzyKeyReadsInvalidString(_ preset: Preset) throws {
        let finding = try #require(
            Self.findings.first { $0.name == "differential-lenient-fuzzy-key-reads-invalid-utf8.bin" })
        let document = finding.document
        #expect(try JSONDecoder().decode(FuzzOptionals.self, from: document) == FuzzOptionals())
        var exact = preset.policy
        exact.keyMatching = .exact
        #expect(try LenientJSONDecoder(policy: exact).decode(FuzzOptionals.self, from: document) == FuzzOptionals())
        #expect(try LenientJSONDecoder(policy: .strict).decode(FuzzOptionals.self, from: document) == FuzzOptionals())
        do {
            let value = try LenientJSONDecoder(policy: preset.policy).decode(FuzzOptionals.self, from: document)
            Issue.record("decoded \(value) from invalid UTF-8 in a member that was read")
        } catch DecodingError.dataCorrupted {
        } catch {
            Issue.record("expected dataCorrupted, got \(error)")
        }
    }
}
