/// The names of Swift types as `String(describing:)` writes them (`"Int"`, `"Optional<Int>"`),
/// each made once: `String(describing:)` of a type demangles its name, which cost more than
/// the rest of an event's sentence, and a batch's events name few types.
struct TypeNames {
    private var names: [ObjectIdentifier: String] = [:]

    /// The name of `type`.
    mutating func name(of type: Any.Type) -> String {
        if let name = names[ObjectIdentifier(type)] { return name }
        let name = String(describing: type)
        names[ObjectIdentifier(type)] = name
        return name
    }
}
