import Foundation

/// What a ``PartialDecoder`` can show of its document so far.
///
/// A value appears only once it is whole, except a string in progress under
/// ``PartialOptions/Strings/prefix``; ``pending`` lists the values begun and not ended.
///
/// ```swift
/// let snapshot = partial.snapshot()
/// if let recipe = snapshot.value { show(recipe) }
/// if snapshot.isComplete(at: "$.steps") { enableStart() }
/// ```
public struct PartialSnapshot<T> {
    /// The value built from what has arrived; `nil` while no value of `T` can be built.
    public var value: T?
    /// Whether the top-level value has ended: ``value`` is then final, the value
    /// ``LenientJSONDecoder/decode(_:from:)`` returns.
    public var isComplete: Bool
    /// The paths of the values begun and not ended, outermost first:
    /// `["$", "$.steps", "$.steps[2]", "$.steps[2].text"]`.
    public var pending: [String]
    /// The events of the rules that acted on what has arrived.
    public var report: LenientDecodingReport
    /// The bytes appended so far.
    public var bytesRead: Int
    /// Where ``isComplete(at:)`` looks for a path: the closed text the value was decoded from;
    /// `nil` when nothing has arrived whole.
    var source: PartialSnapshotSource?

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - value: The value built from what has arrived.
    ///   - isComplete: Whether the top-level value has ended.
    ///   - pending: The paths of the values begun and not ended, outermost first.
    ///   - report: The events of the rules that acted on what has arrived.
    ///   - bytesRead: The bytes appended so far.
    public init(value: T?, isComplete: Bool, pending: [String], report: LenientDecodingReport, bytesRead: Int) {
        self.value = value
        self.isComplete = isComplete
        self.pending = pending
        self.report = report
        self.bytesRead = bytesRead
    }

    /// Whether the value at `path` has begun and ended.
    ///
    /// ```swift
    /// snapshot.isComplete(at: "$.steps[2].text")
    /// ```
    ///
    /// - Parameter path: A path as reports write it (`$`, `$.steps[2].text`, `$['first name']`),
    ///   keys as the input spells them.
    /// - Returns: `true` when that value has arrived whole; `false` when it is in progress, has
    ///   not begun, or `path` is not a path.
    public func isComplete(at path: String) -> Bool {
        guard !pending.contains(path), let source, let components = PartialPath.components(of: path) else {
            return false
        }
        if components.isEmpty { return isComplete }
        return source.locates(components)
    }
}

/// The closed text of a snapshot, made again only when ``PartialSnapshot/isComplete(at:)`` asks:
/// the document's bytes (shared with the partial decoder until it appends) and where they are cut.
struct PartialSnapshotSource: Sendable {
    let bytes: [UInt8]
    let parts: ClosedParts
    let decoder: LenientJSONDecoder

    /// Whether the closed text has a value at `components`.
    func locates(_ components: [JSONPathComponent]) -> Bool {
        let text = Data(parts.text(of: bytes))
        return (try? decoder.withDocument(text) { impl in _ = try impl.locate(components) }) != nil
    }
}

extension PartialSnapshot: Sendable where T: Sendable {}
