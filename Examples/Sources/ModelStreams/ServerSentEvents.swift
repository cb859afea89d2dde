/// One server-sent event: its `event:` name (nil when it has none) and its `data:` lines joined by line feeds.
public struct ServerSentEvent: Equatable, Sendable {
    public var event: String?
    public var data: String

    public init(event: String? = nil, data: String) {
        self.event = event
        self.data = data
    }
}

/// Reads the `text/event-stream` format as its bytes arrive, in pieces that may cut a line anywhere: lines end in
/// LF, CRLF or CR, an empty line ends an event, `:` starts a comment, and a field's value loses one leading space.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var event: String?
    private var data: [String] = []
    private var hasData = false
    private var lastWasCR = false

    public init() {}

    /// The events that `bytes` completes.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if lastWasCR {
                lastWasCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lastWasCR = byte == UInt8(ascii: "\r")
                if let completed = endLine() { events.append(completed) }
            } else {
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the current line; the event it completes, when it is empty.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer { (event, data, hasData) = (nil, [], false) }
            return hasData ? ServerSentEvent(event: event, data: data.joined(separator: "\n")) : nil
        }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var value = colon < line.endIndex ? line[(colon + 1)...] : []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch field {
        case "event": event = String(decoding: value, as: UTF8.self)
        case "data":
            data.append(String(decoding: value, as: UTF8.self))
            hasData = true
        default: break
        }
        return nil
    }
}
