import Foundation
#if canImport(CoreFoundation) && canImport(Darwin)
    import CoreFoundation
#endif

/// Turns a `JSONSerialization`-style tree (`[String: Any]`, `[Any]`, `NSNumber`, `String`,
/// `Bool`, `Int`, `Double`, `Decimal`, `NSNull`, `Date`, `Optional.none`) into a ``ValueMap``,
/// so that both inputs are decoded by the same code and the same rules.
///
/// Strings are copied as UTF-8 (never escaped); numbers are written as their decimal text;
/// `Bool` is told apart from `NSNumber` integers; a `Date` is kept as it is.
struct JSONObjectTree {
    let words = EntryBuffer(capacity: 256)
    var bytes: [UInt8] = []
    var dates: [Date] = []
    /// The keys and indices from the root to the value being added; a `CodingPathNode` is
    /// built from it only for an error, so that a member costs no allocation.
    var steps: [Step] = []
    /// Scratch space for number digits.
    var digits: [UInt8] = []

    /// One step of ``steps``.
    enum Step {
        case key(String)
        case index(Int)
    }

    /// The map of `object`; throws `typeMismatch` (with its path) for an unsupported value.
    static func map(of object: Any) throws -> ValueMap {
        var tree = JSONObjectTree()
        try tree.add(object)
        guard tree.bytes.count <= EntryBuffer.maxBytes, tree.words.entryCount <= EntryBuffer.maxBytes else {
            throw DecodingErrors.inputTooLarge(byteCount: tree.bytes.count)
        }
        let buffer = tree.bytes.withUnsafeBytes { ValueMap.ownedCopy(of: $0) }
        return ValueMap(
            entries: tree.words, bytes: buffer, dates: tree.dates, hasSourcePositions: false, isJSON5: false)
    }

    /// The coding path of the value being added.
    var path: CodingPathNode {
        steps.reduce(CodingPathNode.root) { node, step in
            switch step {
            case .key(let key): node.appending(NameKey(key))
            case .index(let index): node.appending(IndexKey(index))
            }
        }
    }

    func record(_ kind: ValueMap.Kind, _ offset: Int, _ third: Int) {
        words.append(kind.rawValue, offset, third)
    }

    mutating func addString(_ string: String) {
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        record(.string, start, bytes.count - start)
    }

    /// A key: a non-ASCII one is flagged, so that its object is searched by `String`
    /// comparison (canonical equivalence), as for `Data` input.
    mutating func addKey(_ key: String) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: key.utf8)
        let flags = bytes[start...].contains { $0 >= 0x80 } ? ValueMap.nonASCIIString : 0
        words.append(ValueMap.Kind.string.rawValue | flags, start, bytes.count - start)
        return flags
    }

    mutating func addNumber(_ text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        endNumber(from: start)
    }

    mutating func addInteger(magnitude: UInt64, isNegative: Bool) {
        let start = bytes.count
        NumberText.appendInteger(magnitude: magnitude, isNegative: isNegative, to: &bytes)
        endNumber(from: start)
    }

    mutating func addDecimal(_ decimal: Decimal) {
        let start = bytes.count
        NumberText.append(decimal, to: &bytes, digits: &digits)
        endNumber(from: start)
    }

    /// Records the number whose text starts at byte `start`.
    mutating func endNumber(from start: Int) {
        record(.number, start, bytes.count - start)
        bytes.append(0)  // keeps strtod from reading into the next value's text
    }

    mutating func add(_ value: Any) throws {
        // Exact type checks first, then the cast to that same type (which cannot fail and does
        // not bridge): a cast to the wrong type can bridge the value (an array asked whether it
        // is an `NSNull` is bridged to `NSArray`, deeply).
        let type = Swift.type(of: value)
        if type is NSNumber.Type, let number = value as? NSNumber { return addNSNumber(number) }
        if type == [String: Any].self, let dictionary = value as? [String: Any] { return try addObject(dictionary) }
        if type == [Any].self, let array = value as? [Any] { return try addArray(array) }
        if type is NSNull.Type { return record(.null, 0, 0) }
        if let kind = ScalarKind(type), addScalar(value, kind) { return }
        if type is any OptionalValue.Type, let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else { return record(.null, 0, 0) }
            return try add(wrapped)
        }
        // Other spellings of the same values (Darwin's class clusters, typed collections).
        if let dictionary = value as? [String: Any] { return try addObject(dictionary) }
        if let array = value as? [Any] { return try addArray(array) }
        if let string = value as? String { return addString(string) }
        if let number = value as? NSNumber { return addNSNumber(number) }
        if value is NSNull { return record(.null, 0, 0) }
        let path = path.path
        throw DecodingError.typeMismatch(
            type,
            .init(
                codingPath: path,
                debugDescription: "Unsupported value of type \(type) at \(JSONPath.string(for: path)): "
                    + "expected a JSON object tree ([String: Any], [Any], String, NSNumber, Bool, NSNull, Date)."))
    }

    func checkDepth() throws {
        guard steps.count < JSONScanner.maxDepth else {
            let path = path.path
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path,
                    debugDescription:
                        "Nesting deeper than \(JSONScanner.maxDepth) levels at \(JSONPath.string(for: path))."))
        }
    }

    mutating func addObject(_ dictionary: [String: Any]) throws {
        try checkDepth()
        let entry = words.entryCount
        record(.object, 0, 0)
        var keyFlags = 0
        steps.append(.index(0))
        for (key, member) in dictionary {
            keyFlags |= addKey(key)
            steps[steps.count - 1] = .key(key)
            try add(member)
        }
        steps.removeLast()
        words.close(
            entry, header: ValueMap.Kind.object.rawValue | (keyFlags == 0 ? 0 : ValueMap.hasSpecialKeys),
            childCount: dictionary.count * 2)
    }

    mutating func addArray(_ array: [Any]) throws {
        try checkDepth()
        let entry = words.entryCount
        record(.array, 0, 0)
        steps.append(.index(0))
        for index in array.indices {
            steps[steps.count - 1] = .index(index)
            try add(array[index])
        }
        steps.removeLast()
        words.close(entry, header: ValueMap.Kind.array.rawValue, childCount: array.count)
    }

    mutating func addNSNumber(_ number: NSNumber) {
        if let decimal = number as? NSDecimalNumber {
            // JSONSerialization keeps long numbers as decimals: their text is exact.
            return addDecimal(decimal.decimalValue)
        }
        if Self.isBoolean(number) {
            return record(number.boolValue ? .true : .false, 0, 0)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            addNumber(Self.text(of: number.doubleValue))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            addInteger(magnitude: number.uint64Value, isNegative: false)
        default:
            let value = number.int64Value
            addInteger(magnitude: value.magnitude, isNegative: value < 0)
        }
    }

    /// Whether `number` is a boolean (JSONSerialization's `true`/`false`, a `Bool` bridged to
    /// `NSNumber`), told by its class, never by `objCType`: on Darwin `NSNumber(value: Int8(1))`
    /// reports `"c"` exactly as a boolean does.
    static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(CoreFoundation) && canImport(Darwin)
            CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
            ObjectIdentifier(type(of: number)) == booleanClass
        #endif
    }

    #if !(canImport(CoreFoundation) && canImport(Darwin))
        /// swift-corelibs-foundation's boolean class (`__NSCFBoolean`), of which `NSNumber(value:
        /// true)`, `NSNumber(value: false)` and JSONSerialization's booleans are the instances.
        static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    #endif

    static func text(of double: Double) -> String {
        double.isFinite ? "\(double)" : (double.isNaN ? "NaN" : (double < 0 ? "-Infinity" : "Infinity"))
    }

    /// Adds `value`, a Swift scalar whose type is of `kind` (a `String`, `Bool`, number,
    /// `Decimal` or `Date`); `false`, adding nothing, for the kinds a tree does not hold (`URL`,
    /// `Data`, the 128-bit integers).
    mutating func addScalar(_ value: Any, _ kind: ScalarKind) -> Bool {
        switch kind {
        case .string:
            guard let string = value as? String else { return false }
            addString(string)
        case .bool:
            guard let bool = value as? Bool else { return false }
            record(bool ? .true : .false, 0, 0)
        case .decimal:
            guard let decimal = value as? Decimal else { return false }
            addDecimal(decimal)
        case .date:
            guard let date = value as? Date else { return false }
            dates.append(date)
            record(.date, dates.count - 1, 0)
        case .url, .data, .int128, .uint128:
            return false
        case .double, .int, .float, .int64, .uint64, .int32, .uint, .int8, .int16, .uint8, .uint16, .uint32:
            guard let number = Self.nativeNumberText(value, kind) else { return false }
            addNumber(number)
        }
        return true
    }

    /// The decimal text of a Swift number whose type is of `kind`, or `nil` for any other kind.
    static func nativeNumberText(_ value: Any, _ kind: ScalarKind) -> String? {
        func integer<I: FixedWidthInteger>(_: I.Type) -> String? { (value as? I).map { String($0) } }
        switch kind {
        case .int: return integer(Int.self)
        case .double: return (value as? Double).map(text(of:))
        case .int64: return integer(Int64.self)
        case .uint64: return integer(UInt64.self)
        case .uint: return integer(UInt.self)
        case .int32: return integer(Int32.self)
        case .uint32: return integer(UInt32.self)
        case .int16: return integer(Int16.self)
        case .uint16: return integer(UInt16.self)
        case .int8: return integer(Int8.self)
        case .uint8: return integer(UInt8.self)
        case .float: return (value as? Float).map { $0.isFinite ? "\($0)" : text(of: Double($0)) }
        case .string, .bool, .int128, .uint128, .date, .data, .url, .decimal: return nil
        }
    }
}

/// Lets a tree hold `Optional` values: `.none` is JSON `null`.
protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}
