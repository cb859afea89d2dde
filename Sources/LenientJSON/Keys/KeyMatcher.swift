import Foundation

/// Normalized key matching (SPEC 4): keys compared lowercased with everything but ASCII
/// letters and digits removed, so `firstName`, `first_name`, `FIRST NAME` all match.
///
/// The normalized forms of a `CodingKey` type's keys are computed once per type and cached;
/// an object's keys are compared in normalized form only on an exact miss, byte by byte.
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

    private static let cache = ModelKeyCache()

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

    /// The normalized form of a model key, cached per `CodingKey` type.
    static func normalized<Key: CodingKey>(_ key: Key) -> String {
        cache.normalized(key.stringValue, in: ObjectIdentifier(Key.self))
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

/// Normalized model keys per `CodingKey` type, shared by all decoders and threads.
final class ModelKeyCache: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [ObjectIdentifier: [String: String]] = [:]

    func normalized(_ key: String, in type: ObjectIdentifier) -> String {
        if let cached = lock.withLock({ tables[type]?[key] }) { return cached }
        let value = KeyNormalization.normalize(key)
        lock.withLock { tables[type, default: [:]][key] = value }
        return value
    }
}

extension DecoderImpl {
    /// Whether key entry `child` normalizes to `wanted` (already normalized), compared byte by
    /// byte without building a `String` for a plain key.
    func keyNormalizes(_ child: Int, to wanted: UnsafeBufferPointer<UInt8>, path: CodingPathNode) throws -> Bool {
        if map.flags(child) != 0 {
            var normalized = KeyNormalization.normalize(try keyString(child, path: path))
            return normalized.withUTF8 { $0.elementsEqual(wanted) }
        }
        let text = map.text(child)
        var j = 0
        for byte in text {
            let folded: UInt8
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): folded = byte
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"): folded = byte | 0x20
            default: continue
            }
            guard j < wanted.count, wanted[j] == folded else { return false }
            j += 1
        }
        return j == wanted.count
    }

    /// The member found by normalized matching for `key`: `nil` when none; an error naming
    /// all candidates when several match under `.lenient`; the first, reported, under `.permissive`.
    func normalizedMatch<Key: CodingKey>(for key: Key, in object: Int, path: CodingPathNode) throws -> (entry: Int, pathKey: any CodingKey)? {
        var wanted = KeyNormalization.normalized(key)
        guard !wanted.isEmpty else { return nil }
        var candidates: [Int] = []
        try wanted.withUTF8 { wantedBytes in
            var child = object + 1
            let end = map.length(object)
            while child < end {
                if try keyNormalizes(child, to: wantedBytes, path: path) { candidates.append(child) }
                child = map.next(after: child + 1)
            }
        }
        guard let first = candidates.first else { return nil }
        let names = try candidates.map { try keyString($0, path: path) }
        if candidates.count > 1 && options.policy.invalidValues != .recover {
            throw DecodingErrors.dataCorrupted(
                "Ambiguous key \"\(key.stringValue)\": the keys \(names.map { "\"\($0)\"" }.joined(separator: ", ")) all match it",
                path: path.path(appending: key), map: map, entry: object)
        }
        let pathKey = MatchedKey(key, inputName: names[0])
        note(.matchedKey, entry: first + 1, path: path.path(appending: pathKey),
             "Matched key \"\(names[0])\" to \"\(key.stringValue)\""
                + (candidates.count > 1 ? " (the first of \(names.count) keys that match it)." : "."))
        return (first + 1, pathKey)
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
