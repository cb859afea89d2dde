/// Following a ``JSONPathComponent`` path from the root, for `decode(_:from:at:)`.
extension DecoderImpl {
    /// The entry at `path` and its coding path node.
    func locate(_ path: [JSONPathComponent]) throws -> (Int, CodingPathNode) {
        var current = 0
        var node = CodingPathNode.root
        for component in path {
            switch component.storage {
            case .key(let name):
                let object = try objectEntry(current, path: node)
                guard let value = member(named: name, of: object, path: node) else {
                    throw DecodingErrors.keyNotFound(
                        NameKey(name), path: node.path, map: map, object: object, describes: mode.describesErrors)
                }
                current = value
                node = node.appending(NameKey(name))
            case .index(let index):
                let array = try arrayEntry(current, path: node)
                guard index >= 0, index < map.childCount(array) else {
                    throw DecodingErrors.endOfArray(
                        Any.self, path: node.path(appending: IndexKey(index)), map: map, array: array,
                        describes: mode.describesErrors)
                }
                var element = array + 1
                for _ in 0..<index { element = map.next(after: element) }
                current = element
                node = node.appending(IndexKey(index))
            }
        }
        return (current, node)
    }

    /// The value of the first member of `object` whose key is `name` (keys taken as written).
    func member(named name: String, of object: Int, path: CodingPathNode) -> Int? {
        for (key, value) in map.members(of: object) where (try? keyString(key, path: path)) == name {
            return value
        }
        return nil
    }
}
