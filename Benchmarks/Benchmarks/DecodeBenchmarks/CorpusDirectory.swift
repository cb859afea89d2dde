// Where the benchmarks find the corpora: the test target's Resources folder, found by walking
// up from this file (so no copy is kept here), or $LENIENTJSON_CORPUS_DIR.
// Sources/compare/CorpusDirectory.swift is a symlink to this file.

import Foundation

extension Corpus {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["LENIENTJSON_CORPUS_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let relative = "Tests/LenientJSONTests/Resources"
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(relative, isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("twitter.json").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        fatalError("no \(relative) above \(#filePath); set LENIENTJSON_CORPUS_DIR")
    }
}
