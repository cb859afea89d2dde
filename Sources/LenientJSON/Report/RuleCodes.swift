/// The kind and the rule of a record (``ReportCollector/Record``), one byte each: what the
/// decoder passes when a rule fires, and turns into ``LenientDecodingEvent/Kind`` and
/// ``LenientRule`` only when an event is built. Their public forms are strings (a code such as
/// `number.fromString`), each copy of which was retained and released, and compared character
/// by character where two differed: as strings, they cost a messy canada 5.4 M instructions of
/// its plain decode (a coercion carries the rule that read its number) and 4.9 M more of its
/// recording, and a messy citm_catalog's statistics 3.4 M, whose pattern hashes looked each
/// pair up among the pairs met (Benchmarks `instructions lenient`, `lenient-report`,
/// `lenient-statistics`). Each case is named as the public static member it stands for.
enum EventKindCode: UInt8, CaseIterable, Sendable {
    case coerced
    case matchedKey
    case usedDefault
    case droppedElement
    case recoveredAsNil
    case unusedKey
    case skippedText

    /// The public kind.
    var kind: LenientDecodingEvent.Kind {
        switch self {
        case .coerced: .coerced
        case .matchedKey: .matchedKey
        case .usedDefault: .usedDefault
        case .droppedElement: .droppedElement
        case .recoveredAsNil: .recoveredAsNil
        case .unusedKey: .unusedKey
        case .skippedText: .skippedText
        }
    }
}

/// A rule that acted, as one byte (see ``EventKindCode``); ``rule`` is its public form.
enum RuleCode: UInt8, CaseIterable, Sendable {
    case numberFromString
    case numberTruncated
    case numberFromText
    case numberFromBool
    case numberNonConforming
    case boolFromNumber
    case boolFromString
    case stringFromNumber
    case stringFromBool
    case whitespaceTrimmed
    case arrayWrapped
    case arrayFromObject
    case valueUnwrapped
    case dictionaryFromEmptyArray
    case enumNormalized
    case enumFromNumericString
    case enumAlias
    case uuidNormalized
    case dataBase64Normalized
    case jsonEmbedded
    case dateFromNumericString
    case dateUnixSeconds
    case dateUnixMilliseconds
    case dateUnixMicroseconds
    case dateIso8601
    case dateRfc2822
    case dateSlashed
    case dateFormat
    case optionalEmptyString
    case optionalPhpFalse
    case optionalInvalid
    case elementDropped
    case defaultBuiltIn
    case defaultRegistered
    case keyNormalized
    case keyAlias
    case keyPath
    case keyUnused
    case textSkipped

    /// The public rule.
    var rule: LenientRule {
        switch self {
        case .numberFromString: .numberFromString
        case .numberTruncated: .numberTruncated
        case .numberFromText: .numberFromText
        case .numberFromBool: .numberFromBool
        case .numberNonConforming: .numberNonConforming
        case .boolFromNumber: .boolFromNumber
        case .boolFromString: .boolFromString
        case .stringFromNumber: .stringFromNumber
        case .stringFromBool: .stringFromBool
        case .whitespaceTrimmed: .whitespaceTrimmed
        case .arrayWrapped: .arrayWrapped
        case .arrayFromObject: .arrayFromObject
        case .valueUnwrapped: .valueUnwrapped
        case .dictionaryFromEmptyArray: .dictionaryFromEmptyArray
        case .enumNormalized: .enumNormalized
        case .enumFromNumericString: .enumFromNumericString
        case .enumAlias: .enumAlias
        case .uuidNormalized: .uuidNormalized
        case .dataBase64Normalized: .dataBase64Normalized
        case .jsonEmbedded: .jsonEmbedded
        case .dateFromNumericString: .dateFromNumericString
        case .dateUnixSeconds: .dateUnixSeconds
        case .dateUnixMilliseconds: .dateUnixMilliseconds
        case .dateUnixMicroseconds: .dateUnixMicroseconds
        case .dateIso8601: .dateIso8601
        case .dateRfc2822: .dateRfc2822
        case .dateSlashed: .dateSlashed
        case .dateFormat: .dateFormat
        case .optionalEmptyString: .optionalEmptyString
        case .optionalPhpFalse: .optionalPhpFalse
        case .optionalInvalid: .optionalInvalid
        case .elementDropped: .elementDropped
        case .defaultBuiltIn: .defaultBuiltIn
        case .defaultRegistered: .defaultRegistered
        case .keyNormalized: .keyNormalized
        case .keyAlias: .keyAlias
        case .keyPath: .keyPath
        case .keyUnused: .keyUnused
        case .textSkipped: .textSkipped
        }
    }
}
