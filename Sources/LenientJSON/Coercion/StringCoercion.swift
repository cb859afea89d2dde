/// `String` rules: a number gives its text exactly as written (`94015`, `68.50`), and
/// `true`/`false` give `"true"`/`"false"` (lenient). Arrays and objects are never strings.
extension DecoderImpl {
    func coerceString(_ entry: Int) -> String? {
        guard coercions.contains(.stringFromScalars) else { return nil }
        switch map.kind(entry) {
        case .number: return String(decoding: map.text(entry), as: UTF8.self)
        case .true: return "true"
        case .false: return "false"
        default: return nil
        }
    }
}
