extension ValueMap {
    /// The input's value at `entry` as a ``JSONValue`` (no rule applies), or `nil` for invalid
    /// JSON there: the `found` of an error (``LenientDecodingProblem``).
    static func foundValue(_ map: ValueMap, _ entry: Int) -> JSONValue? {
        let reader = DecoderImpl(map: map, options: DecodingOptions(), entry: entry, pathNode: .root)
        return try? reader.jsonValue(entry, path: .root)
    }
}
