import AsyncHTTPClient
import Foundation
import Hummingbird
import LenientJSON
import ModelStreamClient
import ModelStreamReplay
import ModelStreams
import Testing

extension Examples {
    /// Recorded model streams replayed as server-sent events by a Hummingbird route, read over loopback with
    /// AsyncHTTPClient, and decoded as they arrive by `snapshots(of:fromText:)`.
    @Suite(.timeLimit(.minutes(5)))
    struct ModelStreamTests {
        /// The answers the fixtures hold, written from the fixtures' text (not read back from a decode).
        static let expected: [RecordedStream: TripPlan] = [
            .openAIChatCompletion: TripPlan(
                destination: "Lisbon", days: 4,
                stops: [
                    .init(name: "Alfama", nights: 2, highlights: ["São Jorge castle", "fado at night"]),
                    .init(name: "Belém", nights: 1, highlights: ["pastéis", #"the "Tower""#]),
                    .init(name: "Sintra", nights: 1, highlights: ["Pena Palace"]),
                ], budget: 1250.5),
            .anthropicToolUse: TripPlan(
                destination: "Porto", days: 2,
                stops: [
                    .init(name: "Ribeira", nights: 1, highlights: ["Dom Luís I bridge", "port cellars"]),
                    .init(name: "Foz", nights: 1, highlights: ["sunset"]),
                ], budget: 480),
        ]

        /// Whether `later` only adds to `earlier`: a string grows from its prefix, a number or a stop once shown
        /// stays, a list keeps its elements.
        static func grows(from earlier: TripPlan, to later: TripPlan) -> Bool {
            guard later.destination.hasPrefix(earlier.destination), later.stops.count >= earlier.stops.count else {
                return false
            }
            if earlier.days != 0 && later.days != earlier.days { return false }
            if earlier.budget != 0 && later.budget != earlier.budget { return false }
            for (old, new) in zip(earlier.stops, later.stops) {
                guard new.name.hasPrefix(old.name), new.highlights.count >= old.highlights.count else { return false }
                if old.nights != 0 && new.nights != old.nights { return false }
                for (a, b) in zip(old.highlights, new.highlights) where !b.hasPrefix(a) { return false }
            }
            return true
        }

        @Test("the fixtures are in their wire formats and hold the answers", arguments: RecordedStream.allCases)
        func fixtures(stream: RecordedStream) throws {
            let decoder = LenientJSONDecoder()
            let text = try stream.text
            let plan =
                stream == .openAIChatCompletion
                ? try decoder.decode(TripPlan.self, fromModelOutput: text)
                : try decoder.decode(TripPlan.self, from: Data(text.utf8))
            #expect(plan == Self.expected[stream])
        }

        @Test(
            "snapshots over loopback only grow, and the last equals the whole decode",
            arguments: RecordedStream.allCases)
        func liveSnapshots(stream: RecordedStream) async throws {
            let logger = LogRecorder().logger()
            let snapshots = try await withHummingbirdApplication(
                logger: logger,
                { base in
                    let client = ModelStreamClient(httpClient: .shared)
                    var seen: [PartialSnapshot<TripPlan>] = []
                    for try await snapshot in try await client.snapshots(
                        of: TripPlan.self, from: base + "/model-streams/" + stream.rawValue, format: stream)
                    {
                        seen.append(snapshot)
                    }
                    return seen.map { Shown(value: $0.value, isComplete: $0.isComplete, bytesRead: $0.bytesRead) }
                }
            ) { onServerRunning in
                Application(
                    router: ModelStreamReplay.makeRouter(),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "model-streams"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                    logger: logger)
            }
            // Streamed, not read whole: several snapshots with values before the complete one.
            #expect(snapshots.filter { $0.value != nil }.count > 3)
            let values = snapshots.compactMap(\.value)
            for (earlier, later) in zip(values, values.dropFirst()) {
                #expect(Self.grows(from: earlier, to: later), "\(earlier) → \(later)")
            }
            let counts = snapshots.map(\.bytesRead)
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 })
            let last = try #require(snapshots.last)
            #expect(last.isComplete)
            // Complete is final: after the first complete snapshot (the value has ended; model output's trailing
            // prose may still arrive), every one is complete, with the same value.
            let firstComplete = try #require(snapshots.firstIndex { $0.isComplete })
            #expect(snapshots[firstComplete...].allSatisfy { $0.isComplete && $0.value == last.value })
            #expect(stream == .openAIChatCompletion || firstComplete == snapshots.count - 1)
            let decoder = LenientJSONDecoder()
            let text = try stream.text
            let whole =
                stream == .openAIChatCompletion
                ? try decoder.decode(TripPlan.self, fromModelOutput: text)
                : try decoder.decode(TripPlan.self, from: Data(text.utf8))
            #expect(last.value == whole)
            #expect(last.bytesRead == text.utf8.count)
        }

        @Test("an unknown stream is 404")
        func unknownStream() async throws {
            let logger = LogRecorder().logger()
            let status = try await withHummingbirdApplication(
                logger: logger,
                { base in
                    try await send(.GET, base + "/model-streams/nothing").status
                }
            ) { onServerRunning in
                Application(
                    router: ModelStreamReplay.makeRouter(),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "model-streams"),
                    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                    logger: logger)
            }
            #expect(status == 404)
        }

        @Test("the event parser reads events cut anywhere, CRLF lines, comments and multi-line data")
        func eventParser() {
            let text = ": comment\r\nevent: a\r\ndata: one\r\ndata:two\r\n\r\ndata: {\"x\": 1}\n\nevent: empty\n\n"
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                var parser = ServerSentEventParser()
                let events = parser.append(bytes[..<cut]) + parser.append(bytes[cut...])
                #expect(
                    events == [ServerSentEvent(event: "a", data: "one\ntwo"), ServerSentEvent(data: #"{"x": 1}"#)],
                    "cut at \(cut)")
            }
        }
    }

    /// What a test keeps of a snapshot: `PartialSnapshot` is not `Sendable`-checked across the server's closure.
    struct Shown: Sendable {
        var value: TripPlan?
        var isComplete: Bool
        var bytesRead: Int
    }
}
