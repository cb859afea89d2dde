import Foundation

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, reproduced: `first_name` →
/// `firstName`; leading and trailing underscores are kept; a key without inner underscores
/// is left as it is.
enum SnakeCase {
    static func convert(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let body = key[first...last]
        let words = body.split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(body)
        } else {
            joined = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
