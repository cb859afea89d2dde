// Generated documents full of attempts that fail and take their events back, shared by the
// black-box StatisticsAttemptTests and, through a symlink, the in-module EventHashesTests.

import Foundation

/// `[Int]` tags, else `[String]` tags: the first reading is abandoned when a tag is not numeric.
enum AttemptTags: Decodable, Equatable {
    case numbers([Int])
    case words([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let numbers = try? container.decode([Int].self) {
            self = .numbers(numbers)
        } else {
            self = .words(try container.decode([String].self))
        }
    }
}

/// One element of a generated document.
struct AttemptItem: Decodable, Equatable {
    var tags: AttemptTags
    var score: Int
    var grid: [[Double]]
    var label: String
}

/// A generated document and the paths of the events its decode must report, in order.
struct AttemptDocument {
    var json = "["
    var expected: [String] = []

    init(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let count = 5 + next(30)
        for index in 0..<count {
            if index > 0 { json += "," }
            // Tags that are numeric strings: `[Int]` reads them, one event per tag, but
            // `JSONDecoder` reads `[String]` (the HandWrittenDecoders article), so those
            // events are taken back. With a tag that is not numeric, the `[Int]` attempt fails
            // after coercing the tags before it, and its events are taken back with it.
            var tags = (0..<(1 + next(5))).map { _ in "\"\(next(100))\"" }
            if next(2) == 0 { tags[next(tags.count)] = "\"x\(next(9))\"" }
            json += "{\"tags\": [\(tags.joined(separator: ", "))]"
            let scoreAsString = next(2) == 0
            json += ", \"score\": " + (scoreAsString ? "\"\(next(1000))\"" : "\(next(1000))")
            if scoreAsString { expected.append("$[\(index)].score") }
            var rows: [String] = []
            for row in 0..<next(4) {
                var values: [String] = []
                for column in 0..<(1 + next(3)) {
                    let value = "\(next(180)).\(next(100))"
                    if next(3) == 0 {
                        values.append("\"\(value)\"")
                        expected.append("$[\(index)].grid[\(row)][\(column)]")
                    } else {
                        values.append(value)
                    }
                }
                rows.append("[" + values.joined(separator: ", ") + "]")
            }
            json += ", \"grid\": [\(rows.joined(separator: ", "))]"
            let labelAsNumber = next(3) == 0
            json += ", \"label\": " + (labelAsNumber ? "\(next(50))" : "\"l\(next(50))\"") + "}"
            if labelAsNumber { expected.append("$[\(index)].label") }
        }
        json += "]"
    }
}
