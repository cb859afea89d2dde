import Foundation

/// The names of Swift types as `String(describing:)` writes them (`"Int"`, `"Optional<Int>"`),
/// each made once in the process: `String(describing:)` of a type demangles its name, some
/// 750,000 instructions for a generic type, more than a messy twitter's summary spends on its
/// 3,500 other sentences (Benchmarks `instructions lenient-report-summary`). A program names
/// few types, so the names are kept for good.
///
/// A batch keeps the names it used (``name(of:)``), and asks the process-wide table, under its
/// lock, only for the others.
struct TypeNames {
    private var names: [ObjectIdentifier: String] = [:]

    /// The name of `type`.
    mutating func name(of type: Any.Type) -> String {
        if let name = names[ObjectIdentifier(type)] { return name }
        let name = Self.name(of: type)
        names[ObjectIdentifier(type)] = name
        return name
    }

    /// The name of `type`, from the process-wide table.
    static func name(of type: Any.Type) -> String { shared.name(of: type) }

    private static let shared = Shared()

    /// The process-wide table. `@unchecked Sendable` is sound: `names` is only read or written
    /// while holding `lock`.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [ObjectIdentifier: String] = [:]

        func name(of type: Any.Type) -> String {
            if let name = lock.withLock({ names[ObjectIdentifier(type)] }) { return name }
            let name = String(describing: type)
            lock.withLock { names[ObjectIdentifier(type)] = name }
            return name
        }
    }
}
