// The check of the partial-document fuzz target (Fuzz/PartialFuzzTarget.swift, SPEC §14 rules 4
// and 5): any bytes, appended to a `PartialDecoder` in pieces of varied sizes with a snapshot
// after each, never trap; `finish()` gives what `decode(_:from:)` gives for the same bytes (the
// same value or the same error, and the same events); an `append` that throws throws
// `decode(_:from:)`'s error, and `finish()` throws it again. The test target sees this file
// through a symlink in Tests/LenientJSONTests/Support/ (PartialPropertyTests runs it on
// generated and damaged documents). Built by Scripts/fuzz.sh together with the library sources
// and Fuzz/FuzzModels.swift.
import Foundation

#if canImport(LenientJSON)
    // The test target imports the library; Scripts/fuzz.sh compiles its sources into one module.
    import LenientJSON
#endif

enum FuzzPartialCheck {
    /// The decoders an input's first byte chooses from.
    static let decoders: [LenientJSONDecoder] = {
        var result = [LenientPolicy.lenient, .strict, .permissive].map { LenientJSONDecoder(policy: $0) }
        let dates = LenientJSONDecoder()
        dates.dateDecodingStrategy = .iso8601
        dates.keyDecodingStrategy = .convertFromSnakeCase
        let json5 = LenientJSONDecoder()
        json5.allowsJSON5 = true
        result += [dates, json5]
        return result
    }()

    /// What snapshots show, chosen by the first byte too.
    static let options: [PartialOptions] = [
        PartialOptions(),
        PartialOptions(pendingMembers: .absent),
        PartialOptions(strings: .complete),
        PartialOptions(pendingMembers: .absent, strings: .complete),
    ]

    /// How many models the selector chooses from (the cases of ``run(selector:pieces:document:)``).
    static let modelCount = 9

    /// Feeds `document` in pieces to the decoder (`selector % decoders.count`), options and
    /// model that `selector`, an input's first byte, picks; `pieces`, its second byte, picks the
    /// piece sizes. Returns what went wrong, or `nil`; a trap stops the process.
    static func run(selector: Int, pieces: UInt8, document data: Data) -> String? {
        let decoder = decoders[selector % decoders.count]
        let chosen = options[(selector / decoders.count) % options.count]
        let bytes = [UInt8](data)
        switch (selector / (decoders.count * options.count)) % modelCount {
        case 0: return check(FuzzModel.self, bytes, decoder, chosen, pieces)
        case 1: return check(FuzzOptionals.self, bytes, decoder, chosen, pieces)
        case 2: return check([FuzzNested].self, bytes, decoder, chosen, pieces)
        case 3: return check([String: Int?].self, bytes, decoder, chosen, pieces)
        case 4: return check([[Double]].self, bytes, decoder, chosen, pieces)
        case 5: return check([FuzzKind?].self, bytes, decoder, chosen, pieces)
        case 6: return check(FuzzJSON<FuzzBoolThenArray>.self, bytes, decoder, chosen, pieces)
        case 7: return check([FuzzRecord].self, bytes, decoder, chosen, pieces)
        default: return check(String.self, bytes, decoder, chosen, pieces)
        }
    }

    /// The sizes of the pieces: a cycle of 1 to 16 bytes drawn from `seed`, so that one input
    /// cuts its document at many places.
    static func pieceSizes(_ seed: UInt8) -> [Int] {
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        return (0..<7).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return Int((state >> 16) % 16) + 1
        }
    }

    /// The mismatch between feeding `bytes` in pieces and decoding them whole, or `nil`.
    static func check<T: Decodable & Equatable>(
        _ type: T.Type, _ bytes: [UInt8], _ decoder: LenientJSONDecoder, _ options: PartialOptions, _ seed: UInt8
    ) -> String? {
        var report = LenientDecodingReport()
        let expected = Result { try decoder.decode(T.self, from: Data(bytes), report: &report) }
        var partial = decoder.partial(T.self, options: options)
        let sizes = pieceSizes(seed)
        var offset = 0
        var turn = 0
        var snapshot: PartialSnapshot<T>?
        while offset < bytes.count {
            let end = min(bytes.count, offset + sizes[turn % sizes.count])
            turn += 1
            do {
                try partial.append(bytes[offset..<end])
            } catch {
                // A first piece of one byte: its error is certain before the encoding is (zeros
                // after it would make the whole UTF-32), and it is `decode(_:from:)`'s for that
                // byte (PartialPropertyTests.aFirstByteThatBeginsNoValueThrowsAtOnce).
                let reference = end == 1 ? Result { try decoder.decode(T.self, from: Data(bytes[..<1])) } : expected
                return appendFailed(error, at: offset..<end, reference, &partial)
            }
            offset = end
            // At most about 16 snapshots an input: each re-decodes what changed, and a
            // hand-written "any JSON" type re-decodes much of a long document.
            if turn % max(1, bytes.count / 128) == 0 || offset == bytes.count {
                snapshot = partial.snapshot()
                for path in snapshot?.pending ?? [] { _ = snapshot?.isComplete(at: path) }
            }
        }
        var finishReport = LenientDecodingReport()
        let finished = Result { try partial.finish(report: &finishReport) }
        switch (expected, finished) {
        case (.success(let value), .success(let got)):
            if !same(value, got) { return "finish() gave \(got), decode(_:from:) \(value)" }
            let events = finishReport.events.map(eventKey)
            let reference = report.events.map(eventKey)
            if events != reference { return "finish() events \(events), decode(_:from:) events \(reference)" }
            // Rule 3: once the top-level value has ended, the snapshot's value is final.
            if let snapshot, snapshot.isComplete, let shown = snapshot.value, !same(shown, value) {
                return "complete snapshot shows \(shown), decode(_:from:) gave \(value)"
            }
            return nil
        case (.failure(let error), .failure(let got)):
            let a = problem(error)
            let b = problem(got)
            return a == b ? nil : "finish() threw \(b), decode(_:from:) \(a)"
        case (.success(let value), .failure(let got)):
            return "finish() threw \(problem(got)) where decode(_:from:) gave \(value)"
        case (.failure(let error), .success(let got)):
            return "finish() gave \(got) where decode(_:from:) threw \(problem(error))"
        }
    }

    /// Rule 4: the error of an `append` is `decode(_:from:)`'s, thrown again by `finish()`.
    static func appendFailed<T>(
        _ error: any Error, at piece: Range<Int>, _ expected: Result<T, any Error>, _ partial: inout PartialDecoder<T>
    ) -> String? {
        guard case .failure(let reference) = expected else {
            return "append of bytes \(piece) threw \(problem(error)) where decode(_:from:) succeeded"
        }
        let thrown = located(problem(error))
        if thrown != located(problem(reference)) {
            return "append of bytes \(piece) threw \(problem(error)), decode(_:from:) \(problem(reference))"
        }
        _ = partial.snapshot()
        do {
            _ = try partial.finish()
            return "finish() after append threw gave a value"
        } catch {
            if located(problem(error)) != thrown { return "finish() after append threw \(problem(error))" }
        }
        return nil
    }

    /// An error as compared: its problem (case, path, line, column, offset, message).
    static func problem(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "not a DecodingError: \(error)" }
        let problem = LenientDecodingProblem(decodingError)
        return "\(problem.kind) at \(problem.path) line \(problem.line ?? -1) column \(problem.column ?? -1) "
            + "offset \(problem.offset ?? -1): \(problem.message)"
    }

    /// The part of a problem that `append` must match: everything before the message, whose
    /// excerpt of the input may end where the bytes appended end.
    static func located(_ problem: String) -> Substring {
        problem.prefix { $0 != ":" }
    }

    static func eventKey(_ event: LenientDecodingEvent) -> String {
        "\(event.rule)/\(event.kind) at \(event.path) offset \(event.offset ?? -1)"
    }

    /// Equal values, NaN equal to NaN (compared by description where `==` says no).
    static func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
        a == b || String(reflecting: a) == String(reflecting: b)
    }
}
