import Foundation

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
    var depth = 0

    /// The map of `object`; throws `typeMismatch` (with its path) for an unsupported value.
    static func map(of object: Any) throws -> ValueMap {
        var tree = JSONObjectTree()
        try tree.add(object, path: .root)
        let buffer = tree.bytes.withUnsafeBytes { ValueMap.ownedCopy(of: $0) }
        return ValueMap(entries: tree.words, bytes: buffer, dates: tree.dates, hasSourcePositions: false, isJSON5: false)
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
        record(.number, start, bytes.count - start)
        bytes.append(0)  // keeps strtod from reading into the next value's text
    }

    mutating func add(_ value: Any, path: CodingPathNode) throws {
        // Cheap identity checks first: a cast to the wrong type can bridge and allocate.
        let type = Swift.type(of: value)
        if type == String.self, let string = value as? String { return addString(string) }
        if type is NSNumber.Type, let number = value as? NSNumber { return addNSNumber(number) }
        if type == Bool.self, let bool = value as? Bool { return record(bool ? .true : .false, 0, 0) }
        if let number = Self.nativeNumberText(value, type) { return addNumber(number) }
        if type == Date.self, let date = value as? Date {
            dates.append(date)
            return record(.date, dates.count - 1, 0)
        }
        if value is NSNull { return record(.null, 0, 0) }
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else { return record(.null, 0, 0) }
            return try add(wrapped, path: path)
        }
        if let dictionary = value as? [String: Any] { return try addObject(dictionary, path: path) }
        if let array = value as? [Any] { return try addArray(array, path: path) }
        if let string = value as? String { return addString(string) }
        throw DecodingError.typeMismatch(type, .init(
            codingPath: path.path,
            debugDescription: "Unsupported value of type \(type) at \(JSONPath.string(for: path.path)): "
                + "expected a JSON object tree ([String: Any], [Any], String, NSNumber, Bool, NSNull, Date)."))
    }

    mutating func enter(_ path: CodingPathNode) throws {
        guard depth < JSONScanner.maxDepth else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path.path,
                debugDescription: "Nesting deeper than \(JSONScanner.maxDepth) levels at \(JSONPath.string(for: path.path))."))
        }
        depth += 1
    }

    mutating func addObject(_ dictionary: [String: Any], path: CodingPathNode) throws {
        try enter(path)
        defer { depth -= 1 }
        let entry = words.count
        record(.object, 0, 0)
        var keyFlags = 0
        for (key, member) in dictionary {
            keyFlags |= addKey(key)
            try add(member, path: path.appending(NameKey(key)))
        }
        words[entry] = ValueMap.Kind.object.rawValue | (keyFlags == 0 ? 0 : ValueMap.hasSpecialKeys) | (dictionary.count * 2) << 8
        words[entry + 2] = words.entryCount
    }

    mutating func addArray(_ array: [Any], path: CodingPathNode) throws {
        try enter(path)
        defer { depth -= 1 }
        let entry = words.count
        record(.array, 0, 0)
        for (index, element) in array.enumerated() {
            try add(element, path: path.appending(IndexKey(index)))
        }
        words[entry] = ValueMap.Kind.array.rawValue | array.count << 8
        words[entry + 2] = words.entryCount
    }

    mutating func addNSNumber(_ number: NSNumber) {
        if let decimal = number as? NSDecimalNumber {
            // JSONSerialization keeps long numbers as decimals: their text is exact.
            return addNumber(decimal.decimalValue.isNaN ? "NaN" : decimal.decimalValue.description)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c") where number.int8Value == 0 || number.int8Value == 1:
            // JSONSerialization's booleans (and Bool bridged to NSNumber).
            record(number.boolValue ? .true : .false, 0, 0)
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            addNumber(Self.text(of: number.doubleValue))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            addNumber(String(number.uint64Value))
        default:
            addNumber(String(number.int64Value))
        }
    }

    static func text(of double: Double) -> String {
        double.isFinite ? "\(double)" : (double.isNaN ? "NaN" : (double < 0 ? "-Infinity" : "Infinity"))
    }

    /// The decimal text of a Swift number type, or `nil` for anything else.
    static func nativeNumberText(_ value: Any, _ type: Any.Type) -> String? {
        func integer<I: FixedWidthInteger>(_: I.Type) -> String? { (value as? I).map { String($0) } }
        if type == Int.self { return integer(Int.self) }
        if type == Double.self { return (value as? Double).map(text(of:)) }
        if type == Int64.self { return integer(Int64.self) }
        if type == UInt64.self { return integer(UInt64.self) }
        if type == UInt.self { return integer(UInt.self) }
        if type == Int32.self { return integer(Int32.self) }
        if type == UInt32.self { return integer(UInt32.self) }
        if type == Int16.self { return integer(Int16.self) }
        if type == UInt16.self { return integer(UInt16.self) }
        if type == Int8.self { return integer(Int8.self) }
        if type == UInt8.self { return integer(UInt8.self) }
        if type == Float.self { return (value as? Float).map { $0.isFinite ? "\($0)" : text(of: Double($0)) } }
        if type == Decimal.self { return (value as? Decimal).map { $0.isNaN ? "NaN" : $0.description } }
        return nil
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
