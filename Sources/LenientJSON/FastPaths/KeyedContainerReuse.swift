// Keyed containers made once per key type and decode, then reused.
//
// `container(keyedBy:)` must return a `KeyedDecodingContainer<Key>`, which wraps our
// ``KeyedContainer`` in a box the standard library allocates. Made afresh, each container
// costs two runtime lookups of generic metadata (`KeyedContainer<Key>` and the box's type),
// a witness-table lookup, an allocation, and a deallocation later: about a thousand
// instructions, more than decoding a small object's members. A model's `init(from:)` drops
// its container when it returns, so the box is free again by the time the next object of the
// same type is read. A ``KeyedContainerSlot`` keeps that box: when nothing but the slot holds
// it, the container's ``KeyedContainerState`` is pointed at the new object and the same box
// is handed out again. A box still held (a recursive model reading a nested value of its own
// type, or a container a model kept) is never touched; a new container is made instead.
//
// A slot is generic over the container type, so handing out its box takes the metadata from
// the slot instance itself (a class instance carries its generic arguments) rather than
// from a runtime lookup.
//
// The box is reached by the one stored property of `KeyedDecodingContainer`, which the
// standard library does not promise; ``ContainerBoxLayout/isKnown`` checks it once per
// process (its size and alignment first; the probe's word is read only once they are one
// reference's), and without it no container is reused. The fallback, a container made afresh
// for every object, is what a decoder that is not the root's uses, and
// `ContainerReuseLayoutTests` decodes a recursive document both ways.
//
// What it pays for, measured with callgrind (`Benchmarks`' `instructions lenient`, release,
// per decode) with reuse forced off: twitter 20.4 M -> 22.6 M (+11 %), citm_catalog 49.8 M ->
// 67.3 M (+35 %), messy twitter 63.0 M -> 67.4 M (+7 %), canada unchanged. Nearly all of it is
// the runtime's generic-metadata and witness-table lookups for each new container, not its
// allocation, so reusing only ``KeyedContainerState`` would not recover it.

/// The mutable part of a ``KeyedContainer``, so that a reused container can read another object.
///
/// Why `@exclusivity(unchecked)`: the properties change only in ``reset(object:pathNode:)``,
/// which ``KeyedContainerSlots`` calls when no container refers to this state but the idle one
/// in its slot, and are otherwise only read; a dynamic exclusivity check on every read would
/// cost more than the read. Measured with callgrind (`Benchmarks`' `instructions lenient`, per
/// decode), these three and ``KeyedContainerSlot``'s `box` checked: twitter +1.6 %,
/// citm_catalog +4.5 %, messy citm_catalog +2.7 %.
final class KeyedContainerState {
    let impl: DecoderImpl
    @exclusivity(unchecked) private(set) var object: Int
    @exclusivity(unchecked) private(set) var pathNode: CodingPathNode
    /// Key (after the key strategy) → value entry; `nil` when the object is searched in place.
    @exclusivity(unchecked) private(set) var table: [String: Int]?

    /// `impl` for `body`.
    @inline(__always) func withImpl<R>(_ body: (DecoderImpl) -> R) -> R {
        body(impl)
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

/// Whether `KeyedDecodingContainer` is what reuse assumes: one stored property, a class
/// instance (the box), so that the container's bits are the box's reference.
enum ContainerBoxLayout {
    private struct Probe: KeyedDecodingContainerProtocol {
        typealias Key = NameKey
        var codingPath: [any CodingKey] { [] }
        var allKeys: [NameKey] { [] }
        func contains(_ key: NameKey) -> Bool { false }
        func decodeNil(forKey key: NameKey) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: NameKey) throws -> T {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: ""))
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: NameKey) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: ""))
        }
        func nestedUnkeyedContainer(forKey key: NameKey) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: ""))
        }
        func superDecoder() throws -> any Decoder {
            throw DecodingError.keyNotFound(NameKey.super, .init(codingPath: [], debugDescription: ""))
        }
        func superDecoder(forKey key: NameKey) throws -> any Decoder {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: ""))
        }
    }

    /// Checked once per process: the container is exactly one reference wide, and in two
    /// containers made from different values that word is a distinct, 16-byte-aligned address
    /// above the first pages, as a new heap object's is. Only then is the word taken as the
    /// box's reference. Not by reflection: `Mirror` would page in much of the runtime's
    /// reflection and demangling code, a third of a megabyte of a small decode's peak memory.
    static let isKnown: Bool = {
        guard MemoryLayout<KeyedDecodingContainer<NameKey>>.size == MemoryLayout<AnyObject>.size,
            MemoryLayout<KeyedDecodingContainer<NameKey>>.alignment == MemoryLayout<AnyObject>.alignment
        else { return false }
        let first = KeyedDecodingContainer(Probe())
        let second = KeyedDecodingContainer(Probe())
        return withExtendedLifetime((first, second)) {
            let a = withUnsafeBytes(of: first) { $0.load(as: UInt.self) }
            let b = withUnsafeBytes(of: second) { $0.load(as: UInt.self) }
            return a != b && (a | b) & 0xF == 0 && Swift.min(a, b) > 0xFFFF
        }
    }()
}

/// One key type's reusable container (`Container` is `KeyedDecodingContainer<Key>`).
final class KeyedContainerSlot<Container> {
    /// The container's box; the slot's reference is the only one while the container is idle.
    // Unchecked: only `isIdle` and `container()` touch it, each in one short access that holds no other.
    @exclusivity(unchecked) private var box: AnyObject
    let state: KeyedContainerState

    /// A slot for `container`, whose ``KeyedContainer`` reads through `state`. Only when
    /// ``ContainerBoxLayout/isKnown``.
    init(_ container: Container, state: KeyedContainerState) {
        // Safe: with a known layout the container is one reference to its box (ContainerBoxLayout).
        box = unsafeBitCast(container, to: AnyObject.self)
        self.state = state
    }

    /// Whether no container handed out from this slot is alive.
    @inline(__always) var isIdle: Bool { isKnownUniquelyReferenced(&box) }

    /// The container again. Not inlined: here `Container`'s metadata comes with `self`;
    /// inlined into a generic caller it would be looked up in the runtime.
    @inline(never) func container() -> Container {
        // Safe: `box` is the reference `init` took from a `Container` (the same layout).
        unsafeBitCast(box, to: Container.self)
    }
}

/// The slots of one decode, one per key type met (direct-mapped by the key type's address;
/// a key type that collides replaces the older slot).
///
/// Slots hold their containers' states, which hold the decoder: ``DecoderImpl/endDecode()``
/// empties the table when the decode is over, which breaks that cycle.
struct KeyedContainerSlots {
    private static let count = 32
    private let types: UnsafeMutablePointer<ObjectIdentifier?>
    private let slots: UnsafeMutablePointer<AnyObject?>

    init() {
        types = .allocate(capacity: Self.count)
        types.initialize(repeating: nil, count: Self.count)
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: nil, count: Self.count)
    }

    /// Frees the table, releasing every slot.
    func deallocate() {
        types.deinitialize(count: Self.count)
        types.deallocate()
        slots.deinitialize(count: Self.count)
        slots.deallocate()
    }

    @inline(__always) private static func index(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: type) &>> 4) & UInt(count - 1))
    }

    /// A container of `Key` for `object`: the slot's own when it is idle, else a new one
    /// (which takes the slot when the slot is empty or holds another key type).
    @inline(__always)
    func container<Key: CodingKey>(_: Key.Type, impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        let type = ObjectIdentifier(Key.self)
        let index = Self.index(of: type)
        if types[index] == type, let slot = slots[index] {
            // Safe: the slot at `index` was made for the key type `types[index]`, which is `Key`.
            let typed = unsafeDowncast(slot, to: KeyedContainerSlot<KeyedDecodingContainer<Key>>.self)
            if typed.isIdle {
                try typed.state.reset(object: object, pathNode: pathNode)
                return typed.container()
            }
        }
        return try makeContainer(Key.self, at: index, impl: impl, object: object, pathNode: pathNode)
    }

    /// A new container, kept in slot `index` unless that slot holds a busy container of the
    /// same key type. Out of line: the metadata it needs is looked up in the runtime, and
    /// inlined, those lookups would run on every call of the caller.
    @inline(never)
    private func makeContainer<Key: CodingKey>(
        _: Key.Type, at index: Int, impl: DecoderImpl, object: Int, pathNode: CodingPathNode
    ) throws -> KeyedDecodingContainer<Key> {
        let state = try KeyedContainerState(impl: impl, object: object, pathNode: pathNode)
        let container = KeyedDecodingContainer(KeyedContainer<Key>(state: state))
        let type = ObjectIdentifier(Key.self)
        if ContainerBoxLayout.isKnown && types[index] != type {
            types[index] = type
            slots[index] = KeyedContainerSlot(container, state: state)
        }
        return container
    }

    /// A new container that is not kept, as `KeyedDecodingContainer` makes one.
    static func make<Key: CodingKey>(_: Key.Type, impl: DecoderImpl, object: Int, pathNode: CodingPathNode) throws
        -> KeyedDecodingContainer<Key>
    {
        KeyedDecodingContainer(
            KeyedContainer<Key>(state: try KeyedContainerState(impl: impl, object: object, pathNode: pathNode)))
    }
}
