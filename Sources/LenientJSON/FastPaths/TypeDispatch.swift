import Foundation

/// How ``DecoderImpl/unwrap(_:as:parent:key:)`` decodes a type. Finding out takes up to four
/// protocol-conformance checks, which the runtime answers slowly; the answer is kept per type
/// for the life of the process.
enum TypeDispatch {
    /// One of the scalars `unwrap` reads itself (``DecoderImpl/unwrapScalar(_:_:as:parent:key:)``).
    case scalar(ScalarKind)
    /// An array or set, with what its elements are (``DecodableArray/elements``).
    case array(any DecodableArray.Type, ArrayElements)
    case optional(any OptionalDecodable.Type)
    case memberwiseDictionary(any MemberwiseDictionary.Type)
    /// Decoded by its own `init(from:)`; `isDictionary` tells the `[]` → `[:]` rule.
    case plain(isDictionary: Bool)
    /// A class that is `Identifiable`: decoded as ``plain(isDictionary:)``, then shared through
    /// the decode's ``IdentityMap``, if it has one.
    case identifiableClass

    init(_ type: Any.Type) {
        if let kind = ScalarKind(type), kind.isReadByUnwrap {
            self = .scalar(kind)
        } else if let array = type as? any DecodableArray.Type {
            self = .array(array, array.elements)
        } else if let optional = type as? any OptionalDecodable.Type {
            self = .optional(optional)
        } else if let dictionary = type as? any MemberwiseDictionary.Type {
            self = .memberwiseDictionary(dictionary)
        } else if type is AnyClass && type is any Identifiable.Type {
            self = .identifiableClass
        } else {
            self = .plain(isDictionary: type is any DecodableDictionary.Type)
        }
    }
}

/// The dispatch of every type met by any decode in this process, shared under a lock. Each
/// decode asks it once per type (``TypeDispatchCache`` keeps the answers for the decode).
/// `@unchecked Sendable` is sound: `table` is only read or written while holding `lock`.
final class SharedTypeDispatch: @unchecked Sendable {
    static let shared = SharedTypeDispatch()

    private let lock = NSLock()
    private var table: [ObjectIdentifier: TypeDispatch] = [:]

    func dispatch(for type: Any.Type, id: ObjectIdentifier) -> TypeDispatch {
        if let known = lock.withLock({ table[id] }) { return known }
        let dispatch = TypeDispatch(type)
        lock.withLock { table[id] = dispatch }
        return dispatch
    }
}

/// The dispatch of each type met in one decode: a table of 64 slots indexed by bits of the
/// type's metadata address, so that a type is found with one comparison however many types
/// the decode has met (a linear search of recent types cost up to 16 comparisons). A type
/// whose slot another holds takes the slot next to it where that is free; else the two take
/// turns in its slot, and the one not in it is found in `known`.
struct TypeDispatchCache {
    private struct Slot {
        /// The type's `ObjectIdentifier` bits; 0 (no type's) while the slot is empty.
        var type: UInt
        var dispatch: TypeDispatch
    }

    private static let slotCount = 64
    private var slots = [Slot](repeating: Slot(type: 0, dispatch: .plain(isDictionary: false)), count: slotCount)
    private var known: [ObjectIdentifier: TypeDispatch] = [:]

    @inline(__always) mutating func dispatch(for type: Any.Type) -> TypeDispatch {
        let bits = UInt(bitPattern: ObjectIdentifier(type))
        let index = Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 10)) & (Self.slotCount - 1)
        let slot = slots[index]
        if slot.type == bits { return slot.dispatch }
        // The slot next to its own: where a type whose slot another type holds is kept, so that
        // two types of one decode that share a slot (which the metadata addresses of a build and
        // run decide) do not take turns in it, each turn a lookup in `known`. Looked at here, not
        // in the call below: a build whose hot types shared a slot paid that call on every read,
        // 1 % of a messy canada's decode (Benchmarks `instructions lenient messy_canada`).
        let neighbour = slots[index ^ 1]
        if neighbour.type == bits { return neighbour.dispatch }
        return slowDispatch(for: type, bits: bits, index: index)
    }

    /// The dispatch of a type in neither its slot nor the one next to it.
    private mutating func slowDispatch(for type: Any.Type, bits: UInt, index: Int) -> TypeDispatch {
        let other = index ^ 1
        let id = ObjectIdentifier(type)
        let dispatch: TypeDispatch
        if let found = known[id] {
            dispatch = found
        } else {
            dispatch = SharedTypeDispatch.shared.dispatch(for: type, id: id)
            known[id] = dispatch
        }
        slots[slots[index].type != 0 && slots[other].type == 0 ? other : index] = Slot(type: bits, dispatch: dispatch)
        return dispatch
    }
}
