import Foundation

/// One shared instance per identifier for the `Identifiable` classes a decoder decodes.
///
/// Set an identity map on a decoder's ``LenientJSONDecoder/identityMap`` and every instance of
/// a class type that conforms to `Identifiable` is looked up by its type and `id` once it is
/// decoded: the first instance decoded for an `id` is kept, and every later occurrence of the
/// same `id`, in the same document or in any later decode that uses the same map, decodes to
/// that first instance. Structures, enumerations and classes that are not `Identifiable` are
/// not affected.
///
/// ```swift
/// final class User: Decodable, Identifiable { let id: Int; let name: String }
/// struct Post: Decodable { let author: User; let editor: User }
///
/// let decoder = LenientJSONDecoder()
/// decoder.identityMap = IdentityMap()
/// let json = #"{"author": {"id": 1, "name": "Ada"}, "editor": {"id": 1, "name": "Ada"}}"#
/// let post = try decoder.decode(Post.self, from: Data(json.utf8))
/// // post.author === post.editor
/// ```
///
/// A later occurrence is still decoded in full, so it throws, coerces and reports exactly as
/// it would without a map; only then is it replaced by the first instance, and its own values
/// are discarded (a decoded class cannot in general be updated in place). The map holds its
/// instances weakly: an instance that nothing else keeps is forgotten, and its `id` decodes to
/// a new instance next time.
///
/// The map is safe to share between decoders and threads: lookups are serialized by a lock.
/// When two threads decode the same `id` at once, both receive the instance registered first.
/// The shared instances are handed to every thread that decodes their `id`, so a class that is
/// mutated after decoding must be safe to share.
public final class IdentityMap: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `entries` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var entries: [IdentityKey: WeakInstance] = [:]
    /// The entry count at which dead entries are next swept out.
    private var sweepThreshold = 64

    /// Creates an empty identity map.
    ///
    /// ```swift
    /// decoder.identityMap = IdentityMap()
    /// ```
    public init() {}

    /// The instance registered for `value`'s type (`type`) and `id`, registering `value` when
    /// there is none (or the one registered is gone).
    func shared<T>(_ value: T, as type: T.Type) -> T {
        guard let identifiable = value as? any Identifiable else { return value }
        let key = IdentityKey(type: ObjectIdentifier(type), id: Self.hashableID(of: identifiable))
        let object = value as AnyObject
        return lock.withLock {
            if let existing = entries[key]?.object as? T { return existing }
            entries[key] = WeakInstance(object: object)
            if entries.count >= sweepThreshold {
                entries = entries.filter { $0.value.object != nil }
                sweepThreshold = max(64, 2 * entries.count)
            }
            return value
        }
    }

    private static func hashableID<I: Identifiable>(of value: I) -> AnyHashable {
        AnyHashable(value.id)
    }
}

/// A type and an identifier of that type's instances.
private struct IdentityKey: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
}

/// An instance held without keeping it alive.
private struct WeakInstance {
    weak var object: AnyObject?
}
