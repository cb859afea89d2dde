import Foundation

/// How ``DecoderImpl/unwrap(_:as:parent:key:)`` decodes a type. Finding out takes up to four
/// protocol-conformance checks, which the runtime answers slowly; the answer is kept per type
/// for the life of the process.
enum TypeDispatch {
    /// One of the scalars `unwrap` reads itself (``DecoderImpl/unwrapScalar(_:_:as:parent:key:)``).
    case scalar(ScalarKind)
    case array(any DecodableArray.Type)
    case optional(any OptionalDecodable.Type)
    case memberwiseDictionary(any MemberwiseDictionary.Type)
    /// Decoded by its own `init(from:)`; `isDictionary` tells the `[]` → `[:]` rule.
    case plain(isDictionary: Bool)
    /// A class that is `Identifiable`: decoded as ``plain(isDictionary:)``, then shared through
    /// the decode's ``IdentityMap``, if it has one.
    case identifiableClass

    init(_ type: Any.Type) {
        if let kind = ScalarKind(type) {
            self = .scalar(kind)
        } else if let array = type as? any DecodableArray.Type {
            self = .array(array)
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

/// The dispatch of each type met in one decode. A model has a handful of types, so a short
/// array searched by identity beats hashing; past that size, a dictionary takes over.
struct TypeDispatchCache {
    private var recent: [(type: ObjectIdentifier, dispatch: TypeDispatch)] = []
    private var overflow: [ObjectIdentifier: TypeDispatch] = [:]
    private static let recentLimit = 16

    @inline(__always) mutating func dispatch(for type: Any.Type) -> TypeDispatch {
        let id = ObjectIdentifier(type)
        for item in recent where item.type == id { return item.dispatch }
        return slowDispatch(for: type, id: id)
    }

    private mutating func slowDispatch(for type: Any.Type, id: ObjectIdentifier) -> TypeDispatch {
        if let known = overflow[id] { return known }
        let dispatch = SharedTypeDispatch.shared.dispatch(for: type, id: id)
        if recent.count < Self.recentLimit {
            recent.append((id, dispatch))
        } else {
            overflow[id] = dispatch
        }
        return dispatch
    }
}
