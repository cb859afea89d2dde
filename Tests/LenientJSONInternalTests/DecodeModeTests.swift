// In-module checks of the modes a decode reads in (Decoding/DecodeMode.swift): each other
// reading is a mode derived from the caller's, changing exactly what that reading needs, and
// a nested decoder reads in its own mode while the decoder that made it keeps its own.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Decode modes: each reading is a value derived from the caller's")
struct DecodeModeTests {
    /// What a test compares of a mode.
    struct Shape: Equatable, CustomStringConvertible {
        var policy: LenientPolicy
        var hasReport: Bool
        var hasCollection: Bool
        var hasIdentityMap: Bool
        var readsStrictly: Bool
        var describesErrors: Bool

        init(_ mode: DecodeMode) {
            policy = mode.options.policy
            hasReport = mode.observer.report != nil
            hasCollection = mode.collection != nil
            hasIdentityMap = mode.options.identityMap != nil
            readsStrictly = mode.readsStrictly
            describesErrors = mode.describesErrors
        }

        var description: String {
            "report \(hasReport), collection \(hasCollection), identity map \(hasIdentityMap), "
                + "strict \(readsStrictly), describes \(describesErrors)"
        }
    }

    static func rootMode(_ policy: LenientPolicy) -> DecodeMode {
        var options = DecodingOptions()
        options.policy = policy
        options.identityMap = IdentityMap()
        return DecodeMode(options: options, observer: DecodeObserver(report: ReportCollector(), unusedKeys: nil))
    }

    static let policies: [LenientPolicy] = [.strict, .lenient, .permissive]

    @Test("the strict reading: the policy's strict reading, errors undescribed, the same report", arguments: policies)
    func strictReading(policy: LenientPolicy) {
        let root = Self.rootMode(policy)
        var expected = Shape(root)
        expected.policy = policy.strictReading
        expected.readsStrictly = true
        expected.describesErrors = false
        #expect(Shape(root.strictReading) == expected)
        #expect(root.strictReading.observer.report === root.observer.report)
        #expect(!root.strictReading.decodesPlainTypesDirectly, "a strict reading keeps its bookkeeping")
    }

    @Test(
        "the reading without structural rules keeps everything but those rules, recovery and described errors",
        arguments: policies)
    func withoutStructuralRules(policy: LenientPolicy) {
        let root = Self.rootMode(policy)
        var expected = Shape(root)
        expected.policy.coercions.subtract(LenientPolicy.Coercions.structural)
        expected.policy.missingValues = .throw
        expected.policy.invalidValues = .throw
        expected.describesErrors = false
        #expect(Shape(root.withoutStructuralRules) == expected)
        #expect(root.withoutStructuralRules.readsWithoutStructuralRules)
        #expect(!root.withoutStructuralRules.strictReading.readsWithoutStructuralRules)
        #expect(!root.readsWithoutStructuralRules)
    }

    @Test("collecting: no report, no identity map, the given collection", arguments: policies)
    func collecting(policy: LenientPolicy) {
        let root = Self.rootMode(policy)
        let collection = ErrorCollection()
        let mode = root.collecting(into: collection)
        var expected = Shape(root)
        expected.hasReport = false
        expected.hasIdentityMap = false
        expected.hasCollection = true
        #expect(Shape(mode) == expected)
        #expect(mode.collection === collection)
        #expect(!mode.readsValuesPlainly, "a collecting reading takes the layered keyed reads")
    }

    @Test("stand-ins: the permissive policy, nothing collected, errors undescribed", arguments: policies)
    func standIns(policy: LenientPolicy) {
        let collecting = Self.rootMode(policy).collecting(into: ErrorCollection())
        var expected = Shape(collecting)
        expected.policy = .permissive
        expected.hasCollection = false
        expected.describesErrors = false
        #expect(Shape(collecting.makingStandIns) == expected)
    }

    @Test("defaults are built without a report, in the caller's mode otherwise", arguments: policies)
    func buildingDefaults(policy: LenientPolicy) {
        let root = Self.rootMode(policy)
        var expected = Shape(root)
        expected.hasReport = false
        #expect(Shape(root.buildingDefaults) == expected)
    }

    @Test("a nested decoder reads in its own mode; the decoder that made it keeps its own and shares its session")
    func nestedDecoder() throws {
        let map = try #require(ValueMap.parsing(#"{"a": [1, "2"]}"#))
        var options = DecodingOptions()
        options.policy = .lenient
        let impl = DecoderImpl(map: map, options: options, entry: 0, pathNode: .root, report: ReportCollector())
        let before = Shape(impl.mode)
        let strict = impl.strictDecoder
        #expect(Shape(strict.mode) == Shape(impl.mode.strictReading))
        #expect(Shape(impl.mode) == before)
        #expect(strict.session === impl.session)
        #expect(impl.strictDecoder === strict, "one strict decoder per decoder, reused")
        let value = try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
        #expect(value == ["a": [1, 2]])
        #expect(Shape(impl.mode) == before)
        impl.endDecode()
    }

    @Test("which layers a keyed read passes through is chosen once, from the mode")
    func layersChosenOnce() {
        var options = DecodingOptions()
        options.policy = .lenient
        #expect(DecodeMode(options: options, observer: .none).readsValuesPlainly)
        #expect(!DecodeMode(options: options, observer: .none).matchesKeysExactly)
        options.policy = .strict
        #expect(DecodeMode(options: options, observer: .none).matchesKeysExactly)
        options.keyPathSeparator = "."
        #expect(!DecodeMode(options: options, observer: .none).matchesKeysExactly)
        options.keyPathSeparator = nil
        options.policy = .permissive
        #expect(!DecodeMode(options: options, observer: .none).readsValuesPlainly)
    }
}
