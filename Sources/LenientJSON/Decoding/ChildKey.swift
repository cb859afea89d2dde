/// The key of a value under its parent's coding path: none (the value is at the parent's own
/// path), an array element's index, or any other `CodingKey`. What the decoding functions take
/// where `(any CodingKey)?` would do.
///
/// An optional existential is copied and destroyed through `Optional`'s value witnesses, found
/// at run time: about 37 instructions for each value read past its strict reading, a twentieth of
/// a messy canada decode (Benchmarks `instructions lenient messy_canada`). This enum's copies and
/// destroys are a switch the compiler writes out, and an index has nothing to destroy.
enum ChildKey: ExpressibleByNilLiteral {
    /// The value is at its parent's own path.
    case none
    /// The element at this index of the parent array (an ``IndexKey``).
    case index(Int)
    /// A member found by another spelling of the model's key, kept here rather than in an
    /// existential: a ``MatchedKey`` is too large for an existential's inline buffer, which
    /// allocated a box for every respelled member read past its strict reading.
    case matched(MatchedKey)
    /// Any other key.
    case key(any CodingKey)

    init(nilLiteral: ()) { self = .none }

    /// `key`, kept as an index where it is an ``IndexKey``.
    @inline(__always) init<Key: CodingKey>(_ key: Key) {
        if Key.self == IndexKey.self, let index = key.intValue {
            self = .index(index)
        } else {
            self = .key(key)
        }
    }

    /// `key`, or none for `nil`.
    init(_ optionalKey: (any CodingKey)?) {
        switch optionalKey {
        case .none: self = .none
        case .some(let key): self.init(key)
        }
    }
}

extension CodingPathNode {
    /// The path of this node and then `key`.
    @inline(__always) func appending(_ key: ChildKey) -> CodingPathNode {
        switch key {
        case .none: return self
        case .index(let index): return .node(IndexKey(index), self)
        case .matched(let key): return .node(key, self)
        case .key(let key): return .node(key, self)
        }
    }

    @inline(__always) func path(appending key: ChildKey) -> [any CodingKey] {
        appending(key).path
    }
}
