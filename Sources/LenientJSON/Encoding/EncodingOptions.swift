import Foundation

/// A ``JSONObjectEncoder``'s settings, read once when an encode starts.
struct EncodingOptions {
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy
    var userInfo: [CodingUserInfoKey: Any]
}
