import Foundation

/// Every problem at once (``LenientJSONDecoder/collectsAllErrors``).
///
/// A document is first decoded as usual; only when that throws is it decoded again in this
/// mode, so a document without problems pays nothing. A problem is an error that ends the
/// decode; an error that a hand-written `init(from:)` catches (`try?` around one alternative)
/// or that the policy recovers is none. So a model value is collected by running its
/// `init(from:)` again: each run lets errors through as usual, and the container call whose
/// error ended the run (it reached the `init(from:)`'s caller unchanged) is known to be a
/// problem. The next run collects that call: its value is collected in turn (a model value the
/// same way, an array or dictionary element by element) or, for a scalar, its error is the
/// problem; then a stand-in (a default, an empty value, `nil`, a dropped element) lets the
/// `init(from:)` go on. When a run returns, the problems its collected calls found are the
/// value's problems. An error the `init(from:)` throws itself is a problem of the value when
/// nothing was stood in for yet, and otherwise taken as a consequence of a stand-in.
extension DecoderImpl {
    /// The problems of the document whose decode as `type` threw `firstError`, in document order,
    /// each once; a syntax error alone.
    func collectProblems<T: Decodable>(
        of type: T.Type, at entry: Int, parent: CodingPathNode, firstError: DecodingError
    ) -> [DecodingError] {
        collectProblems(at: entry, firstError: firstError) {
            _ = $0.collectValue(entry, as: type, parent: parent, key: nil)
        }
    }

    /// The problems of the document whose root, a `DecodableWithConfiguration` type decoded
    /// with `configuration`, threw `firstError`; as ``collectProblems(of:at:parent:firstError:)``.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func collectProblems<T: DecodableWithConfiguration>(
        of type: T.Type, configuration: T.DecodingConfiguration, at entry: Int,
        firstError: DecodingError
    ) -> [DecodingError] {
        collectProblems(at: entry, firstError: firstError) {
            _ = $0.collectModel(entry, as: type, parent: .root, key: nil) {
                try type.init(from: $0, configuration: configuration)
            }
        }
    }

    /// The problems `collect` finds with the decoder it is given (one in the collecting mode,
    /// ``DecodeMode/collecting(into:)``), ordered and deduplicated; `firstError` where it finds none.
    private func collectProblems(
        at entry: Int, firstError: DecodingError, _ collect: (DecoderImpl) -> Void
    ) -> [DecodingError] {
        let collection = ErrorCollection()
        collect(nested(mode.collecting(into: collection)))
        var problems = collection.frame.problems
        if problems.isEmpty {
            problems = [collection.problem(at: entry, firstError)]
        }
        // Stable: problems at one entry (keys missing from one object) keep their reading order.
        let ordered = problems.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }
        var seen = Set<Int>()
        var errors: [DecodingError] = []
        for problem in ordered.map(\.element) where seen.insert(problem.id).inserted {
            if Self.isSyntaxError(problem.error) { return [problem.error] }
            errors.append(problem.error)
        }
        return errors
    }

    /// Whether `error` says the input is not valid JSON: only such an error ends collection. Told
    /// by its underlying ``JSONSyntaxError`` (every syntax error the decoder makes carries one),
    /// never by its text: a type's own `dataCorrupted` (an unknown enum raw value) is a problem
    /// like any other.
    static func isSyntaxError(_ error: DecodingError) -> Bool {
        guard case .dataCorrupted(let context) = error else { return false }
        return context.underlyingError is JSONSyntaxError
    }

    // MARK: Container calls

    /// A container call that threw `error` while collecting: the collected call's stand-in when
    /// its run is known to end there, else `error` again (noted as the run's candidate).
    ///
    /// - Parameters:
    ///   - site: The call's site.
    ///   - position: The entry its problem is placed at.
    ///   - child: The value to collect, when the call reads one (`nil` for a nested container).
    ///   - standIn: What the call returns instead of throwing, when there is something.
    func collectCall<R>(
        _ site: ErrorCollection.Site, position: Int, error: DecodingError,
        child: (entry: Int, type: any Decodable.Type, parent: CodingPathNode, key: ChildKey)?,
        standIn: () -> R?
    ) throws -> R {
        // Attempts that the decoder itself abandons (strict re-decodes) are not collected.
        guard let collection, mode.describesErrors else { throw error }
        let frame = collection.frame
        guard frame.repairs.contains(site) else {
            frame.candidate = (site, error)
            throw error
        }
        if let (problems, value) = frame.collected[site] {
            frame.problems += problems
            if let value = value as? R { return value }
            throw error
        }
        let mark = frame.problems.count
        var value: Any? = nil
        if let child {
            value = collectAny(child.entry, as: child.type, parent: child.parent, key: child.key)
        }
        if frame.problems.count == mark {
            frame.problems.append(collection.problem(at: position, error))
        }
        let result = (value as? R) ?? standIn()
        frame.collected[site] = (Array(frame.problems[mark...]), result)
        guard let result else { throw error }
        return result
    }

    // MARK: Values

    /// `collectValue` for a type known only as a metatype.
    private func collectAny(_ entry: Int, as type: any Decodable.Type, parent: CodingPathNode, key: ChildKey)
        -> Any?
    {
        func open<T: Decodable>(_ type: T.Type) -> Any? { collectValue(entry, as: type, parent: parent, key: key) }
        return open(type)
    }

    /// The value at `entry`, which fails to decode as `type`, collected: the problems inside it
    /// are added to the current frame, and a value to go on with is returned when there is one.
    /// `nil` and no problem where it has no parts (a scalar): the caller's error is the problem.
    func collectValue<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey) -> T? {
        if T.self == String.self || Self.isNonStringScalar(type) || T.self == Data.self { return nil }
        switch dispatchCache.pointee.dispatch(for: T.self) {
        case .scalar:
            return nil
        case .plain, .identifiableClass:
            return collectModel(entry, as: type, parent: parent, key: key) { try type.init(from: $0) }
        case .array, .optional, .memberwiseDictionary:
            guard let collectable = T.self as? any CollectableContainer.Type else { return nil }
            return collectable.collect(entry, using: self, parent: parent, key: key) as? T
        }
    }

    /// A model value collected frame by frame (see the type comment); `make` runs its
    /// `init(from:)` (or `init(from:configuration:)`).
    private func collectModel<T>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey,
        _ make: (DecoderImpl) throws -> T
    ) -> T? {
        guard let collection else { return nil }
        let outer = collection.frame
        let frame = ErrorCollection.Frame()
        collection.frame = frame
        defer {
            collection.frame = outer
            outer.problems += frame.problems
        }
        while true {
            frame.problems = []
            frame.candidate = nil
            do {
                return try with(entry: entry, path: parent.appending(key)) { try make(self) }
            } catch let error as DecodingError {
                if let candidate = frame.candidate, DecodingErrors.isSame(candidate.error, error),
                    !frame.repairs.contains(candidate.site)
                {
                    frame.repairs.insert(candidate.site)
                    continue
                }
                if frame.repairs.isEmpty {
                    let named = DecodingErrors.naming(
                        type, in: error, map: map, entry: entry, path: parent.path(appending: key),
                        describes: mode.describesErrors)
                    frame.problems.append(collection.problem(at: entry, named))
                }
                return placeholder(type)
            } catch {
                return placeholder(type)
            }
        }
    }

    /// The elements of the array at `entry`, each failing one collected and dropped.
    func collectElements<E: Decodable>(_ entry: Int, as _: E.Type, parent: CodingPathNode, key: ChildKey)
        -> [E]?
    {
        guard map.kind(entry) == .array else { return nil }
        let path = parent.appending(key)
        var result: [E] = []
        for (index, child) in map.elements(of: entry).enumerated() {
            if let element = collectedElement(child, as: E.self, parent: path, key: IndexKey(index)) {
                result.append(element)
            }
        }
        return result
    }

    /// The members of the object at `entry` as a dictionary, each failing one collected and dropped.
    func collectMembers<K: MemberName, V: Decodable>(
        _ entry: Int, as _: [K: V].Type, parent: CodingPathNode, key: ChildKey
    ) -> [K: V]? {
        guard map.kind(entry) == .object else { return nil }
        let path = parent.appending(key)
        var result: [K: V] = [:]
        for (keyEntry, value) in map.members(of: entry) {
            guard let name = try? keyString(keyEntry, path: path) else { continue }
            let member: K
            do {
                member = try K.key(for: name, path: path.path)
            } catch let error as DecodingError {
                if options.policy.invalidValues != .recover { note(problem: error, at: value) }
                continue
            } catch {
                continue
            }
            guard result[member] == nil else { continue }
            if let element = collectedElement(value, as: V.self, parent: path, key: NameKey(name)) {
                result[member] = element
            }
        }
        return result
    }

    /// One element: decoded as usual (dropped under `.recover` as usual), else collected.
    private func collectedElement<E: Decodable, K: CodingKey>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: K
    ) -> E? {
        do {
            return try element(entry, as: type, parent: parent, key: key)
        } catch let error as DecodingError {
            guard let frame = collection?.frame else { return nil }
            let mark = frame.problems.count
            let value = collectValue(entry, as: type, parent: parent, key: ChildKey(key))
            if frame.problems.count == mark { note(problem: error, at: entry) }
            return value
        } catch {
            return nil
        }
    }

    private func note(problem error: DecodingError, at position: Int) {
        guard let collection else { return }
        collection.frame.problems.append(collection.problem(at: position, error))
    }

    // MARK: Stand-ins

    /// A value of `type` to go on with, or `nil` when none can be made: a scalar's default, a
    /// fixed date, URL, UUID or data, an enumeration's first case, or the type decoded from
    /// `null`, `{}` or `[]` with every default the permissive policy has.
    func placeholder<T>(_ type: T.Type) -> T? {
        if let scalar = scalarDefault(type) { return scalar }
        if T.self == Date.self { return Date(timeIntervalSinceReferenceDate: 0) as? T }
        if T.self == URL.self { return URL(fileURLWithPath: "/") as? T }
        if T.self == Data.self { return Data() as? T }
        if T.self == UUID.self { return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T }
        if let cases = T.self as? any CaseIterable.Type,
            let first = (cases.allCases as any Collection).first(where: { _ in true }) as? T
        {
            return first
        }
        if let zero = ZeroStandIn.value(of: type) { return zero }
        guard let decodable = T.self as? any Decodable.Type, session.defaultDepth < 16 else { return nil }
        func fabricate<D: Decodable>(_ type: D.Type) -> D? {
            session.defaultDepth += 1
            defer { session.defaultDepth -= 1 }
            let maker = nested(mode.makingStandIns)
            for entry in [map.nullEntry, map.emptyObjectEntry, map.emptyArrayEntry] {
                if let value = try? maker.unwrap(entry, as: type, parent: .root, key: nil) { return value }
            }
            return nil
        }
        return fabricate(decodable) as? T
    }
}

/// A collection type whose elements or members are collected one by one.
protocol CollectableContainer {
    static func collect(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey) -> Self?
}

extension Array: CollectableContainer where Element: Decodable {
    static func collect(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey) -> Self? {
        impl.collectElements(entry, as: Element.self, parent: parent, key: key)
    }
}

extension Set: CollectableContainer where Element: Decodable {
    static func collect(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey) -> Self? {
        guard let elements = impl.collectElements(entry, as: Element.self, parent: parent, key: key) else { return nil }
        return Set(elements)
    }
}

extension Dictionary: CollectableContainer where Key: MemberName, Value: Decodable {
    static func collect(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey) -> Self? {
        impl.collectMembers(entry, as: Self.self, parent: parent, key: key)
    }
}

extension Optional: CollectableContainer where Wrapped: Decodable {
    static func collect(_ entry: Int, using impl: DecoderImpl, parent: CodingPathNode, key: ChildKey) -> Self? {
        guard impl.map.kind(entry) != .null,
            let value = impl.collectValue(entry, as: Wrapped.self, parent: parent, key: key)
        else { return nil }
        return .some(value)
    }
}

extension KeyedContainer {
    /// A keyed call that threw `error` while every problem is collected (see ``DecoderImpl``'s
    /// `collectCall`): its site is the member's value, or the object and key when it is missing.
    func collectMember<R>(_ key: Key, error: DecodingError, child: (any Decodable.Type)?, standIn: () -> R?) throws -> R
    {
        let type = ObjectIdentifier(child ?? R.self)
        if let found = try? lookup(key, notes: false) {
            let path = pathKey(key, found)
            return try impl.collectCall(
                .init(entry: found.entry, name: nil, type: type), position: found.entry, error: error,
                child: child.map { (found.entry, $0, pathNode, path) }, standIn: standIn)
        }
        return try impl.collectCall(
            .init(entry: object, name: key.stringValue, type: type), position: object, error: error,
            child: nil, standIn: standIn)
    }
}

extension UnkeyedContainer {
    /// An element call that threw `error` while every problem is collected: the element is
    /// collected and stood in for, and the container moves past it.
    mutating func collectElement<T>(_ type: T.Type, error: DecodingError) throws -> T {
        if isAtEnd {
            return try impl.collectCall(
                .init(entry: array, name: "#\(currentIndex)", type: ObjectIdentifier(type)), position: array,
                error: error, child: nil
            ) { impl.placeholder(type) }
        }
        let child = (T.self as? any Decodable.Type).map {
            (cursor, $0, pathNode, ChildKey.index(currentIndex))
        }
        let value = try impl.collectCall(
            .init(entry: cursor, name: nil, type: ObjectIdentifier(type)), position: cursor,
            error: error, child: child
        ) { impl.placeholder(type) }
        advance()
        return value
    }
}
