import Foundation

/// Normalized key matching (SPEC 4): keys compared lowercased with everything but ASCII
/// letters and digits removed, so `firstName`, `first_name`, `FIRST NAME` all match.
///
/// Matching runs only after an exact miss: the model key is normalized once into a stack
/// buffer, then each of the object's keys is compared with it byte by byte as it is read
/// (most differ at the first letter), so nothing is allocated or kept per object.
enum KeyNormalization {
    /// `first_name` → `firstname`.
    static func normalize(_ key: String) -> String {
        var result = ""
        result.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            if let folded = folded(byte) { result.unicodeScalars.append(Unicode.Scalar(folded)) }
        }
        return result
    }

    /// `byte` as it stands in a normalized key (lowercased), or `nil` when normalization drops it.
    @inline(__always) static func folded(_ byte: UInt8) -> UInt8? {
        if byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 { return byte }
        if byte &- UInt8(ascii: "A") < 26 { return byte | 0x20 }
        return nil
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

    /// The normalized form of a model key.
    static func normalized<Key: CodingKey>(_ key: Key) -> String {
        normalize(key.stringValue)
    }

    /// The usual spellings of a key's words: `first_name` → `firstName`, `FirstName`,
    /// `first_name`, `firstname`, `FIRST_NAME`, `first-name`.
    static func respellings(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in key {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current); current = "" }
                previousIsLower = false
                continue
            }
            if character.isUppercase && previousIsLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousIsLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        let lower = words.map { $0.lowercased() }
        guard let first = lower.first else { return [] }
        let capitalized = lower.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return [
            first + capitalized.dropFirst().joined(), capitalized.joined(), lower.joined(separator: "_"),
            lower.joined(), lower.joined(separator: "_").uppercased(), lower.joined(separator: "-"),
        ]
    }

    /// The closest of `candidates` to `key` by edit distance, if it is close enough to suggest.
    static func suggestion(for key: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(key.lowercased().utf8), Array(candidate.lowercased().utf8))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let best, best.1 <= Swift.max(2, key.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
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

extension DecoderImpl {
    /// Whether key entry `child` normalizes to `normalized` (the normalized form of a model key).
    func key(_ child: Int, normalizesTo normalized: UnsafeBufferPointer<UInt8>, path: CodingPathNode) throws -> Bool {
        if map.flags(child) == 0 { return KeyNormalization.normalizes(map.text(child), to: normalized) }
        var name = try keyString(child, path: path)
        return name.withUTF8 { KeyNormalization.normalizes($0, to: normalized) }
    }

    /// The value entry of the member found by normalized matching for `key`: `nil` when none; an error naming
    /// all candidates when several match under `.lenient`; the first, reported, under `.permissive`.
    func normalizedMatch<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode) throws -> Int? {
        let name = key.stringValue
        let candidates = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.utf8.count) { buffer -> [Int] in
            var count = 0
            for byte in name.utf8 {
                if let folded = KeyNormalization.folded(byte) {
                    buffer[count] = folded
                    count &+= 1
                }
            }
            // A key with no letters or digits never matches by normalization.
            guard count > 0 else { return [] }
            let normalized = UnsafeBufferPointer(rebasing: buffer[..<count])
            var candidates: [Int] = []
            var child = object + 1
            let end = map.length(object)
            while child < end {
                if try self.key(child, normalizesTo: normalized, path: path) { candidates.append(child) }
                child = map.next(after: child + 1)
            }
            return candidates
        }
        guard let first = candidates.first else { return nil }
        if candidates.count > 1 && options.policy.invalidValues != .recover {
            let names = try candidates.map { try keyString($0, path: path) }
            throw DecodingErrors.dataCorrupted(
                "Ambiguous key \"\(name)\": the keys \(names.map { "\"\($0)\"" }.joined(separator: ", ")) all match it",
                path: path.path(appending: key), map: map, entry: object)
        }
        let pathKey = MatchedKey(key, keyEntry: first, in: map)
        note(.matchedKey, entry: first + 1, path: path.path(appending: pathKey),
             "Matched key \"\(pathKey.inputName)\" to \"\(name)\""
                + (candidates.count > 1 ? " (the first of \(candidates.count) keys that match it)." : "."))
        return first + 1
    }

    /// A key present in the object that is close to the missing `key`, for `keyNotFound`.
    func suggestion<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode) -> String? {
        var names: [String] = []
        var child = object + 1
        let end = map.length(object)
        while child < end {
            if let name = try? keyString(child, path: path) { names.append(name) }
            child = map.next(after: child + 1)
        }
        return KeyNormalization.suggestion(for: key.stringValue, among: names)
    }
}
