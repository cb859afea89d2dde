import Foundation
import LenientJSON

/// The demo's last section: a language model's answer streamed in pieces, shown snapshot by snapshot with
/// what is still pending (the PartialDocuments article).
enum PartialDemo {
    struct Step: Decodable {
        var text: String
        var minutes: Int
    }

    struct Recipe: Decodable {
        var title: String
        var servings: Int
        var steps: [Step]
    }

    /// The answer as a model streams it: prose, then the JSON in a Markdown fence, in pieces of any size.
    static let pieces = [
        "Here is your recipe:\n```json\n{\"title\": \"Tomato so", "up\", \"servi", "ngs\": 4, \"steps\": [",
        "{\"text\": \"Chop the tom", "atoes\", \"minutes\": 1", "0}, {\"text\": \"Simmer with ",
        "basil\", \"minutes\": 25}", "]}\n```\nEnjoy!",
    ]

    static func run() {
        print("\n== A streamed answer, snapshot by snapshot")
        var partial = LenientJSONDecoder().partial(Recipe.self, options: PartialOptions(input: .modelOutput))
        do {
            for piece in pieces {
                try partial.append(piece)
                show(partial.snapshot())
            }
            var report = LenientDecodingReport()
            let recipe = try partial.finish(report: &report)
            print("complete: \(describe(recipe)); skipped: \(report.events.filter { $0.kind == .skippedText }.count)")
        } catch {
            print("failed: \(error)")
        }
    }

    private static func show(_ snapshot: PartialSnapshot<Recipe>) {
        let value = snapshot.value.map(describe) ?? "nothing yet"
        let pending = snapshot.pending.isEmpty ? "" : " — pending \(snapshot.pending.joined(separator: ", "))"
        print("\(String(format: "%4d", snapshot.bytesRead)) bytes: \(value)\(pending)")
    }

    private static func describe(_ recipe: Recipe) -> String {
        let steps = recipe.steps.map { "\"\($0.text)\" \($0.minutes) min" }.joined(separator: ", ")
        return "\"\(recipe.title)\" serves \(recipe.servings), steps [\(steps)]"
    }
}
