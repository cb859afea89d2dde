import Foundation

/// How the inherited `dateDecodingStrategy` reads a date: what decides which fallbacks
/// follow it, and how errors and report events name it.
///
/// On platforms other than Darwin, Foundation's `.formatted(_:)` is a `.custom` closure; it is
/// recognised by the error it throws (`DateDecoding.swift`) and then read as ``formatter``.
enum DateReading {
    /// `.deferredToDate`: a number of seconds since 2001-01-01.
    case secondsSince2001
    case secondsSince1970
    case millisecondsSince1970
    case iso8601
    /// `.formatted`, with its pattern where it is known.
    case formatter(pattern: String?)
    case custom

    init(_ strategy: JSONDecoder.DateDecodingStrategy) {
        switch strategy {
        case .deferredToDate: self = .secondsSince2001
        case .secondsSince1970: self = .secondsSince1970
        case .millisecondsSince1970: self = .millisecondsSince1970
        case .iso8601: self = .iso8601
        #if canImport(Darwin)
            case .formatted(let formatter): self = .formatter(pattern: formatter.dateFormat)
        #endif
        default: self = .custom
        }
    }

    /// Whether the strategy reads JSON numbers (else strings).
    var readsNumbers: Bool {
        switch self {
        case .secondsSince2001, .secondsSince1970, .millisecondsSince1970: return true
        case .iso8601, .formatter, .custom: return false
        }
    }

    /// The date a number gives under a strategy that reads numbers.
    func date(fromNumber value: Double) -> Date {
        switch self {
        case .secondsSince1970: return Date(timeIntervalSince1970: value)
        case .millisecondsSince1970: return Date(timeIntervalSince1970: value / 1000)
        default: return Date(timeIntervalSinceReferenceDate: value)
        }
    }

    /// The type `JSONDecoder` names in its `typeMismatch` for a value of the wrong kind.
    var expectedKind: Any.Type { readsNumbers ? Double.self : String.self }

    /// The strategy as errors and events name it.
    var name: String {
        switch self {
        case .secondsSince2001: return "the .deferredToDate strategy (seconds since 2001)"
        case .secondsSince1970: return "the .secondsSince1970 strategy"
        case .millisecondsSince1970: return "the .millisecondsSince1970 strategy"
        case .iso8601: return "the .iso8601 strategy"
        case .formatter(let pattern?): return "the .formatted strategy (\"\(pattern)\")"
        case .formatter(nil): return "the .formatted strategy"
        case .custom: return "the .custom strategy"
        }
    }
}
