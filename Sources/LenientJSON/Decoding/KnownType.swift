/// `value` as `T`, where the caller has made sure that `T` is `Value`'s own type: a marker
/// protocol's `Self` that a generic caller knows only as `T` (it found the protocol by its
/// type dispatch), or a scalar type matched by identity (`Element.self == Double.self`).
///
/// The one home of the `unsafeBitCast`s that do this. Safe: the two types are the same, so
/// the bits are a value of `T` (the cast also traps on a size mismatch). What it buys: `as! T`
/// would be a dynamic cast, a runtime call for every value decoded, on the paths that decode
/// every nested array, dictionary, optional and scalar.
@inline(__always)
func knownType<Value, T>(_ value: Value, as _: T.Type) -> T {
    unsafeBitCast(value, to: T.self)
}
