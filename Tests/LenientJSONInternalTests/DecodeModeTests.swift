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

    @Test("a nested decoder reads in its own mode; the decoder that made it keeps reading in its own")
    func nestedDecoder() throws {
        let map = try #require(ValueMap.parsing(#"{"a": [1, "2"]}"#))
        var options = DecodingOptions()
        options.policy = .lenient
        let report = ReportCollector()
        let impl = DecoderImpl(map: map, options: options, entry: 0, pathNode: .root, report: report)
        let strict = impl.strictDecoder
        #expect(Shape(strict.mode) == Shape(impl.mode.strictReading))
        #expect(strict.session === impl.session)
        #expect(impl.strictDecoder === strict, "one strict decoder per decoder, reused")
        #expect(Shape(impl.unrecordedStrictDecoder.mode) == Shape(impl.mode.strictReading.unrecorded))
        #expect(Shape(impl.unstructuredDecoder.mode) == Shape(impl.mode.withoutStructuralRules))
        // The strict decoder refuses the numeric string; the decoder that made it, read after
        // it, still coerces it and records the event.
        #expect(throws: DecodingError.self) { try strict.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil) }
        #expect(report.events.isEmpty)
        let value = try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
        #expect(value == ["a": [1, 2]])
        #expect(report.events.map(\.rule) == [.numberFromString])
        impl.endDecode()
    }

    /// A point whose member may be missing: the stand-in reading's defaults fill it.
    struct Point: Decodable, Equatable { var x: Int }

    /// What reading `json` as `T` in `mode` gives: the value, or `nil` where it throws, and the
    /// rules of the events recorded in the root decoder's report.
    static func read<T: Decodable>(
        _ json: String, as _: T.Type, policy: LenientPolicy, in derive: (DecodeMode) -> DecodeMode
    ) throws -> (value: T?, rules: [LenientRule]) {
        let map = try #require(ValueMap.parsing(json))
        var options = DecodingOptions()
        options.policy = policy
        let report = ReportCollector()
        let root = DecoderImpl(map: map, options: options, entry: 0, pathNode: .root, report: report)
        defer { root.endDecode() }
        let impl = root.nested(derive(root.mode))
        let value = try? impl.unwrap(0, as: T.self, parent: .root, key: nil)
        return (value, report.events.map(\.rule.rule))
    }

    @Test(
        "the strict reading refuses what the caller's reading coerces", arguments: [LenientPolicy.lenient, .permissive])
    func strictReadingDecodes(policy: LenientPolicy) throws {
        let own = try Self.read(#"["2"]"#, as: [Int].self, policy: policy) { $0 }
        #expect(own.value == [2])
        #expect(own.rules == [.numberFromString])
        let strict = try Self.read(#"["2"]"#, as: [Int].self, policy: policy) { $0.strictReading }
        #expect(strict.value == nil)
        #expect(strict.rules.isEmpty)
    }

    @Test("the reading without structural rules still coerces, but wraps no single value")
    func withoutStructuralRulesDecodes() throws {
        let coerced = try Self.read(#"["2"]"#, as: [Int].self, policy: .lenient) { $0.withoutStructuralRules }
        #expect(coerced.value == [2])
        let own = try Self.read("5", as: [Int].self, policy: .lenient) { $0 }
        #expect(own.value == [5])
        #expect(own.rules == [.arrayWrapped])
        let unwrapped = try Self.read("5", as: [Int].self, policy: .lenient) { $0.withoutStructuralRules }
        #expect(unwrapped.value == nil)
    }

    @Test("readings with no report coerce and record nothing")
    func unreportedReadingsDecode() throws {
        let readings: [(String, (DecodeMode) -> DecodeMode)] = [
            ("unrecorded", { $0.unrecorded }), ("building defaults", { $0.buildingDefaults }),
            ("collecting", { $0.collecting(into: ErrorCollection()) }),
        ]
        for (name, derive) in readings {
            let read = try Self.read(#"["2"]"#, as: [Int].self, policy: .lenient, in: derive)
            #expect(read.value == [2], "\(name)")
            #expect(read.rules.isEmpty, "\(name)")
        }
    }

    @Test("the stand-in reading fills a missing member that the caller's reading refuses")
    func standInsDecode() throws {
        let own = try Self.read("{}", as: Point.self, policy: .lenient) { $0 }
        #expect(own.value == nil)
        let standIn = try Self.read("{}", as: Point.self, policy: .lenient) {
            $0.collecting(into: ErrorCollection()).makingStandIns
        }
        #expect(standIn.value == Point(x: 0))
        #expect(standIn.rules.isEmpty)
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
