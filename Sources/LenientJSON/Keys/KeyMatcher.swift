import Foundation

/// Normalized key matching (SPEC 4): keys compared lowercased with everything but ASCII
/// letters and digits removed, so `firstName`, `first_name`, `FIRST NAME` all match.
///
/// An object's keys are normalized (hashed in normalized form) once, on the object's first
/// exact miss, and kept for the decode; a model key is normalized on the fly, byte by byte,
/// which costs less than looking it up in a shared cache would. Equal hashes are confirmed by
/// comparing the normalized strings.
enum KeyNormalization {
    /// `first_name` → `firstname`.
    static func normalize(_ key: String) -> String {
        var result = ""
        result.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"):
                result.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
            default:
                continue
            }
        }
        return result
    }

    /// FNV-1a of the normalized form of UTF-8 `bytes`, computed without building it.
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = emptyHash
        for byte in bytes {
            let folded: UInt8
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): folded = byte
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"): folded = byte | 0x20
            default: continue
            }
            hash = (hash ^ UInt64(folded)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Whether two UTF-8 keys have the same normalized form, compared without building it.
    static func normalizedEqual<A: Sequence, B: Sequence>(_ a: A, _ b: B) -> Bool where A.Element == UInt8, B.Element == UInt8 {
        var left = a.makeIterator()
        var right = b.makeIterator()
        func next<I: IteratorProtocol>(_ iterator: inout I) -> UInt8? where I.Element == UInt8 {
            while let byte = iterator.next() {
                switch byte {
                case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return byte
                case UInt8(ascii: "A") ... UInt8(ascii: "Z"): return byte | 0x20
                default: continue
                }
            }
            return nil
        }
        while true {
            let x = next(&left)
            let y = next(&right)
            if x != y { return false }
            if x == nil { return true }
        }
    }

    /// The hash of a key with no letters or digits (which never matches by normalization).
    static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325

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
    /// The normalized-form hashes of an object's keys, computed on the object's first exact
    /// miss and kept for the rest of the decode.
    func normalizedKeyHashes(of object: Int, path: CodingPathNode) throws -> [UInt64] {
        if let hashes = normalizedKeys[object] { return hashes }
        var hashes: [UInt64] = []
        hashes.reserveCapacity(map.childCount(object) / 2)
        var child = object + 1
        let end = map.length(object)
        while child < end {
            if map.flags(child) != 0 {
                hashes.append(KeyNormalization.hash(Substring(try keyString(child, path: path)).utf8))
            } else {
                hashes.append(KeyNormalization.hash(map.text(child)))
            }
            child = map.next(after: child + 1)
        }
        normalizedKeys[object] = hashes
        return hashes
    }

    /// Whether key entry `child` and `name` have the same normalized form (no allocation for
    /// a plain key).
    func keyNormalizesLike(_ child: Int, _ name: String, path: CodingPathNode) throws -> Bool {
        if map.flags(child) != 0 {
            return KeyNormalization.normalizedEqual(Substring(try keyString(child, path: path)).utf8, Substring(name).utf8)
        }
        return KeyNormalization.normalizedEqual(map.text(child), Substring(name).utf8)
    }

    /// The value entry of the member found by normalized matching for `key`: `nil` when none; an error naming
    /// all candidates when several match under `.lenient`; the first, reported, under `.permissive`.
    func normalizedMatch<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode) throws -> Int? {
        let name = key.stringValue
        let wanted = KeyNormalization.hash(Substring(name).utf8)
        guard wanted != KeyNormalization.emptyHash else { return nil }
        let hashes = try normalizedKeyHashes(of: object, path: path)
        var candidates: [Int] = []
        var child = object + 1
        for hash in hashes {
            if hash == wanted, try keyNormalizesLike(child, name, path: path) {
                candidates.append(child)
            }
            child = map.next(after: child + 1)
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
