// Keyed containers made cheaply: each key type's container maker, made once per decode, and the
// state a container reads through, reused once its container is gone.
//
// `container(keyedBy:)` must return a `KeyedDecodingContainer<Key>`, which wraps our
// ``KeyedContainer`` in a box the standard library allocates. Made from a generic caller, each
// container costs three runtime lookups (the metadata of `KeyedContainer<Key>` and of the box's
// type, and `KeyedContainer<Key>`'s conformance), two allocations (the box and the
// ``KeyedContainerState``) and their deallocations: about 650 instructions, more than decoding a
// small object's members. The first and third lookups and the state's allocation are avoided
// here, with no assumption about the standard library's types:
// - A ``KeyedContainerMaker`` is generic over the container type: a class instance carries its
//   generic arguments and their conformances, so inside `make` the container's metadata and
//   conformance come with `self`, not from the runtime. Only the box's metadata is looked up.
// - The maker keeps the last ``KeyedContainerState`` it handed out. A model's `init(from:)` drops
//   its container when it returns, and with it the box, the box's ``KeyedContainer`` and its
//   reference to the state; when the maker's reference is the only one left
//   (`isKnownUniquelyReferenced`, on our own class), the state is pointed at the next object.
//   A state still referenced (a recursive model reading a nested value of its own type, or a
//   container a model kept) is never touched; a new one is made and kept instead.
//
// The fallback, a container and state made afresh for every object, is what a decoder that is
// not the root's uses, and `ContainerMakingTests` decodes a recursive document both ways.
//
// Measured with callgrind (`Benchmarks`' `instructions lenient`, release, per decode): with
// everything made afresh, twitter 22.6 M and citm_catalog 66.8 M; with makers, 21.4 M and
// 58.4 M. What is left per container is the standard library's: the box's metadata lookup,
// its allocation and its deallocation. Reusing the box as well would need to know that no copy
// of a `KeyedDecodingContainer` is alive, which only the box's reference count tells, and the
// box is reachable only through the container's private layout: this file does not read it.

/// What a ``KeyedContainer`` reads (the decoder, the object, its path and key table), in an
/// object of its own so that it can be reused for the next object once its container is gone.
///
/// Why `@exclusivity(unchecked)`: the properties change only in ``reset(object:pathNode:)``,
/// which ``KeyedContainerMaker`` calls when no container refers to this state any more, and
/// are otherwise only read; a dynamic exclusivity check on every read would cost more than the
/// read. Measured with callgrind (`Benchmarks`' `instructions lenient`, per decode), these
/// three checked: twitter +1.6 %, citm_catalog +4.5 %, messy citm_catalog +2.7 %.
final class KeyedContainerState {
    let impl: DecoderImpl
    @exclusivity(unchecked) private(set) var object: Int
    @exclusivity(unchecked) private(set) var pathNode: CodingPathNode
    /// Key (after the key strategy) → value entry; `nil` when the object is searched in place.
    @exclusivity(unchecked) private(set) var table: [String: Int]?

    /// `impl` for `body`, borrowed from this state for the call: read through the container's
    /// `impl` property, a call on it retained and released the decoder around the call.
    @inline(__always) func withImpl<R>(_ body: (DecoderImpl) throws -> R) rethrows -> R {
        try body(impl)
    }

    /// Objects with up to this many entries (keys and values) are searched in place.
    static var inPlaceLimit: Int { 192 }

    init(impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws {
        self.impl = impl
        self.object = object
        self.pathNode = pathNode
        table = try Self.keyTable(object: object, impl: impl, pathNode: pathNode)
    }

    /// Points this state at `object`.
    func reset(object: Int, pathNode: CodingPathNode) throws {
        table = try Self.keyTable(object: object, impl: impl, pathNode: pathNode)
        self.object = object
        self.pathNode = pathNode
    }

    /// The key table `object` is read through, or `nil` to search it in place: small objects
    /// with plain keys under the default key strategy are searched in place.
    private static func keyTable(object: Int, impl: DecoderImpl, pathNode: CodingPathNode) throws -> [String: Int]? {
        let map = impl.map
        if impl.options.usesDefaultKeys && map.flags(object) & ValueMap.hasSpecialKeys == 0
            && map.childCount(object) <= inPlaceLimit
        {
            return nil
        }
        return try KeyTable.build(for: object, impl: impl, pathNode: pathNode)
    }
}

/// A ``KeyedContainer`` type that reads through a ``KeyedContainerState``.
protocol StatefulKeyedContainer: KeyedDecodingContainerProtocol {
    init(state: KeyedContainerState)
}

extension KeyedContainer: StatefulKeyedContainer {}

/// One key type's container maker (`Container` is `KeyedContainer<Key>`), keeping the state of
/// the container it made last for the next one.
final class KeyedContainerMaker<Container: StatefulKeyedContainer> {
    /// The state of the container made last; the maker's reference is the only one once that
    /// container is gone.
    private var state: KeyedContainerState

    init(state: KeyedContainerState) {
        self.state = state
    }

    /// A container for `object`, on the kept state when no container refers to it any more.
    /// Not inlined: here `Container`'s metadata and conformance come with `self`; inlined into
    /// a generic caller they would be looked up in the runtime.
    @inline(never)
    func make(impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Container.Key>
    {
        if isKnownUniquelyReferenced(&state) {
            try state.reset(object: object, pathNode: pathNode)
        } else {
            state = try KeyedContainerState(impl: impl, object: object, pathNode: pathNode)
        }
        return KeyedDecodingContainer(Container(state: state))
    }
}

/// The container makers of one decode, one per key type met (direct-mapped by the key type's
/// address; a key type that collides replaces the older maker).
///
/// Makers hold their last containers' states, which hold the decoder: ``DecoderImpl/endDecode()``
/// empties the table when the decode is over, which breaks that cycle.
struct KeyedContainerSlots {
    private static let count = 32
    private let types: UnsafeMutablePointer<ObjectIdentifier?>
    private let makers: UnsafeMutablePointer<AnyObject?>

    init() {
        types = .allocate(capacity: Self.count)
        types.initialize(repeating: nil, count: Self.count)
        makers = .allocate(capacity: Self.count)
        makers.initialize(repeating: nil, count: Self.count)
    }

    /// Frees the table, releasing every maker.
    func deallocate() {
        types.deinitialize(count: Self.count)
        types.deallocate()
        makers.deinitialize(count: Self.count)
        makers.deallocate()
    }

    @inline(__always) private static func index(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: type) &>> 4) & UInt(count - 1))
    }

    /// A container of `Key` for `object`, by the key type's maker (made at the key type's first
    /// object, or when another key type took its slot).
    @inline(__always)
    func container<Key: CodingKey>(_: Key.Type, impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        let type = ObjectIdentifier(Key.self)
        let index = Self.index(of: type)
        if types[index] == type, let maker = makers[index] {
            // Safe: the maker at `index` was made for the key type `types[index]`, which is `Key`,
            // so it is a `KeyedContainerMaker<KeyedContainer<Key>>` (a checked cast would look up
            // that type's metadata in the runtime on every call).
            return try unsafeDowncast(maker, to: KeyedContainerMaker<KeyedContainer<Key>>.self)
                .make(impl: impl, object: object, pathNode: pathNode)
        }
        return try makeContainer(Key.self, at: index, impl: impl, object: object, pathNode: pathNode)
    }

    /// A new container, whose key type's maker takes slot `index`. Out of line: the metadata it
    /// needs is looked up in the runtime, and inlined, those lookups would run on every call of
    /// the caller.
    @inline(never)
    private func makeContainer<Key: CodingKey>(
        _: Key.Type, at index: Int, impl: DecoderImpl, object: Int, pathNode: CodingPathNode
    ) throws -> KeyedDecodingContainer<Key> {
        let state = try KeyedContainerState(impl: impl, object: object, pathNode: pathNode)
        types[index] = ObjectIdentifier(Key.self)
        makers[index] = KeyedContainerMaker<KeyedContainer<Key>>(state: state)
        return KeyedDecodingContainer(KeyedContainer<Key>(state: state))
    }

    /// A new container that is not kept, as `KeyedDecodingContainer` makes one.
    static func make<Key: CodingKey>(_: Key.Type, impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        KeyedDecodingContainer(
            KeyedContainer<Key>(state: try KeyedContainerState(impl: impl, object: object, pathNode: pathNode)))
    }
}
