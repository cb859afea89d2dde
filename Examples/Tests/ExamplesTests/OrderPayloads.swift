import Foundation

/// A messy order as real senders post it, and the clean form of the same order (camelCase keys, numbers as
/// numbers, ISO 8601 dates, the bad line item left out) that Foundation's `JSONDecoder` reads into the same
/// models: what the service must answer.
struct OrderPayload: Sendable, CustomStringConvertible {
    var name: String
    var messy: String
    var clean: String
    /// Numeric strings among the line items' quantities that survive (one `number.fromString` event each).
    var quantitiesAsStrings: Int
    var description: String { name }
}

enum OrderPayloads {
    static let shop = OrderPayload(
        name: "shop",
        messy: """
            {
              "order_id": "A-1001",
              "status": "PAID",
              "created_at": "2024-03-05T14:30:00Z",
              "paid_at": 1709649000,
              "customer": {"customer_id": "42", "name": "Ada Lovelace", "email": "ada@example.com"},
              "items": [
                {"sku": "BOOK-1", "quantity": "2", "unit_price": "12.50", "added_at": "2024-03-05 14:00:00"},
                {"SKU": "PEN-7", "Quantity": 3, "UnitPrice": 1.2, "AddedAt": "Tue, 05 Mar 2024 14:05:00 +0000"},
                {"sku": "GIFT-WRAP", "quantity": 1, "unit_price": 2.5, "added_at": "whenever"}
              ],
              "shipping": {"method": "express", "ships_at": "2024/03/06", "tracking_number": null},
              "is_gift": "yes",
              "total": "28.60"
            }
            """,
        clean: """
            {
              "orderId": "A-1001", "status": "paid",
              "createdAt": "2024-03-05T14:30:00Z", "paidAt": "2024-03-05T14:30:00Z",
              "customer": {"customerId": 42, "name": "Ada Lovelace", "email": "ada@example.com"},
              "items": [
                {"sku": "BOOK-1", "quantity": 2, "unitPrice": 12.5, "addedAt": "2024-03-05T14:00:00Z"},
                {"sku": "PEN-7", "quantity": 3, "unitPrice": 1.2, "addedAt": "2024-03-05T14:05:00Z"}
              ],
              "shipping": {"method": "express", "shipsAt": "2024-03-06T00:00:00Z"},
              "isGift": true,
              "total": 28.60
            }
            """,
        quantitiesAsStrings: 1)

    static let marketplace = OrderPayload(
        name: "marketplace",
        messy: """
            {"OrderID":"M-77","Status":"shipped","CreatedAt":"1709722800","Customer":{"CustomerID":7,\
            "Name":"Grace Hopper","Email":"grace@example.com"},"Items":[{"sku":"CABLE","quantity":"10",\
            "unit_price":"0.99","added_at":1709722000},null,{"sku":"HUB","quantity":"1","unit_price":"24",\
            "added_at":"2024-03-06T10:40:00+01:00"}],"Shipping":{"Method":"standard","ShipsAt":"2024-03-07",\
            "TrackingNumber":1234567890},"IsGift":0,"Total":"33.90","Note":""}
            """,
        clean: """
            {"orderId":"M-77","status":"shipped","createdAt":"2024-03-06T11:00:00Z","customer":{"customerId":7,
            "name":"Grace Hopper","email":"grace@example.com"},"items":[{"sku":"CABLE","quantity":10,
            "unitPrice":0.99,"addedAt":"2024-03-06T10:46:40Z"},{"sku":"HUB","quantity":1,"unitPrice":24,
            "addedAt":"2024-03-06T09:40:00Z"}],"shipping":{"method":"standard","shipsAt":"2024-03-07T00:00:00Z",
            "trackingNumber":"1234567890"},"isGift":false,"total":33.90,"note":""}
            """,
        quantitiesAsStrings: 2)

    static let all = [shop, marketplace]

    /// An order with three values no policy can read, each on its own line: an unknown status, and two dates
    /// that are no date. (A bad line item would only be dropped.) Every problem must be answered at once.
    static let broken = """
        {
          "order_id": "B-1",
          "status": "teleported",
          "created_at": "last tuesday",
          "customer": {"customer_id": 1, "name": "Bob", "email": "bob@example.com"},
          "items": [],
          "shipping": {"method": "express", "ships_at": "soon"},
          "is_gift": false,
          "total": 0
        }
        """

    /// The broken order's problems, in document order: the JSON pointer of each, and the text of the value
    /// there (found in ``broken`` to compute its line and column).
    static let brokenProblems: [(pointer: String, value: String)] = [
        ("/status", #""teleported""#),
        ("/created_at", #""last tuesday""#),
        ("/shipping/ships_at", #""soon""#),
    ]

    /// The 1-based line and column of the first byte of `text` in `document` (its only occurrence).
    static func position(of text: String, in document: String) -> (line: Int, column: Int)? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: text) {
                return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}
