import Foundation

/// The scalar types the package tells apart by type: the one home of "which scalar type is
/// this". The type dispatch (``TypeDispatch``) finds a type's kind once per type and keeps it,
/// so that ``DecoderImpl/unwrap(_:as:parent:key:)`` and the array loops
/// (`Decoding/ArrayDecoding.swift`) pay for no test of these; a coercion's recorded bits
/// (``CoercedScalar``) and a JSON object tree's values (`Input/JSONObjectTree.swift`) ask here.
enum ScalarKind {
    case double, string, int, bool, float, int64, uint64, int32, uint, int128, uint128, date, data, url, decimal
    case int8, int16, uint8, uint16, uint32

    /// The kind of `type`, or `nil` when `type` is not one of these scalars.
    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Float.self): self = .float
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(Data.self): self = .data
        case ObjectIdentifier(URL.self): self = .url
        case ObjectIdentifier(Decimal.self): self = .decimal
        default:
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return nil }
            switch ObjectIdentifier(type) {
            case ObjectIdentifier(Int128.self): self = .int128
            case ObjectIdentifier(UInt128.self): self = .uint128
            default: return nil
            }
        }
    }

    /// Whether `unwrap` reads this scalar itself (``DecoderImpl/unwrapScalar(_:_:as:parent:key:)``);
    /// the narrow integers are decoded through their own `init(from:)`.
    var isReadByUnwrap: Bool {
        switch self {
        case .int8, .int16, .uint8, .uint16, .uint32: false
        default: true
        }
    }

    /// Whether an array of this scalar takes the loop specialized for its element type
    /// (`FastPaths/StrictScalarArrays.swift`), and an array of such arrays builds each directly.
    var hasStrictArrayLoop: Bool {
        switch self {
        case .double, .int, .string, .int64, .float, .bool: true
        default: false
        }
    }

    /// Whether a coercion's value of this type is recorded as its bits (``CoercedScalar``): the
    /// integers of at most 64 bits, `Double`, `Float` and `Bool`.
    var isRecordedAsBits: Bool {
        switch self {
        case .int, .double, .bool, .int64, .int32, .int16, .int8, .uint, .uint64, .uint32, .uint16, .uint8, .float:
            true
        case .string, .int128, .uint128, .date, .data, .url, .decimal: false
        }
    }
}

/// What an array's elements are, for the loops specialized by element type: found once per
/// array type by the type dispatch (``TypeDispatch/array(_:_:)``).
enum ArrayElements {
    /// Scalars with a loop of their own (``ScalarKind/hasStrictArrayLoop``): `[Double]`.
    case scalars(ScalarKind)
    /// Arrays of such scalars: `[[Double]]`.
    case scalarArrays(ScalarKind)
    /// Anything else, read element by element.
    case other
}
