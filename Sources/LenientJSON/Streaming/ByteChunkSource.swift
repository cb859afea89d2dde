#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Where a stream's bytes come from, read a piece at a time into the reader's buffer.
protocol ByteChunkSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer`; the number read, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int
    /// Releases what the source holds (a file). Reading after it returns 0.
    func close()
}

/// The bytes of a file, read with `read(2)` straight into the caller's buffer (with
/// `FileHandle` where there is no `read`). The file is opened when the source is made and
/// closed by ``close()``, at the latest when the source goes away.
final class FileChunkSource: ByteChunkSource {
    private var handle: FileHandle?

    init(url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    deinit { close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        guard let handle, buffer.count > 0 else { return 0 }
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            guard let base = buffer.baseAddress else { return 0 }
            while true {
                #if canImport(Glibc)
                    let count = Glibc.read(handle.fileDescriptor, base, buffer.count)
                #elseif canImport(Musl)
                    let count = Musl.read(handle.fileDescriptor, base, buffer.count)
                #else
                    let count = Darwin.read(handle.fileDescriptor, base, buffer.count)
                #endif
                if count >= 0 { return count }
                let code = errno
                if code == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        #else
            guard let data = try handle.read(upToCount: buffer.count) else { return 0 }
            return data.copyBytes(to: buffer)
        #endif
    }

    func close() {
        try? handle?.close()
        handle = nil
    }
}

/// A source that reads through two functions: how an `AsyncSequence` reaches the reader. The
/// functions are made by inlinable code in the caller's module (see
/// ``LenientJSONDecoder/elements(of:from:)-(_,Bytes)``), where the sequence's type is known,
/// so that pulling its bytes is specialized for it instead of a generic call per byte.
final class SequenceChunkSource: ByteChunkSource {
    private var functions: SequenceReadFunctions?

    init(_ functions: SequenceReadFunctions) {
        self.functions = functions
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        guard let functions else { return 0 }
        return try await functions.read(buffer)
    }

    func close() {
        functions?.close()
        functions = nil
    }
}

/// Reading an `AsyncSequence` into the reader's buffer: `read` fills it and returns the number
/// of bytes (0 at the end); `close` lets go of the sequence's iterator.
@usableFromInline
struct SequenceReadFunctions {
    @usableFromInline let read: (UnsafeMutableRawBufferPointer) async throws -> Int
    @usableFromInline let close: () -> Void

    @inlinable
    init(read: @escaping (UnsafeMutableRawBufferPointer) async throws -> Int, close: @escaping () -> Void) {
        self.read = read
        self.close = close
    }
}

/// The bytes of any `AsyncSequence` of `UInt8`, pulled one at a time (the only way a sequence
/// of bytes gives them) and handed on in pieces. A piece ends at a line break, so that a JSON
/// Lines stream that arrives slowly yields each line as soon as it is there, or when the
/// buffer is full. Inlinable, so that the loop is specialized for the sequence's type in the
/// caller's module (`URL.AsyncBytes`, `FileHandle.AsyncBytes` and the like buffer their bytes,
/// and each `next()` is then a few instructions).
@usableFromInline
final class AsyncByteChunks<Bytes: AsyncSequence> where Bytes.Element == UInt8 {
    @usableFromInline var iterator: Bytes.AsyncIterator?

    @inlinable
    init(_ bytes: Bytes) {
        iterator = bytes.makeAsyncIterator()
    }

    @inlinable
    var functions: SequenceReadFunctions {
        SequenceReadFunctions(read: { try await self.read(into: $0) }, close: { self.iterator = nil })
    }

    @inlinable
    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        guard var bytes = iterator else { return 0 }
        var count = 0
        while count < buffer.count {
            guard let byte = try await bytes.next() else {
                iterator = nil
                return count
            }
            buffer[count] = byte
            count += 1
            if byte == UInt8(ascii: "\n") { break }
        }
        iterator = bytes
        return count
    }
}

/// The bytes of an `AsyncSequence` of chunks (`Data`, `[UInt8]`), copied into the reader's
/// buffer a chunk at a time: no per-byte `await`. A piece ends where a chunk ends, so each
/// chunk is decoded as far as it goes as soon as it has arrived. Inlinable, as
/// ``AsyncByteChunks``, so that the copy is specialized for the chunk type.
@usableFromInline
final class AsyncChunkSource<Chunks: AsyncSequence> where Chunks.Element: DataProtocol {
    @usableFromInline var iterator: Chunks.AsyncIterator?
    /// The part of the last chunk not handed on yet.
    @usableFromInline var pending: Chunks.Element.SubSequence?

    @inlinable
    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    @inlinable
    var functions: SequenceReadFunctions {
        SequenceReadFunctions(
            read: { try await self.read(into: $0) },
            close: {
                self.iterator = nil
                self.pending = nil
            })
    }

    @inlinable
    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        while pending == nil {
            guard var chunks = iterator else { return 0 }
            guard let chunk = try await chunks.next() else {
                iterator = nil
                return 0
            }
            iterator = chunks
            if !chunk.isEmpty { pending = chunk[...] }
        }
        guard let chunk = pending else { return 0 }
        let end = chunk.index(chunk.startIndex, offsetBy: buffer.count, limitedBy: chunk.endIndex) ?? chunk.endIndex
        let count = chunk[..<end].copyBytes(to: buffer)
        pending = end == chunk.endIndex ? nil : chunk[end...]
        return count
    }
}
