import Foundation

/// The hand-over between the task that reads a ``PartialSnapshots`` source and the consumer:
/// the reading task adds each piece as it arrives; the consumer takes everything added since
/// it last took, so that while it is busy the pieces pile up as bytes, never as snapshots, and
/// its next snapshot is of all of them (the newest).
///
/// Only bytes are handed over, never a value of `T`, so the snapshots need not be `Sendable`:
/// the consumer appends and decodes in its own task.
// `@unchecked Sendable` is sound: every stored property is read and written only while holding `lock`.
final class SnapshotPieces: @unchecked Sendable {
    /// How the source ended.
    enum End {
        case finished
        case failed(any Error)
    }

    /// What the consumer takes: the bytes of the pieces read since it last took (`pieces` of
    /// them), and how the source ended, once it has.
    struct Taken {
        var bytes: [UInt8]
        var pieces: Int
        var end: End?
        var isCancelled: Bool
    }

    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var pieces = 0
    private var end: End?
    private var isCancelled = false
    /// The consumer, while it waits for a piece.
    private var waiter: CheckedContinuation<Void, Never>?

    /// Adds one piece read from the source.
    func add(_ piece: some Sequence<UInt8>) {
        let waiter = lock.withLock {
            bytes.append(contentsOf: piece)
            pieces += 1
            return takeWaiter()
        }
        waiter?.resume()
    }

    /// Adds one byte read from a source of bytes: a piece of its own.
    func add(_ byte: UInt8) {
        let waiter = lock.withLock {
            bytes.append(byte)
            pieces += 1
            return takeWaiter()
        }
        waiter?.resume()
    }

    /// Notes that the source has ended, or failed with `error`.
    func finish(throwing error: (any Error)?) {
        let waiter = lock.withLock {
            if end == nil { end = error.map { .failed($0) } ?? .finished }
            return takeWaiter()
        }
        waiter?.resume()
    }

    /// Notes that the consumer's task was cancelled, and wakes it.
    func cancel() {
        let waiter = lock.withLock {
            isCancelled = true
            return takeWaiter()
        }
        waiter?.resume()
    }

    /// Waits until a piece has arrived since the last call, the source has ended or the consumer
    /// is cancelled, then takes what has arrived.
    func take() async -> Taken {
        while true {
            if let taken = lock.withLock({ takeIfReady() }) { return taken }
            await withCheckedContinuation { continuation in
                let ready = lock.withLock {
                    guard pieces == 0, end == nil, !isCancelled else { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// What has arrived, taken, when anything has. Called with `lock` held.
    private func takeIfReady() -> Taken? {
        guard pieces > 0 || end != nil || isCancelled else { return nil }
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        defer { pieces = 0 }
        return Taken(bytes: taken, pieces: pieces, end: end, isCancelled: isCancelled)
    }

    /// The waiting consumer, no longer waiting. Called with `lock` held.
    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}

/// The task that reads a ``PartialSnapshots`` source into its ``SnapshotPieces``, started by the
/// consumer's first call and cancelled when the consumer is cancelled, stops, or drops its
/// iterator, so that the source is not read any further.
final class SnapshotReading: Sendable {
    private let task: Task<Void, Never>

    /// Starts reading with `read`, whose end or error goes to `pieces`.
    init(into pieces: SnapshotPieces, _ read: @escaping @Sendable (SnapshotPieces) async throws -> Void) {
        task = Task {
            do {
                try await read(pieces)
                pieces.finish(throwing: nil)
            } catch {
                pieces.finish(throwing: error)
            }
        }
    }

    /// Stops the reading.
    func cancel() { task.cancel() }

    deinit { task.cancel() }
}
