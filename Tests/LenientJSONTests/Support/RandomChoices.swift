// Choices drawn from the seeded generator shared with the messy-corpus transform
// (`Support/Corpus/MessyCorpus.swift`): the same sequence on every platform and run.

extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<C: Collection>(_ c: C) -> C.Element { c.randomElement(using: &self)! }
}
