/// A coding key found by another spelling than the model's (normalized matching or a key
/// strategy): it behaves as the model's key, and JSON paths show the input's spelling, which
/// is read from the document only when a path is built.
struct MatchedKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?
    private let spelling: Spelling

    private enum Spelling: Sendable {
        case known(String)
        case keyEntry(ValueMap, Int)
    }

    /// The key as the input spells it.
    var inputName: String {
        switch spelling {
        case .known(let name): return name
        case .keyEntry(let map, let entry):
            return
                (try? StringDecoding.decode(
                    map.text(entry), flags: map.flags(entry), base: map.offset(entry), json5: map.isJSON5))
                ?? stringValue
        }
    }

    /// Calls `body` with the key as the input spells it, as UTF-8 bytes, without decoding it: a
    /// key with escapes gives its escaped text (a report's statistics then make one more pattern
    /// group, which its path string merges: `LenientDecodingStatistics.add(_:)`).
    func withInputSpelling<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch spelling {
        case .known(var name): return name.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .keyEntry(let map, let entry): return body(UnsafeRawBufferPointer(map.text(entry)))
        }
    }

    /// Whether the input's spelling of this key is key entry `entry` of `map`: a report's record
    /// of the member's value can then name the key by that entry alone.
    func isSpelled(atKeyEntry entry: Int, in map: ValueMap) -> Bool {
        guard case .keyEntry(let spelledIn, let spelledAt) = spelling else { return false }
        return spelledIn === map && spelledAt == entry
    }

    /// The model's `key`, spelled in the input as key entry `entry` of `map`.
    init<Key: CodingKey>(_ key: Key, keyEntry entry: Int, in map: ValueMap) {
        self.init(stringValue: key.stringValue, intValue: key.intValue, keyEntry: entry, in: map)
    }

    /// The model's key whose `stringValue` and `intValue` are given, spelled in the input as key
    /// entry `entry` of `map`.
    init(stringValue: String, intValue: Int?, keyEntry entry: Int, in map: ValueMap) {
        self.stringValue = stringValue
        self.intValue = intValue
        spelling = .keyEntry(map, entry)
    }

    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil; spelling = .known(stringValue) }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue; spelling = .known(stringValue) }
}
