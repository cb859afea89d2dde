import Foundation
import LenientJSON
import Testing

/// Hostile input: every byte sequence gives a value or a `DecodingError` with a path and a
/// position, never a trap, hang or runaway memory.
@Suite("Bad input")
struct BadInputTests {
    struct Model: Decodable, Equatable {
        var a: Int?
        var b: [String]?
        var c: [String: Double]?
    }

    /// Asserts that decoding either succeeds or throws a `DecodingError` whose description
    /// names a JSON path.
    func expectValueOrLocatedError<T: Decodable>(
        _ type: T.Type, _ data: Data, policy: LenientPolicy = .lenient,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try LenientJSONDecoder(policy: policy).decode(type, from: data)
        } catch let error as DecodingError {
            let description = Self.context(error).debugDescription
            #expect(
                description.contains("$") || description.contains("line"), "\(description)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a DecodingError: \(error)", sourceLocation: sourceLocation)
        }
    }

    static func context(_ error: DecodingError) -> DecodingError.Context {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return DecodingError.Context(codingPath: [], debugDescription: "")
        }
    }

    @Test("100,000 levels of nesting are an error at level 513", arguments: ["[", "{\"a\":"])
    func deepNesting(opener: String) throws {
        let data = Data(String(repeating: opener, count: 100_000).utf8)
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            #expect(throws: DecodingError.self) {
                try LenientJSONDecoder(policy: policy).decode(Model.self, from: data)
            }
        }
        do {
            _ = try LenientJSONDecoder().decode([Int].self, from: data)
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                return
            }
            #expect(context.debugDescription.contains("512"))
            #expect(context.debugDescription.contains("line 1, column"))
        }
    }

    @Test("JSON5 nesting is limited too")
    func deepNestingJSON5() {
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = true
        let data = Data(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: data) }
    }

    @Test(
        "invalid UTF-8 in strings and keys",
        arguments: [
            [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let inValue = Data(#"{"b":[""#.utf8) + Data(bytes) + Data(#""]}"#.utf8)
        let inKey = Data(#"{""#.utf8) + Data(bytes) + Data(#"":1,"a":2}"#.utf8)
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            expectValueOrLocatedError(Model.self, inValue, policy: policy)
            expectValueOrLocatedError(Model.self, inKey, policy: policy)
            expectValueOrLocatedError([String: Int].self, inKey, policy: policy)
        }
        #expect(throws: DecodingError.self) {
            try LenientJSONDecoder(policy: .strict).decode(Model.self, from: inValue)
        }
    }

    @Test(
        "lone and reversed surrogate escapes",
        arguments: [
            #""\ud800""#, #""\udc00""#, #""\udc00\ud800""#, #""\ud800x""#, #""\ud800\u0041""#, #""\ud83d""#, #""\u12""#,
            #""\uZZZZ""#,
        ])
    func surrogates(text: String) {
        #expect(throws: DecodingError.self) { try LenientJSONDecoder().decode(String.self, from: Data(text.utf8)) }
        expectValueOrLocatedError([String].self, Data("[\(text)]".utf8))
        // Foundation agrees that these are errors.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(String.self, from: Data(text.utf8)) }
    }

    /// A number too long to print in a test name.
    struct HugeNumber: CustomTestStringConvertible, Sendable {
        var label: String
        var text: String
        var testDescription: String { label }
    }

    @Test(
        "10,000-digit numbers and huge exponents",
        arguments: [
            HugeNumber(label: "9 × 10,000", text: String(repeating: "9", count: 10_000)),
            HugeNumber(label: "-1 × 10,000", text: "-" + String(repeating: "1", count: 10_000)),
            HugeNumber(label: "0.000…1", text: "0." + String(repeating: "0", count: 10_000) + "1"),
            HugeNumber(label: "1e999999999", text: "1e999999999"),
            HugeNumber(label: "1e-999999999", text: "1e-999999999"),
            HugeNumber(label: "-1E+999999999999999999999", text: "-1E+999999999999999999999"),
        ])
    func hugeNumbers(number: HugeNumber) {
        let text = number.text
        for policy in [LenientPolicy.strict, .permissive] {
            expectValueOrLocatedError(Int.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(UInt8.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(Double.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(Float.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(Decimal.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(Bool.self, Data(text.utf8), policy: policy)
            expectValueOrLocatedError(Int.self, Data("\"\(text)\"".utf8), policy: policy)
            expectValueOrLocatedError(Decimal.self, Data("\"\(text)\"".utf8), policy: policy)
        }
    }

    @Test("a document truncated at every byte")
    func truncation() throws {
        let text = #"{"a": 12, "b": ["x\u00e9\n", "y"], "c": {"k": -1.5e3, "l": true}, "d": null}"#
        let bytes = Array(text.utf8)
        for end in 0..<bytes.count {
            let data = Data(bytes[..<end])
            for policy in [LenientPolicy.strict, .lenient, .permissive] {
                #expect(throws: DecodingError.self) {
                    try LenientJSONDecoder(policy: policy).decode(Model.self, from: data)
                }
            }
        }
        #expect(try LenientJSONDecoder().decode(Model.self, from: Data(bytes)).a == 12)
    }

    @Test(
        "NUL bytes",
        arguments: [
            "\u{0}", "[\u{0}]", "{\"a\":1}\u{0}", "\"a\u{0}b\"", "{\"a\u{0}\":1}", "[1\u{0},2]",
        ])
    func nulBytes(text: String) {
        expectValueOrLocatedError(Model.self, Data(text.utf8))
        expectValueOrLocatedError(String.self, Data(text.utf8))
        expectValueOrLocatedError([Int].self, Data(text.utf8), policy: .permissive)
    }

    @Test("input that is not valid in its detected encoding names the path")
    func invalidEncoding() {
        // "[" in UTF-16LE, then a lone high surrogate: detected as UTF-16, not convertible.
        let data = Data([0x5B, 0x00, 0x00, 0xD8])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Int].self, from: data) }
        expectValueOrLocatedError([Int].self, data, policy: .strict)
        #expect(throws: DecodingError.self) { try LenientJSONDecoder().decode([Int].self, from: data) }
    }

    @Test("arbitrary byte soup never traps")
    func byteSoup() {
        var generator = SplitMix64(seed: 0x5EED_B17E)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-tfnrulaxyz"#.utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0x0A]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let data = Data((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
            for policy in [LenientPolicy.strict, .permissive] {
                expectValueOrLocatedError(Model.self, data, policy: policy)
                expectValueOrLocatedError([[Int?]].self, data, policy: policy)
            }
        }
    }

    /// The environment variable that makes ``largeArrayDecode()`` run, in the child process
    /// started by ``largeArray()``; its value is the file the measurement is written to.
    static let memoryChildKey = "LENIENT_MEMORY_CHILD_RESULT"

    /// The document of ``largeArrayDecode()``: about 50 MB, `[0,1,2,…,0]`.
    static func largeArrayDocument() -> (data: Data, count: Int) {
        var text = [UInt8]("[".utf8)
        text.reserveCapacity(50_000_000)
        var i = 0
        while text.count < 50_000_000 {
            text.append(contentsOf: String(i % 1_000_000).utf8)
            text.append(UInt8(ascii: ","))
            i += 1
        }
        text.append(contentsOf: "0]".utf8)
        return (Data(text), i + 1)
    }

    /// The peak resident size is a property of the whole process, so the decode is measured
    /// in a child process of its own (this test binary, running only ``largeArrayDecode()``):
    /// tests running in parallel here cannot add to it. Where no child can be started (not
    /// Linux or macOS, or a test runner whose arguments are unknown), it is measured here.
    @Test("a 50 MB array of numbers decodes with memory within a small multiple of the input")
    func largeArray() throws {
        let size = 50_000_000
        if let growth = Self.measureInChild() {
            // The value map is three words per value, the result one: well under 16× the input.
            #expect(growth < 16 * size, "peak resident size grew by \(growth) bytes in the child process")
            return
        }
        let growth = try Self.decodeLargeArray()
        if let growth { #expect(growth < 16 * size, "peak resident size grew by \(growth) bytes") }
    }

    /// Runs only in the child process of ``largeArray()``: decodes the document, checks the
    /// value and writes the growth of the peak resident size to the file named by
    /// ``memoryChildKey``.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[memoryChildKey] != nil))
    func largeArrayDecode() throws {
        let growth = try Self.decodeLargeArray()
        let path = try #require(ProcessInfo.processInfo.environment[Self.memoryChildKey])
        try Data(String(growth ?? -1).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Decodes the document, checks the value, and returns how much the peak resident size grew.
    static func decodeLargeArray() throws -> Int? {
        let (data, count) = largeArrayDocument()
        let before = peakResidentBytes()
        let values = try LenientJSONDecoder().decode([Int].self, from: data)
        let after = peakResidentBytes()
        #expect(values.count == count)
        #expect(values[12_345] == 12_345)
        guard let before, let after else { return nil }
        return after - before
    }

    /// Starts this test binary again, running only ``largeArrayDecode()``, and returns the
    /// growth it measured; `nil` if no child could be started or it did not report.
    static func measureInChild() -> Int? {
        #if os(Linux) || os(macOS)
            let arguments = CommandLine.arguments
            // `swift test` runs the test binary itself on Linux, and on macOS a helper given the
            // bundle with `--test-bundle-path`: keep that, run Swift Testing, filter to one test.
            var childArguments: [String] = []
            if let index = arguments.firstIndex(of: "--test-bundle-path"), index + 1 < arguments.count {
                childArguments += ["--test-bundle-path", arguments[index + 1]]
            }
            childArguments += ["--testing-library", "swift-testing", "--filter", "BadInputTests/largeArrayDecode"]
            #if os(Linux)
                let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            #else
                guard let first = arguments.first else { return nil }
                let executable = URL(fileURLWithPath: first)
            #endif
            let result = FileManager.default.temporaryDirectory.appendingPathComponent(
                "lenient-memory-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: result) }
            let process = Process()
            process.executableURL = executable
            process.arguments = childArguments
            var environment = ProcessInfo.processInfo.environment
            environment[memoryChildKey] = result.path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let text = try? String(contentsOf: result, encoding: .utf8),
                let growth = Int(text), growth >= 0
            else { return nil }
            return growth
        #else
            return nil
        #endif
    }

    /// The process's peak resident set size (Linux `VmHWM`, Darwin `ru_maxrss`), or `nil`
    /// where it cannot be read.
    static func peakResidentBytes() -> Int? {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { return nil }
            return kilobytes * 1024
        #elseif canImport(Darwin)
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #else
            return nil
        #endif
    }
}
