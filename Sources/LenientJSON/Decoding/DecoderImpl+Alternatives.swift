import Foundation

/// Parity for hand-written `init(from:)`s that try types in turn (the HandWrittenDecoders article).
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
    struct StrictAttempt: Equatable {
        let entry: Int
        let type: ObjectIdentifier
    }

    /// Decodes a plain type (one decoded by its own `init(from:)`) under the policy, as the
    /// type comment says. Only the path every valid value takes is inline; the rest is out of
    /// line, so that this function names no `T?` (whose metadata the runtime would look up on
    /// every call). `node` is the value's coding path (`parent` and `key`); `key` is made only
    /// where the value fails or leniency acts.
    @inline(__always)
    func decodePlain<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> ChildKey,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        if mode.readsStrictly {
            return try decodeStrictlyOnce(
                entry, as: type, parent: parent, key: key(), registration: currentRegistration)
        }
        if mode.readsWithoutStructuralRules {
            return try decodeWithoutStructure(
                entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
        }
        if keepsValuesForUnstructured && session.structuralCount != 0
            && map.next(after: entry) &- entry >= UnstructuredReadings.keptEntries
        {
            return try decodeKeeping(
                entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
        }
        return try decodeUnderPolicy(
            entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
    }

    /// ``decodePlain(_:as:parent:key:node:isDictionary:)`` in the reading without structural
    /// rules: an attempt of the same value that failed fails again at once, and a value the
    /// decoder that started this reading kept is that value, helped as it was then (so that
    /// the values around it are read again strictly as they would be).
    @inline(never)
    private func decodeWithoutStructure<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> ChildKey,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        if let readings = unstructuredReadings {
            let attempt = StrictAttempt(entry: entry, type: ObjectIdentifier(type))
            if let error = readings.failures[attempt] { throw error }
            if let kept = readings.values[attempt], let value = kept.value as? T {
                if kept.helped { session.leniencyCount &+= 1 }
                if kept.foundKeys { session.keysFound &+= 1 }
                observer.record(kept: kept.events)
                return value
            }
        }
        return try decodeUnderPolicy(
            entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
    }

    /// ``decodeUnderPolicy(_:as:parent:key:node:isDictionary:)``, keeping the value where no
    /// structural rule and no recovery acted in its decode: the reading without structural
    /// rules reads it alike, so a value around it read so takes it from
    /// ``UnstructuredReadings/values`` instead of reading it again, with the report events its
    /// reading recorded, which that reading records again.
    @inline(never)
    private func decodeKeeping<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> ChildKey,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        let leniencyBefore = session.leniencyCount
        let structuralBefore = session.structuralCount
        let unrepeatedBefore = session.unrepeatedCount
        let keysBefore = session.keysFound
        let eventsBefore = observer.eventCount
        let value = try decodeUnderPolicy(
            entry, as: type, parent: parent, key: key(), node: node, isDictionary: isDictionary)
        if session.structuralCount == structuralBefore && session.unrepeatedCount == unrepeatedBefore {
            readingsWithoutStructure.values.insert(
                UnstructuredReadings.Kept(
                    value: value, helped: session.leniencyCount != leniencyBefore,
                    foundKeys: session.keysFound != keysBefore, events: observer.keepEvents(since: eventsBefore)),
                for: StrictAttempt(entry: entry, type: ObjectIdentifier(type)))
        }
        return value
    }

    /// A plain value decoded under the policy, the value of a strict decode preferred where
    /// leniency helped.
    @inline(__always)
    private func decodeUnderPolicy<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: @autoclosure () -> ChildKey,
        node: consuming CodingPathNode, isDictionary: Bool
    ) throws -> T {
        let start = checkpoint()
        let value: T
        do {
            value = try with(entry: entry, path: node) { try type.init(from: self) }
        } catch {
            return try recoverPlain(
                entry, as: type, parent: parent, key: key(), isDictionary: isDictionary, error: error, from: start)
        }
        if session.leniencyCount == start.leniency { return value }
        return try preferStrict(value, entry, parent: parent, key: key(), from: start)
    }

    /// A plain value whose decode under the policy (begun at `start`) failed: its strict decode
    /// where leniency acted in the failed attempt and the strict decode succeeds, else the
    /// coercions.
    @inline(never)
    private func recoverPlain<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey, isDictionary: Bool,
        error: any Error, from start: DecodeCheckpoint
    ) throws -> T {
        let helped = session.leniencyCount != start.leniency
        rollBack(to: start)
        guard let error = error as? DecodingError else { throw error }
        if helped {
            do { return try decodeStrictly(entry, as: type, parent: parent, key: key) } catch {}
        }
        return try coerce(entry, as: type, parent: parent, key: key, isDictionary: isDictionary, orThrow: error)
    }

    /// `value`, decoded from `start` with help from leniency, or the value of a strict decode
    /// where that succeeds: it is `JSONDecoder`'s pick among a hand-written decoder's
    /// alternatives. Where the strict decode fails and a structural rule helped, a decode without
    /// the structural rules wins where it succeeds: a decoder that tries `[File]` before `File`
    /// reads an object as the `File` it is, not as a wrapped one-element array.
    @inline(never)
    private func preferStrict<T: Decodable>(
        _ value: T, _ entry: Int, parent: CodingPathNode, key: ChildKey, from start: DecodeCheckpoint
    ) throws -> T {
        // From here on the decode reads values again: their strings are kept as first decoded.
        map.keepStrings()
        // The other readings' events go after the lenient ones, which stay where they are: a
        // value nested in others that each try a strict decode is not copied once per level.
        let lenient = checkpoint()
        let lenientEvents = start.events..<lenient.events
        // The strict reading counts from where the lenient one began: it is the value's reading
        // where it succeeds.
        session.leniencyCount = start.leniency
        // `do`/`catch`, not `try?`: a `T?` here would ask the runtime for `Optional<T>`'s
        // metadata on every call.
        do {
            let strict = try decodeStrictly(entry, as: T.self, parent: parent, key: key)
            observer.removeEvents(lenientEvents)
            return strict
        } catch {}
        rollBack(to: lenient)
        if lenient.structural != start.structural {
            do {
                let unstructured = try decodeWithoutStructuralRules(entry, as: T.self, parent: parent, key: key)
                observer.removeEvents(lenientEvents)
                return unstructured
            } catch {}
        }
        if let report, !lenientEvents.isEmpty {
            renameNumericRawValueEvents(
                T.self, entry: entry, path: parent.appending(key), events: lenientEvents, in: report)
        }
        return value
    }

    /// Decodes `type` at `entry` by the nested decoder whose mode has no structural rule and
    /// recovers nothing (no default, dropped element or `nil` for an invalid value: such a
    /// reading would lose what the structural one kept). Its events go to the report; a failed
    /// attempt is rolled back. A failed attempt is remembered by that decoder: values are read
    /// inside out, so an enclosing value read without structural rules (each level where a
    /// structural rule helped is) stops at it at once instead of reading it again.
    private func decodeWithoutStructuralRules<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        let start = checkpoint()
        do {
            return try unstructuredDecoder.unwrap(entry, as: type, parent: parent, key: key)
        } catch {
            if let error = error as? DecodingError {
                readingsWithoutStructure.failures.insert(
                    error, for: StrictAttempt(entry: entry, type: ObjectIdentifier(type)))
            }
            rollBack(to: start)
            throw error
        }
    }

    /// Decodes `type` at `entry` in the strict reading (``DecodeMode/strictReading``: no
    /// coercion, no recovery; key matching as the policy says), by ``readStrictly(_:)``. A failed
    /// attempt is rolled back; its errors get no message, since nobody sees them.
    private func decodeStrictly<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> T {
        let registration = currentRegistration
        return try rollingBackOnFailure {
            try readStrictly {
                try $0.decodeStrictlyOnce(entry, as: type, parent: parent, key: key, registration: registration)
            }
        }
    }

    /// `read` by the strict reading's decoder. Where a report is collected, it reads first by a
    /// decoder that records nothing (``unrecordedStrictDecoder``), and only where that succeeds
    /// again by one that records its events (``strictDecoder``): most strict attempts where
    /// leniency acted fail, and their events were recorded only to be removed (one record in
    /// six of the messy citm_catalog's, the Benchmarks article). Both read alike: the second
    /// reading meets the failures the first remembered.
    func readStrictly<T>(_ read: (DecoderImpl) throws -> T) throws -> T {
        guard observer.recordsEvents else { return try read(strictDecoder) }
        let start = checkpoint()
        _ = try read(unrecordedStrictDecoder)
        // What the first reading counted and noted is counted and noted again by the second.
        rollBack(to: start)
        return try read(strictDecoder)
    }

    /// One strict decode, or the error the same decode gave before.
    @inline(never)
    /// `registration` is the registration of the type being decoded where the value is (its
    /// aliases and defaults apply to the objects it reads), as for any value this decoder moves to.
    func decodeStrictlyOnce<T: Decodable>(
        _ entry: Int, as type: T.Type, parent: CodingPathNode, key: ChildKey,
        registration: TypeRegistration?
    ) throws -> T {
        let attempt = StrictAttempt(entry: entry, type: ObjectIdentifier(type))
        if let error = session.strictFailures[attempt] { throw error }
        do {
            return try withRegistration(registration) {
                try with(entry: entry, path: parent.appending(key)) { try type.init(from: self) }
            }
        } catch {
            // Kept as thrown, in its box: cast to `DecodingError` and thrown again, each failure
            // was copied out of its box and into a new one (a fifth of a messy citm_catalog's
            // strict attempts, Benchmarks `instructions lenient messy_citm_catalog`).
            session.strictFailures.insert(error, for: attempt)
            throw error
        }
    }
}
