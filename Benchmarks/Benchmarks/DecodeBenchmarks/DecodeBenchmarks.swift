// ordo-one/benchmark suite: JSONDecoder vs LenientJSONDecoder on the standard corpora.
//
//   cd Benchmarks && swift package --disable-sandbox benchmark
//   cd Benchmarks && swift package --disable-sandbox benchmark --filter 'twitter.*'
//
// Per corpus: decoding from Data with JSONDecoder and LenientJSONDecoder (default policy),
// and decoding JSONSerialization output with `decode(_:fromJSONObject:)` vs the Foundation
// route, `JSONSerialization.data(withJSONObject:)` then `JSONDecoder.decode`.

import Benchmark
import Foundation
import LenientJSON

let benchmarks: @Sendable () -> Void = {
    for corpus in CorpusName.allCases {
        do {
            try corpus.accept(RegisterDecodeBenchmarks())
        } catch {
            fatalError("cannot set up the \(corpus) benchmarks: \(error)")
        }
    }
}

private struct RegisterDecodeBenchmarks: CorpusModelVisitor {
    var configuration: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
            warmupIterations: 3,
            maxDuration: .seconds(3),
            maxIterations: 1_000
        )
    }

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let data = corpus.data
        let object = try JSONSerialization.jsonObject(with: data)

        Benchmark("\(corpus) JSONDecoder.decode(from: Data)", configuration: configuration) { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(Model.self, from: data))
            }
        }

        Benchmark("\(corpus) LenientJSONDecoder.decode(from: Data)", configuration: configuration) { benchmark in
            let decoder = LenientJSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(Model.self, from: data))
            }
        }

        Benchmark(
            "\(corpus) JSONSerialization.data(withJSONObject:) + JSONDecoder.decode",
            configuration: configuration
        ) { benchmark in
            let decoder = JSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(Model.self, from: JSONSerialization.data(withJSONObject: object)))
            }
        }

        Benchmark("\(corpus) LenientJSONDecoder.decode(fromJSONObject:)", configuration: configuration) { benchmark in
            let decoder = LenientJSONDecoder()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(Model.self, fromJSONObject: object))
            }
        }
    }
}
