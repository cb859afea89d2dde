import Foundation

/// Parity for hand-written `init(from:)`s that try types in turn (SPEC 1.1).
///
/// An "any JSON" enum that tries `Bool` before `Int`, or an `Either<[String], [Int]>`, picks
/// its alternative by which attempt succeeds. Leniency must not change that pick: `1` is
/// `.int(1)`, not `.bool(true)`. So a value of a plain type is decoded with the policy first;
/// where a rule changed something inside it, it is decoded again under the policy's strict
/// reading, and where that succeeds its value is the one returned, since it is `JSONDecoder`'s.
/// Valid input never pays for this: no rule fires, so nothing is decoded twice. A strict decode
/// that fails is remembered, so an enclosing value decoded again strictly stops there at once.
extension DecoderImpl {
    /// A strict decode of one type at one entry.
    struct StrictAttempt: Hashable {
        let entry: Int
        let type: ObjectIdentifier
    }

    /// Decodes a plain type (one decoded by its own `init(from:)`) under the policy, as the
    /// type comment says.
    @inline(never)
    func decodePlain<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?, isDictionary: Bool) throws -> T {
        if isDecodingStrictly { return try decodeStrictlyOnce(entry, as: type, parent: parent, key: key) }
        let leniencyBefore = leniencyCount
        let mark = report?.events.count ?? 0
        let value: T
        do {
            value = try with(entry: entry, path: parent.appending(key)) { try type.init(from: self) }
        } catch {
            let helped = leniencyCount != leniencyBefore
            discardEvents(from: mark, leniency: leniencyBefore)
            guard let error = error as? DecodingError else { throw error }
            if helped, let strict = try? decodeStrictly(entry, as: type, parent: parent, key: key, eventsFrom: mark) {
                return strict
            }
            return try coerce(entry, as: type, parent: parent, key: key, isDictionary: isDictionary, orThrow: error)
        }
        guard leniencyCount != leniencyBefore else { return value }
        let lenientEvents = report.map { Array($0.events[mark...]) } ?? []
        let lenientCount = leniencyCount
        discardEvents(from: mark, leniency: leniencyBefore)
        if let strict = try? decodeStrictly(entry, as: type, parent: parent, key: key, eventsFrom: mark) {
            return strict
        }
        report?.events.append(contentsOf: lenientEvents)
        leniencyCount = lenientCount
        return value
    }

    /// Decodes `type` at `entry` under the policy's strict reading (no coercion, no
    /// recovery; key matching as the policy says). Events of a failed attempt are discarded.
    private func decodeStrictly<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?, eventsFrom mark: Int) throws -> T {
        let savedPolicy = options.policy
        options.policy = savedPolicy.strictReading
        isDecodingStrictly = true
        defer {
            options.policy = savedPolicy
            isDecodingStrictly = false
        }
        do {
            return try decodeStrictlyOnce(entry, as: type, parent: parent, key: key)
        } catch {
            discardEvents(from: mark, leniency: leniencyCount)
            throw error
        }
    }

    /// `read` under the policy's strict reading.
    func readingStrictly<R>(_ read: () throws -> R) throws -> R {
        let savedPolicy = options.policy
        options.policy = savedPolicy.strictReading
        defer { options.policy = savedPolicy }
        return try read()
    }

    /// One strict decode, or the error the same decode gave before.
    private func decodeStrictlyOnce<T: Decodable>(_ entry: Int, as type: T.Type, parent: CodingPathNode, key: (any CodingKey)?) throws -> T {
        let attempt = StrictAttempt(entry: entry, type: ObjectIdentifier(type))
        if let error = strictFailures[attempt] { throw error }
        do {
            return try with(entry: entry, path: parent.appending(key)) { try type.init(from: self) }
        } catch let error as DecodingError {
            strictFailures[attempt] = error
            throw error
        }
    }
}
