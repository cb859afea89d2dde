import Foundation
import Testing

// The models the properties of partial documents are checked on (PartialPropertyTests,
// PartialValueMapTests), each with its generator (Support/PartialGenerators.swift).

/// A model the properties are checked on, with its generator.
enum PartialModel: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Deep, with a required enum and date: unbuildable until they arrive.
    case order
    /// A language model's structured answer: every member has a built-in default (the elements
    /// of its array of steps do not).
    case reply
    /// A top-level array of objects.
    case lineItems
    /// Hand-written `init(from:)` types, which may throw on a value in progress.
    case conversation

    var testDescription: String { rawValue }

    func document(seed: UInt64) -> GeneratedDocument {
        switch self {
        case .order: return PartialDocumentGenerator.document(seed: seed) { $0.order() }
        case .reply: return PartialDocumentGenerator.document(seed: seed) { $0.reply() }
        case .lineItems: return PartialDocumentGenerator.document(seed: seed) { $0.lineItems() }
        case .conversation: return PartialDocumentGenerator.document(seed: seed) { $0.conversation() }
        }
    }

    /// The problems `check` finds with this model's type.
    func problems(_ check: (any PartialModelCheck)) -> [String] {
        switch self {
        case .order: return check.run(PurchaseOrder.self)
        case .reply: return check.run(Reply.self)
        case .lineItems: return check.run([LineItem].self)
        case .conversation: return check.run(Conversation.self)
        }
    }
}

/// A check that runs on one model type.
protocol PartialModelCheck {
    func run<T: Codable & Equatable>(_ type: T.Type) -> [String]
}
