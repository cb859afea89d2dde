import Foundation
import LenientJSON
import Testing

// Properties of `PartialDecoder` (SPEC §14 rules 1-5) over every prefix of generated documents
// (Support/PartialGenerators.swift), fed byte by byte, in random pieces and as text, under each
// combination of `PartialOptions.pendingMembers` and `.strings`. What a snapshot may show is
// computed from where each value begins and ends (Support/PartialExpectations.swift); the final
// value is `decode(_:from:)`'s, which must equal JSONDecoder's wherever JSONDecoder reads the
// document. Every failure names the seed that regenerates its document.

// MARK: - Cases

/// The four combinations of what a snapshot shows for members not arrived and strings in progress.
let partialOptionCombinations: [PartialOptions] = [
    PartialOptions(pendingMembers: .defaults, strings: .prefix),
    PartialOptions(pendingMembers: .defaults, strings: .complete),
    PartialOptions(pendingMembers: .absent, strings: .prefix),
    PartialOptions(pendingMembers: .absent, strings: .complete),
]

func describeOptions(_ options: PartialOptions) -> String { ".\(options.pendingMembers)/.\(options.strings)" }

/// The decoder every property uses: the default (lenient) policy, dates as ISO 8601.
func partialTestDecoder() -> LenientJSONDecoder {
    let decoder = LenientJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

/// JSONDecoder configured to read what the generator writes without leniency (snake_case keys).
func partialFoundationDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}

/// Feeds `bytes[range]` to `partial` as bytes or (for `.text`) as a `String`.
func feed<T>(_ partial: inout PartialDecoder<T>, _ bytes: ArraySlice<UInt8>, as feeding: Feeding) throws {
    if feeding == .text {
        try partial.append(String(decoding: bytes, as: UTF8.self))
    } else {
        try partial.append(bytes)
    }
}

// MARK: - Every prefix of a valid document

/// Feeds one generated document and checks every snapshot and the finish (rules 1-5).
struct SnapshotPropertyCheck: PartialModelCheck {
    let document: GeneratedDocument
    let seed: UInt64
    let options: PartialOptions
    let feeding: Feeding

    func run<T: Codable & Equatable>(_ type: T.Type) -> [String] {
        let decoder = partialTestDecoder()
        let data = Data(document.bytes)
        var referenceReport = LenientDecodingReport()
        let reference: T
        do {
            reference = try decoder.decode(T.self, from: data, report: &referenceReport)
        } catch {
            return ["decode(_:from:) threw on a generated document: \(PartialErrorKey(error))"]
        }
        let finalTree = ValueTree.of(reference)
        var problems: [String] = []
        if finalTree != document.root.modelTree {
            // The generator's idea of the value and decode's disagree: a test bug or a decode bug.
            return ["decode(_:from:) gave \(finalTree), the generator wrote \(document.root.modelTree ?? .null)"]
        }
        if !document.usesCoercion {
            // The backbone: without leniency the value is JSONDecoder's.
            let foundation = Outcome { try partialFoundationDecoder().decode(T.self, from: paddedForFoundation(data)) }
            if foundation != .value(reference) {
                problems.append("JSONDecoder: \(foundation), decode(_:from:): \(describeValue(reference))")
            }
        }
        let finalEvents = referenceReport.events.map(PartialEventKey.init)
        let finalEventSet = Set(finalEvents)

        var partial = decoder.partial(T.self, options: options)
        var rng = SplitMix64(seed: seed ^ 0x5049_4543_4553_0000)
        var progress = ProgressRecord(rng: SplitMix64(seed: seed ^ 0x4153_4B00_0000_0000))
        if let problem = check(partial.snapshot(), &partial, count: 0, finalTree, finalEventSet, finalEvents, &progress)
        {
            return problems + [problem]
        }
        var previous = 0
        for cut in feeding.cuts(of: document.bytes, rng: &rng) {
            do {
                try feed(&partial, document.bytes[previous..<cut], as: feeding)
            } catch {
                return problems + ["append of bytes \(previous)..<\(cut) threw \(PartialErrorKey(error))"]
            }
            previous = cut
            let snapshot = partial.snapshot()
            if let problem = check(snapshot, &partial, count: cut, finalTree, finalEventSet, finalEvents, &progress) {
                return problems + [problem]
            }
        }
        // Rule 5: finish() is decode(_:from:): the same value and the same events.
        var report = LenientDecodingReport()
        do {
            let value = try partial.finish(report: &report)
            if !sameValue(value, reference) {
                problems.append("finish() gave \(describeValue(value)), decode(_:from:) \(describeValue(reference))")
            }
            let events = report.events.map(PartialEventKey.init)
            if events != finalEvents {
                problems.append("finish() events \(events), decode(_:from:) events \(finalEvents)")
            }
        } catch {
            problems.append("finish() threw \(PartialErrorKey(error)) where decode(_:from:) succeeded")
        }
        return problems
    }

    /// What earlier snapshots showed, which later ones must keep.
    struct ProgressRecord {
        /// Paths that `isComplete(at:)` called complete.
        var completed: [String: [PathStep]] = [:]
        /// The text each string value showed last.
        var strings: [String: String] = [:]
        /// The bytes of the last snapshot checked.
        var lastCount: Int?
        /// Chooses the values whose `isComplete(at:)` is asked without cause.
        var rng: SplitMix64
    }

    /// The first rule `snapshot` (after `count` bytes) breaks, or `nil`.
    func check<T: Codable & Equatable>(
        _ snapshot: PartialSnapshot<T>, _ partial: inout PartialDecoder<T>, count: Int, _ finalTree: ValueTree,
        _ finalEventSet: Set<PartialEventKey>, _ finalEvents: [PartialEventKey], _ progress: inout ProgressRecord
    ) -> String? {
        let last = count == document.bytes.count
        let expectation = PartialExpectation(options: options, count: count)
        let root = document.root
        let prefix = "after \(count) bytes (\(describeInput(Data(document.bytes.prefix(count))))): "
        if snapshot.bytesRead != count || partial.bytesRead != count {
            return prefix + "bytesRead \(snapshot.bytesRead) (decoder \(partial.bytesRead))"
        }
        // Rule 3 (pending, isComplete): the top-level value has ended exactly at its last byte.
        let rootComplete = expectation.isComplete(root)
        if snapshot.isComplete != rootComplete || partial.isComplete != rootComplete {
            return prefix
                + "isComplete \(snapshot.isComplete) (decoder \(partial.isComplete)), expected \(rootComplete)"
        }
        for (index, path) in snapshot.pending.enumerated() where index > 0 {
            let outer = snapshot.pending[index - 1]
            let rest = path.dropFirst(outer.count)
            if !path.hasPrefix(outer) || !(rest.hasPrefix(".") || rest.hasPrefix("[")) {
                return prefix + "pending \(snapshot.pending): \(path) is not inside \(outer)"
            }
        }
        let expectedPending = expectation.pending(root)
        if snapshot.pending != expectedPending {
            return prefix + "pending \(snapshot.pending), expected \(expectedPending)"
        }
        // isComplete(at:) is asked of the values whose state changed since the last snapshot,
        // the values in progress, a few others at random, and of every value in the last one.
        var problem: String?
        root.forEach { node in
            guard problem == nil else { return }
            let expected = expectation.isComplete(node)
            let changed =
                expected
                != (progress.lastCount.map { count in
                    PartialExpectation(options: options, count: count).isComplete(node)
                } ?? false)
            let inProgress = expectation.progress(node) == .inProgress
            let sampled = progress.rng.chance(0.04)
            guard changed || inProgress || sampled || last else { return }
            let complete = snapshot.isComplete(at: node.path)
            if complete != expected {
                problem = prefix + "isComplete(at: \"\(node.path)\") is \(complete)"
            } else if complete {
                progress.completed[node.path] = node.modelPath
            }
        }
        if let problem { return problem }
        var recheck = Array(progress.completed.keys)
        if !last { recheck = Array(recheck.shuffled(using: &progress.rng).prefix(2)) }
        for path in recheck.sorted() where !snapshot.isComplete(at: path) {
            return prefix + "isComplete(at: \"\(path)\") became false again"
        }
        progress.lastCount = count

        // Rules 1-2: what the value shows.
        let shape = expectation.rootShape(root)
        guard let value = snapshot.value else {
            if shape.mayBeUnbuildable { return nil }
            return prefix + "value is nil, expected \(shape)"
        }
        let tree = ValueTree.of(value)
        if let mismatch = shape.mismatch(tree, at: "$") { return prefix + mismatch }

        // Rule 3: a complete value is equal in every later snapshot and in the final value.
        for (path, steps) in progress.completed.sorted(by: { $0.key < $1.key }) {
            guard let shown = subtree(tree, steps) else { continue }
            if shown != subtree(finalTree, steps) {
                return prefix + "complete \(path) shows \(shown), the final value holds "
                    + "\(subtree(finalTree, steps).map(\.description) ?? "nothing")"
            }
        }
        // A string prefix only grows.
        root.forEach { node in
            guard problem == nil, case .string = node.value, case .string(let text)? = subtree(tree, node.modelPath)
            else { return }
            if let last = progress.strings[node.path], !text.unicodeScalars.starts(with: last.unicodeScalars) {
                problem = prefix + "\(node.path) shows \(text.debugDescription) after \(last.debugDescription)"
            }
            progress.strings[node.path] = text
        }
        if let problem { return problem }

        // The report holds only events of the final report; all of them once complete.
        let events = snapshot.report.events.map(PartialEventKey.init)
        if let stray = events.first(where: { !finalEventSet.contains($0) }) {
            return prefix + "snapshot event \(stray) is not among decode(_:from:)'s \(finalEvents)"
        }
        if snapshot.isComplete && events != finalEvents {
            return prefix + "complete snapshot's events \(events), decode(_:from:)'s \(finalEvents)"
        }
        return nil
    }
}

/// The value below `tree` along `steps`, or `nil` where a step is missing.
func subtree(_ tree: ValueTree, _ steps: [PathStep]) -> ValueTree? {
    var current: ValueTree? = tree
    for step in steps { current = current?.child(step) }
    return current
}

/// A failure message with everything needed to regenerate the case.
func partialFailure(
    _ problems: [String], model: PartialModel, seed: UInt64, options: PartialOptions? = nil, feeding: Feeding? = nil,
    document: GeneratedDocument
) -> Comment {
    let setting = [options.map(describeOptions), feeding.map { "feeding .\($0)" }].compactMap { $0 }.joined(
        separator: ", ")
    return """
        \(problems.prefix(3).joined(separator: "\n"))
          model \(model.rawValue), seed 0x\(String(seed, radix: 16)), \(setting), \(document.spelling) keys
          document (\(document.bytes.count) bytes): \(document.text)
        """
}

@Suite("Partial documents: properties over every prefix")
struct PartialPropertyTests {
    /// Seeds per combination of options: byte by byte checks many more snapshots per document.
    /// `PARTIAL_PROPERTY_SEEDS=n` checks `n` of each for a longer hunt.
    static func seeds(_ feeding: Feeding) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["PARTIAL_PROPERTY_SEEDS"], let count = UInt64(text), count > 0
        {
            return Array(1...count)
        }
        return feeding == .bytes ? [1] : [1, 2, 3]
    }

    /// Rules 1-5 on every snapshot of generated documents, for each model, way of cutting the
    /// document, and combination of options.
    @Test(arguments: PartialModel.allCases, Feeding.allCases)
    func everySnapshotKeepsTheRules(model: PartialModel, feeding: Feeding) {
        for (index, options) in partialOptionCombinations.enumerated() {
            for base in Self.seeds(feeding) {
                let seed =
                    0x5041_5254_0000_0000 &+ base &* 0x1_0000 &+ UInt64(index) &* 0x100
                    &+ UInt64(Feeding.allCases.firstIndex(of: feeding)!)
                let document = model.document(seed: seed)
                let check = SnapshotPropertyCheck(document: document, seed: seed, options: options, feeding: feeding)
                let problems = model.problems(check)
                let failure = partialFailure(
                    problems, model: model, seed: seed, options: options, feeding: feeding, document: document)
                #expect(problems.isEmpty, failure)
            }
        }
    }
}

// MARK: - Cut and bad documents

/// Rule 5 on documents cut short: `finish()` throws exactly `decode(_:from:)`'s error on the
/// same bytes (message included), and throws it again when called again.
struct CutDocumentCheck: PartialModelCheck {
    let document: GeneratedDocument
    let seed: UInt64

    func run<T: Codable & Equatable>(_ type: T.Type) -> [String] {
        var rng = SplitMix64(seed: seed ^ 0x4355_5400_0000_0000)
        var problems: [String] = []
        let cuts = (0..<6).map { _ in rng.int(0...max(0, document.bytes.count - 1)) } + [0]
        for count in cuts {
            let bytes = Array(document.bytes.prefix(count))
            let decoder = partialTestDecoder()
            let reference: String
            var referenceIsError = false
            do {
                reference = "value \(describeValue(try decoder.decode(T.self, from: Data(bytes))))"
            } catch {
                reference = "error \(PartialErrorKey(error))"
                referenceIsError = true
            }
            var partial = decoder.partial(T.self)
            var offset = 0
            do {
                while offset < bytes.count {
                    let end = min(bytes.count, offset + rng.int(1...16))
                    try partial.append(bytes[offset..<end])
                    offset = end
                    _ = partial.snapshot()
                }
            } catch {
                problems.append(
                    "cut at \(count): append threw \(PartialErrorKey(error)) on a prefix of a valid document")
                continue
            }
            var finished: [String] = []
            for _ in 0..<2 {
                do {
                    let value = try partial.finish()
                    finished.append("value \(describeValue(value))")
                } catch {
                    finished.append("error \(PartialErrorKey(error))")
                }
            }
            if finished[0] != reference {
                problems.append("cut at \(count): finish() gave \(finished[0]), decode(_:from:) \(reference)")
            } else if referenceIsError && finished[1] != reference {
                problems.append("cut at \(count): a second finish() gave \(finished[1]), the first \(reference)")
            }
        }
        return problems
    }
}

/// Rule 4: a byte that is never valid outside a string, inserted outside the strings of a valid
/// document. The first `append` that throws is the one that delivers it, with the error that
/// `decode(_:from:)` throws on the whole input; every later call throws it again.
struct BadByteCheck: PartialModelCheck {
    let document: GeneratedDocument
    let seed: UInt64
    let feeding: Feeding
    /// Set to the bad input when the case is checked (not when decode(_:from:) accepts it).
    let checked: Box

    final class Box { var input: [UInt8]? }

    func run<T: Codable & Equatable>(_ type: T.Type) -> [String] {
        var rng = SplitMix64(seed: seed ^ 0x4241_4400_0000_0000)
        let position = rng.pick(document.outsideStrings)
        let afterValue = position >= document.root.end
        let candidates: [UInt8] = Array("@%~=<;\\".utf8) + [0x01] + (afterValue ? Array("{1x\"]".utf8) : [])
        var bytes = document.bytes
        bytes.insert(rng.pick(candidates), at: position)
        let decoder = partialTestDecoder()
        let expected: PartialErrorKey
        do {
            _ = try decoder.decode(T.self, from: Data(bytes))
            return []
        } catch {
            expected = PartialErrorKey(error)
        }
        guard expected.info.kind == "dataCorrupted", let offset = expected.offset, offset <= position else { return [] }
        checked.input = bytes
        let label = "bad byte at \(position), decode(_:from:) threw \(expected): "
        var partial = decoder.partial(T.self)
        var previous = 0
        var thrown: PartialErrorKey?
        for cut in feeding.cuts(of: bytes, rng: &rng) {
            do {
                try feed(&partial, bytes[previous..<cut], as: feeding == .text ? .pieces : feeding)
                _ = partial.snapshot()
            } catch {
                thrown = PartialErrorKey(error)
                if !(previous...(cut - 1)).contains(position) {
                    return [label + "the first append to throw delivered bytes \(previous)..<\(cut)"]
                }
                break
            }
            if cut > position { return [label + "append of bytes \(previous)..<\(cut) did not throw"] }
            previous = cut
        }
        guard let thrown else { return [label + "no append threw"] }
        if thrown != expected { return [label + "append threw \(thrown)"] }
        var problems: [String] = []
        do {
            try partial.append(Array(" ".utf8))
            problems.append(label + "a later append did not throw")
        } catch {
            if PartialErrorKey(error) != expected {
                problems.append(label + "a later append threw \(PartialErrorKey(error))")
            }
        }
        _ = partial.snapshot()
        do {
            _ = try partial.finish()
            problems.append(label + "finish() after the error did not throw")
        } catch {
            if PartialErrorKey(error) != expected {
                problems.append(label + "finish() after the error threw \(PartialErrorKey(error))")
            }
        }
        return problems
    }
}

extension PartialPropertyTests {
    static let errorSeeds: [UInt64] = Array(1...12)

    /// Rule 5: a document cut short is decode(_:from:)'s error, never a value.
    @Test(arguments: PartialModel.allCases)
    func finishOnACutDocumentThrowsDecodesError(model: PartialModel) {
        for base in Self.errorSeeds {
            let seed = 0x4355_5400_0000_0000 &+ base
            let document = model.document(seed: seed)
            let problems = model.problems(CutDocumentCheck(document: document, seed: seed))
            #expect(problems.isEmpty, partialFailure(problems, model: model, seed: seed, document: document))
        }
    }

    /// Rule 4: append throws decode(_:from:)'s error exactly when the bad byte arrives.
    @Test(arguments: PartialModel.allCases, [Feeding.bytes, .pieces])
    func appendThrowsWhenTheBadByteArrives(model: PartialModel, feeding: Feeding) {
        var checkedCount = 0
        for base in Self.errorSeeds + Self.errorSeeds.map({ $0 + 100 }) {
            let seed = 0x4241_4400_0000_0000 &+ base
            let document = model.document(seed: seed)
            let box = BadByteCheck.Box()
            let problems = model.problems(BadByteCheck(document: document, seed: seed, feeding: feeding, checked: box))
            if box.input != nil { checkedCount += 1 }
            let input = box.input.map { "\n  bad input: \(describeInput(Data($0)))" } ?? ""
            #expect(
                problems.isEmpty,
                "\(partialFailure(problems, model: model, seed: seed, feeding: feeding, document: document))\(input)")
        }
        // Most insertions must make a document decode(_:from:) rejects, or the test checks nothing.
        #expect(checkedCount >= Self.errorSeeds.count)
    }
}

// MARK: - Members not arrived: .defaults and .absent

extension PartialPropertyTests {
    /// The value SPEC §14 rule 2 gives a `Reply` whose members have not arrived, under `.defaults`.
    static let emptyReply = Reply(
        answer: "", steps: [], confidence: 0, wordCount: 0, followUp: nil, keywords: [],
        section: DraftSection(heading: "", lines: [], depth: 0))

    /// Under `.defaults` a model whose members all have built-in defaults has a value from the
    /// first `{`; under `.absent` it has none while a required member has not begun.
    @Test(arguments: Array(UInt64(1)...8))
    func defaultsShowAValueFromTheFirstBrace(base: UInt64) throws {
        let seed = 0x4445_4600_0000_0000 &+ base
        let document = PartialModel.reply.document(seed: seed)
        guard case .object(let members, _) = document.root.value else { throw PartialTestError.notAnObject }
        let required = members.filter { !$0.node.optional }
        let decoder = partialTestDecoder()
        var defaults = decoder.partial(Reply.self, options: PartialOptions(pendingMembers: .defaults))
        var absent = decoder.partial(Reply.self, options: PartialOptions(pendingMembers: .absent))
        let label = "seed 0x\(String(seed, radix: 16)), document \(document.text)"
        for count in 1...document.bytes.count {
            try defaults.append(document.bytes[(count - 1)..<count])
            try absent.append(document.bytes[(count - 1)..<count])
            let begun = count > document.root.start
            #expect((defaults.snapshot().value != nil) == begun, "after \(count) bytes, \(label)")
            if required.contains(where: { $0.node.start >= count }) {
                #expect(absent.snapshot().value == nil, "after \(count) bytes under .absent, \(label)")
            }
        }
        #expect(absent.snapshot().value != nil, "\(label)")
    }

    /// A cut string, the defaults of members not arrived, and the same text under `.absent`.
    @Test(arguments: [
        (PartialOptions(pendingMembers: .defaults, strings: .prefix), "Hel" as String?),
        (PartialOptions(pendingMembers: .defaults, strings: .complete), ""),
        (PartialOptions(pendingMembers: .absent, strings: .prefix), nil),
        (PartialOptions(pendingMembers: .absent, strings: .complete), nil),
    ])
    func aReplyCutInsideItsAnswer(options: PartialOptions, answer: String?) throws {
        var partial = partialTestDecoder().partial(Reply.self, options: options)
        try partial.append(#"{"answer": "Hel"#)
        let snapshot = partial.snapshot()
        var expected = Self.emptyReply
        expected.answer = answer ?? ""
        #expect(snapshot.value == (answer == nil ? nil : expected))
        #expect(snapshot.pending == ["$", "$.answer"])
        #expect(snapshot.isComplete(at: "$.answer") == false)
        #expect(snapshot.isComplete == false)
    }

    /// Never `1` before `1000000`: the number shows only once the byte after it has arrived.
    @Test func aNumberShowsOnlyWhole() throws {
        let text =
            #"{"word_count": 1000000, "answer": "a", "steps": [], "confidence": 1, "keywords": [], "#
            + #""section": {"heading": "", "lines": [], "depth": 0}}"#
        var partial = partialTestDecoder().partial(Reply.self)
        let bytes = Array(text.utf8)
        let numberEnd = bytes.firstIndex(of: UInt8(ascii: ","))!
        for count in 1...bytes.count {
            try partial.append(bytes[(count - 1)..<count])
            let snapshot = partial.snapshot()
            let expected = count > numberEnd ? 1_000_000 : 0
            #expect(snapshot.value?.wordCount == expected, "after \(count) bytes")
            #expect(snapshot.isComplete(at: "$.word_count") == (count > numberEnd), "after \(count) bytes")
        }
        #expect(try partial.finish().wordCount == 1_000_000)
    }
}

enum PartialTestError: Error { case notAnObject }

// MARK: - The generator itself

/// `decode(_:from:)` of a generated document is the value the generator wrote, and JSONDecoder's
/// where no coercion was used: what the snapshot properties take as the final value is right.
struct GeneratedDocumentCheck: PartialModelCheck {
    let document: GeneratedDocument

    func run<T: Codable & Equatable>(_ type: T.Type) -> [String] {
        let data = Data(document.bytes)
        let lenient = Outcome { try partialTestDecoder().decode(T.self, from: data) }
        guard let value = lenient.value else { return ["decode(_:from:): \(lenient)"] }
        var problems: [String] = []
        if ValueTree.of(value) != document.root.modelTree {
            problems.append("decoded \(ValueTree.of(value)), written \(document.root.modelTree ?? .null)")
        }
        if !document.usesCoercion {
            let foundation = Outcome { try partialFoundationDecoder().decode(T.self, from: paddedForFoundation(data)) }
            if foundation != lenient { problems.append("JSONDecoder: \(foundation), LenientJSONDecoder: \(lenient)") }
        }
        return problems
    }
}

extension PartialPropertyTests {
    @Test(arguments: PartialModel.allCases)
    func generatedDocumentsDecodeAsWritten(model: PartialModel) {
        var foundationCompared = 0
        for base in UInt64(1)...60 {
            let seed = 0x4745_4E00_0000_0000 &+ base
            let document = model.document(seed: seed)
            if !document.usesCoercion { foundationCompared += 1 }
            let problems = model.problems(GeneratedDocumentCheck(document: document))
            #expect(problems.isEmpty, partialFailure(problems, model: model, seed: seed, document: document))
        }
        #expect(foundationCompared >= 10)
    }
}

// MARK: - The checks find what they are for

extension PartialPropertyTests {
    /// The expectation rejects snapshots with a fault planted in a real one: a number cut at the
    /// bytes that have arrived, a string in progress shown whole, a complete element left out.
    @Test(arguments: [PartialOptions(), PartialOptions(pendingMembers: .absent)])
    func plantedFaultsAreFound(options: PartialOptions) throws {
        var planted = 0
        for base in UInt64(1)...4 {
            let seed = 0x504C_4E54_0000_0000 &+ base
            let document = PartialModel.reply.document(seed: seed)
            var partial = partialTestDecoder().partial(Reply.self, options: options)
            for count in 1...document.bytes.count {
                try partial.append(document.bytes[(count - 1)..<count])
                guard let value = partial.snapshot().value else { continue }
                let tree = ValueTree.of(value)
                let expectation = PartialExpectation(options: options, count: count)
                let shape = expectation.rootShape(document.root)
                var faults: [(String, ValueTree)] = []
                document.root.forEach { node in
                    guard subtree(tree, node.modelPath) != nil else { return }
                    let progress = expectation.progress(node)
                    switch node.value {
                    case .number(_, let final, _) where progress == .inProgress:
                        let digits = String(decoding: document.bytes[node.start..<count], as: UTF8.self)
                        if let cut = Double(digits), cut != final, cut != 0 {
                            faults.append(
                                ("number \(digits) cut", tree.replacing(node.modelPath[...], with: .number(cut))))
                        }
                    case .string(let units) where progress == .inProgress && options.strings == .prefix:
                        let whole = units.map(\.text).joined()
                        if case .string(let shown)? = subtree(tree, node.modelPath), shown != whole {
                            faults.append(
                                ("string shown whole", tree.replacing(node.modelPath[...], with: .string(whole))))
                        }
                    case .array(let elements) where elements.first.map(expectation.isComplete) == true:
                        faults.append(
                            ("complete element left out", tree.replacing(node.modelPath[...] + [.index(0)], with: nil)))
                    default: break
                    }
                }
                for (fault, faulty) in faults {
                    planted += 1
                    #expect(
                        shape.mismatch(faulty, at: "$") != nil,
                        "\(fault) after \(count) bytes not found, seed 0x\(String(seed, radix: 16))")
                }
            }
        }
        #expect(planted >= 50)
    }
}

// MARK: - The fuzz target's check

/// The partial fuzz target's check (Fuzz/PartialFuzzCheck.swift) with one of the models here.
struct FuzzCheckOnModel: PartialModelCheck {
    let bytes: [UInt8]
    let decoder: LenientJSONDecoder
    let options: PartialOptions
    let pieces: UInt8

    func run<T: Codable & Equatable>(_ type: T.Type) -> [String] {
        FuzzPartialCheck.check(T.self, bytes, decoder, options, pieces).map { [$0] } ?? []
    }
}

extension PartialPropertyTests {
    /// Rules 4-5 through the fuzz target's check, on generated documents whole, cut, with a byte
    /// replaced and with a byte inserted, for the models here and the fuzz target's models.
    @Test(arguments: PartialModel.allCases)
    func fuzzCheckHoldsOnDamagedDocuments(model: PartialModel) {
        for base in UInt64(1)...5 {
            let seed = 0x4655_5A00_0000_0000 &+ base
            let document = model.document(seed: seed)
            var rng = SplitMix64(seed: seed)
            var replaced = document.bytes
            replaced[rng.int(0...(replaced.count - 1))] = UInt8(rng.int(0...255))
            var inserted = document.bytes
            inserted.insert(rng.pick(Array(#"{}[],:"0-e.\ "#.utf8)), at: rng.int(0...inserted.count))
            let variants = [
                document.bytes, Array(document.bytes.prefix(rng.int(0...document.bytes.count))), replaced, inserted,
            ]
            for bytes in variants {
                let options = rng.pick(partialOptionCombinations)
                let pieces = UInt8(rng.int(0...255))
                let decoder = FuzzPartialCheck.decoders[rng.int(0...(FuzzPartialCheck.decoders.count - 1))]
                let problems = model.problems(
                    FuzzCheckOnModel(bytes: bytes, decoder: decoder, options: options, pieces: pieces))
                let selector = rng.int(0...179)
                let fuzzProblem = FuzzPartialCheck.run(selector: selector, pieces: pieces, document: Data(bytes))
                let label = "seed 0x\(String(seed, radix: 16)), input \(describeInput(Data(bytes)))"
                #expect(problems.isEmpty, "\(problems) (\(describeOptions(options)), pieces \(pieces)), \(label)")
                #expect(fuzzProblem == nil, "\(fuzzProblem ?? "") (selector \(selector), pieces \(pieces)), \(label)")
            }
        }
    }
}

// MARK: - Hand-written types in progress

extension PartialPropertyTests {
    /// Rule 2: an element in progress that cannot be built is left out of its open array, also
    /// where a hand-written `init(from:)` throws on what has arrived (here `Block`, whose `type`
    /// is `""` or cut), rather than making the whole snapshot `nil`.
    @Test(arguments: [
        (#"[{"#, PartialOptions(), [Block]()),
        (#"[{"type":"count","count":1},{"type":"te"#, PartialOptions(), [Block.count(1)]),
        (
            #"[{"type":"count","count":1},{"text":"a","type":"te"#, PartialOptions(pendingMembers: .absent),
            [Block.count(1)]
        ),
    ])
    func anElementWhoseInitThrowsIsLeftOut(text: String, options: PartialOptions, expected: [Block]) throws {
        var partial = partialTestDecoder().partial([Block].self, options: options)
        try partial.append(text)
        let value = partial.snapshot().value
        #expect(value == expected)
    }
}

extension PartialPropertyTests {
    /// Rule 4: `append` throws as soon as the bytes so far cannot begin any document, with the
    /// error `decode(_:from:)` throws for those bytes. A first byte that begins no JSON value
    /// cannot begin a document in any encoding, so the first `append` throws, although zeros that
    /// come later would make `decode(_:from:)` of the whole read it as UTF-32 (or UTF-16) and
    /// throw "the data is not valid Unicode" instead: the error is certain before the encoding is
    /// (the partial fuzz target's finding, Fuzz/PartialFuzzTarget.swift). Every later call,
    /// `finish()` included, throws the same error.
    @Test(
        arguments: [
            [0x5D, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF], [0x7D, 0, 0, 0, 0x39, 0x39, 0x39, 0x2C],
            [0x5D, 0, 0x41, 0, 0, 0xD8],
        ] as [[UInt8]])
    func aFirstByteThatBeginsNoValueThrowsAtOnce(bytes: [UInt8]) {
        let decoder = partialTestDecoder()
        var expected: PartialErrorKey?
        do { _ = try decoder.decode([Int].self, from: Data(bytes[..<1])) } catch { expected = PartialErrorKey(error) }
        var partial = decoder.partial([Int].self)
        var thrown: PartialErrorKey?
        do { try partial.append(bytes[..<1]) } catch { thrown = PartialErrorKey(error) }
        #expect(expected != nil)
        #expect(thrown == expected, "decode(_:from:) of the first byte threw \(String(describing: expected))")
        var again: PartialErrorKey?
        do { try partial.append(bytes[1...]) } catch { again = PartialErrorKey(error) }
        #expect(again == expected)
        var atEnd: PartialErrorKey?
        do { _ = try partial.finish() } catch { atEnd = PartialErrorKey(error) }
        #expect(atEnd == expected)
    }
}
