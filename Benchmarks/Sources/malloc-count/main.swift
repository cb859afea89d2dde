// Counts heap allocations (malloc calls) of one decode, for the allocation target of the
// performance issue. A separate executable so that `compare`'s timings run without the
// malloc interposer linked in.
//
//   malloc-count lenient|foundation <corpus>   prints: <mallocs per decode>
//
// The decode runs three times first (caches, lazily built metadata), then once with the
// interposer counting.

import Foundation
import LenientJSON
import MallocInterposerSwift

let usage = "usage: malloc-count lenient|foundation twitter|canada|citm_catalog"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, arguments[0] == "lenient" || arguments[0] == "foundation",
    let corpus = CorpusName(rawValue: arguments[1])
else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

struct CountOnce: CorpusModelVisitor {
    let lenient: Bool
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Int {
        let data = corpus.data
        let decoder: JSONDecoder = lenient ? LenientJSONDecoder() : JSONDecoder()
        for _ in 0..<3 { _ = try decoder.decode(Model.self, from: data) }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let value = try decoder.decode(Model.self, from: data)
        MallocInterposerSwift.unhook()
        withExtendedLifetime(value) {}
        return MallocInterposerSwift.getStatistics().mallocCount
    }
}

print(try corpus.accept(CountOnce(lenient: arguments[0] == "lenient")))
