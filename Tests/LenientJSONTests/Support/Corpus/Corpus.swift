// The three standard JSON corpora and their model types.
//
// This folder is shared with the benchmark package (Benchmarks/) through symlinks, so it
// must compile in every target that includes it. Each such target supplies the folder that
// holds the `.json` files with one extension, outside this folder:
//
//     extension Corpus {
//         static var directory: URL { ... }   // tests: Bundle.module; benchmarks: #filePath
//     }

import Foundation

enum Corpus {
    /// The corpus file `<name>.json` in `directory`. Stops the process if it cannot be read:
    /// a missing corpus is a broken checkout, not a condition to handle.
    static func data(_ name: String) -> Data {
        do {
            return try data(name, in: directory)
        } catch {
            fatalError("cannot read corpus \(name).json in \(directory.path): \(error)")
        }
    }

    /// The corpus file `<name>.json` in `directory`.
    static func data(_ name: String, in directory: URL) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name).appendingPathExtension("json"))
    }
}

/// One of the standard corpora, with its file name as raw value.
enum CorpusName: String, CaseIterable, Sendable, CustomStringConvertible {
    case twitter
    case canada
    case citmCatalog = "citm_catalog"

    var description: String { rawValue }

    /// The file's bytes (see `Corpus.data(_:)`).
    var data: Data { Corpus.data(rawValue) }

    /// Calls `visitor` with this corpus's root model type.
    func accept<Visitor: CorpusModelVisitor>(_ visitor: Visitor) throws -> Visitor.Result {
        switch self {
        case .twitter: try visitor.visit(TwitterCorpus.Root.self, corpus: self)
        case .canada: try visitor.visit(CanadaCorpus.Root.self, corpus: self)
        case .citmCatalog: try visitor.visit(CitmCatalogCorpus.Root.self, corpus: self)
        }
    }
}

/// Generic code over the corpora's model types (Swift has no generic closures).
protocol CorpusModelVisitor {
    associatedtype Result
    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Result
}
