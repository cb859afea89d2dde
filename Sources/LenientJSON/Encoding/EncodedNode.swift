import Foundation

/// A value being encoded by ``JSONObjectEncoder``: a finished scalar, or a container that
/// containers and super encoders may still add to, turned into the `JSONSerialization` tree
/// once the whole value is encoded.
enum EncodedNode {
    case scalar(Any)
    case object(EncodedObject)
    case array(EncodedArray)
    /// A `superEncoder()`'s value: whatever it holds when the tree is built (`{}` when nothing).
    case deferred(ObjectEncoderImpl)

    /// The `JSONSerialization`-compatible tree of this node.
    var tree: Any {
        switch self {
        case .scalar(let value): return value
        case .object(let object): return object.members.mapValues(\.tree)
        case .array(let array): return array.elements.map(\.tree)
        case .deferred(let encoder): return encoder.storage?.tree ?? [String: Any]()
        }
    }
}

/// An object under construction, shared by the containers that add to it.
final class EncodedObject {
    var members: [String: EncodedNode] = [:]
}

/// An array under construction, shared by the containers that add to it.
final class EncodedArray {
    var elements: [EncodedNode] = []
}
