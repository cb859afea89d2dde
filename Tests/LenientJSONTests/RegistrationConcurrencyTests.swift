// Mapping and InputAndLimits articles: registering is safe while other threads decode with the same decoder; a
// decode uses the registrations made before it started.

import Foundation
import LenientJSON
import Testing

struct ConcurrentTicket: Decodable, Equatable {
    var id: Int
    var state: ConcurrentState
}

enum ConcurrentState: String, Decodable, Sendable {
    case open, closed, unknown
}

/// Types registered while the decodes run; nothing decodes them.
struct ConcurrentUnrelated: Decodable, Sendable { var value: Int }

@Suite("Registering while decoding")
struct RegistrationConcurrencyTests {
    @Test("registrations made on other threads while decodes run", arguments: InputKind.allCases)
    func concurrentRegistration(input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.register(aliases: ["id": ["ticket_no"]], for: ConcurrentTicket.self)
        decoder.register(fallback: ConcurrentState.unknown)
        let data = Data(#"[{"ticket_no": 1, "state": "open"}, {"id": 2, "state": "lost"}]"#.utf8)
        let expected = [ConcurrentTicket(id: 1, state: .open), ConcurrentTicket(id: 2, state: .unknown)]
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            if iteration.isMultiple(of: 2) {
                decoder.register(aliases: ["value": ["v\(iteration)"]], for: ConcurrentUnrelated.self)
                decoder.register(fallback: ConcurrentUnrelated(value: iteration))
                decoder.register(defaults: ["value": iteration], for: ConcurrentUnrelated.self)
                decoder.register(ConcurrentUnrelated.self) { _ in ConcurrentUnrelated(value: iteration) }
            }
            do {
                if try input.decode([ConcurrentTicket].self, from: data, with: decoder) != expected {
                    failures.add("wrong value")
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
    }
}

/// Problems found on any thread.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
