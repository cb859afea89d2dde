/// What a ``PartialDecoder`` can show of its document so far.
///
/// A value appears only once it is whole, except a string in progress under
/// ``PartialOptions/Strings/prefix``; ``pending`` lists the values begun and not ended.
public struct PartialSnapshot<T> {
    /// The value built from what has arrived; `nil` while no value of `T` can be built.
    public var value: T?
    /// Whether the top-level value has ended: ``value`` is then final.
    public var isComplete: Bool
    /// The paths of the values begun and not ended, outermost first:
    /// `["$", "$.steps", "$.steps[2]", "$.steps[2].text"]`.
    public var pending: [String]
    /// The events of the rules that acted on what has arrived.
    public var report: LenientDecodingReport
    /// The bytes appended so far.
    public var bytesRead: Int

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

    /// Whether the value at `path` has ended.
    ///
    /// - Parameter path: A path as reports write it (`$.steps[2].text`), keys as the input spells them.
    /// - Returns: `true` when that value has arrived whole; `false` when it is in progress or has
    ///   not begun.
    public func isComplete(at path: String) -> Bool {
        fatalError("PartialSnapshot.isComplete(at:) is not written yet")
    }
}

extension PartialSnapshot: Sendable where T: Sendable {}
