// The seed documents' examples (PPExtractor, RPJSONMapper, RZAutoImport, FromJSONObject,
// RestGoatee) as plain Swift `Decodable` models, decoded from dictionaries written like the
// seeds' (`["age": 25, "zip": 94015, "ssn": NSNull()]`) and from `Data` (the same dictionary
// through `JSONSerialization`). Where a seed's answer differs from the spec, the spec wins and
// the comment says so.

import Foundation
import LenientJSON
import Testing

@Suite("Seed examples")
struct SeedExamplesTests {
    enum Input: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case dictionary
        case data = "Data"
        var testDescription: String { rawValue }
    }

    // MARK: - PPExtractor: conversion tables under .permissive

    /// One property per PPExtractor method (`boolForKey:`, `integerForKey:`, …).
    struct Extracted: Decodable, Equatable, Sendable {
        var bool: Bool
        var integer: Int
        var unsignedInteger: UInt
        var date: Date?
        var number: Int?
        var string: String?
        var decimalNumber: Decimal?
        var array: [String]?
        var dictionary: [String: String]?
    }

    struct ConversionTable: Sendable, CustomTestStringConvertible {
        var source: String
        var value: @Sendable () -> Any
        var expected: Extracted
        var testDescription: String { source }
    }

    static let conversionTables: [ConversionTable] = [
        // `[NSNumber numberWithInteger:5]`. arrayForKey: is nil in the seed; the spec wraps a
        // single value in a one-element array (and a number reads as its text).
        ConversionTable(
            source: "[NSNumber numberWithInteger:5]", value: { NSNumber(value: 5) },
            expected: Extracted(
                bool: true, integer: 5, unsignedInteger: 5, date: Date(timeIntervalSince1970: 5), number: 5,
                string: "5",
                decimalNumber: 5, array: ["5"], dictionary: nil)),
        // `@"Applejacks"`: no number inside, so the §5 defaults (NO, 0) and nil for Optionals.
        ConversionTable(
            source: #"@"Applejacks""#, value: { "Applejacks" },
            expected: Extracted(
                bool: false, integer: 0, unsignedInteger: 0, date: nil, number: nil, string: "Applejacks",
                decimalNumber: nil, array: ["Applejacks"], dictionary: nil)),
        // `@"the 21.5 slices"`: the first number inside (P). dateForKey: gives 21 s in the seed;
        // the spec has no number-in-text rule for dates, so the Optional date is nil.
        ConversionTable(
            source: #"@"the 21.5 slices""#, value: { "the 21.5 slices" },
            expected: Extracted(
                bool: true, integer: 21, unsignedInteger: 21, date: nil, number: 21, string: "the 21.5 slices",
                decimalNumber: Decimal(sign: .plus, exponent: -1, significand: 215), array: ["the 21.5 slices"],
                dictionary: nil)),
        // `[NSNull null]`: defaults for non-Optionals, nil for Optionals.
        ConversionTable(
            source: "[NSNull null]", value: { NSNull() },
            expected: Extracted(
                bool: false, integer: 0, unsignedInteger: 0, date: nil, number: nil, string: nil,
                decimalNumber: nil, array: nil, dictionary: nil)),
        // `@[ @"5", @-4, @"2.5", @"apple" ]`: not a scalar (more than one element).
        ConversionTable(
            source: #"@[ @"5", @(-4), @"2.5", @"apple" ]"#, value: { ["5", NSNumber(value: -4), "2.5", "apple"] },
            expected: Extracted(
                bool: false, integer: 0, unsignedInteger: 0, date: nil, number: nil, string: nil,
                decimalNumber: nil, array: ["5", "-4", "2.5", "apple"], dictionary: nil)),
    ]

    @Test("PPExtractor conversion tables, .permissive", arguments: conversionTables, Input.allCases)
    func ppExtractorConversionTables(_ table: ConversionTable, _ input: Input) throws {
        let fields = [
            "bool", "integer", "unsignedInteger", "date", "number", "string", "decimalNumber", "array", "dictionary",
        ]
        let object: [String: Any] = Dictionary(uniqueKeysWithValues: fields.map { ($0, table.value()) })
        let decoder = LenientJSONDecoder(policy: .permissive)
        decoder.dateDecodingStrategy = .secondsSince1970  // dateForKey: reads Unix timestamps
        let value = try Self.decode(Extracted.self, object, input, decoder)
        let expected = table.expected
        #expect(value.bool == expected.bool, "boolForKey:")
        #expect(value.integer == expected.integer, "integerForKey:")
        #expect(value.unsignedInteger == expected.unsignedInteger, "unsignedIntegerForKey:")
        #expect(value.date == expected.date, "dateForKey:")
        #expect(value.number == expected.number, "numberForKey: (truncated to an integer)")
        #expect(value.string == expected.string, "stringForKey:")
        #expect(value.decimalNumber == expected.decimalNumber, "decimalNumberForKey:")
        #expect(value.array == expected.array, "arrayForKey: / arrayOfStringsForKey:")
        #expect(value.dictionary == expected.dictionary, "dictionaryForKey:")
    }

    struct ExtractedArrays: Decodable, Equatable, Sendable {
        var arrayOfNumbers: [Int]
        var arrayOfStrings: [String]
        var arrayOfDecimalNumbers: [Decimal]
    }

    @Test("PPExtractor arrayOfNumbers / arrayOfStrings / arrayOfDecimalNumbers, .permissive", arguments: Input.allCases)
    func ppExtractorArrays(_ input: Input) throws {
        let source: [Any] = ["5", NSNumber(value: -4), "2.5", "apple"]
        let object: [String: Any] = [
            "arrayOfNumbers": source, "arrayOfStrings": source, "arrayOfDecimalNumbers": source,
        ]
        var report = LenientDecodingReport()
        let value = try Self.decode(
            ExtractedArrays.self, object, input, LenientJSONDecoder(policy: .permissive), report: &report)
        // "2.5" truncates to 2 (P); "apple" is not a number, so the element is dropped.
        #expect(value.arrayOfNumbers == [5, -4, 2])
        #expect(value.arrayOfStrings == ["5", "-4", "2.5", "apple"])
        #expect(value.arrayOfDecimalNumbers == [5, -4, Decimal(sign: .plus, exponent: -1, significand: 25)])
        let dropped = report.events.filter { $0.kind == .droppedElement }.map(\.path).sorted()
        #expect(
            dropped == ["$.arrayOfDecimalNumbers[3]", "$.arrayOfNumbers[3]"], "\(report.events.map(\.description))")
        // .lenient drops nothing: "2.5" cannot be an Int without losing information.
        #expect(throws: DecodingError.self) {
            try Self.decode(ExtractedArrays.self, object, input, LenientJSONDecoder())
        }
    }

    // MARK: - RPJSONMapper

    /// The seed's mapping dictionary, as `CodingKeys`.
    struct RPPerson: Decodable, Equatable, Sendable {
        var givenName: String
        var familyName: String
        var yearsOld: Int
        var heightInInches: Double
        var phone: String
        var state: String
        var city: String
        var zip: String
        var ssn: String?
        var birthDate: Date
        var startDate: Date

        enum CodingKeys: String, CodingKey {
            case givenName = "firstName", familyName = "lastName", yearsOld = "age", heightInInches
            case phone = "phoneNumber", state, city, zip, ssn = "socialSecurityNumber", birthDate, startDate
        }
    }

    static func rpPersonJSON() -> [String: Any] {
        [
            "firstName": "John",
            "lastName": "Jacob",
            "age": 25,
            "heightInInches": 68.5,
            "phoneNumber": "415-555-1234",
            "state": "California",
            "city": "Daly City",
            "zip": 94015,
            "socialSecurityNumber": NSNull(),
            "birthDate": "11-08-1988",
            "startDate": "Nov 05 2012",
        ]
    }

    static let john = RPPerson(
        givenName: "John", familyName: "Jacob", yearsOld: 25, heightInInches: 68.5, phone: "415-555-1234",
        state: "California", city: "Daly City", zip: "94015", ssn: nil,
        birthDate: utc(1988, 11, 8), startDate: utc(2012, 11, 5))

    static func rpDecoder(_ policy: LenientPolicy = .lenient) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        decoder.dateFormats = ["MM-dd-yyyy", "MMM dd yyyy"]
        return decoder
    }

    @Test(
        "RPJSONMapper Person: zip boxed as a string, NSNull ssn, dates via dateFormats",
        arguments: Input.allCases, [LenientPolicy.lenient, .permissive])
    func rpPerson(_ input: Input, _ policy: LenientPolicy) throws {
        var report = LenientDecodingReport()
        let person = try Self.decode(RPPerson.self, Self.rpPersonJSON(), input, Self.rpDecoder(policy), report: &report)
        #expect(person == Self.john)
        let coerced = Set(report.events.filter { $0.kind == .coerced }.map(\.path))
        #expect(coerced == ["$.zip", "$.birthDate", "$.startDate"], "\(report.events.map(\.description))")
        // JSONDecoder (and .strict) reject the number zip.
        #expect(throws: DecodingError.self) {
            try Self.decode(RPPerson.self, Self.rpPersonJSON(), input, Self.rpDecoder(.strict))
        }
    }

    @Test("RPJSONMapper JSON array parsing: [json, json, json]", arguments: Input.allCases)
    func rpArray(_ input: Input) throws {
        let people = try Self.decode(
            [RPPerson].self, [Self.rpPersonJSON(), Self.rpPersonJSON(), Self.rpPersonJSON()], input, Self.rpDecoder())
        #expect(people == [Self.john, Self.john, Self.john])
    }

    struct PowerLifter: Decodable, Equatable, Sendable {
        var bench: Int
        var squat: Int
        var deadlift: Int
    }

    struct PowerPack: Decodable, Equatable, Sendable {
        var supercharger: String?
        var turbocharger: String?
    }

    @Test("RPJSONMapper automatic boxing and NSNull handling", arguments: Input.allCases)
    func rpBoxingAndNull(_ input: Input) throws {
        let lifter: [String: Any] = ["bench": "225", "squat": "315", "deadlift": "405"]
        #expect(
            try Self.decode(PowerLifter.self, lifter, input, LenientJSONDecoder())
                == PowerLifter(bench: 225, squat: 315, deadlift: 405))
        let pack: [String: Any] = ["supercharger": NSNull(), "turbocharger": NSNull()]
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            #expect(
                try Self.decode(PowerPack.self, pack, input, LenientJSONDecoder(policy: policy))
                    == PowerPack(supercharger: nil, turbocharger: nil))
        }
    }

    struct WeatherReport: Decodable, Equatable, Sendable {
        var weatherDescription: String
        var temperature: Double
        enum CodingKeys: String, CodingKey { case weatherDescription = "description", temperature }
    }

    @Test("RPJSONMapper array mapping: the first and second report by index")
    func rpWeatherReports() throws {
        let json: [String: Any] = [
            "JanuaryWeatherReport": [
                ["description": "Sunny with a chance of storms", "temperature": 98.1],
                ["description": "Hailing and fog", "temperature": 70.2],
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: json)
        let decoder = LenientJSONDecoder()
        #expect(
            try decoder.decode(WeatherReport.self, from: data, at: ["JanuaryWeatherReport", 0])
                == WeatherReport(weatherDescription: "Sunny with a chance of storms", temperature: 98.1))
        #expect(
            try decoder.decode(WeatherReport.self, from: data, at: ["JanuaryWeatherReport", 1])
                == WeatherReport(weatherDescription: "Hailing and fog", temperature: 70.2))
        let all = try decoder.decode([String: [WeatherReport]].self, fromJSONObject: json)
        #expect(all["JanuaryWeatherReport"]?.count == 2)
    }

    // Child JSON paths.

    struct Runt: Decodable, Equatable, Sendable {
        var name: String
        var age: String
    }

    struct Baby: Decodable, Equatable, Sendable { var runt: Runt? }
    struct Cat: Decodable, Equatable, Sendable { var babies: [Baby] }
    struct Animal: Decodable, Equatable, Sendable { var cat: Cat? }
    struct Zoo: Decodable, Equatable, Sendable { var animals: [Animal] }

    static func largeJSON() -> [String: Any] {
        [
            "Animals": [
                ["Dog": [String: Any]()],
                [
                    "Cat": [
                        "Babies": [
                            [String: Any](),
                            ["Runt": ["Name": "Bobby", "Age": "Kitten"]],
                        ]
                    ]
                ],
                ["Bird": [String: Any]()],
            ]
        ]
    }

    @Test("RPJSONMapper child JSON path [\"Animals\", 1, \"Cat\", \"Babies\", 1]")
    func rpChildPath() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.largeJSON())
        let decoder = LenientJSONDecoder()
        let bobby = Runt(name: "Bobby", age: "Kitten")
        #expect(try decoder.decode(Baby.self, from: data, at: ["Animals", 1, "Cat", "Babies", 1]) == Baby(runt: bobby))
        #expect(try decoder.decode(Runt.self, from: data, at: ["Animals", 1, "Cat", "Babies", 1, "Runt"]) == bobby)
        // The same through whole-document models, from the dictionary and from Data.
        for input in Input.allCases {
            let zoo = try Self.decode(Zoo.self, Self.largeJSON(), input, decoder)
            #expect(zoo.animals.count == 3)
            #expect(zoo.animals[1].cat?.babies[1].runt == bobby)
            #expect(zoo.animals[0].cat == nil && zoo.animals[2].cat == nil)
        }
        // A path that leads nowhere is a DecodingError, never a crash.
        #expect(throws: DecodingError.self) { try decoder.decode(Runt.self, from: data, at: ["Animals", 1, "Dog"]) }
        #expect(throws: DecodingError.self) { try decoder.decode(Runt.self, from: data, at: ["Animals", 3]) }
        #expect(throws: DecodingError.self) { try decoder.decode(Runt.self, from: data, at: ["Animals", "Cat"]) }
    }

    // MARK: - RZAutoImport: key spellings

    struct RZPerson: Decodable, Equatable, Sendable, CustomStringConvertible {
        var ID: Int
        var firstName: String
        var lastName: String
        var description: String { "ID: \(ID) Name: \(firstName) \(lastName)" }
    }

    @Test(
        "RZAutoImport example: id, first_name, last_name", arguments: Input.allCases,
        [LenientPolicy.lenient, .permissive])
    func rzExample(_ input: Input, _ policy: LenientPolicy) throws {
        let myDictionary: [String: Any] = ["id": 100, "first_name": "Bob", "last_name": "Smith"]
        let person = try Self.decode(RZPerson.self, myDictionary, input, LenientJSONDecoder(policy: policy))
        #expect(person.description == "ID: 100 Name: Bob Smith")
        let people = try Self.decode(
            [RZPerson].self, [myDictionary, myDictionary], input, LenientJSONDecoder(policy: policy))
        #expect(people == [person, person])
        #expect(throws: DecodingError.self) {
            try Self.decode(RZPerson.self, myDictionary, input, LenientJSONDecoder(policy: .strict))
        }
    }

    @Test(
        "RZAutoImport: every listed spelling maps to firstName",
        arguments: ["firstName", "FirstName", "first_name", "FiRst_NAme"], Input.allCases)
    func rzSpellings(_ spelling: String, _ input: Input) throws {
        let object: [String: Any] = ["ID": 1, spelling: "Bob", "lastName": "Smith"]
        let decoder = LenientJSONDecoder()
        // Twice with one decoder: the cached key tables give the same answer.
        for _ in 0..<2 {
            #expect(
                try Self.decode(RZPerson.self, object, input, decoder)
                    == RZPerson(ID: 1, firstName: "Bob", lastName: "Smith"))
        }
    }

    struct MyModelClass: Decodable, Equatable, Sendable {
        var objectID: Int
        var zipCode: String
        enum CodingKeys: String, CodingKey { case objectID = "id", zipCode = "zip" }
    }

    @Test(
        "RZAutoImport custom key mappings are CodingKeys; the zip number reads as its text", arguments: Input.allCases)
    func rzCustomMappings(_ input: Input) throws {
        let object: [String: Any] = ["id": 7, "zip": 94015]
        #expect(
            try Self.decode(MyModelClass.self, object, input, LenientJSONDecoder())
                == MyModelClass(objectID: 7, zipCode: "94015"))
    }

    // MARK: - FromJSONObject: errors

    struct FJPerson: Decodable, Equatable, Sendable {
        var name: String
        var age: Int
    }

    struct FJIssue: Decodable, Equatable, Sendable {
        var assigneeID: Int?
        enum CodingKeys: String, CodingKey { case assigneeID = "assignee_id" }
    }

    struct FJUser: Decodable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    struct FJTask: Decodable, Equatable, Sendable {
        var creator: FJUser
    }

    @Test("FromJSONObject Person: a value, a wrong type, a missing key", arguments: Input.allCases)
    func fjPerson(_ input: Input) throws {
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let joe = try Self.decode(
                FJPerson.self, ["name": "Joe", "age": 12], input, LenientJSONDecoder(policy: policy))
            #expect("\(joe.name), a \(joe.age)-year-old" == "Joe, a 12-year-old")
        }
        let dave: [String: Any] = ["name": "Dave", "age": "just a number"]
        for policy in [LenientPolicy.strict, .lenient] {
            let error = Self.expectError(FJPerson.self, dave, input, policy, case: "typeMismatch", path: ["age"])
            if input == .data, let error {
                #expect(error.debugDescription.contains("$.age"), "\(error.debugDescription)")
                #expect(error.debugDescription.contains("just a number"), "what was found: \(error.debugDescription)")
            }
            let keanu = Self.expectError(
                FJPerson.self, ["name": "Keanu"], input, policy, case: "keyNotFound", path: [], key: "age")
            #expect(keanu?.debugDescription.contains("age") == true)
        }
        // .permissive: no number inside "just a number", and "age" missing: the default 0.
        #expect(
            try Self.decode(FJPerson.self, dave, input, LenientJSONDecoder(policy: .permissive))
                == FJPerson(name: "Dave", age: 0))
        #expect(
            try Self.decode(FJPerson.self, ["name": "Keanu"], input, LenientJSONDecoder(policy: .permissive))
                == FJPerson(name: "Keanu", age: 0))
    }

    @Test("FromJSONObject Issue: absent, numeric string, and NSNull assignee_id", arguments: Input.allCases)
    func fjIssue(_ input: Input) throws {
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            #expect(
                try Self.decode(FJIssue.self, [String: Any](), input, decoder) == FJIssue(assigneeID: nil), "absent")
            // A key with NSNull is nil, like an absent key (the seed's `allowNull: true`).
            #expect(
                try Self.decode(FJIssue.self, ["assignee_id": NSNull()], input, decoder) == FJIssue(assigneeID: nil),
                "NSNull")
        }
        // The seed's error for "123" is JSONDecoder's; the numeric-string rule (L) reads it.
        Self.expectError(
            FJIssue.self, ["assignee_id": "123"], input, .strict, case: "typeMismatch", path: ["assignee_id"])
        #expect(
            try Self.decode(FJIssue.self, ["assignee_id": "123"], input, LenientJSONDecoder())
                == FJIssue(assigneeID: 123))
    }

    @Test("FromJSONObject nested objects: missing key vs null, with the nested path", arguments: Input.allCases)
    func fjNested(_ input: Input) throws {
        let missing: [String: Any] = ["creator": ["id": 123]]
        let null: [String: Any] = ["creator": ["id": 123, "name": NSNull()]]
        for policy in [LenientPolicy.strict, .lenient] {
            let missingError = Self.expectError(
                FJTask.self, missing, input, policy, case: "keyNotFound", path: ["creator"], key: "name")
            #expect(
                missingError?.debugDescription.contains("$.creator") == true, "\(missingError?.debugDescription ?? "")")
            let nullError = Self.expectError(
                FJTask.self, null, input, policy, case: "valueNotFound", path: ["creator", "name"])
            #expect(
                nullError?.debugDescription.contains("$.creator.name") == true, "\(nullError?.debugDescription ?? "")")
        }
        let permissive = LenientJSONDecoder(policy: .permissive)
        #expect(try Self.decode(FJTask.self, missing, input, permissive) == FJTask(creator: FJUser(id: 123, name: "")))
        #expect(try Self.decode(FJTask.self, null, input, permissive) == FJTask(creator: FJUser(id: 123, name: "")))
    }

    // MARK: - RestGoatee

    struct DerivedObject: Decodable, Equatable, Sendable {
        var stringValue: String?
        var numberValue: Int?
        var doubleValue: Double
        var dateValue: Date?
        var rawValue: String?
    }

    @Test(
        "RestGoatee DerivedObject: NSNull and \"2016-01-17T16:13:00-0800\"",
        arguments: Input.allCases, [LenientPolicy.lenient, .permissive])
    func restGoatee(_ input: Input, _ policy: LenientPolicy) throws {
        let source: [String: Any] = [
            "stringValue": "aString",
            "numberValue": 3,
            "doubleValue": 3.14,
            "dateValue": "2016-01-17T16:13:00-0800",
            "rawValue": NSNull(),
        ]
        let derived = try Self.decode(DerivedObject.self, source, input, LenientJSONDecoder(policy: policy))
        #expect(derived.stringValue == "aString")
        #expect(derived.numberValue == 3)
        #expect(derived.doubleValue == 3.14)
        #expect(derived.dateValue?.timeIntervalSince1970 == 1_453_075_980.0)
        #expect(derived.rawValue == nil)
    }

    @Test("RestGoatee: properties not specified, and NSNull", arguments: Input.allCases)
    func restGoateeMissing(_ input: Input) throws {
        // Missing non-Optional doubleValue: an error in .lenient, 0.0 in .permissive (§5).
        Self.expectError(
            DerivedObject.self, ["stringValue": "aString"], input, .lenient, case: "keyNotFound", path: [],
            key: "doubleValue")
        let derived = try Self.decode(
            DerivedObject.self, ["stringValue": "aString"], input, LenientJSONDecoder(policy: .permissive))
        #expect(
            derived
                == DerivedObject(
                    stringValue: "aString", numberValue: nil, doubleValue: 0, dateValue: nil, rawValue: nil))
        let null = try Self.decode(
            DerivedObject.self, ["stringValue": NSNull(), "doubleValue": 1], input, LenientJSONDecoder())
        #expect(null.stringValue == nil)
    }

    @Test(
        "RestGoatee: foo-bar, foo_bar and fooBar are the same key",
        arguments: ["stringValue", "string_value", "string-value", "StringValue", "STRING_VALUE"], Input.allCases)
    func restGoateeKeySpellings(_ spelling: String, _ input: Input) throws {
        let object: [String: Any] = [spelling: "aString", "double_value": 2]
        let derived = try Self.decode(DerivedObject.self, object, input, LenientJSONDecoder())
        #expect(derived.stringValue == "aString")
        #expect(derived.doubleValue == 2)
    }

    struct Overridden: Decodable, Equatable, Sendable {
        var stringValue: String
        enum CodingKeys: String, CodingKey { case stringValue = "super_secret_str" }
    }

    struct Typed: Decodable, Equatable, Sendable {
        var url: URL?
        var number: Int?
    }

    @Test("RestGoatee: overridden keys; a value that cannot convert leaves the Optional nil", arguments: Input.allCases)
    func restGoateeOverridesAndTypeSafety(_ input: Input) throws {
        #expect(
            try Self.decode(Overridden.self, ["super_secret_str": "aString"], input, LenientJSONDecoder())
                == Overridden(stringValue: "aString"))
        var report = LenientDecodingReport()
        let typed = try Self.decode(
            Typed.self, ["url": ["not", "a", "url"], "number": "many"], input, LenientJSONDecoder(), report: &report)
        #expect(typed == Typed(url: nil, number: nil))
        #expect(Set(report.events.map(\.path)) == ["$.url", "$.number"])
        #expect(report.events.allSatisfy { $0.kind == .recoveredAsNil }, "\(report.events.map(\.description))")
    }
}

// MARK: - Helpers

extension SeedExamplesTests {
    static func decode<T: Decodable>(_ type: T.Type, _ object: Any, _ input: Input, _ decoder: LenientJSONDecoder)
        throws -> T
    {
        var report = LenientDecodingReport()
        return try decode(type, object, input, decoder, report: &report)
    }

    static func decode<T: Decodable>(
        _ type: T.Type, _ object: Any, _ input: Input, _ decoder: LenientJSONDecoder,
        report: inout LenientDecodingReport
    ) throws -> T {
        switch input {
        case .dictionary: return try decoder.decode(type, fromJSONObject: object, report: &report)
        case .data:
            return try decoder.decode(
                type, from: JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), report: &report)
        }
    }

    /// Checks the error: its case, coding path and missing key, and that JSONDecoder (on the same
    /// JSON) throws the same case with the same path (under `.strict`: the same everything).
    @discardableResult
    static func expectError<T: Decodable>(
        _ type: T.Type, _ object: Any, _ input: Input, _ policy: LenientPolicy, case expectedCase: String,
        path: [String],
        key: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> DecodingError.Context? {
        do {
            let value = try decode(type, object, input, LenientJSONDecoder(policy: policy))
            Issue.record("expected \(expectedCase), decoded \(value)", sourceLocation: sourceLocation)
            return nil
        } catch let error as DecodingError {
            let (errorCase, context, missingKey) = describe(error)
            #expect(errorCase == expectedCase, "\(error)", sourceLocation: sourceLocation)
            #expect(
                context?.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == path, "\(error)",
                sourceLocation: sourceLocation)
            if let key {
                #expect(missingKey == key, "\(error)", sourceLocation: sourceLocation)
            }
            if let data = try? JSONSerialization.data(withJSONObject: object) {
                do {
                    _ = try JSONDecoder().decode(type, from: data)
                    Issue.record("JSONDecoder decodes it", sourceLocation: sourceLocation)
                } catch let foundation as DecodingError {
                    let (foundationCase, foundationContext, foundationKey) = describe(foundation)
                    #expect(
                        foundationCase == expectedCase, "JSONDecoder: \(foundation)", sourceLocation: sourceLocation)
                    #expect(
                        foundationContext?.codingPath.map(\.stringValue) == path, "JSONDecoder: \(foundation)",
                        sourceLocation: sourceLocation)
                    #expect(foundationKey == missingKey, sourceLocation: sourceLocation)
                } catch {
                    Issue.record("\(error)", sourceLocation: sourceLocation)
                }
            }
            return context
        } catch {
            Issue.record("not a DecodingError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func describe(_ error: DecodingError) -> (String, DecodingError.Context?, String?) {
        switch error {
        case .typeMismatch(_, let context): return ("typeMismatch", context, nil)
        case .valueNotFound(_, let context): return ("valueNotFound", context, nil)
        case .keyNotFound(let key, let context): return ("keyNotFound", context, key.stringValue)
        case .dataCorrupted(let context): return ("dataCorrupted", context, nil)
        @unknown default: return ("unknown", nil, nil)
        }
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }
}
