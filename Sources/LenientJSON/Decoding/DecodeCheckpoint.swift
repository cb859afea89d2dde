/// Where a decode stood before an attempt that may be abandoned: the report's events, the
/// counts of rules that acted, the unused-key logs, and the registration of the type being
/// decoded. An abandoned attempt (a hand-written decoder's alternative that failed, a strict
/// reading that lost, a value replaced by a default or a fallback) is rolled back to it
/// (``DecoderImpl/rollBack(to:)``), so that what is left describes the value returned (the
/// TheReport article: the report describes the value returned, nothing else).
struct DecodeCheckpoint {
    /// How many events were recorded.
    let events: Int
    /// ``DecodeSession/leniencyCount``.
    let leniency: Int
    /// ``DecodeSession/structuralCount``.
    let structural: Int
    /// ``DecodeSession/unrepeatedCount``.
    let unrepeated: Int
    /// Where the unused-key logs stood; `nil` when unused keys are not tracked.
    let unusedKeys: UnusedKeyTracker.Mark?
    /// ``DecoderImpl/currentRegistration``.
    let registration: TypeRegistration?
}

extension DecoderImpl {
    /// Where the decode stands now.
    @inline(__always)
    func checkpoint() -> DecodeCheckpoint {
        DecodeCheckpoint(
            events: observer.eventCount, leniency: session.leniencyCount, structural: session.structuralCount,
            unrepeated: session.unrepeatedCount, unusedKeys: observer.unusedKeysMark,
            registration: currentRegistration)
    }

    /// Takes back everything done since `checkpoint`: its events are removed, the counts and the
    /// registration put back, the unused-key logs cut back.
    func rollBack(to checkpoint: DecodeCheckpoint) {
        observer.removeEvents(from: checkpoint.events)
        session.leniencyCount = checkpoint.leniency
        session.structuralCount = checkpoint.structural
        session.unrepeatedCount = checkpoint.unrepeated
        observer.discardUnusedKeys(from: checkpoint.unusedKeys)
        currentRegistration = checkpoint.registration
    }

    /// Whether a rule acted since `checkpoint`: an event recorded, or leniency or a structural
    /// rule counted.
    func hasActed(since checkpoint: DecodeCheckpoint) -> Bool {
        observer.eventCount != checkpoint.events || session.leniencyCount != checkpoint.leniency
            || session.structuralCount != checkpoint.structural
    }

    /// Runs `body`; when it throws, the decode is rolled back to where it stood before, since the
    /// attempt was abandoned.
    @inline(__always)
    func rollingBackOnFailure<R>(_ body: () throws -> R) rethrows -> R {
        let start = checkpoint()
        do {
            return try body()
        } catch {
            rollBack(to: start)
            throw error
        }
    }

    /// Runs `body` with `registration` as the registration of the type being decoded (its key
    /// aliases and defaults apply to the objects it reads), and the one before it after.
    @inline(__always)
    func withRegistration<R>(_ registration: TypeRegistration?, _ body: () throws -> R) rethrows -> R {
        let outer = currentRegistration
        currentRegistration = registration
        defer { currentRegistration = outer }
        return try body()
    }
}
