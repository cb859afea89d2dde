import Foundation
import Hummingbird
import ModelStreams

/// A Hummingbird route that replays recorded model streams as server-sent events: `GET /model-streams/{name}`
/// (a ``ModelStreams/RecordedStream`` raw value) answers `text/event-stream`, one event at a time with a pause
/// between events, as a model's API streams its answer.
public enum ModelStreamReplay {
    /// Adds the route to `router`; `pause` is the wait between two events.
    public static func addRoutes(to router: Router<BasicRequestContext>, pause: Duration = .milliseconds(1)) {
        router.get("/model-streams/:name") { _, context -> Response in
            guard let name = context.parameters.get("name"), let stream = RecordedStream(rawValue: name) else {
                return Response(status: .notFound)
            }
            let events = try events(of: stream.body)
            let body = ResponseBody { writer in
                for event in events {
                    try await writer.write(ByteBuffer(bytes: event))
                    try await Task.sleep(for: pause)
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
        }
    }

    /// A router with only the replay route.
    public static func makeRouter(pause: Duration = .milliseconds(1)) -> Router<BasicRequestContext> {
        let router = Router()
        addRoutes(to: router, pause: pause)
        return router
    }

    /// `body` cut after each blank line: the events as they were sent, each with its blank line.
    static func events(of body: Data) -> [[UInt8]] {
        var events: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in body {
            current.append(byte)
            if byte == UInt8(ascii: "\n"), current.count >= 2, current[current.count - 2] == UInt8(ascii: "\n") {
                events.append(current)
                current = []
            }
        }
        if !current.isEmpty { events.append(current) }
        return events
    }
}
