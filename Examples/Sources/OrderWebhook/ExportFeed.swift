import Foundation

/// One line of the `GET /export` feed (JSON Lines), as the models want it.
public struct ExportLine: Codable, Equatable, Sendable {
    public var id: Int
    public var sku: String
    public var quantity: Int
    public var unitPrice: Double
    public var inStock: Bool
    public var updatedAt: Date

    public init(id: Int, sku: String, quantity: Int, unitPrice: Double, inStock: Bool, updatedAt: Date) {
        self.id = id
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.inStock = inStock
        self.updatedAt = updatedAt
    }
}

/// The `GET /export` feed: `count` lines of JSON Lines, generated a chunk at a time (never the whole body in
/// memory), in the messy form a legacy system exports: snake_case keys, numbers as strings on every other line,
/// stock as `"yes"`/`"no"`, times as Unix seconds.
public enum ExportFeed {
    /// Lines per chunk the servers write.
    public static let linesPerChunk = 1_000
    /// The largest `count` the servers accept.
    public static let maximumCount = 10_000_000
    /// The feed's default `count`.
    public static let defaultCount = 100_000

    /// The text of line `index` (0-based), with its line break.
    public static func line(_ index: Int) -> String {
        let quantity = index % 7
        let cents = index % 1_000 * 25
        let price = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
        let seconds = 1_700_000_000 + index
        if index.isMultiple(of: 2) {
            return #"{"id":\#(index),"sku":"SKU-\#(index)","quantity":\#(quantity),"unit_price":\#(price),"#
                + #""in_stock":"\#(quantity > 0 ? "yes" : "no")","updated_at":\#(seconds)}"# + "\n"
        }
        return #"{"ID":"\#(index)","SKU":"SKU-\#(index)","Quantity":"\#(quantity)","UnitPrice":"\#(price)","#
            + #""InStock":\#(quantity > 0),"UpdatedAt":"\#(seconds)"}"# + "\n"
    }

    /// The bytes of lines `range`, one chunk of the body.
    public static func chunk(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 128)
        for index in range { bytes.append(contentsOf: line(index).utf8) }
        return bytes
    }

    /// The chunks of a feed of `count` lines, as ranges of lines.
    public static func chunks(count: Int) -> some Sequence<Range<Int>> & Sendable {
        stride(from: 0, to: count, by: linesPerChunk).lazy.map { $0..<min($0 + linesPerChunk, count) }
    }

    /// The `count` of a request's `?count=` value: the default when absent, `nil` when it is not a number in
    /// 0...``maximumCount``.
    public static func count(fromQuery value: String?) -> Int? {
        guard let value else { return defaultCount }
        guard let count = Int(value), (0...maximumCount).contains(count) else { return nil }
        return count
    }
}
