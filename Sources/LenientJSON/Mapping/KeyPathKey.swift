/// The coding-path key of a member found through a key path (``LenientJSONDecoder/keyPathSeparator``):
/// the model's key to Swift (`"address.city"` in an error's `codingPath`, as the model names it), and
/// the steps the path took in the input, which a report's path and pointer write (`$.address.city`,
/// `/address/city`: `JSONPath`), so that an event names a place the input has.
struct KeyPathKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?
    /// The steps from the object that holds the key path to the value: a ``NameKey`` for a member,
    /// an ``IndexKey`` for an array element. Empty for the empty key (the object itself).
    let steps: [any CodingKey & Sendable]

    init(_ key: some CodingKey, steps: [any CodingKey & Sendable]) {
        stringValue = key.stringValue
        intValue = key.intValue
        self.steps = steps
    }

    init?(stringValue: String) { return nil }
    init?(intValue: Int) { return nil }
}
