// Partial-document rows of `compare` (issue #37, item 3; SPEC 14, rule 7): a generated catalog
// of many small items, arriving in pieces, decoded with `LenientJSONDecoder.partial(_:options:)`:
//   - growth: a snapshot after every 256 bytes, the whole document of n items against 4n items
//     (the total time within 5x);
//   - a 100 KB document in 16-byte pieces with a snapshot after each, against closing the
//     brackets of each prefix and decoding it with `JSONDecoder` (at least 50x faster);
//   - every 16-byte piece appended without snapshots, then `finish()`, against one
//     `decode(_:from:)` of the whole (at most 1.5x).
//
//   compare --partial [iterations=3]     (these rows alone; about 1 minute, most of it the baseline)

import Foundation
import LenientJSON

/// An item of the generated catalog: a few strings, numbers, a flag, tags and a nested object
/// (about 150 bytes).
struct PartialItem: Codable, Equatable, Sendable {
    struct Owner: Codable, Equatable, Sendable {
        var name: String
        var email: String
    }
    var id: Int
    var name: String
    var price: Double
    var inStock: Bool
    var tags: [String]
    var owner: Owner

    static func make(_ id: Int) -> PartialItem {
        PartialItem(
            id: id, name: "Item número \(id)", price: Double(id % 1000) / 8 + 0.5, inStock: id % 3 != 0,
            tags: ["tag\(id % 7)", "group \(id % 13)"],
            owner: Owner(name: "Owner \(id % 97)", email: "owner\(id % 97)@example.com"))
    }
}

/// The generated document: a title and its items.
struct PartialCatalog: Codable, Equatable, Sendable {
    var title: String
    var items: [PartialItem]

    /// The catalog of `count` items, as compact JSON with the members in the order declared
    /// (the title first, each item's owner last).
    static func document(items count: Int) -> [UInt8] {
        var text = #"{"title":"A catalog of \#(count) items","items":["#
        for id in 0..<count {
            let item = PartialItem.make(id)
            if id > 0 { text += "," }
            text += #"""
                {"id":\#(item.id),"name":"\#(item.name)","price":\#(item.price),"inStock":\#(item.inStock),"tags":\#
                ["\#(item.tags[0])","\#(item.tags[1])"],"owner":{"name":"\#(item.owner.name)","email":"\#
                \#(item.owner.email)"}}
                """#
        }
        return Array((text + "]}").utf8)
    }

    /// The smallest catalog of at least `bytes` bytes.
    static func document(atLeast bytes: Int) -> [UInt8] {
        var count = Swift.max(1, bytes / 150)
        while true {
            let document = document(items: count)
            if document.count >= bytes { return document }
            count += Swift.max(1, (bytes - document.count) / 150 + 1)
        }
    }
}

/// The usual way of showing a growing document before this library: close the brackets of the
/// prefix and decode it again.
///
/// One pass over the prefix finds the last place where the text so far is a valid beginning
/// that ends at a value boundary: just after a `[` or `{`, or just after a whole value (a
/// string value, a closed array or object, or a number or literal followed by a delimiter).
/// The prefix is cut there, which drops a token in progress (a number, a literal, a string, a
/// key with or without its colon) and a trailing comma, and the closers of the containers open
/// at that place are appended.
enum BracketCloser {
    /// The prefix `bytes[..<count]` cut and closed as a complete document, or `nil` when no
    /// value has begun.
    static func close(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8]? {
        var open: [UInt8] = []  // the closer of each open container, outermost first
        var safeEnd = 0
        var safeOpen: [UInt8] = []
        var inString = false
        var escaped = false
        var stringIsValue = false
        var inToken = false  // a number or literal
        var expectsValue: [Bool] = []  // per open object: after a colon
        var index = 0
        func mark(_ end: Int) {
            safeEnd = end
            safeOpen = open
        }
        while index < count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if stringIsValue { mark(index + 1) }
                }
                index += 1
                continue
            }
            if inToken {
                switch byte {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
                    UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    inToken = false
                    mark(index)
                default:
                    index += 1
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringIsValue = open.last != UInt8(ascii: "}") || expectsValue.last == true
            case UInt8(ascii: "["):
                open.append(UInt8(ascii: "]"))
                mark(index + 1)
            case UInt8(ascii: "{"):
                open.append(UInt8(ascii: "}"))
                expectsValue.append(false)
                mark(index + 1)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if byte == UInt8(ascii: "}") { _ = expectsValue.popLast() }
                _ = open.popLast()
                mark(index + 1)
            case UInt8(ascii: ":"), UInt8(ascii: ","):
                if open.last == UInt8(ascii: "}"), !expectsValue.isEmpty {
                    expectsValue[expectsValue.count - 1] = byte == UInt8(ascii: ":")
                }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                inToken = true
            }
            index += 1
        }
        guard safeEnd > 0 else { return nil }
        var closed = Array(bytes[..<safeEnd])
        closed.append(contentsOf: safeOpen.reversed())
        return closed
    }
}

enum PartialRows {
    /// The item counts of the growth figure (n and 4n).
    static let growthItems = 500
    /// The size of the document of the other two figures.
    static let documentBytes = 100_000

    /// What a run of snapshots showed: the last value, and how many snapshots had a value.
    struct Shown: Equatable {
        var last: PartialCatalog?
        var values = 0
    }

    /// Snapshots of `bytes` arriving in pieces of `piece` bytes, one after each piece.
    static func snapshots(_ bytes: [UInt8], piece: Int) throws -> Shown {
        var partial = LenientJSONDecoder().partial(PartialCatalog.self)
        var last: PartialCatalog?
        var shown = 0
        var start = 0
        while start < bytes.count {
            let end = Swift.min(start + piece, bytes.count)
            try partial.append(bytes[start..<end])
            last = partial.snapshot().value
            shown &+= last == nil ? 0 : 1
            start = end
        }
        return Shown(last: last, values: shown)
    }

    /// Each prefix of `bytes` that ends a piece of `piece` bytes, its brackets closed and
    /// decoded with `JSONDecoder` (a failure shows nothing).
    static func closingBrackets(_ bytes: [UInt8], piece: Int) -> Shown {
        let decoder = JSONDecoder()
        var last: PartialCatalog?
        var shown = 0
        bytes.withUnsafeBufferPointer { buffer in
            var end = 0
            while end < buffer.count {
                end = Swift.min(end + piece, buffer.count)
                last = BracketCloser.close(buffer, count: end).flatMap {
                    try? decoder.decode(PartialCatalog.self, from: Data($0))
                }
                shown &+= last == nil ? 0 : 1
            }
        }
        return Shown(last: last, values: shown)
    }

    /// Every piece appended without snapshots, then `finish()`.
    static func appendsAndFinish(_ bytes: [UInt8], piece: Int) throws -> PartialCatalog {
        var partial = LenientJSONDecoder().partial(PartialCatalog.self)
        var start = 0
        while start < bytes.count {
            let end = Swift.min(start + piece, bytes.count)
            try partial.append(bytes[start..<end])
            start = end
        }
        return try partial.finish()
    }

    /// The time this thread has run, in milliseconds (not the time it waited for a core).
    static func cpuNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// Medians of one way of decoding: wall-clock and CPU time, in milliseconds.
    struct Times {
        let wall: Double
        let cpu: Double
    }

    /// Runs each of `runs` `warmup` times, then `iterations` times in turn (the first of each
    /// round rotating), and returns their medians.
    static func medians(iterations: Int, warmup: Int, _ runs: [() throws -> Void]) throws -> [Times] {
        for _ in 0..<warmup { for run in runs { try run() } }
        var wall: [[Double]] = Array(repeating: [], count: runs.count)
        var cpu: [[Double]] = Array(repeating: [], count: runs.count)
        for iteration in 0..<iterations {
            for step in 0..<runs.count {
                let index = (iteration + step) % runs.count
                let start = cpuNow()
                wall[index].append(try milliseconds(runs[index]))
                cpu[index].append(cpuNow() - start)
            }
        }
        return zip(wall, cpu).map { Times(wall: median($0), cpu: median($1)) }
    }

    /// `compare --partial-run snapshots-16|snapshots-256|snapshots-256-n|appends|decode [times=1]`:
    /// one way of decoding, run `times` times and timed by nothing, for a profiler (callgrind,
    /// perf); `snapshots-256` reads the 4n items of the growth figure, `snapshots-256-n` the n.
    static func profile(_ arguments: [String]) throws {
        let document = PartialCatalog.document(atLeast: documentBytes)
        let large = PartialCatalog.document(items: 4 * growthItems)
        let times = arguments.dropFirst().first.flatMap { Int($0) } ?? 1
        let run: () throws -> Void
        switch arguments.first {
        case "snapshots-16": run = { withExtendedLifetime(try snapshots(document, piece: 16)) {} }
        case "snapshots-256": run = { withExtendedLifetime(try snapshots(large, piece: 256)) {} }
        case "snapshots-256-n":
            let small = PartialCatalog.document(items: growthItems)
            run = { withExtendedLifetime(try snapshots(small, piece: 256)) {} }
        case "appends": run = { withExtendedLifetime(try appendsAndFinish(document, piece: 16)) {} }
        case "decode":
            let whole = Data(document)
            run = { withExtendedLifetime(try LenientJSONDecoder().decode(PartialCatalog.self, from: whole)) {} }
        default:
            FileHandle.standardError.write(
                Data(
                    "usage: compare --partial-run snapshots-16|snapshots-256|snapshots-256-n|appends|decode [times]\n"
                        .utf8))
            exit(2)
        }
        for _ in 0..<Swift.max(1, times) { try run() }
    }

    /// Prints the table and the targets.
    static func report(iterations: Int = 3, warmup: Int = 1) throws {
        let small = PartialCatalog.document(items: growthItems)
        let large = PartialCatalog.document(items: 4 * growthItems)
        let document = PartialCatalog.document(atLeast: documentBytes)
        let expected = try JSONDecoder().decode(PartialCatalog.self, from: Data(document))

        // The ways agree on the whole document, or the timings compare different work.
        let lenientShown = try snapshots(document, piece: 16)
        let baselineShown = closingBrackets(document, piece: 16)
        guard lenientShown.last == expected, baselineShown.last == expected,
            try appendsAndFinish(document, piece: 16) == expected,
            try LenientJSONDecoder().decode(PartialCatalog.self, from: Data(document)) == expected,
            try snapshots(large, piece: 256).last == JSONDecoder().decode(PartialCatalog.self, from: Data(large))
        else {
            print("WARNING: the partial decodes disagree with JSONDecoder on the whole document")
            return
        }

        // The baseline's runs take seconds each: they are their own warm-up, and the other
        // figures, which take milliseconds, run at least 5 and 15 times.
        let growthRuns = Swift.max(iterations, 5)
        let growth = try medians(
            iterations: growthRuns, warmup: warmup,
            [
                { withExtendedLifetime(try snapshots(small, piece: 256)) {} },
                { withExtendedLifetime(try snapshots(large, piece: 256)) {} },
            ])
        let versus = try medians(
            iterations: iterations, warmup: 0,
            [
                { withExtendedLifetime(closingBrackets(document, piece: 16)) {} },
                { withExtendedLifetime(try snapshots(document, piece: 16)) {} },
            ])
        let whole = Data(document)
        let finishRuns = Swift.max(iterations, 15)
        let finishing = try medians(
            iterations: finishRuns, warmup: warmup,
            [
                { withExtendedLifetime(try LenientJSONDecoder().decode(PartialCatalog.self, from: whole)) {} },
                { withExtendedLifetime(try appendsAndFinish(document, piece: 16)) {} },
            ])

        let kilobytes = { (bytes: [UInt8]) in String(format: "%.1f KB", Double(bytes.count) / 1000) }
        print(
            """
            \nPartial documents: a catalog of small items (title; id, name, price, inStock, tags, owner {name, email}\
            ); interleaved runs, \(growthRuns), \(iterations) (no warm-up) and \(finishRuns) for the three figures, \
            after \(warmup) warm-up; medians \
            of wall-clock time, and of the thread's CPU time (without the time it waited for a core)
            """
        )
        print(
            """
            | figure | baseline | baseline ms (CPU ms) | LenientJSON | LenientJSON ms (CPU ms) | ratio (CPU ra\
            tio) |
            """)
        print("|---|---|---:|---|---:|---:|")
        func times(_ times: Times) -> String { "\(format(times.wall)) (\(format(times.cpu)))" }
        func ratio(_ top: Times, _ bottom: Times) -> (wall: Double, cpu: Double) {
            (top.wall / bottom.wall, top.cpu / bottom.cpu)
        }
        let growthRatio = ratio(growth[1], growth[0])
        let speedup = ratio(versus[0], versus[1])
        let finishRatio = ratio(finishing[1], finishing[0])
        print(
            """
            | growth, a snapshot every 256 bytes | n = \(growthItems) items (\(kilobytes(small)), \
            \((small.count + 255) / 256) snapshots) | \(times(growth[0])) | 4n = \(4 * growthItems) items \
            (\(kilobytes(large)), \((large.count + 255) / 256) snapshots) | \(times(growth[1])) | \
            \(format(growthRatio.wall))x (\(format(growthRatio.cpu))x) |
            | \(kilobytes(document)) in 16-byte pieces, a snapshot after each (\((document.count + 15) / 16) snaps\
            hots) | closing the brackets of each prefix + JSONDecoder | \(times(versus[0])) | partial + snapshot() \
            | \(times(versus[1])) | \(format(speedup.wall))x (\(format(speedup.cpu))x) faster |
            | \(kilobytes(document)) in 16-byte pieces, no snapshots | one decode(_:from:) of the whole \
            | \(times(finishing[0])) | append every piece + finish() | \(times(finishing[1])) | \
            \(format(finishRatio.wall))x (\(format(finishRatio.cpu))x) |
            """
        )
        print(
            """

            Closing the brackets: one pass over each prefix cuts it after the last whole value or opening bracket \
            (dropping a token, string or key in progress and a trailing comma) and appends the closers of the \
            containers open there; JSONDecoder decodes the result into the same model, and a prefix it cannot \
            decode (an item whose members have not all arrived) shows nothing: it showed a value for \
            \(baselineShown.values) of the \((document.count + 15) / 16) prefixes, LenientJSON for \
            \(lenientShown.values). \
            Every prefix of the \(kilobytes(document)) document is measured, none extrapolated.
            """
        )
        print("\nPartial document targets (SPEC 14, rule 7; wall-clock medians, CPU time in parentheses):")
        print(
            """
            \(verdict(growthRatio.wall <= 5)) snapshot every 256 bytes, 4n over n \(format(growthRatio.wall))x \
            (\(format(growthRatio.cpu))x) <= 5.00x
            """)
        print(
            """
            \(verdict(speedup.wall >= 50)) snapshot every 16 bytes of \(kilobytes(document)) \
            \(format(speedup.wall))x (\(format(speedup.cpu))x) faster than closing the brackets + JSONDecoder >= 50x
            """
        )
        print(
            """
            \(verdict(finishRatio.wall <= 1.5)) 16-byte appends + finish() over one decode(_:from:) \
            \(format(finishRatio.wall))x (\(format(finishRatio.cpu))x) <= 1.50x
            """
        )
    }
}
