/// How a ``PartialDecoder`` reads a document that arrives in pieces.
///
/// The defaults read JSON, give members that have not arrived their defaults, and show a string
/// in progress as the text that has arrived.
public struct PartialOptions: Sendable, Hashable {
    /// What the pieces hold.
    public enum Input: Sendable, Hashable {
        /// A JSON document and nothing else (whitespace around it).
        case json
        /// A language model's answer: the JSON value is found in the prose and Markdown around it,
        /// and each span of text skipped is reported (``LenientRule/textSkipped``).
        case modelOutput
    }

    /// What a snapshot holds for a member of an object still open that has not arrived.
    public enum PendingMembers: Sendable, Hashable {
        /// Its registered default or fallback, else its type's built-in default (`0`, `false`,
        /// `""`, `[]`, `[:]`, a nested model from the members that have arrived).
        case defaults
        /// Nothing: the member is missing, as it is in the text.
        case absent
    }

    /// How a snapshot shows a string value still in progress.
    public enum Strings: Sendable, Hashable {
        /// As the text that has arrived (never with an escape or UTF-8 sequence cut at its end).
        case prefix
        /// Not at all, until its closing quote has arrived.
        case complete
    }

    /// What the pieces hold: ``Input/json`` unless set.
    public var input: Input
    /// What a snapshot holds for members not yet arrived: ``PendingMembers/defaults`` unless set.
    public var pendingMembers: PendingMembers
    /// How a snapshot shows a string in progress: ``Strings/prefix`` unless set.
    public var strings: Strings

    /// Creates options for reading a document in pieces.
    ///
    /// - Parameters:
    ///   - input: What the pieces hold.
    ///   - pendingMembers: What a snapshot holds for members not yet arrived.
    ///   - strings: How a snapshot shows a string in progress.
    public init(input: Input = .json, pendingMembers: PendingMembers = .defaults, strings: Strings = .prefix) {
        self.input = input
        self.pendingMembers = pendingMembers
        self.strings = strings
    }
}
