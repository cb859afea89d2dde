import Foundation

extension Corpus {
    /// The test target's copy of the corpora: `resources: [.copy("Resources")]`.
    static var directory: URL {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            fatalError("the test bundle has no Resources folder: \(Bundle.module.bundlePath)")
        }
        return url
    }
}
