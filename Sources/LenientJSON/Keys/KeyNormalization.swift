import Foundation

/// Normalized key matching (the DocC article "Key matching"): keys compared with ASCII letters
/// lowercased and the word separators `_`, `-`, `.` and space removed, so `firstName`,
/// `first_name`, `first.name`, `FIRST NAME` all match. Every other character is kept (`+1` and
/// `-1`, GitHub's reaction keys, stay two keys), and a key with no letter is matched exactly
/// only (`1` never matches `-1`). Letters outside ASCII are compared as written, without case
/// folding.
///
/// Matching runs only after an exact miss: the model key is normalized once into a stack
/// buffer, then each of the object's keys is compared with it byte by byte as it is read
/// (most differ at the first letter), so nothing is allocated or kept per object.
enum KeyNormalization {
    /// `first_name` → `firstname`; `""` for a key with no letter, which normalization never
    /// matches (``hasLetter(_:)``).
    static func normalize(_ key: String) -> String {
        var key = key
        return key.withUTF8 { utf8 in
            guard hasLetter(utf8) else { return "" }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            for byte in utf8 {
                if let folded = folded(byte) { bytes.append(folded) }
            }
            // Only ASCII bytes are dropped or changed, so the bytes stay valid UTF-8.
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether UTF-8 `text` has a letter: an ASCII letter, or a Unicode scalar with the
    /// Alphabetic property (`é`, `ж`, `名`). A key without one (`+1`, `-1`, `1`, `$`) is matched
    /// exactly only: normalizing it would make `-1` and `1` one key.
    @inline(__always)
    static func hasLetter(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var nonASCII = false
        for byte in text {
            if (byte | 0x20) &- UInt8(ascii: "a") < 26 { return true }
            if byte >= 0x80 { nonASCII = true }
        }
        return nonASCII && hasNonASCIILetter(text)
    }

    /// Whether UTF-8 `text` has a letter outside ASCII (invalid UTF-8 read with replacements).
    private static func hasNonASCIILetter(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        String(decoding: text, as: UTF8.self).unicodeScalars.contains { $0.value >= 0x80 && $0.properties.isAlphabetic }
    }

    /// `byte` as it stands in a normalized key (lowercased), or `nil` when normalization drops it.
    @inline(__always) static func folded(_ byte: UInt8) -> UInt8? {
        let folded = foldedOrZero(byte)
        return folded == 0 ? nil : folded
    }

    /// Whether UTF-8 `text` normalizes to `normalized` (already normalized), compared byte by
    /// byte without building anything; most keys differ at their first letter.
    @inline(__always)
    static func normalizes(_ text: UnsafeBufferPointer<UInt8>, to normalized: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        for byte in text {
            guard let folded = folded(byte) else { continue }
            guard matched < normalized.count, normalized[matched] == folded else { return false }
            matched &+= 1
        }
        return matched == normalized.count
    }

    /// Whether UTF-8 texts `a` and `b` normalize alike, compared without building either form.
    static func normalizeAlike(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let aBase = a.baseAddress, let bBase = b.baseAddress else {
            return !a.contains { folded($0) != nil } && !b.contains { folded($0) != nil }
        }
        var i = 0, j = 0
        while true {
            var x: UInt8 = 0
            while i < a.count {
                x = foldedOrZero(aBase[i])
                i &+= 1
                if x != 0 { break }
            }
            var y: UInt8 = 0
            while j < b.count {
                y = foldedOrZero(bBase[j])
                j &+= 1
                if y != 0 { break }
            }
            if x != y { return false }
            if x == 0 { return true }
        }
    }

    /// `byte` as it stands in a normalized key (ASCII letters lowercased), or 0 when
    /// normalization drops it (a word separator: `_`, `-`, `.`, space): the one definition of
    /// the folding, which ``folded(_:)`` wraps. Every other byte is kept as it is, those of
    /// letters outside ASCII included. (A NUL byte in a key, `\u0000`, is dropped too: 0 stands
    /// for "dropped".)
    @inline(__always) static func foldedOrZero(_ byte: UInt8) -> UInt8 {
        // Past `_` (0x5F): lowercase letters, most bytes of keys, and bytes outside ASCII, all
        // kept as they are after one comparison.
        if byte > UInt8(ascii: "_") { return byte }
        if byte &- UInt8(ascii: "A") < 26 { return byte | 0x20 }
        // `_`, space, `-`, `.`
        if byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") || byte &- UInt8(ascii: "-") < 2 { return 0 }
        return byte
    }

    /// The normalized form of a model key.
    static func normalized<Key: CodingKey>(_ key: Key) -> String {
        normalize(key.stringValue)
    }

    /// The words of a key: split at every character that is not a letter or a digit, before an
    /// uppercase letter that follows a lowercase letter or a digit (`userId` → `user`, `Id`),
    /// and before the last capital of a run of capitals followed by a lowercase letter
    /// (`URLString` → `URL`, `String`).
    static func words(of key: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var previous: Character?
        var index = key.startIndex
        while index < key.endIndex {
            let character = key[index]
            let next = key.index(after: index)
            guard character.isLetter || character.isNumber else {
                if let wordStart = start { words.append(key[wordStart..<index]) }
                start = nil
                previous = nil
                index = next
                continue
            }
            if let wordStart = start, let previous, character.isUppercase {
                let camel = previous.isLowercase || previous.isNumber
                let acronymEnd = previous.isUppercase && next < key.endIndex && key[next].isLowercase
                if camel || acronymEnd {
                    words.append(key[wordStart..<index])
                    start = index
                }
            }
            if start == nil { start = index }
            previous = character
            index = next
        }
        if let wordStart = start { words.append(key[wordStart...]) }
        return words
    }

    /// Keys of more words than this get only uniform respellings from ``spellings(of:)``, not
    /// every mix of capitalized and all-capital words.
    static let mixedSpellingWordLimit = 5

    /// The spellings a model key may give a JSON key's words, for `allKeys` with key types
    /// that cannot list their keys (not `CaseIterable`): `Key(stringValue:)` is tried with
    /// each, so a key is found when it is spelled one of these ways.
    ///
    /// Run together: the first word lowercased, capitalized or in capitals, each later word
    /// capitalized or in capitals (acronyms: `userID`, `avatarURL`, `URLString`, `FirstName`),
    /// or every word lowercased (`firstname`); joined by `_`, `-` or a space: every word
    /// lowercased, capitalized or in capitals (`first_name`, `FIRST-NAME`, `First Name`). Keys of
    /// more than ``mixedSpellingWordLimit`` words mix no capitalized and all-capital words.
    /// Every spelling normalizes like `key`; words the JSON key runs together in one case
    /// (`userid`) are not split, so `userID` is not among the spellings of `userid`.
    static func spellings(of key: String) -> [String] {
        let words = self.words(of: key)
        guard !words.isEmpty else { return [] }
        let lower = words.map { $0.lowercased() }
        let upper = words.map { $0.uppercased() }
        let capitalized = lower.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        var spellings: [String] = []
        var seen = Set<String>()
        func add(_ spelling: String) {
            if seen.insert(spelling).inserted { spellings.append(spelling) }
        }
        let later = words.count - 1
        let masks: [Int] = words.count <= mixedSpellingWordLimit ? Array(0..<1 << later) : [0, (1 << later) - 1]
        for first in [lower[0], capitalized[0], upper[0]] {
            for mask in masks {
                var spelling = first
                for word in 1..<words.count {
                    spelling += mask & (1 << (word - 1)) != 0 ? upper[word] : capitalized[word]
                }
                add(spelling)
            }
        }
        add(lower.joined())
        for separator in ["_", "-", " "] {
            for forms in [lower, capitalized, upper] { add(forms.joined(separator: separator)) }
        }
        return spellings
    }

    /// The closest of `candidates` to `key` by edit distance, if it is close enough to suggest.
    /// A candidate whose length differs from the key's by more than the largest distance
    /// suggested is too far whatever its letters, so its distance is not computed: a missing
    /// key costs a pass over an object's keys, not the product of their lengths with the key's.
    static func suggestion(for key: String, among candidates: [String]) -> String? {
        let wanted = Array(key.lowercased().utf8)
        let limit = Swift.max(2, key.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            // The edit distance is at least the difference of the lengths (in UTF-8 bytes, as
            // it is counted), so such a candidate can neither be suggested nor be the closest
            // when another one can.
            let lowered = Array(candidate.lowercased().utf8)
            guard abs(lowered.count - wanted.count) <= limit else { continue }
            let distance = editDistance(wanted, lowered)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let best, best.1 <= limit else { return nil }
        return best.0
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var best = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = Swift.min(best, previous[j - 1]) }
                current[j] = best
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
