/// Reads a path as reports write it (`JSONPath.swift`) back into its steps: `$`, then `.name`,
/// `['any name']` (with `\'`, `\\`, `\n`, `\r`, `\t` and `\uXXXX` escapes) and `[index]`.
enum PartialPath {
    /// The steps of `path`, or `nil` when it is not a path.
    static func components(of path: String) -> [JSONPathComponent]? {
        let scalars = Array(path.unicodeScalars)
        guard scalars.first == "$" else { return nil }
        var components: [JSONPathComponent] = []
        var i = 1
        while i < scalars.count {
            if scalars[i] == "." {
                i += 1
                let start = i
                while i < scalars.count && scalars[i] != "." && scalars[i] != "[" { i += 1 }
                guard i > start else { return nil }
                components.append(.key(String(String.UnicodeScalarView(scalars[start..<i]))))
            } else if scalars[i] == "[" {
                i += 1
                guard i < scalars.count else { return nil }
                if scalars[i] == "'" {
                    guard let (name, next) = quotedName(scalars, from: i + 1) else { return nil }
                    components.append(.key(name))
                    i = next
                } else {
                    let start = i
                    while i < scalars.count && scalars[i] != "]" { i += 1 }
                    guard i < scalars.count, let index = Int(String(String.UnicodeScalarView(scalars[start..<i])))
                    else { return nil }
                    components.append(.index(index))
                    i += 1
                }
            } else {
                return nil
            }
        }
        return components
    }

    /// The name quoted from `start` up to `']`, and the offset after `]`.
    private static func quotedName(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var name = String.UnicodeScalarView()
        var i = start
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "'" {
                guard i + 1 < scalars.count, scalars[i + 1] == "]" else { return nil }
                return (String(name), i + 2)
            }
            if scalar == "\\" {
                guard i + 1 < scalars.count else { return nil }
                switch scalars[i + 1] {
                case "n": name.append("\n")
                case "r": name.append("\r")
                case "t": name.append("\t")
                case "u":
                    guard i + 5 < scalars.count,
                        let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)])), radix: 16),
                        let decoded = Unicode.Scalar(value)
                    else { return nil }
                    name.append(decoded)
                    i += 6
                    continue
                default: name.append(scalars[i + 1])
                }
                i += 2
                continue
            }
            name.append(scalar)
            i += 1
        }
        return nil
    }
}
