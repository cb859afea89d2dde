// In-module checks of the decode's checkpoint (Decoding/DecodeCheckpoint.swift) and observer
// (Decoding/DecodeObserver.swift): rolling back takes back every part of what an attempt did,
// and a lookup's key events take the type of the read of the member that lookup returned.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Decode checkpoints: an abandoned attempt leaves nothing behind")
struct DecodeCheckpointTests {
    private static func decoder(reportsUnusedKeys: Bool) throws -> DecoderImpl {
        let map = try #require(ValueMap.parsing(#"{"a": [1, "2"], "b": ["3"]}"#))
        var options = DecodingOptions()
        options.policy = .lenient
        options.reportsUnusedKeys = reportsUnusedKeys
        return DecoderImpl(
            map: map, options: options, entry: 0, pathNode: .root, report: ReportCollector(), tracksUnusedKeys: true)
    }

    @Test(
        "rolling back removes the attempt's events and puts back every count, the unused-key logs and the registration")
    func rollBackRestoresEveryPart() throws {
        let impl = try Self.decoder(reportsUnusedKeys: true)
        defer { impl.endDecode() }
        let tracker = try #require(impl.observer.unusedKeys)
        let start = impl.checkpoint()
        // An attempt that does a little of everything a checkpoint covers.
        _ = try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
        let member = try #require(impl.map.members(of: 0).first { _ in true })
        tracker.pointee.read(member.value)
        impl.session.structuralCount &+= 1
        impl.session.unrepeatedCount &+= 1
        impl.currentRegistration = TypeRegistration(typeName: "Model", isScalar: false)
        #expect(impl.observer.eventCount > start.events)
        #expect(impl.session.leniencyCount > start.leniency)
        #expect(impl.hasActed(since: start))

        impl.rollBack(to: start)
        #expect(impl.observer.eventCount == start.events)
        #expect(impl.session.leniencyCount == start.leniency)
        #expect(impl.session.structuralCount == start.structural)
        #expect(impl.session.unrepeatedCount == start.unrepeated)
        #expect(tracker.pointee.mark.reads == start.unusedKeys?.reads)
        #expect(impl.currentRegistration == nil)
        #expect(!impl.hasActed(since: start))
    }

    @Test("rollingBackOnFailure keeps what a successful attempt did and takes back a failed one's")
    func rollingBackOnFailure() throws {
        let impl = try Self.decoder(reportsUnusedKeys: false)
        defer { impl.endDecode() }
        let start = impl.checkpoint()
        #expect(throws: DecodingError.self) {
            try impl.rollingBackOnFailure {
                _ = try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
                _ = try impl.unwrap(0, as: [Int].self, parent: .root, key: nil)
            }
        }
        #expect(!impl.hasActed(since: start))
        let value = try impl.rollingBackOnFailure {
            try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
        }
        #expect(value["a"] == [1, 2])
        #expect(impl.hasActed(since: start))
    }

    @Test("a decode whose report nobody reads has the observer that records nothing")
    func noObserver() throws {
        let map = try #require(ValueMap.parsing(#"{"a": [1, "2"]}"#))
        var options = DecodingOptions()
        options.policy = .lenient
        let impl = DecoderImpl(map: map, options: options, entry: 0, pathNode: .root)
        defer { impl.endDecode() }
        _ = try impl.unwrap(0, as: [String: [Int]].self, parent: .root, key: nil)
        #expect(!impl.observer.recordsEvents)
        #expect(impl.observer.unusedKeys == nil)
        #expect(impl.observer.eventCount == 0)
        #expect(impl.session.leniencyCount > 0, "rules are counted with or without a report")
    }
}
