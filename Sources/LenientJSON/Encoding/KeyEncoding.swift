import Foundation

/// The key a ``JSONObjectEncoder`` writes for a `CodingKey`, under `JSONEncoder`'s key
/// encoding strategies.
enum KeyEncoding {
    static func key(_ key: some CodingKey, at path: [any CodingKey], strategy: JSONEncoder.KeyEncodingStrategy)
        -> String
    {
        switch strategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return snakeCase(key.stringValue)
        case .custom(let convert): return convert(path + [key]).stringValue
        @unknown default: return key.stringValue
        }
    }

    /// `JSONEncoder`'s `convertToSnakeCase`: words end where an uppercase letter follows a
    /// lowercase run (`myProperty` → `my_property`), and a run of uppercase letters is one word
    /// up to its last letter before lowercase ones (`myURLProperty` → `my_url_property`); each
    /// word is lowercased and the words are joined with `_`. The first character never starts
    /// a word.
    static func snakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard scalars.count > 1 else { return key }
        let upper = CharacterSet.uppercaseLetters
        let lower = CharacterSet.lowercaseLetters
        var bounds: [Int] = [0]  // the first scalar of each word
        var i = 1
        while i < scalars.count {
            guard upper.contains(scalars[i]) else { i += 1; continue }
            // An uppercase letter ends the word before it.
            if bounds.last != i { bounds.append(i) }
            // The next lowercase letter: right after, the word goes on; further, the uppercase
            // run up to the letter before it is a word of its own.
            guard let nextLower = (i..<scalars.count).first(where: { lower.contains(scalars[$0]) }) else {
                i = scalars.count
                break
            }
            if nextLower > i + 1 { bounds.append(nextLower - 1) }
            i = nextLower + 1
        }
        var words: [String] = []
        for (index, start) in bounds.enumerated() {
            let end = index + 1 < bounds.count ? bounds[index + 1] : scalars.count
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[start..<end])
            words.append(String(word).lowercased())
        }
        return words.joined(separator: "_")
    }
}
