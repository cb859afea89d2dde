import Foundation

/// A snapshot of a decoder's settings, taken once per top-level decode so that a decode sees
/// consistent settings even while another thread changes the decoder.
struct DecodingOptions {
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: Any] = [:]
    var policy: LenientPolicy = .lenient
    var dateFormatters: [DateFormatterBox] = []
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false
    /// The decoder's registrations (`register(…)`); `nil` when it has none.
    var registrations: Registrations?
    /// The decoder's `keyPathSeparator`.
    var keyPathSeparator: String?
    /// The decoder's `reportsUnusedKeys`.
    var reportsUnusedKeys = false
    /// Where `Identifiable` class instances are shared; `nil` when none is set.
    var identityMap: IdentityMap?

    /// Whether keys are used as they are (no conversion strategy).
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyDecodingStrategy { return true }
        return false
    }
}
