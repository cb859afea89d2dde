import Foundation

/// An order as a shop's webhook sends it: plain `Codable` models, written for the clean JSON (camelCase keys,
/// numbers as numbers, ISO 8601 dates). The service's ``OrderWebhookService/decoder`` reads the messy JSON real
/// senders produce into the same models (see the tests' `OrderPayloads`).
public struct Order: Codable, Equatable, Sendable {
    public var orderId: String
    public var status: Status
    public var createdAt: Date
    public var paidAt: Date?
    public var customer: Customer
    public var items: [LineItem]
    public var shipping: Shipping
    public var isGift: Bool
    public var total: Decimal
    public var note: String?

    public enum Status: String, Codable, CaseIterable, Sendable {
        case pending, paid, shipped, cancelled
    }
}

public struct Customer: Codable, Equatable, Sendable {
    public var customerId: Int
    public var name: String
    public var email: String
}

public struct LineItem: Codable, Equatable, Sendable {
    public var sku: String
    public var quantity: Int
    public var unitPrice: Double
    public var addedAt: Date
}

public struct Shipping: Codable, Equatable, Sendable {
    public var method: String
    public var shipsAt: Date
    public var trackingNumber: String?
}
