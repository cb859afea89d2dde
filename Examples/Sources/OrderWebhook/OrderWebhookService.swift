import Foundation
import LenientJSON
import Logging

/// What both servers share: one ``LenientJSON/LenientJSONDecoder`` for every request, its statistics, and the
/// logger its reports go to.
///
/// The decoder lists every problem of a bad document (`collectsAllErrors`), logs each decode's report summary
/// through swift-log (`onReport`) and folds every decode into ``statistics``. Its policy is `.lenient` that also
/// recovers what cannot be decoded (a bad line item is dropped, and reported), with ISO 8601 dates as the
/// models' default format.
public final class OrderWebhookService: Sendable {
    public let decoder: LenientJSONDecoder
    public let statistics: LenientDecodingStatistics
    public let logger: Logger

    public init(logger: Logger = Logger(label: "order-webhook")) {
        let decoder = LenientJSONDecoder()
        var policy = LenientPolicy.lenient
        policy.invalidValues = .recover
        decoder.policy = policy
        decoder.dateDecodingStrategy = .iso8601
        decoder.collectsAllErrors = true
        let statistics = LenientDecodingStatistics()
        decoder.statistics = statistics
        decoder.onReport = { report in
            logger.notice("lenient decode", metadata: ["summary": "\(report.summary)"])
        }
        self.decoder = decoder
        self.statistics = statistics
        self.logger = logger
    }

    /// The encoder of the JSON answers: ISO 8601 dates, as the models' clean form.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The JSON of the statistics snapshot (`GET /decoding-statistics`).
    public func statisticsJSON() throws -> Data {
        try Self.makeEncoder().encode(statistics.snapshot)
    }
}
