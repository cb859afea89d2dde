import Foundation
import LenientJSON
import Testing

/// Keyed lookups start where the previous one ended in large objects (a performance cursor).
/// Whatever order a model reads keys in, and whatever duplicates the object holds, the value
/// must be the one `JSONDecoder` finds: the first of duplicate keys.
@Suite("Key lookup order")
struct KeyLookupOrderTests {
    /// Reads the keys named in `userInfo[.readOrder]`, in that order, each as `Int?`
    /// (`decodeIfPresent`), after asking `contains` and `decodeNil` for each.
    struct OrderedReader: Decodable, Equatable {
        var values: [Int?]
        var present: [Bool]
        var nulls: [Bool]

        init(from decoder: any Decoder) throws {
            let order = decoder.userInfo[.readOrder] as? [String] ?? []
            let container = try decoder.container(keyedBy: AnyKey.self)
            values = []
            present = []
            nulls = []
            for name in order {
                let key = AnyKey(name)
                present.append(container.contains(key))
                nulls.append(container.contains(key) ? try container.decodeNil(forKey: key) : false)
                values.append(try container.decodeIfPresent(Int.self, forKey: key))
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var keyCount: Int
        /// Positions (in document order) whose key repeats an earlier key, and which earlier key.
        var duplicates: [Int: Int]
        var order: Order
        var testDescription: String {
            "\(keyCount) keys, duplicates \(duplicates.sorted { $0.key < $1.key }), \(order)"
        }
    }

    enum Order: String, CaseIterable, Sendable {
        case document, reversed, interleaved, twice

        /// `names` in this reading order.
        func arrange(_ names: [String]) -> [String] {
            switch self {
            case .document: names
            case .reversed: names.reversed()
            case .interleaved:
                names.enumerated().sorted { ($0.offset % 3, $0.offset) < ($1.offset % 3, $1.offset) }.map(\.element)
            case .twice: names + names.reversed()
            }
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for keyCount in [3, 8, 9, 12, 40, 120] {
            let pairSets: [[(Int, Int)]] = [
                [],
                [(keyCount - 1, 0)],
                [(keyCount / 2, keyCount / 2 - 1)],
                [(keyCount - 1, keyCount / 2), (keyCount / 2 + 1, 1)],
            ]
            let duplicateSets = pairSets.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
            for duplicates in duplicateSets where duplicates.allSatisfy({ $0.key > $0.value && $0.key < keyCount }) {
                for order in Order.allCases {
                    cases.append(Case(keyCount: keyCount, duplicates: duplicates, order: order))
                }
            }
        }
        return cases
    }()

    @Test("values match JSONDecoder", arguments: cases)
    func matchesJSONDecoder(_ testCase: Case) throws {
        var names: [String] = []
        var members: [String] = []
        for position in 0..<testCase.keyCount {
            let name = testCase.duplicates[position].map { names[$0] } ?? "key_\(position)"
            names.append(name)
            members.append("\"\(name)\": \(position == 3 ? "null" : String(position * 10))")
        }
        let json = "{" + members.joined(separator: ", ") + "}"
        var distinct: [String] = []
        for name in names where !distinct.contains(name) { distinct.append(name) }
        distinct.append("absent")
        let order = testCase.order.arrange(distinct)
        let configure: Configure = { $0.userInfo[.readOrder] = order }
        let parity = expectParity(OrderedReader.self, json: json, configure: configure, label: testCase.testDescription)
        // The comparison is only meaningful if JSONDecoder read what the case was built for.
        guard case .value(let value) = parity.foundation else {
            Issue.record("JSONDecoder failed on \(json)")
            return
        }
        for (name, read) in zip(order, value.values) {
            guard let position = names.firstIndex(of: name) else {
                #expect(read == nil)
                continue
            }
            #expect(read == (position == 3 ? nil : position * 10), "\(name) read as \(String(describing: read))")
        }
    }
}

extension CodingUserInfoKey {
    static let readOrder = CodingUserInfoKey(rawValue: "readOrder")!
}
